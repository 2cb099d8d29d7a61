//! Setups: positions that are not necessarily legal, and the per-variant state they carry.
//!
//! Each variant whose rules need more than pieces, turn, castling and en passant has a state
//! type in a module of its own here, with the fields it is written with (see
//! [`crate::notation`]); [`VariantState`] dispatches to them.

mod osullivan;
mod triple_crown;
mod yalta;
mod yuri;

use std::collections::{BTreeMap, BTreeSet};

use crate::notation::{Field, FieldKind};
use crate::{Cell, Piece, Seat, Variant};

pub use osullivan::OSullivanState;
pub use triple_crown::TripleCrownState;
pub use yalta::YaltaState;
pub use yuri::YuriState;

/// A position as written down: pieces, side to move and the state the rules need, not yet
/// checked against any variant's rules (engines validate it into their own position type).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The variant of the position.
    pub variant: Variant,
    /// The seat whose turn it is.
    pub to_move: Seat,
    /// The pieces, by the cell they stand on.
    pub pieces: BTreeMap<Cell, Piece>,
    /// Cells of the partner pieces (rooks) that may still castle with their king; a right
    /// implies that neither the king nor that partner has moved.
    pub castling: BTreeSet<Cell>,
    /// The cell a pawn passed over in a double step, while that double step may still be
    /// taken en passant (recorded whether or not a pawn stands where it could take).
    pub en_passant: Option<Cell>,
    /// What else the variant's rules need to know.
    pub state: VariantState,
}

/// Per-variant position state beyond pieces, turn, castling and en passant.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum VariantState {
    /// O'Sullivan's state: where the P4s stand, and which are freed.
    OSullivan(OSullivanState),
    /// Yalta's state: controlled armies, first checks, pending mates, an earlier en passant.
    Yalta(YaltaState),
    /// Yuri's state: unmoved pawns, the pawn that double-stepped, the shared square, the board
    /// history.
    Yuri(YuriState),
    /// Triple Crown's state: an earlier en passant, an instant win.
    TripleCrown(TripleCrownState),
}

impl VariantState {
    /// Returns the state a position of `variant` has when its notation does not say.
    pub fn default_for(variant: Variant, pieces: &BTreeMap<Cell, Piece>) -> VariantState {
        VariantState::from_fields(variant, &BTreeMap::new(), pieces)
    }

    /// Returns the Yalta state, if this is Yalta's.
    pub fn yalta(&self) -> Option<&YaltaState> {
        match self {
            VariantState::Yalta(s) => Some(s),
            _ => None,
        }
    }

    /// Returns the O'Sullivan state, if this is O'Sullivan's.
    pub fn osullivan(&self) -> Option<&OSullivanState> {
        match self {
            VariantState::OSullivan(s) => Some(s),
            _ => None,
        }
    }

    /// Returns the Yuri state, if this is Yuri's.
    pub fn yuri(&self) -> Option<&YuriState> {
        match self {
            VariantState::Yuri(s) => Some(s),
            _ => None,
        }
    }

    /// Returns the Triple Crown state, if this is Triple Crown's.
    pub fn triple_crown(&self) -> Option<&TripleCrownState> {
        match self {
            VariantState::TripleCrown(s) => Some(s),
            _ => None,
        }
    }

    /// Lists the extra fields positions of `variant` are written with, in print order.
    pub(crate) fn fields(variant: Variant) -> &'static [(&'static str, FieldKind)] {
        match variant {
            Variant::OSullivan => OSullivanState::FIELDS,
            Variant::Yalta => YaltaState::FIELDS,
            Variant::Yuri => YuriState::FIELDS,
            Variant::TripleCrown => TripleCrownState::FIELDS,
        }
    }

    /// Builds the state of `variant` from the fields given (checked against
    /// [`VariantState::fields`]); fields left out take their defaults.
    pub(crate) fn from_fields(
        variant: Variant,
        fields: &BTreeMap<&str, Field>,
        pieces: &BTreeMap<Cell, Piece>,
    ) -> VariantState {
        match variant {
            Variant::OSullivan => {
                VariantState::OSullivan(OSullivanState::from_fields(fields, pieces))
            }
            Variant::Yalta => VariantState::Yalta(YaltaState::from_fields(fields)),
            Variant::Yuri => VariantState::Yuri(YuriState::from_fields(fields, pieces)),
            Variant::TripleCrown => {
                VariantState::TripleCrown(TripleCrownState::from_fields(fields))
            }
        }
    }

    /// Writes the state's fields, in print order.
    pub(crate) fn to_fields(&self) -> Vec<(&'static str, Field)> {
        match self {
            VariantState::OSullivan(s) => s.to_fields(),
            VariantState::Yalta(s) => s.to_fields(),
            VariantState::Yuri(s) => s.to_fields(),
            VariantState::TripleCrown(s) => s.to_fields(),
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

    /// Returns the Yalta state, if this is a Yalta setup.
    pub fn yalta(&self) -> Option<&YaltaState> {
        self.state.yalta()
    }

    /// Returns the O'Sullivan state, if this is an O'Sullivan setup.
    pub fn osullivan(&self) -> Option<&OSullivanState> {
        self.state.osullivan()
    }

    /// Returns the Yuri state, if this is a Yuri setup.
    pub fn yuri(&self) -> Option<&YuriState> {
        self.state.yuri()
    }

    /// Returns the Triple Crown state, if this is a Triple Crown setup.
    pub fn triple_crown(&self) -> Option<&TripleCrownState> {
        self.state.triple_crown()
    }
}
