//! Yalta's precomputed tables: lines with their masks, king steps, knight leaps under each
//! reading of `yalta.knight-centre`, pawn pushes, double steps and captures, all indexed by
//! the dense cell index and built once per reading from the hex geometry.

use std::sync::OnceLock;

use trichess_model::Seat;

use crate::Mutant;
use crate::bitset::Bitset;
use crate::hex::{Dir, Hex};

/// Number of cells of the Yalta board.
pub(super) const CELLS: usize = 96;
/// No cell.
pub(super) const NONE: u8 = 255;

/// `yalta.knight-centre`: which leaps a knight has near the centre.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum KnightReading {
    Symmetric,
    OrthogonalThenDiagonal,
    TwoThenOne,
}

/// A line from a cell (a fork's second branch repeats the cells it shares with the first),
/// as two runs of cells in order from the line's cell outwards: `inc`, whose cell indices
/// rise outwards (up the files and to the right in the own half-board), then `dec`, whose
/// cells fall (beyond the top edge, where a file runs down another half-board, and every way
/// down or to the left). Either may be empty. The first occupied cell of a run is then its
/// lowest (`inc`) or highest (`dec`) occupied cell: no walk along the line.
#[derive(Clone, Copy, Debug)]
pub(super) struct Line {
    pub(super) inc: u128,
    pub(super) dec: u128,
}

impl Line {
    /// The line of `cells`, in order outwards: those up to the last rising step, then the
    /// rest, which must fall all the way (true of every line of the board: a line leaves
    /// a half-board only over the top edge, and goes down the half-board it runs into).
    pub(super) fn of(cells: &[u8]) -> Line {
        let rising = 1 + cells.windows(2).take_while(|w| w[0] < w[1]).count();
        let (inc, dec) = cells.split_at(rising.min(cells.len()));
        assert!(
            dec.windows(2).all(|w| w[0] > w[1]),
            "a line that falls and rises again: {cells:?}"
        );
        let mask = |run: &[u8]| run.iter().fold(0u128, |m, &c| m | bit(c));
        Line {
            inc: mask(inc),
            dec: mask(dec),
        }
    }

    /// All the cells of the line.
    #[inline(always)]
    pub(super) fn mask(&self) -> u128 {
        self.inc | self.dec
    }

    /// The bit of the first occupied cell of the line (nearest the line's cell), or 0.
    #[inline(always)]
    pub(super) fn first(&self, occ: u128) -> u128 {
        let b = self.inc & occ;
        if b != 0 {
            return b & b.wrapping_neg();
        }
        let d = self.dec & occ;
        if d == 0 { 0 } else { top(d) }
    }

    /// The cells a line piece reaches along the line: up to and including the first
    /// occupied one.
    #[inline(always)]
    pub(super) fn reach(&self, occ: u128) -> u128 {
        let b = self.inc & occ;
        if b != 0 {
            // The cells up to the lowest occupied one, that one included.
            return self.inc & (b ^ (b - 1));
        }
        let d = self.dec & occ;
        if d == 0 {
            return self.inc | self.dec;
        }
        // The cells down to the highest occupied one, that one included.
        self.inc | (self.dec & !(top(d) - 1))
    }
}

/// The highest cell of a non-empty set, as a set.
#[inline(always)]
fn top(m: u128) -> u128 {
    bit((127 - m.leading_zeros()) as u8)
}

/// A pawn's moves from one cell, for one army.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct PawnCell {
    /// The bit of the cell one step forwards, or 0.
    pub(super) one: u128,
    /// The bit of the far cell of a double step from the army's own rank 2 (through `one`),
    /// or 0.
    pub(super) two: u128,
    /// The cells a pawn captures on.
    pub(super) caps: u128,
}

/// A table per cell, sized for any u8 index so that a lookup by cell needs no bounds check.
pub(super) type PerCell<T> = [T; 256];

fn per_cell<T: Copy + Default>(v: &[T]) -> PerCell<T> {
    let mut out = [T::default(); 256];
    out[..v.len()].copy_from_slice(v);
    out
}

