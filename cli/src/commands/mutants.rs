//! `trichess mutants`: the mutant zoo, rules bugs that can be planted in the fast engine one at a
//! time (`--mutant NAME` on the commands that drive it), and with `--catch` the table of how the
//! fixture suite and the differential run catch each of them (`reports/mutants.md`).

use std::process::ExitCode;

use anyhow::Result;
use serde_json::{Value, json};
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_diff::zoo::{self, CatchRow, Limits, Planted};
use trichess_fast::{Fast, Mutant};
use trichess_model::Engine;
use trichess_oracle::Oracle;

use super::load_fixtures;
use crate::args::{CatchOptions, Format};

/// The width of the list's last column: what the other columns leave (at least 24).
fn what_width() -> usize {
    let widest = |f: fn(&Mutant) -> usize| Mutant::ALL.iter().map(f).max().unwrap_or(0);
    let fixed = widest(|m| m.name().len())
        + widest(|m| m.variant().id().len())
        + widest(|m| m.rule().len())
        + widest(|m| m.family().id().len())
        + 16;
    super::table_width().saturating_sub(fixed).max(24)
}

/// Prints the mutants: name, variant, rule id, family and what the bug does.
pub fn list(json: bool) -> Result<ExitCode> {
    if json {
        let list: Vec<Value> = Mutant::ALL
            .iter()
            .map(|m| {
                json!({"name": m.name(), "variant": m.variant().id(), "rule": m.rule(),
                       "family": m.family().id(), "description": m.description()})
            })
            .collect();
        say!("{}", json!(list));
        return Ok(ExitCode::SUCCESS);
    }
    #[derive(Tabled)]
    struct Row {
        name: &'static str,
        variant: &'static str,
        rule: &'static str,
        family: &'static str,
        #[tabled(rename = "the planted bug")]
        what: String,
    }
    let what_width = what_width();
    let rows = Mutant::ALL.iter().map(|m| Row {
        name: m.name(),
        variant: m.variant().id(),
        rule: m.rule(),
        family: m.family().id(),
        what: super::register::fill(m.description(), what_width),
    });
    let mut table = Table::new(rows);
    table.with(Style::sharp());
    say!("{table}");
    say!(
        "{} mutants; plant one with --mutant NAME (moves, perft, show, bench, result, fixtures, perft-suite, diff)",
        Mutant::ALL.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// A mutant as the catch table names it.
fn planted(m: Mutant) -> Planted {
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
    let fixtures = load_fixtures(o.dir.clone())?;
    let chosen: Vec<Mutant> = if o.only.is_empty() {
        Mutant::ALL.to_vec()
    } else {
        o.only.clone()
    };
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
