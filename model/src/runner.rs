//! One fixture suite, many engines: the [`Engine`] trait every engine implements, and the
//! runner that checks an engine against the fixtures.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde_json::Value;

use crate::fixture::{Expect, Fixture, Phase, PositionSpec, Refusal};
use crate::{InvalidPosition, Move, Outcome, ProblemKind, Setup, Variant};

/// A variant and the readings chosen for its open points (interpretation id -> reading; an
/// interpretation left out takes its default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub variant: Variant,
    pub interpretations: BTreeMap<String, String>,
}

impl Game {
    /// Returns the game of `variant` with every interpretation at its default.
    pub fn new(variant: Variant) -> Game {
        Game {
            variant,
            interpretations: BTreeMap::new(),
        }
    }
}

/// What an engine says when it does not give an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The engine does not play this variant, or this reading of an open point.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The position breaks the variant's rules: every problem found, each with its kind.
    #[error("invalid position: {0}")]
    InvalidPosition(InvalidPosition),
    /// The move is not legal in the position.
    #[error("illegal move: {0}")]
    IllegalMove(String),
    /// The engine failed: it crashed, timed out or answered nonsense.
    #[error("engine failure: {0}")]
    Failed(String),
}

/// A rules engine, as the fixture runner sees it. Every method gets the game (variant and
/// interpretations) and a setup; an engine may refuse a game it does not play with
/// [`EngineError::Unsupported`], and the runner then skips the fixture with that reason.
pub trait Engine {
    /// Returns the engine's name, for reports.
    fn name(&self) -> String;
    /// Says whether the engine plays `game` (its variant and every reading chosen): `Ok`, or
    /// [`EngineError::Unsupported`] naming what it does not play. The runner asks first and
    /// skips a fixture with that reason.
    fn supports(&self, game: &Game) -> Result<(), EngineError>;
    /// Returns the starting position.
    fn start(&mut self, game: &Game) -> Result<Setup, EngineError>;
    /// Checks a written position against the rules.
    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError>;
    /// Lists the legal moves of the side to move, in any order.
    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError>;
    /// Plays a move and returns the position after it.
    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError>;
    /// Counts the move paths of length `depth`.
    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError>;
    /// Returns the state of the game.
    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError>;
    /// Counts, for each legal move, the move paths of length `depth` that start with it
    /// (`depth` >= 1), sorted by move text: what a differential run descends by.
    fn perft_divide(
        &mut self,
        game: &Game,
        setup: &Setup,
        depth: u32,
    ) -> Result<Vec<(Move, u64)>, EngineError> {
        let Some(rest) = depth.checked_sub(1) else {
            return Err(EngineError::Failed(
                "perft divide needs depth 1 or more".into(),
            ));
        };
        let mut rows = Vec::new();
        for mv in self.legal_moves(game, setup)? {
            let after = self.play(game, setup, mv)?;
            rows.push((mv, self.perft(game, &after, rest)?));
        }
        rows.sort_by_cached_key(|(mv, _)| mv.to_string());
        Ok(rows)
    }

    /// Checks `setup` and, if it is valid, answers at once what [`Engine::outcome`],
    /// [`Engine::legal_moves`] and [`Engine::play`] (for every legal move, in the order
    /// `legal_moves` lists them) would answer: the differential run's question about every
    /// position. `Err` is [`Engine::check`]'s answer. The default asks those methods one by one;
    /// an engine that reads a setup into its own position on every call, or whose `play`
    /// generates the legal moves again to check the move, should override it to read the setup
    /// once and play each move on its own position. The answers must be the same either way.
    fn survey(&mut self, game: &Game, setup: &Setup) -> Result<Survey, EngineError> {
        self.check(game, setup)?;
        let outcome = self.outcome(game, setup);
        let moves = self.legal_moves(game, setup).map(|moves| {
            moves
                .into_iter()
                .map(|mv| (mv, self.play(game, setup, mv)))
                .collect()
        });
        Ok(Survey { outcome, moves })
    }
}

/// What [`Engine::survey`] answers about a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Survey {
    /// What [`Engine::outcome`] answers.
    pub outcome: Result<Outcome, EngineError>,
    /// What [`Engine::legal_moves`] answers, each move with what [`Engine::play`] answers for it.
    pub moves: Result<Vec<Played>, EngineError>,
}

/// A legal move and what [`Engine::play`] answers for it.
pub type Played = (Move, Result<Setup, EngineError>);

