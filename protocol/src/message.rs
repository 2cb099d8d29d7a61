//! The messages: requests, replies and the handshake, written and read as JSON values. Every
//! reader takes whatever bytes or values it is given and returns an error for what it cannot
//! read; none panics.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};
use trichess_model::{
    EngineError, Game, InvalidPosition, Move, Outcome, PositionProblem, ProblemKind, Setup, Variant,
};

/// The protocol version this crate speaks.
pub const PROTOCOL_VERSION: u64 = 1;

/// The longest line either side reads, in bytes (4 MiB); a longer one is refused.
pub const MAX_LINE: usize = 4 << 20;

/// The most requests a batch may hold; a longer batch is refused whole, with one error reply.
pub const MAX_BATCH: usize = 4096;

/// The longest text kept from an engine's name, version or error message, in characters.
const MAX_TEXT: usize = 200;

/// What a request asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// The handshake: who the engine is and what it plays.
    Hello,
    /// Whether the position is valid.
    Check,
    /// The legal moves of the side to move.
    Moves,
    /// The position after a move.
    Play(Move),
    /// The state of the game.
    Result,
    /// The number of move paths of a length.
    Perft(u32),
    /// Why the engine answers a question as it does (an oracle that explains itself).
    Explain(Question),
}

/// What an `explain` request asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Whether a move is legal, and what it does.
    Move(Move),
    /// The state of the game.
    Result,
    /// Whether the position is one of the game's.
    Validity,
}

impl Question {
    /// Returns the request's `of`: `move`, `result` or `validity`.
    pub fn of(&self) -> &'static str {
        match self {
            Question::Move(_) => "move",
            Question::Result => "result",
            Question::Validity => "validity",
        }
    }
}

impl Ask {
    /// Returns the request's `cmd`.
    pub fn cmd(&self) -> &'static str {
        match self {
            Ask::Hello => "hello",
            Ask::Check => "check",
            Ask::Moves => "moves",
            Ask::Play(_) => "play",
            Ask::Result => "result",
            Ask::Perft(_) => "perft",
            Ask::Explain(_) => "explain",
        }
    }
}

/// One request: its id, what it asks, and (for all but the handshake) the game and position
/// it asks about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The request's id, echoed by its reply.
    pub id: u64,
    /// What it asks.
    pub ask: Ask,
    /// The game and position it asks about (none for the handshake).
    pub about: Option<(Game, Setup)>,
}

impl Request {
    /// Writes the request as one line of JSON (without the newline).
    pub fn to_line(&self) -> String {
        let about = self
            .about
            .as_ref()
            .map(|(game, setup)| about_fields(game, setup));
        request_line(self.id, &self.ask, about.as_deref())
    }
}

/// Writes the members of a request that say what it asks about: its variant, readings and
/// position (written once for all the requests of a batch about one position).
pub fn about_fields(game: &Game, setup: &Setup) -> String {
    format!(
        "\"variant\":{},\"readings\":{},\"position\":{}",
        json!(game.variant.id()),
        json!(game.interpretations),
        setup.to_json()
    )
}

/// Writes a request as one line of JSON, given its [`about_fields`] (none for the handshake).
pub fn request_line(id: u64, ask: &Ask, about: Option<&str>) -> String {
    let mut line = format!("{{\"id\":{id},\"cmd\":\"{}\"", ask.cmd());
    match ask {
        Ask::Hello => line += &format!(",\"protocol\":{PROTOCOL_VERSION}"),
        Ask::Play(mv) => line += &format!(",\"move\":\"{mv}\""),
        Ask::Perft(depth) => line += &format!(",\"depth\":{depth}"),
        Ask::Explain(question) => {
            line += &format!(",\"of\":\"{}\"", question.of());
            if let Question::Move(mv) = question {
                line += &format!(",\"move\":\"{mv}\"");
            }
        }
        Ask::Check | Ask::Moves | Ask::Result => {}
    }
    if let Some(about) = about {
        line.push(',');
        line.push_str(about);
    }
    line.push('}');
    line
}

