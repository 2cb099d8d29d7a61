#![no_main]
//! The oracle and the fast engine list the same legal moves, as sets, in every position the
//! generator reaches: a variant, the default readings or a random reading of each open point,
//! a root (the start, a perft table's position, or a position of the pool played before
//! fuzzing) and a walk of up to 3 random legal moves and edits, each edit kept only when both
//! engines accept the position.
//!
//! The property is `trichess_diff::property::Target::EnginesSameMoves`, which `cargo test` also
//! replays on this target's corpus and regressions. A failure panics with what each side says
//! and a paste-ready fixture; the input prints (Debug) as a fixture too.
//!
//! cargo +nightly fuzz run engines_same_moves -- -max_total_time=60

trichess_fuzz::engine_target!(EnginesSameMoves);
