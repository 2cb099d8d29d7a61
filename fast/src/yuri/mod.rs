//! Yuri Chess in the fast engine: the 7 x 7 square a1-g7 as a `u64` bitboard, three armies
//! (White, Red, Black, moving in that order), written from the source text and the readings
//! of the rule register.

mod board;
mod check;
mod goals;
mod history;
mod options;
mod pawns;
mod pieces;
#[cfg(test)]
mod tests;
mod turn;
mod validate;

use std::collections::{BTreeMap, BTreeSet};

use trichess_model::{
    Board, Cell, EngineError, Game, InvalidPosition, Move, Outcome, Piece, PositionProblem,
    ProblemKind, Reason, Setup, Variant, VariantState, YuriState, parse_pieces, pieces_text,
};

use crate::bitset::Bitset;
use crate::engine;
use crate::mutant::{Mutant, Switch};
use crate::sink::Count;
use crate::types::{Role, Seat};
use board::{BLACK, EMPTY, NONE, Pos, RED, Tables, WHITE, code, tables};
use history::History;
use options::{Bugs, Rules, Stalemate};
use turn::{Gen, Mv};
use validate::{export, import};

/// yuri.start-position: the source's diagram read row by row (see the register): army
/// (0 White, 1 Red, 2 Black), role, cell.
const START: [(Seat, Role, &str); 27] = [
    (WHITE, Role::Bishop, "g7"),
    (WHITE, Role::Bishop, "f7"),
    (WHITE, Role::Knight, "g6"),
    (WHITE, Role::Pawn, "e7"),
    (WHITE, Role::King, "f6"),
    (WHITE, Role::Pawn, "g5"),
    (WHITE, Role::Pawn, "e6"),
    (WHITE, Role::Pawn, "f5"),
    (WHITE, Role::Knight, "e5"),
    (RED, Role::Pawn, "g3"),
    (RED, Role::Pawn, "f3"),
    (RED, Role::Bishop, "g2"),
    (RED, Role::Knight, "e3"),
    (RED, Role::King, "f2"),
    (RED, Role::Bishop, "g1"),
    (RED, Role::Pawn, "e2"),
    (RED, Role::Knight, "f1"),
    (BLACK, Role::Knight, "c3"),
    (RED, Role::Pawn, "e1"),
    (BLACK, Role::Pawn, "b3"),
    (BLACK, Role::Pawn, "c2"),
    (BLACK, Role::Pawn, "a3"),
    (BLACK, Role::King, "b2"),
    (BLACK, Role::Pawn, "c1"),
    (BLACK, Role::Knight, "a2"),
    (BLACK, Role::Bishop, "b1"),
    (BLACK, Role::Bishop, "a1"),
];

fn board() -> &'static Board {
    Variant::Yuri.board()
}

/// A role's index, if it is one of Yuri's roles.
fn role_index(role: trichess_model::Role) -> Option<usize> {
    Role::of_variant(role, Variant::Yuri).map(Role::index)
}

/// The cells where an army's pawns start (the unmoved pawns' only possible cells).
fn pawn_homes(army: Seat) -> u64 {
    START
        .iter()
        .filter(|&&(a, r, _)| a == army && r == Role::Pawn)
        .filter_map(|&(_, _, name)| board().parse_cell(name).ok())
        .filter_map(|c| board().index(c))
        .fold(0, |m, i| m | 1 << i)
}

/// Reads the game's readings, refusing an unknown interpretation or reading; the planted
/// mutant, if any, rides along.
fn rules<Sw: Switch>(game: &Game, mutant: Option<Mutant>) -> Result<Rules<Sw>, EngineError> {
    if game.variant != Variant::Yuri {
        return Err(EngineError::Unsupported(format!(
            "the fast engine's Yuri module does not play {}",
            game.variant
        )));
    }
    crate::registered(game)?;
    let mut rules = Rules {
        bugs: Bugs::of(mutant),
        ..Rules::default()
    };
    for (id, reading) in &game.interpretations {
        let known = match (id.as_str(), reading.as_str()) {
            ("yuri.pawns", "two-directions") => true,
            ("yuri.pawns", "away-from-diagonal") => {
                rules.away = true;
                true
            }
            ("yuri.double-step", "none") => true,
            ("yuri.double-step", "first-move") => {
                rules.double = true;
                true
            }
            ("yuri.king-onto-king", "not-into-check") => true,
            ("yuri.king-onto-king", "into-check") => {
                rules.into_check = true;
                true
            }
            ("yuri.red-checkmate", "any-mate") => true,
            ("yuri.stalemate", "draw") => true,
            ("yuri.stalemate", "white-wins") => {
                rules.stalemate = Stalemate::WhiteWins;
                true
            }
            ("yuri.stalemate", "mover-wins") => {
                rules.stalemate = Stalemate::MoverWins;
                true
            }
            ("yuri.mate-timing", "owner-turn") => true,
            ("yuri.mate-timing", "immediately") => {
                rules.mate_at_once = true;
                true
            }
            _ => false,
        };
        if !known {
            return Err(crate::not_played(id, reading));
        }
    }
    if mutant == Some(Mutant::YuriPawnsOtherReading) {
        rules.away = !rules.away;
    }
    Ok(rules)
}

