//! The differential run against deliberately wrong engines: a planted disagreement is found,
//! descended to the first differing position, shrunk to few pieces and classified; a panic is a
//! crash row; the real engines agree on generated positions.

use trichess_diff::{Choices, Duel, Finding, Generator, Kind, Seeded, Step, random_game, shrink};
use trichess_fast::Fast;
use trichess_model::{Engine, EngineError, Game, Move, Outcome, ProblemKind, Role, Setup, Variant};
use trichess_oracle::Oracle;

/// The fast engine with one planted bug.
#[derive(Debug, Default)]
struct Broken {
    inner: Fast,
    bug: Bug,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bug {
    #[default]
    None,
    /// Knights never move.
    NoKnightMoves,
    /// Every outcome that is not ongoing is reported as ongoing.
    NeverEnds,
    /// Panics on any position with a queen of seat A... (a queen anywhere).
    PanicOnQueen,
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
        Ok(moves)
    }
    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        self.inner.play(game, setup, mv)
    }
    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        if self.bug == Bug::None {
            return self.inner.perft(game, setup, depth);
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
        Box::new(move || {
            Box::new(Broken {
                inner: Fast::default(),
                bug,
            }) as Box<dyn Engine>
        }),
    )
}

fn first_finding(variant: Variant, bug: Bug, seed: u64) -> Finding {
    let mut duel = duel(bug);
    let game = Game::new(variant);
    let start = duel.start(&game).unwrap();
    let mut generator = Generator::new(game.clone(), vec![start]);
    let mut choices = Seeded::new(seed);
    for _ in 0..2000 {
        match generator.next(&mut duel, &mut choices).unwrap() {
            Step::Finding(f) => return shrink(&mut duel, f, 2, 2000),
            Step::Position(p) => {
                if let Some(f) = duel.compare(&game, &p, 2).finding {
                    return shrink(&mut duel, f, 2, 2000);
                }
            }
        }
    }
    panic!("the planted bug {bug:?} was not found");
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
    let small = shrink(&mut duel, found, 2, 5000);
    assert_eq!(small.kind, Kind::MissingMove);
    assert!(small.setup.pieces.len() <= 5, "{}", small.setup.to_text());
    assert!(small.topics().contains(&"knight"));
    let fixture = small.fixture(&[]);
    assert!(fixture["expect"]["legal"].is_string(), "{fixture}");
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
fn planted_bugs_are_found_and_named_in_every_variant() {
    for variant in Variant::ALL {
        let f = first_finding(variant, Bug::NoKnightMoves, 1);
        assert_eq!(f.kind, Kind::MissingMove, "{variant}: {f:?}");
        println!(
            "{variant} knight bug: {} pieces: {}",
            f.setup.pieces.len(),
            f.setup.to_text()
        );
        assert!(
            f.setup.pieces.len() <= 5,
            "{variant}: {}",
            f.setup.to_text()
        );
    }
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
    assert!(f.fixture(&[])["expect"]["outcome"].is_object());
}

#[test]
fn a_panicking_engine_is_a_crash_row() {
    let mut duel = duel(Bug::PanicOnQueen);
    let game = Game::new(Variant::Yalta);
    let start = duel.start(&game).unwrap();
    let f = duel.compare(&game, &start, 2).finding.unwrap();
    assert_eq!(f.kind, Kind::Crash);
    assert!(f.b_says.contains("planted panic"), "{}", f.b_says);
    let f = shrink(&mut duel, f, 2, 2000);
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
            let open: Vec<(String, Vec<String>)> = trichess_oracle::interpretations(variant)
                .into_iter()
                .map(|i| {
                    (
                        i.id.to_string(),
                        i.readings.iter().map(|r| r.to_string()).collect(),
                    )
                })
                .collect();
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
    let fixture = found.fixture(&[]);
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
