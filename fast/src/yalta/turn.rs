//! Moves and the turn: the move encoding, where legal moves go, copy-make, and the settling
//! of the turn after a move (checkmates, pending mates, passes, the end of the game).

use super::board::{Pos, left};
use super::castling::rook_cells;
use super::options::Rules;
use super::tables::{NONE, bit, bits};
use crate::mutant::Switch;
use crate::types::{Kind, Role, Seat};

/// Game states.
pub(super) const ONGOING: u8 = 0;
pub(super) const WON: u8 = 1;
pub(super) const DRAWN: u8 = 2;

/// Yalta's moves: the shared [`Mv`], whose `extra` is the new role's index for a
/// [`Kind::Promotion`] and the side ([`SHORT`](super::castling::SHORT) or
/// [`LONG`](super::castling::LONG)) for a [`Kind::Castle`].
pub(crate) use crate::types::Mv;

/// The move of `kind` from the cell `from` to the cell `to`, with `extra`.
#[inline(always)]
pub(super) const fn mv(from: u8, to: u8, kind: Kind, extra: u8) -> Mv {
    Mv {
        from,
        to,
        kind,
        extra,
    }
}

/// Where legal moves go: a buffer, or a count (bulk counting at the last ply of perft).
pub(super) trait Moves {
    fn clear(&mut self);
    fn is_empty(&self) -> bool;
    fn push(&mut self, m: Mv);
    /// The plain moves from `c` to each of `targets`.
    fn push_plain(&mut self, c: u8, targets: u128);
}

impl Moves for Vec<Mv> {
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn is_empty(&self) -> bool {
        Vec::is_empty(self)
    }
    #[inline(always)]
    fn push(&mut self, m: Mv) {
        Vec::push(self, m);
    }
    #[inline(always)]
    fn push_plain(&mut self, c: u8, targets: u128) {
        self.extend(bits(targets).map(|x| mv(c, x, Kind::Normal, 0)));
    }
}

/// Counts the moves instead of keeping them.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Count(pub(super) u64);

impl Moves for Count {
    fn clear(&mut self) {
        self.0 = 0;
    }
    fn is_empty(&self) -> bool {
        self.0 == 0
    }
    #[inline(always)]
    fn push(&mut self, _: Mv) {
        self.0 += 1;
    }
    #[inline(always)]
    fn push_plain(&mut self, _: u8, targets: u128) {
        // Most target sets lie in one half of the u128: count only the halves in use.
        let (lo, hi) = (targets as u64, (targets >> 64) as u64);
        if lo != 0 {
            self.0 += u64::from(lo.count_ones());
        }
        if hi != 0 {
            self.0 += u64::from(hi.count_ones());
        }
    }
}

impl Pos {
    /// Plays a legal move of the side to move and settles the turn; `buf` ends up holding
    /// the legal moves of the next side to move (empty if the game is over).
    pub(super) fn make<B: Moves>(&mut self, m: Mv, r: &Rules<impl Switch>, buf: &mut B) {
        let (from, to, kind) = (m.from, m.to, m.kind);
        let mover = self.to_move;
        let p = self.board[usize::from(from)];
        // yalta.exposed-king = capture: the seat whose king is taken.
        let taken = self.board[usize::from(to)];
        let king_taken =
            (taken & 7 == Role::King as u8).then(|| Seat::from_index(usize::from(taken >> 3)));
        self.remove(to);
        self.remove(from);
        let placed = if kind == Kind::Promotion {
            (p & !7) | m.extra
        } else {
            p
        };
        self.put(to, placed);
        // The cells whose contents change.
        let mut changed = bit(from) | bit(to);
        match kind {
            Kind::EnPassant => {
                // Only a move generated as an en passant capture takes the pawn beyond `to`.
                changed |= bit(to + 8);
                self.remove(to + 8);
            }
            Kind::Castle => {
                let (rf, rt) = rook_cells(from, m.extra);
                changed |= bit(rf) | bit(rt);
                let rook = self.board[usize::from(rf)];
                self.remove(rf);
                self.put(rt, rook);
            }
            _ => {}
        }
        self.update_rights(from, to, p, kind, r);
        if let Some(v) = king_taken {
            self.king[v.index()] = NONE;
            self.take_over(v, mover, r);
        }
        self.update_checks(mover, changed, r);
        if r.after_left {
            for q in Seat::ALL {
                if self.pending & q.bit() != 0 && left(q) == mover {
                    self.resolve_pending(q, r);
                }
            }
            self.lift_unchecked_pending();
        }
        self.to_move = self.next_in_game(mover, r);
        self.settle(r, buf);
    }

