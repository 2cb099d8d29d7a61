//! `trichess diff`: the differential run between two engines on generated positions, with
//! a discrepancy table (terminal, and Markdown + JSON + SVG with `--report DIR`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use serde_json::json;
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_diff::{Choices, Duel, EngineFactory, Generator, Seeded, shrink};
use trichess_fast::{Fast, Mutant};
use trichess_model::{Engine, PerftTable, Setup, Variant};
use trichess_oracle::Oracle;
use trichess_oracle::register::Register;

use super::report::{self, Row};
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
    pub max_rows: usize,
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

/// Runs the differential run.
pub fn run(options: Options) -> Result<ExitCode> {
    let seed = options.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000)
    });
    let (ea, eb) = options.engines;
    say!(
        "trichess diff: seed {seed} (replay with --seed {seed}), engines {},{}{}, perft depth {}",
        engine_id(ea),
        engine_id(eb),
        options
            .mutant
            .map_or(String::new(), |m| format!(" --mutant {m}")),
        options.depth
    );
    // A panic in an engine is caught and reported as a row; keep the default hook from
    // printing it.
    std::panic::set_hook(Box::new(|_| {}));
    let mut duel = Duel::new(factory(ea, None), factory(eb, options.mutant));
    let mut choices = Seeded::new(seed);
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
    let mut rows: Vec<Row> = Vec::new();
    let mut seen = BTreeSet::new();
    let mut summaries = Vec::new();
    for &variant in &options.variants {
        let fixed = interpretation_map(variant, &options.interpretations)?;
        let open: Vec<(String, Vec<String>)> = trichess_oracle::interpretations(variant)
            .into_iter()
            .filter(|i| !fixed.contains_key(i.id))
            .map(|i| {
                (
                    i.id.to_string(),
                    i.readings.iter().map(|r| r.to_string()).collect(),
                )
            })
            .collect();
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
        let deadline = seconds.map(|s| started + Duration::from_millis(s * 1000 / n.max(1)));
        let budget = options.positions.map(|p| p.div_ceil(n.max(1)));
        let mut compared = 0u64;
        let mut found = 0usize;
        let mut generator: Option<(Generator, u64)> = None;
        loop {
            if deadline.is_some_and(|d| Instant::now() >= d)
                || budget.is_some_and(|b| compared >= b)
                || rows.len() >= options.max_rows
            {
                break;
            }
            let (gen_, steps) = match &mut generator {
                Some((g, steps)) if *steps < 200 => (g, steps),
                _ => {
                    let mut game = trichess_diff::random_game(variant, &open, &mut choices);
                    game.interpretations.extend(fixed.clone());
                    if let Err(why) = duel.supports(&game) {
                        bail!("the engines do not both play {variant}: {why}");
                    }
                    let mut game_roots = Vec::new();
                    if let Some(start) = duel.start(&game) {
                        game_roots.push(start);
                    }
                    game_roots.extend(roots.iter().cloned());
                    if choices.chance(50) && game_roots.len() > 1 {
                        // Walks from the start half the time, else from any root.
                        game_roots.truncate(1);
                    }
                    generator = Some((Generator::new(game, game_roots), 0));
                    let Some((g, steps)) = &mut generator else {
                        unreachable!()
                    };
                    (g, steps)
                }
            };
            *steps += 1;
            let Some(c) = gen_.compare_next(&mut duel, &mut choices, options.depth) else {
                generator = None;
                continue;
            };
            compared += c.positions;
            if let Some(f) = c.finding {
                generator = None;
                let f = shrink(&mut duel, f, options.depth, 400);
                if seen.insert(f.key()) {
                    found += 1;
                    rows.push(report::row(rows.len() + 1, &f, &register));
                    if let Some(dir) = &options.report {
                        write_report(dir, seed, &rows)?;
                    }
                }
            }
            let secs = started.elapsed().as_secs_f64();
            progress.set_message(format!(
                "{variant}: {compared} positions, {:.0}/s, {} discrepancies",
                compared as f64 / secs.max(1e-9),
                rows.len()
            ));
            progress.tick();
        }
        let secs = started.elapsed().as_secs_f64();
        summaries.push(Summary {
            variant: variant.id(),
            positions: compared,
            seconds: format!("{secs:.1}"),
            rate: format!("{:.0}", compared as f64 / secs.max(1e-9)),
            discrepancies: found,
        });
    }
    progress.finish_and_clear();
    let _ = std::panic::take_hook();
    say!("{}", Table::new(&summaries).with(Style::sharp()));
    if let Some(dir) = &options.report {
        write_report(dir, seed, &rows)?;
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

fn engine_id(e: EngineChoice) -> &'static str {
    match e {
        EngineChoice::Oracle => "oracle",
        EngineChoice::Fast => "fast",
    }
}

fn write_report(dir: &Path, seed: u64, rows: &[Row]) -> Result<()> {
    let head = report::Head {
        stem: "diff",
        title: "trichess diff: discrepancies".into(),
        intro: format!(
            "Generated by `trichess diff --seed {seed}`; {} rows. The fixtures' rules, quote and \
             expectation (the first engine's answer) are for a person to confirm. Diagrams show \
             the position, with the move (if any) as an arrow.",
            rows.len()
        ),
        json: json!({"seed": seed}),
    };
    report::write(dir, &head, rows)
}