/// Why an engine gives no answer, as a reply's `error` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefusalKind {
    /// The position is not one of the game's.
    InvalidPosition,
    /// The move is not legal in the position.
    IllegalMove,
    /// The engine does not play the game (its variant, or a reading).
    Unsupported,
    /// The engine could not answer (any other failure).
    Failed,
}

impl RefusalKind {
    const ALL: [RefusalKind; 4] = [
        RefusalKind::InvalidPosition,
        RefusalKind::IllegalMove,
        RefusalKind::Unsupported,
        RefusalKind::Failed,
    ];

    /// Returns the kind as written in a reply.
    pub fn id(self) -> &'static str {
        match self {
            RefusalKind::InvalidPosition => "invalid-position",
            RefusalKind::IllegalMove => "illegal-move",
            RefusalKind::Unsupported => "unsupported",
            RefusalKind::Failed => "failed",
        }
    }
}

/// An error reply: its kind and message, and for an invalid position the problems found
/// (each of a [`trichess_model::ProblemKind`]; `unclassified` where the engine does not sort
/// it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Why there is no answer.
    pub kind: RefusalKind,
    /// The engine's words.
    pub message: String,
    /// For an invalid position: the problems found.
    pub problems: Vec<PositionProblem>,
}

impl From<EngineError> for Refusal {
    fn from(e: EngineError) -> Refusal {
        let (kind, message, problems) = match e {
            EngineError::InvalidPosition(p) => {
                (RefusalKind::InvalidPosition, p.to_string(), p.problems)
            }
            EngineError::IllegalMove(m) => (RefusalKind::IllegalMove, m, Vec::new()),
            EngineError::Unsupported(m) => (RefusalKind::Unsupported, m, Vec::new()),
            other => (RefusalKind::Failed, other.to_string(), Vec::new()),
        };
        Refusal {
            kind,
            message,
            problems,
        }
    }
}

impl From<Refusal> for EngineError {
    fn from(r: Refusal) -> EngineError {
        match r.kind {
            RefusalKind::InvalidPosition if r.problems.is_empty() => {
                EngineError::InvalidPosition(r.message.into())
            }
            RefusalKind::InvalidPosition => EngineError::InvalidPosition(InvalidPosition {
                problems: r.problems,
            }),
            RefusalKind::IllegalMove => EngineError::IllegalMove(r.message),
            RefusalKind::Unsupported => EngineError::Unsupported(r.message),
            RefusalKind::Failed => EngineError::Failed(r.message),
        }
    }
}

/// Reads the `problems` of an error reply: a list of `{"kind": ..., "detail": ...}`.
fn read_problems(value: &Value) -> Result<Vec<PositionProblem>, ProtocolError> {
    let bad = |why: String| ProtocolError::NotAReply(why);
    let list = value
        .as_array()
        .ok_or_else(|| bad("'problems' is not a list".into()))?;
    list.iter()
        .map(|problem| {
            let id = problem.get("kind").and_then(Value::as_str).unwrap_or("");
            let kind = ProblemKind::from_id(id)
                .ok_or_else(|| bad(format!("unknown kind of problem '{}'", clip(id))))?;
            let detail = problem.get("detail").and_then(Value::as_str).unwrap_or("");
            Ok(PositionProblem::new(kind, clip(detail)))
        })
        .collect()
}

/// One reply: the id of the request it answers (`None` when the request's id could not be
/// read) and the answer, or why there is none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The id of the request it answers, if that could be read.
    pub id: Option<u64>,
    /// The answer, or why there is none.
    pub answer: Result<Value, Refusal>,
}

impl Reply {
    /// Writes the reply as a JSON object.
    pub fn to_json(&self) -> Value {
        match &self.answer {
            Ok(value) => json!({"id": self.id, "ok": value}),
            Err(r) if r.problems.is_empty() => {
                json!({"id": self.id, "error": r.kind.id(), "message": r.message})
            }
            Err(r) => {
                let problems: Vec<Value> = r
                    .problems
                    .iter()
                    .map(|p| json!({"kind": p.kind.id(), "detail": p.detail}))
                    .collect();
                json!({"id": self.id, "error": r.kind.id(), "message": r.message, "problems": problems})
            }
        }
    }

