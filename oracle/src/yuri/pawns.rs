//! How pawns move: their steps under either reading, their one capture direction, promotion
//! at the board's edge, and double steps and en passant where a reading allows them.

use trichess_model::{Cell, Move, Role, Seat};

use crate::board::Setup;

use super::board::{
    self, NORTH, NORTH_EAST, NORTH_WEST, SOUTH, SOUTH_EAST, SOUTH_WEST, WEST, corner,
    off_long_diagonal,
};
use super::options::{DoubleStep, Pawns};
use super::pieces::capturable;
use super::{BLACK, Options, WHITE};
use crate::square::{Direction, ORTHOGONAL};

/// Returns the two steps the first description gives a pawn of `owner`.
///
/// `yuri.pawn-move-a`: "Pawns move one step in the NE or NW direction for black, one step in
/// the SE or SW direction down the board for white, and one step NW or SW for red."
pub fn steps_as_first_described(owner: Seat) -> [Direction; 2] {
    match owner {
        BLACK => [NORTH_EAST, NORTH_WEST],
        WHITE => [SOUTH_EAST, SOUTH_WEST],
        _ => [NORTH_WEST, SOUTH_WEST],
    }
}

/// Returns true if the orthogonal step `d` leads away from `owner`'s starting corner.
pub fn away_from_corner(owner: Seat, d: Direction) -> bool {
    let (cf, cr) = corner(owner);
    let away_in_file = if cf == 0 { 1 } else { -1 };
    let away_in_rank = if cr == 0 { 1 } else { -1 };
    d == (away_in_file, 0) || d == (0, away_in_rank)
}

/// Lists the steps the alternative description gives a pawn of `owner` on `from`.
///
/// `yuri.pawn-move-b`: "white and black pawns move one step orthogonally away from both the
/// starting corner and the longest north-south diagonal. Red pawns move one step
/// orthogonally away from both the starting corner and the longest east-west diagonal."
/// Orthogonal is along the square's files and ranks (`yuri.orthogonal`). Of the two steps
/// away from the corner, one leads away from the diagonal and the other back towards it; on
/// the diagonal itself both lead away from it.
pub fn steps_away_from_diagonal(owner: Seat, from: Cell) -> Vec<Direction> {
    ORTHOGONAL
        .into_iter()
        .filter(|&d| away_from_corner(owner, d))
        .filter(|&d| {
            board::geometry()
                .step(from, d)
                .is_some_and(|to| off_long_diagonal(owner, to) > off_long_diagonal(owner, from))
        })
        .collect()
}

/// Lists the directions a pawn of `owner` on `from` steps in, under the chosen reading
/// (`yuri.pawns`) of the two descriptions the source gives (`yuri.translator-unsure`: "The
/// translator does not know which of these are implied.").
pub fn step_directions(owner: Seat, from: Cell, reading: Pawns) -> Vec<Direction> {
    match reading {
        Pawns::TwoDirections => steps_as_first_described(owner).to_vec(),
        Pawns::AwayFromDiagonal => steps_away_from_diagonal(owner, from),
    }
}

/// Returns the direction a pawn of `owner` captures in.
///
/// `yuri.pawn-capture-a`: "They capture one step north, south and west respectively":
/// Black's north, White's south, Red's west. `yuri.pawn-capture-b`: "Captures are parallel
/// to the diagonal associated with the colour instead": the same steps, each running along
/// the long diagonal of its colour away from the army's corner.
pub fn capture_direction(owner: Seat) -> Direction {
    match owner {
        BLACK => NORTH,
        WHITE => SOUTH,
        _ => WEST,
    }
}

/// Returns the cell a pawn of `owner` on `from` captures on, if it is on the board.
pub fn capture_cell(from: Cell, owner: Seat) -> Option<Cell> {
    board::geometry().step(from, capture_direction(owner))
}

/// Returns true if a pawn of `owner` arriving on `cell` promotes.
///
/// `yuri.promotion`: "Pawns promote when they can no longer capture forward because the
/// target square is off the board." Black's pawns promote on the g-file and on rank 7,
/// White's on the a-file and on rank 1, Red's on the a-file and on rank 7.
pub fn promotes_on(owner: Seat, cell: Cell) -> bool {
    capture_cell(cell, owner).is_none()
}

/// Returns the cells a double step of the pawn of `owner` on `from` passes and reaches, if
/// it may make one in direction `d`.
///
/// `yuri.double-step=first-move`: by rule zero (FIDE 3.7), a pawn that has not moved may
/// go two squares straight on in one of its step directions, both empty.
fn double_step(setup: &Setup, from: Cell, d: Direction) -> Option<(Cell, Cell)> {
    let unmoved = setup.yuri().is_some_and(|s| s.unmoved.contains(&from));
    let passed = board::geometry()
        .step(from, d)
        .filter(|&c| setup.piece(c).is_none())?;
    let reached = board::geometry()
        .step(passed, d)
        .filter(|&c| setup.piece(c).is_none())?;
    unmoved.then_some((passed, reached))
}

