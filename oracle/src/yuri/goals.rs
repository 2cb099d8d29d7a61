//! How the game ends and who wins.

use trichess_model::{Outcome, Reason};

use crate::board::Setup;

use super::options::Stalemate;
use super::{BLACK, Options, RED, WHITE, check, legal_moves};

/// Returns the state of the game.
///
/// - `yuri.shared-square`: the two Kings on one square end the game, and `yuri.black-wins`:
///   "Black wins by capturing the white King with his own, or forcing a capture of its own
///   King by the white King", whichever King stepped onto the other.
/// - `yuri.red-wins`: "Red wins by checkmating any King – including its own – as per FIDE
///   rules": when the player to move is in check and has no legal move, that King is
///   checkmated and Red wins, whoever's King it is and whoever's pieces give the check
///   (`yuri.red-checkmate`).
/// - A player to move with no legal move who is not in check is stalemated: by rule zero the
///   game is drawn, unless the writer's proposal is adopted (`yuri.stalemate=white-wins`).
/// - `yuri.white-no-win`: "White has no win condition" otherwise.
/// - `yuri.white-kingmaker` is no rule of its own, so no function grants it: White hands Black
///   the win by stepping his King next to the Black King (Kings may stand side by side), which
///   Black may then step onto ([`super::pieces::may_share`]); or Red the win by walking into a
///   mate, which this function judges.
pub fn outcome(setup: &Setup, options: &Options) -> Outcome {
    if setup.yuri().is_some_and(|s| s.shared_square.is_some()) {
        return Outcome::Won {
            winner: BLACK,
            reason: Reason::KingsMeet,
        };
    }
    if !legal_moves(setup, options).is_empty() {
        return Outcome::Ongoing;
    }
    if check::in_check(&setup.pieces, setup.to_move) {
        return Outcome::Won {
            winner: RED,
            reason: Reason::Checkmate,
        };
    }
    match options.stalemate {
        Stalemate::Draw => Outcome::Drawn {
            reason: Reason::Stalemate,
        },
        Stalemate::WhiteWins => Outcome::Won {
            winner: WHITE,
            reason: Reason::Stalemate,
        },
    }
}
