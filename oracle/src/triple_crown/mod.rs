//! Triple Crown (Charles Gilman, 2006), from `sources/triple-crown.md`; the register is
//! `register/triple-crown.toml`.
//!
//! The board is the hexagonal trisection board with n = 5 ([`crate::hex`]): three 10x5
//! half-boards, seats A, B and C (armies `a`, `b`, `c`; the source names no colours), cells
//! `Aa1`..`Cj5`. The source's setup diagram is missing: the starting position is a
//! reconstruction (`triple-crown.start-array`, see `array.rs`), and every rule works on any
//! position.
//!
//! The game's own kind of checkmate: when a player's turn comes, every player whose Emperor is
//! en prise to them is out and loses all their pieces; then they move.

mod array;
mod board;
mod castling;
mod check;
pub(crate) mod explain;
pub mod options;
mod pawns;
mod pieces;
mod promotion;
mod turn;
mod validate;

use std::collections::BTreeMap;

use trichess_model::{Move, Outcome, Reason, Variant};

use crate::board::Setup;

pub use options::Options;

use crate::InterpretationError;
use crate::hex::{Geometry, HexBoard};
use crate::rules::{Position, Rules};
use options::{SelfExposure, StartArray};
use trichess_model::InvalidPosition;
use turn::TurnComes;

/// The rules of Triple Crown, with the interpretations chosen.
#[derive(Clone, Debug)]
pub struct TripleCrown {
    hex: HexBoard,
    /// The board's geometry, from the table built from `hex`.
    geo: &'static Geometry,
    options: Options,
}

/// The note every use of the reconstructed starting position carries.
const RECONSTRUCTION: &str = "the Triple Crown starting position is a reconstruction: the \
    source's setup diagram is missing (see triple-crown.start-array in `trichess rules \
    triple-crown`)";

impl TripleCrown {
    /// Builds the rules with the given interpretation readings (id -> reading).
    pub fn new(
        interpretations: &BTreeMap<String, String>,
    ) -> Result<TripleCrown, InterpretationError> {
        let options = Options::read(interpretations)?;
        Ok(TripleCrown {
            hex: HexBoard::triple_crown(),
            geo: Geometry::of(HexBoard::triple_crown()),
            options,
        })
    }
}

/// Lists the legal moves of the side to move, once the players whose Emperor is en prise to
/// them are out (none once the game is over).
///
/// `triple-crown.self-exposure`: under `not-unless-forced` a move may not leave the mover's
/// Emperor en prise to either enemy, unless every move does; under `allowed` it may.
pub fn legal_moves(tc: &TripleCrown, setup: &Setup) -> Vec<Move> {
    let setup = turn::begin_turn(tc, setup.clone());
    if turn::game_over(&setup) {
        return Vec::new();
    }
    let mover = setup.to_move;
    let moves: Vec<Move> = setup
        .pieces
        .iter()
        .filter(|(_, p)| p.owner == mover)
        .flat_map(|(&from, &piece)| pieces::piece_moves(tc, &setup, from, piece))
        .collect();
    match tc.options.self_exposure {
        SelfExposure::Allowed => moves,
        SelfExposure::NotUnlessForced => {
            let safe: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&mv| !check::in_check(tc, &turn::make_move(tc, &setup, mv), mover))
                .collect();
            if safe.is_empty() { moves } else { safe }
        }
    }
}

impl Rules for TripleCrown {
    fn variant(&self) -> Variant {
        Variant::TripleCrown
    }

    /// `triple-crown.start-array`: the reconstructed array (see `array.rs`).
    fn start(&self) -> Position {
        match self.options.start_array {
            StartArray::Reconstructed => Position::checked(array::start_setup(self)),
        }
    }

    fn start_note(&self) -> Option<&'static str> {
        Some(RECONSTRUCTION)
    }

    fn validate(&self, setup: trichess_model::Setup) -> Result<Position, InvalidPosition> {
        Position::validated(Variant::TripleCrown, setup, |setup| {
            validate::problems(self, setup)
        })
    }

    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        legal_moves(self, position.board())
    }

    /// `triple-crown.instant-win`; then `triple-crown.checkmate-en-prise` (the players
    /// `turn::checkmated` as the side to move's turn comes), `triple-crown.first-mated-loses`
    /// and `triple-crown.last-survivor-wins`; then `triple-crown.stalemate` for a side to move
    /// with no move at all (`turn::turn_comes`).
    fn outcome(&self, position: &Position) -> Outcome {
        let setup = position.board();
        if let Some(&winner) = setup
            .triple_crown()
            .and_then(|s| s.instant_win.iter().next())
        {
            return Outcome::Won {
                winner,
                reason: Reason::InstantWin,
            };
        }
        let mover = setup.to_move;
        let fallen = turn::checkmated(self, setup);
        let live = check::live_seats(setup);
        let survivors: Vec<_> = live.iter().filter(|s| !fallen.contains(s)).collect();
        if let [&winner] = survivors[..] {
            return Outcome::Won {
                winner,
                reason: Reason::LastKingStanding,
            };
        }
        if let Some(&seat) = fallen.first() {
            return Outcome::Eliminated {
                seat,
                reason: Reason::Checkmate,
            };
        }
        match turn::turn_comes(self, setup) {
            TurnComes::Moves => Outcome::Ongoing,
            TurnComes::Drawn => Outcome::Drawn {
                reason: Reason::Stalemate,
            },
            TurnComes::Out => Outcome::Eliminated {
                seat: mover,
                reason: Reason::Stalemate,
            },
        }
    }
}

impl crate::rules::sealed::Apply for TripleCrown {
    fn apply(&self, position: &Position, mv: Move) -> Position {
        Position::checked_board(turn::apply(self, position.board(), mv))
    }
}
