//! The readings of the open points and the planted mutant's switches, as the generator reads
//! them.

use crate::mutant::{Mutant, Switch};

/// yuri.stalemate: who wins when the player to move has no legal move and is not in check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Stalemate {
    /// Nobody: the game is drawn (rule zero, FIDE 5.2.1).
    #[default]
    Draw,
    /// White, whoever is stalemated.
    WhiteWins,
    /// The player who made the last move, the seat before the stalemated one.
    MoverWins,
}

/// The readings chosen for the open points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Rules<Sw> {
    /// yuri.pawns = away-from-diagonal.
    pub away: bool,
    /// yuri.double-step = first-move.
    pub double: bool,
    /// yuri.king-onto-king = into-check.
    pub into_check: bool,
    /// yuri.stalemate.
    pub stalemate: Stalemate,
    /// yuri.mate-timing = immediately: after every move each King is judged, whoever's turn
    /// it is.
    pub mate_at_once: bool,
    /// The rules bug planted on purpose, if any, as the switch of the rule it breaks.
    pub bugs: Bugs<Sw>,
}

/// The rules a planted [`Mutant`] breaks, each a switch the generator reads as it reads the
/// readings; all off without a mutant, and [`Off`](crate::mutant::Off) in the engine without
/// any. (The mutant pawns-other-reading swaps the reading of yuri.pawns instead.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bugs<Sw> {
    /// yuri.white-no-repeat broken: White may bring back an earlier board.
    pub white_repeats: Sw,
    /// yuri.check broken: a pinned piece may leave the line when the King is not in check.
    pub pins_ignored: Sw,
    /// yuri.shared-square broken: the White and Black Kings may not meet.
    pub no_meeting: Sw,
    /// yuri.kings-no-capture broken: a King may take a King it does not meet.
    pub king_takes_king: Sw,
    /// yuri.red-wins broken: a mate of Red's own King is Black's win.
    pub red_own_mate_loses: Sw,
}

impl<Sw: Switch> Bugs<Sw> {
    /// The switches of a planted mutant.
    pub(super) fn of(mutant: Option<Mutant>) -> Bugs<Sw> {
        let is = |m: Mutant| Sw::of(mutant, m);
        Bugs {
            white_repeats: is(Mutant::YuriWhiteRepeats),
            pins_ignored: is(Mutant::YuriPinsIgnored),
            no_meeting: is(Mutant::YuriSharedSquareRefused),
            king_takes_king: is(Mutant::YuriKingCapturesKing),
            red_own_mate_loses: is(Mutant::YuriRedOwnMateLoses),
        }
    }
}
