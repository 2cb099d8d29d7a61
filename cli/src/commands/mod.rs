//! The commands of `trichess`.

/// Writes a line to standard output, returning the write error (a closed pipe, say) to the
/// caller instead of panicking as `println!` would.
macro_rules! say {
    () => {
        say!("")
    };
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*)?
    }};
}

/// Writes to standard output without a newline, like [`say!`].
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        write!(std::io::stdout().lock(), $($arg)*)?
    }};
}

mod cross_check;
mod diff;
mod explain;
mod fixtures;
mod mutants;
mod perft_suite;
mod register;
mod report;
mod serve;

use std::collections::BTreeMap;
use std::io::{IsTerminal, Read};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, Parser, Subcommand};
use serde_json::json;
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_fast::{Fast, Mutant};
use trichess_model::{Engine, EngineError, Game, Move, Setup, Variant};
use trichess_oracle::{Oracle, Rules, rules_for};

/// trichess: legal moves, perft, results, rule registers and the fixture suite for
/// three-player chess variants, from the oracle or the fast engine.
#[derive(Debug, Parser)]
#[command(name = "trichess", version, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the variants and whether the oracle implements them.
    ///
    /// The table shows each variant's id, its name, the number of cells of its board, and
    /// the number of clauses and of open points (interpretations) in its rule register.
    Variants {
        /// Print JSON (the same columns).
        #[arg(long)]
        json: bool,
    },
    /// Print the starting position (text form, or JSON form with --json, or the keyed form
    /// with --keyed).
    Start {
        /// The variant: osullivan, yalta, yuri or triple-crown.
        variant: Variant,
        /// Print the JSON form.
        #[arg(long, conflicts_with = "keyed")]
        json: bool,
        /// Print the keyed form: the pieces alone, as moddable-engine writes them.
        #[arg(long)]
        keyed: bool,
        #[command(flatten)]
        interpretations: Interpretations,
    },
    /// List the legal moves of the side to move, one per line, sorted.
    Moves {
        /// The variant: osullivan, yalta, yuri or triple-crown.
        variant: Variant,
        #[command(flatten)]
        at: At,
        #[command(flatten)]
        engine: EngineArg,
        /// Print one JSON array of move strings.
        #[arg(long)]
        json: bool,
    },
    /// Count the move paths of a given length; the last line is the count.
    Perft {
        /// The variant: osullivan, yalta, yuri or triple-crown.
        variant: Variant,
        /// The length of the move paths to count (0 to MAX_DEPTH = 12).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
        depth: u32,
        #[command(flatten)]
        at: At,
        #[command(flatten)]
        engine: EngineArg,
        /// Print the count below each legal move first.
        #[arg(long)]
        divide: bool,
        /// Count on this many threads, splitting the work at the root moves.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: u16,
    },
    /// Draw the position as a text diagram (or as an SVG picture into a file).
    Show {
        /// The variant: osullivan, yalta, yuri or triple-crown.
        variant: Variant,
        #[command(flatten)]
        at: At,
        #[command(flatten)]
        engine: EngineArg,
        /// Write an SVG picture of the position to this file instead.
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Print the keyed form (the pieces alone) under the diagram instead of the text form.
        #[arg(long, conflicts_with = "svg")]
        keyed: bool,
    },
    /// Time perft at each depth up to DEPTH: nodes, seconds, nodes per second, peak memory.
    Bench {
        /// The variant: osullivan, yalta, yuri or triple-crown.
        variant: Variant,
        /// The deepest perft to run (1 to MAX_DEPTH = 12).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
        depth: u32,
        #[command(flatten)]
        at: At,
        #[command(flatten)]
        engine: EngineArg,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
    /// Say whether the game goes on, and if not how it ended.
    Result {
        /// The variant: osullivan, yalta, yuri or triple-crown.
        variant: Variant,
        #[command(flatten)]
        at: At,
        #[command(flatten)]
        engine: EngineArg,
        /// Print the outcome as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Explain the oracle's answer: why a move is legal or not (and what it does), the result
    /// (--result) or whether the position is valid (--validity); each step with its clause's
    /// id, the source's words and the cells involved.
    Explain(explain::Options),
    /// Print the rule register with fixture coverage.
    Rules {
        /// The variant: osullivan, yalta, yuri or triple-crown.
        variant: Variant,
        /// Fixture directory (default: fixtures/ of the workspace the command runs in).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Print the register and its coverage as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check the perft tables (fixtures/perft/*.perft) against an engine, one row a line.
    PerftSuite {
        #[command(flatten)]
        engine: EngineArg,
        /// Check only the positions whose VARIANT/ID contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Skip rows whose count is larger than this.
        #[arg(long, value_name = "N")]
        max_nodes: Option<u64>,
        /// Also run rows that the engine did not compute when the table was made (the deep
        /// rows of the fast engine alone, say).
        #[arg(long)]
        every_row: bool,
        /// Perft table directory (default: fixtures/perft/ of the workspace the command runs in).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
    /// Compare two engines on generated positions: validity, legal moves, the position after
    /// every move, the result and a shallow perft; print each disagreement, descended, shrunk
    /// and classified. Exits 1 if any is found.
    Diff {
        #[command(flatten)]
        generated: Generated,
        /// The two engines, the first as the reference.
        #[arg(long, default_value = "oracle,fast", value_parser = diff::parse_engines)]
        engines: (EngineChoice, EngineChoice),
        /// Write the discrepancy table as DIR/diff.md and DIR/diff.json (and an SVG diagram
        /// per row where the board has one), rewritten after each row.
        #[arg(long, value_name = "DIR")]
        report: Option<PathBuf>,
        /// Compare perft (to --depth) on every Nth generated position (1 to 1000; the move
        /// sets of every position are compared).
        #[arg(long, value_name = "N", default_value_t = diff::PERFT_EVERY,
              value_parser = clap::value_parser!(u64).range(1..=1000))]
        perft_every: u64,
        /// Walk on N threads, each with its own engines and its own seed (1 to 256).
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::builder::TypedValueParser::map(
                  clap::value_parser!(u16).range(1..=256), usize::from))]
        threads: usize,
        /// Stop after this many discrepancies (1 to 10,000).
        #[arg(long, default_value_t = 20,
              value_parser = clap::builder::TypedValueParser::map(
                  clap::value_parser!(u16).range(1..=10_000), usize::from))]
        max_rows: usize,
        /// Plant this rules bug in the second engine, which must be fast (`trichess mutants`
        /// lists them); the run is then of the mutant's variant alone.
        #[arg(long, value_name = "NAME", value_parser = parse_mutant)]
        mutant: Option<Mutant>,
    },
    /// List the mutants: rules bugs that --mutant NAME plants in the fast engine, one at a
    /// time. With --catch, run the fixture suite and the differential run against each and
    /// print how each is caught.
    Mutants {
        /// Print the list as JSON.
        #[arg(long, conflicts_with = "catch")]
        json: bool,
        /// For each mutant, run the fixture suite of its variant and the differential run
        /// (oracle against the mutated fast engine) until it catches the mutant, and print the
        /// catch table (exits 1 if a mutant escapes both).
        #[arg(long)]
        catch: bool,
        #[command(flatten)]
        options: mutants::CatchOptions,
    },
    /// Answer the engine protocol (PROTOCOL.md) on standard input and output, as an engine
    /// for other tools.
    Serve {
        #[command(flatten)]
        engine: EngineArg,
        /// Misbehave on purpose, on every --fault-every th line (for testing cross-check).
        #[arg(long, value_enum, hide = true)]
        fault: Option<serve::Fault>,
        #[arg(long, default_value_t = 1, hide = true)]
        fault_every: u64,
        #[arg(long, default_value_t = 1000, hide = true)]
        fault_ms: u64,
    },
    /// Check another implementation, run as a command speaking the engine protocol
    /// (PROTOCOL.md), against trichess: which readings of the open points it follows, then
    /// the fixture suite, the perft tables and generated positions; print each disagreement
    /// and each fault of the engine as a row. Exits 1 if any is found.
    CrossCheck(cross_check::Options),
    /// Run the fixture suite against an engine and print the results by rule clause.
    Fixtures {
        #[command(flatten)]
        engine: EngineArg,
        /// Run only the fixtures whose name contains this text.
        #[arg(long)]
        filter: Option<String>,
        /// Fixture directory (default: fixtures/ of the workspace the command runs in).
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
}

