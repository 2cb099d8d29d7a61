//! The one perft of the fast engine, for every variant: copy-make down the tree, a move buffer
//! per ply reused across calls, and the last ply counted in bulk (never played).

use trichess_model::{EngineError, Move};

use crate::engine::Rules;
use crate::types::Mv;

/// Reused move buffers, one per ply.
#[derive(Debug, Default)]
pub(crate) struct Buffers(Vec<Vec<Mv>>);

impl Buffers {
    /// Lends the buffer of `ply` (made on first use); [`Buffers::give`] returns it.
    #[inline]
    fn take(&mut self, ply: usize) -> Vec<Mv> {
        while self.0.len() <= ply {
            self.0.push(Vec::with_capacity(256));
        }
        std::mem::take(&mut self.0[ply])
    }

    #[inline]
    fn give(&mut self, ply: usize, v: Vec<Mv>) {
        self.0[ply] = v;
    }
}

/// Counts the move paths of length `depth` from `pos`, whose legal moves are `moves`.
/// `ply` is the depth of `pos` in the tree (the index of the buffers its children use).
pub(crate) fn count<R: Rules>(
    rules: &R,
    walk: &mut R::Walk,
    pos: &R::Pos,
    moves: &[Mv],
    depth: u32,
    bufs: &mut Buffers,
    ply: usize,
) -> u64 {
    match depth {
        0 => return 1,
        1 => return moves.len() as u64,
        _ => {}
    }
    let mut buf = bufs.take(ply);
    rules.enter(walk, pos);
    let mut nodes = 0;
    for &mv in moves {
        nodes += if depth == 2 {
            rules.count_after(walk, pos, mv, &mut buf)
        } else {
            let child = rules.child(walk, pos, mv, &mut buf);
            count(rules, walk, &child, &buf, depth - 1, bufs, ply + 1)
        };
    }
    rules.leave(walk);
    bufs.give(ply, buf);
    nodes
}

/// The plies a perft divide leaves after its first move: a divide needs depth 1 or more (as
/// the trait's default `Engine::perft_divide` says).
pub(crate) fn divide_rest(depth: u32) -> Result<u32, EngineError> {
    depth
        .checked_sub(1)
        .ok_or_else(|| EngineError::Failed("perft divide needs depth 1 or more".into()))
}

/// The count of each legal move of `pos` (its moves `moves`) to `rest` more plies, as
/// `Engine::perft_divide` gives it: by the move's name, sorted by move text.
pub(crate) fn divide<R: Rules>(
    rules: &R,
    walk: &mut R::Walk,
    pos: &R::Pos,
    moves: &[Mv],
    rest: u32,
    bufs: &mut Buffers,
) -> Vec<(Move, u64)> {
    let mut buf = bufs.take(0);
    rules.enter(walk, pos);
    let mut rows = Vec::with_capacity(moves.len());
    for &mv in moves {
        let nodes = if rest == 0 {
            1
        } else {
            let child = rules.child(walk, pos, mv, &mut buf);
            count(rules, walk, &child, &buf, rest, bufs, 1)
        };
        if let Some(name) = rules.name(mv) {
            rows.push((name, nodes));
        }
    }
    rules.leave(walk);
    bufs.give(0, buf);
    rows.sort_by_cached_key(|(mv, _)| mv.to_string());
    rows
}
