//! Checks the perft tables against the oracle, under a small node limit; `trichess
//! perft-suite` checks every row the oracle can reach in reasonable time.

use trichess_oracle::Oracle;
use trichess_suite::{RowVerdict, Runner, Suite};

#[test]
fn the_oracle_counts_every_small_perft_row() {
    let suite = Suite::embedded().expect("the suite loads");
    let report = Runner::of(suite).max_nodes(200_000).perft(&mut Oracle);
    report.assert();
    let checked = report
        .rows
        .iter()
        .filter(|r| r.verdict == RowVerdict::Pass)
        .count();
    assert!(checked >= 150, "only {checked} rows checked");
}
