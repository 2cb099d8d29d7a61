//! The neutral vocabulary of trichess, shared by every engine: variants, seats, cells, pieces,
//! moves and positions, their text and JSON notation, outcomes, and the [`Engine`] trait every
//! engine implements. The fixture suite that checks engines is the `trichess-suite` crate.
//!
//! Nothing here knows how pieces move: geometry and rules belong to the engines, so that two
//! engines that agree have agreed independently.

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]

mod cell;
mod engine;
mod json;
mod moves;
pub mod notation;
mod outcome;
mod role;
mod seat;
mod state;
mod symmetry;
mod validity;
mod variant;

pub use cell::{Board, Cell, CellError, Shape};
pub use engine::{Engine, EngineError, Game, MAX_PERFT_DEPTH, Played, Survey};
pub use json::parse_strict;
pub use moves::{Move, MoveParseError};
pub use notation::{
    Field, FieldKind, NotationError, Problem, parse_pieces, piece_name, pieces_text,
};
pub use outcome::{Outcome, OutcomeError, Reason};
pub use role::{Piece, Role};
pub use seat::{BySeat, Seat};
pub use state::{OSullivanState, Setup, TripleCrownState, VariantState, YaltaState, YuriState};
pub use symmetry::Symmetry;
pub use validity::{InvalidPosition, PositionProblem, ProblemKind};
pub use variant::{UnknownVariant, Variant};