    /// Reads one reply object.
    fn from_json(value: &Value) -> Result<Reply, ProtocolError> {
        let bad = |why: &str| ProtocolError::NotAReply(why.to_string());
        let object = value
            .as_object()
            .ok_or_else(|| bad("a reply is a JSON object"))?;
        if let Some(key) = object
            .keys()
            .find(|k| !["id", "ok", "error", "message", "problems"].contains(&k.as_str()))
        {
            return Err(bad(&format!("unknown key '{}'", clip(key))));
        }
        let id = match object.get("id") {
            Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .ok_or_else(|| bad("'id' is not a whole number"))?,
            ),
            None => return Err(bad("no 'id'")),
        };
        let answer = match (object.get("ok"), object.get("error")) {
            (Some(v), None) => Ok(v.clone()),
            (None, Some(kind)) => {
                let kind = RefusalKind::ALL
                    .into_iter()
                    .find(|k| kind.as_str() == Some(k.id()))
                    .ok_or_else(|| {
                        bad("'error' is not invalid-position, illegal-move, unsupported or failed")
                    })?;
                let message = match object.get("message") {
                    None => String::new(),
                    Some(Value::String(m)) => clip(m),
                    Some(_) => return Err(bad("'message' is not a string")),
                };
                let problems = match object.get("problems") {
                    None => Vec::new(),
                    Some(list) => read_problems(list)?,
                };
                Err(Refusal {
                    kind,
                    message,
                    problems,
                })
            }
            (Some(_), Some(_)) => return Err(bad("both 'ok' and 'error'")),
            (None, None) => return Err(bad("neither 'ok' nor 'error'")),
        };
        Ok(Reply { id, answer })
    }
}

/// A line of replies: one reply, or a batch (an array) answering a batch of requests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplyLine {
    /// A single reply.
    One(Reply),
    /// A batch of replies, in the order of the batch of requests.
    Batch(Vec<Reply>),
}

/// Why a line could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProtocolError {
    #[error("the line is not UTF-8 text")]
    /// The bytes are not UTF-8.
    NotUtf8,
    #[error("the line is not JSON: {0}")]
    /// The text is not JSON.
    NotJson(String),
    #[error("not a reply: {0}")]
    /// The JSON is not a reply (what is wrong).
    NotAReply(String),
}

/// Reads a line as JSON: UTF-8 text, one JSON value, a trailing carriage return allowed.
fn json_of(bytes: &[u8]) -> Result<Value, ProtocolError> {
    let text = std::str::from_utf8(bytes).map_err(|_| ProtocolError::NotUtf8)?;
    let text = text.strip_suffix('\r').unwrap_or(text);
    trichess_model::parse_strict(text).map_err(|e| ProtocolError::NotJson(clip(&e.to_string())))
}

/// Reads a line an engine wrote: one reply object, or an array of them. This is the entry
/// point for untrusted bytes (and for the fuzz target): it never panics.
pub fn read_reply_line(bytes: &[u8]) -> Result<ReplyLine, ProtocolError> {
    match json_of(bytes)? {
        Value::Array(items) => items
            .iter()
            .map(Reply::from_json)
            .collect::<Result<Vec<_>, _>>()
            .map(ReplyLine::Batch),
        value => Reply::from_json(&value).map(ReplyLine::One),
    }
}

/// A request as read by a server: the request, or the error reply to send back for it.
pub type Incoming = Result<Request, Reply>;

/// A line of requests: one request or a batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RequestLine {
    /// A single request, or the error reply it gets.
    One(Incoming),
    /// A batch of them.
    Batch(Vec<Incoming>),
}

/// Reads a line a client wrote: one request object, or an array of them. It never panics;
/// what it cannot read becomes the error reply to send.
pub fn read_request_line(bytes: &[u8]) -> RequestLine {
    match json_of(bytes) {
        Ok(Value::Array(items)) if items.len() > MAX_BATCH => RequestLine::One(Err(refuse(
            None,
            RefusalKind::Failed,
            format!(
                "a batch of {} requests is refused: at most {MAX_BATCH} requests a batch",
                items.len()
            ),
        ))),
        Ok(Value::Array(items)) => {
            // The requests of a batch are mostly about one position: it is read once.
            let mut last = None;
            RequestLine::Batch(items.iter().map(|r| read_request(r, &mut last)).collect())
        }
        Ok(value) => RequestLine::One(read_request(&value, &mut None)),
        Err(e) => RequestLine::One(Err(refuse(None, RefusalKind::Failed, e.to_string()))),
    }
}

