//! The board's geometry, built once: cell indices, rays, leaps and pawn steps as 60-bit sets;
//! and the position on the board (bitsets by seat and role, a mailbox, the rules' state).
//!
//! Cells are numbered as the model numbers them (`Board::cell_at`): rank by rank from rank 1,
//! file a to h within a rank, skipping the unusable a7, h7, a8 and h8. Every cell of a higher
//! rank has a higher index, and within a rank the index grows with the file, so along the four
//! directions N, E, NE and NW the index grows and along S, W, SE and SW it falls: the first piece
//! met along a ray is the lowest or the highest set bit.

use std::sync::OnceLock;

use trichess_model::{Cell, Variant};

use crate::Mutant;
use crate::square::{self, KNIGHT_LEAPS, Lines};
use crate::types::Seat;

/// The number of cells.
pub(super) const N: usize = 60;
/// No cell.
pub(super) const NONE: u8 = 255;

/// The seats by their armies: White is A, Red is B, Black is C.
pub(super) const WHITE: Seat = Seat::A;
pub(super) const RED: Seat = Seat::B;
pub(super) const BLACK: Seat = Seat::C;

/// Everything the move generator looks up, per cell.
#[derive(Debug)]
pub(super) struct Geometry {
    /// The model's cell for each index.
    pub cells: [Cell; N],
    /// File (0 = a) and rank (0 = rank 1) of each index.
    pub file: [u8; N],
    pub rank: [u8; N],
    /// The index at (rank, file), or `NONE` for the unusable squares.
    pub grid: [[u8; 8]; 8],
    /// The cells along each direction from each cell, up to the edge, a corner or the barrier.
    pub rays: [[u64; N]; 8],
    /// King steps.
    pub king: [u64; N],
    /// Knight leaps: `[0]` jumps the barrier, `[1]` the straight-line reading.
    pub knight: [[u64; N]; 2],
    /// The cell one step forward for a pawn of each seat (`NONE` off the board).
    pub push: [[u8; N]; 3],
    /// The cells a pawn of each seat attacks from each cell.
    pub pawn_att: [[u64; N]; 3],
    /// The cells from which a pawn of each seat attacks each cell.
    pub pawn_from: [[u64; N]; 3],
    /// For an en passant cell: the seat whose pawn passed it.
    pub ep_stepper: [Option<Seat>; N],
    /// For an en passant cell: the cell of the pawn that passed it, else `NONE`.
    pub ep_victim: [u8; N],
}

impl Geometry {
    /// Returns the index of (file, rank), if that is a cell.
    pub fn at(&self, file: i32, rank: i32) -> Option<usize> {
        if !(0..8).contains(&file) || !(0..8).contains(&rank) {
            return None;
        }
        let i = self.grid[rank as usize][file as usize];
        (i != NONE).then_some(usize::from(i))
    }

    /// The index of a named cell, for tables and tests (`NONE` if it is not one).
    pub fn named(&self, name: &str) -> u8 {
        let b = name.as_bytes();
        if b.len() != 2 {
            return NONE;
        }
        self.at(
            i32::from(b[0]) - i32::from(b'a'),
            i32::from(b[1]) - i32::from(b'1'),
        )
        .map_or(NONE, |i| i as u8)
    }

    /// osullivan.barrier, osullivan.barrier-corner, osullivan.unusable-squares: whether one step
    /// from `from` by (df, dr) lands on a cell without crossing the barrier between d1 and e1 (a
    /// diagonal step past its upper end, d1-e2 or d2-e1, does not cross it). A mutant of the
    /// board opens the barrier or closes its corner.
    fn step(&self, from: usize, df: i32, dr: i32, mutant: Option<Mutant>) -> Option<usize> {
        let (f, r) = (i32::from(self.file[from]), i32::from(self.rank[from]));
        let to = self.at(f + df, r + dr)?;
        let d_to_e = (f == 3 && df == 1) || (f == 4 && df == -1);
        let crosses = match mutant {
            Some(Mutant::OSullivanBarrierIgnored) => false,
            Some(Mutant::OSullivanBarrierCornerClosed) => d_to_e && r.min(r + dr) == 0,
            _ => r == 0 && dr == 0 && d_to_e,
        };
        (!crosses).then_some(to)
    }