/// What became of one fixture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Fail(String),
    Skip(String),
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Pass => f.write_str("pass"),
            Verdict::Fail(why) => write!(f, "FAIL: {why}"),
            Verdict::Skip(why) => write!(f, "skip: {why}"),
        }
    }
}

/// A fixture's name, the clauses it tests, and its verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixtureResult {
    pub name: String,
    pub rules: Vec<String>,
    pub verdict: Verdict,
}

/// The deepest perft a fixture, `trichess perft` or `trichess bench` may ask for: the engines
/// recurse once per ply, and deeper counts would take years on every variant.
pub const MAX_PERFT_DEPTH: u32 = 12;

/// Runs every fixture against `engine`, in order; a failure never stops the run.
pub fn run_all(engine: &mut dyn Engine, fixtures: &[Fixture]) -> Vec<FixtureResult> {
    fixtures
        .iter()
        .map(|fixture| FixtureResult {
            name: fixture.name.clone(),
            rules: fixture.rules.clone(),
            verdict: run(engine, fixture),
        })
        .collect()
}

/// Runs one fixture against `engine`.
pub fn run(engine: &mut dyn Engine, fixture: &Fixture) -> Verdict {
    match check_fixture(engine, fixture) {
        Ok(()) => Verdict::Pass,
        Err(Stop::Skip(why)) => Verdict::Skip(why),
        Err(Stop::Fail(why)) => Verdict::Fail(why),
    }
}

enum Stop {
    Skip(String),
    Fail(String),
}

impl From<EngineError> for Stop {
    fn from(e: EngineError) -> Stop {
        match e {
            EngineError::Unsupported(why) => Stop::Skip(why),
            other => Stop::Fail(other.to_string()),
        }
    }
}

fn check_fixture(engine: &mut dyn Engine, fixture: &Fixture) -> Result<(), Stop> {
    let variant = fixture.variant;
    let game = Game {
        variant,
        interpretations: fixture.interpretations.clone(),
    };
    engine.supports(&game)?;
    let expected_phase = match &fixture.expect {
        Expect::Invalid(refusal) => Some(refusal.phase),
        _ => None,
    };
    let setup = match &fixture.position {
        PositionSpec::Start => engine.start(&game)?,
        PositionSpec::Written(written) => match read_position(variant, written) {
            Ok(setup) => setup,
            Err(_) if expected_phase == Some(Phase::Parse) => return Ok(()),
            Err(why) => return Err(Stop::Fail(format!("position does not read: {why}"))),
        },
    };
    match (engine.check(&game, &setup), &fixture.expect) {
        (Err(EngineError::InvalidPosition(refused)), Expect::Invalid(refusal))
            if refusal.phase == Phase::Position =>
        {
            return refused_for(&refused, refusal);
        }
        (Err(e), _) => return Err(e.into()),
        (Ok(()), Expect::Invalid(refusal)) => {
            return Err(Stop::Fail(format!(
                "expected the position to be refused ({:?} phase), but it was accepted",
                refusal.phase
            )));
        }
        (Ok(()), _) => {}
    }
    let mut setup = setup;
    for text in &fixture.play {
        let mv = Move::parse(variant, text).map_err(|e| Stop::Fail(e.to_string()))?;
        setup = engine
            .play(&game, &setup, mv)
            .map_err(|e| fail_context(e, &format!("playing {text}")))?;
    }
    match &fixture.expect {
        Expect::Moves(expected) => compare_moves(engine, &game, &setup, expected),
        Expect::Legal(m) => move_listed(engine, &game, &setup, m, true),
        Expect::Illegal(m) => move_listed(engine, &game, &setup, m, false),
        Expect::Perft(p) if p.depth > MAX_PERFT_DEPTH => Err(Stop::Fail(format!(
            "perft depth {} is beyond the limit of {MAX_PERFT_DEPTH}",
            p.depth
        ))),
        Expect::Perft(p) => {
            let nodes = engine.perft(&game, &setup, p.depth)?;
            if nodes == p.nodes {
                Ok(())
            } else {
                Err(Stop::Fail(format!(
                    "perft {}: expected {}, got {nodes}",
                    p.depth, p.nodes
                )))
            }
        }
        Expect::Position(written) => {
            let expected = read_position(variant, written)
                .map_err(|why| Stop::Fail(format!("expected position does not read: {why}")))?;
            if expected == setup {
                Ok(())
            } else {
                Err(Stop::Fail(format!(
                    "expected position {}, got {}",
                    expected.to_text(),
                    setup.to_text()
                )))
            }
        }
        Expect::Outcome(written) => {
            let expected = Outcome::from_json(variant, written)
                .map_err(|e| Stop::Fail(format!("expected outcome does not read: {e}")))?;
            let got = engine.outcome(&game, &setup)?;
            if got == expected {
                Ok(())
            } else {
                Err(Stop::Fail(format!(
                    "expected outcome {}, got {}",
                    expected.to_json(variant),
                    got.to_json(variant)
                )))
            }
        }
        Expect::Invalid(_) => Ok(()),
    }
}

