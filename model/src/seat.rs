//! Seats: the three places at the table.

use std::ops::{Index, IndexMut};

/// One of the three seats at the table.
///
/// Seats are the same three for every variant; what a seat is called (White, Red, Blue, ...)
/// and which letter names it is the variant's business (see [`crate::Variant::seat_letter`]).
/// On the hexagonal boards the seat is also the half-board a cell belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Seat {
    /// The first seat: the first to move at the start (White, Red), and the half-board `A`.
    A,
    /// The second seat.
    B,
    /// The third seat.
    C,
}

impl Seat {
    /// The three seats in order.
    pub const ALL: [Seat; 3] = [Seat::A, Seat::B, Seat::C];

    /// Returns the seat after this one in the cycle A, B, C, A.
    ///
    /// This is the seating order, not necessarily the turn order: turn order is a rule of
    /// each variant, and for some an interpretation.
    pub fn next(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::C,
            Seat::C => Seat::A,
        }
    }

    /// Returns the seat before this one in the cycle A, B, C, A.
    pub fn prev(self) -> Seat {
        self.next().next()
    }

    /// Returns 0, 1 or 2.
    pub fn index(self) -> usize {
        self as usize
    }

    /// Returns the upper-case letter of the seat, as used in hexagonal cell names.
    pub fn letter(self) -> char {
        match self {
            Seat::A => 'A',
            Seat::B => 'B',
            Seat::C => 'C',
        }
    }

    /// Reads an upper-case seat letter.
    pub fn from_letter(c: char) -> Option<Seat> {
        match c {
            'A' => Some(Seat::A),
            'B' => Some(Seat::B),
            'C' => Some(Seat::C),
            _ => None,
        }
    }
}

/// A value for each seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySeat<T>(pub [T; 3]);

impl<T> BySeat<T> {
    /// Builds the container by calling `f` for each seat.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> Self {
        BySeat([f(Seat::A), f(Seat::B), f(Seat::C)])
    }

    /// Iterates over the seats and their values.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::ALL.into_iter().zip(self.0.iter())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}
