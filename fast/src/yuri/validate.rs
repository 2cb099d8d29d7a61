//! Yuri's setups: a setup checked against the rules into the internal position and the board
//! states of the earlier turns (every problem listed, with its kind), and the internal
//! position written back as a setup.

use std::cell::RefCell;
use std::collections::HashMap;

use super::history::Snap;
use super::*;

/// A board state from a placement, or the problems with it.
pub(super) fn board_state(pieces: &BTreeMap<Cell, Piece>) -> Result<Pos, Vec<String>> {
    let mut p = Pos::empty();
    let mut problems = Vec::new();
    for (&cell, piece) in pieces {
        let Some(i) = board().index(cell) else {
            problems.push(format!("{cell} is not a square of the 7 x 7 board"));
            continue;
        };
        let Some(role) = role_index(piece.role) else {
            problems.push(format!(
                "{cell}: a {} is not a piece of Yuri Chess",
                piece.role.name()
            ));
            continue;
        };
        if p.piece(i) != EMPTY {
            problems.push(format!("two pieces on {cell}"));
            continue;
        }
        p.put(Seat::of(piece.owner), role, i);
    }
    if problems.is_empty() {
        Ok(p)
    } else {
        Err(problems)
    }
}

/// Validates a setup into the internal position and the board states of the earlier turns;
/// every problem is listed, with its kind.
pub(super) fn import(
    rules: Rules<impl Switch>,
    setup: &Setup,
) -> Result<(Pos, History), EngineError> {
    let t = tables();
    let mut problems: Vec<PositionProblem> = Vec::new();
    if setup.variant != Variant::Yuri {
        problems.push(PositionProblem::new(
            ProblemKind::WrongVariant,
            format!("a {} position is not a Yuri position", setup.variant),
        ));
    }
    let default_state;
    let state = match &setup.state {
        VariantState::Yuri(s) => s,
        _ => {
            problems.push(PositionProblem::new(
                ProblemKind::WrongVariant,
                "the position's state is not Yuri's",
            ));
            default_state = YuriState::default();
            &default_state
        }
    };
    let mut p = match board_state(&setup.pieces) {
        Ok(p) => p,
        Err(more) => {
            let wrong = |m| PositionProblem::new(ProblemKind::WrongVariant, m);
            problems.extend(more.into_iter().map(wrong));
            Pos::empty()
        }
    };
    p.to_move = Seat::of(setup.to_move);
    let prev = p.to_move.prev();

    // yuri.no-castling.
    if !setup.castling.is_empty() {
        problems.push(PositionProblem::new(
            ProblemKind::CastlingRightWithoutPieces,
            "there is no castling in Yuri Chess, so no castling rights",
        ));
    }

    let implicit_king = import_shared(setup, state, prev, &mut p, &mut problems);
    import_kings_and_pawns(t, implicit_king, &p, &mut problems);
    import_unmoved(state, &mut p, &mut problems);
    import_en_passant(rules, t, setup, state, prev, &mut p, &mut problems);
    let hist = import_history(state, &mut problems);

    if problems.is_empty() {
        Ok((p, hist))
    } else {
        Err(EngineError::InvalidPosition(InvalidPosition { problems }))
    }
}

/// The name of an army's seat.
pub(super) fn army_name(army: Seat) -> &'static str {
    Variant::Yuri.seat_name(army.model())
}

pub(super) fn cell_index(c: Cell) -> Option<usize> {
    board().index(c)
}

/// The shared square of the White and Black Kings, if any (`prev` moved last); returns the
/// army whose King stands under the other there.
pub(super) fn import_shared(
    setup: &Setup,
    state: &YuriState,
    prev: Seat,
    p: &mut Pos,
    problems: &mut Vec<PositionProblem>,
) -> Option<Seat> {
    // yuri.shared-square: the King that moved there is listed; the other stands under it.
    let mut implicit_king = None;
    if let Some(c) = state.shared_square {
        match cell_index(c).map(|i| (i, p.piece(i))) {
            Some((i, pc)) if pc == code(WHITE, Role::King.index()) || pc == code(BLACK, Role::King.index()) => {
                let mover = Pos::seat_of(pc);
                let other = if mover == WHITE { BLACK } else { WHITE };
                implicit_king = Some(other);
                p.shared = i as u8;
                if p.army[other.index()] & p.role[Role::King.index()] != 0 {
                    problems.push(PositionProblem::new(ProblemKind::TooManyRoyals, format!(
                        "the {} King shares {c}, so it stands nowhere else",
                        army_name(other)
                    )));
                } else {
                    p.king[other.index()] = i as u8;
                }
                if prev != mover {
                    problems.push(PositionProblem::new(ProblemKind::SharedSquareDoesNotFit, format!(
                        "the {} King moved onto {c} last, so {} is to move",
                        army_name(mover),
                        army_name(mover.next())
                    )));
                }
                if setup.en_passant.is_some() || state.en_passant_pawn.is_some() {
                    problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, "no en passant after the Kings' meeting"));
                }
            }
            _ => problems.push(PositionProblem::new(ProblemKind::SharedSquareDoesNotFit, format!(
                "shared square {c}: only the White and Black Kings share a square, and one of them must stand there"
            ))),
        }
    }
    implicit_king
}

