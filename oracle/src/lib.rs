//! The trichess oracle: the reference engine for four three-player chess variants (O'Sullivan's
//! Three Player Chess, Yalta Chess, Yuri Chess and Triple Crown), written to be read as their
//! specification, for clarity over speed.
//!
//! # How the rules are written
//!
//! The only authority is each variant's source text (`trichess-suite`'s `sources/`). Every
//! clause of it has a stable id in the variant's rule register (`trichess-suite`'s
//! `register/<variant>.toml`, read through [`trichess_suite::Register`]): `osullivan.barrier`,
//! `yalta.centre-path-choice`, ... A sentence that brings in several rules at once ("Normal
//! chess rules apply except where noted.") is split into one id per rule it brings in.
//!
//! - **One function per clause.** Each rule is a short function in the variant's module
//!   ([`osullivan`], [`yalta`], [`yuri`], [`triple_crown`]: board, pieces, pawns, castling,
//!   check, turn, validation), named for what it decides, whose doc comment names the clause by
//!   its register id and quotes the source's words, then says how the code reads them. A lint
//!   (`tests/traceability.rs`) holds every implemented clause and every open point to such a
//!   doc comment, and every id a doc comment names to the register.
//! - **Geometry is shared, rules are not.** The square boards' lines and leaps are in
//!   [`square`], the hexagonal trisection boards' (lines through the centre, its forks, the
//!   straight-across step) in [`hex`]; each variant's rules use them.
//! - **Open points are named interpretations.** Where a text is silent or unsure, each reading
//!   is a variant of an enum in the variant's `options` module, named by the register's id
//!   (`osullivan.stalemate` = `draw` | `out`), the default first; [`rules_for`] builds a
//!   variant's rules under the readings of a [`trichess_model::Game`], and [`interpretations`]
//!   lists them (a lint checks they are the register's).
//! - **Positions are checked.** [`Rules::validate`] turns a neutral
//!   [`trichess_model::Setup`] into a [`Position`] the rules accept, or lists every problem
//!   with its kind; [`Rules::legal_moves`], [`Rules::play`] and [`Rules::outcome`] work on
//!   checked positions only.
//!
//! # Why an answer is what it is
//!
//! [`explain`] gives, for a move, a result or a position's validity, the chain of clauses
//! behind the oracle's answer, each with its register id, the source's words and the cells
//! involved, the deciding clause first (`trichess explain`, and the rules column of every
//! report row). The verdict is always the rules' own; the explanation only says why.
//!
//! # Using it
//!
//! [`Oracle`] implements [`trichess_model::Engine`], like any engine, for the fixture runner,
//! the differential run and the protocol. Below it, the rules of one game:
//!
//! ```
//! use trichess_model::{Game, Move, Variant};
//! use trichess_oracle::{perft, rules_for};
//!
//! let rules = rules_for(&Game::new(Variant::OSullivan)).expect("implemented");
//! let start = rules.start();
//! assert_eq!(rules.legal_moves(&start).len(), 14);
//! let after = rules.play(&start, Move::parse(Variant::OSullivan, "e7-e5").unwrap()).unwrap();
//! assert_eq!(perft(rules.as_ref(), &after, 1), 14); // Red's replies
//! ```

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]
#![warn(missing_docs)]

pub mod board;
mod engine;
pub mod explain;
pub mod hex;
pub mod interpretation;
pub mod osullivan;
pub mod rules;
pub mod square;
pub mod triple_crown;
pub mod yalta;
pub mod yuri;

use trichess_model::{Game, Variant};

pub use engine::Oracle;
pub use interpretation::InterpretationError;
pub use rules::{IllegalMove, Position, Rules, perft, perft_divide};
pub use trichess_model::InvalidPosition;

/// Returns the rules of `game`: its variant with the chosen interpretations.
pub fn rules_for(game: &Game) -> Result<Box<dyn Rules>, InterpretationError> {
    match game.variant {
        Variant::OSullivan => Ok(Box::new(osullivan::OSullivan::new(&game.interpretations)?)),
        Variant::Yalta => Ok(Box::new(yalta::Yalta::new(&game.interpretations)?)),
        Variant::Yuri => Ok(Box::new(yuri::Yuri::new(&game.interpretations)?)),
        Variant::TripleCrown => Ok(Box::new(triple_crown::TripleCrown::new(
            &game.interpretations,
        )?)),
    }
}

/// Returns what a user of the starting positions of `variants` must know about them (that one
/// is a reconstruction, say): one note a variant that has one, in the order of the variants,
/// each variant once.
pub fn start_notes(variants: impl IntoIterator<Item = Variant>) -> Vec<String> {
    let mut variants: Vec<Variant> = variants.into_iter().collect();
    variants.sort();
    variants.dedup();
    variants
        .into_iter()
        .filter_map(|v| rules_for(&Game::new(v)).ok()?.start_note())
        .map(str::to_string)
        .collect()
}

/// Lists the interpretations the oracle knows for `variant`, with their readings (the default
/// first): the register's lint checks that they are the register's
/// (`trichess_suite::open_points`).
pub fn interpretations(variant: Variant) -> Vec<trichess_suite::OpenPoint> {
    match variant {
        Variant::OSullivan => osullivan::Options::all(),
        Variant::Yalta => yalta::Options::all(),
        Variant::Yuri => yuri::Options::all(),
        Variant::TripleCrown => triple_crown::Options::all(),
    }
}

/// Picks one of `items` by a linear congruential step of `state`: the random games of the
/// tests, repeatable for a seed.
#[cfg(test)]
pub(crate) fn pick<T: Copy>(state: &mut u64, items: &[T]) -> T {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    items[(*state >> 33) as usize % items.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_notes_name_each_reconstructed_start_once() {
        let notes = start_notes([
            Variant::TripleCrown,
            Variant::OSullivan,
            Variant::TripleCrown,
        ]);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains("reconstruction"), "{notes:?}");
        assert!(start_notes([Variant::OSullivan, Variant::Yalta]).is_empty());
    }
}
