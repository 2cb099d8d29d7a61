//! Yuri's board geometry: the 7 x 7 square a1-g7 as 49 bits of a `u64` (index rank * 7 +
//! file, the model's dense index), with ray, leap, step and pawn tables built once; and the
//! position on the board (bitboards, the rules' state).

use std::sync::OnceLock;

use trichess_model::{Cell, Variant};

use crate::bitset::Bitset;
use crate::square::{BISHOP_DIRS, KNIGHT_LEAPS, Lines, ROOK_DIRS};
use crate::types::{Role, Seat};

/// Cells on the board.
pub(super) const N: usize = 49;
/// Files (and ranks) of the square.
pub(super) const SIDE: i32 = 7;
/// "No cell" in a `u8` cell slot.
pub(super) const NONE: u8 = 255;
/// Every cell of the board.
pub(super) const ALL: u64 = (1u64 << N) - 1;

/// The seats by their armies: White (A) moves first, then Red (B), then Black (C).
pub(super) const WHITE: Seat = Seat::A;
pub(super) const RED: Seat = Seat::B;
pub(super) const BLACK: Seat = Seat::C;

/// yuri.pawn-move-a: each army's two step directions, orthogonal steps away from its corner
/// (White g7: rank-1, file-1; Red g1: rank+1, file-1; Black a1: file+1, rank+1).
pub(super) const PAWN_STEPS: [[(i32, i32); 2]; 3] =
    [[(0, -1), (-1, 0)], [(0, 1), (-1, 0)], [(1, 0), (0, 1)]];
/// yuri.pawn-capture-a / yuri.pawn-capture-b: each army's one capture direction, the diagonal
/// straight away from its corner (White south, Red west, Black north).
pub(super) const PAWN_CAPTURE: [(i32, i32); 3] = [(-1, -1), (-1, 1), (1, 1)];

/// Returns the index of (file, rank), if on the board.
pub(super) fn at(file: i32, rank: i32) -> Option<usize> {
    if (0..SIDE).contains(&file) && (0..SIDE).contains(&rank) {
        usize::try_from(rank * SIDE + file).ok()
    } else {
        None
    }
}

/// Returns (file, rank) of an index.
pub(super) fn coords(i: usize) -> (i32, i32) {
    let i = i as i32;
    (i % SIDE, i / SIDE)
}

/// yuri.pawn-move-b: a pawn's distance from the long diagonal of its colour (a1-g7 for White
/// and Black, a7-g1 for Red).
fn diagonal_distance(army: Seat, file: i32, rank: i32) -> i32 {
    if army == RED {
        (file + rank - (SIDE - 1)).abs()
    } else {
        (file - rank).abs()
    }
}

/// A pawn's double steps from one cell: (passed cell, arrival cell) per step direction.
pub(super) type DoubleSteps = [(u8, u8); 2];

/// Table rows: one per value of a cell's six bits, so that a row read by `cell & 63` needs no
/// bounds check (rows 49 to 63 are empty).
pub(super) const ROWS: usize = 64;

/// The precomputed tables.
#[derive(Debug)]
pub(super) struct Tables {
    pub knight: [u64; ROWS],
    pub king: [u64; ROWS],
    /// Cells along each direction from a cell, on the empty board.
    pub rays: [[u64; ROWS]; 8],
    /// The rook lines and the bishop lines through a cell, on the empty board.
    pub rook_lines: [u64; ROWS],
    pub bishop_lines: [u64; ROWS],
    /// The square an army's pawn captures on, or `NONE` off the board.
    pub pawn_capture: [[u8; ROWS]; 3],
    /// The cells from which an army's pawn captures onto a cell.
    pub pawn_attackers: [[u64; ROWS]; 3],
    /// yuri.promotion: the cells where an army's pawn can no longer capture forward.
    pub promotion: [u64; 3],
    /// Single pawn steps by reading (0 two-directions, 1 away-from-diagonal), army, cell.
    pub push: [[[u64; ROWS]; 3]; 2],
    /// Double steps (passed cell, arrival cell) by reading, army, cell; `NONE` where none.
    pub push2: [[[DoubleSteps; ROWS]; 3]; 2],
    /// The cells strictly between two cells of one line (none off a line).
    pub between: [[u64; ROWS]; ROWS],
    /// The cells of the line from the first cell through the second, to the edge (none off a
    /// line): where a piece pinned on the second cell to a King on the first may go.
    pub line: [[u64; ROWS]; ROWS],
    /// The model's cells, by index.
    pub cells: Vec<Cell>,
}