/// Returns the cell a pawn that double-stepped to `to` from `from` passed over, if the move
/// is a double step.
pub fn passed_cell(from: Cell, to: Cell) -> Option<Cell> {
    let (df, dr) = (
        i32::from(to.file()) - i32::from(from.file()),
        i32::from(to.rank()) - i32::from(from.rank()),
    );
    let straight_two = (df.abs() == 2 && dr == 0) || (df == 0 && dr.abs() == 2);
    if !straight_two {
        return None;
    }
    board::step(from, (df / 2, dr / 2))
}

/// Returns the cell of the pawn that the pawn of `owner` moving from `from` to `to` takes en
/// passant, if that move is an en passant capture.
///
/// `yuri.double-step=first-move`: by rule zero (FIDE 3.7), the player moving right after
/// a double step may capture the pawn that made it "as though the latter had been moved only
/// one square": with a pawn whose capture square is the empty square passed over. A step onto
/// that square captures nothing. Move generation lists the capture and playing it removes the
/// pawn by asking here, so the two cannot disagree. (Under `yuri.double-step=none` a position
/// has no en passant fields, so nothing is ever taken this way.)
pub fn en_passant_capture(setup: &Setup, from: Cell, owner: Seat, to: Cell) -> Option<Cell> {
    let state = setup.yuri()?;
    let victim = state.en_passant_pawn?;
    let takes = setup.en_passant == Some(to)
        && capture_cell(from, owner) == Some(to)
        && setup.piece(to).is_none()
        && setup
            .piece(victim)
            .is_some_and(|p| p.role == Role::Pawn && p.owner != owner);
    takes.then_some(victim)
}

/// Lists the moves of the pawn of `owner` on `from`, ignoring check.
pub fn pawn_moves(setup: &Setup, options: &Options, from: Cell, owner: Seat) -> Vec<Move> {
    let mut targets = Vec::new();
    for d in step_directions(owner, from, options.pawns) {
        if let Some(to) = board::geometry()
            .step(from, d)
            .filter(|&c| setup.piece(c).is_none())
        {
            targets.push(to);
        }
        if options.double_step == DoubleStep::FirstMove
            && let Some((_, to)) = double_step(setup, from, d)
        {
            targets.push(to);
        }
    }
    if let Some(to) = capture_cell(from, owner)
        && (capturable(&setup.pieces, owner, to)
            || en_passant_capture(setup, from, owner, to).is_some())
    {
        targets.push(to);
    }
    targets
        .into_iter()
        .flat_map(|to| with_promotions(from, to, owner))
        .collect()
}

/// Expands a pawn move onto a promotion square into its promotions.
///
/// `yuri.promotion` does not say what a pawn becomes; `yuri.promotion-choice`: by rule zero
/// (FIDE 3.7.e) it becomes a Queen, Rook, Bishop or Knight of its own army, though no army
/// starts with a Queen or a Rook.
fn with_promotions(from: Cell, to: Cell, owner: Seat) -> Vec<Move> {
    if !promotes_on(owner, to) {
        return vec![Move::Plain { from, to }];
    }
    crate::rules::promotions(from, to, &crate::rules::FIDE_PROMOTIONS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::yuri::RED;
    use trichess_model::Variant;

    fn c(name: &str) -> Cell {
        Variant::Yuri.board().parse_cell(name).unwrap()
    }

    #[test]
    fn the_first_description_is_the_two_steps_away_from_the_corner() {
        for seat in Seat::ALL {
            let mut away: Vec<Direction> = ORTHOGONAL
                .into_iter()
                .filter(|&d| away_from_corner(seat, d))
                .collect();
            let mut written = steps_as_first_described(seat).to_vec();
            away.sort();
            written.sort();
            assert_eq!(away, written, "{seat:?}");
        }
    }

    #[test]
    fn captures_run_along_the_colour_diagonal_away_from_the_corner() {
        for seat in Seat::ALL {
            let (cf, cr) = corner(seat);
            let corner_cell = board::cell(cf, cr).unwrap();
            let first = capture_cell(corner_cell, seat).unwrap();
            assert_eq!(off_long_diagonal(seat, first), 0, "{seat:?}");
        }
    }

    #[test]
    fn the_alternative_steps_of_the_starting_pawns() {
        let step = |seat, name| -> Vec<String> {
            steps_away_from_diagonal(seat, c(name))
                .into_iter()
                .filter_map(|d| board::step(c(name), d))
                .map(|c| c.to_string())
                .collect()
        };
        assert_eq!(step(BLACK, "a3"), ["a4"]);
        assert_eq!(step(BLACK, "c1"), ["d1"]);
        assert_eq!(step(WHITE, "e7"), ["d7"]);
        assert_eq!(step(WHITE, "g5"), ["g4"]);
        assert_eq!(step(RED, "e1"), ["d1"]);
        assert_eq!(step(RED, "f3"), ["f4"]);
        assert_eq!(step(BLACK, "d4"), ["e4", "d5"], "on the diagonal, both");
    }

    #[test]
    fn passed_cells_of_double_steps() {
        assert_eq!(passed_cell(c("a3"), c("a5")), Some(c("a4")));
        assert_eq!(passed_cell(c("e1"), c("c1")), Some(c("d1")));
        assert_eq!(passed_cell(c("a3"), c("a4")), None);
        assert_eq!(passed_cell(c("a3"), c("c5")), None);
    }
}
