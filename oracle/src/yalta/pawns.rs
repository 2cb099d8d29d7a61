//! How pawns move: away from their own back rank, over into another seat's half-board and on
//! down towards its back rank; double steps, captures (with the path choice at the centre),
//! en passant, promotion, and the piece sacrifice that promotes a pawn of a taken-over army.

use trichess_model::{Cell, Move, Piece, Role, Seat};

use crate::board::Setup;

use super::board::{in_own_half, on_back_rank};
use super::options::TakeoverPromotion;
use super::{Yalta, check, pieces};
use crate::hex::Dir;

/// Returns the direction a pawn of `owner` on `cell` moves in.
///
/// `yalta.pawn-moves`: FIDE 3.7.a and 3.7.c; a pawn moves forwards, away from its own back
/// rank: up its file in its own half-board ("pieces fanning inward toward the central
/// junction"), and, once its file has carried it over a top edge into another seat's
/// half-board, on down that file, away from the centre and towards that seat's back rank.
pub fn forward(cell: Cell, owner: Seat) -> Dir {
    if in_own_half(cell, owner) {
        (0, 1)
    } else {
        (0, -1)
    }
}

/// Lists the cells a pawn of `owner` on `from` attacks: one diagonal step forwards, each way.
///
/// `yalta.pawn-path-capture-only`: "Pawns have this choice only when capturing, not when
/// advancing." A pawn on its own centre cell (d4 or e4) capturing through the centre point
/// reaches both centre cells of its colour beyond it.
pub fn capture_cells(rules: &Yalta, from: Cell, owner: Seat) -> Vec<Cell> {
    let (_, dr) = forward(from, owner);
    [(-1, dr), (1, dr)]
        .into_iter()
        .flat_map(|d| rules.geo.step(from, d))
        .map(|&(c, _)| c)
        .collect()
}

/// Returns true if a pawn of `owner` promotes on arriving at `cell`: the back rank of either
/// other seat.
///
/// `yalta.promotion`: FIDE 3.7.e; a pawn promotes on reaching the far rank it moves towards;
/// here that is rank 1 of the half-board its file has carried it into.
pub fn is_promotion_cell(cell: Cell, owner: Seat) -> bool {
    on_back_rank(cell) && !in_own_half(cell, owner)
}

/// Returns true if the pawn of `owner` on `from` may advance two cells: it stands on its own
/// rank 2, where it started (pawns only move away from it).
///
/// `yalta.double-step`: FIDE 3.7.b.
pub fn may_double_step(from: Cell, owner: Seat) -> bool {
    in_own_half(from, owner) && from.rank() == 1
}

/// Returns the cell of the pawn that double-stepped over `target`: its rank 4, beyond rank 3.
pub fn en_passant_victim(rules: &Yalta, target: Cell) -> Option<Cell> {
    let (seat, file, rank) = rules.hex.coords(target);
    if rank != 2 {
        return None;
    }
    rules.hex.cell(seat, file, 3)
}

/// Returns the pawn that has double-stepped over `target`, if a double step can have passed
/// it in this position: `target` is an empty rank 3 cell and just beyond it, on rank 4,
/// stands a pawn of that half-board's army (only its own pawns double-step there).
pub fn double_stepper(rules: &Yalta, setup: &Setup, target: Cell) -> Option<Piece> {
    let (seat, _, _) = rules.hex.coords(target);
    let pawn = setup.piece(en_passant_victim(rules, target)?)?;
    let fits = pawn.role == Role::Pawn && pawn.owner == seat && setup.piece(target).is_none();
    fits.then_some(pawn)
}

/// Lists the position's en passant cells, the newest first: the last double step's
/// (`en_passant`) and an older one (`en_passant_earlier`, only under
/// `yalta.en-passant-window=both-opponents`).
pub fn en_passant_cells(setup: &Setup) -> impl Iterator<Item = Cell> {
    let earlier = setup.yalta().and_then(|s| s.en_passant_earlier);
    setup.en_passant.into_iter().chain(earlier)
}

