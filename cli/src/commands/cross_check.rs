//! `trichess cross-check`: another implementation, run as a process speaking the protocol,
//! checked against trichess (`trichess_diff::cross_check`); with `--mutants`, the cross-check
//! of each mutant of the zoo served by this trichess.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, anyhow, bail};
use trichess_diff::cross_check::{
    self, CrossCheck, ReferenceEngine, not_found, sweep_text, write_sweep,
};
use trichess_diff::expect::Expectations;
use trichess_diff::zoo::Planted;
use trichess_fast::Mutant;
use trichess_model::Variant;
use trichess_protocol::{EXIT_INTERRUPTED, interrupted, split_words};

use super::{Loud, build_engine, replay, spinner};
use crate::args::{CrossCheckOptions, EngineChoice};

/// The readings given with `-i`, for each variant of the run.
type Fixed = BTreeMap<Variant, BTreeMap<String, String>>;

/// Runs the cross-check (or, with `--mutants`, one of each mutant): the readings and the report
/// directory checked first, stopped early by SIGINT or SIGTERM (exit 130).
pub fn run(options: CrossCheckOptions) -> Result<ExitCode> {
    let g = &options.generated;
    let seed = g.seed.unwrap_or_else(trichess_diff::clock_seed);
    let readings = trichess_suite::readings_for_run(&g.variant.0, &g.interpretations.given)?;
    if let Some(dir) = &options.report {
        super::writable_dir(dir)?;
    }
    let expectations = options
        .expect
        .as_deref()
        .map(Expectations::read)
        .transpose()?;
    if let Some(file) = &options.write_expect {
        trichess_diff::output::check_file(file)?;
    }
    for note in &readings.notes {
        say!("note: {note}");
    }
    let check = plan(&options, seed, readings.fixed);
    if options.mutants {
        return sweep(&options, &check);
    }
    let text = options.command.as_deref().unwrap_or_default();
    let command = split_words(text).map_err(|e| anyhow!("--engine: {e}"))?;
    if command.is_empty() {
        bail!("--engine: the command is empty");
    }
    let check = CrossCheck { command, ..check };
    super::begin_run();
    let loud = Loud(spinner());
    let found = check.run(reference(options.reference), &loud);
    loud.0.finish_and_clear();
    if found.is_err() && interrupted() {
        say!("interrupted before the engine answered its handshake");
        return Ok(ExitCode::from(EXIT_INTERRUPTED));
    }
    let found = found?;
    say!("{}", found.summary(interrupted()));
    if let Some(dir) = &options.report {
        say!("report: {}", dir.join("cross-check.md").display());
    }
    say!("{}", found.table);
    if let Some(file) = &options.write_expect {
        let text = Expectations::starting_file(&found.table, &replay(seed));
        trichess_diff::output::write(file, &text)?;
        if file.as_os_str() != "-" {
            say!("expectations written: {}", file.display());
        }
    }
    let failed = match &expectations {
        Some(expectations) => {
            let judgement = expectations.judge(&found.table);
            say!("{}", judgement.lines().join("\n"));
            !judgement.unexpected.is_empty()
        }
        None => options.write_expect.is_none() && !found.table.is_empty(),
    };
    Ok(super::verdict(failed))
}

/// The reference engine of `--reference`.
fn reference(choice: EngineChoice) -> ReferenceEngine {
    Arc::new(move || build_engine(choice, None))
}

/// The cross-check of `options` (of no engine yet) under the readings `fixed`.
fn plan(options: &CrossCheckOptions, seed: u64, fixed: Fixed) -> CrossCheck {
    CrossCheck {
        command: Vec::new(),
        variants: options.generated.variant.0.clone(),
        fixed,
        seed,
        seconds: options.generated.seconds,
        positions: options.generated.positions,
        depth: options.generated.depth,
        timeout: Duration::from_millis(options.timeout_ms),
        max_nodes: options.max_nodes,
        max_rows: options.rows.max_rows,
        per_finding: options.rows.rows_per_finding,
        report: options.report.clone(),
        invocation: replay(seed),
    }
}

/// Cross-checks every mutant of the zoo (of the variants asked), each served by this trichess
/// (`trichess serve --mutant NAME`), and prints (and with `--report DIR` writes
/// `DIR/cross-check-mutants.md` and `.json`) which rows each brings and whether one names the
/// rule the mutant breaks. Exits 1 if a mutant brings no row.
fn sweep(options: &CrossCheckOptions, check: &CrossCheck) -> Result<ExitCode> {
    let exe = std::env::current_exe()?.to_string_lossy().into_owned();
    let seed = check.seed;
    super::begin_run();
    let reference_name = build_engine(options.reference, None).name();
    say!("trichess cross-check --mutants: seed {seed}, first engine {reference_name}");
    let bugs: Vec<Planted> = (Mutant::ALL.into_iter())
        .filter(|m| options.generated.variant.0.contains(&m.variant()))
        .map(Planted::from)
        .collect();
    let serve = |name: &str| vec![exe.clone(), "serve".into(), "--mutant".into(), name.into()];
    let (table, stopped) = cross_check::sweep(&bugs, check, serve, &reference(options.reference))?;
    if stopped {
        say!("interrupted after {} mutants", table.len());
    }
    say!("{}", sweep_text(&table));
    if let Some(dir) = &options.report {
        write_sweep(dir, (&check.invocation, &reference_name, seed), &table)?;
        say!("report: {}", dir.join("cross-check-mutants.md").display());
    }
    let escaped = not_found(&table);
    if !escaped.is_empty() {
        say!("not found: {}", escaped.join(", "));
    }
    Ok(super::verdict(!escaped.is_empty()))
}
