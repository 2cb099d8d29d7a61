//! Playing a move: the board change, the state it updates, passing the turn, and
//! checkmate and stalemate when a player's turn comes.

use trichess_model::{Cell, Move, Piece, Reason, Role, Seat, VariantState};

use crate::board::Setup;

use super::options::{EnPassantWindow, Stalemate, TurnOrder};
use super::{Options, WHITE, castling, check, has_legal_move, pawns};

/// Makes the board change of `mv` by the side to move and updates castling rights, the P4s
/// and en passant (the move's own double step, if it is one, and no other); the turn stays
/// with the mover.
pub fn make_move(setup: &Setup, mv: Move) -> Setup {
    let mut next = setup.clone();
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = next.pieces.remove(&from) else {
        return next;
    };
    let mut victim = to;
    if piece.role == Role::Pawn
        && let Some(passed) = pawns::en_passant_capture(setup, from, piece.owner, to)
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
    if let VariantState::OSullivan(state) = &mut next.state {
        state.en_passant_earlier = None;
    }
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
    crate::rules::next_seat_with_royal(setup, seat, step(options))
}

/// Returns the seat before `seat` in turn order that is still in the game: the player who
/// made the last move when `seat` is to move.
pub fn previous_seat(setup: &Setup, options: &Options, seat: Seat) -> Seat {
    crate::rules::previous_seat_with_royal(setup, seat, step(options))
}

/// The step from a seat to the next in turn order (`osullivan.turn-order`).
fn step(options: &Options) -> fn(Seat) -> Seat {
    match options.turn_order {
        TurnOrder::WhiteRedBlack => Seat::next,
        TurnOrder::WhiteBlackRed => Seat::prev,
    }
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
    let mut cells: Vec<Cell> = next.en_passant.into_iter().collect();
    cells.extend(carried_en_passant(setup, &next, options));
    keep_open_en_passant(&mut next, cells);
    pass_turn(&mut next, options, mover);
    settle(next, options)
}

/// Passes the turn from `from` (who has moved, or has just left the game) to the next player
/// still in the game, and closes the en passant windows of every seat the turn comes to on
/// the way: the seats it passes over, out of the game, and the one it stops at.
///
/// `osullivan.en-passant-window`: a double step may be taken by each opponent "on their next
/// move" at most (`both-opponents`), or by the next player only (`next-player`, whose window
/// the next move closes anyway: [`carried_en_passant`]). Once the turn comes round to the
/// double-stepper's seat, whether they move or are out of the game, every opponent has had
/// that move: the window is closed.
fn pass_turn(setup: &mut Setup, options: &Options, from: Seat) {
    let to = next_seat(setup, options, from);
    let mut seat = from;
    loop {
        seat = step(options)(seat);
        let open = pawns::en_passant_cells(setup)
            .filter(|&c| pawns::double_stepper(setup, c) != Some(seat))
            .collect();
        keep_open_en_passant(setup, open);
        if seat == to {
            break;
        }
    }
    setup.to_move = to;
}

/// Lists the en passant cells of `before` that stay open after the move that led to `next`,
/// the newest first.
///
/// `osullivan.en-passant-window=both-opponents`: "each opponent may capture en passant on
/// their next move, until the double-stepper moves again": a double step stays open while its
/// pawn is still there, whatever other moves come in between, another double step included
/// (the older cell is kept as `en_passant_earlier`). Under `next-player` only the move just
/// made can open one.
fn carried_en_passant(before: &Setup, next: &Setup, options: &Options) -> Vec<Cell> {
    if options.en_passant_window != EnPassantWindow::BothOpponents {
        return Vec::new();
    }
    pawns::en_passant_cells(before)
        .filter(|&target| {
            pawns::en_passant_victim(target).is_some_and(|v| next.piece(v) == before.piece(v))
        })
        .collect()
}

/// Keeps those of `cells` (the newest first) whose double step is still there, in the
/// position's two en passant fields: the cell passed over still empty and the pawn beyond
/// still there (which seats' windows have closed is [`pass_turn`]'s). An open cell is
/// recorded whether or not any pawn stands where it could take (decision D1, as FIDE's FEN
/// records it).
fn keep_open_en_passant(setup: &mut Setup, cells: Vec<Cell>) {
    let mut open: Vec<Cell> = Vec::new();
    for target in cells {
        if pawns::double_stepper(setup, target).is_some() && !open.contains(&target) {
            open.push(target);
        }
    }
    setup.en_passant = open.first().copied();
    if let VariantState::OSullivan(state) = &mut setup.state {
        state.en_passant_earlier = open.get(1).copied();
    }
}

