//! The internal position (bitboards and a mailbox, copy-make), the legal move generator and
//! perft.

use super::board::{ALL, BISHOP, BLACK, KING, KNIGHT, N, NONE, PAWN, QUEEN, ROOK, Tables, WHITE};
use crate::bitset::Bitset;
use crate::mutant::{Mutant, Switch};
use crate::sink::Sink;
use crate::square::{self, BISHOP_DIRS, ROOK_DIRS};

/// An empty mailbox cell.
pub(super) const EMPTY: u8 = 0xFF;

/// What stands on the board: a board state (yuri.white-no-repeat) is exactly this.
pub(super) type Snap = [u64; 9];

/// A move: from, to, the promotion role (or `NONE`) and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mv {
    pub from: u8,
    pub to: u8,
    pub promo: u8,
    pub kind: u8,
}

pub(super) const PLAIN: u8 = 0;
pub(super) const DOUBLE: u8 = 1;
pub(super) const EN_PASSANT: u8 = 2;
/// yuri.shared-square: the White King onto the Black King or the Black King onto the White.
pub(super) const MEET: u8 = 3;
/// A King capturing a King: only the mutant king-captures-king makes it.
pub(super) const KING_CAPTURE: u8 = 4;

/// yuri.stalemate: who wins when the player to move has no legal move and is not in check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Stalemate {
    /// Nobody: the game is drawn (rule zero, FIDE 5.2.1).
    #[default]
    Draw,
    /// White, whoever is stalemated.
    WhiteWins,
    /// The player who made the last move, the seat before the stalemated one.
    MoverWins,
}

/// The readings chosen for the open points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Rules<Sw> {
    /// yuri.pawns = away-from-diagonal.
    pub away: bool,
    /// yuri.double-step = first-move.
    pub double: bool,
    /// yuri.king-onto-king = into-check.
    pub into_check: bool,
    /// yuri.stalemate.
    pub stalemate: Stalemate,
    /// yuri.mate-timing = immediately: after every move each King is judged, whoever's turn
    /// it is.
    pub mate_at_once: bool,
    /// The rules bug planted on purpose, if any, as the switch of the rule it breaks.
    pub bugs: Bugs<Sw>,
}

/// The rules a planted [`Mutant`] breaks, each a switch the generator reads as it reads the
/// readings; all off without a mutant, and [`Off`](crate::mutant::Off) in the engine without
/// any. (The mutant pawns-other-reading swaps the reading of yuri.pawns instead.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bugs<Sw> {
    /// yuri.white-no-repeat broken: White may bring back an earlier board.
    pub white_repeats: Sw,
    /// yuri.check broken: a pinned piece may leave the line when the King is not in check.
    pub pins_ignored: Sw,
    /// yuri.shared-square broken: the White and Black Kings may not meet.
    pub no_meeting: Sw,
    /// yuri.kings-no-capture broken: a King may take a King it does not meet.
    pub king_takes_king: Sw,
    /// yuri.red-wins broken: a mate of Red's own King is Black's win.
    pub red_own_mate_loses: Sw,
}

impl<Sw: Switch> Bugs<Sw> {
    /// The switches of a planted mutant.
    pub(super) fn of(mutant: Option<Mutant>) -> Bugs<Sw> {
        let is = |m: Mutant| Sw::of(mutant, m);
        Bugs {
            white_repeats: is(Mutant::YuriWhiteRepeats),
            pins_ignored: is(Mutant::YuriPinsIgnored),
            no_meeting: is(Mutant::YuriSharedSquareRefused),
            king_takes_king: is(Mutant::YuriKingCapturesKing),
            red_own_mate_loses: is(Mutant::YuriRedOwnMateLoses),
        }
    }
}

/// A position: pieces by army and role, a mailbox (`army * 8 + role`), the Kings' cells and
/// the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub army: [u64; 3],
    pub role: [u64; 6],
    pub mail: [u8; N],
    pub king: [u8; 3],
    pub to_move: u8,
    /// The cell passed over by the double step just made, or `NONE`.
    pub ep: u8,
    /// The pawn that made it.
    pub ep_pawn: u8,
    /// Pawns that have not moved.
    pub unmoved: u64,
    /// The shared square of the White and Black Kings (the game is over), or `NONE`.
    pub shared: u8,
}

