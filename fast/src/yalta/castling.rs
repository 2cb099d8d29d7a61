//! Castling on either wing of the own back rank.

use super::board::{EMPTY, Pos, code};
use super::options::Rules;
use super::turn::{Moves, mv};
use crate::mutant::Switch;
use crate::types::{Kind, Role, Seat};

/// The castling sides, as a castling move's `extra` holds them: short (the rook from h1) and
/// long (from a1).
pub(super) const SHORT: u8 = 0;
pub(super) const LONG: u8 = 1;

/// yalta.castling: the rook's start and arrival cells when the king on `from` castles on
/// `side` ([`SHORT`] or [`LONG`]) on its back rank.
#[inline]
pub(super) fn rook_cells(from: u8, side: u8) -> (u8, u8) {
    let base = from - 4;
    if side == SHORT {
        (base + 7, base + 5)
    } else {
        (base, base + 3)
    }
}

impl Pos {
    /// yalta.castling: castling on either wing of the own back rank, the king crossing no
    /// attacked cell ([`Tables::castle_crossed`]).
    pub(super) fn castles<B: Moves>(
        &self,
        c: u8,
        a: usize,
        s: Seat,
        r: &Rules<impl Switch>,
        buf: &mut B,
    ) {
        let t = r.t;
        let may_cross = |x: u8| self.attackers(&self.b, x, s, t) == 0;
        let a = a as u8;
        let base = a * 32;
        if usize::from(a) != s.index() || c != base + 4 || self.checkers[s.index()] != 0 {
            return;
        }
        let rook = code(a, Role::Rook);
        let empty = |x: u8| self.board[usize::from(x)] == EMPTY;
        if self.castling & (1 << (2 * a)) != 0
            && self.board[usize::from(base + 7)] == rook
            && empty(base + 5)
            && empty(base + 6)
            && may_cross(base + t.castle_crossed[0])
        {
            self.push_if_safe(mv(c, base + 6, Kind::Castle, SHORT), s, r, buf);
        }
        if self.castling & (1 << (2 * a + 1)) != 0
            && self.board[usize::from(base)] == rook
            && empty(base + 1)
            && empty(base + 2)
            && empty(base + 3)
            && may_cross(base + t.castle_crossed[1])
        {
            self.push_if_safe(mv(c, base + 2, Kind::Castle, LONG), s, r, buf);
        }
    }
}
