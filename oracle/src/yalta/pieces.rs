//! How the pieces other than pawns move, and what every piece attacks.

use trichess_model::{Cell, Move, Piece, Role, Seat};

use crate::board::Setup;

use super::options::{ExposedKing, KingAcrossCentre, KnightCentre};
use super::{Yalta, castling, check, pawns};
use crate::hex::{ALL_DIRECTIONS, DIAGONAL, Dir, ORTHOGONAL};

/// Lists the cells a line piece on `from` reaches along `dirs`: every line up to and including
/// the first occupied cell. A diagonal that forks at the centre gives both branches.
///
/// `yalta.centre-path-choice`: "Pawns, Bishops, and Queens have a choice of path when passing
/// through the central junction area." Rooks have none: an orthogonal line never passes the
/// centre point, it runs on from a centre cell into the next one round the ring. A piece
/// standing before the fork blocks both branches.
fn slides(rules: &Yalta, setup: &Setup, from: Cell, dirs: &[Dir]) -> Vec<Cell> {
    let mut cells = Vec::new();
    for &d in dirs {
        for line in rules.geo.rays(from, d) {
            for &c in line {
                cells.push(c);
                if setup.piece(c).is_some() {
                    break;
                }
            }
        }
    }
    cells.sort();
    cells.dedup();
    cells
}

/// Lists the cells a king on `from` steps to.
///
/// `yalta.fide-movement`: the king moves one cell along any rook or bishop line; from a
/// centre cell its diagonal step through the centre point reaches both centre cells of its
/// colour. Whether it also steps to the centre cell straight across is the interpretation
/// `yalta.king-across-centre`.
pub fn king_steps(rules: &Yalta, from: Cell) -> Vec<Cell> {
    let mut cells = rules.geo.neighbours(from, &ALL_DIRECTIONS).to_vec();
    if rules.options.king_across_centre == KingAcrossCentre::Touching {
        cells.extend(rules.geo.across(from));
    }
    cells.sort();
    cells.dedup();
    cells
}

/// Lists the cells a knight on `from` leaps to.
///
/// `yalta.knight-colour`: "Knights always land on a square of the opposite color to their
/// starting square, even when crossing sectors." Which cells near the centre is the
/// interpretation `yalta.knight-centre`; every reading changes colour.
pub fn knight_leaps(rules: &Yalta, from: Cell) -> Vec<Cell> {
    match rules.options.knight_centre {
        KnightCentre::Symmetric => rules.geo.knight_symmetric(from),
        KnightCentre::OrthogonalThenDiagonal => rules.geo.knight_orthogonal_then_diagonal(from),
        KnightCentre::TwoThenOne => rules.geo.knight_two_then_one(from),
    }
    .to_vec()
}

/// Lists the cells from which a knight leaps to `to`: [`knight_leaps`] read backwards.
pub fn knight_leaps_into(rules: &Yalta, to: Cell) -> &'static [Cell] {
    match rules.options.knight_centre {
        KnightCentre::Symmetric => rules.geo.knight_symmetric(to),
        KnightCentre::OrthogonalThenDiagonal => rules.geo.knight_orthogonal_then_diagonal_into(to),
        KnightCentre::TwoThenOne => rules.geo.knight_two_then_one_into(to),
    }
}

/// Lists the cells `piece` on `from` attacks: where it could capture, whatever stands there.
///
/// `yalta.fide-movement`: "Pieces move using standard FIDE movement within their sector";
/// files and diagonals run on over the top edges into the neighbouring half-boards.
pub fn attacks(rules: &Yalta, setup: &Setup, from: Cell, piece: Piece) -> Vec<Cell> {
    match piece.role {
        Role::King => king_steps(rules, from),
        Role::Queen => slides(rules, setup, from, &ALL_DIRECTIONS),
        Role::Rook => slides(rules, setup, from, &ORTHOGONAL),
        Role::Bishop => slides(rules, setup, from, &DIAGONAL),
        Role::Knight => knight_leaps(rules, from),
        Role::Pawn => pawns::capture_cells(rules, from, piece.owner),
        _ => Vec::new(),
    }
}

/// Returns true if the player `mover` may capture what stands on `cell`: a piece another
/// player controls, other than a king.
///
/// `yalta.check-response`: a king in check resolves it "on their turn": kings are never
/// captured; a king is removed only by checkmate (`yalta.mate-removes-king`).
/// `yalta.exposed-king=capture`: a king attacked when `mover`'s turn comes may be captured
/// (what becomes of its army: [`super::turn::apply`]).
pub fn can_capture(rules: &Yalta, setup: &Setup, mover: Seat, cell: Cell) -> bool {
    setup.piece(cell).is_some_and(|p| {
        (p.role != Role::King || rules.options.exposed_king == ExposedKing::Capture)
            && !check::controls(setup, mover, p)
    })
}

/// Lists the moves of `piece` on `from` for the player to move, ignoring check.
pub fn piece_moves(rules: &Yalta, setup: &Setup, from: Cell, piece: Piece) -> Vec<Move> {
    if piece.role == Role::Pawn {
        return pawns::pawn_moves(rules, setup, from, piece);
    }
    let mover = setup.to_move;
    let mut moves: Vec<Move> = attacks(rules, setup, from, piece)
        .into_iter()
        .filter(|&to| setup.piece(to).is_none() || can_capture(rules, setup, mover, to))
        .map(|to| Move::Plain { from, to })
        .collect();
    if piece.role == Role::King {
        moves.extend(castling::castling_moves(rules, setup, from));
    }
    moves
}
