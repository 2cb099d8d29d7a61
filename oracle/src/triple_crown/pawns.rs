//! How Pawns move: forwards along their file into an enemy half-board, the double step, the
//! capture through the centre, en passant and compulsory promotion.

use trichess_model::{Cell, Move, Piece, Role, Seat};

use crate::board::Setup;

use crate::hex::Dir;

use super::options::{EnPassantWindow, PawnRankCount};
use super::{TripleCrown, array, pieces, promotion};

/// Returns the way forwards for a Pawn of `owner` on `at`: up its file (towards the centre)
/// in its own half-board, down (towards that seat's rank 1) in an enemy's.
///
/// `triple-crown.pawn-moves`: FIDE 3.7.a; a Pawn moves forwards along its file. A file runs
/// from a seat's rank 1 to the centre and on, through a top edge, down a file of the
/// neighbouring half-board.
/// `triple-crown.pawn-stays-in-half`: "having reached its fifth rank in one enemy half-board
/// must continue further into that half-board, never entering the other one unpromoted": in
/// an enemy half-board forwards is always down, so a Pawn there never leaves it.
pub fn forward(owner: Seat, at: Cell) -> Dir {
    if at.sector() == Some(owner) {
        (0, 1)
    } else {
        (0, -1)
    }
}

/// Returns true if `cell` is a far rank for a Pawn of `owner`: rank 1 of an enemy half-board.
///
/// `triple-crown.promotion-compulsory`: "A player must promote a Pawn reaching either far rank."
pub fn is_far_rank(cell: Cell, owner: Seat) -> bool {
    cell.sector() != Some(owner) && cell.rank() == 0
}

/// Lists the cells a Pawn of `owner` on `from` attacks: one step diagonally forwards.
///
/// `triple-crown.pawn-centre-capture`: "A Pawn capturing between its fourth and fifth ranks can
/// go 120° round the centre either way". Under `triple-crown.pawn-rank-count=centre-crossing`
/// that is the capture from the Pawn's own centre cell through the centre point, which forks
/// to the centre cells of both enemies; both branches are captures.
pub fn capture_cells(tc: &TripleCrown, from: Cell, owner: Seat) -> Vec<Cell> {
    let (_, ahead) = forward(owner, from);
    match tc.options.pawn_rank_count {
        PawnRankCount::CentreCrossing => [(-1, ahead), (1, ahead)]
            .into_iter()
            .flat_map(|d| tc.geo.step(from, d))
            .map(|&(cell, _)| cell)
            .collect(),
    }
}

/// Returns the cell one step forwards from `from` for a Pawn of `owner`, with the way
/// forwards from there.
fn step_forward(tc: &TripleCrown, from: Cell, owner: Seat) -> Option<(Cell, Dir)> {
    tc.geo.step(from, forward(owner, from)).first().copied()
}

/// Returns true if a Pawn of `owner` on `from` may make its double step.
///
/// `triple-crown.double-step`: "Pawns have an initial double-step move from the third rank":
/// from rank 3 of its own half-board (where the Pawns start), over rank 4 to rank 5.
pub fn may_double_step(from: Cell, owner: Seat) -> bool {
    from.sector() == Some(owner) && i32::from(from.rank()) == array::PAWN_RANK
}

/// Returns the cell a double step to rank 5 passed over: rank 4 of the same file.
pub fn passed_cell(tc: &TripleCrown, landed: Cell) -> Option<Cell> {
    let (seat, file, rank) = tc.hex.coords(landed);
    tc.hex.cell(seat, file, rank - 1)
}

/// Returns the cell of the Pawn that double-stepped over `target` (rank 4): rank 5 of the
/// same file.
pub fn en_passant_victim(tc: &TripleCrown, target: Cell) -> Option<Cell> {
    let (seat, file, rank) = tc.hex.coords(target);
    (rank == array::PAWN_RANK + 1)
        .then(|| tc.hex.cell(seat, file, rank + 1))
        .flatten()
}

/// Returns the Pawn that double-stepped over `target`, if it is still beyond it: a Pawn of the
/// army whose half-board `target` is in (only its own Pawns double-step there).
pub fn double_stepped(tc: &TripleCrown, setup: &Setup, target: Cell) -> Option<Piece> {
    en_passant_victim(tc, target)
        .and_then(|c| setup.piece(c))
        .filter(|p| p.role == Role::Pawn && target.sector() == Some(p.owner))
}

/// Lists the cells the side to move may capture en passant on: the cells passed over by
/// recent double steps (the newest first).
///
/// `triple-crown.en-passant-window` decides how long a double step can be taken: under
/// `both-enemies` a position may carry two such cells.
pub fn en_passant_targets(tc: &TripleCrown, setup: &Setup) -> Vec<Cell> {
    let earlier = match tc.options.en_passant_window {
        EnPassantWindow::BothEnemies => setup.triple_crown().and_then(|s| s.en_passant_earlier),
        EnPassantWindow::NextPlayer => None,
    };
    setup.en_passant.into_iter().chain(earlier).collect()
}

/// Returns the cell of the Pawn that the Pawn of `owner` moving from `from` to `to` takes en
/// passant, if that move is an en passant capture.
///
/// `triple-crown.en-passant`: a double-stepped Pawn "can be captured En Passant by any enemy
/// Pawn that could have captured normally had they moved only the single step": any Pawn of
/// another army that attacks the cell passed over, while that cell is empty, moves onto it and
/// removes the Pawn beyond. Move generation lists the capture and playing it removes the Pawn
/// by asking here, so the two cannot disagree.
pub fn en_passant_capture(
    tc: &TripleCrown,
    setup: &Setup,
    from: Cell,
    owner: Seat,
    to: Cell,
) -> Option<Cell> {
    let takes = en_passant_targets(tc, setup).contains(&to)
        && setup.piece(to).is_none()
        && double_stepped(tc, setup, to).is_some_and(|p| p.owner != owner)
        && capture_cells(tc, from, owner).contains(&to);
    if takes {
        en_passant_victim(tc, to)
    } else {
        None
    }
}

/// Lists the moves of the Pawn of `owner` on `from`, ignoring what they do to its Emperor.
pub fn pawn_moves(tc: &TripleCrown, setup: &Setup, from: Cell, owner: Seat) -> Vec<Move> {
    let mut targets = Vec::new();
    if let Some((one, onwards)) = step_forward(tc, from, owner)
        && setup.piece(one).is_none()
    {
        targets.push(one);
        if may_double_step(from, owner)
            && let Some(&(two, _)) = tc.geo.step(one, onwards).first()
            && setup.piece(two).is_none()
        {
            targets.push(two);
        }
    }
    for to in capture_cells(tc, from, owner) {
        if pieces::can_capture(setup, owner, to)
            || en_passant_capture(tc, setup, from, owner, to).is_some()
        {
            targets.push(to);
        }
    }
    targets
        .into_iter()
        .flat_map(|to| with_promotions(tc, setup, from, to, owner))
        .collect()
}

/// Expands a Pawn move onto a far rank into its promotions: compulsory, to the roles the quota
/// rules allow (`promotion.rs`).
fn with_promotions(
    tc: &TripleCrown,
    setup: &Setup,
    from: Cell,
    to: Cell,
    owner: Seat,
) -> Vec<Move> {
    if !is_far_rank(to, owner) {
        return vec![Move::Plain { from, to }];
    }
    crate::rules::promotions(from, to, &promotion::roles(tc, setup, owner))
}
