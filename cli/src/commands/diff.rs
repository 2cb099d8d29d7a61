//! `trichess diff`: the differential run between two engines on generated positions, with
//! a discrepancy table (terminal, and Markdown + JSON + SVG with `--report DIR`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use serde_json::json;
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_diff::{Choices, Duel, EngineFactory, Finding, Generator, Seeded, Step, shrink};
use trichess_fast::{Fast, Mutant};
use trichess_model::{Engine, Game, PerftTable, Setup, Variant};
use trichess_oracle::Oracle;
use trichess_oracle::register::Register;

use super::report::{self, Head, Row};
use super::{EngineChoice, Interpretations, interpretation_map};

/// The options of `trichess diff`.
#[derive(Debug)]
pub struct Options {
    pub variants: Vec<Variant>,
    pub interpretations: Interpretations,
    pub seconds: Option<u64>,
    pub positions: Option<u64>,
    pub seed: Option<u64>,
    pub engines: (EngineChoice, EngineChoice),
    pub report: Option<PathBuf>,
    pub depth: u32,
    pub perft_every: u64,
    pub max_rows: usize,
    pub threads: usize,
    /// The rules bug planted in the second engine (the fast one), if any.
    pub mutant: Option<Mutant>,
}

fn factory(choice: EngineChoice, mutant: Option<Mutant>) -> EngineFactory {
    match (choice, mutant) {
        (EngineChoice::Oracle, _) => Box::new(|| Box::new(Oracle) as Box<dyn Engine>),
        (EngineChoice::Fast, None) => Box::new(|| Box::new(Fast::default()) as Box<dyn Engine>),
        (EngineChoice::Fast, Some(m)) => {
            Box::new(move || Box::new(Fast::with_mutant(m)) as Box<dyn Engine>)
        }
    }
}

/// Reads `--engines A,B`.
pub fn parse_engines(text: &str) -> Result<(EngineChoice, EngineChoice), String> {
    let one = |name: &str| match name {
        "oracle" => Ok(EngineChoice::Oracle),
        "fast" => Ok(EngineChoice::Fast),
        other => Err(format!("unknown engine '{other}' (known: oracle, fast)")),
    };
    match text.split_once(',') {
        Some((a, b)) => Ok((one(a)?, one(b)?)),
        None => Err(format!(
            "'{text}' is not two engines A,B (like oracle,fast)"
        )),
    }
}

/// The variants of `--variant V|all`.
#[derive(Clone, Debug)]
pub struct Variants(pub Vec<Variant>);

/// Reads `--variant V|all`.
pub fn parse_variants(text: &str) -> Result<Variants, String> {
    if text == "all" {
        return Ok(Variants(Variant::ALL.to_vec()));
    }
    text.parse::<Variant>()
        .map(|v| Variants(vec![v]))
        .map_err(|e| format!("{e} or all"))
}

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

/// The seed thread `thread` (from 0) of `variant` walks with, in a run with `seed`: the run's
/// seed plus 1000 times the variant's place in [`Variant::ALL`] (O'Sullivan 0, Yalta 1, Yuri
/// 2, Triple Crown 3) plus the thread's number. A variant's walks thus do not depend on the
/// other variants of the run, nor on how fast the threads go.
pub fn walk_seed(seed: u64, variant: Variant, thread: usize) -> u64 {
    let place = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
    seed.wrapping_add(1000 * place as u64 + thread as u64)
}

/// What every thread of a run shares: the rows found so far (rewritten to the report as they
/// come), the positions compared in the current variant, and whether to stop.
struct Shared {
    report: Option<PathBuf>,
    header: String,
    seed: u64,
    max_rows: usize,
    live: Mutex<Live>,
    compared: AtomicU64,
    stop: AtomicBool,
}

#[derive(Default)]
struct Live {
    rows: Vec<Row>,
    seen: BTreeSet<String>,
}

impl Shared {
    /// Adds a row for `finding` unless one has its key, and rewrites the report.
    fn found(&self, finding: &Finding, register: &Register) -> Result<()> {
        let mut live = self
            .live
            .lock()
            .map_err(|_| anyhow!("a diff thread failed"))?;
        if !live.seen.insert(finding.key()) {
            return Ok(());
        }
        let number = live.rows.len() + 1;
        live.rows.push(report::row(number, finding, register));
        if live.rows.len() >= self.max_rows {
            self.stop.store(true, Ordering::Relaxed);
        }
        if let Some(dir) = &self.report {
            write_report(dir, &self.header, self.seed, &live.rows)?;
        }
        Ok(())
    }

