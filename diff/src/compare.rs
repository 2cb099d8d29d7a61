//! Comparing two engines on one position, from one [`Engine::survey`] of each, and descending
//! a perft disagreement to the first position and move where they differ.

use std::collections::BTreeMap;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

use serde_json::json;
use trichess_model::{
    Engine, EngineError, Game, InvalidPosition, Move, Outcome, ProblemKind, Setup, Survey,
};

use crate::{Finding, Kind};

/// Makes a fresh engine (after a crash, say).
pub type EngineFactory = Box<dyn Fn() -> Box<dyn Engine>>;

/// Two engines under comparison: `a` is the first (the reference, usually the oracle), `b`
/// the second. A panicking engine is rebuilt from its factory.
pub struct Duel {
    a: Box<dyn Engine>,
    b: Box<dyn Engine>,
    make_a: EngineFactory,
    make_b: EngineFactory,
    /// The last position both engines surveyed, with their answers: the generator's next move
    /// and the shrinker's check ask about the position just compared, and find it here.
    last: Option<Rc<Surveyed>>,
    /// Whether the second engine checks positions (else it is sent none the first refuses).
    b_validates: bool,
    /// Whether the second engine sorts the problems of a refusal into kinds (else two
    /// refusals are the same whatever their problems).
    b_classifies: bool,
    /// Whether a position's verdict is asked of `check` alone, not read from a whole survey.
    checks_only: bool,
}

impl fmt::Debug for Duel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Duel({} vs {})", self.a.name(), self.b.name())
    }
}

/// What one comparison did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compared {
    /// Positions compared: each legal move played and compared counts once, and a position
    /// without moves counts once.
    pub positions: u64,
    /// The first disagreement found, if any.
    pub finding: Option<Finding>,
}

/// One of the two engines of a [`Duel`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The first engine (the reference).
    First,
    /// The second engine (the one under test).
    Second,
}

/// What asking again about a disagreement found ([`Duel::recheck`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Again {
    /// The same answers (or an engine failed this time, which tells nothing either way).
    Same,
    /// Other answers: the disagreement found now, if any.
    Differs(Option<Box<Finding>>),
}

/// An engine's answer, or why it gave none: its own error, or a panic.
type Answer<T> = Result<T, Failure>;

#[derive(Clone, Debug)]
enum Failure {
    Engine(EngineError),
    Panic(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Engine(e) => write!(f, "{e}"),
            Failure::Panic(m) => write!(f, "panic: {m}"),
        }
    }
}

impl Failure {
    /// Returns true for a failure that is a crash (a panic or [`EngineError::Failed`]).
    fn is_crash(&self) -> bool {
        matches!(
            self,
            Failure::Panic(_) | Failure::Engine(EngineError::Failed(_))
        )
    }
}

/// Both engines' surveys of one position.
#[derive(Debug)]
struct Surveyed {
    game: Game,
    setup: Setup,
    a: Answer<Survey>,
    b: Answer<Survey>,
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Asks one engine, catching a panic (and then rebuilding the engine).
fn ask_one<T>(
    engine: &mut Box<dyn Engine>,
    make: &EngineFactory,
    f: &mut impl FnMut(&mut dyn Engine) -> Result<T, EngineError>,
) -> Answer<T> {
    match catch_unwind(AssertUnwindSafe(|| f(engine.as_mut()))) {
        Ok(r) => r.map_err(Failure::Engine),
        Err(p) => {
            *engine = make();
            Err(Failure::Panic(panic_text(p.as_ref())))
        }
    }
}

/// Names the step of a survey that failed with `failure`, by asking the engine step by step
/// (the result, the legal moves, each move played), as a crash row says it.
fn crashed_step(
    engine: &mut Box<dyn Engine>,
    make: &EngineFactory,
    game: &Game,
    setup: &Setup,
    failure: &Failure,
) -> String {
    if let Err(f) = ask_one(engine, make, &mut |e| e.outcome(game, setup)) {
        return format!("outcome: {f}");
    }
    match ask_one(engine, make, &mut |e| e.legal_moves(game, setup)) {
        Err(f) => return format!("legal moves: {f}"),
        Ok(moves) => {
            for mv in moves {
                if let Err(f) = ask_one(engine, make, &mut |e| e.play(game, setup, mv)) {
                    return format!("play {mv}: {f}");
                }
            }
        }
    }
    format!("survey: {failure}")
}

fn outcome_text(game: &Game, o: &Outcome) -> String {
    o.to_json(game.variant).to_string()
}

fn moves_text(moves: &BTreeMap<Move, &Result<Setup, EngineError>>) -> String {
    format!("{} moves", moves.len())
}

/// What an engine says in a crash row: `ok`, or the step and its failure.
fn crash_says<T, E: fmt::Display>(r: &Result<T, E>, what: &str) -> String {
    match r {
        Ok(_) => "ok".to_string(),
        Err(e) => format!("{what}: {e}"),
    }
}

impl Duel {
    /// Builds a duel from two engine factories.
    pub fn new(make_a: EngineFactory, make_b: EngineFactory) -> Duel {
        Duel {
            a: make_a(),
            b: make_b(),
            make_a,
            make_b,
            last: None,
            b_validates: true,
            b_classifies: true,
            checks_only: false,
        }
    }

