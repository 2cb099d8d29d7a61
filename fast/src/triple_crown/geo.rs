//! Directed steps on the Triple Crown board, in each half-board's own coordinates.
//!
//! A cell is (seat, file 0-9, rank 0-4), densely indexed seat * 50 + rank * 10 + file (the
//! model's `Board::index` order). A step carries a direction (df, dr) in the coordinates of the
//! half-board it is in; crossing the top edge into a neighbouring half-board turns the
//! direction round (that half-board counts its files and ranks the other way), and a diagonal
//! step into the centre point forks to the two centre cells 120 degrees round
//! (`triple-crown.centre-moves`). These directed steps are what the Knight's two path
//! descriptions (`triple-crown.knight`) and the Pawn's forwards need; the lines themselves come
//! from the board geometry.

/// Files per half-board.
pub(crate) const FILES: i32 = 10;
/// Ranks per half-board.
pub(crate) const RANKS: i32 = 5;

/// A cell with the direction a walk arrived in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Walker {
    pub(crate) seat: usize,
    pub(crate) file: i32,
    pub(crate) rank: i32,
    pub(crate) df: i32,
    pub(crate) dr: i32,
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

/// Returns true for the six centre cells (files e and f of rank 5).
#[inline]
pub(crate) fn is_centre(cell: usize) -> bool {
    let (_, f, r) = coords(cell);
    r == RANKS - 1 && (f == 4 || f == 5)
}

impl Walker {
    /// Starts a walk from `cell` in direction (df, dr).
    pub(crate) fn new(cell: usize, df: i32, dr: i32) -> Walker {
        let (seat, file, rank) = coords(cell);
        Walker {
            seat,
            file,
            rank,
            df,
            dr,
        }
    }

    /// Returns the dense index of the walker's cell.
    pub(crate) fn cell(self) -> usize {
        index(self.seat, self.file, self.rank)
    }

    /// Takes one step on in the walker's direction: none off the board, one, or two where a
    /// diagonal runs into the centre point. `triple-crown.board-halves`: files a-e run on over
    /// the top edge into the previous seat's files j-f, files f-j into the next seat's e-a,
    /// counting back down; ranks never leave their half-board.
    pub(crate) fn step(self) -> ([Walker; 2], usize) {
        let (f, r) = (self.file + self.df, self.rank + self.dr);
        let none = ([self; 2], 0);
        if r < 0 || !(0..FILES).contains(&f) {
            return none;
        }
        let next = (self.seat + 1) % 3;
        let prev = (self.seat + 2) % 3;
        if r < RANKS {
            let w = Walker {
                file: f,
                rank: r,
                ..self
            };
            return ([w; 2], 1);
        }
        // Every cell over the top edge is on the neighbour's rank 5, moving down it.
        let at = |seat: usize, file: i32, df: i32, dr: i32| Walker {
            seat,
            file,
            rank: RANKS - 1,
            df,
            dr,
        };
        // Over the top edge (the walker stands on rank 5 and steps upwards).
        if self.df == 0 {
            let seat = if self.file < 5 { prev } else { next };
            return ([at(seat, FILES - 1 - self.file, 0, -1); 2], 1);
        }
        let into_centre = (self.file == 4 && self.df == 1) || (self.file == 5 && self.df == -1);
        if into_centre {
            // triple-crown.centre-moves: the diagonal forks to the two centre cells of its
            // colour, 120 degrees round either way, and runs on outwards from each.
            let a = at(next, self.file, -self.df, -1);
            let b = at(prev, self.file, -self.df, -1);
            return ([a, b], 2);
        }
        let seat = if f < 5 { prev } else { next };
        ([at(seat, FILES - 1 - f, -self.df, -1); 2], 1)
    }
}

/// The four orthogonal directions.
pub(crate) const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal directions.
pub(crate) const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// Calls `f` with each walker one step from `w`.
pub(crate) fn each_step(w: Walker, mut f: impl FnMut(Walker)) {
    let (ws, n) = w.step();
    for &x in &ws[..n] {
        f(x);
    }
}

