#![no_main]
//! The readers of the engine protocol (`trichess_protocol::read_reply_line` and
//! `read_request_line`) never panic on any line: every line is read both as replies and as
//! requests; what reads is written again and reads back the same (each reply's answer also
//! read as a handshake, moves, a position and an outcome, and round-tripped), a request
//! refused is an error reply that reads back as itself, and a line refused is refused for the
//! right reason with a message of one short line. The first byte picks the variant the
//! answers are read for, the rest is the line (any bytes, not necessarily UTF-8).
//!
//! The property is `trichess_diff::property::Target::ProtocolReaderNeverPanics`, which
//! `cargo test` also replays on this target's corpus and regressions. A failure panics with
//! the line and what went wrong; the input prints (Debug) as its case.
//!
//! cargo +nightly fuzz run protocol_reader_never_panics -- -max_total_time=120

use libfuzzer_sys::fuzz_target;
use trichess_fuzz::ProtocolReaderNeverPanics;

fuzz_target!(|case: ProtocolReaderNeverPanics| case.check());
