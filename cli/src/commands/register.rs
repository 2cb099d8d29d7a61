//! `trichess rules`: a variant's rule register with fixture coverage.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use trichess_model::Variant;
use trichess_oracle::{Oracle, interpretations};
use trichess_suite::report::RegisterReport;
use trichess_suite::{Fixture, Suite, run_all};

/// Prints the register of `variant`, each clause with the fixtures covering it.
pub fn print(variant: Variant, dir: Option<PathBuf>, json: bool) -> Result<ExitCode> {
    let fixtures: Vec<Fixture> = Suite::fixtures_of(dir.as_deref())?
        .into_iter()
        .filter(|f| f.variant == variant)
        .collect();
    let results = run_all(&mut Oracle, &fixtures);
    let report = RegisterReport::new(variant, &fixtures, &results, &interpretations(variant))?;
    if json {
        say!("{}", report.to_json());
    } else {
        say!("{}", report.to_text(super::table_width()));
    }
    Ok(ExitCode::SUCCESS)
}
