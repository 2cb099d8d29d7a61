//! `trichess`: the command line of the trichess engines. Every error is one line on standard
//! error and a non-zero exit (2 for a malformed command line, 1 for everything else).

mod commands;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = match commands::Cli::try_parse() {
        Ok(args) => args,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return ExitCode::SUCCESS;
            }
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad command line");
            eprintln!("trichess: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    match commands::run(args) {
        Ok(code) => code,
        Err(e) if closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let message = format!("{e:#}").replace('\n', "; ");
            eprintln!("trichess: {message}");
            ExitCode::FAILURE
        }
    }
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
