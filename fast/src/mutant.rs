//! The mutant zoo: rules bugs planted in the fast engine on purpose, one at a time, chosen at
//! run time by name, so that the differential run and the fixture suite can show that they
//! catch bugs of every kind.
//!
//! A mutant is applied where the engine reads its game, never on the unmutated path: a mutant
//! the precomputed tables can express (the board's lines and leaps, the cells a castling king
//! crosses) picks tables of its own (built once, on first use); a mutant of a reading changes
//! the reading; any other turns on a switch of the rule it breaks among the variant's readings
//! (its `Bugs`), which the move generator reads as it reads a reading: the generators name
//! rules, never mutants. The switches are of a type the engine is generic over (a [`Switch`]):
//! [`Fast::default`](crate::Fast) is built on [`Off`], switches that are constants, so the
//! compiler drops their tests from its generators; [`Fast::with_mutant`](crate::Fast) is built
//! on `bool`, switches read at run time.
//!
//! ```
//! use trichess_fast::{Fast, Mutant};
//! use trichess_model::{Engine, Game, Variant};
//!
//! let mutant = Mutant::by_name("yuri-white-repeats").expect("a known mutant");
//! assert_eq!(mutant.variant(), Variant::Yuri);
//! assert_eq!(mutant.rule(), "yuri.white-no-repeat");
//! let engine = Fast::with_mutant(mutant);
//! assert_eq!(engine.name(), "fast --mutant yuri-white-repeats");
//! assert!(Mutant::ALL.iter().all(|m| Mutant::by_name(m.name()) == Some(*m)));
//! ```

use std::fmt;
use std::str::FromStr;

use trichess_model::Variant;
use trichess_suite::{Fixture, Verdict, run_all};

/// The kind of rule a mutant breaks, so that every variant has one of each it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// The board: which cells a line or a step reaches.
    Board,
    /// How a piece other than a pawn moves.
    Pieces,
    /// Pawns: steps, double steps, en passant, promotion.
    Pawns,
    /// Castling.
    Castling,
    /// Check and the legality of a move: pins, attacks, repetition.
    Legality,
    /// Checkmate, what it does to the mated army, and the end of the game.
    GameEnd,
}

impl Family {
    /// Returns the family's id, as the mutant list prints it.
    pub fn id(self) -> &'static str {
        match self {
            Family::Board => "board",
            Family::Pieces => "pieces",
            Family::Pawns => "pawns",
            Family::Castling => "castling",
            Family::Legality => "legality",
            Family::GameEnd => "game-end",
        }
    }
}