    /// Says how far the second engine checks positions: whether it `validates` them at all
    /// (one that does not is sent no position the first engine refuses) and whether it
    /// `classifies` the problems of a refusal (else only valid against invalid is compared).
    pub fn trusting(mut self, validates: bool, classifies: bool) -> Duel {
        self.b_validates = validates;
        self.b_classifies = classifies;
        self
    }

    /// Asks a position's verdict of each engine's `check` alone, instead of surveying the
    /// position whole (its result, moves and every move played), which the comparison that
    /// usually follows reads back: for a walk that compares nothing on the way, as the fuzz
    /// targets' walks, whose property is checked at their last position alone.
    pub fn checking_only(mut self) -> Duel {
        self.checks_only = true;
        self
    }

    /// Replaces both engines with fresh ones from their factories (an engine in another
    /// process: a fresh process), forgetting every answer kept.
    pub fn renew(&mut self) {
        self.last = None;
        self.a = (self.make_a)();
        self.b = (self.make_b)();
    }

    /// Asks again about the position of `finding`, with fresh engines ([`Duel::renew`]):
    /// whether they give the same answers. A disagreement that does not come back is not one
    /// about the rules: an engine answers the same question two ways.
    pub fn recheck(&mut self, finding: &Finding) -> Again {
        self.renew();
        let again = self
            .compare(&finding.game, &finding.setup, finding.depth())
            .finding;
        match again {
            Some(f) if f.same_answers(finding) || f.kind == Kind::Crash => Again::Same,
            other => Again::Differs(other.map(Box::new)),
        }
    }

    /// Returns both engines, for a caller that asks them itself (a panic then is the
    /// caller's: the fuzz targets let it through to the fuzzer).
    pub fn engines(&mut self) -> [&mut dyn Engine; 2] {
        [self.a.as_mut(), self.b.as_mut()]
    }

    /// Returns the engines' names.
    pub fn names(&self) -> (String, String) {
        (self.a.name(), self.b.name())
    }

    /// Asks both engines, catching panics (a panicking engine is rebuilt).
    fn ask<T>(
        &mut self,
        mut f: impl FnMut(&mut dyn Engine) -> Result<T, EngineError>,
    ) -> (Answer<T>, Answer<T>) {
        let a = ask_one(&mut self.a, &self.make_a, &mut f);
        let b = ask_one(&mut self.b, &self.make_b, &mut f);
        (a, b)
    }

    /// Returns both engines' surveys of `setup`: the last ones if they were of this position,
    /// else new ones.
    fn surveyed(&mut self, game: &Game, setup: &Setup) -> Rc<Surveyed> {
        if let Some(last) = &self.last
            && last.setup == *setup
            && last.game == *game
        {
            return Rc::clone(last);
        }
        let (a, b) = self.ask_both(&mut |e| e.survey(game, setup));
        let surveyed = Rc::new(Surveyed {
            game: game.clone(),
            setup: setup.clone(),
            a,
            b,
        });
        self.last = Some(Rc::clone(&surveyed));
        surveyed
    }

