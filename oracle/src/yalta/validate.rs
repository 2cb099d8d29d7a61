//! What makes a setup a position of Yalta Chess.

use trichess_model::{Piece, PositionProblem, ProblemKind, Role, Seat, YaltaState};

use crate::board::Setup;

use super::board::in_own_half;
use super::options::{EnPassantWindow, MateFinal};
use super::{Yalta, castling, check, pawns};

/// Lists every reason `setup` is not a position of the game.
pub fn problems(rules: &Yalta, setup: &Setup) -> Vec<PositionProblem> {
    let Some(state) = setup.yalta() else {
        return vec![PositionProblem::new(
            ProblemKind::WrongVariant,
            "the position carries another variant's state",
        )];
    };
    let mut problems = Vec::new();
    kings(setup, &mut problems);
    pawn_ranks(setup, &mut problems);
    control(setup, state, &mut problems);
    castling_rights(rules, setup, &mut problems);
    en_passant(rules, setup, &mut problems);
    first_checks(rules, setup, state, &mut problems);
    pending_mates(rules, setup, state, &mut problems);
    problems
}

fn name(setup: &Setup, seat: Seat) -> &'static str {
    setup.variant.seat_name(seat)
}

/// Each army has at most one king, and the player to move is in the game.
///
/// `yalta.one-king`: a FIDE army has one king (FIDE 2.3; no pawn promotes to a king).
/// `yalta.mate-removes-king`: a seat without a king has been checkmated and is out, so it is
/// never to move.
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
    if !check::is_live(setup, setup.to_move) {
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
/// nor on another seat's (they promote there).
///
/// `yalta.pawn-moves`, `yalta.pawns-start`, `yalta.promotion`.
fn pawn_ranks(setup: &Setup, problems: &mut Vec<PositionProblem>) {
    for (&cell, piece) in setup.pieces.iter() {
        if piece.role == Role::Pawn && cell.rank() == 0 {
            let whose = if in_own_half(cell, piece.owner) {
                "its own back rank"
            } else {
                "a promotion rank"
            };
            problems.push(PositionProblem::new(
                ProblemKind::PawnOnImpossibleRank,
                format!(
                    "{} pawn on {cell}: a pawn never stands on {whose}",
                    name(setup, piece.owner)
                ),
            ));
        }
    }
}

/// Every army without its king is controlled by a player still in the game, and only such
/// armies have a controller.
///
/// `yalta.army-takeover`: the player who delivered the checkmate takes control of the
/// checkmated player's remaining pieces.
fn control(setup: &Setup, state: &YaltaState, problems: &mut Vec<PositionProblem>) {
    for (&army, &controller) in &state.control {
        if check::is_live(setup, army) {
            problems.push(PositionProblem::new(
                ProblemKind::ControlDoesNotFit,
                format!(
                    "control {}: {}'s king is on the board, so {} controls its own army",
                    army_letter(setup, army, controller),
                    name(setup, army),
                    name(setup, army)
                ),
            ));
        } else if !check::is_live(setup, controller) {
            problems.push(PositionProblem::new(
                ProblemKind::ControlDoesNotFit,
                format!(
                    "control {}: {} has no king, so it controls nothing",
                    army_letter(setup, army, controller),
                    name(setup, controller)
                ),
            ));
        }
    }
    for army in Seat::ALL {
        let has_pieces = setup.pieces.values().any(|p| p.owner == army);
        if has_pieces && !check::is_live(setup, army) && !state.control.contains_key(&army) {
            problems.push(PositionProblem::new(ProblemKind::ControlDoesNotFit, format!(
                "{}'s army has no king and nobody controls it: say who mated it (control={}:..)",
                name(setup, army),
                setup.variant.seat_letter(army)
            )));
        }
    }
}

fn army_letter(setup: &Setup, army: Seat, controller: Seat) -> String {
    format!(
        "{}:{}",
        setup.variant.seat_letter(army),
        setup.variant.seat_letter(controller)
    )
}

/// A castling right needs the army's king on e1 and its rook on the right's cell (a1 or h1).
///
/// `yalta.castling`: neither the king nor the rook may have moved.
fn castling_rights(rules: &Yalta, setup: &Setup, problems: &mut Vec<PositionProblem>) {
    for &right in &setup.castling {
        let fits = Seat::ALL.into_iter().any(|seat| {
            castling::rook_homes(rules, seat).contains(&right)
                && setup.piece(right) == Some(Piece::new(seat, Role::Rook))
                && castling::king_home(rules, seat).and_then(|k| setup.piece(k))
                    == Some(Piece::new(seat, Role::King))
        });
        if !fits {
            problems.push(PositionProblem::new(ProblemKind::CastlingRightWithoutPieces, format!(
                "castling right {right}: needs that seat's rook on {right} (an a1 or h1) and its \
                 king on e1"
            )));
        }
    }
}

/// Each en passant cell is an empty rank 3 cell, with a pawn of that half-board's army just
/// beyond it on rank 4, not controlled by the player to move. Its rank 2 cell need not be
/// empty: under `yalta.en-passant-window=both-opponents` the first opponent may have moved
/// there before the second takes. A second, older cell (`en_passant_earlier`) exists only
/// under that reading, beside the newer one, and belongs to another army (an army's own
/// earlier double step is stale once its side has moved again).
///
/// `yalta.en-passant`, `yalta.en-passant-window`.
fn en_passant(rules: &Yalta, setup: &Setup, problems: &mut Vec<PositionProblem>) {
    let mut problem = |detail: String| {
        problems.push(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            detail,
        ));
    };
    let earlier = setup.yalta().and_then(|s| s.en_passant_earlier);
    let mut armies = Vec::new();
    for (field, target) in [
        ("en passant", setup.en_passant),
        ("en_passant_earlier", earlier),
    ] {
        let Some(target) = target else { continue };
        let pawn = pawns::double_stepper(rules, setup, target);
        if pawn.is_none_or(|p| check::controls(setup, setup.to_move, p)) {
            problem(format!(
                "{field} on {target}: needs an empty rank 3 cell with a pawn of that \
                 half-board's army just beyond it on rank 4 (not the mover's)"
            ));
        }
        armies.extend(pawn.map(|p| p.owner));
    }
    if earlier.is_none() {
        return;
    }
    if rules.options.en_passant_window != EnPassantWindow::BothOpponents {
        problem(
            "en_passant_earlier only applies under yalta.en-passant-window=both-opponents".into(),
        );
    }
    if setup.en_passant.is_none() {
        problem("en_passant_earlier is given without en_passant".into());
    }
    if let [a, b] = armies[..]
        && a == b
    {
        problem(format!(
            "the two en passant cells are both double steps of {}'s army",
            name(setup, a)
        ));
    }
}