    /// The rights a move changes: castling (a king that moves loses both, a rook that leaves
    /// or is taken on its corner that one) and en passant.
    #[inline(always)]
    fn update_rights(&mut self, from: u8, to: u8, p: u8, kind: Kind, r: &Rules<impl Switch>) {
        let a = p >> 3;
        if p & 7 == Role::King as u8 {
            self.castling &= !(3 << (2 * a));
        }
        for x in [from, to] {
            if x % 32 == 0 {
                self.castling &= !(1 << (2 * (x / 32) + 1));
            } else if x % 32 == 7 {
                self.castling &= !(1 << (2 * (x / 32)));
            }
        }
        // yalta.en-passant-window: the cell a double step passes is recorded whether or not
        // a pawn can take it (D1); under next-player the next move ends the window, under
        // both-opponents a right lasts while the cell is empty with the pawn beyond, and a
        // second double step keeps the first one's right as the earlier one (D2). A right
        // whose double-stepper is to move again ends in `settle`.
        let taken_over = self.control_set & (1 << a) != 0;
        let fresh = if kind == Kind::Double && !(r.bugs.no_takeover_en_passant.on() && taken_over) {
            r.t.push[usize::from(a)][usize::from(from)]
        } else {
            NONE
        };
        if r.ep_both && self.ep != NONE {
            let mut kept = [fresh, NONE];
            let mut n = usize::from(fresh != NONE);
            for e in [self.ep, self.ep_earlier] {
                if n < 2 && e != NONE && self.ep_valid(e) {
                    kept[n] = e;
                    n += 1;
                }
            }
            [self.ep, self.ep_earlier] = kept;
        } else {
            [self.ep, self.ep_earlier] = [fresh, NONE];
        }
    }

    /// yalta.turn-order: the seat still in the game whose turn comes before `s`'s (`s`
    /// itself if no other is in the game).
    pub(super) fn seat_before(&self, s: Seat, r: &Rules<impl Switch>) -> Seat {
        let mut x = s;
        for _ in 0..2 {
            // Three seats in a cycle: the one before is the one after the next.
            x = r.next[r.next[x.index()].index()];
            if self.king[x.index()] != NONE {
                return x;
            }
        }
        s
    }

    /// yalta.mate-final: a pending mate whose check has ended (by a move, or by the checker
    /// leaving the game) is lifted: a pending mate is only for a player in check (D3).
    fn lift_unchecked_pending(&mut self) {
        for q in Seat::ALL {
            if self.checkers[q.index()] == 0 {
                self.pending &= !q.bit();
            }
        }
    }

    /// The next seat in the turn order that still has its king.
    pub(super) fn next_in_game(&self, s: Seat, r: &Rules<impl Switch>) -> Seat {
        let mut x = r.next[s.index()];
        for _ in 0..3 {
            if self.king[x.index()] != NONE {
                return x;
            }
            x = r.next[x.index()];
        }
        s
    }

    /// yalta.mate-final=after-left-player: at the end of the left player's turn the pending
    /// mate of `q` becomes final if `q` is still in check with no legal move, its en passant
    /// captures those it may make on its next move (D10).
    fn resolve_pending(&mut self, q: Seat, r: &Rules<impl Switch>) {
        self.pending &= !q.bit();
        if self.king[q.index()] == NONE || self.checkers[q.index()] == 0 {
            return;
        }
        if !self.next_turn_of(q, r).can_move(r) {
            self.eliminate(q, r);
        }
    }

    /// D10: the position as `q`'s next turn finds it if nobody moves before, the turn of
    /// `self.to_move` having just ended: `q` to move, with the en passant rights the window
    /// (yalta.en-passant-window) leaves it. Under both-opponents a right goes once the turn
    /// comes to its double-stepper's side (D8); under next-player it is only for the next move
    /// made in the game, so it is `q`'s only if every player before `q` is passed over: has no
    /// legal move and passes or is out (a stalemate under yalta.stalemate=draw ends the game).
    fn next_turn_of(&self, q: Seat, r: &Rules<impl Switch>) -> Pos {
        let mut before = 0u8;
        let mut x = self.next_in_game(self.to_move, r);
        while x != q && before & x.bit() == 0 {
            before |= x.bit();
            x = self.next_in_game(x, r);
        }
        let stuck = || {
            Seat::ALL
                .into_iter()
                .filter(|&x| before & x.bit() != 0)
                .all(|x| {
                    !self.turn_of(x).can_move(r)
                        && (self.checkers[x.index()] != 0 || r.stalemate_pass)
                })
        };
        let mut next = self.turn_of(q);
        let open = [next.ep, next.ep_earlier].map(|e| {
            let closed = e == NONE
                || if r.ep_both {
                    next.stepper(e).is_some_and(|x| before & x.bit() != 0)
                } else {
                    !stuck()
                };
            if closed { NONE } else { e }
        });
        [next.ep, next.ep_earlier] = if open[0] == NONE {
            [open[1], NONE]
        } else {
            open
        };
        next
    }

