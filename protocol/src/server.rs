//! The engine side of the protocol, for any [`Engine`]: what `trichess serve` runs.

use std::panic::{AssertUnwindSafe, catch_unwind};

use serde_json::{Value, json};
use trichess_model::{Engine, EngineError, Game, Setup};

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

    /// Answers `explain` requests with `explainer` (without one, they are `unsupported`).
    pub fn with_explainer(mut self, explainer: Explainer) -> Server {
        self.explainer = Some(explainer);
        self
    }

    /// Answers one line of requests (one request, or a batch) with one line of replies,
    /// without the newline. Never panics: a panic in the engine becomes a `failed` reply.
    pub fn answer(&mut self, line: &[u8]) -> String {
        let value = match read_request_line(line) {
            RequestLine::One(incoming) => self.reply(incoming).to_json(),
            RequestLine::Batch(list) => {
                Value::Array(list.into_iter().map(|r| self.reply(r).to_json()).collect())
            }
        };
        value.to_string()
    }

    /// The reply to a line longer than the limit.
    pub fn too_long(length: usize) -> String {
        Reply {
            id: None,
            answer: Err(Refusal {
                kind: RefusalKind::Failed,
                message: format!(
                    "a line of {length} bytes is longer than the limit of {} bytes",
                    crate::MAX_LINE
                ),
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
