//! What makes a setup a position of Yuri Chess.

use crate::rules::royal_counts;

use trichess_model::{Cell, Piece, PositionProblem, ProblemKind, Role, Seat, Variant, YuriState};

use crate::board::Setup;

use super::options::DoubleStep;
use super::{BLACK, Options, WHITE, board, history, pawns};

/// Lists every reason `setup` is not a position of the game.
pub fn problems(setup: &Setup, options: &Options) -> Vec<PositionProblem> {
    let Some(state) = setup.yuri() else {
        return vec![PositionProblem::new(
            ProblemKind::WrongVariant,
            "the position carries another variant's state",
        )];
    };
    let mut problems = Vec::new();
    problems.extend(king_problems(setup, state));
    castling_rights(setup, &mut problems);
    pawns_on_promotion_squares(setup, &mut problems);
    unmoved_pawns(setup, state, &mut problems);
    problems.extend(en_passant_problem(setup, state, options));
    history(state, &mut problems);
    problems
}

/// `yuri.no-castling`: "There is no castling", so a position holds no castling right.
fn castling_rights(setup: &Setup, problems: &mut Vec<PositionProblem>) {
    if !setup.castling.is_empty() {
        problems.push(PositionProblem::new(
            ProblemKind::CastlingRightWithoutPieces,
            "castling rights: there is no castling in Yuri Chess",
        ));
    }
}

/// `yuri.promotion`: a pawn whose capture square is off the board has promoted on arriving.
fn pawns_on_promotion_squares(setup: &Setup, problems: &mut Vec<PositionProblem>) {
    for (&cell, piece) in setup.pieces.iter() {
        if piece.role == Role::Pawn && pawns::promotes_on(piece.owner, cell) {
            problems.push(PositionProblem::new(
                ProblemKind::PawnOnImpossibleRank,
                format!(
                    "{} pawn on {cell}: its capture square is off the board, so it has promoted",
                    setup.variant.seat_name(piece.owner)
                ),
            ));
        }
    }
}

/// Only a pawn on one of its own army's starting squares can be unmoved (the pawns that may
/// still double-step under `yuri.double-step=first-move`).
fn unmoved_pawns(setup: &Setup, state: &YuriState, problems: &mut Vec<PositionProblem>) {
    let homes = YuriState::pawn_homes();
    for &cell in &state.unmoved {
        let pawn = setup.piece(cell);
        if !homes
            .iter()
            .any(|&(home, p)| home == cell && Some(p) == pawn)
        {
            problems.push(PositionProblem::new(ProblemKind::UnmovedDoesNotFit, format!(
                "unmoved pawn on {cell}: only a pawn on one of its own army's starting squares can be unmoved"
            )));
        }
    }
}

/// `yuri.white-no-repeat`: each entry of the history is a board state of the game.
fn history(state: &YuriState, problems: &mut Vec<PositionProblem>) {
    for (n, word) in state.history.iter().enumerate() {
        if let Err(why) = history::board_state_problem(word) {
            problems.push(PositionProblem::new(
                ProblemKind::HistoryDoesNotFit,
                format!(
                    "history entry {} '{word}' is not a board state: {why}",
                    n + 1
                ),
            ));
        }
    }
}

/// Counts each army's King, the one under the shared square included: one each.
///
/// `yuri.one-king`: by rule zero each army has one King (FIDE 2.3; no pawn promotes to a
/// King).
fn king_problems(setup: &Setup, state: &YuriState) -> Vec<PositionProblem> {
    let mut problems = Vec::new();
    let mut kings = royal_counts(Variant::Yuri, setup.pieces.values());
    if let Some(cell) = state.shared_square {
        let pair = match setup.piece(cell) {
            Some(p) if p == Piece::new(WHITE, Role::King) => Some((WHITE, BLACK)),
            Some(p) if p == Piece::new(BLACK, Role::King) => Some((BLACK, WHITE)),
            _ => None,
        };
        match pair {
            Some((mover, under)) => {
                kings[under.index()] += 1;
                problems.extend(shared_square_turn_problem(setup, cell, mover));
            }
            None => problems.push(PositionProblem::new(ProblemKind::SharedSquareDoesNotFit, format!(
                "shared square {cell}: only the White or the Black King can stand there, with the other King"
            ))),
        }
    }
    for seat in Seat::ALL {
        let count = kings[seat.index()];
        let kind = match count {
            1 => continue,
            0 => ProblemKind::MissingRoyal,
            _ => ProblemKind::TooManyRoyals,
        };
        problems.push(PositionProblem::new(
            kind,
            format!(
                "{} has {count} Kings (one each, counting the King under a shared square)",
                setup.variant.seat_name(seat)
            ),
        ));
    }
    problems
}

/// Checks the side to move once the Kings have met: the move onto the shared square passed
/// the turn like any other (decision D5), so the seat after the King listed there, the one
/// that moved (`yuri.shared-square`), in the turn order W → R → B (`yuri.turn-order`), is to
/// move (decision D4).
fn shared_square_turn_problem(setup: &Setup, cell: Cell, mover: Seat) -> Option<PositionProblem> {
    let next = mover.next();
    (setup.to_move != next).then(|| {
        PositionProblem::new(
            ProblemKind::SharedSquareDoesNotFit,
            format!(
                "shared square {cell}: the {} King moved onto it last, so {} is to move",
                setup.variant.seat_name(mover),
                setup.variant.seat_name(next)
            ),
        )
    })
}

/// Checks the en passant fields: none unless pawns double-step, and then a pawn of the
/// player who has just moved that stepped two squares from its starting square across the
/// en passant square (`yuri.double-step=first-move`).
fn en_passant_problem(
    setup: &Setup,
    state: &YuriState,
    options: &Options,
) -> Option<PositionProblem> {
    let fields = (setup.en_passant, state.en_passant_pawn);
    if fields == (None, None) {
        return None;
    }
    let problem = |detail: String| {
        Some(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            detail,
        ))
    };
    if options.double_step == DoubleStep::Never {
        return problem(
            "en passant: pawns never double-step under yuri.double-step=none, so there is none"
                .into(),
        );
    }
    let (Some(passed), Some(pawn_cell)) = fields else {
        return problem("en passant: en_passant and en_passant_pawn go together".into());
    };
    let mover = setup.to_move.prev();
    let pawn = Piece::new(mover, Role::Pawn);
    let d = (
        i32::from(pawn_cell.file()) - i32::from(passed.file()),
        i32::from(pawn_cell.rank()) - i32::from(passed.rank()),
    );
    let origin = board::step(passed, (-d.0, -d.1));
    let fits = setup.piece(pawn_cell) == Some(pawn)
        && setup.piece(passed).is_none()
        && origin.is_some_and(|o| {
            setup.piece(o).is_none()
                && YuriState::pawn_homes().contains(&(o, pawn))
                && pawns::passed_cell(o, pawn_cell) == Some(passed)
                && pawns::step_directions(mover, o, options.pawns).contains(&d)
        });
    if fits {
        return None;
    }
    problem(format!(
        "en passant over {passed} by the pawn on {pawn_cell}: needs an empty {passed} and a {} pawn \
             on {pawn_cell} that has just stepped there from its starting square across {passed}",
        setup.variant.seat_name(mover)
    ))
}