/// How `fixtures` prints its results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A table for the terminal.
    Table,
    /// A Markdown report with a "generated by" header.
    Markdown,
    /// JSON.
    Json,
}

/// The engines `trichess` can drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineChoice {
    /// The reference engine: every rule one readable function.
    Oracle,
    /// The independent engine written for speed.
    Fast,
}

#[derive(Debug, Args)]
struct EngineArg {
    /// The engine that answers [default: oracle; fast with --mutant].
    #[arg(long, value_enum)]
    engine: Option<EngineChoice>,
    /// Plant this rules bug in the fast engine (implies --engine fast; `trichess mutants`
    /// lists them).
    #[arg(long, value_name = "NAME", value_parser = parse_mutant)]
    mutant: Option<Mutant>,
}

impl EngineArg {
    /// Refuses a mutant for the oracle, or one that breaks another variant than `variant`.
    fn validate(&self, variant: Option<Variant>) -> Result<()> {
        let Some(m) = self.mutant else {
            return Ok(());
        };
        if self.engine == Some(EngineChoice::Oracle) {
            bail!(
                "--mutant plants a bug in the fast engine, not the oracle (leave out --engine oracle)"
            );
        }
        match variant {
            Some(v) if v != m.variant() => {
                bail!("mutant {m} breaks {}, not {v}", m.variant())
            }
            _ => Ok(()),
        }
    }

