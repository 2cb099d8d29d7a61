//! The oracle as an [`Engine`] of the fixture runner.

use trichess_model::{Engine, EngineError, Game, Move, Outcome, Setup, Survey};

use crate::{Position, Rules, rules_for};

/// The oracle, plugged into the fixture runner.
#[derive(Clone, Copy, Debug, Default)]
pub struct Oracle;

fn rules(game: &Game) -> Result<Box<dyn Rules>, EngineError> {
    rules_for(game).map_err(|e| EngineError::Unsupported(e.to_string()))
}

fn position(rules: &dyn Rules, setup: &Setup) -> Result<Position, EngineError> {
    rules
        .validate(setup.clone())
        .map_err(EngineError::InvalidPosition)
}

impl Engine for Oracle {
    fn name(&self) -> String {
        "oracle".into()
    }

    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        rules(game).map(|_| ())
    }

    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        Ok(rules(game)?.start().into_setup())
    }

    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        position(rules(game)?.as_ref(), setup).map(|_| ())
    }

    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        let rules = rules(game)?;
        Ok(rules.legal_moves(&position(rules.as_ref(), setup)?))
    }

    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        let rules = rules(game)?;
        let position = position(rules.as_ref(), setup)?;
        rules
            .play(&position, mv)
            .map(Position::into_setup)
            .map_err(|e| EngineError::IllegalMove(e.to_string()))
    }

    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        let rules = rules(game)?;
        let position = position(rules.as_ref(), setup)?;
        Ok(crate::perft(rules.as_ref(), &position, depth))
    }

    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        let rules = rules(game)?;
        Ok(rules.outcome(&position(rules.as_ref(), setup)?))
    }

    /// Validates the position once, then plays each legal move just listed (so each needs no
    /// check of its own: the contract of the crate's unchecked `apply`).
    fn survey(&mut self, game: &Game, setup: &Setup) -> Result<Survey, EngineError> {
        let rules = rules(game)?;
        let position = position(rules.as_ref(), setup)?;
        let moves = rules
            .legal_moves(&position)
            .into_iter()
            .map(|mv| (mv, Ok(rules.apply(&position, mv).into_setup())))
            .collect();
        Ok(Survey {
            outcome: Ok(rules.outcome(&position)),
            moves: Ok(moves),
        })
    }
}
