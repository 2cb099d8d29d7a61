//! Triple Crown's extra position state: a second en passant target, and the instant win.

use std::collections::{BTreeMap, BTreeSet};

use crate::notation::{Field, FieldKind};
use crate::{Cell, Seat};

/// Triple Crown: what a position needs beyond pieces, turn, castling and en passant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TripleCrownState {
    /// The cell passed over by an earlier double step that the side to move may still take en
    /// passant, when the most recent double step (the common `en_passant` field) is another
    /// one. Only the reading `triple-crown.en-passant-window=both-enemies` uses it.
    pub en_passant_earlier: Option<Cell>,
    /// The seat that has won instantly by bringing a pawn to a far rank while holding all
    /// three non-array pieces (at most one; the rules check that).
    pub instant_win: BTreeSet<Seat>,
}

impl TripleCrownState {
    /// The fields: `en_passant_earlier` (a cell) and `instant_win` (seats).
    pub(crate) const FIELDS: &'static [(&'static str, FieldKind)] = &[
        ("en_passant_earlier", FieldKind::Cell),
        ("instant_win", FieldKind::Seats),
    ];

    /// Applies the fields given over the default (no earlier target, nobody has won).
    pub(crate) fn from_fields(fields: &BTreeMap<&str, Field>) -> TripleCrownState {
        let mut state = TripleCrownState::default();
        if let Some(Field::Cell(cell)) = fields.get("en_passant_earlier") {
            state.en_passant_earlier = *cell;
        }
        if let Some(Field::Seats(seats)) = fields.get("instant_win") {
            state.instant_win = seats.iter().copied().collect();
        }
        state
    }

    /// Writes the fields.
    pub(crate) fn to_fields(&self) -> Vec<(&'static str, Field)> {
        vec![
            ("en_passant_earlier", Field::Cell(self.en_passant_earlier)),
            (
                "instant_win",
                Field::Seats(self.instant_win.iter().copied().collect()),
            ),
        ]
    }
}
