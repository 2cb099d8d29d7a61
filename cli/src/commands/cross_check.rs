//! `trichess cross-check`: another implementation, run as a process speaking the protocol,
//! checked against trichess (`trichess_diff::cross_check`); with `--mutants`, the cross-check
//! of each mutant of the zoo served by this trichess.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, anyhow, bail};
use serde_json::{Value, json};
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_diff::cross_check::{CrossCheck, Findings, Observer, Reference, Silent};
use trichess_diff::report::write_atomic;
use trichess_fast::Mutant;
use trichess_protocol::split_words;
use trichess_suite::Register;

use super::{build_engine, interpretation_map, spinner};
use crate::args::{CrossCheckOptions, EngineChoice};

/// Tells the user what the cross-check does: lines on standard output, progress on a spinner.
struct Loud(indicatif::ProgressBar);

impl Observer for Loud {
    fn say(&self, line: &str) {
        self.0.suspend(|| {
            use std::io::Write as _;
            let _ = writeln!(std::io::stdout().lock(), "{line}");
        });
    }

    fn progress(&self, message: &str) {
        self.0.set_message(message.to_string());
        self.0.tick();
    }
}

/// Runs the cross-check (or, with `--mutants`, one of each mutant).
pub fn run(options: CrossCheckOptions) -> Result<ExitCode> {
    let seed = options.generated.seed.unwrap_or_else(super::clock_seed);
    if options.mutants {
        return sweep(&options, seed);
    }
    let text = options.command.as_deref().unwrap_or_default();
    let command = split_words(text).map_err(|e| anyhow!("--engine: {e}"))?;
    if command.is_empty() {
        bail!("--engine: the command is empty");
    }
    let check = plan(&options, command, seed, &options.generated.variant.0, true)?;
    let loud = Loud(spinner());
    let found = check.run(reference(options.reference), &loud);
    loud.0.finish_and_clear();
    let found = found?;
    for m in &found.matches {
        say!("{}", m.verdict);
    }
    if let Some(why) = &found.given_up {
        say!("the engine was given up: {why}");
    }
    say!("{}", Table::new(&found.summaries).with(Style::sharp()));
    if let Some(dir) = &options.report {
        say!("report: {}", dir.join("cross-check.md").display());
    }
    if found.rows.is_empty() {
        say!("no discrepancies");
        return Ok(ExitCode::SUCCESS);
    }
    say!("{}", Table::new(&found.rows).with(Style::sharp()));
    for r in &found.rows {
        say!("#{} ({} pieces): {}", r.number, r.pieces, r.fixture);
    }
    Ok(ExitCode::FAILURE)
}

/// The reference engine of `--reference`.
fn reference(choice: EngineChoice) -> Reference {
    Arc::new(move || build_engine(choice))
}

/// The cross-check of the engine `command` on the variants `asked`; with `loud`, it writes
/// the report of `--report`.
fn plan(
    options: &CrossCheckOptions,
    command: Vec<String>,
    seed: u64,
    asked: &[trichess_model::Variant],
    loud: bool,
) -> Result<CrossCheck> {
    let mut fixed = BTreeMap::new();
    for &v in asked {
        fixed.insert(
            v,
            interpretation_map(v, &options.generated.interpretations)?,
        );
    }
    Ok(CrossCheck {
        command,
        variants: asked.to_vec(),
        fixed,
        seed,
        seconds: options.generated.seconds,
        positions: options.generated.positions,
        depth: options.generated.depth,
        timeout: Duration::from_millis(options.timeout_ms),
        max_nodes: options.max_nodes,
        max_rows: options.max_rows,
        report: if loud { options.report.clone() } else { None },
        invocation: invocation(options, seed),
    })
}

/// The command line that replays the run, for the report's header.
fn invocation(options: &CrossCheckOptions, seed: u64) -> String {
    let mut words = vec!["trichess cross-check".to_string()];
    match &options.command {
        Some(command) => words.push(format!("--engine '{command}'")),
        None => words.push("--mutants".into()),
    }
    if options.reference != EngineChoice::Oracle {
        words.push(format!(
            "--reference {}",
            build_engine(options.reference).name()
        ));
    }
    if options.generated.variant.0.len() == 1 {
        words.push(format!("--variant {}", options.generated.variant.0[0]));
    }
    for given in &options.generated.interpretations.given {
        words.push(format!("-i {given}"));
    }
    match (options.generated.seconds, options.generated.positions) {
        (Some(s), _) => words.push(format!("--seconds {s}")),
        (None, Some(p)) => words.push(format!("--positions {p}")),
        (None, None) => {}
    }
    words.push(format!("--seed {seed}"));
    words.join(" ")
}

