//! Precomputed move tables: lines, steps, leaps and pawn moves, per cell, built once for each
//! Knight reading (the only reading the tables depend on).

use std::sync::OnceLock;

use trichess_model::{Cell, Variant};

use super::bits::{Bits, CELLS};
use crate::bitset::Bitset;
use crate::hex::Dir;
use crate::mutant::Switch;

use super::board::{self, dir};
use super::readings::{KnightReading, Readings};

/// "No cell".
pub(crate) const NONE: u8 = u8::MAX;

/// A ray: `len` runs from `start` in [`Tables::runs`], and all its cells (`line`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ray {
    pub(crate) line: Bits,
    pub(crate) start: u16,
    pub(crate) len: u8,
}

/// A run of a ray: cells met one after another whose indices all rise (or all fall), so
/// that the first of them met along the ray is the lowest (or the highest) of them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run {
    cells: Bits,
    rising: bool,
}

/// Every table the move generator reads.
#[derive(Debug)]
pub(crate) struct Tables {
    /// The runs of every ray, back to back.
    runs: Vec<Run>,
    /// Per cell, the cells of lower or equal index, and those of higher or equal index.
    up_to: Vec<Bits>,
    down_to: Vec<Bits>,
    /// Orthogonal rays per cell (up to 4).
    pub(crate) ortho: Vec<[Ray; 4]>,
    pub(crate) n_ortho: Vec<u8>,
    /// Diagonal rays per cell (up to 5: one direction may fork at the centre).
    pub(crate) diag: Vec<[Ray; 5]>,
    pub(crate) n_diag: Vec<u8>,
    /// Every cell on an orthogonal line from the cell, on an empty board.
    pub(crate) ortho_lines: Vec<Bits>,
    /// Every cell on a diagonal line from the cell, on an empty board.
    pub(crate) diag_lines: Vec<Bits>,
    /// The Wazir's one orthogonal step.
    pub(crate) wazir: Vec<Bits>,
    /// The Ferz's one diagonal step (both centre cells where it forks).
    pub(crate) ferz: Vec<Bits>,
    /// The straight-across step (only from a centre cell).
    pub(crate) across: Vec<Bits>,
    /// The Knight's leaps from the cell, and the cells it is leapt to from.
    pub(crate) knight: Vec<Bits>,
    pub(crate) knight_rev: Vec<Bits>,
    /// Every cell a step or a leap attacks the cell from (a Knight's, a Pawn's of any seat,
    /// the Wazir's, the Ferz's, the straight-across step): the union of the sets above.
    pub(crate) near: Vec<Bits>,
    /// Per seat: a Pawn's step forwards (or [`NONE`]).
    pub(crate) pawn_push: [Vec<u8>; 3],
    /// Per seat: the double step (passed cell, destination), or [`NONE`]s.
    pub(crate) pawn_double: [Vec<(u8, u8)>; 3],
    /// Per seat: the cells a Pawn captures on, and the cells a Pawn captures from.
    pub(crate) pawn_caps: [Vec<Bits>; 3],
    pub(crate) pawn_caps_rev: [Vec<Bits>; 3],
    /// Per seat: the far ranks (rank 1 of each enemy half-board).
    pub(crate) far_ranks: [Bits; 3],
    /// The model's cell of each dense index.
    pub(crate) cells: Vec<Cell>,
}

static TABLES: [OnceLock<Tables>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];

