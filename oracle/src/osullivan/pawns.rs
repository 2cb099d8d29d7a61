//! How pawns move: direction, double steps, captures, en passant, promotion, and the P4 rule.

use trichess_model::{Cell, Move, OSullivanState, Role, Seat};

use crate::board::Setup;

use super::board::{self, across_equator, crosses_midline};
use super::{BLACK, Options, RED, WHITE, can_capture};

/// Returns the rank step of a pawn of `owner` moving forwards.
///
/// `osullivan.pawn-direction`: "Black and Red Pawns move towards White's position, not toward
/// each other." White's pawns move down the board (towards ranks 1-3), Black's and Red's up.
pub fn forward(owner: Seat) -> i32 {
    if owner == WHITE { -1 } else { 1 }
}

/// Returns the rank (from 0) on which a pawn of `owner` promotes: the far rank it moves
/// towards (`osullivan.promotion`).
pub fn promotion_rank(owner: Seat) -> u8 {
    if owner == WHITE { 0 } else { 7 }
}

/// Returns true if the pawn of `owner` on `from` may move two squares.
///
/// `osullivan.single-step`: "Other Black and Red Pawns may only move one space each move."
pub fn may_double_step(setup: &Setup, from: Cell, owner: Seat) -> bool {
    let p4 = setup.osullivan().and_then(|s| s.p4[owner]);
    double_step_home(from, owner) && (owner == WHITE || p4 == Some(from))
}

/// Returns true if `from` is where a pawn of `owner` that may double-step starts.
///
/// `osullivan.double-step-white`: "All of White's Pawns may move two squares on their first
/// moves." (a White pawn not yet moved stands on rank 7, files b to g).
/// `osullivan.double-step-p4`: "Black's and Red's P4s may also move two squares on their
/// first moves." (from the P4's starting cell, d2 or e2).
fn double_step_home(from: Cell, owner: Seat) -> bool {
    if owner == WHITE {
        from.rank() == 6
    } else {
        OSullivanState::p4_home(owner) == Some(from)
    }
}

/// Lists the cells a pawn of `owner` on `from` attacks: one step diagonally forwards.
pub fn capture_cells(from: Cell, owner: Seat) -> Vec<Cell> {
    [(-1, forward(owner)), (1, forward(owner))]
        .into_iter()
        .filter_map(|d| board::geometry().step(from, d))
        .collect()
}

/// Returns true if the capture by the pawn on `from` of the piece on `victim` is forbidden
/// by the P4 rule.
///
/// `osullivan.p4-restriction`: "The Black P4 may not capture the Red P4 until one or both are
/// across the Equator. Likewise, the Red P4 may not capture the Black P4 until one or both
/// are across the Equator." `osullivan.p4-freed`: "However, a P4 may capture any other piece
/// across the midline in a normal pawn capture, and then is free to move and capture without
/// restriction." Whether a pawn is across is judged where both stand before the capture.
/// `osullivan.no-other-restrictions`: "No other Black or Red piece has any restriction
/// regarding the midline or equator": only the two P4s, against each other, are held here.
pub fn p4_capture_forbidden(setup: &Setup, from: Cell, victim: Cell) -> bool {
    let Some(state) = setup.osullivan() else {
        return false;
    };
    let Some(mover) = [BLACK, RED]
        .into_iter()
        .find(|&s| state.p4[s] == Some(from))
    else {
        return false;
    };
    let other = if mover == BLACK { RED } else { BLACK };
    state.p4[other] == Some(victim)
        && !state.p4_freed.contains(&mover)
        && !across_equator(from)
        && !across_equator(victim)
}

/// Returns true if a capture by `owner`'s P4 from `from` to `to` frees it (see
/// [`p4_capture_forbidden`]): it is that seat's P4, the capture crosses the midline and
/// takes a piece other than the other P4.
pub fn frees_p4(setup: &Setup, owner: Seat, from: Cell, to: Cell, victim: Cell) -> bool {
    let Some(state) = setup.osullivan() else {
        return false;
    };
    let other_p4 = [BLACK, RED]
        .into_iter()
        .filter(|&s| s != owner)
        .any(|s| state.p4[s] == Some(victim));
    state.p4[owner] == Some(from) && crosses_midline(from, to) && !other_p4
}

/// Returns the cell of the pawn that double-stepped over `target`.
///
/// A White pawn passes rank 6 and stands on rank 5; a Black or Red P4 passes rank 3 and
/// stands on rank 4.
pub fn en_passant_victim(target: Cell) -> Option<Cell> {
    let f = i32::from(target.file());
    match target.rank() {
        5 => board::cell(f, 4),
        2 => board::cell(f, 3),
        _ => None,
    }
}

