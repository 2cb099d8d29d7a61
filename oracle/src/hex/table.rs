//! The geometry of a hexagonal trisection board, worked out once per board from the functions
//! of [`HexBoard`] that define it (the spec) and kept in a table indexed by cell: every step,
//! line, neighbour, knight leap and straight-across cell. The rules read their geometry from
//! here; the tests check every entry against the spec.

use std::sync::OnceLock;

use trichess_model::{Cell, Seat};

use super::{ALL_DIRECTIONS, DIAGONAL, Dir, HexBoard, ORTHOGONAL};

/// What the table holds for one cell.
#[derive(Clone, Debug, Default)]
struct Entry {
    /// [`HexBoard::step`] in each of the eight directions (in [`ALL_DIRECTIONS`] order).
    steps: [Vec<(Cell, Dir)>; 8],
    /// [`HexBoard::rays`] in each of the eight directions.
    rays: [Vec<Vec<Cell>>; 8],
    /// [`HexBoard::neighbours`] along the orthogonal, the diagonal and all eight directions.
    orthogonal: Vec<Cell>,
    diagonal: Vec<Cell>,
    all: Vec<Cell>,
    /// The three knights.
    knight_orthogonal_then_diagonal: Vec<Cell>,
    knight_two_then_one: Vec<Cell>,
    knight_symmetric: Vec<Cell>,
    /// The cells from which each one-way knight reaches this one.
    knight_orthogonal_then_diagonal_into: Vec<Cell>,
    knight_two_then_one_into: Vec<Cell>,
    /// [`HexBoard::across`].
    across: Option<Cell>,
}

/// The geometry of one hexagonal board, from a table built once.
#[derive(Debug)]
pub struct Geometry {
    hex: HexBoard,
    entries: Vec<Entry>,
}

/// Returns the place of `dir` in [`ALL_DIRECTIONS`].
fn direction_index(dir: Dir) -> Option<usize> {
    ALL_DIRECTIONS.iter().position(|&d| d == dir)
}