    fn build(&self) -> Box<dyn Engine> {
        match (self.mutant, self.engine) {
            (Some(m), _) => Box::new(Fast::with_mutant(m)),
            (None, Some(EngineChoice::Fast)) => Box::new(Fast::default()),
            (None, _) => Box::new(Oracle),
        }
    }
}

/// Reads `--mutant NAME`.
pub fn parse_mutant(name: &str) -> Result<Mutant, String> {
    name.parse::<Mutant>()
        .map_err(|e| format!("{e}; `trichess mutants` lists them"))
}

/// Builds one of trichess's engines.
fn build_engine(choice: EngineChoice) -> Box<dyn Engine> {
    match choice {
        EngineChoice::Oracle => Box::new(Oracle),
        EngineChoice::Fast => Box::new(Fast::default()),
    }
}

/// What a run on generated positions compares (`diff`, `cross-check`): the variants and
/// readings, for how long, from which seed, and how deep.
#[derive(Debug, Args)]
struct Generated {
    /// The variant, or all.
    #[arg(long, default_value = "all", value_parser = diff::parse_variants)]
    variant: diff::Variants,
    #[command(flatten)]
    interpretations: Interpretations,
    /// Run this many seconds in all (split between the variants; default 10; 1 to 86400).
    #[arg(long, conflicts_with = "positions",
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    seconds: Option<u64>,
    /// Compare this many positions in all (split between the variants) instead (1 to
    /// 100,000,000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    positions: Option<u64>,
    /// The seed of the generator (printed first; default from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// The perft depth compared at each position.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=4))]
    depth: u32,
}

#[derive(Debug, Args)]
struct Interpretations {
    /// Choose a reading of an open point: ID=READING (the variant prefix of ID may be left out).
    #[arg(short = 'i', long = "interpretation", value_name = "ID=READING")]
    given: Vec<String>,
}