impl Pos {
    /// The empty board, White to move.
    pub(super) fn empty() -> Pos {
        Pos {
            army: [0; 3],
            role: [0; 6],
            mail: [EMPTY; N],
            king: [NONE; 3],
            to_move: 0,
            ep: NONE,
            ep_pawn: NONE,
            unmoved: 0,
            shared: NONE,
        }
    }

    /// Puts a piece on an empty cell.
    #[inline]
    pub(super) fn put(&mut self, army: usize, role: usize, s: usize) {
        self.army[army] |= 1 << s;
        self.role[role] |= 1 << s;
        self.mail[s] = (army * 8 + role) as u8;
        if role == KING {
            self.king[army] = s as u8;
        }
    }

    /// Takes the piece off a cell.
    #[inline]
    fn take(&mut self, s: usize) {
        let pc = self.mail[s];
        if pc == EMPTY {
            return;
        }
        let (army, role) = (usize::from(pc >> 3), usize::from(pc & 7));
        self.army[army] &= !(1 << s);
        self.role[role] &= !(1 << s);
        self.mail[s] = EMPTY;
    }

    #[inline]
    pub(super) fn occ(&self) -> u64 {
        self.army[0] | self.army[1] | self.army[2]
    }

    /// The board state.
    #[inline]
    pub(super) fn snap(&self) -> Snap {
        let [a, b, c] = self.army;
        let [k, q, r, bi, n, p] = self.role;
        [a, b, c, k, q, r, bi, n, p]
    }

    /// Plays a legal move (copy-make: callers keep the old position to go back).
    pub(super) fn make(&mut self, m: Mv) {
        let me = usize::from(self.to_move);
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let role = usize::from(self.mail[from] & 7);
        self.take(from);
        if m.kind >= MEET {
            // yuri.shared-square: the King stepped onto stays (it is no capture); the board
            // lists the King that moved, and the game is over. (A King captured, which only
            // the mutant king-captures-king does, is gone.)
            if m.kind == KING_CAPTURE {
                self.king[usize::from(self.mail[to] >> 3)] = NONE;
            } else {
                self.shared = to as u8;
            }
            self.take(to);
            self.put(me, KING, to);
        } else {
            self.take(to);
            if m.kind == EN_PASSANT {
                self.take(usize::from(self.ep_pawn));
                self.unmoved &= !(1u64 << self.ep_pawn);
            }
            let new_role = if m.promo == NONE {
                role
            } else {
                usize::from(m.promo)
            };
            self.put(me, new_role, to);
        }
        self.unmoved &= !((1u64 << from) | (1u64 << to));
        if m.kind == DOUBLE {
            self.ep = ((from + to) / 2) as u8;
            self.ep_pawn = to as u8;
        } else {
            self.ep = NONE;
            self.ep_pawn = NONE;
        }
        self.to_move = ((me + 1) % 3) as u8;
    }

    /// yuri.check: whether `s` is threatened by a non-King piece among `attackers`, with the
    /// board's occupancy `occ`.
    #[inline]
    pub(super) fn attacked(&self, t: &Tables, s: usize, occ: u64, attackers: u64) -> bool {
        if t.knight[s] & attackers & self.role[KNIGHT] != 0 {
            return true;
        }
        let pawns = attackers & self.role[PAWN];
        if pawns != 0
            && (t.pawn_attackers[0][s] & pawns & self.army[0]
                | t.pawn_attackers[1][s] & pawns & self.army[1]
                | t.pawn_attackers[2][s] & pawns & self.army[2])
                != 0
        {
            return true;
        }
        let queens = self.role[QUEEN];
        let diag = attackers & (self.role[BISHOP] | queens) & t.bishop_lines[s];
        if diag != 0 && BISHOP_DIRS.iter().any(|&d| t.ray(d, s, occ) & diag != 0) {
            return true;
        }
        let orth = attackers & (self.role[ROOK] | queens) & t.rook_lines[s];
        orth != 0 && ROOK_DIRS.iter().any(|&d| t.ray(d, s, occ) & orth != 0)
    }

    /// yuri.check: the pieces among `attackers` that threaten `s` (not a King's cell), with
    /// the board's occupancy `occ`.
    #[inline]
    fn checkers(&self, t: &Tables, s: usize, occ: u64, attackers: u64) -> u64 {
        let pawns = attackers & self.role[PAWN];
        let mut found = t.knight[s] & attackers & self.role[KNIGHT]
            | t.pawn_attackers[0][s] & pawns & self.army[0]
            | t.pawn_attackers[1][s] & pawns & self.army[1]
            | t.pawn_attackers[2][s] & pawns & self.army[2];
        let queens = self.role[QUEEN];
        let diag = attackers & (self.role[BISHOP] | queens) & t.bishop_lines[s];
        if diag != 0 {
            found |= t.bishop(s, occ) & diag;
        }
        let orth = attackers & (self.role[ROOK] | queens) & t.rook_lines[s];
        if orth != 0 {
            found |= t.rook(s, occ) & orth;
        }
        found
    }

