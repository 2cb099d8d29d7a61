//! `trichess cross-check`: another implementation, run as a process speaking the protocol
//! (`PROTOCOL.md`), checked against trichess: first which reading of each open point it does
//! not declare it follows (by the fixtures of each reading), then, under the readings it
//! follows, the fixture suite, the perft tables and generated positions, each disagreement
//! descended, shrunk and written as a row of the discrepancy table. Whatever the engine does
//! wrong as a process (exits, hangs, garbage, ...) is a row too, and the run goes on.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use indicatif::ProgressBar;
use serde_json::{Value, json};
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_diff::{Choices, Duel, Finding, Generator, Kind, Seeded, shrink};
use trichess_fast::Mutant;
use trichess_model::fixture::PositionSpec;
use trichess_model::perft::PerftPosition;
use trichess_model::runner::{self, Verdict};
use trichess_model::{Engine, Fixture, Game, Move, PerftTable, Setup, Variant};
use trichess_oracle::register::Register;
use trichess_oracle::rules::InterpretationInfo;
use trichess_protocol::{Config, ExternalEngine, Fault, Faults, Hello, split_words};

use super::report::{self, Head, Row};
use super::{EngineChoice, Generated, interpretation_map};

/// The options of `trichess cross-check`.
#[derive(Debug, clap::Args)]
pub struct Options {
    /// The engine's command line (words split as a shell would; no pipes).
    #[arg(
        long = "engine",
        value_name = "'COMMAND ARGS'",
        required_unless_present = "mutants"
    )]
    command: Option<String>,
    /// Instead of --engine, cross-check each mutant of the zoo (`trichess mutants`) served by
    /// this trichess (`trichess serve --mutant NAME`), and print which rows each brings and
    /// whether they name its rule; exits 1 if a mutant brings none.
    #[arg(long, conflicts_with = "command")]
    mutants: bool,
    #[command(flatten)]
    generated: Generated,
    /// Write DIR/cross-check.md and DIR/cross-check.json (and an SVG diagram per row),
    /// rewritten after each row.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// The trichess engine the other is compared with.
    #[arg(long, value_enum, default_value_t = EngineChoice::Oracle)]
    reference: EngineChoice,
    /// How long the engine may take to answer one line, in milliseconds (an answer slower
    /// than a tenth of it, per request, is reported as slow).
    #[arg(long, default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(10..=600_000))]
    timeout_ms: u64,
    /// Check only the perft-table rows of at most this many nodes.
    #[arg(long, default_value_t = 20_000, value_name = "N")]
    max_nodes: u64,
    /// Stop after this many rows (1 to 10,000).
    #[arg(long, default_value_t = 50,
          value_parser = clap::builder::TypedValueParser::map(
              clap::value_parser!(u16).range(1..=10_000), usize::from))]
    max_rows: usize,
}

/// How the fixtures of each reading of one open point went, and the reading chosen.
#[derive(Clone, Debug)]
struct Match {
    point: String,
    /// Each reading (the default first), with the fixtures passed and run.
    tallies: Vec<(String, usize, usize)>,
    chosen: String,
    verdict: String,
}

/// How one variant's run went.
#[derive(Clone, Debug, Default, Tabled)]
struct Summary {
    variant: &'static str,
    #[tabled(rename = "fixtures passed")]
    fixtures_passed: usize,
    #[tabled(rename = "failed")]
    fixtures_failed: usize,
    #[tabled(rename = "skipped")]
    fixtures_skipped: usize,
    #[tabled(rename = "perft rows passed")]
    perft_passed: usize,
    #[tabled(rename = "failed")]
    perft_failed: usize,
    positions: u64,
    #[tabled(skip)]
    seconds: f64,
    #[tabled(rename = "positions/s")]
    rate: String,
    rows: usize,
}

/// The rows found so far, and where they go.
struct Findings {
    rows: Vec<Row>,
    seen: BTreeSet<String>,
    /// The row of each kind of fault (kind, request, variant), and how often it happened.
    fault_rows: BTreeMap<(&'static str, &'static str, String), (usize, u64)>,
    faults: Faults,
    registers: BTreeMap<Variant, Register>,
    report: Option<PathBuf>,
    /// The engine, the command line and the first engine, for the report's header.
    hello: Hello,
    invocation: String,
    reference: EngineChoice,
    matches: Vec<Match>,
    summaries: Vec<Summary>,
    max_rows: usize,
}

