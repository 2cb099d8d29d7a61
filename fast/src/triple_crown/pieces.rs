//! How the pieces move (lines, steps, leaps and the straight-across step), and the frame of
//! the move generator that gathers every piece's, Pawn's and castling move.

use super::bits::Bits;
use super::board::{Ctx, DIAG_SLIDERS, FERZ_STEPPERS, ORTHO_SLIDERS, Pos, WAZIR_STEPPERS};
use super::tables::Reach;
use super::turn::Mv;
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::sink::Sink;
use crate::types::Role;

impl Pos {
    /// The cells a piece of `role` on `from` reaches (moves or captures), before removing
    /// its own side's cells.
    #[inline(always)]
    fn reach(&self, ctx: Ctx<impl Switch>, role: u8, from: usize) -> Bits {
        let t = ctx.t;
        let rb = 1u16 << role;
        let mut lines = Reach::default();
        if rb & ORTHO_SLIDERS != 0 {
            for r in &t.ortho[from][..t.n_ortho[from] as usize] {
                r.reach_into(&self.occ, &mut lines);
            }
        }
        if rb & DIAG_SLIDERS != 0 {
            for r in &t.diag[from][..t.n_diag[from] as usize] {
                r.reach_into(&self.occ, &mut lines);
            }
        }
        let mut out = lines.bits();
        if rb & WAZIR_STEPPERS != 0 {
            out |= t.wazir[from];
        }
        if rb & FERZ_STEPPERS != 0 {
            out |= t.ferz[from];
        }
        if rb & ctx.r.across != 0 {
            out |= t.across[from];
        }
        if role == Role::Knight as u8 {
            out |= t.knight[from];
        }
        out
    }

    /// Generates the side to move's moves, ignoring whether they leave its Emperor en prise.
    /// Returns early with `true` after the first move if `any` is set.
    pub(crate) fn pseudo(&self, ctx: Ctx<impl Switch>, out: &mut impl Sink<Mv>, any: bool) -> bool {
        self.generate(ctx, out, any, None).0
    }

    /// Generates the side to move's moves; with `risky` (the cells whose pieces' moves may
    /// expose the Emperor), drops the moves from those cells, en passant and castling that
    /// expose it. Returns whether it returned early (after the first move, if `any`) and
    /// how many moves it dropped.
    #[inline(always)]
    pub(super) fn generate(
        &self,
        ctx: Ctx<impl Switch>,
        out: &mut impl Sink<Mv>,
        any: bool,
        risky: Option<Bits>,
    ) -> (bool, usize) {
        let mut dropped = 0;
        let tested = risky.unwrap_or(Bits::EMPTY);
        let filter = risky.is_some();
        let own = self.seat_bits[self.to_move.index()];
        // triple-crown.checkmate-en-prise: no move captures an Emperor.
        let open = !own & !self.emperors();
        let enemy = self.enemies(self.to_move) & !self.emperors();
        let mut promo_roles: Option<u16> = None;
        // A cell is tested only if filtering (`tested` is empty otherwise).
        for (from, test) in own.iter_marked(tested) {
            let role = self.board[from] & 15;
            if role == Role::Pawn as u8 {
                if self.pawn_moves(
                    ctx,
                    from,
                    test,
                    enemy,
                    &mut promo_roles,
                    out,
                    &mut dropped,
                    any,
                ) {
                    return (true, dropped);
                }
                continue;
            }
            let dests = self.reach(ctx, role, from) & open;
            if test {
                for to in dests.iter() {
                    self.emit(ctx, out, Mv::plain(from, to), true, &mut dropped);
                }
            } else if let Some(to) = dests.iter().next().filter(|_| any) {
                out.push(Mv::plain(from, to));
                return (true, dropped);
            } else {
                out.each(dests, |to| Mv::plain(from, to));
            }
        }
        if self.en_passant_moves(ctx, out, filter, &mut dropped, any) {
            return (true, dropped);
        }
        self.castles(ctx, &mut |m| self.emit(ctx, out, m, filter, &mut dropped));
        (any && out.taken() > 0, dropped)
    }
}
