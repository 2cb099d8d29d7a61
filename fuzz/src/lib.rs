//! What the fuzz targets share: one harness per process (the oracle against the fast engine,
//! with the register's open points, and as roots the start, the perft tables' positions and a
//! pool played from them), and the input
//! type of each target, decoded from the fuzzer's bytes by `trichess_diff::property` and
//! printed ([`fmt::Debug`]) as a paste-ready fixture.
//!
//! The decoding and the properties are library code in trichess-diff, so that `cargo test`
//! replays the corpus and the regressions through the very same code
//! (`diff/tests/fuzz_replay.rs`).

use std::cell::RefCell;
use std::fmt;

use arbitrary::{Arbitrary, Unstructured};
use trichess_diff::property::{Harness, Target};
use trichess_model::Engine;

fn harness() -> Harness {
    Harness::new(
        || Box::new(trichess_oracle::Oracle) as Box<dyn Engine>,
        || Box::new(trichess_fast::Fast::default()) as Box<dyn Engine>,
    )
    .unwrap_or_else(|e| panic!("the suite built into trichess-suite does not load: {e}"))
}

thread_local! {
    static HARNESS: RefCell<Harness> = RefCell::new(harness());
}

/// An input of target number `T` (its index in [`Target::ALL`]), decoded from all the bytes.
pub struct Case<const T: usize>(trichess_diff::property::Case);

impl<'a, const T: usize> Arbitrary<'a> for Case<T> {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let bytes = u.bytes(u.len())?;
        Ok(Case(
            HARNESS.with(|h| h.borrow_mut().decode(Target::ALL[T], bytes)),
        ))
    }
}

impl<const T: usize> fmt::Debug for Case<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<const T: usize> Case<T> {
    /// Checks the case's property; a failure panics with what each side says and a fixture.
    pub fn check(&self) {
        if let Err(failure) = HARNESS.with(|h| h.borrow_mut().check(&self.0)) {
            panic!("{failure}");
        }
    }
}

/// `engines_same_moves`: both engines list the same legal moves.
pub type EnginesSameMoves = Case<0>;
/// `engines_same_positions`: both engines reach the same position by a legal move.
pub type EnginesSamePositions = Case<1>;
/// `engines_same_result`: both engines give the same result.
pub type EnginesSameResult = Case<2>;
/// `engines_playable_iff_listed`: each engine plays a move if and only if it lists it.
pub type EnginesPlayableIffListed = Case<3>;
/// `text_round_trip`: the text form never panics and round-trips what it reads.
pub type TextRoundTrip = Case<4>;
/// `json_round_trip`: the JSON form never panics and round-trips what it reads.
pub type JsonRoundTrip = Case<5>;
/// `move_round_trip`: the move notation never panics and round-trips what it reads.
pub type MoveRoundTrip = Case<6>;
/// `protocol_reader_never_panics`: the engine protocol's readers never panic on any line, and
/// round-trip what they read.
pub type ProtocolReaderNeverPanics = Case<7>;

// The aliases name the targets they say (the index is into `Target::ALL`).
const _: () = {
    assert!(matches!(Target::ALL[0], Target::EnginesSameMoves));
    assert!(matches!(Target::ALL[1], Target::EnginesSamePositions));
    assert!(matches!(Target::ALL[2], Target::EnginesSameResult));
    assert!(matches!(Target::ALL[3], Target::EnginesPlayableIffListed));
    assert!(matches!(Target::ALL[4], Target::TextRoundTrip));
    assert!(matches!(Target::ALL[5], Target::JsonRoundTrip));
    assert!(matches!(Target::ALL[6], Target::MoveRoundTrip));
    assert!(matches!(Target::ALL[7], Target::ProtocolReaderNeverPanics));
};
