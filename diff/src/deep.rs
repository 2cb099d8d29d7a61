//! How deep a run went: counts of the positions played in the states where the rules are
//! most special (an army left without its king, a mate not yet final, a player out, a pawn
//! promoted by the seat that took its army over, a game over), so that a run can say whether
//! it reached them at all.

use std::fmt;

use serde::Serialize;
use trichess_model::{Move, Outcome, Role, Seat, Setup};

/// Counts of positions by the deep states they are in (a position may be in several); see
/// each field. A campaign counts the positions its walks reach by play from the start of the
/// game, so that a state counts only where the game's own moves led to it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DeepStates {
    /// Positions counted.
    pub positions: u64,
    /// Positions where an army has pieces on the board but no royal piece: taken over by
    /// its mater (Yalta) or dead (O'Sullivan).
    pub army_without_king: u64,
    /// Positions with a mate not yet final (Yalta under `yalta.mate-final=after-left-player`).
    pub pending_mate: u64,
    /// Positions where a seat has no royal piece left: a player out of the game.
    pub player_out: u64,
    /// Positions reached by a pawn's promotion played by a seat other than the pawn's own:
    /// a taken-over pawn promoted.
    pub taken_over_promotion: u64,
    /// Positions where the game is over (the first engine's result: a win or a draw).
    pub game_over: u64,
}

impl DeepStates {
    /// Counts `setup`, reached from `before` by `mv` where it was
    /// reached by a move; `outcome` is its result as the first engine gives it, if known.
    pub fn count(
        &mut self,
        setup: &Setup,
        before: Option<(&Setup, Move)>,
        outcome: Option<&Outcome>,
    ) {
        self.positions += 1;
        let royal = setup.variant.royal();
        let has_royal = |seat: Seat| {
            setup
                .pieces
                .values()
                .any(|p| p.owner == seat && p.role == royal)
        };
        let has_pieces = |seat: Seat| setup.pieces.values().any(|p| p.owner == seat);
        let out = Seat::ALL.iter().filter(|&&s| !has_royal(s)).count();
        let kingless = Seat::ALL
            .iter()
            .filter(|&&s| !has_royal(s) && has_pieces(s))
            .count();
        let pending = setup.yalta().is_some_and(|y| !y.pending_mate.is_empty());
        let promoted = before.is_some_and(|(b, mv)| taken_over_promotion(b, mv, setup));
        let over =
            outcome.is_some_and(|o| matches!(o, Outcome::Won { .. } | Outcome::Drawn { .. }));
        self.army_without_king += u64::from(kingless > 0);
        self.pending_mate += u64::from(pending);
        self.player_out += u64::from(out > 0);
        self.taken_over_promotion += u64::from(promoted);
        self.game_over += u64::from(over);
    }

    /// Adds another run's counts.
    pub fn add(&mut self, other: &DeepStates) {
        self.positions += other.positions;
        self.army_without_king += other.army_without_king;
        self.pending_mate += other.pending_mate;
        self.player_out += other.player_out;
        self.taken_over_promotion += other.taken_over_promotion;
        self.game_over += other.game_over;
    }

    /// The counts as (name, positions per 10,000 generated), in the order of the fields.
    pub fn per_10k(&self) -> [(&'static str, f64); 5] {
        let per = |n: u64| n as f64 * 10_000.0 / self.positions.max(1) as f64;
        [
            ("army without its king", per(self.army_without_king)),
            ("mate not yet final", per(self.pending_mate)),
            ("player out", per(self.player_out)),
            ("taken-over pawn promoted", per(self.taken_over_promotion)),
            ("game over", per(self.game_over)),
        ]
    }
}

/// Returns true if `mv` from `before` to `after` promoted a pawn of an army other than the
/// mover's own (one the mover took over).
fn taken_over_promotion(before: &Setup, mv: Move, after: &Setup) -> bool {
    let pawn = before.pieces.get(&mv.from());
    let placed = after.pieces.get(&mv.to());
    match (pawn, placed) {
        (Some(p), Some(q)) => {
            p.role == Role::Pawn && q.role != Role::Pawn && p.owner != before.to_move
        }
        _ => false,
    }
}

impl fmt::Display for DeepStates {
    /// "deep states per 10,000 positions: 412 army without its king, ..." (one line).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "deep states per 10,000 positions:")?;
        for (i, (name, per)) in self.per_10k().into_iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{per:.0} {name}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trichess_model::Variant;

    fn yalta(text: &str) -> Setup {
        Setup::parse(Variant::Yalta, text).expect("a position")
    }

    #[test]
    fn the_start_is_in_no_deep_state() {
        let mut deep = DeepStates::default();
        deep.count(
            &yalta("Ae1:rK,Be1:gK,Ce1:bK r"),
            None,
            Some(&Outcome::Ongoing),
        );
        assert_eq!(
            deep,
            DeepStates {
                positions: 1,
                ..DeepStates::default()
            }
        );
    }

    #[test]
    fn a_taken_over_army_is_an_army_without_its_king_and_a_player_out() {
        let mut deep = DeepStates::default();
        deep.count(&yalta("Ad2:rP,Bh1:gK,Ch1:bK b control=r:b"), None, None);
        assert_eq!((deep.army_without_king, deep.player_out), (1, 1));
        assert_eq!((deep.pending_mate, deep.game_over), (0, 0));
    }

    #[test]
    fn a_pending_mate_and_a_won_game_are_counted() {
        let mut deep = DeepStates::default();
        let won = Outcome::Won {
            winner: Seat::A,
            reason: trichess_model::Reason::LastKingStanding,
        };
        deep.count(
            &yalta("Ae1:rK,Be1:gK,Ce1:bK g pending_mate=b"),
            None,
            Some(&won),
        );
        assert_eq!((deep.pending_mate, deep.game_over), (1, 1));
        assert_eq!(deep.player_out, 0);
    }

    #[test]
    fn a_promotion_counts_only_when_the_mover_took_the_pawns_army_over() {
        let before = yalta("Bd2:rP,Bh1:gK,Ch1:bK b control=r:b");
        let mv = Move::parse(Variant::Yalta, "Bd2-Bd1=Q").expect("a move");
        let after = yalta("Bd1:rQ,Bh1:gK,Ch1:bK r control=r:b");
        let mut deep = DeepStates::default();
        deep.count(&after, Some((&before, mv)), None);
        assert_eq!(deep.taken_over_promotion, 1);
        let own = yalta("Bd2:rP,Ae1:rK,Bh1:gK,Ch1:bK r");
        let own_after = yalta("Bd1:rQ,Ae1:rK,Bh1:gK,Ch1:bK g");
        deep.count(&own_after, Some((&own, mv)), None);
        assert_eq!(deep.taken_over_promotion, 1, "Red promoting its own pawn");
    }
}