/// The model's move of an internal move.
fn to_move(t: &Tables, m: Mv) -> Move {
    let from = t.cells[usize::from(m.from)];
    let to = t.cells[usize::from(m.to)];
    if m.extra == 0 {
        Move::Plain { from, to }
    } else {
        Move::Promotion {
            from,
            to,
            role: Role::from_index(usize::from(m.extra)).model(),
        }
    }
}

/// Yuri's rules under a game's readings, with the tables and the switches `Sw` of a planted
/// mutant.
#[derive(Debug)]
pub(crate) struct Yuri<Sw>(Gen<'static, Sw>);

impl<Sw: Switch> engine::Rules for Yuri<Sw> {
    type Root = (Pos, History);
    type Pos = Pos;
    /// The board states of the earlier turns (yuri.white-no-repeat), as a stack.
    type Walk = History;

    fn readings(game: &Game, mutant: Option<Mutant>) -> Result<Yuri<Sw>, EngineError> {
        let rules = rules(game, mutant)?;
        Ok(Yuri(Gen { t: tables(), rules }))
    }

    fn start(&self) -> Setup {
        let t = self.0.t;
        let mut p = Pos::empty();
        for (army, role, name) in START {
            if let Some(i) = board().parse_cell(name).ok().and_then(|c| board().index(c)) {
                p.put(army, role.index(), i);
            }
        }
        for army in Seat::ALL {
            p.unmoved |= pawn_homes(army);
        }
        export(t, &p, Vec::new())
    }

    fn import(&self, setup: &Setup) -> Result<(Pos, History), EngineError> {
        import(self.0.rules, setup)
    }

    fn walk(&self, (pos, hist): &(Pos, History)) -> (History, Pos) {
        (hist.clone(), *pos)
    }

    #[inline]
    fn moves(&self, hist: &mut History, pos: &Pos, out: &mut Vec<Mv>) {
        out.clear();
        self.0.legal(pos, hist, out);
    }

    #[inline]
    fn child(&self, hist: &mut History, pos: &Pos, mv: Mv, out: &mut Vec<Mv>) -> Pos {
        let child = pos.after(mv);
        self.moves(hist, &child, out);
        child
    }

    /// Counts the child's moves without listing them, unless the reading of
    /// yuri.mate-timing = immediately asks for the other Kings' mates first.
    #[inline]
    fn count_after(&self, hist: &mut History, pos: &Pos, mv: Mv, scratch: &mut Vec<Mv>) -> u64 {
        if self.0.rules.mate_at_once {
            self.child(hist, pos, mv, scratch);
            return scratch.len() as u64;
        }
        let child = pos.after(mv);
        let mut n = Count::default();
        self.0.turn_moves(&child, hist, &mut n);
        n.0 as u64
    }

    #[inline]
    fn enter(&self, hist: &mut History, pos: &Pos) {
        hist.push(pos.snap());
    }

    #[inline]
    fn leave(&self, hist: &mut History) {
        hist.pop();
    }

    fn name(&self, mv: Mv) -> Option<Move> {
        Some(to_move(self.0.t, mv))
    }

    fn play(&self, (pos, _): &(Pos, History), setup: &Setup, mv: Mv) -> Setup {
        let p = pos.after(mv);
        let mut history = setup.yuri().map(|s| s.history.clone()).unwrap_or_default();
        history.push(pieces_text(Variant::Yuri, &setup.pieces));
        export(self.0.t, &p, history)
    }

    fn outcome(&self, (pos, hist): &(Pos, History), _: &Setup) -> Outcome {
        let (g, t) = (&self.0, self.0.t);
        if pos.shared != NONE {
            // yuri.black-wins: the Kings share a square.
            return Outcome::Won {
                winner: BLACK.model(),
                reason: Reason::KingsMeet,
            };
        }
        // yuri.mate-timing = immediately: a King checkmated off its owner's turn has ended
        // the game.
        let off_turn = if g.rules.mate_at_once {
            g.mated_off_turn(pos, hist, &mut Vec::new())
        } else {
            None
        };
        let mut moves = Vec::new();
        if off_turn.is_none() && {
            g.legal(pos, hist, &mut moves);
            !moves.is_empty()
        } {
            return Outcome::Ongoing;
        }
        let mated = off_turn.or_else(|| pos.in_check(t).then_some(pos.to_move));
        if let Some(army) = mated {
            // yuri.red-wins / yuri.red-checkmate: any King checkmated is Red's win (the mutant
            // red-own-mate-loses gives a mate of Red's own King to Black).
            let own_mate = army == RED && g.rules.bugs.red_own_mate_loses.on();
            return Outcome::Won {
                winner: if own_mate { BLACK } else { RED }.model(),
                reason: Reason::Checkmate,
            };
        }
        match g.rules.stalemate {
            // yuri.stalemate = draw (rule zero, FIDE 5.2.1).
            Stalemate::Draw => Outcome::Drawn {
                reason: Reason::Stalemate,
            },
            // yuri.stalemate = white-wins.
            Stalemate::WhiteWins => Outcome::Won {
                winner: WHITE.model(),
                reason: Reason::Stalemate,
            },
            // yuri.stalemate = mover-wins: the seat before the stalemated one moved last.
            Stalemate::MoverWins => Outcome::Won {
                winner: pos.to_move.prev().model(),
                reason: Reason::Stalemate,
            },
        }
    }
}
