//! The [`Engine`] trait every engine implements (the oracle, the fast engine, an external one
//! through the protocol, a wrapper in another crate's tests), and the [`Game`] it is asked
//! about.

use std::collections::BTreeMap;

use crate::{InvalidPosition, Move, Outcome, Setup, Variant};

/// A variant and the readings chosen for its open points (interpretation id -> reading; an
/// interpretation left out takes its default).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The variant played.
    pub variant: Variant,
    /// The chosen reading of each open point, by interpretation id (`osullivan.stalemate` ->
    /// `out`); an open point left out takes its default.
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

/// The deepest perft a fixture, `trichess perft` or `trichess bench` may ask for: the engines
/// recurse once per ply, and deeper counts would take years on every variant.
pub const MAX_PERFT_DEPTH: u32 = 12;