impl Findings {
    fn full(&self) -> bool {
        self.rows.len() >= self.max_rows
    }

    fn push(&mut self, mut row: Row) -> Result<()> {
        if self.full() {
            return Ok(());
        }
        row.number = self.rows.len() + 1;
        self.rows.push(row);
        self.write()
    }

    fn write(&self) -> Result<()> {
        match &self.report {
            Some(dir) => report::write(dir, &self.head(), &self.rows),
            None => Ok(()),
        }
    }

    /// Adds the row of a disagreement (once per kind and position); `fixture` names the
    /// fixture that found it, whose rules the row then cites.
    fn finding(&mut self, f: &Finding, fixture: Option<(&Fixture, &str)>) -> Result<()> {
        if !self.seen.insert(f.key()) {
            return Ok(());
        }
        let Some(register) = self.registers.get(&f.game.variant) else {
            return Ok(());
        };
        let mut row = report::row(0, f, register);
        if let Some((fixture, why)) = fixture {
            row.rules = fixture.rules.join(" ");
            row.fixture = json!({"fixture": fixture.name, "failure": why});
        }
        self.push(row)
    }

    /// Turns the faults collected since the last call into rows (one per kind of fault,
    /// request and variant, counting repeats). Returns true if any was more than slowness.
    fn faults(&mut self) -> Result<bool> {
        let mut serious = false;
        for fault in self.faults.take() {
            serious |= fault.kind != trichess_protocol::FaultKind::Slow;
            self.fault(fault)?;
        }
        Ok(serious)
    }

    fn fault(&mut self, fault: Fault) -> Result<()> {
        let variant = fault.about.as_ref().map(|(g, _)| g.variant);
        let key = (
            fault.kind.id(),
            fault.cmd,
            variant.map_or("-", Variant::id).to_string(),
        );
        if let Some((index, count)) = self.fault_rows.get_mut(&key) {
            *count += 1;
            if let Some(row) = self.rows.get_mut(*index) {
                row.b_says = format!("{} ({count} times; the last shown)", fault.detail);
            }
            return self.write();
        }
        if self.full() {
            return Ok(());
        }
        self.fault_rows.insert(key, (self.rows.len(), 1));
        let (game, setup) = match &fault.about {
            Some((game, setup)) => (Some(game), Some(setup)),
            None => (None, None),
        };
        let request = match &fault.about {
            Some((game, setup)) => json!({
                "id": 1, "cmd": fault.cmd, "variant": game.variant.id(),
                "readings": game.interpretations, "position": setup.to_json(),
            }),
            None => json!({"id": 1, "cmd": fault.cmd}),
        };
        self.push(Row {
            number: 0,
            variant: variant.map_or("-", Variant::id).to_string(),
            kind: fault.kind.id().to_string(),
            readings: game.map_or("-".into(), report::readings_text),
            position: setup.map_or("-".into(), Setup::to_text),
            mv: "-".into(),
            a_says: format!("asked {}", fault.cmd),
            b_says: fault.detail,
            rules: "-".into(),
            pieces: setup.map_or(0, |s| s.pieces.len()),
            reached: None,
            fixture: json!({ "request": request }),
            svg: setup.map(|s| trichess_diagram::svg(s, None)),
        })
    }
}

