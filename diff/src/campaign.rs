//! The campaign: the one generate -> compare -> shrink loop that `trichess diff`, `mutants
//! --catch`, `cross-check` and the tests run. Variants run in turn, each on a number of
//! threads, each thread walking its own seeded games until the time or the positions run out
//! or a [`Sink`] says stop (or the program is [interrupted](trichess_protocol::interrupted));
//! every disagreement is shrunk, asked about again with fresh engines ([`Duel::recheck`]: one
//! that does not come back is not a finding, and goes to [`Sink::unconfirmed`]) and handed to
//! the sink as it is found, and the report lists them in an order that does not depend on how
//! fast the threads go.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use trichess_model::{Engine, Game, Setup, Variant};
use trichess_suite::{OpenPoint, PerftTable};

use crate::{
    Again, Choices, DeepStates, Duel, Finding, Generator, Kind, Policy, Seeded, Step, random_game,
    shrink,
};

/// Whether a campaign goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// Stop every thread as soon as it can.
    Stop,
}

/// A disagreement a campaign found: as the generator met it (descended to the first position
/// where the engines differ), and shrunk.
#[derive(Clone, Debug)]
pub struct Discovery {
    /// The variant of the run.
    pub variant: Variant,
    /// The disagreement as found.
    pub found: Finding,
    /// The same, shrunk to a smaller case of the same kind.
    pub shrunk: Finding,
    /// Positions the thread had compared when it found it.
    pub positions: u64,
    /// Seconds since the variant's run began, when it was found (before shrinking).
    pub seconds: f64,
}

/// What a campaign tells as it goes: every method has a default that does nothing.
pub trait Sink: Sync {
    /// Hears of a disagreement, shrunk (each once per thread; the same case may come from
    /// two threads). Stop to end the campaign.
    fn found(&self, _discovery: &Discovery) -> Flow {
        Flow::Continue
    }
    /// Hears of a disagreement, shrunk, that did not come back when asked about again with
    /// fresh engines: `again` is what they said then (another disagreement, or none). It is
    /// not a finding of the campaign. Stop to end the campaign.
    fn unconfirmed(&self, _discovery: &Discovery, _again: Option<&Finding>) -> Flow {
        Flow::Continue
    }
    /// Says whether a disagreement, as found, is one to shrink and report; one that is not is
    /// counted as skipped ([`VariantRun::skipped`]).
    fn keep(&self, _finding: &Finding) -> bool {
        true
    }
    /// Hears that a thread took a step of its walk (a position compared, or a finding met on
    /// the way). Stop to end the campaign.
    fn step(&self) -> Flow {
        Flow::Continue
    }
    /// Hears, about ten times a second, how many positions the variant's run has compared and
    /// how long it has taken.
    fn progress(&self, _variant: Variant, _positions: u64, _elapsed: Duration) {}
    /// Hears of a reading left out of the draw because an engine does not play it.
    fn note(&self, _variant: Variant, _note: &str) {}
}

/// What a long run tells the user as it goes: lines to print, and what it is doing now.
pub trait Observer: Sync {
    /// A line for the user (the engine's name, a reading left out, ...).
    fn say(&self, _line: &str) {}
    /// What the run is doing now, for a progress line.
    fn progress(&self, _message: &str) {}
}

/// An observer that tells nobody.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Observer for Silent {}

/// A sink that keeps nothing and never stops the run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Sink for Quiet {}

/// How one variant's run went.
#[derive(Clone, Debug, PartialEq)]
pub struct VariantRun {
    /// The variant.
    pub variant: Variant,
    /// Positions compared, by every thread.
    pub positions: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// Disagreements the sink did not keep ([`Sink::keep`]).
    pub skipped: u64,
    /// Different disagreements found (shrunk, by their key).
    pub findings: usize,
    /// Disagreements that did not come back when asked about again ([`Sink::unconfirmed`]).
    pub unconfirmed: u64,
    /// The deep states reached by the positions played from the start of the game (walks
    /// from other roots, and edited positions, are not counted there).
    pub deep: DeepStates,
}

