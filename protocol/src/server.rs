//! The engine side of the protocol, for any [`Engine`]: what `trichess serve` runs.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use serde_json::{Value, json};
use trichess_model::{Engine, EngineError, Game, ProblemKind, Setup, Variant};

use crate::{LineReader, MAX_LINE, PROTOCOL_VERSION, ReadLine};

use crate::message::{
    Ask, Hello, Incoming, Question, Refusal, RefusalKind, Reply, Request, RequestLine,
    read_request_line,
};

/// Answers `explain` requests: why the engine answers a question about a position as it does,
/// as the JSON of the answer.
pub type Explainer = Box<dyn FnMut(&Game, &Setup, Question) -> Result<Value, EngineError>>;

/// Answers requests with an engine, and `explain` requests with an explainer if it has one.
pub struct Server {
    engine: Box<dyn Engine>,
    hello: Hello,
    explainer: Option<Explainer>,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Server({})", self.hello.name)
    }
}

impl Server {
    /// Returns a server answering with `engine` and introducing itself with `hello`.
    pub fn new(engine: Box<dyn Engine>, hello: Hello) -> Server {
        Server {
            engine,
            hello,
            explainer: None,
        }
    }

    /// Answers `explain` requests with `explainer` (without one, they are `unsupported`), and
    /// says so in the handshake.
    pub fn with_explainer(mut self, explainer: Explainer) -> Server {
        self.explainer = Some(explainer);
        self.hello.explain = true;
        self
    }

    /// Answers one line of requests (one request, or a batch) with one line of replies,
    /// without the newline. Never panics: a panic in the engine becomes a `failed` reply. The
    /// line is never longer than [`MAX_LINE`]: a batch whose replies would not fit is refused
    /// with one error reply (as is a batch of more than [`crate::MAX_BATCH`] requests), and
    /// the replies are written one at a time, so that memory stays bounded.
    pub fn answer(&mut self, line: &[u8]) -> String {
        match read_request_line(line) {
            RequestLine::One(incoming) => {
                let reply = self.reply(incoming).to_json().to_string();
                if reply.len() > MAX_LINE {
                    return Server::refused(format!(
                        "the reply would be {} bytes, longer than the limit of {MAX_LINE} bytes a line",
                        reply.len()
                    ));
                }
                reply
            }
            RequestLine::Batch(list) => {
                let count = list.len();
                let mut replies = String::from("[");
                for (i, incoming) in list.into_iter().enumerate() {
                    if i > 0 {
                        replies.push(',');
                    }
                    replies.push_str(&self.reply(incoming).to_json().to_string());
                    // The closing bracket must fit too.
                    if replies.len() + 1 > MAX_LINE {
                        return Server::refused(format!(
                            "the replies to a batch of {count} requests would be longer than the \
                             limit of {MAX_LINE} bytes a line (after {i} of them); send fewer \
                             requests a line"
                        ));
                    }
                }
                replies.push(']');
                replies
            }
        }
    }

    /// The reply to a line longer than the limit.
    pub fn too_long(length: usize) -> String {
        Server::refused(format!(
            "a line of {length} bytes is longer than the limit of {MAX_LINE} bytes"
        ))
    }

    /// A `failed` reply without an id, saying `message`.
    fn refused(message: String) -> String {
        Reply {
            id: None,
            answer: Err(Refusal {
                kind: RefusalKind::Failed,
                message,
                problems: Vec::new(),
            }),
        }
        .to_json()
        .to_string()
    }

    fn reply(&mut self, incoming: Incoming) -> Reply {
        let request = match incoming {
            Ok(request) => request,
            Err(reply) => return reply,
        };
        let id = Some(request.id);
        let answer = catch_unwind(AssertUnwindSafe(|| self.run(request)))
            .unwrap_or_else(|_| Err(EngineError::Failed("the engine panicked".into())));
        Reply {
            id,
            answer: answer.map_err(Refusal::from),
        }
    }

    fn run(&mut self, request: Request) -> Result<Value, EngineError> {
        let Some((game, setup)) = &request.about else {
            return Ok(self.hello.to_json());
        };
        let engine = self.engine.as_mut();
        engine.supports(game)?;
        Ok(match request.ask {
            Ask::Hello => self.hello.to_json(),
            Ask::Check => {
                engine.check(game, setup)?;
                json!(true)
            }
            Ask::Moves => {
                let mut moves: Vec<String> = engine
                    .legal_moves(game, setup)?
                    .iter()
                    .map(ToString::to_string)
                    .collect();
                moves.sort();
                json!(moves)
            }
            Ask::Play(mv) => engine.play(game, setup, mv)?.to_json(),
            Ask::Result => engine.outcome(game, setup)?.to_json(game.variant),
            Ask::Perft(depth) => json!(engine.perft(game, setup, depth)?),
            Ask::Explain(question) => match self.explainer.as_mut() {
                Some(explain) => explain(game, setup, question)?,
                None => {
                    return Err(EngineError::Unsupported(format!(
                        "{} does not explain its answers",
                        self.hello.name
                    )));
                }
            },
        })
    }
}

