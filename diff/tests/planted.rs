//! The differential run against deliberately wrong engines: a planted disagreement is found,
//! descended to the first differing position, shrunk to few pieces (at most six more than the
//! rule needs, on every variant) and classified; a panic is a crash row; the move path to a
//! finding shortens; the real engines agree on generated positions; an engine that answers
//! the same question two ways brings no finding.

mod common;

use std::collections::BTreeMap;
use std::sync::Mutex;

use trichess_diff::attribute::{Decided, Reference, decide};
use trichess_diff::property::{Case, Harness, Target};
use trichess_diff::{
    Again, Campaign, Choices, Discovery, Duel, Finding, Flow, Generator, Kind, Seeded, Sink, Step,
    random_game, shorten_path, shrink,
};
use trichess_fast::Fast;
use trichess_model::{Engine, EngineError, Game, Move, Outcome, ProblemKind, Role, Setup, Variant};
use trichess_oracle::Oracle;

/// An engine with one planted bug: the oracle's answers but for the bug (so that nothing but
/// the bug differs), or, without a bug, the fast engine's.
struct Broken {
    inner: Box<dyn Engine>,
    bug: Bug,
}

impl Broken {
    fn new(bug: Bug) -> Broken {
        let inner: Box<dyn Engine> = match bug {
            Bug::None => Box::new(Fast::default()),
            _ => Box::new(Oracle),
        };
        Broken { inner, bug }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bug {
    #[default]
    None,
    /// Knights never move.
    NoKnightMoves,
    /// Every outcome that is not ongoing is reported as ongoing.
    NeverEnds,
    /// Panics on any position with a queen (a queen anywhere).
    PanicOnQueen,
    /// Pawns never promote: promotions are not listed.
    NoPromotions,
    /// Kings never castle: castling moves are not listed.
    NoCastling,
    /// The position after a move never records an en passant cell.
    EnPassantForgotten,
    /// Perft to depth 2 or more counts one path too many where a pawn stands; every move
    /// set and position is right.
    PerftMiscounts,
    /// Takes every position (as an engine that trusts its input): a bug of validity, which
    /// the walks find only where edits make positions the oracle refuses.
    TrustsItsInput,
}

impl Bug {
    /// Every planted bug of the rules of play.
    const ALL: [Bug; 7] = [
        Bug::NoKnightMoves,
        Bug::NeverEnds,
        Bug::PanicOnQueen,
        Bug::NoPromotions,
        Bug::NoCastling,
        Bug::EnPassantForgotten,
        Bug::PerftMiscounts,
    ];

    /// The perft depth the bug is looked for at: 2 for the perft bug, else 1 (the broken
    /// engine counts perft through its own moves, slowly).
    fn depth(self) -> u32 {
        if self == Bug::PerftMiscounts { 2 } else { 1 }
    }

    /// The kind of row the bug makes, and the pieces a position needs to show it: the three
    /// royal pieces and what the rule is about (a knight, a queen, a pawn; for a game that
    /// ends, two pieces to mate with).
    fn expect(self) -> (Kind, usize) {
        match self {
            Bug::None => (Kind::Crash, 0),
            Bug::NoKnightMoves => (Kind::MissingMove, 4),
            Bug::NeverEnds => (Kind::DifferentResult, 5),
            Bug::PanicOnQueen => (Kind::Crash, 4),
            Bug::NoPromotions => (Kind::MissingMove, 4),
            Bug::NoCastling => (Kind::MissingMove, 4),
            Bug::EnPassantForgotten => (Kind::DifferentPosition, 4),
            Bug::PerftMiscounts => (Kind::DifferentPerft, 4),
            Bug::TrustsItsInput => (Kind::DifferentValidity, 1),
        }
    }
}

impl Engine for Broken {
    fn name(&self) -> String {
        format!("broken({:?})", self.bug)
    }
    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        self.inner.supports(game)
    }
    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        self.inner.start(game)
    }
    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        if self.bug == Bug::TrustsItsInput {
            return Ok(());
        }
        self.inner.check(game, setup)
    }
    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        if self.bug == Bug::PanicOnQueen && setup.pieces.values().any(|p| p.role == Role::Queen) {
            panic!("planted panic");
        }
        let mut moves = self.inner.legal_moves(game, setup)?;
        if self.bug == Bug::NoKnightMoves {
            moves.retain(|m| setup.pieces.get(&m.from()).map(|p| p.role) != Some(Role::Knight));
        }
        if self.bug == Bug::NoPromotions {
            moves.retain(|m| !matches!(m, Move::Promotion { .. }));
        }
        if self.bug == Bug::NoCastling {
            moves.retain(|m| !matches!(m, Move::Castle { .. }));
        }
        Ok(moves)
    }
    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        let mut after = self.inner.play(game, setup, mv)?;
        if self.bug == Bug::EnPassantForgotten {
            after.en_passant = None;
        }
        Ok(after)
    }
    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        match self.bug {
            Bug::None | Bug::NeverEnds => return self.inner.perft(game, setup, depth),
            Bug::PerftMiscounts => {
                let pawn = setup.pieces.values().any(|p| p.role == Role::Pawn);
                return Ok(self.inner.perft(game, setup, depth)? + u64::from(depth >= 2 && pawn));
            }
            _ => {}
        }
        // Slow but honest to the planted bug: count through legal_moves.
        if depth == 0 {
            return Ok(1);
        }
        let mut n = 0;
        for mv in self.legal_moves(game, setup)? {
            let after = self.play(game, setup, mv)?;
            n += self.perft(game, &after, depth - 1)?;
        }
        Ok(n)
    }
    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        let o = self.inner.outcome(game, setup)?;
        Ok(if self.bug == Bug::NeverEnds {
            Outcome::Ongoing
        } else {
            o
        })
    }
}

