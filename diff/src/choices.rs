//! Where the generator's random choices come from: a seeded RNG for the differential run, or
//! a fuzzer's bytes for cargo fuzz, so that both explore the same space of positions.

use arbitrary::Unstructured;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A source of random choices. The generator asks only this, so the same generator can be
/// driven by a seeded RNG ([`Seeded`]) or by a fuzzer's bytes (an [`Unstructured`]).
pub trait Choices {
    /// Returns a number in `0..n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize;

    /// Returns true `percent` times in a hundred.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// Picks one of `items`, or `None` if there are none.
    fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T>
    where
        Self: Sized,
    {
        if items.is_empty() {
            None
        } else {
            items.get(self.below(items.len()))
        }
    }
}

/// Choices from a seeded [`StdRng`]: the same seed gives the same run.
#[derive(Debug)]
pub struct Seeded(StdRng);

impl Seeded {
    /// Returns the choices of `seed`.
    pub fn new(seed: u64) -> Seeded {
        Seeded(StdRng::seed_from_u64(seed))
    }
}

impl Choices for Seeded {
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.0.next_u64() % n as u64) as usize
    }
}

/// Choices read from a fuzzer's bytes: each choice takes as few bytes as its range needs
/// (one for up to 256 alternatives). Once the bytes run out every choice is 0, so every
/// input, even an empty one, decodes to a case, and a shorter input is a simpler case (what
/// `cargo fuzz tmin` relies on).
///
/// ```
/// use arbitrary::Unstructured;
/// use trichess_diff::Choices;
/// let mut bytes = Unstructured::new(&[7, 203]);
/// assert_eq!(bytes.below(10), 7);
/// assert_eq!(bytes.below(10), 3); // 203 % 10
/// assert_eq!(bytes.below(10), 0); // out of bytes
/// ```
impl Choices for Unstructured<'_> {
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        self.choose_index(n).unwrap_or(0)
    }
}
