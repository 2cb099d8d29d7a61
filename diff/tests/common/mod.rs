//! What the tests of the fuzz targets' properties share: the harness the targets use.

use std::path::{Path, PathBuf};

use trichess_diff::property::{Harness, OpenPoints};
use trichess_model::{Engine, PerftTable, Variant};

/// The workspace root.
pub fn root() -> PathBuf {
    let diff = Path::new(env!("CARGO_MANIFEST_DIR"));
    diff.parent().unwrap_or(diff).to_path_buf()
}

/// The same harness as the fuzz targets' (`fuzz/src/lib.rs`): the oracle against the fast
/// engine, the register's open points, the perft tables' positions as roots.
pub fn harness() -> Harness {
    let open_points = |v: Variant| -> OpenPoints {
        let infos = trichess_oracle::interpretations(v);
        infos
            .iter()
            .map(|i| (i.id.into(), i.readings.iter().map(|&r| r.into()).collect()))
            .collect()
    };
    let tables = PerftTable::load_dir(&root().join("fixtures/perft")).expect("perft tables");
    Harness::new(
        || Box::new(trichess_oracle::Oracle) as Box<dyn Engine>,
        || Box::new(trichess_fast::Fast::default()) as Box<dyn Engine>,
        open_points,
        &tables,
    )
}
