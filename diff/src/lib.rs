//! The differential run of trichess: positions generated valid by construction (random legal
//! play and random edits, each edit kept only when both engines accept it), compared between
//! two engines on the validity verdict, the legal move set, the position after every legal
//! move, the game result and a shallow perft. A disagreement is descended by perft divide to the
//! first position where the engines differ, shrunk (a shorter move path, fewer pieces, less
//! written state, default readings), and classified.
//!
//! The crate knows engines only through [`trichess_model::Engine`], so it compares any two:
//! the oracle and the fast engine, a deliberately broken one in a test, or an external one.
//! A panic in an engine is caught and becomes a [`Kind::Crash`] finding.
//!
//! - [`Campaign`]: the one generate, compare and shrink loop (variants, readings, a budget in
//!   seconds or positions, a seed, threads), used by `trichess diff`, `mutants --catch`,
//!   `cross-check`, the fuzz targets' properties and other engines' tests; a [`Sink`] hears of
//!   each [`Finding`] as it is found, and [`CampaignReport::assert`] lists them all.
//! - [`Generator`] and [`Choices`]: positions valid by construction, from a seeded RNG
//!   ([`Seeded`]) or a fuzzer's bytes; [`Duel`]: the comparison of one position; [`shrink`].
//! - [`cross_check`] (an engine through the protocol, and the server of `trichess serve`),
//!   [`zoo`] (the hunt of planted bugs, the fast engine's mutants among them), [`infer`]
//!   (which readings an engine follows), [`attribute`] (a finding's rules, from the oracle's
//!   explanation), [`report`] (the discrepancy table in Markdown, JSON and SVG), [`measure`]
//!   (threaded perft, bench, peak memory) and [`property`] (the fuzz targets' properties).
//!
//! A bounded run, as another engine's test would write it (here the fast engine against the
//! oracle):
//!
//! ```
//! use trichess_diff::Campaign;
//! use trichess_model::{Engine, Variant};
//!
//! let oracle = || Box::new(trichess_oracle::Oracle) as Box<dyn Engine>;
//! let fast = || Box::new(trichess_fast::Fast::default()) as Box<dyn Engine>;
//! let report = Campaign::new(&[Variant::OSullivan])
//!     .positions(200)
//!     .seed(1)
//!     .run(oracle, fast)
//!     .expect("both play O'Sullivan");
//! report.assert();
//! ```

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]
#![warn(missing_docs)]

pub mod attribute;
mod campaign;
mod choices;
mod compare;
pub mod cross_check;
mod deep;
pub mod expect;
mod finding;
mod generate;
pub mod html;
pub mod infer;
pub mod measure;
mod memo;
pub mod output;
pub mod property;
pub mod report;
mod shrink;
pub mod zoo;

pub use campaign::{
    Campaign, CampaignError, CampaignReport, Discovery, Flow, Observer, Quiet, Silent, Sink,
    VariantRun, clock_seed, quietly, replay_command, table_roots,
};
pub use choices::{Choices, Seeded};
pub use compare::{Again, Compared, Duel, EngineFactory, Side};
pub use deep::DeepStates;
pub use finding::{Finding, Kind};
pub use generate::{Edit, GAME_PLIES, Generator, Policy, Step, mate_or_elimination, random_game};
pub use shrink::{shorten_path, shrink};
