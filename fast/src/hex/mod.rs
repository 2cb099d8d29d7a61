//! The geometry of the hexagonal trisection boards (Yalta: n = 4, Triple Crown: n = 5), built
//! from the fast engine's own formulation and independent of any piece rules.
//!
//! # Formulation
//! Each seat's half-board is a grid of `2n` files by `n` ranks, seen from that seat: file 0 on
//! the seat's left, rank 0 its back rank on the hexagon's edge, rank `n - 1` along the top edge.
//! A step is taken in the *local frame* of the cell it starts from, as a direction
//! `(df, dr)`. Inside the half-board it is the plain grid step. Over the top edge a file runs
//! on into a neighbour's half-board, counting back down: the left files `0..n` into the seat
//! before ([`Seat::prev`], A's a-d into C's h-e), the right files `n..2n` into the seat after
//! ([`Seat::next`], A's e-h into B's d-a). Crossing maps virtual rank `n` file `f` to that
//! seat's rank `n - 1` file `2n - 1 - f` and reverses the direction (a half turn of the
//! frame), so lines carry on straight. Ranks never leave their half-board.
//!
//! The six centre cells (files `n - 1` and `n` of each rank `n - 1`) meet at the centre point.
//! A diagonal step from a centre cell towards the centre point does not cross an edge but that
//! point: it forks into the two other centre cells of the same file (so of the same colour),
//! heading outwards along their long diagonals. Every other step has at most one result.
//!
//! Cells are numbered by the model's dense index (`Board::index`):
//! `seat * 2n * n + rank * 2n + file`.

// Shared by two variants, each using part of it.
#![allow(dead_code)]

use std::sync::OnceLock;

use trichess_model::Seat;

/// A direction in a cell's local frame: file step and rank step, each -1, 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Dir {
    pub(crate) df: i8,
    pub(crate) dr: i8,
}

impl Dir {
    /// Towards the centre (up the file).
    pub(crate) const UP: Dir = Dir { df: 0, dr: 1 };
    /// Towards the own back rank (down the file).
    pub(crate) const DOWN: Dir = Dir { df: 0, dr: -1 };
    /// The four orthogonal directions.
    pub(crate) const ORTHOGONAL: [Dir; 4] = [
        Dir { df: 0, dr: 1 },
        Dir { df: 1, dr: 0 },
        Dir { df: 0, dr: -1 },
        Dir { df: -1, dr: 0 },
    ];
    /// The four diagonal directions.
    pub(crate) const DIAGONAL: [Dir; 4] = [
        Dir { df: 1, dr: 1 },
        Dir { df: 1, dr: -1 },
        Dir { df: -1, dr: -1 },
        Dir { df: -1, dr: 1 },
    ];

    /// Returns true for the four diagonal directions.
    pub(crate) fn is_diagonal(self) -> bool {
        self.df != 0 && self.dr != 0
    }
}

/// A line from a cell, nearest cell first. Where a line forks at the centre point, each
/// branch is a ray of its own; `shared` says how many leading cells a ray has in common with
/// the ray listed just before it (0 for a ray that is not a second branch).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ray {
    pub(crate) cells: Vec<u8>,
    pub(crate) shared: usize,
}

/// The geometry of one hexagonal trisection board with half-boards of `2n` files by `n` ranks.
#[derive(Debug)]
pub(crate) struct Hex {
    n: usize,
    orth: Vec<Vec<Ray>>,
    diag: Vec<Vec<Ray>>,
    neighbours: Vec<Vec<u8>>,
}

