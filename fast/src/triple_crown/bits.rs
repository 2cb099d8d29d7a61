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

    /// The word is picked by comparisons, not by a run-time index: a set held in registers
    /// would otherwise be stored to memory to be read back one word.
    #[inline]
    fn has(self, cell: usize) -> bool {
        let [a, b, c] = self.0;
        let word = if cell < 64 {
            a
        } else if cell < 128 {
            b
        } else {
            c
        };
        word >> (cell & 63) & 1 != 0
    }

    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }

    #[inline]
    fn count(self) -> u32 {
        if cfg!(target_feature = "popcnt") {
            return self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones();
        }
        // Without the instruction: the three words' 2-bit then 4-bit field sums added before
        // the bytes are summed once (a field of 4 bits holds up to 12).
        let pairs = |x: u64| {
            let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
            (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333)
        };
        let s = pairs(self.0[0]) + pairs(self.0[1]) + pairs(self.0[2]);
        let s = (s & 0x0f0f_0f0f_0f0f_0f0f) + ((s >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
        (s.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    #[inline]
    fn iter(self) -> BitsIter {
        let [a, b, c] = self.0;
        BitsIter {
            word: a,
            later: [b, c],
            base: 0,
        }
    }
}

impl Bits {
    /// The set of one cell, made by value (a set built by [`Bitset::set`] on one word and
    /// then read whole stalls the store-to-load forwarding).
    #[inline(always)]
    pub(crate) fn one(cell: usize) -> Bits {
        let (word, bit) = (cell >> 6, 1u64 << (cell & 63));
        Bits([
            if word == 0 { bit } else { 0 },
            if word == 1 { bit } else { 0 },
            if word == 2 { bit } else { 0 },
        ])
    }

    /// Returns true if `cell` is in the set, reading its word by index: for a set read from
    /// memory (a position's or a table's), where that is one load and no branch.
    #[inline(always)]
    pub(crate) fn holds(&self, cell: usize) -> bool {
        debug_assert!(cell < CELLS);
        self.0[(cell >> 6).min(2)] >> (cell & 63) & 1 != 0
    }

    /// Returns true if the cell `spot` is in the set.
    #[inline(always)]
    pub(crate) fn holds_spot(&self, spot: Spot) -> bool {
        self.0[spot.word] & spot.bit != 0
    }

    /// Iterates over the cells of the set, lowest first, each with whether it is in `marked`
    /// (read from the word being walked, not looked up in `marked` cell by cell).
    #[inline]
    pub(crate) fn iter_marked(self, marked: Bits) -> MarkedIter {
        let ([a, b, c], [x, y, z]) = (self.0, marked.0);
        MarkedIter {
            word: (a, x),
            later: [(b, y), (c, z)],
            base: 0,
        }
    }
}

/// One cell, as the word of a [`Bits`] it lies in (below 3) and its bit in that word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spot {
    pub(crate) word: usize,
    pub(crate) bit: u64,
}

impl Spot {
    /// Adds the cell to `set`.
    #[inline(always)]
    pub(crate) fn set_in(self, set: &mut Bits) {
        set.0[self.word] |= self.bit;
    }

    /// Removes the cell from `set`.
    #[inline(always)]
    pub(crate) fn clear_in(self, set: &mut Bits) {
        set.0[self.word] &= !self.bit;
    }
}

/// An iterator over the cells of a [`Bits`], each with whether it is marked: the word being
/// read and its marks, and the words after it with theirs, kept by value.
#[derive(Debug)]
pub(crate) struct MarkedIter {
    word: (u64, u64),
    later: [(u64, u64); 2],
    base: usize,
}

impl Iterator for MarkedIter {
    type Item = (usize, bool);
    #[inline]
    fn next(&mut self) -> Option<(usize, bool)> {
        while self.word.0 == 0 {
            if self.base == 128 {
                return None;
            }
            self.word = self.later[0];
            self.later = [self.later[1], (0, 0)];
            self.base += 64;
        }
        let (word, marks) = self.word;
        let bit = word.trailing_zeros();
        self.word.0 = word & (word - 1);
        Some((self.base + bit as usize, marks >> bit & 1 != 0))
    }
}

/// An iterator over the cells of a [`Bits`]: the word being read and the words after it,
/// kept by value (no word is picked by a run-time index, so they stay in registers).
#[derive(Debug)]
pub(crate) struct BitsIter {
    word: u64,
    later: [u64; 2],
    base: usize,
}

impl Iterator for BitsIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word == 0 {
            if self.base == 128 {
                return None;
            }
            self.word = self.later[0];
            self.later = [self.later[1], 0];
            self.base += 64;
        }
        let cell = self.base + self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(cell)
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

    #[test]
    fn sets_iterate_in_order_and_complement_within_the_board() {
        let mut b = Bits::EMPTY;
        for c in [0, 63, 64, 127, 128, 149] {
            b.set(c);
        }
        assert_eq!(b.iter().collect::<Vec<_>>(), vec![0, 63, 64, 127, 128, 149]);
        assert_eq!(b.count(), 6);
        assert_eq!(ALL.count(), 150);
        assert_eq!(Bits([u64::MAX, u64::MAX, u64::MAX]).count(), 192);
        assert_eq!((!b).count(), 144);
        assert_eq!(ALL.count(), 150);
        for c in [0, 63, 64, 127, 128, 149] {
            assert_eq!(Bits::one(c).iter().collect::<Vec<_>>(), [c]);
        }
        let marked = Bits::one(63) | Bits::one(128);
        let flags: Vec<_> = b.iter_marked(marked).filter(|&(_, m)| m).collect();
        assert_eq!(flags, [(63, true), (128, true)]);
        assert_eq!(b.iter_marked(marked).count(), 6);
        assert!(b.holds(149) && !b.holds(148) && b.holds(64));
        let spot = Spot {
            word: 2,
            bit: 1 << 21,
        };
        assert!(b.holds_spot(spot) && !Bits::one(148).holds_spot(spot));
        b.clear(63);
        assert!(!b.has(63) && b.has(64));
    }
}
