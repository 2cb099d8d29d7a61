#![no_main]
//! The text form of a position never panics on any input, and a position it reads prints
//! (`to_text`) as a text that reads back as the same position, and as a JSON form that reads
//! back as the same position too. The first byte picks the variant, the rest is the text.
//!
//! The property is `trichess_diff::property::Target::TextRoundTrip`, which `cargo test` also
//! replays on this target's corpus and regressions. A failure panics with what each side says
//! and a paste-ready fixture; the input prints (Debug) as a fixture too.
//!
//! cargo +nightly fuzz run text_round_trip -- -max_total_time=60

use libfuzzer_sys::fuzz_target;
use trichess_fuzz::TextRoundTrip;

fuzz_target!(|case: TextRoundTrip| case.check());