    /// Asks both engines, each rebuilt if it panics; a position the first refuses is not sent
    /// to a second engine that does not check positions (its answer is the same refusal).
    fn ask_both<T>(
        &mut self,
        ask: &mut impl FnMut(&mut dyn Engine) -> Result<T, EngineError>,
    ) -> (Answer<T>, Answer<T>) {
        let a = ask_one(&mut self.a, &self.make_a, ask);
        let b = match &a {
            Err(refused @ Failure::Engine(EngineError::InvalidPosition(_)))
                if !self.b_validates =>
            {
                Err(refused.clone())
            }
            _ => ask_one(&mut self.b, &self.make_b, ask),
        };
        (a, b)
    }

    /// Returns one engine's survey of `setup` if it is the last one made.
    fn last_survey(&self, side: Side, game: &Game, setup: &Setup) -> Option<&Survey> {
        let last = self.last.as_ref()?;
        let survey = match side {
            Side::First => &last.a,
            Side::Second => &last.b,
        };
        (last.setup == *setup && last.game == *game)
            .then_some(survey)?
            .as_ref()
            .ok()
    }

    /// Returns the first engine's result for `setup` as its last survey gave it (after a
    /// [`Duel::compare`] of that position), without asking again.
    pub fn surveyed_outcome_of_a(&self, game: &Game, setup: &Setup) -> Option<&Outcome> {
        self.last_survey(Side::First, game, setup)?
            .outcome
            .as_ref()
            .ok()
    }

    /// Says whether both engines play `game`.
    pub fn supports(&self, game: &Game) -> Result<(), String> {
        self.a.supports(game).map_err(|e| e.to_string())?;
        self.b.supports(game).map_err(|e| e.to_string())
    }

    /// Returns the starting position of the first engine.
    pub fn start(&mut self, game: &Game) -> Option<Setup> {
        self.a.start(game).ok()
    }

    /// Returns both engines' verdicts on `setup` (what [`Engine::check`] answers): from their
    /// surveys, or, where a survey crashed, from `check` itself.
    fn verdicts(&mut self, game: &Game, setup: &Setup) -> (Answer<()>, Answer<()>) {
        if self.checks_only {
            return self.ask_both(&mut |e| e.check(game, setup));
        }
        let surveyed = self.surveyed(game, setup);
        let verdict =
            |engine: &mut Box<dyn Engine>, make: &EngineFactory, answer: &Answer<Survey>| {
                match answer {
                    Ok(_) => Ok(()),
                    Err(failure) if !failure.is_crash() => Err(failure.clone()),
                    Err(_) => ask_one(engine, make, &mut |e| e.check(game, setup)),
                }
            };
        let a = verdict(&mut self.a, &self.make_a, &surveyed.a);
        let b = verdict(&mut self.b, &self.make_b, &surveyed.b);
        (a, b)
    }

    /// The first engine's verdict on `setup`: `None` if it accepts it, else the kinds of
    /// problem it finds (empty if it did not sort them, or failed).
    pub(crate) fn first_refuses(&mut self, game: &Game, setup: &Setup) -> Option<Vec<ProblemKind>> {
        match self.verdicts(game, setup).0 {
            Ok(()) => None,
            Err(Failure::Engine(EngineError::InvalidPosition(refused))) => Some(kinds_of(&refused)),
            Err(_) => Some(Vec::new()),
        }
    }

    /// Checks a position with both engines: `Some(true)` both accept, `Some(false)` both
    /// refuse for the same kinds of problem or either does not play it (`unsupported`: a
    /// position it cannot hold is not compared), `None` they disagree or one fails.
    pub fn both_accept(&mut self, game: &Game, setup: &Setup) -> Option<bool> {
        match self.verdicts(game, setup) {
            (Ok(()), Ok(())) => Some(true),
            (Err(Failure::Engine(EngineError::Unsupported(_))), _)
            | (_, Err(Failure::Engine(EngineError::Unsupported(_)))) => Some(false),
            (
                Err(Failure::Engine(EngineError::InvalidPosition(a))),
                Err(Failure::Engine(EngineError::InvalidPosition(b))),
            ) if same_refusal(&a, &b, self.b_classifies) => Some(false),
            _ => None,
        }
    }

