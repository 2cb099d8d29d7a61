//! The mutant zoo: rules bugs planted in the fast engine on purpose, one at a time, chosen at
//! run time by name, so that the differential run and the fixture suite can show that they
//! catch bugs of every kind.
//!
//! A mutant is applied where the engine reads its game, never on the unmutated path: a mutant
//! the precomputed tables can express (the board's lines and leaps, the cells a castling king
//! crosses) picks tables of its own (built once, on first use); a mutant of a reading changes
//! the reading; any other sets a field of the variant's readings that one check, outside the
//! innermost loops, looks at. [`Fast::default`](crate::Fast) carries none.
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
    name: &'static str,
    rule: &'static str,
    family: Family,
    what: &'static str,
}

const fn card(name: &'static str, rule: &'static str, family: Family, what: &'static str) -> Card {
    Card {
        name,
        rule,
        family,
        what,
    }
}

impl Mutant {
    /// Every mutant, by variant (O'Sullivan, Yalta, Yuri, Triple Crown).
    pub const ALL: [Mutant; 31] = [
        Mutant::OSullivanBarrierIgnored,
        Mutant::OSullivanBarrierCornerClosed,
        Mutant::OSullivanDeadPiecesTransparent,
        Mutant::OSullivanP4RuleMissing,
        Mutant::OSullivanP4NoDoubleStep,
        Mutant::OSullivanCastlingInCheck,
        Mutant::OSullivanDeadArmyChecks,
        Mutant::OSullivanMatedArmyRemoved,
        Mutant::YaltaCentreForkMissing,
        Mutant::YaltaKnightKeepsColour,
        Mutant::YaltaEnPassantMissing,
        Mutant::YaltaCastlingThroughCheck,
        Mutant::YaltaPinsIgnored,
        Mutant::YaltaTakeoverMissing,
        Mutant::YaltaHelpIgnored,
        Mutant::YaltaSecondCheckMates,
        Mutant::YuriKingCapturesKing,
        Mutant::YuriPawnsOtherReading,
        Mutant::YuriPinsIgnored,
        Mutant::YuriWhiteRepeats,
        Mutant::YuriSharedSquareRefused,
        Mutant::YuriRedOwnMateLoses,
        Mutant::TripleCrownCentreForkMissing,
        Mutant::TripleCrownChatelaineAcross,
        Mutant::TripleCrownPopeAsPrimate,
        Mutant::TripleCrownEmperorNoAcross,
        Mutant::TripleCrownPromotionQuotaIgnored,
        Mutant::TripleCrownCastlingThroughCheck,
        Mutant::TripleCrownPinsIgnored,
        Mutant::TripleCrownEnPriseKeepsArmy,
        Mutant::TripleCrownInstantWinMissing,
    ];

