//! Playing a move: the move type, copy-make, and settling the turn (players taken out, en
//! passant windows, the next player).

use super::board::{self, Ctx, EMPTY, Ep, NO_EP, Pos, code};
use super::castling::{CASTLES, castling_bit};
use super::options::Readings;
use super::tables::NONE;
use crate::bitset::Bitset;
use crate::mutant::Switch;
pub(crate) use crate::types::Mv;
use crate::types::{Kind, Role, Seat};

// Triple Crown's moves: the shared [`Mv`], whose `extra` is the cell of the Pawn taken for
// [`Kind::EnPassant`], the new role for [`Kind::Promotion`] and the castling slot (see
// [`CASTLES`]) for [`Kind::Castle`].

impl Pos {
    /// Takes a seat out of the game: all its pieces leave the board, its rights with them.
    fn remove_seat(&mut self, seat: Seat) {
        for c in self.seat_bits[seat.index()].iter() {
            self.take(c);
        }
        self.emperor[seat.index()] = NONE;
        self.castling &= !(15 << (4 * seat.index()));
    }

    /// Returns the next seat in turn order that is still in the game.
    fn next_active(&self, r: &Readings<impl Switch>, seat: Seat) -> Seat {
        let n = r.next(seat);
        if self.active(n) { n } else { r.next(n) }
    }

    /// `triple-crown.checkmate-en-prise`: takes out every player whose Emperor is en prise to
    /// the side to move; under `triple-crown.en-prise-chain` = repeat again after each
    /// removal (which may open a line to another Emperor), under once only those en prise
    /// before any removal. Returns the first seat taken out, if any.
    pub(crate) fn remove_en_prise(&mut self, ctx: Ctx<impl Switch>) -> Option<Seat> {
        let me = self.to_move;
        let mut first = None;
        loop {
            let en_prise = Seat::ALL.map(|s| {
                s != me
                    && self.active(s)
                    && self.attacked_with(
                        ctx,
                        self.emperor[s.index()] as usize,
                        self.seat_bits[me.index()],
                        self.occ,
                    )
            });
            let mut removed = false;
            for s in Seat::ALL.into_iter().filter(|s| en_prise[s.index()]) {
                if ctx.r.bugs.army_stays.on() {
                    // The Emperor goes and its rights with it; the army stays.
                    self.take(self.emperor[s.index()] as usize);
                    self.emperor[s.index()] = NONE;
                    self.castling &= !(15 << (4 * s.index()));
                } else {
                    self.remove_seat(s);
                }
                if first.is_none() {
                    first = Some(s);
                }
                removed = true;
            }
            if !removed || !ctx.r.chain_repeats {
                return first;
            }
        }
    }

    /// Reads the position as a written one is read: takes out every player whose Emperor is
    /// en prise to the side to move (`triple-crown.checkmate-en-prise`: a written position
    /// does not say whether that was judged already) and keeps the en passant targets still in
    /// their window. Returns the first seat taken out, if any.
    pub(crate) fn judge_as_written(&mut self, ctx: Ctx<impl Switch>) -> Option<Seat> {
        if self.over() {
            return None;
        }
        let ep = [self.ep[0], self.ep[1], NO_EP];
        let fallen = self.remove_en_prise(ctx);
        self.filter_ep(ep);
        fallen
    }

    /// Keeps the en passant targets still in their window (`triple-crown.en-passant-window`):
    /// the cell is recorded whether or not a Pawn can take it, even once the game is over
    /// (D1), until its double-stepper is to move again or its Pawn is gone.
    pub(crate) fn filter_ep(&mut self, candidates: [Ep; 3]) {
        let mut kept = [NO_EP; 2];
        let mut n = 0;
        for ep in candidates {
            if n == 2 || ep.cell == NONE || ep.seat == self.to_move {
                continue;
            }
            let (_, file, _) = board::coords(ep.cell as usize);
            let victim = board::index(ep.seat.index(), file, 4);
            if self.active(ep.seat)
                && !self.occ.has(ep.cell as usize)
                && self.board[victim] == code(ep.seat, Role::Pawn)
            {
                kept[n] = ep;
                n += 1;
            }
        }
        self.ep = kept;
    }

