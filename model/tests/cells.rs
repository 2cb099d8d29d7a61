//! Dense cell indexing: every board's cells numbered 0..len in the order `Board::cells` lists
//! them, and back.

use trichess_model::{Seat, Variant};

#[test]
fn every_board_counts_the_cells_its_description_gives() {
    // README: O'Sullivan 8x8 less a7 a8 h7 h8; Yalta three 4x8 half-boards; Yuri 7x7;
    // Triple Crown three 10x5 half-boards.
    let expected = [
        (Variant::OSullivan, 60),
        (Variant::Yalta, 96),
        (Variant::Yuri, 49),
        (Variant::TripleCrown, 150),
    ];
    for (variant, cells) in expected {
        assert_eq!(variant.board().len(), cells, "{variant:?}");
        assert_eq!(variant.board().cells().len(), cells, "{variant:?}");
    }
}

#[test]
fn index_and_cell_at_are_inverse_and_follow_the_cell_order() {
    for variant in Variant::ALL {
        let board = variant.board();
        for (i, cell) in board.cells().into_iter().enumerate() {
            assert_eq!(board.index(cell), Some(i), "{variant:?} {cell}");
            assert_eq!(board.cell_at(i), Some(cell), "{variant:?} {i}");
        }
        assert_eq!(board.cell_at(board.len()), None, "{variant:?}");
    }
}

#[test]
fn indices_skip_the_unusable_squares_and_name_the_cells_of_other_boards_none() {
    let osullivan = Variant::OSullivan.board();
    let g7 = osullivan.parse_cell("g7").expect("g7 is a cell");
    let b7 = osullivan.parse_cell("b7").expect("b7 is a cell");
    // Ranks 1-6 hold 48 cells; on rank 7 a7 is unusable, so b7 is the 49th cell (index 48).
    assert_eq!(osullivan.index(b7), Some(48));
    assert_eq!(osullivan.index(g7), Some(53));
    let yalta = Variant::Yalta.board();
    let ba1 = yalta.hex(Seat::B, 0, 0).expect("Ba1 is a cell");
    assert_eq!(yalta.index(ba1), Some(32));
    assert_eq!(osullivan.index(ba1), None);
    let triple = Variant::TripleCrown.board();
    assert_eq!(triple.index(ba1), Some(50));
}
