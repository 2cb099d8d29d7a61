//! Checks the perft tables (`fixtures/perft/*.perft`) against the oracle, under a small node
//! limit; `trichess perft-suite` checks every row the oracle can reach in reasonable time.

use std::path::Path;

use trichess_model::PerftTable;
use trichess_model::perft::{RowVerdict, check_table};
use trichess_oracle::Oracle;

/// The largest count checked here.
const MAX_NODES: u64 = 200_000;

#[test]
fn the_oracle_counts_every_small_perft_row() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/perft"));
    let tables = PerftTable::load_dir(dir).unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    let mut failures = Vec::new();
    for table in &tables {
        for r in check_table(&mut Oracle, table, MAX_NODES) {
            match r.verdict {
                RowVerdict::Pass => checked += 1,
                RowVerdict::Fail(why) => failures.push(format!(
                    "{} {} depth {}: {why}",
                    table.variant, r.id, r.depth
                )),
                RowVerdict::Skip(_) => {}
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked >= 150, "only {checked} rows checked");
}
