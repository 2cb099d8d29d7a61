//! `trichess mutants`: the mutant zoo, rules bugs that can be planted in the fast engine one at a
//! time (`--mutant NAME` on the commands that drive it), and with `--catch` the table of how the
//! fixture suite and the differential run catch each of them (`reports/mutants.md`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use serde_json::{Value, json};
use tabled::settings::peaker::{Priority, PriorityMax};
use tabled::settings::width::Wrap;
use tabled::settings::{Style, Width};
use tabled::{Table, Tabled};
use trichess_diff::{Choices, Duel, Finding, Generator, Seeded, Step, random_game, shrink};
use trichess_fast::{Fast, Mutant};
use trichess_model::{Engine, Fixture, Game, PerftTable, Setup, Variant};
use trichess_oracle::Oracle;

use super::{EngineChoice, Format, fixture_dir};

/// The perft depth the differential run compares at (as `trichess diff` does by default).
const DEPTH: u32 = 2;

/// How many positions one walk of the generator goes before a new game starts (as in
/// `trichess diff`).
const WALK: usize = 200;

/// The variants `trichess diff --mutant NAME` runs: the mutant's own, which must be among those
/// asked for, with the fast engine second (it carries the mutant).
pub fn diff_variants(
    asked: Vec<Variant>,
    engines: (EngineChoice, EngineChoice),
    mutant: Option<Mutant>,
) -> Result<Vec<Variant>> {
    let Some(m) = mutant else {
        return Ok(asked);
    };
    if engines.1 != EngineChoice::Fast {
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

/// Wraps a table's widest columns to the terminal's width (words kept whole where they fit).
fn fit() -> Wrap<usize, PriorityMax> {
    Width::wrap(super::table_width())
        .priority(Priority::max(true))
        .keep_words(true)
}

/// The width of the list's last column: what the other columns leave (at least 24).
fn what_width() -> usize {
    let widest = |f: fn(&Mutant) -> usize| Mutant::ALL.iter().map(f).max().unwrap_or(0);
    let fixed = widest(|m| m.name().len())
        + widest(|m| m.variant().id().len())
        + widest(|m| m.rule().len())
        + widest(|m| m.family().id().len())
        + 16;
    super::table_width().saturating_sub(fixed).max(24)
}

/// Prints the mutants: name, variant, rule id, family and what the bug does.
pub fn list(json: bool) -> Result<ExitCode> {
    if json {
        let list: Vec<Value> = Mutant::ALL
            .iter()
            .map(|m| {
                json!({"name": m.name(), "variant": m.variant().id(), "rule": m.rule(),
                       "family": m.family().id(), "description": m.description()})
            })
            .collect();
        say!("{}", json!(list));
        return Ok(ExitCode::SUCCESS);
    }
    #[derive(Tabled)]
    struct Row {
        name: &'static str,
        variant: &'static str,
        rule: &'static str,
        family: &'static str,
        #[tabled(rename = "the planted bug")]
        what: String,
    }
    let what_width = what_width();
    let rows = Mutant::ALL.iter().map(|m| Row {
        name: m.name(),
        variant: m.variant().id(),
        rule: m.rule(),
        family: m.family().id(),
        what: super::register::fill(m.description(), what_width),
    });
    let mut table = Table::new(rows);
    table.with(Style::sharp());
    say!("{table}");
    say!(
        "{} mutants; plant one with --mutant NAME (moves, perft, show, bench, result, fixtures, perft-suite, diff)",
        Mutant::ALL.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// The options of `trichess mutants --catch`.
#[derive(Debug, clap::Args)]
pub struct CatchOptions {
    /// With --catch: only this mutant (repeatable).
    #[arg(long = "mutant", value_name = "NAME", value_parser = super::parse_mutant,
          requires = "catch")]
    only: Vec<Mutant>,
    /// With --catch: the seed of the differential runs.
    #[arg(long, default_value_t = 1, requires = "catch")]
    seed: u64,
    /// With --catch: give up on a mutant after this many seconds (1 to 3600).
    #[arg(long, default_value_t = 60, requires = "catch",
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    seconds: u64,
    /// With --catch: give up on a mutant after this many positions (1 to 100,000,000).
    #[arg(long, requires = "catch",
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    positions: Option<u64>,
    /// With --catch: the fixture directory (default: fixtures/ of the workspace the command
    /// runs in).
    #[arg(long, requires = "catch")]
    dir: Option<PathBuf>,
    /// With --catch: the output format.
    #[arg(long, value_enum, default_value_t = Format::Table, requires = "catch")]
    format: Format,
}

/// How the differential run caught a mutant.
struct Caught {
    /// Positions compared and seconds taken until the first disagreement that is the mutant's.
    positions: u64,
    seconds: f64,
    /// Disagreements of the unmutated engines met on the way (not the mutant's, skipped).
    skipped: u64,
    /// The disagreement as found on a generated position (after descent).
    found: Finding,
    /// The same, shrunk to fewer pieces (the found one if shrinking lost the mutant).
    shrunk: Finding,
}

/// How a mutant fared.
struct Row {
    mutant: Mutant,
    /// The fixtures of its variant it fails.
    fixtures: Vec<String>,
    /// The differential run's catch, or how far it went without one.
    diff: Result<Caught, (u64, f64)>,
}

/// Builds a duel of the oracle against the fast engine, with `mutant` planted if given.
fn duel(mutant: Option<Mutant>) -> Duel {
    Duel::new(
        Box::new(|| Box::new(Oracle) as Box<dyn Engine>),
        Box::new(move || {
            Box::new(mutant.map_or_else(Fast::default, Fast::with_mutant)) as Box<dyn Engine>
        }),
    )
}

/// Runs the differential run, the oracle against the mutated fast engine, on positions of the
/// generator of `trichess diff` (random legal play and edits from the start and the perft
/// tables' positions, each game with random readings), until a disagreement that the
/// unmutated fast engine does not share, or the limits.
fn hunt(mutant: Mutant, o: &CatchOptions, roots: &[Setup]) -> Result<Caught, (u64, f64)> {
    let variant = mutant.variant();
    let readings: Vec<(String, Vec<String>)> = trichess_oracle::interpretations(variant)
        .iter()
        .map(|i| {
            (
                i.id.to_string(),
                i.readings.iter().map(|r| r.to_string()).collect(),
            )
        })
        .collect();
    let mut mutated = duel(Some(mutant));
    let mut clean = duel(None);
    let mut choices = Seeded::new(o.seed);
    let started = Instant::now();
    let deadline = started + Duration::from_secs(o.seconds);
    let (mut positions, mut skipped) = (0u64, 0u64);
    let mut walk: Option<(Generator, usize)> = None;
    while Instant::now() < deadline && o.positions.is_none_or(|p| positions < p) {
        let (generator, steps) = match &mut walk {
            Some((g, steps)) if *steps < WALK => (g, steps),
            _ => {
                let game = random_game(variant, &readings, &mut choices);
                // Half the walks start at the start, the others anywhere.
                let mut from: Vec<Setup> = mutated.start(&game).into_iter().collect();
                if choices.chance(50) {
                    from.extend_from_slice(roots);
                }
                let (g, steps) = walk.insert((Generator::new(game, from), 0));
                (g, steps)
            }
        };
        *steps += 1;
        let game = generator.game().clone();
        let finding = match generator.next(&mut mutated, &mut choices) {
            None => None,
            Some(Step::Finding(f)) => Some(f),
            Some(Step::Position(setup)) => {
                let compared = mutated.compare(&game, &setup, DEPTH);
                positions += compared.positions;
                match compared.finding {
                    None => continue,
                    found => found,
                }
            }
        };
        walk = None;
        let Some(found) = finding else { continue };
        if !is_the_mutants(&mut clean, &found) {
            skipped += 1;
            continue;
        }
        let seconds = started.elapsed().as_secs_f64();
        let small = shrink(&mut mutated, found.clone(), DEPTH, 400);
        let shrunk = if is_the_mutants(&mut clean, &small) {
            small
        } else {
            found.clone()
        };
        return Ok(Caught {
            positions,
            seconds,
            skipped,
            found,
            shrunk,
        });
    }
    Err((positions, started.elapsed().as_secs_f64()))
}

/// Returns true if a disagreement of the oracle with the mutated engine is the mutant's: the
/// unmutated fast engine agrees with the oracle there.
fn is_the_mutants(clean: &mut Duel, f: &Finding) -> bool {
    clean.compare(&f.game, &f.setup, DEPTH).finding.is_none()
}

/// The positions of the perft tables (the generator's other roots), of one variant.
fn perft_roots(tables: &[PerftTable], variant: Variant) -> Vec<Setup> {
    let positions = tables
        .iter()
        .filter(|t| t.variant == variant)
        .flat_map(|t| &t.positions);
    positions
        .filter(|p| p.position != "start")
        .filter_map(|p| Setup::parse(variant, &p.position).ok())
        .collect()
}

/// Runs `trichess mutants --catch`.
pub fn catch(o: CatchOptions) -> Result<ExitCode> {
    let dir = fixture_dir(o.dir.clone())?;
    let fixtures = Fixture::load_dir(&dir)?;
    let tables = PerftTable::load_dir(&dir.join("perft"))?;
    let chosen: Vec<Mutant> = if o.only.is_empty() {
        Mutant::ALL.to_vec()
    } else {
        o.only.clone()
    };
    // A panic in an engine is caught by the differential run; keep the hook from printing it.
    std::panic::set_hook(Box::new(|_| {}));
    let mut rows = Vec::new();
    for mutant in chosen {
        let roots = perft_roots(&tables, mutant.variant());
        rows.push(Row {
            mutant,
            fixtures: mutant.failing_fixtures(&fixtures),
            diff: hunt(mutant, &o, &roots),
        });
        if o.format == Format::Table {
            eprintln!("trichess mutants: {mutant} done");
        }
    }
    let _ = std::panic::take_hook();
    match o.format {
        Format::Json => say!("{}", serde_json::to_string_pretty(&json_rows(&rows))?),
        Format::Markdown => say!("{}", markdown(&rows, &o)),
        Format::Table => table(&rows)?,
    }
    let escaped = rows
        .iter()
        .filter(|r| r.fixtures.is_empty() && r.diff.is_err())
        .count();
    Ok(if escaped == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn readings_text(game: &Game) -> String {
    let list: Vec<String> = game
        .interpretations
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if list.is_empty() {
        "defaults".into()
    } else {
        list.join(" ")
    }
}

fn move_text(f: &Finding) -> String {
    f.mv.map_or("-".into(), |m| m.to_string())
}

fn json_rows(rows: &[Row]) -> Value {
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
            json!({"mutant": r.mutant.name(), "variant": r.mutant.variant().id(),
                   "rule": r.mutant.rule(), "fixtures": r.fixtures, "diff": diff})
        })
        .collect();
    json!(list)
}

/// The seconds the differential run took to catch each caught mutant, sorted.
fn catch_times(rows: &[Row]) -> Vec<f64> {
    let mut times: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.diff.as_ref().ok().map(|c| c.seconds))
        .collect();
    times.sort_by(f64::total_cmp);
    times
}

fn summary(rows: &[Row], o: &CatchOptions) -> String {
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
        o.seconds,
        o.positions
            .map_or(String::new(), |p| format!(" or {p} positions")),
    )
}