    /// Whether the side to move's King is in check.
    pub(super) fn in_check(&self, t: &Tables) -> bool {
        self.army_in_check(t, usize::from(self.to_move))
    }

    /// yuri.check: whether `army`'s King is threatened by a non-King piece of another army.
    #[inline]
    pub(super) fn army_in_check(&self, t: &Tables, army: usize) -> bool {
        let ksq = self.king[army];
        if ksq == NONE || self.shared != NONE {
            return false;
        }
        let occ = self.occ();
        let attackers = occ & !self.army[army] & !self.role[KING];
        self.attacked(t, usize::from(ksq), occ, attackers)
    }
}

/// Board states of the earlier turns, oldest first.
pub(super) type History = Vec<Snap>;

/// The legal move generator for one reading.
#[derive(Clone, Copy, Debug)]
pub(super) struct Gen<'a, Sw> {
    pub t: &'a Tables,
    pub rules: Rules<Sw>,
}

impl<Sw: Switch> Gen<'_, Sw> {
    /// Appends the legal moves of the side to move to `out` (none once the game is over).
    pub(super) fn legal(&self, p: &Pos, hist: &[Snap], out: &mut Vec<Mv>) {
        if self.rules.mate_at_once && self.mated_off_turn(p, hist, out).is_some() {
            return;
        }
        self.turn_moves(p, hist, out);
    }

    /// yuri.mate-timing = immediately: the army, other than the side to move, whose King is
    /// in check and which, were it its turn, would have no legal move (the game is then
    /// over, Red's win). The side to move's own mate is judged on its turn as always. `out`
    /// serves as scratch space and is left as it was.
    pub(super) fn mated_off_turn(
        &self,
        p: &Pos,
        hist: &[Snap],
        out: &mut Vec<Mv>,
    ) -> Option<usize> {
        let start = out.len();
        (0..3).find(|&army| {
            if army == usize::from(p.to_move) || !p.army_in_check(self.t, army) {
                return false;
            }
            // Its turn: the en passant right is only the next player's.
            let mut q = *p;
            q.to_move = army as u8;
            q.ep = NONE;
            q.ep_pawn = NONE;
            self.turn_moves(&q, hist, out);
            let none = out.len() == start;
            out.truncate(start);
            none
        })
    }

    /// Gives the legal moves of the side to move to `out` (a list, or a count), whatever the
    /// other Kings' state.
    pub(super) fn turn_moves<S: Sink<Mv>>(&self, p: &Pos, hist: &[Snap], out: &mut S) {
        let t = self.t;
        // The mutant white-repeats forgets the earlier board states.
        let hist = if self.rules.bugs.white_repeats.on() {
            &[]
        } else {
            hist
        };
        if p.shared != NONE {
            // yuri.shared-square: the game is over.
            return;
        }
        let me = usize::from(p.to_move);
        let ksq = usize::from(p.king[me]);
        if ksq >= N {
            return;
        }
        let own = p.army[me];
        let occ = p.occ();
        let kings = p.role[KING];
        let enemies = occ & !own & !kings;
        let checkers = p.checkers(t, ksq, occ, enemies);
        let pinned = if checkers == 0 && self.rules.bugs.pins_ignored.on() {
            0
        } else {
            // yuri.check: only a piece pinned to the King can uncover a check.
            // (A line piece off the King's lines pins nothing.)
            let queens = p.role[QUEEN];
            let orth = enemies & (p.role[ROOK] | queens) & t.rook_lines[ksq];
            let diag = enemies & (p.role[BISHOP] | queens) & t.bishop_lines[ksq];
            let mut pinned = 0;
            if orth != 0 {
                pinned |= square::pinned(&t.rays, ROOK_DIRS, ksq, occ, own, orth);
            }
            if diag != 0 {
                pinned |= square::pinned(&t.rays, BISHOP_DIRS, ksq, occ, own, diag);
            }
            pinned
        };
        // yuri.check: in check, a move other than the King's captures the one piece giving it
        // or steps between (none answers two).
        let evade = match checkers {
            0 => ALL,
            c if c & (c - 1) == 0 => c | t.between[ksq][c.trailing_zeros() as usize],
            _ => 0,
        };
        let (rep_from, rep_to) = if me == WHITE {
            repeat_candidates(own, hist)
        } else {
            (0, 0)
        };
        let mut ctx = Ctx {
            g: self,
            p,
            hist,
            out,
            ksq,
            occ,
            enemies,
            pinned,
            evade,
            rep_from,
            rep_to,
        };
        ctx.king_steps(me, own, kings);
        let free = !own & !kings;
        // Knights.
        for from in (own & p.role[KNIGHT]).iter() {
            ctx.targets(from, t.knight[from] & free);
        }
        // Bishops, Rooks, Queens (yuri.orthodox-moves).
        for from in (own & (p.role[BISHOP] | p.role[QUEEN])).iter() {
            ctx.targets(from, t.bishop(from, occ) & free);
        }
        for from in (own & (p.role[ROOK] | p.role[QUEEN])).iter() {
            ctx.targets(from, t.rook(from, occ) & free);
        }
        ctx.pawns(me, own, free);
    }
}

