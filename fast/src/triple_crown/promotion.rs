//! Promotion: the roles a Pawn reaching a far rank may become, and its moves there.

use super::board::{
    BARONESS, CHATELAINE, Ctx, DIARCH, KNIGHT, MODERATOR, POPE, PRIMATE, Pos, QUEEN, VICEREINE, bit,
};
use super::turn::{Mv, PROMOTION};
use crate::mutant::Switch;
use crate::sink::Sink;

impl Pos {
    /// `triple-crown.promotion-compulsory`: a Pawn's move from `from` to a far rank's `to`, once
    /// per role it may promote to (`roles`, a bit per role), lowest role first.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn promotions(
        &self,
        ctx: Ctx<impl Switch>,
        from: usize,
        to: usize,
        roles: u16,
        out: &mut impl Sink<Mv>,
        test: bool,
        dropped: &mut usize,
    ) {
        let mut m = roles;
        while m != 0 {
            let r = m.trailing_zeros() as u8;
            m &= m - 1;
            let promotion = Mv {
                from: from as u8,
                to: to as u8,
                kind: PROMOTION,
                extra: r,
            };
            self.emit(ctx, out, promotion, test, dropped);
        }
    }

    /// `triple-crown.promotion-missing`, `-full-quota`, `-non-array` and the reading of
    /// `triple-crown.promotion-diarch-only`: the roles the side to move may promote to.
    pub(crate) fn promotion_roles(&self, ctx: Ctx<impl Switch>) -> u16 {
        if ctx.r.bugs.promotion_unlimited.on() {
            return bit(QUEEN)
                | bit(CHATELAINE)
                | bit(VICEREINE)
                | bit(PRIMATE)
                | bit(MODERATOR)
                | bit(KNIGHT);
        }
        let me = self.to_move;
        let has = |r: u8| self.count(me, r) > 0;
        if has(BARONESS) && has(POPE) {
            return bit(DIARCH);
        }
        if has(BARONESS) {
            return bit(POPE);
        }
        if has(POPE) {
            return bit(BARONESS);
        }
        let mut short = 0u16;
        for r in [CHATELAINE, VICEREINE, PRIMATE, MODERATOR, KNIGHT] {
            if self.count(me, r) < 2 {
                short |= bit(r);
            }
        }
        if ctx.r.queen_in_quota && !has(QUEEN) {
            short |= bit(QUEEN);
        }
        if short == 0 {
            return bit(BARONESS) | bit(POPE);
        }
        if has(DIARCH) && ctx.r.diarch_only_baroness_or_pope {
            return bit(BARONESS) | bit(POPE);
        }
        short
    }
}