/// One deliberately injected rules bug of the fast engine. [`Mutant::ALL`] lists them;
/// [`Mutant::by_name`] finds one by its name; [`crate::Fast::with_mutant`] plants it. Each
/// variant's doc gives the mutant's name and the register id of the rule it breaks;
/// [`Mutant::description`] says what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Mutant {
    /// `osullivan-barrier-ignored`, breaking `osullivan.barrier`.
    OSullivanBarrierIgnored,
    /// `osullivan-barrier-corner-closed`, breaking `osullivan.barrier-corner`.
    OSullivanBarrierCornerClosed,
    /// `osullivan-dead-pieces-transparent`, breaking `osullivan.dead-capturable`.
    OSullivanDeadPiecesTransparent,
    /// `osullivan-p4-rule-missing`, breaking `osullivan.p4-restriction`.
    OSullivanP4RuleMissing,
    /// `osullivan-p4-no-double-step`, breaking `osullivan.double-step-p4`.
    OSullivanP4NoDoubleStep,
    /// `osullivan-castling-in-check`, breaking `osullivan.castling-not-in-check`.
    OSullivanCastlingInCheck,
    /// `osullivan-dead-army-checks`, breaking `osullivan.dead-inert`.
    OSullivanDeadArmyChecks,
    /// `osullivan-mated-army-removed`, breaking `osullivan.mate-removes-king`.
    OSullivanMatedArmyRemoved,
    /// `yalta-centre-fork-missing`, breaking `yalta.centre-path-choice`.
    YaltaCentreForkMissing,
    /// `yalta-knight-keeps-colour`, breaking `yalta.knight-colour`.
    YaltaKnightKeepsColour,
    /// `yalta-en-passant-missing`, breaking `yalta.en-passant`.
    YaltaEnPassantMissing,
    /// `yalta-castling-through-check`, breaking `yalta.castling`.
    YaltaCastlingThroughCheck,
    /// `yalta-pins-ignored`, breaking `yalta.check-response`.
    YaltaPinsIgnored,
    /// `yalta-takeover-missing`, breaking `yalta.army-takeover`.
    YaltaTakeoverMissing,
    /// `yalta-help-ignored`, breaking `yalta.mate-final`.
    YaltaHelpIgnored,
    /// `yalta-second-check-mates`, breaking `yalta.multiple-check`.
    YaltaSecondCheckMates,
    /// `yalta-takeover-double-step-no-en-passant`, breaking `yalta.en-passant`.
    YaltaTakeoverDoubleStepNoEnPassant,
    /// `yuri-king-captures-king`, breaking `yuri.kings-no-capture`.
    YuriKingCapturesKing,
    /// `yuri-pawns-other-reading`, breaking `yuri.pawns`.
    YuriPawnsOtherReading,
    /// `yuri-pins-ignored`, breaking `yuri.check`.
    YuriPinsIgnored,
    /// `yuri-white-repeats`, breaking `yuri.white-no-repeat`.
    YuriWhiteRepeats,
    /// `yuri-shared-square-refused`, breaking `yuri.shared-square`.
    YuriSharedSquareRefused,
    /// `yuri-red-own-mate-loses`, breaking `yuri.red-wins`.
    YuriRedOwnMateLoses,
    /// `triple-crown-centre-fork-missing`, breaking `triple-crown.centre-moves`.
    TripleCrownCentreForkMissing,
    /// `triple-crown-chatelaine-across`, breaking `triple-crown.chatelaine`.
    TripleCrownChatelaineAcross,
    /// `triple-crown-pope-as-primate`, breaking `triple-crown.pope`.
    TripleCrownPopeAsPrimate,
    /// `triple-crown-emperor-no-across`, breaking `triple-crown.escape-across`.
    TripleCrownEmperorNoAcross,
    /// `triple-crown-promotion-quota-ignored`, breaking `triple-crown.promotion-missing`.
    TripleCrownPromotionQuotaIgnored,
    /// `triple-crown-castling-through-check`, breaking `triple-crown.castling-check`.
    TripleCrownCastlingThroughCheck,
    /// `triple-crown-pins-ignored`, breaking `triple-crown.self-exposure`.
    TripleCrownPinsIgnored,
    /// `triple-crown-en-prise-keeps-army`, breaking `triple-crown.checkmate-en-prise`.
    TripleCrownEnPriseKeepsArmy,
    /// `triple-crown-instant-win-missing`, breaking `triple-crown.instant-win`.
    TripleCrownInstantWinMissing,
}

/// What the list says of a mutant.
struct Card {
    mutant: Mutant,
    name: &'static str,
    rule: &'static str,
    family: Family,
    what: &'static str,
}

const fn card(
    mutant: Mutant,
    name: &'static str,
    rule: &'static str,
    family: Family,
    what: &'static str,
) -> Card {
    Card {
        mutant,
        name,
        rule,
        family,
        what,
    }
}