/// One King an army, and no pawn where it would have promoted.
pub(super) fn import_kings_and_pawns(
    t: &Tables,
    implicit_king: Option<Seat>,
    p: &Pos,
    problems: &mut Vec<PositionProblem>,
) {
    // yuri.one-king: one King for each army.
    for army in Seat::ALL {
        let kings = (p.army[army.index()] & p.role[Role::King.index()]).count_ones();
        let expected = u32::from(implicit_king != Some(army));
        if kings != expected {
            let kind = if kings > expected {
                ProblemKind::TooManyRoyals
            } else {
                ProblemKind::MissingRoyal
            };
            problems.push(PositionProblem::new(
                kind,
                format!(
                    "{} has {kings} Kings on the board, not {expected}",
                    army_name(army)
                ),
            ));
        }
    }

    // yuri.promotion: a pawn on a square it promotes on has promoted already.
    for army in Seat::ALL {
        let a = army.index();
        for i in (p.army[a] & p.role[Role::Pawn.index()] & t.promotion[a]).iter() {
            problems.push(PositionProblem::new(
                ProblemKind::PawnOnImpossibleRank,
                format!(
                    "{}'s pawn on {} stands where it would have promoted",
                    army_name(army),
                    t.cells[i]
                ),
            ));
        }
    }
}

pub(super) fn import_unmoved(state: &YuriState, p: &mut Pos, problems: &mut Vec<PositionProblem>) {
    // Unmoved pawns stand on their own army's starting squares.
    for &c in &state.unmoved {
        let ok = cell_index(c).is_some_and(|i| {
            let pc = p.piece(i);
            pc != EMPTY
                && usize::from(pc & 7) == Role::Pawn.index()
                && pawn_homes(Pos::seat_of(pc)) & (1 << i) != 0
        });
        if ok {
            if let Some(i) = cell_index(c) {
                p.unmoved |= 1 << i;
            }
        } else {
            problems.push(PositionProblem::new(
                ProblemKind::UnmovedDoesNotFit,
                format!("unmoved {c}: no pawn stands there on its own army's starting square"),
            ));
        }
    }
}

pub(super) fn import_en_passant(
    rules: Rules<impl Switch>,
    t: &Tables,
    setup: &Setup,
    state: &YuriState,
    prev: Seat,
    p: &mut Pos,
    problems: &mut Vec<PositionProblem>,
) {
    // yuri.double-step: en passant exists only under first-move, for the pawn that has just
    // gone two squares from its starting square.
    match (setup.en_passant, state.en_passant_pawn) {
        (None, None) => {}
        _ if !rules.double => {
            problems.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                "pawns never double-step under yuri.double-step=none, so there is no en passant",
            ));
        }
        (Some(ep), Some(pawn)) => match (cell_index(ep), cell_index(pawn)) {
            (Some(e), Some(w)) => {
                let reading = usize::from(rules.away);
                let is_prev_pawn = p.piece(w) == code(prev, Role::Pawn.index());
                let mut fits = false;
                for s in pawn_homes(prev).iter() {
                    fits |= p.piece(s) == EMPTY
                        && t.push2[reading][prev.index()][s].contains(&(e as u8, w as u8));
                }
                if !is_prev_pawn || p.piece(e) != EMPTY || !fits {
                    problems.push(PositionProblem::new(ProblemKind::EnPassantWithoutDoubleStep, format!(
                        "en passant {ep} with pawn {pawn}: not a double step {} has just made from a starting square",
                        army_name(prev)
                    )));
                } else {
                    p.ep = e as u8;
                    p.ep_pawn = w as u8;
                }
            }
            _ => problems.push(PositionProblem::new(
                ProblemKind::EnPassantWithoutDoubleStep,
                "en passant cells are not on the board",
            )),
        },
        _ => problems.push(PositionProblem::new(
            ProblemKind::EnPassantWithoutDoubleStep,
            "en_passant and en_passant_pawn go together",
        )),
    }
}

