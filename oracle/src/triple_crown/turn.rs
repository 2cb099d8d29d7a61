//! Playing a move: the board change, castling rights and en passant, the instant win, passing
//! the turn, and what happens when a player's turn comes: Emperors en prise to them fall.

use trichess_model::{Cell, Move, Piece, Role, Seat, VariantState};

use crate::board::Setup;

use super::options::{EnPassantWindow, EnPriseChain, Stalemate, TurnOrder};
use super::{TripleCrown, castling, check, pawns, pieces, promotion};

/// Makes the board change of `mv` by the side to move, and updates castling rights, the
/// newest en passant cell and the instant win; the turn stays with the mover.
pub fn make_move(tc: &TripleCrown, setup: &Setup, mv: Move) -> Setup {
    let mut next = setup.clone();
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = next.pieces.remove(&from) else {
        return next;
    };
    if piece.role == Role::Pawn
        && let Some(victim) = pawns::en_passant_capture(tc, setup, from, piece.owner, to)
    {
        next.pieces.remove(&victim);
    }
    match mv {
        Move::Plain { .. } => {
            next.pieces.insert(to, piece);
        }
        Move::Promotion { role, .. } => {
            next.pieces.insert(to, Piece::new(piece.owner, role));
            if promotion::wins_instantly(setup, piece.owner)
                && let VariantState::TripleCrown(state) = &mut next.state
            {
                state.instant_win.insert(piece.owner);
            }
        }
        Move::Castle { partner, .. } => {
            next.pieces.insert(to, piece);
            if let Some(dest) = castling::partner_destination(tc, piece.owner, to, partner)
                && let Some(p) = next.pieces.remove(&partner)
            {
                next.pieces.insert(dest, p);
            }
        }
    }
    update_castling_rights(tc, &mut next, piece.owner, from, to);
    next.en_passant = double_step_passed(tc, piece, mv);
    if let VariantState::TripleCrown(state) = &mut next.state {
        state.en_passant_earlier = None;
    }
    next
}

/// `triple-crown.castling-rights`: a right goes once the Emperor or that partner has moved, or
/// the partner has been captured.
fn update_castling_rights(tc: &TripleCrown, next: &mut Setup, mover: Seat, from: Cell, to: Cell) {
    if castling::emperor_home(tc, mover) == Some(from) {
        next.castling.retain(|c| c.sector() != Some(mover));
    }
    next.castling.retain(|&c| c != from && c != to);
}

/// Returns the cell a Pawn passed over, if `mv` is its double step.
fn double_step_passed(tc: &TripleCrown, piece: Piece, mv: Move) -> Option<Cell> {
    let double = piece.role == Role::Pawn
        && pawns::may_double_step(mv.from(), piece.owner)
        && mv.to().sector() == mv.from().sector()
        && mv.to().rank() == mv.from().rank() + 2;
    double.then(|| pawns::passed_cell(tc, mv.to())).flatten()
}

/// Returns the seat after `seat` in turn order that is still in the game (or `seat` itself
/// if no other is).
///
/// `triple-crown.turn-order` is an interpretation; "play proceeds with the remaining players"
/// (`triple-crown.checkmater-moves`) skips the seats that are out.
pub fn next_seat(tc: &TripleCrown, setup: &Setup, seat: Seat) -> Seat {
    crate::rules::next_seat_with_royal(setup, seat, step(tc))
}

/// Returns the seat before `seat` in turn order that is still in the game: the player who
/// made the last move when `seat` is to move.
pub fn previous_seat(tc: &TripleCrown, setup: &Setup, seat: Seat) -> Seat {
    crate::rules::previous_seat_with_royal(setup, seat, step(tc))
}

/// The step from a seat to the next in turn order (`triple-crown.turn-order`).
fn step(tc: &TripleCrown) -> fn(Seat) -> Seat {
    match tc.options.turn_order {
        TurnOrder::ABC => Seat::next,
        TurnOrder::ACB => Seat::prev,
    }
}

