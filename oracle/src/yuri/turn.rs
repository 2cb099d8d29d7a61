//! Playing a move: the board after it, the state it updates, and passing the turn.

use trichess_model::{Cell, Move, Piece, Role, VariantState};

use crate::board::{Pieces, Setup};

use super::{history, pawns, pieces};

/// Returns the cell of the pawn that `mv` takes en passant, if it is an en passant capture
/// ([`pawns::en_passant_capture`]).
fn taken_en_passant(setup: &Setup, mv: Move) -> Option<Cell> {
    let piece = setup.piece(mv.from())?;
    if piece.role != Role::Pawn {
        return None;
    }
    pawns::en_passant_capture(setup, mv.from(), piece.owner, mv.to())
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
    if let Some(victim) = taken_en_passant(setup, mv) {
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
    let victim = taken_en_passant(setup, mv);
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use trichess_model::Variant;

    use super::*;
    use crate::yuri::{Options, legal_moves, start_setup};

    #[test]
    fn a_move_takes_at_most_the_one_piece_it_was_generated_to_capture() {
        let map: BTreeMap<String, String> =
            [("yuri.double-step".into(), "first-move".into())].into();
        let options = Options::read(&map).unwrap();
        let starts: Vec<Setup> = ["b3:bP,c4:wP,g7:wK,a1:bK,g1:rK b"]
            .iter()
            .map(|text| trichess_model::Setup::from_text(Variant::Yuri, text).unwrap())
            .chain([start_setup()])
            .map(|setup| Setup::from_model(&setup))
            .collect();
        crate::rules::check_moves_take_at_most_their_capture(
            &starts,
            |setup| legal_moves(setup, &options),
            |setup, mv| Setup {
                pieces: board_after(setup, mv),
                ..setup.clone()
            },
            apply,
            |setup, mv| {
                let pawn = setup.piece(mv.from())?;
                let to = mv.to();
                let by_definition = pawn.role == Role::Pawn
                    && setup.piece(to).is_none()
                    && setup.en_passant == Some(to)
                    && pawns::capture_cell(mv.from(), pawn.owner) == Some(to);
                by_definition
                    .then(|| setup.yuri()?.en_passant_pawn)
                    .flatten()
            },
        );
    }
}
