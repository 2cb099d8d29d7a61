//! Property tests on generated positions (the fuzz targets' generator, driven by proptest's
//! bytes), against both engines:
//!
//! - **Rotation** (Yalta, Triple Crown): turning a position by one seat (`Aa1` to `Ba1`, every
//!   army to the next seat, the side to move too) turns its legal moves. Every reading
//!   qualifies: both turn orders are cycles of the seats, and no other reading names a seat.
//! - **Mirror** (O'Sullivan, Yalta, Triple Crown): the reflection that keeps seat A and swaps
//!   B and C turns the legal moves, with the other turn order (A B C read backwards is A C B).
//!   Positions qualify without castling rights: each army's array is not symmetric (the King
//!   and Queen, and the King's starting cell castling needs, go to each other's files).
//!   Readings qualify except `yalta.mate-final=after-left-player`, which asks who sits to a
//!   player's left, and the mirror swaps left and right. Yuri's board has no mirror that keeps
//!   its rules: its one reflection swaps White and Black, whose rules differ.
//! - **Royal safety**: no move either engine lists leaves the mover's royal piece attacked
//!   where the variant forbids it, judged by the *other* engine: on O'Sullivan and Yalta by its
//!   legal moves under `exposed-king=capture` (an opponent to move may capture an attacked King
//!   exactly when it is attacked), on Triple Crown by its outcome (an Emperor en prise to the
//!   player to move is out), where exposure is allowed only when every move exposes
//!   (`self-exposure=not-unless-forced`). Yuri has no reading through which another engine
//!   shows an attack, so it is left to the fixtures and the differential run.
//! - **Perft**: perft(oracle) = perft(fast) at depth 2, on every variant and reading.

use std::cell::RefCell;
use std::collections::BTreeSet;

use proptest::prelude::*;
use trichess_diff::property::{Case, Harness, Target};
use trichess_model::{Engine, EngineError, Game, Move, Outcome, Setup, Symmetry, Variant};

mod common;

thread_local! {
    static HARNESS: RefCell<Harness> = RefCell::new(common::harness());
}

/// The engines checked, each on its own.
fn engines() -> [Box<dyn Engine>; 2] {
    [
        Box::new(trichess_oracle::Oracle),
        Box::new(trichess_fast::Fast::default()),
    ]
}

/// A generated position of the variant with index `variant` in `Variant::ALL`, decoded from
/// `bytes` as the fuzz targets decode theirs, if both engines accept it. (The walk plays the
/// fast engine's moves, and a position it reaches that the oracle refuses is a disagreement
/// the fuzz targets report, not one of these properties: `fuzz/regressions/` keeps those.)
fn generated(variant: u8, bytes: &[u8]) -> Result<(Game, Setup), TestCaseError> {
    let input: Vec<u8> = std::iter::once(variant)
        .chain(bytes.iter().copied())
        .collect();
    let Case::Position { game, setup, .. } =
        HARNESS.with(|h| h.borrow_mut().decode(Target::EnginesSameMoves, &input))
    else {
        unreachable!("an engine target decodes positions")
    };
    if engines().iter_mut().all(|e| e.check(&game, &setup).is_ok()) {
        Ok((game, setup))
    } else {
        Err(TestCaseError::reject(
            "a position the engines do not both accept",
        ))
    }
}

fn moves(e: &mut dyn Engine, game: &Game, setup: &Setup) -> Result<BTreeSet<Move>, EngineError> {
    e.legal_moves(game, setup).map(|m| m.into_iter().collect())
}

fn turn(symmetry: Symmetry, variant: Variant, moves: &BTreeSet<Move>) -> BTreeSet<Move> {
    moves.iter().map(|&m| symmetry.mv(variant, m)).collect()
}

/// The readings of `id` in `game`'s variant, the default first.
fn readings(variant: Variant, id: &str) -> Vec<&'static str> {
    trichess_suite::open_points(variant)
        .expect("the register reads")
        .iter()
        .find(|p| p.id == id)
        .map(|p| p.readings.iter().map(String::as_str).collect())
        .unwrap_or_default()
}

