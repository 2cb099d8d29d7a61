//! The interface every variant's rules implement, and the checked position type.

use std::fmt;

use trichess_model::{Move, Outcome, Setup, Variant};

use crate::interpretation::Interpretation;

/// A position that a variant's rules have checked. Only [`Rules::validate`] and
/// [`Rules::play`] make one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position(Setup);

impl Position {
    /// Wraps a setup the caller has checked.
    pub(crate) fn checked(setup: Setup) -> Position {
        Position(setup)
    }

    /// Returns the position as a setup.
    pub fn setup(&self) -> &Setup {
        &self.0
    }

    /// Returns the setup, consuming the position.
    pub fn into_setup(self) -> Setup {
        self.0
    }
}

/// Why a setup is not a position of the variant: every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPosition {
    pub problems: Vec<String>,
}

impl fmt::Display for InvalidPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.problems.join("; "))
    }
}

impl std::error::Error for InvalidPosition {}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is not a legal move here ({why})")]
pub struct IllegalMove {
    pub mv: String,
    pub why: String,
}

/// An open point and its readings, as the code knows them (for the register's lint).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterpretationInfo {
    pub id: &'static str,
    /// Reading names, the default first.
    pub readings: Vec<&'static str>,
}

impl InterpretationInfo {
    /// Describes interpretation `T`.
    pub fn of<T: Interpretation>() -> InterpretationInfo {
        InterpretationInfo {
            id: T::ID,
            readings: T::READINGS.iter().map(|(name, _)| *name).collect(),
        }
    }
}

/// A variant's rules, with its interpretations chosen.
pub trait Rules {
    /// Returns the variant.
    fn variant(&self) -> Variant;

    /// Returns the starting position.
    fn start(&self) -> Position;

    /// Returns what anyone using the starting position must be told about it, if anything
    /// (a reconstruction, say, where the source does not give one).
    fn start_note(&self) -> Option<&'static str> {
        None
    }

    /// Checks a setup against the rules.
    fn validate(&self, setup: Setup) -> Result<Position, InvalidPosition>;

    /// Lists the legal moves of the side to move (none once the game is over).
    fn legal_moves(&self, position: &Position) -> Vec<Move>;

    /// Plays a move taken from [`Rules::legal_moves`] of this position, without checking it,
    /// and returns the position after it, with the turn passed on.
    fn apply(&self, position: &Position, mv: Move) -> Position;

    /// Plays a move if it is legal.
    fn play(&self, position: &Position, mv: Move) -> Result<Position, IllegalMove> {
        let seat = position.setup().to_move;
        if self.legal_moves(position).contains(&mv) {
            Ok(self.apply(position, mv))
        } else {
            Err(IllegalMove {
                mv: mv.to_string(),
                why: format!(
                    "not among the legal moves of {}",
                    self.variant().seat_name(seat)
                ),
            })
        }
    }

    /// Returns the state of the game.
    fn outcome(&self, position: &Position) -> Outcome;

    /// Draws the position as text, for a person to read.
    fn diagram(&self, position: &Position) -> String;

    /// Draws the position as an SVG picture, if the variant has one.
    fn svg(&self, _position: &Position) -> Option<String> {
        None
    }
}

/// Counts the move paths of length `depth` from `position`.
pub fn perft(rules: &dyn Rules, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = rules.legal_moves(position);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| perft(rules, &rules.apply(position, mv), depth - 1))
        .sum()
}

/// Counts the move paths of length `depth` below each legal move, sorted by move text.
pub fn perft_divide(rules: &dyn Rules, position: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut rows: Vec<(String, u64)> = rules
        .legal_moves(position)
        .into_iter()
        .map(|mv| {
            let next = rules.apply(position, mv);
            (mv.to_string(), perft(rules, &next, depth.saturating_sub(1)))
        })
        .collect();
    rows.sort();
    rows
}
