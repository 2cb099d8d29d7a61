//! Check: which pieces threaten a King.

use trichess_model::{Cell, Role, Seat};

use crate::board::Pieces;

use super::{board, pawns};
use crate::square::{DIAGONAL, ORTHOGONAL};

/// Returns the cell of `seat`'s King in a placement, if it is there.
pub fn king(pieces: &Pieces, seat: Seat) -> Option<Cell> {
    pieces.royal(seat)
}

/// Returns true if a piece of `seat` other than its King threatens `target`: if
/// [`super::pieces::threatens`] of any of its pieces lists `target`.
///
/// Rather than list every threat of every piece, this looks outwards from `target` for the
/// pieces that could reach it: along each line to the first piece, the cells a knight would
/// leap from (every leap goes both ways), and the diagonal neighbours a pawn could capture
/// from. The tests check it against the definition.
pub fn attacked_by(pieces: &Pieces, target: Cell, seat: Seat) -> bool {
    let ours = |cell: Cell, roles: &[Role]| {
        pieces
            .get(&cell)
            .is_some_and(|p| p.owner == seat && roles.contains(&p.role))
    };
    let geometry = board::geometry();
    let line_pieces = [
        (&ORTHOGONAL, [Role::Rook, Role::Queen]),
        (&DIAGONAL, [Role::Bishop, Role::Queen]),
    ];
    for (dirs, roles) in line_pieces {
        for &d in dirs {
            let line = geometry.ray(target, d);
            let first = line.iter().copied().find(|c| pieces.contains_key(c));
            if first.is_some_and(|c| ours(c, &roles)) {
                return true;
            }
        }
    }
    board::knight_table()
        .from(target)
        .iter()
        .any(|&c| ours(c, &[Role::Knight]))
        || DIAGONAL
            .iter()
            .filter_map(|&d| geometry.step(target, d))
            .any(|c| ours(c, &[Role::Pawn]) && pawns::capture_cell(c, seat) == Some(target))
}

/// Returns true if `seat`'s King is in check: threatened by a piece of either other army.
///
/// `yuri.check`: "Other rules of check and checkmate, including threats from non-Kings,
/// must be respected." Kings threaten nothing (`yuri.kings-adjacent`).
pub fn in_check(pieces: &Pieces, seat: Seat) -> bool {
    let Some(king) = king(pieces, seat) else {
        return false;
    };
    Seat::ALL
        .into_iter()
        .filter(|&s| s != seat)
        .any(|s| attacked_by(pieces, king, s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Setup;
    use crate::yuri::{Options, legal_moves, pieces, start_setup, turn};

    #[test]
    fn looking_outwards_from_a_cell_finds_exactly_the_pieces_that_attack_it() {
        let options = Options::read(&Default::default()).unwrap();
        for seed in 1..=6u64 {
            let mut setup = Setup::from_model(&start_setup());
            let mut state = seed;
            for _ in 0..60 {
                for target in trichess_model::Variant::Yuri.board().cells() {
                    for seat in Seat::ALL {
                        let by_definition = setup.pieces.iter().any(|(&from, &piece)| {
                            piece.owner == seat
                                && pieces::threatens(&setup.pieces, from, piece).contains(&target)
                        });
                        assert_eq!(
                            attacked_by(&setup.pieces, target, seat),
                            by_definition,
                            "{target} by {seat:?} in {}",
                            setup.to_model().to_text()
                        );
                    }
                }
                let moves = legal_moves(&setup, &options);
                if moves.is_empty() {
                    break;
                }
                let mv = crate::pick(&mut state, &moves);
                setup = turn::apply(&setup, mv);
            }
        }
    }
}
