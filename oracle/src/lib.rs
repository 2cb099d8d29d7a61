//! The trichess oracle: the reference engine for four three-player chess variants, written
//! for clarity over speed. Each rule is one function, named for the rule, whose doc comment
//! quotes the clause of the source text it implements (by register id). The rule register
//! of each variant (`register/*.toml`) lists every clause with its quote, status and notes,
//! and the open points as named interpretations.

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]

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