    fn rows(&self) -> usize {
        self.live.lock().map_or(0, |l| l.rows.len())
    }
}

/// One thread's share of a variant's run.
struct Walk<'a> {
    variant: Variant,
    fixed: &'a BTreeMap<String, String>,
    open: &'a [(String, Vec<String>)],
    roots: &'a [Setup],
    register: &'a Register,
    engines: (EngineChoice, EngineChoice),
    mutant: Option<Mutant>,
    depth: u32,
    perft_every: u64,
    deadline: Option<Instant>,
    budget: Option<u64>,
    shared: &'a Shared,
}

impl Walk<'_> {
    /// Walks with the choices of `seed` until the time or the budget is spent (or the run has
    /// its rows): returns the positions compared and the findings, shrunk, in the order found.
    fn run(&self, seed: u64) -> Result<(u64, Vec<Finding>)> {
        let mut duel = Duel::new(
            factory(self.engines.0, None),
            factory(self.engines.1, self.mutant),
        );
        let mut choices = Seeded::new(seed);
        let mut compared = 0u64;
        let mut generated = 0u64;
        let mut findings = Vec::new();
        let mut seen = BTreeSet::new();
        let mut generator: Option<(Generator, u64)> = None;
        loop {
            if self.deadline.is_some_and(|d| Instant::now() >= d)
                || self.budget.is_some_and(|b| compared >= b)
                || self.shared.stop.load(Ordering::Relaxed)
            {
                break;
            }
            if generator.as_ref().is_none_or(|(_, steps)| *steps >= 200) {
                generator = Some((self.generator(&mut duel, &mut choices)?, 0));
            }
            let Some((gen_, steps)) = generator.as_mut() else {
                continue;
            };
            *steps += 1;
            let game = gen_.game().clone();
            let finding = match gen_.next(&mut duel, &mut choices) {
                None => {
                    generator = None;
                    continue;
                }
                Some(Step::Finding(f)) => Some(f),
                Some(Step::Position(setup)) => {
                    // Perft on every `perft_every`-th position; the move sets of every
                    // position are compared, which is perft 1 and more.
                    let depth = if generated.is_multiple_of(self.perft_every) {
                        self.depth
                    } else {
                        1
                    };
                    generated += 1;
                    let c = duel.compare(&game, &setup, depth);
                    compared += c.positions;
                    self.shared
                        .compared
                        .fetch_add(c.positions, Ordering::Relaxed);
                    c.finding.map(|f| match gen_.trail() {
                        Some((origin, moves)) => f.reached_from(origin, moves),
                        None => f,
                    })
                }
            };
            if let Some(f) = finding {
                generator = None;
                let f = shrink(&mut duel, f, self.depth, 400);
                if seen.insert(f.key()) {
                    self.shared.found(&f, self.register)?;
                    findings.push(f);
                }
            }
        }
        Ok((compared, findings))
    }

    /// A generator for a new random game: its readings drawn, its roots the start and, half
    /// the time, the perft tables' positions.
    fn generator(&self, duel: &mut Duel, choices: &mut Seeded) -> Result<Generator> {
        let mut game = trichess_diff::random_game(self.variant, self.open, choices);
        game.interpretations.extend(self.fixed.clone());
        if let Err(why) = duel.supports(&game) {
            bail!("the engines do not both play {}: {why}", self.variant);
        }
        let mut game_roots = Vec::new();
        if let Some(start) = duel.start(&game) {
            game_roots.push(start);
        }
        game_roots.extend(self.roots.iter().cloned());
        if choices.chance(50) && game_roots.len() > 1 {
            // Walks from the start half the time, else from any root.
            game_roots.truncate(1);
        }
        Ok(Generator::new(game, game_roots))
    }
}

