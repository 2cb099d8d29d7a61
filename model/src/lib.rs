//! The neutral vocabulary of trichess, shared by every engine: variants, seats, cells, pieces,
//! moves and positions, their text and JSON notation, outcomes, and the [`Engine`] trait every
//! engine implements. The fixture suite that checks engines is the `trichess-suite` crate.
//!
//! Nothing here knows how pieces move: geometry and rules belong to the engines, so that two
//! engines that agree have agreed independently.
//!
//! - [`Variant`], [`Seat`], [`Cell`] (on a variant's [`Board`]), [`Role`] and [`Piece`]: the
//!   names every engine uses.
//! - [`Move`]: a plain move, a promotion or a castling, written `e7-e5`, `c2-c1=Q`, `d8-c8/b8`.
//! - [`Setup`]: a position as written down (pieces, side to move, castling, en passant and
//!   each variant's own state in [`VariantState`]), read from and written to the text form
//!   ([`Setup::from_text`], [`Setup::to_text`]), the JSON form and the keyed form, and not yet
//!   checked against any rules ([`InvalidPosition`] lists an engine's objections, each of a
//!   [`ProblemKind`]).
//! - [`Outcome`]: whether the game goes on and, if not, how it ended.
//! - [`Engine`] and [`Game`] (a variant with the readings of its open points): what the fixture
//!   runner, the differential run and the protocol ask of an engine.
//! - [`input`]: a position as a user gives it (`start`, a text or JSON form, `@FILE`, `-`),
//!   checked by an engine with the moves given after it played ([`input::locate`]), and
//!   messages fit for a terminal ([`input::clean`]).
//!
//! ```
//! use trichess_model::{Move, Setup, Variant};
//!
//! let setup = Setup::from_text(Variant::OSullivan, "d8:wK,b8:wR,a1:bK,h1:rK w castling=b8")
//!     .expect("a position in the text form");
//! assert_eq!(setup.pieces.len(), 4);
//! // Printed cell by cell, rank by rank from rank 1.
//! assert_eq!(setup.to_text(), "a1:bK,h1:rK,b8:wR,d8:wK w castling=b8");
//! let castle = Move::parse(Variant::OSullivan, "d8-c8/b8").expect("a castling");
//! assert!(matches!(castle, Move::Castle { .. }));
//! assert_eq!(castle.to_string(), "d8-c8/b8");
//! ```

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]
#![warn(missing_docs)]

mod cell;
mod engine;
pub mod input;
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
