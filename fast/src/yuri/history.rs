//! Board states, and White's rule against bringing one back (yuri.white-no-repeat).

use super::board::{Pos, WHITE};
use super::turn::{Ctx, Mv};
use crate::mutant::Switch;
use crate::sink::Sink;

/// What stands on the board: a board state (yuri.white-no-repeat) is exactly this.
pub(super) type Snap = [u64; 9];

/// Board states of the earlier turns, oldest first.
pub(super) type History = Vec<Snap>;

impl Pos {
    /// The board state.
    #[inline]
    pub(super) fn snap(&self) -> Snap {
        let [a, b, c] = self.army;
        let [k, q, r, bi, n, p] = self.role;
        [a, b, c, k, q, r, bi, n, p]
    }
}

/// yuri.white-no-repeat, a sieve before the exact test: a White move from `f` to `t` can only
/// bring back an earlier board whose White pieces are `own` less `f` plus `t`. Returns the
/// cells such moves start from and those they end on (none if no earlier board qualifies).
pub(super) fn repeat_candidates(own: u64, hist: &[Snap]) -> (u64, u64) {
    let (mut from, mut to) = (0, 0);
    for snap in hist {
        let d = snap[WHITE.index()] ^ own;
        if d.count_ones() == 2 && (d & own).count_ones() == 1 {
            from |= d & own;
            to |= d & !own;
        }
    }
    (from, to)
}

impl<S: Sink<Mv>, Sw: Switch> Ctx<'_, '_, S, Sw> {
    /// yuri.white-no-repeat: a White move may not bring back the board of an earlier turn.
    #[inline]
    pub(super) fn push_unrepeated(&mut self, m: Mv) {
        if self.rep_from & (1 << m.from) != 0
            && self.rep_to & (1 << m.to) != 0
            && repeats(self.p, m, self.hist)
        {
            return;
        }
        self.out.push(m);
    }
}

/// Whether the board after `m` equals one in `hist`.
pub(super) fn repeats(p: &Pos, m: Mv, hist: &[Snap]) -> bool {
    hist.contains(&p.after(m).snap())
}
