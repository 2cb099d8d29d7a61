//! Live and dead armies, attacks, check and pins: the frame of the legal move generator,
//! whose every move is tested here for the king's safety.

use super::board::{BLACK, EMPTY, Geometry, N, Pos, WHITE, bishop_att, bit, rook_att, seat_of};
use super::options::Cfg;
use super::turn::Mv;
use crate::mutant::Switch;
use crate::square::{self, BISHOP_DIRS, ROOK_DIRS};
use crate::types::{Role, Seat};

/// The pieces of the live opponents that can attack, by how they attack.
#[derive(Clone, Copy, Debug)]
pub(super) struct Enemy {
    knights: u64,
    kings: u64,
    /// Pawns attacking up the board (Black's and Red's).
    pawns_up: u64,
    /// Pawns attacking down the board (White's).
    pawns_down: u64,
    rook_queen: u64,
    bishop_queen: u64,
}

impl Pos {
    /// osullivan.mate-removes-king: a seat is in the game while its king is on the board.
    #[inline]
    pub(super) fn live(&self, seat: Seat) -> bool {
        self.bb[seat.index()][Role::King.index()] != 0
    }

    pub(super) fn live_count(&self) -> usize {
        Seat::ALL.into_iter().filter(|&s| self.live(s)).count()
    }

    /// osullivan.check, osullivan.dead-inert: the attacking pieces of `seat`'s live opponents
    /// (a dead army attacks nothing), leaving out `skip` (a seat whose king is being taken).
    pub(super) fn enemy(&self, cfg: &Cfg<impl Switch>, seat: Seat, skip: Option<Seat>) -> Enemy {
        let mut e = Enemy {
            knights: 0,
            kings: 0,
            pawns_up: 0,
            pawns_down: 0,
            rook_queen: 0,
            bishop_queen: 0,
        };
        for o in Seat::ALL {
            let inert = !self.live(o) && !cfg.bugs.dead_attack.on();
            if o == seat || Some(o) == skip || inert {
                continue;
            }
            let b = &self.bb[o.index()];
            e.knights |= b[Role::Knight.index()];
            e.kings |= b[Role::King.index()];
            if o == WHITE {
                e.pawns_down |= b[Role::Pawn.index()];
            } else {
                e.pawns_up |= b[Role::Pawn.index()];
            }
            e.rook_queen |= b[Role::Rook.index()] | b[Role::Queen.index()];
            e.bishop_queen |= b[Role::Bishop.index()] | b[Role::Queen.index()];
        }
        e
    }

    /// Whether `sq` is attacked by the enemy pieces `e` not on `removed`, with `occ` occupied.
    #[inline]
    pub(super) fn attacked(
        g: &Geometry,
        kt: &[u64; N],
        sq: usize,
        occ: u64,
        e: &Enemy,
        removed: u64,
    ) -> bool {
        let keep = !removed;
        (kt[sq] & e.knights & keep) != 0
            || (g.king[sq] & e.kings & keep) != 0
            || (g.pawn_from[BLACK.index()][sq] & e.pawns_up & keep) != 0
            || (g.pawn_from[WHITE.index()][sq] & e.pawns_down & keep) != 0
            || (rook_att(g, sq, occ) & e.rook_queen & keep) != 0
            || (bishop_att(g, sq, occ) & e.bishop_queen & keep) != 0
    }

    /// Lists the legal moves of the side to move into `out`; returns whether it is in check.
    /// With at most one king left the game is over and there are none.
    pub(super) fn generate(&self, g: &Geometry, cfg: &Cfg<impl Switch>, out: &mut Vec<Mv>) -> bool {
        out.clear();
        let s = self.to_move;
        let kbb = self.bb[s.index()][Role::King.index()];
        if kbb == 0 || self.live_count() <= 1 {
            return false;
        }
        let ksq = kbb.trailing_zeros() as usize;
        let kt = &g.knight[usize::from(cfg.knight_straight)];
        let e = self.enemy(cfg, s, None);
        let occ = self.occ;
        let in_check = Self::attacked(g, kt, ksq, occ, &e, 0);
        let own = self.occ_seat[s.index()];
        let kings = self.bb[0][Role::King.index()]
            | self.bb[1][Role::King.index()]
            | self.bb[2][Role::King.index()];
        // osullivan.exposed-king: kings are captured only under the reading capture.
        let targets = if cfg.king_capture {
            !own
        } else {
            !own & !kings
        };
        // osullivan.check: only a piece pinned to the king can uncover a check.
        let pinned = square::pinned(&g.rays, ROOK_DIRS, ksq, occ, own, e.rook_queen)
            | square::pinned(&g.rays, BISHOP_DIRS, ksq, occ, own, e.bishop_queen);
        let far_rank = if s == WHITE { 0 } else { 7 };
        let gen_ = Gen {
            pos: self,
            g,
            cfg,
            kt,
            s,
            ksq,
            e,
            occ,
            in_check,
            targets,
            pinned,
            far_rank,
        };
        gen_.pawns(out);
        gen_.knights(out);
        gen_.sliders(out);
        gen_.king(out);
        gen_.castles(out);
        in_check
    }
}

/// The move generator of one position: the side to move, its king and what attacks it.
#[derive(Clone, Copy)]
pub(super) struct Gen<'a, Sw> {
    pub pos: &'a Pos,
    pub g: &'a Geometry,
    pub cfg: &'a Cfg<Sw>,
    /// The knight's leaps under the reading of osullivan.knight-barrier.
    pub kt: &'a [u64; N],
    pub s: Seat,
    pub ksq: usize,
    pub e: Enemy,
    pub occ: u64,
    pub in_check: bool,
    /// The cells a piece may move to: not the own, nor a king unless kings are captured.
    pub targets: u64,
    /// The own pieces pinned to the king: while it is not in check, only their moves (and en
    /// passant) can expose it.
    pub pinned: u64,
    /// The rank where the side to move's pawns promote.
    pub far_rank: u8,
}

impl<Sw: Switch> Gen<'_, Sw> {
    /// Whether a move of a piece other than the king, from `from` to `to`, removing the
    /// piece on `to` (if any) and on `extra`, leaves the mover's king unattacked.
    #[inline(always)]
    pub(super) fn safe(&self, from: usize, to: usize, extra: u64) -> bool {
        let Gen {
            pos,
            g,
            cfg,
            kt,
            s,
            ksq,
            occ,
            in_check,
            pinned,
            ..
        } = *self;
        if !in_check && pinned & bit(from) == 0 && extra == 0 {
            return true;
        }
        let occ2 = (occ & !bit(from) & !extra) | bit(to);
        let victim = pos.board[to];
        if victim != EMPTY && usize::from(victim & 7) == Role::King.index() {
            let e2 = pos.enemy(cfg, s, Some(seat_of(victim)));
            return !Pos::attacked(g, kt, ksq, occ2, &e2, bit(to) | extra);
        }
        !Pos::attacked(g, kt, ksq, occ2, &self.e, bit(to) | extra)
    }
}
