//! How pawns move: steps, double steps, captures, promotion, en passant and its window.

use super::board::{EMPTY, Pos, code};
use super::options::{Promo, Rules};
use super::tables::{NONE, PawnCell, PerCell, bit, bits};
use super::turn::{Moves, Mv, mv};
use crate::mutant::Switch;
use crate::types::{Kind, Role, Seat};

/// What the moves of one army's pawns depend on, the same for each pawn.
struct PawnMoves {
    /// The army's pawn moves from each cell.
    cells: &'static PerCell<PawnCell>,
    /// The empty cells (and those off the board).
    empty: u128,
    /// Where pawns promote.
    back_ranks: u128,
    /// The cells a capture takes on (promoting on `back_ranks`).
    captures: u128,
    /// A step onto the last rank promotes (no step there otherwise).
    push_promotes: bool,
    /// The empty en passant cells the pawns may take on.
    en_passant: u128,
    /// No pawn of the army needs the full legality test.
    all_safe: bool,
}

impl Pos {
    /// yalta.pawn-moves, yalta.double-step, yalta.promotion, yalta.pawn-path-capture-only,
    /// yalta.sacrifice-promotion: the moves of the pawns of army `a`, moved by `s`, pawn by
    /// pawn, lowest cell first.
    #[inline(always)]
    pub(super) fn pawns<B: Moves>(
        &self,
        a: usize,
        s: Seat,
        own: u128,
        r: &Rules<impl Switch>,
        buf: &mut B,
        risky: u128,
    ) {
        let t = r.t;
        let occ = self.b.occ;
        // The kings no capture takes: every king, or under yalta.exposed-king = capture the
        // mover's own (which no sacrifice promotion takes either).
        let kings = if r.king_capture {
            self.b.role[Role::King.index()] & own
        } else {
            self.b.role[Role::King.index()]
        };
        // A pawn of an army taken over (its king checkmated): yalta.takeover-promotion.
        let taken = self.king[a] == NONE;
        let allowed = if !taken {
            !own
        } else {
            match r.promo {
                Promo::Sacrifice => own,
                Promo::AnyCapture => !0,
                Promo::AsUsual => !own,
            }
        };
        let targets = occ & !kings;
        let pawns = self.b.army[a] & self.b.role[Role::Pawn.index()];
        let ctx = PawnMoves {
            cells: &t.pawn[a],
            empty: !occ,
            back_ranks: t.back_ranks,
            captures: targets & ((!own & !t.back_ranks) | (t.back_ranks & allowed)),
            push_promotes: !taken || r.promo == Promo::AsUsual,
            en_passant: self.en_passant_cells(s, r) & !occ,
            all_safe: pawns & risky == 0,
        };
        for c in bits(pawns) {
            self.pawn(c, &ctx, s, r, buf, risky);
        }
    }

    /// The moves of the pawn on `c` (see [`Pos::pawns`]): its step or double step, then its
    /// en passant captures, its captures, and its captures that promote.
    #[inline(always)]
    fn pawn<B: Moves>(
        &self,
        c: u8,
        ctx: &PawnMoves,
        s: Seat,
        r: &Rules<impl Switch>,
        buf: &mut B,
        risky: u128,
    ) {
        let cu = usize::from(c);
        let safe = ctx.all_safe || risky & bit(c) == 0;
        let push = |m: Mv, buf: &mut B| {
            if safe {
                buf.push(m);
                true
            } else {
                self.push_if_safe(m, s, r, buf)
            }
        };
        let promote = |x: u8, buf: &mut B| {
            if push(mv(c, x, Kind::Promotion, Role::Queen as u8), buf) {
                for role in [Role::Rook, Role::Bishop, Role::Knight] {
                    buf.push(mv(c, x, Kind::Promotion, role as u8));
                }
            }
        };
        let cell = &ctx.cells[cu];
        let one = cell.one;
        if one & ctx.empty != 0 {
            let x = one.trailing_zeros() as u8;
            if one & ctx.back_ranks != 0 {
                if ctx.push_promotes {
                    promote(x, buf);
                }
            } else {
                push(mv(c, x, Kind::Normal, 0), buf);
                let two = cell.two;
                if two & ctx.empty != 0 {
                    push(mv(c, two.trailing_zeros() as u8, Kind::Double, 0), buf);
                }
            }
        }
        let caps = cell.caps;
        if ctx.en_passant != 0 && caps & ctx.en_passant != 0 {
            for e in [self.ep, self.ep_earlier] {
                if caps & ctx.en_passant & bit(e) != 0 {
                    self.push_if_safe(mv(c, e, Kind::EnPassant, 0), s, r, buf);
                }
            }
        }
        let hits = caps & ctx.captures;
        if hits == 0 {
            return;
        }
        let plain = hits & !ctx.back_ranks;
        if safe {
            buf.push_plain(c, plain);
        } else {
            for x in bits(plain) {
                self.push_if_safe(mv(c, x, Kind::Normal, 0), s, r, buf);
            }
        }
        for x in bits(hits & ctx.back_ranks) {
            promote(x, buf);
        }
    }

    /// yalta.en-passant, yalta.en-passant-window: the en passant cells `s` may take on, each
    /// right still in its window (an earlier one only beside a latest one).
    #[inline(always)]
    fn en_passant_cells(&self, s: Seat, r: &Rules<impl Switch>) -> u128 {
        if self.ep != NONE && s == self.to_move && !r.bugs.no_en_passant.on() {
            bit(self.ep) | bit(self.ep_earlier)
        } else {
            0
        }
    }

    /// An en passant cell still stands: empty, with a pawn of the army whose half-board it is
    /// on the cell beyond.
    pub(super) fn ep_valid(&self, e: u8) -> bool {
        let x = e / 32;
        e % 32 / 8 == 2
            && self.board[usize::from(e)] == EMPTY
            && self.board[usize::from(e + 8)] == code(x, Role::Pawn)
    }

    /// The seat that double-stepped over the en passant cell `e`: the one that moves the army
    /// of its half-board.
    pub(super) fn stepper(&self, e: u8) -> Option<Seat> {
        self.control[usize::from(e / 32)]
    }

    /// A right whose double-stepper is to move again is over: no right for the
    /// double-stepper's own side (yalta.en-passant-window).
    pub(super) fn close_own_rights(&mut self) {
        if self.ep_earlier != NONE && self.stepper(self.ep_earlier) == Some(self.to_move) {
            self.ep_earlier = NONE;
        }
        if self.ep != NONE && self.stepper(self.ep) == Some(self.to_move) {
            self.ep = self.ep_earlier;
            self.ep_earlier = NONE;
        }
    }
}
