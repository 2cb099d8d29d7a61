//! Who is still in the game, what attacks what, and which Emperors are en prise.

use trichess_model::{Cell, Role, Seat};

use crate::board::Setup;

use super::pieces::{self, Motion};
use super::{TripleCrown, pawns};
use crate::hex::{DIAGONAL, ORTHOGONAL};

/// Lists the seats still in the game, in seat order: those whose Emperor is on the board.
///
/// `triple-crown.checkmate-en-prise`: a checkmated player's "pieces [are] removed from the
/// board", so a seat without an Emperor has no pieces at all and is out.
pub fn live_seats(setup: &Setup) -> Vec<Seat> {
    crate::rules::seats_with_royal(setup)
}

/// Returns true if a piece of `seat` attacks `target`: if [`pieces::attacks`] of any of its
/// pieces lists `target`.
///
/// Rather than list every attack of every piece, this looks outwards from `target`, motion
/// by motion, for the pieces that could reach it: along each line to the first piece (lines
/// run both ways, a fork included), the one-step and straight-across neighbours and the
/// cells a Knight would leap from, and the diagonal neighbours a Pawn could capture from. The
/// tests check it against the definition.
pub fn attacked_by(tc: &TripleCrown, setup: &Setup, target: Cell, seat: Seat) -> bool {
    let ours = |cell: Cell, motion: Motion| {
        setup
            .piece(cell)
            .is_some_and(|p| p.owner == seat && pieces::motions(p.role).contains(&motion))
    };
    let lines = [
        (&ORTHOGONAL, Motion::RookLines),
        (&DIAGONAL, Motion::BishopLines),
    ];
    for (dirs, motion) in lines {
        for &d in dirs {
            for line in tc.geo.rays(target, d) {
                let first = line.iter().copied().find(|&c| setup.piece(c).is_some());
                if first.is_some_and(|c| ours(c, motion)) {
                    return true;
                }
            }
        }
    }
    let steps = [
        (tc.geo.neighbours(target, &ORTHOGONAL), Motion::Wazir),
        (tc.geo.neighbours(target, &DIAGONAL), Motion::Ferz),
        (pieces::knight_leaps_into(tc, target), Motion::Leap),
    ];
    steps
        .iter()
        .any(|&(cells, motion)| cells.iter().any(|&c| ours(c, motion)))
        || tc
            .geo
            .across(target)
            .is_some_and(|c| ours(c, Motion::Across))
        || tc.geo.neighbours(target, &DIAGONAL).iter().any(|&c| {
            setup.piece(c).is_some_and(|p| {
                p.owner == seat
                    && p.role == Role::Pawn
                    && pawns::capture_cells(tc, c, seat).contains(&target)
            })
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::triple_crown::{array, legal_moves, turn};

    #[test]
    fn looking_outwards_from_a_cell_finds_exactly_the_pieces_that_attack_it() {
        for reading in ["symmetric", "orthogonal-then-diagonal", "two-then-one"] {
            let map: BTreeMap<String, String> =
                [("triple-crown.knight".to_string(), reading.to_string())].into();
            let tc = TripleCrown::new(&map).unwrap();
            for seed in 1..=2u64 {
                let mut setup = Setup::from_model(&array::start_setup(&tc));
                let mut state = seed;
                for ply in 0..150 {
                    if ply % 5 == 0 {
                        for target in trichess_model::Variant::TripleCrown.board().cells() {
                            for seat in Seat::ALL {
                                let by_definition = setup.pieces.iter().any(|(&from, &piece)| {
                                    piece.owner == seat
                                        && pieces::attacks(&tc, &setup, from, piece)
                                            .contains(&target)
                                });
                                assert_eq!(
                                    attacked_by(&tc, &setup, target, seat),
                                    by_definition,
                                    "{target} by {seat:?} in {}",
                                    setup.to_model().to_text()
                                );
                            }
                        }
                    }
                    let moves = legal_moves(&tc, &setup);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = crate::pick(&mut state, &moves);
                    setup = turn::apply(&tc, &setup, mv);
                }
            }
        }
    }
}
