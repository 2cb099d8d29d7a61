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

/// Lists the castling moves of the king on `from`.
///
/// `yalta.castling`: FIDE 3.8.b castling, on either wing of the back rank: the king goes two
/// cells towards a rook (e1-g1 with the rook h1-f1, or e1-c1 with the rook a1-d1). Neither may
/// have moved (the position's castling field keeps the right), every cell between them must be
/// empty, the king may not be in check, and the cell it crosses may not be attacked by any
/// opponent; like any move, it may not end in check. Written as the king's move with the
/// rook's cell: `Ae1-Ag1/Ah1`.
pub fn castling_moves(rules: &Yalta, setup: &Setup, from: Cell) -> Vec<Move> {
    let mover = setup.to_move;
    let king = Piece::new(mover, Role::King);
    if king_home(rules, mover) != Some(from)
        || setup.piece(from) != Some(king)
        || check::in_check(rules, setup, mover)
    {
        return Vec::new();
    }
    let (_, king_file, _) = rules.hex.coords(from);
    rook_homes(rules, mover)
        .into_iter()
        .filter(|partner| setup.castling.contains(partner))
        .filter(|&partner| setup.piece(partner) == Some(Piece::new(mover, Role::Rook)))
        .filter_map(|partner| {
            let (_, rook_file, _) = rules.hex.coords(partner);
            let side = (rook_file - king_file).signum();
            let between = ((king_file.min(rook_file) + 1)..king_file.max(rook_file))
                .filter_map(|f| rules.hex.cell(mover, f, 0));
            let crossed = rules.hex.cell(mover, king_file + side, 0)?;
            let to = rules.hex.cell(mover, king_file + 2 * side, 0)?;
            let clear = between.into_iter().all(|c| setup.piece(c).is_none());
            let crossed_safe = check::live_seats(setup)
                .into_iter()
                .filter(|&s| s != mover)
                .all(|s| !check::attacked_by(rules, setup, crossed, s));
            (clear && crossed_safe).then_some(Move::Castle { from, to, partner })
        })
        .collect()
}