/// The game with the other turn order (the variant's two readings swapped).
fn other_turn_order(game: &Game) -> Game {
    let id = format!("{}.turn-order", game.variant.id());
    let orders = readings(game.variant, &id);
    let now = game
        .interpretations
        .get(&id)
        .map_or(orders[0], |r| r.as_str());
    let mut other = game.clone();
    let swapped = orders.iter().find(|&&r| r != now).expect("two turn orders");
    other.interpretations.insert(id, swapped.to_string());
    other
}

/// The seats whose royal piece is on the board.
fn royal_seats(setup: &Setup) -> Vec<trichess_model::Seat> {
    trichess_model::Seat::ALL
        .into_iter()
        .filter(|&s| setup.royal(s).is_some())
        .collect()
}

/// Says, by `judge`, whether `seat`'s royal piece in `after` is attacked by `by` (the other
/// seat, put to move). `None` if the judge cannot tell (it refuses the position so changed).
fn attacked(
    judge: &mut dyn Engine,
    game: &Game,
    after: &Setup,
    seat: trichess_model::Seat,
    by: trichess_model::Seat,
) -> Option<bool> {
    let royal = after.royal(seat)?;
    let mut q = after.clone();
    q.to_move = by;
    q.en_passant = None;
    if game.variant == Variant::TripleCrown {
        let o = judge.outcome(game, &q).ok()?;
        return Some(matches!(o, Outcome::Eliminated { seat: s, .. } if s == seat));
    }
    let mut capture = game.clone();
    let id = format!("{}.exposed-king", game.variant.id());
    capture.interpretations.insert(id, "capture".into());
    let listed = judge.legal_moves(&capture, &q).ok()?;
    Some(listed.iter().any(|m| m.to() == royal))
}

/// The variants (their indices in `Variant::ALL`) whose attacks another engine can show:
/// O'Sullivan and Triple Crown, and Yalta once both engines play `yalta.exposed-king=capture`
/// (issue 12).
fn judged() -> Vec<u8> {
    let mut capture = Game::new(Variant::Yalta);
    capture
        .interpretations
        .insert("yalta.exposed-king".into(), "capture".into());
    let yalta = engines().iter().all(|e| e.supports(&capture).is_ok());
    [(0, true), (1, yalta), (3, true)]
        .into_iter()
        .filter_map(|(v, judged)| judged.then_some(v))
        .collect()
}

/// The judges see an attack where there is one, and none where there is none.
#[test]
fn the_judges_see_attacks() {
    use trichess_model::Seat::{A, B, C};
    let cases = [
        // White's rook on a5 attacks Black's King on a1; Red has nothing that reaches it.
        (Variant::OSullivan, "a1:bK,h1:rK,d8:wK,a5:wR w", C, A, true),
        (Variant::OSullivan, "a1:bK,h1:rK,d8:wK,a5:wR w", C, B, false),
        // Seat B's Queen on Ad1 attacks seat A's Emperor on Aa1 along the empty rank.
        (
            Variant::TripleCrown,
            "Aa1:aE,Ad1:bQ,Bj1:bE,Cj1:cE c",
            A,
            B,
            true,
        ),
        (
            Variant::TripleCrown,
            "Aa1:aE,Ad1:bQ,Bj1:bE,Cj1:cE c",
            A,
            C,
            false,
        ),
    ];
    for (variant, text, seat, by, expected) in cases {
        let setup = Setup::parse(variant, text).expect("reads");
        for mut judge in engines() {
            let seen = attacked(judge.as_mut(), &Game::new(variant), &setup, seat, by);
            assert_eq!(
                seen,
                Some(expected),
                "{} on {text}: {seat:?} by {by:?}",
                judge.name()
            );
        }
    }
}

