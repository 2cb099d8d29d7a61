//! The boundary: checking a written [`Setup`] against the rules, and converting setups and
//! moves to and from the internal position.

use std::collections::{BTreeMap, BTreeSet};

use trichess_model::{
    Cell, Move, Piece, PositionProblem, ProblemKind, Role, Seat, Setup, TripleCrownState, Variant,
    VariantState,
};

use super::bits::CELLS;
use super::board::{self, Ep, Pos, code};
use super::castling::{CASTLES, EMPEROR_FILE, castling_bit};
use super::options::Readings;
use super::tables::{NONE, Tables};
use super::turn::Mv;
use crate::bitset::Bitset;
use crate::mutant::Switch;
use crate::types::{self, Kind};

/// Returns the role of a model role, if Triple Crown has it.
pub(crate) fn role_code(role: Role) -> Option<types::Role> {
    types::Role::of_variant(role, Variant::TripleCrown)
}

/// Returns the model role of a piece code's or a move's role (its index).
pub(crate) fn model_role(code: u8) -> Role {
    types::Role::from_index(usize::from(code)).model()
}

/// Returns the dense index of a cell of the Triple Crown board.
pub(crate) fn cell_index(cell: Cell) -> Option<usize> {
    Variant::TripleCrown
        .board()
        .index(cell)
        .filter(|&i| i < CELLS)
}

/// Returns the reconstructed starting array (`triple-crown.start-array`, reading
/// `reconstructed`): rank 1 V C M Pm Q E Pm M C V, Knights b2 i2, Pawns a3-j3 for every seat,
/// seat A to move, every castling right held (i1 only where EH is read as the Chatelaine).
pub(crate) fn start_setup(t: &Tables, r: &Readings<impl Switch>) -> Setup {
    const RANK1: [Role; 10] = [
        Role::Vicereine,
        Role::Chatelaine,
        Role::Moderator,
        Role::Primate,
        Role::Queen,
        Role::Emperor,
        Role::Primate,
        Role::Moderator,
        Role::Chatelaine,
        Role::Vicereine,
    ];
    let mut pieces = BTreeMap::new();
    let mut castling = BTreeSet::new();
    for (s, seat) in Seat::ALL.into_iter().enumerate() {
        let cell = |file: i32, rank: i32| t.cells[board::index(s, file, rank)];
        for (f, role) in RANK1.into_iter().enumerate() {
            pieces.insert(cell(f as i32, 0), Piece::new(seat, role));
        }
        for f in [1, 8] {
            pieces.insert(cell(f, 1), Piece::new(seat, Role::Knight));
        }
        for f in 0..10 {
            pieces.insert(cell(f, 2), Piece::new(seat, Role::Pawn));
        }
        for f in [0, 1, 8, 9] {
            if f != 8 || r.eh_chatelaine {
                castling.insert(cell(f, 0));
            }
        }
    }
    Setup {
        variant: Variant::TripleCrown,
        to_move: Seat::A,
        pieces,
        castling,
        en_passant: None,
        state: VariantState::TripleCrown(TripleCrownState::default()),
    }
}

/// Lists every way a written setup breaks the rules (empty if none).
pub(crate) fn problems(setup: &Setup, r: &Readings<impl Switch>) -> Vec<PositionProblem> {
    let mut out = Vec::new();
    if setup.variant != Variant::TripleCrown {
        out.push(PositionProblem::new(
            ProblemKind::WrongVariant,
            format!("a {} setup, not Triple Crown", setup.variant),
        ));
        return out;
    }
    let Some(state) = setup.triple_crown() else {
        out.push(PositionProblem::new(
            ProblemKind::WrongVariant,
            "the setup carries another variant's state",
        ));
        return out;
    };
    let mut pos = Pos::empty();
    let emperors = piece_problems(setup, &mut pos, &mut out);
    let me = setup.to_move.index();
    if emperors[me] == 0 {
        out.push(PositionProblem::new(
            ProblemKind::SideToMoveOut,
            format!(
                "the side to move, seat {}, is not in the game",
                setup.to_move.letter()
            ),
        ));
    }
    castling_problems(setup, r, &pos, &mut out);
    instant_win_problems(state, &emperors, &mut out);
    en_passant_problems(setup, state, r, &emperors, &pos, &mut out);
    out
}

