//! The command line of `trichess`, as clap reads it.

use std::path::PathBuf;

use trichess_fast::Mutant;
use trichess_model::{MAX_PERFT_DEPTH as MAX_DEPTH, Variant};

/// trichess: legal moves, perft, results, rule registers and the fixture suite for
/// three-player chess variants, from the oracle or the fast engine.
#[derive(Debug, clap::Parser)]
#[command(name = "trichess", version, arg_required_else_help = true, after_help = EXIT_CODES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// List the variants: their ids, names, cells, clauses and open points.
    Variants {
        /// Print JSON (the same columns).
        #[arg(long)]
        json: bool,
    },
    /// Print the starting position in text form (or --json, --keyed).
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
        #[command(flatten)]
        here: Here,
        /// Print one JSON array of move strings.
        #[arg(long)]
        json: bool,
    },
    /// Count the move paths of a given length; the last line is the count.
    Perft {
        #[command(flatten)]
        here: Here,
        /// The length of the move paths to count (0 to MAX_DEPTH = 12).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=MAX_DEPTH as i64))]
        depth: u32,
        /// Print the count below each legal move first.
        #[arg(long)]
        divide: bool,
        /// Count on this many threads, splitting the work at the root moves.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=1024))]
        threads: u16,
    },
    /// Draw the position as a text diagram (or as an SVG picture into a file).
    Show {
        #[command(flatten)]
        here: Here,
        /// Write an SVG picture of the position to this file instead (- for standard output).
        #[arg(long, value_name = "FILE")]
        svg: Option<PathBuf>,
        /// Print the keyed form (the pieces alone) under the diagram instead of the text form.
        #[arg(long, conflicts_with = "svg")]
        keyed: bool,
    },
    /// Time perft at each depth up to DEPTH: nodes, seconds, nodes per second, peak memory.
    Bench {
        #[command(flatten)]
        here: Here,
        /// The deepest perft to run (1 to MAX_DEPTH = 12).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
        depth: u32,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Table)]
        format: Format,
    },
    /// Say whether the game goes on, and if not how it ended.
    Result {
        #[command(flatten)]
        here: Here,
        /// Print the outcome as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Explain the oracle's answer clause by clause: a move, the result or the validity.
    Explain(ExplainOptions),
    /// Print the rule register with fixture coverage.
    Rules {
        /// The variant: osullivan, yalta, yuri or triple-crown.
        variant: Variant,
        /// A fixture directory to run instead of the suite built into trichess.
        #[arg(long)]
        dir: Option<PathBuf>,
        /// Print the register and its coverage as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check the perft tables against an engine, one row a line.
    #[command(after_help = EXIT_CODES)]
    PerftSuite(PerftSuiteOptions),
    /// Compare two engines on generated positions, each disagreement shrunk and classified.
    #[command(after_help = EXIT_CODES)]
    Diff(DiffOptions),
    /// List the mutants (rules bugs --mutant NAME plants); with --catch, how each is caught.
    #[command(after_help = EXIT_CODES)]
    Mutants {
        /// Print the list as JSON.
        #[arg(long, conflicts_with = "catch")]
        json: bool,
        /// Print how the fixtures and the differential run catch each mutant.
        #[arg(long)]
        catch: bool,
        #[command(flatten)]
        options: CatchOptions,
    },
    /// Answer the engine protocol (PROTOCOL.md) on standard input and output.
    Serve {
        #[command(flatten)]
        engine: EngineArg,
        /// Misbehave on purpose, on every --fault-every th line (for testing cross-check).
        #[arg(long, hide = true, value_parser = |s: &str| s.parse::<trichess_protocol::Misbehaviour>())]
        fault: Option<trichess_protocol::Misbehaviour>,
        #[arg(long, default_value_t = 1, hide = true)]
        fault_every: u64,
        #[arg(long, default_value_t = 1000, hide = true)]
        fault_ms: u64,
    },
    /// Check another implementation speaking the engine protocol (PROTOCOL.md) against trichess.
    #[command(after_help = EXIT_CODES)]
    CrossCheck(CrossCheckOptions),
    /// Run the fixture suite against an engine and print the results by rule clause.
    #[command(after_help = EXIT_CODES)]
    Fixtures(FixturesOptions),
}

/// The exit codes, as the help says them.
const EXIT_CODES: &str = "Exit codes: 0 clean; 1 findings (disagreements, failed fixtures or \
perft rows, an escaped mutant); 2 a usage or input error (before any work); 3 a run-time error \
(an engine that does not start, a report that cannot be written); 130 interrupted (SIGINT, \
SIGTERM: what was found so far is printed and kept).";

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

#[derive(Debug, Default, clap::Args)]
pub struct EngineArg {
    /// The engine that answers [default: oracle; fast with --mutant].
    #[arg(long, value_enum)]
    pub engine: Option<EngineChoice>,
    /// Plant this rules bug in the fast engine (`trichess mutants` lists them).
    #[arg(long, value_name = "NAME", value_parser = parse_mutant)]
    pub mutant: Option<Mutant>,
}

/// Reads `--mutant NAME`.
pub fn parse_mutant(name: &str) -> Result<Mutant, String> {
    name.parse::<Mutant>()
        .map_err(|e| format!("{e}; `trichess mutants` lists them"))
}

/// What a run on generated positions compares (`diff`, `cross-check`): the variants and
/// readings, for how long, from which seed, and how deep.
#[derive(Debug, clap::Args)]
pub struct Generated {
    /// The variant, or all.
    #[arg(long, default_value = "all", value_parser = parse_variants)]
    pub variant: Variants,
    #[command(flatten)]
    pub interpretations: Interpretations,
    /// Run this many seconds in all (split between the variants; default 10; 1 to 86400).
    #[arg(long, conflicts_with = "positions",
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub seconds: Option<u64>,
    /// Compare this many positions in all (split between the variants) instead (1 to
    /// 100,000,000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub positions: Option<u64>,
    /// The seed of the generator (printed first; default from the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The perft depth compared at each position.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=4))]
    pub depth: u32,
}

#[derive(Debug, clap::Args)]
pub struct Interpretations {
    /// Choose a reading of an open point: ID=READING (the variant prefix of ID may be left out).
    #[arg(short = 'i', long = "interpretation", value_name = "ID=READING")]
    pub given: Vec<String>,
}

/// Where a command looks, and with which engine: the variant, the position and the moves
/// played from it, the readings.
#[derive(Debug, clap::Args)]
pub struct Here {
    /// The variant: osullivan, yalta, yuri or triple-crown.
    pub variant: Variant,
    #[command(flatten)]
    pub at: At,
    #[command(flatten)]
    pub engine: EngineArg,
}

/// Where a command looks: a position, moves played from it, and the interpretations.
#[derive(Debug, clap::Args)]
pub struct At {
    /// The position: start, the text or JSON form, @FILE, or - for standard input.
    #[arg(long, short = 'p', default_value = "start", allow_hyphen_values = true)]
    pub position: String,
    /// Moves to play first, separated by spaces.
    #[arg(long, default_value = "")]
    pub after: String,
    #[command(flatten)]
    pub interpretations: Interpretations,
}

/// The options of `trichess explain`.
#[derive(Debug, clap::Args)]
pub struct ExplainOptions {
    /// The variant: osullivan, yalta, yuri or triple-crown.
    pub variant: Variant,
    /// The move to explain (leave it out with --result or --validity).
    #[arg(value_name = "MOVE", required_unless_present_any = ["result", "validity"])]
    pub mv: Option<String>,
    #[command(flatten)]
    pub at: At,
    /// Explain the result (whether the game goes on, and why) instead of a move.
    #[arg(long, conflicts_with_all = ["mv", "validity"])]
    pub result: bool,
    /// Explain whether the position is valid (each problem with its clause) instead of a move.
    #[arg(long, conflicts_with = "mv")]
    pub validity: bool,
    /// Print the explanation as JSON.
    #[arg(long)]
    pub json: bool,
}

/// The options of `trichess perft-suite`.
#[derive(Debug, clap::Args)]
pub struct PerftSuiteOptions {
    #[command(flatten)]
    pub engine: EngineArg,
    /// Check only the positions whose VARIANT/ID contains these texts (separated by commas;
    /// -TEXT leaves out those that contain TEXT).
    #[arg(long)]
    pub filter: Option<String>,
    /// Skip rows whose count is larger than this.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Also run the rows the engine did not compute when the table was made.
    #[arg(long)]
    pub every_row: bool,
    /// A directory of perft tables to check instead of those built into trichess.
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// The options of `trichess fixtures`.
#[derive(Debug, clap::Args)]
pub struct FixturesOptions {
    #[command(flatten)]
    pub engine: EngineArg,
    /// Run only the fixtures whose names contain these texts (separated by commas; -TEXT
    /// leaves out those that contain TEXT).
    #[arg(long)]
    pub filter: Option<String>,
    /// A fixture directory to run instead of the suite built into trichess.
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// The options of `trichess diff`.
#[derive(Debug, clap::Args)]
pub struct DiffOptions {
    #[command(flatten)]
    pub generated: Generated,
    /// The two engines, the first as the reference.
    #[arg(long, default_value = "oracle,fast", value_parser = parse_engines)]
    pub engines: (EngineChoice, EngineChoice),
    /// Write the discrepancy table as DIR/diff.md and DIR/diff.json (and an SVG diagram
    /// per row where the board has one), rewritten after each row.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Compare perft (to --depth) on every Nth generated position (1 to 1000).
    #[arg(long, value_name = "N", default_value_t = PERFT_EVERY,
          value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub perft_every: u64,
    /// Walk on N threads, each with its own engines and its own seed (1 to 256).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::builder::TypedValueParser::map(
              clap::value_parser!(u16).range(1..=256), usize::from))]
    pub threads: usize,
    #[command(flatten)]
    pub rows: Rows,
    /// Plant this rules bug in the second engine, which must be fast (see `trichess mutants`).
    #[arg(long, value_name = "NAME", value_parser = parse_mutant)]
    pub mutant: Option<Mutant>,
}

