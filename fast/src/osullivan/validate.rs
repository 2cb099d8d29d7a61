//! O'Sullivan's setups: a setup checked against the rules into the internal position (every
//! problem listed, with its kind), and the internal position written back as a setup.

use super::*;

/// Checks a setup against the rules and builds the internal position; every problem is listed,
/// with its kind, in one [`EngineError::InvalidPosition`].
pub(super) fn load(
    g: &Geometry,
    cfg: &Cfg<impl Switch>,
    setup: &Setup,
) -> Result<Pos, EngineError> {
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
pub(super) fn load_pieces(
    g: &Geometry,
    setup: &Setup,
    pos: &mut Pos,
    problems: &mut Vec<PositionProblem>,
) {
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
        let seat = Seat::of(piece.owner);
        if role == Role::Pawn.index() && (g.rank[sq] == 0 || g.rank[sq] == 7) {
            // osullivan.pawn-direction, osullivan.promotion: White's pawns start on rank 7 and go
            // down, promoting on rank 1; Black's and Red's start on ranks 2-3 and go up,
            // promoting on rank 8. No pawn ever stands on rank 1 or 8.
            problems.push(PositionProblem::new(
                ProblemKind::PawnOnImpossibleRank,
                format!("{cell}: a pawn cannot stand on rank {}", g.rank[sq] + 1),
            ));
        }
        if role == Role::King.index() {
            kings[seat.index()] += 1;
        }
        pos.put(sq, seat, role);
    }
    for (seat, &n) in Seat::ALL.into_iter().zip(&kings) {
        if n > 1 {
            problems.push(PositionProblem::new(
                ProblemKind::TooManyRoyals,
                format!("{} has {n} kings", letter(seat)),
            ));
        }
    }
    let to_move = Seat::of(setup.to_move);
    pos.to_move = to_move;
    // osullivan.mate-removes-king: a seat without a king is out and never moves.
    if kings[to_move.index()] == 0 {
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
pub(super) fn load_castling(
    g: &Geometry,
    setup: &Setup,
    pos: &mut Pos,
    problems: &mut Vec<PositionProblem>,
) {
    let c = castle_cells(g);
    for &cell in &setup.castling {
        match index(cell) {
            Some(sq) if sq == c.b8 => {
                if pos.board[c.d8] != code(WHITE, Role::King.index())
                    || pos.board[c.b8] != code(WHITE, Role::Rook.index())
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
pub(super) fn load_p4(state: &OSullivanState, pos: &mut Pos, problems: &mut Vec<PositionProblem>) {
    for (seat, cell) in state.p4.iter() {
        let Some(cell) = *cell else { continue };
        let s = Seat::of(seat);
        match index(cell) {
            _ if s == WHITE => problems.push(PositionProblem::new(
                ProblemKind::P4DoesNotFit,
                "White has no P4",
            )),
            Some(sq) if pos.board[sq] == code(s, Role::Pawn.index()) => {
                pos.p4[s.index()] = sq as u8
            }
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
        let s = Seat::of(seat);
        if pos.p4[s.index()] == NONE {
            problems.push(PositionProblem::new(
                ProblemKind::P4DoesNotFit,
                format!("{} is listed as freed but has no P4", letter(s)),
            ));
        } else {
            pos.freed |= s.bit();
        }
    }
}

/// The en passant rights still in their window.
pub(super) fn load_en_passant(
    g: &Geometry,
    cfg: &Cfg<impl Switch>,
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
        if stepper != Some(last) {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                "en passant {}: under next-player only the last move's double step is open, and {} moved last",
                g.cells[usize::from(pos.ep)],
                letter(last)
            )));
        }
    }
    if pos.ep != NONE && pos.ep_earlier != NONE {
        let newer = g.ep_stepper[usize::from(pos.ep)];
        let older = g.ep_stepper[usize::from(pos.ep_earlier)];
        if newer == older
            && let Some(newer) = newer
        {
            problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                "en_passant and en_passant_earlier are both {}'s double steps; a player's own right ends when it is to move again",
                letter(newer)
            )));
        } else if newer != Some(pos.seat_before(cfg, pos.to_move)) {
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
pub(super) fn en_passant_cell(
    g: &Geometry,
    pos: &Pos,
    cell: Cell,
    field: &str,
    problems: &mut Vec<PositionProblem>,
) -> u8 {
    let Some((ep, stepper)) = index(cell).and_then(|ep| Some((ep, g.ep_stepper[ep]?))) else {
        problems.push(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            format!("{field} {cell} is not a cell a double step passes (rank 6, d3 or e3)"),
        ));
        return NONE;
    };
    let victim = usize::from(g.ep_victim[ep]);
    let before = problems.len();
    if pos.board[ep] != EMPTY {
        problems.push(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            format!("{field} {cell} is occupied"),
        ));
    }
    let pawn_there = pos.board[victim] == code(stepper, Role::Pawn.index());
    let is_p4 = stepper == WHITE || usize::from(pos.p4[stepper.index()]) == victim;
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
    if stepper == pos.to_move {
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
pub(super) fn unload(g: &Geometry, pos: &Pos) -> Setup {
    let mut pieces = BTreeMap::new();
    for (sq, &p) in pos.board.iter().enumerate() {
        if p != EMPTY {
            let piece = Piece::new(
                seat_of(p).model(),
                Role::from_index(usize::from(p & 7)).model(),
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
        .filter(|s| pos.freed & s.bit() != 0)
        .map(Seat::model)
        .collect();
    Setup {
        variant: Variant::OSullivan,
        to_move: pos.to_move.model(),
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
