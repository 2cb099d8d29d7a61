//! Yalta Chess (documented by Daniel Lindström), from `sources/yalta.md`; the register is
//! `register/yalta.toml`.
//!
//! Seats: Red (A, letter `r`), Green (B, `g`), Blue (C, `b`), each with a 4x8 half-board of
//! the 96-cell hexagonal trisection board (see [`crate::hex`]), its back rank on the outer
//! edge. A checkmated player's king leaves the board and the rest of their army passes to the
//! player who mated them; the position records who controls which army.

mod board;
mod castling;
mod check;
pub(crate) mod explain;
pub mod options;
mod pawns;
mod pieces;
mod turn;
mod validate;

use std::collections::{BTreeMap, BTreeSet};

use trichess_model::{Move, Outcome, Piece, Reason, Role, Seat, Variant, VariantState};

use crate::board::Setup;

pub use options::Options;

use crate::InterpretationError;
use crate::hex::{Geometry, HexBoard};
use crate::rules::{Position, Rules};
use trichess_model::InvalidPosition;
use turn::TurnComes;

/// The rules of Yalta Chess, with the interpretations chosen.
#[derive(Clone, Debug)]
pub struct Yalta {
    options: Options,
    hex: HexBoard,
    /// The board's geometry, from the table built from `hex`.
    geo: &'static Geometry,
}

impl Yalta {
    /// Builds the rules with the given interpretation readings (id -> reading).
    pub fn new(interpretations: &BTreeMap<String, String>) -> Result<Yalta, InterpretationError> {
        Ok(Yalta {
            options: Options::read(interpretations)?,
            hex: HexBoard::yalta(),
            geo: Geometry::of(HexBoard::yalta()),
        })
    }
}

/// Lists the moves of the side to move before the check rule: every move of every piece the
/// player controls, their own army's and any army they have taken over.
///
/// `yalta.army-takeover`: the mater "may use them immediately".
fn pseudo_moves<'a>(rules: &'a Yalta, setup: &'a Setup) -> impl Iterator<Item = Move> + 'a {
    setup
        .pieces
        .iter()
        .filter(|(_, p)| check::controls(setup, setup.to_move, **p))
        .flat_map(|(&from, &piece)| pieces::piece_moves(rules, setup, from, piece))
}

/// Returns true if `mv` leaves the mover's own king out of check.
///
/// `yalta.check-response`: "When a player is in check, they must resolve it on their turn as
/// usual": no move may leave the mover's king attacked by any opponent.
fn keeps_king_safe(rules: &Yalta, setup: &Setup, mv: Move) -> bool {
    !check::in_check(rules, &turn::make_move(rules, setup, mv), setup.to_move)
}

/// Lists the legal moves of the side to move (none once only one king is left).
pub fn legal_moves(rules: &Yalta, setup: &Setup) -> Vec<Move> {
    if check::live_seats(setup).len() <= 1 {
        return Vec::new();
    }
    pseudo_moves(rules, setup)
        .filter(|&mv| keeps_king_safe(rules, setup, mv))
        .collect()
}

/// Returns true if the side to move has a legal move.
pub fn has_legal_move(rules: &Yalta, setup: &Setup) -> bool {
    check::live_seats(setup).len() > 1
        && pseudo_moves(rules, setup).any(|mv| keeps_king_safe(rules, setup, mv))
}

/// Returns the starting position.
///
/// `yalta.players`: "Three players, distinguished by colour: **Red**, **Green**, and
/// **Blue**": seats A, B and C, army letters r, g and b (the notation knows no other army).
/// `yalta.start-army`: "Each player sets up a complete standard FIDE army (8 pieces + 8
/// pawns) in their own sector, back rank at the outer hexagon edge."
/// `yalta.back-rank-order`: "**Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook**",
/// read across from the player's left (a1) to right (h1), so that
/// `yalta.queen-left-of-king` holds: Queen d1, King e1. `yalta.pawns-start`: "Pawns occupy
/// the rank immediately in front of the back rank". Red moves first (`yalta.turn-order`);
/// every rook keeps its castling right.
pub fn start_setup(rules: &Yalta) -> trichess_model::Setup {
    use Role::*;
    let back = [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook];
    let mut pieces = BTreeMap::new();
    let mut castling_rights = BTreeSet::new();
    for seat in Seat::ALL {
        for (file, role) in (0..).zip(back) {
            pieces.extend(
                rules
                    .hex
                    .cell(seat, file, 0)
                    .map(|c| (c, Piece::new(seat, role))),
            );
            pieces.extend(
                rules
                    .hex
                    .cell(seat, file, 1)
                    .map(|c| (c, Piece::new(seat, Pawn))),
            );
        }
        castling_rights.extend(castling::rook_homes(rules, seat));
    }
    trichess_model::Setup {
        variant: Variant::Yalta,
        to_move: board::RED,
        pieces,
        castling: castling_rights,
        en_passant: None,
        state: VariantState::Yalta(Default::default()),
    }
}

impl Rules for Yalta {
    fn variant(&self) -> Variant {
        Variant::Yalta
    }

    fn start(&self) -> Position {
        Position::checked(start_setup(self))
    }

    fn validate(&self, setup: trichess_model::Setup) -> Result<Position, InvalidPosition> {
        Position::validated(Variant::Yalta, setup, |setup| {
            validate::problems(self, setup)
        })
    }

    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        legal_moves(self, position.board())
    }

    /// `yalta.last-king-wins`: "The last player with a King on the board wins."
    /// (`turn::last_king`); otherwise `turn::turn_comes` decides whether the side to move
    /// plays on, is checkmated, passes (a mate pending, or a stalemate under
    /// `yalta.stalemate=pass`) or draws the game.
    fn outcome(&self, position: &Position) -> Outcome {
        let setup = position.board();
        if let Some(winner) = turn::last_king(setup) {
            return Outcome::Won {
                winner,
                reason: Reason::LastKingStanding,
            };
        }
        let seat = setup.to_move;
        match turn::turn_comes(self, setup) {
            TurnComes::Moves => Outcome::Ongoing,
            TurnComes::Checkmated { .. } => Outcome::Eliminated {
                seat,
                reason: Reason::Checkmate,
            },
            TurnComes::MatePending => Outcome::Passes {
                seat,
                reason: Reason::Checkmate,
            },
            TurnComes::StalematePasses => Outcome::Passes {
                seat,
                reason: Reason::Stalemate,
            },
            TurnComes::Drawn => Outcome::Drawn {
                reason: Reason::Stalemate,
            },
        }
    }
}

impl crate::rules::sealed::Apply for Yalta {
    fn apply(&self, position: &Position, mv: Move) -> Position {
        Position::checked_board(turn::apply(self, position.board(), mv))
    }
}

#[cfg(test)]
mod tests;
