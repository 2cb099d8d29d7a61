//! Diagrams of a hexagonal trisection board: a text one (the three half-boards as grids) and
//! an SVG picture of the hexagon, cell by cell, for checking the geometry by eye.

use std::fmt::Write as _;

use trichess_model::{Board, Cell, Move, Seat, Setup, piece_name};

/// Returns the half-board size n of a hexagonal trisection board: each half-board has 2n files
/// and n ranks, rank n touching the centre.
fn size(board: &Board) -> i32 {
    i32::from(board.ranks())
}

/// Lists the six centre cells in ring order, starting with A's left one: each seat's cells on
/// files n-1 and n of rank n (Ad4 Ae4 Bd4 Be4 Cd4 Ce4 on Yalta's board).
fn centre_ring(board: &Board) -> Vec<Cell> {
    let n = size(board);
    Seat::ALL
        .into_iter()
        .flat_map(|s| [n - 1, n].map(|f| board.hex(s, f, n - 1)))
        .flatten()
        .collect()
}

/// Returns the colour of a cell, 0 (dark, like a1) or 1: the ordinary chequer of its half-board.
fn colour(cell: Cell) -> u8 {
    (cell.file() + cell.rank()) % 2
}

/// Draws `setup` as text: each half-board as a grid, rank n (at the centre) on top, with the
/// seams named.
pub fn text(setup: &Setup) -> String {
    let v = setup.variant;
    let board = v.board();
    let n = size(board);
    let files: String = (0..2 * n)
        .map(|f| format!("  {}", char::from(b'a' + f as u8)))
        .collect();
    let mut out = String::new();
    for seat in Seat::ALL {
        let name = v.seat_name(seat);
        let (before, after) = (seat.prev().letter(), seat.next().letter());
        let _ = writeln!(
            out,
            "{} ({name}), rank {n} touches the centre; files a-{} run on into {before}'s {}-{}, \
             {}-{} into {after}'s {}-a",
            seat.letter(),
            file_letter(n - 1),
            file_letter(2 * n - 1),
            file_letter(n),
            file_letter(n),
            file_letter(2 * n - 1),
            file_letter(n - 1),
        );
        let _ = writeln!(out, "   {files}");
        for rank in (0..n).rev() {
            let row: String = (0..2 * n)
                .map(|file| {
                    let square = board
                        .hex(seat, file, rank)
                        .and_then(|c| setup.piece(c))
                        .map_or_else(|| " .".to_string(), |p| piece_name(v, p));
                    format!(" {square}")
                })
                .collect();
            let _ = writeln!(out, "{:>2} {row}", rank + 1);
        }
        out.push('\n');
    }
    let ring: Vec<String> = centre_ring(board).iter().map(Cell::to_string).collect();
    let _ = writeln!(out, "centre ring: {}", ring.join(" "));
    let _ = writeln!(out, "{} to move", v.seat_name(setup.to_move));
    out
}

fn file_letter(f: i32) -> char {
    char::from(b'a' + f as u8)
}

/// A point in the picture.
type Point = (f64, f64);

/// The picture's hexagon: circumradius in picture units.
const RADIUS: f64 = 300.0;

/// Returns the four corners of a seat's quadrant kite, as (outer corner, back-rank midpoint,
/// side midpoint, centre), for its left (`right = false`) or right quadrant.
fn kite(seat: Seat, right: bool) -> [Point; 4] {
    // Seat A's back rank is the bottom side; B is 120 degrees clockwise of it on screen,
    // C 120 degrees anticlockwise (y grows downwards).
    let theta = 90.0 - 120.0 * seat.index() as f64;
    let apothem = RADIUS * 3f64.sqrt() / 2.0;
    let at = |deg: f64, r: f64| {
        let rad = deg.to_radians();
        (r * rad.cos(), r * rad.sin())
    };
    let side = if right { -1.0 } else { 1.0 };
    [
        at(theta + 30.0 * side, RADIUS),
        at(theta, apothem),
        at(theta + 60.0 * side, apothem),
        (0.0, 0.0),
    ]
}

