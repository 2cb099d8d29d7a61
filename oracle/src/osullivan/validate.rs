//! What makes a setup a position of O'Sullivan's game: every problem, with its kind.

use trichess_model::{
    OSullivanState, Piece, PositionProblem, ProblemKind, Role, Seat, VariantState,
};

use crate::board::Setup;

use super::options::EnPassantWindow;
use super::{BLACK, Options, RED, WHITE, castling, pawns};

/// Lists every reason `setup` is not a position of the game.
pub fn problems(setup: &Setup, options: &Options) -> Vec<PositionProblem> {
    let VariantState::OSullivan(state) = &setup.state else {
        return vec![PositionProblem::new(
            ProblemKind::WrongVariant,
            "the position carries another variant's state",
        )];
    };
    let mut problems = Vec::new();
    kings(setup, &mut problems);
    pawn_ranks(setup, &mut problems);
    castling_rights(setup, &mut problems);
    en_passant(setup, options, &mut problems);
    p4s(setup, state, &mut problems);
    problems
}

fn name(setup: &Setup, seat: Seat) -> &'static str {
    setup.variant.seat_name(seat)
}

/// Each army has at most one king, and the player to move is in the game.
///
/// `osullivan.one-king`: each army has one king (FIDE 2.3; no pawn promotes to a king).
/// `osullivan.mate-removes-king`: a seat without a king has been checkmated and is out, so it
/// is never to move.
fn kings(setup: &Setup, problems: &mut Vec<PositionProblem>) {
    let counts = crate::rules::royal_counts(setup.variant, setup.pieces.values());
    for seat in Seat::ALL {
        let kings = counts[seat.index()];
        if kings > 1 {
            problems.push(PositionProblem::new(
                ProblemKind::TooManyRoyals,
                format!("{} has {kings} kings", name(setup, seat)),
            ));
        }
    }
    if setup.royal(setup.to_move).is_none() {
        problems.push(PositionProblem::new(
            ProblemKind::SideToMoveOut,
            format!(
                "{} is to move but has no king (a seat without a king has been checkmated)",
                name(setup, setup.to_move)
            ),
        ));
    }
}

/// Pawns never stand on their own back rank (they start in front of it and only move away)
/// nor on their promotion rank (they promote on arriving there).
///
/// `osullivan.pawn-moves`, `osullivan.promotion`; which rank is whose by
/// `osullivan.pawn-direction` (White's pawns move down the board, Black's and Red's up).
fn pawn_ranks(setup: &Setup, problems: &mut Vec<PositionProblem>) {
    for (&cell, piece) in setup.pieces.iter() {
        let home_rank = if piece.owner == WHITE { 7 } else { 0 };
        if piece.role == Role::Pawn
            && (cell.rank() == home_rank || cell.rank() == pawns::promotion_rank(piece.owner))
        {
            problems.push(PositionProblem::new(
                ProblemKind::PawnOnImpossibleRank,
                format!(
                    "{} pawn on {cell}: pawns never stand on their own back rank or their \
                     promotion rank",
                    name(setup, piece.owner)
                ),
            ));
        }
    }
}

/// The only castling right is White's, with the king on d8 and the rook on b8.
///
/// `osullivan.castling-white-only`, `osullivan.castling-unmoved`.
fn castling_rights(setup: &Setup, problems: &mut Vec<PositionProblem>) {
    for &right in &setup.castling {
        let white_rook = Piece::new(WHITE, Role::Rook);
        let white_king = Piece::new(WHITE, Role::King);
        let king_home = castling::king_home();
        if Some(right) != castling::rook_home()
            || setup.piece(right) != Some(white_rook)
            || king_home.and_then(|k| setup.piece(k)) != Some(white_king)
        {
            problems.push(PositionProblem::new(
                ProblemKind::CastlingRightWithoutPieces,
                format!(
                    "castling right {right}: only White castles, with the king on d8 and the \
                     rook on b8"
                ),
            ));
        }
    }
}

