//! Playing a move: the board change, the state it updates, passing the turn, and checkmate,
//! army takeover and stalemate when a player's turn comes.

use trichess_model::{Cell, Move, Piece, Role, Seat, VariantState};

use crate::board::Setup;

use super::board::left_of;
use super::options::{EnPassantWindow, MateFinal, SimultaneousChecks, Stalemate, TurnOrder};
use super::{Yalta, castling, check, has_legal_move, pawns};

/// Makes the board change of `mv` by the side to move and updates castling rights and en
/// passant (the move's own double step, if it is one, and no other); the turn stays with the
/// mover. A captured king's armies pass to the mover as part of the move
/// (`yalta.exposed-king=capture`), so whether the move leaves the mover's king attacked is
/// judged with them in the mover's hands.
pub fn make_move(rules: &Yalta, setup: &Setup, mv: Move) -> Setup {
    let mut next = setup.clone();
    let (from, to) = (mv.from(), mv.to());
    let Some(piece) = next.pieces.remove(&from) else {
        return next;
    };
    if let Some(king) = setup.piece(to).filter(|p| p.role == Role::King) {
        hand_over_armies(rules, &mut next, king.owner, setup.to_move);
    }
    if piece.role == Role::Pawn
        && let Some(passed) = pawns::en_passant_capture(rules, setup, from, piece, to)
    {
        next.pieces.remove(&passed);
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
            if let (Some(rook), Some(landing)) = (
                next.pieces.remove(&partner),
                castling::rook_destination(rules, from, to),
            ) {
                next.pieces.insert(landing, rook);
            }
        }
    }
    update_castling_rights(rules, &mut next, piece, from, to);
    next.en_passant = double_step_target(rules, piece, mv);
    if let VariantState::Yalta(state) = &mut next.state {
        state.en_passant_earlier = None;
    }
    next
}

/// `yalta.castling`: a castling right goes once the king or that rook has moved, or the
/// rook has been captured.
fn update_castling_rights(rules: &Yalta, next: &mut Setup, piece: Piece, from: Cell, to: Cell) {
    if piece.role == Role::King {
        let homes = castling::rook_homes(rules, piece.owner);
        next.castling.retain(|c| !homes.contains(c));
    }
    next.castling.retain(|&c| c != from && c != to);
}

/// Returns the cell a pawn passed over with a double step, if `mv` is one.
fn double_step_target(rules: &Yalta, piece: Piece, mv: Move) -> Option<Cell> {
    let (from, to) = (mv.from(), mv.to());
    if piece.role != Role::Pawn || from.rank().abs_diff(to.rank()) != 2 {
        return None;
    }
    let (seat, file, rank) = rules.hex.coords(from);
    rules.hex.cell(seat, file, rank + 1)
}

/// Returns the seat after `seat` in turn order that is still in the game (or `seat` itself
/// if no other is).
///
/// `yalta.turn-order` is an interpretation.
pub fn next_seat(rules: &Yalta, setup: &Setup, seat: Seat) -> Seat {
    let step = match rules.options.turn_order {
        TurnOrder::RedGreenBlue => Seat::next,
        TurnOrder::RedBlueGreen => Seat::prev,
    };
    crate::rules::next_seat_with_royal(setup, seat, step)
}

/// Plays `mv` (a captured king's army passing to its capturer, [`make_move`]) and passes the
/// turn: records whose check came first, keeps the open en passant cells, passes the turn on,
/// and settles the players whose turn comes while they cannot move.
pub fn apply(rules: &Yalta, setup: &Setup, mv: Move) -> Setup {
    let mover = setup.to_move;
    let mut next = make_move(rules, setup, mv);
    record_first_checks(rules, setup, &mut next, mover);
    let mut cells: Vec<Cell> = next.en_passant.into_iter().collect();
    cells.extend(carried_en_passant(rules, setup, &next));
    keep_open_en_passant(rules, &mut next, cells, None);
    settle(rules, pass_turn(rules, next, mover))
}