    fn build(mutant: Option<Mutant>) -> Geometry {
        let board = Variant::OSullivan.board();
        let mut cells = Vec::with_capacity(N);
        for i in 0..board.len() {
            if let Some(c) = board.cell_at(i) {
                cells.push(c);
            }
        }
        let cells: [Cell; N] = match cells.try_into() {
            Ok(a) => a,
            Err(v) => unreachable_board(v.len()),
        };
        let mut g = Geometry {
            cells,
            file: [0; N],
            rank: [0; N],
            grid: [[NONE; 8]; 8],
            rays: [[0; N]; 8],
            king: [0; N],
            knight: [[0; N]; 2],
            push: [[NONE; N]; 3],
            pawn_att: [[0; N]; 3],
            pawn_from: [[0; N]; 3],
            ep_stepper: [None; N],
            ep_victim: [NONE; N],
        };
        for i in 0..N {
            let c = g.cells[i];
            g.file[i] = c.file();
            g.rank[i] = c.rank();
            g.grid[usize::from(c.rank())][usize::from(c.file())] = i as u8;
        }
        let lines: Lines<N> = Lines::build(|sq, df, dr| g.step(sq, df, dr, mutant));
        g.rays = lines.rays;
        g.king = lines.king;
        for sq in 0..N {
            let (f, r) = (i32::from(g.file[sq]), i32::from(g.rank[sq]));
            for (df, dr) in KNIGHT_LEAPS {
                if let Some(to) = g.at(f + df, r + dr) {
                    g.knight[0][sq] |= 1 << to;
                    if !g.knight_line_crosses_barrier(sq, to) {
                        g.knight[1][sq] |= 1 << to;
                    }
                }
            }
            // osullivan.pawn-direction: White's pawns go down the board, Black's and Red's up.
            for seat in Seat::ALL {
                let dr = if seat == WHITE { -1 } else { 1 };
                let s = seat.index();
                if let Some(to) = g.step(sq, 0, dr, mutant) {
                    g.push[s][sq] = to as u8;
                }
                for df in [-1, 1] {
                    if let Some(to) = g.step(sq, df, dr, mutant) {
                        g.pawn_att[s][sq] |= 1 << to;
                        g.pawn_from[s][to] |= 1 << sq;
                    }
                }
            }
        }
        // osullivan.en-passant: the cells a double step passes. White's pawns pass rank 6;
        // Black's P4 passes d3 and Red's P4 e3.
        for file in 1..7 {
            if let (Some(ep), Some(v)) = (g.at(file, 5), g.at(file, 4)) {
                g.ep_stepper[ep] = Some(WHITE);
                g.ep_victim[ep] = v as u8;
            }
        }
        for (file, seat) in [(3, BLACK), (4, RED)] {
            if let (Some(ep), Some(v)) = (g.at(file, 2), g.at(file, 3)) {
                g.ep_stepper[ep] = Some(seat);
                g.ep_victim[ep] = v as u8;
            }
        }
        g
    }

    /// osullivan.knight-barrier (reading straight-line): whether the straight line between the
    /// centres of two cells a knight's leap apart crosses the barrier, the segment x = 4,
    /// 0 <= y <= 1 (cells are unit squares, a1 spanning [0,1] x [0,1]).
    fn knight_line_crosses_barrier(&self, a: usize, b: usize) -> bool {
        let (x1, y1) = (f64::from(self.file[a]) + 0.5, f64::from(self.rank[a]) + 0.5);
        let (x2, y2) = (f64::from(self.file[b]) + 0.5, f64::from(self.rank[b]) + 0.5);
        if (x1 - 4.0) * (x2 - 4.0) >= 0.0 {
            return false;
        }
        let y = y1 + (y2 - y1) * (4.0 - x1) / (x2 - x1);
        (0.0..1.0).contains(&y)
    }
}