proptest! {
    // A fixed seed: `cargo test` checks the same cases every run; change it (or the cases)
    // to explore others.
    #![proptest_config(ProptestConfig {
        cases: 128,
        rng_seed: proptest::test_runner::RngSeed::Fixed(9),
        ..ProptestConfig::default()
    })]

    #[test]
    fn rotation_turns_the_legal_moves(
        variant in prop::sample::select(vec![1u8, 3]),
        bytes in prop::collection::vec(any::<u8>(), 0..120),
    ) {
        let (game, setup) = generated(variant, &bytes)?;
        let turned = Symmetry::Rotation.setup(&setup);
        for mut e in engines() {
            let before = moves(e.as_mut(), &game, &setup);
            let after = moves(e.as_mut(), &game, &turned);
            prop_assert_eq!(
                after.clone().map(|m| m.len()), before.clone().map(|m| m.len()),
                "{}: {} turned to {}", e.name(), setup.to_text(), turned.to_text()
            );
            if let (Ok(before), Ok(after)) = (before, after) {
                prop_assert_eq!(
                    after, turn(Symmetry::Rotation, game.variant, &before),
                    "{} {:?}: {} turned to {}", e.name(), game.interpretations,
                    setup.to_text(), turned.to_text()
                );
            }
        }
    }

    #[test]
    fn mirror_turns_the_legal_moves(
        variant in prop::sample::select(vec![0u8, 1, 3]),
        bytes in prop::collection::vec(any::<u8>(), 0..120),
    ) {
        let (game, mut setup) = generated(variant, &bytes)?;
        prop_assume!(
            game.interpretations.get("yalta.mate-final").map(String::as_str)
                != Some("after-left-player")
        );
        setup.castling.clear();
        let mirrored_game = other_turn_order(&game);
        let mirrored = Symmetry::Mirror.setup(&setup);
        for mut e in engines() {
            let Ok(before) = moves(e.as_mut(), &game, &setup) else {
                // Without its castling rights the position may not be one.
                continue;
            };
            let after = moves(e.as_mut(), &mirrored_game, &mirrored);
            prop_assert_eq!(
                after, Ok(turn(Symmetry::Mirror, game.variant, &before)),
                "{} {:?}: {} mirrored to {} {:?}", e.name(), game.interpretations,
                setup.to_text(), mirrored.to_text(), mirrored_game.interpretations
            );
        }
    }

    #[test]
    fn no_listed_move_leaves_the_royal_piece_attacked(
        variant in prop::sample::select(judged()),
        bytes in prop::collection::vec(any::<u8>(), 0..120),
    ) {
        let (game, setup) = generated(variant, &bytes)?;
        let tc_exposure = game.interpretations.get("triple-crown.self-exposure");
        prop_assume!(tc_exposure.is_none_or(|r| r == "not-unless-forced"));
        let mover = setup.to_move;
        let [a, b] = engines();
        let [c, d] = engines();
        for (mut player, mut judge) in [(a, d), (c, b)] {
            let Ok(listed) = player.legal_moves(&game, &setup) else { continue };
            let mut exposing = Vec::new();
            for &mv in &listed {
                let Ok(after) = player.play(&game, &setup, mv) else { continue };
                for by in royal_seats(&after).into_iter().filter(|&s| s != mover) {
                    if attacked(judge.as_mut(), &game, &after, mover, by) == Some(true) {
                        exposing.push(format!("{mv} (attacked by {by:?})"));
                    }
                }
            }
            // Triple Crown lets a player expose their Emperor when every move does.
            let forced = game.variant == Variant::TripleCrown && exposing.len() == listed.len();
            prop_assert!(
                exposing.is_empty() || forced,
                "{} lists moves that leave {:?}'s royal piece attacked, says {}: {}\n{:?} {}",
                player.name(), mover, judge.name(), exposing.join(", "),
                game.interpretations, setup.to_text()
            );
        }
    }

    #[test]
    fn perft_is_the_same_in_both_engines(
        variant in 0u8..4,
        bytes in prop::collection::vec(any::<u8>(), 0..120),
    ) {
        let (game, setup) = generated(variant, &bytes)?;
        let [mut a, mut b] = engines();
        let x = a.perft(&game, &setup, 2);
        let y = b.perft(&game, &setup, 2);
        prop_assert_eq!(x, y, "{:?} {}", game.interpretations, setup.to_text());
    }
}