fn duel(bug: Bug) -> Duel {
    Duel::new(
        Box::new(|| Box::new(Oracle) as Box<dyn Engine>),
        Box::new(move || Box::new(Broken::new(bug)) as Box<dyn Engine>),
    )
}

/// The game a bug is looked for in: the defaults, but for Yuri's pawns, which double-step
/// only under a reading.
fn game_for(variant: Variant, bug: Bug) -> Game {
    let mut game = Game::new(variant);
    if variant == Variant::Yuri && bug == Bug::EnPassantForgotten {
        game.interpretations
            .insert("yuri.double-step".into(), "first-move".into());
    }
    game
}

/// The positions of the perft tables of `variant` (the run's other roots).
fn table_roots(variant: Variant) -> Vec<Setup> {
    let suite = trichess_suite::Suite::embedded().unwrap();
    trichess_diff::table_roots(&suite.tables, variant)
}

/// The first finding of walks from the start and the perft tables' positions with edits
/// between moves (`wide`), or of walks of moves alone from the start, with the walk's move
/// path, not shrunk.
fn first_raw_finding(duel: &mut Duel, game: &Game, bug: Bug, seed: u64, wide: bool) -> Finding {
    let mut roots = vec![duel.start(game).unwrap()];
    if wide {
        roots.extend(table_roots(game.variant));
    }
    let mut generator = Generator::new(game.clone(), roots);
    if !wide {
        generator.edit_percent = 0;
    }
    let mut choices = Seeded::new(seed);
    for _ in 0..4000 {
        match generator.next(duel, &mut choices).unwrap() {
            Step::Finding(f) => return f,
            Step::Position(p) => {
                if let Some(f) = duel.compare(game, &p, bug.depth()).finding {
                    let (origin, moves) = generator.trail().unwrap();
                    return f.reached_from(origin, moves);
                }
            }
        }
    }
    panic!("the planted bug {bug:?} was not found in {}", game.variant);
}

fn first_finding(variant: Variant, bug: Bug, seed: u64) -> Finding {
    let mut duel = duel(bug);
    let game = game_for(variant, bug);
    let f = first_raw_finding(&mut duel, &game, bug, seed, true);
    shrink(&mut duel, f, bug.depth(), 2000, &BTreeMap::new())
}

#[test]
fn every_planted_bug_shrinks_to_at_most_six_pieces_more_than_its_rule_needs() {
    for variant in Variant::ALL {
        for bug in Bug::ALL {
            if bug == Bug::NoCastling && variant == Variant::Yuri {
                continue; // yuri.no-castling
            }
            for seed in 1..=2 {
                let f = first_finding(variant, bug, seed);
                let (kind, needs) = bug.expect();
                assert_eq!(f.kind, kind, "{variant} {bug:?} seed {seed}: {f:?}");
                println!(
                    "{variant} {bug:?} seed {seed}: {} pieces: {}",
                    f.setup.pieces.len(),
                    f.setup.to_text()
                );
                assert!(
                    f.setup.pieces.len() <= needs + 6,
                    "{variant} {bug:?} seed {seed}: {} pieces: {}",
                    f.setup.pieces.len(),
                    f.setup.to_text()
                );
            }
        }
    }
}