/// The tables of one reading of the knight and king open points.
#[derive(Debug)]
pub(super) struct Tables {
    pub(super) lines: Vec<Line>,
    /// Per cell, the range of its orthogonal lines in `lines`, then of its diagonal lines.
    pub(super) orth: PerCell<(u16, u16)>,
    pub(super) diag: PerCell<(u16, u16)>,
    /// Per cell, all the cells of its orthogonal lines, then of its diagonal lines.
    pub(super) orth_union: PerCell<u128>,
    pub(super) diag_union: PerCell<u128>,
    pub(super) king: PerCell<u128>,
    pub(super) knight: PerCell<u128>,
    /// Cells from which a knight leaps onto the cell (differs from `knight` under the one-way
    /// readings).
    pub(super) knight_from: PerCell<u128>,
    /// Per army and cell: the cell one step forwards, or [`NONE`].
    pub(super) push: [Vec<u8>; 3],
    /// Per army and cell: the cells from which a pawn of the army attacks the cell.
    pub(super) pawn_from: [PerCell<u128>; 3],
    /// Per army and cell: a pawn's step, double step and captures.
    pub(super) pawn: [PerCell<PawnCell>; 3],
    /// The cells of rank 1 of each half-board (where pawns promote).
    pub(super) back_ranks: u128,
    /// Per cell, every cell whose contents can bear on whether a king there is attacked: its
    /// lines and the cells a leaper attacks it from.
    pub(super) sensitive: PerCell<u128>,
    /// The cells (as offsets from the army's a1) that a castling king crosses, short and long,
    /// which no enemy may attack: f1 and d1 (the mutant castling-through-check looks at e1,
    /// the king's own cell, which castling already needs unattacked).
    pub(super) castle_crossed: [u8; 2],
}

impl Tables {
    /// Returns the tables for a reading (built once).
    pub(super) fn get(knight: KnightReading, touching: bool) -> &'static Tables {
        static CACHE: [OnceLock<Tables>; 6] = [const { OnceLock::new() }; 6];
        let k = match knight {
            KnightReading::Symmetric => 0,
            KnightReading::OrthogonalThenDiagonal => 1,
            KnightReading::TwoThenOne => 2,
        };
        CACHE[k * 2 + usize::from(touching)].get_or_init(|| Tables::new(knight, touching, None))
    }

    /// Returns the tables of a reading as a mutant of the tables sees them (built once): the
    /// centre fork missing, knights keeping their colour across a seam, or castling that
    /// looks at the wrong cells.
    pub(super) fn mutated(
        knight: KnightReading,
        touching: bool,
        mutant: Mutant,
    ) -> &'static Tables {
        static CACHE: [OnceLock<Tables>; 18] = [const { OnceLock::new() }; 18];
        let k = match knight {
            KnightReading::Symmetric => 0,
            KnightReading::OrthogonalThenDiagonal => 1,
            KnightReading::TwoThenOne => 2,
        };
        let m = match mutant {
            Mutant::YaltaKnightKeepsColour => 1,
            Mutant::YaltaCastlingThroughCheck => 2,
            _ => 0,
        };
        CACHE[m * 6 + k * 2 + usize::from(touching)]
            .get_or_init(|| Tables::new(knight, touching, Some(mutant)))
    }

    fn new(knight: KnightReading, touching: bool, mutant: Option<Mutant>) -> Tables {
        let hex = Hex::get(4);
        let LineTables {
            lines,
            orth,
            diag,
            king,
        } = line_tables(hex, touching, mutant);
        let (knight_to, knight_from) = knight_tables(hex, knight, mutant);
        let PawnTables {
            push,
            double,
            caps,
            pawn_from,
        } = pawn_tables(hex);
        let back_ranks = (0..CELLS as u8)
            .filter(|&c| hex.coords(c).2 == 0)
            .fold(0, |m, c| m | bit(c));
        let cell_bit = |c: u8| if c == NONE { 0 } else { bit(c) };
        let pawn: [Vec<PawnCell>; 3] = std::array::from_fn(|a| {
            (0..CELLS)
                .map(|c| PawnCell {
                    one: cell_bit(push[a][c]),
                    two: cell_bit(double[a][c].1),
                    caps: caps[a][c],
                })
                .collect()
        });
        let union = |ranges: &[(u16, u16)]| -> Vec<u128> {
            ranges
                .iter()
                .map(|&(a, b)| {
                    lines[usize::from(a)..usize::from(b)]
                        .iter()
                        .fold(0, |m, l: &Line| m | l.mask())
                })
                .collect()
        };
        let orth_union = union(&orth);
        let diag_union = union(&diag);
        let sensitive = (0..CELLS)
            .map(|c| {
                orth_union[c]
                    | diag_union[c]
                    | knight_from[c]
                    | king[c]
                    | pawn_from.iter().fold(0, |m, p| m | p[c])
            })
            .collect();
        let sensitive: Vec<u128> = sensitive;
        let three = |v: &[Vec<u128>; 3]| [per_cell(&v[0]), per_cell(&v[1]), per_cell(&v[2])];
        Tables {
            castle_crossed: if mutant == Some(Mutant::YaltaCastlingThroughCheck) {
                [4, 4]
            } else {
                [5, 3]
            },
            sensitive: per_cell(&sensitive),
            orth_union: per_cell(&orth_union),
            diag_union: per_cell(&diag_union),
            lines,
            orth: per_cell(&orth),
            diag: per_cell(&diag),
            king: per_cell(&king),
            knight: per_cell(&knight_to),
            knight_from: per_cell(&knight_from),
            push,
            pawn: [per_cell(&pawn[0]), per_cell(&pawn[1]), per_cell(&pawn[2])],
            pawn_from: three(&pawn_from),
            back_ranks,
        }
    }
}

