//! O'Sullivan's Three Player Chess (Steffan O'Sullivan, 1996), from
//! `sources/osullivan-three-player.md`; the register is `register/osullivan.toml`.
//!
//! Seats: White (A, letter `w`), Red (B, `r`), Black (C, `b`). White's pieces stand on
//! ranks 7-8, Black's on the a-side and Red's on the h-side of ranks 1-3.

mod board;
mod castling;
mod check;
pub(crate) mod explain;
pub mod options;
mod pawns;
mod pieces;
mod turn;
mod validate;

use std::collections::BTreeMap;

use trichess_model::{
    Cell, Move, OSullivanState, Outcome, Piece, Reason, Role, Seat, Variant, VariantState,
};

use crate::board::Setup;

pub use options::Options;

use crate::interpretation::InterpretationError;
use crate::rules::{Position, Rules};
use trichess_model::InvalidPosition;

/// White's seat.
pub const WHITE: Seat = Seat::A;
/// Red's seat.
pub const RED: Seat = Seat::B;
/// Black's seat.
pub const BLACK: Seat = Seat::C;

/// The rules of O'Sullivan's Three Player Chess, with the interpretations chosen.
#[derive(Clone, Debug)]
pub struct OSullivan {
    options: Options,
}

impl OSullivan {
    /// Builds the rules with the given interpretation readings (id -> reading).
    pub fn new(
        interpretations: &BTreeMap<String, String>,
    ) -> Result<OSullivan, InterpretationError> {
        Ok(OSullivan {
            options: Options::read(interpretations)?,
        })
    }
}

/// Returns true if a piece of `mover` may capture what stands on `cell`.
///
/// Any piece of another army may be captured, a checkmated army's included
/// (`osullivan.dead-capturable`: "They may be captured by moving into their spaces"); a king
/// only under `osullivan.exposed-king=capture`.
pub fn can_capture(setup: &Setup, options: &Options, mover: Seat, cell: Cell) -> bool {
    setup.piece(cell).is_some_and(|p| {
        p.owner != mover
            && (p.role != Role::King || options.exposed_king == options::ExposedKing::Capture)
    })
}

/// Lists the legal moves of the side to move.
///
/// `osullivan.check`: a move may not leave the mover's king attacked by a live opponent.
/// Once only one king is left the game is over and nobody moves.
pub fn legal_moves(setup: &Setup, options: &Options) -> Vec<Move> {
    legal(setup, options).collect()
}

/// Returns true if the side to move has a legal move (see [`legal_moves`]).
pub fn has_legal_move(setup: &Setup, options: &Options) -> bool {
    legal(setup, options).next().is_some()
}

/// The legal moves of the side to move, one by one (see [`legal_moves`]).
fn legal<'a>(setup: &'a Setup, options: &'a Options) -> impl Iterator<Item = Move> + 'a {
    let game_on = check::live_seats(setup).len() > 1;
    let mover = setup.to_move;
    setup
        .pieces
        .iter()
        .filter(move |(_, p)| game_on && p.owner == mover)
        .flat_map(|(&from, &piece)| pieces::piece_moves(setup, options, from, piece))
        .filter(move |&mv| !check::in_check(&turn::make_move(setup, mv), options, mover))
}

/// Returns the starting position, as the source's diagram draws it, with White to move
/// (`osullivan.white-moves-first`: FIDE article 1, White makes the first move).
///
/// `osullivan.start-position`, read with `osullivan.piece-legend` ("R = Rook K = King Q = Queen
/// N = Knight B = Bishop"), `osullivan.pieces-white`: "White has twelve pieces: six
/// Pawns, two Bishops, one each of Knight, Rook, Queen, and King." `osullivan.pieces-black-red`:
/// "Red and Black each have ten pieces: four Pawns, two Bishops, one each of Knight, Rook,
/// Queen, and King." Black's and Red's P4s stand on d2 and e2, where the model's `p4` field
/// puts them by default ([`OSullivanState::p4_home`]).
pub fn start_setup() -> trichess_model::Setup {
    use Role::*;
    let rows: [(Seat, &[(&str, Role)]); 3] = [
        (
            WHITE,
            &[
                ("b8", Rook),
                ("c8", Bishop),
                ("d8", King),
                ("e8", Queen),
                ("f8", Bishop),
                ("g8", Knight),
                ("b7", Pawn),
                ("c7", Pawn),
                ("d7", Pawn),
                ("e7", Pawn),
                ("f7", Pawn),
                ("g7", Pawn),
            ],
        ),
        (
            BLACK,
            &[
                ("a3", Pawn),
                ("b3", Pawn),
                ("c3", Pawn),
                ("a2", Rook),
                ("b2", Knight),
                ("c2", Bishop),
                ("a1", King),
                ("b1", Queen),
                ("c1", Bishop),
            ],
        ),
        (
            RED,
            &[
                ("h3", Pawn),
                ("g3", Pawn),
                ("f3", Pawn),
                ("h2", Rook),
                ("g2", Knight),
                ("f2", Bishop),
                ("h1", King),
                ("g1", Queen),
                ("f1", Bishop),
            ],
        ),
    ];
    let board = Variant::OSullivan.board();
    let mut pieces = BTreeMap::new();
    for (seat, row) in rows {
        for &(name, role) in row {
            if let Ok(cell) = board.parse_cell(name) {
                pieces.insert(cell, Piece::new(seat, role));
            }
        }
    }
    // The P4s, on the cells the model's `p4` field defaults to, and so the P4s of the state.
    for seat in [BLACK, RED] {
        if let Some(home) = OSullivanState::p4_home(seat) {
            pieces.insert(home, Piece::new(seat, Pawn));
        }
    }
    let state = OSullivanState::default_for(&pieces);
    trichess_model::Setup {
        variant: Variant::OSullivan,
        to_move: WHITE,
        pieces,
        castling: castling::rook_home().into_iter().collect(),
        en_passant: None,
        state: VariantState::OSullivan(state),
    }
}

impl Rules for OSullivan {
    fn variant(&self) -> Variant {
        Variant::OSullivan
    }

    fn start(&self) -> Position {
        Position::checked(start_setup())
    }

    fn validate(&self, setup: trichess_model::Setup) -> Result<Position, InvalidPosition> {
        Position::validated(Variant::OSullivan, setup, |setup| {
            validate::problems(setup, &self.options)
        })
    }

    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        legal_moves(position.board(), &self.options)
    }

    /// `osullivan.end-of-game`: the last player with a king wins (`turn::last_king`);
    /// otherwise `turn::turn_comes` decides whether the side to move plays on, is out
    /// (checkmate, or stalemate under `osullivan.stalemate=out`) or draws the game.
    fn outcome(&self, position: &Position) -> Outcome {
        let setup = position.board();
        if let Some(winner) = turn::last_king(setup) {
            return Outcome::Won {
                winner,
                reason: Reason::LastKingStanding,
            };
        }
        match turn::turn_comes(setup, &self.options) {
            turn::TurnComes::Moves => Outcome::Ongoing,
            turn::TurnComes::Out(reason) => Outcome::Eliminated {
                seat: setup.to_move,
                reason,
            },
            turn::TurnComes::Drawn => Outcome::Drawn {
                reason: Reason::Stalemate,
            },
        }
    }
}

impl crate::rules::sealed::Apply for OSullivan {
    fn apply(&self, position: &Position, mv: Move) -> Position {
        Position::checked_board(turn::apply(position.board(), &self.options, mv))
    }
}
