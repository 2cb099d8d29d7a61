#![no_main]
//! The oracle and the fast engine reach the same position (the same text form, state
//! included) by the same legal move, from every position the generator reaches; the move is
//! one the oracle lists, chosen by the input.
//!
//! The property is `trichess_diff::property::Target::EnginesSamePositions`, which `cargo test` also
//! replays on this target's corpus and regressions. A failure panics with what each side says
//! and a paste-ready fixture; the input prints (Debug) as a fixture too.
//!
//! cargo +nightly fuzz run engines_same_positions -- -max_total_time=60

trichess_fuzz::engine_target!(EnginesSamePositions);
