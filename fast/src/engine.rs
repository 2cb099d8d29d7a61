//! The one `impl Engine` of the fast engine: each variant says what its rules are through
//! [`Rules`] (readings, import and export, move generation, copy-make with the turn settled,
//! the result), and [`VariantEngine`] answers the model's `Engine` methods from them alike.

use trichess_model::{Engine, EngineError, Game, Move, Outcome, Setup};

use crate::Mutant;
use crate::perft::{self, Buffers};
use crate::types::Mv;

/// One variant's rules, as the generic engine and the one perft use them.
///
/// A value of the type is a game's readings (and the tables they pick), read by
/// [`Rules::readings`]; a position is imported from the model's setup as a [`Rules::Root`]
/// (the position with what the rules need of its past), and searched as [`Rules::Pos`] nodes
/// with a [`Rules::Walk`] (the search's own state: a history, scratch buffers). Every variant's
/// moves are the one [`Mv`].
pub(crate) trait Rules: Sized {
    /// An imported position.
    type Root;
    /// A position of the search.
    type Pos: Clone;
    /// The state a search carries along.
    type Walk;

    /// Reads the game's readings (with the planted mutant, if any), refusing a game of
    /// another variant, an id or reading the register does not know, and a reading this
    /// engine does not play.
    fn readings(game: &Game, mutant: Option<Mutant>) -> Result<Self, EngineError>;

    /// The variant's starting position.
    fn start(&self) -> Setup;

    /// Checks a setup against the rules and imports it; every problem is listed, with its
    /// kind, in one [`EngineError::InvalidPosition`].
    fn import(&self, setup: &Setup) -> Result<Self::Root, EngineError>;

    /// The search's start: its state and its first position.
    fn walk(&self, root: &Self::Root) -> (Self::Walk, Self::Pos);

    /// Lists the legal moves of the side to move of `pos` into `out` (cleared first).
    fn moves(&self, walk: &mut Self::Walk, pos: &Self::Pos, out: &mut Vec<Mv>);

    /// Plays the legal move `mv` on a copy of `pos` and settles the turn as a perft counts
    /// it, leaving the child's legal moves in `out`.
    fn child(&self, walk: &mut Self::Walk, pos: &Self::Pos, mv: Mv, out: &mut Vec<Mv>)
    -> Self::Pos;

    /// The number of legal moves after `mv` (the last ply of a perft, counted in bulk);
    /// `scratch` is free to use.
    #[inline]
    fn count_after(
        &self,
        walk: &mut Self::Walk,
        pos: &Self::Pos,
        mv: Mv,
        scratch: &mut Vec<Mv>,
    ) -> u64 {
        self.child(walk, pos, mv, scratch);
        scratch.len() as u64
    }

    /// Called before the children of `pos` are searched (a history keeps `pos`).
    #[inline]
    fn enter(&self, _walk: &mut Self::Walk, _pos: &Self::Pos) {}

    /// Called after the children of the position last entered are searched.
    #[inline]
    fn leave(&self, _walk: &mut Self::Walk) {}

    /// The model's name of an internal move.
    fn name(&self, mv: Mv) -> Option<Move>;

    /// The setup after the legal move `mv` from `root` (imported from `setup`).
    fn play(&self, root: &Self::Root, setup: &Setup, mv: Mv) -> Setup;

    /// Says whether the game of an imported position goes on, and if not how it ended.
    fn outcome(&self, root: &Self::Root, setup: &Setup) -> Outcome;
}

/// The fast engine of one variant: the rules of `R`, a planted mutant (if any), the move
/// buffers its perfts reuse and the readings of the game it was last asked about.
#[derive(Debug)]
pub(crate) struct VariantEngine<R: Rules> {
    mutant: Option<Mutant>,
    bufs: Buffers,
    /// The last game whose readings were read, with them: a game's readings are read (and
    /// checked against the register) once, not at every call.
    read: Option<(Game, R)>,
}

impl<R: Rules> Default for VariantEngine<R> {
    fn default() -> Self {
        VariantEngine::with_mutant(None)
    }
}

impl<R: Rules> VariantEngine<R> {
    pub(crate) fn with_mutant(mutant: Option<Mutant>) -> Self {
        VariantEngine {
            mutant,
            bufs: Buffers::default(),
            read: None,
        }
    }

    /// The game's readings (see [`Rules::readings`]), read once for the same game.
    fn rules<'a>(
        read: &'a mut Option<(Game, R)>,
        mutant: Option<Mutant>,
        game: &Game,
    ) -> Result<&'a R, EngineError> {
        let kept = match read.take().filter(|(last, _)| last == game) {
            Some(kept) => kept,
            None => (game.clone(), R::readings(game, mutant)?),
        };
        Ok(&read.insert(kept).1)
    }

    /// Reads the readings, imports the setup and lists its legal moves.
    fn prepare(&mut self, game: &Game, setup: &Setup) -> Result<Prepared<'_, R>, EngineError> {
        let rules = Self::rules(&mut self.read, self.mutant, game)?;
        let root = rules.import(setup)?;
        let (mut walk, pos) = rules.walk(&root);
        let mut moves = Vec::new();
        rules.moves(&mut walk, &pos, &mut moves);
        Ok(Prepared {
            rules,
            root,
            walk,
            pos,
            moves,
            bufs: &mut self.bufs,
        })
    }
}

/// A game's readings with an imported position, the search's state and first position, its
/// legal moves, and the engine's move buffers.
struct Prepared<'a, R: Rules> {
    rules: &'a R,
    root: R::Root,
    walk: R::Walk,
    pos: R::Pos,
    moves: Vec<Mv>,
    bufs: &'a mut Buffers,
}

impl<R: Rules> Engine for VariantEngine<R> {
    fn name(&self) -> String {
        crate::NAME.into()
    }

    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        R::readings(game, self.mutant).map(|_| ())
    }

    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        Ok(Self::rules(&mut self.read, self.mutant, game)?.start())
    }

    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        Self::rules(&mut self.read, self.mutant, game)?
            .import(setup)
            .map(|_| ())
    }

    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        let p = self.prepare(game, setup)?;
        Ok(p.moves
            .into_iter()
            .filter_map(|m| p.rules.name(m))
            .collect())
    }

    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        let p = self.prepare(game, setup)?;
        let Some(&found) = p.moves.iter().find(|&&m| p.rules.name(m) == Some(mv)) else {
            return Err(EngineError::IllegalMove(format!(
                "{mv} is not among the legal moves of {}",
                setup.variant.seat_name(setup.to_move)
            )));
        };
        Ok(p.rules.play(&p.root, setup, found))
    }

    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        let p = self.prepare(game, setup)?;
        let mut walk = p.walk;
        Ok(perft::count(
            p.rules, &mut walk, &p.pos, &p.moves, depth, p.bufs, 0,
        ))
    }

    fn perft_divide(
        &mut self,
        game: &Game,
        setup: &Setup,
        depth: u32,
    ) -> Result<Vec<(Move, u64)>, EngineError> {
        let rest = perft::divide_rest(depth)?;
        let p = self.prepare(game, setup)?;
        let mut walk = p.walk;
        Ok(perft::divide(
            p.rules, &mut walk, &p.pos, &p.moves, rest, p.bufs,
        ))
    }

    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        let rules = Self::rules(&mut self.read, self.mutant, game)?;
        let root = rules.import(setup)?;
        Ok(rules.outcome(&root, setup))
    }
}
