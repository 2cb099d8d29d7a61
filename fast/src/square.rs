//! Square-board bitboards shared by the two square variants (O'Sullivan and Yuri): the line
//! directions, the knight's leaps, the line tables of a board built from its one-cell step,
//! and the sliding lookup along a ray up to the first blocker.
//!
//! Each variant numbers its cells as the model does: rank by rank from rank 1, by file within
//! a rank. So along the first four directions (N, E, NE, NW) the index grows and along the last
//! four (S, W, SE, SW) it falls, and the first piece met along a ray is its lowest or its
//! highest set bit. What a variant's board forbids (edges, unusable squares, a barrier) is in
//! its own step function, never here.

/// The eight line directions as (file step, rank step): the first four raise the index, the
/// last four lower it. Rook lines are 0, 1, 4, 5; bishop lines 2, 3, 6, 7.
pub(crate) const DIRS: [(i32, i32); 8] = [
    (0, 1),
    (1, 0),
    (1, 1),
    (-1, 1),
    (0, -1),
    (-1, 0),
    (1, -1),
    (-1, -1),
];
/// The orthogonal directions of [`DIRS`].
pub(crate) const ROOK_DIRS: [usize; 4] = [0, 1, 4, 5];
/// The diagonal directions of [`DIRS`].
pub(crate) const BISHOP_DIRS: [usize; 4] = [2, 3, 6, 7];

/// The knight's eight leaps as (file step, rank step).
pub(crate) const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The line tables of a board of `N` cells.
#[derive(Debug)]
pub(crate) struct Lines<const N: usize> {
    /// The cells along each direction of [`DIRS`] from each cell, on the empty board.
    pub rays: [[u64; N]; 8],
    /// The one-step moves along the eight directions: a king's steps.
    pub king: [u64; N],
}

impl<const N: usize> Lines<N> {
    /// Builds the tables from the board's step: `step(cell, file step, rank step)` is the cell
    /// one step away, or `None` where the board stops the piece.
    pub(crate) fn build(step: impl Fn(usize, i32, i32) -> Option<usize>) -> Self {
        let mut t = Lines {
            rays: [[0; N]; 8],
            king: [0; N],
        };
        for sq in 0..N {
            for (d, &(df, dr)) in DIRS.iter().enumerate() {
                let mut cur = sq;
                while let Some(next) = step(cur, df, dr) {
                    t.rays[d][sq] |= 1 << next;
                    cur = next;
                }
                if let Some(next) = step(sq, df, dr) {
                    t.king[sq] |= 1 << next;
                }
            }
        }
        t
    }
}

/// The first cell of `cells` (not empty) met along direction `d`: the lowest along the first
/// four directions, the highest along the last four.
#[inline(always)]
fn nearest(d: usize, cells: u64) -> usize {
    if d < 4 {
        cells.trailing_zeros() as usize
    } else {
        63 - cells.leading_zeros() as usize
    }
}

/// The cells seen from `sq` along direction `d` of `rays`, up to and including the first
/// occupied cell of `occ`.
#[inline]
pub(crate) fn ray<const N: usize>(rays: &[[u64; N]; 8], d: usize, sq: usize, occ: u64) -> u64 {
    let r = rays[d][sq];
    let blockers = r & occ;
    if blockers == 0 {
        return r;
    }
    r ^ rays[d][nearest(d, blockers)]
}

/// The pieces of `own` each of which alone stands between `sq` and a piece of `sliders` along
/// one of the directions `dirs`, given the occupied cells: while `sq` is not attacked, only
/// their moves can uncover a line attack on it.
#[inline]
pub(crate) fn pinned<const N: usize>(
    rays: &[[u64; N]; 8],
    dirs: [usize; 4],
    sq: usize,
    occ: u64,
    own: u64,
    sliders: u64,
) -> u64 {
    let mut pinned = 0;
    for d in dirs {
        let r = rays[d][sq];
        let blockers = r & occ;
        if r & sliders == 0 || blockers == 0 {
            continue;
        }
        let first = nearest(d, blockers);
        if own >> first & 1 == 0 {
            continue;
        }
        let beyond = rays[d][first] & occ;
        if beyond != 0 && sliders >> nearest(d, beyond) & 1 != 0 {
            pinned |= 1 << first;
        }
    }
    pinned
}

/// The cells a rook (or a queen) on `sq` sees along the orthogonals, given the occupied cells.
#[inline]
pub(crate) fn rook<const N: usize>(rays: &[[u64; N]; 8], sq: usize, occ: u64) -> u64 {
    ray(rays, 0, sq, occ) | ray(rays, 1, sq, occ) | ray(rays, 4, sq, occ) | ray(rays, 5, sq, occ)
}

/// The cells a bishop (or a queen) on `sq` sees along the diagonals, given the occupied cells.
#[inline]
pub(crate) fn bishop<const N: usize>(rays: &[[u64; N]; 8], sq: usize, occ: u64) -> u64 {
    ray(rays, 2, sq, occ) | ray(rays, 3, sq, occ) | ray(rays, 6, sq, occ) | ray(rays, 7, sq, occ)
}