/// The lines of the board as [`Tables`] keeps them, and the king's steps.
struct LineTables {
    lines: Vec<Line>,
    orth: Vec<(u16, u16)>,
    diag: Vec<(u16, u16)>,
    king: Vec<u128>,
}

fn line_tables(hex: &Hex, touching: bool, mutant: Option<Mutant>) -> LineTables {
    let mut lines = Vec::new();
    let mut orth = Vec::new();
    let mut diag = Vec::new();
    let mut king = vec![0u128; CELLS];
    for cell in 0..CELLS as u8 {
        for (rays, out) in [
            (hex.orth_rays(cell), &mut orth),
            (hex.diag_rays(cell), &mut diag),
        ] {
            let first = lines.len() as u16;
            // The mutant centre-fork-missing keeps the first branch of a fork only.
            let fork_missing = mutant == Some(Mutant::YaltaCentreForkMissing);
            for ray in rays.iter().filter(|r| !fork_missing || r.shared == 0) {
                lines.push(Line::of(&ray.cells));
                king[usize::from(cell)] |= bit(ray.cells[0]);
            }
            out.push((first, lines.len() as u16));
        }
        // yalta.king-across-centre=touching: also the centre cell straight across.
        if touching && let Some(across) = hex.opposite(cell) {
            king[usize::from(cell)] |= bit(across);
        }
    }
    LineTables {
        lines,
        orth,
        diag,
        king,
    }
}

/// The knight's leaps from each cell, and the cells it attacks each cell from.
fn knight_tables(
    hex: &Hex,
    knight: KnightReading,
    mutant: Option<Mutant>,
) -> (Vec<u128>, Vec<u128>) {
    let mut knight_to = knights(hex, knight);
    if mutant == Some(Mutant::YaltaKnightKeepsColour) {
        // A leap onto another half-board lands on the cell one file over (index ^ 1
        // flips the file's lowest bit), which has the colour the knight left.
        for (c, to) in knight_to.iter_mut().enumerate() {
            let across = |t: u8| usize::from(t) / 32 != c / 32;
            *to = bits(*to).fold(0, |m, t| m | bit(if across(t) { t ^ 1 } else { t }));
        }
    }
    let mut knight_from = vec![0u128; CELLS];
    for (c, &to) in knight_to.iter().enumerate() {
        for t in bits(to) {
            knight_from[usize::from(t)] |= bit(c as u8);
        }
    }
    (knight_to, knight_from)
}

/// Per army and cell: a pawn's step, double step, captures, and the cells a pawn attacks
/// each cell from.
struct PawnTables {
    push: [Vec<u8>; 3],
    double: [Vec<(u8, u8)>; 3],
    caps: [Vec<u128>; 3],
    pawn_from: [Vec<u128>; 3],
}

fn pawn_tables(hex: &Hex) -> PawnTables {
    let mut push: [Vec<u8>; 3] = Default::default();
    let mut double: [Vec<(u8, u8)>; 3] = Default::default();
    let mut caps: [Vec<u128>; 3] = Default::default();
    let mut pawn_from: [Vec<u128>; 3] = [vec![0; CELLS], vec![0; CELLS], vec![0; CELLS]];
    for army in Seat::ALL {
        let a = army.index();
        for cell in 0..CELLS as u8 {
            let (seat, _, rank) = hex.coords(cell);
            // yalta.pawn-moves: forwards is up the file in the own half-board, then on
            // down the file of the half-board it has run into.
            let fwd = if seat == army { Dir::UP } else { Dir::DOWN };
            let one = hex.step(cell, fwd).first().map(|&(c, _)| c);
            push[a].push(one.unwrap_or(NONE));
            let two = match one {
                Some(c1) if seat == army && rank == 1 => {
                    hex.step(c1, Dir::UP).first().map(|&(c2, _)| (c1, c2))
                }
                _ => None,
            };
            double[a].push(two.unwrap_or((NONE, NONE)));
            let mut m = 0u128;
            for df in [-1, 1] {
                let d = Dir { df, dr: fwd.dr };
                for (t, _) in hex.step(cell, d) {
                    m |= bit(t);
                }
            }
            caps[a].push(m);
            for t in bits(m) {
                pawn_from[a][usize::from(t)] |= bit(cell);
            }
        }
    }
    PawnTables {
        push,
        double,
        caps,
        pawn_from,
    }
}

