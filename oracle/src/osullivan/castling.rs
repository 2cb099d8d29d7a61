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

/// Why White's king may not castle: the condition of castling that fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bar {
    /// The side to move is not White.
    NotWhite,
    /// White's king is not on d8.
    KingNotHome,
    /// The partner is not White's rook on b8.
    NotTheRook,
    /// The castling right is gone: the king or the rook has moved.
    NoRight,
    /// The king goes to a cell castling does not take it to (under this reading).
    Direction,
    /// A cell the rook crosses or the king goes to is occupied.
    Occupied(Cell),
    /// The king is in check.
    InCheck,
}

/// Returns the cells White's king may castle to: c8, towards the rook, and e8 too under
/// `osullivan.castling-direction=either-side`.
fn destinations(options: &Options) -> [Option<Cell>; 2] {
    let either = options.castling_direction == CastlingDirection::EitherSide;
    [board::cell(2, 7), board::cell(4, 7).filter(|_| either)]
}

/// Castles the king on `from` to `to` with the rook on `partner`, or says which condition
/// fails.
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
pub fn castling(
    setup: &Setup,
    options: &Options,
    from: Cell,
    partner: Cell,
    to: Cell,
) -> Result<Move, Bar> {
    if setup.to_move != WHITE {
        return Err(Bar::NotWhite);
    }
    if Some(from) != king_home() || setup.piece(from) != Some(Piece::new(WHITE, Role::King)) {
        return Err(Bar::KingNotHome);
    }
    if Some(partner) != rook_home() || setup.piece(partner) != Some(Piece::new(WHITE, Role::Rook)) {
        return Err(Bar::NotTheRook);
    }
    if !setup.castling.contains(&partner) {
        return Err(Bar::NoRight);
    }
    if !destinations(options).contains(&Some(to)) {
        return Err(Bar::Direction);
    }
    // The rook goes b8 to d8 over c8; the king goes to c8, or to e8.
    let rook_path = board::cell(2, 7).into_iter().chain([to]);
    if let Some(occupied) = rook_path.into_iter().find(|&c| setup.piece(c).is_some()) {
        return Err(Bar::Occupied(occupied));
    }
    if check::in_check(setup, options, WHITE) {
        return Err(Bar::InCheck);
    }
    Ok(Move::Castle { from, to, partner })
}

/// Lists the castling moves of the king on `from`: to each destination [`castling`] allows.
pub fn castling_moves(setup: &Setup, options: &Options, from: Cell) -> Vec<Move> {
    let Some(partner) = rook_home() else {
        return Vec::new();
    };
    destinations(options)
        .into_iter()
        .flatten()
        .filter_map(|to| castling(setup, options, from, partner, to).ok())
        .collect()
}
