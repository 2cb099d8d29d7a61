//! How the game ends: a King mated before its turn comes (yuri.mate-timing = immediately).

use super::board::{NONE, Pos};
use super::history::Snap;
use super::turn::{Gen, Mv};
use crate::mutant::Switch;
use crate::types::Seat;

impl<Sw: Switch> Gen<'_, Sw> {
    /// yuri.mate-timing = immediately: the army, other than the side to move, whose King is
    /// in check and which, were it its turn, would have no legal move (the game is then
    /// over, Red's win). The side to move's own mate is judged on its turn as always. `out`
    /// serves as scratch space and is left as it was.
    pub(super) fn mated_off_turn(&self, p: &Pos, hist: &[Snap], out: &mut Vec<Mv>) -> Option<Seat> {
        let start = out.len();
        Seat::ALL.into_iter().find(|&army| {
            if army == p.to_move || !p.army_in_check(self.t, army) {
                return false;
            }
            // Its turn: the en passant right is only the next player's.
            let mut q = *p;
            q.to_move = army;
            q.ep = NONE;
            q.ep_pawn = NONE;
            self.turn_moves(&q, hist, out);
            let none = out.len() == start;
            out.truncate(start);
            none
        })
    }
}
