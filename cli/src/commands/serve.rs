//! `trichess serve`: an engine of trichess speaking the protocol (`PROTOCOL.md`) on standard
//! input and output, so that other tools can use it, and so that `cross-check` can be tested
//! against it. The oracle also answers `explain` (why it answers as it does). A hidden
//! `--fault` makes it misbehave on purpose, for the fault tests.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Result;
use serde_json::Value;
use trichess_model::{Engine, EngineError, Variant};
use trichess_oracle::Oracle;
use trichess_oracle::explain::{ExplainError, Question, explain};
use trichess_protocol::{
    Explainer, Hello, LineReader, MAX_LINE, PROTOCOL_VERSION, ReadLine, Server,
};

/// A misbehaviour, on every Nth line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Fault {
    /// Exits with status 3 instead of answering.
    Crash,
    /// Stops answering (and sleeps until killed).
    Hang,
    /// Answers with a line that is not JSON.
    Garbage,
    /// Answers with the wrong id (a batch: its replies in reverse order).
    WrongId,
    /// Waits `--fault-ms` before each answer.
    Slow,
    /// Answers with a line longer than the protocol's limit.
    Huge,
    /// Lists an illegal move (a piece moving onto its own cell) among the legal moves.
    ExtraMove,
    /// Lists a move that is not in the notation among the legal moves.
    MalformedMove,
}

/// Returns true if `engine` is the oracle, which explains its answers.
fn is_oracle(engine: &dyn Engine) -> bool {
    engine.name() == Oracle.name()
}

/// Answers `explain` requests with the oracle's explanation.
fn oracle_explainer() -> Explainer {
    Box::new(|game, setup, question| {
        let question = match question {
            trichess_protocol::Question::Move(mv) => Question::Move(mv),
            trichess_protocol::Question::Result => Question::Result,
            trichess_protocol::Question::Validity => Question::Validity,
        };
        match explain(game, setup, question) {
            Ok(explanation) => Ok(explanation.to_json()),
            Err(ExplainError::InvalidPosition(problems)) => {
                Err(EngineError::InvalidPosition(problems))
            }
            Err(other) => Err(EngineError::Unsupported(other.to_string())),
        }
    })
}

/// What `trichess serve` says of itself: every variant, every reading of every open point, and
/// whether it explains (the oracle does).
pub fn hello(engine: &dyn Engine) -> Hello {
    let variants = Variant::ALL
        .into_iter()
        .map(|v| {
            let points: BTreeMap<String, Vec<String>> = trichess_oracle::interpretations(v)
                .into_iter()
                .map(|i| {
                    (
                        i.id.to_string(),
                        i.readings.iter().map(|r| r.to_string()).collect(),
                    )
                })
                .collect();
            (v, points)
        })
        .collect();
    Hello {
        name: format!("trichess-{}", engine.name()),
        version: env!("CARGO_PKG_VERSION").into(),
        protocol: PROTOCOL_VERSION,
        variants,
        perft: true,
        batch: true,
        explain: is_oracle(engine),
    }
}

/// Answers requests on standard input until it ends; with `fault`, misbehaves on every
/// `every`th line (counting from 1, the handshake included).
pub fn run(engine: Box<dyn Engine>, fault: Option<Fault>, every: u64, ms: u64) -> Result<ExitCode> {
    let hello = hello(engine.as_ref());
    let explains = hello.explain;
    let mut server = Server::new(engine, hello);
    if explains {
        server = server.with_explainer(oracle_explainer());
    }
    let mut input = LineReader::new(std::io::stdin().lock(), MAX_LINE);
    let mut output = std::io::stdout().lock();
    let mut count = 0u64;
    loop {
        let reply = match input.next_line()? {
            ReadLine::End => return Ok(ExitCode::SUCCESS),
            ReadLine::TooLong(length) => Server::too_long(length),
            ReadLine::Line(line) => server.answer(&line),
        };
        count += 1;
        let reply = match fault {
            Some(fault) if count.is_multiple_of(every.max(1)) => misbehave(fault, reply, ms),
            _ => reply,
        };
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
}

/// Turns a reply line into what a faulty engine would write.
fn misbehave(fault: Fault, reply: String, ms: u64) -> String {
    match fault {
        Fault::Crash => std::process::exit(3),
        Fault::Hang => loop {
            std::thread::sleep(Duration::from_secs(3600));
        },
        Fault::Garbage => "this is not JSON".into(),
        Fault::Slow => {
            std::thread::sleep(Duration::from_millis(ms));
            reply
        }
        Fault::Huge => "x".repeat(MAX_LINE + 1),
        Fault::WrongId | Fault::ExtraMove | Fault::MalformedMove => {
            let Ok(mut value) = serde_json::from_str::<Value>(&reply) else {
                return reply;
            };
            match (&mut value, fault) {
                (Value::Array(replies), Fault::WrongId) => replies.reverse(),
                (Value::Array(replies), _) => replies.iter_mut().for_each(|r| add_move(r, fault)),
                (Value::Object(reply), Fault::WrongId) => {
                    let id = reply.get("id").and_then(Value::as_u64).unwrap_or(0);
                    reply.insert("id".into(), (id + 1000).into());
                }
                (reply, _) => add_move(reply, fault),
            }
            value.to_string()
        }
    }
}

/// Adds a move to a reply that lists moves: the first move's piece moving onto its own cell,
/// or a move outside the notation.
fn add_move(reply: &mut Value, fault: Fault) {
    let Some(moves) = reply.get_mut("ok").and_then(Value::as_array_mut) else {
        return;
    };
    let Some(from) = moves
        .first()
        .and_then(Value::as_str)
        .and_then(|m| m.split_once('-'))
        .map(|(from, _)| from.to_string())
    else {
        return;
    };
    moves.push(match fault {
        Fault::ExtraMove => format!("{from}-{from}").into(),
        _ => "zz9-top".into(),
    });
}