/// The kinds of problem the oracle (the reference) refuses a position for under `game`, or
/// `None` if it accepts it.
fn oracle_refuses(game: &Game, setup: &Setup) -> Option<Vec<ProblemKind>> {
    match Oracle.check(game, setup) {
        Ok(()) => None,
        Err(EngineError::InvalidPosition(refused)) => Some(refused.kinds().into_iter().collect()),
        Err(e) => panic!("the oracle fails on {}: {e}", setup.to_text()),
    }
}

/// Every step of the shrinker keeps a position the reference (the oracle) judges as it judged
/// the finding's: it accepts it under the step's readings, or, for a validity finding, refuses
/// it for the same kinds of problem (the King taken off a position refused for a pawn on its
/// back rank would be refused for a missing King too, and an engine that takes every position
/// would still disagree). The steps are the shrinker's answers under every budget: it stops
/// after its `n`th comparison, so its answers for budgets 0, 1, 2, ... are the cases it goes
/// through on its way (for a finding with a move path, the path gets half of each budget).
#[test]
fn shrinking_keeps_the_references_verdict_at_every_step() {
    let mut steps = 0;
    for variant in Variant::ALL {
        for (bug, seed) in [
            (Bug::TrustsItsInput, 1),
            (Bug::TrustsItsInput, 2),
            (Bug::NoPromotions, 1),
        ] {
            let mut duel = duel(bug);
            let game = game_for(variant, bug);
            let found = first_raw_finding(&mut duel, &game, bug, seed, true);
            assert_eq!(found.kind, bug.expect().0, "{variant} {bug:?}: {found:?}");
            let verdict = oracle_refuses(&found.game, &found.setup);
            assert_eq!(
                verdict.is_some(),
                bug == Bug::TrustsItsInput,
                "{variant} {bug:?}: {}",
                found.setup.to_text()
            );
            let mut last = found.clone();
            for budget in 0..=150 {
                let step = shrink(&mut duel, found.clone(), 1, budget, &BTreeMap::new());
                assert_eq!(
                    oracle_refuses(&step.game, &step.setup),
                    verdict,
                    "{variant} {bug:?} seed {seed}, budget {budget}: {} shrinks to {} ({:?})",
                    found.setup.to_text(),
                    step.setup.to_text(),
                    step.game.interpretations
                );
                if step != last {
                    steps += 1;
                    last = step;
                }
            }
            println!(
                "{variant} {bug:?} seed {seed}: {} pieces -> {}: {}",
                found.setup.pieces.len(),
                last.setup.pieces.len(),
                last.setup.to_text()
            );
        }
    }
    // Cases went through, so that the check has something to check.
    assert!(steps >= 24, "{steps} steps");
}

#[test]
fn the_move_path_to_a_finding_shortens_and_still_leads_to_it() {
    let bug = Bug::NoCastling;
    let mut duel = duel(bug);
    let game = game_for(Variant::OSullivan, bug);
    let found = first_raw_finding(&mut duel, &game, bug, 4, false);
    let before = found.path.len();
    assert!(before >= 6, "a long walk: {:?}", found.path);
    let short = shorten_path(&mut duel, found, 1, 1000);
    assert_eq!(short.kind, Kind::MissingMove);
    println!("move path: {before} -> {}", short.path.len());
    assert!(
        short.path.len() < before,
        "{} -> {}",
        before,
        short.path.len()
    );
    // The path replays from the origin to the position, where the engines still differ.
    let mut setup = short.origin.clone().unwrap();
    for &mv in &short.path {
        setup = duel.play_a(&game, &setup, mv).unwrap();
    }
    assert_eq!(setup, short.setup);
    let again = duel.compare(&game, &setup, 1).finding.unwrap();
    assert_eq!(again.kind, Kind::MissingMove);
}

