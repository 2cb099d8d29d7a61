//! `trichess serve`: an engine of trichess speaking the protocol (`PROTOCOL.md`) on standard
//! input and output, so that other tools can use it, and so that `cross-check` can be tested
//! against it. The oracle also answers `explain` (why it answers as it does). A hidden
//! `--fault` makes it misbehave on purpose, for the fault tests.

use std::process::ExitCode;

use anyhow::Result;
use trichess_model::Engine;
use trichess_oracle::Oracle;
use trichess_oracle::explain::{Question, explain_json};
use trichess_protocol::{Explainer, Faulty, Server, hello_of};

/// Answers requests on standard input until it ends, misbehaving as `faulty` says; the oracle
/// answers `explain` too.
pub fn run(engine: Box<dyn Engine>, faulty: Option<Faulty>) -> Result<ExitCode> {
    let hello = hello_of(engine.as_ref());
    let explains = engine.name() == Oracle.name();
    let mut server = Server::new(engine, hello);
    if explains {
        server = server.with_explainer(oracle_explainer());
    }
    server.serve(std::io::stdin().lock(), std::io::stdout().lock(), faulty)?;
    Ok(ExitCode::SUCCESS)
}

/// Answers `explain` requests with the oracle's explanation.
fn oracle_explainer() -> Explainer {
    Box::new(|game, setup, question| {
        let question = match question {
            trichess_protocol::Question::Move(mv) => Question::Move(mv),
            trichess_protocol::Question::Result => Question::Result,
            trichess_protocol::Question::Validity => Question::Validity,
        };
        explain_json(game, setup, question)
    })
}