/// Each en passant cell is empty, with just beyond it an opponent's pawn that may have
/// double-stepped over it (a White pawn, or a P4; see [`pawns::double_stepper`]). The pawn's
/// starting square need not be empty: under `osullivan.en-passant-window=both-opponents` the
/// first opponent may have moved there. A second, older cell (`en_passant_earlier`) exists
/// only under that reading, beside the newer one, and belongs to another player (a player's
/// own earlier double step is stale once they have moved again); the newer is then the last
/// move's (the older is stale once the player after its double-stepper has moved twice).
/// Under `next-player` the one cell is the last move's: its double-stepper is the player
/// before the side to move (decision D7).
///
/// `osullivan.en-passant`, `osullivan.double-step-white`, `osullivan.double-step-p4`,
/// `osullivan.en-passant-window`.
fn en_passant(setup: &Setup, options: &Options, problems: &mut Vec<PositionProblem>) {
    let mut problem = |detail: String| {
        problems.push(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            detail,
        ));
    };
    let earlier = setup.osullivan().and_then(|s| s.en_passant_earlier);
    let mut owners = Vec::new();
    for (field, target) in [
        ("en passant", setup.en_passant),
        ("en_passant_earlier", earlier),
    ] {
        let Some(target) = target else { continue };
        let owner = pawns::double_stepper(setup, target);
        if owner.is_none_or(|s| s == setup.to_move) {
            problem(format!(
                "{field} on {target}: needs an empty {target} and an opponent's pawn just past \
                 it that may have double-stepped (a White pawn, or a P4)"
            ));
        }
        let last_mover = super::turn::previous_seat(setup, options, setup.to_move);
        if options.en_passant_window == EnPassantWindow::NextPlayer
            && owner.is_some_and(|s| s != last_mover)
        {
            problem(format!(
                "{field} on {target}: under osullivan.en-passant-window=next-player only the \
                 last move's double step is open, and {} made the last move",
                name(setup, last_mover)
            ));
        }
        owners.extend(owner);
    }
    if earlier.is_none() {
        return;
    }
    if options.en_passant_window != EnPassantWindow::BothOpponents {
        problem(
            "en_passant_earlier only applies under osullivan.en-passant-window=both-opponents"
                .into(),
        );
    }
    if setup.en_passant.is_none() {
        problem("en_passant_earlier is given without en_passant".into());
    }
    let last_mover = super::turn::previous_seat(setup, options, setup.to_move);
    match owners[..] {
        [a, b] if a == b => problem(format!(
            "the two en passant cells are both {}'s double steps",
            name(setup, a)
        )),
        [newer, _] if newer != last_mover => problem(format!(
            "with two en passant cells the newer is the last move's double step, and {} made \
             the last move",
            name(setup, last_mover)
        )),
        _ => {}
    }
}

/// The P4s are Black's and Red's pawns the position says they are; only a P4 is freed.
///
/// `osullivan.pawn-numbering`, `osullivan.p4-freed`.
fn p4s(setup: &Setup, state: &OSullivanState, problems: &mut Vec<PositionProblem>) {
    let mut problem = |detail: String| {
        problems.push(PositionProblem::new(ProblemKind::P4DoesNotFit, detail));
    };
    if state.p4[WHITE].is_some() {
        problem("White has no P4".into());
    }
    for seat in [BLACK, RED] {
        if let Some(cell) = state.p4[seat]
            && setup.piece(cell) != Some(Piece::new(seat, Role::Pawn))
        {
            problem(format!(
                "{}'s P4 on {cell}: no {} pawn there",
                name(setup, seat),
                name(setup, seat)
            ));
        }
    }
    for &seat in &state.p4_freed {
        if state.p4[seat].is_none() {
            problem(format!(
                "{}'s P4 is freed but {} has no P4",
                name(setup, seat),
                name(setup, seat)
            ));
        }
    }
}
