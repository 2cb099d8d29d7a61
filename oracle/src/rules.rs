//! The interface every variant's rules implement, and the checked position type.

use std::sync::OnceLock;

use trichess_model::{
    Cell, InvalidPosition, Move, Outcome, Piece, PositionProblem, ProblemKind, Role, Seat, Setup,
    Variant,
};

use crate::board;

/// A position that a variant's rules have checked. Only [`Rules::validate`] and
/// [`Rules::play`] make one outside this crate (inside it, perft plays the moves it has just
/// listed without checking them again, through the crate's sealed `Apply`).
///
/// The rules work on its [`board::Setup`] form; the model's [`Setup`] is made from it when
/// first asked for.
#[derive(Clone, Debug)]
pub struct Position {
    working: board::Setup,
    setup: OnceLock<Setup>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.working == other.working
    }
}

impl Eq for Position {}

impl Position {
    /// Wraps a setup the caller has checked.
    pub(crate) fn checked(setup: Setup) -> Position {
        Position {
            working: board::Setup::from_model(&setup),
            setup: OnceLock::from(setup),
        }
    }

    /// Wraps a working position the caller has checked.
    pub(crate) fn checked_board(working: board::Setup) -> Position {
        Position {
            working,
            setup: OnceLock::new(),
        }
    }

    /// Checks that `setup` is a position of `variant` with no `problems`, every one of which is
    /// reported with its kind.
    pub(crate) fn validated(
        variant: Variant,
        setup: Setup,
        problems: impl FnOnce(&board::Setup) -> Vec<PositionProblem>,
    ) -> Result<Position, InvalidPosition> {
        if setup.variant != variant {
            let problems = vec![PositionProblem::new(
                ProblemKind::WrongVariant,
                format!("this is a {} position", setup.variant),
            )];
            return Err(InvalidPosition { problems });
        }
        let working = board::Setup::from_model(&setup);
        let problems = problems(&working);
        if problems.is_empty() {
            Ok(Position {
                working,
                setup: OnceLock::from(setup),
            })
        } else {
            Err(InvalidPosition { problems })
        }
    }

    /// Returns the position in the form the rules work on.
    pub(crate) fn board(&self) -> &board::Setup {
        &self.working
    }

    /// Returns the position as a setup.
    pub fn setup(&self) -> &Setup {
        self.setup.get_or_init(|| self.working.to_model())
    }

    /// Returns the setup, consuming the position.
    pub fn into_setup(self) -> Setup {
        match self.setup.into_inner() {
            Some(setup) => setup,
            None => self.working.to_model(),
        }
    }
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is not a legal move here ({why})")]
pub struct IllegalMove {
    /// The move, as written.
    pub mv: String,
    /// Why it is refused.
    pub why: String,
}

/// Playing a move without checking it, which only this crate may do.
pub(crate) mod sealed {
    use trichess_model::Move;

    use super::Position;

    /// The unchecked half of [`super::Rules`]: sealed, so that no caller outside this crate
    /// can make a [`Position`] from a move nobody checked.
    pub trait Apply {
        /// Plays `mv` and returns the position after it, with the turn passed on, without
        /// checking that it is legal.
        ///
        /// The contract: `mv` is one of [`super::Rules::legal_moves`] of `position` (perft
        /// plays the moves it has just listed, and [`super::Rules::play`] checks first). For
        /// any other move the result is unspecified: it may be a position that
        /// [`super::Rules::validate`] would refuse (it never panics).
        fn apply(&self, position: &Position, mv: Move) -> Position;
    }
}

/// A variant's rules, with its interpretations chosen.
pub trait Rules: sealed::Apply {
    /// Returns the variant.
    fn variant(&self) -> Variant;

    /// Returns the starting position.
    fn start(&self) -> Position;

    /// Returns what anyone using the starting position must be told about it, if anything
    /// (a reconstruction, say, where the source does not give one).
    fn start_note(&self) -> Option<&'static str> {
        None
    }

    /// Checks a setup against the rules.
    fn validate(&self, setup: Setup) -> Result<Position, InvalidPosition>;

    /// Lists the legal moves of the side to move (none once the game is over).
    fn legal_moves(&self, position: &Position) -> Vec<Move>;

    /// Plays a move if it is legal.
    fn play(&self, position: &Position, mv: Move) -> Result<Position, IllegalMove> {
        let seat = position.board().to_move;
        if self.legal_moves(position).contains(&mv) {
            Ok(self.apply(position, mv))
        } else {
            Err(IllegalMove {
                mv: mv.to_string(),
                why: format!(
                    "not among the legal moves of {}",
                    self.variant().seat_name(seat)
                ),
            })
        }
    }

    /// Returns the state of the game.
    fn outcome(&self, position: &Position) -> Outcome;
}

