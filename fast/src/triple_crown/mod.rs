//! Triple Crown in the fast engine: 150 cells as three 64-bit words, precomputed lines, leaps
//! and pawn tables (built once per Knight reading), copy-make positions, moves into reused
//! buffers and bulk counting at the last ply of perft.
//!
//! Written from the source text and the rule register (`triple-crown.*` clause ids in the doc
//! comments). The starting position is the register's RECONSTRUCTION
//! (`triple-crown.start-array`): the source's setup diagram is missing.

mod bits;
mod convert;
mod geo;
mod position;
mod readings;
mod tables;

#[cfg(test)]
mod tests;

use trichess_model::{Engine, EngineError, Game, Move, Outcome, Reason, Seat, Setup};

use crate::Mutant;
use position::{Ctx, Mv, Pos};
use readings::Readings;
use tables::{NONE, Tables};

/// The fast engine's TripleCrown.
#[derive(Debug, Default)]
pub(crate) struct TripleCrown {
    mutant: Option<Mutant>,
}

impl TripleCrown {
    pub(crate) fn with_mutant(mutant: Option<Mutant>) -> TripleCrown {
        TripleCrown { mutant }
    }
}

/// A validated game and position: the readings, the tables and the internal position with
/// every player en prise to the side to move already taken out.
struct Prepared {
    readings: Readings,
    tables: &'static Tables,
    pos: Pos,
    /// The first player taken out before the side to move moves, or [`NONE`].
    fallen: u8,
}

impl Prepared {
    fn new(game: &Game, setup: &Setup, mutant: Option<Mutant>) -> Result<Prepared, EngineError> {
        let readings = Readings::of(game, mutant)?;
        let problems = convert::problems(setup, &readings);
        if !problems.is_empty() {
            return Err(EngineError::InvalidPosition(problems.join("; ").into()));
        }
        let tables = tables::tables_of(&readings);
        let mut pos = convert::to_pos(setup);
        let ep = [pos.ep[0], pos.ep[1], position::NO_EP];
        let mut fallen = NONE;
        if !pos.over() {
            let ctx = Ctx {
                t: tables,
                r: &readings,
            };
            fallen = pos.remove_en_prise(ctx);
        }
        pos.filter_ep(ep);
        Ok(Prepared {
            readings,
            tables,
            pos,
            fallen,
        })
    }

    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            t: self.tables,
            r: &self.readings,
        }
    }

    fn legal(&self) -> Vec<Mv> {
        let mut out = Vec::new();
        self.pos.legal(self.ctx(), &mut out);
        out
    }
}

/// Counts the move paths of length `depth` from `pos`, with one move buffer per ply.
fn perft_rec(
    ctx: Ctx,
    pos: &Pos,
    depth: usize,
    bufs: &mut [Vec<Mv>],
    scratch: &mut Vec<Mv>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((buf, rest)) = bufs.split_first_mut() else {
        // Deeper than the buffers made up front (see `buffers`): allocate here.
        let mut more = buffers(depth.min(MAX_BUFFERS));
        return perft_rec(ctx, pos, depth, &mut more, scratch);
    };
    pos.legal(ctx, buf);
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut nodes = 0;
    for &m in buf.iter() {
        let mut child = pos.clone();
        child.make(ctx, m, scratch);
        nodes += perft_rec(ctx, &child, depth - 1, rest, scratch);
    }
    nodes
}

/// At most this many move buffers are made at once (a perft deeper than that only runs on in
/// positions whose games end first).
const MAX_BUFFERS: usize = 64;

fn buffers(depth: usize) -> Vec<Vec<Mv>> {
    (0..depth.min(MAX_BUFFERS))
        .map(|_| Vec::with_capacity(128))
        .collect()
}

impl Engine for TripleCrown {
    fn name(&self) -> String {
        "fast".into()
    }

    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        Readings::of(game, self.mutant).map(|_| ())
    }

    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        let readings = Readings::of(game, self.mutant)?;
        Ok(convert::start_setup(
            tables::tables_of(&readings),
            &readings,
        ))
    }

    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        Prepared::new(game, setup, self.mutant).map(|_| ())
    }

    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        let p = Prepared::new(game, setup, self.mutant)?;
        Ok(p.legal()
            .into_iter()
            .map(|m| convert::to_move(m, p.tables))
            .collect())
    }

    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        let p = Prepared::new(game, setup, self.mutant)?;
        let Some(m) = p
            .legal()
            .into_iter()
            .find(|&m| convert::to_move(m, p.tables) == mv)
        else {
            return Err(EngineError::IllegalMove(format!(
                "{mv} is not among the legal moves of seat {}",
                Seat::ALL[p.pos.to_move as usize % 3].letter()
            )));
        };
        let mut pos = p.pos.clone();
        pos.make(p.ctx(), m, &mut Vec::new());
        Ok(convert::to_setup(&pos, p.tables))
    }

    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        let p = Prepared::new(game, setup, self.mutant)?;
        let depth = depth as usize;
        let mut bufs = buffers(depth);
        Ok(perft_rec(
            p.ctx(),
            &p.pos,
            depth,
            &mut bufs,
            &mut Vec::new(),
        ))
    }

    fn perft_divide(
        &mut self,
        game: &Game,
        setup: &Setup,
        depth: u32,
    ) -> Result<Vec<(Move, u64)>, EngineError> {
        let Some(rest) = (depth as usize).checked_sub(1) else {
            return Err(EngineError::Failed(
                "perft divide needs depth 1 or more".into(),
            ));
        };
        let p = Prepared::new(game, setup, self.mutant)?;
        let ctx = p.ctx();
        let mut bufs = buffers(rest);
        let mut scratch = Vec::new();
        let mut rows = Vec::new();
        for m in p.legal() {
            let mut child = p.pos.clone();
            child.make(ctx, m, &mut scratch);
            let n = perft_rec(ctx, &child, rest, &mut bufs, &mut scratch);
            rows.push((convert::to_move(m, p.tables), n));
        }
        rows.sort_by_cached_key(|(mv, _)| mv.to_string());
        Ok(rows)
    }

    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        let p = Prepared::new(game, setup, self.mutant)?;
        let pos = &p.pos;
        let seat = |s: u8| Seat::ALL[s as usize % 3];
        // triple-crown.instant-win.
        if pos.instant_win != NONE {
            return Ok(Outcome::Won {
                winner: seat(pos.instant_win),
                reason: Reason::InstantWin,
            });
        }
        // triple-crown.last-survivor-wins.
        if pos.active_count() <= 1 {
            return Ok(Outcome::Won {
                winner: seat(pos.to_move),
                reason: Reason::LastKingStanding,
            });
        }
        // triple-crown.checkmate-en-prise, first-mated-loses.
        if p.fallen != NONE {
            return Ok(Outcome::Eliminated {
                seat: seat(p.fallen),
                reason: Reason::Checkmate,
            });
        }
        if !p.legal().is_empty() {
            return Ok(Outcome::Ongoing);
        }
        // triple-crown.stalemate.
        if !p.readings.stalemate_out {
            return Ok(Outcome::Drawn {
                reason: Reason::Stalemate,
            });
        }
        if pos.active_count() == 2 {
            let other = (0..3u8)
                .find(|&s| s != pos.to_move && pos.active(s as usize))
                .unwrap_or(pos.to_move);
            return Ok(Outcome::Won {
                winner: seat(other),
                reason: Reason::LastKingStanding,
            });
        }
        Ok(Outcome::Eliminated {
            seat: seat(pos.to_move),
            reason: Reason::Stalemate,
        })
    }
}