impl Tables {
    /// Returns the orthogonal, then the diagonal lines of a cell.
    pub(super) fn orth_lines(&self, cell: u8) -> &[Line] {
        let (a, b) = self.orth[usize::from(cell)];
        &self.lines[usize::from(a)..usize::from(b)]
    }

    pub(super) fn diag_lines(&self, cell: u8) -> &[Line] {
        let (a, b) = self.diag[usize::from(cell)];
        &self.lines[usize::from(a)..usize::from(b)]
    }
}

/// The bit of each cell (none for [`NONE`] and other indices past the board).
static BITS: [u128; 256] = {
    let mut t = [0u128; 256];
    let mut i = 0;
    while i < CELLS {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// The bit of a cell (a table load: a variable u128 shift costs several instructions).
#[inline(always)]
pub(super) fn bit(cell: u8) -> u128 {
    BITS[usize::from(cell)]
}

/// The cells of a mask, lowest first.
pub(super) fn bits(m: u128) -> impl Iterator<Item = u8> {
    m.iter().map(|c| c as u8)
}

/// yalta.knight-colour / yalta.knight-centre: one orthogonal step, then one diagonal step
/// carrying on the same way (forking at the centre).
pub(super) fn orthogonal_then_diagonal(hex: &Hex) -> Vec<u128> {
    (0..CELLS as u8)
        .map(|cell| {
            let mut m = 0u128;
            for d in Dir::ORTHOGONAL {
                for (c1, d1) in hex.step(cell, d) {
                    let diagonals = if d1.df == 0 {
                        [Dir { df: 1, dr: d1.dr }, Dir { df: -1, dr: d1.dr }]
                    } else {
                        [Dir { df: d1.df, dr: 1 }, Dir { df: d1.df, dr: -1 }]
                    };
                    for e in diagonals {
                        for (t, _) in hex.step(c1, e) {
                            m |= bit(t);
                        }
                    }
                }
            }
            m
        })
        .collect()
}

/// yalta.knight-centre: two orthogonal steps in one direction, then one to either side.
pub(super) fn two_then_one(hex: &Hex) -> Vec<u128> {
    (0..CELLS as u8)
        .map(|cell| {
            let mut m = 0u128;
            for d in Dir::ORTHOGONAL {
                for (c1, d1) in hex.step(cell, d) {
                    for (c2, d2) in hex.step(c1, d1) {
                        let sides = if d2.df == 0 {
                            [Dir { df: 1, dr: 0 }, Dir { df: -1, dr: 0 }]
                        } else {
                            [Dir { df: 0, dr: 1 }, Dir { df: 0, dr: -1 }]
                        };
                        for e in sides {
                            for (t, _) in hex.step(c2, e) {
                                m |= bit(t);
                            }
                        }
                    }
                }
            }
            m
        })
        .collect()
}

/// Adds the reverse of every leap.
pub(super) fn two_way(leaps: &[u128]) -> Vec<u128> {
    let mut out = leaps.to_vec();
    for (c, &to) in leaps.iter().enumerate() {
        for t in bits(to) {
            out[usize::from(t)] |= bit(c as u8);
        }
    }
    out
}

/// The knight's leaps under a reading of yalta.knight-centre.
fn knights(hex: &Hex, reading: KnightReading) -> Vec<u128> {
    match reading {
        KnightReading::OrthogonalThenDiagonal => orthogonal_then_diagonal(hex),
        KnightReading::TwoThenOne => two_then_one(hex),
        KnightReading::Symmetric => {
            let a = two_way(&orthogonal_then_diagonal(hex));
            let b = two_way(&two_then_one(hex));
            a.iter().zip(&b).map(|(x, y)| x | y).collect()
        }
    }
}
