//! `trichess perft-suite`: the perft tables against an engine.

use std::io::IsTerminal;
use std::process::ExitCode;

use anyhow::{Result, bail};
use trichess_suite::perft::PerftRow;
use trichess_suite::{Filter, Runner, Suite};

use crate::args::{Format, PerftSuiteOptions};

/// Checks the selected rows and prints one line per row; exits 1 on any failure.
pub fn run(o: PerftSuiteOptions) -> Result<ExitCode> {
    o.engine.validate(None)?;
    let mut engine = o.engine.build();
    let suite = Suite {
        fixtures: Vec::new(),
        tables: Suite::tables_of(o.dir.as_deref())?,
    };
    let (name, every_row, max_nodes) = (engine.name(), o.every_row, o.max_nodes);
    let skip = |row: &PerftRow| row.skipped_for(&name, max_nodes, every_row);
    let show = std::io::stderr().is_terminal();
    let filter = o.filter.as_deref().unwrap_or_default();
    let report = Runner::of(&suite).filter(Filter::parse(filter)).perft_with(
        engine.as_mut(),
        &skip,
        &mut |r| {
            if show {
                eprint!(
                    "\r\x1b[Kperft-suite: {} {} depth {}",
                    r.variant, r.id, r.depth
                );
            }
        },
    );
    if show {
        eprint!("\r\x1b[K");
    }
    if report.rows.is_empty() {
        bail!("no perft position matches '{filter}'");
    }
    let (passed, failed, _) = report.counts();
    if passed + failed == 0 {
        let why = report.rows.first().map(|r| r.verdict.to_string());
        bail!(
            "nothing to check: each of the {} rows is skipped ({})",
            report.rows.len(),
            why.unwrap_or_default()
        );
    }
    super::begin();
    match o.format {
        Format::Json => say!("{}", report.to_json()),
        Format::Table | Format::Markdown => {
            say!("{}", report.to_text(o.format == Format::Markdown))
        }
    }
    Ok(super::verdict(!report.failures().is_empty()))
}
