//! O'Sullivan's Three Player Chess in the fast engine: 60-cell bitsets (a u64), tables built
//! once, copy-make positions and bulk counting at the last ply of perft.
//!
//! Written from the source text and the rule register's readings; every rule function names
//! the register id it implements.

mod geometry;
mod position;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet};

use trichess_model::{
    BySeat, Cell, EngineError, Game, InvalidPosition, Move, OSullivanState, Outcome, Piece,
    PositionProblem, ProblemKind, Reason, Role, Seat, Setup, Variant, VariantState,
};

use crate::Mutant;
use crate::engine::Rules;
use geometry::{BLACK, Geometry, NONE, RED, WHITE};
use position::{
    Bugs, CASTLE_C, CASTLE_E, Cfg, EMPTY, KING, Mv, PAWN, PROMO, Pos, ROOK, castle_cells,
};

/// Reads the game's readings into a [`Cfg`], refusing an id or reading the register does not
/// know and a reading this engine does not play; the mutant, if any, rides along.
fn config(game: &Game, mutant: Option<Mutant>) -> Result<Cfg, EngineError> {
    if game.variant != Variant::OSullivan {
        return Err(EngineError::Unsupported(format!(
            "this module plays osullivan, not {}",
            game.variant
        )));
    }
    crate::registered(game)?;
    let mut cfg = Cfg {
        // osullivan.turn-order: White, Red, Black (A, B, C) or White, Black, Red (A, C, B).
        next: [RED as u8, BLACK as u8, WHITE as u8],
        stalemate_out: false,
        ep_both: false,
        knight_straight: false,
        castle_either: false,
        king_capture: false,
        bugs: Bugs::of(mutant),
    };
    for (id, reading) in &game.interpretations {
        match (id.as_str(), reading.as_str()) {
            ("osullivan.turn-order", "white-red-black") => {
                cfg.next = [RED as u8, BLACK as u8, WHITE as u8];
            }
            ("osullivan.turn-order", "white-black-red") => {
                cfg.next = [BLACK as u8, WHITE as u8, RED as u8];
            }
            ("osullivan.stalemate", "draw") => cfg.stalemate_out = false,
            ("osullivan.stalemate", "out") => cfg.stalemate_out = true,
            ("osullivan.end-of-game", "last-king") => {}
            ("osullivan.en-passant-window", "next-player") => cfg.ep_both = false,
            ("osullivan.en-passant-window", "both-opponents") => cfg.ep_both = true,
            ("osullivan.knight-barrier", "jumps") => cfg.knight_straight = false,
            ("osullivan.knight-barrier", "straight-line") => cfg.knight_straight = true,
            ("osullivan.castling-direction", "towards-rook") => cfg.castle_either = false,
            ("osullivan.castling-direction", "either-side") => cfg.castle_either = true,
            ("osullivan.exposed-king", "no-capture") => cfg.king_capture = false,
            ("osullivan.exposed-king", "capture") => cfg.king_capture = true,
            _ => return Err(crate::not_played(id, reading)),
        }
    }
    Ok(cfg)
}

/// A role's index: its place in the model's list of O'Sullivan's roles.
fn role_index(role: Role) -> Option<usize> {
    Variant::OSullivan.roles().iter().position(|&r| r == role)
}

fn letter(seat: usize) -> char {
    Variant::OSullivan.seat_letter(Seat::ALL[seat])
}

/// The index of a cell of this board.
fn index(cell: Cell) -> Option<usize> {
    let i = Variant::OSullivan.board().index(cell)?;
    (i < geometry::N).then_some(i)
}

