//! Diagrams of a hexagonal trisection board: a text one (the three half-boards as grids) and
//! an SVG picture of the hexagon, cell by cell, for checking the geometry by eye.

use std::fmt::Write as _;

use trichess_model::{Cell, Seat, Setup, piece_name};

use super::HexBoard;

/// Draws `setup` as text: each half-board as a grid, rank n (at the centre) on top, with the
/// seams named.
pub fn text(hex: &HexBoard, setup: &Setup) -> String {
    let v = setup.variant;
    let n = hex.n();
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
                    let square = hex
                        .cell(seat, file, rank)
                        .and_then(|c| setup.piece(c))
                        .map_or_else(|| " .".to_string(), |p| piece_name(v, p));
                    format!(" {square}")
                })
                .collect();
            let _ = writeln!(out, "{:>2} {row}", rank + 1);
        }
        out.push('\n');
    }
    let ring: Vec<String> = hex.centre_ring().iter().map(Cell::to_string).collect();
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
fn place(hex: &HexBoard, seat: Seat, right: bool, u: f64, v: f64) -> Point {
    let n = f64::from(hex.n());
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

/// Draws `setup` as an SVG picture; `colours` gives each seat's piece colour.
pub fn svg(hex: &HexBoard, setup: &Setup, colours: [&str; 3]) -> String {
    let n = hex.n();
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
                let Some(cell) = hex.cell(seat, file, rank) else {
                    continue;
                };
                let right = file >= n;
                let u = f64::from(if right { file - n } else { file });
                let v = f64::from(rank);
                let corners = [(u, v), (u + 1.0, v), (u + 1.0, v + 1.0), (u, v + 1.0)]
                    .map(|(a, b)| place(hex, seat, right, a, b));
                let points: Vec<String> = corners
                    .iter()
                    .map(|(x, y)| format!("{x:.1},{y:.1}"))
                    .collect();
                let fill = if hex.colour(cell) == 0 {
                    "#b58863"
                } else {
                    "#f0d9b5"
                };
                let _ = writeln!(
                    out,
                    "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.5\"/>",
                    points.join(" ")
                );
                let (cx, cy) = place(hex, seat, right, u + 0.5, v + 0.5);
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
        let (lx, ly) = place(hex, seat, false, f64::from(n), -0.6);
        let _ = writeln!(
            out,
            "<text x=\"{lx:.1}\" y=\"{ly:.1}\" font-size=\"12\" text-anchor=\"middle\">{} {}</text>",
            seat.letter(),
            setup.variant.seat_name(seat)
        );
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use trichess_model::{Variant, VariantState};

    fn empty(variant: Variant) -> Setup {
        Setup {
            variant,
            to_move: Seat::A,
            pieces: BTreeMap::new(),
            castling: Default::default(),
            en_passant: None,
            state: VariantState::default_for(variant, &BTreeMap::new()),
        }
    }

    #[test]
    fn neighbouring_cells_share_corners_in_the_picture() {
        // Cells joined across a top edge or the centre must touch in the picture: the
        // picture's geometry is the same as the board's.
        let hex = HexBoard::new(Variant::Yalta.board()).unwrap();
        let corner = |seat, file: i32, rank: i32, du: f64, dv: f64| {
            let right = file >= hex.n();
            let u = f64::from(if right { file - hex.n() } else { file });
            place(&hex, seat, right, u + du, f64::from(rank) + dv)
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
    fn the_pictures_draw_every_cell() {
        for variant in [Variant::Yalta, Variant::TripleCrown] {
            let hex = HexBoard::new(variant.board()).unwrap();
            let picture = svg(&hex, &empty(variant), ["red", "green", "blue"]);
            assert_eq!(
                picture.matches("<polygon").count(),
                variant.board().cells().len()
            );
            assert!(picture.contains(">Ad4<") && picture.contains(">Ca1<"));
            let diagram = text(&hex, &empty(variant));
            assert!(diagram.contains("centre ring: "));
        }
    }
}
