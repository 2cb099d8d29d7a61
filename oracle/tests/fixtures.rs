//! Runs the fixture suite against the oracle. Every failure is reported at once; set
//! TRICHESS_FIXTURE=text to run only the fixtures whose name contains the text.

use std::path::Path;

use trichess_model::runner::run_all;
use trichess_model::{Fixture, Verdict};
use trichess_oracle::Oracle;

fn fixture_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures"))
}

#[test]
fn the_oracle_passes_every_fixture() {
    let filter = std::env::var("TRICHESS_FIXTURE").ok();
    let fixtures: Vec<Fixture> = Fixture::load_dir(fixture_dir())
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .filter(|f| filter.as_deref().is_none_or(|text| f.name.contains(text)))
        .collect();
    assert!(!fixtures.is_empty(), "no fixtures selected");
    let results = run_all(&mut Oracle, &fixtures);
    let failures: Vec<String> = results
        .iter()
        .filter_map(|r| match &r.verdict {
            Verdict::Fail(why) => Some(format!("  {}: {why}", r.name)),
            _ => None,
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} fixtures failed (rerun one with TRICHESS_FIXTURE=name):\n{}",
        failures.len(),
        results.len(),
        failures.join("\n")
    );
}

#[test]
fn the_oracle_skips_no_fixture() {
    let fixtures = Fixture::load_dir(fixture_dir()).unwrap_or_else(|e| panic!("{e}"));
    let skipped: Vec<String> = run_all(&mut Oracle, &fixtures)
        .into_iter()
        .filter_map(|r| match r.verdict {
            Verdict::Skip(why) => Some(format!("{}: {why}", r.name)),
            _ => None,
        })
        .collect();
    assert!(skipped.is_empty(), "skipped: {skipped:#?}");
}