/// Checks a setup against the rules and builds the internal position; every problem is listed,
/// with its kind, in one [`EngineError::InvalidPosition`].
fn load(g: &Geometry, cfg: &Cfg, setup: &Setup) -> Result<Pos, EngineError> {
    let mut problems: Vec<PositionProblem> = Vec::new();
    if setup.variant != Variant::OSullivan {
        problems.push(PositionProblem::new(
            ProblemKind::WrongVariant,
            format!("the setup is of {}, not osullivan", setup.variant),
        ));
    }
    let mut pos = Pos::empty();
    load_pieces(g, setup, &mut pos, &mut problems);
    // osullivan.castling-white-only, osullivan.castling-unmoved.
    load_castling(g, setup, &mut pos, &mut problems);
    let state = match &setup.state {
        VariantState::OSullivan(s) => Some(s),
        _ => {
            problems.push(PositionProblem::new(
                ProblemKind::WrongVariant,
                "the setup has no O'Sullivan state",
            ));
            None
        }
    };
    // osullivan.pawn-numbering, osullivan.p4-freed.
    if let Some(state) = state {
        load_p4(state, &mut pos, &mut problems);
    }
    load_en_passant(g, cfg, setup, state, &mut pos, &mut problems);
    if problems.is_empty() {
        Ok(pos)
    } else {
        Err(EngineError::InvalidPosition(InvalidPosition { problems }))
    }
}

/// The pieces (a pawn never on rank 1 or 8), at most one king a seat, and the side to move,
/// which has its king.
fn load_pieces(g: &Geometry, setup: &Setup, pos: &mut Pos, problems: &mut Vec<PositionProblem>) {
    let mut kings = [0usize; 3];
    for (&cell, &piece) in &setup.pieces {
        let Some(sq) = index(cell) else {
            problems.push(PositionProblem::new(
                ProblemKind::WrongVariant,
                format!("{cell} is not a cell of the board"),
            ));
            continue;
        };
        let Some(role) = role_index(piece.role) else {
            problems.push(PositionProblem::new(
                ProblemKind::WrongVariant,
                format!("{cell}: a {} is not an O'Sullivan piece", piece.role.name()),
            ));
            continue;
        };
        let seat = piece.owner.index();
        if role == PAWN && (g.rank[sq] == 0 || g.rank[sq] == 7) {
            // osullivan.pawn-direction, osullivan.promotion: White's pawns start on rank 7 and go
            // down, promoting on rank 1; Black's and Red's start on ranks 2-3 and go up,
            // promoting on rank 8. No pawn ever stands on rank 1 or 8.
            problems.push(PositionProblem::new(
                ProblemKind::PawnOnImpossibleRank,
                format!("{cell}: a pawn cannot stand on rank {}", g.rank[sq] + 1),
            ));
        }
        if role == KING {
            kings[seat] += 1;
        }
        pos.put(sq, seat, role);
    }
    for (seat, &n) in kings.iter().enumerate() {
        if n > 1 {
            problems.push(PositionProblem::new(
                ProblemKind::TooManyRoyals,
                format!("{} has {n} kings", letter(seat)),
            ));
        }
    }
    let to_move = setup.to_move.index();
    pos.to_move = to_move as u8;
    // osullivan.mate-removes-king: a seat without a king is out and never moves.
    if kings[to_move] == 0 {
        problems.push(PositionProblem::new(
            ProblemKind::SideToMoveOut,
            format!(
                "{} is to move but has no king (it is out of the game)",
                letter(to_move)
            ),
        ));
    }
}

/// White's castling right: the king on d8 and the rook on b8.
fn load_castling(g: &Geometry, setup: &Setup, pos: &mut Pos, problems: &mut Vec<PositionProblem>) {
    let c = castle_cells(g);
    for &cell in &setup.castling {
        match index(cell) {
            Some(sq) if sq == c.b8 => {
                if pos.board[c.d8] != (WHITE * 8 + KING) as u8
                    || pos.board[c.b8] != (WHITE * 8 + ROOK) as u8
                {
                    problems.push(PositionProblem::new(
                        ProblemKind::CastlingRightWithoutPieces,
                        "castling right b8 needs the White king on d8 and rook on b8",
                    ));
                } else {
                    pos.castling = true;
                }
            }
            _ => problems.push(PositionProblem::new(
                ProblemKind::CastlingRightWithoutPieces,
                format!("castling right {cell}: only White castles, with the rook on b8"),
            )),
        }
    }
}

