//! Pictures of positions, for people checking a position or a report by eye: a text diagram of
//! every board, drawn like the source's, and an SVG picture of every board.
//!
//! They need only the cell names of a board (`trichess_model::Board`), never an engine's
//! geometry or rules, so they draw any engine's positions.

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]
#![warn(missing_docs)]

mod hex;
mod osullivan;
mod square;
mod yuri;

use std::fmt::Write as _;

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

/// Draws `mv` as an arrow from the point `from` to the point `to` of a picture.
fn draw_arrow(out: &mut String, from: (f64, f64), to: (f64, f64), mv: Move) {
    let ((x1, y1), (x2, y2)) = (from, to);
    let _ = writeln!(
        out,
        "<defs><marker id=\"head\" markerWidth=\"8\" markerHeight=\"8\" refX=\"6\" refY=\"4\" \
         orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#d4a017\"/></marker></defs>\
         <line class=\"move\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
         stroke=\"#d4a017\" stroke-width=\"4\" stroke-opacity=\"0.85\" marker-end=\"url(#head)\"/>\
         <title>{mv}</title>"
    );
}

/// An empty board of `variant` with seat A to move, for the tests.
#[cfg(test)]
fn empty(variant: Variant) -> Setup {
    let none = std::collections::BTreeMap::new();
    Setup {
        variant,
        to_move: trichess_model::Seat::A,
        pieces: none.clone(),
        castling: Default::default(),
        en_passant: None,
        state: trichess_model::VariantState::default_for(variant, &none),
    }
}