fn diff_cells(r: &Row) -> (String, String, String) {
    match &r.diff {
        Ok(c) => (
            c.positions.to_string(),
            format!("{:.2}", c.seconds),
            c.found.kind.id().to_string(),
        ),
        Err((p, s)) => (p.to_string(), format!("{s:.2}"), "not caught".into()),
    }
}

fn table(rows: &[Row]) -> Result<()> {
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
            mutant: r.mutant.name(),
            rule: r.mutant.rule(),
            fixtures: r.fixtures.len(),
            positions,
            seconds,
            kind,
            position,
            mv,
        }
    });
    let mut table = Table::new(lines);
    table.with(Style::sharp()).with(fit());
    say!("{table}");
    Ok(())
}

fn markdown(rows: &[Row], o: &CatchOptions) -> String {
    let limit = o
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
        o.seed,
        o.seconds,
        o.seed,
        summary(rows, o)
    );
    md += "| mutant | variant | rule | family | fixtures that catch it | diff: positions | diff: seconds | kind |\n";
    md += "|---|---|---|---|---|---|---|---|\n";
    for r in rows {
        let (positions, seconds, kind) = diff_cells(r);
        let m = r.mutant;
        md += &format!(
            "| {m} | {} | {} | {} | {} | {positions} | {seconds} | {kind} |\n",
            m.variant().id(),
            m.rule(),
            m.family().id(),
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
                r.mutant,
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
        md += &format!("\n### {}\n\n{}.\n\n", r.mutant, r.mutant.description());
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
