//! `trichess serve`: an engine of trichess speaking the protocol (`PROTOCOL.md`) on standard
//! input and output, so that other tools can use it, and so that `cross-check` can be tested
//! against it. A hidden `--fault` makes it misbehave on purpose, for the fault tests.

use std::process::ExitCode;

use anyhow::Result;
use trichess_model::Engine;
use trichess_protocol::{Faulty, Server, hello_of};

/// Answers requests on standard input until it ends, misbehaving as `faulty` says.
pub fn run(engine: Box<dyn Engine>, faulty: Option<Faulty>) -> Result<ExitCode> {
    let hello = hello_of(engine.as_ref());
    let mut server = Server::new(engine, hello);
    server.serve(std::io::stdin().lock(), std::io::stdout().lock(), faulty)?;
    Ok(ExitCode::SUCCESS)
}
