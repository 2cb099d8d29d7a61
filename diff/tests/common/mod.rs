//! What the differential run's tests share: the open points of a variant, the harness the
//! fuzz targets use, and the pieces of a walk as the campaign makes them. Each test crate uses
//! a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use trichess_diff::property::Harness;
use trichess_diff::{Choices, Duel, Generator, Seeded, random_game};
use trichess_model::{Engine, Game, Setup, Variant};
use trichess_suite::OpenPoint;

/// The workspace root.
pub fn root() -> PathBuf {
    let diff = Path::new(env!("CARGO_MANIFEST_DIR"));
    diff.parent().unwrap_or(diff).to_path_buf()
}

/// The open points of `variant` with their readings, the default first, as
/// [`trichess_diff::random_game`] takes them.
pub fn open_points(variant: Variant) -> Vec<OpenPoint> {
    trichess_suite::open_points(variant)
        .expect("the register reads")
        .to_vec()
}

/// The same harness as the fuzz targets' (`fuzz/src/lib.rs`): the oracle against the fast
/// engine, the register's open points, the start, the perft tables' positions and the pool
/// played from them as roots.
pub fn harness() -> Harness {
    Harness::new(
        || Box::new(trichess_oracle::Oracle) as Box<dyn Engine>,
        || Box::new(trichess_fast::Fast::default()) as Box<dyn Engine>,
    )
    .expect("the suite loads")
}

/// The perft tables' positions of `variant` (the walks' other roots).
pub fn table_roots(variant: Variant) -> Vec<Setup> {
    let suite = trichess_suite::Suite::embedded().expect("the suite loads");
    trichess_diff::table_roots(&suite.tables, variant)
}

/// The open points of `variant` with the readings both engines play, the default first.
pub fn played_open_points(duel: &Duel, variant: Variant) -> Vec<OpenPoint> {
    open_points(variant)
        .into_iter()
        .map(|point| {
            let readings = point
                .readings
                .iter()
                .enumerate()
                .filter(|(k, reading)| {
                    let mut game = Game::new(variant);
                    game.interpretations
                        .insert(point.id.clone(), (*reading).clone());
                    *k == 0 || duel.supports(&game).is_ok()
                })
                .map(|(_, r)| r.clone())
                .collect();
            OpenPoint {
                id: point.id,
                readings,
            }
        })
        .collect()
}

/// A generator for a new game: its readings drawn from `open`, its roots the start and, half
/// the time, the perft tables' positions.
pub fn generator(
    duel: &mut Duel,
    variant: Variant,
    open: &[OpenPoint],
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
