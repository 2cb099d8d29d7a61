//! The cross-check: another implementation, run as a process speaking the protocol
//! (`PROTOCOL.md`), checked against a reference engine of trichess: first which reading of
//! each open point it does not declare it follows (by the fixtures of each reading), then,
//! under the readings it follows, the fixture suite, the perft tables and generated positions
//! (a [`Campaign`]), each disagreement descended, shrunk and written as a row of the
//! discrepancy table. Whatever the engine does wrong as a process (exits, hangs, garbage, ...)
//! is a row too, and the run goes on. A disagreement is asked about again by a fresh process
//! before it is a row: one that does not come back is an `engine-nondeterministic` fault. An
//! [interrupt](trichess_protocol::interrupted) ends the run with the rows so far.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tabled::Tabled;
use trichess_model::{Engine, EngineError, Game, Move, Setup, Variant};
use trichess_oracle::Oracle;
use trichess_oracle::explain::{Question, explain_json};
use trichess_protocol::{
    Config, ExternalEngine, Fault, FaultKind, Faults, Hello, Server, hello_of, interrupted,
};
use trichess_suite::fixture::{Expect, PositionSpec};
use trichess_suite::perft::PerftPosition;
use trichess_suite::{
    Fixture, OpenPoint, Register, RegisterError, Suite, Verdict, read_position, readings_text,
};

use crate::attribute::Reference;
use crate::infer::{Match, infer, tallies_text};
use crate::report::{self, Head, ReportError, Row, Table};
use crate::{Again, Campaign, Discovery, Duel, Finding, Flow, Kind, Observer, Sink, shrink};

/// Makes a fresh engine of trichess: the reference the engine under test is compared with.
pub type ReferenceEngine = Arc<dyn Fn() -> Box<dyn Engine> + Send + Sync>;

/// The protocol server of a trichess engine (`trichess serve`, the other side of a
/// cross-check): `engine` answers, and the oracle also answers `explain` with its explanation.
pub fn server_of(engine: Box<dyn Engine>) -> Server {
    let hello = hello_of(engine.as_ref());
    let explains = engine.name() == Oracle.name();
    let server = Server::new(engine, hello);
    if !explains {
        return server;
    }
    server.with_explainer(Box::new(|game, setup, question| {
        let question = match question {
            trichess_protocol::Question::Move(mv) => Question::Move(mv),
            trichess_protocol::Question::Result => Question::Result,
            trichess_protocol::Question::Validity => Question::Validity,
        };
        explain_json(game, setup, question)
    }))
}

/// What a cross-check runs: the engine's command line, the variants, the readings given, the
/// budget of generated positions, the limits, and where the report goes.
#[derive(Clone, Debug)]
pub struct CrossCheck {
    /// The engine's program and arguments.
    pub command: Vec<String>,
    /// The variants asked for (those the engine plays are checked).
    pub variants: Vec<Variant>,
    /// Readings given for each variant (`-i`): taken as the engine's, not inferred.
    pub fixed: BTreeMap<Variant, BTreeMap<String, String>>,
    /// The seed of the generated positions.
    pub seed: u64,
    /// Seconds of generated positions in all (split between the variants).
    pub seconds: Option<u64>,
    /// Generated positions in all instead (split between the variants).
    pub positions: Option<u64>,
    /// The perft depth compared at each generated position.
    pub depth: u32,
    /// How long the engine may take to answer one line (an answer slower than a tenth of it is
    /// reported as slow).
    pub timeout: Duration,
    /// Only the perft-table rows of at most this many nodes are checked.
    pub max_nodes: u64,
    /// The run stops after this many rows are kept.
    pub max_rows: usize,
    /// At most this many rows are kept of each finding (the rest are counted).
    pub per_finding: usize,
    /// Where the report goes (`DIR/cross-check.md`, `.json` and an SVG per row), rewritten
    /// after each row.
    pub report: Option<PathBuf>,
    /// The command line that replays the run, for the report's header.
    pub invocation: String,
}

