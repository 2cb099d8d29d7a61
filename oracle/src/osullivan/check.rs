//! Live and dead armies, attacks and check.

use trichess_model::{Cell, Seat};

use crate::board::Setup;

use super::{Options, pieces};

/// Returns true if `seat` is still in the game: its king is on the board.
///
/// `osullivan.mate-removes-king`: "When a player is checkmated, remove his King from the
/// board but leave the rest of his pieces where they are." A seat without a king has been
/// checkmated; its remaining pieces are a dead army.
pub fn is_live(setup: &Setup, seat: Seat) -> bool {
    setup.royal(seat).is_some()
}

/// Lists the seats still in the game, in seat order.
pub fn live_seats(setup: &Setup) -> Vec<Seat> {
    crate::rules::seats_with_royal(setup)
}

/// Returns true if a piece of `seat` attacks `target`.
///
/// `osullivan.dead-inert`: the pieces of a checkmated army "may not move and do not exert a
/// check - an opponent's King may move right by them with impunity": they attack nothing.
pub fn attacked_by(setup: &Setup, options: &Options, target: Cell, seat: Seat) -> bool {
    is_live(setup, seat)
        && setup.pieces.iter().any(|(&from, &piece)| {
            piece.owner == seat && pieces::attacks(setup, options, from, piece).contains(&target)
        })
}

/// Returns true if `seat`'s king is attacked by any other live seat.
///
/// `osullivan.check`: normal chess rules apply with three players: a king is in check when
/// a piece of either live opponent attacks it.
pub fn in_check(setup: &Setup, options: &Options, seat: Seat) -> bool {
    let Some(king) = setup.royal(seat) else {
        return false;
    };
    Seat::ALL
        .into_iter()
        .filter(|&s| s != seat)
        .any(|s| attacked_by(setup, options, king, s))
}