/// What a campaign found: each variant's run, and the disagreements, shrunk, in the order of
/// the variants, then of the threads, then as found (each case once).
#[derive(Clone, Debug)]
pub struct CampaignReport {
    /// The seed the run walked with.
    pub seed: u64,
    /// Each variant's run.
    pub runs: Vec<VariantRun>,
    /// The disagreements, shrunk.
    pub findings: Vec<Finding>,
    /// Whether the program was interrupted before the campaign's end: the runs are those so
    /// far (a variant not begun has none).
    pub interrupted: bool,
}

impl CampaignReport {
    /// The runs as a table: each variant's positions, seconds, positions per second and
    /// disagreements; then how many disagreements did not come back when asked again, and
    /// where the run was interrupted, if it was.
    pub fn table(&self) -> String {
        #[derive(tabled::Tabled)]
        struct Line {
            variant: &'static str,
            positions: u64,
            seconds: String,
            #[tabled(rename = "positions/s")]
            rate: String,
            discrepancies: usize,
        }
        let lines = self.runs.iter().map(|r| Line {
            variant: r.variant.id(),
            positions: r.positions,
            seconds: format!("{:.1}", r.seconds),
            rate: format!("{:.0}", r.positions as f64 / r.seconds.max(1e-9)),
            discrepancies: r.findings,
        });
        let mut table = tabled::Table::new(lines)
            .with(tabled::settings::Style::sharp())
            .to_string();
        let unconfirmed: u64 = self.runs.iter().map(|r| r.unconfirmed).sum();
        if unconfirmed > 0 {
            table += &format!(
                "\n{unconfirmed} disagreements did not come back when asked again: not rows"
            );
        }
        if self.interrupted {
            let positions: u64 = self.runs.iter().map(|r| r.positions).sum();
            table += &format!("\ninterrupted after {positions} positions");
        }
        table
    }

    /// The deep states each variant's games reached, per 10,000 positions played from the
    /// start (see [`DeepStates`]).
    pub fn deep_table(&self) -> String {
        let mut builder = tabled::builder::Builder::default();
        let mut header = vec!["per 10,000 played".to_string()];
        header.extend(
            DeepStates::default()
                .per_10k()
                .map(|(name, _)| name.to_string()),
        );
        builder.push_record(header);
        for run in &self.runs {
            let mut line = vec![run.variant.id().to_string()];
            line.extend(run.deep.per_10k().map(|(_, per)| format!("{per:.0}")));
            builder.push_record(line);
        }
        builder
            .build()
            .with(tabled::settings::Style::sharp())
            .to_string()
    }

    /// Panics, listing every disagreement, if the campaign found any.
    #[allow(clippy::panic, reason = "an assertion for tests, as assert! is")]
    pub fn assert(&self) {
        if !self.findings.is_empty() {
            panic!("{self}");
        }
    }
}

impl fmt::Display for CampaignReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for run in &self.runs {
            writeln!(
                f,
                "{}: {} positions in {:.1} s, {} disagreements",
                run.variant, run.positions, run.seconds, run.findings
            )?;
        }
        for finding in &self.findings {
            writeln!(f, "{finding}")?;
        }
        if !self.findings.is_empty() {
            writeln!(
                f,
                "(seed {}: the same campaign finds them again)",
                self.seed
            )?;
        }
        Ok(())
    }
}

/// Runs `f` without the panic hook printing anything: for a run whose engines may panic (the
/// campaign catches a panic and makes it a finding).
pub fn quietly<T>(f: impl FnOnce() -> T) -> T {
    std::panic::set_hook(Box::new(|_| {}));
    let out = f();
    let _ = std::panic::take_hook();
    out
}

/// A seed from the clock, for a run given none.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
}

