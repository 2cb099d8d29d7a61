//! Catching planted bugs: for a bug planted in an engine (a mutant of the fast engine, say),
//! how the differential run catches it, and the catch table of a zoo of them (the fast
//! engine's mutants: [`catch_mutants`]), as a terminal table, Markdown and JSON.

use std::sync::Mutex;
use std::time::Duration;

use serde_json::{Value, json};
use tabled::settings::peaker::Priority;
use tabled::settings::{Style, Width};
use tabled::{Table, Tabled};
use trichess_fast::{Fast, Mutant};
use trichess_model::{Engine, Game, Variant};
use trichess_oracle::Oracle;
use trichess_suite::Fixture;

use crate::{Campaign, CampaignError, Discovery, Duel, Finding, Flow, Sink};

/// The perft depth the hunt compares at (as `trichess diff` does by default).
pub const DEPTH: u32 = 2;

/// A bug planted in an engine, as the catch table names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planted {
    /// Its name.
    pub name: &'static str,
    /// The variant whose rules it breaks.
    pub variant: Variant,
    /// The register id of the rule it breaks.
    pub rule: &'static str,
    /// The family of rules it belongs to.
    pub family: &'static str,
    /// What the bug does.
    pub description: &'static str,
}

impl From<Mutant> for Planted {
    fn from(m: Mutant) -> Planted {
        Planted {
            name: m.name(),
            variant: m.variant(),
            rule: m.rule(),
            family: m.family().id(),
            description: m.description(),
        }
    }
}

/// How the differential run caught a planted bug.
#[derive(Clone, Debug)]
pub struct Caught {
    /// Positions compared until the first disagreement that is the bug's.
    pub positions: u64,
    /// Seconds taken until then.
    pub seconds: f64,
    /// Disagreements of the engines without the bug met on the way (skipped).
    pub skipped: u64,
    /// The disagreement as found on a generated position (after descent).
    pub found: Finding,
    /// The same, shrunk to fewer pieces (the found one if shrinking lost the bug).
    pub shrunk: Finding,
}

/// How a planted bug fared: the fixtures that catch it, and the differential run's catch or
/// how far it went without one (positions, seconds).
#[derive(Clone, Debug)]
pub struct CatchRow {
    /// The bug.
    pub planted: Planted,
    /// The fixtures of its variant that fail with it planted.
    pub fixtures: Vec<String>,
    /// The differential run's catch, or the positions and seconds it ran without one.
    pub diff: Result<Caught, (u64, f64)>,
}

/// The limits of a hunt: its seed, seconds, and positions (whichever ends first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The seed of the walks.
    pub seed: u64,
    /// Give up after this many seconds.
    pub seconds: u64,
    /// Give up after this many positions, if given.
    pub positions: Option<u64>,
}

/// Keeps the disagreements of the engine with the bug that the engine without it does not
/// share, and stops at the first.
struct Hunter<R, C> {
    reference: R,
    clean: C,
    caught: Mutex<Option<Caught>>,
}

impl<R, C> Hunter<R, C>
where
    R: Fn() -> Box<dyn Engine> + Clone + 'static,
    C: Fn() -> Box<dyn Engine> + Clone + 'static,
{
    /// Returns true if the engine without the bug agrees with the reference where `f` is.
    fn is_the_bugs(&self, f: &Finding) -> bool {
        let mut clean = Duel::new(
            Box::new(self.reference.clone()),
            Box::new(self.clean.clone()),
        );
        clean.compare(&f.game, &f.setup, DEPTH).finding.is_none()
    }
}

impl<R, C> Sink for Hunter<R, C>
where
    R: Fn() -> Box<dyn Engine> + Clone + Sync + 'static,
    C: Fn() -> Box<dyn Engine> + Clone + Sync + 'static,
{
    fn keep(&self, finding: &Finding) -> bool {
        self.is_the_bugs(finding)
    }

    fn found(&self, d: &Discovery) -> Flow {
        let shrunk = if self.is_the_bugs(&d.shrunk) {
            d.shrunk.clone()
        } else {
            d.found.clone()
        };
        if let Ok(mut caught) = self.caught.lock() {
            caught.get_or_insert(Caught {
                positions: d.positions,
                seconds: d.seconds,
                skipped: 0,
                found: d.found.clone(),
                shrunk,
            });
        }
        Flow::Stop
    }
}

