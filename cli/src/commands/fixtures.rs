//! `trichess fixtures`: the fixture suite against an engine, with results by rule clause.

use std::io::IsTerminal;
use std::process::ExitCode;

use anyhow::{Result, bail};
use trichess_suite::fixture::PositionSpec;
use trichess_suite::{Filter, Runner, Suite};

use crate::args::{FixturesOptions, Format};

/// Runs the fixtures (those `filter` selects, if given) and prints the results.
pub fn run(o: FixturesOptions) -> Result<ExitCode> {
    o.engine.validate(None)?;
    let mut engine = o.engine.build();
    let (filter, dir, format) = (o.filter.as_deref(), o.dir, o.format);
    let from = dir
        .as_ref()
        .map_or("trichess's suite".to_string(), |d| d.display().to_string());
    let suite = Suite {
        fixtures: Suite::fixtures_of(dir.as_deref())?,
        tables: Vec::new(),
    };
    let runner = Runner::of(&suite).filter(Filter::parse(filter.unwrap_or_default()));
    let selected = runner.selected_fixtures();
    if selected.is_empty() {
        match filter {
            Some(text) => bail!("no fixture name contains '{text}'"),
            None => bail!("no fixtures (*.json files) in {from}"),
        }
    }
    let unknown = trichess_suite::register::unknown_ids(selected.iter().copied())?;
    if !unknown.is_empty() {
        bail!("bad fixtures: {}", unknown.join("; "));
    }
    super::begin();
    let show = std::io::stderr().is_terminal();
    let report = runner.fixtures_with(engine.as_mut(), &mut |i, n| {
        if show {
            eprint!("\rfixture {i}/{n}");
        }
    });
    if show {
        eprint!("\r\x1b[K");
    }
    // What a reader must know about the starting positions the fixtures use (that one is a
    // reconstruction, say), one line per variant.
    let starts = selected
        .iter()
        .filter(|f| f.position == PositionSpec::Start);
    let notes = trichess_oracle::start_notes(starts.map(|f| f.variant));
    match format {
        Format::Json => say!("{}", report.to_json(&notes)),
        Format::Table | Format::Markdown => {
            say!("{}", report.to_text(format == Format::Markdown, &notes))
        }
    }
    Ok(super::verdict(!report.failures().is_empty()))
}