/// The pieces: on the board, of Triple Crown's roles, no Pawn where it cannot stand, one
/// Emperor a seat with pieces. Returns each seat's count of Emperors.
fn piece_problems(setup: &Setup, pos: &mut Pos, out: &mut Vec<PositionProblem>) -> [usize; 3] {
    let mut emperors = [0usize; 3];
    let mut armies = [0usize; 3];
    for (&cell, &piece) in &setup.pieces {
        let Some(i) = cell_index(cell) else {
            out.push(PositionProblem::new(
                ProblemKind::WrongVariant,
                format!("{cell} is not a cell of the Triple Crown board"),
            ));
            continue;
        };
        let Some(role) = role_code(piece.role) else {
            out.push(PositionProblem::new(
                ProblemKind::WrongVariant,
                format!("{cell}: Triple Crown has no {}", piece.role.name()),
            ));
            continue;
        };
        let seat = piece.owner.index();
        armies[seat] += 1;
        if role == types::Role::Emperor {
            emperors[seat] += 1;
        }
        if role == types::Role::Pawn {
            let (half, _, rank) = board::coords(i);
            if half == seat && rank < 2 {
                // triple-crown.double-step: Pawns start on rank 3 and never move back.
                out.push(PositionProblem::new(
                    ProblemKind::PawnOnImpossibleRank,
                    format!("{cell}: a Pawn never stands on its own rank {}", rank + 1),
                ));
            } else if half != seat && rank == 0 {
                // triple-crown.promotion-compulsory.
                out.push(PositionProblem::new(
                    ProblemKind::PawnOnImpossibleRank,
                    format!("{cell}: a Pawn on a far rank has already promoted"),
                ));
            }
        }
        pos.put(i, types::Seat::of(piece.owner), role as u8);
    }
    for seat in Seat::ALL {
        let s = seat.index();
        if emperors[s] > 1 {
            out.push(PositionProblem::new(
                ProblemKind::TooManyRoyals,
                format!("seat {} has {} Emperors", seat.letter(), emperors[s]),
            ));
        }
        if emperors[s] == 0 && armies[s] > 0 {
            // triple-crown.checkmate-en-prise: a checkmated player's pieces all leave.
            out.push(PositionProblem::new(
                ProblemKind::MissingRoyal,
                format!(
                    "seat {} has pieces but no Emperor (a checkmated army leaves the board)",
                    seat.letter()
                ),
            ));
        }
    }
    emperors
}

fn castling_problems(
    setup: &Setup,
    r: &Readings<impl Switch>,
    pos: &Pos,
    out: &mut Vec<PositionProblem>,
) {
    // triple-crown.castling-rights.
    for &cell in &setup.castling {
        let Some(i) = cell_index(cell) else {
            out.push(PositionProblem::new(
                ProblemKind::CastlingRightWithoutPieces,
                format!("castling right {cell} is not a cell of the board"),
            ));
            continue;
        };
        let (half, file, rank) = board::coords(i);
        let seat = types::Seat::from_index(half);
        let spec = CASTLES.iter().find(|s| s.partner == file);
        let fits = rank == 0
            && spec.is_some_and(|spec| {
                (file != 8 || r.eh_chatelaine)
                    && pos.board[i] == code(seat, spec.role)
                    && pos.board[board::index(half, EMPEROR_FILE, 0)]
                        == code(seat, types::Role::Emperor)
            });
        if !fits {
            out.push(PositionProblem::new(ProblemKind::CastlingRightWithoutPieces, format!(
                "castling right {cell}: no castling partner of its pair on its starting cell with the Emperor on f1"
            )));
        }
    }
}

fn instant_win_problems(
    state: &TripleCrownState,
    emperors: &[usize; 3],
    out: &mut Vec<PositionProblem>,
) {
    if state.instant_win.len() > 1 {
        out.push(PositionProblem::new(
            ProblemKind::InstantWinDoesNotFit,
            "more than one seat has won instantly",
        ));
    }
    for seat in &state.instant_win {
        if emperors[seat.index()] != 1 {
            out.push(PositionProblem::new(
                ProblemKind::InstantWinDoesNotFit,
                format!(
                    "seat {} has won instantly but is not in the game",
                    seat.letter()
                ),
            ));
        }
    }
}

