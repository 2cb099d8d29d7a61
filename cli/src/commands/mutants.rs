//! `trichess mutants`: the mutant zoo, rules bugs that can be planted in the fast engine one at a
//! time (`--mutant NAME` on the commands that drive it), and with `--catch` the table of how the
//! fixture suite and the differential run catch each of them (`reports/mutants.md`).

use std::process::ExitCode;

use anyhow::Result;
use trichess_diff::zoo::{self, Limits, Planted};
use trichess_fast::Mutant;

use crate::args::{CatchOptions, Format};

/// Prints the mutants: name, variant, rule id, family and what the bug does.
pub fn list(json: bool) -> Result<ExitCode> {
    let zoo: Vec<Planted> = Mutant::ALL.into_iter().map(Planted::from).collect();
    if json {
        say!("{}", zoo::list_json(&zoo));
        return Ok(ExitCode::SUCCESS);
    }
    say!("{}", zoo::list_table(&zoo, super::table_width()));
    say!(
        "{} mutants; plant one with --mutant NAME (moves, perft, show, bench, result, fixtures, perft-suite, diff)",
        Mutant::ALL.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs `trichess mutants --catch`: for each mutant, the fixtures of its variant it fails, and
/// the differential run of the oracle against the mutated fast engine until a disagreement
/// that the unmutated fast engine does not share.
pub fn catch(o: CatchOptions) -> Result<ExitCode> {
    let fixtures = trichess_suite::Suite::fixtures_of(o.dir.as_deref())?;
    let chosen: Vec<Mutant> = if o.only.is_empty() {
        Mutant::ALL.to_vec()
    } else {
        o.only.clone()
    };
    super::begin();
    let limits = Limits {
        seed: o.seed,
        seconds: o.seconds,
        positions: o.positions,
    };
    let rows = zoo::catch_mutants(&chosen, &fixtures, limits, &mut |p| {
        if o.format == Format::Table {
            eprintln!("trichess mutants: {} done", p.name);
        }
    })?;
    match o.format {
        Format::Json => say!("{}", serde_json::to_string_pretty(&zoo::to_json(&rows))?),
        Format::Markdown => say!("{}", zoo::to_markdown(&rows, &limits)),
        Format::Table => say!("{}", zoo::to_table(&rows, super::table_width())),
    }
    Ok(super::verdict(zoo::escaped(&rows) > 0))
}
