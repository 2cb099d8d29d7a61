//! The one bitset of the fast engine: a set of cells with the same operators, the same
//! queries and the same iterator (lowest cell first), whether it is a `u64` (O'Sullivan's 60
//! cells, Yuri's 49), a `u128` (Yalta's 96, walked as two words) or three words (Triple
//! Crown's 150).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of cells, by index.
pub(crate) trait Bitset:
    Copy
    + PartialEq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The empty set.
    const EMPTY: Self;
    /// The iterator over the cells of a set.
    type Iter: Iterator<Item = usize>;

    /// Returns true if `cell` is in the set.
    fn has(self, cell: usize) -> bool;
    /// Adds `cell`.
    fn set(&mut self, cell: usize);
    /// Removes `cell`.
    fn clear(&mut self, cell: usize);
    /// Returns true if the set is empty.
    fn is_empty(self) -> bool;
    /// Returns the number of cells in the set.
    fn count(self) -> u32;
    /// Iterates over the cells in the set, lowest first.
    fn iter(self) -> Self::Iter;
}

/// The cells of a `u64` set, lowest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ones<T>(T);

/// The cells of a `u128` set, lowest first: its two words in turn (a `u128`'s trailing zeros
/// and lowest-bit clearing each cost both words).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ones128 {
    lo: u64,
    hi: u64,
}

macro_rules! word_bitset {
    ($t:ty, $iter:ty, |$w:ident| $walk:expr) => {
        impl Bitset for $t {
            const EMPTY: $t = 0;
            type Iter = $iter;

            #[inline(always)]
            fn has(self, cell: usize) -> bool {
                self >> cell & 1 != 0
            }
            #[inline(always)]
            fn set(&mut self, cell: usize) {
                *self |= 1 << cell;
            }
            #[inline(always)]
            fn clear(&mut self, cell: usize) {
                *self &= !(1 << cell);
            }
            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn iter(self) -> $iter {
                let $w = self;
                $walk
            }
        }
    };
}

word_bitset!(u64, Ones<u64>, |w| Ones(w));
word_bitset!(u128, Ones128, |w| Ones128 {
    lo: w as u64,
    hi: (w >> 64) as u64,
});

impl Iterator for Ones<u64> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(cell)
    }
}

impl Iterator for Ones128 {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.lo != 0 {
            let cell = self.lo.trailing_zeros() as usize;
            self.lo &= self.lo - 1;
            Some(cell)
        } else if self.hi != 0 {
            let cell = 64 + self.hi.trailing_zeros() as usize;
            self.hi &= self.hi - 1;
            Some(cell)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Bitset;

    fn round_trip<B: Bitset>(cells: &[usize]) {
        let mut b = B::EMPTY;
        for &c in cells {
            b.set(c);
        }
        assert_eq!(b.iter().collect::<Vec<_>>(), cells);
        assert_eq!(b.count() as usize, cells.len());
        assert!(cells.iter().all(|&c| b.has(c)));
        for &c in cells {
            b.clear(c);
        }
        assert!(b.is_empty());
    }

    #[test]
    fn words_iterate_lowest_first() {
        round_trip::<u64>(&[0, 1, 31, 59, 63]);
        round_trip::<u128>(&[0, 63, 64, 95, 127]);
    }
}