/// Lists the en passant cells of `before` that stay open after the move that led to `next`,
/// the newest first.
///
/// `yalta.en-passant-window=both-opponents`: "each opponent may capture en passant on their
/// next move, until the double-stepper moves again": a double step stays open while its pawn
/// is still there, whatever other moves come in between, another double step included (the
/// older cell is kept as `en_passant_earlier`). Under `next-player` only the move just made
/// can open one.
fn carried_en_passant(rules: &Yalta, before: &Setup, next: &Setup) -> Vec<Cell> {
    if rules.options.en_passant_window != EnPassantWindow::BothOpponents {
        return Vec::new();
    }
    pawns::en_passant_cells(before)
        .filter(|&target| {
            pawns::en_passant_victim(rules, target)
                .is_some_and(|v| next.piece(v) == before.piece(v))
        })
        .collect()
}

/// Keeps those of `cells` (the newest first) whose double step is still open, in the
/// position's two en passant fields: the cell passed over still empty, the pawn beyond still
/// there, and not controlled by `closing`, the player whose turn has just come (none while
/// the mover still holds the turn). The right is an
/// opponent's; once the turn has come to the double-stepper's side, whether they move or pass
/// (a stalemate, a pending mate) or leave the game, every opponent has had their next move and
/// the right is stale under every reading of `yalta.en-passant-window`. An open cell is
/// recorded whether or not any pawn stands where it could take (decision D1, as FIDE's FEN
/// records it).
fn keep_open_en_passant(rules: &Yalta, setup: &mut Setup, cells: Vec<Cell>, closing: Option<Seat>) {
    let mut open: Vec<Cell> = Vec::new();
    for target in cells {
        let pawn = pawns::double_stepper(rules, setup, target);
        let theirs =
            pawn.is_some_and(|p| closing.is_none_or(|seat| !check::controls(setup, seat, p)));
        if theirs && !open.contains(&target) {
            open.push(target);
        }
    }
    setup.en_passant = open.first().copied();
    if let VariantState::Yalta(state) = &mut setup.state {
        state.en_passant_earlier = open.get(1).copied();
    }
}

/// Keeps the record of whose check came first for every player in check from two opponents.
///
/// `yalta.multiple-check`: "the check delivered first takes priority". A check that goes on
/// from before the move came first; when the move starts both checks at once (its own and
/// one it uncovers), `yalta.simultaneous-checks` decides. A player in check from one
/// opponent, or none, has no record.
fn record_first_checks(rules: &Yalta, before: &Setup, next: &mut Setup, mover: Seat) {
    let mut records = Vec::new();
    for seat in check::live_seats(next) {
        let now = check::checkers(rules, next, seat);
        if now.len() < 2 {
            records.push((seat, None));
            continue;
        }
        let kept = next
            .yalta()
            .and_then(|s| s.first_check.get(&seat).copied())
            .filter(|s| now.contains(s));
        let earlier: Vec<Seat> = check::checkers(rules, before, seat)
            .into_iter()
            .filter(|s| now.contains(s))
            .collect();
        let first = match (kept, &earlier[..]) {
            (Some(kept), _) => kept,
            (None, [one]) => *one,
            _ => simultaneous_first(rules, &now, mover),
        };
        records.push((seat, Some(first)));
    }
    if let VariantState::Yalta(state) = &mut next.state {
        for (seat, first) in records {
            match first {
                Some(first) => state.first_check.insert(seat, first),
                None => state.first_check.remove(&seat),
            };
        }
    }
}

/// Returns whose check counts as first when `mover`'s move started checks by all of
/// `checkers` at once (`yalta.simultaneous-checks`).
fn simultaneous_first(rules: &Yalta, checkers: &[Seat], mover: Seat) -> Seat {
    let other = checkers.iter().copied().find(|&s| s != mover);
    match (rules.options.simultaneous_checks, other) {
        (SimultaneousChecks::MoverFirst, _) if checkers.contains(&mover) => mover,
        (_, Some(other)) => other,
        (_, None) => mover,
    }
}

/// Passes the turn on from `from` (who has moved, or could not): first settles the pending
/// mates that wait for `from`'s turn or for a seat now out of the game, then gives the turn to
/// the next player in the game, closing the en passant windows of their side.
fn pass_turn(rules: &Yalta, mut setup: Setup, from: Seat) -> Setup {
    while let Some(seat) = mate_due(&setup, from) {
        setup = settle_pending_mate(rules, setup, seat, from);
    }
    lift_answered_mates(rules, &mut setup);
    setup.to_move = next_seat(rules, &setup, from);
    let cells = pawns::en_passant_cells(&setup).collect();
    let closing = Some(setup.to_move);
    keep_open_en_passant(rules, &mut setup, cells, closing);
    setup
}