/// The command line that replays a run of `trichess` given `words` (its arguments): the same
/// words but the output options (`--report`, `--expect`, `--write-expect`) and their values,
/// quoted for a shell where needed, with `--seed SEED` added if no seed was given.
pub fn replay_command(words: impl IntoIterator<Item = String>, seed: u64) -> String {
    let mut line = vec!["trichess".to_string()];
    let mut words = words.into_iter();
    let mut seeded = false;
    // Where the outputs go is not part of the run.
    let outputs = ["--report", "--expect", "--write-expect"];
    while let Some(word) = words.next() {
        if outputs.contains(&word.as_str()) {
            words.next();
            continue;
        }
        if outputs.iter().any(|o| word.starts_with(&format!("{o}="))) {
            continue;
        }
        seeded |= word == "--seed" || word.starts_with("--seed=");
        let plain = !word.is_empty() && !word.contains(|c: char| c.is_whitespace() || c == '\'');
        line.push(if plain {
            word
        } else {
            format!("'{}'", word.replace('\'', "'\\''"))
        });
    }
    if !seeded {
        line.push(format!("--seed {seed}"));
    }
    line.join(" ")
}

/// Why a campaign could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CampaignError {
    /// The engines do not both play a game the campaign drew.
    #[error("the engines do not both play {0}: {1}")]
    Unsupported(Variant, String),
    /// A thread of the run panicked.
    #[error("a thread of the run panicked")]
    Panicked,
}

/// The steps a walk takes before a new game (new readings, a new root) begins.
const WALK: u64 = 200;

/// A differential run of two engines on generated positions: which variants, under which
/// readings, for how long, how deep, on how many threads.
///
/// ```no_run
/// use trichess_diff::Campaign;
/// use trichess_model::{Engine, Variant};
/// # fn oracle() -> Box<dyn Engine> { unimplemented!() }
/// # fn mine() -> Box<dyn Engine> { unimplemented!() }
/// let report = Campaign::new(&[Variant::Yalta])
///     .positions(20_000)
///     .seed(1)
///     .run(oracle, mine)
///     .expect("both engines play Yalta");
/// report.assert();
/// ```
#[derive(Clone, Debug)]
pub struct Campaign {
    variants: Vec<Variant>,
    fixed: BTreeMap<Variant, BTreeMap<String, String>>,
    seed: u64,
    time: Option<Duration>,
    positions: Option<u64>,
    threads: usize,
    depth: u32,
    perft_every: u64,
    shrink_depth: Option<u32>,
    shrink_budget: usize,
    roots: BTreeMap<Variant, Vec<Setup>>,
    trust: (bool, bool),
    policy: Policy,
}

impl Campaign {
    /// A campaign over `variants`: 10 seconds in all unless [`Campaign::seconds`] or
    /// [`Campaign::positions`] says otherwise, seed 0, one thread, perft to depth 2 on every
    /// 4th position, walks from the start and the perft tables' positions.
    pub fn new(variants: &[Variant]) -> Campaign {
        let tables = trichess_suite::Suite::embedded()
            .map(|s| s.tables.as_slice())
            .unwrap_or_default();
        Campaign {
            variants: variants.to_vec(),
            fixed: BTreeMap::new(),
            seed: 0,
            time: None,
            positions: None,
            threads: 1,
            depth: 2,
            perft_every: 4,
            shrink_depth: None,
            shrink_budget: 400,
            trust: (true, true),
            policy: Policy::default(),
            roots: variants
                .iter()
                .map(|&v| (v, table_roots(tables, v)))
                .collect(),
        }
    }

    /// Runs `seconds` seconds in all, split evenly between the variants.
    pub fn seconds(self, seconds: u64) -> Campaign {
        self.time(Duration::from_secs(seconds))
    }

    /// Runs for `time` in all, split evenly between the variants.
    pub fn time(mut self, time: Duration) -> Campaign {
        self.time = Some(time);
        self
    }

    /// Compares `positions` positions in all, split evenly between the variants and their
    /// threads (with [`Campaign::seconds`] too, whichever ends first).
    pub fn positions(mut self, positions: u64) -> Campaign {
        self.positions = Some(positions);
        self
    }