/// Maps a point (u along the ranks from file a's edge, v up the files from rank 1's edge, both
/// from 0 to n) of a quadrant onto the picture.
fn place(n: i32, seat: Seat, right: bool, u: f64, v: f64) -> Point {
    let n = f64::from(n);
    let [outer, back, side, centre] = kite(seat, right);
    // The left quadrant runs from its outer corner (u = 0) to the back-rank midpoint (u = n);
    // the right one from the back-rank midpoint (u = 0) to its outer corner (u = n).
    let (s, t) = (u / n, v / n);
    let (p00, p10, p01, p11) = if right {
        (back, outer, centre, side)
    } else {
        (outer, back, side, centre)
    };
    let mix = |a: f64, b: f64, c: f64, d: f64| {
        a * (1.0 - s) * (1.0 - t) + b * s * (1.0 - t) + c * (1.0 - s) * t + d * s * t
    };
    (
        mix(p00.0, p10.0, p01.0, p11.0),
        mix(p00.1, p10.1, p01.1, p11.1),
    )
}

/// Returns the centre of `cell` in the picture.
fn centre_of(n: i32, cell: Cell) -> Point {
    let (file, rank) = (i32::from(cell.file()), i32::from(cell.rank()));
    let right = file >= n;
    let u = f64::from(if right { file - n } else { file });
    place(
        n,
        cell.sector().unwrap_or(Seat::A),
        right,
        u + 0.5,
        f64::from(rank) + 0.5,
    )
}

