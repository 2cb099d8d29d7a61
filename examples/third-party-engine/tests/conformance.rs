//! The engine's conformance tests: trichess's fixtures and perft tables of Yalta, and a
//! bounded differential run against trichess's oracle. Every failure is listed at once;
//! `TRICHESS_TEST=yalta/en-passant,-yalta/en-passant/window` runs a part of the suite.

use third_party_engine::Theirs;
use trichess_diff::Campaign;
use trichess_model::{Engine, Variant};
use trichess_oracle::Oracle;
use trichess_suite::Runner;

fn yalta() -> Runner<'static> {
    let runner = Runner::new().expect("the suite built into trichess-suite loads");
    runner.variant(Variant::Yalta).max_nodes(200_000)
}

#[test]
fn the_fixtures_pass() {
    yalta().fixtures(&mut Theirs::default()).assert();
}

#[test]
fn the_perft_counts_agree() {
    let report = yalta().perft(&mut Theirs::default());
    // A failing row is divided move by move against the oracle: where to look first.
    report.divide(&mut Theirs::default(), &mut Oracle).assert();
}

#[test]
fn the_engine_agrees_with_the_oracle_on_generated_positions() {
    let oracle = || Box::new(Oracle) as Box<dyn Engine>;
    let theirs = || Box::new(Theirs::default()) as Box<dyn Engine>;
    let campaign = Campaign::new(&[Variant::Yalta]).positions(100_000).seed(1);
    campaign
        .run(oracle, theirs)
        .expect("both play Yalta")
        .assert();
}