/// Every mutant's card, in the order of [`Mutant::ALL`] (the enum's order).
const CARDS: [Card; 32] = [
    card(
        Mutant::OSullivanBarrierIgnored,
        "osullivan-barrier-ignored",
        "osullivan.barrier",
        Family::Board,
        "rooks, queens and kings cross the Impassable Barrier between d1 and e1, and check across it",
    ),
    card(
        Mutant::OSullivanBarrierCornerClosed,
        "osullivan-barrier-corner-closed",
        "osullivan.barrier-corner",
        Family::Board,
        "the diagonal steps past the barrier's upper end (d1-e2, d2-e1 and back) are refused",
    ),
    card(
        Mutant::OSullivanDeadPiecesTransparent,
        "osullivan-dead-pieces-transparent",
        "osullivan.dead-capturable",
        Family::Pieces,
        "rooks, bishops and queens move through a checkmated player's pieces as if they were not there",
    ),
    card(
        Mutant::OSullivanP4RuleMissing,
        "osullivan-p4-rule-missing",
        "osullivan.p4-restriction",
        Family::Pawns,
        "a P4 may capture the other P4 before either has crossed the equator",
    ),
    card(
        Mutant::OSullivanP4NoDoubleStep,
        "osullivan-p4-no-double-step",
        "osullivan.double-step-p4",
        Family::Pawns,
        "Black's and Red's P4s may not move two squares on their first move",
    ),
    card(
        Mutant::OSullivanCastlingInCheck,
        "osullivan-castling-in-check",
        "osullivan.castling-not-in-check",
        Family::Castling,
        "White may castle while in check",
    ),
    card(
        Mutant::OSullivanDeadArmyChecks,
        "osullivan-dead-army-checks",
        "osullivan.dead-inert",
        Family::Legality,
        "a checkmated player's pieces still attack: they give check and guard squares",
    ),
    card(
        Mutant::OSullivanMatedArmyRemoved,
        "osullivan-mated-army-removed",
        "osullivan.mate-removes-king",
        Family::GameEnd,
        "a checkmated player's whole army leaves the board, not only the king",
    ),
    card(
        Mutant::YaltaCentreForkMissing,
        "yalta-centre-fork-missing",
        "yalta.centre-path-choice",
        Family::Board,
        "a diagonal line through the centre point takes its first branch only: bishops and queens lose the other path",
    ),
    card(
        Mutant::YaltaKnightKeepsColour,
        "yalta-knight-keeps-colour",
        "yalta.knight-colour",
        Family::Pieces,
        "a knight's leap onto another half-board lands one file over, on the colour it left",
    ),
    card(
        Mutant::YaltaEnPassantMissing,
        "yalta-en-passant-missing",
        "yalta.en-passant",
        Family::Pawns,
        "no en passant: a pawn that has crossed a seam into the double-stepper's half-board may not take it",
    ),
    card(
        Mutant::YaltaCastlingThroughCheck,
        "yalta-castling-through-check",
        "yalta.castling",
        Family::Castling,
        "the king may castle across a square an enemy attacks",
    ),
    card(
        Mutant::YaltaPinsIgnored,
        "yalta-pins-ignored",
        "yalta.check-response",
        Family::Legality,
        "a piece pinned to its king may leave the line when the king is not in check",
    ),
    card(
        Mutant::YaltaTakeoverMissing,
        "yalta-takeover-missing",
        "yalta.army-takeover",
        Family::GameEnd,
        "the checkmater does not take over the mated army: its pieces leave the board with the king",
    ),
    card(
        Mutant::YaltaHelpIgnored,
        "yalta-help-ignored",
        "yalta.mate-final",
        Family::GameEnd,
        "the reading mate-final=after-left-player is ignored: a mate is final at once, the left player gets no turn to help",
    ),
    card(
        Mutant::YaltaSecondCheckMates,
        "yalta-second-check-mates",
        "yalta.multiple-check",
        Family::GameEnd,
        "checked by two opponents, the later check, not the first, delivers the mate and takes the army",
    ),
    card(
        Mutant::YaltaTakeoverDoubleStepNoEnPassant,
        "yalta-takeover-double-step-no-en-passant",
        "yalta.en-passant",
        Family::Pawns,
        "the double step of a taken-over pawn records no en passant cell: nobody may take it en passant",
    ),
    card(
        Mutant::YuriKingCapturesKing,
        "yuri-king-captures-king",
        "yuri.kings-no-capture",
        Family::Pieces,
        "a King may capture an enemy King it does not share a square with (Red's, or Red's taking another)",
    ),
    card(
        Mutant::YuriPawnsOtherReading,
        "yuri-pawns-other-reading",
        "yuri.pawns",
        Family::Pawns,
        "pawns step as the reading not chosen says (two-directions and away-from-diagonal swapped)",
    ),
    card(
        Mutant::YuriPinsIgnored,
        "yuri-pins-ignored",
        "yuri.check",
        Family::Legality,
        "a piece pinned to its King may leave the line when the King is not in check",
    ),
    card(
        Mutant::YuriWhiteRepeats,
        "yuri-white-repeats",
        "yuri.white-no-repeat",
        Family::Legality,
        "White may bring back the board of an earlier turn",
    ),
    card(
        Mutant::YuriSharedSquareRefused,
        "yuri-shared-square-refused",
        "yuri.shared-square",
        Family::GameEnd,
        "the White and Black Kings may not meet on one square",
    ),
    card(
        Mutant::YuriRedOwnMateLoses,
        "yuri-red-own-mate-loses",
        "yuri.red-wins",
        Family::GameEnd,
        "a checkmate of Red's own King is Black's win, not Red's",
    ),
    card(
        Mutant::TripleCrownCentreForkMissing,
        "triple-crown-centre-fork-missing",
        "triple-crown.centre-moves",
        Family::Board,
        "a diagonal line through the centre takes its first branch only (120 degrees one way round, not the other)",
    ),
    card(
        Mutant::TripleCrownChatelaineAcross,
        "triple-crown-chatelaine-across",
        "triple-crown.chatelaine",
        Family::Pieces,
        "the straight-across step is given to the wrong piece: the Chatelaine makes it",
    ),
    card(
        Mutant::TripleCrownPopeAsPrimate,
        "triple-crown-pope-as-primate",
        "triple-crown.pope",
        Family::Pieces,
        "the Pope moves like the Primate: it cannot step straight across the centre",
    ),
    card(
        Mutant::TripleCrownEmperorNoAcross,
        "triple-crown-emperor-no-across",
        "triple-crown.escape-across",
        Family::Pieces,
        "the Emperor cannot step straight across the centre, so cannot escape check that way",
    ),
    card(
        Mutant::TripleCrownPromotionQuotaIgnored,
        "triple-crown-promotion-quota-ignored",
        "triple-crown.promotion-missing",
        Family::Pawns,
        "a Pawn promotes to any array piece (Queen, Chatelaine, Vicereine, Primate, Moderator, Knight), whatever is missing",
    ),
    card(
        Mutant::TripleCrownCastlingThroughCheck,
        "triple-crown-castling-through-check",
        "triple-crown.castling-check",
        Family::Castling,
        "the Emperor may castle from or across a cell an enemy attacks",
    ),
    card(
        Mutant::TripleCrownPinsIgnored,
        "triple-crown-pins-ignored",
        "triple-crown.self-exposure",
        Family::Legality,
        "a piece pinned to its Emperor may leave the line when the Emperor is not attacked",
    ),
    card(
        Mutant::TripleCrownEnPriseKeepsArmy,
        "triple-crown-en-prise-keeps-army",
        "triple-crown.checkmate-en-prise",
        Family::GameEnd,
        "checkmate by en prise removes the Emperor only: the rest of the army stays on the board",
    ),
    card(
        Mutant::TripleCrownInstantWinMissing,
        "triple-crown-instant-win-missing",
        "triple-crown.instant-win",
        Family::GameEnd,
        "promoting while holding the Baroness, the Pope and a Diarch does not win at once",
    ),
];

