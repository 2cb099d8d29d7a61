//! O'Sullivan's Three Player Chess in the fast engine: 60-cell bitsets (a u64), tables built
//! once, copy-make positions and bulk counting at the last ply of perft.
//!
//! Written from the source text and the rule register's readings; every rule function names
//! the register id it implements.

mod board;
mod castling;
mod check;
mod options;
mod pawns;
mod pieces;
#[cfg(test)]
mod tests;
mod turn;
mod validate;

use std::collections::{BTreeMap, BTreeSet};

use trichess_model::{
    BySeat, Cell, EngineError, Game, InvalidPosition, Move, OSullivanState, Outcome, Piece,
    PositionProblem, ProblemKind, Reason, Setup, Variant, VariantState,
};

use crate::engine::Rules;
use crate::mutant::{Mutant, Switch};
use crate::types::{Kind, Role, Seat};
use board::{BLACK, EMPTY, Geometry, NONE, Pos, RED, WHITE, code, seat_of};
use castling::castle_cells;
use options::{Bugs, Cfg};
use turn::Mv;
use validate::{load, unload};

/// Reads the game's readings into a [`Cfg`], refusing an id or reading the register does not
/// know and a reading this engine does not play; the mutant, if any, rides along.
fn config<Sw: Switch>(game: &Game, mutant: Option<Mutant>) -> Result<Cfg<Sw>, EngineError> {
    if game.variant != Variant::OSullivan {
        return Err(EngineError::Unsupported(format!(
            "this module plays osullivan, not {}",
            game.variant
        )));
    }
    crate::registered(game)?;
    let mut cfg = Cfg {
        // osullivan.turn-order: White, Red, Black (A, B, C) or White, Black, Red (A, C, B).
        next: [RED, BLACK, WHITE],
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
                cfg.next = [RED, BLACK, WHITE];
            }
            ("osullivan.turn-order", "white-black-red") => {
                cfg.next = [BLACK, WHITE, RED];
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

/// A role's index, if it is one of O'Sullivan's roles.
fn role_index(role: trichess_model::Role) -> Option<usize> {
    Role::of_variant(role, Variant::OSullivan).map(Role::index)
}

fn letter(seat: Seat) -> char {
    Variant::OSullivan.seat_letter(seat.model())
}

/// The index of a cell of this board.
fn index(cell: Cell) -> Option<usize> {
    let i = Variant::OSullivan.board().index(cell)?;
    (i < board::N).then_some(i)
}

/// The model's name for an internal move.
fn to_move(g: &Geometry, mv: Mv) -> Move {
    let (from, to) = (g.cells[mv.from()], g.cells[mv.to()]);
    match mv.kind {
        Kind::Castle => Move::Castle {
            from,
            to,
            partner: g.cells[castle_cells(g).b8],
        },
        Kind::Promotion => Move::Promotion {
            from,
            to,
            role: Role::from_index(usize::from(mv.extra)).model(),
        },
        _ => Move::Plain { from, to },
    }
}

/// osullivan.start-position: the diagram, White at the top.
fn start_setup() -> Setup {
    let board = Variant::OSullivan.board();
    let mut pieces = BTreeMap::new();
    let rows: [(Seat, i32, &str, i32); 8] = [
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
                trichess_model::Role::from_letter(l),
            ) {
                pieces.insert(cell, Piece::new(seat.model(), role));
            }
        }
    }
    let castling = board.square(1, 7).into_iter().collect();
    let mut p4 = BySeat::default();
    p4[BLACK.model()] = board.square(3, 1);
    p4[RED.model()] = board.square(4, 1);
    Setup {
        variant: Variant::OSullivan,
        to_move: WHITE.model(),
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
/// own) and the readings, with the switches `Sw` of a planted mutant.
#[derive(Debug)]
pub(crate) struct OSullivan<Sw> {
    g: &'static Geometry,
    cfg: Cfg<Sw>,
}

impl<Sw: Switch> Rules for OSullivan<Sw> {
    type Root = Pos;
    type Pos = Pos;
    type Walk = ();

    fn readings(game: &Game, mutant: Option<Mutant>) -> Result<OSullivan<Sw>, EngineError> {
        let cfg = config(game, mutant)?;
        Ok(OSullivan {
            g: board::geometry_for(mutant),
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
