//! An engine in another process, speaking the protocol over its standard input and output, as
//! an [`Engine`]. Whatever it does (exits, hangs, prints garbage, answers another request, sends
//! a line without end) becomes a [`Fault`] and an [`EngineError::Failed`] answer; the process is
//! then killed and started again on the next request, after a back-off. Nothing it sends can
//! make this side panic, hang past the timeout, or hold more than a few lines of
//! [`MAX_LINE`] bytes. On Unix the engine runs in a process group of its own, and the whole
//! group is killed (so an engine started through `sh -c` leaves no child behind); a wait for
//! a reply ends early when the program is [`interrupted`](crate::interrupted).

use std::collections::BTreeMap;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::Value;
use trichess_model::{Engine, EngineError, Game, Move, Outcome, Setup};

use crate::interrupt;
use crate::lines::{LineReader, ReadLine};
use crate::message::{
    Ask, BadAnswer, Hello, MAX_LINE, PROTOCOL_VERSION, Refusal, RefusalKind, Reply, ReplyLine,
    about_fields, clip, read_check, read_count, read_moves, read_outcome, read_position,
    read_reply_line, request_line,
};

/// How much of an engine's standard error is kept, to quote when it exits (bytes).
const STDERR_TAIL: usize = 2048;

/// Makes the starting position of a game (the protocol has no request for it).
pub type StartFn = Arc<dyn Fn(&Game) -> Result<Setup, EngineError> + Send + Sync>;

/// How to run an external engine.
#[derive(Clone)]
pub struct Config {
    /// The program and its arguments.
    pub command: Vec<String>,
    /// How long one line of requests may wait for its reply.
    pub timeout: Duration,
    /// A reply slower than this (to any request but perft) is a [`FaultKind::Slow`] fault.
    pub slow: Duration,
    /// After this many faults in a row that each cost a restart, the engine is given up.
    pub max_faults_in_a_row: u32,
    /// For an engine that does not answer `perft`: the most positions and moves one count
    /// through `moves` and `play` may ask about.
    pub perft_budget: u64,
    /// The starting positions.
    pub start: StartFn,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("command", &self.command)
            .field("timeout", &self.timeout)
            .field("slow", &self.slow)
            .field("max_faults_in_a_row", &self.max_faults_in_a_row)
            .field("perft_budget", &self.perft_budget)
            .finish_non_exhaustive()
    }
}

/// What went wrong with an engine process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FaultKind {
    /// The program could not be started.
    Spawn,
    /// The handshake failed: no hello answer, or another protocol version.
    Handshake,
    /// The process ended (or closed its output) before answering.
    Exited,
    /// No answer within the timeout.
    Timeout,
    /// A line that is not a reply.
    Garbage,
    /// A reply to another request than the one asked (or replies out of order).
    WrongId,
    /// A line longer than [`MAX_LINE`].
    TooLong,
    /// A listed move that is not in the notation, or listed twice.
    MalformedMove,
    /// An answer of the wrong shape (a position that does not read, say).
    MalformedAnswer,
    /// A reply slower than the slow threshold (the answer is still used).
    Slow,
    /// Asked the same question again (by a fresh process), the engine answered otherwise.
    Nondeterministic,
}

impl FaultKind {
    /// Returns the fault's id, as a report's kind column writes it.
    pub fn id(self) -> &'static str {
        match self {
            FaultKind::Spawn => "engine-spawn",
            FaultKind::Handshake => "engine-handshake",
            FaultKind::Exited => "engine-exited",
            FaultKind::Timeout => "engine-timeout",
            FaultKind::Garbage => "engine-garbage",
            FaultKind::WrongId => "engine-wrong-id",
            FaultKind::TooLong => "engine-too-long",
            FaultKind::MalformedMove => "malformed-move",
            FaultKind::MalformedAnswer => "malformed-answer",
            FaultKind::Slow => "engine-slow",
            FaultKind::Nondeterministic => "engine-nondeterministic",
        }
    }

    /// Returns true if the process is killed and started again after this fault.
    pub fn restarts(self) -> bool {
        !matches!(
            self,
            FaultKind::MalformedMove
                | FaultKind::MalformedAnswer
                | FaultKind::Slow
                | FaultKind::Nondeterministic
        )
    }
}