/// Checks the kinds of the problems an engine refused a position for against those a fixture
/// names: the same kinds, each at least once. Problems the engine did not classify match
/// nothing and are not held against it: an engine that classifies none passes on the refusal
/// alone.
fn refused_for(refused: &InvalidPosition, refusal: &Refusal) -> Result<(), Stop> {
    if refusal.kinds.is_empty() {
        return Ok(());
    }
    let got = refused.classified_kinds();
    let expected: std::collections::BTreeSet<ProblemKind> = refusal.kinds.iter().copied().collect();
    let missing: Vec<&ProblemKind> = expected.difference(&got).collect();
    let extra: Vec<&ProblemKind> = got.difference(&expected).collect();
    let complete = refused.is_classified();
    if extra.is_empty() && (missing.is_empty() || !complete) {
        return Ok(());
    }
    let list = |kinds: &[&ProblemKind]| kinds.iter().map(|k| k.id()).collect::<Vec<_>>().join(" ");
    Err(Stop::Fail(format!(
        "refused for other kinds of problem: missing [{}], unexpected [{}] ({refused})",
        list(&missing),
        list(&extra)
    )))
}

fn fail_context(e: EngineError, context: &str) -> Stop {
    match Stop::from(e) {
        Stop::Fail(why) => Stop::Fail(format!("{context}: {why}")),
        skip => skip,
    }
}

/// Reads a written position: a string is the text form (or JSON in a string), an object the
/// JSON form.
pub fn read_position(variant: Variant, written: &Value) -> Result<Setup, String> {
    match written {
        Value::String(text) => Setup::parse(variant, text).map_err(|e| e.to_string()),
        other => Setup::from_json_value(variant, other).map_err(|e| e.to_string()),
    }
}

fn listed_moves(
    engine: &mut dyn Engine,
    game: &Game,
    setup: &Setup,
) -> Result<BTreeSet<String>, Stop> {
    let moves = engine.legal_moves(game, setup)?;
    let mut listed = BTreeSet::new();
    for m in moves {
        if !listed.insert(m.to_string()) {
            return Err(Stop::Fail(format!("the engine listed {m} twice")));
        }
    }
    Ok(listed)
}

fn compare_moves(
    engine: &mut dyn Engine,
    game: &Game,
    setup: &Setup,
    expected: &[String],
) -> Result<(), Stop> {
    let got = listed_moves(engine, game, setup)?;
    let expected: BTreeSet<String> = expected.iter().cloned().collect();
    let missing: Vec<&String> = expected.difference(&got).collect();
    let extra: Vec<&String> = got.difference(&expected).collect();
    if missing.is_empty() && extra.is_empty() {
        return Ok(());
    }
    let list = |v: &[&String]| {
        let items: Vec<&str> = v.iter().map(|s| s.as_str()).collect();
        items.join(" ")
    };
    Err(Stop::Fail(format!(
        "moves differ: missing [{}], unexpected [{}]",
        list(&missing),
        list(&extra)
    )))
}

fn move_listed(
    engine: &mut dyn Engine,
    game: &Game,
    setup: &Setup,
    text: &str,
    want: bool,
) -> Result<(), Stop> {
    let mv = Move::parse(game.variant, text).map_err(|e| Stop::Fail(e.to_string()))?;
    let got = listed_moves(engine, game, setup)?.contains(&mv.to_string());
    match (got, want) {
        (true, true) | (false, false) => Ok(()),
        (false, true) => Err(Stop::Fail(format!(
            "{text} should be legal but is not listed"
        ))),
        (true, false) => Err(Stop::Fail(format!(
            "{text} should be illegal but is listed"
        ))),
    }
}
