//! What makes a setup a position of Triple Crown.

use trichess_model::{Piece, Role, Seat, VariantState};

use crate::board::Setup;

use super::options::EnPassantWindow;
use super::{TripleCrown, array, castling, pawns};

/// Lists every reason `setup` is not a position of the game.
pub fn problems(tc: &TripleCrown, setup: &Setup) -> Vec<String> {
    let VariantState::TripleCrown(state) = &setup.state else {
        return vec!["the position carries another variant's state".into()];
    };
    let mut problems = Vec::new();
    let name = |s: Seat| setup.variant.seat_name(s);
    for seat in Seat::ALL {
        let owned: Vec<&Piece> = setup.pieces.values().filter(|p| p.owner == seat).collect();
        let emperors = owned.iter().filter(|p| p.role == Role::Emperor).count();
        if emperors > 1 {
            problems.push(format!("{} has {emperors} Emperors", name(seat)));
        }
        if emperors == 0 && !owned.is_empty() {
            problems.push(format!(
                "{} has pieces but no Emperor (a checkmated player's pieces are all removed)",
                name(seat)
            ));
        }
    }
    if setup.royal(setup.to_move).is_none() {
        problems.push(format!(
            "{} is to move but has no Emperor (a seat without an Emperor is out of the game)",
            name(setup.to_move)
        ));
    }
    for (&cell, piece) in setup.pieces.iter() {
        let own_half = cell.sector() == Some(piece.owner);
        if piece.role == Role::Pawn
            && ((own_half && i32::from(cell.rank()) < array::PAWN_RANK)
                || pawns::is_far_rank(cell, piece.owner))
        {
            problems.push(format!(
                "{} Pawn on {cell}: Pawns start on their third rank, never move back, and \
                 promote on reaching an enemy's rank 1",
                name(piece.owner)
            ));
        }
    }
    for &right in &setup.castling {
        let seat = right.sector().unwrap_or(Seat::A);
        let partner = castling::partner_homes(tc, seat)
            .into_iter()
            .find(|&(c, _)| c == right)
            .map(|(_, pair)| Piece::new(seat, pair.partner));
        let emperor_home = castling::emperor_home(tc, seat).and_then(|c| setup.piece(c));
        if partner.is_none()
            || setup.piece(right) != partner
            || emperor_home != Some(Piece::new(seat, Role::Emperor))
        {
            problems.push(format!(
                "castling right {right}: needs a castling partner on its home cell (the \
                 Vicereines on a1 and j1, the Chatelaines on b1 and, if EH is a Chatelaine, \
                 i1) and its Emperor on f1"
            ));
        }
    }
    let targets = setup.en_passant.into_iter().chain(state.en_passant_earlier);
    let mut owners = Vec::new();
    for target in targets {
        let pawn = pawns::double_stepped(tc, setup, target);
        let fits = pawn.is_some_and(|p| p.owner != setup.to_move);
        if setup.piece(target).is_some() || !fits {
            problems.push(format!(
                "en passant on {target}: needs an empty cell on rank 4 with a Pawn of that \
                 half-board's army beyond it on rank 5, not the side to move's"
            ));
        }
        owners.extend(pawn.map(|p| p.owner));
    }
    if state.en_passant_earlier.is_some() {
        if setup.en_passant.is_none() {
            problems.push("en_passant_earlier is given without en_passant".into());
        }
        if tc.options.en_passant_window != EnPassantWindow::BothEnemies {
            problems.push(
                "en_passant_earlier only applies under triple-crown.en-passant-window=both-enemies"
                    .into(),
            );
        }
        if owners.len() == 2 && owners[0] == owners[1] {
            problems.push("the two en passant cells belong to the same army".into());
        }
    }
    if state.instant_win.len() > 1 {
        problems.push("only one player can have won instantly".into());
    }
    for &seat in &state.instant_win {
        if setup.royal(seat).is_none() {
            problems.push(format!(
                "{} has won instantly but has no Emperor",
                name(seat)
            ));
        }
    }
    problems
}
