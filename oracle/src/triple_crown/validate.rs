//! What makes a setup a position of Triple Crown.

use trichess_model::{
    Piece, PositionProblem, ProblemKind, Role, Seat, TripleCrownState, VariantState,
};

use crate::board::Setup;

use super::options::EnPassantWindow;
use super::{TripleCrown, array, castling, pawns};

/// Lists every reason `setup` is not a position of the game.
pub fn problems(tc: &TripleCrown, setup: &Setup) -> Vec<PositionProblem> {
    let VariantState::TripleCrown(state) = &setup.state else {
        return vec![PositionProblem::new(
            ProblemKind::WrongVariant,
            "the position carries another variant's state",
        )];
    };
    let mut problems = Vec::new();
    emperors(setup, &mut problems);
    pawn_ranks(setup, &mut problems);
    castling_rights(tc, setup, &mut problems);
    en_passant(tc, setup, state, &mut problems);
    instant_win(setup, state, &mut problems);
    problems
}

fn name(setup: &Setup, seat: Seat) -> &'static str {
    setup.variant.seat_name(seat)
}

/// Each army has one Emperor while it has pieces, and the player to move is in the game.
///
/// `triple-crown.checkmate-en-prise`: a checkmated player's pieces are all removed, so no army
/// stands on the board without its Emperor, and a player without one is out.
fn emperors(setup: &Setup, problems: &mut Vec<PositionProblem>) {
    for seat in Seat::ALL {
        let owned: Vec<&Piece> = setup.pieces.values().filter(|p| p.owner == seat).collect();
        let emperors = owned.iter().filter(|p| p.role == Role::Emperor).count();
        if emperors > 1 {
            problems.push(PositionProblem::new(
                ProblemKind::TooManyRoyals,
                format!("{} has {emperors} Emperors", name(setup, seat)),
            ));
        }
        if emperors == 0 && !owned.is_empty() {
            problems.push(PositionProblem::new(
                ProblemKind::MissingRoyal,
                format!(
                    "{} has pieces but no Emperor (a checkmated player's pieces are all removed)",
                    name(setup, seat)
                ),
            ));
        }
    }
    if setup.royal(setup.to_move).is_none() {
        problems.push(PositionProblem::new(
            ProblemKind::SideToMoveOut,
            format!(
                "{} is to move but has no Emperor (a seat without an Emperor is out of the game)",
                name(setup, setup.to_move)
            ),
        ));
    }
}

/// Pawns start on their third rank, never move back, and promote on reaching an enemy's rank
/// 1.
///
/// `triple-crown.double-step`, `triple-crown.promotion-compulsory`.
fn pawn_ranks(setup: &Setup, problems: &mut Vec<PositionProblem>) {
    for (&cell, piece) in setup.pieces.iter() {
        let own_half = cell.sector() == Some(piece.owner);
        if piece.role == Role::Pawn
            && ((own_half && i32::from(cell.rank()) < array::PAWN_RANK)
                || pawns::is_far_rank(cell, piece.owner))
        {
            problems.push(PositionProblem::new(
                ProblemKind::PawnOnImpossibleRank,
                format!(
                    "{} Pawn on {cell}: Pawns start on their third rank, never move back, and \
                 promote on reaching an enemy's rank 1",
                    name(setup, piece.owner)
                ),
            ));
        }
    }
}

/// A castling right needs its partner on its home cell and the seat's Emperor on f1.
///
/// `triple-crown.castling-rights`; the partners' home cells are those of the castling pairs,
/// the second pair's partner as `triple-crown.castling-eh` reads it.
fn castling_rights(tc: &TripleCrown, setup: &Setup, problems: &mut Vec<PositionProblem>) {
    for &right in &setup.castling {
        let seat = right.sector().unwrap_or(Seat::A);
        let partner = castling::partner_homes(tc, seat)
            .into_iter()
            .find(|&(c, _)| c == right)
            .map(|(_, pair)| Piece::new(seat, pair.partner));
        let emperor_home = castling::emperor_home(tc, seat).and_then(|c| setup.piece(c));
        if partner.is_none()
            || setup.piece(right) != partner
            || emperor_home != Some(Piece::new(seat, Role::Emperor))
        {
            problems.push(PositionProblem::new(
                ProblemKind::CastlingRightWithoutPieces,
                format!(
                    "castling right {right}: needs a castling partner on its home cell (the \
                 Vicereines on a1 and j1, the Chatelaines on b1 and, if EH is a Chatelaine, \
                 i1) and its Emperor on f1"
                ),
            ));
        }
    }
}

/// Each en passant cell is empty, with a Pawn of another army than the side to move's just
/// beyond it; a second, older one only under `triple-crown.en-passant-window=both-enemies`,
/// beside the newer one, and of another army. Under `next-player` the one cell is the last
/// move's: its Pawn is the army of the player before the side to move (decision D7).
///
/// `triple-crown.en-passant`, `triple-crown.en-passant-window`.
fn en_passant(
    tc: &TripleCrown,
    setup: &Setup,
    state: &TripleCrownState,
    problems: &mut Vec<PositionProblem>,
) {
    let targets = setup.en_passant.into_iter().chain(state.en_passant_earlier);
    let mut owners = Vec::new();
    for target in targets {
        let pawn = pawns::double_stepped(tc, setup, target);
        let fits = pawn.is_some_and(|p| p.owner != setup.to_move);
        if setup.piece(target).is_some() || !fits {
            problems.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                format!(
                    "en passant on {target}: needs an empty cell on rank 4 with a Pawn of that \
                 half-board's army beyond it on rank 5, not the side to move's"
                ),
            ));
        }
        let last_mover = super::turn::previous_seat(tc, setup, setup.to_move);
        if tc.options.en_passant_window == EnPassantWindow::NextPlayer
            && pawn.is_some_and(|p| p.owner != last_mover)
        {
            problems.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                format!(
                    "en passant on {target}: under triple-crown.en-passant-window=next-player \
                     only the last move's double step is open, and {} made the last move",
                    name(setup, last_mover)
                ),
            ));
        }
        owners.extend(pawn.map(|p| p.owner));
    }
    if state.en_passant_earlier.is_some() {
        if setup.en_passant.is_none() {
            problems.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                "en_passant_earlier is given without en_passant",
            ));
        }
        if tc.options.en_passant_window != EnPassantWindow::BothEnemies {
            problems.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                "en_passant_earlier only applies under triple-crown.en-passant-window=both-enemies",
            ));
        }
        if owners.len() == 2 && owners[0] == owners[1] {
            problems.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                "the two en passant cells belong to the same army",
            ));
        }
    }
}

/// Only one player can have won instantly, and they are still in the game.
///
/// `triple-crown.instant-win`.
fn instant_win(setup: &Setup, state: &TripleCrownState, problems: &mut Vec<PositionProblem>) {
    if state.instant_win.len() > 1 {
        problems.push(PositionProblem::new(
            ProblemKind::InstantWinDoesNotFit,
            "only one player can have won instantly",
        ));
    }
    for &seat in &state.instant_win {
        if setup.royal(seat).is_none() {
            problems.push(PositionProblem::new(
                ProblemKind::InstantWinDoesNotFit,
                format!("{} has won instantly but has no Emperor", name(setup, seat)),
            ));
        }
    }
}
