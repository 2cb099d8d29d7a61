//! What makes a setup a position of O'Sullivan's game.

use trichess_model::{Piece, Role, Seat, VariantState};

use crate::board::Setup;

use super::options::EnPassantWindow;
use super::{BLACK, Options, RED, WHITE, castling, pawns};

/// Lists every reason `setup` is not a position of the game.
pub fn problems(setup: &Setup, options: &Options) -> Vec<String> {
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
    en_passant(setup, options, &mut problems);
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

/// Each en passant cell is empty, with just beyond it an opponent's pawn that may have
/// double-stepped over it (a White pawn, or a P4; see [`pawns::double_stepper`]). The pawn's
/// starting square need not be empty: under `osullivan.en-passant-window=both-opponents` the
/// first opponent may have moved there. A second, older cell (`en_passant_earlier`) exists
/// only under that reading, beside the newer one, and belongs to another player (a player's
/// own earlier double step is stale once they have moved again).
fn en_passant(setup: &Setup, options: &Options, problems: &mut Vec<String>) {
    let earlier = setup.osullivan().and_then(|s| s.en_passant_earlier);
    let mut owners = Vec::new();
    for (field, target) in [
        ("en passant", setup.en_passant),
        ("en_passant_earlier", earlier),
    ] {
        let Some(target) = target else { continue };
        let owner = pawns::double_stepper(setup, target);
        if owner.is_none_or(|s| s == setup.to_move) {
            problems.push(format!(
                "{field} on {target}: needs an empty {target} and an opponent's pawn just past \
                 it that may have double-stepped (a White pawn, or a P4)"
            ));
        }
        owners.extend(owner);
    }
    if earlier.is_none() {
        return;
    }
    if options.en_passant_window != EnPassantWindow::BothOpponents {
        problems.push(
            "en_passant_earlier only applies under osullivan.en-passant-window=both-opponents"
                .into(),
        );
    }
    if setup.en_passant.is_none() {
        problems.push("en_passant_earlier is given without en_passant".into());
    }
    if let [a, b] = owners[..]
        && a == b
    {
        problems.push(format!(
            "the two en passant cells are both {}'s double steps",
            setup.variant.seat_name(a)
        ));
    }
}
