//! Pictures of positions, for people checking a position or a report by eye: a text diagram of
//! every board, drawn like the source's, and an SVG picture of the hexagonal trisection boards.
//!
//! They need only the cell names of a board (`trichess_model::Board`), never an engine's
//! geometry or rules, so they draw any engine's positions.

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]

mod hex;
mod osullivan;
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

/// Draws `setup` as an SVG picture, with `arrow` drawn from its start cell to its end cell;
/// `None` for the square boards, which have no picture yet.
pub fn svg(setup: &Setup, arrow: Option<Move>) -> Option<String> {
    let colours = match setup.variant {
        Variant::Yalta => ["red", "green", "blue"],
        Variant::TripleCrown => ["#8e2c1f", "#1d6b3a", "#23418c"],
        Variant::OSullivan | Variant::Yuri => return None,
    };
    Some(hex::svg(setup, colours, arrow))
}