/// Runs the cross-check (or, with `--mutants`, one of each mutant).
pub fn run(options: Options) -> Result<ExitCode> {
    let seed = options.generated.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    if options.mutants {
        return sweep(&options, seed);
    }
    let text = options.command.as_deref().unwrap_or_default();
    let command = split_words(text).map_err(|e| anyhow!("--engine: {e}"))?;
    if command.is_empty() {
        bail!("--engine: the command is empty");
    }
    let found = check(&options, command, seed, &options.generated.variant.0, true)?;
    for m in &found.matches {
        say!("{}", m.verdict);
    }
    if let Some(why) = found.faults.down() {
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

/// Cross-checks the engine `command` on the variants `asked` (those it plays); with `loud`,
/// says what it runs and writes the report of `--report`.
fn check(
    options: &Options,
    command: Vec<String>,
    seed: u64,
    asked: &[Variant],
    loud: bool,
) -> Result<Findings> {
    let reference = options.reference;
    let config = Config {
        command,
        timeout: Duration::from_millis(options.timeout_ms),
        slow: Duration::from_millis((options.timeout_ms / 10).max(1)),
        max_faults_in_a_row: 8,
        perft_budget: options.max_nodes.saturating_mul(4).max(200_000),
        start: Arc::new(move |game: &Game| super::build_engine(reference).start(game)),
    };
    let faults = Faults::default();
    let engine = ExternalEngine::start(config.clone(), faults.clone())
        .map_err(|e| anyhow!("the engine does not start: {e}"))?;
    let hello = engine.hello().clone();
    let fixtures_dir = super::fixture_dir(None)?;
    let fixtures = Fixture::load_dir(&fixtures_dir)?;
    let tables = PerftTable::load_dir(&fixtures_dir.join("perft"))?;
    if loud {
        say!(
            "trichess cross-check: engine {} {} (protocol {}; perft {}, batch {}), seed {seed} \
             (replay with --seed {seed}), first engine {}",
            hello.name,
            hello.version,
            hello.protocol,
            yes(hello.perft),
            yes(hello.batch),
            super::build_engine(reference).name(),
        );
    }
    let variants: Vec<Variant> = asked
        .iter()
        .copied()
        .filter(|v| hello.variants.contains_key(v))
        .collect();
    let left: Vec<&str> = asked
        .iter()
        .filter(|v| !variants.contains(v))
        .map(|v| v.id())
        .collect();
    if !left.is_empty() && loud {
        say!("not played by the engine: {}", left.join(", "));
    }
    if variants.is_empty() {
        bail!("the engine plays none of the variants asked for");
    }
    let mut registers = BTreeMap::new();
    for &v in &variants {
        registers.insert(v, Register::of(v)?);
    }
    let mut found = Findings {
        rows: Vec::new(),
        seen: BTreeSet::new(),
        fault_rows: BTreeMap::new(),
        faults: faults.clone(),
        registers,
        report: if loud { options.report.clone() } else { None },
        hello: hello.clone(),
        invocation: invocation(options, seed),
        reference,
        matches: Vec::new(),
        summaries: Vec::new(),
        max_rows: options.max_rows,
    };
    found.faults()?;
    let make_reference = move || super::build_engine(reference);
    let external = {
        let (config, faults, hello) = (config.clone(), faults.clone(), hello.clone());
        move || {
            Box::new(ExternalEngine::with_hello(
                config.clone(),
                faults.clone(),
                hello.clone(),
            )) as Box<dyn Engine>
        }
    };
    let mut checker = Checker {
        engine,
        duel: Duel::new(Box::new(make_reference), Box::new(external)),
        choices: Seeded::new(seed),
        found,
        progress: report::spinner(),
    };
    let n = variants.len() as u64;
    let seconds = match (options.generated.seconds, options.generated.positions) {
        (Some(s), _) => Some(s),
        (None, Some(_)) => None,
        (None, None) => Some(10),
    };
    for &variant in &variants {
        let before = checker.found.rows.len();
        let open = trichess_oracle::interpretations(variant);
        let mut run = VariantRun {
            variant,
            defaults: open
                .iter()
                .map(|i| (i.id.to_string(), i.readings[0].to_string()))
                .collect(),
            open,
            declared: hello.variants.get(&variant).cloned().unwrap_or_default(),
            chosen: BTreeMap::new(),
            summary: Summary {
                variant: variant.id(),
                ..Summary::default()
            },
        };
        for point in run
            .declared
            .keys()
            .filter(|p| !run.defaults.contains_key(*p))
        {
            say!("note: the engine declares {point}, which the {variant} register does not know");
        }
        let fixed = interpretation_map(variant, &options.generated.interpretations)?;
        let of_variant: Vec<&Fixture> = fixtures.iter().filter(|f| f.variant == variant).collect();
        checker.match_readings(&mut run, &of_variant, &fixed)?;
        checker.fixtures(&mut run, &of_variant)?;
        let positions: Vec<&PerftPosition> = tables
            .iter()
            .filter(|t| t.variant == variant)
            .flat_map(|t| &t.positions)
            .collect();
        checker.perft_tables(&mut run, &positions, options.max_nodes)?;
        let started = Instant::now();
        let limits = Limits {
            deadline: seconds.map(|s| started + Duration::from_millis(s * 1000 / n.max(1))),
            positions: options.generated.positions.map(|p| p.div_ceil(n.max(1))),
            depth: options.generated.depth,
        };
        checker.generated(&mut run, &positions, &limits)?;
        let mut summary = run.summary;
        summary.seconds = started.elapsed().as_secs_f64();
        summary.rate = format!(
            "{:.0}",
            summary.positions as f64 / summary.seconds.max(1e-9)
        );
        summary.rows = checker.found.rows.len() - before;
        checker.found.summaries.push(summary);
        checker.found.write()?;
    }
    checker.progress.finish_and_clear();
    let mut found = checker.found;
    found.faults()?;
    found.write()?;
    Ok(found)
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

/// Cross-checks every mutant of the zoo (of the variants asked), each served by this trichess
/// (`trichess serve --mutant NAME`), and prints (and with `--report DIR` writes
/// `DIR/cross-check-mutants.md` and `.json`) which rows each brings and whether one names the
/// rule the mutant breaks. Exits 1 if a mutant brings no row.
fn sweep(options: &Options, seed: u64) -> Result<ExitCode> {
    let exe = std::env::current_exe()?.to_string_lossy().into_owned();
    let reference = super::build_engine(options.reference).name();
    say!("trichess cross-check --mutants: seed {seed}, first engine {reference}");
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
        let found = check(options, command, seed, &[m.variant()], false)?;
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
        table.push(MutantRow {
            mutant: m.name(),
            rule: m.rule(),
            rows: found.rows.len(),
            named: yes(named),
            first: found
                .rows
                .first()
                .map_or("-".into(), |r| format!("{} {}", r.kind, r.mv)),
            rules: rules.join(" "),
        });
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
        write_sweep(dir, options, seed, &reference, &table)?;
        say!("report: {}", dir.join("cross-check-mutants.md").display());
    }
    if escaped.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        say!("not found: {}", escaped.join(", "));
        Ok(ExitCode::FAILURE)
    }
}

/// Writes the mutants' table as `DIR/cross-check-mutants.md` and `.json`.
fn write_sweep(
    dir: &std::path::Path,
    options: &Options,
    seed: u64,
    reference: &str,
    table: &[MutantRow],
) -> Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut md = format!(
        "# trichess cross-check of the mutant zoo\n\nGenerated by `{}`. Each mutant of the fast \
         engine (`trichess mutants`) served by `trichess serve --mutant NAME` and cross-checked \
         against trichess's {reference}: the rows found, the first of them, the rule ids the rows \
         name, and whether they name the rule the mutant breaks.\n\n",
        invocation(options, seed)
    );
    md += &Table::new(table).with(Style::markdown()).to_string();
    md.push('\n');
    report::write_atomic(&dir.join("cross-check-mutants.md"), &md)?;
    let rows: Vec<Value> = table
        .iter()
        .map(|r| {
            json!({"mutant": r.mutant, "rule": r.rule, "rows": r.rows, "rule_named": r.named == "yes",
                   "first_row": r.first, "rules_named": r.rules})
        })
        .collect();
    report::write_atomic(
        &dir.join("cross-check-mutants.json"),
        &serde_json::to_string_pretty(&json!({"seed": seed, "mutants": rows}))?,
    )
}

