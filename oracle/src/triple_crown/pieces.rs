//! How the pieces move: each role as a few kinds of motion on the hexagonal board, and what
//! every piece attacks.

use trichess_model::{Cell, Move, Piece, Role, Seat};

use crate::board::Setup;

use crate::hex::{DIAGONAL, Dir, ORTHOGONAL};

use super::options::Knight;
use super::{TripleCrown, castling, pawns};

/// A kind of motion a piece may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// Any distance along an orthogonal line over empty cells (a Rook's move). Orthogonal
    /// lines never pass the centre point: they reach a centre cell 60 degrees round.
    RookLines,
    /// Any distance along a diagonal line over empty cells (a Bishop's move). A diagonal
    /// through the centre point forks to the two centre cells 120 degrees round.
    BishopLines,
    /// One orthogonal step (the Wazir's move).
    Wazir,
    /// One diagonal step (the Ferz's move), which also forks at the centre point.
    Ferz,
    /// From a centre cell, the one step straight across to the opposite centre cell.
    Across,
    /// A Knight's leap.
    Leap,
}

/// Returns the motions of `role`.
///
/// - `triple-crown.queen`: "The KNIGHT, QUEEN, and PAWN are the usual FIDE pieces": the Queen
///   has the Rook's and the Bishop's lines. (The Knight leaps as `triple-crown.knight` reads
///   it; the Pawn has moves of its own, see `pawns.rs`.)
/// - `triple-crown.chatelaine`: "a Rook that can also make the one-step diagonal move of the
///   Ferz. It cannot move straight across the centre of the board."
/// - `triple-crown.vicereine`: "a Rook that can also, should it find itself on a centre cell,
///   move to the opposite centre cell. It cannot move diagonally."
/// - `triple-crown.baroness`: "a Rook that can do both."
/// - `triple-crown.primate`: "a Bishop that can also make the one-step orthogonal move of the
///   Wazir. It cannot move straight across the centre of the board."
/// - `triple-crown.moderator`: "a Bishop that can also, should it find itself on a centre
///   cell, move to the opposite centre cell. It cannot move orthogonally."
/// - `triple-crown.pope`: "a Bishop that can do both."
/// - `triple-crown.emperor`: "a King that can also, should it find itself on a centre cell,
///   move to the opposite centre cell."
/// - `triple-crown.diarch`: "a Queen that can also, should it find itself on a centre cell,
///   move to the opposite centre cell."
///
/// `triple-crown.across-pieces`: "This restricts pieces using it to the Viceroy and its
/// compounds with square-board pieces": the straight-across step ([`Motion::Across`]) is the
/// Vicereine's, Baroness's, Moderator's, Pope's, Emperor's and Diarch's only.
/// `triple-crown.escape-across`: "never forget the possibility of escaping Check straight
/// across the centre!": the Emperor's straight-across step is a move like its others, so it
/// escapes check wherever it leads to a cell no enemy attacks (judged, as for every move, by
/// `legal_moves` in `mod.rs`).
pub fn motions(role: Role) -> &'static [Motion] {
    use Motion::*;
    match role {
        Role::Queen => &[RookLines, BishopLines],
        Role::Knight => &[Leap],
        Role::Chatelaine => &[RookLines, Ferz],
        Role::Vicereine => &[RookLines, Across],
        Role::Baroness => &[RookLines, Ferz, Across],
        Role::Primate => &[BishopLines, Wazir],
        Role::Moderator => &[BishopLines, Across],
        Role::Pope => &[BishopLines, Wazir, Across],
        Role::Emperor => &[Wazir, Ferz, Across],
        Role::Diarch => &[RookLines, BishopLines, Across],
        Role::Pawn | Role::King | Role::Rook | Role::Bishop => &[],
    }
}

