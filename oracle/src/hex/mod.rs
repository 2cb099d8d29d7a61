//! The hexagonal trisection board of Yalta (n = 4) and Triple Crown (n = 5).
//!
//! Each seat's half-board has 2n files and n ranks; rank 1 is the seat's back rank and rank n
//! touches the centre. A half-board is two n x n quadrants, files a.. on the left and the rest
//! on the right; the six quadrants lie round the centre in the order A-left, A-right, B-left,
//! B-right, C-left, C-right, each touching it with one cell: its inner corner (Ad4 Ae4 Bd4 Be4
//! Cd4 Ce4 on the Yalta board, in ring order). Drawn in a regular hexagon, each quadrant is a
//! kite with a 60 degree angle at the centre; a seat's back rank is one side of the hexagon.
//!
//! How the cells join:
//! - Within a half-board, cells join as on a chessboard; ranks never leave it.
//! - Top edges: a left quadrant's rank n joins the right quadrant of the seat before it
//!   (A-left with C-right), a right quadrant's the left quadrant of the seat after it (A-right
//!   with B-left), files mirrored: A's files a-d continue into C's files h-e and A's e-h into B's
//!   d-a, running back down towards that seat's rank 1 (a rook on Ad2 runs Ad3 Ad4 Ce4 Ce3 Ce2
//!   Ce1). Crossing a top edge turns a direction round: a step (df, dr) continues as (-df, -dr)
//!   in the other half-board's coordinates.
//! - The centre: six cells meet at one point. A diagonal that passes through it (from an inner
//!   corner cell, towards the centre) forks into the two centre cells of its own colour, 120
//!   degrees round either way, and runs on along their quadrants' long diagonals (from Ac3:
//!   Ad4, then Bd4 Bc3 Bb2 Ba1 or Cd4 Cc3 Cb2 Ca1). Orthogonal lines never pass the centre
//!   point: they go to a centre cell 60 degrees round.
//!
//! A cell's colour is (file + rank) mod 2 in its half-board's coordinates; it alternates across
//! every edge, so every diagonal keeps its colour.

mod table;

pub use table::Geometry;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use trichess_model::{Board, Cell, Seat, Shape, Variant};

/// A direction of travel, as (file step, rank step) in the coordinates of the half-board the
/// piece is in at the moment.
pub type Dir = (i32, i32);

