//! Attacks, check and pins: whether a cell is attacked, whether a move exposes the mover's
//! Emperor, and the legal move generator that drops such moves (`triple-crown.self-exposure`).

use super::bits::Bits;
use super::board;
use super::board::{
    CLASS_ACROSS, CLASS_DIAG, CLASS_FERZ, CLASS_KNIGHT, CLASS_ORTHO, CLASS_PAWN, CLASS_WAZIR, Ctx,
    Pos,
};
use super::castling::CASTLES;
use super::tables::{Ray, Tables};
use super::turn::Mv;
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::sink::Sink;
use crate::types::{Kind, Seat};

impl Pos {
    /// Returns true if a piece of `by` attacks `target` with a step or a leap (every attack
    /// but one along a line, which is the only kind that moves elsewhere open or close).
    #[inline(always)]
    fn leaped(&self, ctx: Ctx<impl Switch>, target: usize, by: Bits) -> bool {
        let t = ctx.t;
        let by = by & t.near[target];
        if by.is_empty() {
            return false;
        }
        if !(t.knight_rev[target] & by & self.class_bits[CLASS_KNIGHT]).is_empty() {
            return true;
        }
        let pawns = by & self.class_bits[CLASS_PAWN];
        if !pawns.is_empty() {
            for seat in 0..3 {
                if !(t.pawn_caps_rev[seat][target] & pawns & self.seat_bits[seat]).is_empty() {
                    return true;
                }
            }
        }
        !(t.wazir[target] & by & self.class_bits[CLASS_WAZIR]).is_empty()
            || !(t.ferz[target] & by & self.class_bits[CLASS_FERZ]).is_empty()
            || !(t.across[target] & by & self.class_bits[CLASS_ACROSS]).is_empty()
    }

    /// The line pieces of `by` that could attack `target`, with the rays from `target` they
    /// would attack along: the rook lines', then the bishop lines'.
    #[inline(always)]
    fn line_attackers<'t>(&self, t: &'t Tables, target: usize, by: Bits) -> [(Bits, &'t [Ray]); 2] {
        [
            (
                by & self.class_bits[CLASS_ORTHO] & t.ortho_lines[target],
                &t.ortho[target][..t.n_ortho[target] as usize],
            ),
            (
                by & self.class_bits[CLASS_DIAG] & t.diag_lines[target],
                &t.diag[target][..t.n_diag[target] as usize],
            ),
        ]
    }

    /// Returns true if a piece of `by` (a set of cells holding the attackers, with `occ` the
    /// occupied cells) attacks `target`: could capture on it if it were an enemy piece.
    pub(crate) fn attacked_with(
        &self,
        ctx: Ctx<impl Switch>,
        target: usize,
        by: Bits,
        occ: Bits,
    ) -> bool {
        let t = ctx.t;
        self.leaped(ctx, target, by)
            || self
                .line_attackers(t, target, by)
                .iter()
                .any(|&(sliders, rays)| {
                    !sliders.is_empty()
                        && rays.iter().any(|r| {
                            !(r.line & sliders).is_empty()
                                && r.blocker(&occ).is_some_and(|b| sliders.holds_spot(b))
                        })
                })
    }

    /// Pushes `m` unless `test` is set and it exposes the mover's Emperor (then counts it).
    #[inline(always)]
    pub(super) fn emit(
        &self,
        ctx: Ctx<impl Switch>,
        out: &mut impl Sink<Mv>,
        m: Mv,
        test: bool,
        dropped: &mut usize,
    ) {
        if test && self.exposes(ctx, m) {
            *dropped += 1;
        } else {
            out.push(m);
        }
    }

    /// Returns whether `seat`'s Emperor on `king` is attacked, and `seat`'s pieces that stand
    /// alone between it and an enemy line piece that would attack it along that line (on each
    /// branch of a fork). Only their moves (and the Emperor's, and en passant) can uncover an
    /// attack: every other attack is a step or a leap, which no move of one's own opens.
    fn safety(&self, ctx: Ctx<impl Switch>, seat: Seat, king: usize) -> (bool, Bits) {
        let t = ctx.t;
        let enemies = self.enemies(seat);
        let own = self.seat_bits[seat.index()];
        let mut attacked = self.leaped(ctx, king, enemies);
        let mut pinned = Bits::EMPTY;
        for (sliders, rays) in self.line_attackers(t, king, enemies) {
            if sliders.is_empty() {
                continue;
            }
            for r in rays.iter().filter(|r| !(r.line & sliders).is_empty()) {
                // The first piece along the ray, and the next behind it.
                let Some(shield) = r.blocker(&self.occ) else {
                    continue;
                };
                if sliders.holds_spot(shield) {
                    attacked = true;
                    continue;
                }
                if !own.holds_spot(shield) {
                    continue;
                }
                let mut rest = self.occ;
                shield.clear_in(&mut rest);
                if r.blocker(&rest).is_some_and(|b| sliders.holds_spot(b)) {
                    shield.set_in(&mut pinned);
                }
            }
        }
        (attacked, pinned)
    }

    /// Returns true if the move leaves the mover's Emperor attacked by an enemy piece.
    pub(crate) fn exposes(&self, ctx: Ctx<impl Switch>, m: Mv) -> bool {
        let me = self.to_move.index();
        let (from, to) = (m.from as usize, m.to as usize);
        let mut occ = self.occ;
        let mut enemies = self.enemies(self.to_move);
        occ.clear(from);
        occ.set(to);
        enemies.clear(to);
        let mut king = self.emperor[me] as usize;
        if from == king {
            king = to;
        }
        match m.kind {
            Kind::EnPassant => {
                occ.clear(m.extra as usize);
                enemies.clear(m.extra as usize);
            }
            Kind::Castle => {
                let spec = &CASTLES[m.extra as usize];
                occ.clear(board::index(me, spec.partner, 0));
                occ.set(board::index(me, spec.partner_to, 0));
            }
            _ => {}
        }
        self.attacked_with(ctx, king, enemies, occ)
    }

    /// Generates the legal moves of the side to move into `out` (cleared first), with the
    /// reading of `triple-crown.self-exposure`.
    pub(crate) fn legal(&self, ctx: Ctx<impl Switch>, out: &mut Vec<Mv>) {
        out.clear();
        self.legal_into(ctx, out);
    }

    /// Gives the legal moves of the side to move to `out` (empty), with the reading of
    /// `triple-crown.self-exposure`.
    pub(crate) fn legal_into<S: Sink<Mv>>(&self, ctx: Ctx<impl Switch>, out: &mut S) {
        if self.over() {
            return;
        }
        if !ctx.r.exposure_forbidden {
            self.pseudo(ctx, out, false);
            return;
        }
        let king = self.emperor[self.to_move.index()] as usize;
        let (in_check, pins) = self.safety(ctx, self.to_move, king);
        // Only the Emperor's and pinned pieces' moves (and en passant, castling) can expose
        // it, unless it is attacked already.
        let risky = if in_check {
            super::bits::ALL
        } else {
            let mut r = if ctx.r.bugs.pins_ignored.on() {
                Bits::EMPTY
            } else {
                pins
            };
            r.set(king);
            r
        };
        let (_, dropped) = self.generate(ctx, out, false, Some(risky));
        // triple-crown.self-exposure, not-unless-forced: if every move exposes, all may be made.
        if out.taken() == 0 && dropped > 0 {
            self.pseudo(ctx, out, false);
        }
    }
}