/// Runs the differential run.
pub fn run(options: Options) -> Result<ExitCode> {
    let seed = options.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    let (ea, eb) = options.engines;
    let threads = options.threads.max(1);
    say!(
        "trichess diff: seed {seed} (replay with --seed {seed}), engines {},{}{}, perft depth {} \
         every {} positions, {threads} thread{}",
        engine_id(ea),
        engine_id(eb),
        options
            .mutant
            .map_or(String::new(), |m| format!(" --mutant {m}")),
        options.depth,
        options.perft_every,
        if threads == 1 { "" } else { "s" }
    );
    // A panic in an engine is caught and reported as a row; keep the default hook from
    // printing it.
    std::panic::set_hook(Box::new(|_| {}));
    let result = run_variants(&options, seed, threads);
    let _ = std::panic::take_hook();
    let (summaries, rows) = result?;
    say!("{}", Table::new(&summaries).with(Style::sharp()));
    if let Some(dir) = &options.report {
        say!("report: {}", dir.join("diff.md").display());
    }
    if rows.is_empty() {
        say!("no discrepancies");
        Ok(ExitCode::SUCCESS)
    } else {
        say!("{}", Table::new(&rows).with(Style::sharp()));
        for r in &rows {
            say!("#{} fixture ({} pieces): {}", r.number, r.pieces, r.fixture);
        }
        Ok(ExitCode::FAILURE)
    }
}

/// The command that replays a run, as the report names it.
fn command_line(options: &Options, seed: u64) -> String {
    let mut words = vec!["trichess diff".to_string()];
    let ids: Vec<&str> = options.variants.iter().map(|v| v.id()).collect();
    words.push(if options.variants == Variant::ALL {
        "--variant all".into()
    } else {
        format!("--variant {}", ids.join(","))
    });
    for given in &options.interpretations.given {
        words.push(format!("-i {given}"));
    }
    match (options.seconds, options.positions) {
        (_, Some(p)) => words.push(format!("--positions {p}")),
        (Some(s), None) => words.push(format!("--seconds {s}")),
        (None, None) => {}
    }
    words.push(format!("--seed {seed}"));
    if options.engines != (EngineChoice::Oracle, EngineChoice::Fast) {
        let (a, b) = options.engines;
        words.push(format!("--engines {},{}", engine_id(a), engine_id(b)));
    }
    if options.depth != 2 {
        words.push(format!("--depth {}", options.depth));
    }
    if options.perft_every != PERFT_EVERY {
        words.push(format!("--perft-every {}", options.perft_every));
    }
    if options.max_rows != 20 {
        words.push(format!("--max-rows {}", options.max_rows));
    }
    if options.threads != 1 {
        words.push(format!("--threads {}", options.threads));
    }
    if let Some(m) = options.mutant {
        words.push(format!("--mutant {m}"));
    }
    words.join(" ")
}

/// The default of `--perft-every`.
pub const PERFT_EVERY: u64 = 4;

