//! Live and dead armies, attacks and check.

use trichess_model::{Cell, Role, Seat};

use crate::board::Setup;

use super::board::{self, ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL};
use super::{Options, pawns};

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

/// Returns true if a piece of `seat` attacks `target`: if [`super::pieces::attacks`] of any
/// of its pieces lists `target`.
///
/// `osullivan.dead-inert`: the pieces of a checkmated army "may not move and do not exert a
/// check - an opponent's King may move right by them with impunity": they attack nothing.
///
/// Rather than list every attack of every piece, this looks outwards from `target` for the
/// pieces that could reach it: along each line to the first piece, the cells a knight or king
/// would come from (every step and leap here goes both ways), and the diagonal neighbours a
/// pawn could capture from. The tests check it against the definition.
pub fn attacked_by(setup: &Setup, options: &Options, target: Cell, seat: Seat) -> bool {
    if !is_live(setup, seat) {
        return false;
    }
    let ours = |cell: Cell, roles: &[Role]| {
        setup
            .piece(cell)
            .is_some_and(|p| p.owner == seat && roles.contains(&p.role))
    };
    let geometry = board::geometry();
    let line_pieces = [
        (&ORTHOGONAL, [Role::Rook, Role::Queen]),
        (&DIAGONAL, [Role::Bishop, Role::Queen]),
    ];
    for (dirs, roles) in line_pieces {
        for &d in dirs {
            let line = geometry.ray(target, d);
            let first = line.iter().copied().find(|&c| setup.piece(c).is_some());
            if first.is_some_and(|c| ours(c, &roles)) {
                return true;
            }
        }
    }
    ALL_DIRECTIONS
        .iter()
        .filter_map(|&d| geometry.step(target, d))
        .any(|c| ours(c, &[Role::King]))
        || board::knight_table(options.knight_barrier)
            .from(target)
            .iter()
            .any(|&c| ours(c, &[Role::Knight]))
        || DIAGONAL
            .iter()
            .filter_map(|&d| geometry.step(target, d))
            .any(|c| ours(c, &[Role::Pawn]) && pawns::capture_cells(c, seat).contains(&target))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::osullivan::{legal_moves, pieces, start_setup, turn};

    #[test]
    fn looking_outwards_from_a_cell_finds_exactly_the_pieces_that_attack_it() {
        for reading in ["jumps", "straight-line"] {
            let map = [("osullivan.knight-barrier".to_string(), reading.to_string())];
            let options = Options::read(&map.into_iter().collect()).unwrap();
            for seed in 1..=3u64 {
                let mut setup = Setup::from_model(&start_setup());
                let mut state = seed;
                for _ in 0..120 {
                    for target in trichess_model::Variant::OSullivan.board().cells() {
                        for seat in Seat::ALL {
                            let by_definition = is_live(&setup, seat)
                                && setup.pieces.iter().any(|(&from, &piece)| {
                                    piece.owner == seat
                                        && pieces::attacks(&setup, &options, from, piece)
                                            .contains(&target)
                                });
                            assert_eq!(
                                attacked_by(&setup, &options, target, seat),
                                by_definition,
                                "{target} by {seat:?} in {}",
                                setup.to_model().to_text()
                            );
                        }
                    }
                    let moves = legal_moves(&setup, &options);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = crate::pick(&mut state, &moves);
                    setup = turn::apply(&setup, &options, mv);
                }
            }
        }
    }
}
