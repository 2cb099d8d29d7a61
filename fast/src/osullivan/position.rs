//! The internal position, legal move generation, copy-make and perft.

use super::board::{BLACK, Geometry, N, NONE, RED, WHITE, bishop_att, rook_att};
use crate::bitset::Bitset;
use crate::mutant::{Mutant, Switch};
use crate::square::{self, BISHOP_DIRS, ROOK_DIRS};

/// Role indices (the model's order).
pub(super) use crate::square::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// An empty cell on the mailbox.
pub(super) const EMPTY: u8 = 255;

/// Move kinds.
pub(super) const NORMAL: u8 = 0;
pub(super) const DOUBLE: u8 = 1;
pub(super) const EN_PASSANT: u8 = 2;
/// Castling with the king stepping d8-c8 (towards the rook).
pub(super) const CASTLE_C: u8 = 3;
/// Castling with the king stepping d8-e8 (reading either-side).
pub(super) const CASTLE_E: u8 = 4;
/// Promotions: `PROMO + role` for queen, rook, bishop, knight.
pub(super) const PROMO: u8 = 8;

/// A move: from (6 bits), to (6 bits), kind (4 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mv(u16);

impl Mv {
    #[inline]
    pub(super) fn new(from: usize, to: usize, kind: u8) -> Mv {
        Mv(from as u16 | (to as u16) << 6 | u16::from(kind) << 12)
    }
    #[inline]
    pub(super) fn from(self) -> usize {
        usize::from(self.0 & 63)
    }
    #[inline]
    pub(super) fn to(self) -> usize {
        usize::from((self.0 >> 6) & 63)
    }
    #[inline]
    pub(super) fn kind(self) -> u8 {
        (self.0 >> 12) as u8
    }
}

/// The readings of the open points, as the generator needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cfg<Sw> {
    /// osullivan.turn-order: the seat after each seat.
    pub next: [u8; 3],
    /// osullivan.stalemate = out.
    pub stalemate_out: bool,
    /// osullivan.en-passant-window = both-opponents.
    pub ep_both: bool,
    /// osullivan.knight-barrier = straight-line.
    pub knight_straight: bool,
    /// osullivan.castling-direction = either-side.
    pub castle_either: bool,
    /// osullivan.exposed-king = capture.
    pub king_capture: bool,
    /// The rules bug planted on purpose, if any, as the switch of the rule it breaks.
    pub bugs: Bugs<Sw>,
}

/// The rules a planted [`Mutant`] breaks, each a switch the generator reads as it reads the
/// readings; all off without a mutant, and [`Off`](crate::mutant::Off) in the engine without
/// any. (The mutants of the board play on a geometry of their own instead.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bugs<Sw> {
    /// osullivan.dead-inert broken: a checkmated player's pieces still attack.
    pub dead_attack: Sw,
    /// osullivan.dead-capturable broken: sliders pass a checkmated player's pieces.
    pub dead_transparent: Sw,
    /// osullivan.p4-restriction broken: a P4 may take the other P4 at any time.
    pub p4_unrestricted: Sw,
    /// osullivan.double-step-p4 broken: no P4 double-steps.
    pub p4_no_double: Sw,
    /// osullivan.castling-not-in-check broken: White may castle in check.
    pub castle_in_check: Sw,
    /// osullivan.mate-removes-king broken: a mate takes the whole army off.
    pub army_removed: Sw,
}

impl<Sw: Switch> Bugs<Sw> {
    /// The switches of a planted mutant.
    pub(super) fn of(mutant: Option<Mutant>) -> Bugs<Sw> {
        let is = |m: Mutant| Sw::of(mutant, m);
        Bugs {
            dead_attack: is(Mutant::OSullivanDeadArmyChecks),
            dead_transparent: is(Mutant::OSullivanDeadPiecesTransparent),
            p4_unrestricted: is(Mutant::OSullivanP4RuleMissing),
            p4_no_double: is(Mutant::OSullivanP4NoDoubleStep),
            castle_in_check: is(Mutant::OSullivanCastlingInCheck),
            army_removed: is(Mutant::OSullivanMatedArmyRemoved),
        }
    }
}