    fn card(self) -> Card {
        use Family::*;
        use Mutant::*;
        match self {
            OSullivanBarrierIgnored => card(
                "osullivan-barrier-ignored",
                "osullivan.barrier",
                Board,
                "rooks, queens and kings cross the Impassable Barrier between d1 and e1, and check across it",
            ),
            OSullivanBarrierCornerClosed => card(
                "osullivan-barrier-corner-closed",
                "osullivan.barrier-corner",
                Board,
                "the diagonal steps past the barrier's upper end (d1-e2, d2-e1 and back) are refused",
            ),
            OSullivanDeadPiecesTransparent => card(
                "osullivan-dead-pieces-transparent",
                "osullivan.dead-capturable",
                Pieces,
                "rooks, bishops and queens move through a checkmated player's pieces as if they were not there",
            ),
            OSullivanP4RuleMissing => card(
                "osullivan-p4-rule-missing",
                "osullivan.p4-restriction",
                Pawns,
                "a P4 may capture the other P4 before either has crossed the equator",
            ),
            OSullivanP4NoDoubleStep => card(
                "osullivan-p4-no-double-step",
                "osullivan.double-step-p4",
                Pawns,
                "Black's and Red's P4s may not move two squares on their first move",
            ),
            OSullivanCastlingInCheck => card(
                "osullivan-castling-in-check",
                "osullivan.castling-not-in-check",
                Castling,
                "White may castle while in check",
            ),
            OSullivanDeadArmyChecks => card(
                "osullivan-dead-army-checks",
                "osullivan.dead-inert",
                Legality,
                "a checkmated player's pieces still attack: they give check and guard squares",
            ),
            OSullivanMatedArmyRemoved => card(
                "osullivan-mated-army-removed",
                "osullivan.mate-removes-king",
                GameEnd,
                "a checkmated player's whole army leaves the board, not only the king",
            ),
            YaltaCentreForkMissing => card(
                "yalta-centre-fork-missing",
                "yalta.centre-path-choice",
                Board,
                "a diagonal line through the centre point takes its first branch only: bishops and queens lose the other path",
            ),
            YaltaKnightKeepsColour => card(
                "yalta-knight-keeps-colour",
                "yalta.knight-colour",
                Pieces,
                "a knight's leap onto another half-board lands one file over, on the colour it left",
            ),
            YaltaEnPassantMissing => card(
                "yalta-en-passant-missing",
                "yalta.en-passant",
                Pawns,
                "no en passant: a pawn that has crossed a seam into the double-stepper's half-board may not take it",
            ),
            YaltaCastlingThroughCheck => card(
                "yalta-castling-through-check",
                "yalta.castling",
                Castling,
                "the king may castle across a square an enemy attacks",
            ),
            YaltaPinsIgnored => card(
                "yalta-pins-ignored",
                "yalta.check-response",
                Legality,
                "a piece pinned to its king may leave the line when the king is not in check",
            ),
            YaltaTakeoverMissing => card(
                "yalta-takeover-missing",
                "yalta.army-takeover",
                GameEnd,
                "the checkmater does not take over the mated army: its pieces leave the board with the king",
            ),
            YaltaHelpIgnored => card(
                "yalta-help-ignored",
                "yalta.mate-final",
                GameEnd,
                "the reading mate-final=after-left-player is ignored: a mate is final at once, the left player gets no turn to help",
            ),
            YaltaSecondCheckMates => card(
                "yalta-second-check-mates",
                "yalta.multiple-check",
                GameEnd,
                "checked by two opponents, the later check, not the first, delivers the mate and takes the army",
            ),
            YuriKingCapturesKing => card(
                "yuri-king-captures-king",
                "yuri.kings-no-capture",
                Pieces,
                "a King may capture an enemy King it does not share a square with (Red's, or Red's taking another)",
            ),
            YuriPawnsOtherReading => card(
                "yuri-pawns-other-reading",
                "yuri.pawns",
                Pawns,
                "pawns step as the reading not chosen says (two-directions and away-from-diagonal swapped)",
            ),
            YuriPinsIgnored => card(
                "yuri-pins-ignored",
                "yuri.check",
                Legality,
                "a piece pinned to its King may leave the line when the King is not in check",
            ),
            YuriWhiteRepeats => card(
                "yuri-white-repeats",
                "yuri.white-no-repeat",
                Legality,
                "White may bring back the board of an earlier turn",
            ),
            YuriSharedSquareRefused => card(
                "yuri-shared-square-refused",
                "yuri.shared-square",
                GameEnd,
                "the White and Black Kings may not meet on one square",
            ),
            YuriRedOwnMateLoses => card(
                "yuri-red-own-mate-loses",
                "yuri.red-wins",
                GameEnd,
                "a checkmate of Red's own King is Black's win, not Red's",
            ),
            TripleCrownCentreForkMissing => card(
                "triple-crown-centre-fork-missing",
                "triple-crown.centre-moves",
                Board,
                "a diagonal line through the centre takes its first branch only (120 degrees one way round, not the other)",
            ),
            TripleCrownChatelaineAcross => card(
                "triple-crown-chatelaine-across",
                "triple-crown.chatelaine",
                Pieces,
                "the straight-across step is given to the wrong piece: the Chatelaine makes it",
            ),
            TripleCrownPopeAsPrimate => card(
                "triple-crown-pope-as-primate",
                "triple-crown.pope",
                Pieces,
                "the Pope moves like the Primate: it cannot step straight across the centre",
            ),
            TripleCrownEmperorNoAcross => card(
                "triple-crown-emperor-no-across",
                "triple-crown.escape-across",
                Pieces,
                "the Emperor cannot step straight across the centre, so cannot escape check that way",
            ),
            TripleCrownPromotionQuotaIgnored => card(
                "triple-crown-promotion-quota-ignored",
                "triple-crown.promotion-missing",
                Pawns,
                "a Pawn promotes to any array piece (Queen, Chatelaine, Vicereine, Primate, Moderator, Knight), whatever is missing",
            ),
            TripleCrownCastlingThroughCheck => card(
                "triple-crown-castling-through-check",
                "triple-crown.castling-check",
                Castling,
                "the Emperor may castle from or across a cell an enemy attacks",
            ),
            TripleCrownPinsIgnored => card(
                "triple-crown-pins-ignored",
                "triple-crown.self-exposure",
                Legality,
                "a piece pinned to its Emperor may leave the line when the Emperor is not attacked",
            ),
            TripleCrownEnPriseKeepsArmy => card(
                "triple-crown-en-prise-keeps-army",
                "triple-crown.checkmate-en-prise",
                GameEnd,
                "checkmate by en prise removes the Emperor only: the rest of the army stays on the board",
            ),
            TripleCrownInstantWinMissing => card(
                "triple-crown-instant-win-missing",
                "triple-crown.instant-win",
                GameEnd,
                "promoting while holding the Baroness, the Pope and a Diarch does not win at once",
            ),
        }
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
            | YaltaSecondCheckMates => Variant::Yalta,
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

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
