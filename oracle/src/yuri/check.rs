//! Check: which pieces threaten a King.

use trichess_model::{Cell, Piece, Role, Seat};

use crate::board::Pieces;

use super::pieces;

/// Returns the cell of `seat`'s King in a placement, if it is there.
pub fn king(pieces: &Pieces, seat: Seat) -> Option<Cell> {
    let king = Piece::new(seat, Role::King);
    pieces.iter().find(|&(_, &p)| p == king).map(|(&c, _)| c)
}

/// Returns true if a piece of `seat` other than its King threatens `target`.
pub fn attacked_by(pieces: &Pieces, target: Cell, seat: Seat) -> bool {
    pieces.iter().any(|(&from, &piece)| {
        piece.owner == seat && pieces::threatens(pieces, from, piece).contains(&target)
    })
}

/// Returns true if `seat`'s King is in check: threatened by a piece of either other army.
///
/// `yuri.check`: "Other rules of check and checkmate, including threats from non-Kings,
/// must be respected." Kings threaten nothing (`yuri.kings-adjacent`).
pub fn in_check(pieces: &Pieces, seat: Seat) -> bool {
    let Some(king) = king(pieces, seat) else {
        return false;
    };
    Seat::ALL
        .into_iter()
        .filter(|&s| s != seat)
        .any(|s| attacked_by(pieces, king, s))
}