    /// The position with `s` to move, the rights of `s`'s own side over.
    fn turn_of(&self, s: Seat) -> Pos {
        let mut p = self.clone();
        p.to_move = s;
        p.close_own_rights();
        p
    }

    /// The side to move has a legal move.
    fn can_move(&self, r: &Rules<impl Switch>) -> bool {
        let mut moves = Count(0);
        self.legal(self.to_move, r, &mut moves);
        !moves.is_empty()
    }

    /// yalta.mate-removes-king, yalta.army-takeover, yalta.multiple-check: `s` is checkmated.
    pub(super) fn eliminate(&mut self, s: Seat, r: &Rules<impl Switch>) {
        let su = s.index();
        let checkers = self.checkers[su];
        let lowest = |m: u8| Seat::from_index(m.trailing_zeros() as usize);
        let mater = match (checkers.count_ones(), self.first[su]) {
            (0, _) => return,
            (1, _) => lowest(checkers),
            (_, Some(f)) if r.bugs.second_check_mates.on() => lowest(checkers & !f.bit()),
            (_, Some(f)) => f,
            _ => lowest(checkers),
        };
        self.remove(self.king[su]);
        self.king[su] = NONE;
        self.take_over(s, mater, r);
    }

    /// yalta.army-takeover: `s`, whose king has left the board, is out; `by` takes control of
    /// every army `s` controlled.
    fn take_over(&mut self, s: Seat, by: Seat, r: &Rules<impl Switch>) {
        let su = s.index();
        for a in 0..3 {
            if self.control[a] == Some(s) && r.bugs.no_takeover.on() {
                for c in bits(self.b.army[a]) {
                    self.remove(c);
                }
                self.control[a] = None;
            } else if self.control[a] == Some(s) {
                self.control[a] = Some(by);
                self.control_set |= 1 << a;
            }
        }
        self.castling &= !(3 << (2 * su));
        self.pending &= !s.bit();
        self.first[su] = None;
        self.recheck(r.t);
        if r.after_left {
            self.lift_unchecked_pending();
            // A pending mate whose left player is out of the game is final at once.
            for q in Seat::ALL {
                if self.pending & q.bit() != 0 && self.king[left(q).index()] == NONE {
                    self.resolve_pending(q, r);
                }
            }
        }
    }

    /// Settles the turn: the side to move, if it cannot move, is checkmated (or its mate
    /// pending), stalemated, or passes; the last king wins (yalta.last-king-wins,
    /// yalta.no-extra-move, yalta.stalemate). Leaves the legal moves of the side to move in
    /// `buf`.
    pub(super) fn settle<B: Moves>(&mut self, r: &Rules<impl Switch>, buf: &mut B) {
        let mut passes = 0;
        loop {
            let in_game = self.king.iter().filter(|&&k| k != NONE).count();
            if in_game <= 1
                && let Some(s) = Seat::ALL
                    .into_iter()
                    .find(|&s| self.king[s.index()] != NONE)
            {
                self.to_move = s;
            }
            self.close_own_rights();
            if in_game <= 1 {
                self.over = WON;
                buf.clear();
                return;
            }
            let s = self.to_move;
            self.legal(s, r, buf);
            if !buf.is_empty() {
                return;
            }
            if self.checkers[s.index()] != 0 {
                if !r.after_left || self.king[left(s).index()] == NONE {
                    self.eliminate(s, r);
                    self.to_move = self.next_in_game(s, r);
                    passes = 0;
                    continue;
                }
                self.pending |= s.bit();
            } else if !r.stalemate_pass {
                self.over = DRAWN;
                return;
            }
            passes += 1;
            if passes >= in_game {
                self.over = DRAWN;
                return;
            }
            if r.after_left {
                for q in Seat::ALL {
                    if q != s && self.pending & q.bit() != 0 && left(q) == s {
                        self.resolve_pending(q, r);
                    }
                }
                // yalta.stalemate=pass: the game is drawn only when no player in the game
                // has a legal move; a mate made final here hands an army over, so the passes
                // before it say nothing about the position now.
                if self.king.iter().filter(|&&k| k != NONE).count() < in_game {
                    passes = 0;
                }
            }
            self.to_move = self.next_in_game(s, r);
        }
    }
}
