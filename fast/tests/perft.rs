//! Checks every row of the perft tables (`fixtures/perft/*.perft`) against the fast engine,
//! under a node limit so that `cargo test` stays quick; `trichess perft-suite --engine fast`
//! checks them all.

use std::path::Path;

use trichess_fast::Fast;
use trichess_model::PerftTable;
use trichess_model::perft::{RowVerdict, check_table};

/// The largest count checked here (about a tenth of a second of the fast engine).
const MAX_NODES: u64 = 5_000_000;

#[test]
fn the_fast_engine_counts_every_perft_row_under_the_limit() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/perft"));
    let tables = PerftTable::load_dir(dir).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tables.len(), 4, "one table per variant");
    let mut checked = 0;
    let mut failures = Vec::new();
    for table in &tables {
        for r in check_table(&mut Fast::default(), table, MAX_NODES) {
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
    assert!(checked >= 100, "only {checked} rows checked");
}