/// Draws `setup` as an SVG picture; `colours` gives each seat's piece colour, and `arrow`, if
/// given, is drawn from its start cell to its end cell.
pub fn svg(setup: &Setup, colours: [&str; 3], arrow: Option<Move>) -> String {
    let board = setup.variant.board();
    let n = size(board);
    let size = RADIUS * 2.0 + 40.0;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {size} {size}\" \
         width=\"{size}\" height=\"{size}\" font-family=\"sans-serif\">\n",
        -size / 2.0,
        -size / 2.0
    );
    let _ = writeln!(
        out,
        "<title>{} ({}): {} to move</title>",
        setup.variant.name(),
        setup.variant.id(),
        setup.variant.seat_name(setup.to_move)
    );
    for seat in Seat::ALL {
        for file in 0..2 * n {
            for rank in 0..n {
                let Some(cell) = board.hex(seat, file, rank) else {
                    continue;
                };
                let right = file >= n;
                let u = f64::from(if right { file - n } else { file });
                let v = f64::from(rank);
                let corners = [(u, v), (u + 1.0, v), (u + 1.0, v + 1.0), (u, v + 1.0)]
                    .map(|(a, b)| place(n, seat, right, a, b));
                let points: Vec<String> = corners
                    .iter()
                    .map(|(x, y)| format!("{x:.1},{y:.1}"))
                    .collect();
                let fill = if colour(cell) == 0 {
                    "#b58863"
                } else {
                    "#f0d9b5"
                };
                let _ = writeln!(
                    out,
                    "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.5\"/>",
                    points.join(" ")
                );
                let (cx, cy) = place(n, seat, right, u + 0.5, v + 0.5);
                match setup.piece(cell) {
                    Some(p) => {
                        let _ = writeln!(
                            out,
                            "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"9\" fill=\"{}\" stroke=\"#000\"/>\
                             <text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" \
                             fill=\"#fff\" font-weight=\"bold\">{}</text>",
                            colours[p.owner.index()],
                            cy + 4.0,
                            p.role.letter()
                        );
                    }
                    None => {
                        let _ = writeln!(
                            out,
                            "<text x=\"{cx:.1}\" y=\"{:.1}\" font-size=\"7\" text-anchor=\"middle\" \
                             fill=\"#666\">{cell}</text>",
                            cy + 2.5
                        );
                    }
                }
            }
        }
        let (lx, ly) = place(n, seat, false, f64::from(n), -0.6);
        let _ = writeln!(
            out,
            "<text x=\"{lx:.1}\" y=\"{ly:.1}\" font-size=\"12\" text-anchor=\"middle\">{} {}</text>",
            seat.letter(),
            setup.variant.seat_name(seat)
        );
    }
    if let Some(mv) = arrow {
        crate::draw_arrow(&mut out, centre_of(n, mv.from()), centre_of(n, mv.to()), mv);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::empty;
    use trichess_model::Variant;

    #[test]
    fn neighbouring_cells_share_corners_in_the_picture() {
        // Cells joined across a top edge or the centre must touch in the picture: the
        // picture's geometry is the same as the board's.
        let n = size(Variant::Yalta.board());
        let corner = |seat, file: i32, rank: i32, du: f64, dv: f64| {
            let right = file >= n;
            let u = f64::from(if right { file - n } else { file });
            place(n, seat, right, u + du, f64::from(rank) + dv)
        };
        let close = |a: Point, b: Point| (a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6;
        // Ad4's top edge is Ce4's top edge, mirrored.
        assert!(close(
            corner(Seat::A, 3, 3, 0.0, 1.0),
            corner(Seat::C, 4, 3, 1.0, 1.0)
        ));
        assert!(close(
            corner(Seat::A, 3, 3, 1.0, 1.0),
            corner(Seat::C, 4, 3, 0.0, 1.0)
        ));
        // Aa4's top edge is Ch4's.
        assert!(close(
            corner(Seat::A, 0, 3, 0.0, 1.0),
            corner(Seat::C, 7, 3, 1.0, 1.0)
        ));
        // Ae4's top edge is Bd4's.
        assert!(close(
            corner(Seat::A, 4, 3, 1.0, 1.0),
            corner(Seat::B, 3, 3, 0.0, 1.0)
        ));
        // All six centre cells meet at the centre point.
        for seat in Seat::ALL {
            assert!(close(corner(seat, 3, 3, 1.0, 1.0), (0.0, 0.0)));
            assert!(close(corner(seat, 4, 3, 0.0, 1.0), (0.0, 0.0)));
        }
    }

    #[test]
    fn the_centre_ring_is_the_documented_one() {
        // docs/variants-and-readings.md (Yalta): the six centre cells in ring order are Ad4 Ae4
        // Bd4 Be4 Cd4 Ce4.
        let ring: Vec<String> = centre_ring(Variant::Yalta.board())
            .iter()
            .map(Cell::to_string)
            .collect();
        assert_eq!(ring, ["Ad4", "Ae4", "Bd4", "Be4", "Cd4", "Ce4"]);
        let ring: Vec<String> = centre_ring(Variant::TripleCrown.board())
            .iter()
            .map(Cell::to_string)
            .collect();
        assert_eq!(ring, ["Ae5", "Af5", "Be5", "Bf5", "Ce5", "Cf5"]);
    }

    #[test]
    fn a_move_is_drawn_as_an_arrow_between_the_cell_centres() {
        let mv = Move::parse(Variant::Yalta, "Ad2-Ce1").unwrap();
        let picture = svg(&empty(Variant::Yalta), ["red", "green", "blue"], Some(mv));
        let n = size(Variant::Yalta.board());
        let (x1, y1) = centre_of(n, mv.from());
        assert!(
            picture.contains(&format!("x1=\"{x1:.1}\" y1=\"{y1:.1}\"")),
            "{picture}"
        );
        assert_eq!(picture.matches("class=\"move\"").count(), 1);
        assert!(picture.contains("<title>Ad2-Ce1</title>"));
    }

    #[test]
    fn the_pictures_draw_every_cell() {
        for variant in [Variant::Yalta, Variant::TripleCrown] {
            let picture = svg(&empty(variant), ["red", "green", "blue"], None);
            assert_eq!(
                picture.matches("<polygon").count(),
                variant.board().cells().len()
            );
            assert!(picture.contains(">Ad4<") && picture.contains(">Ca1<"));
            let diagram = text(&empty(variant));
            assert!(diagram.contains("centre ring: "));
            assert!(!picture.contains("class=\"move\""));
        }
    }
}
