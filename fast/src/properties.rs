//! A property every variant's moves keep, checked through the `Engine` methods on random
//! playouts (issue 12, bug 1): playing a move removes at most the one piece it was generated
//! to capture. A plain move captures what stands on its target cell; a pawn move onto an
//! empty en passant cell is an en passant capture only if it is not legal without the en
//! passant rights (else it is a step, and takes nothing), and then takes exactly one pawn.
//! Pieces of a player the move puts out of the game (a mated king, a Triple Crown army
//! removed) are not counted.

use std::collections::BTreeSet;

use trichess_model::{Cell, Engine, Game, Move, Role, Seat, Setup, Variant, VariantState};

use crate::Fast;
use crate::testing::Rng;

fn game(variant: Variant, readings: &[(&str, &str)]) -> Game {
    let mut g = Game::new(variant);
    for (id, reading) in readings {
        g.interpretations
            .insert((*id).to_string(), (*reading).to_string());
    }
    g
}

/// The en passant cells the setup records.
fn en_passant_cells(s: &Setup) -> BTreeSet<Cell> {
    let earlier = match &s.state {
        VariantState::OSullivan(st) => st.en_passant_earlier,
        VariantState::Yalta(st) => st.en_passant_earlier,
        VariantState::TripleCrown(st) => st.en_passant_earlier,
        _ => None,
    };
    s.en_passant.into_iter().chain(earlier).collect()
}

/// The setup without any en passant right.
fn without_en_passant(s: &Setup) -> Setup {
    let mut plain = s.clone();
    plain.en_passant = None;
    match &mut plain.state {
        VariantState::OSullivan(st) => st.en_passant_earlier = None,
        VariantState::Yalta(st) => st.en_passant_earlier = None,
        VariantState::TripleCrown(st) => st.en_passant_earlier = None,
        VariantState::Yuri(st) => st.en_passant_pawn = None,
        _ => {}
    }
    plain
}

/// Whether `seat` still has its royal piece after the move (Yuri's shared square holds both
/// Kings).
fn in_game(s: &Setup, seat: Seat) -> bool {
    s.royal(seat).is_some() || s.yuri().is_some_and(|st| st.shared_square.is_some())
}

/// The cells other than the move's own whose piece the move took away, from players still
/// in the game.
fn removed(before: &Setup, after: &Setup, mv: Move) -> Vec<Cell> {
    let partner = match mv {
        Move::Castle { partner, .. } => Some(partner),
        _ => None,
    };
    before
        .pieces
        .iter()
        .filter(|&(&c, &p)| {
            c != mv.from()
                && c != mv.to()
                && Some(c) != partner
                && after.piece(c) != Some(p)
                && in_game(after, p.owner)
        })
        .map(|(&c, _)| c)
        .collect()
}

/// Checks every legal move of `s`; returns how many en passant captures and how many pawn
/// steps onto an en passant cell it saw.
fn check_moves(e: &mut Fast, g: &Game, s: &Setup) -> (usize, usize) {
    let (mut captures, mut steps) = (0, 0);
    let eps = en_passant_cells(s);
    let moves = e.legal_moves(g, s).unwrap_or_else(|err| panic!("{err}"));
    let mut plain_moves: Option<Vec<Move>> = None;
    for mv in moves {
        let after = e.play(g, s, mv).unwrap_or_else(|err| panic!("{mv}: {err}"));
        let gone = removed(s, &after, mv);
        let names: Vec<String> = gone.iter().map(Cell::to_string).collect();
        let pawn = s.piece(mv.from()).is_some_and(|p| p.role == Role::Pawn);
        let onto_ep = pawn && s.piece(mv.to()).is_none() && eps.contains(&mv.to());
        let en_passant = onto_ep && {
            let plain = plain_moves.get_or_insert_with(|| {
                e.legal_moves(g, &without_en_passant(s))
                    .unwrap_or_else(|err| panic!("{err}"))
            });
            !plain.contains(&mv)
        };
        let text = s.to_text();
        if en_passant {
            captures += 1;
            assert_eq!(gone.len(), 1, "{text}: {mv} took {names:?}");
            assert!(
                gone.iter()
                    .all(|&c| s.piece(c).is_some_and(|p| p.role == Role::Pawn)),
                "{text}: {mv} took {names:?}, not a pawn"
            );
        } else {
            steps += usize::from(onto_ep);
            assert!(gone.is_empty(), "{text}: {mv} took {names:?}");
        }
    }
    (captures, steps)
}