    /// Lists the first engine's legal moves, sorted (empty if it gives none).
    pub fn moves_of_a(&mut self, game: &Game, setup: &Setup) -> Vec<Move> {
        self.moves_of(Side::First, game, setup)
    }

    /// Plays a move with the first engine.
    pub fn play_a(&mut self, game: &Game, setup: &Setup, mv: Move) -> Option<Setup> {
        self.play_with(Side::First, game, setup, mv)
    }

    /// Lists one engine's legal moves, sorted (empty if it gives none).
    pub fn moves_of(&mut self, side: Side, game: &Game, setup: &Setup) -> Vec<Move> {
        let mut moves = match self.last_survey(side, game, setup) {
            Some(Survey {
                moves: Ok(moves), ..
            }) => moves.iter().map(|(mv, _)| *mv).collect(),
            _ => {
                let engine = self.engine(side);
                catch_unwind(AssertUnwindSafe(|| engine.legal_moves(game, setup)))
                    .ok()
                    .and_then(Result::ok)
                    .unwrap_or_default()
            }
        };
        moves.sort();
        moves
    }

    /// Plays a move with one engine.
    pub fn play_with(&mut self, side: Side, game: &Game, setup: &Setup, mv: Move) -> Option<Setup> {
        if let Some(Survey {
            moves: Ok(moves), ..
        }) = self.last_survey(side, game, setup)
            && let Some((_, after)) = moves.iter().find(|(m, _)| *m == mv)
        {
            return after.as_ref().ok().cloned();
        }
        let engine = self.engine(side);
        catch_unwind(AssertUnwindSafe(|| engine.play(game, setup, mv)))
            .ok()
            .and_then(Result::ok)
    }

    fn engine(&mut self, side: Side) -> &mut Box<dyn Engine> {
        match side {
            Side::First => &mut self.a,
            Side::Second => &mut self.b,
        }
    }

    /// Compares the engines on `setup`: validity, result, legal move set, the position after
    /// every legal move, and perft to `depth` (a perft disagreement is descended by perft
    /// divide to the first position where the engines differ; depth 1 or less runs no perft,
    /// the move sets being compared already).
    /// A finding the descent reached by moves has `setup` as its origin.
    pub fn compare(&mut self, game: &Game, setup: &Setup, depth: u32) -> Compared {
        let mut positions = 0;
        let finding = self
            .compare_counting(game, setup, depth, &mut positions)
            .map(|mut f| {
                if !f.path.is_empty() {
                    f.origin = Some(setup.clone());
                }
                f
            });
        Compared { positions, finding }
    }

