//! SVG pictures of the square boards: O'Sullivan drawn like its source (White at the top, the
//! unusable corners crossed out, the barrier between d1 and e1 drawn as a wall), Yuri rotated
//! 45 degrees like its source (White's corner g7 at the top, Black's a1 at the bottom).

use std::fmt::Write as _;

use trichess_model::{Cell, Move, Seat, Setup, Variant};

/// The side of a square, in picture units.
const SIDE: f64 = 40.0;

/// Returns the centre of the square at `file`, `rank` (from 0) on an unrotated board with
/// `ranks` ranks, rank 1 at the bottom.
fn centre(ranks: u8, file: u8, rank: u8) -> (f64, f64) {
    (
        (f64::from(file) + 0.5) * SIDE,
        (f64::from(ranks - 1 - rank) + 0.5) * SIDE,
    )
}

/// Draws `setup` on a square board; `colours` gives each seat's piece colour.
pub fn svg(setup: &Setup, colours: [&str; 3], arrow: Option<Move>) -> String {
    let v = setup.variant;
    let board = v.board();
    let (files, ranks) = (board.files(), board.ranks());
    let (w, h) = (f64::from(files) * SIDE, f64::from(ranks) * SIDE);
    // O'Sullivan's source draws White's ranks 7-8 at the top; Yuri's draws the board turned
    // by 45 degrees anticlockwise, so that g7 is on top and a1 at the bottom.
    let rotate = v == Variant::Yuri;
    let margin = if rotate { w * 0.25 + 20.0 } else { 30.0 };
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {} {}\" font-family=\"sans-serif\">\n",
        -margin,
        -margin,
        w + 2.0 * margin,
        h + 2.0 * margin
    );
    let _ = writeln!(
        out,
        "<title>{} ({}): {} to move</title>",
        v.name(),
        v.id(),
        v.seat_name(setup.to_move)
    );
    let (cx, cy) = (w / 2.0, h / 2.0);
    let turn = if rotate { -45.0 } else { 0.0 };
    let _ = writeln!(out, "<g transform=\"rotate({turn} {cx} {cy})\">");
    for rank in 0..ranks {
        for file in 0..files {
            let (x, y) = centre(ranks, file, rank);
            let (x0, y0) = (x - SIDE / 2.0, y - SIDE / 2.0);
            let Some(cell) = board.square(file.into(), rank.into()) else {
                let _ = writeln!(
                    out,
                    "<rect x=\"{x0}\" y=\"{y0}\" width=\"{SIDE}\" height=\"{SIDE}\" fill=\"#999\"/>\
                     <path d=\"M{x0},{y0} l{SIDE},{SIDE} M{},{y0} l-{SIDE},{SIDE}\" stroke=\"#555\"/>",
                    x0 + SIDE
                );
                continue;
            };
            let fill = if (file + rank) % 2 == 0 {
                "#b58863"
            } else {
                "#f0d9b5"
            };
            let _ = writeln!(
                out,
                "<rect x=\"{x0}\" y=\"{y0}\" width=\"{SIDE}\" height=\"{SIDE}\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.5\"/>"
            );
            let label = |out: &mut String, size: f64, colour: &str, text: &str| {
                let _ = writeln!(
                    out,
                    "<text x=\"{x}\" y=\"{y}\" font-size=\"{size}\" text-anchor=\"middle\" \
                     dominant-baseline=\"central\" fill=\"{colour}\" transform=\"rotate({} {x} {y})\">{text}</text>",
                    -turn
                );
            };
            match setup.piece(cell) {
                Some(p) => {
                    let _ = writeln!(
                        out,
                        "<circle cx=\"{x}\" cy=\"{y}\" r=\"14\" fill=\"{}\" stroke=\"#000\"/>",
                        colours[p.owner.index()]
                    );
                    // Seat A is White on both square boards: dark letters on its light pieces.
                    let ink = if p.owner == Seat::A { "#000" } else { "#fff" };
                    label(&mut out, 14.0, ink, &p.role.letter().to_string());
                }
                None => label(&mut out, 9.0, "#666", &cell.to_string()),
            }
        }
    }
    if v == Variant::OSullivan {
        // osullivan.barrier: the wall between d1 and e1.
        let x = 4.0 * SIDE;
        let _ = writeln!(
            out,
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{h}\" stroke=\"#000\" stroke-width=\"5\"/>",
            h - SIDE
        );
    }
    if let Some(mv) = arrow {
        let at = |c: Cell| centre(ranks, c.file(), c.rank());
        crate::draw_arrow(&mut out, at(mv.from()), at(mv.to()), mv);
    }
    out.push_str("</g>\n</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::empty;

    #[test]
    fn every_cell_is_drawn_and_the_unusable_squares_are_crossed_out() {
        let picture = svg(&empty(Variant::OSullivan), ["#eee", "#b22", "#222"], None);
        // 60 cells and the 4 unusable corners a7 a8 h7 h8.
        assert_eq!(picture.matches("<rect").count(), 64);
        assert_eq!(picture.matches("<path d=\"M").count(), 4);
        assert!(picture.contains(">d1<") && !picture.contains(">a8<"));
        let yuri = svg(&empty(Variant::Yuri), ["#eee", "#b22", "#222"], None);
        assert_eq!(yuri.matches("<rect").count(), 49);
        assert!(yuri.contains("rotate(-45 "));
    }

    #[test]
    fn the_move_arrow_joins_the_square_centres() {
        let mv = Move::parse(Variant::OSullivan, "e7-e5").unwrap();
        let picture = svg(
            &empty(Variant::OSullivan),
            ["#eee", "#b22", "#222"],
            Some(mv),
        );
        // e is the fifth file (x centre 4.5 squares), rank 7 is the second row from the top.
        assert!(
            picture.contains("x1=\"180.0\" y1=\"60.0\" x2=\"180.0\" y2=\"140.0\""),
            "{picture}"
        );
    }
}
