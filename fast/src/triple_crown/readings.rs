//! The readings of the register's open points (`[[interpretation]]` entries), as chosen by a
//! game: a missing id takes its default, the first reading listed.

use trichess_model::{EngineError, Game, Variant};

use super::position::{ACROSS_STEPPERS, CHATELAINE, EMPEROR, POPE};
use crate::Mutant;

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
pub(crate) struct Readings {
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
    /// The roles (bit per role code) that make the straight-across step
    /// (`triple-crown.across-pieces`); only a mutant changes it.
    pub(crate) across: u16,
    /// The rules bug planted on purpose, if any ([`Mutant`]).
    pub(crate) mutant: Option<Mutant>,
}

impl Default for Readings {
    fn default() -> Readings {
        Readings {
            eh_chatelaine: true,
            knight: KnightReading::Symmetric,
            order_abc: true,
            ep_both_enemies: true,
            exposure_forbidden: true,
            queen_in_quota: false,
            diarch_only_baroness_or_pope: true,
            stalemate_out: false,
            across: ACROSS_STEPPERS,
            mutant: None,
        }
    }
}

/// The register's interpretations and their readings, default first.
pub(crate) const INTERPRETATIONS: &[(&str, &[&str])] = &[
    ("triple-crown.start-array", &["reconstructed"]),
    ("triple-crown.castling-eh", &["chatelaine", "void"]),
    (
        "triple-crown.knight",
        &["symmetric", "orthogonal-then-diagonal", "two-then-one"],
    ),
    ("triple-crown.turn-order", &["a-b-c", "a-c-b"]),
    (
        "triple-crown.en-passant-window",
        &["both-enemies", "next-player"],
    ),
    ("triple-crown.pawn-rank-count", &["centre-crossing"]),
    (
        "triple-crown.self-exposure",
        &["not-unless-forced", "allowed"],
    ),
    ("triple-crown.symmetric-pieces", &["pairs", "with-queen"]),
    (
        "triple-crown.promotion-diarch-only",
        &["baroness-or-pope", "missing-piece"],
    ),
    ("triple-crown.stalemate", &["draw", "out"]),
];

impl Readings {
    /// Decodes the game's readings, refusing another variant, an unknown interpretation id and
    /// an unknown reading name; the planted mutant, if any, rides along.
    pub(crate) fn of(game: &Game, mutant: Option<Mutant>) -> Result<Readings, EngineError> {
        if game.variant != Variant::TripleCrown {
            return Err(EngineError::Unsupported(format!(
                "this is the Triple Crown engine, not {}",
                game.variant
            )));
        }
        let mut r = Readings::default();
        for (id, reading) in &game.interpretations {
            let Some((_, names)) = INTERPRETATIONS.iter().find(|(i, _)| i == id) else {
                return Err(EngineError::Unsupported(format!(
                    "unknown interpretation '{id}' of triple-crown"
                )));
            };
            if !names.contains(&reading.as_str()) {
                return Err(EngineError::Unsupported(format!(
                    "unknown reading '{reading}' of {id} (known: {})",
                    names.join(", ")
                )));
            }
            let is = |name: &str| reading == name;
            match id.as_str() {
                "triple-crown.castling-eh" => r.eh_chatelaine = is("chatelaine"),
                "triple-crown.knight" => {
                    r.knight = if is("symmetric") {
                        KnightReading::Symmetric
                    } else if is("orthogonal-then-diagonal") {
                        KnightReading::OrthogonalThenDiagonal
                    } else {
                        KnightReading::TwoThenOne
                    }
                }
                "triple-crown.turn-order" => r.order_abc = is("a-b-c"),
                "triple-crown.en-passant-window" => r.ep_both_enemies = is("both-enemies"),
                "triple-crown.self-exposure" => r.exposure_forbidden = is("not-unless-forced"),
                "triple-crown.symmetric-pieces" => r.queen_in_quota = is("with-queen"),
                "triple-crown.promotion-diarch-only" => {
                    r.diarch_only_baroness_or_pope = is("baroness-or-pope")
                }
                "triple-crown.stalemate" => r.stalemate_out = is("out"),
                // start-array and pawn-rank-count have one reading each.
                _ => {}
            }
        }
        r.mutant = mutant;
        match mutant {
            Some(Mutant::TripleCrownChatelaineAcross) => r.across |= 1 << CHATELAINE,
            Some(Mutant::TripleCrownPopeAsPrimate) => r.across &= !(1 << POPE),
            Some(Mutant::TripleCrownEmperorNoAcross) => r.across &= !(1 << EMPEROR),
            _ => {}
        }
        Ok(r)
    }

    /// Returns the seat after `seat` in turn order (0 = A, 1 = B, 2 = C), not skipping anyone.
    #[inline]
    pub(crate) fn next(&self, seat: usize) -> usize {
        if self.order_abc {
            (seat + 1) % 3
        } else {
            (seat + 2) % 3
        }
    }

    /// Returns the seat before `seat` in turn order, not skipping anyone.
    #[inline]
    pub(crate) fn prev(&self, seat: usize) -> usize {
        if self.order_abc {
            (seat + 2) % 3
        } else {
            (seat + 1) % 3
        }
    }
}
