//! Symmetries of the boards, as pure renamings of cells and armies (no geometry): what the
//! property tests turn positions and moves by, to check that the engines' answers turn with
//! them.
//!
//! - [`Symmetry::Rotation`] (the hexagonal boards, Yalta and Triple Crown): every cell goes to
//!   the same file and rank of the next seat's half-board (`Aa1` to `Ba1`, `Ca1` to `Aa1`) and
//!   every army to the next seat. The board's description is the same from every seat (each
//!   seat's files a-d, or a-e, run on into the seat before it, the others into the seat after
//!   it), so this maps the board onto itself.
//! - [`Symmetry::Mirror`] (O'Sullivan, Yalta, Triple Crown): the reflection that keeps seat A
//!   (White; Red; seat A) and swaps seats B and C. On O'Sullivan's board it is a1 to h1 (file
//!   `f` to `7 - f`, the barrier between d1 and e1 onto itself); on the hexagonal boards every
//!   cell goes to the mirrored file of the same rank (`f` to `last - f`) on its own half-board
//!   for seat A and on the other one's for B and C (`Ba1` to `Ch1`).
//!
//! Which positions and readings keep their rules under a symmetry is the rules' business (the
//! property tests say so); the renaming itself only turns names.

use crate::{BySeat, Cell, Move, Seat, Setup, Shape, Variant, VariantState};

/// A renaming of the cells and armies of a board that maps the board onto itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// The hexagonal boards turned by one seat: A to B, B to C, C to A.
    Rotation,
    /// The reflection that keeps seat A and swaps seats B and C.
    Mirror,
}

impl Symmetry {
    /// Returns true if the symmetry maps `variant`'s board onto itself (the rotation: the
    /// hexagonal boards; the mirror: every board but Yuri's, whose only reflection would swap
    /// an army's corner with the empty corner or White's with Black's).
    pub fn applies_to(self, variant: Variant) -> bool {
        match self {
            Symmetry::Rotation => variant.board().shape() == Shape::HexTrisection,
            Symmetry::Mirror => variant != Variant::Yuri,
        }
    }

    /// Returns the seat `seat` goes to.
    pub fn seat(self, seat: Seat) -> Seat {
        match (self, seat) {
            (Symmetry::Rotation, s) => s.next(),
            (Symmetry::Mirror, Seat::A) => Seat::A,
            (Symmetry::Mirror, Seat::B) => Seat::C,
            (Symmetry::Mirror, Seat::C) => Seat::B,
        }
    }

    /// Returns the cell `cell` of `variant`'s board goes to (the cell itself if the symmetry
    /// does not apply to the variant).
    pub fn cell(self, variant: Variant, cell: Cell) -> Cell {
        let board = variant.board();
        if !self.applies_to(variant) {
            return cell;
        }
        let file = i32::from(cell.file());
        let rank = i32::from(cell.rank());
        let mirrored = i32::from(board.files()) - 1 - file;
        let turned = match (self, cell.sector()) {
            (_, None) => board.square(mirrored, rank),
            (Symmetry::Rotation, Some(s)) => board.hex(s.next(), file, rank),
            (Symmetry::Mirror, Some(s)) => board.hex(self.seat(s), mirrored, rank),
        };
        turned.unwrap_or(cell)
    }

    /// Returns the move `mv` goes to.
    pub fn mv(self, variant: Variant, mv: Move) -> Move {
        let c = |cell| self.cell(variant, cell);
        match mv {
            Move::Plain { from, to } => Move::Plain {
                from: c(from),
                to: c(to),
            },
            Move::Promotion { from, to, role } => Move::Promotion {
                from: c(from),
                to: c(to),
                role,
            },
            Move::Castle { from, to, partner } => Move::Castle {
                from: c(from),
                to: c(to),
                partner: c(partner),
            },
        }
    }

    /// Returns the position `setup` goes to: every piece, right and state field renamed.
    pub fn setup(self, setup: &Setup) -> Setup {
        let v = setup.variant;
        if !self.applies_to(v) {
            return setup.clone();
        }
        let cell = |c: Cell| self.cell(v, c);
        let seat = |s: Seat| self.seat(s);
        let state = match &setup.state {
            VariantState::OSullivan(s) => {
                let mut s = s.clone();
                let mut p4 = BySeat::default();
                for (owner, c) in s.p4.iter() {
                    p4[seat(owner)] = c.map(cell);
                }
                s.p4 = p4;
                s.p4_freed = s.p4_freed.iter().map(|&x| seat(x)).collect();
                s.en_passant_earlier = s.en_passant_earlier.map(cell);
                VariantState::OSullivan(s)
            }
            VariantState::Yalta(s) => {
                let mut s = s.clone();
                s.control = s
                    .control
                    .iter()
                    .map(|(&a, &b)| (seat(a), seat(b)))
                    .collect();
                s.first_check = s
                    .first_check
                    .iter()
                    .map(|(&a, &b)| (seat(a), seat(b)))
                    .collect();
                s.pending_mate = s.pending_mate.iter().map(|&x| seat(x)).collect();
                s.en_passant_earlier = s.en_passant_earlier.map(cell);
                VariantState::Yalta(s)
            }
            VariantState::TripleCrown(s) => {
                let mut s = s.clone();
                s.en_passant_earlier = s.en_passant_earlier.map(cell);
                s.instant_win = s.instant_win.iter().map(|&x| seat(x)).collect();
                VariantState::TripleCrown(s)
            }
            // Yuri's board has neither symmetry (returned above).
            other => other.clone(),
        };
        Setup {
            variant: v,
            to_move: seat(setup.to_move),
            pieces: setup
                .pieces
                .iter()
                .map(|(&c, &p)| (cell(c), crate::Piece::new(seat(p.owner), p.role)))
                .collect(),
            castling: setup.castling.iter().map(|&c| cell(c)).collect(),
            en_passant: setup.en_passant.map(cell),
            state,
        }
    }
}