/// Lists the cells along the lines from `from` in `dirs`, each up to and including the first
/// occupied cell; a line that forks at the centre runs on along both branches.
fn lines(tc: &TripleCrown, setup: &Setup, from: Cell, dirs: &[Dir]) -> Vec<Cell> {
    let mut cells = Vec::new();
    for &dir in dirs {
        for ray in tc.geo.rays(from, dir) {
            for &cell in ray {
                cells.push(cell);
                if setup.piece(cell).is_some() {
                    break;
                }
            }
        }
    }
    cells
}

/// Lists the cells a Knight on `from` leaps to.
///
/// `triple-crown.knight`: away from the centre every description of the FIDE Knight gives the
/// same cells; near it they part ways, and the reading chooses.
fn knight_leaps(tc: &TripleCrown, from: Cell) -> Vec<Cell> {
    match tc.options.knight {
        Knight::Symmetric => tc.geo.knight_symmetric(from),
        Knight::OrthogonalThenDiagonal => tc.geo.knight_orthogonal_then_diagonal(from),
        Knight::TwoThenOne => tc.geo.knight_two_then_one(from),
    }
    .to_vec()
}

/// Lists the cells from which a Knight leaps to `to`: [`knight_leaps`] read backwards.
pub fn knight_leaps_into(tc: &TripleCrown, to: Cell) -> &'static [Cell] {
    match tc.options.knight {
        Knight::Symmetric => tc.geo.knight_symmetric(to),
        Knight::OrthogonalThenDiagonal => tc.geo.knight_orthogonal_then_diagonal_into(to),
        Knight::TwoThenOne => tc.geo.knight_two_then_one_into(to),
    }
}

/// Lists the cells one motion of a piece on `from` reaches, whatever stands there, except
/// that lines stop at the first occupied cell.
pub fn reach(tc: &TripleCrown, setup: &Setup, from: Cell, motion: Motion) -> Vec<Cell> {
    match motion {
        Motion::RookLines => lines(tc, setup, from, &ORTHOGONAL),
        Motion::BishopLines => lines(tc, setup, from, &DIAGONAL),
        Motion::Wazir => tc.geo.neighbours(from, &ORTHOGONAL).to_vec(),
        Motion::Ferz => tc.geo.neighbours(from, &DIAGONAL).to_vec(),
        Motion::Across => tc.geo.across(from).into_iter().collect(),
        Motion::Leap => knight_leaps(tc, from),
    }
}

/// Lists the cells `piece` on `from` attacks: where it could capture, whatever stands there.
pub fn attacks(tc: &TripleCrown, setup: &Setup, from: Cell, piece: Piece) -> Vec<Cell> {
    if piece.role == Role::Pawn {
        return pawns::capture_cells(tc, from, piece.owner);
    }
    let mut cells: Vec<Cell> = motions(piece.role)
        .iter()
        .flat_map(|&m| reach(tc, setup, from, m))
        .collect();
    cells.sort();
    cells.dedup();
    cells
}

/// Returns true if a piece of `mover` may capture what stands on `cell`: a piece of another
/// army, but never an Emperor. An Emperor is not taken: one left en prise is removed with its
/// whole army when its attacker's turn comes (`triple-crown.checkmate-en-prise`), before that
/// player moves.
pub fn can_capture(setup: &Setup, mover: Seat, cell: Cell) -> bool {
    setup
        .piece(cell)
        .is_some_and(|p| p.owner != mover && p.role != Role::Emperor)
}

/// Lists the moves of `piece` on `from`, ignoring what they do to the mover's Emperor.
pub fn piece_moves(tc: &TripleCrown, setup: &Setup, from: Cell, piece: Piece) -> Vec<Move> {
    if piece.role == Role::Pawn {
        return pawns::pawn_moves(tc, setup, from, piece.owner);
    }
    let mut moves: Vec<Move> = attacks(tc, setup, from, piece)
        .into_iter()
        .filter(|&to| setup.piece(to).is_none() || can_capture(setup, piece.owner, to))
        .map(|to| Move::Plain { from, to })
        .collect();
    if piece.role == Role::Emperor {
        moves.extend(castling::castling_moves(tc, setup, from));
    }
    moves
}
