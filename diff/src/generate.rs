//! The position generator: random legal play from the start and from other root positions
//! (the perft tables'), and random edits, each kept only when both engines accept it.

use std::collections::BTreeMap;

use trichess_model::{Cell, Game, Move, Piece, Role, Seat, Setup, Shape, Variant, VariantState};
use trichess_suite::OpenPoint;

use crate::{Choices, Compared, Duel, Finding, Kind, Side};

/// Picks a game of `variant`: each open point at its default (half the time) or at a random
/// one of its other readings.
pub fn random_game(
    variant: Variant,
    open_points: &[OpenPoint],
    choices: &mut impl Choices,
) -> Game {
    let mut game = Game::new(variant);
    for point in open_points {
        let readings = &point.readings;
        if readings.len() > 1 && choices.chance(50) {
            let reading = &readings[1 + choices.below(readings.len() - 1)];
            game.interpretations
                .insert(point.id.clone(), reading.clone());
        }
    }
    game
}

/// Returns true if the move from `before` to `after` took a royal piece off the board (a
/// checkmate, an elimination, a king captured) or changed the pending mates (Yalta under
/// `yalta.mate-final=after-left-player`: one made pending, lifted or settled): the moments
/// after which the rules on who moves next, what an army becomes and which rights last are
/// applied together.
pub fn mate_or_elimination(before: &Setup, after: &Setup) -> bool {
    let royals = |s: &Setup| {
        let royal = s.variant.royal();
        s.pieces.values().filter(|p| p.role == royal).count()
    };
    let pending = |s: &Setup| s.yalta().map(|y| y.pending_mate.clone());
    royals(after) < royals(before) || pending(after) != pending(before)
}

/// A random change to a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Takes a piece off (never a royal piece).
    RemovePiece,
    /// Puts a random piece (not royal) on an empty cell.
    AddPiece,
    /// Moves a royal piece to an empty cell next to another royal piece.
    KingNextToKing,
    /// Empties a half-board (hexagonal boards) or an army (square boards) of every piece but
    /// the royal ones.
    EmptyArmy,
    /// Gives a castling right to a piece that has none.
    GiveCastling,
    /// Takes a castling right away.
    TakeCastling,
    /// Marks an empty cell as passed over by a double step.
    GiveEnPassant,
    /// Takes the en passant right away.
    TakeEnPassant,
    /// Gives the move to another seat.
    OtherToMove,
}

impl Edit {
    /// Every edit.
    pub const ALL: [Edit; 9] = [
        Edit::RemovePiece,
        Edit::AddPiece,
        Edit::KingNextToKing,
        Edit::EmptyArmy,
        Edit::GiveCastling,
        Edit::TakeCastling,
        Edit::GiveEnPassant,
        Edit::TakeEnPassant,
        Edit::OtherToMove,
    ];

    /// Applies the edit, or returns `None` if it does not apply to this position.
    pub fn apply(self, setup: &Setup, choices: &mut impl Choices) -> Option<Setup> {
        let variant = setup.variant;
        let royal = variant.royal();
        let board = variant.board();
        let mut out = setup.clone();
        // Listed only by the edits that need them (the fuzz targets edit on many inputs).
        let empty = || -> Vec<Cell> {
            board
                .cells()
                .into_iter()
                .filter(|c| !setup.pieces.contains_key(c))
                .collect()
        };
        match self {
            Edit::RemovePiece => {
                let cells: Vec<Cell> = setup
                    .pieces
                    .iter()
                    .filter(|(_, p)| p.role != royal)
                    .map(|(c, _)| *c)
                    .collect();
                let cell = *choices.pick(&cells)?;
                out.pieces.remove(&cell);
                out.castling.remove(&cell);
            }
            Edit::AddPiece => {
                let cell = *choices.pick(&empty())?;
                let roles: Vec<_> = variant.roles().iter().filter(|&&r| r != royal).collect();
                let role = **choices.pick(&roles)?;
                let owner = Seat::ALL[choices.below(3)];
                out.pieces.insert(cell, Piece::new(owner, role));
            }
            Edit::KingNextToKing => {
                let royals: Vec<Cell> = setup
                    .pieces
                    .iter()
                    .filter(|(_, p)| p.role == royal)
                    .map(|(c, _)| *c)
                    .collect();
                if royals.len() < 2 {
                    return None;
                }
                let moving = royals[choices.below(royals.len())];
                let others: Vec<Cell> = royals.iter().copied().filter(|&c| c != moving).collect();
                let target = *choices.pick(&others)?;
                let near: Vec<Cell> = empty()
                    .into_iter()
                    .filter(|&c| next_to(c, target))
                    .collect();
                let cell = *choices.pick(&near)?;
                let piece = out.pieces.remove(&moving)?;
                out.pieces.insert(cell, piece);
                out.castling.clear();
            }
            Edit::EmptyArmy => {
                let seat = Seat::ALL[choices.below(3)];
                let hex = board.shape() == Shape::HexTrisection;
                out.pieces.retain(|c, p| {
                    p.role == royal
                        || if hex {
                            c.sector() != Some(seat)
                        } else {
                            p.owner != seat
                        }
                });
                let kept: BTreeMap<Cell, Piece> = out.pieces.clone();
                out.castling.retain(|c| kept.contains_key(c));
            }
            Edit::GiveCastling => {
                let cells: Vec<Cell> = setup
                    .pieces
                    .keys()
                    .copied()
                    .filter(|c| !setup.castling.contains(c))
                    .collect();
                out.castling.insert(*choices.pick(&cells)?);
            }
            Edit::TakeCastling => {
                let cells: Vec<Cell> = setup.castling.iter().copied().collect();
                out.castling.remove(choices.pick(&cells)?);
            }
            Edit::GiveEnPassant => out.en_passant = Some(*choices.pick(&empty())?),
            Edit::TakeEnPassant => {
                setup.en_passant?;
                out.en_passant = None;
            }
            Edit::OtherToMove => {
                out.to_move = if choices.chance(50) {
                    setup.to_move.next()
                } else {
                    setup.to_move.prev()
                };
                out.en_passant = None;
            }
        }
        refit(setup, &mut out);
        (out != *setup).then_some(out)
    }
}

