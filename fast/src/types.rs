//! The small types every variant of the fast engine shares: the three seats.
//!
//! A seat is a `#[repr(u8)]` enum numbered as the model numbers its seats (`Seat::index`: A is
//! 0, B 1, C 2), so that a table by seat is an array indexed by [`Seat::index`] (free: the
//! enum is its own index). The variants name their seats after their armies (O'Sullivan's and
//! Yuri's White, Red and Black are A, B and C); the turn order, a rule of each variant and for
//! some a reading, is theirs, not this cycle's.

use trichess_model as model;

/// A seat at the board: A, B or C, in the model's order.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Seat {
    /// The first seat (White in O'Sullivan and Yuri).
    A = 0,
    /// The second seat (Red in O'Sullivan and Yuri).
    B = 1,
    /// The third seat (Black in O'Sullivan and Yuri).
    C = 2,
}

impl Seat {
    /// The three seats in order.
    pub(crate) const ALL: [Seat; 3] = [Seat::A, Seat::B, Seat::C];

    /// The seat's index in a table by seat (0, 1 or 2).
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The seat of index `i` (0, 1 or 2; anything larger is C), as a table or a piece code
    /// stores it.
    #[inline(always)]
    pub(crate) const fn from_index(i: usize) -> Seat {
        match i {
            0 => Seat::A,
            1 => Seat::B,
            _ => Seat::C,
        }
    }

    /// The seat after this one in the cycle A, B, C, A.
    #[inline(always)]
    pub(crate) const fn next(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::C,
            Seat::C => Seat::A,
        }
    }

    /// The seat before this one in the cycle A, B, C, A.
    #[inline(always)]
    pub(crate) const fn prev(self) -> Seat {
        match self {
            Seat::A => Seat::C,
            Seat::B => Seat::A,
            Seat::C => Seat::B,
        }
    }

    /// The seat's bit in a set of seats kept as a mask (bit 0 for A).
    #[inline(always)]
    pub(crate) const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The model's seat.
    #[inline]
    pub(crate) const fn model(self) -> model::Seat {
        model::Seat::ALL[self.index()]
    }

    /// The seat of the model's seat.
    #[inline]
    pub(crate) fn of(seat: model::Seat) -> Seat {
        Seat::ALL[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::Seat;

    #[test]
    fn seats_follow_the_model() {
        for (i, s) in Seat::ALL.into_iter().enumerate() {
            assert_eq!(s.index(), i);
            assert_eq!(Seat::from_index(i), s);
            assert_eq!(s.model().index(), i);
            assert_eq!(Seat::of(s.model()), s);
            assert_eq!(s.next().model(), s.model().next());
            assert_eq!(s.prev().next(), s);
            assert_eq!(s.bit(), 1 << i);
        }
    }
}
