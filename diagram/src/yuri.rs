//! A text diagram of a Yuri position, drawn rotated like the source's: White's corner g7 at
//! the top, Black's corner a1 at the bottom, Red's corner g1 on the right and the empty
//! corner a7 on the left. Ranks are numbered along the lower left edge (a1 up to a7) and
//! files lettered along the lower right edge (a1 up to g1); `**` marks the square the White
//! and Black Kings share.

use trichess_model::{Setup, Variant, piece_name};

/// Columns left of the a7 corner, room for the rank numbers.
const MARGIN: usize = 3;
/// The column where the top and bottom cells (g7, a1) are drawn.
const MIDDLE: usize = MARGIN + 12;

/// Returns the column of the cell at `file`, `rank` (from 0): each step north-east (file+1)
/// moves two columns right, each step north-west (rank+1) two columns left.
fn column(file: usize, rank: usize) -> usize {
    MARGIN + 2 * (file + 6 - rank)
}

/// Draws `setup` as text.
pub fn draw(setup: &Setup) -> String {
    let shared = setup.yuri().and_then(|s| s.shared_square);
    let mut out = format!("{}White\n", " ".repeat(MIDDLE - 1));
    // Row `sum` holds the cells whose file and rank (from 0) add up to `sum`; g7's is 12.
    for sum in (0..=12usize).rev() {
        let mut line = vec![' '; MARGIN + 36];
        let files = sum.saturating_sub(6)..=sum.min(6);
        for file in files.clone() {
            let rank = sum - file;
            let Some(cell) = Variant::Yuri.board().square(file as i32, rank as i32) else {
                continue;
            };
            let token = match setup.piece(cell) {
                _ if Some(cell) == shared => "**".to_string(),
                Some(p) => piece_name(setup.variant, p),
                None => " .".to_string(),
            };
            put(&mut line, column(file, rank), &token);
        }
        if sum <= 6 {
            // The a-file cell on the left and the rank-1 cell on the right.
            put(&mut line, column(0, sum) - 2, &(sum + 1).to_string());
            let letter = char::from(b'a' + sum as u8).to_string();
            put(&mut line, column(sum, 0) + 4, &letter);
        }
        if sum == 6 {
            put(&mut line, column(6, 0) + 7, "Red");
        }
        let text: String = line.into_iter().collect();
        out += text.trim_end();
        out += "\n";
    }
    out += &format!("{}Black\n", " ".repeat(MIDDLE - 1));
    out += "north-east is file+1, north-west is rank+1\n";
    if let Some(cell) = shared {
        out += &format!("** {cell}: the White and Black Kings share this square\n");
    }
    out += &format!("{} to move\n", setup.variant.seat_name(setup.to_move));
    out
}

/// Writes `text` into `line` from column `at`.
fn put(line: &mut [char], at: usize, text: &str) {
    for (i, ch) in text.chars().enumerate() {
        if let Some(slot) = line.get_mut(at + i) {
            *slot = ch;
        }
    }
}
