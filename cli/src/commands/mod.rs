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

mod cross_check;
mod diff;
mod explain;
mod fixtures;
mod mutants;
mod perft;
mod perft_suite;
mod register;

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Result, bail};
use serde_json::json;
use trichess_fast::{Fast, Mutant};
use trichess_model::input::{LocateError, Refusal, locate};
use trichess_model::{Engine, Game, Move, Setup, Variant};
use trichess_oracle::{Oracle, rules_for};

use crate::args::{At, Cli, Command, EngineArg, EngineChoice, Here, Interpretations};

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

    /// Builds the engine chosen: the fast engine with the mutant planted, if one is given.
    fn build(&self) -> Box<dyn Engine> {
        let fast = self.mutant.is_some().then_some(EngineChoice::Fast);
        build_engine(
            self.engine.or(fast).unwrap_or(EngineChoice::Oracle),
            self.mutant,
        )
    }
}

/// Builds one of trichess's engines, the fast one with `mutant` planted if one is given.
fn build_engine(choice: EngineChoice, mutant: Option<Mutant>) -> Box<dyn Engine> {
    match (choice, mutant) {
        (EngineChoice::Oracle, _) => Box::new(Oracle),
        (EngineChoice::Fast, None) => Box::new(Fast::default()),
        (EngineChoice::Fast, Some(m)) => Box::new(Fast::with_mutant(m)),
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Variants { json } => {
            say!("{}", trichess_suite::report::variants(json)?);
            Ok(ExitCode::SUCCESS)
        }
        Command::Start {
            variant,
            json,
            keyed,
            interpretations,
        } => {
            let rules = rules_for(&game_of(variant, &interpretations)?)?;
            let start = rules.start();
            let setup = start.setup();
            match (keyed, json) {
                (true, _) => say!("{}", setup.to_keyed()),
                (false, true) => say!("{}", setup.to_json()),
                (false, false) => say!("{}", setup.to_text()),
            }
            note_start(rules.start_note());
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves { here, json } => located(&here, |l| {
            let moves = l.engine.legal_moves(&l.game, &l.setup).map_err(Refusal)?;
            let mut moves: Vec<String> = moves.iter().map(Move::to_string).collect();
            moves.sort();
            if json {
                say!("{}", json!(moves));
            }
            for m in moves.iter().filter(|_| !json) {
                say!("{m}");
            }
            Ok(())
        }),
        Command::Perft {
            here,
            depth,
            divide,
            threads,
        } => located(&here, |l| {
            perft::run(l, &here.engine, depth, divide, threads.into())
        }),
        Command::Show { here, svg, keyed } => {
            if let Some(path) = &svg {
                trichess_diff::output::check_file(path)?;
            }
            located(&here, |l| {
                let setup = &l.setup;
                if let Some(path) = &svg {
                    let picture = trichess_diagram::svg(setup, None);
                    return Ok(trichess_diff::output::write(path, &picture)?);
                }
                let form = if keyed {
                    setup.to_keyed()
                } else {
                    setup.to_text()
                };
                say!("{}{form}", trichess_diagram::text(setup));
                Ok(())
            })
        }
        Command::Bench {
            here,
            depth,
            format,
        } => located(&here, |l| perft::bench(l, depth, format)),
        Command::Result { here, json } => located(&here, |l| {
            let outcome = l.engine.outcome(&l.game, &l.setup).map_err(Refusal)?;
            let variant = l.game.variant;
            if json {
                say!("{}", outcome.to_json(variant));
            } else {
                say!("{}", outcome.describe(variant));
            }
            Ok(())
        }),
        Command::Explain(options) => explain::run(options),
        Command::Rules { variant, dir, json } => register::print(variant, dir, json),
        Command::PerftSuite(options) => perft_suite::run(options),
        Command::Diff(options) => diff::run(options),
        Command::Serve {
            engine,
            fault,
            fault_every,
            fault_ms,
        } => {
            engine.validate(None)?;
            begin();
            let faulty = fault.map(|how| trichess_protocol::Faulty {
                how,
                every: fault_every,
                ms: fault_ms,
            });
            let mut server = trichess_diff::cross_check::server_of(engine.build());
            server.serve(std::io::stdin().lock(), std::io::stdout().lock(), faulty)?;
            Ok(ExitCode::SUCCESS)
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
        Command::Fixtures(options) => fixtures::run(options),
    }
}

/// Whether the command's work began: its command line and inputs were accepted.
static BEGAN: AtomicBool = AtomicBool::new(false);

/// Marks the start of the command's work: an error from now on is a run-time error (exit 3),
/// not one of the command line or an input (exit 2).
fn begin() {
    BEGAN.store(true, Ordering::SeqCst);
}

/// Says whether the command's work began ([`begin`]).
pub fn began() -> bool {
    BEGAN.load(Ordering::SeqCst)
}

/// Begins a long run ([`begin`]) that SIGINT or SIGTERM stops at its next step, saying so on
/// standard error.
fn begin_run() {
    begin();
    let _ = trichess_protocol::on_interrupt(|| {
        eprintln!("\ntrichess: interrupted: stopping (once more to stop at once)");
    });
}

/// Checks, before any work, that a report can be written into the directory `dir` (made if
/// missing).
fn writable_dir(dir: &Path) -> Result<()> {
    if dir.as_os_str() == "-" {
        bail!("--report takes a directory (- is standard output, for a file)");
    }
    Ok(trichess_diff::output::check_dir(dir)?)
}

/// The exit code of a long run ([`trichess_protocol::exit_code`]).
fn verdict(found: bool) -> ExitCode {
    ExitCode::from(trichess_protocol::exit_code(found))
}

/// The game of `variant` with the readings of the `-i` options (the variant prefix of an id
/// may be left out).
fn game_of(variant: Variant, given: &Interpretations) -> Result<Game> {
    let interpretations = trichess_suite::parse_readings(variant, &given.given)?;
    Ok(Game {
        variant,
        interpretations,
    })
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

/// What a command looks at through an engine: the game, the position, and, for a position
/// reached from the start, what a user of the start must know about it (that it is a
/// reconstruction, say).
struct Located {
    engine: Box<dyn Engine>,
    game: Game,
    setup: Setup,
    note: Option<&'static str>,
}

/// Runs `f` on the position a command looks at (see [`locate_with`]), then tells what a user
/// of the starting position must know about it.
fn located(here: &Here, f: impl FnOnce(&mut Located) -> Result<()>) -> Result<ExitCode> {
    let mut located = locate_with(here.variant, &here.at, &here.engine)?;
    begin();
    f(&mut located)?;
    note_start(located.note);
    Ok(ExitCode::SUCCESS)
}

/// Builds the engine, the game and the position a command looks at: the position read (or
/// the engine's start), checked by the engine, and the `--after` moves played by it.
fn locate_with(variant: Variant, at: &At, choice: &EngineArg) -> Result<Located> {
    let game = game_of(variant, &at.interpretations)?;
    choice.validate(Some(variant))?;
    let mut engine = choice.build();
    let (setup, from_start) = match locate(engine.as_mut(), &game, &at.position, &at.after) {
        Err(LocateError::Move { number, source }) => {
            return Err(anyhow::Error::new(source).context(format!("--after move {number}")));
        }
        other => other?,
    };
    let note = from_start
        .then(|| rules_for(&game).ok()?.start_note())
        .flatten();
    Ok(Located {
        engine,
        game,
        setup,
        note,
    })
}

/// Tells standard error what a user of the starting position must know about it (that it is
/// a reconstruction, say), once the command has done its work.
fn note_start(note: Option<&str>) {
    if let Some(note) = note {
        eprintln!("trichess: note: {note}");
    }
}

/// The command line that replays this run with `seed` ([`trichess_diff::replay_command`]).
fn replay(seed: u64) -> String {
    let words = std::env::args_os().skip(1);
    trichess_diff::replay_command(words.map(|a| a.to_string_lossy().into_owned()), seed)
}

/// Tells the user what a long run does: lines on standard output, progress on a spinner.
struct Loud(indicatif::ProgressBar);

impl trichess_diff::Observer for Loud {
    fn say(&self, line: &str) {
        self.0.suspend(|| {
            use std::io::Write as _;
            let _ = writeln!(std::io::stdout().lock(), "{line}");
        });
    }

    fn progress(&self, message: &str) {
        self.0.set_message(message.to_string());
        self.0.tick();
    }
}

/// A spinner with a message on standard error when it is a terminal (hidden otherwise, so
/// piped output stays clean).
fn spinner() -> indicatif::ProgressBar {
    progress(
        std::io::stderr().is_terminal(),
        None,
        "{spinner} {elapsed} {msg}",
    )
}

/// A progress bar (of `len` steps, or a spinner) drawn by `template` on standard error if
/// `show`, else hidden.
fn progress(show: bool, len: Option<u64>, template: &str) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}