impl Hex {
    /// Returns the shared geometry for half-boards of `2n` x `n` (built once; n = 4 or 5).
    pub(crate) fn get(n: usize) -> &'static Hex {
        static YALTA: OnceLock<Hex> = OnceLock::new();
        static TRIPLE_CROWN: OnceLock<Hex> = OnceLock::new();
        static OTHER: OnceLock<Hex> = OnceLock::new();
        let lock = match n {
            4 => &YALTA,
            5 => &TRIPLE_CROWN,
            _ => &OTHER,
        };
        let hex = lock.get_or_init(|| Hex::new(n));
        debug_assert_eq!(hex.n, n, "one Hex per size");
        hex
    }

    /// Builds the geometry for half-boards of `2n` x `n` (2 <= n <= 8).
    pub(crate) fn new(n: usize) -> Hex {
        let mut hex = Hex {
            n,
            orth: Vec::new(),
            diag: Vec::new(),
            neighbours: Vec::new(),
        };
        let len = hex.len();
        for cell in 0..len as u8 {
            let orth = Dir::ORTHOGONAL
                .iter()
                .flat_map(|&d| hex.rays_from(cell, d))
                .collect();
            let diag = Dir::DIAGONAL
                .iter()
                .flat_map(|&d| hex.rays_from(cell, d))
                .collect();
            let neighbours = Dir::ORTHOGONAL
                .iter()
                .flat_map(|&d| hex.step(cell, d))
                .map(|(c, _)| c)
                .collect();
            hex.orth.push(orth);
            hex.diag.push(diag);
            hex.neighbours.push(neighbours);
        }
        hex
    }

    /// Returns n: the number of ranks of a half-board (it has 2n files).
    pub(crate) fn n(&self) -> usize {
        self.n
    }

    /// Returns the number of cells (6 n^2).
    pub(crate) fn len(&self) -> usize {
        6 * self.n * self.n
    }

    /// Returns the dense index of the cell of `seat`'s half-board at `file`, `rank` (from 0).
    pub(crate) fn index(&self, seat: Seat, file: usize, rank: usize) -> Option<u8> {
        let files = 2 * self.n;
        (file < files && rank < self.n)
            .then(|| (seat.index() * files * self.n + rank * files + file) as u8)
    }

    /// Returns the half-board, file and rank (from 0) of a cell.
    pub(crate) fn coords(&self, cell: u8) -> (Seat, usize, usize) {
        let files = 2 * self.n;
        let i = usize::from(cell);
        let seat = Seat::ALL[(i / (files * self.n)) % 3];
        let rest = i % (files * self.n);
        (seat, rest % files, rest / files)
    }

    /// Returns the colour of a cell, 0 or 1: (file + rank) mod 2 in its half-board, so a1 of
    /// every seat has colour 0.
    pub(crate) fn colour(&self, cell: u8) -> u8 {
        let (_, f, r) = self.coords(cell);
        ((f + r) % 2) as u8
    }

    /// Returns the six centre cells in ring order (Ad4 Ae4 Bd4 Be4 Cd4 Ce4 for n = 4), each
    /// sharing an edge with the next.
    pub(crate) fn centre(&self) -> [u8; 6] {
        let n = self.n;
        let mut ring = [0; 6];
        for (i, seat) in Seat::ALL.into_iter().enumerate() {
            ring[2 * i] = self.cell(seat, n - 1, n - 1);
            ring[2 * i + 1] = self.cell(seat, n, n - 1);
        }
        ring
    }

    /// Returns the centre cell straight across the centre point from a centre cell (Ad4 and
    /// Be4), or `None` for any other cell. No line joins the two.
    pub(crate) fn opposite(&self, cell: u8) -> Option<u8> {
        let ring = self.centre();
        let i = ring.iter().position(|&c| c == cell)?;
        Some(ring[(i + 3) % 6])
    }

    /// Returns the orthogonal lines (rook lines) from a cell.
    pub(crate) fn orth_rays(&self, cell: u8) -> &[Ray] {
        &self.orth[usize::from(cell)]
    }

    /// Returns the diagonal lines (bishop lines) from a cell; a fork at the centre point gives
    /// two rays, the second with a non-zero `shared` prefix (or 0 when the fork comes first).
    pub(crate) fn diag_rays(&self, cell: u8) -> &[Ray] {
        &self.diag[usize::from(cell)]
    }

    /// Returns the cells sharing an edge with a cell.
    pub(crate) fn neighbours(&self, cell: u8) -> &[u8] {
        &self.neighbours[usize::from(cell)]
    }

    /// One step from `cell` in direction `dir` of its local frame: the cells reached, each
    /// with the direction that carries on straight in the frame of the cell reached. Empty off
    /// the board; two results for a diagonal step into the centre point (the fork).
    /// This is the raw material for leapers (knights): compose steps as the rules say.
    pub(crate) fn step(&self, cell: u8, dir: Dir) -> Vec<(u8, Dir)> {
        let n = self.n as i32;
        let (seat, f, r) = self.coords(cell);
        let (f, r) = (f as i32, r as i32);
        let (nf, nr) = (f + i32::from(dir.df), r + i32::from(dir.dr));
        if nf < 0 || nf >= 2 * n || nr < 0 {
            return Vec::new();
        }
        if nr < n {
            return vec![(self.cell(seat, nf as usize, nr as usize), dir)];
        }
        let back = Dir {
            df: -dir.df,
            dr: -dir.dr,
        };
        let into_centre = dir.is_diagonal() && ((f == n - 1 && nf == n) || (f == n && nf == n - 1));
        if into_centre {
            // The centre point: the two other centre cells of this file, heading outwards.
            return [seat.next(), seat.prev()]
                .into_iter()
                .map(|t| (self.cell(t, f as usize, (n - 1) as usize), back))
                .collect();
        }
        let target = if nf < n { seat.prev() } else { seat.next() };
        vec![(
            self.cell(target, (2 * n - 1 - nf) as usize, (n - 1) as usize),
            back,
        )]
    }

    fn cell(&self, seat: Seat, file: usize, rank: usize) -> u8 {
        (seat.index() * 2 * self.n * self.n + rank * 2 * self.n + file) as u8
    }

    /// Every ray from `cell` in direction `dir`, forks split into branches.
    fn rays_from(&self, cell: u8, dir: Dir) -> Vec<Ray> {
        let mut rays: Vec<Ray> = Vec::new();
        let mut stack = vec![(cell, dir, Vec::new())];
        while let Some((at, d, path)) = stack.pop() {
            let next = self.step(at, d);
            if next.is_empty() {
                if !path.is_empty() {
                    let shared = rays.last().map_or(0, |prev: &Ray| {
                        prev.cells
                            .iter()
                            .zip(&path)
                            .take_while(|(a, b)| a == b)
                            .count()
                    });
                    rays.push(Ray {
                        cells: path,
                        shared,
                    });
                }
                continue;
            }
            // Pushed in reverse so that the first branch is walked first.
            for &(c, nd) in next.iter().rev() {
                let mut p = path.clone();
                p.push(c);
                stack.push((c, nd, p));
            }
        }
        rays
    }
}

