//! What the differential run's tests share: the open points of a variant, and the harness the
//! fuzz targets use. Each test crate uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use trichess_diff::property::Harness;
use trichess_model::{Engine, Variant};
use trichess_suite::OpenPoint;

/// The workspace root.
pub fn root() -> PathBuf {
    let diff = Path::new(env!("CARGO_MANIFEST_DIR"));
    diff.parent().unwrap_or(diff).to_path_buf()
}

/// The open points of `variant` with their readings, the default first, as
/// [`trichess_diff::random_game`] takes them.
pub fn open_points(variant: Variant) -> Vec<OpenPoint> {
    trichess_suite::open_points(variant)
        .expect("the register reads")
        .to_vec()
}

/// The same harness as the fuzz targets' (`fuzz/src/lib.rs`): the oracle against the fast
/// engine, the register's open points, the perft tables' positions as roots.
pub fn harness() -> Harness {
    Harness::new(
        || Box::new(trichess_oracle::Oracle) as Box<dyn Engine>,
        || Box::new(trichess_fast::Fast::default()) as Box<dyn Engine>,
    )
    .expect("the suite loads")
}
