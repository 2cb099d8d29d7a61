//! How Pawns move: steps, double steps, captures and en passant.

use super::bits::Bits;
use super::board::{self, CLASS_PAWN, Ctx, Pos};
use super::tables::{NONE, Tables};
use super::turn::Mv;
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::sink::Sink;
use crate::types::Kind;

impl Pos {
    /// A Pawn's steps, double step, captures and promotions from `from` (see [`Pos::generate`]);
    /// returns whether it returned early, after the first move.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn pawn_moves(
        &self,
        ctx: Ctx<impl Switch>,
        from: usize,
        test: bool,
        enemy: Bits,
        promo_roles: &mut Option<u16>,
        out: &mut impl Sink<Mv>,
        dropped: &mut usize,
        any: bool,
    ) -> bool {
        let t = ctx.t;
        let me = self.to_move.index();
        let step = self.pawn_step(t, me, from);
        if let Some(m) = step.and_then(|push| self.pawn_double(t, me, from, push)) {
            self.emit(ctx, out, m, test, dropped);
            if any {
                return true;
            }
        }
        let caps = t.pawn_caps[me][from] & enemy;
        // The common case first: a step forwards that does not promote, and no capture.
        if caps.is_empty() && !step.is_some_and(|p| t.far_ranks[me].holds(usize::from(p))) {
            if let Some(push) = step {
                self.emit(ctx, out, Mv::plain(from, usize::from(push)), test, dropped);
            }
            return any && step.is_some();
        }
        let dests = step.map_or(caps, |p| caps | Bits::one(usize::from(p)));
        for to in dests.iter() {
            if t.far_ranks[me].holds(to) {
                // triple-crown.promotion-compulsory.
                let roles = *promo_roles.get_or_insert_with(|| self.promotion_roles(ctx));
                self.promotions(ctx, from, to, roles, out, test, dropped);
            } else {
                self.emit(ctx, out, Mv::plain(from, to), test, dropped);
            }
            // Unfiltered (as with `any`), every move is kept.
            if any {
                return true;
            }
        }
        false
    }

    /// `triple-crown.pawn-moves`: a Pawn's step forwards from `from`, if the cell is empty.
    #[inline(always)]
    fn pawn_step(&self, t: &Tables, me: usize, from: usize) -> Option<u8> {
        let push = t.pawn_push[me][from];
        (push != NONE && !self.occ.holds(usize::from(push))).then_some(push)
    }

    /// `triple-crown.double-step`: a Pawn's double step from `from`, whose first step `push`
    /// is free, if it has one and its destination is empty.
    #[inline(always)]
    fn pawn_double(&self, t: &Tables, me: usize, from: usize, push: u8) -> Option<Mv> {
        let (mid, dest) = t.pawn_double[me][from];
        (mid == push && !self.occ.holds(usize::from(dest))).then_some(Mv::new(
            from,
            usize::from(dest),
            Kind::Double,
            0,
        ))
    }

    /// The en passant captures (see [`Pos::generate`]); returns whether it returned early,
    /// after the first move.
    #[inline(always)]
    pub(super) fn en_passant_moves(
        &self,
        ctx: Ctx<impl Switch>,
        out: &mut impl Sink<Mv>,
        filter: bool,
        dropped: &mut usize,
        any: bool,
    ) -> bool {
        let t = ctx.t;
        let me = self.to_move.index();
        // triple-crown.en-passant.
        for ep in self.ep {
            if ep.cell == NONE || ep.seat == self.to_move {
                continue;
            }
            let cell = ep.cell as usize;
            let (half, file, _) = board::coords(cell);
            let victim = board::index(half, file, 4);
            let takers =
                t.pawn_caps_rev[me][cell] & self.seat_bits[me] & self.class_bits[CLASS_PAWN];
            for from in takers.iter() {
                self.emit(
                    ctx,
                    out,
                    Mv::new(from, usize::from(ep.cell), Kind::EnPassant, victim as u8),
                    filter,
                    dropped,
                );
                if any {
                    return true;
                }
            }
        }
        false
    }
}
