//! `trichess diff`: the differential run between two engines on generated positions (the
//! campaign of `trichess_diff`), with a discrepancy table (terminal, and Markdown + JSON + SVG
//! with `--report DIR`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Result, anyhow, bail};
use serde_json::json;
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_diff::report::{self, Head, ReportError, Row};
use trichess_diff::{Campaign, Discovery, Flow, Sink};
use trichess_fast::Fast;
use trichess_model::{Engine, Variant};
use trichess_oracle::Oracle;
use trichess_suite::Register;

use super::{interpretation_map, spinner};
use crate::args::{DiffOptions, EngineChoice, PERFT_EVERY};

/// How a variant's run went.
#[derive(Clone, Debug, Tabled)]
struct Summary {
    variant: &'static str,
    positions: u64,
    seconds: String,
    #[tabled(rename = "positions/s")]
    rate: String,
    discrepancies: usize,
}

/// The rows found so far, rewritten to the report as they come, and the progress line.
struct Live {
    report: Option<(std::path::PathBuf, String, u64)>,
    max_rows: usize,
    registers: BTreeMap<Variant, Register>,
    rows: Mutex<(Vec<Row>, BTreeSet<String>, Option<ReportError>)>,
    progress: indicatif::ProgressBar,
}

impl Sink for Live {
    fn found(&self, d: &Discovery) -> Flow {
        let Ok(mut live) = self.rows.lock() else {
            return Flow::Stop;
        };
        let (rows, seen, error) = &mut *live;
        let Some(register) = self.registers.get(&d.variant) else {
            return Flow::Continue;
        };
        if !seen.insert(d.shrunk.key()) {
            return Flow::Continue;
        }
        rows.push(report::row(rows.len() + 1, &d.shrunk, register));
        if let Some((dir, command, seed)) = &self.report
            && let Err(e) = write_report(dir, command, *seed, rows)
        {
            error.get_or_insert(e);
            return Flow::Stop;
        }
        if rows.len() >= self.max_rows {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    fn progress(&self, variant: Variant, positions: u64, elapsed: Duration) {
        let rows = self.rows.lock().map_or(0, |l| l.0.len());
        self.progress.set_message(format!(
            "{variant}: {positions} positions, {:.0}/s, {rows} discrepancies",
            positions as f64 / elapsed.as_secs_f64().max(1e-9)
        ));
        self.progress.tick();
    }

    fn note(&self, variant: Variant, note: &str) {
        self.progress.suspend(|| {
            use std::io::Write as _;
            let _ = writeln!(std::io::stdout().lock(), "{variant}: {note}");
        });
    }
}

fn factory(
    choice: EngineChoice,
    mutant: Option<trichess_fast::Mutant>,
) -> impl Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static {
    move || match (choice, mutant) {
        (EngineChoice::Oracle, _) => Box::new(Oracle) as Box<dyn Engine>,
        (EngineChoice::Fast, None) => Box::new(Fast::default()),
        (EngineChoice::Fast, Some(m)) => Box::new(Fast::with_mutant(m)),
    }
}

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

/// Runs the differential run.
pub fn run(o: DiffOptions) -> Result<ExitCode> {
    let variants = variants(&o)?;
    let seed = o.generated.seed.unwrap_or_else(super::clock_seed);
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
    let mut registers = BTreeMap::new();
    for &v in &variants {
        campaign = campaign.fixed(v, interpretation_map(v, &o.generated.interpretations)?);
        registers.insert(v, Register::of(v)?);
    }
    let command = command_line(&o, &variants, seed);
    let live = Live {
        report: o.report.clone().map(|dir| (dir, command.clone(), seed)),
        max_rows: o.max_rows,
        registers,
        rows: Mutex::new(Default::default()),
        progress: spinner(),
    };
    // A panic in an engine is caught and reported as a row; keep the default hook from
    // printing it.
    std::panic::set_hook(Box::new(|_| {}));
    let result = campaign.run_with(factory(ea, None), factory(eb, o.mutant), &live);
    let _ = std::panic::take_hook();
    live.progress.finish_and_clear();
    let found = result?;
    let (_, _, error) = live
        .rows
        .into_inner()
        .map_err(|_| anyhow!("a diff thread failed"))?;
    if let Some(e) = error {
        return Err(e.into());
    }
    let summaries: Vec<Summary> = found
        .runs
        .iter()
        .map(|r| Summary {
            variant: r.variant.id(),
            positions: r.positions,
            seconds: format!("{:.1}", r.seconds),
            rate: format!("{:.0}", r.positions as f64 / r.seconds.max(1e-9)),
            discrepancies: r.findings,
        })
        .collect();
    // The final rows: every thread's, in the order of the variants, then of the threads, then
    // as found, so that a run with `--positions` gives the same report however fast its
    // threads go.
    let rows: Vec<Row> = found
        .findings
        .iter()
        .take(o.max_rows)
        .enumerate()
        .map(|(i, f)| report::row(i + 1, f, &live.registers[&f.game.variant]))
        .collect();
    if let Some(dir) = &o.report {
        write_report(dir, &command, seed, &rows)?;
    }
    say!("{}", Table::new(&summaries).with(Style::sharp()));
    if let Some(dir) = &o.report {
        say!("report: {}", dir.join("diff.md").display());
    }
    if rows.is_empty() {
        say!("no discrepancies");
        return Ok(ExitCode::SUCCESS);
    }
    say!("{}", Table::new(&rows).with(Style::sharp()));
    for r in &rows {
        say!("#{} fixture ({} pieces): {}", r.number, r.pieces, r.fixture);
    }
    Ok(ExitCode::FAILURE)
}

/// The command that replays a run, as the report names it.
fn command_line(o: &DiffOptions, variants: &[Variant], seed: u64) -> String {
    let mut words = vec!["trichess diff".to_string()];
    let ids: Vec<&str> = variants.iter().map(|v| v.id()).collect();
    words.push(if variants == Variant::ALL {
        "--variant all".into()
    } else {
        format!("--variant {}", ids.join(","))
    });
    for given in &o.generated.interpretations.given {
        words.push(format!("-i {given}"));
    }
    match (o.generated.seconds, o.generated.positions) {
        (_, Some(p)) => words.push(format!("--positions {p}")),
        (Some(s), None) => words.push(format!("--seconds {s}")),
        (None, None) => {}
    }
    words.push(format!("--seed {seed}"));
    if o.engines != (EngineChoice::Oracle, EngineChoice::Fast) {
        let (a, b) = o.engines;
        words.push(format!("--engines {},{}", engine_id(a), engine_id(b)));
    }
    if o.generated.depth != 2 {
        words.push(format!("--depth {}", o.generated.depth));
    }
    if o.perft_every != PERFT_EVERY {
        words.push(format!("--perft-every {}", o.perft_every));
    }
    if o.max_rows != 20 {
        words.push(format!("--max-rows {}", o.max_rows));
    }
    if o.threads != 1 {
        words.push(format!("--threads {}", o.threads));
    }
    if let Some(m) = o.mutant {
        words.push(format!("--mutant {m}"));
    }
    words.join(" ")
}

fn engine_id(e: EngineChoice) -> &'static str {
    match e {
        EngineChoice::Oracle => "oracle",
        EngineChoice::Fast => "fast",
    }
}

/// Writes the report of `rows` into `dir` (see [`report::write`]); `command` is the command
/// that replays the run.
fn write_report(dir: &Path, command: &str, seed: u64, rows: &[Row]) -> Result<(), ReportError> {
    let head = Head {
        stem: "diff",
        generated_by: Some(command.to_string()),
        title: "trichess diff: discrepancies".into(),
        intro: format!(
            "{} rows. The fixtures' rules, quote and expectation (the first engine's answer) are \
             for a person to confirm. Diagrams show the position, with the move (if any) as an \
             arrow.",
            rows.len()
        ),
        json: json!({"generated_by": command, "seed": seed}),
    };
    report::write(dir, &head, rows)
}