/// Says hello as an engine of trichess: every variant, every reading of every open point of
/// the registers, perft and batches answered (and `explain` once the server has an explainer,
/// [`Server::with_explainer`]).
pub fn hello_of(engine: &dyn Engine) -> Hello {
    let variants = Variant::ALL
        .into_iter()
        .map(|v| {
            let points: BTreeMap<String, Vec<String>> = trichess_suite::open_points(v)
                .unwrap_or_default()
                .iter()
                .map(|p| (p.id.clone(), p.readings.clone()))
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
        explain: false,
        validates: true,
        classifies: true,
    }
}

/// A way to misbehave on purpose, for testing a cross-check against a faulty engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Misbehaviour {
    /// Exits with status 3 instead of answering.
    Crash,
    /// Stops answering (and sleeps until killed).
    Hang,
    /// Answers with a line that is not JSON.
    Garbage,
    /// Answers with the wrong id (a batch: its replies in reverse order).
    WrongId,
    /// Waits the given milliseconds before each answer.
    Slow,
    /// Answers with a line longer than the protocol's limit.
    Huge,
    /// Lists an illegal move (a piece moving onto its own cell) among the legal moves.
    ExtraMove,
    /// Lists a move that is not in the notation among the legal moves.
    MalformedMove,
    /// Leaves the last legal move out of the list: asked the same again (by a fresh process,
    /// on another line), it lists them all.
    Flaky,
    /// Says in `hello` that it does not validate positions (`"validates": false`), and
    /// answers a request about a position it would refuse with a failure instead, as an engine
    /// that trusts its input breaks on one: trichess must send it none.
    Trusting,
    /// Takes a position whose only problems are pawns where no pawn can stand (answers
    /// `check` with `true`; its other answers about the position still refuse it), as an
    /// engine that does not check where pawns stand.
    PawnsAnywhere,
}

impl std::str::FromStr for Misbehaviour {
    type Err = String;

    fn from_str(name: &str) -> Result<Misbehaviour, String> {
        Ok(match name {
            "crash" => Misbehaviour::Crash,
            "hang" => Misbehaviour::Hang,
            "garbage" => Misbehaviour::Garbage,
            "wrong-id" => Misbehaviour::WrongId,
            "slow" => Misbehaviour::Slow,
            "huge" => Misbehaviour::Huge,
            "extra-move" => Misbehaviour::ExtraMove,
            "malformed-move" => Misbehaviour::MalformedMove,
            "flaky" => Misbehaviour::Flaky,
            "trusting" => Misbehaviour::Trusting,
            "pawns-anywhere" => Misbehaviour::PawnsAnywhere,
            other => return Err(format!("unknown misbehaviour '{other}'")),
        })
    }
}

/// When a server misbehaves: how, on every how many lines (counting from 1, the handshake
/// included), and for how many milliseconds a slow answer waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Faulty {
    /// How.
    pub how: Misbehaviour,
    /// On every `every`th line.
    pub every: u64,
    /// The wait of [`Misbehaviour::Slow`].
    pub ms: u64,
}

impl Server {
    /// Answers the request lines of `input` on `output` until the input ends; with `faulty`,
    /// misbehaves as it says.
    pub fn serve(
        &mut self,
        input: impl BufRead,
        mut output: impl Write,
        faulty: Option<Faulty>,
    ) -> std::io::Result<()> {
        let mut input = LineReader::new(input, MAX_LINE);
        let mut count = 0u64;
        loop {
            let (reply, line) = match input.next_line()? {
                ReadLine::End => return Ok(()),
                ReadLine::TooLong(length) => (Server::too_long(length), Vec::new()),
                ReadLine::Line(line) => (self.answer(&line), line),
            };
            count += 1;
            let reply = match faulty {
                Some(f) if count.is_multiple_of(f.every.max(1)) => {
                    misbehave(f.how, reply, &line, f.ms)
                }
                _ => reply,
            };
            writeln!(output, "{reply}")?;
            output.flush()?;
        }
    }
}