    fn compare_counting(
        &mut self,
        game: &Game,
        setup: &Setup,
        depth: u32,
        positions: &mut u64,
    ) -> Option<Finding> {
        let row = |kind: Kind, mv: Option<Move>, a: String, b: String| Finding {
            kind,
            game: game.clone(),
            setup: setup.clone(),
            mv,
            a_says: a,
            b_says: b,
            a_moves: None,
            a_expect: None,
            refusals: [None, None],
            origin: None,
            path: Vec::new(),
        };
        // Validity.
        match self.verdicts(game, setup) {
            (Ok(()), Ok(())) => {}
            (Err(Failure::Engine(EngineError::Unsupported(_))), _)
            | (_, Err(Failure::Engine(EngineError::Unsupported(_)))) => return None,
            (
                Err(Failure::Engine(EngineError::InvalidPosition(a))),
                Err(Failure::Engine(EngineError::InvalidPosition(b))),
            ) => {
                if same_refusal(&a, &b, self.b_classifies) {
                    return None;
                }
                let mut f = row(
                    Kind::DifferentValidity,
                    None,
                    refusal_text(&a),
                    refusal_text(&b),
                );
                f.a_expect = Some(refusal_expect(&a));
                f.refusals = [Some(kinds_of(&a)), Some(kinds_of(&b))];
                return Some(f);
            }
            (a, b)
                if a.as_ref().err().is_some_and(Failure::is_crash)
                    || b.as_ref().err().is_some_and(Failure::is_crash) =>
            {
                return Some(row(
                    Kind::Crash,
                    None,
                    crash_says(&a, "check"),
                    crash_says(&b, "check"),
                ));
            }
            (a, b) => {
                let says = |r: &Answer<()>| match r {
                    Ok(()) => "valid".to_string(),
                    Err(Failure::Engine(EngineError::InvalidPosition(refused))) => {
                        refusal_text(refused)
                    }
                    Err(e) => e.to_string(),
                };
                let mut f = row(Kind::DifferentValidity, None, says(&a), says(&b));
                let refused = |r: &Answer<()>| match r {
                    Err(Failure::Engine(EngineError::InvalidPosition(refused))) => {
                        Some(kinds_of(refused))
                    }
                    _ => None,
                };
                f.refusals = [refused(&a), refused(&b)];
                match &a {
                    Ok(()) => f.a_moves = Some(self.moves_of_a(game, setup)),
                    Err(Failure::Engine(EngineError::InvalidPosition(refused))) => {
                        f.a_expect = Some(refusal_expect(refused));
                    }
                    Err(_) => {}
                }
                return Some(f);
            }
        }
        // Both engines accept the position; a survey that failed all the same crashed in
        // the result, the legal moves or a move played.
        let surveyed = self.surveyed(game, setup);
        let (sa, sb) = match (&surveyed.a, &surveyed.b) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                let a = a
                    .as_ref()
                    .err()
                    .map(|f| crashed_step(&mut self.a, &self.make_a, game, setup, f));
                let b = b
                    .as_ref()
                    .err()
                    .map(|f| crashed_step(&mut self.b, &self.make_b, game, setup, f));
                let says = |s: Option<String>| s.unwrap_or_else(|| "ok".to_string());
                return Some(row(Kind::Crash, None, says(a), says(b)));
            }
        };
        // Result.
        match (&sa.outcome, &sb.outcome) {
            (Ok(a), Ok(b)) if a == b => {}
            (Ok(a), Ok(b)) => {
                let mut f = row(
                    Kind::DifferentResult,
                    None,
                    outcome_text(game, a),
                    outcome_text(game, b),
                );
                f.a_expect = Some(json!({"outcome": a.to_json(game.variant)}));
                return Some(f);
            }
            (a, b) => {
                return Some(row(
                    Kind::Crash,
                    None,
                    crash_says(a, "outcome"),
                    crash_says(b, "outcome"),
                ));
            }
        }
        // Legal moves.
        let (a, b) = match (&sa.moves, &sb.moves) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                return Some(row(
                    Kind::Crash,
                    None,
                    crash_says(a, "legal moves"),
                    crash_says(b, "legal moves"),
                ));
            }
        };
        let a: BTreeMap<Move, &Result<Setup, EngineError>> =
            a.iter().map(|(mv, after)| (*mv, after)).collect();
        let b: BTreeMap<Move, &Result<Setup, EngineError>> =
            b.iter().map(|(mv, after)| (*mv, after)).collect();
        let a_list = || Some(a.keys().copied().collect::<Vec<Move>>());
        if let Some(&mv) = a.keys().find(|mv| !b.contains_key(mv)) {
            let mut f = row(
                Kind::MissingMove,
                Some(mv),
                format!("legal ({})", moves_text(&a)),
                format!("not legal ({})", moves_text(&b)),
            );
            f.a_moves = a_list();
            return Some(f);
        }
        if let Some(&mv) = b.keys().find(|mv| !a.contains_key(mv)) {
            let mut f = row(
                Kind::ExtraMove,
                Some(mv),
                format!("not legal ({})", moves_text(&a)),
                format!("legal ({})", moves_text(&b)),
            );
            f.a_moves = a_list();
            return Some(f);
        }
        // The position after every move.
        if a.is_empty() {
            *positions += 1;
        }
        for (&mv, &x) in &a {
            *positions += 1;
            match (x, b[&mv]) {
                (Ok(x), Ok(y)) if x == y => {}
                (Ok(x), Ok(y)) => {
                    let mut f = row(Kind::DifferentPosition, Some(mv), x.to_text(), y.to_text());
                    f.a_expect = Some(json!({"position": x.to_text()}));
                    return Some(f);
                }
                (x, y) => {
                    return Some(row(
                        Kind::Crash,
                        Some(mv),
                        crash_says(x, "play"),
                        crash_says(y, "play"),
                    ));
                }
            }
        }
        // Perft, descended on a disagreement.
        if depth >= 2 {
            match self.ask(|e| e.perft(game, setup, depth)) {
                (Ok(x), Ok(y)) if x == y => {}
                (Ok(x), Ok(y)) => {
                    return Some(self.descend(game, setup, depth, x, y, positions));
                }
                (x, y) => {
                    return Some(row(
                        Kind::Crash,
                        None,
                        crash_says(&x, "perft"),
                        crash_says(&y, "perft"),
                    ));
                }
            }
        }
        None
    }

    /// Finds, by perft divide, the first move whose counts differ, plays it and compares the
    /// position it leads to; the finding there carries the path.
    fn descend(
        &mut self,
        game: &Game,
        setup: &Setup,
        depth: u32,
        a_nodes: u64,
        b_nodes: u64,
        positions: &mut u64,
    ) -> Finding {
        let perft_row = || Finding {
            kind: Kind::DifferentPerft,
            game: game.clone(),
            setup: setup.clone(),
            mv: None,
            a_says: format!("perft {depth} = {a_nodes}"),
            b_says: format!("perft {depth} = {b_nodes}"),
            a_moves: None,
            a_expect: Some(json!({"perft": {"depth": depth, "nodes": a_nodes}})),
            refusals: [None, None],
            origin: None,
            path: Vec::new(),
        };
        let (Ok(a), Ok(b)) = self.ask(|e| e.perft_divide(game, setup, depth)) else {
            return perft_row();
        };
        let b: BTreeMap<Move, u64> = b.into_iter().collect();
        for (mv, count) in a {
            if b.get(&mv) == Some(&count) {
                continue;
            }
            let Some(child) = self.play_a(game, setup, mv) else {
                break;
            };
            if let Some(mut f) = self.compare_counting(game, &child, depth - 1, positions) {
                f.path.insert(0, mv);
                return f;
            }
            break;
        }
        perft_row()
    }
}

