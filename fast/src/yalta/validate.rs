//! Yalta's setups: a setup checked against the rules into the internal position (every
//! problem listed, with its kind), and the internal position written back as a setup.

use super::*;

/// Validates a setup into the internal position: every problem is listed.
pub(super) fn read(setup: &Setup, r: &Rules<impl Switch>) -> Result<Pos, EngineError> {
    let mut problems: Vec<PositionProblem> = Vec::new();
    if setup.variant != Variant::Yalta {
        problems.push(PositionProblem::new(
            ProblemKind::WrongVariant,
            format!("not a Yalta position ({})", setup.variant),
        ));
    }
    let empty = YaltaState::default();
    let st = match setup.yalta() {
        Some(st) => st,
        None => {
            problems.push(PositionProblem::new(
                ProblemKind::WrongVariant,
                "the position carries no Yalta state",
            ));
            &empty
        }
    };
    let mut pos = Pos::empty();
    read_pieces(setup, &mut pos, &mut problems);
    read_control(st, &mut pos, &mut problems);
    pos.to_move = Seat::of(setup.to_move);
    if pos.king[pos.to_move.index()] == NONE {
        problems.push(PositionProblem::new(
            ProblemKind::SideToMoveOut,
            "the side to move has no king: it is out of the game",
        ));
    }
    read_castling(setup, &mut pos, &mut problems);
    read_en_passant(setup, st, r, &mut pos, &mut problems);
    read_checks(st, r, &mut pos, &mut problems);
    read_pending(st, r, &mut pos, &mut problems);
    if problems.is_empty() {
        Ok(pos)
    } else {
        Err(EngineError::InvalidPosition(InvalidPosition { problems }))
    }
}

/// The pieces: on the board's cells, one king an army, no pawn on a back rank.
pub(super) fn read_pieces(setup: &Setup, pos: &mut Pos, problems: &mut Vec<PositionProblem>) {
    let board = Variant::Yalta.board();
    for (&cell, piece) in &setup.pieces {
        let Some(i) = board.index(cell).filter(|&i| i < CELLS) else {
            problems.push(PositionProblem::new(
                ProblemKind::WrongVariant,
                format!("{cell} is not a cell of the Yalta board"),
            ));
            continue;
        };
        let i = i as u8;
        let Some(role) = role_code(piece.role) else {
            problems.push(PositionProblem::new(
                ProblemKind::WrongVariant,
                format!("{cell}: a {} is not a Yalta piece", piece.role.name()),
            ));
            continue;
        };
        let army = piece.owner.index() as u8;
        // yalta.start-army: one king per army.
        if role == Role::King && pos.king[usize::from(army)] != NONE {
            problems.push(PositionProblem::new(
                ProblemKind::TooManyRoyals,
                format!(
                    "{} has more than one king",
                    Variant::Yalta.seat_name(piece.owner)
                ),
            ));
            continue;
        }
        // yalta.pawn-moves: a pawn never stands on a back rank (its own or a promotion rank).
        if role == Role::Pawn && cell.rank() == 0 {
            problems.push(PositionProblem::new(
                ProblemKind::PawnOnImpossibleRank,
                format!("a pawn on the back rank {cell}"),
            ));
        }
        pos.put(i, code(army, role));
    }
}

/// Who moves each army: its own seat while its king stands, else the seat that took it over.
pub(super) fn read_control(st: &YaltaState, pos: &mut Pos, problems: &mut Vec<PositionProblem>) {
    for s in Seat::ALL {
        if pos.king[s.index()] != NONE {
            pos.control[s.index()] = Some(s);
        }
    }
    // yalta.army-takeover: the controller of each army whose king is gone.
    for (&army, &by) in &st.control {
        let (a, c) = (army.index(), Seat::of(by));
        if pos.king[a] != NONE {
            problems.push(PositionProblem::new(
                ProblemKind::ControlDoesNotFit,
                format!("control {army:?}: that army still has its king"),
            ));
        } else if c.index() == a || pos.king[c.index()] == NONE {
            problems.push(PositionProblem::new(
                ProblemKind::ControlDoesNotFit,
                format!(
                    "control {army:?}:{by:?}: the controller must be another seat still in the game"
                ),
            ));
        } else {
            pos.control[a] = Some(c);
            pos.control_set |= 1 << a;
        }
    }
    for s in Seat::ALL {
        let a = s.index();
        if pos.control[a].is_none() && pos.b.army[a] != 0 && !st.control.contains_key(&s.model()) {
            problems.push(PositionProblem::new(
                ProblemKind::ControlDoesNotFit,
                format!(
                    "{}'s army has no king and no controller",
                    Variant::Yalta.seat_name(s.model())
                ),
            ));
        }
    }
}

