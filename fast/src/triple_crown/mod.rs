//! Triple Crown in the fast engine: 150 cells as three 64-bit words, precomputed lines, leaps
//! and pawn tables (built once per Knight reading), copy-make positions, moves into reused
//! buffers and bulk counting at the last ply of perft.
//!
//! Written from the source text and the rule register (`triple-crown.*` clause ids in the doc
//! comments). The starting position is the register's RECONSTRUCTION
//! (`triple-crown.start-array`): the source's setup diagram is missing.

mod bits;

mod board;
mod castling;
mod check;
mod options;
mod pawns;
mod pieces;
mod promotion;
mod tables;
mod turn;
mod validate;

#[cfg(test)]
mod tests;

use trichess_model::{EngineError, Game, InvalidPosition, Move, Outcome, Reason, Setup};

use crate::engine;
use crate::mutant::{Mutant, Switch};
use crate::sink::Count;
use crate::types::Seat;
use board::{Ctx, Pos};
use options::Readings;
use tables::Tables;
use turn::Mv;

/// Triple Crown's rules under a game's readings, with the tables they pick and the switches
/// `Sw` of a planted mutant.
#[derive(Debug)]
pub(crate) struct TripleCrown<Sw> {
    readings: Readings<Sw>,
    tables: &'static Tables,
}

impl<Sw: Switch> TripleCrown<Sw> {
    fn ctx(&self) -> Ctx<'_, Sw> {
        Ctx {
            t: self.tables,
            r: &self.readings,
        }
    }
}

/// The position after `m` as `Engine::play` writes it and the next method reads it back.
/// Under `triple-crown.en-prise-chain` = once an Emperor that a removal uncovered when the
/// turn passed is still on the board, en prise to the side to move; reading the written
/// position takes it out (a position cannot say it was judged already). Under repeat the
/// reading changes nothing.
fn played(ctx: Ctx<impl Switch>, pos: &Pos, m: Mv, scratch: &mut Vec<Mv>) -> Pos {
    let mut child = pos.clone();
    child.make(ctx, m, scratch);
    if !ctx.r.chain_repeats {
        child.judge_as_written(ctx);
    }
    child
}

impl<Sw: Switch> engine::Rules for TripleCrown<Sw> {
    /// The position with every player en prise to the side to move already taken out, and
    /// the first player so taken out, if any.
    type Root = (Pos, Option<Seat>);
    type Pos = Pos;
    /// Scratch space for the moves a move's turn passing looks at.
    type Walk = Vec<Mv>;

    fn readings(game: &Game, mutant: Option<Mutant>) -> Result<TripleCrown<Sw>, EngineError> {
        let readings = Readings::of(game, mutant)?;
        let tables = tables::tables_of(&readings);
        Ok(TripleCrown { readings, tables })
    }

    fn start(&self) -> Setup {
        validate::start_setup(self.tables, &self.readings)
    }

    fn import(&self, setup: &Setup) -> Result<(Pos, Option<Seat>), EngineError> {
        let problems = validate::problems(setup, &self.readings);
        if !problems.is_empty() {
            return Err(EngineError::InvalidPosition(InvalidPosition { problems }));
        }
        let mut pos = validate::to_pos(setup);
        let fallen = pos.judge_as_written(self.ctx());
        Ok((pos, fallen))
    }

    fn walk(&self, (pos, _): &(Pos, Option<Seat>)) -> (Vec<Mv>, Pos) {
        (Vec::new(), pos.clone())
    }

    #[inline]
    fn moves(&self, _: &mut Vec<Mv>, pos: &Pos, out: &mut Vec<Mv>) {
        pos.legal(self.ctx(), out);
    }

    #[inline]
    fn child(&self, scratch: &mut Vec<Mv>, pos: &Pos, mv: Mv, out: &mut Vec<Mv>) -> Pos {
        let child = played(self.ctx(), pos, mv, scratch);
        child.legal(self.ctx(), out);
        child
    }

    /// Counts the child's moves without listing them.
    #[inline]
    fn count_after(&self, scratch: &mut Vec<Mv>, pos: &Pos, mv: Mv, _: &mut Vec<Mv>) -> u64 {
        let mut n = Count::default();
        played(self.ctx(), pos, mv, scratch).legal_into(self.ctx(), &mut n);
        n.0 as u64
    }

    fn name(&self, mv: Mv) -> Option<Move> {
        Some(validate::to_move(mv, self.tables))
    }

    fn play(&self, (pos, _): &(Pos, Option<Seat>), _: &Setup, mv: Mv) -> Setup {
        let mut pos = pos.clone();
        pos.make(self.ctx(), mv, &mut Vec::new());
        validate::to_setup(&pos, self.tables)
    }

    fn outcome(&self, (pos, fallen): &(Pos, Option<Seat>), _: &Setup) -> Outcome {
        // triple-crown.instant-win.
        if let Some(winner) = pos.instant_win {
            return Outcome::Won {
                winner: winner.model(),
                reason: Reason::InstantWin,
            };
        }
        // triple-crown.last-survivor-wins.
        if pos.active_count() <= 1 {
            return Outcome::Won {
                winner: pos.to_move.model(),
                reason: Reason::LastKingStanding,
            };
        }
        // triple-crown.checkmate-en-prise, first-mated-loses.
        if let Some(fallen) = fallen {
            return Outcome::Eliminated {
                seat: fallen.model(),
                reason: Reason::Checkmate,
            };
        }
        let mut moves = Vec::new();
        pos.legal(self.ctx(), &mut moves);
        if !moves.is_empty() {
            return Outcome::Ongoing;
        }
        // triple-crown.stalemate.
        if !self.readings.stalemate_out {
            return Outcome::Drawn {
                reason: Reason::Stalemate,
            };
        }
        if pos.active_count() == 2 {
            let other = Seat::ALL
                .into_iter()
                .find(|&s| s != pos.to_move && pos.active(s))
                .unwrap_or(pos.to_move);
            return Outcome::Won {
                winner: other.model(),
                reason: Reason::LastKingStanding,
            };
        }
        Outcome::Eliminated {
            seat: pos.to_move.model(),
            reason: Reason::Stalemate,
        }
    }
}