/// The board states of the history words read so far, by word, each with the problems that
/// make it unfit instead where it has any: the positions of one game share all but their last
/// words, which every call would otherwise read again (a deep position has a hundred). At most
/// [`HistoryWords::KEPT`] words; when full it forgets them all. What a word reads as depends
/// on the word alone, not on the readings, so the words are kept once per thread ([`WORDS`]),
/// not with each game's rules.
#[derive(Debug, Default)]
struct HistoryWords(RefCell<HashMap<String, Result<Snap, Vec<String>>>>);

thread_local! {
    /// The history words this thread has read.
    static WORDS: HistoryWords = HistoryWords::default();
}

impl HistoryWords {
    /// The most words kept.
    const KEPT: usize = 1 << 12;

    /// The board state a history word names, or the problems that make it unfit.
    fn read(&self, word: &str) -> Result<Snap, Vec<String>> {
        if let Some(known) = self.0.borrow().get(word) {
            return known.clone();
        }
        let read = history_word(word);
        let mut kept = self.0.borrow_mut();
        if kept.len() >= Self::KEPT {
            kept.clear();
        }
        kept.insert(word.to_owned(), read.clone());
        read
    }
}

/// yuri.white-no-repeat: the board state of an earlier turn, with one King of each army (the
/// Kings meet only in the game's last move), or the problems with it.
fn history_word(word: &str) -> Result<Snap, Vec<String>> {
    let b = parse_pieces(Variant::Yuri, word)
        .map_err(|e| vec![e.to_string()])
        .and_then(|pieces| board_state(&pieces))?;
    let unfit: Vec<String> = Seat::ALL
        .into_iter()
        .filter(|&army| (b.army[army.index()] & b.role[Role::King.index()]).count_ones() != 1)
        .map(|army| format!("{} has not one King", army_name(army)))
        .collect();
    if unfit.is_empty() {
        Ok(b.snap())
    } else {
        Err(unfit)
    }
}

fn import_history(state: &YuriState, problems: &mut Vec<PositionProblem>) -> History {
    let mut hist = History::with_capacity(state.history.len() + 64);
    for (k, word) in state.history.iter().enumerate() {
        match WORDS.with(|words| words.read(word)) {
            Ok(snap) => hist.push(snap),
            Err(unfit) => problems.extend(unfit.into_iter().map(|m| {
                PositionProblem::new(
                    ProblemKind::HistoryDoesNotFit,
                    format!("history {}: {m}", k + 1),
                )
            })),
        }
    }
    hist
}

/// The model's placement of an internal position.
pub(super) fn pieces_of(t: &Tables, p: &Pos) -> BTreeMap<Cell, Piece> {
    let mut pieces = BTreeMap::new();
    for (i, pc) in (0..board::N).map(|i| (i, p.piece(i))) {
        if pc != EMPTY {
            pieces.insert(
                t.cells[i],
                Piece::new(
                    Pos::seat_of(pc).model(),
                    Role::from_index(usize::from(pc & 7)).model(),
                ),
            );
        }
    }
    pieces
}

pub(super) fn cell_of(t: &Tables, i: u8) -> Option<Cell> {
    t.cells.get(usize::from(i)).copied()
}

/// The model's setup of an internal position, with the given history.
pub(super) fn export(t: &Tables, p: &Pos, history: Vec<String>) -> Setup {
    let mut unmoved = BTreeSet::new();
    for i in p.unmoved.iter() {
        unmoved.insert(t.cells[i]);
    }
    Setup {
        variant: Variant::Yuri,
        to_move: p.to_move.model(),
        pieces: pieces_of(t, p),
        castling: BTreeSet::new(),
        en_passant: cell_of(t, p.ep),
        state: VariantState::Yuri(YuriState {
            unmoved,
            en_passant_pawn: cell_of(t, p.ep_pawn),
            shared_square: cell_of(t, p.shared),
            history,
        }),
    }
}