/// yuri.white-no-repeat, a sieve before the exact test: a White move from `f` to `t` can only
/// bring back an earlier board whose White pieces are `own` less `f` plus `t`. Returns the
/// cells such moves start from and those they end on (none if no earlier board qualifies).
fn repeat_candidates(own: u64, hist: &[Snap]) -> (u64, u64) {
    let (mut from, mut to) = (0, 0);
    for snap in hist {
        let d = snap[WHITE] ^ own;
        if d.count_ones() == 2 && (d & own).count_ones() == 1 {
            from |= d & own;
            to |= d & !own;
        }
    }
    (from, to)
}

/// What one call of the generator works with.
struct Ctx<'a, 'b, S, Sw> {
    g: &'a Gen<'a, Sw>,
    p: &'b Pos,
    hist: &'b [Snap],
    out: &'b mut S,
    ksq: usize,
    occ: u64,
    enemies: u64,
    /// The pieces pinned to the King.
    pinned: u64,
    /// Where a move other than the King's must end: every cell, unless in check.
    evade: u64,
    /// The cells a White move that may repeat a board starts from and ends on (see
    /// [`repeat_candidates`]); none for the other armies.
    rep_from: u64,
    rep_to: u64,
}

impl<S: Sink<Mv>, Sw: Switch> Ctx<'_, '_, S, Sw> {
    /// King steps (yuri.kings-no-capture, yuri.shared-square, yuri.king-onto-king).
    fn king_steps(&mut self, me: usize, own: u64, kings: u64) {
        let (g, p, t) = (self.g, self.p, self.g.t);
        let (ksq, occ) = (self.ksq, self.occ);
        let (enemies, bugs) = (self.enemies, g.rules.bugs);
        let kbit = 1u64 << ksq;
        let partner = match me {
            WHITE => p.king[BLACK],
            BLACK => p.king[WHITE],
            _ => NONE,
        };
        for to in (t.king[ksq] & !own).iter() {
            let tbit = 1u64 << to;
            if kings & tbit != 0 {
                let kind = if usize::from(partner) == to {
                    (!bugs.no_meeting.on()).then_some(MEET)
                } else {
                    bugs.king_takes_king.on().then_some(KING_CAPTURE)
                };
                if let Some(kind) = kind
                    && (g.rules.into_check || !p.attacked(t, to, occ ^ kbit, enemies))
                {
                    self.out.push(Mv {
                        from: ksq as u8,
                        to: to as u8,
                        promo: NONE,
                        kind,
                    });
                }
                continue;
            }
            if !p.attacked(t, to, occ ^ kbit, enemies & !tbit) {
                self.push_unrepeated(Mv {
                    from: ksq as u8,
                    to: to as u8,
                    promo: NONE,
                    kind: PLAIN,
                });
            }
        }
    }

