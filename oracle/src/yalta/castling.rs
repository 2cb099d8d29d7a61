//! Castling, on both wings of each seat's back rank.

use trichess_model::{Cell, Move, Piece, Role, Seat};

use crate::board::Setup;

use super::{Yalta, check};

/// Returns the cell `seat`'s king starts on: e1 of its half-board.
pub fn king_home(rules: &Yalta, seat: Seat) -> Option<Cell> {
    rules.hex.cell(seat, 4, 0)
}

/// Returns the cells `seat`'s rooks start on: a1 and h1 of its half-board.
pub fn rook_homes(rules: &Yalta, seat: Seat) -> Vec<Cell> {
    [0, 7]
        .into_iter()
        .filter_map(|file| rules.hex.cell(seat, file, 0))
        .collect()
}

/// Returns the cell a rook castling with the king from `from` to `to` lands on: the one the
/// king passes over.
pub fn rook_destination(rules: &Yalta, from: Cell, to: Cell) -> Option<Cell> {
    let (seat, f, r) = rules.hex.coords(from);
    let (_, t, _) = rules.hex.coords(to);
    rules.hex.cell(seat, (f + t) / 2, r)
}

/// Why the king may not castle with a rook: the condition of castling that fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bar {
    /// The mover's king is not on its e1.
    KingNotHome,
    /// The partner cell is not one of the mover's rook homes (a1, h1).
    NotARookHome,
    /// The castling right of that rook is gone: the king or the rook has moved.
    NoRight,
    /// The mover's rook is not on the partner cell.
    NoRook,
    /// A cell between the king and the rook is occupied.
    Occupied(Cell),
    /// The king is in check.
    InCheck,
    /// An opponent attacks the cell the king crosses.
    CrossedAttacked(Cell),
}

/// Castles the king on `from` with the rook on `partner`, or says which condition fails.
///
/// `yalta.castling`: FIDE 3.8.b castling, on either wing of the back rank: the king goes two
/// cells towards a rook (e1-g1 with the rook h1-f1, or e1-c1 with the rook a1-d1). Neither may
/// have moved (the position's castling field keeps the right), every cell between them must be
/// empty, the king may not be in check, and the cell it crosses may not be attacked by any
/// opponent; like any move, it may not end in check. Written as the king's move with the
/// rook's cell: `Ae1-Ag1/Ah1`.
pub fn castling(rules: &Yalta, setup: &Setup, from: Cell, partner: Cell) -> Result<Move, Bar> {
    let mover = setup.to_move;
    if king_home(rules, mover) != Some(from)
        || setup.piece(from) != Some(Piece::new(mover, Role::King))
    {
        return Err(Bar::KingNotHome);
    }
    if !rook_homes(rules, mover).contains(&partner) {
        return Err(Bar::NotARookHome);
    }
    if !setup.castling.contains(&partner) {
        return Err(Bar::NoRight);
    }
    if setup.piece(partner) != Some(Piece::new(mover, Role::Rook)) {
        return Err(Bar::NoRook);
    }
    let (_, king_file, _) = rules.hex.coords(from);
    let (_, rook_file, _) = rules.hex.coords(partner);
    let side = (rook_file - king_file).signum();
    let between = ((king_file.min(rook_file) + 1)..king_file.max(rook_file))
        .filter_map(|f| rules.hex.cell(mover, f, 0));
    if let Some(occupied) = between.into_iter().find(|&c| setup.piece(c).is_some()) {
        return Err(Bar::Occupied(occupied));
    }
    if check::in_check(rules, setup, mover) {
        return Err(Bar::InCheck);
    }
    let (Some(crossed), Some(to)) = (
        rules.hex.cell(mover, king_file + side, 0),
        rules.hex.cell(mover, king_file + 2 * side, 0),
    ) else {
        return Err(Bar::NotARookHome);
    };
    let crossed_attacked = check::live_seats(setup)
        .into_iter()
        .filter(|&s| s != mover)
        .any(|s| check::attacked_by(rules, setup, crossed, s));
    if crossed_attacked {
        return Err(Bar::CrossedAttacked(crossed));
    }
    Ok(Move::Castle { from, to, partner })
}

/// Lists the castling moves of the king on `from`: with each rook [`castling`] allows.
pub fn castling_moves(rules: &Yalta, setup: &Setup, from: Cell) -> Vec<Move> {
    rook_homes(rules, setup.to_move)
        .into_iter()
        .filter_map(|partner| castling(rules, setup, from, partner).ok())
        .collect()
}
