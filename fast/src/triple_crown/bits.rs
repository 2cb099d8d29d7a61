//! A set of the board's 150 cells, as three 64-bit words.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use crate::bitset::Bitset;

/// The number of cells of the Triple Crown board.
pub(crate) const CELLS: usize = 150;

/// A set of cells, indexed densely (seat * 50 + rank * 10 + file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Bits(pub(crate) [u64; 3]);

/// The set of every cell of the board.
pub(crate) const ALL: Bits = Bits([u64::MAX, u64::MAX, (1u64 << (CELLS - 128)) - 1]);

impl Bitset for Bits {
    const EMPTY: Bits = Bits([0; 3]);
    type Iter = BitsIter;

    #[inline]
    fn set(&mut self, cell: usize) {
        self.0[cell >> 6] |= 1u64 << (cell & 63);
    }

    #[inline]
    fn clear(&mut self, cell: usize) {
        self.0[cell >> 6] &= !(1u64 << (cell & 63));
    }

    #[inline]
    fn has(self, cell: usize) -> bool {
        self.0[cell >> 6] >> (cell & 63) & 1 != 0
    }

    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    #[inline]
    fn count(self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()
    }

    #[inline]
    fn iter(self) -> BitsIter {
        BitsIter {
            bits: self,
            word: 0,
        }
    }
}

impl Bits {
    /// The lowest cell of a set that is not empty.
    #[inline(always)]
    pub(crate) fn first(self) -> usize {
        let [a, b, c] = self.0;
        if a != 0 {
            a.trailing_zeros() as usize
        } else if b != 0 {
            64 + b.trailing_zeros() as usize
        } else {
            128 + c.trailing_zeros() as usize
        }
    }

    /// The highest cell of a set that is not empty.
    #[inline(always)]
    pub(crate) fn last(self) -> usize {
        let [a, b, c] = self.0;
        if c != 0 {
            191 - c.leading_zeros() as usize
        } else if b != 0 {
            127 - b.leading_zeros() as usize
        } else {
            63 - a.leading_zeros() as usize
        }
    }
}

/// An iterator over the cells of a [`Bits`].
#[derive(Debug)]
pub(crate) struct BitsIter {
    bits: Bits,
    word: usize,
}

impl Iterator for BitsIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < 3 {
            let w = self.bits.0[self.word];
            if w != 0 {
                self.bits.0[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl BitAnd for Bits {
    type Output = Bits;
    #[inline]
    fn bitand(self, o: Bits) -> Bits {
        Bits([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl BitOr for Bits {
    type Output = Bits;
    #[inline]
    fn bitor(self, o: Bits) -> Bits {
        Bits([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}

impl Not for Bits {
    type Output = Bits;
    #[inline]
    fn not(self) -> Bits {
        Bits([!self.0[0], !self.0[1], !self.0[2]]) & ALL
    }
}

impl BitAndAssign for Bits {
    #[inline]
    fn bitand_assign(&mut self, o: Bits) {
        *self = *self & o;
    }
}

impl BitOrAssign for Bits {
    #[inline]
    fn bitor_assign(&mut self, o: Bits) {
        *self = *self | o;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitset::Bitset;

    fn set(cells: &[usize]) -> Bits {
        let mut b = Bits::EMPTY;
        for &c in cells {
            b.set(c);
        }
        b
    }

    #[test]
    fn sets_iterate_in_order_and_complement_within_the_board() {
        let mut b = Bits::EMPTY;
        for c in [0, 63, 64, 127, 128, 149] {
            b.set(c);
        }
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 63, 64, 127, 128, 149]);
        assert_eq!(b.count(), 6);
        assert_eq!((!b).count(), 144);
        assert_eq!(ALL.count(), 150);
        assert_eq!((b.first(), b.last()), (0, 149));
        b.clear(63);
        assert!(!b.has(63) && b.has(64));
        let mid = set(&[64, 127]);
        assert_eq!((mid.first(), mid.last()), (64, 127));
        let low = set(&[5, 63]);
        assert_eq!((low.first(), low.last()), (5, 63));
    }
}
