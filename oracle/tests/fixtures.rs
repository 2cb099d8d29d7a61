//! Runs the fixture suite against the oracle, through the runner every engine's tests use.
//! Every failure is reported at once; `TRICHESS_TEST=name,-other` selects fixtures by name.

use trichess_oracle::Oracle;
use trichess_suite::{Runner, Suite, Verdict};

#[test]
fn the_oracle_passes_every_fixture() {
    Runner::new()
        .expect("the suite loads")
        .fixtures(&mut Oracle)
        .assert();
}

#[test]
fn the_oracle_skips_no_fixture() {
    let suite = Suite::embedded().expect("the suite loads");
    let report = Runner::of(suite).fixtures(&mut Oracle);
    let skipped: Vec<String> = report
        .results
        .iter()
        .filter(|r| matches!(r.verdict, Verdict::Skip(_)))
        .map(ToString::to_string)
        .collect();
    assert!(skipped.is_empty(), "skipped: {skipped:#?}");
}
