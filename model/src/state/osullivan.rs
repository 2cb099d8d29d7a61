//! O'Sullivan's extra position state: where the P4s are and which are freed.

use std::collections::{BTreeMap, BTreeSet};

use crate::notation::{Field, FieldKind};
use crate::{BySeat, Cell, Piece, Role, Variant};

/// O'Sullivan: where the Black and Red P4s are, and which of them are free of the
/// P4-against-P4 restriction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OSullivanState {
    /// The cell of each seat's P4, while it is on the board unpromoted. White has none.
    pub p4: BySeat<Option<Cell>>,
    /// Seats whose P4 has captured across the midline and is free of the restriction.
    pub p4_freed: BTreeSet<crate::Seat>,
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

    /// The state when a position does not say: Black's P4 is a Black pawn on d2 and Red's a
    /// Red pawn on e2, where there is one (their starting cells); none is freed.
    pub fn default_for(pieces: &BTreeMap<Cell, Piece>) -> OSullivanState {
        let board = Variant::OSullivan.board();
        let mut p4 = BySeat::default();
        for (letter, file) in [('b', 3), ('r', 4)] {
            let Some(seat) = Variant::OSullivan.seat_from_letter(letter) else {
                continue;
            };
            let Some(home) = board.square(file, 1) else {
                continue;
            };
            if pieces.get(&home) == Some(&Piece::new(seat, Role::Pawn)) {
                p4[seat] = Some(home);
            }
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