/// The options of `trichess mutants --catch`.
#[derive(Debug, clap::Args)]
pub struct CatchOptions {
    /// With --catch: only this mutant (repeatable).
    #[arg(long = "mutant", value_name = "NAME", value_parser = parse_mutant,
          requires = "catch")]
    pub only: Vec<Mutant>,
    /// With --catch: the seed of the differential runs.
    #[arg(long, default_value_t = 1, requires = "catch")]
    pub seed: u64,
    /// With --catch: give up on a mutant after this many seconds (1 to 3600).
    #[arg(long, default_value_t = 60, requires = "catch",
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub seconds: u64,
    /// With --catch: give up on a mutant after this many positions (1 to 100,000,000).
    #[arg(long, requires = "catch",
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub positions: Option<u64>,
    /// With --catch: a fixture directory to run instead of the suite built into trichess.
    #[arg(long, requires = "catch")]
    pub dir: Option<PathBuf>,
    /// With --catch: the output format.
    #[arg(long, value_enum, default_value_t = Format::Table, requires = "catch")]
    pub format: Format,
}

/// The options of `trichess cross-check`.
#[derive(Debug, clap::Args)]
#[command(mut_arg("max_rows", |a| a.default_value("50")))]
pub struct CrossCheckOptions {
    /// The engine's command line (words split as a shell would; no pipes).
    #[arg(
        long = "engine",
        value_name = "'COMMAND ARGS'",
        required_unless_present = "mutants"
    )]
    pub command: Option<String>,
    /// Instead of --engine, cross-check each mutant of the zoo (served by `trichess serve`).
    #[arg(long, conflicts_with = "command")]
    pub mutants: bool,
    #[command(flatten)]
    pub generated: Generated,
    /// Write DIR/cross-check.md and DIR/cross-check.json (and an SVG diagram per row),
    /// rewritten after each row.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// The trichess engine the other is compared with.
    #[arg(long, value_enum, default_value_t = EngineChoice::Oracle)]
    pub reference: EngineChoice,
    /// How long the engine may take to answer one line, in milliseconds (an answer slower
    /// than a tenth of it, per request, is reported as slow).
    #[arg(long, default_value_t = 5000,
          value_parser = clap::value_parser!(u64).range(10..=600_000))]
    pub timeout_ms: u64,
    /// Check only the perft-table rows of at most this many nodes.
    #[arg(long, default_value_t = 20_000, value_name = "N")]
    pub max_nodes: u64,
    #[command(flatten)]
    pub rows: Rows,
    /// Judge the findings against this expectations file (see `--write-expect`).
    #[arg(long, value_name = "FILE", conflicts_with = "mutants")]
    pub expect: Option<PathBuf>,
    /// Write the findings as an expectations file (- for standard output); findings then exit 0.
    #[arg(long, value_name = "FILE", conflicts_with = "mutants")]
    pub write_expect: Option<PathBuf>,
}

/// How many rows a run keeps (`diff`, `cross-check`).
#[derive(Debug, clap::Args)]
pub struct Rows {
    /// Stop once this many rows are kept (1 to 10,000).
    #[arg(long, default_value_t = 20,
          value_parser = clap::builder::TypedValueParser::map(
              clap::value_parser!(u16).range(1..=10_000), usize::from))]
    pub max_rows: usize,
    /// Keep at most this many rows of each finding; the rest are counted (1 to 10,000).
    #[arg(long, value_name = "N", default_value_t = 5,
          value_parser = clap::builder::TypedValueParser::map(
              clap::value_parser!(u16).range(1..=10_000), usize::from))]
    pub rows_per_finding: usize,
}

/// The default of `--perft-every`.
pub const PERFT_EVERY: u64 = 4;

/// Reads `--engines A,B`.
pub fn parse_engines(text: &str) -> Result<(EngineChoice, EngineChoice), String> {
    let one = |name: &str| {
        clap::ValueEnum::from_str(name, false)
            .map_err(|_| format!("unknown engine '{name}' (known: oracle, fast)"))
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
