//! How the pieces other than pawns move: knights, bishops, rooks, queens and the king.

use super::board::{EMPTY, Pos, bishop_att, bit, rook_att, seat_of};
use super::check::Gen;
use super::turn::Mv;
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::types::{Role, Seat};

impl<Sw: Switch> Gen<'_, Sw> {
    #[inline(always)]
    pub(super) fn knights(&self, out: &mut Vec<Mv>) {
        let Gen {
            pos,
            kt,
            s,
            targets,
            ..
        } = *self;
        for from in pos.bb[s.index()][Role::Knight.index()].iter() {
            for to in (kt[from] & targets).iter() {
                if self.safe(from, to, 0) {
                    out.push(Mv::plain(from, to));
                }
            }
        }
    }

    /// Bishops, rooks and queens.
    #[inline(always)]
    pub(super) fn sliders(&self, out: &mut Vec<Mv>) {
        let Gen {
            pos,
            g,
            cfg,
            s,
            occ,
            targets,
            ..
        } = *self;
        // Sliders. (The mutant dead-pieces-transparent lets them pass a dead army's pieces.)
        let slide_occ = if cfg.bugs.dead_transparent.on() {
            let dead = Seat::ALL.into_iter().filter(|&o| !pos.live(o));
            occ & !dead.fold(0, |m, o| m | pos.occ_seat[o.index()])
        } else {
            occ
        };
        for (role, orth, diag) in [
            (Role::Bishop, false, true),
            (Role::Rook, true, false),
            (Role::Queen, true, true),
        ] {
            for from in pos.bb[s.index()][role.index()].iter() {
                let mut att = 0;
                if orth {
                    att |= rook_att(g, from, slide_occ);
                }
                if diag {
                    att |= bishop_att(g, from, slide_occ);
                }
                for to in (att & targets).iter() {
                    if self.safe(from, to, 0) {
                        out.push(Mv::plain(from, to));
                    }
                }
            }
        }
    }

    #[inline(always)]
    pub(super) fn king(&self, out: &mut Vec<Mv>) {
        let Gen {
            pos,
            g,
            cfg,
            kt,
            s,
            ksq,
            occ,
            targets,
            ..
        } = *self;
        let occ_nok = occ & !bit(ksq);
        for to in (g.king[ksq] & targets).iter() {
            let victim = pos.board[to];
            let e2 = if victim != EMPTY && usize::from(victim & 7) == Role::King.index() {
                pos.enemy(cfg, s, Some(seat_of(victim)))
            } else {
                self.e
            };
            if !Pos::attacked(g, kt, to, occ_nok | bit(to), &e2, bit(to)) {
                out.push(Mv::plain(ksq, to));
            }
        }
    }
}
