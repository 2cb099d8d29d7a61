//! The one bitset of the fast engine: a set of cells with the same operators, the same
//! queries and the same iterator (lowest cell first), whether it is a `u64` (O'Sullivan's 60
//! cells, Yuri's 49), a `u128` (Yalta's 96) or three words (Triple Crown's 150).

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

/// The cells of a one-word set, lowest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ones<T>(T);

macro_rules! word_bitset {
    ($t:ty) => {
        impl Bitset for $t {
            const EMPTY: $t = 0;
            type Iter = Ones<$t>;

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
            fn iter(self) -> Ones<$t> {
                Ones(self)
            }
        }

        impl Iterator for Ones<$t> {
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
    };
}

word_bitset!(u64);
word_bitset!(u128);

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