#[cfg(test)]
mod planar;
#[cfg(test)]
mod tests {
    use super::*;
    use trichess_model::Variant;

    fn name(hex: &Hex, cell: u8) -> String {
        let (s, f, r) = hex.coords(cell);
        format!("{}{}{}", s.letter(), char::from(b'a' + f as u8), r + 1)
    }

    fn at(hex: &Hex, text: &str) -> u8 {
        let b = text.as_bytes();
        let seat = Seat::from_letter(char::from(b[0])).unwrap();
        let rank: usize = text[2..].parse().unwrap();
        hex.index(seat, usize::from(b[1] - b'a'), rank - 1).unwrap()
    }

    fn names(hex: &Hex, cells: &[u8]) -> Vec<String> {
        cells.iter().map(|&c| name(hex, c)).collect()
    }

    fn all_rays(hex: &Hex, cell: u8) -> impl Iterator<Item = &Ray> {
        hex.orth_rays(cell).iter().chain(hex.diag_rays(cell))
    }

    #[test]
    fn dense_indices_are_the_models() {
        for (n, variant) in [(4, Variant::Yalta), (5, Variant::TripleCrown)] {
            let hex = Hex::get(n);
            let board = variant.board();
            assert_eq!(hex.len(), board.len());
            for i in 0..hex.len() {
                let cell = board.cell_at(i).unwrap();
                assert_eq!(board.index(cell), Some(i));
                assert_eq!(cell.to_string(), name(hex, i as u8));
            }
        }
    }

    #[test]
    fn the_centre_ring_shares_edges_in_order() {
        let hex = Hex::get(4);
        assert_eq!(
            names(hex, &hex.centre()),
            ["Ad4", "Ae4", "Bd4", "Be4", "Cd4", "Ce4"]
        );
        let hex5 = Hex::get(5);
        assert_eq!(
            names(hex5, &hex5.centre()),
            ["Ae5", "Af5", "Be5", "Bf5", "Ce5", "Cf5"]
        );
        for n in [4, 5] {
            let hex = Hex::get(n);
            let ring = hex.centre();
            for i in 0..6 {
                let (a, b) = (ring[i], ring[(i + 1) % 6]);
                assert!(hex.neighbours(a).contains(&b), "{}", name(hex, a));
                assert!(hex.neighbours(b).contains(&a));
                let across = hex.opposite(a).unwrap();
                assert!(!hex.neighbours(a).contains(&across));
                assert_ne!(hex.colour(a), hex.colour(across));
                assert!(all_rays(hex, a).all(|r| !r.cells.contains(&across)));
            }
        }
    }

