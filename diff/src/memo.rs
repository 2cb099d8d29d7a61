//! An engine that remembers its answers: for the fuzz targets, whose inputs mostly walk through
//! positions an earlier input already visited (a mutation of an input's last bytes changes
//! only its last steps), so that an input costs about what its new positions cost.
//!
//! Only for engines whose answers are a function of the question (the game, the position, the
//! move), as an engine in this process is: an external engine that answers differently twice
//! would have its second answer hidden.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::rc::Rc;

use trichess_model::{Engine, EngineError, Game, Move, Outcome, Setup};

/// The most answers of one kind a memo keeps; when full it forgets them all, so that a long
/// fuzz run's memory stays bounded, within libFuzzer's default limit of 2 GB, while a grown
/// corpus's positions (a few thousand inputs of at most four positions) still fit.
const CAPACITY: usize = 1 << 14;

/// A question: the game, the position and, for `play`, the move.
type Question<'q> = (&'q Game, &'q Setup, Option<Move>);

/// The answers of one kind, by the fingerprint of their question, each kept with its question
/// (so that two questions of the same fingerprint are told apart). The map finds a fingerprint
/// by a [`Fingerprint`] of it too, not the default SipHash.
#[derive(Debug)]
struct Answers<V>(HashMap<u64, Vec<(Asked, V)>, BuildHasherDefault<Fingerprint>>);

/// A question kept: the game, the position and the move, owned.
type Asked = (Game, Setup, Option<Move>);

impl<V: Clone> Answers<V> {
    /// Returns the answer to `question`, asking `ask` if it is not known yet. A known answer
    /// costs a fingerprint and a comparison, no copy of the question.
    fn get(&mut self, question: Question<'_>, ask: impl FnOnce() -> V) -> V {
        let mut hasher = Fingerprint::default();
        question.hash(&mut hasher);
        let print = hasher.finish();
        let (game, setup, mv) = question;
        if let Some((_, known)) = self.0.get(&print).and_then(|kept| {
            kept.iter()
                .find(|((g, s, m), _)| g == game && s == setup && *m == mv)
        }) {
            return known.clone();
        }
        let answer = ask();
        if self.0.len() >= CAPACITY {
            self.0.clear();
        }
        self.0
            .entry(print)
            .or_default()
            .push(((game.clone(), setup.clone(), mv), answer.clone()));
        answer
    }
}

impl<V> Default for Answers<V> {
    fn default() -> Self {
        Answers(HashMap::default())
    }
}

/// A quick hash of a question (a multiply-rotate of each word): much cheaper than the default
/// SipHash, and a fingerprint need not resist an adversary.
#[derive(Default)]
struct Fingerprint(u64);

impl Hasher for Fingerprint {
    fn write(&mut self, bytes: &[u8]) {
        // Whole words read as words (no copy: a copy is a call to memcpy, which the fuzz
        // build's AddressSanitizer checks), then the last bytes, fewer than eight, one word.
        let mut words = bytes.chunks_exact(8);
        for word in &mut words {
            let word: [u8; 8] = word.try_into().unwrap_or_default();
            self.write_u64(u64::from_le_bytes(word));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let tail = rest.iter().rev().fold(0, |w, &b| (w << 8) | u64::from(b));
            self.write_u64(tail);
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, byte: u8) {
        self.write_u64(u64::from(byte));
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(u64::from(word));
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Every answer kept, shared by the memos of one engine factory.
#[derive(Debug, Default)]
struct Known {
    checks: Answers<Result<(), EngineError>>,
    moves: Answers<Result<Vec<Move>, EngineError>>,
    plays: Answers<Result<Setup, EngineError>>,
    outcomes: Answers<Result<Outcome, EngineError>>,
    starts: HashMap<Game, Result<Setup, EngineError>>,
}

/// Returns a factory of engines that share what they have answered: each wraps an engine of
/// `make` and asks it only the questions none of them has been asked before.
pub fn remembering(
    make: impl Fn() -> Box<dyn Engine> + Clone + 'static,
) -> impl Fn() -> Box<dyn Engine> + Clone + 'static {
    let known = Rc::new(RefCell::new(Known::default()));
    move || {
        Box::new(Memo {
            engine: make(),
            known: Rc::clone(&known),
        }) as Box<dyn Engine>
    }
}

/// An engine and the answers shared with the other memos of its factory.
struct Memo {
    engine: Box<dyn Engine>,
    known: Rc<RefCell<Known>>,
}

impl Engine for Memo {
    fn name(&self) -> String {
        self.engine.name()
    }

    fn supports(&self, game: &Game) -> Result<(), EngineError> {
        self.engine.supports(game)
    }

    fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
        let mut known = self.known.borrow_mut();
        if let Some(start) = known.starts.get(game) {
            return start.clone();
        }
        let start = self.engine.start(game);
        known.starts.insert(game.clone(), start.clone());
        start
    }

    fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
        let engine = &mut self.engine;
        self.known
            .borrow_mut()
            .checks
            .get((game, setup, None), || engine.check(game, setup))
    }

    fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
        let engine = &mut self.engine;
        self.known
            .borrow_mut()
            .moves
            .get((game, setup, None), || engine.legal_moves(game, setup))
    }

    fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
        let engine = &mut self.engine;
        self.known
            .borrow_mut()
            .plays
            .get((game, setup, Some(mv)), || engine.play(game, setup, mv))
    }

    fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
        self.engine.perft(game, setup, depth)
    }

    fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
        let engine = &mut self.engine;
        self.known
            .borrow_mut()
            .outcomes
            .get((game, setup, None), || engine.outcome(game, setup))
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use trichess_model::Variant;

    use super::*;

    /// The fast engine, counting the questions it is asked.
    struct Counting {
        engine: trichess_fast::Fast,
        asked: Rc<Cell<usize>>,
    }

    impl Engine for Counting {
        fn name(&self) -> String {
            self.engine.name()
        }
        fn supports(&self, game: &Game) -> Result<(), EngineError> {
            self.engine.supports(game)
        }
        fn start(&mut self, game: &Game) -> Result<Setup, EngineError> {
            self.asked.set(self.asked.get() + 1);
            self.engine.start(game)
        }
        fn check(&mut self, game: &Game, setup: &Setup) -> Result<(), EngineError> {
            self.asked.set(self.asked.get() + 1);
            self.engine.check(game, setup)
        }
        fn legal_moves(&mut self, game: &Game, setup: &Setup) -> Result<Vec<Move>, EngineError> {
            self.asked.set(self.asked.get() + 1);
            self.engine.legal_moves(game, setup)
        }
        fn play(&mut self, game: &Game, setup: &Setup, mv: Move) -> Result<Setup, EngineError> {
            self.asked.set(self.asked.get() + 1);
            self.engine.play(game, setup, mv)
        }
        fn perft(&mut self, game: &Game, setup: &Setup, depth: u32) -> Result<u64, EngineError> {
            self.engine.perft(game, setup, depth)
        }
        fn outcome(&mut self, game: &Game, setup: &Setup) -> Result<Outcome, EngineError> {
            self.asked.set(self.asked.get() + 1);
            self.engine.outcome(game, setup)
        }
    }

    #[test]
    fn a_question_asked_again_is_answered_from_memory_by_every_memo_of_the_factory() {
        let asked = Rc::new(Cell::new(0));
        let counted = Rc::clone(&asked);
        let make = remembering(move || {
            Box::new(Counting {
                engine: trichess_fast::Fast::default(),
                asked: Rc::clone(&counted),
            }) as Box<dyn Engine>
        });
        let (mut one, mut other) = (make(), make());
        let mut plain = trichess_fast::Fast::default();
        let game = Game::new(Variant::Yalta);
        let start = one.start(&game).unwrap();
        let moves = one.legal_moves(&game, &start).unwrap();
        let after = one.play(&game, &start, moves[0]).unwrap();
        assert_eq!(asked.get(), 3);
        // The same questions, of the other memo: the same answers, none asked again.
        assert_eq!(other.start(&game), Ok(start.clone()));
        assert_eq!(other.legal_moves(&game, &start), Ok(moves.clone()));
        assert_eq!(other.play(&game, &start, moves[0]), Ok(after.clone()));
        assert_eq!(asked.get(), 3);
        // What the memo answers is what the engine answers.
        assert_eq!(plain.legal_moves(&game, &start), Ok(moves.clone()));
        assert_eq!(plain.play(&game, &start, moves[0]), Ok(after.clone()));
        // Another move, another position, another kind of question or another game: asked.
        other.play(&game, &start, moves[1]).unwrap();
        other.legal_moves(&game, &after).unwrap();
        other.check(&game, &start).unwrap();
        other.outcome(&game, &start).unwrap();
        let mut readings = game.clone();
        readings
            .interpretations
            .insert("yalta.stalemate".into(), "draw".into());
        other.legal_moves(&readings, &start).unwrap();
        assert_eq!(asked.get(), 8);
    }
}