fn build() -> Tables {
    let mut t = Tables {
        knight: [0; ROWS],
        king: [0; ROWS],
        rays: [[0; ROWS]; 8],
        rook_lines: [0; ROWS],
        bishop_lines: [0; ROWS],
        pawn_capture: [[NONE; ROWS]; 3],
        pawn_attackers: [[0; ROWS]; 3],
        promotion: [0; 3],
        between: [[0; ROWS]; ROWS],
        line: [[0; ROWS]; ROWS],
        push: [[[0; ROWS]; 3]; 2],
        push2: [[[[(NONE, NONE); 2]; ROWS]; 3]; 2],
        cells: Variant::Yuri.board().cells(),
    };
    let lines: Lines<N> = Lines::build(|i, df, dr| {
        let (f, r) = coords(i);
        at(f + df, r + dr)
    });
    for d in 0..8 {
        t.rays[d][..N].copy_from_slice(&lines.rays[d]);
    }
    t.king[..N].copy_from_slice(&lines.king);
    for i in 0..N {
        let (f, r) = coords(i);
        for (df, dr) in KNIGHT_LEAPS {
            if let Some(j) = at(f + df, r + dr) {
                t.knight[i] |= 1 << j;
            }
        }
        for d in ROOK_DIRS {
            t.rook_lines[i] |= t.rays[d][i];
        }
        for d in 0..8 {
            for j in t.rays[d][i].iter() {
                t.between[i][j] = t.rays[d][i] & !t.rays[d][j] & !(1 << j);
                t.line[i][j] = t.rays[d][i];
            }
        }
        for d in BISHOP_DIRS {
            t.bishop_lines[i] |= t.rays[d][i];
        }
        for seat in Seat::ALL {
            let army = seat.index();
            let (cf, cr) = PAWN_CAPTURE[army];
            match at(f + cf, r + cr) {
                Some(j) => {
                    t.pawn_capture[army][i] = j as u8;
                    t.pawn_attackers[army][j] |= 1 << i;
                }
                None => t.promotion[army] |= 1 << i,
            }
            let here = diagonal_distance(seat, f, r);
            for (s, &(df, dr)) in PAWN_STEPS[army].iter().enumerate() {
                let Some(j) = at(f + df, r + dr) else {
                    continue;
                };
                let away = diagonal_distance(seat, f + df, r + dr) > here;
                let double =
                    at(f + 2 * df, r + 2 * dr).map_or((NONE, NONE), |k| (j as u8, k as u8));
                t.push[0][army][i] |= 1 << j;
                t.push2[0][army][i][s] = double;
                if away {
                    t.push[1][army][i] |= 1 << j;
                    t.push2[1][army][i][s] = double;
                }
            }
        }
    }
    t
}

/// Returns the tables, built on first use.
pub(super) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

impl Tables {
    /// The cells a line piece in direction `d` from `s` reaches, up to and including the
    /// first occupied cell: along the first four directions (rising indices) the cells up to
    /// the lowest occupied one, along the last four those down to the highest (no walk, no
    /// second table read, no branch).
    #[inline(always)]
    pub(super) fn ray(&self, d: usize, s: usize, occ: u64) -> u64 {
        let r = self.rays[d & 7][s & 63];
        let blockers = r & occ;
        if d < 4 {
            r & (blockers ^ blockers.wrapping_sub(1))
        } else {
            r & (u64::MAX << (63 - (blockers | 1).leading_zeros()))
        }
    }

    /// The cells a rook on `s` reaches.
    #[inline(always)]
    pub(super) fn rook(&self, s: usize, occ: u64) -> u64 {
        self.ray(0, s, occ) | self.ray(1, s, occ) | self.ray(4, s, occ) | self.ray(5, s, occ)
    }

    /// The cells a bishop on `s` reaches.
    #[inline(always)]
    pub(super) fn bishop(&self, s: usize, occ: u64) -> u64 {
        self.ray(2, s, occ) | self.ray(3, s, occ) | self.ray(6, s, occ) | self.ray(7, s, occ)
    }
}

/// The code of a piece of `seat` and `role`, as [`Pos::piece`] gives it.
#[inline]
pub(super) fn code(seat: Seat, role: usize) -> u8 {
    (seat.index() * 8 + role) as u8
}

/// An empty cell, as [`Pos::piece`] gives it.
pub(super) const EMPTY: u8 = 0xFF;

/// A position: pieces by army and role, the Kings' cells and the state (no mailbox: a
/// cell's piece is read from the sets, so that a position is small enough to be copied
/// without a call to `memcpy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub army: [u64; 3],
    pub role: [u64; 6],
    pub king: [u8; 3],
    pub to_move: Seat,
    /// The cell passed over by the double step just made, or `NONE`.
    pub ep: u8,
    /// The pawn that made it.
    pub ep_pawn: u8,
    /// Pawns that have not moved.
    pub unmoved: u64,
    /// The shared square of the White and Black Kings (the game is over), or `NONE`.
    pub shared: u8,
}

impl Pos {
    /// The empty board, White to move.
    pub(super) fn empty() -> Pos {
        Pos {
            army: [0; 3],
            role: [0; 6],
            king: [NONE; 3],
            to_move: WHITE,
            ep: NONE,
            ep_pawn: NONE,
            unmoved: 0,
            shared: NONE,
        }
    }

    /// Puts a piece on an empty cell.
    #[inline]
    pub(super) fn put(&mut self, army: Seat, role: usize, s: usize) {
        self.army[army.index()] |= 1 << s;
        self.role[role] |= 1 << s;
        if role == Role::King.index() {
            self.king[army.index()] = s as u8;
        }
    }

    /// The piece on a cell as `army * 8 + role`, or `EMPTY`.
    #[inline]
    pub(super) fn piece(&self, s: usize) -> u8 {
        let bit = |set: u64| (set >> s & 1) as u8;
        if bit(self.occ()) == 0 {
            return EMPTY;
        }
        let army = bit(self.army[1]) + 2 * bit(self.army[2]);
        let role = (1..6).fold(0, |r, i| r + i as u8 * bit(self.role[i]));
        army * 8 + role
    }

    /// The seat of a piece as [`Pos::piece`] gives it.
    #[inline]
    pub(super) fn seat_of(piece: u8) -> Seat {
        Seat::from_index(usize::from(piece >> 3))
    }

    #[inline]
    pub(super) fn occ(&self) -> u64 {
        self.army[0] | self.army[1] | self.army[2]
    }
}
