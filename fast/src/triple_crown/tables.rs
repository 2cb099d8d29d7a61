//! Precomputed move tables: lines, steps, leaps and pawn moves, per cell, built once for each
//! Knight reading (the only reading the tables depend on).

use std::ops::{Index, IndexMut};
use std::sync::OnceLock;

use trichess_model::{Cell, Variant};

use super::bits::{Bits, CELLS, Spot};
use crate::bitset::Bitset;
use crate::hex::Dir;
use crate::mutant::Switch;

use super::board::{self, dir};
use super::options::{KnightReading, Readings};

/// "No cell".
pub(crate) const NONE: u8 = u8::MAX;

/// The most runs a ray has (see [`Ray`]).
const MAX_RUNS: usize = 4;

/// A ray: all its cells (`line`), and its cells in `len` runs, in order along the ray. A run
/// is cells met one after another that lie in one word of a [`Bits`] and whose indices all
/// rise (or all fall), so that the first of them met along the ray is the lowest (or the
/// highest) of them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ray {
    pub(crate) line: Bits,
    /// Per run: its cells, as bits of its word.
    masks: [u64; MAX_RUNS],
    /// Per run: its word (bits 0 and 1) and [`RISING`].
    words: [u8; MAX_RUNS],
    len: u8,
}

/// A set built word by word in memory by [`Ray::reach_into`], its words two apart (word k
/// at index 2k). Adjacent words, stored one by one, would be read back by one wide load,
/// which cannot take its bytes from two narrower stores still in flight and waits for them
/// (a failed store-to-load forwarding, measured at a fifth of the generator's time).
#[derive(Debug, Default)]
pub(crate) struct Reach([u64; 5]);

impl Reach {
    /// The set built.
    #[inline(always)]
    pub(crate) fn bits(&self) -> Bits {
        Bits([self.0[0], self.0[2], self.0[4]])
    }
}

/// A run's cells are met lowest first.
const RISING: u8 = 4;

/// One entry per cell. Read by a cell index masked to a byte (every cell is below
/// [`CELLS`]), which needs no bounds check.
#[derive(Clone, Debug)]
pub(crate) struct PerCell<T>([T; 256]);

impl<T: Copy> PerCell<T> {
    fn filled(v: T) -> PerCell<T> {
        PerCell([v; 256])
    }
}

impl<T> Index<usize> for PerCell<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, cell: usize) -> &T {
        debug_assert!(cell < CELLS);
        &self.0[cell & 255]
    }
}

impl<T> IndexMut<usize> for PerCell<T> {
    #[inline(always)]
    fn index_mut(&mut self, cell: usize) -> &mut T {
        debug_assert!(cell < CELLS);
        &mut self.0[cell & 255]
    }
}

/// Every table the move generator reads.
#[derive(Debug)]
pub(crate) struct Tables {
    /// Orthogonal rays per cell (up to 4).
    pub(crate) ortho: PerCell<[Ray; 4]>,
    pub(crate) n_ortho: PerCell<u8>,
    /// Diagonal rays per cell (up to 5: one direction may fork at the centre).
    pub(crate) diag: PerCell<[Ray; 5]>,
    pub(crate) n_diag: PerCell<u8>,
    /// Every cell on an orthogonal line from the cell, on an empty board.
    pub(crate) ortho_lines: PerCell<Bits>,
    /// Every cell on a diagonal line from the cell, on an empty board.
    pub(crate) diag_lines: PerCell<Bits>,
    /// The Wazir's one orthogonal step.
    pub(crate) wazir: PerCell<Bits>,
    /// The Ferz's one diagonal step (both centre cells where it forks).
    pub(crate) ferz: PerCell<Bits>,
    /// The straight-across step (only from a centre cell).
    pub(crate) across: PerCell<Bits>,
    /// The Knight's leaps from the cell, and the cells it is leapt to from.
    pub(crate) knight: PerCell<Bits>,
    pub(crate) knight_rev: PerCell<Bits>,
    /// Every cell a step or a leap attacks the cell from (a Knight's, a Pawn's of any seat,
    /// the Wazir's, the Ferz's, the straight-across step): the union of the sets above.
    pub(crate) near: PerCell<Bits>,
    /// Per seat: a Pawn's step forwards (or [`NONE`]).
    pub(crate) pawn_push: [PerCell<u8>; 3],
    /// Per seat: the double step (passed cell, destination), or [`NONE`]s.
    pub(crate) pawn_double: [PerCell<(u8, u8)>; 3],
    /// Per seat: the cells a Pawn captures on, and the cells a Pawn captures from.
    pub(crate) pawn_caps: [PerCell<Bits>; 3],
    pub(crate) pawn_caps_rev: [PerCell<Bits>; 3],
    /// Per seat: the far ranks (rank 1 of each enemy half-board).
    pub(crate) far_ranks: [Bits; 3],
    /// The model's cell of each dense index.
    pub(crate) cells: Vec<Cell>,
}

