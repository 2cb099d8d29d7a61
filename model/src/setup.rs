//! Setups: positions that are not necessarily legal.

use std::collections::{BTreeMap, BTreeSet};

use crate::{BySeat, Cell, Piece, Role, Seat, Variant};

/// A position as written down: pieces, side to move and the state the rules need, not yet
/// checked against any variant's rules (engines validate it into their own position type).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub variant: Variant,
    /// The seat whose turn it is.
    pub to_move: Seat,
    pub pieces: BTreeMap<Cell, Piece>,
    /// Cells of the partner pieces (rooks) that may still castle with their king; a right
    /// implies that neither the king nor that partner has moved.
    pub castling: BTreeSet<Cell>,
    /// The cell a pawn passed over in a double step, if a pawn may capture en passant on it.
    pub en_passant: Option<Cell>,
    /// What else the variant's rules need to know.
    pub state: VariantState,
}

/// Per-variant position state beyond pieces, turn, castling and en passant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VariantState {
    /// The variant needs nothing more.
    None,
    OSullivan(OSullivanState),
}

/// O'Sullivan: where the Black and Red P4s are, and which of them are free of the
/// P4-against-P4 restriction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OSullivanState {
    /// The cell of each seat's P4, while it is on the board unpromoted. White has none.
    pub p4: BySeat<Option<Cell>>,
    /// Seats whose P4 has captured across the midline and is free of the restriction.
    pub p4_freed: BTreeSet<Seat>,
}

impl OSullivanState {
    /// The state when a position does not say: Black's P4 is a Black pawn on d2 and Red's a
    /// Red pawn on e2, where there is one (their starting cells); none is freed.
    pub fn default_for(pieces: &BTreeMap<Cell, Piece>) -> OSullivanState {
        let board = Variant::OSullivan.board();
        let black = Variant::OSullivan.seat_from_letter('b');
        let red = Variant::OSullivan.seat_from_letter('r');
        let mut p4 = BySeat::default();
        for (seat, file) in [(black, 3), (red, 4)] {
            let Some(seat) = seat else { continue };
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
        }
    }
}

impl VariantState {
    /// Returns the state a position of `variant` has when its notation does not say.
    pub fn default_for(variant: Variant, pieces: &BTreeMap<Cell, Piece>) -> VariantState {
        match variant {
            Variant::OSullivan => VariantState::OSullivan(OSullivanState::default_for(pieces)),
            Variant::Yalta | Variant::Yuri | Variant::TripleCrown => VariantState::None,
        }
    }
}

impl Setup {
    /// Returns the piece on `cell`, if any.
    pub fn piece(&self, cell: Cell) -> Option<Piece> {
        self.pieces.get(&cell).copied()
    }

    /// Returns the cell of `seat`'s royal piece (the first in cell order, should there be two).
    pub fn royal(&self, seat: Seat) -> Option<Cell> {
        let royal = Piece::new(seat, self.variant.royal());
        self.pieces
            .iter()
            .find(|&(_, &p)| p == royal)
            .map(|(&c, _)| c)
    }

    /// Returns the O'Sullivan state, if this is an O'Sullivan setup.
    pub fn osullivan(&self) -> Option<&OSullivanState> {
        match &self.state {
            VariantState::OSullivan(s) => Some(s),
            _ => None,
        }
    }
}