#[test]
fn a_dropped_knight_move_is_found_at_the_start_by_descent_and_shrunk() {
    let mut duel = duel(Bug::NoKnightMoves);
    let game = Game::new(Variant::Yalta);
    let start = duel.start(&game).unwrap();
    let found = duel.compare(&game, &start, 2).finding.unwrap();
    assert_eq!(found.kind, Kind::MissingMove);
    let mv = found.mv.unwrap();
    assert_eq!(found.setup.pieces[&mv.from()].role, Role::Knight);
    let small = shrink(&mut duel, found, 2, 5000, &BTreeMap::new());
    assert_eq!(small.kind, Kind::MissingMove);
    assert!(small.setup.pieces.len() <= 5, "{}", small.setup.to_text());
    // The oracle says why the knight's move is legal: a knight's move, which keeps to
    // Yalta's rule that a knight changes colour.
    let decided = decide(&small, Reference::First);
    assert!(
        decided.ids.iter().any(|id| id.starts_with("yalta.knight")),
        "{decided:?}"
    );
    let fixture = small.fixture(&decided);
    assert!(fixture["expect"]["legal"].is_string(), "{fixture}");
    assert_eq!(fixture["rules"][0], decided.ids[0].as_str(), "{fixture}");
}

#[test]
fn a_perft_disagreement_is_descended_to_the_first_differing_position() {
    // Hide the knight bug at the root: compare a position where no knight can move now, but
    // one can after a move.
    let mut duel = duel(Bug::NoKnightMoves);
    let game = Game::new(Variant::OSullivan);
    let setup = Setup::parse(Variant::OSullivan, "a1:bK,h1:rK,d8:wK,c3:rN w").unwrap();
    let found = duel.compare(&game, &setup, 2).finding.unwrap();
    assert_eq!(found.kind, Kind::MissingMove);
    assert_eq!(found.path.len(), 1, "descended one move: {:?}", found.path);
    assert_ne!(found.setup, setup);
}

#[test]
fn a_wrong_result_is_a_different_result_row() {
    let f = first_finding(Variant::OSullivan, Bug::NeverEnds, 3);
    assert_eq!(f.kind, Kind::DifferentResult, "{f:?}");
    println!(
        "result bug: {} pieces: {}",
        f.setup.pieces.len(),
        f.setup.to_text()
    );
    assert!(f.fixture(&Decided::default())["expect"]["outcome"].is_object());
}

#[test]
fn a_panicking_engine_is_a_crash_row() {
    let mut duel = duel(Bug::PanicOnQueen);
    let game = Game::new(Variant::Yalta);
    let start = duel.start(&game).unwrap();
    let f = duel.compare(&game, &start, 2).finding.unwrap();
    assert_eq!(f.kind, Kind::Crash);
    assert!(f.b_says.contains("planted panic"), "{}", f.b_says);
    let f = shrink(&mut duel, f, 2, 2000, &BTreeMap::new());
    println!(
        "panic bug: {} pieces: {}",
        f.setup.pieces.len(),
        f.setup.to_text()
    );
    assert!(f.setup.pieces.len() <= 4);
}

#[test]
fn generated_positions_are_valid_for_both_engines_and_repeat_for_a_seed() {
    for variant in Variant::ALL {
        let run = |seed| {
            let mut duel = duel(Bug::None);
            let open = common::open_points(variant);
            let mut choices = Seeded::new(seed);
            let game = random_game(variant, &open, &mut choices);
            let start = duel.start(&game).unwrap();
            let mut generator = Generator::new(game.clone(), vec![start]);
            let mut texts = Vec::new();
            for _ in 0..150 {
                match generator.next(&mut duel, &mut choices).unwrap() {
                    Step::Position(p) => {
                        assert_eq!(duel.both_accept(&game, &p), Some(true));
                        let compared = duel.compare(&game, &p, 1);
                        assert_eq!(compared.finding, None, "{variant}");
                        texts.push(p.to_text());
                    }
                    Step::Finding(f) => panic!("{variant}: {f:?}"),
                }
            }
            texts
        };
        let a = run(11);
        assert_eq!(a, run(11), "{variant}: not deterministic");
        assert_ne!(a, run(12));
    }
}

#[test]
fn choices_stay_in_range() {
    let mut c = Seeded::new(0);
    assert!((0..1000).all(|_| c.below(7) < 7));
    assert_eq!(c.below(0), 0);
}

/// The oracle, but it names every problem it refuses a position for with one wrong kind.
#[derive(Debug, Default)]
struct Relabelled;