/// Returns the seat whose pawn has double-stepped over `target`, if a double step can have
/// passed it in this position: `target` is empty, just beyond it stands a pawn that may
/// double-step, and just behind it is where that pawn started (`osullivan.double-step-white`,
/// `osullivan.double-step-p4`): a White pawn on rank 5 from rank 7 (files b to g: a7 and h7
/// are unusable), or a Black or Red P4 on rank 4 from its starting cell (d2, e2).
pub fn double_stepper(setup: &Setup, target: Cell) -> Option<Seat> {
    let victim = en_passant_victim(target)?;
    let start = board::cell(
        i32::from(target.file()),
        2 * i32::from(target.rank()) - i32::from(victim.rank()),
    )?;
    let pawn = setup.piece(victim)?;
    let p4 = setup.osullivan().and_then(|s| s.p4[pawn.owner]);
    let fits = pawn.role == Role::Pawn
        && (target.rank() == 5) == (pawn.owner == WHITE)
        && double_step_home(start, pawn.owner)
        && (pawn.owner == WHITE || p4 == Some(victim))
        && setup.piece(target).is_none();
    fits.then_some(pawn.owner)
}

/// Lists the position's en passant cells, the newest first: the last double step's
/// (`en_passant`) and an older one (`en_passant_earlier`, only under
/// `osullivan.en-passant-window=both-opponents`).
pub fn en_passant_cells(setup: &Setup) -> impl Iterator<Item = Cell> {
    let earlier = setup.osullivan().and_then(|s| s.en_passant_earlier);
    setup.en_passant.into_iter().chain(earlier)
}

/// Returns the cell of the pawn that the pawn of `owner` moving from `from` to `to` takes en
/// passant, if that move is an en passant capture.
///
/// `osullivan.en-passant`: "En passant rules apply." As in FIDE 3.7.d, the capturing pawn
/// stands beside the pawn that has just advanced two squares (same rank, next file) and
/// captures it as though it had moved one square: onto the square it passed, which must be
/// empty and one of the capturing pawn's own diagonal captures. A step straight onto that
/// square captures nothing. Move generation lists the capture and playing it removes the pawn
/// by asking here, so the two cannot disagree.
pub fn en_passant_capture(setup: &Setup, from: Cell, owner: Seat, to: Cell) -> Option<Cell> {
    if !en_passant_cells(setup).any(|c| c == to) || setup.piece(to).is_some() {
        return None;
    }
    let victim = en_passant_victim(to)?;
    let pawn = setup.piece(victim)?;
    let takes = pawn.role == Role::Pawn
        && pawn.owner != owner
        && victim.rank() == from.rank()
        && victim.file().abs_diff(from.file()) == 1
        && capture_cells(from, owner).contains(&to)
        && !p4_capture_forbidden(setup, from, victim);
    takes.then_some(victim)
}

/// Lists the moves of the pawn of `owner` on `from`, ignoring check.
///
/// `osullivan.pawn-moves`: "Normal chess rules apply except where noted": FIDE 3.7.a-c, one
/// cell straight forwards onto an empty cell, two where [`may_double_step`] allows it over two
/// empty cells, and captures only diagonally forwards ([`capture_cells`]), en passant
/// included ([`may_capture_en_passant`]).
pub fn pawn_moves(setup: &Setup, options: &Options, from: Cell, owner: Seat) -> Vec<Move> {
    let mut targets = Vec::new();
    if let Some(one) = board::geometry()
        .step(from, (0, forward(owner)))
        .filter(|&c| setup.piece(c).is_none())
    {
        targets.push(one);
        if may_double_step(setup, from, owner)
            && let Some(two) = board::geometry()
                .step(one, (0, forward(owner)))
                .filter(|&c| setup.piece(c).is_none())
        {
            targets.push(two);
        }
    }
    for to in capture_cells(from, owner) {
        let normal = setup.piece(to).is_some()
            && can_capture(setup, options, owner, to)
            && !p4_capture_forbidden(setup, from, to);
        if normal || en_passant_capture(setup, from, owner, to).is_some() {
            targets.push(to);
        }
    }
    targets
        .into_iter()
        .flat_map(|to| with_promotions(from, to, owner))
        .collect()
}

/// Expands a pawn move onto the far rank into its promotions.
///
/// `osullivan.promotion`: normal chess rules apply, so a pawn reaching the far rank becomes a
/// Queen, Rook, Bishop or Knight of its own army. Black and Red promote on rank 8 (b8-g8:
/// a8 and h8 are unusable, so a P1 must change files first, `osullivan.p1-lanes`), White on
/// rank 1.
fn with_promotions(from: Cell, to: Cell, owner: Seat) -> Vec<Move> {
    if to.rank() != promotion_rank(owner) {
        return vec![Move::Plain { from, to }];
    }
    crate::rules::promotions(from, to, &crate::rules::FIDE_PROMOTIONS)
}
