//! Geometry shared by the square boards (O'Sullivan's and Yuri's): directions as (file step,
//! rank step), the knight's leaps, and the lines a sliding piece runs along. Each board says
//! what one step is (O'Sullivan's barrier stops some); the lines are built from its steps.

use std::collections::BTreeMap;

use trichess_model::{Board, Cell, Piece};

/// A direction as (file step, rank step).
pub type Direction = (i32, i32);

/// The four rook directions.
pub const ORTHOGONAL: [Direction; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four bishop directions.
pub const DIAGONAL: [Direction; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The eight king and queen directions.
pub const ALL_DIRECTIONS: [Direction; 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// The eight knight leaps.
pub const KNIGHT_LEAPS: [Direction; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Returns the cell `d` away from `from` on a square `board`, if the board has it.
pub fn offset(board: &Board, from: Cell, d: Direction) -> Option<Cell> {
    board.square(i32::from(from.file()) + d.0, i32::from(from.rank()) + d.1)
}

/// Lists the cells from `from` outwards in direction `d`, one `step` at a time, for as long
/// as `step` gives a cell (whatever stands on them).
pub fn ray(from: Cell, d: Direction, step: impl Fn(Cell, Direction) -> Option<Cell>) -> Vec<Cell> {
    let mut cells = Vec::new();
    let mut at = from;
    while let Some(next) = step(at, d) {
        cells.push(next);
        at = next;
    }
    cells
}

/// Lists the cells a line piece on `from` reaches along `directions`: each ray up to and
/// including the first occupied cell.
pub fn slides(
    pieces: &BTreeMap<Cell, Piece>,
    from: Cell,
    directions: &[Direction],
    step: impl Fn(Cell, Direction) -> Option<Cell> + Copy,
) -> Vec<Cell> {
    let mut cells = Vec::new();
    for &d in directions {
        for c in ray(from, d, step) {
            cells.push(c);
            if pieces.contains_key(&c) {
                break;
            }
        }
    }
    cells
}
