#![no_main]
//! The move notation never panics on any input, and a move it reads prints exactly as it was
//! written (there is one spelling of each move) and reads back as the same move. The first
//! byte picks the variant, the rest is the move text.
//!
//! The property is `trichess_diff::property::Target::MoveRoundTrip`, which `cargo test` also
//! replays on this target's corpus and regressions. A failure panics with what each side says
//! and a paste-ready fixture; the input prints (Debug) as a fixture too.
//!
//! cargo +nightly fuzz run move_round_trip -- -max_total_time=60

use libfuzzer_sys::fuzz_target;
use trichess_fuzz::MoveRoundTrip;

fuzz_target!(|case: MoveRoundTrip| case.check());
