//! How the pieces other than pawns move: the King's steps (and its meeting the other King)
//! and the moves of knights, bishops, rooks and queens.

use super::board::{BLACK, NONE, WHITE};
use super::history::repeats;
use super::turn::{Ctx, Mv};
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::sink::Sink;
use crate::types::{Kind, Role, Seat};

impl<S: Sink<Mv>, Sw: Switch> Ctx<'_, '_, S, Sw> {
    /// King steps (yuri.kings-no-capture, yuri.shared-square, yuri.king-onto-king).
    pub(super) fn king_steps(&mut self, me: Seat, own: u64, kings: u64) {
        let (g, p, t) = (self.g, self.p, self.g.t);
        let (ksq, occ) = (self.ksq, self.occ);
        let (enemies, bugs) = (self.enemies, g.rules.bugs);
        let kbit = 1u64 << ksq;
        let partner = match me {
            WHITE => p.king[BLACK.index()],
            BLACK => p.king[WHITE.index()],
            _ => NONE,
        };
        for to in (t.king[ksq & 63] & !own).iter() {
            let tbit = 1u64 << to;
            if kings & tbit != 0 {
                let kind = if usize::from(partner) == to {
                    (!bugs.no_meeting.on()).then_some(Kind::Meet)
                } else {
                    bugs.king_takes_king.on().then_some(Kind::KingCapture)
                };
                if let Some(kind) = kind
                    && (g.rules.into_check || !p.attacked(t, to, occ ^ kbit, enemies))
                {
                    self.out.push(Mv::new(ksq, to, kind, 0));
                }
                continue;
            }
            if !p.attacked(t, to, occ ^ kbit, enemies & !tbit) {
                self.push_unrepeated(Mv::plain(ksq, to));
            }
        }
    }

    /// The moves of knights, and of bishops, rooks and queens (yuri.orthodox-moves), onto
    /// `free` cells.
    #[inline(always)]
    pub(super) fn pieces(&mut self, own: u64, free: u64) {
        let (p, t, occ) = (self.p, self.g.t, self.occ);
        // Knights.
        for from in (own & p.role[Role::Knight.index()]).iter() {
            self.targets(from, t.knight[from & 63] & free);
        }
        // Bishops, Rooks, Queens (yuri.orthodox-moves).
        for from in (own & (p.role[Role::Bishop.index()] | p.role[Role::Queen.index()])).iter() {
            self.targets(from, t.bishop(from, occ) & free);
        }
        for from in (own & (p.role[Role::Rook.index()] | p.role[Role::Queen.index()])).iter() {
            self.targets(from, t.rook(from, occ) & free);
        }
    }

    /// A non-King piece's moves to each of `targets`.
    #[inline(always)]
    pub(super) fn targets(&mut self, from: usize, targets: u64) {
        let mut targets = targets & self.allowed(from);
        if self.rep_from & (1 << from) != 0 {
            for to in (targets & self.rep_to).iter() {
                let m = Mv::plain(from, to);
                if repeats(self.p, m, self.hist) {
                    targets &= !(1 << to);
                }
            }
        }
        self.out.each(targets, |to| Mv::plain(from, to));
    }
}
