//! `trichess`: the command line of the trichess engines. Every error is one line on standard
//! error. Exit codes: 0 clean, 1 findings (disagreements, failed fixtures or perft rows, an
//! escaped mutant), 2 a usage or input error (met before the command's work begins), 3 a
//! run-time error (met once it began: an engine that does not start, a report that cannot be
//! written), 130 interrupted (SIGINT or SIGTERM).

mod args;
mod commands;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

fn main() -> ExitCode {
    let words: Vec<String> = std::env::args().skip(1).collect();
    if words.len() == 2 && words[0] == "help" && (words[1] == "--help" || words[1] == "-h") {
        print_ignoring_closed_pipe(
            "Print the help of trichess or of the given command\n\nUsage: trichess help [COMMAND]...\n",
        );
        return ExitCode::SUCCESS;
    }
    // Plain styles: an error's text keeps the control characters of an argument, for
    // `trichess_model::input::clean` to escape (clap's own rendering strips them).
    let command = args::Cli::command().styles(clap::builder::Styles::plain());
    let parsed = command
        .try_get_matches()
        .and_then(|m| args::Cli::from_arg_matches(&m));
    let args = match parsed {
        Ok(args) => args,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print_ignoring_closed_pipe(&e.to_string());
                return ExitCode::SUCCESS;
            }
            eprintln!("trichess: {}", clap_line(&e));
            return ExitCode::from(2);
        }
    };
    match commands::run(args) {
        Ok(code) => code,
        Err(e) if closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let message = format!("{e:#}").replace('\n', "; ");
            eprintln!("trichess: {}", trichess_model::input::clean(&message));
            ExitCode::from(if commands::began() { 3 } else { 2 })
        }
    }
}

/// Prints help text; a reader that has closed the pipe (`trichess --help | head`) has all it
/// wants, so a failed write is not an error (and never a panic, as `print!` would make it).
fn print_ignoring_closed_pipe(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Returns true if the error is a write to a closed pipe (`trichess ... | head`): the reader
/// has all it wants, so that is not a failure.
fn closed_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Folds one of clap's errors into one line ([`trichess_model::input::one_line`]). A bare
/// `trichess` gets the usage line instead of the program's description.
fn clap_line(e: &clap::Error) -> String {
    use clap::error::ErrorKind;
    let text = e.render().ansi().to_string();
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let usage = text
            .lines()
            .find(|l| l.starts_with("Usage:"))
            .unwrap_or("Usage: trichess <COMMAND>");
        return format!("a command is needed; {usage}; see trichess --help");
    }
    trichess_model::input::one_line(&text)
}
