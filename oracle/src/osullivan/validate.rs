//! What makes a setup a position of O'Sullivan's game.

use trichess_model::{Piece, Role, Seat, VariantState};

use crate::board::Setup;

use super::{BLACK, RED, WHITE, castling, pawns};

/// Lists every reason `setup` is not a position of the game.
///
/// `osullivan.one-king`: each army has one king (FIDE 2.3; no pawn promotes to a king).
pub fn problems(setup: &Setup) -> Vec<String> {
    let mut problems = Vec::new();
    let name = |s: Seat| setup.variant.seat_name(s);
    let VariantState::OSullivan(state) = &setup.state else {
        return vec!["the position carries another variant's state".into()];
    };
    let counts = crate::rules::royal_counts(setup.variant, setup.pieces.values());
    for seat in Seat::ALL {
        let kings = counts[seat.index()];
        if kings > 1 {
            problems.push(format!("{} has {kings} kings", name(seat)));
        }
    }
    if setup.royal(setup.to_move).is_none() {
        problems.push(format!(
            "{} is to move but has no king (a seat without a king has been checkmated)",
            name(setup.to_move)
        ));
    }
    for (&cell, piece) in setup.pieces.iter() {
        let home_rank = if piece.owner == WHITE { 7 } else { 0 };
        if piece.role == Role::Pawn
            && (cell.rank() == home_rank || cell.rank() == pawns::promotion_rank(piece.owner))
        {
            problems.push(format!(
                "{} pawn on {cell}: pawns never stand on their own back rank or their promotion rank",
                name(piece.owner)
            ));
        }
    }
    for &right in &setup.castling {
        let white_rook = Piece::new(WHITE, Role::Rook);
        let white_king = Piece::new(WHITE, Role::King);
        let king_home = castling::king_home();
        if Some(right) != castling::rook_home()
            || setup.piece(right) != Some(white_rook)
            || king_home.and_then(|k| setup.piece(k)) != Some(white_king)
        {
            problems.push(format!(
                "castling right {right}: only White castles, with the king on d8 and the rook on b8"
            ));
        }
    }
    if let Some(target) = setup.en_passant {
        let victim = pawns::en_passant_victim(target);
        let pawn = victim.and_then(|v| setup.piece(v));
        let owner_ok = pawn.is_some_and(|p| {
            p.role == Role::Pawn
                && p.owner != setup.to_move
                && ((target.rank() == 5) == (p.owner == WHITE))
                && (p.owner == WHITE || state.p4[p.owner] == victim)
        });
        // The pawn's starting square need not be empty: under
        // osullivan.en-passant-window=both-opponents the first opponent may have moved there.
        if setup.piece(target).is_some() || !owner_ok {
            problems.push(format!(
                "en passant on {target}: needs an empty {target} and an opponent's pawn just past \
                 it that may have double-stepped (a White pawn, or a P4)"
            ));
        }
    }
    if state.p4[WHITE].is_some() {
        problems.push("White has no P4".into());
    }
    for seat in [BLACK, RED] {
        if let Some(cell) = state.p4[seat]
            && setup.piece(cell) != Some(Piece::new(seat, Role::Pawn))
        {
            problems.push(format!(
                "{}'s P4 on {cell}: no {} pawn there",
                name(seat),
                name(seat)
            ));
        }
    }
    for &seat in &state.p4_freed {
        if state.p4[seat].is_none() {
            problems.push(format!(
                "{}'s P4 is freed but {} has no P4",
                name(seat),
                name(seat)
            ));
        }
    }
    problems
}
