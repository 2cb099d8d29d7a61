//! `trichess mutants`: the mutant zoo, rules bugs that can be planted in the fast engine one at a
//! time (`--mutant NAME` on the commands that drive it), and with `--catch` the table of how the
//! fixture suite and the differential run catch each of them (`reports/mutants.md`).

use std::process::ExitCode;

use anyhow::Result;
use trichess_diff::zoo::{self, CatchRow, Limits, Planted};
use trichess_fast::{Fast, Mutant};
use trichess_model::Engine;
use trichess_oracle::Oracle;

use crate::args::{CatchOptions, Format};

/// Prints the mutants: name, variant, rule id, family and what the bug does.
pub fn list(json: bool) -> Result<ExitCode> {
    let zoo: Vec<Planted> = Mutant::ALL.into_iter().map(planted).collect();
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

/// A mutant as the catch table names it.
pub fn planted(m: Mutant) -> Planted {
    Planted {
        name: m.name(),
        variant: m.variant(),
        rule: m.rule(),
        family: m.family().id(),
        description: m.description(),
    }
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
    // A panic in an engine is caught by the differential run; keep the hook from printing it.
    std::panic::set_hook(Box::new(|_| {}));
    let mut rows = Vec::new();
    for mutant in chosen {
        let diff = zoo::hunt(
            mutant.variant(),
            limits,
            || Box::new(Oracle) as Box<dyn Engine>,
            move || Box::new(Fast::with_mutant(mutant)) as Box<dyn Engine>,
            || Box::new(Fast::default()) as Box<dyn Engine>,
        )?;
        rows.push(CatchRow {
            planted: planted(mutant),
            fixtures: mutant.failing_fixtures(&fixtures),
            diff,
        });
        if o.format == Format::Table {
            eprintln!("trichess mutants: {mutant} done");
        }
    }
    let _ = std::panic::take_hook();
    match o.format {
        Format::Json => say!("{}", serde_json::to_string_pretty(&zoo::to_json(&rows))?),
        Format::Markdown => say!("{}", zoo::to_markdown(&rows, &limits)),
        Format::Table => say!("{}", zoo::to_table(&rows, super::table_width())),
    }
    let escaped = rows
        .iter()
        .filter(|r| r.fixtures.is_empty() && r.diff.is_err())
        .count();
    Ok(if escaped == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