impl Geometry {
    /// Returns the table of `hex`'s board (built on first use).
    pub fn of(hex: HexBoard) -> &'static Geometry {
        static TABLES: [OnceLock<Geometry>; 2] = [OnceLock::new(), OnceLock::new()];
        TABLES[usize::from(hex.n() != 4)].get_or_init(|| Geometry::build(hex))
    }

    fn build(hex: HexBoard) -> Geometry {
        let n = usize::try_from(hex.n()).unwrap_or(0);
        let mut entries = vec![Entry::default(); 3 * n * 2 * n];
        for cell in hex.board.cells() {
            let Some(entry) = Geometry::slot(hex, cell).and_then(|i| entries.get_mut(i)) else {
                continue;
            };
            *entry = Entry {
                steps: ALL_DIRECTIONS.map(|d| hex.step(cell, d)),
                rays: ALL_DIRECTIONS.map(|d| hex.rays(cell, d)),
                orthogonal: hex.neighbours(cell, &ORTHOGONAL),
                diagonal: hex.neighbours(cell, &DIAGONAL),
                all: hex.neighbours(cell, &ALL_DIRECTIONS),
                knight_orthogonal_then_diagonal: hex.knight_orthogonal_then_diagonal(cell),
                knight_two_then_one: hex.knight_two_then_one(cell),
                knight_symmetric: hex.knight_symmetric(cell),
                across: hex.across(cell),
                ..Entry::default()
            };
        }
        for cell in hex.board.cells() {
            for to in hex.knight_orthogonal_then_diagonal(cell) {
                if let Some(e) = Geometry::slot(hex, to).and_then(|i| entries.get_mut(i)) {
                    e.knight_orthogonal_then_diagonal_into.push(cell);
                }
            }
            for to in hex.knight_two_then_one(cell) {
                if let Some(e) = Geometry::slot(hex, to).and_then(|i| entries.get_mut(i)) {
                    e.knight_two_then_one_into.push(cell);
                }
            }
        }
        Geometry { hex, entries }
    }

    /// Returns the place of `cell` in the table: seat, then rank, then file (the cell order).
    fn slot(hex: HexBoard, cell: Cell) -> Option<usize> {
        let n = usize::try_from(hex.n()).ok()?;
        let seat = cell.sector().map_or(0, Seat::index);
        Some((seat * n + usize::from(cell.rank())) * 2 * n + usize::from(cell.file()))
    }

    fn entry(&self, cell: Cell) -> Option<&Entry> {
        Geometry::slot(self.hex, cell).and_then(|i| self.entries.get(i))
    }

    /// As [`HexBoard::step`], for one of the eight directions.
    pub fn step(&self, from: Cell, dir: Dir) -> &[(Cell, Dir)] {
        match (self.entry(from), direction_index(dir)) {
            (Some(e), Some(d)) => &e.steps[d],
            _ => &[],
        }
    }

    /// As [`HexBoard::rays`], for one of the eight directions.
    pub fn rays(&self, from: Cell, dir: Dir) -> &[Vec<Cell>] {
        match (self.entry(from), direction_index(dir)) {
            (Some(e), Some(d)) => &e.rays[d],
            _ => &[],
        }
    }

    /// As [`HexBoard::neighbours`], for [`ORTHOGONAL`], [`DIAGONAL`] or [`ALL_DIRECTIONS`].
    pub fn neighbours(&self, from: Cell, dirs: &[Dir]) -> &[Cell] {
        let Some(e) = self.entry(from) else {
            return &[];
        };
        if dirs == ORTHOGONAL {
            &e.orthogonal
        } else if dirs == DIAGONAL {
            &e.diagonal
        } else if dirs == ALL_DIRECTIONS {
            &e.all
        } else {
            &[]
        }
    }

    /// As [`HexBoard::knight_orthogonal_then_diagonal`].
    pub fn knight_orthogonal_then_diagonal(&self, from: Cell) -> &[Cell] {
        self.entry(from)
            .map_or(&[], |e| &e.knight_orthogonal_then_diagonal)
    }

    /// As [`HexBoard::knight_two_then_one`].
    pub fn knight_two_then_one(&self, from: Cell) -> &[Cell] {
        self.entry(from).map_or(&[], |e| &e.knight_two_then_one)
    }

    /// As [`HexBoard::knight_symmetric`].
    pub fn knight_symmetric(&self, from: Cell) -> &[Cell] {
        self.entry(from).map_or(&[], |e| &e.knight_symmetric)
    }

    /// Lists the cells from which [`HexBoard::knight_orthogonal_then_diagonal`] reaches `to`.
    pub fn knight_orthogonal_then_diagonal_into(&self, to: Cell) -> &[Cell] {
        self.entry(to)
            .map_or(&[], |e| &e.knight_orthogonal_then_diagonal_into)
    }

    /// Lists the cells from which [`HexBoard::knight_two_then_one`] reaches `to`.
    pub fn knight_two_then_one_into(&self, to: Cell) -> &[Cell] {
        self.entry(to).map_or(&[], |e| &e.knight_two_then_one_into)
    }

    /// As [`HexBoard::across`].
    pub fn across(&self, from: Cell) -> Option<Cell> {
        self.entry(from).and_then(|e| e.across)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trichess_model::Variant;

    #[test]
    fn the_table_is_the_spec() {
        for variant in [Variant::Yalta, Variant::TripleCrown] {
            let hex = HexBoard::new(variant.board()).unwrap();
            let geo = Geometry::of(hex);
            for cell in variant.board().cells() {
                for d in ALL_DIRECTIONS {
                    assert_eq!(geo.step(cell, d), hex.step(cell, d), "{cell} {d:?}");
                    assert_eq!(geo.rays(cell, d), hex.rays(cell, d), "{cell} {d:?}");
                }
                for dirs in [&ORTHOGONAL[..], &DIAGONAL[..], &ALL_DIRECTIONS[..]] {
                    assert_eq!(geo.neighbours(cell, dirs), hex.neighbours(cell, dirs));
                }
                assert_eq!(
                    geo.knight_orthogonal_then_diagonal(cell),
                    hex.knight_orthogonal_then_diagonal(cell)
                );
                assert_eq!(geo.knight_two_then_one(cell), hex.knight_two_then_one(cell));
                assert_eq!(geo.knight_symmetric(cell), hex.knight_symmetric(cell));
                assert_eq!(geo.across(cell), hex.across(cell));
                let cells = variant.board().cells();
                let into = |leaps: &dyn Fn(Cell) -> Vec<Cell>| -> Vec<Cell> {
                    cells
                        .iter()
                        .copied()
                        .filter(|&x| leaps(x).contains(&cell))
                        .collect()
                };
                assert_eq!(
                    geo.knight_orthogonal_then_diagonal_into(cell),
                    into(&|x| hex.knight_orthogonal_then_diagonal(x))
                );
                assert_eq!(
                    geo.knight_two_then_one_into(cell),
                    into(&|x| hex.knight_two_then_one(x))
                );
            }
        }
    }
}
