//! How often the differential run reaches the moments where issue 24's disagreements lived:
//! a position right after a move that took a royal piece off the board or changed a pending
//! mate ([`mate_or_elimination`]), in a game with a reading off its default. Counted over a
//! fixed number of seeded positions per variant, walked and compared as `trichess diff` does
//! (new readings every 200 steps, roots the start and the perft tables' positions, perft to
//! depth 2 on every 4th position): the walk's own positions of that kind, and the positions of
//! that kind the comparison reaches (it plays every legal move of every walk position).
//! `cargo test --release -p trichess-diff --test mates -- --nocapture` prints the counts and
//! the rate per minute of one thread (the time of the walk and the comparison alone).

mod common;

use std::time::{Duration, Instant};

use common::{generator, played_open_points, table_roots};
use trichess_diff::{Duel, Generator, Policy, Seeded, Step, mate_or_elimination};
use trichess_fast::Fast;
use trichess_model::{Engine, Setup, Variant};
use trichess_oracle::Oracle;

/// Positions generated per variant.
const POSITIONS: usize = 2000;

/// What [`count`] finds.
struct Counted {
    /// Walk positions right after a mate or an elimination, under a reading off its default.
    walk: usize,
    /// Positions of that kind the comparison reaches (the walk's own included).
    compared: usize,
    /// Walk positions of a game after a mate (a player out, or a mate pending), under a
    /// reading off its default: where the rules on taken-over or removed armies, pending
    /// mates and the turn passing over a seat apply.
    after: usize,
    /// The time the walk and the comparison took.
    took: Duration,
}

/// Walks and compares `POSITIONS` seeded positions of `variant` (choosing moves by `policy` if
/// given, else by the generator's default, [`Policy::default`]), counting those right after a
/// mate or an elimination in a game with a reading off its default.
fn count(variant: Variant, seed: u64, policy: Option<Policy>) -> Counted {
    let mut duel = Duel::new(
        Box::new(|| Box::new(Oracle) as Box<dyn Engine>),
        Box::new(|| Box::new(Fast::default()) as Box<dyn Engine>),
    );
    let mut fast = Fast::default();
    let roots = table_roots(variant);
    let open = played_open_points(&duel, variant);
    let mut choices = Seeded::new(seed);
    let mut took = Duration::ZERO;
    let mut current = generator(&mut duel, variant, &open, &roots, &mut choices);
    let seek = |g: &mut Generator| {
        if let Some(p) = policy {
            g.policy = p;
        }
    };
    seek(&mut current);
    let mut counted = Counted {
        walk: 0,
        compared: 0,
        after: 0,
        took,
    };
    let mut last: Option<Setup> = None;
    for n in 0..POSITIONS {
        let clock = Instant::now();
        if n % 200 == 0 && n > 0 {
            current = generator(&mut duel, variant, &open, &roots, &mut choices);
            seek(&mut current);
            last = None;
        }
        let game = current.game().clone();
        let Some(Step::Position(setup)) = current.next(&mut duel, &mut choices) else {
            panic!("{variant}: no position (or a disagreement) at {n}");
        };
        let c = duel.compare(&game, &setup, if n % 4 == 0 { 2 } else { 1 });
        assert!(
            c.finding.is_none(),
            "{variant}: the engines disagree at {n}"
        );
        took += clock.elapsed();
        if game.interpretations.is_empty() {
            last = Some(setup);
            continue;
        }
        if out_or_pending(&setup) {
            counted.after += 1;
        }
        let moved = current.trail().is_some_and(|(_, moves)| !moves.is_empty());
        if moved
            && last
                .as_ref()
                .is_some_and(|l| mate_or_elimination(l, &setup))
        {
            counted.walk += 1;
        }
        let moves = fast.legal_moves(&game, &setup).unwrap_or_default();
        counted.compared += moves
            .into_iter()
            .filter_map(|mv| fast.play(&game, &setup, mv).ok())
            .filter(|after| mate_or_elimination(&setup, after))
            .count();
        last = Some(setup);
    }
    counted.took = took;
    counted
}

/// A player is out (fewer royal pieces than seats) or a mate is pending.
fn out_or_pending(setup: &Setup) -> bool {
    let royal = setup.variant.royal();
    setup.pieces.values().filter(|p| p.role == royal).count() < 3
        || setup.yalta().is_some_and(|y| !y.pending_mate.is_empty())
}

#[test]
fn the_default_policy_reaches_more_positions_after_a_mate_under_other_readings() {
    let (mut sought, mut unsought) = (0, 0);
    for variant in Variant::ALL {
        let c = count(variant, 24, None);
        let per_minute = |k: usize| k as f64 * 60.0 / c.took.as_secs_f64().max(1e-3);
        println!(
            "{variant}: of {POSITIONS} walk positions ({:.1} s), {} right after a mate or an \
             elimination under a reading off its default ({:.0} a minute), {} in the game after \
             one ({:.0} a minute); the comparison reaches {} positions right after one ({:.0} \
             a minute)",
            c.took.as_secs_f64(),
            c.walk,
            per_minute(c.walk),
            c.after,
            per_minute(c.after),
            c.compared,
            per_minute(c.compared)
        );
        assert!(
            c.walk > 0 && c.after > 0 && c.compared > 0,
            "{variant}: none"
        );
        let without = count(variant, 24, Some(Policy::UNIFORM));
        println!(
            "{variant}, uniform random moves: {} right after one, {} in the game after one, {} \
             reached by the comparison",
            without.walk, without.after, without.compared
        );
        sought += c.walk + c.after;
        unsought += without.walk + without.after;
    }
    assert!(
        sought > unsought,
        "the default policy reaches {sought} walk positions after one, not more than {unsought}"
    );
}
