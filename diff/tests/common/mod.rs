//! What the differential run's tests share: the open points of a variant, and the harness the
//! fuzz targets use. Each test crate uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use trichess_diff::property::{Harness, OpenPoints};
use trichess_diff::{Choices, Duel, Generator, Seeded, random_game};
use trichess_model::{Engine, Game, PerftTable, Setup, Variant};

/// The workspace root.
pub fn root() -> PathBuf {
    let diff = Path::new(env!("CARGO_MANIFEST_DIR"));
    diff.parent().unwrap_or(diff).to_path_buf()
}

/// The open points of `variant` with their readings, the default first, as
/// [`trichess_diff::random_game`] takes them.
pub fn open_points(variant: Variant) -> OpenPoints {
    trichess_oracle::interpretations(variant)
        .iter()
        .map(|i| (i.id.into(), i.readings.iter().map(|&r| r.into()).collect()))
        .collect()
}

/// The same harness as the fuzz targets' (`fuzz/src/lib.rs`): the oracle against the fast
/// engine, the register's open points, the perft tables' positions as roots.
pub fn harness() -> Harness {
    let tables = PerftTable::load_dir(&root().join("fixtures/perft")).expect("perft tables");
    Harness::new(
        || Box::new(trichess_oracle::Oracle) as Box<dyn Engine>,
        || Box::new(trichess_fast::Fast::default()) as Box<dyn Engine>,
        open_points,
        &tables,
    )
}

/// The perft tables' positions of `variant` (the run's other roots).
pub fn table_roots(variant: Variant) -> Vec<Setup> {
    let tables = PerftTable::load_dir(&root().join("fixtures/perft")).expect("tables");
    tables
        .iter()
        .filter(|t| t.variant == variant)
        .flat_map(|t| &t.positions)
        .filter(|p| p.position != "start")
        .map(|p| Setup::parse(variant, &p.position).expect("a table position"))
        .collect()
}

/// The open points of `variant` with the readings both engines play, the default first.
pub fn played_open_points(duel: &Duel, variant: Variant) -> Vec<(String, Vec<String>)> {
    open_points(variant)
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
pub fn generator(
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
