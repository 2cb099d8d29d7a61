//! What the fuzz targets share: one harness per process (the oracle against the fast engine,
//! with the register's open points, and as roots the start, the perft tables' positions and a
//! pool played from them), and the input
//! type of each target, decoded from the fuzzer's bytes by `trichess_diff::property` and
//! printed ([`fmt::Debug`]) as a paste-ready fixture.
//!
//! The decoding and the properties are library code in trichess-diff, so that `cargo test`
//! replays the corpus and the regressions through the very same code
//! (`diff/tests/fuzz_replay.rs`).
//!
//! The engine targets are defined by [`engine_target!`], not `libfuzzer_sys::fuzz_target!`,
//! so that they can give libFuzzer flags of their own ([`ENGINE_FLAGS`]) before it reads the
//! command line's.

use std::cell::RefCell;
use std::ffi::{CStr, c_char, c_int};
use std::fmt;
use std::io::Write;

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

    /// Runs one input of an engine target: decodes it and checks its property, as
    /// `libfuzzer_sys::fuzz_target!` does with [`Case::check`]. Under `cargo fuzz fmt`
    /// (`RUST_LIBFUZZER_DEBUG_PATH` set) it writes the case instead, as a fixture.
    pub fn test_input(bytes: &[u8]) -> i32 {
        let case = Case::<T>(HARNESS.with(|h| h.borrow_mut().decode(Target::ALL[T], bytes)));
        if let Some(path) = libfuzzer_sys::rust_libfuzzer_debug_path() {
            let written = std::fs::File::create(path).and_then(|mut f| writeln!(f, "{case:#?}"));
            if let Err(e) = written {
                panic!("cannot write the case to {path}: {e}");
            }
            return -1;
        }
        case.check();
        0
    }
}

/// The libFuzzer flags an engine target runs with, put before the command line's, which
/// therefore overrides them (`-entropic=1 -detect_leaks=1` restores libFuzzer's defaults).
///
/// - `-entropic=0`: libFuzzer's entropic schedule keeps, for every coverage feature seen fewer
///   than 256 times, how often each corpus input hit it, and updates that on every run and,
///   for every new feature, across the whole corpus. An engine target's input runs both
///   engines over a position: tens of thousands of features, nearly all of them rare in a
///   minute's run, so that the bookkeeping took about half the time (perf). Without it the
///   same 60 s from the seeds run 1.6 to 2 times as many inputs and cover more
///   (docs/figures.md, "Fuzzing").
/// - `-detect_leaks=0`: the harness keeps the engines' answers from one input to the next on
///   purpose (its memo), so that an input that asks a new question allocates more than it
///   frees; libFuzzer takes that for a possible leak and runs the input again, then searches
///   the heap for it (about a tenth of the time, perf).
pub const ENGINE_FLAGS: [&CStr; 2] = [c"-entropic=0", c"-detect_leaks=0"];

/// The AddressSanitizer options an engine target runs with, read before `ASAN_OPTIONS`'s,
/// which therefore overrides them (`ASAN_OPTIONS=detect_stack_use_after_return=1:malloc_context_size=30`
/// restores the defaults, say to reproduce a crash with its allocation's stack).
///
/// The crates an engine target runs forbid unsafe code (the workspace's `unsafe_code =
/// "forbid"`), so that a memory error can only come from the standard library or a
/// dependency; AddressSanitizer still checks every access. Two of its costs buy nothing here:
///
/// - `detect_stack_use_after_return=0`: no frame on a separate heap-allocated stack, kept
///   poisoned after its return (a use after return cannot be written in safe Rust);
/// - `malloc_context_size=0`: no stack unwound and stored at each allocation and release, which
///   only an error report prints (AddressSanitizer keeps the one frame it always keeps).
///
/// Together about a tenth of the samples of `engines_playable_iff_listed` (perf: the fake
/// stacks, the unwinding and the stack depot), and 12 to 33 % more inputs a second without
/// them; docs/figures.md, "Fuzzing".
pub const ASAN_DEFAULTS: &CStr = c"detect_stack_use_after_return=0:malloc_context_size=0";

/// Sets up an engine target: libFuzzer's panic hook ([`libfuzzer_sys::initialize`]), then
/// [`ENGINE_FLAGS`] put into the command line after the program's name, and said on stderr.
///
/// # Safety
///
/// `argc` and `argv` must be libFuzzer's, as given to `LLVMFuzzerInitialize`: a count and an
/// array of that many C strings.
pub unsafe fn initialize(argc: *mut c_int, argv: *mut *mut *mut c_char) -> c_int {
    libfuzzer_sys::initialize(argc.cast_const().cast(), argv.cast_const().cast());
    // SAFETY: libFuzzer's argc and argv, as the caller promises.
    let given = unsafe { std::slice::from_raw_parts(*argv, usize::try_from(*argc).unwrap_or(0)) };
    let Some((&program, rest)) = given.split_first() else {
        return 0;
    };
    let mut args = vec![program];
    args.extend(ENGINE_FLAGS.iter().map(|flag| flag.as_ptr().cast_mut()));
    args.extend_from_slice(rest);
    args.push(std::ptr::null_mut());
    let flags: Vec<_> = ENGINE_FLAGS.iter().map(|f| f.to_string_lossy()).collect();
    eprintln!(
        "trichess: this engine target runs with {} unless the command line says otherwise, \
         and AddressSanitizer with {} unless ASAN_OPTIONS says otherwise",
        flags.join(" "),
        ASAN_DEFAULTS.to_string_lossy()
    );
    // SAFETY: as above; the new array lives as long as the process (libFuzzer keeps it).
    unsafe {
        *argc = c_int::try_from(args.len() - 1).unwrap_or(c_int::MAX);
        *argv = Box::leak(args.into_boxed_slice()).as_mut_ptr();
    }
    0
}

/// Defines an engine target: `engine_target!(EnginesSameMoves)` in place of
/// `libfuzzer_sys::fuzz_target!`, with the flags of [`ENGINE_FLAGS`] ([`initialize`]), the
/// AddressSanitizer options of [`ASAN_DEFAULTS`] and each input run by [`Case::test_input`].
#[macro_export]
macro_rules! engine_target {
    ($target:ident) => {
        /// Called by AddressSanitizer once, as it starts, for the options it reads before
        /// `ASAN_OPTIONS`'s.
        #[unsafe(no_mangle)]
        pub extern "C" fn __asan_default_options() -> *const ::std::ffi::c_char {
            $crate::ASAN_DEFAULTS.as_ptr()
        }

        /// Called by libFuzzer once, before it reads its flags.
        ///
        /// # Safety
        ///
        /// `argc` and `argv` must be libFuzzer's own.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn LLVMFuzzerInitialize(
            argc: *mut ::std::ffi::c_int,
            argv: *mut *mut *mut ::std::ffi::c_char,
        ) -> ::std::ffi::c_int {
            // SAFETY: libFuzzer's own argc and argv.
            unsafe { $crate::initialize(argc, argv) }
        }

        /// Called by libfuzzer-sys for each input.
        #[unsafe(no_mangle)]
        #[allow(improper_ctypes_definitions)]
        pub extern "C" fn rust_fuzzer_test_input(bytes: &[u8]) -> i32 {
            $crate::$target::test_input(bytes)
        }
    };
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
