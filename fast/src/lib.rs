//! The fast engine: an independent implementation of the four variants, written for speed.
//!
//! It depends on `trichess-model` and on the register's data in `trichess-suite` (the open
//! points and their readings), never on the oracle (`tests/independence.rs` checks). Its
//! geometry, validation and rules are its own, derived from the source texts and the readings
//! named in the rule register, never from the oracle's code: where the two engines disagree,
//! one of them misread a rule, and the differential run exists to find out which.
//!
//! It is written for speed: cell-indexed bitsets (a `u64` for O'Sullivan and Yuri, a `u128`
//! for Yalta, three words for Triple Crown's 150 cells), ray, leap and step tables built once
//! per board and reading, copy-make positions, move buffers reused per ply, the last ply of
//! perft counted in bulk, and no allocation per node.
//!
//! Each variant lives in a module of its own, its files named for the oracle's rooms
//! (`mod.rs`: its readings and its rules as one `engine::Rules`; `board.rs`/`tables.rs`: the
//! geometry, built once, and the position; `pieces.rs`, `pawns.rs`, `castling.rs`,
//! `check.rs`: move generation rule by rule; `turn.rs`: copy-make and the settling of the turn;
//! `validate.rs`: setups checked into the internal position and written back) on a common
//! spine: one bitset trait (`bitset`), the shared small types (`types`: the seats and the
//! roles of every variant, `#[repr(u8)]` enums in the model's order that index the tables by
//! seat and by role, Triple Crown's dense index of its own roles a function beside them; and
//! the one move type, `Mv`), one generic `impl Engine` (`engine`) and one perft (`perft`). [`Fast`] plays every variant and
//! dispatches on the game's variant.
//!
//! [`Fast::with_mutant`] builds the engine with one deliberately planted rules bug (a
//! [`Mutant`], listed in [`Mutant::ALL`]), for showing that the fixture suite and the
//! differential run catch bugs; [`Fast::default`] carries none, and is compiled apart from it:
//! its generators test no mutant's switch.
//!
//! ```
//! use trichess_fast::{Fast, Mutant};
//! use trichess_model::{Engine, Game, Variant};
//!
//! let game = Game::new(Variant::OSullivan);
//! let mut fast = Fast::default();
//! let start = fast.start(&game).expect("plays O'Sullivan");
//! assert_eq!(fast.perft(&game, &start, 2).expect("counts"), 195);
//! // Red's P4 may not double-step: 14 fewer paths.
//! let mutant = Mutant::by_name("osullivan-p4-no-double-step").expect("a mutant of the zoo");
//! let mut mutated = Fast::with_mutant(mutant);
//! assert_eq!(mutated.perft(&game, &start, 2).expect("counts"), 181);
//! ```

#![cfg_attr(
    not(test),
    warn(clippy::unwrap_used, clippy::panic, clippy::too_many_lines)
)]
#![warn(missing_docs)]

mod bitset;
mod engine;
mod hex;
mod mutant;
mod osullivan;
mod perft;
#[cfg(test)]
mod properties;
mod sink;
mod square;
#[cfg(test)]
mod testing;
mod triple_crown;
mod types;
mod yalta;
mod yuri;

use engine::VariantEngine;
pub use mutant::{Family, Mutant, UnknownMutant};
use mutant::{Off, Switch};
use trichess_model::{Engine, EngineError, Game, Move, Outcome, Setup, Variant};

/// The name the fast engine and each of its variant modules report.
const NAME: &str = "fast";

/// Checks the game's readings against the open points of its variant's register (the suite's
/// data, not the oracle's code): an id or a reading it does not know is unsupported.
fn registered(game: &Game) -> Result<(), EngineError> {
    trichess_suite::check_readings(game).map_err(|e| EngineError::Unsupported(e.to_string()))
}

/// The refusal of a reading the register knows but this engine does not play.
fn not_played(id: &str, reading: &str) -> EngineError {
    EngineError::Unsupported(format!("the fast engine does not play {id}={reading}"))
}