/// The P4s of Black and Red, and which of them are freed.
fn load_p4(state: &OSullivanState, pos: &mut Pos, problems: &mut Vec<PositionProblem>) {
    for (seat, cell) in state.p4.iter() {
        let Some(cell) = *cell else { continue };
        let s = seat.index();
        match index(cell) {
            _ if s == WHITE => problems.push(PositionProblem::new(
                ProblemKind::P4DoesNotFit,
                "White has no P4",
            )),
            Some(sq) if pos.board[sq] == (s * 8 + PAWN) as u8 => pos.p4[s] = sq as u8,
            _ => problems.push(PositionProblem::new(
                ProblemKind::P4DoesNotFit,
                format!(
                    "{}'s P4 is said to be on {cell}, which holds no {} pawn",
                    letter(s),
                    letter(s)
                ),
            )),
        }
    }
    for &seat in &state.p4_freed {
        let s = seat.index();
        if pos.p4[s] == NONE {
            problems.push(PositionProblem::new(
                ProblemKind::P4DoesNotFit,
                format!("{} is listed as freed but has no P4", letter(s)),
            ));
        } else {
            pos.freed |= 1 << s;
        }
    }
}

/// The en passant rights still in their window.
fn load_en_passant(
    g: &Geometry,
    cfg: &Cfg,
    setup: &Setup,
    state: Option<&OSullivanState>,
    pos: &mut Pos,
    problems: &mut Vec<PositionProblem>,
) {
    // osullivan.en-passant, osullivan.en-passant-window: the cells passed by double steps
    // still in their window, the latest in `en_passant`, an earlier one (reading
    // both-opponents only) in `en_passant_earlier`.
    if let Some(cell) = setup.en_passant {
        pos.ep = en_passant_cell(g, pos, cell, "en passant", problems);
    }
    if let Some(cell) = state.and_then(|s| s.en_passant_earlier) {
        if !cfg.ep_both {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                "en_passant_earlier {cell}: only the reading osullivan.en-passant-window=both-opponents keeps an earlier right"
            )));
        } else if setup.en_passant.is_none() {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                "en_passant_earlier {cell} without en_passant: the latest double step's cell is en_passant"
            )));
        } else {
            pos.ep_earlier = en_passant_cell(g, pos, cell, "en_passant_earlier", problems);
        }
    }
    // Decision D7: under next-player the one open cell is the last move's, so its
    // double-stepper is the player before the side to move.
    if !cfg.ep_both && pos.ep != NONE {
        let stepper = g.ep_stepper[usize::from(pos.ep)];
        let last = pos.seat_before(cfg, pos.to_move);
        if stepper != last {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                "en passant {}: under next-player only the last move's double step is open, and {} moved last",
                g.cells[usize::from(pos.ep)],
                letter(usize::from(last))
            )));
        }
    }
    if pos.ep != NONE && pos.ep_earlier != NONE {
        let newer = g.ep_stepper[usize::from(pos.ep)];
        let older = g.ep_stepper[usize::from(pos.ep_earlier)];
        if newer == older {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                "en_passant and en_passant_earlier are both {}'s double steps; a player's own right ends when it is to move again",
                letter(usize::from(newer))
            )));
        } else if newer != pos.seat_before(cfg, pos.to_move) {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                "en_passant {}: with two rights the latest is the double step of the player who moved last",
                g.cells[usize::from(pos.ep)]
            )));
        }
    }
}

