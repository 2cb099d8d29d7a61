//! What the explainers of the hexagonal boards (Yalta, Triple Crown) ask of a line: the path
//! a line piece takes to a cell, and where that path crosses from one half-board to another.

use trichess_model::Cell;

use crate::hex::{Dir, Geometry, HexBoard};

/// Returns the cells of the line from `from`, in one of `dirs`, that runs to `to`, up to and
/// including `to` (whatever stands on them), if a line does: the branch that reaches it where
/// a diagonal forks at the centre.
pub(crate) fn line_to(geo: &Geometry, from: Cell, to: Cell, dirs: &[Dir]) -> Option<Vec<Cell>> {
    dirs.iter()
        .flat_map(|&d| geo.rays(from, d))
        .find_map(|ray| {
            let at = ray.iter().position(|&c| c == to)?;
            Some(ray[..=at].to_vec())
        })
}

/// Where a path from `from` along `path` goes from one half-board into another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Crossing {
    /// The cells either side of the centre point, where a diagonal passes through it (from a
    /// centre cell to one 120 degrees round).
    pub centre: Option<(Cell, Cell)>,
    /// The cells either side of a top edge the path runs over.
    pub edge: Option<(Cell, Cell)>,
}

/// Finds where the path from `from` along `path` crosses into another half-board.
pub(crate) fn crossing(hex: &HexBoard, from: Cell, path: &[Cell]) -> Crossing {
    let ring = hex.centre_ring();
    let place = |c: Cell| ring.iter().position(|&r| r == c);
    let mut found = Crossing::default();
    let mut at = from;
    for &next in path {
        if at.sector() != next.sector() {
            let round = match (place(at), place(next)) {
                (Some(a), Some(b)) => (a + 6 - b) % 6,
                _ => 0,
            };
            if round == 2 || round == 4 {
                found.centre.get_or_insert((at, next));
            } else {
                found.edge.get_or_insert((at, next));
            }
        }
        at = next;
    }
    found
}
