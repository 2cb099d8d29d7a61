//! Check: which pieces threaten a King, and where a piece other than the King may move
//! without leaving its own King in check.

use super::board::{NONE, Pos, Tables};
use super::turn::{Ctx, Gen, Mv};
use crate::mutant::Switch;
use crate::sink::Sink;
use crate::types::{Kind, Role, Seat};

impl Pos {
    /// yuri.check: whether `s` is threatened by a non-King piece among `attackers`, with the
    /// board's occupancy `occ`.
    #[inline]
    pub(super) fn attacked(&self, t: &Tables, s: usize, occ: u64, attackers: u64) -> bool {
        let s = s & 63;
        let pawns = attackers & self.role[Role::Pawn.index()];
        if t.knight[s] & attackers & self.role[Role::Knight.index()]
            | t.pawn_attackers[0][s] & pawns & self.army[0]
            | t.pawn_attackers[1][s] & pawns & self.army[1]
            | t.pawn_attackers[2][s] & pawns & self.army[2]
            != 0
        {
            return true;
        }
        let queens = self.role[Role::Queen.index()];
        let diag = attackers & (self.role[Role::Bishop.index()] | queens) & t.bishop_lines[s];
        if diag != 0 && [2, 3, 6, 7].into_iter().any(|d| sees(t, d, s, occ, diag)) {
            return true;
        }
        let orth = attackers & (self.role[Role::Rook.index()] | queens) & t.rook_lines[s];
        orth != 0 && [0, 1, 4, 5].into_iter().any(|d| sees(t, d, s, occ, orth))
    }

    /// yuri.check: the pieces among `attackers` that threaten `s` (not a King's cell), with
    /// the board's occupancy `occ`.
    #[inline]
    pub(super) fn checkers(&self, t: &Tables, s: usize, occ: u64, attackers: u64) -> u64 {
        let s = s & 63;
        let pawns = attackers & self.role[Role::Pawn.index()];
        let mut found = t.knight[s] & attackers & self.role[Role::Knight.index()]
            | t.pawn_attackers[0][s] & pawns & self.army[0]
            | t.pawn_attackers[1][s] & pawns & self.army[1]
            | t.pawn_attackers[2][s] & pawns & self.army[2];
        let queens = self.role[Role::Queen.index()];
        let diag = attackers & (self.role[Role::Bishop.index()] | queens) & t.bishop_lines[s];
        if diag != 0 {
            for d in [2, 3, 6, 7] {
                found |= seen(t, d, s, occ, diag);
            }
        }
        let orth = attackers & (self.role[Role::Rook.index()] | queens) & t.rook_lines[s];
        if orth != 0 {
            for d in [0, 1, 4, 5] {
                found |= seen(t, d, s, occ, orth);
            }
        }
        found
    }

    /// Whether the side to move's King is in check.
    pub(super) fn in_check(&self, t: &Tables) -> bool {
        self.army_in_check(t, self.to_move)
    }

    /// yuri.check: whether `army`'s King is threatened by a non-King piece of another army.
    #[inline]
    pub(super) fn army_in_check(&self, t: &Tables, army: Seat) -> bool {
        let ksq = self.king[army.index()];
        if ksq == NONE || self.shared != NONE {
            return false;
        }
        let occ = self.occ();
        let attackers = occ & !self.army[army.index()] & !self.role[Role::King.index()];
        self.attacked(t, usize::from(ksq), occ, attackers)
    }
}

/// The one of `sliders` that is the first piece met from `s` along direction `d`, if any (the
/// reach built only along a ray that holds one).
#[inline(always)]
fn seen(t: &Tables, d: usize, s: usize, occ: u64, sliders: u64) -> u64 {
    if t.rays[d][s & 63] & sliders == 0 {
        0
    } else {
        t.ray(d, s, occ) & sliders
    }
}

/// Whether one of `sliders` is the first piece met from `s` along direction `d`.
#[inline(always)]
fn sees(t: &Tables, d: usize, s: usize, occ: u64, sliders: u64) -> bool {
    seen(t, d, s, occ, sliders) != 0
}

/// yuri.check: the piece of `own` pinned along direction `d` to the King on `ksq` by one of
/// `sliders`: the first piece met, if it is of `own` and the first piece met beyond it is of
/// `sliders` (or none).
#[inline(always)]
fn pin(t: &Tables, d: usize, ksq: usize, occ: u64, own: u64, sliders: u64) -> u64 {
    if t.rays[d][ksq & 63] & sliders == 0 {
        return 0;
    }
    let first = t.ray(d, ksq, occ) & occ & own;
    if first != 0 && t.ray(d, ksq, occ ^ first) & sliders != 0 {
        first
    } else {
        0
    }
}

impl<Sw: Switch> Gen<'_, Sw> {
    /// yuri.check: the pieces of `own` pinned to the King on `ksq` by `enemies`, with the
    /// board's occupancy `occ` (none while `checkers` is empty under the mutant pins-ignored).
    #[inline(always)]
    pub(super) fn pinned(
        &self,
        p: &Pos,
        ksq: usize,
        occ: u64,
        own: u64,
        enemies: u64,
        checkers: u64,
    ) -> u64 {
        let t = self.t;
        if checkers == 0 && self.rules.bugs.pins_ignored.on() {
            0
        } else {
            // yuri.check: only a piece pinned to the King can uncover a check.
            // (A line piece off the King's lines pins nothing.)
            let queens = p.role[Role::Queen.index()];
            let ksq = ksq & 63;
            let orth = enemies & (p.role[Role::Rook.index()] | queens) & t.rook_lines[ksq];
            let diag = enemies & (p.role[Role::Bishop.index()] | queens) & t.bishop_lines[ksq];
            let mut pinned = 0;
            if orth != 0 {
                for d in [0, 1, 4, 5] {
                    pinned |= pin(t, d, ksq, occ, own, orth);
                }
            }
            if diag != 0 {
                for d in [2, 3, 6, 7] {
                    pinned |= pin(t, d, ksq, occ, own, diag);
                }
            }
            pinned
        }
    }
}

impl<S: Sink<Mv>, Sw: Switch> Ctx<'_, '_, S, Sw> {
    /// yuri.check: where a piece other than the King may move without leaving its King in
    /// check (en passant aside): on the line of its pin, if pinned, and answering a check.
    #[inline]
    pub(super) fn allowed(&self, from: usize) -> u64 {
        if self.pinned & (1 << from) == 0 {
            self.evade
        } else {
            self.evade & self.g.t.line[self.ksq & 63][from & 63]
        }
    }

    /// yuri.check: a pawn's move does not leave the mover's King in check (en passant, which
    /// takes a pawn off another cell, tried on the board).
    #[inline]
    pub(super) fn safe(&self, from: usize, to: usize, kind: Kind) -> bool {
        if kind != Kind::EnPassant {
            return self.allowed(from) & (1 << to) != 0;
        }
        let gone_bit = 1u64 << self.p.ep_pawn;
        let occ = (self.occ & !(1u64 << from) & !gone_bit) | (1u64 << to);
        let attackers = self.enemies & !(1u64 << to) & !gone_bit;
        !self.p.attacked(self.g.t, self.ksq, occ, attackers)
    }
}