/// The pieces of the live opponents that can attack, by how they attack.
#[derive(Clone, Copy, Debug)]
struct Enemy {
    knights: u64,
    kings: u64,
    /// Pawns attacking up the board (Black's and Red's).
    pawns_up: u64,
    /// Pawns attacking down the board (White's).
    pawns_down: u64,
    rook_queen: u64,
    bishop_queen: u64,
}

/// A position: bitsets by seat and role, a mailbox, and the state the rules need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub bb: [[u64; 6]; 3],
    pub occ_seat: [u64; 3],
    pub occ: u64,
    /// `seat * 8 + role`, or `EMPTY`.
    pub board: [u8; N],
    pub to_move: u8,
    /// White's castling right (king d8, rook b8).
    pub castling: bool,
    /// The en passant cell of the latest double step still in its window, or `NONE`.
    pub ep: u8,
    /// The en passant cell of an earlier double step still in its window (reading
    /// both-opponents, D2), or `NONE`.
    pub ep_earlier: u8,
    /// The cell of each seat's P4, or `NONE`.
    pub p4: [u8; 3],
    /// Bit per seat: the P4 is freed.
    pub freed: u8,
}

#[inline]
fn bit(sq: usize) -> u64 {
    1u64 << sq
}

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

/// osullivan.double-step-p4: the P4s' starting cells, d2 for Black and e2 for Red.
fn p4_home(g: &Geometry, seat: usize) -> u8 {
    match seat {
        BLACK => g.grid[1][3],
        RED => g.grid[1][4],
        _ => NONE,
    }
}

impl Pos {
    /// An empty board, White to move.
    pub(super) fn empty() -> Pos {
        Pos {
            bb: [[0; 6]; 3],
            occ_seat: [0; 3],
            occ: 0,
            board: [EMPTY; N],
            to_move: 0,
            castling: false,
            ep: NONE,
            ep_earlier: NONE,
            p4: [NONE; 3],
            freed: 0,
        }
    }

    #[inline]
    pub(super) fn put(&mut self, sq: usize, seat: usize, role: usize) {
        self.bb[seat][role] |= bit(sq);
        self.occ_seat[seat] |= bit(sq);
        self.occ |= bit(sq);
        self.board[sq] = (seat * 8 + role) as u8;
    }

    #[inline]
    fn remove(&mut self, sq: usize, seat: usize, role: usize) {
        self.bb[seat][role] &= !bit(sq);
        self.occ_seat[seat] &= !bit(sq);
        self.occ &= !bit(sq);
        self.board[sq] = EMPTY;
    }

    /// Takes every piece of `seat` off the board (only the mutant mated-army-removed does).
    fn remove_army(&mut self, seat: usize) {
        for sq in self.occ_seat[seat].iter() {
            self.remove(sq, seat, usize::from(self.board[sq] & 7));
        }
        self.p4[seat] = NONE;
        self.freed &= !(1 << seat);
    }

    /// osullivan.mate-removes-king: a seat is in the game while its king is on the board.
    #[inline]
    pub(super) fn live(&self, seat: usize) -> bool {
        self.bb[seat][KING] != 0
    }

    /// osullivan.turn-order: the seat still in the game whose turn comes before `seat`'s
    /// (`seat` itself if no other is in the game).
    pub(super) fn seat_before(&self, cfg: &Cfg<impl Switch>, seat: u8) -> u8 {
        let mut s = seat;
        loop {
            // Three seats in a cycle: the one before is the one after the next.
            s = cfg.next[usize::from(cfg.next[usize::from(s)])];
            if self.live(usize::from(s)) || s == seat {
                return s;
            }
        }
    }

