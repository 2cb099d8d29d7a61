//! The Yuri board: a 7 x 7 square board, cells a1-g7, which the source draws rotated 45
//! degrees. In that diagram Black's corner a1 is at the bottom, Red's corner g1 on the right,
//! White's corner g7 at the top and the empty corner a7 on the left, so the diagram's
//! compass points are these steps on the square:
//!
//! | diagram | step (file, rank) |
//! |---|---|
//! | NE | (+1, 0) |
//! | NW | (0, +1) |
//! | SE | (0, -1) |
//! | SW | (-1, 0) |
//! | N (NE + NW) | (+1, +1) |
//! | S | (-1, -1) |
//! | E (NE + SE) | (+1, -1) |
//! | W | (-1, +1) |
//!
//! Pieces move along the square's files, ranks and diagonals as on any chessboard
//! (`yuri.orthogonal`: "orthogonal" means the alignment of the squares, not of the diagram).

use std::sync::OnceLock;

use trichess_model::{Cell, Seat, Variant};

use super::{RED, WHITE};
use crate::square::{self, Direction, KNIGHT_LEAPS};

/// The diagram's north-east: file + 1.
pub const NORTH_EAST: Direction = (1, 0);
/// The diagram's north-west: rank + 1.
pub const NORTH_WEST: Direction = (0, 1);
/// The diagram's south-east: rank - 1.
pub const SOUTH_EAST: Direction = (0, -1);
/// The diagram's south-west: file - 1.
pub const SOUTH_WEST: Direction = (-1, 0);
/// The diagram's north: up the a1-g7 diagonal.
pub const NORTH: Direction = (1, 1);
/// The diagram's south: down the a1-g7 diagonal.
pub const SOUTH: Direction = (-1, -1);
/// The diagram's west: along the g1-a7 diagonal towards a7.
pub const WEST: Direction = (-1, 1);

/// Returns the cell at `file`, `rank` (from 0), if the board has it.
///
/// `yuri.board`: "The board is a 7 × 7 square board."
#[cfg(test)]
pub fn cell(file: i32, rank: i32) -> Option<Cell> {
    Variant::Yuri.board().square(file, rank)
}

/// Returns the cell one step from `from` in direction `d`, if it is on the board.
///
/// `yuri.board`: "The board is a 7 × 7 square board. It is rotated 45° to ease discussion":
/// the square a1-g7, on which every line, step and leap is built from this one step.
pub fn step(from: Cell, d: Direction) -> Option<Cell> {
    square::offset(Variant::Yuri.board(), from, d)
}

/// Lists the cells a knight on `from` leaps to.
pub fn knight_leaps(from: Cell) -> Vec<Cell> {
    KNIGHT_LEAPS.iter().filter_map(|&d| step(from, d)).collect()
}

/// Returns the board's steps and lines, from a table built once from [`step`].
pub fn geometry() -> &'static square::Geometry {
    static TABLE: OnceLock<square::Geometry> = OnceLock::new();
    TABLE.get_or_init(|| square::Geometry::build(Variant::Yuri.board(), step))
}

/// Returns [`knight_leaps`], from a table built once.
pub fn knight_table() -> &'static square::Leaps {
    static TABLE: OnceLock<square::Leaps> = OnceLock::new();
    TABLE.get_or_init(|| square::Leaps::build(Variant::Yuri.board(), knight_leaps))
}

/// Returns the (file, rank) of an army's corner: White's g7, Red's g1, Black's a1.
pub fn corner(seat: Seat) -> (i32, i32) {
    match seat {
        WHITE => (6, 6),
        RED => (6, 0),
        _ => (0, 0),
    }
}

/// Returns how many steps `cell` lies off the long diagonal of `seat`'s colour.
///
/// `yuri.pawn-move-b`: White's and Black's diagonal is "the longest north-south diagonal",
/// a1-g7 (file = rank); Red's is "the longest east-west diagonal", a7-g1 (file + rank = 6).
pub fn off_long_diagonal(seat: Seat, cell: Cell) -> i32 {
    let (f, r) = (i32::from(cell.file()), i32::from(cell.rank()));
    match seat {
        RED => (f + r - 6).abs(),
        _ => (f - r).abs(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yuri::BLACK;

    fn c(name: &str) -> Cell {
        Variant::Yuri.board().parse_cell(name).unwrap()
    }

    #[test]
    fn the_diagram_compass_on_the_square() {
        // From d4, the middle of the board.
        let d4 = c("d4");
        let to = |d| step(d4, d).map(|c| c.to_string());
        assert_eq!(to(NORTH_EAST).as_deref(), Some("e4"));
        assert_eq!(to(NORTH_WEST).as_deref(), Some("d5"));
        assert_eq!(to(SOUTH_EAST).as_deref(), Some("d3"));
        assert_eq!(to(SOUTH_WEST).as_deref(), Some("c4"));
        assert_eq!(to(NORTH).as_deref(), Some("e5"));
        assert_eq!(to(SOUTH).as_deref(), Some("c3"));
        assert_eq!(to(WEST).as_deref(), Some("c5"));
        // The corners: a1 at the bottom, g7 at the top, g1 right, a7 left.
        assert_eq!(step(c("a1"), SOUTH), None);
        assert_eq!(step(c("g7"), NORTH), None);
        assert_eq!(step(c("a7"), WEST), None);
    }

    #[test]
    fn the_tables_are_the_spec() {
        for from in Variant::Yuri.board().cells() {
            for d in square::ALL_DIRECTIONS {
                assert_eq!(geometry().step(from, d), step(from, d), "{from} {d:?}");
                assert_eq!(
                    geometry().ray(from, d),
                    square::ray(from, d, step),
                    "{from}"
                );
            }
            assert_eq!(knight_table().from(from), knight_leaps(from));
        }
    }

    #[test]
    fn the_long_diagonals() {
        for name in ["a1", "b2", "c3", "d4", "e5", "f6", "g7"] {
            assert_eq!(off_long_diagonal(BLACK, c(name)), 0, "{name}");
        }
        for name in ["a7", "b6", "c5", "d4", "e3", "f2", "g1"] {
            assert_eq!(off_long_diagonal(RED, c(name)), 0, "{name}");
        }
        assert_eq!(off_long_diagonal(WHITE, c("a3")), 2);
        assert_eq!(off_long_diagonal(RED, c("e1")), 2);
    }
}