/// A cross-check under way: the engine under test (for the fixtures and the perft tables), the
/// duel of the first engine and another process of the engine under test (for comparisons,
/// descents and shrinking), and the rows found.
struct Checker {
    engine: ExternalEngine,
    duel: Duel,
    choices: Seeded,
    found: Findings,
    progress: ProgressBar,
}

/// One variant's run: its open points (the default reading of each), those the engine
/// declares, the readings chosen for the others, and how it went.
struct VariantRun {
    variant: Variant,
    open: Vec<InterpretationInfo>,
    defaults: BTreeMap<String, String>,
    declared: BTreeMap<String, Vec<String>>,
    chosen: BTreeMap<String, String>,
    summary: Summary,
}

/// How long the generated positions go on, and how deep each is compared.
struct Limits {
    deadline: Option<Instant>,
    positions: Option<u64>,
    depth: u32,
}

/// The reading a game gives an open point: the one it sets, else the default.
fn reading_of<'a>(game: &'a BTreeMap<String, String>, point: &str, default: &'a str) -> &'a str {
    game.get(point).map_or(default, String::as_str)
}

impl VariantRun {
    /// Says whether a fixture (or perft position) with readings `set` is one to compare: the
    /// engine plays its declared readings, and each undeclared open point that matters is at
    /// the reading chosen for it. For a fixture (`rules` given), the points that matter are
    /// those it sets or cites; for a perft position (`None`), every point.
    fn comparable(
        &self,
        hello: &Hello,
        set: &BTreeMap<String, String>,
        rules: Option<&[String]>,
    ) -> bool {
        let game = Game {
            variant: self.variant,
            interpretations: set.clone(),
        };
        let matters = |point: &str| {
            rules.is_none_or(|r| set.contains_key(point) || r.iter().any(|c| c == point))
        };
        hello.supports(&game).is_ok()
            && self.chosen.iter().all(|(point, reading)| {
                let default = self.defaults.get(point).map_or("", String::as_str);
                !matters(point) || reading_of(set, point, default) == reading
            })
    }

