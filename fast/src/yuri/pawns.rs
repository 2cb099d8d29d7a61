//! How pawns move: their steps under either reading, double steps, their one capture
//! direction, en passant and promotion.

use super::board::NONE;
use super::turn::{Ctx, Mv};
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::sink::Sink;
use crate::types::{Kind, Role, Seat};

impl<S: Sink<Mv>, Sw: Switch> Ctx<'_, '_, S, Sw> {
    /// Pawns.
    pub(super) fn pawns(&mut self, me: Seat, own: u64, free: u64) {
        let me = me.index();
        let (g, p, t) = (self.g, self.p, self.g.t);
        let occ = self.occ;
        let reading = usize::from(g.rules.away);
        let promo = t.promotion[me];
        // What is the same for all of the army's pawns, looked up once.
        let (push, push2) = (&t.push[reading][me], &t.push2[reading][me]);
        let capture = &t.pawn_capture[me];
        let double = g.rules.double;
        for from in (own & p.role[Role::Pawn.index()]).iter() {
            let from = from & 63;
            // yuri.pawn-move-a / yuri.pawn-move-b: one step onto an empty square.
            let steps = push[from] & !occ;
            if self.rep_from & (1 << from) == 0 && steps & promo == 0 {
                // No promotion and no board to repeat: the steps the King's safety allows.
                self.out
                    .each(steps & self.allowed(from), |to| Mv::plain(from, to));
            } else {
                for to in steps.iter() {
                    self.pawn(from, to, Kind::Normal, promo);
                }
            }
            // yuri.double-step = first-move: two squares straight on from an unmoved pawn.
            if double && p.unmoved & (1 << from) != 0 {
                for (mid, dst) in push2[from] {
                    if dst != NONE && occ & ((1u64 << mid) | (1u64 << dst)) == 0 {
                        self.pawn(from, usize::from(dst), Kind::Double, promo);
                    }
                }
            }
            // yuri.pawn-capture-a: one diagonal square, only by capturing.
            let cap = capture[from];
            if cap != NONE {
                let cbit = 1u64 << cap;
                if free & occ & cbit != 0 {
                    self.pawn(from, usize::from(cap), Kind::Normal, promo);
                } else if cap == p.ep && occ & cbit == 0 && p.ep_pawn != NONE {
                    self.pawn(from, usize::from(cap), Kind::EnPassant, promo);
                }
            }
        }
    }

    /// A pawn's move, promoting where yuri.promotion says.
    #[inline]
    fn pawn(&mut self, from: usize, to: usize, kind: Kind, promo: u64) {
        if !self.safe(from, to, kind) {
            return;
        }
        if promo & (1 << to) != 0 {
            // yuri.promotion-choice: a Queen, Rook, Bishop or Knight of its own army.
            let kind = if kind == Kind::Normal {
                Kind::Promotion
            } else {
                kind
            };
            for role in Role::PROMOTIONS {
                self.push_unrepeated(Mv::new(from, to, kind, role as u8));
            }
        } else {
            self.push_unrepeated(Mv::new(from, to, kind, 0));
        }
    }
}