static TABLES: [OnceLock<Tables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// Returns the ray of `ray` (its cells in order), cut into runs.
fn ray_of(ray: &[u8]) -> Ray {
    let mut out = Ray {
        line: set_of(ray.iter().map(|&c| usize::from(c))),
        ..Ray::default()
    };
    let mut i = 0;
    while i < ray.len() {
        let word = ray[i] >> 6;
        let same = |j: usize| ray.get(j).is_some_and(|&c| c >> 6 == word);
        let rising = same(i + 1) && ray[i + 1] > ray[i];
        let mut j = i + 1;
        while same(j) && (ray[j] > ray[j - 1]) == rising {
            j += 1;
        }
        let n = usize::from(out.len);
        assert!(n < MAX_RUNS, "a ray of more than {MAX_RUNS} runs");
        out.masks[n] = ray[i..j].iter().fold(0, |m, &c| m | 1 << (c & 63));
        out.words[n] = word | if rising { RISING } else { 0 };
        out.len += 1;
        i = j;
    }
    out
}

/// Returns the tables of a Knight reading, building them the first time.
pub(crate) fn tables(knight: KnightReading) -> &'static Tables {
    TABLES[knight.index()].get_or_init(|| Tables::build(knight, false))
}

/// Returns the tables the readings play on: those of their Knight reading, or, for the mutant
/// centre-fork-missing, tables of its own (built the first time).
pub(crate) fn tables_of(r: &Readings<impl Switch>) -> &'static Tables {
    static FORK_MISSING: [OnceLock<Tables>; 3] = [const { OnceLock::new() }; 3];
    if r.bugs.fork_missing.on() {
        FORK_MISSING[r.knight.index()].get_or_init(|| Tables::build(r.knight, true))
    } else {
        tables(r.knight)
    }
}

fn set_of(cells: impl IntoIterator<Item = usize>) -> Bits {
    let mut b = Bits::EMPTY;
    for c in cells {
        b.set(c);
    }
    b
}

/// `triple-crown.straight-across`: the centre cell opposite `cell` (three places round the ring
/// Ae5 Af5 Be5 Bf5 Ce5 Cf5), if `cell` is a centre cell.
pub(crate) fn opposite(cell: usize) -> Option<usize> {
    board::hex().opposite(cell as u8).map(usize::from)
}

/// `triple-crown.knight`, reading orthogonal-then-diagonal: one orthogonal step, then one
/// diagonal step carrying on the same way (both branches where the diagonal forks).
fn knight_orthogonal_then_diagonal(cell: usize) -> Bits {
    let mut out = Bits::EMPTY;
    for o in Dir::ORTHOGONAL {
        board::each_step(cell, o, |m, d| {
            let dirs = if d.df == 0 {
                [dir(1, d.dr), dir(-1, d.dr)]
            } else {
                [dir(d.df, 1), dir(d.df, -1)]
            };
            for dd in dirs {
                board::each_step(m, dd, |t, _| out.set(t));
            }
        });
    }
    out.clear(cell);
    out
}

