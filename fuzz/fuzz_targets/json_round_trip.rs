#![no_main]
//! The JSON form of a position never panics on any input, and a position it reads prints as
//! a text form and a JSON form that both read back as the same position. The first byte
//! picks the variant, the rest is the JSON text.
//!
//! The property is `trichess_diff::property::Target::JsonRoundTrip`, which `cargo test` also
//! replays on this target's corpus and regressions. A failure panics with what each side says
//! and a paste-ready fixture; the input prints (Debug) as a fixture too.
//!
//! cargo +nightly fuzz run json_round_trip -- -max_total_time=60

use libfuzzer_sys::fuzz_target;
use trichess_fuzz::JsonRoundTrip;

fuzz_target!(|case: JsonRoundTrip| case.check());
