//! `trichess diff`: the differential run between two engines on generated positions (the
//! campaign of `trichess_diff`), with a discrepancy table (terminal, and Markdown + JSON + SVG
//! with `--report DIR`).

use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::ValueEnum;
use trichess_diff::attribute::Reference;
use trichess_diff::report::{LiveTable, Table, write_diff};
use trichess_diff::{Campaign, quietly};
use trichess_model::Variant;

use super::{Loud, build_engine, replay, spinner};
use crate::args::{DiffOptions, EngineChoice};

/// The variants `trichess diff --mutant NAME` runs: the mutant's own, which must be among those
/// asked for, with the fast engine second (it carries the mutant).
fn variants(o: &DiffOptions) -> Result<Vec<Variant>> {
    let asked = o.generated.variant.0.clone();
    let Some(m) = o.mutant else {
        return Ok(asked);
    };
    if o.engines.1 != EngineChoice::Fast {
        bail!(
            "--mutant plants a bug in the second engine, which must be fast (--engines oracle,fast or fast,fast)"
        );
    }
    if !asked.contains(&m.variant()) {
        bail!(
            "mutant {m} breaks {}, which --variant leaves out",
            m.variant()
        );
    }
    Ok(vec![m.variant()])
}

/// Runs the differential run: its readings and report directory checked first (an empty
/// report written), then the campaign, stopped early by SIGINT or SIGTERM (exit 130).
pub fn run(o: DiffOptions) -> Result<ExitCode> {
    let variants = variants(&o)?;
    let readings = trichess_suite::readings_for_run(&variants, &o.generated.interpretations.given)?;
    let seed = o.generated.seed.unwrap_or_else(trichess_diff::clock_seed);
    let command = replay(seed);
    if let Some(dir) = &o.report {
        super::writable_dir(dir)?;
        write_diff(dir, &command, seed, &Table::new(1, None), &[])?;
    }
    let (ea, eb) = o.engines;
    let threads = o.threads.max(1);
    say!(
        "trichess diff: seed {seed} (replay with --seed {seed}), engines {},{}{}, perft depth {} \
         every {} positions, {threads} thread{}",
        engine_id(ea),
        engine_id(eb),
        o.mutant.map_or(String::new(), |m| format!(" --mutant {m}")),
        o.generated.depth,
        o.perft_every,
        if threads == 1 { "" } else { "s" }
    );
    for note in &readings.notes {
        say!("note: {note}");
    }
    let g = &o.generated;
    let campaign = Campaign::new(&variants).seed(seed).threads(threads);
    let campaign = campaign.perft(g.depth, o.perft_every);
    let campaign = g.seconds.into_iter().fold(campaign, Campaign::seconds);
    let campaign = g.positions.into_iter().fold(campaign, Campaign::positions);
    let campaign = (readings.fixed.into_iter()).fold(campaign, |c, (v, f)| c.fixed(v, f));
    let loud = Loud(spinner());
    // The explanation of each row starts from the oracle's answers.
    let reference = match (ea, eb) {
        (EngineChoice::Fast, EngineChoice::Oracle) => Reference::Second,
        _ => Reference::First,
    };
    let live = LiveTable::new(
        (command, seed),
        o.report.clone(),
        (o.rows.max_rows, o.rows.rows_per_finding),
        reference,
        &loud,
    );
    super::begin_run();
    // A panic in an engine is caught and reported as a row, not printed.
    let (a, mutant) = (move || build_engine(ea, None), o.mutant);
    let result = quietly(|| campaign.run_with(a, move || build_engine(eb, mutant), &live));
    loud.0.finish_and_clear();
    let found = result?;
    let table = live.finish(&found)?;
    say!("{}", found.table());
    say!("{}", found.deep_table());
    if let Some(dir) = &o.report {
        say!("report: {}", dir.join("diff.md").display());
    }
    say!("{table}");
    Ok(super::verdict(!table.is_empty()))
}

/// The name of an engine on the command line.
fn engine_id(e: EngineChoice) -> String {
    e.to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string())
}
