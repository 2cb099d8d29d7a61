//! Reading inference: an engine that plays readings of its own, whatever a game asks, is
//! inferred to follow them, each point settled from the fixtures that name it once the other
//! points those fixtures name are known.

use std::collections::BTreeMap;

use trichess_diff::infer::infer;
use trichess_fast::Fast;
use trichess_model::{Engine, EngineError, Game, Move, Outcome, Setup, Variant};
use trichess_suite::{Fixture, Suite};

/// The fast engine playing `forced` readings whatever the game says (as an engine that knows
/// no readings does), and accepting every reading it is asked for.
struct Stubborn {
    fast: Fast,
    forced: Vec<(&'static str, &'static str)>,
}

impl Stubborn {
    fn game(&self, game: &Game) -> Game {
        let mut own = game.clone();
        for (id, reading) in &self.forced {
            own.interpretations
                .insert(id.to_string(), reading.to_string());
        }
        own
    }
}

impl Engine for Stubborn {
    fn name(&self) -> String {
        "stubborn".into()
    }
    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        self.fast.supports(&self.game(game))
    }
    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        let game = self.game(game);
        self.fast.start(&game)
    }
    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        let game = self.game(game);
        self.fast.check(&game, setup)
    }
    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        let game = self.game(game);
        self.fast.legal_moves(&game, setup)
    }
    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        let game = self.game(game);
        self.fast.play(&game, setup, mv)
    }
    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        let game = self.game(game);
        self.fast.perft(&game, setup, depth)
    }
    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        let game = self.game(game);
        self.fast.outcome(&game, setup)
    }
}

fn leak(text: &str) -> &'static str {
    Box::leak(text.to_string().into_boxed_str())
}

fn inferred(
    variant: Variant,
    forced: Vec<(&'static str, &'static str)>,
) -> BTreeMap<String, String> {
    let suite = Suite::embedded().expect("the suite loads");
    let fixtures: Vec<&Fixture> = suite
        .fixtures
        .iter()
        .filter(|f| f.variant == variant)
        .collect();
    let points = trichess_suite::open_points(variant).expect("the register reads");
    let mut engine = Stubborn {
        fast: Fast::default(),
        forced,
    };
    infer(
        &mut engine,
        points,
        &BTreeMap::new(),
        &BTreeMap::new(),
        &fixtures,
    )
    .into_iter()
    .map(|m| {
        assert!(!m.verdict.is_empty(), "{m:?}");
        println!("{}", m.verdict);
        (m.point, m.chosen)
    })
    .collect()
}

#[test]
fn another_turn_order_and_en_passant_window_are_inferred_together() {
    let cases = [
        (Variant::OSullivan, "white-black-red", "next-player"),
        (Variant::OSullivan, "white-black-red", "both-opponents"),
        (Variant::Yalta, "red-blue-green", "next-player"),
        (Variant::Yalta, "red-blue-green", "both-opponents"),
        (Variant::TripleCrown, "a-c-b", "both-enemies"),
        (Variant::TripleCrown, "a-c-b", "next-player"),
    ];
    for (variant, order, window) in cases {
        let turn = leak(&format!("{variant}.turn-order"));
        let en_passant = leak(&format!("{variant}.en-passant-window"));
        let chosen = inferred(variant, vec![(turn, order), (en_passant, window)]);
        assert_eq!(
            chosen[turn], order,
            "{variant} {order} {window}: {chosen:?}"
        );
        assert_eq!(
            chosen[en_passant], window,
            "{variant} {order} {window}: {chosen:?}"
        );
    }
}

#[test]
fn the_defaults_are_inferred_for_an_engine_that_plays_them() {
    for variant in Variant::ALL {
        let points = trichess_suite::open_points(variant).expect("the register reads");
        let defaults = points
            .iter()
            .map(|p| (leak(&p.id), leak(p.default_reading())))
            .collect();
        let chosen = inferred(variant, defaults);
        for point in points {
            assert_eq!(chosen[&point.id], point.default_reading(), "{variant}");
        }
    }
}
