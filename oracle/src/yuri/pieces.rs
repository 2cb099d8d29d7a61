//! How the pieces move and what they threaten.

use trichess_model::{Cell, Move, Piece, Role, Seat};

use crate::board::{Pieces, Setup};

use super::{BLACK, Options, WHITE, board, pawns};
use crate::square::{self, ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL};

/// Returns true if a piece of `mover` may capture what stands on `cell`: a piece of another
/// army, other than a King.
///
/// `yuri.kings-no-capture`: "Kings cannot capture Kings." `yuri.kings-never-captured`: no
/// other piece captures a King either: by rule zero a King is checked and checkmated, never
/// taken.
pub fn capturable(pieces: &Pieces, mover: Seat, cell: Cell) -> bool {
    pieces
        .get(&cell)
        .is_some_and(|p| p.owner != mover && p.role != Role::King)
}

/// Returns true if a King of `mover` may step onto `cell` to share it with the King there.
///
/// `yuri.shared-square`: "The White King may exist on the same square as the Black King in
/// lieu of a capture that would otherwise exist". `yuri.black-wins`: Black wins "by capturing
/// the white King with his own, or forcing a capture of its own King by the white King".
/// So White's King may step onto Black's King and Black's onto White's; no King steps onto
/// Red's, and Red's onto none.
pub fn may_share(pieces: &Pieces, mover: Seat, cell: Cell) -> bool {
    let other = match mover {
        WHITE => BLACK,
        BLACK => WHITE,
        _ => return false,
    };
    pieces.get(&cell) == Some(&Piece::new(other, Role::King))
}

/// Lists the cells a Queen, Rook, Bishop or Knight on `from` reaches: each line up to and
/// including the first occupied cell, or the knight's leaps.
///
/// `yuri.orthodox-moves`: "All pieces move per orthodox chess unless otherwise stated."
fn reach(pieces: &Pieces, from: Cell, role: Role) -> Vec<Cell> {
    match role {
        Role::Queen => square::slides(pieces, from, &ALL_DIRECTIONS, board::geometry()),
        Role::Rook => square::slides(pieces, from, &ORTHOGONAL, board::geometry()),
        Role::Bishop => square::slides(pieces, from, &DIAGONAL, board::geometry()),
        Role::Knight => board::knight_table().from(from).to_vec(),
        _ => Vec::new(),
    }
}

/// Lists the cells `piece` on `from` threatens: where a King standing there would be in
/// check.
///
/// `yuri.check`: "Other rules of check and checkmate, including threats from non-Kings, must
/// be respected." `yuri.kings-adjacent`: a King threatens nothing, so "players may end their
/// turn with Kings on adjacent squares". A pawn threatens its one capture square.
pub fn threatens(pieces: &Pieces, from: Cell, piece: Piece) -> Vec<Cell> {
    match piece.role {
        Role::King => Vec::new(),
        Role::Pawn => pawns::capture_cell(from, piece.owner).into_iter().collect(),
        role => reach(pieces, from, role),
    }
}

/// Lists the moves of `piece` on `from`, ignoring check.
///
/// `yuri.no-castling`: "There is no castling. ※ This cancels the section in rule 0.": a King
/// only steps (onto the other King too, [`may_share`]).
pub fn piece_moves(setup: &Setup, options: &Options, from: Cell, piece: Piece) -> Vec<Move> {
    let pieces = &setup.pieces;
    let targets: Vec<Cell> = match piece.role {
        Role::Pawn => return pawns::pawn_moves(setup, options, from, piece.owner),
        Role::King => ALL_DIRECTIONS
            .iter()
            .filter_map(|&d| board::geometry().step(from, d))
            .filter(|&to| may_share(pieces, piece.owner, to) || enterable(pieces, piece, to))
            .collect(),
        role => reach(pieces, from, role)
            .into_iter()
            .filter(|&to| enterable(pieces, piece, to))
            .collect(),
    };
    targets
        .into_iter()
        .map(|to| Move::Plain { from, to })
        .collect()
}

/// Returns true if `piece` may move to `to` as a plain move or a capture.
fn enterable(pieces: &Pieces, piece: Piece, to: Cell) -> bool {
    !pieces.contains_key(&to) || capturable(pieces, piece.owner, to)
}
