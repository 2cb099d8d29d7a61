//! Yalta Chess in the fast engine, written from the source text (`yalta.md`) and the readings
//! named in its rule register. The board is the hex geometry with n = 4 ([`crate::hex`]); the
//! position is a mailbox with u128 bitsets; moves are generated into reused buffers and perft
//! counts the last ply in bulk.

mod board;
mod castling;
mod check;
mod options;
mod pawns;
mod pieces;
mod tables;
#[cfg(test)]
mod tests;
mod turn;
mod validate;

use std::collections::{BTreeMap, BTreeSet};

use trichess_model::{
    Cell, EngineError, Game, InvalidPosition, Move, Outcome, Piece, PositionProblem, ProblemKind,
    Reason, Setup, Variant, VariantState, YaltaState,
};

use crate::engine;
use crate::mutant::{Mutant, Switch};
use crate::types::{Kind, Role, Seat};
use board::{EMPTY, Pos, code, left};
use castling::SHORT;
use options::{Bugs, Promo, Rules};
use tables::{CELLS, KnightReading, NONE, Tables};
use turn::{Count, Mv};
use validate::{read, write};

fn unsupported(what: String) -> EngineError {
    EngineError::Unsupported(what)
}

/// Reads the game's readings of Yalta's open points (a missing id is the default reading),
/// with the planted mutant, if any: a mutant of the board plays on tables of its own.
fn rules<Sw: Switch>(game: &Game, mutant: Option<Mutant>) -> Result<Rules<Sw>, EngineError> {
    if game.variant != Variant::Yalta {
        return Err(unsupported(format!(
            "the fast engine's Yalta does not play {}",
            game.variant
        )));
    }
    crate::registered(game)?;
    let mut next = [Seat::B, Seat::C, Seat::A];
    let mut knight = KnightReading::Symmetric;
    let mut touching = false;
    let mut ep_both = false;
    let mut after_left = false;
    let mut promo = Promo::Sacrifice;
    let mut uncovered_first = false;
    let mut stalemate_pass = false;
    let mut king_capture = false;
    let mut hostile_until_over = false;
    for (id, reading) in &game.interpretations {
        match (id.as_str(), reading.as_str()) {
            ("yalta.turn-order", "red-green-blue") => next = [Seat::B, Seat::C, Seat::A],
            ("yalta.turn-order", "red-blue-green") => next = [Seat::C, Seat::A, Seat::B],
            ("yalta.knight-centre", "symmetric") => knight = KnightReading::Symmetric,
            ("yalta.knight-centre", "orthogonal-then-diagonal") => {
                knight = KnightReading::OrthogonalThenDiagonal;
            }
            ("yalta.knight-centre", "two-then-one") => knight = KnightReading::TwoThenOne,
            ("yalta.king-across-centre", "lines-only") => touching = false,
            ("yalta.king-across-centre", "touching") => touching = true,
            ("yalta.en-passant-window", "next-player") => ep_both = false,
            ("yalta.en-passant-window", "both-opponents") => ep_both = true,
            ("yalta.mate-final", "own-turn") => after_left = false,
            ("yalta.mate-final", "after-left-player") => after_left = true,
            ("yalta.takeover-promotion", "sacrifice") => promo = Promo::Sacrifice,
            ("yalta.takeover-promotion", "any-capture") => promo = Promo::AnyCapture,
            ("yalta.takeover-promotion", "as-usual") => promo = Promo::AsUsual,
            ("yalta.simultaneous-checks", "mover-first") => uncovered_first = false,
            ("yalta.simultaneous-checks", "uncovered-first") => uncovered_first = true,
            ("yalta.stalemate", "draw") => stalemate_pass = false,
            ("yalta.stalemate", "pass") => stalemate_pass = true,
            ("yalta.exposed-king", "no-capture") => king_capture = false,
            ("yalta.exposed-king", "capture") => king_capture = true,
            ("yalta.captured-king-army", "passed") => hostile_until_over = false,
            ("yalta.captured-king-army", "hostile") => hostile_until_over = true,
            _ => return Err(crate::not_played(id, reading)),
        }
    }
    Ok(Rules {
        t: match mutant {
            Some(
                m @ (Mutant::YaltaCentreForkMissing
                | Mutant::YaltaKnightKeepsColour
                | Mutant::YaltaCastlingThroughCheck),
            ) => Tables::mutated(knight, touching, m),
            _ => Tables::get(knight, touching),
        },
        next,
        ep_both,
        after_left: after_left && mutant != Some(Mutant::YaltaHelpIgnored),
        promo,
        uncovered_first,
        stalemate_pass,
        king_capture,
        hostile_until_over,
        test_all: false,
        bugs: Bugs::of(mutant),
    })
}

/// The role of a model's role, if it is one of Yalta's.
fn role_code(role: trichess_model::Role) -> Option<Role> {
    Role::of_variant(role, Variant::Yalta)
}

/// The model's role of a piece code (or of a move's promotion role).
fn code_role(code: u8) -> trichess_model::Role {
    Role::from_index(usize::from(code & 7)).model()
}