/// Runs every variant in turn, each on `threads` threads, and writes the final report: the
/// rows of every thread, in the order of the variants, then of the threads, then as found,
/// so that a run with `--positions` gives the same report however fast its threads go.
fn run_variants(options: &Options, seed: u64, threads: usize) -> Result<(Vec<Summary>, Vec<Row>)> {
    let n = options.variants.len() as u64;
    let seconds = match (options.seconds, options.positions) {
        (Some(s), _) => Some(s),
        (None, Some(_)) => None,
        (None, None) => Some(10),
    };
    let progress = report::spinner();
    let roots_dir = super::fixture_dir(None).ok().map(|d| d.join("perft"));
    let tables = roots_dir
        .and_then(|d| PerftTable::load_dir(&d).ok())
        .unwrap_or_default();
    let shared = Shared {
        report: options.report.clone(),
        header: command_line(options, seed),
        seed,
        max_rows: options.max_rows,
        live: Mutex::new(Live::default()),
        compared: AtomicU64::new(0),
        stop: AtomicBool::new(false),
    };
    let mut summaries = Vec::new();
    let mut findings: Vec<(Finding, Variant)> = Vec::new();
    let mut registers = BTreeMap::new();
    for &variant in &options.variants {
        let fixed = interpretation_map(variant, &options.interpretations)?;
        let mut open: Vec<(String, Vec<String>)> = trichess_oracle::interpretations(variant)
            .into_iter()
            .filter(|i| !fixed.contains_key(i.id))
            .map(|i| {
                (
                    i.id.to_string(),
                    i.readings.iter().map(|r| r.to_string()).collect(),
                )
            })
            .collect();
        // A reading one engine does not play is left out of the draw (and said), not a row.
        let probe = Duel::new(
            factory(options.engines.0, None),
            factory(options.engines.1, options.mutant),
        );
        for (id, readings) in &mut open {
            let mut kept = Vec::new();
            for (k, reading) in readings.drain(..).enumerate() {
                let mut game = Game::new(variant);
                game.interpretations.clone_from(&fixed);
                game.interpretations.insert(id.clone(), reading.clone());
                match probe.supports(&game) {
                    Err(why) if k > 0 => {
                        say!("{variant}: not compared under {id}={reading}: {why}")
                    }
                    _ => kept.push(reading),
                }
            }
            *readings = kept;
        }
        let register = Register::of(variant)?;
        let mut roots = Vec::new();
        for table in tables.iter().filter(|t| t.variant == variant) {
            for p in &table.positions {
                if p.position != "start"
                    && let Ok(setup) = Setup::parse(variant, &p.position)
                {
                    roots.push(setup);
                }
            }
        }
        let started = Instant::now();
        let walk = Walk {
            variant,
            fixed: &fixed,
            open: &open,
            roots: &roots,
            register: &register,
            engines: options.engines,
            mutant: options.mutant,
            depth: options.depth,
            perft_every: options.perft_every.max(1),
            deadline: seconds.map(|s| started + Duration::from_millis(s * 1000 / n.max(1))),
            budget: options
                .positions
                .map(|p| p.div_ceil(n.max(1)).div_ceil(threads as u64)),
            shared: &shared,
        };
        shared.compared.store(0, Ordering::Relaxed);
        let results = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let walk = &walk;
                    scope.spawn(move || walk.run(walk_seed(seed, variant, t)))
                })
                .collect();
            while !handles.iter().all(|h| h.is_finished()) {
                let compared = shared.compared.load(Ordering::Relaxed);
                let secs = started.elapsed().as_secs_f64();
                progress.set_message(format!(
                    "{variant}: {compared} positions, {:.0}/s, {} discrepancies",
                    compared as f64 / secs.max(1e-9),
                    shared.rows()
                ));
                progress.tick();
                std::thread::sleep(Duration::from_millis(100));
            }
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(anyhow!("a diff thread panicked")))
                })
                .collect::<Vec<_>>()
        });
        let secs = started.elapsed().as_secs_f64();
        let mut compared = 0;
        let mut found = BTreeSet::new();
        for result in results {
            let (c, fs) = result?;
            compared += c;
            for f in fs {
                found.insert(f.key());
                findings.push((f, variant));
            }
        }
        summaries.push(Summary {
            variant: variant.id(),
            positions: compared,
            seconds: format!("{secs:.1}"),
            rate: format!("{:.0}", compared as f64 / secs.max(1e-9)),
            discrepancies: found.len(),
        });
        registers.insert(variant, register);
    }
    progress.finish_and_clear();
    let mut seen = BTreeSet::new();
    let mut rows = Vec::new();
    for (f, variant) in &findings {
        if rows.len() < options.max_rows && seen.insert(f.key()) {
            rows.push(report::row(rows.len() + 1, f, &registers[variant]));
        }
    }
    if let Some(dir) = &options.report {
        write_report(dir, &shared.header, seed, &rows)?;
    }
    Ok((summaries, rows))
}

fn engine_id(e: EngineChoice) -> &'static str {
    match e {
        EngineChoice::Oracle => "oracle",
        EngineChoice::Fast => "fast",
    }
}

/// Writes the report of `rows` into `dir` (see [`report::write`]); `command` is the command
/// that replays the run.
fn write_report(dir: &Path, command: &str, seed: u64, rows: &[Row]) -> Result<()> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_seeds_differ_by_variant_and_thread() {
        let seeds: BTreeSet<u64> = Variant::ALL
            .iter()
            .flat_map(|&v| (0..4).map(move |t| walk_seed(42, v, t)))
            .collect();
        assert_eq!(seeds.len(), 16);
        assert_eq!(walk_seed(42, Variant::OSullivan, 0), 42);
        assert_eq!(walk_seed(42, Variant::Yuri, 1), 2043);
    }
}