/// How one mutant fared: the rows its cross-check found, and whether one names its rule (or,
/// for a clause split into parts, one of the parts).
#[derive(Clone, Debug, Tabled)]
struct MutantRow {
    mutant: &'static str,
    rule: &'static str,
    rows: usize,
    #[tabled(rename = "rule named")]
    named: &'static str,
    #[tabled(rename = "first row")]
    first: String,
    #[tabled(rename = "rules named")]
    rules: String,
}

/// Says how one mutant's cross-check named the rule it breaks.
fn mutant_row(m: Mutant, found: &Findings) -> Result<MutantRow> {
    let mut rules: Vec<&str> = Vec::new();
    for id in found.rows.iter().flat_map(|r| r.rules.split(' ')) {
        if id.contains('.') && !rules.contains(&id) {
            rules.push(id);
        }
    }
    // A split clause is named by any of its parts.
    let register = Register::of(m.variant())?;
    let parts = register
        .clauses
        .iter()
        .find(|c| c.id == m.rule())
        .map(|c| c.parts.clone())
        .unwrap_or_default();
    let named = rules.contains(&m.rule()) || parts.iter().any(|p| rules.contains(&p.as_str()));
    Ok(MutantRow {
        mutant: m.name(),
        rule: m.rule(),
        rows: found.rows.len(),
        named: if named { "yes" } else { "no" },
        first: found
            .rows
            .first()
            .map_or("-".into(), |r| format!("{} {}", r.kind, r.mv)),
        rules: rules.join(" "),
    })
}

/// Cross-checks every mutant of the zoo (of the variants asked), each served by this trichess
/// (`trichess serve --mutant NAME`), and prints (and with `--report DIR` writes
/// `DIR/cross-check-mutants.md` and `.json`) which rows each brings and whether one names the
/// rule the mutant breaks. Exits 1 if a mutant brings no row.
fn sweep(options: &CrossCheckOptions, seed: u64) -> Result<ExitCode> {
    let exe = std::env::current_exe()?.to_string_lossy().into_owned();
    let reference_name = build_engine(options.reference).name();
    say!("trichess cross-check --mutants: seed {seed}, first engine {reference_name}");
    let mut table = Vec::new();
    for m in Mutant::ALL
        .into_iter()
        .filter(|m| options.generated.variant.0.contains(&m.variant()))
    {
        let command = vec![
            exe.clone(),
            "serve".into(),
            "--mutant".into(),
            m.name().into(),
        ];
        let check = plan(options, command, seed, &[m.variant()], false)?;
        let found = check.run(reference(options.reference), &Silent)?;
        table.push(mutant_row(m, &found)?);
    }
    let escaped: Vec<&str> = table
        .iter()
        .filter(|r| r.rows == 0)
        .map(|r| r.mutant)
        .collect();
    let named = table.iter().filter(|r| r.named == "yes").count();
    say!("{}", Table::new(&table).with(Style::sharp()));
    say!(
        "{} mutants: {} found, {named} with their rule named",
        table.len(),
        table.len() - escaped.len()
    );
    if let Some(dir) = &options.report {
        std::fs::create_dir_all(dir)?;
        let mut md = format!(
            "# trichess cross-check of the mutant zoo\n\nGenerated by `{}`. Each mutant of the \
             fast engine (`trichess mutants`) served by `trichess serve --mutant NAME` and \
             cross-checked against trichess's {reference_name}: the rows found, the first of \
             them, the rule ids the rows name, and whether they name the rule the mutant \
             breaks.\n\n",
            invocation(options, seed)
        );
        md += &Table::new(&table).with(Style::markdown()).to_string();
        md.push('\n');
        write_atomic(&dir.join("cross-check-mutants.md"), &md)?;
        let rows: Vec<Value> = table
            .iter()
            .map(|r| {
                json!({"mutant": r.mutant, "rule": r.rule, "rows": r.rows,
                       "rule_named": r.named == "yes", "first_row": r.first,
                       "rules_named": r.rules})
            })
            .collect();
        let json = json!({"seed": seed, "mutants": rows});
        write_atomic(
            &dir.join("cross-check-mutants.json"),
            &serde_json::to_string_pretty(&json)?,
        )?;
        say!("report: {}", dir.join("cross-check-mutants.md").display());
    }
    if escaped.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        say!("not found: {}", escaped.join(", "));
        Ok(ExitCode::FAILURE)
    }
}
