//! Yuri Chess (yuri-chess.org, "Try for Yuri Chess", a translation), from `sources/yuri.md`;
//! the register is `register/yuri.toml`.
//!
//! Seats: White (A, letter `w`), Red (B, `r`), Black (C, `b`); the turn order W → R → B is
//! the seats' order. The board is the 7 x 7 square a1-g7 (its `board` module says how the
//! source's rotated diagram lies on it). The game ends at the first checkmate (Red wins; judged on the
//! mated player's turn, or at once under `yuri.mate-timing=immediately`), meeting of the White
//! and Black Kings (Black wins) or stalemate (a draw, or a win for White or for the player who
//! made the last move under `yuri.stalemate`); nobody leaves the game before that.

mod board;
mod check;
pub(crate) mod explain;
mod goals;
mod history;
pub mod options;
mod pawns;
mod pieces;
mod turn;
mod validate;

use std::collections::BTreeMap;

use trichess_model::{Move, Outcome, Piece, Role, Seat, Variant, VariantState, YuriState};

use crate::board::Setup;

pub use options::Options;

use crate::interpretation::InterpretationError;
use crate::rules::{Position, Rules};
use trichess_model::InvalidPosition;

/// White's seat.
pub const WHITE: Seat = Seat::A;
/// Red's seat.
pub const RED: Seat = Seat::B;
/// Black's seat.
pub const BLACK: Seat = Seat::C;

/// The rules of Yuri Chess, with the interpretations chosen.
#[derive(Clone, Debug)]
pub struct Yuri {
    options: Options,
}

impl Yuri {
    /// Builds the rules with the given interpretation readings (id -> reading).
    pub fn new(interpretations: &BTreeMap<String, String>) -> Result<Yuri, InterpretationError> {
        Ok(Yuri {
            options: Options::read(interpretations)?,
        })
    }
}

/// Lists the legal moves of the side to move: none once the game is over (`goals::ended`),
/// else [`moves`].
pub fn legal_moves(setup: &Setup, options: &Options) -> Vec<Move> {
    if goals::ended(setup, options).is_some() {
        return Vec::new();
    }
    moves(setup, options).collect()
}

/// Lists the moves the side to move may make by the rules of movement and check, whether or
/// not the game has ended.
///
/// `yuri.check`: no move may leave the mover's King in check; whether that holds for a
/// King's step onto the other King is `yuri.king-onto-king`. `yuri.white-no-repeat`: White
/// may not bring back the board state of an earlier turn.
pub fn moves<'a>(setup: &'a Setup, options: &'a Options) -> impl Iterator<Item = Move> + 'a {
    let mover = setup.to_move;
    let check_exempt = move |mv| {
        options.king_onto_king == options::KingOntoKing::IntoCheck && turn::is_meeting(setup, mv)
    };
    setup
        .pieces
        .iter()
        .filter(move |(_, p)| p.owner == mover)
        .flat_map(move |(&from, &piece)| pieces::piece_moves(setup, options, from, piece))
        .filter(move |&mv| {
            let after = turn::board_after(setup, mv);
            (check_exempt(mv) || !check::in_check(&after, mover))
                && (mover != WHITE || !history::repeats_board_state(setup, &after))
        })
}

/// Returns the starting position, as the source's diagram draws it.
///
/// `yuri.start-position`, read with `yuri.letters` ("Capital letters black", "Little letters
/// white", "Small capitals red"). The diagram's rows, top to bottom, hold the cells whose
/// file and rank (a = 1 = 0) add up to 12, 11, ..., 0; left to right in a row the file goes
/// up and the rank down (a step to the right is NE then SE: file+1, rank-1). So:
///
/// ```text
/// b                 g7 wB
/// b n               f7 wB  g6 wN
/// p k p             e7 wP  f6 wK  g5 wP
/// . p p .           e6 wP  f5 wP                 (d7, g4 empty)
/// . . n . ᴘ         e5 wN  g3 rP                 (c7 d6 f4 empty)
/// . . . . ᴘ ʙ       f3 rP  g2 rB                 (b7 c6 d5 e4 empty)
/// . . . . ɴ ᴋ ʙ     e3 rN  f2 rK  g1 rB          (a7 b6 c5 d4 empty)
/// . . . . ᴘ ɴ       e2 rP  f1 rN                 (a6 b5 c4 d3 empty)
/// . . N . ᴘ         c3 bN  e1 rP                 (a5 b4 d2 empty)
/// . P P .           b3 bP  c2 bP                 (a4 d1 empty)
/// P K P             a3 bP  b2 bK  c1 bP
/// N B               a2 bN  b1 bB
/// B                 a1 bB
/// ```
///
/// Each army has a King, two Bishops, two Knights and four pawns; White's is Black's turned
/// half round the board, Red's Black's turned a quarter. The pawns stand on the cells the
/// model's `unmoved` field defaults to ([`YuriState::pawn_homes`]), so every pawn is unmoved.
/// White moves first (`yuri.turn-order`).
pub fn start_setup() -> trichess_model::Setup {
    use Role::*;
    let armies: [(Seat, [(&str, Role); 5]); 3] = [
        (
            WHITE,
            [
                ("g7", Bishop),
                ("f7", Bishop),
                ("g6", Knight),
                ("f6", King),
                ("e5", Knight),
            ],
        ),
        (
            RED,
            [
                ("g2", Bishop),
                ("e3", Knight),
                ("f2", King),
                ("g1", Bishop),
                ("f1", Knight),
            ],
        ),
        (
            BLACK,
            [
                ("c3", Knight),
                ("b2", King),
                ("a2", Knight),
                ("b1", Bishop),
                ("a1", Bishop),
            ],
        ),
    ];
    let board = Variant::Yuri.board();
    let mut pieces: BTreeMap<_, _> = YuriState::pawn_homes().into_iter().collect();
    for (seat, army) in armies {
        for (name, role) in army {
            if let Ok(cell) = board.parse_cell(name) {
                pieces.insert(cell, Piece::new(seat, role));
            }
        }
    }
    let state = YuriState::default_for(&pieces);
    trichess_model::Setup {
        variant: Variant::Yuri,
        to_move: WHITE,
        pieces,
        castling: Default::default(),
        en_passant: None,
        state: VariantState::Yuri(state),
    }
}

