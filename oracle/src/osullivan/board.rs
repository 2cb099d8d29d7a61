//! The O'Sullivan board: an 8x8 square board without four corner squares, with a barrier
//! between d1 and e1, a midline between the d- and e-files and an equator between ranks 4
//! and 5.

use std::sync::OnceLock;

use trichess_model::{Cell, Variant};

use super::options::KnightBarrier;

use crate::square::{self, KNIGHT_LEAPS};
pub use crate::square::{ALL_DIRECTIONS, DIAGONAL, Direction, ORTHOGONAL};

/// Returns the usable cell at `file`, `rank` (from 0), if any.
///
/// `osullivan.unusable-squares`: "XXXXXXX = Square may not be entered during the game by any
/// piece". The O'Sullivan board has no cells a7, a8, h7 and h8 at all, so no step, ray or
/// leap can end on them; as they are corners, no straight line can pass over them either.
pub fn cell(file: i32, rank: i32) -> Option<Cell> {
    Variant::OSullivan.board().square(file, rank)
}

/// Returns the cell `d` away from `from`, if there is one.
fn offset(from: Cell, d: Direction) -> Option<Cell> {
    square::offset(Variant::OSullivan.board(), from, d)
}

/// Returns true if the straight line between the centres of two cells crosses the barrier.
///
/// `osullivan.barrier`: "I = Impassable Barrier - no piece may cross this barrier or check
/// across it." The barrier is the edge between d1 and e1. `osullivan.barrier-corner`:
/// "Diagonal movement is allowed through the corner": a line that only touches the barrier's
/// upper end (d1-e2, d2-e1) does not cross it.
pub fn crosses_barrier(from: Cell, to: Cell) -> bool {
    // Work in half-cells: a cell's centre is (2f+1, 2r+1); the barrier is x = 8, 0 < y < 2.
    let (mut a, mut b) = (centre(from), centre(to));
    if a.0 > b.0 {
        std::mem::swap(&mut a, &mut b);
    }
    if !(a.0 < 8 && 8 < b.0) {
        return false;
    }
    // The line meets x = 8 at y = a.1 + (b.1 - a.1) * (8 - a.0) / (b.0 - a.0); compare
    // y * (b.0 - a.0) with 0 and 2 * (b.0 - a.0) to stay in whole numbers.
    let width = b.0 - a.0;
    let y_times_width = a.1 * width + (b.1 - a.1) * (8 - a.0);
    0 < y_times_width && y_times_width < 2 * width
}

fn centre(c: Cell) -> (i32, i32) {
    (2 * i32::from(c.file()) + 1, 2 * i32::from(c.rank()) + 1)
}

/// Returns the cell one step from `from` in direction `d`, unless it is off the board,
/// unusable, or across the barrier.
pub fn step(from: Cell, d: Direction) -> Option<Cell> {
    offset(from, d).filter(|&to| !crosses_barrier(from, to))
}

/// Lists the cells a knight on `from` leaps to.
///
/// `osullivan.knight-barrier`: whether the barrier stops a knight is an interpretation.
pub fn knight_leaps(from: Cell, reading: KnightBarrier) -> Vec<Cell> {
    KNIGHT_LEAPS
        .iter()
        .filter_map(|&d| offset(from, d))
        .filter(|&to| match reading {
            KnightBarrier::Jumps => true,
            KnightBarrier::StraightLine => !crosses_barrier(from, to),
        })
        .collect()
}

/// Returns the board's steps and lines, from a table built once from [`step`].
pub fn geometry() -> &'static square::Geometry {
    static TABLE: OnceLock<square::Geometry> = OnceLock::new();
    TABLE.get_or_init(|| square::Geometry::build(Variant::OSullivan.board(), step))
}

/// Returns [`knight_leaps`] under `reading`, from a table built once.
pub fn knight_table(reading: KnightBarrier) -> &'static square::Leaps {
    static TABLES: [OnceLock<square::Leaps>; 2] = [OnceLock::new(), OnceLock::new()];
    let i = usize::from(reading != KnightBarrier::Jumps);
    TABLES[i].get_or_init(|| {
        square::Leaps::build(Variant::OSullivan.board(), |c| knight_leaps(c, reading))
    })
}

/// Returns true if `c` is across the equator as seen from Black's and Red's side.
///
/// `osullivan.equator`: "..... = Equator: line midway between the two board starting sides",
/// drawn between ranks 4 and 5; Black's and Red's pawns cross it moving up.
pub fn across_equator(c: Cell) -> bool {
    c.rank() >= 4
}

/// Returns true if a move from `from` to `to` crosses the midline.
///
/// `osullivan.midline`: "0 = Midline: line dividing the board between Black and Red starting
/// positions", drawn between the d- and e-files.
pub fn crosses_midline(from: Cell, to: Cell) -> bool {
    (from.file() <= 3) != (to.file() <= 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &str) -> Cell {
        Variant::OSullivan.board().parse_cell(name).unwrap()
    }

    #[test]
    fn the_barrier_is_the_edge_d1_e1_only() {
        assert!(crosses_barrier(c("d1"), c("e1")));
        assert!(crosses_barrier(c("e1"), c("d1")));
        assert!(!crosses_barrier(c("d2"), c("e2")));
        assert!(!crosses_barrier(c("d1"), c("e2")));
        assert!(!crosses_barrier(c("d2"), c("e1")));
        assert!(crosses_barrier(c("a1"), c("h1")));
    }

    #[test]
    fn exactly_two_knight_leaps_cross_the_barrier_both_ways() {
        let board = Variant::OSullivan.board();
        let mut crossing = Vec::new();
        for from in board.cells() {
            let all = knight_leaps(from, KnightBarrier::Jumps);
            let kept = knight_leaps(from, KnightBarrier::StraightLine);
            for to in all.into_iter().filter(|t| !kept.contains(t)) {
                crossing.push(format!("{from}-{to}"));
            }
        }
        crossing.sort();
        assert_eq!(crossing, ["c2-e1", "d1-f2", "e1-c2", "f2-d1"]);
    }

    #[test]
    fn the_tables_are_the_spec() {
        let board = Variant::OSullivan.board();
        for from in board.cells() {
            for d in ALL_DIRECTIONS {
                assert_eq!(geometry().step(from, d), step(from, d), "{from} {d:?}");
                assert_eq!(
                    geometry().ray(from, d),
                    square::ray(from, d, step),
                    "{from}"
                );
            }
            for reading in [KnightBarrier::Jumps, KnightBarrier::StraightLine] {
                assert_eq!(
                    knight_table(reading).from(from),
                    knight_leaps(from, reading)
                );
            }
        }
    }

    #[test]
    fn rays_stop_at_unusable_squares_and_the_barrier() {
        assert_eq!(square::ray(c("a5"), (0, 1), step), vec![c("a6")]);
        assert_eq!(
            square::ray(c("a1"), (1, 0), step),
            vec![c("b1"), c("c1"), c("d1")]
        );
        let to_corner: Vec<String> = square::ray(c("e3"), (-1, 1), step)
            .iter()
            .map(|c| c.to_string())
            .collect();
        assert_eq!(to_corner, ["d4", "c5", "b6"]);
    }
}
