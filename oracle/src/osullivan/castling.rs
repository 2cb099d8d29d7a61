//! White's castling.

use trichess_model::{Cell, Move, Piece, Role};

use crate::board::Setup;

use super::options::CastlingDirection;
use super::{Options, WHITE, board, check};

/// Returns White's king's starting cell, d8.
pub fn king_home() -> Option<Cell> {
    board::cell(3, 7)
}

/// Returns White's rook's starting cell, b8: the only castling partner.
pub fn rook_home() -> Option<Cell> {
    board::cell(1, 7)
}

/// Lists the castling moves of the king on `from`.
///
/// `osullivan.castling-white-only`: "Only White may Castle".
/// `osullivan.castling-move`: "move the King one space, and place the Rook on the King's
/// starting space." The king steps towards the rook (d8-c8; also d8-e8 under
/// `osullivan.castling-direction=either-side`), and the rook lands on d8, so the rook's path
/// (c8) and the king's destination must be empty.
/// `osullivan.castling-unmoved`: "Neither may have moved beforehand": the right is the
/// position's castling field (b8), lost when the king or rook moves or the rook is taken.
/// `osullivan.castling-not-in-check`: "and the King must not be in check at the time of
/// castling". Like any king move, it may not end in check (`osullivan.check`).
pub fn castling_moves(setup: &Setup, options: &Options, from: Cell) -> Vec<Move> {
    let (Some(home), Some(partner)) = (king_home(), rook_home()) else {
        return Vec::new();
    };
    let white_king = Piece::new(WHITE, Role::King);
    let white_rook = Piece::new(WHITE, Role::Rook);
    if setup.to_move != WHITE
        || from != home
        || setup.piece(home) != Some(white_king)
        || setup.piece(partner) != Some(white_rook)
        || !setup.castling.contains(&partner)
        || check::in_check(setup, options, WHITE)
    {
        return Vec::new();
    }
    // The rook goes b8 to d8 over c8; the king goes to c8, or to e8 if either side may.
    let c8 = board::cell(2, 7);
    let mut destinations = vec![c8];
    if options.castling_direction == CastlingDirection::EitherSide {
        destinations.push(board::cell(4, 7));
    }
    let rook_path_clear = c8.is_some_and(|c| setup.piece(c).is_none());
    destinations
        .into_iter()
        .flatten()
        .filter(|&to| rook_path_clear && setup.piece(to).is_none())
        .map(|to| Move::Castle { from, to, partner })
        .collect()
}