    /// Passes the turn on from `seat`: `triple-crown.checkmater-moves` (the next player still
    /// in the game), `triple-crown.checkmate-en-prise` (who falls before they move) and, with
    /// `triple-crown.stalemate=out`, a next player with no move at all leaving the game.
    fn pass_turn(&mut self, ctx: Ctx<impl Switch>, seat: Seat, ep: [Ep; 3], scratch: &mut Vec<Mv>) {
        let mut n = self.next_active(ctx.r, seat);
        loop {
            self.to_move = n;
            self.remove_en_prise(ctx);
            if self.active_count() <= 1 || !ctx.r.stalemate_out {
                break;
            }
            scratch.clear();
            if self.pseudo(ctx, scratch, true) {
                break;
            }
            self.remove_seat(n);
            n = self.next_active(ctx.r, n);
        }
        self.filter_ep(ep);
    }

    /// Plays a legal move of the side to move and passes the turn.
    pub(crate) fn make(&mut self, ctx: Ctx<impl Switch>, m: Mv, scratch: &mut Vec<Mv>) {
        let me = self.to_move;
        let (from, to) = (m.from as usize, m.to as usize);
        let piece = self.board[from];
        let role = piece & 15;
        // triple-crown.instant-win: a Pawn to a far rank while holding all three non-array pieces.
        if m.kind == Kind::Promotion
            && !ctx.r.bugs.no_instant_win.on()
            && self.count(me, Role::Baroness) > 0
            && self.count(me, Role::Pope) > 0
            && self.count(me, Role::Diarch) > 0
        {
            self.instant_win = Some(me);
        }
        if self.board[to] != EMPTY {
            self.take(to);
        }
        self.take(from);
        match m.kind {
            Kind::Promotion => self.put(to, me, m.extra),
            Kind::EnPassant => {
                self.take(m.extra as usize);
                self.put(to, me, role);
            }
            Kind::Castle => {
                let spec = &CASTLES[m.extra as usize];
                let pf = board::index(me.index(), spec.partner, 0);
                let pt = board::index(me.index(), spec.partner_to, 0);
                self.take(pf);
                self.put(pt, me, spec.role as u8);
                self.put(to, me, role);
            }
            _ => self.put(to, me, role),
        }
        // triple-crown.castling-rights: an Emperor's move ends its seat's rights; a partner's
        // move or capture ends its own.
        if role == Role::Emperor as u8 {
            self.castling &= !(15 << (4 * me.index()));
        }
        for c in [from, to] {
            if let Some(b) = castling_bit(c) {
                self.castling &= !(1 << b);
            }
        }
        // En passant targets, newest first: the fresh one, then older ones another enemy may
        // still take (triple-crown.en-passant-window).
        let fresh = if m.kind == Kind::Double {
            let (half, file, _) = board::coords(to);
            Ep {
                cell: board::index(half, file, 3) as u8,
                seat: me,
            }
        } else {
            NO_EP
        };
        let ep = if ctx.r.ep_both_enemies {
            [fresh, self.ep[0], self.ep[1]]
        } else {
            [fresh, NO_EP, NO_EP]
        };
        // D11: a piece standing on the cell passed over ends the right, which does not come
        // back when the cell is emptied by a removal at the next turn.
        let ep = ep.map(|e| {
            if e.cell != NONE && self.occ.has(e.cell as usize) {
                NO_EP
            } else {
                e
            }
        });
        if self.instant_win.is_some() {
            // D5: the turn passes as after any move.
            self.to_move = self.next_active(ctx.r, me);
            self.filter_ep(ep);
            return;
        }
        self.pass_turn(ctx, me, ep, scratch);
    }
}