/// Counts each seat's royal pieces (kings, or Emperors) in `pieces`, by seat index.
pub(crate) fn royal_counts<'a>(
    variant: Variant,
    pieces: impl IntoIterator<Item = &'a Piece>,
) -> [usize; 3] {
    let mut counts = [0; 3];
    for piece in pieces.into_iter().filter(|p| p.role == variant.royal()) {
        counts[piece.owner.index()] += 1;
    }
    counts
}

/// Lists the seats whose royal piece (king or Emperor) is on the board, in seat order.
pub(crate) fn seats_with_royal(setup: &board::Setup) -> Vec<Seat> {
    Seat::ALL
        .into_iter()
        .filter(|&s| setup.royal(s).is_some())
        .collect()
}

/// Returns the first seat after `seat`, stepping with `step` (`Seat::next` or `Seat::prev`,
/// as the variant's turn order goes), whose royal piece is on the board; `seat` itself if no
/// other seat's is.
pub(crate) fn next_seat_with_royal(
    setup: &board::Setup,
    seat: Seat,
    step: fn(Seat) -> Seat,
) -> Seat {
    let mut candidate = step(seat);
    while candidate != seat && setup.royal(candidate).is_none() {
        candidate = step(candidate);
    }
    candidate
}

/// Returns the seat before `seat` in the turn order that `step` makes (three seats in a cycle:
/// the one before is two steps on) that still has a royal piece, or `seat` itself if no other
/// has: the player who made the last move when `seat` is to move.
pub(crate) fn previous_seat_with_royal(
    setup: &board::Setup,
    seat: Seat,
    step: fn(Seat) -> Seat,
) -> Seat {
    let mut candidate = step(step(seat));
    while candidate != seat && setup.royal(candidate).is_none() {
        candidate = step(step(candidate));
    }
    candidate
}

/// The roles a pawn may become in FIDE chess (3.7.e): queen, rook, bishop or knight.
pub(crate) const FIDE_PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// Lists a pawn move from `from` to `to` once for each role it may become.
pub(crate) fn promotions(from: Cell, to: Cell, roles: &[Role]) -> Vec<Move> {
    roles
        .iter()
        .map(|&role| Move::Promotion { from, to, role })
        .collect()
}

/// Counts the move paths of length `depth` from `position`.
pub fn perft(rules: &dyn Rules, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = rules.legal_moves(position);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| perft(rules, &rules.apply(position, mv), depth - 1))
        .sum()
}

/// Counts the move paths of length `depth` below each legal move, sorted by move text.
pub fn perft_divide(rules: &dyn Rules, position: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut rows: Vec<(String, u64)> = rules
        .legal_moves(position)
        .into_iter()
        .map(|mv| {
            let next = rules.apply(position, mv);
            (mv.to_string(), perft(rules, &next, depth.saturating_sub(1)))
        })
        .collect();
    rows.sort();
    rows
}

/// Checks, along games of pseudo-random moves from each of `starts`, that the board change of
/// every legal move removes at most the one piece it was generated to capture: the piece on
/// its `to` cell, or, for a pawn's move onto an empty en passant cell, the pawn that
/// `en_passant_victim` names by the definition of the rule (the move's `to` a cell the pawn
/// attacks, a double step's passed cell in the position). Nothing else may leave the board
/// (issue 12, bug 1: a pawn's straight step onto the passed cell took the pawn beyond).
#[cfg(test)]
pub(crate) fn check_moves_take_at_most_their_capture(
    starts: &[board::Setup],
    legal: impl Fn(&board::Setup) -> Vec<Move>,
    board_change: impl Fn(&board::Setup, Move) -> board::Setup,
    play: impl Fn(&board::Setup, Move) -> board::Setup,
    en_passant_victim: impl Fn(&board::Setup, Move) -> Option<Cell>,
) {
    for (n, start) in starts.iter().enumerate() {
        for seed in 1..=4u64 {
            let mut setup = start.clone();
            let mut state = seed + 10 * n as u64;
            for _ in 0..80 {
                let moves = legal(&setup);
                for &mv in &moves {
                    let after = board_change(&setup, mv);
                    let partner = match mv {
                        Move::Castle { partner, .. } => Some(partner),
                        _ => None,
                    };
                    let taken: Vec<Cell> = setup
                        .pieces
                        .iter()
                        .map(|(&cell, &piece)| (cell, piece))
                        .filter(|&(cell, piece)| {
                            cell != mv.from()
                                && cell != mv.to()
                                && Some(cell) != partner
                                && after.piece(cell) != Some(piece)
                        })
                        .map(|(cell, _)| cell)
                        .collect();
                    let allowed: Vec<Cell> = en_passant_victim(&setup, mv).into_iter().collect();
                    assert!(
                        taken.is_empty() || taken == allowed,
                        "{mv} took {taken:?} (it may take only {allowed:?}) in {}",
                        setup.to_model().to_text()
                    );
                }
                if moves.is_empty() {
                    break;
                }
                let mv = crate::pick(&mut state, &moves);
                setup = play(&setup, mv);
            }
        }
    }
}