/// A first-check record names a player in check from two opponents and one of them; every
/// such player has one.
///
/// `yalta.multiple-check`: "the check delivered first takes priority".
fn first_checks(
    rules: &Yalta,
    setup: &Setup,
    state: &YaltaState,
    problems: &mut Vec<PositionProblem>,
) {
    let letter = |s: Seat| setup.variant.seat_letter(s);
    for seat in Seat::ALL {
        let checkers = check::checkers(rules, setup, seat);
        match state.first_check.get(&seat) {
            Some(first) if checkers.len() < 2 || !checkers.contains(first) => {
                problems.push(PositionProblem::new(ProblemKind::FirstCheckDoesNotFit, format!(
                    "first_check {}:{}: only a player in check from two opponents, one of them \
                     {}, has that record",
                    letter(seat),
                    letter(*first),
                    name(setup, *first)
                )));
            }
            None if checkers.len() >= 2 => problems.push(PositionProblem::new(ProblemKind::FirstCheckDoesNotFit, format!(
                "{} is in check from two opponents: say whose check came first (first_check={}:..)",
                name(setup, seat),
                letter(seat)
            ))),
            _ => {}
        }
    }
}

/// A pending mate only arises under `yalta.mate-final=after-left-player`, for a player in
/// the game, in check, and not to move (decision D3).
fn pending_mates(
    rules: &Yalta,
    setup: &Setup,
    state: &YaltaState,
    problems: &mut Vec<PositionProblem>,
) {
    for &seat in &state.pending_mate {
        let fits = rules.options.mate_final == MateFinal::AfterLeftPlayer
            && seat != setup.to_move
            && check::in_check(rules, setup, seat);
        if !fits {
            problems.push(PositionProblem::new(
                ProblemKind::PendingMateDoesNotFit,
                format!(
                    "pending_mate {}: only under yalta.mate-final=after-left-player, for a player \
                 in check who is not to move",
                    setup.variant.seat_letter(seat)
                ),
            ));
        }
    }
}