/// Runs the differential run of `reference` against `mutated` (the engine with the bug) on
/// `variant`'s generated positions, one thread, perft to [`DEPTH`] at every position, until
/// the first disagreement that `clean` (the engine without the bug) does not share, or the
/// limits. `Err` gives how far it went without a catch.
pub fn hunt<R, M, C>(
    variant: Variant,
    limits: Limits,
    reference: R,
    mutated: M,
    clean: C,
) -> Result<Result<Caught, (u64, f64)>, CampaignError>
where
    R: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
    M: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
    C: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
{
    let mut campaign = Campaign::new(&[variant])
        .seed(limits.seed)
        .time(Duration::from_secs(limits.seconds))
        .perft(DEPTH, 1);
    if let Some(p) = limits.positions {
        campaign = campaign.positions(p);
    }
    let hunter = Hunter {
        reference: reference.clone(),
        clean,
        caught: Mutex::new(None),
    };
    let report = campaign.run_with(reference, mutated, &hunter)?;
    let run = report.runs.first();
    let skipped = run.map_or(0, |r| r.skipped);
    let caught = hunter
        .caught
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    Ok(match caught {
        Some(c) => Ok(Caught { skipped, ..c }),
        None => Err(run.map_or((0, 0.0), |r| (r.positions, r.seconds))),
    })
}

/// Hunts each bug in turn ([`hunt`]), `reference` against the engine with the bug (each bug's
/// own factory) on the bug's variant, with `clean` as the engine without it, and makes the
/// catch table, each row with the fixtures given as failing with the bug. `done` hears of each
/// bug when its hunt is over. A panic in an engine is caught by the run and not printed.
pub fn catch<R, M, C>(
    bugs: Vec<(Planted, Vec<String>, M)>,
    limits: Limits,
    (reference, clean): (R, C),
    done: &mut dyn FnMut(&Planted),
) -> Result<Vec<CatchRow>, CampaignError>
where
    R: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
    M: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
    C: Fn() -> Box<dyn Engine> + Clone + Send + Sync + 'static,
{
    crate::quietly(|| {
        bugs.into_iter()
            .map(|(planted, fixtures, mutated)| {
                let (reference, clean) = (reference.clone(), clean.clone());
                let diff = hunt(planted.variant, limits, reference, mutated, clean)?;
                done(&planted);
                Ok(CatchRow {
                    planted,
                    fixtures,
                    diff,
                })
            })
            .collect()
    })
}

/// The catch table of the fast engine's `mutants` ([`catch`]): each planted in the fast
/// engine and hunted against the oracle, with the fast engine without it as the clean one,
/// each row with the fixtures among `fixtures` that fail with it planted.
pub fn catch_mutants(
    mutants: &[Mutant],
    fixtures: &[Fixture],
    limits: Limits,
    done: &mut dyn FnMut(&Planted),
) -> Result<Vec<CatchRow>, CampaignError> {
    let bugs = (mutants.iter())
        .map(|&m| {
            let mutated = move || Box::new(Fast::with_mutant(m)) as Box<dyn Engine>;
            (Planted::from(m), m.failing_fixtures(fixtures), mutated)
        })
        .collect();
    let reference = || Box::new(Oracle) as Box<dyn Engine>;
    let clean = || Box::new(Fast::default()) as Box<dyn Engine>;
    catch(bugs, limits, (reference, clean), done)
}

/// The number of bugs of the catch table that escape both the fixtures and the differential
/// run.
pub fn escaped(rows: &[CatchRow]) -> usize {
    rows.iter()
        .filter(|r| r.fixtures.is_empty() && r.diff.is_err())
        .count()
}

fn readings_text(game: &Game) -> String {
    trichess_suite::readings_text(game)
}

fn move_text(f: &Finding) -> String {
    f.mv.map_or("-".into(), |m| m.to_string())
}

