//! Promotion: the roles a Pawn reaching a far rank may become, and its moves there.

use super::board::{Ctx, Pos};
use super::turn::Mv;
use crate::mutant::Switch;
use crate::sink::Sink;
use crate::types::Role;

impl Pos {
    /// `triple-crown.promotion-compulsory`: a Pawn's move from `from` to a far rank's `to`, once
    /// per role it may promote to (`roles`, a [`Role::triple_crown_bit`] per role), in the
    /// model's order of Triple Crown's roles.
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
            let r = Role::from_triple_crown_index(m.trailing_zeros() as usize);
            m &= m - 1;
            let promotion = Mv::promotion(from, to, r);
            self.emit(ctx, out, promotion, test, dropped);
        }
    }

    /// `triple-crown.promotion-missing`, `-full-quota`, `-non-array` and the reading of
    /// `triple-crown.promotion-diarch-only`: the roles the side to move may promote to, as
    /// [`Role::triple_crown_bit`]s.
    pub(crate) fn promotion_roles(&self, ctx: Ctx<impl Switch>) -> u16 {
        if ctx.r.bugs.promotion_unlimited.on() {
            return Role::Queen.triple_crown_bit()
                | Role::Chatelaine.triple_crown_bit()
                | Role::Vicereine.triple_crown_bit()
                | Role::Primate.triple_crown_bit()
                | Role::Moderator.triple_crown_bit()
                | Role::Knight.triple_crown_bit();
        }
        let me = self.to_move;
        let has = |r: Role| self.count(me, r) > 0;
        if has(Role::Baroness) && has(Role::Pope) {
            return Role::Diarch.triple_crown_bit();
        }
        if has(Role::Baroness) {
            return Role::Pope.triple_crown_bit();
        }
        if has(Role::Pope) {
            return Role::Baroness.triple_crown_bit();
        }
        let mut short = 0u16;
        for r in [
            Role::Chatelaine,
            Role::Vicereine,
            Role::Primate,
            Role::Moderator,
            Role::Knight,
        ] {
            if self.count(me, r) < 2 {
                short |= r.triple_crown_bit();
            }
        }
        if ctx.r.queen_in_quota && !has(Role::Queen) {
            short |= Role::Queen.triple_crown_bit();
        }
        if short == 0 {
            return Role::Baroness.triple_crown_bit() | Role::Pope.triple_crown_bit();
        }
        if has(Role::Diarch) && ctx.r.diarch_only_baroness_or_pope {
            return Role::Baroness.triple_crown_bit() | Role::Pope.triple_crown_bit();
        }
        short
    }
}