/// Keeps the variant state of an edited position in step with its pieces: a state that was
/// the default for the old pieces becomes the default for the new ones (the state names cells
/// of pieces, such as Yuri's unmoved pawns or O'Sullivan's P4s).
pub(crate) fn refit(old: &Setup, new: &mut Setup) {
    if old.state == VariantState::default_for(old.variant, &old.pieces) {
        new.state = VariantState::default_for(new.variant, &new.pieces);
    }
}

/// Returns true if two cells are neighbours by name: on the same board part, files and ranks
/// each at most one apart. (The engines know the real geometry; this only aims edits.)
fn next_to(a: Cell, b: Cell) -> bool {
    a != b
        && a.sector() == b.sector()
        && a.file().abs_diff(b.file()) <= 1
        && a.rank().abs_diff(b.rank()) <= 1
}

/// What the generator yields.
#[derive(Clone, Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "one step per generated position, moved once: boxing would save nothing measurable"
)]
pub enum Step {
    /// A position both engines accept.
    Position(Setup),
    /// An edit one engine accepts and the other refuses (or that crashed one).
    Finding(Finding),
}

/// Yields positions of one game, valid by construction: a walk of random legal moves from a
/// random root, with random edits between moves, each edit kept only when both engines
/// accept the result.
#[derive(Clone, Debug)]
pub struct Generator {
    game: Game,
    roots: Vec<Setup>,
    current: Option<Setup>,
    /// Where the current walk last started afresh (its root or its last edit), and the moves
    /// played since.
    origin: Option<Setup>,
    trail: Vec<Move>,
    /// The position the last position yielded was reached from by the trail's last move,
    /// when it was reached by a move.
    previous: Option<Setup>,
    /// Whether the current walk started at the first root with no edit since.
    from_first_root: bool,
    /// Whether the current walk is a whole game ([`Policy::game_percent`]).
    whole_game: bool,
    plies: usize,
    /// How many plies a walk goes before it starts again from a root.
    pub walk_length: usize,
    /// The chance, in percent, that a step is an edit rather than a move.
    pub edit_percent: usize,
    /// How moves are chosen.
    pub policy: Policy,
    /// Whether the roots are known to be positions both engines accept (a caller that asked
    /// already), so that a walk does not ask again where it starts.
    pub roots_accepted: bool,
    /// The engine whose moves the current walk plays.
    driver: Side,
}

/// The most plies a whole-game walk plays ([`Policy::game_percent`]).
pub const GAME_PLIES: usize = 300;

/// How a walk chooses its moves: a uniform walk rarely reaches the states where the rules are
/// most special (mates, armies taken over, players out, the end of the game), so by default
/// it seeks mates and captures on some of its moves, and some walks play the moves of the
/// second engine (the one under test), so that positions only it reaches are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// The chance, in percent, that a move is sought that mates or eliminates
    /// ([`mate_or_elimination`]): the legal moves are tried in turn from a random one and the
    /// first such one is played (else the next choice is made). A walk that reaches one goes
    /// on at least half its length from there, into the game after it.
    pub mate_percent: usize,
    /// The chance, in percent, that a capture is played (a random one; else a random move).
    pub capture_percent: usize,
    /// The chance, in percent, that a walk is a whole game: from the first root (the start),
    /// with no edits, until the game is over (or [`GAME_PLIES`] plies).
    pub game_percent: usize,
    /// The chance, in percent, that a walk plays the second engine's moves (chosen from its
    /// list, played by it) instead of the first's.
    pub second_engine_percent: usize,
}