/// The castling rights: the army's king on e1 and its rook on the corner.
pub(super) fn read_castling(setup: &Setup, pos: &mut Pos, problems: &mut Vec<PositionProblem>) {
    let board = Variant::Yalta.board();
    for &cell in &setup.castling {
        let Some(i) = board.index(cell) else {
            problems.push(PositionProblem::new(
                ProblemKind::CastlingRightWithoutPieces,
                format!("castling {cell}: not a cell"),
            ));
            continue;
        };
        let i = i as u8;
        let x = i / 32;
        let ok_king = pos.king[usize::from(x)] == x * 32 + 4;
        let ok_rook = pos.board[usize::from(i)] == code(x, Role::Rook);
        match i % 32 {
            7 if ok_king && ok_rook => pos.castling |= 1 << (2 * x),
            0 if ok_king && ok_rook => pos.castling |= 1 << (2 * x + 1),
            _ => problems.push(PositionProblem::new(
                ProblemKind::CastlingRightWithoutPieces,
                format!("castling {cell}: needs the army's rook there and its king on e1"),
            )),
        }
    }
}

/// The en passant rights still in their window.
pub(super) fn read_en_passant(
    setup: &Setup,
    st: &YaltaState,
    r: &Rules<impl Switch>,
    pos: &mut Pos,
    problems: &mut Vec<PositionProblem>,
) {
    // yalta.en-passant-window: the latest double step's cell, and (both-opponents only) an
    // earlier one still in its window.
    if let Some(cell) = setup.en_passant {
        pos.ep = en_passant_cell(pos, cell, "en passant", problems);
    }
    if let Some(cell) = st.en_passant_earlier {
        if !r.ep_both {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                "en_passant_earlier {cell}: only the reading yalta.en-passant-window=both-opponents keeps an earlier right"
            )));
        } else if setup.en_passant.is_none() {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                "en_passant_earlier {cell} without en_passant: the latest double step's cell is en_passant"
            )));
        } else {
            pos.ep_earlier = en_passant_cell(pos, cell, "en_passant_earlier", problems);
        }
    }
    if pos.ep != NONE && pos.ep_earlier != NONE {
        let newer = pos.stepper(pos.ep);
        if newer == pos.stepper(pos.ep_earlier) {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, "en_passant and en_passant_earlier are double steps of one player; a player's own right ends when it is to move again"));
        } else if newer != Some(pos.seat_before(pos.to_move, r)) {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, "en_passant: with two rights the latest is the double step of the player who moved last"));
        }
    }
}

/// The checks on each king, and whose came first where there are two.
pub(super) fn read_checks(
    st: &YaltaState,
    r: &Rules<impl Switch>,
    pos: &mut Pos,
    problems: &mut Vec<PositionProblem>,
) {
    for s in Seat::ALL {
        let k = pos.king[s.index()];
        if k != NONE {
            pos.checkers[s.index()] = pos.attackers(&pos.b, k, s, r.t);
        }
    }
    // yalta.multiple-check: a seat checked by two opponents says whose check came first.
    for (&checked, &by) in &st.first_check {
        let (s, f) = (checked.index(), Seat::of(by));
        if pos.checkers[s].count_ones() != 2 {
            problems.push(PositionProblem::new(
                ProblemKind::FirstCheckDoesNotFit,
                format!("first_check {checked:?}: not in check from two opponents"),
            ));
        } else if pos.checkers[s] & f.bit() == 0 {
            problems.push(PositionProblem::new(
                ProblemKind::FirstCheckDoesNotFit,
                format!("first_check {checked:?}:{by:?}: not a checker"),
            ));
        } else {
            pos.first[s] = Some(f);
        }
    }
    for seat in Seat::ALL {
        let s = seat.index();
        if pos.checkers[s].count_ones() == 2 && pos.first[s].is_none() {
            problems.push(PositionProblem::new(
                ProblemKind::FirstCheckDoesNotFit,
                format!(
                    "{} is in check from two opponents: first_check must say whose came first",
                    Variant::Yalta.seat_name(seat.model())
                ),
            ));
        }
    }
}