    /// The orthogonal ray of `cell` whose first cell is `first`.
    fn ray_via(hex: &Hex, rays: &[Ray], first: u8) -> Vec<String> {
        let ray = rays.iter().find(|r| r.cells[0] == first).unwrap();
        names(hex, &ray.cells)
    }

    #[test]
    fn files_run_on_into_the_neighbours_counting_down() {
        let hex = Hex::get(4);
        let ad2 = at(hex, "Ad2");
        assert_eq!(
            ray_via(hex, hex.orth_rays(ad2), at(hex, "Ad3")),
            ["Ad3", "Ad4", "Ce4", "Ce3", "Ce2", "Ce1"]
        );
        let ae2 = at(hex, "Ae2");
        assert_eq!(
            ray_via(hex, hex.orth_rays(ae2), at(hex, "Ae3")),
            ["Ae3", "Ae4", "Bd4", "Bd3", "Bd2", "Bd1"]
        );
        // A's a-d into C's h-e, e-h into B's d-a; the same at n = 5 (a-e into j-f).
        for n in [4, 5] {
            let hex = Hex::get(n);
            for seat in Seat::ALL {
                for f in 0..2 * n {
                    let top = hex.index(seat, f, n - 1).unwrap();
                    let up = hex.step(top, Dir::UP);
                    let into = if f < n { seat.prev() } else { seat.next() };
                    assert_eq!(
                        up,
                        vec![(hex.index(into, 2 * n - 1 - f, n - 1).unwrap(), Dir::DOWN)]
                    );
                }
            }
        }
        let hex5 = Hex::get(5);
        let ae2 = at(hex5, "Ae2");
        assert_eq!(
            ray_via(hex5, hex5.orth_rays(ae2), at(hex5, "Ae3")),
            ["Ae3", "Ae4", "Ae5", "Cf5", "Cf4", "Cf3", "Cf2", "Cf1"]
        );
    }

    #[test]
    fn ranks_never_leave_their_half_board() {
        for n in [4, 5] {
            let hex = Hex::get(n);
            for cell in 0..hex.len() as u8 {
                let (seat, _, rank) = hex.coords(cell);
                for d in [Dir { df: 1, dr: 0 }, Dir { df: -1, dr: 0 }] {
                    let mut at = cell;
                    while let Some(&(next, _)) = hex.step(at, d).first() {
                        assert_eq!(hex.coords(next).0, seat);
                        assert_eq!(hex.coords(next).2, rank);
                        at = next;
                    }
                }
            }
        }
    }

    #[test]
    fn a_diagonal_into_the_centre_forks_into_the_cells_of_its_colour() {
        let hex = Hex::get(4);
        let rays: Vec<(Vec<String>, usize)> = hex
            .diag_rays(at(hex, "Ac3"))
            .iter()
            .map(|r| (names(hex, &r.cells), r.shared))
            .collect();
        let bd = ["Ad4", "Bd4", "Bc3", "Bb2", "Ba1"]
            .map(String::from)
            .to_vec();
        let cd = ["Ad4", "Cd4", "Cc3", "Cb2", "Ca1"]
            .map(String::from)
            .to_vec();
        let i = rays.iter().position(|r| r.0 == bd).unwrap();
        assert_eq!(rays[i + 1], (cd, 1));
        // From a centre cell the fork comes first: both branches share nothing.
        let ad4: Vec<(Vec<String>, usize)> = hex
            .diag_rays(at(hex, "Ad4"))
            .iter()
            .map(|r| (names(hex, &r.cells), r.shared))
            .collect();
        assert!(ad4.contains(&(["Bd4", "Bc3", "Bb2", "Ba1"].map(String::from).to_vec(), 0)));
        assert!(ad4.contains(&(["Cd4", "Cc3", "Cb2", "Ca1"].map(String::from).to_vec(), 0)));
        assert!(ad4.contains(&(["Cf4", "Cg3", "Ch2"].map(String::from).to_vec(), 0)));
        let hex5 = Hex::get(5);
        let ad4: Vec<Vec<String>> = hex5
            .diag_rays(at(hex5, "Ad4"))
            .iter()
            .map(|r| names(hex5, &r.cells))
            .collect();
        assert!(
            ad4.contains(
                &["Ae5", "Be5", "Bd4", "Bc3", "Bb2", "Ba1"]
                    .map(String::from)
                    .to_vec()
            )
        );
        assert!(
            ad4.contains(
                &["Ae5", "Ce5", "Cd4", "Cc3", "Cb2", "Ca1"]
                    .map(String::from)
                    .to_vec()
            )
        );
    }