/// Where a command looks: a position, moves played from it, and the interpretations.
#[derive(Debug, Args)]
struct At {
    /// The position: `start` (the default), the text form, the JSON form, @FILE, or - for
    /// standard input.
    #[arg(long, short = 'p', default_value = "start", allow_hyphen_values = true)]
    position: String,
    /// Moves to play first, separated by spaces.
    #[arg(long, default_value = "")]
    after: String,
    #[command(flatten)]
    interpretations: Interpretations,
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Variants { json } => variants(json),
        Command::Start {
            variant,
            json,
            keyed,
            interpretations,
        } => {
            let rules = rules_of(variant, &interpretations)?;
            let start = rules.start();
            if keyed {
                say!("{}", start.setup().to_keyed());
            } else {
                print_setup(start.setup(), json)?;
            }
            note_start(rules.as_ref(), true);
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves {
            variant,
            at,
            engine,
            json,
        } => {
            let mut here = locate_with(variant, &at, &engine)?;
            let mut moves: Vec<String> = here
                .engine
                .legal_moves(&here.game, &here.setup)
                .map_err(engine_error)?
                .iter()
                .map(Move::to_string)
                .collect();
            moves.sort();
            if json {
                say!("{}", json!(moves));
            } else {
                for m in moves {
                    say!("{m}");
                }
            }
            here.note_start();
            Ok(ExitCode::SUCCESS)
        }
        Command::Perft {
            variant,
            depth,
            at,
            engine,
            divide,
            threads,
        } => {
            let mut here = locate_with(variant, &at, &engine)?;
            run_perft(&mut here, &engine, depth, divide, threads.into())?;
            here.note_start();
            Ok(ExitCode::SUCCESS)
        }
        Command::Show {
            variant,
            at,
            engine,
            svg,
            keyed,
        } => {
            let here = locate_with(variant, &at, &engine)?;
            let setup = &here.setup;
            match svg {
                Some(path) => {
                    std::fs::write(&path, trichess_diagram::svg(setup, None))
                        .with_context(|| format!("cannot write {}", path.display()))?;
                }
                None => {
                    say_raw!("{}", trichess_diagram::text(setup));
                    say!(
                        "{}",
                        if keyed {
                            setup.to_keyed()
                        } else {
                            setup.to_text()
                        }
                    );
                }
            }
            here.note_start();
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench {
            variant,
            depth,
            at,
            engine,
            format,
        } => {
            let mut here = locate_with(variant, &at, &engine)?;
            bench(&mut here, depth, format)?;
            here.note_start();
            Ok(ExitCode::SUCCESS)
        }
        Command::Result {
            variant,
            at,
            engine,
            json,
        } => {
            let mut here = locate_with(variant, &at, &engine)?;
            let outcome = here
                .engine
                .outcome(&here.game, &here.setup)
                .map_err(engine_error)?;
            if json {
                say!("{}", outcome.to_json(variant));
            } else {
                say!("{}", describe_outcome(variant, outcome));
            }
            here.note_start();
            Ok(ExitCode::SUCCESS)
        }
        Command::Explain(options) => explain::run(options),
        Command::Rules { variant, dir, json } => register::print(variant, dir, json),
        Command::PerftSuite {
            engine,
            filter,
            max_nodes,
            every_row,
            dir,
            format,
        } => {
            engine.validate(None)?;
            perft_suite::run(
                engine.build().as_mut(),
                perft_suite::Selection {
                    dir,
                    filter,
                    max_nodes,
                    every_row,
                },
                format,
            )
        }
        Command::Diff {
            generated:
                Generated {
                    variant,
                    interpretations,
                    seconds,
                    positions,
                    seed,
                    depth,
                },
            engines,
            report,
            perft_every,
            threads,
            max_rows,
            mutant,
        } => diff::run(diff::Options {
            variants: mutants::diff_variants(variant.0, engines, mutant)?,
            interpretations,
            seconds,
            positions,
            seed,
            engines,
            report,
            depth,
            perft_every,
            max_rows,
            threads,
            mutant,
        }),
        Command::Serve {
            engine,
            fault,
            fault_every,
            fault_ms,
        } => {
            engine.validate(None)?;
            serve::run(engine.build(), fault, fault_every, fault_ms)
        }
        Command::CrossCheck(options) => cross_check::run(options),
        Command::Mutants {
            json,
            catch,
            options,
        } => {
            if catch {
                mutants::catch(options)
            } else {
                mutants::list(json)
            }
        }
        Command::Fixtures {
            engine,
            filter,
            dir,
            format,
        } => {
            engine.validate(None)?;
            fixtures::run(engine.build().as_mut(), filter.as_deref(), dir, format)
        }
    }
}

fn variants(json: bool) -> Result<ExitCode> {
    #[derive(Tabled)]
    struct Row {
        id: &'static str,
        name: &'static str,
        cells: usize,
        clauses: usize,
        #[tabled(rename = "open points")]
        open_points: usize,
    }
    let mut rows = Vec::new();
    for v in Variant::ALL {
        let register = trichess_oracle::register::Register::of(v)?;
        rows.push(Row {
            id: v.id(),
            name: v.name(),
            cells: v.board().cells().len(),
            clauses: register.clauses.len(),
            open_points: register.interpretations.len(),
        });
    }
    if json {
        let list: Vec<_> = rows
            .iter()
            .map(|r| {
                json!({"id": r.id, "name": r.name, "cells": r.cells, "clauses": r.clauses,
                       "open_points": r.open_points})
            })
            .collect();
        say!("{}", json!(list));
    } else {
        say!("{}", Table::new(rows).with(Style::sharp()));
    }
    Ok(ExitCode::SUCCESS)
}

/// Reads `-i` options into an interpretation map, adding the variant prefix where left out.
fn interpretation_map(
    variant: Variant,
    given: &Interpretations,
) -> Result<BTreeMap<String, String>> {
    let mut map = BTreeMap::new();
    for item in &given.given {
        let (id, reading) = item
            .split_once('=')
            .ok_or_else(|| anyhow!("interpretation '{item}' is not ID=READING"))?;
        let id = if id.contains('.') {
            id.to_string()
        } else {
            format!("{}.{id}", variant.id())
        };
        if map.insert(id.clone(), reading.to_string()).is_some() {
            bail!("interpretation {id} given twice");
        }
    }
    Ok(map)
}

fn rules_of(variant: Variant, given: &Interpretations) -> Result<Box<dyn Rules>> {
    let game = Game {
        variant,
        interpretations: interpretation_map(variant, given)?,
    };
    Ok(rules_for(&game)?)
}

/// The deepest perft `perft`, `bench` and a fixture may ask for: deeper counts take years
/// on every variant, and the engines recurse once per ply.
pub const MAX_DEPTH: u32 = trichess_model::runner::MAX_PERFT_DEPTH;

/// The most a position (`@FILE`, `-`) may read: 4 MiB.
pub const MAX_INPUT: u64 = 4 << 20;

/// The most of a message that is shown, in bytes; the rest is cut.
const MAX_MESSAGE: usize = 600;

/// The most problems (the parts of a message between "; ") that are shown.
const MAX_PROBLEMS: usize = 10;

/// Makes a message fit for a terminal: control characters (NUL, ESC, ...) written as escapes
/// (`\u{1b}`), and a message longer than a few hundred characters cut short.
pub fn clean(message: &str) -> String {
    let mut parts: Vec<&str> = message.split("; ").collect();
    let hidden = parts.len().saturating_sub(MAX_PROBLEMS);
    parts.truncate(MAX_PROBLEMS);
    let mut out = String::new();
    for c in parts.join("; ").chars() {
        if out.len() >= MAX_MESSAGE {
            out.push_str(" ...(cut)");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if hidden > 0 {
        out.push_str(&format!("; ... and {hidden} more"));
    }
    out
}

/// The width tables are fitted to: the terminal's on a terminal, else `COLUMNS`, else 100.
pub fn table_width() -> usize {
    if let Some((terminal_size::Width(w), _)) = terminal_size::terminal_size() {
        return usize::from(w).max(40);
    }
    std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse::<usize>().ok())
        .unwrap_or(100)
        .max(40)
}

/// Reads at most [`MAX_INPUT`] bytes from `reader`, as UTF-8 text without a byte-order mark.
pub fn read_capped(reader: impl Read, what: &str) -> Result<String> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {what}"))?;
    if bytes.len() as u64 > MAX_INPUT {
        bail!("{what} is larger than {} MiB", MAX_INPUT >> 20);
    }
    let text = String::from_utf8(bytes).map_err(|_| anyhow!("{what} is not UTF-8 text"))?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
}

/// Reads the `--position` argument.
fn position_text(arg: &str) -> Result<String> {
    if let Some(path) = arg.strip_prefix('@') {
        let file = std::fs::File::open(path).with_context(|| format!("cannot read {path}"))?;
        return read_capped(file, path);
    }
    if arg == "-" {
        return read_capped(std::io::stdin().lock(), "standard input");
    }
    Ok(arg.strip_prefix('\u{feff}').unwrap_or(arg).to_string())
}

/// Accepts spaces after the commas of a text form (`d8:wK, a1:bK`), as people write lists;
/// a JSON form is left as it is.
fn tidy(text: &str) -> String {
    if text.trim_start().starts_with('{') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == ',' {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
        }
    }
    out
}

