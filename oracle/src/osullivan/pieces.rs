//! How the pieces other than pawns move, and what every piece attacks.

use trichess_model::{Cell, Move, Piece, Role};

use crate::board::Setup;

use super::board::{self, ALL_DIRECTIONS, DIAGONAL, Direction, ORTHOGONAL};
use super::{Options, can_capture, castling, pawns};
use crate::square;

/// Lists the cells a line piece on `from` reaches along `directions`: each ray up to and
/// including the first occupied cell. Pieces of a checkmated army stay on the board and
/// block like any other (`osullivan.dead-capturable`: "you may not move through them").
fn slides(setup: &Setup, from: Cell, directions: &[Direction]) -> Vec<Cell> {
    square::slides(&setup.pieces, from, directions, board::geometry())
}

/// Lists the cells `piece` on `from` attacks: where it could capture, whatever stands there.
///
/// `osullivan.piece-moves`: "Normal chess rules apply except where noted": FIDE 3.2-3.6 and
/// 3.8.a, on this board's cells and with its barrier; pawns attack as
/// [`pawns::capture_cells`] says.
pub fn attacks(setup: &Setup, options: &Options, from: Cell, piece: Piece) -> Vec<Cell> {
    match piece.role {
        Role::King => ALL_DIRECTIONS
            .iter()
            .filter_map(|&d| board::geometry().step(from, d))
            .collect(),
        Role::Queen => slides(setup, from, &ALL_DIRECTIONS),
        Role::Rook => slides(setup, from, &ORTHOGONAL),
        Role::Bishop => slides(setup, from, &DIAGONAL),
        Role::Knight => board::knight_table(options.knight_barrier)
            .from(from)
            .to_vec(),
        Role::Pawn => pawns::capture_cells(from, piece.owner),
        _ => Vec::new(),
    }
}

/// Lists the moves of `piece` on `from`, ignoring check.
pub fn piece_moves(setup: &Setup, options: &Options, from: Cell, piece: Piece) -> Vec<Move> {
    if piece.role == Role::Pawn {
        return pawns::pawn_moves(setup, options, from, piece.owner);
    }
    let mut moves: Vec<Move> = attacks(setup, options, from, piece)
        .into_iter()
        .filter(|&to| setup.piece(to).is_none() || can_capture(setup, options, piece.owner, to))
        .map(|to| Move::Plain { from, to })
        .collect();
    if piece.role == Role::King {
        moves.extend(castling::castling_moves(setup, options, from));
    }
    moves
}