#[test]
fn a_move_removes_at_most_the_piece_it_was_generated_to_capture() {
    let cases: Vec<(Game, Vec<&str>)> = vec![
        (
            game(
                Variant::OSullivan,
                &[("osullivan.en-passant-window", "both-opponents")],
            ),
            vec![
                "start",
                // Issue 12, bug 1: Red's d2-d3 steps onto the en passant cell and takes nothing.
                "a1:bK,h1:rK,d8:wK,d4:bP,d2:rP r en_passant=d3 p4=b:d4",
            ],
        ),
        (
            game(
                Variant::OSullivan,
                &[
                    ("osullivan.turn-order", "white-black-red"),
                    ("osullivan.exposed-king", "capture"),
                ],
            ),
            vec![
                "start",
                "a1:bK,h1:rK,d8:wK,d4:bP,d2:rP r en_passant=d3 p4=b:d4",
            ],
        ),
        (
            game(
                Variant::Yalta,
                &[("yalta.en-passant-window", "both-opponents")],
            ),
            vec!["start"],
        ),
        (
            game(
                Variant::Yalta,
                &[
                    ("yalta.turn-order", "red-blue-green"),
                    ("yalta.exposed-king", "capture"),
                ],
            ),
            vec!["start"],
        ),
        (
            game(Variant::Yuri, &[("yuri.double-step", "first-move")]),
            vec!["start"],
        ),
        (
            game(
                Variant::Yuri,
                &[
                    ("yuri.double-step", "first-move"),
                    ("yuri.pawns", "away-from-diagonal"),
                ],
            ),
            vec!["start"],
        ),
        (game(Variant::TripleCrown, &[]), vec!["start"]),
        (
            game(
                Variant::TripleCrown,
                &[
                    ("triple-crown.en-passant-window", "next-player"),
                    ("triple-crown.self-exposure", "allowed"),
                ],
            ),
            vec!["start"],
        ),
    ];
    let mut e = Fast::default();
    let mut rng = Rng(0x5eed_0fe9_1a55_0001);
    let mut seen = BTreeSet::new();
    let (mut captures, mut steps) = (0, 0);
    for (g, positions) in cases {
        for text in positions {
            for _ in 0..6 {
                let mut s = if text == "start" {
                    e.start(&g).unwrap_or_else(|err| panic!("{err}"))
                } else {
                    Setup::parse(g.variant, text).unwrap_or_else(|err| panic!("{err}"))
                };
                for _ in 0..50 {
                    let (c, st) = check_moves(&mut e, &g, &s);
                    captures += c;
                    steps += st;
                    if c > 0 {
                        seen.insert(g.variant);
                    }
                    let moves = e.legal_moves(&g, &s).unwrap_or_else(|err| panic!("{err}"));
                    if moves.is_empty() {
                        break;
                    }
                    // Pawn moves first, so that double steps and en passant come often.
                    let pawn_moves: Vec<&Move> = moves
                        .iter()
                        .filter(|m| s.piece(m.from()).is_some_and(|p| p.role == Role::Pawn))
                        .collect();
                    let mv = if !pawn_moves.is_empty() && rng.below(3) != 0 {
                        *pawn_moves[rng.below(pawn_moves.len())]
                    } else {
                        moves[rng.below(moves.len())]
                    };
                    s = e.play(&g, &s, mv).unwrap_or_else(|err| panic!("{err}"));
                }
            }
        }
    }
    // Every variant with en passant showed some, and the step was seen.
    assert_eq!(seen.len(), 4, "en passant seen in {seen:?}");
    assert!(
        captures > 0 && steps > 0,
        "{captures} captures, {steps} steps"
    );
}
