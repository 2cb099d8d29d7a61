//! `trichess diff`: the differential run between two engines on generated positions (the
//! campaign of `trichess_diff`), with a discrepancy table (terminal, and Markdown + JSON + SVG
//! with `--report DIR`).

use std::process::ExitCode;

use anyhow::{Result, bail};
use trichess_diff::Campaign;
use trichess_diff::attribute::Reference;
use trichess_diff::report::{LiveTable, Table, write_diff};
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
        write_diff(dir, &command, seed, &Table::new(1, None))?;
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
    let mut campaign = Campaign::new(&variants)
        .seed(seed)
        .threads(threads)
        .perft(o.generated.depth, o.perft_every);
    if let Some(s) = o.generated.seconds {
        campaign = campaign.seconds(s);
    }
    if let Some(p) = o.generated.positions {
        campaign = campaign.positions(p);
    }
    for (v, fixed) in readings.fixed {
        campaign = campaign.fixed(v, fixed);
    }
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
    // A panic in an engine is caught and reported as a row; keep the default hook from
    // printing it.
    std::panic::set_hook(Box::new(|_| {}));
    let result = campaign.run_with(
        move || build_engine(ea, None),
        move || build_engine(eb, o.mutant),
        &live,
    );
    let _ = std::panic::take_hook();
    loud.0.finish_and_clear();
    let found = result?;
    let table = live.finish(&found)?;
    say!("{}", found.table());
    if let Some(dir) = &o.report {
        say!("report: {}", dir.join("diff.md").display());
    }
    say!("{table}");
    Ok(super::verdict(!table.is_empty()))
}

fn engine_id(e: EngineChoice) -> &'static str {
    match e {
        EngineChoice::Oracle => "oracle",
        EngineChoice::Fast => "fast",
    }
}