/// Returns true if the game is over: someone has won instantly, or one player is left.
pub fn game_over(setup: &Setup) -> bool {
    let instant = setup
        .triple_crown()
        .is_some_and(|s| !s.instant_win.is_empty());
    instant || check::live_seats(setup).len() <= 1
}

/// Plays `mv` (taken from the legal moves) and passes the turn.
///
/// A move that ends the game (an instant win) passes the turn like any other (decision D5):
/// the next player in turn order still in the game is the side to move, though nobody moves
/// any more.
pub fn apply(tc: &TripleCrown, setup: &Setup, mv: Move) -> Setup {
    let before = begin_turn(tc, setup.clone());
    let mover = before.to_move;
    let mut next = make_move(tc, &before, mv);
    next.to_move = next_seat(tc, &next, mover);
    carry_en_passant(tc, &before, &mut next);
    begin_turn(tc, next)
}

/// Keeps the en passant cells of earlier double steps that the new side to move may still
/// take, under `triple-crown.en-passant-window=both-enemies`: each enemy of the Pawn, on its
/// first turn after the double step.
fn carry_en_passant(tc: &TripleCrown, before: &Setup, next: &mut Setup) {
    if tc.options.en_passant_window != EnPassantWindow::BothEnemies {
        return;
    }
    let mut targets: Vec<Cell> = next.en_passant.into_iter().collect();
    targets.extend(pawns::en_passant_targets(tc, before));
    set_en_passant(tc, next, targets);
}

/// Keeps those of `targets` that the side to move may still capture on (the passed cell empty,
/// the enemy Pawn that double-stepped still beyond it), newest first, in the position's two en
/// passant fields.
fn set_en_passant(tc: &TripleCrown, setup: &mut Setup, targets: Vec<Cell>) {
    let mover = setup.to_move;
    let open: Vec<Cell> = targets
        .into_iter()
        .filter(|&t| {
            setup.piece(t).is_none()
                && pawns::double_stepped(tc, setup, t).is_some_and(|p| p.owner != mover)
        })
        .collect();
    setup.en_passant = open.first().copied();
    if let VariantState::TripleCrown(state) = &mut setup.state {
        state.en_passant_earlier = open.get(1).copied();
    }
}

/// Removes every piece of `seat` from the board, and its castling rights.
///
/// `triple-crown.checkmate-en-prise`: "is Checkmated and their pieces removed from the board".
fn remove_army(setup: &mut Setup, seat: Seat) {
    setup.pieces.retain(|_, p| p.owner != seat);
    setup.castling.retain(|c| c.sector() != Some(seat));
}

/// Returns true if the side to move has any move at all.
pub fn has_any_move(tc: &TripleCrown, setup: &Setup) -> bool {
    setup.pieces.iter().any(|(&from, &piece)| {
        piece.owner == setup.to_move && !pieces::piece_moves(tc, setup, from, piece).is_empty()
    })
}

/// Lists the players checkmated when the side to move's turn comes, in the order they fall
/// (those falling together in seat order): the one place where the game's checkmate is
/// decided, for playing on ([`begin_turn`]) and for the outcome.
///
/// `triple-crown.checkmate-en-prise`: "A player whose Emperor is En Prise to the player about
/// to move is Checkmated and their pieces removed from the board". Removing one player's
/// pieces may uncover a line to the other enemy's Emperor: under
/// `triple-crown.en-prise-chain=repeat` the condition is applied again after each removal, so
/// that player falls too; under `once` only the Emperors en prise before any removal fall.
pub fn checkmated(tc: &TripleCrown, setup: &Setup) -> Vec<Seat> {
    let mover = setup.to_move;
    let mut fallen = check::en_prise_to(tc, setup, mover);
    if tc.options.en_prise_chain == EnPriseChain::Once || fallen.is_empty() {
        return fallen;
    }
    let mut board = setup.clone();
    let mut newly = fallen.clone();
    while !newly.is_empty() {
        for &seat in &newly {
            remove_army(&mut board, seat);
        }
        newly = check::en_prise_to(tc, &board, mover);
        fallen.extend(&newly);
    }
    fallen
}