/// `triple-crown.knight`, reading two-then-one: two orthogonal steps in one direction, then one
/// orthogonal step to either side.
fn knight_two_then_one(cell: usize) -> Bits {
    let mut out = Bits::EMPTY;
    for o in Dir::ORTHOGONAL {
        board::each_step(cell, o, |m1, d1| {
            board::each_step(m1, d1, |m2, d2| {
                let dirs = if d2.df == 0 {
                    [dir(1, 0), dir(-1, 0)]
                } else {
                    [dir(0, 1), dir(0, -1)]
                };
                for dd in dirs {
                    board::each_step(m2, dd, |t, _| out.set(t));
                }
            });
        });
    }
    out.clear(cell);
    out
}

/// Returns the Knight's leaps from every cell under `reading`.
pub(crate) fn knight_leaps(reading: KnightReading) -> Vec<Bits> {
    let od: Vec<Bits> = (0..CELLS).map(knight_orthogonal_then_diagonal).collect();
    let to: Vec<Bits> = (0..CELLS).map(knight_two_then_one).collect();
    match reading {
        KnightReading::OrthogonalThenDiagonal => od,
        KnightReading::TwoThenOne => to,
        KnightReading::Symmetric => {
            // The leaps of either description, and their reverses.
            let mut out: Vec<Bits> = (0..CELLS).map(|c| od[c] | to[c]).collect();
            for c in 0..CELLS {
                for t in (od[c] | to[c]).iter() {
                    out[t].set(c);
                }
            }
            out
        }
    }
}

impl Tables {
    /// Builds the tables; `fork_missing` (the mutant centre-fork-missing) keeps the first
    /// branch of a diagonal that forks at the centre only.
    fn build(knight: KnightReading, fork_missing: bool) -> Tables {
        let board = Variant::TripleCrown.board();
        let cells = (0..CELLS)
            .map(|i| {
                let (seat, file, rank) = board::coords(i);
                board.hex(trichess_model::Seat::ALL[seat], file, rank)
            })
            .collect::<Option<Vec<Cell>>>()
            .unwrap_or_default();
        let knight_to = knight_leaps(knight);
        let empty = PerCell::filled(Bits::EMPTY);
        let mut knight = empty.clone();
        let mut knight_rev = empty.clone();
        for (c, leaps) in knight_to.iter().enumerate() {
            knight[c] = *leaps;
            for t in leaps.iter() {
                knight_rev[t].set(c);
            }
        }
        let mut t = Tables {
            ortho: PerCell::filled([Ray::default(); 4]),
            n_ortho: PerCell::filled(0),
            diag: PerCell::filled([Ray::default(); 5]),
            n_diag: PerCell::filled(0),
            ortho_lines: empty.clone(),
            diag_lines: empty.clone(),
            wazir: empty.clone(),
            ferz: empty.clone(),
            across: empty.clone(),
            knight,
            knight_rev,
            near: empty.clone(),
            pawn_push: std::array::from_fn(|_| PerCell::filled(NONE)),
            pawn_double: std::array::from_fn(|_| PerCell::filled((NONE, NONE))),
            pawn_caps: std::array::from_fn(|_| empty.clone()),
            pawn_caps_rev: std::array::from_fn(|_| empty.clone()),
            far_ranks: [Bits::EMPTY; 3],
            cells,
        };
        for c in 0..CELLS {
            t.add_lines(c, fork_missing);
            for seat in 0..3 {
                t.add_pawn(seat, c);
            }
        }
        for c in 0..CELLS {
            let pawns = t.pawn_caps_rev.iter().map(|rev| rev[c]);
            t.near[c] = pawns.fold(
                t.knight_rev[c] | t.wazir[c] | t.ferz[c] | t.across[c],
                |a, b| a | b,
            );
        }
        t
    }