    /// Chooses the walks' moves by `policy` ([`Policy::default`] unless said).
    pub fn policy(mut self, policy: Policy) -> Campaign {
        self.policy = policy;
        self
    }

    /// Walks with `seed`: the same seed walks the same positions.
    pub fn seed(mut self, seed: u64) -> Campaign {
        self.seed = seed;
        self
    }

    /// Walks each variant on `threads` threads, each with its own engines and seed.
    pub fn threads(mut self, threads: usize) -> Campaign {
        self.threads = threads.max(1);
        self
    }

    /// Compares perft to `depth` on every `every`-th position (the move sets of every
    /// position are compared: that is perft 1 and more).
    pub fn perft(mut self, depth: u32, every: u64) -> Campaign {
        self.depth = depth;
        self.perft_every = every.max(1);
        self
    }

    /// Shrinks each disagreement comparing at perft `depth` (the run's depth unless said), in
    /// at most `budget` comparisons.
    pub fn shrinking(mut self, depth: u32, budget: usize) -> Campaign {
        self.shrink_depth = Some(depth);
        self.shrink_budget = budget;
        self
    }

    /// Says how far the second engine checks positions ([`Duel::trusting`]): whether it
    /// `validates` them, and whether it `classifies` the problems of a refusal.
    pub fn trusting(mut self, validates: bool, classifies: bool) -> Campaign {
        self.trust = (validates, classifies);
        self
    }

    /// Plays every game of `variant` under these readings; its other open points are drawn
    /// for each game.
    pub fn fixed(mut self, variant: Variant, readings: BTreeMap<String, String>) -> Campaign {
        self.fixed.insert(variant, readings);
        self
    }

    /// Walks the games of `variant` from its start and these positions (instead of the perft
    /// tables').
    pub fn roots(mut self, variant: Variant, roots: Vec<Setup>) -> Campaign {
        self.roots.insert(variant, roots);
        self
    }

    /// Returns the seed the thread `thread` (from 0) of `variant` walks with: the run's seed
    /// plus 1000 times the variant's place in [`Variant::ALL`] (O'Sullivan 0, Yalta 1, Yuri
    /// 2, Triple Crown 3) plus the thread's number. A variant's walks thus depend neither on
    /// the other variants of the run nor on how fast the threads go.
    pub fn walk_seed(seed: u64, variant: Variant, thread: usize) -> u64 {
        let place = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
        seed.wrapping_add(1000 * place as u64 + thread as u64)
    }

    /// Runs the campaign with engine `a` (the reference) against engine `b`, telling nobody.
    pub fn run<A, B>(&self, a: A, b: B) -> Result<CampaignReport, CampaignError>
    where
        A: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
        B: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
    {
        self.run_with(a, b, &Quiet)
    }

    /// Runs the campaign with engine `a` (the reference) against engine `b`, telling `sink`
    /// as it goes.
    pub fn run_with<A, B>(
        &self,
        a: A,
        b: B,
        sink: &dyn Sink,
    ) -> Result<CampaignReport, CampaignError>
    where
        A: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
        B: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
    {
        let stop = AtomicBool::new(false);
        let mut runs = Vec::new();
        let mut findings = Vec::new();
        let mut seen = BTreeSet::new();
        // Every variant's readings are checked before the first begins.
        let probe = Duel::new(Box::new(a.clone()), Box::new(b.clone()));
        for &variant in &self.variants {
            let mut game = Game::new(variant);
            game.interpretations = self.fixed.get(&variant).cloned().unwrap_or_default();
            probe
                .supports(&game)
                .map_err(|why| CampaignError::Unsupported(variant, why))?;
        }
        for &variant in &self.variants {
            if trichess_protocol::interrupted() {
                break;
            }
            let fixed = self.fixed.get(&variant).cloned().unwrap_or_default();
            let open = played_points(&probe, variant, &fixed, sink);
            let walk = Walk {
                campaign: self,
                variant,
                fixed: &fixed,
                open: &open,
                roots: self.roots.get(&variant).map_or(&[][..], Vec::as_slice),
                started: Instant::now(),
                compared: AtomicU64::new(0),
                stop: &stop,
                sink,
            };
            let (run, found) = walk.run_threads(&a, &b)?;
            for f in found {
                if seen.insert(f.key()) {
                    findings.push(f);
                }
            }
            runs.push(run);
        }
        Ok(CampaignReport {
            seed: self.seed,
            runs,
            findings,
            interrupted: trichess_protocol::interrupted(),
        })
    }

