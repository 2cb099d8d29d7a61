//! OSullivan in the fast engine (not written yet: every game is refused as unsupported).

use trichess_model::{Engine, EngineError, Game, Move, Outcome, Setup};

/// The fast engine's OSullivan.
#[derive(Debug, Default)]
pub(crate) struct OSullivan;

fn not_yet() -> EngineError {
    EngineError::Unsupported("the fast engine does not play OSullivan yet".into())
}

impl Engine for OSullivan {
    fn name(&self) -> String {
        "fast".into()
    }

    fn supports(&self, _: &Game) -> Result<(), EngineError> {
        Err(not_yet())
    }

    fn start(&mut self, _: &Game) -> Result<Setup, EngineError> {
        Err(not_yet())
    }

    fn check(&mut self, _: &Game, _: &Setup) -> Result<(), EngineError> {
        Err(not_yet())
    }

    fn legal_moves(&mut self, _: &Game, _: &Setup) -> Result<Vec<Move>, EngineError> {
        Err(not_yet())
    }

    fn play(&mut self, _: &Game, _: &Setup, _: Move) -> Result<Setup, EngineError> {
        Err(not_yet())
    }

    fn perft(&mut self, _: &Game, _: &Setup, _: u32) -> Result<u64, EngineError> {
        Err(not_yet())
    }

    fn outcome(&mut self, _: &Game, _: &Setup) -> Result<Outcome, EngineError> {
        Err(not_yet())
    }
}
