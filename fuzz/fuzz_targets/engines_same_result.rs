#![no_main]
//! The oracle and the fast engine give the same result (ongoing, a player out, passes, won
//! or drawn, with the reason) for every position the generator reaches.
//!
//! The property is `trichess_diff::property::Target::EnginesSameResult`, which `cargo test` also
//! replays on this target's corpus and regressions. A failure panics with what each side says
//! and a paste-ready fixture; the input prints (Debug) as a fixture too.
//!
//! cargo +nightly fuzz run engines_same_result -- -max_total_time=60

trichess_fuzz::engine_target!(EnginesSameResult);