/// An error reply to a request that does not read; its message, which may quote the
/// request, is clipped as a reply's message is when read.
fn refuse(id: Option<u64>, kind: RefusalKind, message: String) -> Reply {
    Reply {
        id,
        answer: Err(Refusal {
            kind,
            message: clip(&message),
            problems: Vec::new(),
        }),
    }
}

/// The last position a batch's request gave, as written, with its variant and what it read as.
type LastPosition<'a> = Option<(&'a Value, Variant, Setup)>;

/// Reads one request object; a position written as in the `last` request is not read again.
fn read_request<'a>(value: &'a Value, last: &mut LastPosition<'a>) -> Incoming {
    let Some(object) = value.as_object() else {
        return Err(refuse(
            None,
            RefusalKind::Failed,
            "a request is a JSON object".into(),
        ));
    };
    let id = object.get("id").and_then(Value::as_u64);
    let failed = |m: String| refuse(id, RefusalKind::Failed, m);
    if id.is_none() {
        return Err(failed("'id' is missing or not a whole number".into()));
    }
    let id = id.unwrap_or_default();
    let Some(cmd) = object.get("cmd").and_then(Value::as_str) else {
        return Err(failed("'cmd' is missing or not a string".into()));
    };
    if cmd == "hello" {
        return Ok(Request {
            id,
            ask: Ask::Hello,
            about: None,
        });
    }
    let variant: Variant = match object.get("variant").and_then(Value::as_str) {
        Some(v) => v
            .parse()
            .map_err(|e| refuse(Some(id), RefusalKind::Unsupported, format!("{e}")))?,
        None => return Err(failed("'variant' is missing".into())),
    };
    let mut game = Game::new(variant);
    match object.get("readings") {
        None | Some(Value::Null) => {}
        Some(Value::Object(readings)) => {
            for (point, reading) in readings {
                let Some(reading) = reading.as_str() else {
                    return Err(failed(format!(
                        "reading of '{}' is not a string",
                        clip(point)
                    )));
                };
                game.interpretations
                    .insert(point.clone(), reading.to_string());
            }
        }
        Some(_) => return Err(failed("'readings' is not an object".into())),
    }
    let Some(position) = object.get("position") else {
        return Err(failed("'position' is missing".into()));
    };
    let setup = match last {
        Some((written, v, setup)) if *v == variant && *written == position => setup.clone(),
        _ => {
            let setup = match position {
                Value::String(text) => Setup::parse(variant, text),
                value => Setup::from_json_value(variant, value),
            }
            .map_err(|e| {
                refuse(
                    Some(id),
                    RefusalKind::InvalidPosition,
                    format!("position does not read: {e}"),
                )
            })?;
            *last = Some((position, variant, setup.clone()));
            setup
        }
    };
    let ask = match cmd {
        "check" => Ask::Check,
        "moves" => Ask::Moves,
        "result" => Ask::Result,
        "play" => {
            let text = object.get("move").and_then(Value::as_str).unwrap_or("");
            let mv = Move::parse(variant, text)
                .map_err(|e| refuse(Some(id), RefusalKind::IllegalMove, e.to_string()))?;
            Ask::Play(mv)
        }
        "explain" => {
            let mv = object.get("move").and_then(Value::as_str);
            let of = object
                .get("of")
                .and_then(Value::as_str)
                .or(mv.map(|_| "move"));
            let question = match (of, mv) {
                (Some("move"), Some(text)) => Question::Move(
                    Move::parse(variant, text)
                        .map_err(|e| refuse(Some(id), RefusalKind::IllegalMove, e.to_string()))?,
                ),
                (Some("result"), _) => Question::Result,
                (Some("validity"), _) => Question::Validity,
                _ => {
                    return Err(failed(
                        "'explain' needs 'of': \"move\" (with 'move'), \"result\" or \"validity\""
                            .into(),
                    ));
                }
            };
            Ask::Explain(question)
        }
        "perft" => {
            let depth = object
                .get("depth")
                .and_then(Value::as_u64)
                .and_then(|d| u32::try_from(d).ok())
                .filter(|&d| d <= trichess_model::MAX_PERFT_DEPTH)
                .ok_or_else(|| {
                    failed(format!(
                        "'depth' is not a whole number from 0 to {}",
                        trichess_model::MAX_PERFT_DEPTH
                    ))
                })?;
            Ask::Perft(depth)
        }
        other => {
            return Err(refuse(
                Some(id),
                RefusalKind::Unsupported,
                format!("unknown cmd '{}'", clip(other)),
            ));
        }
    };
    Ok(Request {
        id,
        ask,
        about: Some((game, setup)),
    })
}

