//! The trichess conformance suite for four three-player chess variants (O'Sullivan's Three
//! Player Chess, Yalta Chess, Yuri Chess and Triple Crown): what an engine must answer, as
//! data, and the runner that asks any [`Engine`](trichess_model::Engine).
//!
//! - **The rule registers** ([`register`]): every clause of each variant's source text with a
//!   stable id and its verbatim quote, and the points the sources leave open as named
//!   interpretations with their readings ([`open_points`]). The source texts are here too.
//! - **The fixtures** ([`Fixture`]): one behaviour each, citing the clause it tests with its
//!   words and saying how the expected answer was worked out from them.
//! - **The perft tables** ([`PerftTable`]): move-path counts with the engines that agreed on them.
//!
//! All of it is built into the crate ([`Suite::embedded`]), so a path or git dependency needs
//! no path at run time. An engine implements [`Engine`](trichess_model::Engine) (the
//! `trichess-model` crate) and runs the suite from its own tests; every failure is listed at
//! once, with its rule ids, quote, derivation, what was expected and what the engine said:
//!
//! ```no_run
//! use trichess_model::Variant;
//! use trichess_suite::Runner;
//! # fn my_engine() -> Box<dyn trichess_model::Engine> { unimplemented!() }
//!
//! let mut engine = my_engine();
//! let runner = Runner::new().expect("the suite loads").variant(Variant::Yalta);
//! runner.fixtures(engine.as_mut()).assert();
//! runner.perft(engine.as_mut()).assert();
//! ```
//!
//! `TRICHESS_TEST=yalta/kings,-yalta/kings/touching` runs the fixtures (and perft positions,
//! by `variant/id`) whose names contain `yalta/kings` but not `yalta/kings/touching`
//! ([`Filter`]).

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]
#![warn(missing_docs)]

mod check;
pub mod fixture;
pub mod perft;
mod readings;
pub mod register;
pub mod report;
pub mod runner;

/// The fixtures and perft tables built into the crate (see `build.rs`).
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

pub use check::{Filter, FixtureReport, PerftReport, Runner, Suite, SuiteError};
pub use fixture::{Expect, Fixture, Polarity};
pub use perft::{PerftTable, RowResult, RowVerdict};
pub use readings::{
    OpenPoint, ReadingError, RunReadings, check_readings, open_points, parse_readings,
    readings_for_run, readings_text,
};
pub use register::{Register, RegisterError};
pub use runner::{FixtureResult, Verdict, read_position, run, run_all};
