//! The position on the board: the piece codes, the occupancy bitsets and the mailbox, the
//! seats' kings and the armies' control, and Yalta's state (tables in [`super::tables`]).

use super::tables::{CELLS, NONE, bit};
use super::turn::ONGOING;
use crate::types::{Role, Seat};

/// An empty cell on the mailbox.
pub(super) const EMPTY: u8 = u8::MAX;

/// The mailbox's code of a piece of army `a` (its seat's index) and role `role`.
#[inline(always)]
pub(super) const fn code(a: u8, role: Role) -> u8 {
    a * 8 + role as u8
}

/// yalta.left-player-help: the seat to one's left, whose half-board one's files a-d run into.
pub(super) fn left(s: Seat) -> Seat {
    s.prev()
}

/// The occupancy bitsets.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Bits {
    pub(super) occ: u128,
    pub(super) army: [u128; 3],
    pub(super) role: [u128; Role::FIDE],
}

impl Bits {
    pub(super) fn clear(&mut self, cell: u8, code: u8) {
        let b = !bit(cell);
        self.occ &= b;
        self.army[usize::from(code >> 3)] &= b;
        self.role[usize::from(code & 7)] &= b;
    }
    pub(super) fn set(&mut self, cell: u8, code: u8) {
        let b = bit(cell);
        self.occ |= b;
        self.army[usize::from(code >> 3)] |= b;
        self.role[usize::from(code & 7)] |= b;
    }
    pub(super) fn army_of_bit(&self, b: u128) -> usize {
        if self.army[0] & b != 0 {
            0
        } else if self.army[1] & b != 0 {
            1
        } else {
            2
        }
    }
}

/// A position: pieces (code `army * 8 + role`, [`EMPTY`] for none), turn and Yalta's state.
#[derive(Clone, Debug)]
pub(crate) struct Pos {
    pub(super) board: [u8; CELLS],
    pub(super) b: Bits,
    /// Each seat's king cell, or NONE once checkmated.
    pub(super) king: [u8; 3],
    /// The seat controlling each army (none: an army without pieces nor entry).
    pub(super) control: [Option<Seat>; 3],
    /// Armies with a `control` entry (taken over).
    pub(super) control_set: u8,
    pub(super) to_move: Seat,
    /// Castling rights: bit 2a short (rook h1), bit 2a + 1 long (rook a1).
    pub(super) castling: u8,
    /// The en passant cell of the latest double step still in its window, or NONE.
    pub(super) ep: u8,
    /// The en passant cell of an earlier double step still in its window (reading
    /// both-opponents, D2), or NONE.
    pub(super) ep_earlier: u8,
    /// `first_check`: per seat, the opponent whose check came first.
    pub(super) first: [Option<Seat>; 3],
    pub(super) pending: u8,
    /// Per seat, the seats (bit mask) whose pieces attack its king.
    pub(super) checkers: [u8; 3],
    pub(super) over: u8,
}

impl Pos {
    pub(super) fn empty() -> Pos {
        Pos {
            board: [EMPTY; CELLS],
            b: Bits::default(),
            king: [NONE; 3],
            control: [None; 3],
            control_set: 0,
            to_move: Seat::A,
            castling: 0,
            ep: NONE,
            ep_earlier: NONE,
            first: [None; 3],
            pending: 0,
            checkers: [0; 3],
            over: ONGOING,
        }
    }

    pub(super) fn put(&mut self, cell: u8, code: u8) {
        self.board[usize::from(cell)] = code;
        self.b.set(cell, code);
        if code & 7 == Role::King as u8 {
            self.king[usize::from(code >> 3)] = cell;
        }
    }

    pub(super) fn remove(&mut self, cell: u8) {
        let code = self.board[usize::from(cell)];
        if code != EMPTY {
            self.b.clear(cell, code);
            self.board[usize::from(cell)] = EMPTY;
        }
    }

    /// The pieces `s` moves: every army it controls.
    pub(super) fn controlled(&self, s: Seat) -> u128 {
        let mut m = 0;
        for a in 0..3 {
            if self.control[a] == Some(s) {
                m |= self.b.army[a];
            }
        }
        m
    }
}
