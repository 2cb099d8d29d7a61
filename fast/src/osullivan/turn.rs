//! Playing a move: the move type, copy-make, passing the turn, and settling the turn
//! (checkmates, stalemates, players taken out).

use super::board::{EMPTY, Geometry, NONE, Pos, WHITE, seat_of};
use super::castling::castle_cells;
use super::options::Cfg;
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::types::{Kind, Role, Seat};

/// O'Sullivan's moves: the shared [`Mv`], whose `extra` is the new role's index for a
/// [`Kind::Promotion`] (a [`Kind::Castle`] is told by the king's arrival cell, c8 or e8).
pub(crate) use crate::types::Mv;

impl Pos {
    /// Takes every piece of `seat` off the board (only the mutant mated-army-removed does).
    fn remove_army(&mut self, seat: Seat) {
        for sq in self.occ_seat[seat.index()].iter() {
            self.remove(sq, seat, usize::from(self.board[sq] & 7));
        }
        self.p4[seat.index()] = NONE;
        self.freed &= !seat.bit();
    }

    /// osullivan.turn-order: the seat still in the game whose turn comes before `seat`'s
    /// (`seat` itself if no other is in the game).
    pub(super) fn seat_before(&self, cfg: &Cfg<impl Switch>, seat: Seat) -> Seat {
        let mut s = seat;
        loop {
            // Three seats in a cycle: the one before is the one after the next.
            s = cfg.next[cfg.next[s.index()].index()];
            if self.live(s) || s == seat {
                return s;
            }
        }
    }

    /// Plays a legal move of the side to move and passes the turn (without taking out a
    /// player who then has no move: see [`Pos::settle`]).
    pub(super) fn make(&mut self, g: &Geometry, cfg: &Cfg<impl Switch>, mv: Mv) {
        let s = self.to_move;
        let (from, to, kind) = (mv.from(), mv.to(), mv.kind);
        let c = castle_cells(g);
        if kind == Kind::Castle {
            self.castle(&c, to);
        } else {
            let piece = self.board[from];
            let role = usize::from(piece & 7);
            // osullivan.en-passant: only a move generated as an en passant capture takes the
            // pawn that passed `to`; a step onto that cell takes nothing.
            let cap_sq = if kind == Kind::EnPassant {
                usize::from(g.ep_victim[to])
            } else {
                to
            };
            let cap = self.board[cap_sq];
            let mut frees = false;
            if cap != EMPTY {
                let (o, cr) = (seat_of(cap), usize::from(cap & 7));
                self.remove(cap_sq, o, cr);
                if usize::from(self.p4[o.index()]) == cap_sq {
                    self.p4[o.index()] = NONE;
                    self.freed &= !o.bit();
                } else {
                    // osullivan.midline, osullivan.p4-freed: a capture of another piece from
                    // the d-file side to the e-file side or back.
                    frees = (g.file[from] <= 3) != (g.file[to] <= 3);
                }
            }
            self.remove(from, s, role);
            let promo = kind == Kind::Promotion;
            let new_role = if promo { usize::from(mv.extra) } else { role };
            self.put(to, s, new_role);
            // osullivan.pawn-numbering: a P4 that moves stays the P4; one that promotes is gone.
            if usize::from(self.p4[s.index()]) == from {
                if promo {
                    self.p4[s.index()] = NONE;
                    self.freed &= !s.bit();
                } else {
                    self.p4[s.index()] = to as u8;
                    if frees {
                        self.freed |= s.bit();
                    }
                }
            }
            // osullivan.castling-unmoved: the right goes with a king or rook move or capture.
            if from == c.d8 || from == c.b8 || to == c.d8 || to == c.b8 {
                self.castling = false;
            }
        }
        let cells = self.ep_cells(g, cfg, s, from, kind);
        self.advance(g, cfg, cells);
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
            s = cfg.next[s.index()];
            for cell in &mut cells {
                if *cell != NONE && g.ep_stepper[usize::from(*cell)] == Some(s) {
                    *cell = NONE;
                }
            }
            if self.live(s) || s == start {
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
            let s = self.to_move;
            if !self.live(s) {
                self.advance(g, cfg, [self.ep, self.ep_earlier, NONE]);
                continue;
            }
            if in_check || cfg.stalemate_out {
                let k = self.bb[s.index()][Role::King.index()].trailing_zeros() as usize;
                self.remove(k, s, Role::King.index());
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