    fn deadline(&self, started: Instant) -> Option<Instant> {
        let n = self.variants.len().max(1) as u32;
        let time = match (self.time, self.positions) {
            (None, Some(_)) => None,
            (t, _) => Some(t.unwrap_or(Duration::from_secs(10))),
        };
        time.map(|t| started + t / n)
    }

    fn budget(&self) -> Option<u64> {
        let n = self.variants.len().max(1) as u64;
        self.positions
            .map(|p| p.div_ceil(n).div_ceil(self.threads as u64))
    }
}

/// The positions of the perft tables of `variant` (other than the start), as roots of walks.
pub fn table_roots(tables: &[PerftTable], variant: Variant) -> Vec<Setup> {
    tables
        .iter()
        .filter(|t| t.variant == variant)
        .flat_map(|t| &t.positions)
        .filter(|p| p.position != "start")
        .filter_map(|p| Setup::parse(variant, &p.position).ok())
        .collect()
}

/// The readings of `readings` that are not their points' defaults: a game that names a
/// default means the same as one that leaves it out, and its findings read (and are told
/// apart) as under the defaults.
pub(crate) fn beside_defaults(
    variant: Variant,
    readings: &BTreeMap<String, String>,
) -> BTreeMap<String, String> {
    let points = trichess_suite::open_points(variant).unwrap_or_default();
    readings
        .iter()
        .filter(|(id, reading)| {
            !points
                .iter()
                .any(|p| p.id == **id && p.default_reading() == reading.as_str())
        })
        .map(|(id, reading)| (id.clone(), reading.clone()))
        .collect()
}

/// The open points of `variant` not fixed by `fixed`, each with the readings both engines
/// play (the default always kept): a reading one engine does not play is left out of the
/// draw, and the sink told so.
fn played_points(
    duel: &Duel,
    variant: Variant,
    fixed: &BTreeMap<String, String>,
    sink: &dyn Sink,
) -> Vec<OpenPoint> {
    let points = trichess_suite::open_points(variant).unwrap_or_default();
    let mut open = Vec::new();
    for point in points.iter().filter(|p| !fixed.contains_key(&p.id)) {
        let mut readings = Vec::new();
        for (k, reading) in point.readings.iter().enumerate() {
            let mut game = Game::new(variant);
            game.interpretations.clone_from(fixed);
            game.interpretations
                .insert(point.id.clone(), reading.clone());
            match duel.supports(&game) {
                Err(why) if k > 0 => sink.note(
                    variant,
                    &format!("not compared under {}={reading}: {why}", point.id),
                ),
                _ => readings.push(reading.clone()),
            }
        }
        open.push(OpenPoint {
            id: point.id.clone(),
            readings,
        });
    }
    open
}

/// One variant's run, shared by its threads.
struct Walk<'a> {
    campaign: &'a Campaign,
    variant: Variant,
    fixed: &'a BTreeMap<String, String>,
    open: &'a [OpenPoint],
    roots: &'a [Setup],
    started: Instant,
    compared: AtomicU64,
    stop: &'a AtomicBool,
    sink: &'a dyn Sink,
}

/// What one thread found: positions compared, disagreements skipped and unconfirmed, and those
/// kept, shrunk.
type ThreadRun = (u64, (u64, u64), DeepStates, Vec<Finding>);