/// One fault: its kind, the request it happened on, and what was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What went wrong.
    pub kind: FaultKind,
    /// The `cmd` of the request (of the first, for a batch).
    pub cmd: &'static str,
    /// The game and position asked about, if any.
    pub about: Option<(Game, Setup)>,
    /// What was seen, in words.
    pub detail: String,
}

/// Where the faults of an engine (and of the engines rebuilt after it) are collected, and
/// whether one of them was given up.
#[derive(Clone, Debug, Default)]
pub struct Faults {
    list: Arc<Mutex<Vec<Fault>>>,
    down: Arc<Mutex<Option<String>>>,
    unsupported: Arc<Mutex<BTreeMap<String, u64>>>,
}

impl Faults {
    /// Takes the counts of positions the engines answered `unsupported` for (to `check`),
    /// by what they said.
    pub fn take_unsupported(&self) -> BTreeMap<String, u64> {
        std::mem::take(&mut *self.unsupported.lock().unwrap_or_else(|e| e.into_inner()))
    }

    fn count_unsupported(&self, what: &str) {
        *self
            .unsupported
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(clip(what))
            .or_default() += 1;
    }

    /// Takes the faults collected so far.
    pub fn take(&self) -> Vec<Fault> {
        std::mem::take(&mut *self.list.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Returns why an engine was given up, if one was.
    pub fn down(&self) -> Option<String> {
        self.down.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    fn push(&self, fault: Fault) {
        self.list
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(fault);
    }

    fn give_up(&self, why: &str) {
        *self.down.lock().unwrap_or_else(|e| e.into_inner()) = Some(why.to_string());
    }
}

/// What the reader thread passes on.
enum Event {
    Line(Vec<u8>),
    TooLong(usize),
    End(String),
}

/// A running engine process, with a thread writing its input, one reading its output line by
/// line, and one keeping the tail of its standard error. Dropping it kills the process and,
/// on Unix, its whole process group.
struct Process {
    child: Child,
    input: Option<Sender<Vec<u8>>>,
    output: Receiver<Event>,
    stderr: Arc<Mutex<Vec<u8>>>,
}

impl Process {
    fn spawn(command: &[String]) -> Result<Process, String> {
        let (program, args) = command.split_first().ok_or("the engine command is empty")?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        // A group of its own: the engine's children (a wrapper's, say) are ended with it, and
        // a Ctrl-C at the terminal reaches trichess alone, which then ends them.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", clip(program)))?;
        interrupt::started(child.id());
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            end(&mut child);
            return Err("the engine's pipes could not be opened".into());
        };
        let (input, to_write) = mpsc::channel::<Vec<u8>>();
        std::thread::spawn(move || write_all(stdin, to_write));
        // Two lines may wait while the reader reads a third: memory stays bounded.
        let (read, output) = mpsc::sync_channel(2);
        std::thread::spawn(move || read_lines(stdout, read));
        let tail = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&tail);
        std::thread::spawn(move || keep_tail(stderr, kept));
        Ok(Process {
            child,
            input: Some(input),
            output,
            stderr: tail,
        })
    }

    /// Describes how the process ended, with the tail of its standard error.
    fn ended(&mut self, how: &str) -> String {
        let mut status = None;
        for _ in 0..20 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let mut text = match status {
            Some(s) => format!("{how} ({s})"),
            None => how.to_string(),
        };
        let tail = self
            .stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let tail = String::from_utf8_lossy(&tail);
        if let Some(last) = tail.lines().rev().find(|l| !l.trim().is_empty()) {
            text += &format!("; its standard error ends: {}", clip(last.trim()));
        }
        text
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.input = None;
        end(&mut self.child);
    }
}

/// Kills an engine process with its process group, and waits for it.
fn end(child: &mut Child) {
    interrupt::end_group(child.id());
    let _ = child.kill();
    let _ = child.wait();
    interrupt::ended(child.id());
}

/// How a wait for a reply line ended without one.
enum Waited {
    Timeout,
    Disconnected,
    Interrupted,
}

/// Waits at most `timeout` for the next line of `output`, looking every 50 ms whether the
/// program was interrupted.
fn next_event(output: &Receiver<Event>, timeout: Duration) -> Result<Event, Waited> {
    let deadline = Instant::now() + timeout;
    loop {
        if interrupt::interrupted() {
            return Err(Waited::Interrupted);
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match output.recv_timeout(left.min(Duration::from_millis(50))) {
            Ok(event) => return Ok(event),
            Err(RecvTimeoutError::Disconnected) => return Err(Waited::Disconnected),
            Err(RecvTimeoutError::Timeout) if left <= Duration::from_millis(50) => {
                return Err(Waited::Timeout);
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
    }
}

fn write_all(mut stdin: ChildStdin, lines: Receiver<Vec<u8>>) {
    for line in lines {
        if stdin.write_all(&line).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

fn read_lines(stdout: impl Read, events: SyncSender<Event>) {
    let mut reader = LineReader::new(BufReader::new(stdout), MAX_LINE);
    loop {
        let event = match reader.next_line() {
            Ok(ReadLine::Line(line)) => Event::Line(line),
            Ok(ReadLine::TooLong(n)) => Event::TooLong(n),
            Ok(ReadLine::End) => Event::End("closed its output".into()),
            Err(e) => Event::End(format!("output unreadable: {e}")),
        };
        let last = matches!(event, Event::End(_));
        if events.send(event).is_err() || last {
            return;
        }
    }
}

fn keep_tail(mut stderr: impl Read, tail: Arc<Mutex<Vec<u8>>>) {
    let mut buffer = [0u8; 4096];
    while let Ok(n @ 1..) = stderr.read(&mut buffer) {
        let mut kept = tail.lock().unwrap_or_else(|e| e.into_inner());
        kept.extend_from_slice(&buffer[..n]);
        let excess = kept.len().saturating_sub(STDERR_TAIL);
        kept.drain(..excess);
    }
}

/// The answers an engine gave about one position, kept so that the same question is not asked
/// twice (a differential run asks for validity, result and moves, then plays every move).
#[derive(Default)]
struct Cache {
    about: Option<(Game, Setup)>,
    check: Option<Result<(), EngineError>>,
    outcome: Option<Result<Outcome, EngineError>>,
    moves: Option<Result<Vec<Move>, EngineError>>,
    plays: Vec<(Move, Result<Setup, EngineError>)>,
}

impl Cache {
    /// Returns the cache for `game` and `setup`, emptied if it held another position.
    fn at(&mut self, game: &Game, setup: &Setup) -> &mut Cache {
        let same = self
            .about
            .as_ref()
            .is_some_and(|(g, s)| g == game && s == setup);
        if !same {
            *self = Cache {
                about: Some((game.clone(), setup.clone())),
                ..Cache::default()
            };
        }
        self
    }
}

/// An engine in another process, speaking the protocol.
pub struct ExternalEngine {
    config: Config,
    hello: Hello,
    faults: Faults,
    process: Option<Process>,
    next_id: u64,
    in_a_row: u32,
    restart_at: Option<Instant>,
    down: Option<String>,
    cache: Cache,
}

impl std::fmt::Debug for ExternalEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ExternalEngine({:?})", self.config.command)
    }
}

impl ExternalEngine {
    /// Starts the engine and shakes hands with it; an engine that does not start or answer
    /// the handshake is an error (its faults are in `faults` too).
    pub fn start(config: Config, faults: Faults) -> Result<ExternalEngine, String> {
        let mut engine = ExternalEngine::with_hello(
            config,
            faults,
            Hello {
                name: "engine".into(),
                version: String::new(),
                protocol: PROTOCOL_VERSION,
                variants: Default::default(),
                perft: false,
                batch: false,
                explain: false,
                validates: true,
                classifies: false,
            },
        );
        engine.running().map_err(|e| e.to_string())?;
        Ok(engine)
    }

    /// Returns an engine that has already shaken hands once (with `hello`): it starts its
    /// process when first asked.
    pub fn with_hello(config: Config, faults: Faults, hello: Hello) -> ExternalEngine {
        ExternalEngine {
            config,
            hello,
            faults,
            process: None,
            next_id: 1,
            in_a_row: 0,
            restart_at: None,
            down: None,
            cache: Cache::default(),
        }
    }

    /// Returns what the engine said of itself.
    pub fn hello(&self) -> &Hello {
        &self.hello
    }

    /// Returns why the engine was given up, if it was.
    pub fn down(&self) -> Option<&str> {
        self.down.as_deref()
    }

    /// Records a fault; one that costs a restart kills the process and sets the back-off.
    fn fault(
        &mut self,
        kind: FaultKind,
        cmd: &'static str,
        about: Option<&(Game, Setup)>,
        detail: String,
    ) -> EngineError {
        let error = EngineError::Failed(format!("{}: {detail}", kind.id()));
        if kind.restarts() {
            self.process = None;
            self.in_a_row += 1;
            let backoff = 50u64 << self.in_a_row.min(6).saturating_sub(1);
            self.restart_at = Some(Instant::now() + Duration::from_millis(backoff.min(2000)));
            if self.in_a_row >= self.config.max_faults_in_a_row {
                let why = format!(
                    "given up after {} faults in a row, the last: {}: {detail}",
                    self.in_a_row,
                    kind.id()
                );
                self.faults.give_up(&why);
                self.down = Some(why);
            }
        }
        self.faults.push(Fault {
            kind,
            cmd,
            about: about.cloned(),
            detail,
        });
        error
    }

    /// Makes sure a process is running: waits out the back-off, starts it and shakes hands.
    /// None is started once the program is interrupted.
    fn running(&mut self) -> Result<(), EngineError> {
        if let Some(why) = &self.down {
            return Err(EngineError::Failed(format!("engine down: {why}")));
        }
        if interrupt::interrupted() {
            self.process = None;
            return Err(EngineError::Failed("interrupted".into()));
        }
        if self.process.is_some() {
            return Ok(());
        }
        if let Some(at) = self.restart_at.take() {
            std::thread::sleep(at.saturating_duration_since(Instant::now()));
        }
        let process = Process::spawn(&self.config.command)
            .map_err(|why| self.fault(FaultKind::Spawn, "hello", None, why))?;
        self.process = Some(process);
        let id = self.take_id();
        let line = request_line(id, &Ask::Hello, None);
        let reply = self.round_trip(line, &[id], "hello", None)?;
        let answer = reply
            .into_iter()
            .next()
            .map(|r| r.answer)
            .unwrap_or_else(|| Err(Refusal::from(EngineError::Failed("no reply".into()))));
        let hello = answer
            .map_err(|r| format!("hello refused: {}: {}", r.kind.id(), r.message))
            .and_then(|v| Hello::from_json(&v));
        match hello {
            Ok(hello) if hello.protocol == PROTOCOL_VERSION => {
                self.hello = hello;
                Ok(())
            }
            Ok(hello) => Err(self.fault(
                FaultKind::Handshake,
                "hello",
                None,
                format!(
                    "the engine speaks protocol {}, not {PROTOCOL_VERSION}",
                    hello.protocol
                ),
            )),
            Err(why) => Err(self.fault(FaultKind::Handshake, "hello", None, why)),
        }
    }

    fn take_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Sends one line and waits for its reply line, checking the ids.
    fn round_trip(
        &mut self,
        line: String,
        ids: &[u64],
        cmd: &'static str,
        about: Option<&(Game, Setup)>,
    ) -> Result<Vec<Reply>, EngineError> {
        let mut bytes = line.into_bytes();
        bytes.push(b'\n');
        let timeout = self.config.timeout;
        let Some(process) = self.process.as_mut() else {
            return Err(EngineError::Failed("no engine process".into()));
        };
        let sent = process
            .input
            .as_ref()
            .is_some_and(|i| i.send(bytes).is_ok());
        let started = Instant::now();
        let event = if sent {
            next_event(&process.output, timeout)
        } else {
            Ok(Event::End("stopped reading its input".into()))
        };
        let (kind, detail) = match event {
            // Not the engine's fault: the process is ended, and no fault recorded.
            Err(Waited::Interrupted) => {
                self.process = None;
                return Err(EngineError::Failed("interrupted".into()));
            }
            Err(Waited::Timeout) => (
                FaultKind::Timeout,
                format!("no answer within {} ms", timeout.as_millis()),
            ),
            Err(Waited::Disconnected) => (FaultKind::Exited, process.ended("the engine exited")),
            Ok(Event::End(how)) => (
                FaultKind::Exited,
                process.ended(&format!("the engine {how}")),
            ),
            Ok(Event::TooLong(n)) => (
                FaultKind::TooLong,
                format!("a line of {n} bytes (the limit is {MAX_LINE})"),
            ),
            Ok(Event::Line(text)) => match check_ids(read_reply_line(&text), ids) {
                Ok(replies) => {
                    let took = started.elapsed();
                    let slow = u32::try_from(ids.len())
                        .ok()
                        .and_then(|n| self.config.slow.checked_mul(n))
                        .unwrap_or(Duration::MAX);
                    // A handshake's time includes the engine's start; a perft takes long.
                    if took > slow && cmd != "perft" && cmd != "hello" {
                        self.fault(
                            FaultKind::Slow,
                            cmd,
                            about,
                            format!(
                                "answered {} requests in {} ms (slow above {} ms a request)",
                                ids.len(),
                                took.as_millis(),
                                self.config.slow.as_millis()
                            ),
                        );
                    }
                    if cmd != "hello" {
                        // A handshake alone does not show the engine well again.
                        self.in_a_row = 0;
                    }
                    return Ok(replies);
                }
                Err((kind, why)) => (
                    kind,
                    format!("{why}; the line: {}", clip(&String::from_utf8_lossy(&text))),
                ),
            },
        };
        Err(self.fault(kind, cmd, about, detail))
    }

    /// Asks `asks` about one position: in one batch line where the engine batches, else one
    /// line each. Returns each answer, or the fault that ended the exchange.
    fn ask(
        &mut self,
        about: &(Game, Setup),
        asks: Vec<Ask>,
    ) -> Result<Vec<Result<Value, Refusal>>, EngineError> {
        let Some(first) = asks.first() else {
            return Ok(Vec::new());
        };
        let cmd = first.cmd();
        let fields = about_fields(&about.0, &about.1);
        let requests: Vec<(u64, Ask)> = asks.into_iter().map(|ask| (self.take_id(), ask)).collect();
        let mut answers = Vec::with_capacity(requests.len());
        let lines: Vec<&[(u64, Ask)]> = if self.hello.batch && requests.len() > 1 {
            vec![&requests[..]]
        } else {
            requests.chunks(1).collect()
        };
        for chunk in lines {
            self.running()?;
            let ids: Vec<u64> = chunk.iter().map(|(id, _)| *id).collect();
            let texts: Vec<String> = chunk
                .iter()
                .map(|(id, ask)| request_line(*id, ask, Some(&fields)))
                .collect();
            let line = match &texts[..] {
                [one] => one.clone(),
                many => format!("[{}]", many.join(",")),
            };
            let replies = self.round_trip(line, &ids, cmd, Some(about))?;
            answers.extend(replies.into_iter().map(|r| r.answer));
        }
        Ok(answers)
    }

    /// Reads an answer with `read`; an answer that does not read is a fault (not one that
    /// costs a restart).
    fn read<T>(
        &mut self,
        answer: Result<Value, Refusal>,
        cmd: &'static str,
        about: &(Game, Setup),
        read: impl FnOnce(&Value) -> Result<T, BadAnswer>,
    ) -> Result<T, EngineError> {
        if let Err(refusal) = &answer
            && refusal.kind == RefusalKind::Unsupported
            && cmd == "check"
        {
            self.faults.count_unsupported(&refusal.message);
        }
        let value = answer.map_err(EngineError::from)?;
        read(&value).map_err(|bad| match bad {
            BadAnswer::Move(why) => self.fault(FaultKind::MalformedMove, cmd, Some(about), why),
            BadAnswer::Shape(why) => self.fault(FaultKind::MalformedAnswer, cmd, Some(about), why),
        })
    }

    /// Fills the cache's validity, result and moves for a position: one batch where the
    /// engine batches, else only the one asked for (`want`).
    fn fill(&mut self, game: &Game, setup: &Setup, want: &Ask) -> Result<(), EngineError> {
        let about = (game.clone(), setup.clone());
        let cache = self.cache.at(game, setup);
        let mut asks = Vec::new();
        for (ask, missing) in [
            (Ask::Check, cache.check.is_none()),
            (Ask::Result, cache.outcome.is_none()),
            (Ask::Moves, cache.moves.is_none()),
        ] {
            if missing && (self.hello.batch || ask == *want) {
                asks.push(ask);
            }
        }
        let answers = self.ask(&about, asks.clone())?;
        let variant = game.variant;
        for (ask, answer) in asks.into_iter().zip(answers) {
            match ask {
                Ask::Check => {
                    let got = self.read(answer, "check", &about, read_check);
                    self.cache.at(game, setup).check = Some(got);
                }
                Ask::Result => {
                    let got = self.read(answer, "result", &about, |v| read_outcome(variant, v));
                    self.cache.at(game, setup).outcome = Some(got);
                }
                _ => {
                    let got = self.read(answer, "moves", &about, |v| read_moves(variant, v));
                    self.cache.at(game, setup).moves = Some(got);
                }
            }
        }
        Ok(())
    }

    /// Plays `mv`, and where the engine batches, every other listed move not yet played.
    fn fill_plays(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<(), EngineError> {
        let about = (game.clone(), setup.clone());
        let cache = self.cache.at(game, setup);
        let mut moves = vec![mv];
        if self.hello.batch
            && let Some(Ok(listed)) = &cache.moves
        {
            let played: Vec<Move> = cache.plays.iter().map(|(m, _)| *m).collect();
            moves.extend(
                listed
                    .iter()
                    .filter(|m| **m != mv && !played.contains(m))
                    .copied(),
            );
        }
        let answers = self.ask(&about, moves.iter().map(|m| Ask::Play(*m)).collect())?;
        for (m, answer) in moves.into_iter().zip(answers) {
            let got = self.read(answer, "play", &about, |v| read_position(game.variant, v));
            self.cache.at(game, setup).plays.push((m, got));
        }
        Ok(())
    }
}

impl ExternalEngine {
    /// Counts the move paths of length `depth` through `moves` and `play`, asking about at
    /// most `budget` positions and moves, so that an engine listing a great many moves cannot
    /// make the count run for ever.
    fn perft_through(
        &mut self,
        game: &Game,
        setup: &Setup,
        depth: u32,
        budget: &mut u64,
    ) -> Result<u64, EngineError> {
        if depth == 0 {
            return Ok(1);
        }
        let moves = self.legal_moves(game, setup)?;
        let cost = 1 + if depth > 1 { moves.len() as u64 } else { 0 };
        *budget = budget.checked_sub(cost).ok_or_else(|| {
            EngineError::Failed(format!(
                "perft through moves and play gave up after {} positions and moves",
                self.config.perft_budget
            ))
        })?;
        if depth == 1 {
            return Ok(moves.len() as u64);
        }
        let mut nodes = 0u64;
        for mv in moves {
            let child = self.play(game, setup, mv)?;
            nodes = nodes.saturating_add(self.perft_through(game, &child, depth - 1, budget)?);
        }
        Ok(nodes)
    }
}

/// Checks that a reply line answers the requests `ids`, in order.
fn check_ids(
    line: Result<ReplyLine, crate::ProtocolError>,
    ids: &[u64],
) -> Result<Vec<Reply>, (FaultKind, String)> {
    let replies = match line {
        Err(e) => return Err((FaultKind::Garbage, e.to_string())),
        Ok(ReplyLine::One(reply)) if ids.len() == 1 => vec![reply],
        Ok(ReplyLine::Batch(replies)) if ids.len() > 1 && replies.len() == ids.len() => replies,
        Ok(ReplyLine::One(_)) => {
            return Err((FaultKind::Garbage, "one reply to a batch".into()));
        }
        Ok(ReplyLine::Batch(replies)) => {
            return Err((
                FaultKind::Garbage,
                format!("{} replies to {} requests", replies.len(), ids.len()),
            ));
        }
    };
    for (reply, &id) in replies.iter().zip(ids) {
        if reply.id != Some(id) {
            let got = reply.id.map_or("null".to_string(), |i| i.to_string());
            return Err((
                FaultKind::WrongId,
                format!("a reply with id {got} to request {id}"),
            ));
        }
    }
    Ok(replies)
}

impl Engine for ExternalEngine {
    fn name(&self) -> String {
        self.hello.name.clone()
    }

    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        self.hello.supports(game)
    }

    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        (self.config.start)(game)
    }

    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        if self.cache.at(game, setup).check.is_none() {
            self.fill(game, setup, &Ask::Check)?;
        }
        self.cache.at(game, setup).check.clone().unwrap_or(Ok(()))
    }

    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        if self.cache.at(game, setup).moves.is_none() {
            self.fill(game, setup, &Ask::Moves)?;
        }
        self.cache
            .at(game, setup)
            .moves
            .clone()
            .unwrap_or_else(|| Ok(Vec::new()))
    }

    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        let cached = |cache: &mut Cache| {
            cache
                .at(game, setup)
                .plays
                .iter()
                .find(|(m, _)| *m == mv)
                .map(|(_, r)| r.clone())
        };
        if let Some(answer) = cached(&mut self.cache) {
            return answer;
        }
        self.fill_plays(game, setup, mv)?;
        cached(&mut self.cache).unwrap_or_else(|| Err(EngineError::Failed("no answer".into())))
    }

    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        if self.hello.perft {
            let about = (game.clone(), setup.clone());
            let answer = self
                .ask(&about, vec![Ask::Perft(depth)])?
                .into_iter()
                .next()
                .unwrap_or_else(|| Err(Refusal::from(EngineError::Failed("no answer".into()))));
            return self.read(answer, "perft", &about, read_count);
        }
        let mut budget = self.config.perft_budget;
        self.perft_through(game, setup, depth, &mut budget)
    }

    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        if self.cache.at(game, setup).outcome.is_none() {
            self.fill(game, setup, &Ask::Result)?;
        }
        self.cache
            .at(game, setup)
            .outcome
            .clone()
            .unwrap_or(Ok(Outcome::Ongoing))
    }
}