    /// Picks the readings of a generated game: each declared open point at one of the
    /// readings the engine plays, each other at the reading chosen for it.
    fn pick_game(&self, choices: &mut Seeded) -> Game {
        let mut game = Game::new(self.variant);
        for info in &self.open {
            let default = info.readings[0];
            let reading = match (self.chosen.get(info.id), self.declared.get(info.id)) {
                (Some(r), _) => r.clone(),
                (None, Some(playable)) => {
                    let known: Vec<&str> = info
                        .readings
                        .iter()
                        .copied()
                        .filter(|r| playable.iter().any(|p| p == r))
                        .collect();
                    choices.pick(&known).copied().unwrap_or(default).to_string()
                }
                (None, None) => continue,
            };
            if reading != default {
                game.interpretations.insert(info.id.to_string(), reading);
            }
        }
        game
    }
}

impl Checker {
    /// Interpretation matching: the reading the engine follows of each open point it does not
    /// declare (or the one given with `-i`).
    fn match_readings(
        &mut self,
        run: &mut VariantRun,
        fixtures: &[&Fixture],
        fixed: &BTreeMap<String, String>,
    ) -> Result<()> {
        self.progress
            .set_message(format!("{}: matching readings", run.variant));
        for info in &run.open {
            if run.declared.contains_key(info.id) || fixed.contains_key(info.id) {
                continue;
            }
            let m = match_point(&mut self.engine, &self.found.hello, info, fixtures);
            self.found.faults()?;
            run.chosen.insert(m.point.clone(), m.chosen.clone());
            self.found.matches.push(m);
        }
        run.chosen
            .extend(fixed.iter().map(|(p, r)| (p.clone(), r.clone())));
        Ok(())
    }

    /// The fixture suite, under the readings chosen.
    fn fixtures(&mut self, run: &mut VariantRun, fixtures: &[&Fixture]) -> Result<()> {
        self.progress
            .set_message(format!("{}: fixtures", run.variant));
        for fixture in fixtures {
            if self.found.faults.down().is_some() {
                break;
            }
            let rules = Some(&fixture.rules[..]);
            if !run.comparable(&self.found.hello, &fixture.interpretations, rules) {
                run.summary.fixtures_skipped += 1;
                continue;
            }
            match runner::run(&mut self.engine, fixture) {
                Verdict::Pass => run.summary.fixtures_passed += 1,
                Verdict::Skip(_) => run.summary.fixtures_skipped += 1,
                Verdict::Fail(why) => {
                    run.summary.fixtures_failed += 1;
                    if !self.found.faults()? {
                        fixture_row(&mut self.found, &mut self.duel, fixture, &why)?;
                    }
                }
            }
            self.found.faults()?;
        }
        Ok(())
    }