    /// The lines, steps and straight-across step from cell `c`.
    fn add_lines(&mut self, c: usize, fork_missing: bool) {
        let hex = board::hex();
        for (i, ray) in hex.orth_rays(c as u8).iter().enumerate() {
            let ray = &ray.cells;
            self.ortho[c][i] = ray_of(ray);
            self.n_ortho[c] += 1;
            self.wazir[c].set(usize::from(ray[0]));
            self.ortho_lines[c] |= self.ortho[c][i].line;
        }
        let rays = hex.diag_rays(c as u8).iter();
        for (i, ray) in rays.filter(|r| !fork_missing || r.shared == 0).enumerate() {
            let ray = &ray.cells;
            self.diag[c][i] = ray_of(ray);
            self.n_diag[c] += 1;
            self.ferz[c].set(usize::from(ray[0]));
            self.diag_lines[c] |= self.diag[c][i].line;
        }
        if let Some(o) = opposite(c) {
            self.across[c].set(o);
        }
    }

    /// A Pawn of `seat` on cell `c`: its step, double step and captures, and whether `c` is
    /// one of its far ranks.
    fn add_pawn(&mut self, seat: usize, c: usize) {
        let (half, file, rank) = board::coords(c);
        if half != seat && rank == 0 {
            self.far_ranks[seat].set(c);
        }
        // triple-crown.pawn-moves / pawn-stays-in-half: in its own half-board a Pawn
        // moves up its file (and on over the top edge); in an enemy half-board, down.
        let up = half == seat;
        let dr = if up { 1 } else { -1 };
        board::each_step(c, dir(0, dr), |t, _| self.pawn_push[seat][c] = t as u8);
        for df in [1, -1] {
            board::each_step(c, dir(df, dr), |t, _| {
                self.pawn_caps[seat][c].set(t);
                self.pawn_caps_rev[seat][t].set(c);
            });
        }
        // triple-crown.double-step: from the Pawn's own third rank.
        if up && rank == 2 {
            self.pawn_double[seat][c] = (
                board::index(seat, file, 3) as u8,
                board::index(seat, file, 4) as u8,
            );
        }
    }
}

impl Ray {
    /// The runs: each one's cells within its word, its word, and whether it rises.
    #[inline(always)]
    fn runs(&self) -> impl Iterator<Item = (u64, usize, bool)> + '_ {
        let n = usize::from(self.len);
        self.masks
            .iter()
            .zip(&self.words)
            .take(n)
            .map(|(&mask, &w)| {
                // A word index is below 3 (`min` lets the read of the word go unchecked).
                (mask, usize::from(w & 3).min(2), w & RISING != 0)
            })
    }

    /// The first occupied cell along the ray, if any.
    #[inline(always)]
    pub(crate) fn blocker(&self, occ: &Bits) -> Option<Spot> {
        for (mask, word, rising) in self.runs() {
            let hit = occ.0[word] & mask;
            if hit != 0 {
                let bit = if rising {
                    hit & hit.wrapping_neg()
                } else {
                    1 << (63 - hit.leading_zeros())
                };
                return Some(Spot { word, bit });
            }
        }
        None
    }

    /// Adds to `out` the cells a line piece reaches along the ray: up to and including the
    /// first occupied.
    #[inline(always)]
    pub(crate) fn reach_into(&self, occ: &Bits, out: &mut Reach) {
        for (mask, w, rising) in self.runs() {
            let hit = occ.0[w] & mask;
            if hit == 0 {
                out.0[2 * w] |= mask;
                continue;
            }
            // The run's cells up to the first hit: below and at the lowest hit bit, or at
            // and above the highest.
            out.0[2 * w] |= mask
                & if rising {
                    hit ^ (hit - 1)
                } else {
                    u64::MAX << (63 - hit.leading_zeros())
                };
            return;
        }
    }
}
