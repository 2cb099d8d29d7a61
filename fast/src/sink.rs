//! Where a move generator gives the legal moves it finds: a list (the moves of a position), or
//! only their number (the last ply of a perft, counted in bulk without listing a move).

use crate::bitset::Bitset;

/// A taker of generated moves of type `M`.
pub(crate) trait Sink<M> {
    /// Takes one move.
    fn push(&mut self, m: M);
    /// Takes one move to each cell of `targets`, lowest cell first, made by `mv`.
    fn each<B: Bitset>(&mut self, targets: B, mv: impl Fn(usize) -> M);
    /// The number of moves taken.
    fn taken(&self) -> usize;
}

impl<M> Sink<M> for Vec<M> {
    #[inline(always)]
    fn push(&mut self, m: M) {
        Vec::push(self, m);
    }

    #[inline(always)]
    fn each<B: Bitset>(&mut self, targets: B, mv: impl Fn(usize) -> M) {
        for to in targets.iter() {
            Vec::push(self, mv(to));
        }
    }

    #[inline(always)]
    fn taken(&self) -> usize {
        self.len()
    }
}

/// Counts the moves instead of listing them.
#[derive(Debug, Default)]
pub(crate) struct Count(pub(crate) usize);

impl<M> Sink<M> for Count {
    #[inline(always)]
    fn push(&mut self, _: M) {
        self.0 += 1;
    }

    #[inline(always)]
    fn each<B: Bitset>(&mut self, targets: B, _: impl Fn(usize) -> M) {
        self.0 += targets.count() as usize;
    }

    #[inline(always)]
    fn taken(&self) -> usize {
        self.0
    }
}