impl Mutant {
    /// Every mutant, by variant (O'Sullivan, Yalta, Yuri, Triple Crown).
    pub const ALL: [Mutant; 32] = {
        let mut all = [Mutant::OSullivanBarrierIgnored; 32];
        let mut i = 0;
        while i < all.len() {
            all[i] = CARDS[i].mutant;
            i += 1;
        }
        all
    };

    fn card(self) -> &'static Card {
        &CARDS[self as usize]
    }

    /// Returns the mutant's name: the variant's id, then what it breaks
    /// (`osullivan-barrier-ignored`).
    pub fn name(self) -> &'static str {
        self.card().name
    }

    /// Returns the variant whose rules the mutant breaks (it changes nothing in the others).
    pub fn variant(self) -> Variant {
        use Mutant::*;
        match self {
            OSullivanBarrierIgnored
            | OSullivanBarrierCornerClosed
            | OSullivanDeadPiecesTransparent
            | OSullivanP4RuleMissing
            | OSullivanP4NoDoubleStep
            | OSullivanCastlingInCheck
            | OSullivanDeadArmyChecks
            | OSullivanMatedArmyRemoved => Variant::OSullivan,
            YaltaCentreForkMissing
            | YaltaKnightKeepsColour
            | YaltaEnPassantMissing
            | YaltaCastlingThroughCheck
            | YaltaPinsIgnored
            | YaltaTakeoverMissing
            | YaltaHelpIgnored
            | YaltaSecondCheckMates
            | YaltaTakeoverDoubleStepNoEnPassant => Variant::Yalta,
            YuriKingCapturesKing
            | YuriPawnsOtherReading
            | YuriPinsIgnored
            | YuriWhiteRepeats
            | YuriSharedSquareRefused
            | YuriRedOwnMateLoses => Variant::Yuri,
            TripleCrownCentreForkMissing
            | TripleCrownChatelaineAcross
            | TripleCrownPopeAsPrimate
            | TripleCrownEmperorNoAcross
            | TripleCrownPromotionQuotaIgnored
            | TripleCrownCastlingThroughCheck
            | TripleCrownPinsIgnored
            | TripleCrownEnPriseKeepsArmy
            | TripleCrownInstantWinMissing => Variant::TripleCrown,
        }
    }

    /// Returns the id of the rule register entry (clause or open point, in
    /// `oracle/register/<variant>.toml`) whose rule the mutant breaks.
    pub fn rule(self) -> &'static str {
        self.card().rule
    }

    /// Returns the kind of rule the mutant breaks.
    pub fn family(self) -> Family {
        self.card().family
    }

    /// Says in one line what the planted bug does.
    pub fn description(self) -> &'static str {
        self.card().what
    }

    /// Returns the names of the fixtures of the mutant's variant, among `fixtures`, that the
    /// fast engine fails with this mutant planted: the fixtures that catch it.
    pub fn failing_fixtures(self, fixtures: &[Fixture]) -> Vec<String> {
        let own: Vec<Fixture> = fixtures
            .iter()
            .filter(|f| f.variant == self.variant())
            .cloned()
            .collect();
        run_all(&mut crate::Fast::with_mutant(self), &own)
            .into_iter()
            .filter(|r| matches!(r.verdict, Verdict::Fail(_)))
            .map(|r| r.fixture.name)
            .collect()
    }

    /// Returns the mutant of this name, if there is one.
    pub fn by_name(name: &str) -> Option<Mutant> {
        Mutant::ALL.into_iter().find(|m| m.name() == name)
    }
}

