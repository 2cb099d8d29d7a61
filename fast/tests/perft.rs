//! Checks every row of the perft tables against the fast engine, under a node limit so that
//! `cargo test` stays quick; `trichess perft-suite --engine fast` checks them all.

use trichess_fast::Fast;
use trichess_suite::{RowVerdict, Runner, Suite};

#[test]
fn the_fast_engine_counts_every_perft_row_under_the_limit() {
    let suite = Suite::embedded().expect("the suite loads");
    assert_eq!(suite.tables.len(), 4, "one table per variant");
    // About a tenth of a second of the fast engine per row at most.
    let report = Runner::of(suite)
        .max_nodes(5_000_000)
        .perft(&mut Fast::default());
    report.assert();
    let checked = report
        .rows
        .iter()
        .filter(|r| r.verdict == RowVerdict::Pass)
        .count();
    assert!(checked >= 100, "only {checked} rows checked");
}