/// The seat of a piece code (`army * 8 + role`: the army is its seat's).
fn seat_of(code: u8) -> Seat {
    Seat::from_index(usize::from(code >> 3))
}

/// The model's move for an internal one.
fn model_move(m: Mv) -> Option<Move> {
    let board = Variant::Yalta.board();
    let from = board.cell_at(usize::from(m.from))?;
    let to = board.cell_at(usize::from(m.to))?;
    Some(match m.kind {
        Kind::Promotion => Move::Promotion {
            from,
            to,
            role: code_role(m.extra),
        },
        Kind::Castle => {
            let partner = if m.extra == SHORT {
                m.from + 3
            } else {
                m.from - 4
            };
            Move::Castle {
                from,
                to,
                partner: board.cell_at(usize::from(partner))?,
            }
        }
        _ => Move::Plain { from, to },
    })
}

fn in_game(pos: &Pos) -> usize {
    pos.king.iter().filter(|&&k| k != NONE).count()
}

/// The legal moves of the side to move of a read position (none once the game is won).
fn moves_of(pos: &Pos, r: &Rules<impl Switch>, buf: &mut Vec<Mv>) {
    buf.clear();
    if in_game(pos) > 1 {
        pos.legal(pos.to_move, r, buf);
    }
}

/// The yalta.board start: each army's back rank R N B Q K B N R, pawns on rank 2.
fn start_pos() -> Pos {
    let mut pos = Pos::empty();
    let back = [
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::Queen,
        Role::King,
        Role::Bishop,
        Role::Knight,
        Role::Rook,
    ];
    for s in Seat::ALL {
        let a = s.index() as u8;
        for (f, &role) in back.iter().enumerate() {
            pos.put(a * 32 + f as u8, code(a, role));
            pos.put(a * 32 + 8 + f as u8, code(a, Role::Pawn));
        }
        pos.control[s.index()] = Some(s);
    }
    pos.castling = 0b11_1111;
    pos
}

/// Yalta's rules under a game's readings, with the switches `Sw` of a planted mutant.
#[derive(Debug)]
pub(crate) struct Yalta<Sw>(Rules<Sw>);

impl<Sw: Switch> engine::Rules for Yalta<Sw> {
    type Root = Pos;
    type Pos = Pos;
    type Walk = ();

    fn readings(game: &Game, mutant: Option<Mutant>) -> Result<Yalta<Sw>, EngineError> {
        rules(game, mutant).map(Yalta)
    }

    fn start(&self) -> Setup {
        write(&start_pos())
    }

    fn import(&self, setup: &Setup) -> Result<Pos, EngineError> {
        read(setup, &self.0)
    }

    fn walk(&self, root: &Pos) -> ((), Pos) {
        ((), root.clone())
    }

    #[inline]
    fn moves(&self, _: &mut (), pos: &Pos, out: &mut Vec<Mv>) {
        moves_of(pos, &self.0, out);
    }

    #[inline]
    fn child(&self, _: &mut (), pos: &Pos, mv: Mv, out: &mut Vec<Mv>) -> Pos {
        let mut child = pos.clone();
        child.make(mv, &self.0, out);
        child
    }

    #[inline]
    fn count_after(&self, _: &mut (), pos: &Pos, mv: Mv, _: &mut Vec<Mv>) -> u64 {
        let mut n = Count(0);
        pos.clone().make(mv, &self.0, &mut n);
        n.0
    }

    fn name(&self, mv: Mv) -> Option<Move> {
        model_move(mv)
    }

    fn play(&self, pos: &Pos, _: &Setup, mv: Mv) -> Setup {
        write(&self.child(&mut (), pos, mv, &mut Vec::new()))
    }

    fn outcome(&self, pos: &Pos, _: &Setup) -> Outcome {
        let r = &self.0;
        let s = pos.to_move;
        if in_game(pos) == 1 {
            return Outcome::Won {
                winner: s.model(),
                reason: Reason::LastKingStanding,
            };
        }
        let mut buf = Vec::new();
        pos.legal(s, r, &mut buf);
        if !buf.is_empty() {
            return Outcome::Ongoing;
        }
        if pos.checkers[s.index()] != 0 {
            // yalta.mate-final.
            return if r.after_left && pos.king[left(s).index()] != NONE {
                Outcome::Passes {
                    seat: s.model(),
                    reason: Reason::Checkmate,
                }
            } else {
                Outcome::Eliminated {
                    seat: s.model(),
                    reason: Reason::Checkmate,
                }
            };
        }
        // yalta.stalemate.
        if r.stalemate_pass {
            let someone = Seat::ALL.into_iter().any(|q| {
                q != s && pos.king[q.index()] != NONE && {
                    pos.legal(q, r, &mut buf);
                    !buf.is_empty()
                }
            });
            if someone {
                return Outcome::Passes {
                    seat: s.model(),
                    reason: Reason::Stalemate,
                };
            }
        }
        Outcome::Drawn {
            reason: Reason::Stalemate,
        }
    }
}
