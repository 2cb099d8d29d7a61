//! Castling: the four pairs of moves the source writes in descriptive notation, on the files of
//! the reconstructed array (`array.rs`).

use trichess_model::{Cell, Move, Piece, Role, Seat};

use crate::board::Setup;

use super::array::{self, CastlingPair};
use super::{TripleCrown, check};

/// Returns the cell of `seat`'s rank 1 on `file`.
fn home(tc: &TripleCrown, seat: Seat, file: i32) -> Option<Cell> {
    tc.hex.cell(seat, file, 0)
}

/// Returns `seat`'s Emperor's starting cell (f1).
pub fn emperor_home(tc: &TripleCrown, seat: Seat) -> Option<Cell> {
    home(tc, seat, array::emperor_file()?)
}

/// Lists the cells of `seat` whose pieces may castle with their Emperor, with the pair each
/// plays.
pub fn partner_homes(tc: &TripleCrown, seat: Seat) -> Vec<(Cell, CastlingPair)> {
    array::castling_pairs(tc.options.castling_eh)
        .into_iter()
        .filter_map(|pair| home(tc, seat, pair.partner_from).map(|c| (c, pair)))
        .collect()
}

/// Lists the cells strictly between two files of `seat`'s rank 1.
fn between(tc: &TripleCrown, seat: Seat, a: i32, b: i32) -> Vec<Cell> {
    (a.min(b) + 1..a.max(b))
        .filter_map(|f| home(tc, seat, f))
        .collect()
}

/// Lists the cells the Emperor stands on or passes castling from `from` to file `to`,
/// both ends included.
fn emperor_path(tc: &TripleCrown, seat: Seat, from: i32, to: i32) -> Vec<Cell> {
    (from.min(to)..=from.max(to))
        .filter_map(|f| home(tc, seat, f))
        .collect()
}

/// Why the Emperor may not castle with a partner: the condition of castling that fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bar {
    /// The mover's Emperor is not on its starting cell.
    EmperorNotHome,
    /// The castling right of that partner is gone: the Emperor or the partner has moved.
    NoRight,
    /// The pair's partner is not on its cell.
    NoPartner,
    /// A cell between the Emperor and the partner is occupied.
    Occupied(Cell),
    /// An enemy attacks a cell of the Emperor's path.
    PathAttacked(Cell),
}

/// Castles the Emperor on `from` with the partner on `partner` by `pair`, or says which
/// condition fails.
///
/// - `triple-crown.castling-notation`, `triple-crown.castling-emperor-vicereine`,
///   `triple-crown.castling-emperor-h`, `triple-crown.castling-queen-vicereine`,
///   `triple-crown.castling-queen-chatelaine`:
///   "Castling involves any of the following four pairs of moves, in abbreviated descriptive
///   notation: E-EM1 and EV-EPm1; E-EM1 and EH-EPm1; E-QM1 and QV-QPm1; E-QPm1 and QC-Q1."
/// - `triple-crown.castling-rights`: "As usual": neither the Emperor nor the partner has
///   moved; the position's castling field keeps a right per partner cell.
/// - `triple-crown.castling-empty`: "all intermediate cells must be empty at the start of the
///   move": every cell between the Emperor and the partner.
/// - `triple-crown.castling-check`: "no part of the Emperor's path may be in Check from either
///   enemy": not its starting cell, nor a cell it passes, nor its destination.
pub fn castling(
    tc: &TripleCrown,
    setup: &Setup,
    from: Cell,
    partner: Cell,
    pair: CastlingPair,
) -> Result<Move, Bar> {
    let seat = setup.to_move;
    let (Some(home_cell), Some(e)) = (emperor_home(tc, seat), array::emperor_file()) else {
        return Err(Bar::EmperorNotHome);
    };
    if from != home_cell || setup.piece(from) != Some(Piece::new(seat, Role::Emperor)) {
        return Err(Bar::EmperorNotHome);
    }
    if !setup.castling.contains(&partner) {
        return Err(Bar::NoRight);
    }
    if setup.piece(partner) != Some(Piece::new(seat, pair.partner)) {
        return Err(Bar::NoPartner);
    }
    let between = between(tc, seat, e, pair.partner_from);
    if let Some(&occupied) = between.iter().find(|&&c| setup.piece(c).is_some()) {
        return Err(Bar::Occupied(occupied));
    }
    let path = emperor_path(tc, seat, e, pair.emperor_to);
    if let Some(&attacked) = path
        .iter()
        .find(|&&c| check::attacked_by_enemy(tc, setup, c, seat))
    {
        return Err(Bar::PathAttacked(attacked));
    }
    home(tc, seat, pair.emperor_to)
        .map(|to| Move::Castle { from, to, partner })
        .ok_or(Bar::EmperorNotHome)
}

/// Lists the castling moves of the Emperor on `from`: with each partner [`castling`] allows.
pub fn castling_moves(tc: &TripleCrown, setup: &Setup, from: Cell) -> Vec<Move> {
    partner_homes(tc, setup.to_move)
        .into_iter()
        .filter_map(|(partner, pair)| castling(tc, setup, from, partner, pair).ok())
        .collect()
}

/// Returns where the partner of a castling move goes: the pair's partner destination.
pub fn partner_destination(tc: &TripleCrown, seat: Seat, to: Cell, partner: Cell) -> Option<Cell> {
    let (_, to_file, _) = tc.hex.coords(to);
    partner_homes(tc, seat)
        .into_iter()
        .find(|&(cell, pair)| cell == partner && pair.emperor_to == to_file)
        .and_then(|(_, pair)| home(tc, seat, pair.partner_to))
}