    /// The perft tables' rows of at most `max_nodes` nodes, under the readings chosen.
    fn perft_tables(
        &mut self,
        run: &mut VariantRun,
        positions: &[&PerftPosition],
        max_nodes: u64,
    ) -> Result<()> {
        self.progress
            .set_message(format!("{}: perft tables", run.variant));
        for position in positions {
            if !run.comparable(&self.found.hello, &position.interpretations, None) {
                continue;
            }
            let game = Game {
                variant: run.variant,
                interpretations: position.interpretations.clone(),
            };
            let setup = if position.position == "start" {
                self.duel.start(&game)
            } else {
                Setup::parse(run.variant, &position.position).ok()
            };
            let Some(setup) = setup else { continue };
            for row in position.rows.iter().filter(|r| r.nodes <= max_nodes) {
                if self.found.faults.down().is_some() {
                    break;
                }
                let got = self.engine.perft(&game, &setup, row.depth);
                if self.found.faults()? {
                    run.summary.perft_failed += 1;
                    continue;
                }
                if got.as_ref().ok() == Some(&row.nodes) {
                    run.summary.perft_passed += 1;
                    continue;
                }
                run.summary.perft_failed += 1;
                let said =
                    got.map_or_else(|e| e.to_string(), |n| format!("perft {} = {n}", row.depth));
                let expected = (row.depth, row.nodes, said);
                perft_row(&mut self.found, &mut self.duel, &game, &setup, expected)?;
                break;
            }
        }
        Ok(())
    }