/// Lists the lines (rays) from `cell` in the given directions: every cell a line piece could
/// reach on an empty board, one ray per branch (a fork gives two rays sharing their first
/// cells).
pub(crate) fn rays(cell: usize, dirs: &[(i32, i32)]) -> Vec<Vec<usize>> {
    fn walk(w: Walker, path: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let (ws, n) = w.step();
        if n == 0 {
            if !path.is_empty() {
                out.push(path.clone());
            }
            return;
        }
        for &x in &ws[..n] {
            path.push(x.cell());
            walk(x, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    for &(df, dr) in dirs {
        walk(Walker::new(cell, df, dr), &mut Vec::new(), &mut out);
    }
    out
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

    fn ray_names(from: &str, dir: (i32, i32)) -> Vec<String> {
        rays(cell(from), &[dir])
            .into_iter()
            .map(|r| r.into_iter().map(name).collect::<Vec<_>>().join(" "))
            .collect()
    }

    #[test]
    fn files_run_on_over_the_top_edge_counting_down() {
        // The rule text's and the register's facts: A's file e runs on into C's f, j into B's a.
        assert_eq!(
            ray_names("Ae2", (0, 1)),
            ["Ae3 Ae4 Ae5 Cf5 Cf4 Cf3 Cf2 Cf1"]
        );
        assert_eq!(ray_names("Aj3", (0, 1)), ["Aj4 Aj5 Ba5 Ba4 Ba3 Ba2 Ba1"]);
        assert_eq!(ray_names("Aa4", (0, 1)), ["Aa5 Cj5 Cj4 Cj3 Cj2 Cj1"]);
        // Ranks never leave their half-board: ten cells each.
        assert_eq!(
            ray_names("Aa4", (1, 0)),
            ["Ab4 Ac4 Ad4 Ae4 Af4 Ag4 Ah4 Ai4 Aj4"]
        );
        assert!(ray_names("Aj3", (1, 0)).is_empty());
    }

    #[test]
    fn diagonals_fork_at_the_centre_point() {
        assert_eq!(
            ray_names("Ac3", (1, 1)),
            ["Ad4 Ae5 Be5 Bd4 Bc3 Bb2 Ba1", "Ad4 Ae5 Ce5 Cd4 Cc3 Cb2 Ca1"]
        );
        assert_eq!(
            ray_names("Ah3", (-1, 1)),
            ["Ag4 Af5 Bf5 Bg4 Bh3 Bi2 Bj1", "Ag4 Af5 Cf5 Cg4 Ch3 Ci2 Cj1"]
        );
        assert_eq!(ray_names("Ae5", (-1, 1)), ["Cg5 Ch4 Ci3 Cj2"]);
        assert_eq!(ray_names("Bd5", (1, 1)), ["Af5 Ae4 Ad3 Ac2 Ab1"]);
    }

    #[test]
    fn the_centre_ring_is_joined_by_orthogonal_steps() {
        let ring = ["Ae5", "Af5", "Be5", "Bf5", "Ce5", "Cf5"];
        for i in 0..6 {
            let (a, b) = (cell(ring[i]), cell(ring[(i + 1) % 6]));
            let neighbours: Vec<usize> = rays(a, &ORTHO).iter().map(|r| r[0]).collect();
            assert!(neighbours.contains(&b), "{} {}", ring[i], ring[(i + 1) % 6]);
            assert!(is_centre(a));
        }
    }

    #[test]
    fn every_line_is_symmetric_and_keeps_its_colour() {
        for c in 0..150 {
            for (dirs, diagonal) in [(&ORTHO[..], false), (&DIAG[..], true)] {
                for ray in rays(c, dirs) {
                    for (i, &d) in ray.iter().enumerate() {
                        let back = rays(d, dirs);
                        let mut want: Vec<usize> = ray[..i].iter().rev().copied().collect();
                        want.push(c);
                        assert!(
                            back.iter().any(|r| r.starts_with(&want)),
                            "{} to {}",
                            name(c),
                            name(d)
                        );
                        if diagonal {
                            let (_, f1, r1) = coords(c);
                            let (_, f2, r2) = coords(d);
                            assert_eq!((f1 + r1) % 2, (f2 + r2) % 2);
                        }
                    }
                }
            }
        }
    }
}