fn en_passant_problems(
    setup: &Setup,
    state: &TripleCrownState,
    r: &Readings<impl Switch>,
    emperors: &[usize; 3],
    pos: &Pos,
    out: &mut Vec<PositionProblem>,
) {
    let me = types::Seat::of(setup.to_move);
    // triple-crown.en-passant and triple-crown.en-passant-window.
    let active = |s: types::Seat| emperors[s.index()] == 1;
    let prev_active = {
        let p = r.prev(me);
        if active(p) { p } else { r.prev(p) }
    };
    let mut steppers = Vec::new();
    for (name, ep) in [
        ("en_passant", setup.en_passant),
        ("en_passant_earlier", state.en_passant_earlier),
    ] {
        let Some(cell) = ep else { continue };
        let Some(i) = cell_index(cell) else {
            out.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                format!("{name} {cell} is not a cell of the board"),
            ));
            continue;
        };
        let (half, file, rank) = board::coords(i);
        let seat = types::Seat::from_index(half);
        let victim = board::index(half, file, 4);
        // (A seat out of the game has no Pawn left: that is missing-royal, not this.)
        if rank != 3
            || seat == me
            || pos.occ.has(i)
            || pos.board[victim] != code(seat, types::Role::Pawn)
        {
            out.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                format!("{name} {cell}: not a cell an enemy Pawn has just double-stepped over"),
            ));
        }
        steppers.push(seat);
    }
    if state.en_passant_earlier.is_some() {
        if !r.ep_both_enemies {
            out.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                "en_passant_earlier needs the reading en-passant-window=both-enemies",
            ));
        }
        if setup.en_passant.is_none() {
            out.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                "en_passant_earlier without en_passant",
            ));
        }
    }
    match steppers.as_slice() {
        [s] if !r.ep_both_enemies && *s != prev_active => out.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
            "en_passant: only the player who moves right after a double step may take it, and seat {} did not just move",
            s.model().letter()
        ))),
        [newer, older] if *newer != r.prev(me) || *older != r.prev(r.prev(me)) => out.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, "en_passant and en_passant_earlier must be the last two players' double steps, newest first"
                )),
        _ => {}
    }
}

/// Builds the internal position of a setup that [`problems`] accepted, before any player en
/// prise to the side to move is taken out.
pub(crate) fn to_pos(setup: &Setup) -> Pos {
    let mut pos = Pos::empty();
    for (&cell, &piece) in &setup.pieces {
        if let (Some(i), Some(role)) = (cell_index(cell), role_code(piece.role)) {
            pos.put(i, types::Seat::of(piece.owner), role as u8);
        }
    }
    pos.to_move = types::Seat::of(setup.to_move);
    for &cell in &setup.castling {
        if let Some(b) = cell_index(cell).and_then(castling_bit) {
            pos.castling |= 1 << b;
        }
    }
    let state = setup.triple_crown();
    let eps = [setup.en_passant, state.and_then(|s| s.en_passant_earlier)];
    for (k, ep) in eps.into_iter().enumerate() {
        if let Some(i) = ep.and_then(cell_index) {
            pos.ep[k] = Ep {
                cell: i as u8,
                seat: types::Seat::from_index(board::coords(i).0),
            };
        }
    }
    if let Some(seat) = state.and_then(|s| s.instant_win.iter().next().copied()) {
        pos.instant_win = Some(types::Seat::of(seat));
    }
    pos
}

/// Writes an internal position as a setup.
pub(crate) fn to_setup(pos: &Pos, t: &Tables) -> Setup {
    let mut pieces = BTreeMap::new();
    for c in pos.occ.iter() {
        let p = pos.board[c];
        pieces.insert(
            t.cells[c],
            Piece::new(
                types::Seat::from_index(usize::from(p >> 4)).model(),
                model_role(p & 15),
            ),
        );
    }
    let mut castling = BTreeSet::new();
    for b in 0..12 {
        if pos.castling >> b & 1 != 0 {
            let seat = b / 4;
            castling.insert(t.cells[board::index(seat, CASTLES[b % 4].partner, 0)]);
        }
    }
    let ep = |k: usize| (pos.ep[k].cell != NONE).then(|| t.cells[pos.ep[k].cell as usize]);
    let instant_win = pos
        .instant_win
        .map(types::Seat::model)
        .into_iter()
        .collect();
    Setup {
        variant: Variant::TripleCrown,
        to_move: pos.to_move.model(),
        pieces,
        castling,
        en_passant: ep(0),
        state: VariantState::TripleCrown(TripleCrownState {
            en_passant_earlier: ep(1),
            instant_win,
        }),
    }
}

/// Writes an internal move in the model's notation.
pub(crate) fn to_move(m: Mv, t: &Tables) -> Move {
    let (from, to) = (t.cells[m.from as usize], t.cells[m.to as usize]);
    match m.kind {
        Kind::Promotion => Move::Promotion {
            from,
            to,
            role: model_role(m.extra),
        },
        Kind::Castle => {
            let seat = board::coords(m.from as usize).0;
            Move::Castle {
                from,
                to,
                partner: t.cells[board::index(seat, CASTLES[m.extra as usize].partner, 0)],
            }
        }
        _ => Move::Plain { from, to },
    }
}
