//! Pictures of positions, for people checking a position or a report by eye: a text diagram of
//! every board, drawn like the source's, and an SVG picture of every board.
//!
//! They need only the cell names of a board (`trichess_model::Board`), never an engine's
//! geometry or rules, so they draw any engine's positions.

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]

mod hex;
mod osullivan;
mod square;
mod yuri;

use trichess_model::{Move, Setup, Variant};

/// Draws `setup` as a text diagram.
pub fn text(setup: &Setup) -> String {
    match setup.variant {
        Variant::OSullivan => osullivan::draw(setup),
        Variant::Yuri => yuri::draw(setup),
        Variant::Yalta | Variant::TripleCrown => hex::text(setup),
    }
}

/// Draws `setup` as an SVG picture, with `arrow` (if given) drawn from its start cell to its
/// end cell; pieces take their army's colour.
pub fn svg(setup: &Setup, arrow: Option<Move>) -> String {
    match setup.variant {
        Variant::Yalta => hex::svg(setup, ["red", "green", "blue"], arrow),
        Variant::TripleCrown => hex::svg(setup, ["#8e2c1f", "#1d6b3a", "#23418c"], arrow),
        // Both seat White, Red and Black.
        Variant::OSullivan | Variant::Yuri => {
            square::svg(setup, ["#d8d8d8", "#b22222", "#222"], arrow)
        }
    }
}