    #[test]
    fn diagonals_keep_their_colour_and_edges_change_it() {
        for n in [4, 5] {
            let hex = Hex::get(n);
            for cell in 0..hex.len() as u8 {
                for ray in hex.diag_rays(cell) {
                    assert!(ray.cells.iter().all(|&c| hex.colour(c) == hex.colour(cell)));
                }
                for &nb in hex.neighbours(cell) {
                    assert_ne!(hex.colour(nb), hex.colour(cell));
                }
            }
        }
    }

    #[test]
    fn lines_run_both_ways() {
        for n in [4, 5] {
            let hex = Hex::get(n);
            for cell in 0..hex.len() as u8 {
                for (diagonal, rays) in [(false, hex.orth_rays(cell)), (true, hex.diag_rays(cell))]
                {
                    for ray in rays {
                        for i in 0..ray.cells.len() {
                            let mut back: Vec<u8> = ray.cells[..i].iter().rev().copied().collect();
                            back.push(cell);
                            let from = ray.cells[i];
                            let list = if diagonal {
                                hex.diag_rays(from)
                            } else {
                                hex.orth_rays(from)
                            };
                            assert!(
                                list.iter().any(|r| r.cells.starts_with(&back)),
                                "{} back to {}",
                                name(hex, from),
                                name(hex, cell)
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn shared_prefixes_are_exact_and_first_cells_distinct() {
        for n in [4, 5] {
            let hex = Hex::get(n);
            for cell in 0..hex.len() as u8 {
                for rays in [hex.orth_rays(cell), hex.diag_rays(cell)] {
                    let mut firsts = Vec::new();
                    for (i, ray) in rays.iter().enumerate() {
                        assert!(!ray.cells.contains(&cell));
                        if ray.shared > 0 {
                            let prev = &rays[i - 1];
                            assert_eq!(ray.cells[..ray.shared], prev.cells[..ray.shared]);
                            assert_ne!(ray.cells[ray.shared], prev.cells[ray.shared]);
                        } else {
                            assert!(!firsts.contains(&ray.cells[0]));
                            firsts.push(ray.cells[0]);
                        }
                    }
                    assert!(rays.iter().filter(|r| r.shared == 0).count() <= 4 + 1);
                }
            }
        }
    }

    #[test]
    fn edge_counts_and_seat_rotation() {
        for n in [4, 5] {
            let hex = Hex::get(n);
            let mut edges = 0;
            for cell in 0..hex.len() as u8 {
                let k = hex.neighbours(cell).len();
                assert!((2..=4).contains(&k));
                edges += k;
                // Rotating the seats is a symmetry of the board.
                let (s, f, r) = hex.coords(cell);
                let rot = |c: u8| {
                    let (s, f, r) = hex.coords(c);
                    hex.index(s.next(), f, r).unwrap()
                };
                let turned = hex.index(s.next(), f, r).unwrap();
                let mut a: Vec<u8> = hex.neighbours(cell).iter().map(|&c| rot(c)).collect();
                let mut b = hex.neighbours(turned).to_vec();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b);
            }
            // Per half-board: 2n x n grid edges, plus n top-edge seams each shared by two.
            let grid = (2 * n - 1) * n + 2 * n * (n - 1);
            assert_eq!(edges / 2, 3 * grid + 3 * n);
            // Only the top ranks and the sides: corners have two edges.
            let corner = hex.index(Seat::A, 0, 0).unwrap();
            assert_eq!(hex.neighbours(corner).len(), 2);
        }
    }

    #[test]
    fn straight_across_pairs() {
        for (n, pairs) in [
            (4, [("Ad4", "Be4"), ("Ae4", "Cd4"), ("Bd4", "Ce4")]),
            (5, [("Ae5", "Bf5"), ("Af5", "Ce5"), ("Be5", "Cf5")]),
        ] {
            let hex = Hex::get(n);
            for (a, b) in pairs {
                assert_eq!(hex.opposite(at(hex, a)), Some(at(hex, b)));
                assert_eq!(hex.opposite(at(hex, b)), Some(at(hex, a)));
            }
            assert_eq!(hex.opposite(hex.index(Seat::A, 0, 0).unwrap()), None);
        }
    }
}