/// Turns a reply line (to the request line `line`) into what a faulty engine would write.
fn misbehave(fault: Misbehaviour, reply: String, line: &[u8], ms: u64) -> String {
    match fault {
        Misbehaviour::Crash => std::process::exit(3),
        Misbehaviour::Hang => loop {
            std::thread::sleep(Duration::from_secs(3600));
        },
        Misbehaviour::Garbage => "this is not JSON".into(),
        Misbehaviour::Slow => {
            std::thread::sleep(Duration::from_millis(ms));
            reply
        }
        Misbehaviour::Huge => "x".repeat(MAX_LINE + 1),
        Misbehaviour::Trusting => {
            let Ok(mut value) = serde_json::from_str::<Value>(&reply) else {
                return reply;
            };
            match &mut value {
                Value::Array(replies) => replies.iter_mut().for_each(trust),
                reply => trust(reply),
            }
            value.to_string()
        }
        Misbehaviour::PawnsAnywhere => {
            let (Ok(request), Ok(mut value)) = (
                serde_json::from_slice::<Value>(line),
                serde_json::from_str::<Value>(&reply),
            ) else {
                return reply;
            };
            match (&request, &mut value) {
                (Value::Array(requests), Value::Array(replies)) => requests
                    .iter()
                    .zip(replies.iter_mut())
                    .for_each(|(q, r)| pawns_anywhere(q, r)),
                (q, r) => pawns_anywhere(q, r),
            }
            value.to_string()
        }
        Misbehaviour::WrongId
        | Misbehaviour::ExtraMove
        | Misbehaviour::MalformedMove
        | Misbehaviour::Flaky => {
            let Ok(mut value) = serde_json::from_str::<Value>(&reply) else {
                return reply;
            };
            match (&mut value, fault) {
                (Value::Array(replies), Misbehaviour::WrongId) => replies.reverse(),
                (Value::Array(replies), _) => replies.iter_mut().for_each(|r| edit_moves(r, fault)),
                (Value::Object(reply), Misbehaviour::WrongId) => {
                    let id = reply.get("id").and_then(Value::as_u64).unwrap_or(0);
                    reply.insert("id".into(), (id + 1000).into());
                }
                (reply, _) => edit_moves(reply, fault),
            }
            value.to_string()
        }
    }
}

/// Changes a reply as an engine that does not check positions writes it: its hello says so,
/// and a refused position is a failure ([`Misbehaviour::Trusting`]).
fn trust(reply: &mut Value) {
    if let Some(hello) = reply.get_mut("ok").and_then(Value::as_object_mut)
        && hello.contains_key("protocol")
    {
        hello.insert("validates".into(), false.into());
    }
    if reply.get("error").and_then(Value::as_str) == Some("invalid-position")
        && let Some(reply) = reply.as_object_mut()
    {
        reply.insert("error".into(), "failed".into());
        reply.insert(
            "message".into(),
            "index out of bounds: sent a position it cannot hold".into(),
        );
        reply.remove("problems");
    }
}

/// Changes the reply to a `check` that refuses a position only for pawns where no pawn can
/// stand into `true` ([`Misbehaviour::PawnsAnywhere`]).
fn pawns_anywhere(request: &Value, reply: &mut Value) {
    let pawns_only = reply
        .get("problems")
        .and_then(Value::as_array)
        .is_some_and(|p| {
            !p.is_empty()
                && p.iter()
                    .all(|p| p["kind"] == ProblemKind::PawnOnImpossibleRank.id())
        });
    if request["cmd"] == "check" && reply["error"] == "invalid-position" && pawns_only {
        *reply = json!({"id": reply["id"], "ok": true});
    }
}

/// Changes a reply that lists moves: leaves the last out ([`Misbehaviour::Flaky`]), or adds
/// the first move's piece moving onto its own cell, or a move outside the notation.
fn edit_moves(reply: &mut Value, fault: Misbehaviour) {
    let Some(moves) = reply.get_mut("ok").and_then(Value::as_array_mut) else {
        return;
    };
    if fault == Misbehaviour::Flaky {
        moves.pop();
        return;
    }
    let Some(from) = moves
        .first()
        .and_then(Value::as_str)
        .and_then(|m| m.split_once('-'))
        .map(|(from, _)| from.to_string())
    else {
        return;
    };
    moves.push(match fault {
        Misbehaviour::ExtraMove => format!("{from}-{from}").into(),
        _ => "zz9-top".into(),
    });
}