/// Returns the winner once only one player has a king left, if so.
///
/// `osullivan.end-of-game` (reading `last-king`): play goes on after a checkmate, and "the last
/// player with a king" wins; nobody moves any more.
pub fn last_king(setup: &Setup) -> Option<Seat> {
    match check::live_seats(setup)[..] {
        [winner] => Some(winner),
        _ => None,
    }
}

/// What becomes of the side to move when their turn comes, while the game goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnComes {
    /// They have a legal move and make one.
    Moves,
    /// They leave the game, their king removed: checkmated, or stalemated under
    /// `osullivan.stalemate=out`.
    Out(Reason),
    /// They are stalemated and the game is drawn (`osullivan.stalemate=draw`).
    Drawn,
}

/// Decides what becomes of the side to move when their turn comes: the one place where
/// checkmate and stalemate are decided, for playing on ([`settle`]) and for the outcome.
///
/// `osullivan.checkmate`: "Normal chess rules apply except where noted": FIDE defines
/// checkmate for the player to move, so a player is checkmated when their turn comes, their
/// king is in check and they have no legal move; until then another player's move may still
/// lift the check. `osullivan.stalemate`: a player whose turn comes with no legal move who is
/// not in check draws the game (`draw`), or leaves it as if checkmated (`out`).
pub fn turn_comes(setup: &Setup, options: &Options) -> TurnComes {
    if has_legal_move(setup, options) {
        TurnComes::Moves
    } else if check::in_check(setup, options, setup.to_move) {
        TurnComes::Out(Reason::Checkmate)
    } else {
        match options.stalemate {
            Stalemate::Draw => TurnComes::Drawn,
            Stalemate::Out => TurnComes::Out(Reason::Stalemate),
        }
    }
}

/// Takes out the players whose turn has come while they cannot play on ([`turn_comes`]), until
/// someone can move or the game is over.
///
/// `osullivan.mate-removes-king`: "When a player is checkmated, remove his King from the
/// board but leave the rest of his pieces where they are." Once one king is left the game is
/// over and the turn passes to its player (decision D5: as after any move, to the next player
/// still in the game).
pub fn settle(mut setup: Setup, options: &Options) -> Setup {
    loop {
        if let Some(winner) = last_king(&setup) {
            setup.to_move = winner;
            break;
        }
        let seat = setup.to_move;
        match turn_comes(&setup, options) {
            TurnComes::Moves | TurnComes::Drawn => break,
            TurnComes::Out(_) => {
                if let Some(king) = setup.royal(seat) {
                    setup.pieces.remove(&king);
                }
                if seat == WHITE {
                    setup.castling.clear();
                }
                pass_turn(&mut setup, options, seat);
            }
        }
    }
    setup
}

#[cfg(test)]
mod tests {
    use trichess_model::Variant;

    use super::*;
    use crate::osullivan::{legal_moves, start_setup};

    #[test]
    fn a_move_takes_at_most_the_one_piece_it_was_generated_to_capture() {
        let starts: Vec<Setup> = [
            "a1:bK,h1:rK,d8:wK,d4:bP,d2:rP r en_passant=d3 p4=b:d4",
            "a1:bK,h1:rK,d8:wK,d7:wP,d2:bP,e5:rP w",
        ]
        .iter()
        .map(|text| trichess_model::Setup::from_text(Variant::OSullivan, text).unwrap())
        .chain([start_setup()])
        .map(|setup| Setup::from_model(&setup))
        .collect();
        let readings = [
            vec![],
            vec![
                ("osullivan.turn-order", "white-black-red"),
                ("osullivan.en-passant-window", "both-opponents"),
                ("osullivan.exposed-king", "capture"),
            ],
        ];
        for readings in readings {
            let map = readings
                .iter()
                .map(|&(k, v)| (k.to_string(), v.to_string()))
                .collect();
            let options = Options::read(&map).unwrap();
            crate::rules::check_moves_take_at_most_their_capture(
                &starts,
                |setup| legal_moves(setup, &options),
                make_move,
                |setup, mv| apply(setup, &options, mv),
                |setup, mv| {
                    let pawn = setup.piece(mv.from())?;
                    let to = mv.to();
                    let by_definition = pawn.role == Role::Pawn
                        && setup.piece(to).is_none()
                        && pawns::en_passant_cells(setup).any(|c| c == to)
                        && pawns::capture_cells(mv.from(), pawn.owner).contains(&to);
                    by_definition
                        .then(|| pawns::en_passant_victim(to))
                        .flatten()
                },
            );
        }
    }
}