impl fmt::Display for Mutant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a mutant name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMutant(pub String);

impl fmt::Display for UnknownMutant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown mutant '{}' ({} known, from {} to {})",
            self.0,
            Mutant::ALL.len(),
            Mutant::ALL[0],
            Mutant::ALL[Mutant::ALL.len() - 1]
        )
    }
}

impl std::error::Error for UnknownMutant {}

impl FromStr for Mutant {
    type Err = UnknownMutant;

    fn from_str(s: &str) -> Result<Mutant, UnknownMutant> {
        Mutant::by_name(s).ok_or_else(|| UnknownMutant(s.to_string()))
    }
}

/// A switch of a rule a planted mutant breaks, as a variant's `Bugs` hold it: `bool` in the
/// engine that plants mutants, [`Off`] in the engine without any, whose tests of a switch the
/// compiler removes.
pub(crate) trait Switch: Clone + Copy + fmt::Debug + Default + PartialEq + Eq {
    /// The switch of the rule `breaker` breaks, with `planted` planted: on when they are the
    /// same mutant (always off for [`Off`]).
    fn of(planted: Option<Mutant>, breaker: Mutant) -> Self;

    /// Says whether the switch is on.
    fn on(self) -> bool;
}

impl Switch for bool {
    #[inline(always)]
    fn of(planted: Option<Mutant>, breaker: Mutant) -> bool {
        planted == Some(breaker)
    }

    #[inline(always)]
    fn on(self) -> bool {
        self
    }
}

/// The switch of the engine without mutants: never on, and known to be off at compile time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Off;

impl Switch for Off {
    #[inline(always)]
    fn of(_: Option<Mutant>, _: Mutant) -> Off {
        Off
    }

    #[inline(always)]
    fn on(self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn each_card_is_its_mutants() {
        for (i, m) in Mutant::ALL.into_iter().enumerate() {
            assert_eq!(m as usize, i);
            assert_eq!(CARDS[i].mutant, m);
        }
    }

    #[test]
    fn names_are_unique_and_start_with_the_variant() {
        let names: BTreeSet<&str> = Mutant::ALL.iter().map(|m| m.name()).collect();
        assert_eq!(names.len(), Mutant::ALL.len());
        for m in Mutant::ALL {
            let prefix = format!("{}-", m.variant().id());
            assert!(m.name().starts_with(&prefix), "{m}");
            assert!(
                m.rule().starts_with(&format!("{}.", m.variant().id())),
                "{m}"
            );
            assert_eq!(m.name().parse::<Mutant>(), Ok(m));
        }
        assert!("osullivan-no-such-bug".parse::<Mutant>().is_err());
    }

    #[test]
    fn every_variant_has_a_mutant_of_each_family_it_has() {
        // Yuri has no castling (yuri.no-castling) and a plain square board.
        for v in Variant::ALL {
            let families: BTreeSet<Family> = Mutant::ALL
                .iter()
                .filter(|m| m.variant() == v)
                .map(|m| m.family())
                .collect();
            let mut want = vec![
                Family::Pieces,
                Family::Pawns,
                Family::Legality,
                Family::GameEnd,
            ];
            if v != Variant::Yuri {
                want.extend([Family::Board, Family::Castling]);
            }
            for f in want {
                assert!(families.contains(&f), "{v} has no {} mutant", f.id());
            }
        }
    }
}
