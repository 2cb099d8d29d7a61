//! Properties of the Yalta rules as a whole: rotating the seats (A to B to C, every cell, army,
//! right and record with them) maps legal moves and played moves onto each other, along games
//! of pseudo-random moves; kings are never captured and no move leaves the mover in check.

use std::collections::BTreeMap;

use trichess_model::{Move, Role, Seat, Setup, Symmetry, Variant};

use super::{Yalta, check, legal_moves, start_setup, turn};
use crate::board;

fn rules(readings: &[(&str, &str)]) -> Yalta {
    let map: BTreeMap<String, String> = readings
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Yalta::new(&map).unwrap()
}

/// Turns a working position one seat round: what was Red's is Green's, and so on (the
/// model's renaming, [`Symmetry::Rotation`], which knows no geometry).
fn rotated(setup: &board::Setup) -> board::Setup {
    board::Setup::from_model(&Symmetry::Rotation.setup(&setup.to_model()))
}

fn rotate_move(mv: Move) -> Move {
    Symmetry::Rotation.mv(Variant::Yalta, mv)
}

/// Plays a game of pseudo-random legal moves from the start and returns every position met.
fn random_game(rules: &Yalta, seed: u64, plies: usize) -> Vec<board::Setup> {
    let mut state = seed;
    let mut setup = board::Setup::from_model(&start_setup(rules));
    let mut seen = vec![setup.clone()];
    for _ in 0..plies {
        let moves = legal_moves(rules, &setup);
        if moves.is_empty() {
            break;
        }
        let mv = crate::pick(&mut state, &moves);
        setup = turn::apply(rules, &setup, mv);
        seen.push(setup.clone());
    }
    seen
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort();
    moves
}

#[test]
fn rotating_the_seats_maps_moves_and_play_onto_each_other() {
    for readings in [
        &[][..],
        &[("yalta.knight-centre", "orthogonal-then-diagonal")],
        &[
            ("yalta.king-across-centre", "touching"),
            ("yalta.mate-final", "after-left-player"),
        ],
    ] {
        let rules = rules(readings);
        for seed in 1..=4 {
            for setup in random_game(&rules, seed, 300) {
                let turned = rotated(&setup);
                let moves = legal_moves(&rules, &setup);
                let expected: Vec<Move> = moves.iter().map(|&m| rotate_move(m)).collect();
                assert_eq!(
                    sorted(legal_moves(&rules, &turned)),
                    sorted(expected),
                    "{}",
                    setup.to_model().to_text()
                );
                if let Some(&mv) = moves.first() {
                    assert_eq!(
                        turn::apply(&rules, &turned, rotate_move(mv)),
                        rotated(&turn::apply(&rules, &setup, mv)),
                        "{} then {mv}",
                        setup.to_model().to_text()
                    );
                }
            }
        }
    }
}

#[test]
fn no_move_is_listed_twice_captures_a_king_or_leaves_the_movers_king_in_check() {
    let rules = rules(&[]);
    for seed in 7..=12 {
        for setup in random_game(&rules, seed, 150) {
            let moves = legal_moves(&rules, &setup);
            assert_eq!(
                sorted(moves.clone()).windows(2).find(|w| w[0] == w[1]),
                None
            );
            for mv in moves {
                let victim = setup.piece(mv.to());
                assert!(
                    victim.is_none_or(|p| p.role != Role::King),
                    "{} captures a king in {}",
                    mv,
                    setup.to_model().to_text()
                );
                let after = turn::make_move(&rules, &setup, mv);
                assert!(!check::in_check(&rules, &after, setup.to_move), "{mv}");
            }
        }
    }
}

#[test]
fn positions_reached_by_play_are_valid() {
    let rules = rules(&[("yalta.mate-final", "after-left-player")]);
    for seed in 13..=18 {
        for setup in random_game(&rules, seed, 150) {
            let problems = super::validate::problems(&rules, &setup);
            assert!(
                problems.is_empty(),
                "{}: {problems:?}",
                setup.to_model().to_text()
            );
        }
    }
}

#[test]
fn looking_outwards_from_a_cell_finds_exactly_the_pieces_that_attack_it() {
    for readings in [
        &[][..],
        &[("yalta.knight-centre", "orthogonal-then-diagonal")],
        &[
            ("yalta.knight-centre", "two-then-one"),
            ("yalta.king-across-centre", "touching"),
        ],
    ] {
        let rules = rules(readings);
        for seed in 21..=23 {
            for setup in random_game(&rules, seed, 200).into_iter().step_by(5) {
                for target in Variant::Yalta.board().cells() {
                    for seat in Seat::ALL {
                        let by_definition = setup.pieces.iter().any(|(&from, &piece)| {
                            check::controls(&setup, seat, piece)
                                && super::pieces::attacks(&rules, &setup, from, piece)
                                    .contains(&target)
                        });
                        assert_eq!(
                            check::attacked_by(&rules, &setup, target, seat),
                            by_definition,
                            "{target} by {seat:?} in {}",
                            setup.to_model().to_text()
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_move_takes_at_most_the_one_piece_it_was_generated_to_capture() {
    for readings in [
        &[][..],
        &[
            ("yalta.en-passant-window", "both-opponents"),
            ("yalta.takeover-promotion", "any-capture"),
            ("yalta.exposed-king", "capture"),
        ],
    ] {
        let rules = rules(readings);
        let starts: Vec<board::Setup> = [
            "Ad2:rP,Ac4:bP,Bg2:gP,Bf4:bP,Ae1:rK,Bh1:gK,Ch1:bK r",
            "Ad2:rP,Ae4:gP,Ah1:rK,Bh1:gK,Ch1:bK r",
        ]
        .iter()
        .map(|text| Setup::from_text(Variant::Yalta, text).unwrap())
        .chain([start_setup(&rules)])
        .map(|setup| board::Setup::from_model(&setup))
        .collect();
        crate::rules::check_moves_take_at_most_their_capture(
            &starts,
            |setup| legal_moves(&rules, setup),
            |setup, mv| turn::make_move(&rules, setup, mv),
            |setup, mv| turn::apply(&rules, setup, mv),
            |setup, mv| {
                let pawn = setup.piece(mv.from())?;
                let to = mv.to();
                let by_definition = pawn.role == Role::Pawn
                    && setup.piece(to).is_none()
                    && super::pawns::en_passant_cells(setup).any(|c| c == to)
                    && super::pawns::capture_cells(&rules, mv.from(), pawn.owner).contains(&to);
                by_definition
                    .then(|| super::pawns::en_passant_victim(&rules, to))
                    .flatten()
            },
        );
    }
}
