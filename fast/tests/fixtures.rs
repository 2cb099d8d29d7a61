//! Runs the whole fixture suite against the fast engine, through the same runner as the oracle.
//! Every failure is reported at once; set TRICHESS_FIXTURE=text to run only the fixtures whose
//! name contains the text. A fixture the engine does not play yet (a variant or a reading it
//! refuses as unsupported) is skipped with its reason, printed here and listed in
//! `reports/fixtures-fast.md`.

use std::path::Path;

use trichess_fast::Fast;
use trichess_model::runner::run_all;
use trichess_model::{Fixture, Verdict};

fn fixture_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures"))
}

#[test]
fn the_fast_engine_passes_every_fixture_it_plays() {
    let filter = std::env::var("TRICHESS_FIXTURE").ok();
    let fixtures: Vec<Fixture> = Fixture::load_dir(fixture_dir())
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .filter(|f| filter.as_deref().is_none_or(|text| f.name.contains(text)))
        .collect();
    assert!(!fixtures.is_empty(), "no fixtures selected");
    let results = run_all(&mut Fast::default(), &fixtures);
    let mut failures = Vec::new();
    for r in &results {
        match &r.verdict {
            Verdict::Fail(why) => failures.push(format!("  {}: {why}", r.name)),
            Verdict::Skip(why) => println!("skipped {}: {why}", r.name),
            Verdict::Pass => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed (rerun one with TRICHESS_FIXTURE=name):\n{}",
        failures.len(),
        results.len(),
        failures.join("\n")
    );
}

#[test]
fn the_fast_engine_plays_every_reading_of_every_variant() {
    let fixtures = Fixture::load_dir(fixture_dir()).unwrap_or_else(|e| panic!("{e}"));
    let skipped: Vec<String> = run_all(&mut Fast::default(), &fixtures)
        .into_iter()
        .filter_map(|r| match r.verdict {
            Verdict::Skip(why) => Some(format!("{}: {why}", r.name)),
            _ => None,
        })
        .collect();
    assert!(skipped.is_empty(), "skipped: {skipped:#?}");
}