/// What a command looks at through an engine: the game, the position, and whether it was
/// reached from the starting position.
struct Located {
    engine: Box<dyn Engine>,
    game: Game,
    setup: Setup,
    from_start: bool,
}

impl Located {
    /// Tells standard error what a user of the starting position must know about it, once the
    /// command has done its work.
    fn note_start(&self) {
        if self.from_start
            && let Ok(rules) = rules_for(&self.game)
        {
            note_start(rules.as_ref(), true);
        }
    }
}

/// Turns an engine's refusal into the one-line cause the user sees: an illegal move or an
/// unsupported reading says only why; an invalid position says so first.
fn engine_error(e: EngineError) -> anyhow::Error {
    match e {
        EngineError::IllegalMove(why) | EngineError::Unsupported(why) => anyhow!(why),
        other => anyhow!(other),
    }
}

/// Builds the engine, the game and the position a command looks at: the position read (or
/// the engine's start), checked by the engine, and the `--after` moves played by it.
fn locate_with(variant: Variant, at: &At, choice: &EngineArg) -> Result<Located> {
    let game = Game {
        variant,
        interpretations: interpretation_map(variant, &at.interpretations)?,
    };
    choice.validate(Some(variant))?;
    let mut engine = choice.build();
    engine.supports(&game).map_err(engine_error)?;
    let text = position_text(&at.position)?;
    let from_start = text.trim() == "start";
    let mut setup = if from_start {
        engine.start(&game).map_err(engine_error)?
    } else {
        let setup = Setup::parse(variant, &tidy(&text))?;
        engine.check(&game, &setup).map_err(engine_error)?;
        setup
    };
    for (n, m) in at.after.split_whitespace().enumerate() {
        let context = || format!("--after move {}", n + 1);
        let mv = Move::parse(variant, m).with_context(context)?;
        let outcome = engine.outcome(&game, &setup).map_err(engine_error)?;
        if matches!(
            outcome,
            trichess_model::Outcome::Won { .. } | trichess_model::Outcome::Drawn { .. }
        ) {
            return Err(anyhow!(
                "the game is over ({}): no move can follow",
                describe_outcome(variant, outcome)
            ))
            .with_context(context);
        }
        setup = engine
            .play(&game, &setup, mv)
            .map_err(engine_error)
            .with_context(context)?;
    }
    Ok(Located {
        engine,
        game,
        setup,
        from_start,
    })
}

