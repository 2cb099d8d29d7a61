//! Triple Crown's use of the hexagonal trisection geometry ([`crate::hex`] with n = 5): dense
//! cell indices (seat * 50 + rank * 10 + file, the model's `Board::index` order), and the
//! directed steps the Knight's path descriptions (`triple-crown.knight`) and the Pawn's
//! forwards need. The lines and the straight-across cell come from the hex geometry. And the
//! position on the board: roles, role classes, the cell sets kept up to date, and its small
//! accessors.

use super::bits::{Bits, CELLS};
use super::options::Readings;
use super::tables::{NONE, Tables};
use crate::bitset::Bitset;
use crate::hex::{Dir, Hex};
use crate::types::{Role, Seat};

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

// A piece code and a move hold a role's [`Role`] index; a set of roles is a mask of
// [`Role::bit`]s (the role classes below), or, where its roles are listed in order (the
// promotion choices), of [`Role::triple_crown_bit`]s.

/// Rook lines: Queen, Diarch and the crowned rooks.
pub(super) const ORTHO_SLIDERS: u16 = Role::Queen.bit()
    | Role::Diarch.bit()
    | Role::Chatelaine.bit()
    | Role::Vicereine.bit()
    | Role::Baroness.bit();
/// Bishop lines: Queen, Diarch and the crowned bishops.
pub(super) const DIAG_SLIDERS: u16 = Role::Queen.bit()
    | Role::Diarch.bit()
    | Role::Primate.bit()
    | Role::Moderator.bit()
    | Role::Pope.bit();
/// The Wazir's step: Emperor, Primate (`triple-crown.primate`), Pope.
pub(super) const WAZIR_STEPPERS: u16 = Role::Emperor.bit() | Role::Primate.bit() | Role::Pope.bit();
/// The Ferz's step: Emperor, Chatelaine (`triple-crown.chatelaine`), Baroness.
pub(super) const FERZ_STEPPERS: u16 =
    Role::Emperor.bit() | Role::Chatelaine.bit() | Role::Baroness.bit();
/// `triple-crown.across-pieces`: the Viceroy compounds make the straight-across step (move
/// generation reads it from [`Readings::across`](super::options::Readings)).
pub(crate) const ACROSS_STEPPERS: u16 = Role::Emperor.bit()
    | Role::Diarch.bit()
    | Role::Vicereine.bit()
    | Role::Baroness.bit()
    | Role::Moderator.bit()
    | Role::Pope.bit();

/// The role classes kept as cell sets in [`Pos::class_bits`], by index: the kinds of attack,
/// and the roles read as sets of their own.
pub(super) const CLASS_ORTHO: usize = 0;
pub(super) const CLASS_DIAG: usize = 1;
pub(super) const CLASS_WAZIR: usize = 2;
pub(super) const CLASS_FERZ: usize = 3;
pub(super) const CLASS_ACROSS: usize = 4;
pub(super) const CLASS_EMPEROR: usize = 5;
pub(super) const CLASS_KNIGHT: usize = 6;
pub(super) const CLASS_PAWN: usize = 7;
const CLASSES: [u16; 8] = [
    ORTHO_SLIDERS,
    DIAG_SLIDERS,
    WAZIR_STEPPERS,
    FERZ_STEPPERS,
    ACROSS_STEPPERS,
    Role::Emperor.bit(),
    Role::Knight.bit(),
    Role::Pawn.bit(),
];

/// Per role, the classes (bit per [`CLASSES`] index) it belongs to.
const ROLE_CLASSES: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut r = 0;
    while r < Role::COUNT {
        let mut c = 0;
        while c < CLASSES.len() {
            if CLASSES[c] & 1 << r != 0 {
                t[r] |= 1 << c;
            }
            c += 1;
        }
        r += 1;
    }
    t
};

/// An empty cell in [`Pos::board`].
pub(crate) const EMPTY: u8 = u8::MAX;

/// An en passant target: the cell passed over and the seat that double-stepped (no seat's
/// while the cell is [`NONE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ep {
    pub(crate) cell: u8,
    pub(crate) seat: Seat,
}

