//! Attacks, check and pins: the attackers of a king, the legality test of a move, the pinned
//! pieces, and the checks (and which came first) after a move.

use super::board::{Bits, EMPTY, Pos};
use super::castling::rook_cells;
use super::options::Rules;
use super::tables::{Line, NONE, Tables, bit, bits};
use super::turn::{Moves, Mv};
use crate::mutant::Switch;
use crate::types::{Kind, Role, Seat};

/// The `sliders` that are the first occupied cell of one of `lines`.
#[inline(always)]
fn first_on(lines: &[Line], occ: u128, sliders: u128) -> u128 {
    lines.iter().fold(0, |m, line| {
        if line.mask() & sliders == 0 {
            m
        } else {
            m | (line.first(occ) & sliders)
        }
    })
}

/// The cells of `own` that are the first occupied cell of one of `lines` with one of
/// `sliders` next.
#[inline(always)]
fn pinned_on(lines: &[Line], occ: u128, own: u128, sliders: u128) -> u128 {
    lines.iter().fold(0, |m, line| {
        if line.mask() & sliders == 0 {
            return m;
        }
        let first = line.first(occ);
        if own & first != 0 && sliders & line.first(occ & !first) != 0 {
            m | first
        } else {
            m
        }
    })
}

impl Pos {
    /// yalta.check-response: the seats other than `s` whose pieces attack `k` in `b`.
    pub(super) fn attackers(&self, b: &Bits, k: u8, s: Seat, t: &Tables) -> u8 {
        let ku = usize::from(k);
        let mut m = 0u8;
        let mut enemy = 0u128;
        for a in 0..3 {
            let Some(c) = self.control[a].filter(|&c| c != s) else {
                continue;
            };
            let ar = b.army[a];
            enemy |= ar;
            let leapers = (t.knight_from[ku] & b.role[Role::Knight.index()])
                | (t.king[ku] & b.role[Role::King.index()])
                | (t.pawn_from[a][ku] & b.role[Role::Pawn.index()]);
            if leapers & ar != 0 {
                m |= c.bit();
            }
        }
        let queens = b.role[Role::Queen.index()];
        let rooks = (b.role[Role::Rook.index()] | queens) & enemy;
        let bishops = (b.role[Role::Bishop.index()] | queens) & enemy;
        let hits = if t.orth_union[ku] & rooks != 0 {
            first_on(t.orth_lines(k), b.occ, rooks)
        } else {
            0
        } | if t.diag_union[ku] & bishops != 0 {
            first_on(t.diag_lines(k), b.occ, bishops)
        } else {
            0
        };
        for x in bits(hits) {
            if let Some(c) = self.control[b.army_of_bit(bit(x))] {
                m |= c.bit();
            }
        }
        m
    }

    /// The bitsets after a move (for the legality test).
    fn apply_bits(&self, nb: &mut Bits, m: Mv) {
        let (from, to) = (m.from, m.to);
        let p = self.board[usize::from(from)];
        let cap = self.board[usize::from(to)];
        if cap != EMPTY {
            nb.clear(to, cap);
        }
        nb.clear(from, p);
        let placed = if m.kind == Kind::Promotion {
            (p & !7) | m.extra
        } else {
            p
        };
        nb.set(to, placed);
        match m.kind {
            Kind::EnPassant => {
                let victim = to + 8;
                nb.clear(victim, self.board[usize::from(victim)]);
            }
            Kind::Castle => {
                let (rf, rt) = rook_cells(from, m.extra);
                let rook = self.board[usize::from(rf)];
                nb.clear(rf, rook);
                nb.set(rt, rook);
            }
            _ => {}
        }
    }