impl Engine for Relabelled {
    fn name(&self) -> String {
        "relabelled".into()
    }
    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        Oracle.supports(game)
    }
    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        Oracle.start(game)
    }
    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        Oracle.check(game, setup).map_err(|e| match e {
            EngineError::InvalidPosition(mut refused) => {
                for problem in &mut refused.problems {
                    problem.kind = ProblemKind::PawnOnImpossibleRank;
                }
                EngineError::InvalidPosition(refused)
            }
            other => other,
        })
    }
    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        Oracle.legal_moves(game, setup)
    }
    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        Oracle.play(game, setup, mv)
    }
    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        Oracle.perft(game, setup, depth)
    }
    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        Oracle.outcome(game, setup)
    }
}

#[test]
fn refusals_for_different_kinds_of_problem_are_a_difference() {
    let game = Game::new(Variant::OSullivan);
    let two_kings = Setup::parse(Variant::OSullivan, "a1:bK,a2:bK,d8:wK,h1:rK w").unwrap();
    let oracle = || Box::new(Oracle) as Box<dyn Engine>;

    let mut relabelled = Duel::new(
        Box::new(oracle),
        Box::new(|| Box::new(Relabelled) as Box<dyn Engine>),
    );
    assert_eq!(relabelled.both_accept(&game, &two_kings), None);
    let found = relabelled.compare(&game, &two_kings, 1).finding.unwrap();
    assert_eq!(found.kind, Kind::DifferentValidity);
    assert!(found.a_says.contains("too-many-royals"), "{}", found.a_says);
    assert!(
        found.b_says.contains("pawn-on-impossible-rank"),
        "{}",
        found.b_says
    );
    let fixture = found.fixture(&Decided::default());
    assert_eq!(
        fixture["expect"],
        serde_json::json!({"invalid": {"position": ["too-many-royals"]}})
    );

    // The same kinds, or an engine that does not classify its problems: no difference.
    let mut same = Duel::new(Box::new(oracle), Box::new(oracle));
    assert_eq!(same.both_accept(&game, &two_kings), Some(false));
    assert!(same.compare(&game, &two_kings, 1).finding.is_none());
    let mut unclassified = Duel::new(
        Box::new(oracle),
        Box::new(|| Box::new(Fast::default()) as Box<dyn Engine>),
    );
    assert!(unclassified.compare(&game, &two_kings, 1).finding.is_none());
}

/// An engine that answers the same question two ways: the oracle's answers, but every fifth
/// time it is asked for the legal moves it leaves the last one out.
#[derive(Default)]
struct Flaky {
    asked: u64,
}

impl Engine for Flaky {
    fn name(&self) -> String {
        "flaky".into()
    }
    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        Oracle.supports(game)
    }
    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        Oracle.start(game)
    }
    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        Oracle.check(game, setup)
    }
    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        self.asked += 1;
        let mut moves = Oracle.legal_moves(game, setup)?;
        if self.asked.is_multiple_of(5) {
            moves.pop();
        }
        Ok(moves)
    }
    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        Oracle.play(game, setup, mv)
    }
    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        Oracle.perft(game, setup, depth)
    }
    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        Oracle.outcome(game, setup)
    }
}

/// Keeps what a campaign says of the disagreements that did not come back when asked again.
#[derive(Default)]
struct Unconfirmed(Mutex<Vec<(Finding, Option<Finding>)>>);

impl Sink for Unconfirmed {
    fn unconfirmed(&self, discovery: &Discovery, again: Option<&Finding>) -> Flow {
        if let Ok(mut heard) = self.0.lock() {
            heard.push((discovery.shrunk.clone(), again.cloned()));
        }
        Flow::Continue
    }
}

#[test]
fn an_engine_that_answers_two_ways_brings_no_finding() {
    let heard = Unconfirmed::default();
    let report = Campaign::new(&[Variant::OSullivan])
        .positions(1000)
        .seed(1)
        .run_with(
            || Box::new(Oracle) as Box<dyn Engine>,
            || Box::new(Flaky::default()) as Box<dyn Engine>,
            &heard,
        )
        .expect("both play O'Sullivan");
    assert!(report.findings.is_empty(), "{report}");
    let heard = heard.0.into_inner().expect("not poisoned");
    assert!(!heard.is_empty(), "the flaky answers were met");
    assert_eq!(report.runs[0].unconfirmed, heard.len() as u64);
    for (first, again) in &heard {
        assert_eq!(first.kind, Kind::MissingMove, "{first}");
        // A fresh engine is asked once for the moves: it lists them all.
        assert!(again.is_none(), "{again:?}");
    }
    // A planted bug comes back when asked again: it is a finding.
    let f = first_finding(Variant::OSullivan, Bug::NoKnightMoves, 1);
    assert_eq!(duel(Bug::NoKnightMoves).recheck(&f), Again::Same);
}

