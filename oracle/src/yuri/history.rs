//! Board states, and White's rule against bringing one back.

use crate::board::{Pieces, Setup};

/// Returns the board state of a placement, as positions record it in their history.
///
/// `yuri.white-no-repeat`: a board state is what stands on the board: which piece of which
/// army on which square. Whose turn it is, and the rights to double-step or take en passant,
/// are not part of it.
pub fn board_state(pieces: &Pieces) -> String {
    pieces.text()
}

/// Returns true if the board `after` a move is a board state of an earlier turn.
///
/// `yuri.white-no-repeat`: "White may not cause any board state from a previous turn in the
/// same game to appear again, but the other players may."
pub fn repeats_board_state(setup: &Setup, after: &Pieces) -> bool {
    let state = board_state(after);
    setup.yuri().is_some_and(|s| s.history.contains(&state))
}