    /// Generated positions, as `trichess diff` makes them, under the readings chosen (each
    /// declared open point at a random reading the engine plays), until `limits`.
    fn generated(
        &mut self,
        run: &mut VariantRun,
        positions: &[&PerftPosition],
        limits: &Limits,
    ) -> Result<()> {
        let started = Instant::now();
        let roots: Vec<Setup> = positions
            .iter()
            .filter(|p| p.position != "start")
            .filter_map(|p| Setup::parse(run.variant, &p.position).ok())
            .collect();
        let mut generator: Option<(Generator, u64)> = None;
        while !(limits.deadline.is_some_and(|d| Instant::now() >= d)
            || limits.positions.is_some_and(|b| run.summary.positions >= b)
            || self.found.full()
            || self.found.faults.down().is_some())
        {
            let (walk, steps) = match &mut generator {
                Some((g, steps)) if *steps < 200 => (g, steps),
                _ => {
                    let game = run.pick_game(&mut self.choices);
                    let mut game_roots: Vec<Setup> = self.duel.start(&game).into_iter().collect();
                    // Walks from the start half the time, else from any root.
                    if self.choices.chance(50) {
                        game_roots.extend(roots.iter().cloned());
                    }
                    let (g, steps) = generator.insert((Generator::new(game, game_roots), 0));
                    (g, steps)
                }
            };
            *steps += 1;
            let Some(c) = walk.compare_next(&mut self.duel, &mut self.choices, limits.depth) else {
                generator = None;
                continue;
            };
            run.summary.positions += c.positions;
            let faulted = self.found.faults()?;
            if let Some(f) = c.finding {
                generator = None;
                if !(faulted && f.kind == Kind::Crash) {
                    let f = shrink(&mut self.duel, f, 1, 200);
                    self.found.faults()?;
                    self.found.finding(&f, None)?;
                }
            }
            let secs = started.elapsed().as_secs_f64();
            self.progress.set_message(format!(
                "{}: {} positions, {:.0}/s, {} rows",
                run.variant,
                run.summary.positions,
                run.summary.positions as f64 / secs.max(1e-9),
                self.found.rows.len()
            ));
            self.progress.tick();
        }
        Ok(())
    }
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

/// The command line that replays the run, for the report's header.
fn invocation(options: &Options, seed: u64) -> String {
    let mut words = vec!["trichess cross-check".to_string()];
    match &options.command {
        Some(command) => words.push(format!("--engine '{command}'")),
        None => words.push("--mutants".into()),
    }
    if options.reference != EngineChoice::Oracle {
        words.push(format!(
            "--reference {}",
            super::build_engine(options.reference).name()
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

impl Findings {
    /// The report's header: the engine, the matching of readings, and the summary (without
    /// timings, so that a replayed run writes the same report).
    fn head(&self) -> Head {
        let (hello, invocation, matches, summaries) = (
            &self.hello,
            &self.invocation,
            &self.matches,
            &self.summaries,
        );
        let rows = self.rows.len();
        let reference = super::build_engine(self.reference).name();
        let mut intro = format!(
            "Generated by `{invocation}`; {rows} rows. The first engine is trichess's {reference}, the \
         second the engine under test: {} {} (protocol {}; perft {}, batch {}). Rows of kind \
         `engine-...` are faults of the engine as a process (the request to replay is in the \
         row's JSON); the others are disagreements on the rules, with the fixture that found \
         them or a paste-ready one whose rules, quote and expectation are for a person to \
         confirm.\n\n## Readings\n\n",
            hello.name,
            hello.version,
            hello.protocol,
            yes(hello.perft),
            yes(hello.batch),
        );
        if matches.is_empty() {
            intro += "The engine declares every open point it plays, or none is left to match.\n";
        } else {
            intro += "| open point | fixtures passed by reading | compared under | verdict |\n";
            intro += "|---|---|---|---|\n";
            for m in matches {
                let tallies: Vec<String> = m
                    .tallies
                    .iter()
                    .map(|(r, p, t)| format!("{r} {p}/{t}"))
                    .collect();
                intro += &format!(
                    "| `{}` | {} | {} | {} |\n",
                    m.point,
                    tallies.join(", "),
                    m.chosen,
                    m.verdict
                );
            }
        }
        intro += "\n## Summary\n\n| variant | fixtures passed | failed | skipped | perft rows passed | failed | positions compared | rows |\n|---|---|---|---|---|---|---|---|\n";
        for s in summaries {
            intro += &format!(
                "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
                s.variant,
                s.fixtures_passed,
                s.fixtures_failed,
                s.fixtures_skipped,
                s.perft_passed,
                s.perft_failed,
                s.positions,
                s.rows
            );
        }
        intro += "\n## Rows";
        let matching: Vec<Value> = matches
        .iter()
        .map(|m| {
            json!({
                "point": m.point, "chosen": m.chosen, "verdict": m.verdict,
                "readings": m.tallies.iter().map(|(r, p, t)| json!({"reading": r, "passed": p, "run": t})).collect::<Vec<_>>(),
            })
        })
        .collect();
        let summary: Vec<Value> = summaries
            .iter()
            .map(|s| {
                json!({
                    "variant": s.variant, "fixtures_passed": s.fixtures_passed,
                    "fixtures_failed": s.fixtures_failed, "fixtures_skipped": s.fixtures_skipped,
                    "perft_passed": s.perft_passed, "perft_failed": s.perft_failed,
                    "positions": s.positions, "rows": s.rows,
                })
            })
            .collect();
        Head {
            stem: "cross-check",
            generated_by: None,
            title: format!("trichess cross-check: {} {}", hello.name, hello.version),
            intro,
            json: json!({
                "invocation": invocation,
                "engine": hello.to_json(),
                "matching": matching,
                "summary": summary,
            }),
        }
    }
}

/// Runs the fixtures of each reading of one open point the engine does not declare, and says
/// which reading it behaves as.
fn match_point(
    engine: &mut ExternalEngine,
    hello: &Hello,
    info: &InterpretationInfo,
    fixtures: &[&Fixture],
) -> Match {
    let point = info.id;
    let default = info.readings[0];
    let mut tallies: Vec<(String, usize, usize)> = info
        .readings
        .iter()
        .map(|r| (r.to_string(), 0, 0))
        .collect();
    for fixture in fixtures {
        let cites =
            fixture.rules.iter().any(|r| r == point) || fixture.interpretations.contains_key(point);
        let game = Game {
            variant: fixture.variant,
            interpretations: fixture.interpretations.clone(),
        };
        if !cites || hello.supports(&game).is_err() || engine.down().is_some() {
            continue;
        }
        let reading = reading_of(&fixture.interpretations, point, default);
        let Some(tally) = tallies.iter_mut().find(|(r, _, _)| r == reading) else {
            continue;
        };
        match runner::run(engine, fixture) {
            Verdict::Pass => {
                tally.1 += 1;
                tally.2 += 1;
            }
            Verdict::Fail(_) => tally.2 += 1,
            Verdict::Skip(_) => {}
        }
    }
    let ratio =
        |&(_, p, t): &(String, usize, usize)| if t == 0 { 0.0 } else { p as f64 / t as f64 };
    // The best reading: the highest share of fixtures passed, then the most passed; the
    // earlier (the default first) on a tie.
    let mut best = 0;
    for (i, tally) in tallies.iter().enumerate() {
        let (a, b) = (ratio(tally), ratio(&tallies[best]));
        if a > b || (a == b && tally.1 > tallies[best].1) {
            best = i;
        }
    }
    let list = |items: &[&(String, usize, usize)]| {
        let words: Vec<String> = items
            .iter()
            .map(|(r, p, t)| format!("{r} {p}/{t}"))
            .collect();
        words.join(", ")
    };
    let all: Vec<&(String, usize, usize)> = tallies.iter().collect();
    let full: Vec<&(String, usize, usize)> = tallies
        .iter()
        .filter(|(_, p, t)| *t > 0 && p == t)
        .collect();
    let others: Vec<&(String, usize, usize)> = tallies
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != best)
        .map(|(_, t)| t)
        .collect();
    let (name, passed, run) = &tallies[best];
    let verdict = if tallies.iter().all(|(_, _, t)| *t == 0) {
        format!("no fixture tells the readings of {point} apart; compared under {name}")
    } else if full.len() == 1 && ratio(&tallies[best]) == 1.0 {
        let rest = if others.is_empty() {
            String::new()
        } else {
            format!(" (other readings: {})", list(&others))
        };
        format!("follows {point}={name}: {passed}/{run} fixtures{rest}")
    } else if full.len() > 1 {
        format!(
            "the fixtures cannot tell which reading of {point} it follows ({}); compared under {name}",
            list(&all)
        )
    } else {
        format!(
            "disagrees with every reading of {point} ({}); compared under {name}",
            list(&all)
        )
    };
    Match {
        point: point.to_string(),
        chosen: name.clone(),
        tallies,
        verdict,
    }
}

/// The row of a fixture the engine fails: the first disagreement at the fixture's position,
/// as the first engine and the engine under test compare there, citing the fixture's rules;
/// or, if they agree there, the fixture's own failure.
fn fixture_row(found: &mut Findings, duel: &mut Duel, fixture: &Fixture, why: &str) -> Result<()> {
    let game = Game {
        variant: fixture.variant,
        interpretations: fixture.interpretations.clone(),
    };
    let mut setup = match &fixture.position {
        PositionSpec::Start => duel.start(&game),
        PositionSpec::Written(written) => runner::read_position(game.variant, written).ok(),
    };
    for text in &fixture.play {
        setup = setup.and_then(|s| {
            let mv = Move::parse(game.variant, text).ok()?;
            duel.play_a(&game, &s, mv)
        });
    }
    if let Some(setup) = &setup
        && let Some(f) = duel.compare(&game, setup, 2).finding
    {
        found.faults()?;
        return found.finding(&f, Some((fixture, why)));
    }
    found.faults()?;
    found.push(Row {
        number: 0,
        variant: game.variant.id().to_string(),
        kind: "fixture".into(),
        readings: report::readings_text(&game),
        position: setup.as_ref().map_or("-".into(), Setup::to_text),
        mv: "-".into(),
        a_says: format!("as fixture {} expects", fixture.name),
        b_says: why.to_string(),
        rules: fixture.rules.join(" "),
        pieces: setup.as_ref().map_or(0, |s| s.pieces.len()),
        reached: None,
        fixture: json!({"fixture": fixture.name, "failure": why}),
        svg: setup.as_ref().map(|s| trichess_diagram::svg(s, None)),
    })
}

/// The row of a perft-table count the engine gets wrong: descended by perft divide to the
/// first position where the engines differ and shrunk, or, failing that, the count itself.
fn perft_row(
    found: &mut Findings,
    duel: &mut Duel,
    game: &Game,
    setup: &Setup,
    (depth, nodes, said): (u32, u64, String),
) -> Result<()> {
    if let Some(f) = duel.compare(game, setup, depth).finding
        && !(found.faults()? && f.kind == Kind::Crash)
    {
        let f = shrink(duel, f, 1, 200);
        found.faults()?;
        return found.finding(&f, None);
    }
    found.faults()?;
    let f = Finding {
        kind: Kind::DifferentPerft,
        game: game.clone(),
        setup: setup.clone(),
        mv: None,
        a_says: format!("perft {depth} = {nodes} (the perft table)"),
        b_says: said,
        a_moves: None,
        a_expect: Some(json!({"perft": {"depth": depth, "nodes": nodes}})),
        origin: None,
        path: Vec::new(),
    };
    found.finding(&f, None)
}
