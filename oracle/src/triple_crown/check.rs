//! Who is still in the game, what attacks what, and which Emperors are en prise.

use trichess_model::{Cell, Seat};

use crate::board::Setup;

use super::{TripleCrown, pieces};

/// Lists the seats still in the game, in seat order: those whose Emperor is on the board.
///
/// `triple-crown.checkmate-en-prise`: a checkmated player's "pieces [are] removed from the
/// board", so a seat without an Emperor has no pieces at all and is out.
pub fn live_seats(setup: &Setup) -> Vec<Seat> {
    crate::rules::seats_with_royal(setup)
}

/// Returns true if a piece of `seat` attacks `target`.
pub fn attacked_by(tc: &TripleCrown, setup: &Setup, target: Cell, seat: Seat) -> bool {
    setup.pieces.iter().any(|(&from, &piece)| {
        piece.owner == seat && pieces::attacks(tc, setup, from, piece).contains(&target)
    })
}

/// Returns true if a piece of either enemy of `seat` attacks `target` (a cell is "in Check
/// from either enemy").
pub fn attacked_by_enemy(tc: &TripleCrown, setup: &Setup, target: Cell, seat: Seat) -> bool {
    Seat::ALL
        .into_iter()
        .filter(|&s| s != seat)
        .any(|s| attacked_by(tc, setup, target, s))
}

/// Returns true if `seat`'s Emperor is attacked by either enemy: in check.
pub fn in_check(tc: &TripleCrown, setup: &Setup, seat: Seat) -> bool {
    setup
        .royal(seat)
        .is_some_and(|e| attacked_by_enemy(tc, setup, e, seat))
}

/// Lists the players whose Emperor is en prise to `mover`, in seat order.
///
/// `triple-crown.checkmate-en-prise`: "A player whose Emperor is En Prise to the player about
/// to move is Checkmated": a piece of `mover` could capture it.
pub fn en_prise_to(tc: &TripleCrown, setup: &Setup, mover: Seat) -> Vec<Seat> {
    live_seats(setup)
        .into_iter()
        .filter(|&s| s != mover)
        .filter(|&s| {
            setup
                .royal(s)
                .is_some_and(|e| attacked_by(tc, setup, e, mover))
        })
        .collect()
}