/// The four orthogonal directions.
pub const ORTHOGONAL: [Dir; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal directions.
pub const DIAGONAL: [Dir; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The eight directions of a queen and a king: the orthogonal ones, then the diagonal ones.
pub const ALL_DIRECTIONS: [Dir; 8] = [
    ORTHOGONAL[0],
    ORTHOGONAL[1],
    ORTHOGONAL[2],
    ORTHOGONAL[3],
    DIAGONAL[0],
    DIAGONAL[1],
    DIAGONAL[2],
    DIAGONAL[3],
];

/// The geometry of a hexagonal trisection board.
#[derive(Clone, Copy, Debug)]
pub struct HexBoard {
    board: &'static Board,
    /// The quadrant size: the number of ranks, and half the number of files.
    n: i32,
}

impl HexBoard {
    /// Returns the geometry of `board`, if it is a hexagonal trisection board with twice as
    /// many files as ranks.
    pub fn new(board: &'static Board) -> Option<HexBoard> {
        let n = i32::from(board.ranks());
        (board.shape() == Shape::HexTrisection && i32::from(board.files()) == 2 * n)
            .then_some(HexBoard { board, n })
    }

    /// Returns the geometry of the Yalta board (n = 4).
    ///
    /// `yalta.board`: the hexagon of three 4x8 half-boards, 96 cells, named `Aa1`..`Ch4` (the
    /// cells themselves are the model's: a name off the half-boards does not read).
    pub fn yalta() -> HexBoard {
        HexBoard {
            board: Variant::Yalta.board(),
            n: 4,
        }
    }

    /// Returns the geometry of the Triple Crown board (n = 5).
    ///
    /// `triple-crown.board-size`: "an extrapolation of a 10x10 board to 15x15": three 10x5
    /// half-boards, 150 cells, named `Aa1`..`Cj5` (the cells themselves are the model's: a
    /// name off the half-boards does not read).
    pub fn triple_crown() -> HexBoard {
        HexBoard {
            board: Variant::TripleCrown.board(),
            n: 5,
        }
    }

    /// Returns the quadrant size n.
    pub fn n(&self) -> i32 {
        self.n
    }

    /// Returns the cell of `seat`'s half-board at `file`, `rank` (from 0), if any.
    pub fn cell(&self, seat: Seat, file: i32, rank: i32) -> Option<Cell> {
        self.board.hex(seat, file, rank)
    }

    /// Returns the seat, file and rank of a cell (a cell of another board gives seat A).
    pub fn coords(&self, cell: Cell) -> (Seat, i32, i32) {
        (
            cell.sector().unwrap_or(Seat::A),
            i32::from(cell.file()),
            i32::from(cell.rank()),
        )
    }

    /// Returns the colour of a cell, 0 or 1.
    pub fn colour(&self, cell: Cell) -> u8 {
        (cell.file() + cell.rank()) % 2
    }

    /// Lists the six centre cells in ring order, starting with A's left one; each shares an
    /// edge with the next.
    pub fn centre_ring(&self) -> Vec<Cell> {
        let inner = [self.n - 1, self.n];
        Seat::ALL
            .into_iter()
            .flat_map(|s| inner.map(|f| self.cell(s, f, self.n - 1)))
            .flatten()
            .collect()
    }

    /// Returns true if `cell` touches the centre point (for the tests: no rule asks).
    #[cfg(test)]
    pub fn is_centre(&self, cell: Cell) -> bool {
        let (_, f, r) = self.coords(cell);
        r == self.n - 1 && (f == self.n - 1 || f == self.n)
    }

    /// Returns the centre cell straight across the centre from a centre cell (180 degrees
    /// round: Ad4 and Be4, Ae4 and Cd4, Bd4 and Ce4 on the Yalta board).
    ///
    /// `triple-crown.straight-across`: "a very limited root-3 diagonal": one step, from a
    /// centre cell only. Which pieces make it: `triple-crown.across-pieces`.
    pub fn across(&self, cell: Cell) -> Option<Cell> {
        let ring = self.centre_ring();
        let at = ring.iter().position(|&c| c == cell)?;
        ring.get((at + 3) % 6).copied()
    }

    /// Takes one step from `from` in direction `dir`: lists the cells reached, each with the
    /// direction to keep going in from there. None off the board; two where a diagonal forks
    /// at the centre. Every line, step and leap of both boards is built from this one step.
    ///
    /// - `yalta.sector-board`, `triple-crown.board-halves`: a file runs on over the top edge
    ///   into the neighbouring half-board, counting back down (A's left files into C's right
    ///   ones, A's right files into B's left ones); a rank never leaves its half-board.
    /// - `yalta.not-circular`: nothing lies beyond the a- and h-files (a- and j-files): no
    ///   line runs round the board.
    /// - `yalta.centre-junction`, `triple-crown.centre-moves`: at the centre point a diagonal
    ///   forks to the two centre cells 120 degrees round; an orthogonal line never passes it,
    ///   going on to the centre cell 60 degrees round; none reaches the opposite one.
    pub fn step(&self, from: Cell, dir: Dir) -> Vec<(Cell, Dir)> {
        let n = self.n;
        let (seat, f, r) = self.coords(from);
        let (df, dr) = dir;
        let (nf, nr) = (f + df, r + dr);
        if nr < 0 || nf < 0 || nf >= 2 * n {
            return Vec::new();
        }
        if nr < n {
            return self
                .cell(seat, nf, nr)
                .map(|c| (c, dir))
                .into_iter()
                .collect();
        }
        // Over the top edge (only from rank n, with dr = 1).
        let left = |file: i32| file < n;
        if df != 0 && left(f) != left(nf) {
            // Through the centre point: fork to the centre cells 120 degrees round, running
            // on outwards along their quadrants' long diagonals.
            let outwards = if left(f) { (-1, -1) } else { (1, -1) };
            return [seat.next(), seat.prev()]
                .into_iter()
                .filter_map(|s| self.cell(s, f, n - 1))
                .map(|c| (c, outwards))
                .collect();
        }
        let other = if left(nf) { seat.prev() } else { seat.next() };
        self.cell(other, 2 * n - 1 - nf, n - 1)
            .map(|c| (c, (-df, -dr)))
            .into_iter()
            .collect()
    }

    /// Lists the cells one step away from `from` in the four directions of `dirs`.
    pub fn neighbours(&self, from: Cell, dirs: &[Dir]) -> Vec<Cell> {
        dirs.iter()
            .flat_map(|&d| self.step(from, d))
            .map(|(c, _)| c)
            .collect()
    }

    /// Lists the cells reached by one orthogonal step and then one diagonal step that carries
    /// on the same way (its orthogonal part is the first step's direction), as a knight moves
    /// on a chessboard: "one square like a rook, then one like a bishop, outwards". Sorted,
    /// without repeats.
    pub fn knight_orthogonal_then_diagonal(&self, from: Cell) -> Vec<Cell> {
        let mut cells: Vec<Cell> = ORTHOGONAL
            .iter()
            .flat_map(|&d| self.step(from, d))
            .flat_map(|(first, d)| {
                perpendicular(d)
                    .into_iter()
                    .flat_map(move |p| self.step(first, (d.0 + p.0, d.1 + p.1)))
            })
            .map(|(c, _)| c)
            .filter(|&c| c != from)
            .collect();
        cells.sort();
        cells.dedup();
        cells
    }

    /// Lists the cells reached by two orthogonal steps in one direction and then one step to
    /// either side, as a knight's "L" is often drawn. Sorted, without repeats.
    pub fn knight_two_then_one(&self, from: Cell) -> Vec<Cell> {
        let mut cells: Vec<Cell> = ORTHOGONAL
            .iter()
            .flat_map(|&d| self.step(from, d))
            .flat_map(|(first, d)| self.step(first, d))
            .flat_map(|(second, d)| {
                perpendicular(d)
                    .into_iter()
                    .flat_map(move |p| self.step(second, p))
            })
            .map(|(c, _)| c)
            .filter(|&c| c != from)
            .collect();
        cells.sort();
        cells.dedup();
        cells
    }

    /// Lists the cells a knight on `from` reaches when every leap can be made both ways:
    /// those [`HexBoard::knight_orthogonal_then_diagonal`] reaches from `from`, and those from
    /// which it reaches `from`. Near the centre neither path definition is symmetric by
    /// itself (from Ad3 the rook-then-bishop path reaches Cd4, but not back), but both give
    /// this same set once made symmetric. Sorted.
    pub fn knight_symmetric(&self, from: Cell) -> Vec<Cell> {
        static TABLES: [OnceLock<BTreeMap<Cell, Vec<Cell>>>; 2] =
            [OnceLock::new(), OnceLock::new()];
        let table = TABLES[usize::from(self.n != 4)].get_or_init(|| {
            let mut table: BTreeMap<Cell, Vec<Cell>> = BTreeMap::new();
            for x in self.board.cells() {
                for z in self.knight_orthogonal_then_diagonal(x) {
                    table.entry(x).or_default().push(z);
                    table.entry(z).or_default().push(x);
                }
            }
            for cells in table.values_mut() {
                cells.sort();
                cells.dedup();
            }
            table
        });
        table.get(&from).cloned().unwrap_or_default()
    }

    /// Lists the lines from `from` in direction `dir`: each a sequence of cells, outwards, up
    /// to the edge of the board; a line that forks at the centre gives one path per branch
    /// (sharing the cells before the fork).
    pub fn rays(&self, from: Cell, dir: Dir) -> Vec<Vec<Cell>> {
        let mut done = Vec::new();
        let mut open = vec![(from, dir, Vec::new())];
        while let Some((at, d, path)) = open.pop() {
            let next = self.step(at, d);
            if next.is_empty() {
                if !path.is_empty() {
                    done.push(path);
                }
                continue;
            }
            for (c, nd) in next {
                let mut longer = path.clone();
                longer.push(c);
                open.push((c, nd, longer));
            }
        }
        done.sort();
        done
    }
}

/// Returns the two directions at right angles to an orthogonal direction.
fn perpendicular(d: Dir) -> [Dir; 2] {
    [(d.1, d.0), (-d.1, -d.0)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use trichess_model::Variant;

    fn yalta() -> HexBoard {
        HexBoard::new(Variant::Yalta.board()).unwrap()
    }

    fn c(name: &str) -> Cell {
        Variant::Yalta.board().parse_cell(name).unwrap()
    }

    fn names(cells: &[Cell]) -> Vec<String> {
        cells.iter().map(Cell::to_string).collect()
    }

    #[test]
    fn only_trisection_boards_with_square_quadrants_have_this_geometry() {
        assert!(HexBoard::new(Variant::Yalta.board()).is_some());
        assert!(HexBoard::new(Variant::TripleCrown.board()).is_some());
        assert!(HexBoard::new(Variant::OSullivan.board()).is_none());
        for (variant, hex) in [
            (Variant::Yalta, HexBoard::yalta()),
            (Variant::TripleCrown, HexBoard::triple_crown()),
        ] {
            assert_eq!(HexBoard::new(variant.board()).map(|h| h.n), Some(hex.n));
        }
    }

    #[test]
    fn the_centre_ring_joins_edge_to_edge() {
        let hex = yalta();
        let ring = hex.centre_ring();
        assert_eq!(names(&ring), ["Ad4", "Ae4", "Bd4", "Be4", "Cd4", "Ce4"]);
        for i in 0..6 {
            let (a, b) = (ring[i], ring[(i + 1) % 6]);
            assert!(hex.neighbours(a, &ORTHOGONAL).contains(&b), "{a} {b}");
            assert!(hex.neighbours(b, &ORTHOGONAL).contains(&a), "{b} {a}");
        }
        assert_eq!(hex.across(c("Ad4")), Some(c("Be4")));
        assert_eq!(hex.across(c("Ae4")), Some(c("Cd4")));
        assert_eq!(hex.across(c("Bd4")), Some(c("Ce4")));
        assert_eq!(hex.across(c("Ac3")), None);
    }

    #[test]
    fn files_run_on_into_the_neighbouring_half_board() {
        let hex = yalta();
        assert_eq!(
            hex.rays(c("Ad2"), (0, 1)),
            vec![vec![
                c("Ad3"),
                c("Ad4"),
                c("Ce4"),
                c("Ce3"),
                c("Ce2"),
                c("Ce1")
            ]]
        );
        assert_eq!(
            names(&hex.rays(c("Ae2"), (0, 1))[0]),
            ["Ae3", "Ae4", "Bd4", "Bd3", "Bd2", "Bd1"]
        );
        assert_eq!(
            names(&hex.rays(c("Aa1"), (0, 1))[0]),
            ["Aa2", "Aa3", "Aa4", "Ch4", "Ch3", "Ch2", "Ch1"]
        );
    }

    #[test]
    fn ranks_stay_in_their_half_board() {
        let hex = yalta();
        assert_eq!(
            names(&hex.rays(c("Aa4"), (1, 0))[0]),
            ["Ab4", "Ac4", "Ad4", "Ae4", "Af4", "Ag4", "Ah4"]
        );
        assert!(hex.rays(c("Ah3"), (1, 0)).is_empty());
    }

    #[test]
    fn a_diagonal_through_the_centre_forks() {
        let hex = yalta();
        let rays: Vec<Vec<String>> = hex
            .rays(c("Ac3"), (1, 1))
            .iter()
            .map(|r| names(r))
            .collect();
        assert_eq!(
            rays,
            [
                ["Ad4", "Bd4", "Bc3", "Bb2", "Ba1"],
                ["Ad4", "Cd4", "Cc3", "Cb2", "Ca1"]
            ]
        );
        let rays: Vec<Vec<String>> = hex
            .rays(c("Af3"), (-1, 1))
            .iter()
            .map(|r| names(r))
            .collect();
        assert_eq!(
            rays,
            [
                ["Ae4", "Be4", "Bf3", "Bg2", "Bh1"],
                ["Ae4", "Ce4", "Cf3", "Cg2", "Ch1"]
            ]
        );
    }

    #[test]
    fn a_diagonal_over_a_top_edge_turns_round() {
        let hex = yalta();
        assert_eq!(
            names(&hex.rays(c("Ab3"), (1, 1))[0]),
            ["Ac4", "Ce4", "Cd3", "Cc2", "Cb1"]
        );
        assert_eq!(
            names(&hex.rays(c("Ae3"), (-1, 1))[0]),
            ["Ad4", "Cf4", "Cg3", "Ch2"]
        );
    }

    /// Every cell, with all its one-step neighbours.
    fn graph(hex: &HexBoard, dirs: &[Dir]) -> Vec<(Cell, Vec<Cell>)> {
        hex.board
            .cells()
            .into_iter()
            .map(|c| {
                let mut n = hex.neighbours(c, dirs);
                n.sort();
                (c, n)
            })
            .collect()
    }

    #[test]
    fn steps_are_symmetric_and_colours_behave() {
        for variant in [Variant::Yalta, Variant::TripleCrown] {
            let hex = HexBoard::new(variant.board()).unwrap();
            for (cell, next) in graph(&hex, &ORTHOGONAL) {
                for n in next {
                    assert_ne!(hex.colour(cell), hex.colour(n), "{cell}-{n} orthogonal");
                    assert!(
                        hex.neighbours(n, &ORTHOGONAL).contains(&cell),
                        "{n} back to {cell}"
                    );
                }
            }
            for (cell, next) in graph(&hex, &DIAGONAL) {
                for n in next {
                    assert_eq!(hex.colour(cell), hex.colour(n), "{cell}-{n} diagonal");
                    assert!(
                        hex.neighbours(n, &DIAGONAL).contains(&cell),
                        "{n} back to {cell}"
                    );
                }
            }
        }
    }

    #[test]
    fn degree_counts_of_the_whole_graph() {
        let hex = yalta();
        let count = |dirs: &[Dir]| {
            let mut by_degree = std::collections::BTreeMap::new();
            for (_, n) in graph(&hex, dirs) {
                *by_degree.entry(n.len()).or_insert(0) += 1;
            }
            by_degree.into_iter().collect::<Vec<_>>()
        };
        // 96 cells. The hexagon's six sides have 8 cells each; the 6 corner cells (each
        // seat's a1 and h1) lie on two sides, so the boundary has 6 cells of orthogonal
        // degree 2 and 6 x 8 - 12 = 36 of degree 3; the other 54 have degree 4.
        assert_eq!(count(&ORTHOGONAL), vec![(2, 6), (3, 36), (4, 54)]);
        // Diagonals, per quadrant (by symmetry all six alike): the outer corner has 1, the
        // other 3 + 3 cells of the two outer edges have 2, the centre cell 5 (two on through
        // the centre point), the 8 others 4.
        assert_eq!(count(&DIAGONAL), vec![(1, 6), (2, 36), (4, 48), (5, 6)]);
        for cell in hex.centre_ring() {
            assert_eq!(hex.neighbours(cell, &ORTHOGONAL).len(), 4, "{cell}");
            assert_eq!(hex.neighbours(cell, &DIAGONAL).len(), 5, "{cell}");
        }
    }

    #[test]
    fn rotating_the_seats_maps_the_graph_onto_itself() {
        for variant in [Variant::Yalta, Variant::TripleCrown] {
            let hex = HexBoard::new(variant.board()).unwrap();
            let rotate = |c: Cell| {
                let (s, f, r) = hex.coords(c);
                hex.cell(s.next(), f, r).unwrap()
            };
            for dirs in [&ORTHOGONAL[..], &DIAGONAL[..]] {
                for (cell, next) in graph(&hex, dirs) {
                    let mut rotated: Vec<Cell> = next.into_iter().map(rotate).collect();
                    rotated.sort();
                    let mut direct = hex.neighbours(rotate(cell), dirs);
                    direct.sort();
                    assert_eq!(rotated, direct, "{cell}");
                }
            }
        }
    }

    #[test]
    fn knight_definitions_change_colour_and_agree_away_from_the_centre() {
        for variant in [Variant::Yalta, Variant::TripleCrown] {
            let hex = HexBoard::new(variant.board()).unwrap();
            for cell in variant.board().cells() {
                let a = hex.knight_orthogonal_then_diagonal(cell);
                let b = hex.knight_two_then_one(cell);
                for to in a.iter().chain(&b) {
                    assert_ne!(hex.colour(cell), hex.colour(*to), "{cell}-{to}");
                }
                let (_, f, r) = hex.coords(cell);
                let far = r < hex.n() - 2 || f < hex.n() - 2 || f > hex.n() + 1;
                if far {
                    assert_eq!(a, b, "{cell}");
                }
            }
        }
    }

    #[test]
    fn knights_on_an_open_stretch_move_as_in_chess() {
        let hex = yalta();
        assert_eq!(
            names(&hex.knight_orthogonal_then_diagonal(c("Ab1"))),
            ["Ad2", "Aa3", "Ac3"]
        );
        // Over a top edge: from Ab3 two up is Ch4 (the a-... b-file runs into C's g-file).
        assert_eq!(
            names(&hex.knight_two_then_one(c("Ab3"))),
            names(&hex.knight_orthogonal_then_diagonal(c("Ab3")))
        );
    }

    #[test]
    fn both_knight_paths_give_one_symmetric_knight() {
        for variant in [Variant::Yalta, Variant::TripleCrown] {
            let hex = HexBoard::new(variant.board()).unwrap();
            let cells = variant.board().cells();
            let closure = |leaps: &dyn Fn(Cell) -> Vec<Cell>, x: Cell| {
                let mut v: Vec<Cell> = leaps(x);
                v.extend(cells.iter().copied().filter(|&z| leaps(z).contains(&x)));
                v.sort();
                v.dedup();
                v
            };
            for &x in &cells {
                let sym = hex.knight_symmetric(x);
                assert_eq!(
                    sym,
                    closure(&|c| hex.knight_orthogonal_then_diagonal(c), x),
                    "{x}"
                );
                assert_eq!(sym, closure(&|c| hex.knight_two_then_one(c), x), "{x}");
                for z in &sym {
                    assert!(hex.knight_symmetric(*z).contains(&x), "{x}-{z} one way");
                }
            }
        }
        let hex = yalta();
        assert!(
            hex.knight_orthogonal_then_diagonal(c("Ad3"))
                .contains(&c("Cd4"))
        );
        assert!(
            !hex.knight_orthogonal_then_diagonal(c("Cd4"))
                .contains(&c("Ad3"))
        );
        assert!(hex.knight_symmetric(c("Cd4")).contains(&c("Ad3")));
    }
}
