//! Playing a move: the move type, copy-make, and the legal moves of the side to move, each
//! room's generator called in turn.

use super::board::{ALL, N, NONE, Pos, Tables, WHITE};
use super::history::{Snap, repeat_candidates};
use super::options::Rules;
use crate::mutant::Switch;
use crate::sink::Sink;
use crate::types::{Kind, Role};

/// Yuri's moves: the shared [`Mv`], whose `extra` is the role a pawn promotes to, or 0 (no
/// promotion makes a King) for a move that promotes nothing. A pawn may take en passant onto
/// a cell where it promotes: that move is a [`Kind::EnPassant`] with its promotion role; the
/// other promotions are [`Kind::Promotion`]s. [`Kind::Meet`] is yuri.shared-square (the White
/// King onto the Black King or the Black King onto the White), and [`Kind::KingCapture`] a
/// King taking a King, which only the mutant king-captures-king makes.
pub(crate) use crate::types::Mv;

impl Pos {
    /// The position after a legal move (copy-make: callers keep the old position to go
    /// back). Every set is worked out from the old position's, none read back from the copy,
    /// and what stood where needs no look-up: each set loses the two cells, and a role's set
    /// gains the arrival cell if it held the starting cell.
    pub(super) fn after(&self, m: Mv) -> Pos {
        let me = self.to_move;
        let (from, to) = (usize::from(m.from), usize::from(m.to));
        let (fbit, tbit) = (1u64 << from, 1u64 << to);
        let mut gone = fbit | tbit;
        if m.kind == Kind::EnPassant {
            gone |= 1u64 << self.ep_pawn;
        }
        let mut next = *self;
        if m.kind == Kind::KingCapture {
            // A King captured, which only the mutant king-captures-king does, is gone.
            next.king[Pos::seat_of(self.piece(to)).index()] = NONE;
        } else if m.kind == Kind::Meet {
            // yuri.shared-square: the King stepped onto stays (it is no capture); the board
            // lists the King that moved, and the game is over.
            next.shared = to as u8;
        }
        for a in 0..3 {
            next.army[a] = self.army[a] & !gone;
        }
        next.army[me.index()] |= tbit;
        for r in 0..6 {
            next.role[r] = self.role[r] & !gone | (self.role[r] >> from & 1) << to;
        }
        if m.extra != 0 {
            next.role[Role::Pawn.index()] &= !tbit;
            next.role[usize::from(m.extra)] |= tbit;
        }
        if self.role[Role::King.index()] & fbit != 0 {
            next.king[me.index()] = to as u8;
        }
        next.unmoved = self.unmoved & !gone;
        if m.kind == Kind::Double {
            next.ep = ((from + to) / 2) as u8;
            next.ep_pawn = to as u8;
        } else {
            next.ep = NONE;
            next.ep_pawn = NONE;
        }
        next.to_move = me.next();
        next
    }
}

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
        let me = p.to_move;
        let ksq = usize::from(p.king[me.index()]);
        if ksq >= N {
            return;
        }
        let own = p.army[me.index()];
        let occ = p.occ();
        let kings = p.role[Role::King.index()];
        let enemies = occ & !own & !kings;
        let checkers = p.checkers(t, ksq, occ, enemies);
        let pinned = self.pinned(p, ksq, occ, own, enemies, checkers);
        // yuri.check: in check, a move other than the King's captures the one piece giving it
        // or steps between (none answers two).
        let evade = match checkers {
            0 => ALL,
            c if c & (c - 1) == 0 => c | t.between[ksq & 63][c.trailing_zeros() as usize & 63],
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
        ctx.pieces(own, free);
        ctx.pawns(me, own, free);
    }
}

/// What one call of the generator works with.
pub(super) struct Ctx<'a, 'b, S, Sw> {
    pub g: &'a Gen<'a, Sw>,
    pub p: &'b Pos,
    pub hist: &'b [Snap],
    pub out: &'b mut S,
    pub ksq: usize,
    pub occ: u64,
    pub enemies: u64,
    /// The pieces pinned to the King.
    pub pinned: u64,
    /// Where a move other than the King's must end: every cell, unless in check.
    pub evade: u64,
    /// The cells a White move that may repeat a board starts from and ends on (see
    /// [`repeat_candidates`]); none for the other armies.
    pub rep_from: u64,
    pub rep_to: u64,
}
