//! How the game ends and who wins.

use trichess_model::{Outcome, Reason, Seat};

use crate::board::Setup;

use super::options::{MateTiming, Stalemate};
use super::{BLACK, Options, RED, WHITE, check, moves};

/// Returns how the move just made ended the game, if it did: the one place where that is
/// decided, for the legal moves (none once the game is over) and the outcome.
///
/// - `yuri.shared-square`: the two Kings on one square end the game, and `yuri.black-wins`:
///   "Black wins by capturing the white King with his own, or forcing a capture of its own
///   King by the white King", whichever King stepped onto the other.
/// - Under `yuri.mate-timing=immediately`, a King left [`checkmated_now`] by the move is
///   Red's win at once (`yuri.red-wins`), whoever is to move.
pub fn ended(setup: &Setup, options: &Options) -> Option<Outcome> {
    if setup.yuri().is_some_and(|s| s.shared_square.is_some()) {
        return Some(Outcome::Won {
            winner: BLACK,
            reason: Reason::KingsMeet,
        });
    }
    let mated = options.mate_timing == MateTiming::Immediately
        && Seat::ALL
            .into_iter()
            .any(|seat| checkmated_now(setup, options, seat));
    mated.then_some(Outcome::Won {
        winner: RED,
        reason: Reason::Checkmate,
    })
}

/// Returns true if `seat`'s King is checkmated as the board stands, whoever is to move: it is
/// in check, and its owner, were it their turn, would have no legal move.
///
/// `yuri.mate-timing=immediately`: "he may choose which of the remaining players to win
/// immediately by moving his King to a location where it may be immediately … checkmated by
/// Red". The right to take en passant belongs to the player moving right after the double
/// step, so a player whose turn it is not has none in this reckoning.
pub fn checkmated_now(setup: &Setup, options: &Options, seat: Seat) -> bool {
    if !check::in_check(&setup.pieces, seat) {
        return false;
    }
    if seat == setup.to_move {
        return moves(setup, options).next().is_none();
    }
    let mut as_mover = Setup {
        to_move: seat,
        en_passant: None,
        ..setup.clone()
    };
    if let trichess_model::VariantState::Yuri(state) = &mut as_mover.state {
        state.en_passant_pawn = None;
    }
    moves(&as_mover, options).next().is_none()
}

/// Returns the state of the game: [`ended`] by the last move, or else what becomes of the side
/// to move as their turn comes.
///
/// - `yuri.red-wins`: "Red wins by checkmating any King – including its own – as per FIDE
///   rules": when the player to move is in check and has no legal move, that King is
///   checkmated and Red wins, whoever's King it is and whoever's pieces give the check
///   (`yuri.red-checkmate`).
/// - A player to move with no legal move who is not in check is stalemated: by rule zero the
///   game is drawn (`yuri.stalemate=draw`), unless the writer's proposal
///   (`yuri.stalemate-proposal`: "would like to add a winning condition of depriving any
///   player of a legal move") is adopted: White wins (`white-wins`), or the player who made
///   the last move (`mover-wins`).
/// - `yuri.white-no-win`: "White has no win condition" otherwise.
/// - `yuri.white-kingmaker` is no rule of its own, so no function grants it: White hands Black
///   the win by stepping his King next to the Black King (Kings may stand side by side), which
///   Black may then step onto ([`super::pieces::may_share`]); or Red the win by walking into a
///   mate, which this function judges.
pub fn outcome(setup: &Setup, options: &Options) -> Outcome {
    if let Some(end) = ended(setup, options) {
        return end;
    }
    if moves(setup, options).next().is_some() {
        return Outcome::Ongoing;
    }
    if check::in_check(&setup.pieces, setup.to_move) {
        return Outcome::Won {
            winner: RED,
            reason: Reason::Checkmate,
        };
    }
    let reason = Reason::Stalemate;
    match options.stalemate {
        Stalemate::Draw => Outcome::Drawn { reason },
        Stalemate::WhiteWins => Outcome::Won {
            winner: WHITE,
            reason,
        },
        Stalemate::MoverWins => Outcome::Won {
            winner: setup.to_move.prev(),
            reason,
        },
    }
}
