//! Geometry shared by the square boards (O'Sullivan's and Yuri's): directions as (file step,
//! rank step), the knight's leaps, and the lines a sliding piece runs along. Each board says
//! what one step is (O'Sullivan's barrier stops some); the lines are built from its steps.

use trichess_model::{Board, Cell};

use crate::board::Pieces;

/// The steps and lines of a square board, worked out once from the board's own step function
/// (the spec, which [`ray`] follows) and kept in a table indexed by cell.
#[derive(Debug)]
pub struct Geometry {
    files: u8,
    /// One step in each of [`ALL_DIRECTIONS`], by cell.
    steps: Vec<[Option<Cell>; 8]>,
    /// [`ray`] in each of [`ALL_DIRECTIONS`], by cell.
    rays: Vec<[Vec<Cell>; 8]>,
}

/// Returns the place of `cell` in a table of a board with `files` files: rank, then file.
fn slot(files: u8, cell: Cell) -> usize {
    usize::from(cell.rank()) * usize::from(files) + usize::from(cell.file())
}

impl Geometry {
    /// Builds the table of `board`, whose one step is `step`.
    pub fn build(board: &Board, step: impl Fn(Cell, Direction) -> Option<Cell> + Copy) -> Geometry {
        let size = usize::from(board.files()) * usize::from(board.ranks());
        let mut steps = vec![[None; 8]; size];
        let mut rays = vec![<[Vec<Cell>; 8]>::default(); size];
        for cell in board.cells() {
            let i = slot(board.files(), cell);
            steps[i] = ALL_DIRECTIONS.map(|d| step(cell, d));
            rays[i] = ALL_DIRECTIONS.map(|d| ray(cell, d, step));
        }
        Geometry {
            files: board.files(),
            steps,
            rays,
        }
    }

    /// Returns the cell one step from `from` in `d`, one of the eight directions.
    pub fn step(&self, from: Cell, d: Direction) -> Option<Cell> {
        let d = ALL_DIRECTIONS.iter().position(|&x| x == d)?;
        self.steps.get(slot(self.files, from))?[d]
    }

    /// Returns [`ray`] from `from` in `d`, one of the eight directions.
    pub fn ray(&self, from: Cell, d: Direction) -> &[Cell] {
        let d = ALL_DIRECTIONS.iter().position(|&x| x == d);
        match (self.rays.get(slot(self.files, from)), d) {
            (Some(rays), Some(d)) => &rays[d],
            _ => &[],
        }
    }
}

/// The cells a leaper reaches from each cell of a square board, worked out once from a
/// function that lists them (the spec) and kept in a table indexed by cell.
#[derive(Debug)]
pub struct Leaps {
    files: u8,
    leaps: Vec<Vec<Cell>>,
}

impl Leaps {
    /// Builds the table of `board` from `leaps`.
    pub fn build(board: &Board, leaps: impl Fn(Cell) -> Vec<Cell>) -> Leaps {
        let size = usize::from(board.files()) * usize::from(board.ranks());
        let mut table = vec![Vec::new(); size];
        for cell in board.cells() {
            table[slot(board.files(), cell)] = leaps(cell);
        }
        Leaps {
            files: board.files(),
            leaps: table,
        }
    }

    /// Returns the cells reached from `from`.
    pub fn from(&self, from: Cell) -> &[Cell] {
        self.leaps
            .get(slot(self.files, from))
            .map_or(&[], Vec::as_slice)
    }
}

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
    pieces: &Pieces,
    from: Cell,
    directions: &[Direction],
    geometry: &Geometry,
) -> Vec<Cell> {
    let mut cells = Vec::new();
    for &d in directions {
        for &c in geometry.ray(from, d) {
            cells.push(c);
            if pieces.contains_key(&c) {
                break;
            }
        }
    }
    cells
}