/// Returns a player whose pending mate is due once `from`'s turn ends: `from` is the player to
/// their left, or the player to their left is out of the game and will never have the turn
/// the mate waits for.
///
/// `yalta.mate-final=after-left-player`: "at the end of the next turn of the player to their
/// left"; with that player out, the mate is settled at once.
fn mate_due(setup: &Setup, from: Seat) -> Option<Seat> {
    let state = setup.yalta()?;
    state
        .pending_mate
        .iter()
        .copied()
        .find(|&seat| left_of(seat) == from || !check::is_live(setup, left_of(seat)))
}

/// `yalta.mate-final=after-left-player`: a pending mate waits for help; once any move has
/// ended the check (the checking piece moved away or was taken, a line was closed), there is
/// no mate to become final, and the player plays on.
fn lift_answered_mates(rules: &Yalta, setup: &mut Setup) {
    let answered: Vec<Seat> = setup
        .yalta()
        .map(|s| s.pending_mate.iter().copied().collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|&seat| check::first_checker(rules, setup, seat).is_none())
        .collect();
    if let VariantState::Yalta(state) = &mut setup.state {
        for seat in answered {
            state.pending_mate.remove(&seat);
        }
    }
}

/// `yalta.mate-final=after-left-player`: at the end of the turn of the player to the left of
/// a player whose mate is pending (`from`'s turn), the mate becomes final if that player is
/// still in check with no legal move; otherwise they play on. Their en passant captures are
/// those they may make on their next move (decision D10: [`next_turn_of`]).
fn settle_pending_mate(rules: &Yalta, mut setup: Setup, seat: Seat, from: Seat) -> Setup {
    if let VariantState::Yalta(state) = &mut setup.state {
        state.pending_mate.remove(&seat);
    }
    let as_mover = next_turn_of(rules, &setup, seat, from);
    match check::first_checker(rules, &setup, seat) {
        Some(mater) if !has_legal_move(rules, &as_mover) => checkmate(rules, setup, seat, mater),
        _ => setup,
    }
}

/// Returns `setup` as `seat`'s next turn finds it if nobody moves before, `from`'s turn having
/// just ended: `seat` to move, with the en passant cells it may still take then.
///
/// Decision D10, from `yalta.en-passant-window`: under `both-opponents` "each opponent may
/// capture en passant on their next move, until the double-stepper moves again", so a right
/// goes once the turn comes to the double-stepper's side before `seat`'s (D8); under
/// `next-player` "only the player who moves next may capture en passant, on that move (if the
/// next player cannot move and is passed over, the next move made in the game)", so a right
/// is `seat`'s only if every player before it is passed over: has no legal move and passes or
/// is out (a stalemate under `yalta.stalemate=draw` ends the game instead).
fn next_turn_of(rules: &Yalta, setup: &Setup, seat: Seat, from: Seat) -> Setup {
    let mut before = Vec::new();
    let mut next = next_seat(rules, setup, from);
    while next != seat && !before.contains(&next) {
        before.push(next);
        next = next_seat(rules, setup, next);
    }
    let turn_of = |player: Seat| Setup {
        to_move: player,
        ..setup.clone()
    };
    let cells = pawns::en_passant_cells(setup)
        .filter(|&target| {
            let Some(pawn) = pawns::double_stepper(rules, setup, target) else {
                return false;
            };
            match rules.options.en_passant_window {
                EnPassantWindow::BothOpponents => {
                    !before.iter().any(|&s| check::controls(setup, s, pawn))
                }
                EnPassantWindow::NextPlayer => before.iter().all(|&s| {
                    !matches!(
                        turn_comes(rules, &turn_of(s)),
                        TurnComes::Moves | TurnComes::Drawn
                    )
                }),
            }
        })
        .collect();
    let mut as_mover = turn_of(seat);
    keep_open_en_passant(rules, &mut as_mover, cells, Some(seat));
    as_mover
}

/// Takes `seat` out of the game, checkmated by `mater`.
///
/// `yalta.mate-removes-king`: "When a player is checkmated, their King is removed from the
/// board." Its army passes to the mater ([`hand_over_armies`]).
pub fn checkmate(rules: &Yalta, mut setup: Setup, seat: Seat, mater: Seat) -> Setup {
    if let Some(king) = setup.royal(seat) {
        setup.pieces.remove(&king);
    }
    hand_over_armies(rules, &mut setup, seat, mater);
    setup
}