/// Appends the runs of a ray (its cells in order) and returns it.
fn push_runs(out: &mut Vec<Run>, ray: &[u8]) -> Ray {
    let start = out.len() as u16;
    let mut i = 0;
    while i < ray.len() {
        let rising = ray.get(i + 1).is_some_and(|&next| next > ray[i]);
        let mut j = i + 1;
        while j < ray.len() && (ray[j] > ray[j - 1]) == rising {
            j += 1;
        }
        out.push(Run {
            cells: set_of(ray[i..j].iter().map(|&c| usize::from(c))),
            rising,
        });
        i = j;
    }
    Ray {
        line: set_of(ray.iter().map(|&c| usize::from(c))),
        start,
        len: (out.len() - usize::from(start)) as u8,
    }
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
        let mut knight_rev = vec![Bits::EMPTY; CELLS];
        for (c, leaps) in knight_to.iter().enumerate() {
            for t in leaps.iter() {
                knight_rev[t].set(c);
            }
        }
        let mut t = Tables {
            runs: Vec::new(),
            up_to: (0..CELLS).map(|c| set_of(0..=c)).collect(),
            down_to: (0..CELLS).map(|c| set_of(c..CELLS)).collect(),
            ortho: vec![[Ray::default(); 4]; CELLS],
            n_ortho: vec![0; CELLS],
            diag: vec![[Ray::default(); 5]; CELLS],
            n_diag: vec![0; CELLS],
            ortho_lines: vec![Bits::EMPTY; CELLS],
            diag_lines: vec![Bits::EMPTY; CELLS],
            wazir: vec![Bits::EMPTY; CELLS],
            ferz: vec![Bits::EMPTY; CELLS],
            across: vec![Bits::EMPTY; CELLS],
            knight: knight_to,
            knight_rev,
            near: Vec::new(),
            pawn_push: [vec![NONE; CELLS], vec![NONE; CELLS], vec![NONE; CELLS]],
            pawn_double: [
                vec![(NONE, NONE); CELLS],
                vec![(NONE, NONE); CELLS],
                vec![(NONE, NONE); CELLS],
            ],
            pawn_caps: [
                vec![Bits::EMPTY; CELLS],
                vec![Bits::EMPTY; CELLS],
                vec![Bits::EMPTY; CELLS],
            ],
            pawn_caps_rev: [
                vec![Bits::EMPTY; CELLS],
                vec![Bits::EMPTY; CELLS],
                vec![Bits::EMPTY; CELLS],
            ],
            far_ranks: [Bits::EMPTY; 3],
            cells,
        };
        for c in 0..CELLS {
            t.add_lines(c, fork_missing);
            for seat in 0..3 {
                t.add_pawn(seat, c);
            }
        }
        t.near = (0..CELLS)
            .map(|c| {
                let pawns = t.pawn_caps_rev.iter().map(|rev| rev[c]);
                pawns.fold(
                    t.knight_rev[c] | t.wazir[c] | t.ferz[c] | t.across[c],
                    |a, b| a | b,
                )
            })
            .collect();
        t
    }

    /// The lines, steps and straight-across step from cell `c`.
    fn add_lines(&mut self, c: usize, fork_missing: bool) {
        let hex = board::hex();
        for (i, ray) in hex.orth_rays(c as u8).iter().enumerate() {
            let ray = &ray.cells;
            self.ortho[c][i] = push_runs(&mut self.runs, ray);
            self.n_ortho[c] += 1;
            self.wazir[c].set(usize::from(ray[0]));
            self.ortho_lines[c] |= self.ortho[c][i].line;
        }
        let rays = hex.diag_rays(c as u8).iter();
        for (i, ray) in rays.filter(|r| !fork_missing || r.shared == 0).enumerate() {
            let ray = &ray.cells;
            self.diag[c][i] = push_runs(&mut self.runs, ray);
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

    /// The first occupied cell along a ray, if any.
    #[inline(always)]
    pub(crate) fn blocker(&self, r: Ray, occ: Bits) -> Option<usize> {
        let (start, len) = (usize::from(r.start), usize::from(r.len));
        for run in &self.runs[start..start + len] {
            let hit = run.cells & occ;
            if !hit.is_empty() {
                return Some(if run.rising { hit.first() } else { hit.last() });
            }
        }
        None
    }

    /// The cells a line piece reaches along a ray: up to and including the first occupied.
    #[inline(always)]
    pub(crate) fn reach(&self, r: Ray, occ: Bits) -> Bits {
        let (start, len) = (usize::from(r.start), usize::from(r.len));
        let mut out = Bits::EMPTY;
        for run in &self.runs[start..start + len] {
            let hit = run.cells & occ;
            if hit.is_empty() {
                out |= run.cells;
                continue;
            }
            let before = if run.rising {
                self.up_to[hit.first()]
            } else {
                self.down_to[hit.last()]
            };
            return out | (run.cells & before);
        }
        out
    }
}