/// The oracle, but it does not play positions with castling rights (`unsupported`), as an
/// engine that cannot hold some state answers.
#[derive(Debug, Default)]
struct NoCastlingRights;

impl Engine for NoCastlingRights {
    fn name(&self) -> String {
        "no-castling-rights".into()
    }
    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        Oracle.supports(game)
    }
    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        Oracle.start(game)
    }
    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        if setup.castling.is_empty() {
            Oracle.check(game, setup)
        } else {
            Err(EngineError::Unsupported("castling rights".into()))
        }
    }
    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        self.check(game, setup)?;
        Oracle.legal_moves(game, setup)
    }
    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        self.check(game, setup)?;
        Oracle.play(game, setup, mv)
    }
    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        self.check(game, setup)?;
        Oracle.perft(game, setup, depth)
    }
    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        self.check(game, setup)?;
        Oracle.outcome(game, setup)
    }
}

#[test]
fn a_position_an_engine_does_not_play_is_not_compared() {
    let game = Game::new(Variant::OSullivan);
    let oracle = || Box::new(Oracle) as Box<dyn Engine>;
    let mut duel = Duel::new(
        Box::new(oracle),
        Box::new(|| Box::new(NoCastlingRights) as Box<dyn Engine>),
    );
    // A valid position with a castling right, and an invalid one (a right without its rook):
    // neither is a disagreement on validity, and neither is walked from.
    for text in [
        "a1:bK,d8:wK,b8:wR,h1:rK w castling=b8",
        "a1:bK,d8:wK,h1:rK w castling=b8",
    ] {
        let setup = Setup::parse(Variant::OSullivan, text).unwrap();
        assert_eq!(duel.both_accept(&game, &setup), Some(false), "{text}");
        assert_eq!(duel.compare(&game, &setup, 1).finding, None, "{text}");
    }
    let plain = Setup::parse(Variant::OSullivan, "a1:bK,d8:wK,b8:wR,h1:rK w").unwrap();
    assert_eq!(duel.both_accept(&game, &plain), Some(true));
}

/// The fuzz target `engines_same_positions` holds where the engines play a move to the same
/// position, and fails, quoting the reference's text form, where the other keeps other
/// state: the engine that records no en passant right, on the double steps of Yalta's start
/// (the single steps and the pieces' moves reach the same positions).
#[test]
fn engines_same_positions_fails_where_one_engine_plays_to_another_position() {
    let harness = |bug: Bug| {
        Harness::new(
            || Box::new(Oracle) as Box<dyn Engine>,
            move || Box::new(Broken::new(bug)) as Box<dyn Engine>,
        )
        .expect("the built-in suite")
    };
    let (mut agreeing, mut planted) = (harness(Bug::None), harness(Bug::EnPassantForgotten));
    let game = Game::new(Variant::Yalta);
    let start = Oracle.start(&game).expect("the start");
    let mut failed = 0;
    for mv in Oracle
        .legal_moves(&game, &start)
        .expect("the start's moves")
    {
        let case = Case::Position {
            target: Target::EnginesSamePositions,
            game: game.clone(),
            setup: start.clone(),
            mv: Some(mv),
            first_says: None,
        };
        assert_eq!(agreeing.check(&case), Ok(()), "{mv}");
        let played = Oracle.play(&game, &start, mv).expect("a legal move plays");
        let double_step = played.en_passant.is_some();
        match planted.check(&case) {
            Ok(()) => assert!(!double_step, "{mv} leaves an en passant right"),
            Err(failure) => {
                assert!(double_step, "{mv}: {failure}");
                let forgotten = Setup {
                    en_passant: None,
                    ..played.clone()
                };
                for says in [played.to_text(), forgotten.to_text()] {
                    let said = |l: &str| l.ends_with(&format!("says: {says}"));
                    assert!(failure.what.lines().any(said), "{failure}");
                }
                failed += 1;
            }
        }
    }
    assert!(failed > 0, "no double step among the start's moves");
}
