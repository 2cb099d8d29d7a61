//! The Yalta board: the hexagonal trisection board of [`crate::hex`] with n = 4 (three 4x8
//! half-boards, 96 cells), and the seat facts the rules need: whose half-board a cell is in,
//! which seat sits to a player's left, and the back ranks.

use trichess_model::{Cell, Seat};

/// Red's seat: A.
pub const RED: Seat = Seat::A;

/// Returns true if `cell` lies in `seat`'s own half-board.
pub fn in_own_half(cell: Cell, seat: Seat) -> bool {
    cell.sector() == Some(seat)
}

/// Returns the seat to a player's left.
///
/// `yalta.left-player-help`: "The player to their left may attempt to help them by
/// interposing a piece or capturing the checker on that player's own turn." No function
/// grants the help: under the default turn order (`yalta.turn-order`) the left player moves
/// between a check from the right and the checked player's turn, and any legal move of theirs
/// that lifts the check is the help; the checked player is then not mated when their turn
/// comes ([`super::turn::settle`]). Under `yalta.mate-final=after-left-player` the left
/// player also gets a turn after a failed escape (`settle_pending_mate` in `turn.rs`).
///
/// A player sits at their back rank facing the centre, with file a on their left (as in
/// chess). Their files a-d run on into the half-board of the seat before them in seat order
/// (A's a-d into C's h-e), so that seat sits on their left: C is on A's left, A on B's, B on
/// C's.
pub fn left_of(seat: Seat) -> Seat {
    seat.prev()
}

/// Returns true if `cell` is on a back rank (rank 1 of any half-board).
pub fn on_back_rank(cell: Cell) -> bool {
    cell.rank() == 0
}

#[cfg(test)]
mod tests {
    //! Whole-graph facts of the Yalta board. The hex module's own tests cover, for n = 4: the
    //! centre ring and the cells straight across it, files running on into the neighbouring
    //! half-board, ranks staying in their half, forks at the centre, every step being two-way
    //! and keeping (diagonal) or changing (orthogonal) colour, the orthogonal and diagonal
    //! degree counts of all 96 cells, the seat rotation mapping the step graph onto itself,
    //! and knight leaps changing colour (`hex::tests`). Here: the cell count, the colour of
    //! every cell, and the facts as the Yalta rules use them.

    use super::*;
    use crate::hex::{DIAGONAL, HexBoard, ORTHOGONAL};
    use trichess_model::Variant;

    fn hex() -> HexBoard {
        HexBoard::new(Variant::Yalta.board()).unwrap()
    }

    fn c(name: &str) -> Cell {
        Variant::Yalta.board().parse_cell(name).unwrap()
    }

    #[test]
    fn the_board_has_96_cells_32_per_seat() {
        let cells = Variant::Yalta.board().cells();
        assert_eq!(cells.len(), 96);
        for seat in Seat::ALL {
            assert_eq!(cells.iter().filter(|&&x| in_own_half(x, seat)).count(), 32);
        }
    }

    #[test]
    fn every_cell_is_coloured_like_a_chessboard_seen_from_its_seat() {
        // "checkered in the ordinary alternating pattern": from each seat, a1 is dark and h1
        // light, as on a chessboard ("light on the right"); colour 0 is dark.
        let hex = hex();
        let expected = ["DLDLDLDL", "LDLDLDLD", "DLDLDLDL", "LDLDLDLD"];
        for seat in Seat::ALL {
            for (rank, row) in expected.iter().enumerate() {
                let got: String = (0..8)
                    .map(|file| {
                        let cell = hex.cell(seat, file, rank as i32).unwrap();
                        if hex.colour(cell) == 0 { 'D' } else { 'L' }
                    })
                    .collect();
                assert_eq!(&got, row, "{seat:?} rank {}", rank + 1);
            }
        }
        // The centre ring alternates: the d4 cells are dark, the e4 cells light.
        let colours: Vec<u8> = hex.centre_ring().iter().map(|&x| hex.colour(x)).collect();
        assert_eq!(colours, [0, 1, 0, 1, 0, 1]);
    }

    #[test]
    fn the_seat_to_the_left_owns_the_files_that_run_on_from_a_to_d() {
        let hex = hex();
        for seat in Seat::ALL {
            // File a runs up into the left neighbour's file h.
            let a1 = hex.cell(seat, 0, 0).unwrap();
            let file = &hex.rays(a1, (0, 1))[0];
            assert_eq!(file.last().and_then(|x| x.sector()), Some(left_of(seat)));
        }
        // Red's left is Blue, Green's Red, Blue's Green.
        assert_eq!(left_of(Seat::A), Seat::C);
        assert_eq!(left_of(Seat::B), Seat::A);
        assert_eq!(left_of(Seat::C), Seat::B);
    }

    #[test]
    fn king_steps_from_a_centre_cell() {
        // Four orthogonal neighbours (two on the ring, two in its quadrant) and five diagonal
        // ones (two in its half, one over the top edge, two through the centre point).
        let hex = hex();
        let mut orthogonal: Vec<String> = hex
            .neighbours(c("Ad4"), &ORTHOGONAL)
            .iter()
            .map(Cell::to_string)
            .collect();
        orthogonal.sort();
        assert_eq!(orthogonal, ["Ac4", "Ad3", "Ae4", "Ce4"]);
        let mut diagonal: Vec<String> = hex
            .neighbours(c("Ad4"), &DIAGONAL)
            .iter()
            .map(Cell::to_string)
            .collect();
        diagonal.sort();
        assert_eq!(diagonal, ["Ac3", "Ae3", "Bd4", "Cd4", "Cf4"]);
        assert_eq!(hex.across(c("Ad4")), Some(c("Be4")));
        assert!(on_back_rank(c("Bh1")) && !on_back_rank(c("Bh2")));
    }
}
