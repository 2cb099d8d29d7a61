//! The readings of the open points and the planted mutant's switches, as the generator reads
//! them.

use crate::mutant::{Mutant, Switch};
use crate::types::Seat;

/// The readings of the open points, as the generator needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cfg<Sw> {
    /// osullivan.turn-order: the seat after each seat.
    pub next: [Seat; 3],
    /// osullivan.stalemate = out.
    pub stalemate_out: bool,
    /// osullivan.en-passant-window = both-opponents.
    pub ep_both: bool,
    /// osullivan.knight-barrier = straight-line.
    pub knight_straight: bool,
    /// osullivan.castling-direction = either-side.
    pub castle_either: bool,
    /// osullivan.exposed-king = capture.
    pub king_capture: bool,
    /// The rules bug planted on purpose, if any, as the switch of the rule it breaks.
    pub bugs: Bugs<Sw>,
}

/// The rules a planted [`Mutant`] breaks, each a switch the generator reads as it reads the
/// readings; all off without a mutant, and [`Off`](crate::mutant::Off) in the engine without
/// any. (The mutants of the board play on a geometry of their own instead.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Bugs<Sw> {
    /// osullivan.dead-inert broken: a checkmated player's pieces still attack.
    pub dead_attack: Sw,
    /// osullivan.dead-capturable broken: sliders pass a checkmated player's pieces.
    pub dead_transparent: Sw,
    /// osullivan.p4-restriction broken: a P4 may take the other P4 at any time.
    pub p4_unrestricted: Sw,
    /// osullivan.double-step-p4 broken: no P4 double-steps.
    pub p4_no_double: Sw,
    /// osullivan.castling-not-in-check broken: White may castle in check.
    pub castle_in_check: Sw,
    /// osullivan.mate-removes-king broken: a mate takes the whole army off.
    pub army_removed: Sw,
}

impl<Sw: Switch> Bugs<Sw> {
    /// The switches of a planted mutant.
    pub(super) fn of(mutant: Option<Mutant>) -> Bugs<Sw> {
        let is = |m: Mutant| Sw::of(mutant, m);
        Bugs {
            dead_attack: is(Mutant::OSullivanDeadArmyChecks),
            dead_transparent: is(Mutant::OSullivanDeadPiecesTransparent),
            p4_unrestricted: is(Mutant::OSullivanP4RuleMissing),
            p4_no_double: is(Mutant::OSullivanP4NoDoubleStep),
            castle_in_check: is(Mutant::OSullivanCastlingInCheck),
            army_removed: is(Mutant::OSullivanMatedArmyRemoved),
        }
    }
}