    pub(super) fn live_count(&self) -> usize {
        (0..3).filter(|&s| self.live(s)).count()
    }

    /// osullivan.check, osullivan.dead-inert: the attacking pieces of `seat`'s live opponents
    /// (a dead army attacks nothing), leaving out `skip` (a seat whose king is being taken).
    fn enemy(&self, cfg: &Cfg<impl Switch>, seat: usize, skip: usize) -> Enemy {
        let mut e = Enemy {
            knights: 0,
            kings: 0,
            pawns_up: 0,
            pawns_down: 0,
            rook_queen: 0,
            bishop_queen: 0,
        };
        for o in 0..3 {
            let inert = !self.live(o) && !cfg.bugs.dead_attack.on();
            if o == seat || o == skip || inert {
                continue;
            }
            let b = &self.bb[o];
            e.knights |= b[KNIGHT];
            e.kings |= b[KING];
            if o == WHITE {
                e.pawns_down |= b[PAWN];
            } else {
                e.pawns_up |= b[PAWN];
            }
            e.rook_queen |= b[ROOK] | b[QUEEN];
            e.bishop_queen |= b[BISHOP] | b[QUEEN];
        }
        e
    }

    /// Whether `sq` is attacked by the enemy pieces `e` not on `removed`, with `occ` occupied.
    #[inline]
    fn attacked(g: &Geometry, kt: &[u64; N], sq: usize, occ: u64, e: &Enemy, removed: u64) -> bool {
        let keep = !removed;
        (kt[sq] & e.knights & keep) != 0
            || (g.king[sq] & e.kings & keep) != 0
            || (g.pawn_from[BLACK][sq] & e.pawns_up & keep) != 0
            || (g.pawn_from[WHITE][sq] & e.pawns_down & keep) != 0
            || (rook_att(g, sq, occ) & e.rook_queen & keep) != 0
            || (bishop_att(g, sq, occ) & e.bishop_queen & keep) != 0
    }

    /// osullivan.p4-restriction: whether a capture by the pawn on `from` of the piece on
    /// `victim` is a P4 taking the other P4 while neither stands across the equator (rank 5 or
    /// higher) and the capturer is not freed (osullivan.p4-freed).
    #[inline]
    fn p4_forbids(
        &self,
        g: &Geometry,
        cfg: &Cfg<impl Switch>,
        s: usize,
        from: usize,
        victim: usize,
    ) -> bool {
        if s == WHITE || self.p4[s] as usize != from || cfg.bugs.p4_unrestricted.on() {
            return false;
        }
        let other = if s == RED { BLACK } else { RED };
        self.p4[other] as usize == victim
            && self.freed & (1 << s) == 0
            && g.rank[from] < 4
            && g.rank[victim] < 4
    }

