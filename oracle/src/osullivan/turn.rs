//! Playing a move: the board change, the state it updates, passing the turn, and
//! checkmate and stalemate when a player's turn comes.

use trichess_model::{Cell, Move, Piece, Role, Seat, VariantState};

use crate::board::Setup;

use super::options::{EnPassantWindow, Stalemate, TurnOrder};
use super::{Options, WHITE, castling, check, has_legal_move, pawns};

/// Makes the board change of `mv` by the side to move and updates castling rights, en
/// passant and the P4s; the turn stays with the mover.
pub fn make_move(setup: &Setup, mv: Move) -> Setup {
    let mut next = setup.clone();
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = next.pieces.remove(&from) else {
        return next;
    };
    let mut victim = to;
    if piece.role == Role::Pawn
        && setup.en_passant == Some(to)
        && setup.piece(to).is_none()
        && let Some(passed) = pawns::en_passant_victim(to)
    {
        next.pieces.remove(&passed);
        victim = passed;
    }
    match mv {
        Move::Plain { .. } => {
            next.pieces.insert(to, piece);
        }
        Move::Promotion { role, .. } => {
            next.pieces.insert(to, Piece::new(piece.owner, role));
        }
        Move::Castle { partner, .. } => {
            next.pieces.insert(to, piece);
            if let Some(rook) = next.pieces.remove(&partner) {
                next.pieces.insert(from, rook);
            }
        }
    }
    update_castling_rights(&mut next, from, to);
    next.en_passant = double_step_target(piece, mv);
    update_p4s(setup, &mut next, piece, mv, victim);
    next
}

/// `osullivan.castling-unmoved`: a right goes once the king or that rook has moved, or the
/// rook or king has been captured.
fn update_castling_rights(next: &mut Setup, from: Cell, to: Cell) {
    if castling::king_home().is_some_and(|home| home == from || home == to) {
        next.castling.clear();
    }
    next.castling.retain(|&c| c != from && c != to);
}

/// Returns the cell a pawn passed over with a double step, if `mv` is one.
fn double_step_target(piece: Piece, mv: Move) -> Option<Cell> {
    let (from, to) = (mv.from(), mv.to());
    if piece.role != Role::Pawn || from.rank().abs_diff(to.rank()) != 2 {
        return None;
    }
    super::board::cell(
        i32::from(from.file()),
        i32::from(from.rank()) + pawns::forward(piece.owner),
    )
}

/// Keeps track of the P4s: a P4 that moves is still the P4, one that is captured or promotes
/// is gone, and one that captures across the midline is freed (`osullivan.p4-freed`).
///
/// `osullivan.pawn-numbering`: "P = pawn (numbered for the following discussion)": the rules
/// speak of the P4s after they have moved, so the position follows them (field `p4`).
fn update_p4s(before: &Setup, next: &mut Setup, piece: Piece, mv: Move, victim: Cell) {
    let frees = before.piece(victim).is_some()
        && piece.role == Role::Pawn
        && pawns::frees_p4(before, piece.owner, mv.from(), mv.to(), victim);
    let VariantState::OSullivan(state) = &mut next.state else {
        return;
    };
    for seat in Seat::ALL {
        if state.p4[seat] == Some(victim) && seat != piece.owner {
            state.p4[seat] = None;
        }
        if state.p4[seat] == Some(mv.from()) && seat == piece.owner {
            state.p4[seat] = match mv {
                Move::Promotion { .. } => None,
                _ => Some(mv.to()),
            };
        }
    }
    if frees {
        state.p4_freed.insert(piece.owner);
    }
    let p4 = state.p4;
    state.p4_freed.retain(|&s| p4[s].is_some());
}

/// Returns the seat after `seat` in turn order that is still in the game (or `seat` itself
/// if no other is).
///
/// `osullivan.turn-order` is an interpretation.
pub fn next_seat(setup: &Setup, options: &Options, seat: Seat) -> Seat {
    let step = match options.turn_order {
        TurnOrder::WhiteRedBlack => Seat::next,
        TurnOrder::WhiteBlackRed => Seat::prev,
    };
    crate::rules::next_seat_with_royal(setup, seat, step)
}

/// Plays `mv` and passes the turn: the next player in turn order moves, and any player
/// whose turn comes while checkmated (or, under `osullivan.stalemate=out`, stalemated)
/// leaves the game first.
///
/// `osullivan.white-moves-first`: FIDE article 1, the players move in turn, one move each
/// (White first: [`super::start_setup`]).
pub fn apply(setup: &Setup, options: &Options, mv: Move) -> Setup {
    let mover = setup.to_move;
    let mut next = make_move(setup, mv);
    next.to_move = next_seat(&next, options, mover);
    if next.en_passant.is_none() {
        next.en_passant = carried_en_passant(setup, &next, options);
    }
    settle(next, options)
}

/// `osullivan.en-passant-window=both-opponents`: a double step may still be taken en passant
/// by the second opponent, on their turn, if the pawn is still there.
fn carried_en_passant(before: &Setup, next: &Setup, options: &Options) -> Option<Cell> {
    if options.en_passant_window != EnPassantWindow::BothOpponents {
        return None;
    }
    let target = before.en_passant?;
    let victim = pawns::en_passant_victim(target)?;
    let pawn = before.piece(victim)?;
    let still_there = next.piece(victim) == Some(pawn) && next.piece(target).is_none();
    (still_there && next.to_move != pawn.owner).then_some(target)
}

/// Takes out the players whose turn has come while they have no legal move and are in
/// check (or stalemated, under `osullivan.stalemate=out`), until someone can move or the
/// game is over.
///
/// `osullivan.checkmate`: a player is checkmated when their turn comes, their king is in
/// check and they have no legal move: until then another player's move may still change
/// things. `osullivan.mate-removes-king`: "remove his King from the board but leave the
/// rest of his pieces where they are."
pub fn settle(mut setup: Setup, options: &Options) -> Setup {
    loop {
        let live = check::live_seats(&setup);
        if live.len() <= 1 {
            if let Some(&winner) = live.first() {
                setup.to_move = winner;
                drop_own_en_passant(&mut setup);
            }
            return setup;
        }
        let seat = setup.to_move;
        if has_legal_move(&setup, options) {
            return setup;
        }
        let checkmated = check::in_check(&setup, options, seat);
        if !checkmated && options.stalemate == Stalemate::Draw {
            return setup;
        }
        if let Some(king) = setup.royal(seat) {
            setup.pieces.remove(&king);
        }
        if seat == WHITE {
            setup.castling.clear();
        }
        setup.to_move = next_seat(&setup, options, seat);
        drop_own_en_passant(&mut setup);
    }
}

/// Clears the en passant square once the turn has come back to the player whose pawn
/// passed it: a double step is never taken en passant by its own side, and after its owner
/// has moved again it is stale under every reading of `osullivan.en-passant-window`.
fn drop_own_en_passant(setup: &mut Setup) {
    let owner = setup
        .en_passant
        .and_then(pawns::en_passant_victim)
        .and_then(|victim| setup.piece(victim))
        .map(|pawn| pawn.owner);
    if owner == Some(setup.to_move) {
        setup.en_passant = None;
    }
}
