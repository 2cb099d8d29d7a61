//! O'Sullivan's extra position state: where the P4s are and which are freed.

use std::collections::{BTreeMap, BTreeSet};

use crate::notation::{Field, FieldKind};
use crate::{BySeat, Cell, Piece, Role, Seat, Variant};

/// The cell where each P4 starts (by army letter), as the source's diagram has it.
const P4_HOMES: [(char, &str); 2] = [('b', "d2"), ('r', "e2")];

/// O'Sullivan: where the Black and Red P4s are, and which of them are free of the
/// P4-against-P4 restriction.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct OSullivanState {
    /// The cell of each seat's P4, while it is on the board unpromoted. White has none.
    pub p4: BySeat<Option<Cell>>,
    /// Seats whose P4 has captured across the midline and is free of the restriction.
    pub p4_freed: BTreeSet<Seat>,
    /// The cell passed over by an earlier double step that the side to move may still take en
    /// passant, when the most recent double step (the common `en_passant` field) is another
    /// one. Only the reading `osullivan.en-passant-window=both-opponents` uses it.
    pub en_passant_earlier: Option<Cell>,
}

impl OSullivanState {
    /// The fields: `p4` (seat -> cell), `p4_freed` (seats) and `en_passant_earlier` (a cell).
    pub(crate) const FIELDS: &'static [(&'static str, FieldKind)] = &[
        ("p4", FieldKind::SeatCells),
        ("p4_freed", FieldKind::Seats),
        ("en_passant_earlier", FieldKind::Cell),
    ];

    /// Returns the cell where `seat`'s P4 starts, as the source's diagram has it: Black's on
    /// d2, Red's on e2; White has none. The `p4` field's default (and the engines' starting
    /// positions) read it here.
    pub fn p4_home(seat: Seat) -> Option<Cell> {
        let (_, name) = P4_HOMES
            .iter()
            .find(|&&(letter, _)| Variant::OSullivan.seat_from_letter(letter) == Some(seat))?;
        Variant::OSullivan.board().parse_cell(name).ok()
    }

    /// The state when a position does not say: Black's P4 is a Black pawn on d2 and Red's a
    /// Red pawn on e2, where there is one (their starting cells, [`OSullivanState::p4_home`]);
    /// none is freed.
    pub fn default_for(pieces: &BTreeMap<Cell, Piece>) -> OSullivanState {
        let mut p4 = BySeat::default();
        for seat in Seat::ALL {
            p4[seat] = OSullivanState::p4_home(seat)
                .filter(|home| pieces.get(home) == Some(&Piece::new(seat, Role::Pawn)));
        }
        OSullivanState {
            p4,
            p4_freed: BTreeSet::new(),
            en_passant_earlier: None,
        }
    }

    /// Applies the fields given over the default.
    pub(crate) fn from_fields(
        fields: &BTreeMap<&str, Field>,
        pieces: &BTreeMap<Cell, Piece>,
    ) -> OSullivanState {
        let mut state = OSullivanState::default_for(pieces);
        if let Some(Field::SeatCells(pairs)) = fields.get("p4") {
            state.p4 = BySeat::default();
            for &(seat, cell) in pairs {
                state.p4[seat] = Some(cell);
            }
        }
        if let Some(Field::Seats(seats)) = fields.get("p4_freed") {
            state.p4_freed = seats.iter().copied().collect();
        }
        if let Some(Field::Cell(cell)) = fields.get("en_passant_earlier") {
            state.en_passant_earlier = *cell;
        }
        state
    }

    /// Writes the fields.
    pub(crate) fn to_fields(&self) -> Vec<(&'static str, Field)> {
        let p4 = self
            .p4
            .iter()
            .filter_map(|(s, c)| c.map(|c| (s, c)))
            .collect();
        vec![
            ("p4", Field::SeatCells(p4)),
            (
                "p4_freed",
                Field::Seats(self.p4_freed.iter().copied().collect()),
            ),
            ("en_passant_earlier", Field::Cell(self.en_passant_earlier)),
        ]
    }
}