    /// yalta.check-response: pushes `m` if, made, it leaves no opponent attacking `s`'s king.
    /// A king taken (yalta.exposed-king = capture) hands its armies to `s` at once, unless
    /// they stay hostile until the move is over (yalta.captured-king-army = hostile).
    #[inline(never)]
    pub(super) fn push_if_safe<B: Moves>(
        &self,
        m: Mv,
        s: Seat,
        r: &Rules<impl Switch>,
        buf: &mut B,
    ) -> bool {
        let t = r.t;
        let mut nb = self.b;
        self.apply_bits(&mut nb, m);
        let k = self.king[s.index()];
        let k = if m.from == k { m.to } else { k };
        let taken = self.board[usize::from(m.to)];
        let attackers = if taken & 7 == Role::King as u8 && !r.hostile_until_over {
            let mut after = self.clone();
            for c in &mut after.control {
                if c.is_some_and(|c| c.index() == usize::from(taken >> 3)) {
                    *c = Some(s);
                }
            }
            after.attackers(&nb, k, s, t)
        } else {
            self.attackers(&nb, k, s, t)
        };
        if attackers == 0 {
            buf.push(m);
            true
        } else {
            false
        }
    }

    /// The own pieces pinned to the king on `k`: the only piece between it and an enemy line
    /// piece moving along that line.
    pub(super) fn pinned(&self, k: u8, own: u128, t: &Tables) -> u128 {
        let b = &self.b;
        let ku = usize::from(k);
        let enemy = b.occ & !own;
        let queens = b.role[Role::Queen.index()];
        let rooks = (b.role[Role::Rook.index()] | queens) & enemy;
        let bishops = (b.role[Role::Bishop.index()] | queens) & enemy;
        let mut m = 0;
        if t.orth_union[ku] & rooks != 0 {
            m |= pinned_on(t.orth_lines(k), b.occ, own, rooks);
        }
        if t.diag_union[ku] & bishops != 0 {
            m |= pinned_on(t.diag_lines(k), b.occ, own, bishops);
        }
        m
    }

    /// yalta.multiple-check, yalta.simultaneous-checks: the checks after `mover`'s move, and
    /// whose came first where two opponents check one king. `changed` holds the cells the
    /// move changed: a king none of whose lines and leaper cells holds one keeps its checkers,
    /// and the mover's own king, after a legal move, has none (yalta.check-response).
    pub(super) fn update_checks(&mut self, mover: Seat, changed: u128, r: &Rules<impl Switch>) {
        let old = self.checkers;
        for s in Seat::ALL {
            let su = s.index();
            let k = self.king[su];
            if k == NONE {
                self.checkers[su] = 0;
                self.first[su] = None;
                continue;
            }
            let now = if s == mover {
                0
            } else if r.t.sensitive[usize::from(k)] & changed == 0 {
                old[su]
            } else {
                self.attackers(&self.b, k, s, r.t)
            };
            debug_assert_eq!(now, self.attackers(&self.b, k, s, r.t));
            self.checkers[su] = now;
            if now.count_ones() < 2 {
                self.first[su] = None;
                continue;
            }
            let before = old[su];
            self.first[su] = if before.count_ones() == 2 && self.first[su].is_some() {
                // Both checks go on from before the move.
                self.first[su]
            } else if before.count_ones() == 1 {
                // The check that goes on came before the one this move starts.
                Some(Seat::from_index(before.trailing_zeros() as usize))
            } else {
                // One move starts both.
                let other = Seat::from_index((now & !mover.bit()).trailing_zeros() as usize);
                if now & mover.bit() == 0 || r.uncovered_first {
                    Some(other)
                } else {
                    Some(mover)
                }
            };
        }
    }

    /// Recomputes the checks after a king has left, keeping the first checks that go on.
    pub(super) fn recheck(&mut self, t: &Tables) {
        for s in Seat::ALL {
            let su = s.index();
            let k = self.king[su];
            self.checkers[su] = if k == NONE {
                0
            } else {
                self.attackers(&self.b, k, s, t)
            };
            if self.checkers[su].count_ones() < 2 {
                self.first[su] = None;
            }
        }
    }
}
