//! A bounded differential run: the oracle against the fast engine on a fixed number of
//! seeded generated positions of every variant (new readings drawn every 200 steps, walks from
//! the start and the perft tables' positions, perft to depth 2 on every 8th position); it fails
//! on the first disagreement. With the fixture suite it is the test command of cargo-mutants on
//! the oracle's rule modules (`.cargo/mutants.toml`, `reports/mutation-oracle.md`).

mod common;

use trichess_diff::{Choices, Duel, Generator, Seeded, Step, random_game};
use trichess_fast::Fast;
use trichess_model::{Engine, Game, PerftTable, Setup, Variant};
use trichess_oracle::Oracle;

/// Positions compared per variant.
const POSITIONS: usize = 3000;

/// The perft tables' positions of `variant` (the run's other roots).
fn table_roots(variant: Variant) -> Vec<Setup> {
    let tables = PerftTable::load_dir(&common::root().join("fixtures/perft")).expect("tables");
    tables
        .iter()
        .filter(|t| t.variant == variant)
        .flat_map(|t| &t.positions)
        .filter(|p| p.position != "start")
        .map(|p| Setup::parse(variant, &p.position).expect("a table position"))
        .collect()
}

/// The open points of `variant` with the readings both engines play, the default first.
fn played_open_points(duel: &Duel, variant: Variant) -> Vec<(String, Vec<String>)> {
    common::open_points(variant)
        .into_iter()
        .map(|(id, readings)| {
            let played = readings
                .iter()
                .enumerate()
                .filter(|(k, reading)| {
                    let mut game = Game::new(variant);
                    game.interpretations.insert(id.clone(), (*reading).clone());
                    *k == 0 || duel.supports(&game).is_ok()
                })
                .map(|(_, r)| r.clone())
                .collect();
            (id, played)
        })
        .collect()
}

/// A generator for a new game: its readings drawn from `open`, its roots the start and, half
/// the time, the perft tables' positions.
fn generator(
    duel: &mut Duel,
    variant: Variant,
    open: &[(String, Vec<String>)],
    roots: &[Setup],
    choices: &mut Seeded,
) -> Generator {
    let game = random_game(variant, open, choices);
    let mut game_roots = vec![duel.start(&game).expect("both engines start")];
    if choices.chance(50) {
        game_roots.extend(roots.iter().cloned());
    }
    Generator::new(game, game_roots)
}

#[test]
fn the_engines_agree_on_a_bounded_differential_run() {
    for variant in Variant::ALL {
        let mut duel = Duel::new(
            Box::new(|| Box::new(Oracle) as Box<dyn Engine>),
            Box::new(|| Box::new(Fast::default()) as Box<dyn Engine>),
        );
        let roots = table_roots(variant);
        let open = played_open_points(&duel, variant);
        let mut choices = Seeded::new(9);
        let mut compared = 0;
        let mut steps = 0;
        let mut current = generator(&mut duel, variant, &open, &roots, &mut choices);
        while compared < POSITIONS {
            if steps == 200 {
                current = generator(&mut duel, variant, &open, &roots, &mut choices);
                steps = 0;
            }
            steps += 1;
            let game = current.game().clone();
            match current.next(&mut duel, &mut choices) {
                None => panic!("{variant}: no usable root"),
                Some(Step::Finding(f)) => panic!("{variant}: the engines disagree: {f:?}"),
                Some(Step::Position(setup)) => {
                    let depth = if compared % 8 == 0 { 2 } else { 1 };
                    compared += 1;
                    let c = duel.compare(&game, &setup, depth);
                    if let Some(f) = c.finding {
                        panic!(
                            "{variant}: the engines disagree after {compared} positions, \
                             readings {:?}, on {} ({:?}): {} says {}, {} says {}",
                            game.interpretations,
                            f.setup.to_text(),
                            f.kind,
                            duel.names().0,
                            f.a_says,
                            duel.names().1,
                            f.b_says
                        );
                    }
                }
            }
        }
    }
}
