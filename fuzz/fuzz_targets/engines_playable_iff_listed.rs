#![no_main]
//! In each engine, a move is playable (`play` returns a position) if and only if it is among
//! that engine's legal moves. The move is one the oracle lists, one the fast engine lists, or
//! any move of any form (plain, promotion to any role, castling with any partner) between any
//! two cells of the board, in a position the generator reaches.
//!
//! The property is `trichess_diff::property::Target::EnginesPlayableIffListed`, which `cargo test` also
//! replays on this target's corpus and regressions. A failure panics with what each side says
//! and a paste-ready fixture; the input prints (Debug) as a fixture too.
//!
//! cargo +nightly fuzz run engines_playable_iff_listed -- -max_total_time=60

trichess_fuzz::engine_target!(EnginesPlayableIffListed);