/// Why a cross-check could not run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CrossCheckError {
    /// The engine does not start or does not say hello.
    #[error("the engine does not start: {0}")]
    Start(String),
    /// The engine plays none of the variants asked for.
    #[error("the engine plays none of the variants asked for")]
    NoVariant,
    /// The engine does not play a reading given.
    #[error("{0}")]
    Unsupported(String),
    /// A register does not read.
    #[error(transparent)]
    Register(#[from] RegisterError),
    /// The report could not be written.
    #[error(transparent)]
    Report(#[from] ReportError),
    /// The generated positions could not be compared.
    #[error(transparent)]
    Campaign(#[from] crate::CampaignError),
}

/// How one variant's cross-check went.
#[derive(Clone, Debug, Default, Tabled)]
pub struct Summary {
    /// The variant id.
    pub variant: &'static str,
    /// Fixtures passed, failed and skipped.
    #[tabled(rename = "fixtures passed")]
    pub fixtures_passed: usize,
    #[tabled(rename = "failed")]
    #[allow(missing_docs)]
    pub fixtures_failed: usize,
    #[tabled(rename = "skipped")]
    #[allow(missing_docs)]
    pub fixtures_skipped: usize,
    /// Perft rows passed and failed.
    #[tabled(rename = "perft rows passed")]
    pub perft_passed: usize,
    #[tabled(rename = "failed")]
    #[allow(missing_docs)]
    pub perft_failed: usize,
    /// Generated positions compared.
    pub positions: u64,
    /// Seconds the generated positions took.
    #[tabled(skip)]
    pub seconds: f64,
    /// Positions compared per second.
    #[tabled(rename = "positions/s")]
    pub rate: String,
    /// Rows found.
    pub rows: usize,
    /// What was not compared, and how often: fixtures skipped and positions the engine
    /// answered `unsupported` for, by reason.
    #[tabled(skip)]
    pub not_compared: BTreeMap<String, u64>,
}

impl Summary {
    /// Counts a fixture skipped for `why`.
    fn skip(&mut self, why: &str) {
        self.fixtures_skipped += 1;
        self.not_compared(why);
    }

    /// Counts something not compared (or compared otherwise) for `why`.
    fn not_compared(&mut self, why: &str) {
        *self.not_compared.entry(why.to_string()).or_default() += 1;
    }
}

/// What a cross-check found: the engine's hello, the readings matched, each variant's
/// summary, and the rows.
#[derive(Debug)]
pub struct Findings {
    /// The findings and their rows, numbered from 1.
    pub table: Table,
    /// The readings matched.
    pub matches: Vec<Match>,
    /// Each variant's summary.
    pub summaries: Vec<Summary>,
    /// What the engine said of itself.
    pub hello: Hello,
    /// Why the engine was given up, if it was.
    pub given_up: Option<String>,
    seen: std::collections::BTreeSet<String>,
    /// The row of each kind of fault (kind, request, variant), and how often it happened.
    fault_rows: BTreeMap<(&'static str, &'static str, String), (usize, u64)>,
    faults: Faults,
    report: Option<PathBuf>,
    invocation: String,
    reference: String,
    max_rows: usize,
}

impl Findings {
    /// For the terminal: the readings matched, why the engine was given up (if it was), each
    /// variant's summary and what was not compared, and, if the run was `interrupted`, after
    /// how many positions.
    pub fn summary(&self, interrupted: bool) -> String {
        let mut lines: Vec<String> = self.matches.iter().map(|m| m.verdict.to_string()).collect();
        if let Some(why) = &self.given_up {
            lines.push(format!("the engine was given up: {why}"));
        }
        let mut table = tabled::Table::new(&self.summaries);
        lines.push(table.with(tabled::settings::Style::sharp()).to_string());
        for s in &self.summaries {
            for (why, n) in &s.not_compared {
                lines.push(format!("{}: {n} {why}", s.variant));
            }
        }
        if interrupted {
            let positions: u64 = self.summaries.iter().map(|s| s.positions).sum();
            lines.push(format!("interrupted after {positions} positions"));
        }
        lines.join("\n")
    }

    fn full(&self) -> bool {
        self.table.rows.len() >= self.max_rows
    }

    fn push(&mut self, row: Row) -> Result<(), ReportError> {
        if self.full() {
            return Ok(());
        }
        self.table.add(row);
        self.write()
    }

    fn write(&self) -> Result<(), ReportError> {
        match &self.report {
            Some(dir) => report::write(dir, &self.head(), &self.table),
            None => Ok(()),
        }
    }

    /// Adds the row of a disagreement (once per kind and position), its rules those that
    /// decide it by the oracle's explanation (so that rows of one cause found by fixtures of
    /// different clauses are one finding), or where that names none, those of `fixture`,
    /// the fixture that found it.
    fn finding(
        &mut self,
        f: &Finding,
        fixture: Option<(&Fixture, &str)>,
    ) -> Result<(), ReportError> {
        if !self.seen.insert(f.key()) {
            return Ok(());
        }
        let mut row = report::row(0, f, Reference::First);
        if let Some((fixture, why)) = fixture {
            // Where the oracle has nothing to explain, the fixture names its clause first.
            if row.rules == "(none)" {
                let rules: Vec<&str> = fixture.rules.iter().take(3).map(String::as_str).collect();
                row.rules = rules.join(" ");
            }
            row.fixture = json!({"fixture": fixture.name, "failure": why, "rules": fixture.rules});
        }
        self.push(row)
    }

    /// Turns the faults collected since the last call into rows (one per kind of fault,
    /// request and variant, counting repeats). Returns true if any was more than slowness.
    fn faults(&mut self) -> Result<bool, ReportError> {
        let mut serious = false;
        for fault in self.faults.take() {
            serious |= fault.kind != FaultKind::Slow;
            self.fault(fault)?;
        }
        Ok(serious)
    }

    fn fault(&mut self, fault: Fault) -> Result<(), ReportError> {
        let variant = fault.about.as_ref().map(|(g, _)| g.variant);
        // An engine that answers two ways is one row, whatever the question.
        let cmd = match fault.kind {
            FaultKind::Nondeterministic => "-",
            _ => fault.cmd,
        };
        let key = (
            fault.kind.id(),
            cmd,
            variant.map_or("-", Variant::id).to_string(),
        );
        if let Some((index, count)) = self.fault_rows.get_mut(&key) {
            *count += 1;
            if let Some(row) = self.table.rows.get_mut(*index) {
                row.b_says = format!("{} ({count} times; the last shown)", fault.detail);
                let number = row.number;
                self.table.recount(number);
            }
            return self.write();
        }
        if self.full() {
            return Ok(());
        }
        self.fault_rows.insert(key, (self.table.rows.len(), 1));
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
            readings: game.map_or("-".into(), readings_text),
            position: setup.map_or("-".into(), Setup::to_text),
            mv: "-".into(),
            a_says: format!("asked {}", fault.cmd),
            b_says: fault.detail,
            rules: "-".into(),
            why: "a fault of the engine as a process, not a question of the rules".into(),
            problem: None,
            pieces: setup.map_or(0, |s| s.pieces.len()),
            reached: None,
            fixture: json!({ "request": request }),
            svg: setup.map(|s| trichess_diagram::svg(s, None)),
        })
    }

    /// The report's header: the engine, the matching of readings, and the summary (without
    /// timings, so that a replayed run writes the same report).
    fn head(&self) -> Head {
        let hello = &self.hello;
        let rows = self.table.rows.len();
        let findings = self.table.findings();
        let mut intro = format!(
            "Generated by `{}`; {findings} findings, {rows} rows. A finding is one cause: the \
             rows of one variant, kind, deciding clause and readings (and, about validity, kinds of \
             problem: the validity section). The first engine is trichess's {}, the \
             second the engine under test: {} {} (protocol {}; perft {}, batch {}). Rows of kind \
             `engine-...` are faults of the engine as a process (the request to replay is in the \
             row's JSON); the others are disagreements on the rules, with the fixture that found \
             them or a paste-ready one whose rules, quote and expectation are for a person to \
             confirm.\n\n## Readings\n\n",
            self.invocation,
            self.reference,
            hello.name,
            hello.version,
            hello.protocol,
            yes(hello.perft),
            yes(hello.batch),
        );
        if self.matches.is_empty() {
            intro += "The engine declares every open point it plays, or none is left to match.\n";
        } else {
            intro += "| open point | fixtures passed by reading | compared under | verdict |\n";
            intro += "|---|---|---|---|\n";
            for m in &self.matches {
                intro += &format!(
                    "| `{}` | {} | {} | {} |\n",
                    m.point,
                    tallies_text(&m.tallies.iter().collect::<Vec<_>>()),
                    m.chosen,
                    m.verdict
                );
            }
        }
        intro += "\n## Summary\n\n| variant | fixtures passed | failed | skipped | perft rows passed | failed | positions compared | rows |\n|---|---|---|---|---|---|---|---|\n";
        for s in &self.summaries {
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

        let not_compared: Vec<String> = self
            .summaries
            .iter()
            .flat_map(|s| {
                s.not_compared
                    .iter()
                    .map(move |(why, n)| format!("- {}: {n} {why}", s.variant))
            })
            .collect();
        if !not_compared.is_empty() {
            intro += &format!(
                "\n## Not compared, or compared otherwise\n\n{}\n",
                not_compared.join("\n")
            );
        }
        let matching: Vec<Value> = self
            .matches
            .iter()
            .map(|m| {
                let readings: Vec<Value> = m
                    .tallies
                    .iter()
                    .map(|(r, p, t)| json!({"reading": r, "passed": p, "run": t}))
                    .collect();
                json!({"point": m.point, "chosen": m.chosen, "verdict": m.verdict,
                       "settled": m.settled, "evidence": m.evidence, "readings": readings})
            })
            .collect();
        let summary: Vec<Value> = self
            .summaries
            .iter()
            .map(|s| {
                json!({
                    "variant": s.variant, "fixtures_passed": s.fixtures_passed,
                    "fixtures_failed": s.fixtures_failed, "fixtures_skipped": s.fixtures_skipped,
                    "perft_passed": s.perft_passed, "perft_failed": s.perft_failed,
                    "positions": s.positions, "rows": s.rows, "not_compared": s.not_compared,
                })
            })
            .collect();
        Head {
            stem: "cross-check",
            generated_by: None,
            title: format!("trichess cross-check: {} {}", hello.name, hello.version),
            intro,
            json: json!({
                "invocation": self.invocation,
                "engine": hello.to_json(),
                "matching": matching,
                "summary": summary,
            }),
        }
    }
}

fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

impl CrossCheck {
    /// The same cross-check of the engine `command` on `variant` alone, with the readings
    /// given for that variant, writing no report: the check of one bug of a [`sweep`].
    pub fn of_one(&self, command: Vec<String>, variant: Variant) -> CrossCheck {
        let fixed = self.fixed.get(&variant).cloned();
        CrossCheck {
            command,
            variants: vec![variant],
            fixed: fixed.map(|f| (variant, f)).into_iter().collect(),
            report: None,
            ..self.clone()
        }
    }

    /// Runs the cross-check of the engine against `reference`, telling `observer` as it goes.
    pub fn run(
        &self,
        reference: ReferenceEngine,
        observer: &dyn Observer,
    ) -> Result<Findings, CrossCheckError> {
        let start_with = Arc::clone(&reference);
        let config = Config {
            command: self.command.clone(),
            timeout: self.timeout,
            slow: (self.timeout / 10).max(Duration::from_millis(1)),
            max_faults_in_a_row: 8,
            perft_budget: self.max_nodes.saturating_mul(4).max(200_000),
            start: Arc::new(move |game: &Game| start_with().start(game)),
        };
        let faults = Faults::default();
        let engine = ExternalEngine::start(config.clone(), faults.clone())
            .map_err(|e| CrossCheckError::Start(e.to_string()))?;
        let hello = engine.hello().clone();
        let reference_name = reference().name();
        observer.say(&format!(
            "trichess cross-check: engine {} {} (protocol {}; perft {}, batch {}), seed {} \
             (replay with --seed {}), first engine {reference_name}",
            hello.name,
            hello.version,
            hello.protocol,
            yes(hello.perft),
            yes(hello.batch),
            self.seed,
            self.seed,
        ));
        let variants: Vec<Variant> = self
            .variants
            .iter()
            .copied()
            .filter(|v| hello.variants.contains_key(v))
            .collect();
        let left: Vec<&str> = self
            .variants
            .iter()
            .filter(|v| !variants.contains(v))
            .map(|v| v.id())
            .collect();
        if !left.is_empty() {
            observer.say(&format!("not played by the engine: {}", left.join(", ")));
        }
        if variants.is_empty() {
            return Err(CrossCheckError::NoVariant);
        }
        // The readings given must be ones the engine plays, before anything is compared.
        for &v in &variants {
            let game = Game {
                variant: v,
                interpretations: self.fixed.get(&v).cloned().unwrap_or_default(),
            };
            hello
                .supports(&game)
                .map_err(|e| CrossCheckError::Unsupported(e.to_string()))?;
        }
        let mut found = Findings {
            table: Table::new(self.per_finding, Some(self.command.join(" "))),
            matches: Vec::new(),
            summaries: Vec::new(),
            hello: hello.clone(),
            given_up: None,
            seen: Default::default(),
            fault_rows: BTreeMap::new(),
            faults: faults.clone(),
            report: self.report.clone(),
            invocation: self.invocation.clone(),
            reference: reference_name,
            max_rows: self.max_rows,
        };
        // A report from the start: an interrupted run leaves one, rows or not.
        found.write()?;
        found.faults()?;
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
        let make_reference = {
            let reference = Arc::clone(&reference);
            move || reference()
        };
        let suite = Suite::embedded().map_err(|e| CrossCheckError::Start(e.to_string()))?;
        let mut checker = Checker {
            engine,
            reference: make_reference(),
            duel: Duel::new(Box::new(make_reference.clone()), Box::new(external.clone()))
                .trusting(hello.validates, hello.classifies),
            found,
            observer,
        };
        for &variant in &variants {
            if interrupted() {
                break;
            }
            let before = checker.found.table.rows.len();
            let mut run = VariantRun {
                variant,
                open: trichess_suite::open_points(variant)?.to_vec(),
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
                .filter(|p| !run.open.iter().any(|o| &o.id == *p))
            {
                observer.say(&format!(
                    "note: the engine declares {point}, which the {variant} register does not know"
                ));
            }
            let fixed = self.fixed.get(&variant).cloned().unwrap_or_default();
            let of_variant: Vec<&Fixture> = suite
                .fixtures
                .iter()
                .filter(|f| f.variant == variant)
                .collect();
            checker.match_readings(&mut run, &of_variant, &fixed)?;
            checker.fixtures(&mut run, &of_variant)?;
            let positions: Vec<&PerftPosition> = suite
                .tables
                .iter()
                .filter(|t| t.variant == variant)
                .flat_map(|t| &t.positions)
                .collect();
            checker.perft_tables(&mut run, &positions, self.max_nodes)?;
            let generated = self.campaign(variant, &run.chosen, variants.len(), &hello);
            checker.generated(
                &mut run,
                &generated,
                make_reference.clone(),
                external.clone(),
            )?;
            let mut summary = run.summary;
            for (what, n) in checker.found.faults.take_unsupported() {
                summary.not_compared.insert(
                    format!("positions not compared: the engine does not play them: {what}"),
                    n,
                );
            }
            summary.rate = format!(
                "{:.0}",
                summary.positions as f64 / summary.seconds.max(1e-9)
            );
            summary.rows = checker.found.table.rows.len() - before;
            checker.found.summaries.push(summary);
            checker.found.write()?;
        }
        let mut found = checker.found;
        found.faults()?;
        found.given_up = found.faults.down();
        found.write()?;
        Ok(found)
    }

    /// The campaign of generated positions of `variant`, its share of the budget, under the
    /// readings `chosen` (the other open points drawn among the readings the engine declares).
    fn campaign(
        &self,
        variant: Variant,
        chosen: &BTreeMap<String, String>,
        variants: usize,
        hello: &Hello,
    ) -> Campaign {
        let n = variants.max(1) as u64;
        let mut campaign = Campaign::new(&[variant])
            .seed(self.seed)
            .perft(self.depth, 1)
            .shrinking(1, 200)
            .fixed(variant, chosen.clone())
            .trusting(hello.validates, hello.classifies);
        if let Some(p) = self.positions {
            campaign = campaign.positions(p.div_ceil(n));
        }
        if self.seconds.is_some() || self.positions.is_none() {
            let ms = self.seconds.unwrap_or(10) * 1000 / n;
            campaign = campaign.time(Duration::from_millis(ms));
        }
        campaign
    }
}

/// A cross-check under way: the engine under test (for the fixtures and the perft tables),
/// the duel of the reference and another process of the engine under test (for the fixtures'
/// and perft rows' descents and shrinking), and the rows found.
struct Checker<'o> {
    engine: ExternalEngine,
    /// The reference, for counts the perft tables do not hold.
    reference: Box<dyn Engine>,
    duel: Duel,
    found: Findings,
    observer: &'o dyn Observer,
}

/// One variant's run: its open points, those the engine declares, the readings chosen for
/// the others, and how it went.
struct VariantRun {
    variant: Variant,
    open: Vec<OpenPoint>,
    declared: BTreeMap<String, Vec<String>>,
    chosen: BTreeMap<String, String>,
    summary: Summary,
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
                let default = self
                    .open
                    .iter()
                    .find(|o| &o.id == point)
                    .map_or("", OpenPoint::default_reading);
                !matters(point) || reading_of(set, point, default) == reading
            })
    }
}

