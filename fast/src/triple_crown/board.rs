//! Triple Crown's use of the hexagonal trisection geometry ([`crate::hex`] with n = 5): dense
//! cell indices (seat * 50 + rank * 10 + file, the model's `Board::index` order), and the
//! directed steps the Knight's path descriptions (`triple-crown.knight`) and the Pawn's
//! forwards need. The lines and the straight-across cell come from the hex geometry.

use crate::hex::{Dir, Hex};

/// Files per half-board.
pub(crate) const FILES: i32 = 10;
/// Ranks per half-board (n of the hex geometry).
pub(crate) const RANKS: i32 = 5;

/// Returns the hex geometry of the Triple Crown board.
pub(crate) fn hex() -> &'static Hex {
    Hex::get(RANKS as usize)
}

/// Returns the dense index of (seat, file, rank).
#[inline]
pub(crate) fn index(seat: usize, file: i32, rank: i32) -> usize {
    seat * 50 + (rank * FILES + file) as usize
}

/// Returns (seat, file, rank) of a dense index.
#[inline]
pub(crate) fn coords(cell: usize) -> (usize, i32, i32) {
    let seat = cell / 50;
    let rest = (cell % 50) as i32;
    (seat, rest % FILES, rest / FILES)
}

/// Calls `f` with each (cell, direction carrying on) one step from `cell` in `dir` of the
/// cell's own frame: none off the board, two where a diagonal forks at the centre point.
pub(crate) fn each_step(cell: usize, dir: Dir, mut f: impl FnMut(usize, Dir)) {
    for (c, d) in hex().step(cell as u8, dir) {
        f(usize::from(c), d);
    }
}

/// Returns the direction (df, dr).
pub(crate) const fn dir(df: i8, dr: i8) -> Dir {
    Dir { df, dr }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(cell: usize) -> String {
        let (s, f, r) = coords(cell);
        format!(
            "{}{}{}",
            ['A', 'B', 'C'][s],
            char::from(b'a' + f as u8),
            r + 1
        )
    }

    fn cell(text: &str) -> usize {
        let b = text.as_bytes();
        index(
            usize::from(b[0] - b'A'),
            i32::from(b[1] - b'a'),
            i32::from(b[2] - b'1'),
        )
    }

    /// The rays from `from` whose first cell is `first`, as names.
    fn rays_via(from: &str, first: &str, diagonal: bool) -> Vec<String> {
        let h = hex();
        let c = cell(from) as u8;
        let rays = if diagonal {
            h.diag_rays(c)
        } else {
            h.orth_rays(c)
        };
        rays.iter()
            .filter(|r| usize::from(r.cells[0]) == cell(first))
            .map(|r| {
                r.cells
                    .iter()
                    .map(|&x| name(usize::from(x)))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn indices_agree_with_the_hex_geometry() {
        let h = hex();
        assert_eq!(h.len(), 150);
        for c in 0..150 {
            let (s, f, r) = h.coords(c as u8);
            assert_eq!(index(s.index(), f as i32, r as i32), c);
            assert_eq!(coords(c), (s.index(), f as i32, r as i32));
        }
    }

    #[test]
    fn files_run_on_over_the_top_edge_counting_down() {
        // triple-crown.board-halves: A's file e runs on into C's f, j into B's a, a into C's j.
        assert_eq!(
            rays_via("Ae2", "Ae3", false),
            ["Ae3 Ae4 Ae5 Cf5 Cf4 Cf3 Cf2 Cf1"]
        );
        assert_eq!(
            rays_via("Aj3", "Aj4", false),
            ["Aj4 Aj5 Ba5 Ba4 Ba3 Ba2 Ba1"]
        );
        assert_eq!(rays_via("Aa4", "Aa5", false), ["Aa5 Cj5 Cj4 Cj3 Cj2 Cj1"]);
        // triple-crown.board-size: a rank has ten cells and never leaves its half-board.
        assert_eq!(
            rays_via("Aa4", "Ab4", false),
            ["Ab4 Ac4 Ad4 Ae4 Af4 Ag4 Ah4 Ai4 Aj4"]
        );
        assert_eq!(hex().orth_rays(cell("Aj3") as u8).len(), 3);
    }

    #[test]
    fn diagonals_fork_at_the_centre_point() {
        // triple-crown.centre-moves: diagonal moves to a cell 120 degrees round.
        assert_eq!(
            rays_via("Ac3", "Ad4", true),
            ["Ad4 Ae5 Be5 Bd4 Bc3 Bb2 Ba1", "Ad4 Ae5 Ce5 Cd4 Cc3 Cb2 Ca1"]
        );
        assert_eq!(
            rays_via("Ah3", "Ag4", true),
            ["Ag4 Af5 Bf5 Bg4 Bh3 Bi2 Bj1", "Ag4 Af5 Cf5 Cg4 Ch3 Ci2 Cj1"]
        );
        assert_eq!(rays_via("Ae5", "Cg5", true), ["Cg5 Ch4 Ci3 Cj2"]);
        assert_eq!(rays_via("Bd5", "Af5", true), ["Af5 Ae4 Ad3 Ac2 Ab1"]);
    }

    #[test]
    fn the_centre_ring_and_the_straight_across_step() {
        // Ring order Ae5 Af5 Be5 Bf5 Ce5 Cf5, orthogonal neighbours 60 degrees round; the
        // straight-across step joins Ae5-Bf5, Af5-Ce5, Be5-Cf5 and no line does.
        let h = hex();
        let ring = ["Ae5", "Af5", "Be5", "Bf5", "Ce5", "Cf5"];
        assert_eq!(h.centre().map(usize::from), ring.map(cell));
        for (a, b) in [("Ae5", "Bf5"), ("Af5", "Ce5"), ("Be5", "Cf5")] {
            assert_eq!(h.opposite(cell(a) as u8).map(usize::from), Some(cell(b)));
            assert_eq!(h.opposite(cell(b) as u8).map(usize::from), Some(cell(a)));
        }
        assert_eq!(h.opposite(cell("Ae4") as u8), None);
    }
}