    /// Lists the legal moves of the side to move into `out`; returns whether it is in check.
    /// With at most one king left the game is over and there are none.
    pub(super) fn generate(&self, g: &Geometry, cfg: &Cfg<impl Switch>, out: &mut Vec<Mv>) -> bool {
        out.clear();
        let s = usize::from(self.to_move);
        let kbb = self.bb[s][KING];
        if kbb == 0 || self.live_count() <= 1 {
            return false;
        }
        let ksq = kbb.trailing_zeros() as usize;
        let kt = &g.knight[usize::from(cfg.knight_straight)];
        let e = self.enemy(cfg, s, 9);
        let occ = self.occ;
        let in_check = Self::attacked(g, kt, ksq, occ, &e, 0);
        let own = self.occ_seat[s];
        let kings = self.bb[0][KING] | self.bb[1][KING] | self.bb[2][KING];
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

    /// Plays a legal move of the side to move and passes the turn (without taking out a
    /// player who then has no move: see [`Pos::settle`]).
    pub(super) fn make(&mut self, g: &Geometry, cfg: &Cfg<impl Switch>, mv: Mv) {
        let s = usize::from(self.to_move);
        let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
        let c = castle_cells(g);
        if kind == CASTLE_C || kind == CASTLE_E {
            // osullivan.castling-move: the king steps one space, the rook goes to d8.
            self.remove(c.d8, WHITE, KING);
            self.remove(c.b8, WHITE, ROOK);
            self.put(to, WHITE, KING);
            self.put(c.d8, WHITE, ROOK);
            self.castling = false;
        } else {
            let piece = self.board[from];
            let role = usize::from(piece & 7);
            // osullivan.en-passant: only a move generated as an en passant capture takes the
            // pawn that passed `to`; a step onto that cell takes nothing.
            let cap_sq = if kind == EN_PASSANT {
                usize::from(g.ep_victim[to])
            } else {
                to
            };
            let cap = self.board[cap_sq];
            let mut frees = false;
            if cap != EMPTY {
                let (o, cr) = (usize::from(cap >> 3), usize::from(cap & 7));
                self.remove(cap_sq, o, cr);
                if usize::from(self.p4[o]) == cap_sq {
                    self.p4[o] = NONE;
                    self.freed &= !(1 << o);
                } else {
                    // osullivan.midline, osullivan.p4-freed: a capture of another piece from
                    // the d-file side to the e-file side or back.
                    frees = (g.file[from] <= 3) != (g.file[to] <= 3);
                }
            }
            self.remove(from, s, role);
            let promo = kind >= PROMO;
            let new_role = if promo {
                usize::from(kind - PROMO)
            } else {
                role
            };
            self.put(to, s, new_role);
            // osullivan.pawn-numbering: a P4 that moves stays the P4; one that promotes is gone.
            if usize::from(self.p4[s]) == from {
                if promo {
                    self.p4[s] = NONE;
                    self.freed &= !(1 << s);
                } else {
                    self.p4[s] = to as u8;
                    if frees {
                        self.freed |= 1 << s;
                    }
                }
            }
            // osullivan.castling-unmoved: the right goes with a king or rook move or capture.
            if from == c.d8 || from == c.b8 || to == c.d8 || to == c.b8 {
                self.castling = false;
            }
        }
        // osullivan.en-passant, osullivan.en-passant-window: the cell a double step passes is
        // recorded whether or not a pawn can take it (D1). Under next-player the next move
        // ends the window; under both-opponents a right lasts while the pawn that passed the
        // cell stands beyond it and the cell is empty, and a second double step keeps the
        // first one's right as the earlier one (D2).
        let fresh = if kind == DOUBLE {
            g.push[s][from]
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
        self.advance(g, cfg, cells);
    }

    /// Whether the pawn that passed the en passant cell `ep` still stands beyond it, and the
    /// cell is still empty.
    #[inline]
    fn ep_stands(&self, g: &Geometry, ep: usize) -> bool {
        let victim = usize::from(g.ep_victim[ep]);
        let stepper = usize::from(g.ep_stepper[ep]);
        self.board[victim] == (stepper * 8 + PAWN) as u8 && self.occ & bit(ep) == 0
    }

    /// osullivan.turn-order: passes the turn to the next seat still in the game, and keeps
    /// the en passant rights among `cells` (the newest first) whose window is still open
    /// (osullivan.en-passant-window): a right may be taken by each opponent on their next
    /// move at most, so it is over once the turn comes to the double-stepper's seat, whether
    /// the turn stops there or passes over it (a seat out of the game; decision D8). At most
    /// two rights stay open, the latest in `ep`.
    fn advance(&mut self, g: &Geometry, cfg: &Cfg<impl Switch>, mut cells: [u8; 3]) {
        let start = self.to_move;
        let mut s = start;
        loop {
            s = cfg.next[usize::from(s)];
            for cell in &mut cells {
                if *cell != NONE && g.ep_stepper[usize::from(*cell)] == s {
                    *cell = NONE;
                }
            }
            if self.live(usize::from(s)) || s == start {
                break;
            }
        }
        self.to_move = s;
        let mut open = cells.into_iter().filter(|&c| c != NONE);
        self.ep = open.next().unwrap_or(NONE);
        self.ep_earlier = open.next().unwrap_or(NONE);
    }

    /// osullivan.checkmate, osullivan.mate-removes-king, osullivan.stalemate,
    /// osullivan.end-of-game: takes out each player whose turn comes with no legal move
    /// (checkmated, or stalemated under the reading out), until a player can move, a stalemate
    /// draws the game or one king is left. Leaves the side to move's legal moves in `buf`.
    pub(super) fn settle(&mut self, g: &Geometry, cfg: &Cfg<impl Switch>, buf: &mut Vec<Mv>) {
        loop {
            let in_check = self.generate(g, cfg, buf);
            if !buf.is_empty() {
                return;
            }
            if self.live_count() <= 1 {
                return;
            }
            let s = usize::from(self.to_move);
            if !self.live(s) {
                self.advance(g, cfg, [self.ep, self.ep_earlier, NONE]);
                continue;
            }
            if in_check || cfg.stalemate_out {
                let k = self.bb[s][KING].trailing_zeros() as usize;
                self.remove(k, s, KING);
                if in_check && cfg.bugs.army_removed.on() {
                    self.remove_army(s);
                }
                if s == WHITE {
                    self.castling = false;
                }
                self.advance(g, cfg, [self.ep, self.ep_earlier, NONE]);
            } else {
                return;
            }
        }
    }
}

/// The move generator of one position: the side to move, its king and what attacks it.
#[derive(Clone, Copy)]
struct Gen<'a, Sw> {
    pos: &'a Pos,
    g: &'a Geometry,
    cfg: &'a Cfg<Sw>,
    /// The knight's leaps under the reading of osullivan.knight-barrier.
    kt: &'a [u64; N],
    s: usize,
    ksq: usize,
    e: Enemy,
    occ: u64,
    in_check: bool,
    /// The cells a piece may move to: not the own, nor a king unless kings are captured.
    targets: u64,
    /// The own pieces pinned to the king: while it is not in check, only their moves (and en
    /// passant) can expose it.
    pinned: u64,
    /// The rank where the side to move's pawns promote.
    far_rank: u8,
}

impl<Sw: Switch> Gen<'_, Sw> {
    /// Whether a move of a piece other than the king, from `from` to `to`, removing the
    /// piece on `to` (if any) and on `extra`, leaves the mover's king unattacked.
    #[inline(always)]
    fn safe(&self, from: usize, to: usize, extra: u64) -> bool {
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
        if victim != EMPTY && usize::from(victim & 7) == KING {
            let e2 = pos.enemy(cfg, s, usize::from(victim >> 3));
            return !Pos::attacked(g, kt, ksq, occ2, &e2, bit(to) | extra);
        }
        !Pos::attacked(g, kt, ksq, occ2, &self.e, bit(to) | extra)
    }