/// Tells standard error what a user of the starting position must know about it (that it is
/// a reconstruction, say), once the command has done its work.
fn note_start(rules: &dyn Rules, from_start: bool) {
    if from_start && let Some(note) = rules.start_note() {
        eprintln!("trichess: note: {note}");
    }
}

fn print_setup(setup: &Setup, json: bool) -> Result<()> {
    if json {
        say!("{}", setup.to_json());
    } else {
        say!("{}", setup.to_text());
    }
    Ok(())
}

/// Times perft at depths 1 to `depth` and prints one row each.
fn bench(here: &mut Located, depth: u32, format: Format) -> Result<()> {
    let variant = here.game.variant;
    #[derive(Tabled)]
    struct Row {
        depth: u32,
        nodes: u64,
        seconds: String,
        #[tabled(rename = "nodes/s")]
        rate: String,
    }
    let mut runs = Vec::new();
    let bar = if std::io::stderr().is_terminal() {
        indicatif::ProgressBar::with_draw_target(
            Some(depth.into()),
            indicatif::ProgressDrawTarget::stderr(),
        )
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "bench: {bar:30} depth {pos}/{len} done, {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    for d in 1..=depth {
        let started = std::time::Instant::now();
        let nodes = here
            .engine
            .perft(&here.game, &here.setup, d)
            .map_err(engine_error)?;
        runs.push((d, nodes, started.elapsed().as_secs_f64()));
        bar.inc(1);
    }
    bar.finish_and_clear();
    let rate = |nodes: u64, seconds: f64| (nodes as f64 / seconds.max(1e-9)).round();
    let peak = peak_memory_kib();
    if format == Format::Json {
        let list: Vec<_> = runs
            .iter()
            .map(|&(d, nodes, seconds)| {
                json!({"depth": d, "nodes": nodes, "seconds": seconds,
                       "nodes_per_second": rate(nodes, seconds)})
            })
            .collect();
        say!(
            "{}",
            json!({"variant": variant.id(), "engine": here.engine.name(), "perft": list, "peak_memory_kib": peak})
        );
        return Ok(());
    }
    let rows = runs.iter().map(|&(d, nodes, seconds)| Row {
        depth: d,
        nodes,
        seconds: format!("{seconds:.3}"),
        rate: format!("{}", rate(nodes, seconds)),
    });
    let mut table = Table::new(rows);
    if format == Format::Markdown {
        say!(
            "<!-- generated by `trichess bench {} --depth {depth} --engine {} --format markdown` -->",
            variant.id(),
            here.engine.name()
        );
        table.with(Style::markdown());
    } else {
        table.with(Style::sharp());
    }
    say!("{table}");
    match peak {
        Some(kib) => say!("peak memory: {kib} KiB"),
        None => say!("peak memory: not available on this system"),
    }
    Ok(())
}

