//! White's castling: the cells it uses and the castling moves.

use super::board::{Geometry, Pos, WHITE, bit, code};
use super::check::Gen;
use super::turn::Mv;
use crate::mutant::Switch;
use crate::types::{Kind, Role};

/// The cells of `d8` and `b8`, `c8` and `e8` (fixed by the board's numbering).
pub(super) struct Castle {
    pub b8: usize,
    pub c8: usize,
    pub d8: usize,
    pub e8: usize,
}

pub(super) fn castle_cells(g: &Geometry) -> Castle {
    Castle {
        b8: usize::from(g.named("b8")),
        c8: usize::from(g.named("c8")),
        d8: usize::from(g.named("d8")),
        e8: usize::from(g.named("e8")),
    }
}

impl Pos {
    /// osullivan.castling-move: the king steps one space, onto `to`, the rook goes to d8.
    #[inline]
    pub(super) fn castle(&mut self, c: &Castle, to: usize) {
        self.remove(c.d8, WHITE, Role::King.index());
        self.remove(c.b8, WHITE, Role::Rook.index());
        self.put(to, WHITE, Role::King.index());
        self.put(c.d8, WHITE, Role::Rook.index());
        self.castling = false;
    }
}

impl<Sw: Switch> Gen<'_, Sw> {
    #[inline(always)]
    pub(super) fn castles(&self, out: &mut Vec<Mv>) {
        let Gen {
            pos,
            g,
            kt,
            s,
            ksq,
            occ,
            in_check,
            cfg,
            ..
        } = *self;
        // osullivan.castling-white-only, osullivan.castling-move, osullivan.castling-unmoved,
        // osullivan.castling-not-in-check, osullivan.castling-direction.
        let may_castle = !in_check || cfg.bugs.castle_in_check.on();
        if s == WHITE && pos.castling && may_castle {
            let c = castle_cells(g);
            let rook_home = pos.board[c.b8] == code(WHITE, Role::Rook.index());
            if ksq == c.d8 && rook_home && occ & bit(c.c8) == 0 {
                let occ2 = (occ & !bit(c.b8)) | bit(c.c8);
                if !Pos::attacked(g, kt, c.c8, occ2, &self.e, 0) {
                    out.push(Mv::new(c.d8, c.c8, Kind::Castle, 0));
                }
                if cfg.castle_either && occ & bit(c.e8) == 0 {
                    let occ2 = (occ & !bit(c.b8)) | bit(c.e8);
                    if !Pos::attacked(g, kt, c.e8, occ2, &self.e, 0) {
                        out.push(Mv::new(c.d8, c.e8, Kind::Castle, 0));
                    }
                }
            }
        }
    }
}
