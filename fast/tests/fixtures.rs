//! Runs the whole fixture suite against the fast engine, through the runner every engine's
//! tests use. Every failure is reported at once; `TRICHESS_TEST=name,-other` selects fixtures
//! by name.

use trichess_fast::Fast;
use trichess_suite::{Runner, Suite, Verdict};

#[test]
fn the_fast_engine_passes_every_fixture() {
    Runner::new()
        .expect("the suite loads")
        .fixtures(&mut Fast::default())
        .assert();
}

#[test]
fn the_fast_engine_plays_every_reading_of_every_variant() {
    let suite = Suite::embedded().expect("the suite loads");
    let report = Runner::of(suite).fixtures(&mut Fast::default());
    let skipped: Vec<String> = report
        .results
        .iter()
        .filter(|r| matches!(r.verdict, Verdict::Skip(_)))
        .map(ToString::to_string)
        .collect();
    assert!(skipped.is_empty(), "skipped: {skipped:#?}");
}