/// The model's board has 60 cells; anything else is a model change this module must follow.
fn unreachable_board(len: usize) -> ! {
    // The model's O'Sullivan board is fixed at 60 cells; reaching here means the model changed.
    #[allow(clippy::panic)]
    {
        panic!("the O'Sullivan board has {len} cells, not {N}")
    }
}

/// The geometry, built on first use.
pub(super) fn geometry() -> &'static Geometry {
    static G: OnceLock<Geometry> = OnceLock::new();
    G.get_or_init(|| Geometry::build(None))
}

/// The geometry a mutant plays on: its own for a mutant of the board (built on first use),
/// else the true one.
pub(super) fn geometry_for(mutant: Option<Mutant>) -> &'static Geometry {
    static OPEN: OnceLock<Geometry> = OnceLock::new();
    static CORNER_CLOSED: OnceLock<Geometry> = OnceLock::new();
    match mutant {
        Some(m @ Mutant::OSullivanBarrierIgnored) => OPEN.get_or_init(|| Geometry::build(Some(m))),
        Some(m @ Mutant::OSullivanBarrierCornerClosed) => {
            CORNER_CLOSED.get_or_init(|| Geometry::build(Some(m)))
        }
        _ => geometry(),
    }
}

/// The cells a rook or queen sees from `sq` along the orthogonals, given the occupied cells.
#[inline]
pub(super) fn rook_att(g: &Geometry, sq: usize, occ: u64) -> u64 {
    square::rook(&g.rays, sq, occ)
}

/// The cells a bishop or queen sees from `sq` along the diagonals, given the occupied cells.
#[inline]
pub(super) fn bishop_att(g: &Geometry, sq: usize, occ: u64) -> u64 {
    square::bishop(&g.rays, sq, occ)
}

/// An empty cell on the mailbox.
pub(super) const EMPTY: u8 = 255;

/// A position: bitsets by seat and role, a mailbox, and the state the rules need.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pos {
    pub bb: [[u64; 6]; 3],
    pub occ_seat: [u64; 3],
    pub occ: u64,
    /// `seat * 8 + role`, or `EMPTY`.
    pub board: [u8; N],
    pub to_move: Seat,
    /// White's castling right (king d8, rook b8).
    pub castling: bool,
    /// The en passant cell of the latest double step still in its window, or `NONE`.
    pub ep: u8,
    /// The en passant cell of an earlier double step still in its window (reading
    /// both-opponents, D2), or `NONE`.
    pub ep_earlier: u8,
    /// The cell of each seat's P4, or `NONE`.
    pub p4: [u8; 3],
    /// Bit per seat: the P4 is freed.
    pub freed: u8,
}

/// The mailbox's code of a piece of `seat` and `role`.
#[inline(always)]
pub(super) fn code(seat: Seat, role: usize) -> u8 {
    (seat.index() * 8 + role) as u8
}

/// The seat of a piece on the mailbox.
#[inline(always)]
pub(super) fn seat_of(code: u8) -> Seat {
    Seat::from_index(usize::from(code >> 3))
}

#[inline]
pub(super) fn bit(sq: usize) -> u64 {
    1u64 << sq
}

impl Pos {
    /// An empty board, White to move.
    pub(super) fn empty() -> Pos {
        Pos {
            bb: [[0; 6]; 3],
            occ_seat: [0; 3],
            occ: 0,
            board: [EMPTY; N],
            to_move: WHITE,
            castling: false,
            ep: NONE,
            ep_earlier: NONE,
            p4: [NONE; 3],
            freed: 0,
        }
    }

    #[inline]
    pub(super) fn put(&mut self, sq: usize, seat: Seat, role: usize) {
        self.bb[seat.index()][role] |= bit(sq);
        self.occ_seat[seat.index()] |= bit(sq);
        self.occ |= bit(sq);
        self.board[sq] = code(seat, role);
    }

    #[inline]
    pub(super) fn remove(&mut self, sq: usize, seat: Seat, role: usize) {
        self.bb[seat.index()][role] &= !bit(sq);
        self.occ_seat[seat.index()] &= !bit(sq);
        self.occ &= !bit(sq);
        self.board[sq] = EMPTY;
    }
}
