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
//! ```
//! use trichess_diff::{Choices, Seeded};
//! let mut choices = Seeded::new(7);
//! assert!(choices.below(10) < 10);
//! ```

#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::panic))]

pub mod attribute;
mod campaign;
mod choices;
mod compare;
pub mod cross_check;
pub mod expect;
mod finding;
mod generate;
pub mod html;
pub mod infer;
pub mod measure;
pub mod output;
pub mod property;
pub mod report;
mod shrink;
pub mod zoo;

pub use campaign::{
    Campaign, CampaignError, CampaignReport, Discovery, Flow, Observer, Quiet, Silent, Sink,
    VariantRun, table_roots,
};
pub use choices::{Choices, Seeded};
pub use compare::{Again, Compared, Duel, EngineFactory};
pub use finding::{Finding, Kind};
pub use generate::{Edit, Generator, Step, mate_or_elimination, random_game};
pub use shrink::{shorten_path, shrink};
