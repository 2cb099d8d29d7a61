//! The fixture runner: one suite, many engines. [`run`] checks one fixture against any
//! [`Engine`]; [`run_all`] checks many, and a failure never stops the run.

use std::collections::BTreeSet;
use std::fmt;

use serde_json::Value;
use trichess_model::{
    Engine, EngineError, Game, InvalidPosition, MAX_PERFT_DEPTH, Move, Outcome, ProblemKind, Setup,
    Variant,
};

use crate::fixture::{Expect, Fixture, Phase, PositionSpec, Refusal};

/// What became of one fixture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The engine answered as the fixture expects.
    Pass,
    /// The engine answered otherwise, or refused (what it said).
    Fail(String),
    /// Not run: the engine does not play the fixture's game (why).
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

/// A fixture and its verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct FixtureResult {
    /// The fixture: its name, variant, readings, rules, quote, derivation and expectation.
    pub fixture: Fixture,
    /// What became of it.
    pub verdict: Verdict,
}

impl FixtureResult {
    /// Returns the fixture's name.
    pub fn name(&self) -> &str {
        &self.fixture.name
    }
}

impl fmt::Display for FixtureResult {
    /// Writes the fixture's name and verdict, and for a failure what a maintainer needs to
    /// judge it: the variant and readings, the rules and their words, how the expected answer
    /// was worked out, what was expected and what the engine said.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fixture = &self.fixture;
        write!(f, "{}: {}", fixture.name, self.verdict)?;
        if let Verdict::Fail(_) = self.verdict {
            let game = Game {
                variant: fixture.variant,
                interpretations: fixture.interpretations.clone(),
            };
            write!(
                f,
                "\n    variant: {} ({})\n    rules: {}\n    quote: {}\n    derivation: {}\n    expected: {}",
                fixture.variant,
                crate::readings_text(&game),
                fixture.rules.join(" "),
                fixture.quote,
                fixture.derivation,
                fixture.expect
            )?;
        }
        Ok(())
    }
}

/// Runs every fixture against `engine`, in order; a failure never stops the run.
pub fn run_all(engine: &mut dyn Engine, fixtures: &[Fixture]) -> Vec<FixtureResult> {
    fixtures
        .iter()
        .map(|fixture| FixtureResult {
            fixture: fixture.clone(),
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