/// Checks an en passant cell of a setup (`field` names it): a cell a double step passes,
/// empty, the pawn that passed it beyond (a White pawn or the P4 of its seat), whose owner
/// is not to move. Returns its index, or `NONE` after listing the problems.
fn en_passant_cell(
    g: &Geometry,
    pos: &Pos,
    cell: Cell,
    field: &str,
    problems: &mut Vec<PositionProblem>,
) -> u8 {
    let Some(ep) = index(cell).filter(|&ep| g.ep_stepper[ep] != NONE) else {
        problems.push(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            format!("{field} {cell} is not a cell a double step passes (rank 6, d3 or e3)"),
        ));
        return NONE;
    };
    let stepper = usize::from(g.ep_stepper[ep]);
    let victim = usize::from(g.ep_victim[ep]);
    let before = problems.len();
    if pos.board[ep] != EMPTY {
        problems.push(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            format!("{field} {cell} is occupied"),
        ));
    }
    let pawn_there = pos.board[victim] == (stepper * 8 + PAWN) as u8;
    let is_p4 = stepper == WHITE || usize::from(pos.p4[stepper]) == victim;
    if !pawn_there || !is_p4 {
        problems.push(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            format!(
                "{field} {cell} needs {}'s {} that passed it on {}",
                letter(stepper),
                if stepper == WHITE { "pawn" } else { "P4" },
                g.cells[victim]
            ),
        ));
    }
    if stepper == usize::from(pos.to_move) {
        problems.push(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            format!(
                "{field} {cell}: the double-stepper {} cannot be to move",
                letter(stepper)
            ),
        ));
    }
    if problems.len() == before {
        ep as u8
    } else {
        NONE
    }
}

/// Writes the internal position as a setup.
fn unload(g: &Geometry, pos: &Pos) -> Setup {
    let mut pieces = BTreeMap::new();
    for (sq, &p) in pos.board.iter().enumerate() {
        if p != EMPTY {
            let piece = Piece::new(
                Seat::ALL[usize::from(p >> 3)],
                Variant::OSullivan.roles()[usize::from(p & 7)],
            );
            pieces.insert(g.cells[sq], piece);
        }
    }
    let c = castle_cells(g);
    let castling: BTreeSet<Cell> = if pos.castling {
        [g.cells[c.b8]].into_iter().collect()
    } else {
        BTreeSet::new()
    };
    let p4 = BySeat::from_fn(|s| {
        let sq = pos.p4[s.index()];
        (sq != NONE).then(|| g.cells[usize::from(sq)])
    });
    let p4_freed = Seat::ALL
        .into_iter()
        .filter(|s| pos.freed & (1 << s.index()) != 0)
        .collect();
    Setup {
        variant: Variant::OSullivan,
        to_move: Seat::ALL[usize::from(pos.to_move)],
        pieces,
        castling,
        en_passant: (pos.ep != NONE).then(|| g.cells[usize::from(pos.ep)]),
        state: VariantState::OSullivan(OSullivanState {
            p4,
            p4_freed,
            en_passant_earlier: (pos.ep_earlier != NONE)
                .then(|| g.cells[usize::from(pos.ep_earlier)]),
        }),
    }
}

/// The model's name for an internal move.
fn to_move(g: &Geometry, mv: Mv) -> Move {
    let (from, to) = (g.cells[mv.from()], g.cells[mv.to()]);
    match mv.kind() {
        CASTLE_C | CASTLE_E => Move::Castle {
            from,
            to,
            partner: g.cells[castle_cells(g).b8],
        },
        k if k >= PROMO => Move::Promotion {
            from,
            to,
            role: Variant::OSullivan.roles()[usize::from(k - PROMO)],
        },
        _ => Move::Plain { from, to },
    }
}