/// What becomes of the side to move once the players checkmated at their turn are out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnComes {
    /// They have a move and make one.
    Moves,
    /// They have no move at all and leave the game as if checkmated
    /// (`triple-crown.stalemate=out`).
    Out,
    /// They have no move at all and the game is drawn (`triple-crown.stalemate=draw`).
    Drawn,
}

/// Decides what becomes of the side to move, once the players checkmated at their turn are
/// out: the one place where stalemate is decided, for playing on and for the outcome.
///
/// `triple-crown.stalemate`: the source does not say what happens to a player with no move at
/// all; under `triple-crown.self-exposure=not-unless-forced` no other player is ever stuck (a
/// player whose every move leaves their Emperor en prise may make any of them).
pub fn turn_comes(tc: &TripleCrown, setup: &Setup) -> TurnComes {
    if has_any_move(tc, setup) {
        return TurnComes::Moves;
    }
    match tc.options.stalemate {
        Stalemate::Draw => TurnComes::Drawn,
        Stalemate::Out => TurnComes::Out,
    }
}

/// Does what happens when the side to move's turn comes, before they move.
///
/// - `triple-crown.checkmate-en-prise`: the players [`checkmated`] lose all their pieces.
/// - `triple-crown.checkmater-moves`: "The checkmating player then makes their move and play
///   proceeds with the remaining players."
/// - `triple-crown.last-survivor-wins`: once one player is left the game is over; they are
///   the side to move from then on.
/// - `triple-crown.stalemate=out`: a player with no move at all leaves the game as if
///   checkmated, and the turn passes on ([`turn_comes`]).
pub fn begin_turn(tc: &TripleCrown, mut setup: Setup) -> Setup {
    loop {
        if game_over(&setup) {
            if let [winner] = check::live_seats(&setup)[..] {
                setup.to_move = winner;
            }
            // The en passant cells stay recorded while their window lasts, though nobody
            // moves any more (decision D1), unless the turn has come to their own side.
            let targets = pawns::en_passant_targets(tc, &setup);
            set_en_passant(tc, &mut setup, targets);
            return setup;
        }
        let seat = setup.to_move;
        for victim in checkmated(tc, &setup) {
            remove_army(&mut setup, victim);
        }
        if game_over(&setup) {
            continue;
        }
        if turn_comes(tc, &setup) == TurnComes::Out {
            remove_army(&mut setup, seat);
            setup.to_move = next_seat(tc, &setup, seat);
            continue;
        }
        let targets = pawns::en_passant_targets(tc, &setup);
        set_en_passant(tc, &mut setup, targets);
        return setup;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use trichess_model::Variant;

    use super::*;
    use crate::triple_crown::{array, legal_moves};

    #[test]
    fn a_move_takes_at_most_the_one_piece_it_was_generated_to_capture() {
        for window in ["both-enemies", "next-player"] {
            let map: BTreeMap<String, String> =
                [("triple-crown.en-passant-window".into(), window.into())].into();
            let tc = TripleCrown::new(&map).unwrap();
            let starts: Vec<Setup> = ["Af3:aP,Bf3:bP,Ag5:cP,Bg5:cP,Aa1:aE,Bj1:bE,Cj1:cE a"]
                .iter()
                .map(|text| trichess_model::Setup::from_text(Variant::TripleCrown, text).unwrap())
                .chain([array::start_setup(&tc)])
                .map(|setup| Setup::from_model(&setup))
                .collect();
            crate::rules::check_moves_take_at_most_their_capture(
                &starts,
                |setup| legal_moves(&tc, setup),
                |setup, mv| make_move(&tc, setup, mv),
                |setup, mv| apply(&tc, setup, mv),
                |setup, mv| {
                    let pawn = setup.piece(mv.from())?;
                    let to = mv.to();
                    let by_definition = pawn.role == Role::Pawn
                        && setup.piece(to).is_none()
                        && pawns::en_passant_targets(&tc, setup).contains(&to)
                        && pawns::capture_cells(&tc, mv.from(), pawn.owner).contains(&to);
                    by_definition
                        .then(|| pawns::en_passant_victim(&tc, to))
                        .flatten()
                },
            );
        }
    }
}
