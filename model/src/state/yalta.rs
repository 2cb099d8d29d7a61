//! Yalta's extra position state: who controls a checkmated army, whose check came first when
//! two opponents check one king, and whose checkmate is not yet final.

use std::collections::{BTreeMap, BTreeSet};

use crate::notation::{Field, FieldKind};
use crate::{Cell, Seat};

/// Yalta: the state that armies taken over, double checks and pending mates need.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct YaltaState {
    /// Army -> the seat that controls it, for each army whose king has been checkmated
    /// ("The player who delivered the checkmate takes control of all the checkmated player's
    /// remaining pieces"). An army with its king on the board is controlled by its own seat
    /// and has no entry.
    pub control: BTreeMap<Seat, Seat>,
    /// Checked seat -> the opponent whose check came first, for each seat in check from two
    /// opponents at once ("the check delivered first takes priority for determining which
    /// player delivers the mate"). A seat in check from one opponent has no entry.
    pub first_check: BTreeMap<Seat, Seat>,
    /// Seats that had no legal move while in check on their turn and whose mate is not yet
    /// final (only under the reading `yalta.mate-final=after-left-player`).
    pub pending_mate: BTreeSet<Seat>,
    /// The cell passed over by an earlier double step that the side to move may still take en
    /// passant, when the most recent double step (the common `en_passant` field) is another
    /// one. Only the reading `yalta.en-passant-window=both-opponents` uses it.
    pub en_passant_earlier: Option<Cell>,
}

impl YaltaState {
    /// The fields: `control` (army -> controlling seat), `first_check` (checked seat -> first
    /// checker), `pending_mate` (seats) and `en_passant_earlier` (a cell); all default to empty.
    pub(crate) const FIELDS: &'static [(&'static str, FieldKind)] = &[
        ("control", FieldKind::SeatSeats),
        ("first_check", FieldKind::SeatSeats),
        ("pending_mate", FieldKind::Seats),
        ("en_passant_earlier", FieldKind::Cell),
    ];

    /// Applies the fields given over the default (all empty).
    pub(crate) fn from_fields(fields: &BTreeMap<&str, Field>) -> YaltaState {
        let pairs = |key: &str| match fields.get(key) {
            Some(Field::SeatSeats(pairs)) => pairs.iter().copied().collect(),
            _ => BTreeMap::new(),
        };
        YaltaState {
            control: pairs("control"),
            first_check: pairs("first_check"),
            pending_mate: match fields.get("pending_mate") {
                Some(Field::Seats(seats)) => seats.iter().copied().collect(),
                _ => BTreeSet::new(),
            },
            en_passant_earlier: match fields.get("en_passant_earlier") {
                Some(Field::Cell(cell)) => *cell,
                _ => None,
            },
        }
    }

    /// Writes the fields.
    pub(crate) fn to_fields(&self) -> Vec<(&'static str, Field)> {
        let pairs = |map: &BTreeMap<Seat, Seat>| {
            Field::SeatSeats(map.iter().map(|(&a, &b)| (a, b)).collect())
        };
        vec![
            ("control", pairs(&self.control)),
            ("first_check", pairs(&self.first_check)),
            (
                "pending_mate",
                Field::Seats(self.pending_mate.iter().copied().collect()),
            ),
            ("en_passant_earlier", Field::Cell(self.en_passant_earlier)),
        ]
    }
}