/// The pending mates.
pub(super) fn read_pending(
    st: &YaltaState,
    r: &Rules<impl Switch>,
    pos: &mut Pos,
    problems: &mut Vec<PositionProblem>,
) {
    // yalta.mate-final: pending mates exist only under after-left-player, for a player in
    // check who is not to move (D3).
    for &q in &st.pending_mate {
        let qi = Seat::of(q);
        if !r.after_left {
            problems.push(PositionProblem::new(
                ProblemKind::PendingMateDoesNotFit,
                "pending_mate needs the reading yalta.mate-final=after-left-player",
            ));
        } else if pos.king[qi.index()] == NONE
            || qi == pos.to_move
            || pos.king[left(qi).index()] == NONE
        {
            problems.push(PositionProblem::new(ProblemKind::PendingMateDoesNotFit, format!(
                "pending_mate {q:?}: the seat and its left player must be in the game, not to move"
            )));
        } else if pos.checkers[qi.index()] == 0 {
            problems.push(PositionProblem::new(
                ProblemKind::PendingMateDoesNotFit,
                format!("pending_mate {q:?}: a pending mate is for a player in check"),
            ));
        } else {
            pos.pending |= qi.bit();
        }
    }
}

/// Checks an en passant cell of a setup (`field` names it): an empty rank-3 cell with a pawn
/// of its half-board's army beyond, an army the side to move does not control. Returns its
/// index, or `NONE` after listing the problems.
pub(super) fn en_passant_cell(
    pos: &Pos,
    cell: Cell,
    field: &str,
    problems: &mut Vec<PositionProblem>,
) -> u8 {
    match Variant::Yalta.board().index(cell) {
        Some(i) if pos.ep_valid(i as u8) => {
            let i = i as u8;
            if pos.stepper(i) == Some(pos.to_move) {
                problems.push(PositionProblem::new(
                    ProblemKind::EnPassantWithoutDoubleStep,
                    format!("{field} {cell}: the side to move may not take its own pawn"),
                ));
                NONE
            } else {
                i
            }
        }
        _ => {
            problems.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                format!("{field} {cell}: needs an empty rank-3 cell with its army's pawn beyond"),
            ));
            NONE
        }
    }
}

/// Writes the internal position as a setup.
pub(super) fn write(pos: &Pos) -> Setup {
    let board = Variant::Yalta.board();
    let cell = |i: u8| board.cell_at(usize::from(i));
    let mut pieces = BTreeMap::new();
    for (i, &code) in pos.board.iter().enumerate() {
        if code != EMPTY
            && let Some(c) = cell(i as u8)
        {
            pieces.insert(c, Piece::new(seat_of(code).model(), code_role(code)));
        }
    }
    let mut castling = BTreeSet::new();
    for x in 0..3u8 {
        if pos.castling & (1 << (2 * x)) != 0 {
            castling.extend(cell(x * 32 + 7));
        }
        if pos.castling & (1 << (2 * x + 1)) != 0 {
            castling.extend(cell(x * 32));
        }
    }
    let mut state = YaltaState::default();
    for s in Seat::ALL {
        let a = s.index();
        if pos.control_set & s.bit() != 0
            && let Some(by) = pos.control[a]
        {
            state.control.insert(s.model(), by.model());
        }
        if let Some(f) = pos.first[a] {
            state.first_check.insert(s.model(), f.model());
        }
        if pos.pending & s.bit() != 0 {
            state.pending_mate.insert(s.model());
        }
    }
    Setup {
        variant: Variant::Yalta,
        to_move: pos.to_move.model(),
        pieces,
        castling,
        en_passant: if pos.ep == NONE { None } else { cell(pos.ep) },
        state: VariantState::Yalta(YaltaState {
            en_passant_earlier: if pos.ep_earlier == NONE {
                None
            } else {
                cell(pos.ep_earlier)
            },
            ..state
        }),
    }
}