impl Checker<'_> {
    /// Interpretation matching: the reading the engine follows of each open point it does not
    /// declare (or the one given with `-i`).
    fn match_readings(
        &mut self,
        run: &mut VariantRun,
        fixtures: &[&Fixture],
        fixed: &BTreeMap<String, String>,
    ) -> Result<(), ReportError> {
        self.observer
            .progress(&format!("{}: matching readings", run.variant));
        let matches = infer(&mut self.engine, &run.open, &run.declared, fixed, fixtures);
        if interrupted() {
            return Ok(());
        }
        self.found.faults()?;
        for m in matches {
            run.chosen.insert(m.point.clone(), m.chosen.clone());
            self.found.matches.push(m);
        }
        run.chosen
            .extend(fixed.iter().map(|(p, r)| (p.clone(), r.clone())));
        Ok(())
    }

    /// The fixture suite, under the readings chosen.
    fn fixtures(&mut self, run: &mut VariantRun, fixtures: &[&Fixture]) -> Result<(), ReportError> {
        self.observer
            .progress(&format!("{}: fixtures", run.variant));
        for fixture in fixtures {
            if self.found.faults.down().is_some() || interrupted() {
                break;
            }
            let rules = Some(&fixture.rules[..]);
            if !run.comparable(&self.found.hello, &fixture.interpretations, rules) {
                run.summary
                    .skip("fixtures not compared: under readings the engine does not follow");
                continue;
            }
            if !self.found.hello.validates && matches!(fixture.expect, Expect::Invalid(_)) {
                run.summary.skip(
                    "fixtures not compared: of invalid positions (the engine does not validate)",
                );
                continue;
            }
            let verdict = trichess_suite::run(&mut self.engine, fixture);
            if interrupted() {
                break;
            }
            match verdict {
                Verdict::Pass => run.summary.fixtures_passed += 1,
                Verdict::Skip(why) => run.summary.skip(&format!("fixtures not compared: {why}")),
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
    ) -> Result<(), ReportError> {
        self.observer
            .progress(&format!("{}: perft tables", run.variant));
        for position in positions {
            // A table's position under readings the engine does not follow is counted again
            // by the reference under the engine's readings.
            let recount = !run.comparable(&self.found.hello, &position.interpretations, None);
            let mut game = Game {
                variant: run.variant,
                interpretations: position.interpretations.clone(),
            };
            if recount {
                // The engine's readings replace the table's (a default one by leaving the
                // point out).
                for point in run.chosen.keys() {
                    game.interpretations.remove(point);
                }
                game.interpretations
                    .extend(crate::campaign::beside_defaults(run.variant, &run.chosen));
            }
            let setup = if position.position == "start" {
                self.duel.start(&game)
            } else {
                Setup::parse(run.variant, &position.position).ok()
            };
            let Some(setup) = setup else {
                run.summary
                    .not_compared("perft positions not compared: trichess cannot set them up");
                continue;
            };
            if recount && self.found.hello.supports(&game).is_err() {
                run.summary.not_compared(
                    "perft positions not compared: under readings the engine does not play",
                );
                continue;
            }
            for row in &position.rows {
                if self.found.faults.down().is_some() || interrupted() {
                    return Ok(());
                }
                if row.nodes > max_nodes {
                    run.summary.not_compared(&format!(
                        "perft rows not compared: over --max-nodes {max_nodes}"
                    ));
                    continue;
                }
                let nodes = if recount {
                    match self.reference.perft(&game, &setup, row.depth) {
                        Ok(nodes) => nodes,
                        Err(_) => {
                            run.summary.not_compared(
                                "perft rows not compared: trichess cannot count them under the engine's readings",
                            );
                            continue;
                        }
                    }
                } else {
                    row.nodes
                };
                let got = self.engine.perft(&game, &setup, row.depth);
                if interrupted() {
                    return Ok(());
                }
                if self.found.faults()? {
                    run.summary.perft_failed += 1;
                    continue;
                }
                if let Err(EngineError::Unsupported(what)) = &got {
                    run.summary.not_compared(&format!(
                        "perft rows not compared: the engine does not play them: {what}"
                    ));
                    continue;
                }
                if recount {
                    run.summary
                        .not_compared("perft rows compared with trichess's count under the engine's readings (the table has none under them)");
                }
                if got.as_ref().ok() == Some(&nodes) {
                    run.summary.perft_passed += 1;
                    continue;
                }
                run.summary.perft_failed += 1;
                let source = if recount {
                    "trichess's count under the engine's readings"
                } else {
                    "the perft table"
                };
                let expected = (row.depth, nodes, perft_said(row.depth, &got), source);
                perft_row(&mut self.found, &mut self.duel, &game, &setup, expected)?;
                break;
            }
        }
        Ok(())
    }

    /// Generated positions, as `trichess diff` makes them, by `campaign`.
    fn generated<A, B>(
        &mut self,
        run: &mut VariantRun,
        campaign: &Campaign,
        reference: A,
        external: B,
    ) -> Result<(), CrossCheckError>
    where
        A: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
        B: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
    {
        if self.found.full() || self.found.faults.down().is_some() {
            return Ok(());
        }
        let sink = CrossSink {
            found: Mutex::new((&mut self.found, false, None)),
            observer: self.observer,
        };
        let report = campaign.run_with(reference, external, &sink)?;
        let (_, _, error) = sink.found.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = error {
            return Err(e.into());
        }
        if let Some(r) = report.runs.first() {
            run.summary.positions = r.positions;
            run.summary.seconds = r.seconds;
        }
        Ok(())
    }
}

/// The sink of a cross-check's generated positions: the engine's faults become rows after
/// every step, a crash right after a fault is the fault's (no finding), and each finding is a
/// row; the run stops when the rows are full or the engine is given up.
struct CrossSink<'f, 'o> {
    /// The findings, whether the last step brought a serious fault, and the first error in
    /// writing the report.
    found: Mutex<(&'f mut Findings, bool, Option<ReportError>)>,
    observer: &'o dyn Observer,
}

impl CrossSink<'_, '_> {
    /// Runs `f` on the findings, keeping its first error; stops the run on an error, when the
    /// rows are full or when the engine is given up.
    fn with(&self, f: impl FnOnce(&mut Findings, &mut bool) -> Result<(), ReportError>) -> Flow {
        let Ok(mut guard) = self.found.lock() else {
            return Flow::Stop;
        };
        let (found, faulted, error) = &mut *guard;
        if let Err(e) = f(found, faulted) {
            error.get_or_insert(e);
        }
        if error.is_some() || found.full() || found.faults.down().is_some() {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

impl Sink for CrossSink<'_, '_> {
    fn step(&self) -> Flow {
        self.with(|found, faulted| {
            *faulted = found.faults()?;
            Ok(())
        })
    }

    /// A crash right after a fault is the fault's; a case of a finding that keeps no more
    /// rows is counted there, not shrunk.
    fn keep(&self, finding: &Finding) -> bool {
        self.found.lock().is_ok_and(|mut guard| {
            let after_fault = guard.1 && finding.kind == Kind::Crash;
            let row = report::row(0, finding, Reference::First);
            !after_fault && !guard.0.table.count_if_full(&row)
        })
    }

    fn found(&self, discovery: &Discovery) -> Flow {
        self.with(|found, _| {
            found.faults()?;
            found.finding(&discovery.shrunk, None)
        })
    }

    fn unconfirmed(&self, discovery: &Discovery, again: Option<&Finding>) -> Flow {
        self.with(|found, _| {
            found.faults()?;
            found.fault(answered_twice(&discovery.shrunk, &again_text(again)))
        })
    }

    fn progress(&self, variant: Variant, positions: u64, elapsed: Duration) {
        let rows = self.found.lock().map_or(0, |g| g.0.table.rows.len());
        self.observer.progress(&format!(
            "{variant}: {positions} positions, {:.0}/s, {rows} rows",
            positions as f64 / elapsed.as_secs_f64().max(1e-9)
        ));
    }
}

/// The row of a fixture the engine fails: the first disagreement at the fixture's position,
/// as the first engine and the engine under test compare there, citing the fixture's rules;
/// or, if they agree there, the fixture's own failure.
fn fixture_row(
    found: &mut Findings,
    duel: &mut Duel,
    fixture: &Fixture,
    why: &str,
) -> Result<(), ReportError> {
    let game = Game {
        variant: fixture.variant,
        interpretations: fixture.interpretations.clone(),
    };
    let mut setup = match &fixture.position {
        PositionSpec::Start => duel.start(&game),
        PositionSpec::Written(written) => read_position(game.variant, written).ok(),
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
        if f.kind != Kind::Crash
            && let Again::Differs(again) = duel.recheck(&f)
        {
            found.faults()?;
            return found.fault(answered_twice(&f, &again_text(again.as_deref())));
        }
        return found.finding(&f, Some((fixture, why)));
    }
    found.faults()?;
    // The fixture again, by a fresh process: a failure that does not come back is no row.
    duel.renew();
    let [_, engine] = duel.engines();
    let again = trichess_suite::run(engine, fixture);
    if !found.faults()? {
        let again = match again {
            Verdict::Pass => Some("passes".to_string()),
            Verdict::Fail(other) if other != why => Some(format!("fails: {other}")),
            Verdict::Fail(_) | Verdict::Skip(_) => None,
        };
        if let Some(again) = again {
            let question = match &fixture.expect {
                Expect::Moves(_) | Expect::Legal(_) | Expect::Illegal(_) => "moves",
                Expect::Perft(_) => "perft",
                Expect::Position(_) => "play",
                Expect::Outcome(_) => "result",
                Expect::Invalid(_) => "check",
            };
            return found.fault(Fault {
                kind: FaultKind::Nondeterministic,
                cmd: question,
                about: setup.map(|s| (game, s)),
                detail: format!(
                    "fixture {} first fails: {why}; run again (a fresh process), it {again}",
                    fixture.name
                ),
            });
        }
    }
    found.push(Row {
        number: 0,
        variant: game.variant.id().to_string(),
        kind: "fixture".into(),
        readings: readings_text(&game),
        position: setup.as_ref().map_or("-".into(), Setup::to_text),
        mv: "-".into(),
        a_says: format!("as fixture {} expects", fixture.name),
        b_says: why.to_string(),
        rules: fixture
            .rules
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join(" "),
        why: fixture.derivation.clone(),
        problem: None,
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
    (depth, nodes, said, source): (u32, u64, String, &str),
) -> Result<(), ReportError> {
    if let Some(f) = duel.compare(game, setup, depth).finding
        && !(found.faults()? && f.kind == Kind::Crash)
    {
        let f = shrink(duel, f, 1, 200, &game.interpretations);
        found.faults()?;
        if f.kind != Kind::Crash
            && let Again::Differs(again) = duel.recheck(&f)
        {
            found.faults()?;
            return found.fault(answered_twice(&f, &again_text(again.as_deref())));
        }
        return found.finding(&f, None);
    }
    found.faults()?;
    // The count again, by a fresh process.
    duel.renew();
    let [_, engine] = duel.engines();
    let again = engine.perft(game, setup, depth);
    if !found.faults()? && again.is_ok() && perft_said(depth, &again) != said {
        return found.fault(Fault {
            kind: FaultKind::Nondeterministic,
            cmd: "perft",
            about: Some((game.clone(), setup.clone())),
            detail: format!(
                "first {said}; asked again (a fresh process): {}",
                perft_said(depth, &again)
            ),
        });
    }
    let f = Finding {
        kind: Kind::DifferentPerft,
        game: game.clone(),
        setup: setup.clone(),
        mv: None,
        a_says: format!("perft {depth} = {nodes} ({source})"),
        b_says: said,
        a_moves: None,
        a_expect: Some(json!({"perft": {"depth": depth, "nodes": nodes}})),
        refusals: [None, None],
        origin: None,
        path: Vec::new(),
    };
    found.finding(&f, None)
}

/// What an engine said of a perft count, as a row writes it.
fn perft_said(depth: u32, got: &Result<u64, trichess_model::EngineError>) -> String {
    match got {
        Ok(n) => format!("perft {depth} = {n}"),
        Err(e) => e.to_string(),
    }
}

/// The fault of an engine that answered the question of `first` one way, then (a fresh
/// process) as `again` says.
fn answered_twice(first: &Finding, again: &str) -> Fault {
    let question = match first.kind {
        Kind::MissingMove | Kind::ExtraMove | Kind::Crash => "moves",
        Kind::DifferentPosition => "play",
        Kind::DifferentResult => "result",
        Kind::DifferentValidity => "check",
        Kind::DifferentPerft => "perft",
    };
    Fault {
        kind: FaultKind::Nondeterministic,
        cmd: question,
        about: Some((first.game.clone(), first.setup.clone())),
        detail: format!(
            "first {}: {}; asked again (a fresh process): {again}",
            disagreement(first),
            first.b_says
        ),
    }
}

/// A disagreement's kind, and its move if it has one.
fn disagreement(f: &Finding) -> String {
    match f.mv {
        Some(mv) => format!("{} {mv}", f.kind),
        None => f.kind.to_string(),
    }
}

/// What the engines said when asked again: another disagreement, or none.
fn again_text(again: Option<&Finding>) -> String {
    match again {
        Some(f) => format!("{}: {}", disagreement(f), f.b_says),
        None => "as the first engine".to_string(),
    }
}

/// How the cross-check of one planted bug (a mutant served by `trichess serve --mutant NAME`)
/// went: the rows it brought, and whether they name the rule the bug breaks (or, for a clause
/// split into parts, one of the parts).
#[derive(Clone, Debug, Tabled)]
pub struct SweepRow {
    /// The bug's name.
    pub mutant: &'static str,
    /// The rule it breaks.
    pub rule: &'static str,
    /// The rows found.
    pub rows: usize,
    /// Whether a row names the rule.
    #[tabled(rename = "rule named")]
    pub named: &'static str,
    /// The first row's kind and move.
    #[tabled(rename = "first row")]
    pub first: String,
    /// Every rule id the rows name.
    #[tabled(rename = "rules named")]
    pub rules: String,
}

impl SweepRow {
    /// Says how the cross-check of `planted`, which found `found`, named its rule.
    pub fn new(planted: &crate::zoo::Planted, found: &Findings) -> Result<SweepRow, RegisterError> {
        let mut rules: Vec<&str> = Vec::new();
        for id in found.table.rows.iter().flat_map(|r| r.rules.split(' ')) {
            if id.contains('.') && !rules.contains(&id) {
                rules.push(id);
            }
        }
        let register = Register::of(planted.variant)?;
        let parts = register
            .clauses
            .iter()
            .find(|c| c.id == planted.rule)
            .map(|c| c.parts.clone())
            .unwrap_or_default();
        let named =
            rules.contains(&planted.rule) || parts.iter().any(|p| rules.contains(&p.as_str()));
        Ok(SweepRow {
            mutant: planted.name,
            rule: planted.rule,
            rows: found.table.rows.len(),
            named: yes(named),
            first: found
                .table
                .rows
                .first()
                .map_or("-".into(), |r| format!("{} {}", r.kind, r.mv)),
            rules: rules.join(" "),
        })
    }
}

/// Cross-checks each bug of `bugs` in turn, the engine with the bug run by the command
/// `serve` gives for its name (`trichess serve --mutant NAME`, say), each as `check` is but on
/// the bug's variant alone ([`CrossCheck::of_one`]), against `reference`, and says how each
/// went. An interrupt stops the sweep without the bug it cut short: the rows so far come back
/// with `true`.
pub fn sweep(
    bugs: &[crate::zoo::Planted],
    check: &CrossCheck,
    serve: impl Fn(&str) -> Vec<String>,
    reference: &ReferenceEngine,
) -> Result<(Vec<SweepRow>, bool), CrossCheckError> {
    let mut table = Vec::new();
    for bug in bugs {
        let one = check.of_one(serve(bug.name), bug.variant);
        let found = one.run(Arc::clone(reference), &crate::Silent);
        if interrupted() {
            return Ok((table, true));
        }
        table.push(SweepRow::new(bug, &found?)?);
    }
    Ok((table, false))
}

/// The sweep's table for the terminal, and a line counting the mutants, those found and those
/// whose rule a row names.
pub fn sweep_text(table: &[SweepRow]) -> String {
    let named = table.iter().filter(|r| r.named == "yes").count();
    format!(
        "{}\n{} mutants: {} found, {named} with their rule named",
        tabled::Table::new(table).with(tabled::settings::Style::sharp()),
        table.len(),
        table.len() - not_found(table).len()
    )
}

/// The mutants of the sweep that brought no row.
pub fn not_found(table: &[SweepRow]) -> Vec<&'static str> {
    table
        .iter()
        .filter(|r| r.rows == 0)
        .map(|r| r.mutant)
        .collect()
}

/// Writes the sweep's table as `DIR/cross-check-mutants.md` and `.json`: `invocation`
/// replays it, `reference` names the engine the bugs were checked against.
pub fn write_sweep(
    dir: &std::path::Path,
    (invocation, reference, seed): (&str, &str, u64),
    table: &[SweepRow],
) -> Result<(), ReportError> {
    std::fs::create_dir_all(dir).map_err(|source| ReportError {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut md = format!(
        "# trichess cross-check of the mutant zoo\n\nGenerated by `{invocation}`. Each mutant \
         of the fast engine (`trichess mutants`) served by `trichess serve --mutant NAME` and \
         cross-checked against trichess's {reference}: the rows found, the first of them, the \
         rule ids the rows name, and whether they name the rule the mutant breaks.\n\n"
    );
    md += &tabled::Table::new(table)
        .with(tabled::settings::Style::markdown())
        .to_string();
    md.push('\n');
    report::write_atomic(&dir.join("cross-check-mutants.md"), &md)?;
    let rows: Vec<Value> = table
        .iter()
        .map(|r| {
            json!({"mutant": r.mutant, "rule": r.rule, "rows": r.rows,
                   "rule_named": r.named == "yes", "first_row": r.first,
                   "rules_named": r.rules})
        })
        .collect();
    let json = json!({"seed": seed, "mutants": rows});
    report::write_atomic(
        &dir.join("cross-check-mutants.json"),
        &serde_json::to_string_pretty(&json).unwrap_or_else(|_| json.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_check_of_one_bug_keeps_the_limits_and_the_bugs_variant_alone() {
        let readings = |r: &str| BTreeMap::from([("p".to_string(), r.to_string())]);
        let check = CrossCheck {
            command: vec!["engine".into()],
            variants: vec![Variant::Yalta, Variant::Yuri],
            fixed: BTreeMap::from([
                (Variant::Yalta, readings("a")),
                (Variant::Yuri, readings("b")),
            ]),
            seed: 7,
            seconds: None,
            positions: Some(300),
            depth: 2,
            timeout: Duration::from_millis(900),
            max_nodes: 100,
            max_rows: 50,
            per_finding: 5,
            report: Some(PathBuf::from("reports")),
            invocation: "trichess cross-check --seed 7".into(),
        };
        let one = check.of_one(vec!["serve".into(), "bug".into()], Variant::Yuri);
        assert_eq!(one.command, ["serve", "bug"]);
        assert_eq!(one.variants, [Variant::Yuri]);
        assert_eq!(one.fixed, BTreeMap::from([(Variant::Yuri, readings("b"))]));
        assert_eq!(one.report, None);
        let kept = (
            one.seed,
            one.positions,
            one.depth,
            one.timeout,
            one.max_nodes,
        );
        assert_eq!(kept, (7, Some(300), 2, Duration::from_millis(900), 100));
        assert_eq!((one.max_rows, one.per_finding), (50, 5));
        assert_eq!(one.invocation, check.invocation);
        // A variant without readings given has none.
        let other = check.of_one(Vec::new(), Variant::OSullivan);
        assert!(other.fixed.is_empty());
    }

    #[test]
    fn the_oracles_server_explains_and_the_fast_engines_does_not() {
        let ask = r#"{"id": 1, "cmd": "explain", "variant": "osullivan", "readings": {},
            "position": {"to_move": "w", "pieces": {"d8": "wK", "e7": "wP", "a1": "bK",
            "h1": "rK"}}, "move": "e7-e5"}"#
            .replace('\n', " ");
        let oracle = server_of(Box::new(Oracle)).answer(ask.as_bytes());
        let reply: Value = serde_json::from_str(&oracle).expect("JSON");
        let after = &reply["ok"]["after"];
        assert_eq!(after, "a1:bK,h1:rK,e5:wP,d8:wK r en_passant=e6", "{oracle}");
        let fast = server_of(Box::new(trichess_fast::Fast::default())).answer(ask.as_bytes());
        let reply: Value = serde_json::from_str(&fast).expect("JSON");
        assert_eq!(reply["error"], "unsupported", "{fast}");
    }
}