/// Hands every army `seat` controlled (its own, and any it had taken over) to `taker`, `seat`
/// being out of the game.
///
/// `yalta.army-takeover`: "The player who delivered the checkmate **takes control of all the
/// checkmated player's remaining pieces** and may use them immediately". Under
/// `yalta.exposed-king=capture` the army of a captured king follows the same rule, its
/// capturer taking it over. The army's castling rights go; with one player out, no king can be
/// checked by two opponents any more, so the check records go too.
fn hand_over_armies(rules: &Yalta, setup: &mut Setup, seat: Seat, taker: Seat) {
    let homes = castling::rook_homes(rules, seat);
    setup.castling.retain(|c| !homes.contains(c));
    if let VariantState::Yalta(state) = &mut setup.state {
        for controller in state.control.values_mut() {
            if *controller == seat {
                *controller = taker;
            }
        }
        state.control.insert(seat, taker);
        state.first_check.clear();
        state.pending_mate.remove(&seat);
    }
}

/// Returns the winner once only one player has a king left, if so.
///
/// `yalta.last-king-wins`: "The last player with a King on the board wins."
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
    /// They are checkmated by `mater` and out now.
    Checkmated { mater: Seat },
    /// They are in check with no legal move and pass; the mate waits for the player to their
    /// left (`yalta.mate-final=after-left-player`).
    MatePending,
    /// They are stalemated and pass (`yalta.stalemate=pass`).
    StalematePasses,
    /// They are stalemated and the game is drawn.
    Drawn,
}

/// Decides what becomes of the side to move when their turn comes: the one place where
/// checkmate and stalemate are decided, for playing on ([`settle`]) and for the outcome.
///
/// `yalta.check-response`: "When a player is in check, they must resolve it on their turn as
/// usual": one who cannot is checkmated when their turn comes (`yalta.mate-final=own-turn`),
/// or passes with the mate pending (`after-left-player`; final at once if the seat to their
/// left is out of the game). `yalta.multiple-check` names the mater. One who is not in check
/// is stalemated: `yalta.stalemate` draws the game (`draw`), or lets them pass unless nobody
/// can move (`pass`).
pub fn turn_comes(rules: &Yalta, setup: &Setup) -> TurnComes {
    if has_legal_move(rules, setup) {
        return TurnComes::Moves;
    }
    let seat = setup.to_move;
    match check::first_checker(rules, setup, seat) {
        Some(mater) => {
            let waits = rules.options.mate_final == MateFinal::AfterLeftPlayer
                && check::is_live(setup, left_of(seat));
            if waits {
                TurnComes::MatePending
            } else {
                TurnComes::Checkmated { mater }
            }
        }
        None if rules.options.stalemate == Stalemate::Pass && !nobody_can_move(rules, setup) => {
            TurnComes::StalematePasses
        }
        None => TurnComes::Drawn,
    }
}

/// Settles the players whose turn comes while they cannot play on ([`turn_comes`]), until
/// someone can move or the game is over.
///
/// `yalta.no-extra-move`: "Taking control of the new pieces does not grant an extra move":
/// the turn simply passes on. Once one king is left the game is over and the turn passes to
/// its player (decision D5: as after any move, to the next player still in the game).
pub fn settle(rules: &Yalta, mut setup: Setup) -> Setup {
    loop {
        if let Some(winner) = last_king(&setup) {
            setup.to_move = winner;
            break;
        }
        let seat = setup.to_move;
        match turn_comes(rules, &setup) {
            TurnComes::Moves | TurnComes::Drawn => break,
            TurnComes::Checkmated { mater } => setup = checkmate(rules, setup, seat, mater),
            TurnComes::MatePending => {
                if let VariantState::Yalta(state) = &mut setup.state {
                    state.pending_mate.insert(seat);
                }
            }
            TurnComes::StalematePasses => {}
        }
        setup = pass_turn(rules, setup, seat);
    }
    setup
}

/// Returns true if no player still in the game has a legal move (each tried as the side to
/// move).
pub fn nobody_can_move(rules: &Yalta, setup: &Setup) -> bool {
    check::live_seats(setup).into_iter().all(|seat| {
        let as_mover = Setup {
            to_move: seat,
            ..setup.clone()
        };
        !has_legal_move(rules, &as_mover)
    })
}