impl Walk<'_> {
    /// Runs the variant on the campaign's threads, telling the sink of the progress while
    /// they go.
    fn run_threads<A, B>(&self, a: &A, b: &B) -> Result<(VariantRun, Vec<Finding>), CampaignError>
    where
        A: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
        B: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
    {
        let threads = self.campaign.threads;
        let results: Vec<Result<ThreadRun, CampaignError>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let seed = Campaign::walk_seed(self.campaign.seed, self.variant, t);
                    scope.spawn(move || self.walk(a.clone(), b.clone(), seed))
                })
                .collect();
            while !handles.iter().all(|h| h.is_finished()) {
                self.sink.progress(
                    self.variant,
                    self.compared.load(Ordering::Relaxed),
                    self.started.elapsed(),
                );
                std::thread::sleep(Duration::from_millis(100));
            }
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or(Err(CampaignError::Panicked)))
                .collect()
        });
        let mut run = VariantRun {
            variant: self.variant,
            positions: 0,
            seconds: self.started.elapsed().as_secs_f64(),
            skipped: 0,
            findings: 0,
            unconfirmed: 0,
            deep: DeepStates::default(),
        };
        let mut found = Vec::new();
        let mut keys = BTreeSet::new();
        for result in results {
            let (positions, (skipped, unconfirmed), deep, findings) = result?;
            run.positions += positions;
            run.deep.add(&deep);
            run.skipped += skipped;
            run.unconfirmed += unconfirmed;
            for f in findings {
                keys.insert(f.key());
                found.push(f);
            }
        }
        run.findings = keys.len();
        Ok((run, found))
    }

    fn stopped(&self, compared: u64) -> bool {
        self.campaign
            .deadline(self.started)
            .is_some_and(|d| Instant::now() >= d)
            || self.campaign.budget().is_some_and(|b| compared >= b)
            || self.stop.load(Ordering::Relaxed)
            || trichess_protocol::interrupted()
    }

    /// One thread's walk with the choices of `seed`, until the time or the budget is spent or
    /// the run is stopped.
    fn walk<A, B>(&self, a: A, b: B, seed: u64) -> Result<ThreadRun, CampaignError>
    where
        A: Fn() -> Box<dyn Engine> + 'static,
        B: Fn() -> Box<dyn Engine> + 'static,
    {
        let mut duel = Duel::new(Box::new(a), Box::new(b))
            .trusting(self.campaign.trust.0, self.campaign.trust.1);
        let mut choices = Seeded::new(seed);
        let (mut compared, mut generated, mut skipped, mut unconfirmed) = (0u64, 0u64, 0u64, 0u64);
        let mut findings = Vec::new();
        let mut seen = BTreeSet::new();
        let mut deep = DeepStates::default();
        let mut generator: Option<(Generator, u64)> = None;
        let campaign = self.campaign;
        while !self.stopped(compared) {
            if generator
                .as_ref()
                .is_none_or(|(g, steps)| *steps >= WALK && !g.playing_whole_game())
            {
                generator = Some((self.generator(&mut duel, &mut choices)?, 0));
            }
            let Some((walk, steps)) = generator.as_mut() else {
                continue;
            };
            *steps += 1;
            let game = walk.game().clone();
            let finding = match walk.next(&mut duel, &mut choices) {
                None => {
                    generator = None;
                    continue;
                }
                Some(Step::Finding(f)) => Some(f),
                Some(Step::Position(setup)) => {
                    let depth = if generated.is_multiple_of(campaign.perft_every) {
                        campaign.depth
                    } else {
                        1
                    };
                    generated += 1;
                    let c = duel.compare(&game, &setup, depth);
                    if walk.played_from_first_root() {
                        deep.count(
                            &setup,
                            walk.last_move(),
                            duel.surveyed_outcome_of_a(&game, &setup),
                        );
                    }
                    compared += c.positions;
                    self.compared.fetch_add(c.positions, Ordering::Relaxed);
                    c.finding.map(|f| match walk.trail() {
                        Some((origin, moves)) => f.reached_from(origin, moves),
                        None => f,
                    })
                }
            };
            // An answer cut short by an interrupt is no disagreement.
            if trichess_protocol::interrupted() {
                break;
            }
            if self.sink.step() == Flow::Stop {
                self.stop.store(true, Ordering::Relaxed);
            }
            let Some(found) = finding else { continue };
            if !self.sink.keep(&found) {
                skipped += 1;
                // A walk of the second engine's moves goes on past a disagreement the sink
                // does not keep (one it expects, or of a finding already full), into the
                // positions only that engine reaches.
                if !generator
                    .as_ref()
                    .is_some_and(|(g, _)| g.driven_by_second())
                {
                    generator = None;
                }
                continue;
            }
            generator = None;
            let seconds = self.started.elapsed().as_secs_f64();
            let depth = campaign.shrink_depth.unwrap_or(campaign.depth);
            let shrunk = shrink(
                &mut duel,
                found.clone(),
                depth,
                campaign.shrink_budget,
                self.fixed,
            );
            if !seen.insert(shrunk.key()) {
                continue;
            }
            // Asked again with fresh engines (a crash is the engine's, not the rules').
            let again = match shrunk.kind {
                Kind::Crash => Again::Same,
                _ => duel.recheck(&shrunk),
            };
            if trichess_protocol::interrupted() {
                break;
            }
            let discovery = Discovery {
                variant: self.variant,
                found,
                shrunk: shrunk.clone(),
                positions: compared,
                seconds,
            };
            let flow = match &again {
                Again::Same => {
                    findings.push(shrunk);
                    self.sink.found(&discovery)
                }
                Again::Differs(other) => {
                    unconfirmed += 1;
                    self.sink.unconfirmed(&discovery, other.as_deref())
                }
            };
            if flow == Flow::Stop {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        Ok((compared, (skipped, unconfirmed), deep, findings))
    }

    /// A generator for a new random game: its readings drawn, its roots the start and, half
    /// the time, the perft tables' positions.
    fn generator(&self, duel: &mut Duel, choices: &mut Seeded) -> Result<Generator, CampaignError> {
        let mut game = random_game(self.variant, self.open, choices);
        game.interpretations
            .extend(beside_defaults(self.variant, self.fixed));
        duel.supports(&game)
            .map_err(|why| CampaignError::Unsupported(self.variant, why))?;
        let mut game_roots = Vec::new();
        if let Some(start) = duel.start(&game) {
            game_roots.push(start);
        }
        game_roots.extend(self.roots.iter().cloned());
        if choices.chance(50) && game_roots.len() > 1 {
            // Walks from the start half the time, else from any root.
            game_roots.truncate(1);
        }
        let mut generator = Generator::new(game, game_roots);
        generator.policy = self.campaign.policy;
        Ok(generator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_seeds_differ_by_variant_and_thread() {
        let seeds: BTreeSet<u64> = Variant::ALL
            .iter()
            .flat_map(|&v| (0..4).map(move |t| Campaign::walk_seed(42, v, t)))
            .collect();
        assert_eq!(seeds.len(), 16);
        assert_eq!(Campaign::walk_seed(42, Variant::OSullivan, 0), 42);
        assert_eq!(Campaign::walk_seed(42, Variant::Yuri, 1), 2043);
    }

    fn words(text: &[&str]) -> Vec<String> {
        text.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn the_replay_command_leaves_out_the_outputs_and_adds_the_seed() {
        let given = words(&[
            "diff",
            "--report",
            "out",
            "--expect=e.toml",
            "-i",
            "a b",
            "it's",
        ]);
        assert_eq!(
            replay_command(given, 7),
            "trichess diff -i 'a b' 'it'\\''s' --seed 7"
        );
        let seeded = words(&["diff", "--seed=3", "--write-expect", "-"]);
        assert_eq!(replay_command(seeded, 7), "trichess diff --seed=3");
    }
}