/// What an engine says of itself in the handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello {
    /// The engine's name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The protocol version it speaks.
    pub protocol: u64,
    /// The variants the engine plays; for each, the open points (interpretation ids) it
    /// declares, with the readings of each that it plays. An open point left out is played one
    /// way that the engine does not name.
    pub variants: BTreeMap<Variant, BTreeMap<String, Vec<String>>>,
    /// Whether the engine answers `perft` (else perft is counted through `moves` and `play`).
    pub perft: bool,
    /// Whether the engine answers a batch (an array of requests on one line).
    pub batch: bool,
    /// Whether the engine answers `explain` (why it answers as it does).
    pub explain: bool,
    /// Whether the engine checks positions (`"validates"`, true unless it says false): one
    /// that does not is sent no position trichess refuses, and its `check` is not compared.
    pub validates: bool,
    /// Whether the engine sorts the problems of a refused position into trichess's kinds
    /// (`"classifies"`): only then are the kinds of two refusals compared.
    pub classifies: bool,
}

impl Hello {
    /// Writes the handshake's answer.
    pub fn to_json(&self) -> Value {
        let variants: Map<String, Value> = self
            .variants
            .iter()
            .map(|(v, points)| (v.id().to_string(), json!(points)))
            .collect();
        json!({
            "name": self.name, "version": self.version, "protocol": self.protocol,
            "variants": variants, "perft": self.perft, "batch": self.batch,
            "explain": self.explain, "validates": self.validates,
            "classifies": self.classifies,
        })
    }

    /// Reads the handshake's answer. Variants it does not know are left out.
    pub fn from_json(value: &Value) -> Result<Hello, String> {
        let object = value
            .as_object()
            .ok_or("the hello answer is not an object")?;
        let text = |key: &str| match object.get(key) {
            Some(Value::String(s)) => Ok(clip(s)),
            _ => Err(format!("the hello answer's '{key}' is not a string")),
        };
        let flag = |key: &str| match object.get(key) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(_) => Err(format!("the hello answer's '{key}' is not true or false")),
        };
        let protocol = object
            .get("protocol")
            .and_then(Value::as_u64)
            .ok_or("the hello answer's 'protocol' is not a whole number")?;
        let mut variants = BTreeMap::new();
        let listed = object
            .get("variants")
            .and_then(Value::as_object)
            .ok_or("the hello answer's 'variants' is not an object")?;
        for (id, points) in listed {
            let Ok(variant) = id.parse::<Variant>() else {
                continue;
            };
            let points = points
                .as_object()
                .ok_or_else(|| format!("the open points of {variant} are not an object"))?;
            let mut declared = BTreeMap::new();
            for (point, readings) in points {
                let readings = readings
                    .as_array()
                    .and_then(|list| {
                        list.iter()
                            .map(|r| r.as_str().map(str::to_string))
                            .collect::<Option<Vec<_>>>()
                    })
                    .ok_or_else(|| {
                        format!(
                            "the readings of '{}' are not a list of strings",
                            clip(point)
                        )
                    })?;
                declared.insert(clip(point), readings);
            }
            variants.insert(variant, declared);
        }
        Ok(Hello {
            name: text("name")?,
            version: text("version")?,
            protocol,
            variants,
            perft: flag("perft")?,
            batch: flag("batch")?,
            explain: flag("explain")?,
            validates: match object.get("validates") {
                None => true,
                Some(_) => flag("validates")?,
            },
            classifies: flag("classifies")?,
        })
    }

    /// Says whether the engine plays `game`: its variant, and for each open point the engine
    /// declares and the game sets, that reading. Open points the engine does not declare are
    /// accepted (it plays them one way), and so are declared points the game leaves at their
    /// default (an engine that cannot play the default refuses with `unsupported`).
    pub fn supports(&self, game: &Game) -> Result<(), EngineError> {
        let points = self.variants.get(&game.variant).ok_or_else(|| {
            EngineError::Unsupported(format!("{} does not play {}", self.name, game.variant))
        })?;
        for (point, reading) in &game.interpretations {
            if let Some(readings) = points.get(point)
                && !readings.contains(reading)
            {
                return Err(EngineError::Unsupported(format!(
                    "{} does not play {point}={reading}",
                    self.name
                )));
            }
        }
        Ok(())
    }
}

