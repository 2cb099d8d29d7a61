//! How pawns move: steps, double steps (White's and the P4s'), captures, the P4 rule, en
//! passant and promotion.

use super::board::{BLACK, Geometry, NONE, Pos, RED, WHITE, bit, code};
use super::check::Gen;
use super::options::Cfg;
use super::turn::Mv;
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::types::{Kind, Role, Seat};

/// osullivan.double-step-p4: the P4s' starting cells, d2 for Black and e2 for Red.
fn p4_home(g: &Geometry, seat: Seat) -> u8 {
    match seat {
        BLACK => g.grid[1][3],
        RED => g.grid[1][4],
        _ => NONE,
    }
}

impl Pos {
    /// osullivan.p4-restriction: whether a capture by the pawn on `from` of the piece on
    /// `victim` is a P4 taking the other P4 while neither stands across the equator (rank 5 or
    /// higher) and the capturer is not freed (osullivan.p4-freed).
    #[inline]
    fn p4_forbids(
        &self,
        g: &Geometry,
        cfg: &Cfg<impl Switch>,
        s: Seat,
        from: usize,
        victim: usize,
    ) -> bool {
        if s == WHITE || self.p4[s.index()] as usize != from || cfg.bugs.p4_unrestricted.on() {
            return false;
        }
        let other = if s == RED { BLACK } else { RED };
        self.p4[other.index()] as usize == victim
            && self.freed & s.bit() == 0
            && g.rank[from] < 4
            && g.rank[victim] < 4
    }

    /// osullivan.en-passant, osullivan.en-passant-window: the en passant cells open after the
    /// move of `kind` from `from` by `s` just played, the newest first. The cell a double step
    /// passes is recorded whether or not a pawn can take it (D1). Under next-player the next
    /// move ends the window; under both-opponents a right lasts while the pawn that passed the
    /// cell stands beyond it and the cell is empty, and a second double step keeps the first
    /// one's right as the earlier one (D2).
    #[inline]
    pub(super) fn ep_cells(
        &self,
        g: &Geometry,
        cfg: &Cfg<impl Switch>,
        s: Seat,
        from: usize,
        kind: Kind,
    ) -> [u8; 3] {
        let fresh = if kind == Kind::Double {
            g.push[s.index()][from]
        } else {
            NONE
        };
        let mut cells = [fresh, NONE, NONE];
        if cfg.ep_both {
            for (slot, ep) in [self.ep, self.ep_earlier].into_iter().enumerate() {
                if ep != NONE && self.ep_stands(g, usize::from(ep)) {
                    cells[slot + 1] = ep;
                }
            }
        }
        cells
    }

    /// Whether the pawn that passed the en passant cell `ep` still stands beyond it, and the
    /// cell is still empty.
    #[inline]
    fn ep_stands(&self, g: &Geometry, ep: usize) -> bool {
        let victim = usize::from(g.ep_victim[ep]);
        g.ep_stepper[ep]
            .is_some_and(|stepper| self.board[victim] == code(stepper, Role::Pawn.index()))
            && self.occ & bit(ep) == 0
    }
}

impl<Sw: Switch> Gen<'_, Sw> {
    /// Pawns: steps, double steps, captures, en passant.
    #[inline(always)]
    pub(super) fn pawns(&self, out: &mut Vec<Mv>) {
        for from in self.pos.bb[self.s.index()][Role::Pawn.index()].iter() {
            self.pawn_steps(from, out);
            self.pawn_captures(from, out);
            self.en_passant(from, out);
        }
    }

    #[inline(always)]
    fn pawn_steps(&self, from: usize, out: &mut Vec<Mv>) {
        let Gen {
            pos,
            g,
            cfg,
            s,
            occ,
            far_rank,
            ..
        } = *self;
        let push = g.push[s.index()][from];
        if push != NONE && occ & bit(usize::from(push)) == 0 {
            let to = usize::from(push);
            if self.safe(from, to, 0) {
                if g.rank[to] == far_rank {
                    for role in Role::PROMOTIONS {
                        out.push(Mv::promotion(from, to, role));
                    }
                } else {
                    out.push(Mv::plain(from, to));
                }
            }
            // osullivan.double-step-white, osullivan.double-step-p4, osullivan.single-step.
            let may_double = if s == WHITE {
                g.rank[from] == 6
            } else {
                pos.p4[s.index()] as usize == from
                    && p4_home(g, s) as usize == from
                    && !cfg.bugs.p4_no_double.on()
            };
            if may_double {
                let push2 = g.push[s.index()][to];
                if push2 != NONE
                    && occ & bit(usize::from(push2)) == 0
                    && self.safe(from, usize::from(push2), 0)
                {
                    out.push(Mv::new(from, usize::from(push2), Kind::Double, 0));
                }
            }
        }
    }

    #[inline(always)]
    fn pawn_captures(&self, from: usize, out: &mut Vec<Mv>) {
        let Gen {
            pos,
            g,
            cfg,
            s,
            occ,
            targets,
            far_rank,
            ..
        } = *self;
        for to in (g.pawn_att[s.index()][from] & occ & targets).iter() {
            if pos.p4_forbids(g, cfg, s, from, to) || !self.safe(from, to, 0) {
                continue;
            }
            if g.rank[to] == far_rank {
                for role in Role::PROMOTIONS {
                    out.push(Mv::promotion(from, to, role));
                }
            } else {
                out.push(Mv::plain(from, to));
            }
        }
    }

    #[inline(always)]
    fn en_passant(&self, from: usize, out: &mut Vec<Mv>) {
        let Gen {
            pos,
            g,
            cfg,
            s,
            occ,
            ..
        } = *self;
        // osullivan.en-passant: beside the pawn that passed the cell, onto the cell; each
        // right still in its window (osullivan.en-passant-window).
        for ep in [pos.ep, pos.ep_earlier] {
            if ep == NONE {
                // An earlier right only stands beside a latest one.
                break;
            }
            if g.pawn_att[s.index()][from] & bit(usize::from(ep)) == 0 {
                continue;
            }
            let ep = usize::from(ep);
            let Some(stepper) = g.ep_stepper[ep] else {
                continue;
            };
            let victim = usize::from(g.ep_victim[ep]);
            if stepper != s
                && pos.board[victim] == code(stepper, Role::Pawn.index())
                && g.rank[victim] == g.rank[from]
                && occ & bit(ep) == 0
                && !pos.p4_forbids(g, cfg, s, from, victim)
                && self.safe(from, ep, bit(victim))
            {
                out.push(Mv::new(from, ep, Kind::EnPassant, 0));
            }
        }
    }
}