    /// Pawns: steps, double steps, captures, en passant.
    fn pawns(&self, out: &mut Vec<Mv>) {
        for from in self.pos.bb[self.s][PAWN].iter() {
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
        let push = g.push[s][from];
        if push != NONE && occ & bit(usize::from(push)) == 0 {
            let to = usize::from(push);
            if self.safe(from, to, 0) {
                if g.rank[to] == far_rank {
                    for role in [QUEEN, ROOK, BISHOP, KNIGHT] {
                        out.push(Mv::new(from, to, PROMO + role as u8));
                    }
                } else {
                    out.push(Mv::new(from, to, NORMAL));
                }
            }
            // osullivan.double-step-white, osullivan.double-step-p4, osullivan.single-step.
            let may_double = if s == WHITE {
                g.rank[from] == 6
            } else {
                pos.p4[s] as usize == from
                    && p4_home(g, s) as usize == from
                    && !cfg.bugs.p4_no_double.on()
            };
            if may_double {
                let push2 = g.push[s][to];
                if push2 != NONE
                    && occ & bit(usize::from(push2)) == 0
                    && self.safe(from, usize::from(push2), 0)
                {
                    out.push(Mv::new(from, usize::from(push2), DOUBLE));
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
        for to in (g.pawn_att[s][from] & occ & targets).iter() {
            if pos.p4_forbids(g, cfg, s, from, to) || !self.safe(from, to, 0) {
                continue;
            }
            if g.rank[to] == far_rank {
                for role in [QUEEN, ROOK, BISHOP, KNIGHT] {
                    out.push(Mv::new(from, to, PROMO + role as u8));
                }
            } else {
                out.push(Mv::new(from, to, NORMAL));
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
            if g.pawn_att[s][from] & bit(usize::from(ep)) == 0 {
                continue;
            }
            let ep = usize::from(ep);
            let stepper = usize::from(g.ep_stepper[ep]);
            let victim = usize::from(g.ep_victim[ep]);
            if stepper != s
                && pos.board[victim] == (stepper * 8 + PAWN) as u8
                && g.rank[victim] == g.rank[from]
                && occ & bit(ep) == 0
                && !pos.p4_forbids(g, cfg, s, from, victim)
                && self.safe(from, ep, bit(victim))
            {
                out.push(Mv::new(from, ep, EN_PASSANT));
            }
        }
    }

    fn knights(&self, out: &mut Vec<Mv>) {
        let Gen {
            pos,
            kt,
            s,
            targets,
            ..
        } = *self;
        for from in pos.bb[s][KNIGHT].iter() {
            for to in (kt[from] & targets).iter() {
                if self.safe(from, to, 0) {
                    out.push(Mv::new(from, to, NORMAL));
                }
            }
        }
    }

    /// Bishops, rooks and queens.
    fn sliders(&self, out: &mut Vec<Mv>) {
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
            let dead = (0..3).filter(|&o| !pos.live(o));
            occ & !dead.fold(0, |m, o| m | pos.occ_seat[o])
        } else {
            occ
        };
        for (role, orth, diag) in [
            (BISHOP, false, true),
            (ROOK, true, false),
            (QUEEN, true, true),
        ] {
            for from in pos.bb[s][role].iter() {
                let mut att = 0;
                if orth {
                    att |= rook_att(g, from, slide_occ);
                }
                if diag {
                    att |= bishop_att(g, from, slide_occ);
                }
                for to in (att & targets).iter() {
                    if self.safe(from, to, 0) {
                        out.push(Mv::new(from, to, NORMAL));
                    }
                }
            }
        }
    }

    fn king(&self, out: &mut Vec<Mv>) {
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
            let e2 = if victim != EMPTY && usize::from(victim & 7) == KING {
                pos.enemy(cfg, s, usize::from(victim >> 3))
            } else {
                self.e
            };
            if !Pos::attacked(g, kt, to, occ_nok | bit(to), &e2, bit(to)) {
                out.push(Mv::new(ksq, to, NORMAL));
            }
        }
    }

    fn castles(&self, out: &mut Vec<Mv>) {
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
            let rook_home = pos.board[c.b8] == (WHITE * 8 + ROOK) as u8;
            if ksq == c.d8 && rook_home && occ & bit(c.c8) == 0 {
                let occ2 = (occ & !bit(c.b8)) | bit(c.c8);
                if !Pos::attacked(g, kt, c.c8, occ2, &self.e, 0) {
                    out.push(Mv::new(c.d8, c.c8, CASTLE_C));
                }
                if cfg.castle_either && occ & bit(c.e8) == 0 {
                    let occ2 = (occ & !bit(c.b8)) | bit(c.e8);
                    if !Pos::attacked(g, kt, c.e8, occ2, &self.e, 0) {
                        out.push(Mv::new(c.d8, c.e8, CASTLE_E));
                    }
                }
            }
        }
    }
}