impl Policy {
    /// Random moves of the first engine, nothing sought.
    pub const UNIFORM: Policy = Policy {
        mate_percent: 0,
        capture_percent: 0,
        game_percent: 0,
        second_engine_percent: 0,
    };
}

impl Default for Policy {
    /// Mates sought on a quarter of the moves, captures on a third; one walk in twenty a
    /// whole game (each is long: about a fifth of the positions), a quarter driven by the
    /// second engine.
    fn default() -> Policy {
        Policy {
            mate_percent: 25,
            capture_percent: 33,
            game_percent: 5,
            second_engine_percent: 25,
        }
    }
}

impl Generator {
    /// Returns a generator of positions of `game` starting from `roots` (which must not be
    /// empty; roots that an engine refuses are skipped when met).
    pub fn new(game: Game, roots: Vec<Setup>) -> Generator {
        Generator {
            game,
            roots,
            current: None,
            origin: None,
            trail: Vec::new(),
            previous: None,
            from_first_root: false,
            whole_game: false,
            plies: 0,
            walk_length: 60,
            edit_percent: 25,
            policy: Policy::default(),
            roots_accepted: false,
            driver: Side::First,
        }
    }

    /// Returns the game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Returns the position the last position yielded was reached from (the walk's root or
    /// its last edit) and the moves that reached it, as the walk's engine plays them (the
    /// first, or the second on a walk it drives).
    pub fn trail(&self) -> Option<(&Setup, &[Move])> {
        Some((self.origin.as_ref()?, &self.trail))
    }

    /// Returns the position the last position yielded was reached from and the move that
    /// reached it, if it was reached by a move (not a root or an edit).
    pub fn last_move(&self) -> Option<(&Setup, Move)> {
        Some((self.previous.as_ref()?, *self.trail.last()?))
    }

    /// Returns the next position, or a finding met on the way; `None` if no root is usable.
    pub fn next(&mut self, duel: &mut Duel, choices: &mut impl Choices) -> Option<Step> {
        for _ in 0..64 {
            // The current position is taken, not copied: each path below puts it back, puts
            // the next position in its place, or leaves none (the walk has ended).
            let Some(current) = self.current.take() else {
                self.whole_game = choices.chance(self.policy.game_percent);
                let root = if self.whole_game {
                    self.roots.first()
                } else {
                    choices.pick(&self.roots)
                }?
                .clone();
                self.plies = 0;
                self.driver = if choices.chance(self.policy.second_engine_percent) {
                    Side::Second
                } else {
                    Side::First
                };
                let accepted = if self.roots_accepted {
                    Some(true)
                } else {
                    duel.both_accept(&self.game, &root)
                };
                match accepted {
                    Some(true) => {
                        self.start_from(&root);
                        self.from_first_root = self.roots.first() == Some(&root);
                        return Some(Step::Position(root));
                    }
                    Some(false) => continue,
                    None => return Some(Step::Finding(validity(duel, &self.game, &root))),
                }
            };
            let length = if self.whole_game {
                GAME_PLIES
            } else {
                self.walk_length
            };
            if self.plies >= length {
                continue;
            }
            self.plies += 1;
            if !self.whole_game && choices.chance(self.edit_percent) {
                let edit = *choices.pick(&Edit::ALL)?;
                let edited = edit.apply(&current, choices);
                self.current = Some(current);
                let Some(edited) = edited else {
                    continue;
                };
                match duel.both_accept(&self.game, &edited) {
                    Some(true) => {
                        self.start_from(&edited);
                        return Some(Step::Position(edited));
                    }
                    Some(false) => continue,
                    None => return Some(Step::Finding(validity(duel, &self.game, &edited))),
                }
            }
            let moves = duel.moves_of(self.driver, &self.game, &current);
            let Some((mv, Some(next))) = self.play_one(duel, &current, &moves, choices) else {
                continue;
            };
            if mate_or_elimination(&current, &next) {
                self.plies = self.plies.min(self.walk_length / 2);
            }
            self.current = Some(next.clone());
            self.previous = Some(current);
            self.trail.push(mv);
            return Some(Step::Position(next));
        }
        None
    }