/// Why an answer did not read: a move that is not in the notation, or anything else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadAnswer {
    /// A listed move does not read, or is listed twice.
    Move(String),
    /// The answer is not of the shape asked for.
    Shape(String),
}

/// Reads the answer to `check`: `true`.
pub fn read_check(value: &Value) -> Result<(), BadAnswer> {
    match value {
        Value::Bool(true) => Ok(()),
        other => Err(BadAnswer::Shape(format!(
            "the answer to check is {}, not true",
            clip(&other.to_string())
        ))),
    }
}

/// Reads the answer to `moves`: a list of moves in the notation, each once.
pub fn read_moves(variant: Variant, value: &Value) -> Result<Vec<Move>, BadAnswer> {
    let list = value
        .as_array()
        .ok_or_else(|| BadAnswer::Shape("the answer to moves is not a list".into()))?;
    let mut moves = Vec::with_capacity(list.len());
    let mut seen = std::collections::BTreeSet::new();
    for item in list {
        let text = item.as_str().ok_or_else(|| {
            BadAnswer::Move(format!("{} is not a move string", clip(&item.to_string())))
        })?;
        let mv = Move::parse(variant, text).map_err(|e| BadAnswer::Move(clip(&e.to_string())))?;
        if !seen.insert(mv) {
            return Err(BadAnswer::Move(format!("{mv} is listed twice")));
        }
        moves.push(mv);
    }
    Ok(moves)
}

/// Reads the answer to `play`: a position in the JSON form (or the text form, as a string).
pub fn read_position(variant: Variant, value: &Value) -> Result<Setup, BadAnswer> {
    match value {
        Value::String(text) => Setup::parse(variant, text),
        other => Setup::from_json_value(variant, other),
    }
    .map_err(|e| {
        BadAnswer::Shape(format!(
            "the position does not read: {}",
            clip(&e.to_string())
        ))
    })
}

/// Reads the answer to `result`: an outcome in the JSON form.
pub fn read_outcome(variant: Variant, value: &Value) -> Result<Outcome, BadAnswer> {
    Outcome::from_json(variant, value).map_err(|e| BadAnswer::Shape(clip(&e.to_string())))
}

/// Reads the answer to `perft`: a whole number.
pub fn read_count(value: &Value) -> Result<u64, BadAnswer> {
    value.as_u64().ok_or_else(|| {
        BadAnswer::Shape(format!(
            "the answer to perft is {}, not a whole number",
            clip(&value.to_string())
        ))
    })
}

/// Cuts an engine's text to 200 characters (`MAX_TEXT`), with control characters escaped, so
/// that it is safe to print. The characters are counted after escaping, so that a text
/// already clipped is kept as it is: what a reader clips reads back the same when written
/// and read again.
pub fn clip(text: &str) -> String {
    let shown = text.chars().flat_map(|c| {
        let escaped = c.is_control().then(|| c.escape_default());
        let plain = (!c.is_control()).then_some(c);
        escaped.into_iter().flatten().chain(plain)
    });
    let mut out = String::new();
    for (count, c) in shown.enumerate() {
        if count == MAX_TEXT {
            out.push_str("...");
            break;
        }
        out.push(c);
    }
    out
}