    /// Pawns.
    fn pawns(&mut self, me: usize, own: u64, free: u64) {
        let (g, p, t) = (self.g, self.p, self.g.t);
        let occ = self.occ;
        let reading = usize::from(g.rules.away);
        let promo = t.promotion[me];
        for from in (own & p.role[PAWN]).iter() {
            // yuri.pawn-move-a / yuri.pawn-move-b: one step onto an empty square.
            let steps = t.push[reading][me][from] & !occ;
            if self.rep_from & (1 << from) == 0 && steps & promo == 0 {
                // No promotion and no board to repeat: the steps the King's safety allows.
                self.out.each(steps & self.allowed(from), |to| Mv {
                    from: from as u8,
                    to: to as u8,
                    promo: NONE,
                    kind: PLAIN,
                });
            } else {
                for to in steps.iter() {
                    self.pawn(from, to, PLAIN, promo);
                }
            }
            // yuri.double-step = first-move: two squares straight on from an unmoved pawn.
            if g.rules.double && p.unmoved & (1 << from) != 0 {
                for (mid, dst) in t.push2[reading][me][from] {
                    if dst != NONE && occ & ((1u64 << mid) | (1u64 << dst)) == 0 {
                        self.pawn(from, usize::from(dst), DOUBLE, promo);
                    }
                }
            }
            // yuri.pawn-capture-a: one diagonal square, only by capturing.
            let cap = t.pawn_capture[me][from];
            if cap != NONE {
                let cbit = 1u64 << cap;
                if free & occ & cbit != 0 {
                    self.pawn(from, usize::from(cap), PLAIN, promo);
                } else if cap == p.ep && occ & cbit == 0 && p.ep_pawn != NONE {
                    self.pawn(from, usize::from(cap), EN_PASSANT, promo);
                }
            }
        }
    }

    /// A non-King piece's moves to each of `targets`.
    #[inline(always)]
    fn targets(&mut self, from: usize, targets: u64) {
        let mut targets = targets & self.allowed(from);
        if self.rep_from & (1 << from) != 0 {
            for to in (targets & self.rep_to).iter() {
                let m = Mv {
                    from: from as u8,
                    to: to as u8,
                    promo: NONE,
                    kind: PLAIN,
                };
                if repeats(self.p, m, self.hist) {
                    targets &= !(1 << to);
                }
            }
        }
        self.out.each(targets, |to| Mv {
            from: from as u8,
            to: to as u8,
            promo: NONE,
            kind: PLAIN,
        });
    }

    /// A pawn's move, promoting where yuri.promotion says.
    #[inline]
    fn pawn(&mut self, from: usize, to: usize, kind: u8, promo: u64) {
        if !self.safe(from, to, kind) {
            return;
        }
        if promo & (1 << to) != 0 {
            // yuri.promotion-choice: a Queen, Rook, Bishop or Knight of its own army.
            for role in [QUEEN, ROOK, BISHOP, KNIGHT] {
                self.push_unrepeated(Mv {
                    from: from as u8,
                    to: to as u8,
                    promo: role as u8,
                    kind,
                });
            }
        } else {
            self.push_unrepeated(Mv {
                from: from as u8,
                to: to as u8,
                promo: NONE,
                kind,
            });
        }
    }

    /// yuri.check: where a piece other than the King may move without leaving its King in
    /// check (en passant aside): on the line of its pin, if pinned, and answering a check.
    #[inline]
    fn allowed(&self, from: usize) -> u64 {
        if self.pinned & (1 << from) == 0 {
            self.evade
        } else {
            self.evade & self.g.t.line[self.ksq][from]
        }
    }

    /// yuri.check: a pawn's move does not leave the mover's King in check (en passant, which
    /// takes a pawn off another cell, tried on the board).
    #[inline]
    fn safe(&self, from: usize, to: usize, kind: u8) -> bool {
        if kind != EN_PASSANT {
            return self.allowed(from) & (1 << to) != 0;
        }
        let gone_bit = 1u64 << self.p.ep_pawn;
        let occ = (self.occ & !(1u64 << from) & !gone_bit) | (1u64 << to);
        let attackers = self.enemies & !(1u64 << to) & !gone_bit;
        !self.p.attacked(self.g.t, self.ksq, occ, attackers)
    }

    /// yuri.white-no-repeat: a White move may not bring back the board of an earlier turn.
    #[inline]
    fn push_unrepeated(&mut self, m: Mv) {
        if self.rep_from & (1 << m.from) != 0
            && self.rep_to & (1 << m.to) != 0
            && repeats(self.p, m, self.hist)
        {
            return;
        }
        self.out.push(m);
    }
}

/// Whether the board after `m` equals one in `hist`.
fn repeats(p: &Pos, m: Mv, hist: &[Snap]) -> bool {
    let mut after = *p;
    after.make(m);
    hist.contains(&after.snap())
}
