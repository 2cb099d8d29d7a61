//! The readings of the register's open points (`[[interpretation]]` entries), as chosen by a
//! game: a missing id takes its default, the first reading listed.

use trichess_model::{EngineError, Game, Variant};

use super::board::ACROSS_STEPPERS;
use crate::mutant::{Mutant, Switch};
use crate::types::{Role, Seat};

/// `triple-crown.knight`: which cells a Knight leaps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KnightReading {
    /// The cells of either path description, and those from which either reaches the Knight.
    Symmetric,
    /// One orthogonal step, then one diagonal step on the same way (both fork branches).
    OrthogonalThenDiagonal,
    /// Two orthogonal steps in one direction, then one to either side.
    TwoThenOne,
}

impl KnightReading {
    /// Returns 0, 1 or 2, for table lookups.
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}

/// Every reading of the game, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Readings<Sw> {
    /// `triple-crown.castling-eh`: true for `chatelaine` (EH is the Emperor's Chatelaine),
    /// false for `void`.
    pub(crate) eh_chatelaine: bool,
    /// `triple-crown.knight`.
    pub(crate) knight: KnightReading,
    /// `triple-crown.turn-order`: true for `a-b-c`, false for `a-c-b`.
    pub(crate) order_abc: bool,
    /// `triple-crown.en-passant-window`: true for `both-enemies`, false for `next-player`.
    pub(crate) ep_both_enemies: bool,
    /// `triple-crown.self-exposure`: true for `not-unless-forced`, false for `allowed`.
    pub(crate) exposure_forbidden: bool,
    /// `triple-crown.symmetric-pieces`: true for `with-queen`, false for `pairs`.
    pub(crate) queen_in_quota: bool,
    /// `triple-crown.promotion-diarch-only`: true for `baroness-or-pope`, false for
    /// `missing-piece`.
    pub(crate) diarch_only_baroness_or_pope: bool,
    /// `triple-crown.stalemate`: true for `out`, false for `draw`.
    pub(crate) stalemate_out: bool,
    /// `triple-crown.en-prise-chain`: true for `repeat`, false for `once`.
    pub(crate) chain_repeats: bool,
    /// The roles (a [`Role::bit`] per role) that make the straight-across step
    /// (`triple-crown.across-pieces`); only a mutant changes it.
    pub(crate) across: u16,
    /// The rules bug planted on purpose, if any, as the switch of the rule it breaks.
    pub(crate) bugs: Bugs<Sw>,
}

/// The rules a planted [`Mutant`] breaks, each a switch the generator reads as it reads the
/// readings; all off without a mutant, and [`Off`](crate::mutant::Off) in the engine without
/// any. (The mutants of the straight-across step change `across` instead.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bugs<Sw> {
    /// triple-crown.centre-moves broken: a diagonal through the centre takes its first branch
    /// only (the tables of their own).
    pub(crate) fork_missing: Sw,
    /// triple-crown.castling-check broken: the Emperor may castle from or across an attacked cell.
    pub(crate) castle_through_check: Sw,
    /// triple-crown.promotion-missing broken: a Pawn promotes to any array piece.
    pub(crate) promotion_unlimited: Sw,
    /// triple-crown.self-exposure broken: a pinned piece may leave the line when the Emperor
    /// is not attacked.
    pub(crate) pins_ignored: Sw,
    /// triple-crown.checkmate-en-prise broken: only the Emperor leaves the board.
    pub(crate) army_stays: Sw,
    /// triple-crown.instant-win broken: no instant win.
    pub(crate) no_instant_win: Sw,
}

impl<Sw: Switch> Bugs<Sw> {
    /// The switches of a planted mutant.
    fn of(mutant: Option<Mutant>) -> Bugs<Sw> {
        let is = |m: Mutant| Sw::of(mutant, m);
        Bugs {
            fork_missing: is(Mutant::TripleCrownCentreForkMissing),
            castle_through_check: is(Mutant::TripleCrownCastlingThroughCheck),
            promotion_unlimited: is(Mutant::TripleCrownPromotionQuotaIgnored),
            pins_ignored: is(Mutant::TripleCrownPinsIgnored),
            army_stays: is(Mutant::TripleCrownEnPriseKeepsArmy),
            no_instant_win: is(Mutant::TripleCrownInstantWinMissing),
        }
    }
}

