//! The Triple Crown board is [`crate::hex`] with n = 5. The tests here check it against the
//! source, where the shared tests of `hex` do not already cover n = 5.

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use trichess_model::{Cell, Variant};

    use crate::hex::{DIAGONAL, Dir, HexBoard, ORTHOGONAL};

    fn hex() -> HexBoard {
        HexBoard::new(Variant::TripleCrown.board()).unwrap()
    }

    fn c(name: &str) -> Cell {
        Variant::TripleCrown.board().parse_cell(name).unwrap()
    }

    fn names(cells: &[Cell]) -> Vec<String> {
        cells.iter().map(Cell::to_string).collect()
    }

    /// Counts the cells by the number of one-step neighbours in `dirs`.
    fn degrees(hex: &HexBoard, dirs: &[Dir]) -> Vec<(usize, usize)> {
        let mut by_degree = BTreeMap::new();
        for cell in Variant::TripleCrown.board().cells() {
            *by_degree
                .entry(hex.neighbours(cell, dirs).len())
                .or_insert(0) += 1;
        }
        by_degree.into_iter().collect()
    }

    #[test]
    fn three_ten_by_five_half_boards() {
        let cells = Variant::TripleCrown.board().cells();
        assert_eq!(cells.len(), 150);
        assert_eq!(cells.first(), Some(&c("Aa1")));
        assert_eq!(cells.last(), Some(&c("Cj5")));
        assert_eq!(hex().n(), 5);
    }

    #[test]
    fn degree_counts_of_the_whole_graph() {
        let hex = hex();
        // Each half-board's boundary is its rank 1 (10 cells) and the a- and j-files above it
        // (4 + 4): 54 cells in all, of which the 6 hexagon corners (a1, j1) have two
        // orthogonal neighbours and the other 48 three; the remaining 96 have four.
        assert_eq!(degrees(&hex, &ORTHOGONAL), vec![(2, 6), (3, 48), (4, 96)]);
        // Per 5x5 quadrant: the outer corner has one diagonal neighbour, the other 4 + 4 cells
        // of its two outer edges two, its centre cell five (two through the centre point),
        // and the 15 others four.
        assert_eq!(
            degrees(&hex, &DIAGONAL),
            vec![(1, 6), (2, 48), (4, 90), (5, 6)]
        );
    }

    #[test]
    fn colours_split_the_board_in_half_and_across_joins_opposite_colours() {
        let hex = hex();
        let light = Variant::TripleCrown
            .board()
            .cells()
            .into_iter()
            .filter(|&c| hex.colour(c) == 1)
            .count();
        assert_eq!(light, 75);
        // "connecting cells of opposite Bishop bindings"
        for cell in hex.centre_ring() {
            let opposite = hex.across(cell).unwrap();
            assert_ne!(hex.colour(cell), hex.colour(opposite), "{cell}");
            assert_eq!(hex.across(opposite), Some(cell));
        }
    }

    #[test]
    fn the_centre_ring_and_the_straight_across_pairs() {
        let hex = hex();
        assert_eq!(
            names(&hex.centre_ring()),
            ["Ae5", "Af5", "Be5", "Bf5", "Ce5", "Cf5"]
        );
        assert_eq!(hex.across(c("Ae5")), Some(c("Bf5")));
        assert_eq!(hex.across(c("Af5")), Some(c("Ce5")));
        assert_eq!(hex.across(c("Be5")), Some(c("Cf5")));
        assert_eq!(hex.across(c("Ad5")), None);
        assert_eq!(hex.across(c("Ae4")), None);
    }

    /// "orthogonal moves to a cell 60° round the centre and diagonal ones to a cell 120° round
    /// it, but none to the opposite one": from each centre cell, the centre cells one
    /// orthogonal step away are the ring neighbours, one diagonal step away the cells two
    /// places round, and only the straight-across step reaches the cell three places round.
    #[test]
    fn centre_moves_go_60_and_120_degrees_round() {
        let hex = hex();
        let ring = hex.centre_ring();
        for (i, &cell) in ring.iter().enumerate() {
            let round = |k: usize| ring[(i + k) % 6];
            let centre_only = |mut cells: Vec<Cell>| {
                cells.retain(|c| hex.is_centre(*c));
                cells.sort();
                cells
            };
            let mut sixty = vec![round(1), round(5)];
            sixty.sort();
            let mut one_twenty = vec![round(2), round(4)];
            one_twenty.sort();
            assert_eq!(centre_only(hex.neighbours(cell, &ORTHOGONAL)), sixty);
            assert_eq!(centre_only(hex.neighbours(cell, &DIAGONAL)), one_twenty);
            assert_eq!(hex.across(cell), Some(round(3)));
        }
    }

    /// "turning and folding them so that each half borders half of each other half, always
    /// Kingside to Queenside": the right-hand quadrant (files f-j, the Emperor's side of the
    /// reconstructed array) of each seat runs on into the left-hand quadrant (files a-e) of
    /// the next seat, and its left-hand one into the right-hand one of the seat before.
    #[test]
    fn each_seam_joins_a_right_quadrant_to_a_left_one() {
        let hex = hex();
        for cell in Variant::TripleCrown.board().cells() {
            let (seat, file, rank) = hex.coords(cell);
            if rank != 4 {
                continue;
            }
            let [(over, _)] = hex.step(cell, (0, 1))[..] else {
                panic!("{cell}: no single cell over the top edge");
            };
            let (other, other_file, other_rank) = hex.coords(over);
            assert_eq!(other_rank, 4, "{cell}");
            assert_eq!(other_file, 9 - file, "{cell}");
            if file >= 5 {
                assert_eq!(other, seat.next(), "{cell}");
            } else {
                assert_eq!(other, seat.prev(), "{cell}");
            }
        }
    }

    #[test]
    fn files_run_on_into_the_neighbouring_half_board() {
        let hex = hex();
        assert_eq!(
            names(&hex.rays(c("Ae2"), (0, 1))[0]),
            ["Ae3", "Ae4", "Ae5", "Cf5", "Cf4", "Cf3", "Cf2", "Cf1"]
        );
        assert_eq!(
            names(&hex.rays(c("Af2"), (0, 1))[0]),
            ["Af3", "Af4", "Af5", "Be5", "Be4", "Be3", "Be2", "Be1"]
        );
        assert_eq!(
            names(&hex.rays(c("Ba1"), (0, 1))[0]),
            [
                "Ba2", "Ba3", "Ba4", "Ba5", "Aj5", "Aj4", "Aj3", "Aj2", "Aj1"
            ]
        );
    }

    #[test]
    fn ranks_stay_in_their_half_board() {
        let hex = hex();
        assert_eq!(
            names(&hex.rays(c("Ca5"), (1, 0))[0]),
            [
                "Cb5", "Cc5", "Cd5", "Ce5", "Cf5", "Cg5", "Ch5", "Ci5", "Cj5"
            ]
        );
        assert!(hex.rays(c("Aj3"), (1, 0)).is_empty());
    }

    #[test]
    fn a_diagonal_through_the_centre_forks_120_degrees_round() {
        let hex = hex();
        let rays: Vec<Vec<String>> = hex
            .rays(c("Ad4"), (1, 1))
            .iter()
            .map(|r| names(r))
            .collect();
        assert_eq!(
            rays,
            [
                ["Ae5", "Be5", "Bd4", "Bc3", "Bb2", "Ba1"],
                ["Ae5", "Ce5", "Cd4", "Cc3", "Cb2", "Ca1"]
            ]
        );
        let rays: Vec<Vec<String>> = hex
            .rays(c("Bg4"), (-1, 1))
            .iter()
            .map(|r| names(r))
            .collect();
        assert_eq!(
            rays,
            [
                ["Bf5", "Af5", "Ag4", "Ah3", "Ai2", "Aj1"],
                ["Bf5", "Cf5", "Cg4", "Ch3", "Ci2", "Cj1"]
            ]
        );
    }

    #[test]
    fn a_diagonal_over_a_top_edge_turns_round() {
        let hex = hex();
        assert_eq!(
            names(&hex.rays(c("Ab4"), (1, 1))[0]),
            ["Ac5", "Cg5", "Cf4", "Ce3", "Cd2", "Cc1"]
        );
        assert_eq!(
            names(&hex.rays(c("Ce4"), (-1, 1))[0]),
            ["Cd5", "Bh5", "Bi4", "Bj3"]
        );
    }
}