/// Returns the cell of the pawn that `pawn` moving from `from` to `to` takes en passant, if
/// that move is an en passant capture: `to` is the cell a pawn another player controls has
/// just passed over with a double step.
///
/// `yalta.en-passant`: FIDE 3.7.d: a pawn attacking the cell passed over may capture the
/// pawn that passed it "as though the latter had been moved only one square". Only pawns
/// that have come over a top edge into the double-stepper's half-board stand beside it to do
/// so. Who may, and until when, is the interpretation `yalta.en-passant-window`. Move
/// generation lists the capture and playing it removes the pawn by asking here, so the two
/// cannot disagree.
pub fn en_passant_capture(
    rules: &Yalta,
    setup: &Setup,
    from: Cell,
    pawn: Piece,
    to: Cell,
) -> Option<Cell> {
    if !en_passant_cells(setup).any(|c| c == to) || setup.piece(to).is_some() {
        return None;
    }
    let victim = en_passant_victim(rules, to)?;
    let passer = setup.piece(victim)?;
    let takes = passer.role == Role::Pawn
        && !check::controls(setup, setup.to_move, passer)
        && capture_cells(rules, from, pawn.owner).contains(&to);
    takes.then_some(victim)
}

/// Returns true if `pawn` may move onto the promotion cell `to`, capturing `captured` (if
/// anything).
///
/// `yalta.sacrifice-promotion`: "Promoting a captured pawn from the new army requires a piece
/// sacrifice"; a "captured pawn from the new army" is a pawn of an army taken over by
/// checkmate.
///
/// `yalta.takeover-promotion`: "Promoting a captured pawn from the new army requires a piece
/// sacrifice — move the pawn to the promotion rank and allow it to capture a piece placed in
/// its path." Applies to the pawns of an army whose king is gone; how is the interpretation.
fn may_promote(rules: &Yalta, setup: &Setup, pawn: Piece, captured: Option<Piece>) -> bool {
    if check::is_live(setup, pawn.owner) {
        return true;
    }
    let sacrifice = captured.is_some_and(|p| check::controls(setup, setup.to_move, p));
    match rules.options.takeover_promotion {
        TakeoverPromotion::Sacrifice => sacrifice,
        TakeoverPromotion::AnyCapture => captured.is_some(),
        TakeoverPromotion::AsUsual => true,
    }
}

/// Returns true if `pawn` may capture its controller's own piece on `to`: the piece sacrifice
/// that promotes a pawn of a taken-over army (`yalta.takeover-promotion`, readings
/// `sacrifice` and `any-capture`). Never a king.
fn is_sacrifice(rules: &Yalta, setup: &Setup, pawn: Piece, to: Cell) -> bool {
    let own = setup
        .piece(to)
        .is_some_and(|p| p.role != Role::King && check::controls(setup, setup.to_move, p));
    own && is_promotion_cell(to, pawn.owner)
        && !check::is_live(setup, pawn.owner)
        && rules.options.takeover_promotion != TakeoverPromotion::AsUsual
}

/// Lists the moves of `pawn` on `from`, ignoring check.
pub fn pawn_moves(rules: &Yalta, setup: &Setup, from: Cell, pawn: Piece) -> Vec<Move> {
    let owner = pawn.owner;
    let mut targets = Vec::new();
    for &(one, d) in rules.geo.step(from, forward(from, owner)) {
        if setup.piece(one).is_some() {
            continue;
        }
        targets.push(one);
        if may_double_step(from, owner) {
            targets.extend(
                rules
                    .geo
                    .step(one, d)
                    .iter()
                    .map(|&(two, _)| two)
                    .filter(|&two| setup.piece(two).is_none()),
            );
        }
    }
    for to in capture_cells(rules, from, owner) {
        if pieces::can_capture(rules, setup, setup.to_move, to)
            || en_passant_capture(rules, setup, from, pawn, to).is_some()
            || is_sacrifice(rules, setup, pawn, to)
        {
            targets.push(to);
        }
    }
    targets
        .into_iter()
        .flat_map(|to| with_promotions(rules, setup, from, to, pawn))
        .collect()
}

/// Expands a pawn move onto a promotion cell into its promotions (or none, if it may not
/// promote there).
///
/// `yalta.promotion`: a pawn reaching the far rank becomes a queen, rook, bishop or knight of
/// its own army, of the mover's choice.
fn with_promotions(rules: &Yalta, setup: &Setup, from: Cell, to: Cell, pawn: Piece) -> Vec<Move> {
    if !is_promotion_cell(to, pawn.owner) {
        return vec![Move::Plain { from, to }];
    }
    if !may_promote(rules, setup, pawn, setup.piece(to)) {
        return Vec::new();
    }
    crate::rules::promotions(from, to, &crate::rules::FIDE_PROMOTIONS)
}