/// Returns the process's peak resident memory in KiB, where the system reports it (Linux).
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Runs perft, on one thread or split at the root moves over `threads` threads (each with an
/// engine of its own); with `divide`, prints each root move's count first.
fn run_perft(
    here: &mut Located,
    choice: &EngineArg,
    depth: u32,
    divide: bool,
    threads: usize,
) -> Result<()> {
    let (game, setup) = (&here.game, &here.setup);
    let engine = here.engine.as_mut();
    if divide && depth == 0 {
        bail!("--divide needs a depth of at least 1");
    }
    let terminal = std::io::stderr().is_terminal();
    // Depth 1 and below are one engine call; deeper runs go by root move, so that progress is
    // shown, threads can share the work and Ctrl-C can say what was counted.
    if depth <= 1 && !divide {
        say!(
            "{}",
            engine.perft(game, setup, depth).map_err(engine_error)?
        );
        return Ok(());
    }
    let mut children = Vec::new();
    for mv in engine.legal_moves(game, setup).map_err(engine_error)? {
        children.push((mv, engine.play(game, setup, mv).map_err(engine_error)?));
    }
    children.sort_by_cached_key(|(mv, _)| mv.to_string());
    let bar = root_progress(terminal && depth >= 4, depth, children.len());
    let tally = Tally::start(depth, children.len());
    let progress = |nodes: u64| {
        tally.add(nodes);
        bar.inc(1);
    };
    let mut rows: Vec<(Move, u64)> = if threads > 1 {
        use rayon::prelude::*;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .context("cannot start the threads")?;
        pool.install(|| {
            children
                .par_iter()
                .map_init(
                    || choice.build(),
                    |engine, (mv, after)| {
                        let nodes = engine.perft(game, after, depth - 1);
                        if let Ok(n) = nodes {
                            progress(n);
                        }
                        nodes.map(|n| (*mv, n))
                    },
                )
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(engine_error)?
    } else {
        let mut rows = Vec::new();
        for (mv, after) in &children {
            let nodes = engine.perft(game, after, depth - 1).map_err(engine_error)?;
            progress(nodes);
            if divide {
                // The root moves are counted in sorted order: each row is final when printed.
                bar.suspend(|| -> Result<()> {
                    say!("{mv}: {nodes}");
                    Ok(())
                })?;
            }
            rows.push((*mv, nodes));
        }
        rows
    };
    bar.finish_and_clear();
    if divide && threads > 1 {
        rows.sort_by_cached_key(|(mv, _)| mv.to_string());
        for (m, n) in &rows {
            say!("{m}: {n}");
        }
    }
    say!("{}", rows.iter().map(|(_, n)| n).sum::<u64>());
    Ok(())
}

/// A progress bar over the root moves of a perft, on standard error when it is a terminal
/// (hidden otherwise, so piped output stays clean).
fn root_progress(show: bool, depth: u32, roots: usize) -> indicatif::ProgressBar {
    if !show {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(roots as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    bar.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "perft {depth}: {{bar:30}} {{pos}}/{{len}} root moves, {{elapsed}}"
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

/// What a perft run has counted so far, for the Ctrl-C handler: the paths under the root moves
/// already counted, and how many of them.
struct Tally;

static TALLY_NODES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
static TALLY_ROOTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Tally {
    /// Starts counting, and makes Ctrl-C print what was counted (to standard error, one line)
    /// and exit with 130 instead of dying silently.
    fn start(depth: u32, roots: usize) -> Tally {
        use std::sync::atomic::Ordering::Relaxed;
        let _ = ctrlc::set_handler(move || {
            eprintln!(
                "\ntrichess: interrupted: perft {depth} counted {} move paths under {} of {roots} root moves",
                TALLY_NODES.load(Relaxed),
                TALLY_ROOTS.load(Relaxed)
            );
            std::process::exit(130);
        });
        Tally
    }

    fn add(&self, nodes: u64) {
        use std::sync::atomic::Ordering::Relaxed;
        TALLY_NODES.fetch_add(nodes, Relaxed);
        TALLY_ROOTS.fetch_add(1, Relaxed);
    }
}

fn describe_outcome(variant: Variant, outcome: trichess_model::Outcome) -> String {
    use trichess_model::Outcome::*;
    match outcome {
        Ongoing => "ongoing".to_string(),
        Eliminated { seat, reason } => format!(
            "{} leaves the game ({}) and play passes on",
            variant.seat_name(seat),
            reason.id()
        ),
        Passes { seat, reason } => format!(
            "{} cannot move and passes ({}); play goes on",
            variant.seat_name(seat),
            reason.id()
        ),
        Won { winner, reason } => format!("{} wins ({})", variant.seat_name(winner), reason.id()),
        Drawn { reason } => format!("drawn ({})", reason.id()),
    }
}

/// Returns the fixture directory: the one given, else the `fixtures/` directory of the
/// workspace the command runs in (the current directory or the nearest parent with a
/// `Cargo.toml` beside a `fixtures/`).
fn fixture_dir(dir: Option<PathBuf>) -> Result<PathBuf> {
    if let Some(dir) = dir {
        if !dir.is_dir() {
            bail!("fixture directory {} is not a directory", dir.display());
        }
        return Ok(dir);
    }
    let here = std::env::current_dir().context("cannot read the current directory")?;
    here.ancestors()
        .map(|d| d.join("fixtures"))
        .find(|f| f.is_dir() && f.with_file_name("Cargo.toml").is_file())
        .ok_or_else(|| {
            anyhow!(
                "no fixture directory: none in {} or its parents (give --dir DIR)",
                here.display()
            )
        })
}