/// A position, ready for move generation.
#[derive(Clone, Debug)]
pub(crate) struct Pos {
    /// Per cell: [`EMPTY`] or seat * 16 + role.
    pub(crate) board: [u8; CELLS],
    pub(crate) seat_bits: [Bits; 3],
    /// The pieces of each role class ([`CLASSES`]), kept up to date.
    pub(crate) class_bits: [Bits; CLASSES.len()],
    /// Per seat, the number of its pieces of each role.
    pub(crate) role_counts: [[u8; Role::COUNT]; 3],
    pub(crate) occ: Bits,
    /// Each seat's Emperor, or [`NONE`] once the seat is out.
    pub(crate) emperor: [u8; 3],
    pub(crate) to_move: Seat,
    /// Castling rights: bit seat * 4 + slot.
    pub(crate) castling: u16,
    /// En passant targets, newest first; `cell` is [`NONE`] for none.
    pub(crate) ep: [Ep; 2],
    /// The seat that has won instantly, if any.
    pub(crate) instant_win: Option<Seat>,
}

/// No en passant target.
pub(crate) const NO_EP: Ep = Ep {
    cell: NONE,
    seat: Seat::A,
};

/// The code of a piece of `seat` and `role` in [`Pos::board`].
#[inline(always)]
pub(crate) const fn code(seat: Seat, role: Role) -> u8 {
    (seat as u8) << 4 | role as u8
}

/// What a move generator needs besides the position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ctx<'a, Sw> {
    pub(crate) t: &'a Tables,
    pub(crate) r: &'a Readings<Sw>,
}

impl Pos {
    /// The empty board, seat A to move.
    pub(crate) fn empty() -> Pos {
        Pos {
            board: [EMPTY; CELLS],
            seat_bits: [Bits::EMPTY; 3],
            class_bits: [Bits::EMPTY; CLASSES.len()],
            role_counts: [[0; Role::COUNT]; 3],
            occ: Bits::EMPTY,
            emperor: [NONE; 3],
            to_move: Seat::A,
            castling: 0,
            ep: [NO_EP; 2],
            instant_win: None,
        }
    }

    /// Puts a piece of `seat` and the role of index `role` (as a piece code or a move holds
    /// it) on an empty cell.
    #[inline]
    pub(crate) fn put(&mut self, cell: usize, seat: Seat, role: u8) {
        self.board[cell] = (seat as u8) << 4 | role;
        self.seat_bits[seat.index()].set(cell);
        self.role_counts[seat.index()][role as usize] += 1;
        let mut k = ROLE_CLASSES[usize::from(role & 15)];
        while k != 0 {
            self.class_bits[k.trailing_zeros() as usize].set(cell);
            k &= k - 1;
        }
        self.occ.set(cell);
        if role == Role::Emperor as u8 {
            self.emperor[seat.index()] = cell as u8;
        }
    }

    /// Takes the piece off a cell (which must hold one).
    #[inline]
    pub(super) fn take(&mut self, cell: usize) {
        let p = self.board[cell];
        self.board[cell] = EMPTY;
        self.seat_bits[(p >> 4) as usize].clear(cell);
        self.role_counts[(p >> 4) as usize][(p & 15) as usize] -= 1;
        let mut k = ROLE_CLASSES[usize::from(p & 15)];
        while k != 0 {
            self.class_bits[k.trailing_zeros() as usize].clear(cell);
            k &= k - 1;
        }
        self.occ.clear(cell);
    }

    /// Returns true if the seat is still in the game.
    #[inline]
    pub(crate) fn active(&self, seat: Seat) -> bool {
        self.emperor[seat.index()] != NONE
    }

    /// Returns the number of seats still in the game.
    pub(crate) fn active_count(&self) -> usize {
        Seat::ALL.into_iter().filter(|&s| self.active(s)).count()
    }

    /// Returns true if the game is over: an instant win, or one player left.
    pub(crate) fn over(&self) -> bool {
        self.instant_win.is_some() || self.active_count() <= 1
    }

    /// Returns the number of pieces of `seat` with role `role`.
    #[inline]
    pub(crate) fn count(&self, seat: Seat, role: Role) -> u8 {
        self.role_counts[seat.index()][role.index()]
    }

    /// Returns the pieces of every active seat but `seat`.
    #[inline]
    pub(crate) fn enemies(&self, seat: Seat) -> Bits {
        let mut b = Bits::EMPTY;
        for s in Seat::ALL {
            if s != seat {
                b |= self.seat_bits[s.index()];
            }
        }
        b
    }

    /// Returns the Emperors' cells.
    #[inline]
    pub(super) fn emperors(&self) -> Bits {
        self.class_bits[CLASS_EMPEROR]
    }
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