/// The kinds of problem a refusal names, sorted (`unclassified` for those it did not sort).
fn kinds_of(refused: &InvalidPosition) -> Vec<ProblemKind> {
    refused.kinds().into_iter().collect()
}

/// Returns true if two refusals of one position agree: unless both engines sorted every
/// problem into a kind, a refusal is a refusal; if both did, they name the same kinds.
fn same_refusal(a: &InvalidPosition, b: &InvalidPosition, classifies: bool) -> bool {
    !(classifies && a.is_classified() && b.is_classified()) || a.kinds() == b.kinds()
}

/// Says what an engine refused a position for: the kinds of problem, then its words.
fn refusal_text(refused: &InvalidPosition) -> String {
    let kinds: Vec<&str> = refused.kinds().into_iter().map(|k| k.id()).collect();
    format!("invalid position [{}]: {refused}", kinds.join(", "))
}

/// Returns a fixture's expectation for a refusal: the kinds of problem if the engine sorted
/// every problem into one, else just that the position is refused.
fn refusal_expect(refused: &InvalidPosition) -> serde_json::Value {
    if refused.is_classified() {
        let kinds: Vec<&str> = refused.kinds().into_iter().map(|k| k.id()).collect();
        json!({"invalid": {"position": kinds}})
    } else {
        json!({"invalid": "position"})
    }
}
