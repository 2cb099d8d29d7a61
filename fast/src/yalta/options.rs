//! The readings of the open points and the planted mutant's switches, as the generator reads
//! them.

use super::tables::Tables;
use crate::mutant::{Mutant, Switch};
use crate::types::Seat;

/// `yalta.takeover-promotion`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Promo {
    Sacrifice,
    AnyCapture,
    AsUsual,
}

/// The readings in force, with the tables they need.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rules<Sw> {
    pub(super) t: &'static Tables,
    /// `yalta.turn-order`: the seat that moves after each seat.
    pub(super) next: [Seat; 3],
    pub(super) ep_both: bool,
    pub(super) after_left: bool,
    pub(super) promo: Promo,
    pub(super) uncovered_first: bool,
    pub(super) stalemate_pass: bool,
    /// `yalta.exposed-king` = capture: an enemy king attacked when one's turn comes may be
    /// taken.
    pub(super) king_capture: bool,
    /// `yalta.captured-king-army` = hostile: a taken king's armies still attack the taker's
    /// king while the capture is judged; under passed they are the taker's at once.
    pub(super) hostile_until_over: bool,
    /// Tests every move in full, without the pin filter (for testing the filter).
    pub(super) test_all: bool,
    /// The rules bug planted on purpose, if any, as the switch of the rule it breaks.
    pub(super) bugs: Bugs<Sw>,
}

/// The rules a planted [`Mutant`] breaks, each a switch the generator reads as it reads the
/// readings; all off without a mutant, and [`Off`](crate::mutant::Off) in the engine without
/// any. (The mutants of the board play on tables of their own, and help-ignored changes the
/// reading of yalta.mate-final.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bugs<Sw> {
    /// yalta.check-response broken: a pinned piece may leave the line when not in check.
    pub(super) pins_ignored: Sw,
    /// yalta.en-passant broken: no en passant.
    pub(super) no_en_passant: Sw,
    /// yalta.multiple-check broken: the later of two checks mates.
    pub(super) second_check_mates: Sw,
    /// yalta.army-takeover broken: a mated army leaves the board with its king.
    pub(super) no_takeover: Sw,
    /// yalta.en-passant broken after a takeover: a taken-over pawn's double step records no
    /// en passant cell.
    pub(super) no_takeover_en_passant: Sw,
}

impl<Sw: Switch> Bugs<Sw> {
    /// The switches of a planted mutant.
    pub(super) fn of(mutant: Option<Mutant>) -> Bugs<Sw> {
        let is = |m: Mutant| Sw::of(mutant, m);
        Bugs {
            pins_ignored: is(Mutant::YaltaPinsIgnored),
            no_en_passant: is(Mutant::YaltaEnPassantMissing),
            second_check_mates: is(Mutant::YaltaSecondCheckMates),
            no_takeover: is(Mutant::YaltaTakeoverMissing),
            no_takeover_en_passant: is(Mutant::YaltaTakeoverDoubleStepNoEnPassant),
        }
    }
}
