//! Playing a move: the board after it, the state it updates, and passing the turn.

use trichess_model::{Cell, Move, Piece, Role, VariantState};

use crate::board::{Pieces, Setup};

use super::{history, pawns, pieces};

/// Returns the cell of the pawn that `mv` takes en passant, if it is an en passant capture:
/// a pawn's capture onto the empty square a double step has just passed over.
fn en_passant_victim(setup: &Setup, mv: Move) -> Option<Cell> {
    let piece = setup.piece(mv.from())?;
    let is_capture_onto_passed = piece.role == Role::Pawn
        && setup.en_passant == Some(mv.to())
        && setup.piece(mv.to()).is_none()
        && pawns::capture_cell(mv.from(), piece.owner) == Some(mv.to());
    if is_capture_onto_passed {
        setup.yuri()?.en_passant_pawn
    } else {
        None
    }
}

/// Returns true if `mv` is a King's step onto the other King's square
/// (`yuri.shared-square`).
pub fn is_meeting(setup: &Setup, mv: Move) -> bool {
    setup
        .piece(mv.from())
        .is_some_and(|p| p.role == Role::King && pieces::may_share(&setup.pieces, p.owner, mv.to()))
}

/// Returns the pieces after `mv` by the side to move. A King that steps onto the other
/// King's square is the one listed there; the other King stands on the same square (the
/// position's `shared_square`).
pub fn board_after(setup: &Setup, mv: Move) -> Pieces {
    let mut pieces = setup.pieces.clone();
    let Some(piece) = pieces.remove(&mv.from()) else {
        return pieces;
    };
    if let Some(victim) = en_passant_victim(setup, mv) {
        pieces.remove(&victim);
    }
    let placed = match mv {
        Move::Promotion { role, .. } => Piece::new(piece.owner, role),
        _ => piece,
    };
    pieces.insert(mv.to(), placed);
    pieces
}

/// Plays `mv` and passes the turn.
///
/// `yuri.turn-order`: "The turn order is W → R → B." Nobody leaves the game: it ends at the
/// first checkmate, stalemate or meeting of the Kings. The board state before the move joins
/// the history (`yuri.white-no-repeat`); a double step opens en passant for the next player
/// only, and any other move closes it (`yuri.double-step=first-move`).
pub fn apply(setup: &Setup, mv: Move) -> Setup {
    let (from, to) = (mv.from(), mv.to());
    let mut next = setup.clone();
    next.pieces = board_after(setup, mv);
    next.to_move = setup.to_move.next();
    let is_pawn = setup.piece(from).is_some_and(|p| p.role == Role::Pawn);
    let passed = pawns::passed_cell(from, to).filter(|_| is_pawn);
    next.en_passant = passed;
    let victim = en_passant_victim(setup, mv);
    let meeting = is_meeting(setup, mv);
    if let VariantState::Yuri(state) = &mut next.state {
        state
            .unmoved
            .retain(|&c| c != from && c != to && Some(c) != victim);
        state.en_passant_pawn = passed.map(|_| to);
        if meeting {
            state.shared_square = Some(to);
        }
        state.history.push(history::board_state(&setup.pieces));
    }
    next
}