/// The fast engine, for every variant.
#[derive(Debug)]
pub struct Fast(Build);

/// The fast engine's two builds: without a mutant, every switch [`Off`], so that its
/// generators test none; with one planted, the switches read at run time.
#[derive(Debug)]
enum Build {
    Clean(Variants<Off>),
    Planted(Mutant, Variants<bool>),
}

/// The engine of each variant, on switches `Sw`.
#[derive(Debug, Default)]
struct Variants<Sw: Switch> {
    osullivan: VariantEngine<osullivan::OSullivan<Sw>>,
    yalta: VariantEngine<yalta::Yalta<Sw>>,
    yuri: VariantEngine<yuri::Yuri<Sw>>,
    triple_crown: VariantEngine<triple_crown::TripleCrown<Sw>>,
}

impl<Sw: Switch> Variants<Sw> {
    fn variant(&self, variant: Variant) -> &dyn Engine {
        match variant {
            Variant::OSullivan => &self.osullivan,
            Variant::Yalta => &self.yalta,
            Variant::Yuri => &self.yuri,
            Variant::TripleCrown => &self.triple_crown,
        }
    }

    fn variant_mut(&mut self, variant: Variant) -> &mut dyn Engine {
        match variant {
            Variant::OSullivan => &mut self.osullivan,
            Variant::Yalta => &mut self.yalta,
            Variant::Yuri => &mut self.yuri,
            Variant::TripleCrown => &mut self.triple_crown,
        }
    }
}

impl Default for Fast {
    fn default() -> Fast {
        Fast(Build::Clean(Variants::default()))
    }
}

impl Fast {
    /// Returns the fast engine with one rules bug planted on purpose: `mutant` changes the
    /// rules of its own variant ([`Mutant::variant`]) and nothing else. Its name says so
    /// (`fast --mutant NAME`).
    pub fn with_mutant(mutant: Mutant) -> Fast {
        let only = |v: Variant| (mutant.variant() == v).then_some(mutant);
        Fast(Build::Planted(
            mutant,
            Variants {
                osullivan: VariantEngine::with_mutant(only(Variant::OSullivan)),
                yalta: VariantEngine::with_mutant(only(Variant::Yalta)),
                yuri: VariantEngine::with_mutant(only(Variant::Yuri)),
                triple_crown: VariantEngine::with_mutant(only(Variant::TripleCrown)),
            },
        ))
    }

    /// Returns the planted mutant, if any.
    pub fn mutant(&self) -> Option<Mutant> {
        match self.0 {
            Build::Clean(_) => None,
            Build::Planted(m, _) => Some(m),
        }
    }

    fn variant(&self, variant: Variant) -> &dyn Engine {
        match &self.0 {
            Build::Clean(v) => v.variant(variant),
            Build::Planted(_, v) => v.variant(variant),
        }
    }

    fn variant_mut(&mut self, variant: Variant) -> &mut dyn Engine {
        match &mut self.0 {
            Build::Clean(v) => v.variant_mut(variant),
            Build::Planted(_, v) => v.variant_mut(variant),
        }
    }
}

impl Engine for Fast {
    fn name(&self) -> String {
        match self.mutant() {
            Some(m) => format!("{NAME} --mutant {m}"),
            None => NAME.into(),
        }
    }

    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        self.variant(game.variant).supports(game)
    }

    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        self.variant_mut(game.variant).start(game)
    }

    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        self.variant_mut(game.variant).check(game, setup)
    }

    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        self.variant_mut(game.variant).legal_moves(game, setup)
    }

    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        self.variant_mut(game.variant).play(game, setup, mv)
    }

    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        self.variant_mut(game.variant).perft(game, setup, depth)
    }

    fn perft_divide(
        &mut self,
        game: &Game,
        setup: &Setup,
        depth: u32,
    ) -> Result<Vec<(Move, u64)>, EngineError> {
        self.variant_mut(game.variant)
            .perft_divide(game, setup, depth)
    }

    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        self.variant_mut(game.variant).outcome(game, setup)
    }
}