/// The catch table as JSON.
pub fn to_json(rows: &[CatchRow]) -> Value {
    let finding = |f: &Finding| {
        json!({"kind": f.kind.id(), "readings": readings_text(&f.game),
               "position": f.setup.to_text(), "move": move_text(f),
               "oracle_says": f.a_says, "mutant_says": f.b_says})
    };
    let list: Vec<Value> = rows
        .iter()
        .map(|r| {
            let diff = match &r.diff {
                Ok(c) => json!({"caught": true, "positions": c.positions,
                                "seconds": c.seconds, "skipped": c.skipped,
                                "found": finding(&c.found), "shrunk": finding(&c.shrunk)}),
                Err((positions, seconds)) => {
                    json!({"caught": false, "positions": positions, "seconds": seconds})
                }
            };
            let p = r.planted;
            json!({"mutant": p.name, "variant": p.variant.id(),
                   "rule": p.rule, "fixtures": r.fixtures, "diff": diff})
        })
        .collect();
    json!(list)
}

/// The seconds the differential run took to catch each caught bug, sorted.
fn catch_times(rows: &[CatchRow]) -> Vec<f64> {
    let mut times: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.diff.as_ref().ok().map(|c| c.seconds))
        .collect();
    times.sort_by(f64::total_cmp);
    times
}

/// One line: how many bugs the fixtures and the differential run caught, and how fast.
pub fn summary(rows: &[CatchRow], limits: &Limits) -> String {
    let times = catch_times(rows);
    let median = match times.len() {
        0 => "-".to_string(),
        n if n % 2 == 1 => format!("{:.1} s", times[n / 2]),
        n => format!("{:.1} s", (times[n / 2 - 1] + times[n / 2]) / 2.0),
    };
    let max = times.last().map_or("-".into(), |t| format!("{t:.1} s"));
    let by_fixtures = rows.iter().filter(|r| !r.fixtures.is_empty()).count();
    format!(
        "{} mutants: {by_fixtures} caught by a fixture, {} by the differential run (within {} s{} each); time to catch: median {median}, max {max}",
        rows.len(),
        times.len(),
        limits.seconds,
        limits
            .positions
            .map_or(String::new(), |p| format!(" or {p} positions")),
    )
}

fn diff_cells(r: &CatchRow) -> (String, String, String) {
    match &r.diff {
        Ok(c) => (
            c.positions.to_string(),
            format!("{:.2}", c.seconds),
            c.found.kind.id().to_string(),
        ),
        Err((p, s)) => (p.to_string(), format!("{s:.2}"), "not caught".into()),
    }
}

/// The catch table for the terminal, its widest columns wrapped to `width`.
pub fn to_table(rows: &[CatchRow], width: usize) -> String {
    #[derive(Tabled)]
    struct Line {
        mutant: &'static str,
        rule: &'static str,
        fixtures: usize,
        positions: String,
        seconds: String,
        kind: String,
        #[tabled(rename = "position (shrunk)")]
        position: String,
        #[tabled(rename = "move")]
        mv: String,
    }
    let lines = rows.iter().map(|r| {
        let (positions, seconds, kind) = diff_cells(r);
        let (position, mv) = match &r.diff {
            Ok(c) => (c.shrunk.setup.to_text(), move_text(&c.shrunk)),
            Err(_) => ("-".into(), "-".into()),
        };
        Line {
            mutant: r.planted.name,
            rule: r.planted.rule,
            fixtures: r.fixtures.len(),
            positions,
            seconds,
            kind,
            position,
            mv,
        }
    });
    let fit = Width::wrap(width)
        .priority(Priority::max(true))
        .keep_words(true);
    Table::new(lines).with(Style::sharp()).with(fit).to_string()
}