/// osullivan.start-position: the diagram, White at the top.
fn start_setup() -> Setup {
    let board = Variant::OSullivan.board();
    let mut pieces = BTreeMap::new();
    let rows: [(usize, i32, &str, i32); 8] = [
        (WHITE, 1, "RBKQBN", 7),
        (WHITE, 1, "PPPPPP", 6),
        (BLACK, 0, "PPP", 2),
        (BLACK, 0, "RNBP", 1),
        (BLACK, 0, "KQB", 0),
        (RED, 5, "PPP", 2),
        (RED, 4, "PBNR", 1),
        (RED, 5, "BQK", 0),
    ];
    for (seat, first_file, letters, rank) in rows {
        for (i, l) in letters.chars().enumerate() {
            if let (Some(cell), Some(role)) = (
                board.square(first_file + i as i32, rank),
                Role::from_letter(l),
            ) {
                pieces.insert(cell, Piece::new(Seat::ALL[seat], role));
            }
        }
    }
    let castling = board.square(1, 7).into_iter().collect();
    let mut p4 = BySeat::default();
    p4[Seat::ALL[BLACK]] = board.square(3, 1);
    p4[Seat::ALL[RED]] = board.square(4, 1);
    Setup {
        variant: Variant::OSullivan,
        to_move: Seat::ALL[WHITE],
        pieces,
        castling,
        en_passant: None,
        state: VariantState::OSullivan(OSullivanState {
            p4,
            p4_freed: BTreeSet::new(),
            en_passant_earlier: None,
        }),
    }
}

/// O'Sullivan's rules under a game's readings: the geometry (a mutant of the board has its
/// own) and the readings.
#[derive(Debug)]
pub(crate) struct OSullivan {
    g: &'static Geometry,
    cfg: Cfg,
}

impl Rules for OSullivan {
    type Root = Pos;
    type Pos = Pos;
    type Move = Mv;
    type Walk = ();

    fn readings(game: &Game, mutant: Option<Mutant>) -> Result<OSullivan, EngineError> {
        let cfg = config(game, mutant)?;
        Ok(OSullivan {
            g: geometry::geometry_for(mutant),
            cfg,
        })
    }

    fn start(&self) -> Setup {
        start_setup()
    }

    fn import(&self, setup: &Setup) -> Result<Pos, EngineError> {
        load(self.g, &self.cfg, setup)
    }

    fn walk(&self, root: &Pos) -> ((), Pos) {
        ((), *root)
    }

    #[inline]
    fn moves(&self, _: &mut (), pos: &Pos, out: &mut Vec<Mv>) {
        pos.generate(self.g, &self.cfg, out);
    }

    #[inline]
    fn child(&self, _: &mut (), pos: &Pos, mv: Mv, out: &mut Vec<Mv>) -> Pos {
        let mut child = *pos;
        child.make(self.g, &self.cfg, mv);
        child.settle(self.g, &self.cfg, out);
        child
    }

    fn name(&self, mv: Mv) -> Option<Move> {
        Some(to_move(self.g, mv))
    }

    fn play(&self, root: &Pos, _: &Setup, mv: Mv) -> Setup {
        let mut moves = Vec::new();
        unload(self.g, &self.child(&mut (), root, mv, &mut moves))
    }

    fn outcome(&self, pos: &Pos, setup: &Setup) -> Outcome {
        // osullivan.end-of-game: the last king left wins.
        if pos.live_count() <= 1 {
            return Outcome::Won {
                winner: setup.to_move,
                reason: Reason::LastKingStanding,
            };
        }
        let mut moves = Vec::new();
        let in_check = pos.generate(self.g, &self.cfg, &mut moves);
        let seat = setup.to_move;
        if !moves.is_empty() {
            Outcome::Ongoing
        } else if in_check {
            // osullivan.checkmate, osullivan.mate-removes-king.
            Outcome::Eliminated {
                seat,
                reason: Reason::Checkmate,
            }
        } else if self.cfg.stalemate_out {
            // osullivan.stalemate (reading out).
            Outcome::Eliminated {
                seat,
                reason: Reason::Stalemate,
            }
        } else {
            // osullivan.stalemate (reading draw).
            Outcome::Drawn {
                reason: Reason::Stalemate,
            }
        }
    }
}
