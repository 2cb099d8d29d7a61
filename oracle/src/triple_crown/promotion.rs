//! What a Pawn reaching a far rank becomes: the quota rules, and the instant win.

use trichess_model::{Role, Seat};

use crate::board::Setup;

use super::options::{PromotionDiarchOnly, SymmetricPieces};
use super::{TripleCrown, array};

/// The pieces that never stand in the array: "The BARONESS, not occurring in an array", "The
/// POPE, not occurring in an array", "The DIARCH, not occurring in the array".
pub const NON_ARRAY: [Role; 3] = [Role::Baroness, Role::Pope, Role::Diarch];

/// Counts the pieces of `role` that `seat` has.
fn count(setup: &Setup, seat: Seat, role: Role) -> usize {
    setup
        .pieces
        .values()
        .filter(|p| p.owner == seat && p.role == role)
        .count()
}

/// Returns true if `seat` has at least one piece of `role`.
fn has(setup: &Setup, seat: Seat, role: Role) -> bool {
    count(setup, seat, role) > 0
}

/// Lists the symmetric array pieces `seat` has fewer of than the array has: its missing
/// pieces (`triple-crown.symmetric-pieces` says which pieces count).
pub fn missing(tc: &TripleCrown, setup: &Setup, seat: Seat) -> Vec<Role> {
    let with_queen = tc.options.symmetric_pieces == SymmetricPieces::WithQueen;
    array::symmetric_quota(with_queen)
        .into_iter()
        .filter(|&(role, quota)| count(setup, seat, role) < quota)
        .map(|(role, _)| role)
        .collect()
}

/// Which of the promotion rules applies to a player, by the pieces they have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quota {
    /// Short of symmetric array pieces, with no non-array piece: a missing piece.
    Missing,
    /// The full quota, no non-array piece: a Baroness or a Pope.
    Full,
    /// A Baroness or a Pope, or both: the other, or a Diarch.
    NonArray,
    /// Short of array pieces with a Diarch only: as the reading says.
    DiarchOnly,
}

/// Lists the roles a Pawn of `seat` may promote to (its piece has just reached a far rank).
pub fn roles(tc: &TripleCrown, setup: &Setup, seat: Seat) -> Vec<Role> {
    quota(tc, setup, seat).1
}

/// Says which promotion rule applies to `seat`, and the roles it allows.
///
/// - `triple-crown.promotion-missing`: "If they no longer have the full quota of symmetric
///   array pieces, and have no non-array pieces, they must promote it to one of the missing
///   pieces."
/// - `triple-crown.promotion-full-quota`: "If they still have the full quota, or have regained
///   it through previous promotion, they must promote it to a Baroness or a Pope, subject to
///   not having more than one of either, or if they have both a Diarch."
/// - `triple-crown.promotion-non-array`: "A player with a Baroness or Pope but not both must
///   promote to the other, and one with both must promote to a Diarch." This holds whether or
///   not the quota is full.
/// - `triple-crown.promotion-diarch-only`: a player short of array pieces whose only
///   non-array piece is a Diarch is in none of those cases; the reading decides.
pub fn quota(tc: &TripleCrown, setup: &Setup, seat: Seat) -> (Quota, Vec<Role>) {
    let missing = missing(tc, setup, seat);
    let [baroness, pope, diarch] = NON_ARRAY.map(|r| has(setup, seat, r));
    let no_non_array = !(baroness || pope || diarch);
    if !missing.is_empty() && no_non_array {
        return (Quota::Missing, missing);
    }
    match (baroness, pope) {
        (true, true) => (Quota::NonArray, vec![Role::Diarch]),
        (true, false) => (Quota::NonArray, vec![Role::Pope]),
        (false, true) => (Quota::NonArray, vec![Role::Baroness]),
        (false, false) if missing.is_empty() => (Quota::Full, vec![Role::Baroness, Role::Pope]),
        (false, false) => match tc.options.promotion_diarch_only {
            PromotionDiarchOnly::BaronessOrPope => {
                (Quota::DiarchOnly, vec![Role::Baroness, Role::Pope])
            }
            PromotionDiarchOnly::MissingPiece => (Quota::DiarchOnly, missing),
        },
    }
}

/// Returns true if a Pawn of `seat` reaching a far rank wins the game at once.
///
/// `triple-crown.instant-win`: "A player can also win instantly, regardless of the number of
/// other remaining players, by getting a Pawn to a far rank when they already have all three
/// non-array pieces."
pub fn wins_instantly(setup: &Setup, seat: Seat) -> bool {
    NON_ARRAY.iter().all(|&r| has(setup, seat, r))
}