    /// Picks one of `moves` by the policy and plays it with the walk's engine (`None` if there
    /// are none): a move that mates or eliminates (the first, counting from a random one),
    /// else a capture, else a random move, each sought by its chance.
    fn play_one(
        &self,
        duel: &mut Duel,
        current: &Setup,
        moves: &[Move],
        choices: &mut impl Choices,
    ) -> Option<(Move, Option<Setup>)> {
        let side = self.driver;
        // A whole game seeks a mate on every move, so that it ends.
        let seek_mate = self.whole_game || choices.chance(self.policy.mate_percent);
        if seek_mate && !moves.is_empty() {
            let first = choices.below(moves.len());
            for k in 0..moves.len() {
                let mv = moves[(first + k) % moves.len()];
                let next = duel.play_with(side, &self.game, current, mv);
                if next
                    .as_ref()
                    .is_some_and(|n| mate_or_elimination(current, n))
                {
                    return Some((mv, next));
                }
            }
        }
        // Captures thin the armies out towards mates; a whole game keeps its material and
        // pushes its pawns instead, towards promotions.
        let favoured = |mv: &&Move| {
            if self.whole_game {
                current
                    .pieces
                    .get(&mv.from())
                    .is_some_and(|p| p.role == Role::Pawn)
            } else {
                current.pieces.contains_key(&mv.to())
            }
        };
        let mv = if choices.chance(self.policy.capture_percent) {
            let chosen: Vec<Move> = moves.iter().filter(favoured).copied().collect();
            match choices.pick(&chosen) {
                Some(mv) => *mv,
                None => *choices.pick(moves)?,
            }
        } else {
            *choices.pick(moves)?
        };
        Some((mv, duel.play_with(side, &self.game, current, mv)))
    }

    /// Says whether the last position yielded was reached by play from the first root (the
    /// start of the game, where the campaign gives it first), with no edit on the way.
    pub fn played_from_first_root(&self) -> bool {
        self.from_first_root
    }

    /// Says whether a whole-game walk is under way ([`Policy::game_percent`]).
    pub fn playing_whole_game(&self) -> bool {
        self.whole_game && self.current.is_some()
    }

    /// Says whether the current walk plays the second engine's moves.
    pub fn driven_by_second(&self) -> bool {
        self.driver == Side::Second
    }

    /// Makes `setup` the current position and the walk's new origin.
    fn start_from(&mut self, setup: &Setup) {
        self.current = Some(setup.clone());
        self.origin = Some(setup.clone());
        self.trail.clear();
        self.previous = None;
        self.from_first_root = false;
    }
}

impl Generator {
    /// Takes the next step and compares the engines where it leads: the positions compared
    /// and the disagreement found there (with the walk's move path to it), or the finding met
    /// on the way (with no position compared); `None` if no root is usable.
    pub fn compare_next(
        &mut self,
        duel: &mut Duel,
        choices: &mut impl Choices,
        depth: u32,
    ) -> Option<Compared> {
        let game = self.game.clone();
        Some(match self.next(duel, choices)? {
            Step::Finding(f) => Compared {
                positions: 0,
                finding: Some(f),
            },
            Step::Position(setup) => {
                let mut compared = duel.compare(&game, &setup, depth);
                if let (Some(f), Some((origin, moves))) = (compared.finding.take(), self.trail()) {
                    compared.finding = Some(f.reached_from(origin, moves));
                }
                compared
            }
        })
    }
}

/// Describes a position that the engines do not agree is valid, as a finding.
fn validity(duel: &mut Duel, game: &Game, setup: &Setup) -> Finding {
    duel.compare(game, setup, 1)
        .finding
        .unwrap_or_else(|| Finding {
            kind: Kind::DifferentValidity,
            game: game.clone(),
            setup: setup.clone(),
            mv: None,
            a_says: "?".into(),
            b_says: "?".into(),
            a_moves: None,
            a_expect: None,
            refusals: [None, None],
            origin: None,
            path: Vec::new(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::choices::Seeded;
    use trichess_model::Engine;

    /// A walk asks both engines about its root before it starts there, unless it is told its
    /// roots are accepted: a board with no pieces, which both engines refuse (each army needs
    /// its King), is skipped by the first walk and yielded by the second, which asked nothing.
    #[test]
    fn a_walk_told_its_roots_are_accepted_does_not_ask_about_them() {
        let game = Game::new(Variant::OSullivan);
        let pieces = BTreeMap::new();
        let empty = Setup {
            variant: game.variant,
            to_move: Seat::A,
            state: VariantState::default_for(game.variant, &pieces),
            pieces,
            castling: Default::default(),
            en_passant: None,
        };
        let mut duel = Duel::new(
            Box::new(|| Box::new(trichess_oracle::Oracle) as Box<dyn Engine>),
            Box::new(|| Box::new(trichess_fast::Fast::default()) as Box<dyn Engine>),
        );
        let mut asking = Generator::new(game.clone(), vec![empty.clone()]);
        let step = asking.next(&mut duel, &mut Seeded::new(1));
        assert!(!matches!(step, Some(Step::Position(_))), "{step:?}");
        let mut told = Generator::new(game, vec![empty.clone()]);
        told.roots_accepted = true;
        let step = told.next(&mut duel, &mut Seeded::new(1));
        assert!(
            matches!(&step, Some(Step::Position(s)) if *s == empty),
            "{step:?}"
        );
    }
}
