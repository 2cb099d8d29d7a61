//! Who controls which army, attacks and check.

use trichess_model::{Cell, Piece, Role, Seat};

use crate::board::Setup;

use super::{Yalta, pawns, pieces};
use crate::hex::{DIAGONAL, ORTHOGONAL};

/// Returns true if `seat` is still in the game: its king is on the board.
///
/// `yalta.mate-removes-king`: "When a player is checkmated, their King is removed from the
/// board."
pub fn is_live(setup: &Setup, seat: Seat) -> bool {
    setup.royal(seat).is_some()
}

/// Lists the seats still in the game, in seat order.
pub fn live_seats(setup: &Setup) -> Vec<Seat> {
    crate::rules::seats_with_royal(setup)
}

/// Returns the seat that controls `army`: the army's own seat while its king is on the
/// board, else the seat that took it over.
///
/// `yalta.army-takeover`: "The player who delivered the checkmate **takes control of all the
/// checkmated player's remaining pieces**".
pub fn controller(setup: &Setup, army: Seat) -> Option<Seat> {
    if is_live(setup, army) {
        return Some(army);
    }
    setup
        .yalta()
        .and_then(|state| state.control.get(&army).copied())
}

/// Returns true if `seat` controls `piece`.
pub fn controls(setup: &Setup, seat: Seat, piece: Piece) -> bool {
    controller(setup, piece.owner) == Some(seat)
}

/// Returns true if a piece `seat` controls attacks `target`: if [`pieces::attacks`] of any
/// of its pieces lists `target`.
///
/// Rather than list every attack of every piece, this looks outwards from `target` for the
/// pieces that could reach it: along each line to the first piece (lines run both ways, a
/// fork included), the cells a knight or king would step from, and the diagonal neighbours
/// a pawn could capture from. The tests check it against the definition.
pub fn attacked_by(rules: &Yalta, setup: &Setup, target: Cell, seat: Seat) -> bool {
    let ours = |cell: Cell, roles: &[Role]| {
        setup
            .piece(cell)
            .is_some_and(|p| roles.contains(&p.role) && controls(setup, seat, p))
    };
    let line_pieces = [
        (&ORTHOGONAL, [Role::Rook, Role::Queen]),
        (&DIAGONAL, [Role::Bishop, Role::Queen]),
    ];
    for (dirs, roles) in line_pieces {
        for &d in dirs {
            for line in rules.geo.rays(target, d) {
                let first = line.iter().copied().find(|&c| setup.piece(c).is_some());
                if first.is_some_and(|c| ours(c, &roles)) {
                    return true;
                }
            }
        }
    }
    pieces::king_steps(rules, target)
        .into_iter()
        .any(|c| ours(c, &[Role::King]))
        || pieces::knight_leaps_into(rules, target)
            .iter()
            .any(|&c| ours(c, &[Role::Knight]))
        || rules.geo.neighbours(target, &DIAGONAL).iter().any(|&c| {
            setup.piece(c).is_some_and(|p| {
                p.role == Role::Pawn
                    && controls(setup, seat, p)
                    && pawns::capture_cells(rules, c, p.owner).contains(&target)
            })
        })
}

/// Lists the opponents whose pieces attack `seat`'s king, in seat order.
///
/// `yalta.check-response`: a king is in check when a piece of any opponent attacks it.
pub fn checkers(rules: &Yalta, setup: &Setup, seat: Seat) -> Vec<Seat> {
    let Some(king) = setup.royal(seat) else {
        return Vec::new();
    };
    Seat::ALL
        .into_iter()
        .filter(|&s| s != seat && attacked_by(rules, setup, king, s))
        .collect()
}

/// Returns true if `seat`'s king is attacked by a piece of any opponent.
pub fn in_check(rules: &Yalta, setup: &Setup, seat: Seat) -> bool {
    !checkers(rules, setup, seat).is_empty()
}

/// Returns the opponent who delivers the mate if `seat` is checkmated now: the only checker,
/// or, when two opponents check at once, the one whose check came first.
///
/// `yalta.multiple-check`: "If a player in check is simultaneously checked by two opponents,
/// the check delivered first takes priority for determining which player delivers the
/// mate." The position records the first check (field `first_check`).
pub fn first_checker(rules: &Yalta, setup: &Setup, seat: Seat) -> Option<Seat> {
    let checkers = checkers(rules, setup, seat);
    let recorded = setup
        .yalta()
        .and_then(|state| state.first_check.get(&seat).copied())
        .filter(|s| checkers.contains(s));
    recorded.or_else(|| checkers.first().copied())
}
