//! A text diagram of an O'Sullivan position, drawn like the source's: White at the top,
//! `XX` for the unusable squares, `:` for the midline and `I` for the barrier.

use trichess_model::{Setup, Variant, piece_name};

/// Draws `setup` as text.
pub fn draw(setup: &Setup) -> String {
    let v = setup.variant;
    let letters: Vec<String> = "abcdefgh".chars().map(|c| format!(" {c}")).collect();
    let files = format!("    {}\n", line(&letters, ' ').trim_end());
    let mut out = format!("                  White\n{files}");
    for rank in (0..8).rev() {
        let squares: Vec<String> = (0..8)
            .map(|file| match Variant::OSullivan.board().square(file, rank) {
                None => "XX".to_string(),
                Some(c) => setup
                    .piece(c)
                    .map_or_else(|| " .".to_string(), |p| piece_name(v, p)),
            })
            .collect();
        let edge = if rank == 0 { 'I' } else { ':' };
        out += &format!("  {} {}  {}\n", rank + 1, line(&squares, edge), rank + 1);
        if rank == 4 {
            out += "    . . . . . . . . . . . . . . . . . .  equator\n";
        }
    }
    out += &files;
    out += "    Black                              Red\n";
    out += &format!("{} to move\n", v.seat_name(setup.to_move));
    out
}

/// Lays out eight two-column squares, with `edge` between the d- and e-files.
fn line(squares: &[String], edge: char) -> String {
    let (left, right) = squares.split_at(4);
    format!(" {} {edge} {} ", left.join("  "), right.join("  "))
}