/// The catch table as a Markdown report with a "generated by" header.
pub fn to_markdown(rows: &[CatchRow], limits: &Limits) -> String {
    let limit = limits
        .positions
        .map_or(String::new(), |p| format!(" --positions {p}"));
    let mut md = format!(
        "<!-- generated by `trichess mutants --catch --seed {} --seconds {}{limit} --format markdown`; do not edit -->\n\
         # The mutant zoo: how each planted bug is caught\n\n\
         Each mutant is one rules bug planted in the fast engine (`trichess mutants` lists them; \
         `--mutant NAME` plants one). For each, the fixture suite of its variant is run against \
         the mutated engine (the fixtures it fails are listed), and the differential run compares \
         the oracle with the mutated engine on the positions of `trichess diff`'s generator (seed \
         {}, one thread, perft depth {DEPTH}) until the first disagreement that is the mutant's: \
         one the unmutated fast engine does not share (disagreements of the unmutated engines met \
         on the way are skipped and counted). Positions and seconds are until that disagreement \
         (positions count every legal move played and compared, as `trichess diff` counts them: \
         0 means the first position differed before any move was played); the position shown \
         is that disagreement shrunk to few pieces (the position the generator made is under \
         Details). Timings depend on the machine and its load.\n\n{}\n\n",
        limits.seed,
        limits.seconds,
        limits.seed,
        summary(rows, limits)
    );
    md += "| mutant | variant | rule | family | fixtures that catch it | diff: positions | diff: seconds | kind |\n";
    md += "|---|---|---|---|---|---|---|---|\n";
    for r in rows {
        let (positions, seconds, kind) = diff_cells(r);
        let p = r.planted;
        md += &format!(
            "| {} | {} | {} | {} | {} | {positions} | {seconds} | {kind} |\n",
            p.name,
            p.variant.id(),
            p.rule,
            p.family,
            if r.fixtures.is_empty() {
                "none".to_string()
            } else {
                r.fixtures.join(", ")
            },
        );
    }
    md += "\n## Positions that caught them (shrunk)\n\n";
    md += "| mutant | readings | position | move | oracle says | mutant says |\n";
    md += "|---|---|---|---|---|---|\n";
    let cell = |s: &str| s.replace('|', "\\|");
    for r in rows {
        if let Ok(c) = &r.diff {
            let f = &c.shrunk;
            md += &format!(
                "| {} | {} | `{}` | {} | {} | {} |\n",
                r.planted.name,
                readings_text(&f.game),
                f.setup.to_text(),
                move_text(f),
                cell(&f.a_says),
                cell(&f.b_says)
            );
        }
    }
    md += "\n## Details: the positions the generator made\n";
    for r in rows {
        md += &format!("\n### {}\n\n{}.\n\n", r.planted.name, r.planted.description);
        match &r.diff {
            Ok(c) => {
                let f = &c.found;
                md += &format!(
                    "Caught after {} positions in {:.2} s ({} disagreements of the unmutated engines skipped): {} with readings {}, move {}.\n\n```text\n{}\n```\n",
                    c.positions,
                    c.seconds,
                    c.skipped,
                    f.kind.id(),
                    readings_text(&f.game),
                    move_text(f),
                    f.setup.to_text()
                );
            }
            Err((p, s)) => {
                md += &format!("Not caught by the differential run: {p} positions in {s:.1} s.\n");
            }
        }
    }
    md
}

/// The zoo as a table fitted to `width` columns: name, variant, rule id, family and what the
/// bug does (wrapped to the width the other columns leave, at least 24).
pub fn list_table(zoo: &[Planted], width: usize) -> String {
    #[derive(Tabled)]
    struct Row {
        name: &'static str,
        variant: &'static str,
        rule: &'static str,
        family: &'static str,
        #[tabled(rename = "the planted bug")]
        what: String,
    }
    let widest = |f: fn(&Planted) -> usize| zoo.iter().map(f).max().unwrap_or(0);
    let fixed = widest(|p| p.name.len())
        + widest(|p| p.variant.id().len())
        + widest(|p| p.rule.len())
        + widest(|p| p.family.len())
        + 16;
    let what_width = width.saturating_sub(fixed).max(24);
    let rows = zoo.iter().map(|p| Row {
        name: p.name,
        variant: p.variant.id(),
        rule: p.rule,
        family: p.family,
        what: trichess_suite::report::fill(p.description, what_width),
    });
    Table::new(rows).with(Style::sharp()).to_string()
}

/// The zoo as JSON: name, variant, rule id, family and description of each bug.
pub fn list_json(zoo: &[Planted]) -> Value {
    let list: Vec<Value> = zoo
        .iter()
        .map(|p| {
            json!({"name": p.name, "variant": p.variant.id(), "rule": p.rule,
                   "family": p.family, "description": p.description})
        })
        .collect();
    json!(list)
}
