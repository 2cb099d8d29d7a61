//! Yuri Chess's extra position state: the pawns that have not moved, the pawn that has just
//! made a double step, the square the White and Black Kings share once they have met, and the
//! board states of the earlier turns.

use std::collections::{BTreeMap, BTreeSet};

use crate::notation::{Field, FieldKind, is_canonical_pieces, parse_pieces, pieces_text};
use crate::{Cell, Piece, Role, Variant};

/// The cells where each army's pawns start (by army letter), as the source's diagram has them.
const PAWN_HOMES: [(char, [&str; 4]); 3] = [
    ('w', ["e7", "e6", "f5", "g5"]),
    ('r', ["e1", "e2", "f3", "g3"]),
    ('b', ["a3", "b3", "c1", "c2"]),
];

/// Yuri Chess: what the rules need to know beyond pieces, turn and en passant.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct YuriState {
    /// Cells of the pawns that have not moved yet: the pawns that may make a double step,
    /// where a reading of the rules allows one.
    pub unmoved: BTreeSet<Cell>,
    /// The cell of the pawn that has just made a double step over the position's
    /// `en_passant` cell.
    pub en_passant_pawn: Option<Cell>,
    /// The square the White and Black Kings share once one has moved onto the other, which
    /// ends the game. The pieces hold the King that moved there; the other King stands on
    /// the same square.
    pub shared_square: Option<Cell>,
    /// The board states of the earlier turns of the game, oldest first, each written like the
    /// pieces of a position (`a1:bB,b1:bB,...`), in canonical form where it reads.
    pub history: Vec<String>,
}

impl YuriState {
    /// The fields: `unmoved` (cells), `en_passant_pawn` (a cell), `shared_square` (a cell)
    /// and `history` (board states, `/` between them in text).
    pub(crate) const FIELDS: &'static [(&'static str, FieldKind)] = &[
        ("unmoved", FieldKind::Cells),
        ("en_passant_pawn", FieldKind::Cell),
        ("shared_square", FieldKind::Cell),
        ("history", FieldKind::Words),
    ];

    /// Lists the starting cell of every pawn, with the pawn that starts there.
    pub fn pawn_homes() -> Vec<(Cell, Piece)> {
        let variant = Variant::Yuri;
        let mut homes = Vec::new();
        for (letter, cells) in PAWN_HOMES {
            let Some(seat) = variant.seat_from_letter(letter) else {
                continue;
            };
            for name in cells {
                if let Ok(cell) = variant.board().parse_cell(name) {
                    homes.push((cell, Piece::new(seat, Role::Pawn)));
                }
            }
        }
        homes
    }

    /// The state when a position does not say: every pawn standing on one of its own army's
    /// starting cells has not moved; no double step, no shared square, no history.
    pub fn default_for(pieces: &BTreeMap<Cell, Piece>) -> YuriState {
        let unmoved = YuriState::pawn_homes()
            .into_iter()
            .filter(|(cell, pawn)| pieces.get(cell) == Some(pawn))
            .map(|(cell, _)| cell)
            .collect();
        YuriState {
            unmoved,
            ..YuriState::default()
        }
    }

    /// Applies the fields given over the default.
    pub(crate) fn from_fields(
        fields: &BTreeMap<&str, Field>,
        pieces: &BTreeMap<Cell, Piece>,
    ) -> YuriState {
        let mut state = YuriState::default_for(pieces);
        if let Some(Field::Cells(cells)) = fields.get("unmoved") {
            state.unmoved = cells.iter().copied().collect();
        }
        if let Some(Field::Cell(cell)) = fields.get("en_passant_pawn") {
            state.en_passant_pawn = *cell;
        }
        if let Some(Field::Cell(cell)) = fields.get("shared_square") {
            state.shared_square = *cell;
        }
        if let Some(Field::Words(words)) = fields.get("history") {
            state.history = words.iter().map(|w| canonical_board_state(w)).collect();
        }
        state
    }

    /// Writes the fields.
    pub(crate) fn to_fields(&self) -> Vec<(&'static str, Field)> {
        vec![
            (
                "unmoved",
                Field::Cells(self.unmoved.iter().copied().collect()),
            ),
            ("en_passant_pawn", Field::Cell(self.en_passant_pawn)),
            ("shared_square", Field::Cell(self.shared_square)),
            ("history", Field::Words(self.history.clone())),
        ]
    }
}

/// Returns a written board state in canonical form (pieces in cell order), or as written if
/// it does not read (the rules then refuse the position).
fn canonical_board_state(word: &str) -> String {
    // Board states read and written by trichess are canonical already: kept as they are,
    // without reading them into pieces and writing them again.
    if is_canonical_pieces(Variant::Yuri, word) {
        return word.to_string();
    }
    match parse_pieces(Variant::Yuri, word) {
        Ok(pieces) => pieces_text(Variant::Yuri, &pieces),
        Err(_) => word.to_string(),
    }
}
