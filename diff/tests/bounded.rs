//! A bounded differential run: the oracle against the fast engine on 50,000 compared
//! positions of every variant, seeded (the campaign of `trichess diff`: new readings
//! drawn every 200 steps, walks from the start and the perft tables' positions), perft to
//! depth 2 on every 8th position. With the fixture suite it is the test command of
//! cargo-mutants on the oracle's rule modules (`.cargo/mutants.toml`,
//! `reports/mutation-oracle.md`).

use trichess_diff::Campaign;
use trichess_fast::Fast;
use trichess_model::{Engine, Variant};
use trichess_oracle::Oracle;

#[test]
fn the_engines_agree_on_a_bounded_differential_run() {
    let report = Campaign::new(&Variant::ALL)
        .positions(4 * 50_000)
        .seed(9)
        .perft(2, 8)
        .run(
            || Box::new(Oracle) as Box<dyn Engine>,
            || Box::new(Fast::default()) as Box<dyn Engine>,
        )
        .expect("both engines play every variant");
    report.assert();
    for run in &report.runs {
        assert!(run.positions >= 50_000, "{run:?}");
    }
}