impl Rules for Yuri {
    fn variant(&self) -> Variant {
        Variant::Yuri
    }

    fn start(&self) -> Position {
        Position::checked(start_setup())
    }

    fn validate(&self, setup: trichess_model::Setup) -> Result<Position, InvalidPosition> {
        Position::validated(Variant::Yuri, setup, |setup| {
            validate::problems(setup, &self.options)
        })
    }

    fn legal_moves(&self, position: &Position) -> Vec<Move> {
        legal_moves(position.board(), &self.options)
    }

    fn outcome(&self, position: &Position) -> Outcome {
        goals::outcome(position.board(), &self.options)
    }
}

impl crate::rules::sealed::Apply for Yuri {
    fn apply(&self, position: &Position, mv: Move) -> Position {
        Position::checked_board(turn::apply(position.board(), mv))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The source's diagram, verbatim from the vendored text: the lines between the letter
    /// legend and the turn order.
    fn source_diagram() -> Vec<&'static str> {
        let source = trichess_suite::Register::source_text(Variant::Yuri);
        let start = source.find("↑").unwrap();
        let end = source.find("The turn order").unwrap();
        source[start..end]
            .lines()
            .filter(|l| !l.trim().is_empty())
            .collect()
    }

    /// Reads a diagram letter: capitals are black, little letters white, small capitals red
    /// (`yuri.letters`); `.` is an empty square.
    fn diagram_piece(token: &str) -> Option<Piece> {
        let (seat, letter) = match token {
            "." => return None,
            "ᴋ" => (RED, 'K'),
            "ʙ" => (RED, 'B'),
            "ɴ" => (RED, 'N'),
            "ᴘ" => (RED, 'P'),
            t if t.chars().all(|c| c.is_ascii_uppercase()) => (BLACK, t.chars().next()?),
            t => (WHITE, t.chars().next()?.to_ascii_uppercase()),
        };
        Some(Piece::new(seat, Role::from_letter(letter)?))
    }

    /// The squares of each diagram row, top to bottom, worked out by hand: row k from the
    /// bottom (k = 0..12) holds the cells whose file and rank (from 0) add up to k, left to
    /// right by rising file (the diagram's NE is file+1, NW rank+1, so a step right is file+1,
    /// rank-1). The top is White's corner g7, the bottom Black's a1, the right end of the
    /// middle row Red's g1, its left end the empty corner a7.
    const ROWS: [&[&str]; 13] = [
        &["g7"],
        &["f7", "g6"],
        &["e7", "f6", "g5"],
        &["d7", "e6", "f5", "g4"],
        &["c7", "d6", "e5", "f4", "g3"],
        &["b7", "c6", "d5", "e4", "f3", "g2"],
        &["a7", "b6", "c5", "d4", "e3", "f2", "g1"],
        &["a6", "b5", "c4", "d3", "e2", "f1"],
        &["a5", "b4", "c3", "d2", "e1"],
        &["a4", "b3", "c2", "d1"],
        &["a3", "b2", "c1"],
        &["a2", "b1"],
        &["a1"],
    ];

    #[test]
    fn the_start_position_matches_the_source_diagram_square_by_square() {
        let start = start_setup();
        let lines = source_diagram();
        assert_eq!(lines.len(), 13);
        let board = Variant::Yuri.board();
        let mut seen = 0;
        for (line, cells) in lines.iter().zip(ROWS) {
            // The first two lines carry the compass labels "↑" and "N" in front.
            let tokens: Vec<&str> = line.split_whitespace().collect();
            let tokens = &tokens[tokens.len() - cells.len()..];
            for (token, name) in tokens.iter().zip(cells) {
                let cell = board.parse_cell(name).unwrap();
                assert_eq!(
                    start.piece(cell),
                    diagram_piece(token),
                    "{name}: the diagram shows '{token}'"
                );
                seen += 1;
            }
        }
        assert_eq!(seen, 49, "every square of the board is in the diagram once");
        assert_eq!(start.pieces.len(), 27);
    }

    #[test]
    fn the_armies_are_turned_copies_of_each_other() {
        let start = start_setup();
        let turn = |c: trichess_model::Cell, quarter: bool| {
            let (f, r) = (i32::from(c.file()), i32::from(c.rank()));
            // Black to White: half a turn about d4; Black to Red: a quarter turn, a1 to g1.
            let (f, r) = if quarter { (6 - r, f) } else { (6 - f, 6 - r) };
            board::cell(f, r).unwrap()
        };
        for (&cell, piece) in start.pieces.iter().filter(|(_, p)| p.owner == BLACK) {
            assert_eq!(
                start.piece(turn(cell, false)),
                Some(Piece::new(WHITE, piece.role))
            );
            assert_eq!(
                start.piece(turn(cell, true)),
                Some(Piece::new(RED, piece.role))
            );
        }
    }

    #[test]
    fn every_starting_pawn_is_unmoved() {
        let start = start_setup();
        let pawns = start
            .pieces
            .values()
            .filter(|p| p.role == Role::Pawn)
            .count();
        assert_eq!(pawns, 12);
        assert_eq!(start.yuri().map(|s| s.unmoved.len()), Some(12));
    }
}