impl<Sw: Switch> Default for Readings<Sw> {
    fn default() -> Readings<Sw> {
        Readings {
            eh_chatelaine: true,
            knight: KnightReading::Symmetric,
            order_abc: true,
            ep_both_enemies: true,
            exposure_forbidden: true,
            queen_in_quota: false,
            diarch_only_baroness_or_pope: true,
            stalemate_out: false,
            chain_repeats: true,
            across: ACROSS_STEPPERS,
            bugs: Bugs::default(),
        }
    }
}

impl<Sw: Switch> Readings<Sw> {
    /// Decodes the game's readings, refusing another variant, an id or reading the register
    /// does not know, and a reading this engine does not play; the planted mutant, if any,
    /// rides along.
    pub(crate) fn of(game: &Game, mutant: Option<Mutant>) -> Result<Readings<Sw>, EngineError> {
        if game.variant != Variant::TripleCrown {
            return Err(EngineError::Unsupported(format!(
                "this is the Triple Crown engine, not {}",
                game.variant
            )));
        }
        crate::registered(game)?;
        let mut r = Readings::default();
        for (id, reading) in &game.interpretations {
            match (id.as_str(), reading.as_str()) {
                ("triple-crown.start-array", "reconstructed")
                | ("triple-crown.pawn-rank-count", "centre-crossing") => {}
                ("triple-crown.castling-eh", "chatelaine") => r.eh_chatelaine = true,
                ("triple-crown.castling-eh", "void") => r.eh_chatelaine = false,
                ("triple-crown.knight", "symmetric") => r.knight = KnightReading::Symmetric,
                ("triple-crown.knight", "orthogonal-then-diagonal") => {
                    r.knight = KnightReading::OrthogonalThenDiagonal;
                }
                ("triple-crown.knight", "two-then-one") => r.knight = KnightReading::TwoThenOne,
                ("triple-crown.turn-order", "a-b-c") => r.order_abc = true,
                ("triple-crown.turn-order", "a-c-b") => r.order_abc = false,
                ("triple-crown.en-passant-window", "both-enemies") => r.ep_both_enemies = true,
                ("triple-crown.en-passant-window", "next-player") => r.ep_both_enemies = false,
                ("triple-crown.self-exposure", "not-unless-forced") => r.exposure_forbidden = true,
                ("triple-crown.self-exposure", "allowed") => r.exposure_forbidden = false,
                ("triple-crown.symmetric-pieces", "pairs") => r.queen_in_quota = false,
                ("triple-crown.symmetric-pieces", "with-queen") => r.queen_in_quota = true,
                ("triple-crown.promotion-diarch-only", "baroness-or-pope") => {
                    r.diarch_only_baroness_or_pope = true;
                }
                ("triple-crown.promotion-diarch-only", "missing-piece") => {
                    r.diarch_only_baroness_or_pope = false;
                }
                ("triple-crown.stalemate", "draw") => r.stalemate_out = false,
                ("triple-crown.stalemate", "out") => r.stalemate_out = true,
                ("triple-crown.en-prise-chain", "repeat") => r.chain_repeats = true,
                ("triple-crown.en-prise-chain", "once") => r.chain_repeats = false,
                _ => return Err(crate::not_played(id, reading)),
            }
        }
        r.bugs = Bugs::of(mutant);
        match mutant {
            Some(Mutant::TripleCrownChatelaineAcross) => r.across |= Role::Chatelaine.bit(),
            Some(Mutant::TripleCrownPopeAsPrimate) => r.across &= !Role::Pope.bit(),
            Some(Mutant::TripleCrownEmperorNoAcross) => r.across &= !Role::Emperor.bit(),
            _ => {}
        }
        Ok(r)
    }

    /// Returns the seat after `seat` in turn order, not skipping anyone.
    #[inline]
    pub(crate) fn next(&self, seat: Seat) -> Seat {
        if self.order_abc {
            seat.next()
        } else {
            seat.prev()
        }
    }

    /// Returns the seat before `seat` in turn order, not skipping anyone.
    #[inline]
    pub(crate) fn prev(&self, seat: Seat) -> Seat {
        if self.order_abc {
            seat.prev()
        } else {
            seat.next()
        }
    }
}
