//! A stand-in for someone else's Yalta engine: it plays Yalta only, through
//! [`trichess_model::Engine`], by wrapping trichess's fast engine. With the feature
//! `planted-bug` it forgets en passant: a pawn never captures onto an empty cell.

use trichess_fast::Fast;
use trichess_model::{
    Engine, EngineError, Game, Move, Outcome, Role, Setup, Variant, VariantState,
};

/// The engine under test.
#[derive(Debug, Default)]
pub struct Theirs(Fast);

/// Returns true if `mv` is an en passant capture in `setup`: a pawn moving onto an empty cell
/// that a double step passed over.
fn en_passant(setup: &Setup, mv: Move) -> bool {
    let earlier = match &setup.state {
        VariantState::Yalta(state) => state.en_passant_earlier,
        _ => None,
    };
    setup
        .pieces
        .get(&mv.from())
        .is_some_and(|p| p.role == Role::Pawn)
        && [setup.en_passant, earlier].contains(&Some(mv.to()))
}

impl Engine for Theirs {
    fn name(&self) -> String {
        "third-party".into()
    }

    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        if game.variant != Variant::Yalta {
            return Err(EngineError::Unsupported(format!(
                "plays yalta, not {}",
                game.variant
            )));
        }
        self.0.supports(game)
    }

    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        self.0.start(game)
    }

    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        self.0.check(game, setup)
    }

    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        let moves = self.0.legal_moves(game, setup)?;
        if cfg!(feature = "planted-bug") {
            return Ok(moves
                .into_iter()
                .filter(|&m| !en_passant(setup, m))
                .collect());
        }
        Ok(moves)
    }

    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        if !self.legal_moves(game, setup)?.contains(&mv) {
            return Err(EngineError::IllegalMove(format!("{mv} is not legal here")));
        }
        self.0.play(game, setup, mv)
    }

    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        if depth == 0 {
            return Ok(1);
        }
        let mut nodes = 0;
        for mv in self.legal_moves(game, setup)? {
            let after = self.0.play(game, setup, mv)?;
            nodes += self.perft(game, &after, depth - 1)?;
        }
        Ok(nodes)
    }

    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        self.0.outcome(game, setup)
    }
}
