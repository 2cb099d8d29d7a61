//! Why Yuri Chess's rules answer as they do ([`crate::explain`]): each question asks the rule
//! functions of this module, one at a time, and cites the clause each decides.

use trichess_model::{Cell, Move, Outcome, Piece, ProblemKind, Reason, Role, Seat, Variant};

use crate::board::Setup;
use crate::explain::{
    Chain, Explainer, Link, Moves, Verdict, attackers, attackers_text, cites, legality, piece_name,
    square_line_to, validity,
};
use crate::rules::Rules;
use crate::square::{ALL_DIRECTIONS, DIAGONAL, Direction, ORTHOGONAL};

use super::options::{DoubleStep, KingOntoKing, MateTiming, Pawns};
use super::{BLACK, WHITE, Yuri, board, check, goals, history, legal_moves, pawns, pieces, turn};

cites! {
    KINGS_MEET = "yuri.shared-square" in "yuri/goals.rs" fn ended;
    BLACK_WINS = "yuri.black-wins" in "yuri/goals.rs" fn ended;
    MATE_TIMING = "yuri.mate-timing" in "yuri/goals.rs" fn ended;
    MATED_NOW = "yuri.mate-timing" in "yuri/goals.rs" fn checkmated_now;
    RED_WINS = "yuri.red-wins" in "yuri/goals.rs" fn outcome;
    RED_CHECKMATE = "yuri.red-checkmate" in "yuri/goals.rs" fn outcome;
    STALEMATE = "yuri.stalemate" in "yuri/goals.rs" fn outcome;
    WHITE_NO_WIN = "yuri.white-no-win" in "yuri/goals.rs" fn outcome;
    WHITE_KINGMAKER = "yuri.white-kingmaker" in "yuri/goals.rs" fn outcome;
    TURN_ORDER = "yuri.turn-order" in "yuri/turn.rs" fn apply;
    CHECK = "yuri.check" in "yuri/mod.rs" fn moves;
    KING_ONTO_KING = "yuri.king-onto-king" in "yuri/mod.rs" fn moves;
    WHITE_NO_REPEAT = "yuri.white-no-repeat" in "yuri/history.rs" fn repeats_board_state;
    HISTORY = "yuri.white-no-repeat" in "yuri/history.rs" fn board_state;
    KINGS_ADJACENT = "yuri.kings-adjacent" in "yuri/pieces.rs" fn threatens;
    KINGS_NO_CAPTURE = "yuri.kings-no-capture" in "yuri/pieces.rs" fn capturable;
    KINGS_NEVER_CAPTURED = "yuri.kings-never-captured" in "yuri/pieces.rs" fn capturable;
    SHARED_SQUARE = "yuri.shared-square" in "yuri/pieces.rs" fn may_share;
    BLACK_WINS_SHARE = "yuri.black-wins" in "yuri/pieces.rs" fn may_share;
    ORTHODOX = "yuri.orthodox-moves" in "yuri/pieces.rs" fn reach;
    NO_CASTLING = "yuri.no-castling" in "yuri/pieces.rs" fn piece_moves;
    PAWN_MOVE_A = "yuri.pawn-move-a" in "yuri/pawns.rs" fn steps_as_first_described;
    PAWN_MOVE_B = "yuri.pawn-move-b" in "yuri/pawns.rs" fn steps_away_from_diagonal;
    ORTHOGONAL_SQUARES = "yuri.orthogonal" in "yuri/pawns.rs" fn steps_away_from_diagonal;
    PAWNS = "yuri.pawns" in "yuri/pawns.rs" fn step_directions;
    PAWN_CAPTURE_A = "yuri.pawn-capture-a" in "yuri/pawns.rs" fn capture_direction;
    PAWN_CAPTURE_B = "yuri.pawn-capture-b" in "yuri/pawns.rs" fn capture_direction;
    PROMOTION = "yuri.promotion" in "yuri/pawns.rs" fn promotes_on;
    PROMOTION_CHOICE = "yuri.promotion-choice" in "yuri/pawns.rs" fn with_promotions;
    DOUBLE_STEP = "yuri.double-step" in "yuri/pawns.rs" fn double_step;
    EN_PASSANT = "yuri.double-step" in "yuri/pawns.rs" fn en_passant_capture;
    ONE_KING = "yuri.one-king" in "yuri/validate.rs" fn king_problems;
    NO_CASTLING_FITS = "yuri.no-castling" in "yuri/validate.rs" fn castling_rights;
    PAWN_RANKS = "yuri.promotion" in "yuri/validate.rs" fn pawns_on_promotion_squares;
    UNMOVED_FITS = "yuri.double-step" in "yuri/validate.rs" fn unmoved_pawns;
    EN_PASSANT_FITS = "yuri.double-step" in "yuri/validate.rs" fn en_passant_problem;
    HISTORY_FITS = "yuri.white-no-repeat" in "yuri/validate.rs" fn history;
    SHARED_SQUARE_FITS = "yuri.shared-square" in "yuri/validate.rs" fn shared_square_turn_problem;
    TURN_ORDER_FITS = "yuri.turn-order" in "yuri/validate.rs" fn shared_square_turn_problem;
    D4 = "D4" in "yuri/validate.rs" fn shared_square_turn_problem;
    STALEMATE_PROPOSAL = "yuri.stalemate-proposal" in "yuri/goals.rs" fn outcome;
}

const V: Variant = Variant::Yuri;

fn name(seat: Seat) -> &'static str {
    V.seat_name(seat)
}

impl Explainer for Yuri {
    fn rules(&self) -> &dyn Rules {
        self
    }

    fn legality(&self, setup: &Setup, mv: Move) -> Chain {
        legality(self, setup, mv)
    }

    fn outcome(&self, setup: &Setup) -> Chain {
        outcome(self, setup)
    }

    fn validity(&self, setup: &trichess_model::Setup) -> Chain {
        validity(self, setup, &CHECKED, |kind| check_for(self, kind))
    }

    fn check_for(&self, kind: ProblemKind) -> Vec<Link> {
        check_for(self, kind)
    }
}

/// The kinds of problem Yuri's validation looks for.
const CHECKED: [ProblemKind; 8] = [
    ProblemKind::TooManyRoyals,
    ProblemKind::MissingRoyal,
    ProblemKind::SharedSquareDoesNotFit,
    ProblemKind::CastlingRightWithoutPieces,
    ProblemKind::PawnOnImpossibleRank,
    ProblemKind::UnmovedDoesNotFit,
    ProblemKind::EnPassantWithoutDoubleStep,
    ProblemKind::HistoryDoesNotFit,
];

/// The clauses of the check of `validate.rs` that finds problems of `kind`, its own first.
fn check_for(rules: &Yuri, kind: ProblemKind) -> Vec<Link> {
    match kind {
        ProblemKind::TooManyRoyals | ProblemKind::MissingRoyal => vec![Link::new(
            ONE_KING,
            "each army has one King, the one under a shared square counting",
        )],
        ProblemKind::SharedSquareDoesNotFit => vec![
            Link::new(
                SHARED_SQUARE_FITS,
                "a shared square holds the White and the Black King",
            ),
            Link::new(
                TURN_ORDER_FITS,
                "the seat after the King that moved there is to move",
            ),
            Link::new(
                D4,
                "after the Kings meet, the side to move is the seat after the King that moved",
            ),
        ],
        ProblemKind::CastlingRightWithoutPieces => {
            vec![Link::new(NO_CASTLING_FITS, "there are no castling rights")]
        }
        ProblemKind::PawnOnImpossibleRank => vec![Link::new(
            PAWN_RANKS,
            "no pawn stands where its capture square is off the board",
        )],
        ProblemKind::UnmovedDoesNotFit => vec![
            Link::new(
                UNMOVED_FITS,
                "only a pawn on one of its army's starting squares is unmoved",
            )
            .read(rules.options.double_step),
        ],
        ProblemKind::EnPassantWithoutDoubleStep => vec![
            Link::new(EN_PASSANT_FITS, "en passant only right after a double step")
                .read(rules.options.double_step),
        ],
        ProblemKind::HistoryDoesNotFit => {
            vec![Link::new(
                HISTORY_FITS,
                "each history entry is a board state",
            )]
        }
        _ => Vec::new(),
    }
}

impl Moves for Yuri {
    fn game_over(&self, setup: &Setup) -> Option<Vec<Link>> {
        goals::ended(setup, &self.options)?;
        Some(end_links(self, setup))
    }

    fn not_theirs(&self, setup: &Setup, from: Cell, piece: Piece) -> Option<Link> {
        (piece.owner != setup.to_move).then(|| {
            Link::new(
                TURN_ORDER,
                format!(
                    "the turn order is W → R → B: it is {}'s turn, and the {} on {from} is {}'s",
                    name(setup.to_move),
                    piece.role.name(),
                    name(piece.owner)
                ),
            )
            .at([from])
        })
    }

    fn piece_moves(&self, setup: &Setup, from: Cell, piece: Piece) -> Vec<Move> {
        pieces::piece_moves(setup, &self.options, from, piece)
    }

    fn legal_moves(&self, setup: &Setup) -> Vec<Move> {
        legal_moves(setup, &self.options)
    }

    fn grants(&self, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Vec<Link> {
        grants(self, setup, from, piece, mv)
    }

    fn exposure(&self, setup: &Setup, mv: Move) -> Vec<Link> {
        let mover = setup.to_move;
        let after = turn::board_after(setup, mv);
        if !check::in_check(&after, mover) || exempt(self, setup, mv) {
            return vec![
                Link::new(
                    WHITE_NO_REPEAT,
                    "White may not bring back a board state of an earlier turn, and this board stood before",
                )
                .sets(&["history"]),
            ];
        }
        let mut links = vec![threatened(setup, &after, mover)];
        if turn::is_meeting(setup, mv) {
            links.push(
                Link::new(
                    KING_ONTO_KING,
                    "the King may step onto the other King only where it would not stand in check",
                )
                .read(self.options.king_onto_king)
                .at([mv.to()]),
            );
        }
        links
    }

    fn safety(&self, setup: &Setup, mv: Move) -> Vec<Link> {
        safety(self, setup, mv)
    }

    fn refusal(&self, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Option<Vec<Link>> {
        refusal(self, setup, from, piece, mv)
    }

    fn play(&self, setup: &Setup, mv: Move) -> Setup {
        turn::apply(setup, mv)
    }

    fn effects(&self, setup: &Setup, mv: Move, after: &Setup) -> Vec<Link> {
        effects(self, setup, mv, after)
    }
}

/// Returns true if the check rule does not hold `mv`: a step onto the other King under
/// `yuri.king-onto-king=into-check`.
fn exempt(rules: &Yuri, setup: &Setup, mv: Move) -> bool {
    rules.options.king_onto_king == KingOntoKing::IntoCheck && turn::is_meeting(setup, mv)
}

/// Why the mover's King would stand threatened on the board `after`.
fn threatened(setup: &Setup, after: &crate::board::Pieces, mover: Seat) -> Link {
    let Some(king) = check::king(after, mover) else {
        return Link::new(CHECK, "the mover has no King");
    };
    let board = Setup {
        pieces: after.clone(),
        ..setup.clone()
    };
    let by = threats(&board, king, mover);
    Link::new(
        CHECK,
        format!(
            "it would leave {}'s King on {king} in check from {}",
            name(mover),
            attackers_text(V, &by)
        ),
    )
    .at(std::iter::once(king).chain(by.iter().map(|&(c, _)| c)))
}

/// The pieces of the other armies threatening `target` (Kings threaten nothing).
fn threats(setup: &Setup, target: Cell, seat: Seat) -> Vec<(Cell, Piece)> {
    attackers(
        setup,
        target,
        |p| p.owner != seat,
        |c, p| pieces::threatens(&setup.pieces, c, p),
    )
}

/// Why a legal move passes the check rule, and White's rule against bringing back a board.
fn safety(rules: &Yuri, setup: &Setup, mv: Move) -> Vec<Link> {
    let mover = setup.to_move;
    let after = turn::board_after(setup, mv);
    let mut links = Vec::new();
    let king = check::king(&after, mover);
    if exempt(rules, setup, mv) && check::in_check(&after, mover) {
        links.push(
            Link::new(
                KING_ONTO_KING,
                "the game ends on the shared square before any check could count",
            )
            .read(rules.options.king_onto_king)
            .at(king),
        );
    } else {
        links.push(
            Link::new(
                CHECK,
                format!(
                    "no piece of another army threatens {}'s King after it",
                    name(mover)
                ),
            )
            .at(king),
        );
    }
    let next_to_king = king.is_some_and(|k| {
        Seat::ALL.into_iter().filter(|&s| s != mover).any(|s| {
            check::king(&after, s).is_some_and(|o| {
                o != k && o.file().abs_diff(k.file()) <= 1 && o.rank().abs_diff(k.rank()) <= 1
            })
        })
    });
    if next_to_king {
        links.push(
            Link::new(
                KINGS_ADJACENT,
                "Kings threaten nothing: a King may stand beside another",
            )
            .at(king),
        );
    }
    let board = Setup {
        pieces: after,
        ..setup.clone()
    };
    if mover != WHITE && history::repeats_board_state(setup, &board.pieces) {
        links.push(
            Link::new(WHITE_NO_REPEAT, format!("the board after it stood before, but only White may not bring one back, and {} moves", name(mover)))
                .sets(&["history"]),
        );
    }
    links
}

/// The clauses that give `piece` the move `mv`, the most particular first.
fn grants(rules: &Yuri, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Vec<Link> {
    let to = mv.to();
    let mut links = Vec::new();
    match piece.role {
        Role::Pawn => links.extend(pawn_grants(rules, setup, from, piece.owner, mv)),
        Role::King => {
            if pieces::may_share(&setup.pieces, piece.owner, to) {
                links.push(
                    Link::new(
                        SHARED_SQUARE,
                        format!(
                            "the King steps onto the other King's square {to}, in lieu of a capture"
                        ),
                    )
                    .at([from, to]),
                );
                links.push(
                    Link::new(
                        BLACK_WINS_SHARE,
                        "the White and Black Kings meeting wins the game for Black",
                    )
                    .at([to]),
                );
            }
            if piece.owner == WHITE {
                let black = check::king(&setup.pieces, BLACK);
                let beside = black.is_some_and(|b| {
                    b != to
                        && b.file().abs_diff(to.file()) <= 1
                        && b.rank().abs_diff(to.rank()) <= 1
                });
                if beside {
                    links.push(
                        Link::new(
                            WHITE_KINGMAKER,
                            "White's King steps beside Black's King, which may then step onto it: how White may hand Black the win",
                        )
                        .at(black.into_iter().chain([to])),
                    );
                }
            }
            links.push(
                Link::new(ORTHODOX, format!("the King steps from {from} to {to}")).at([from, to]),
            );
        }
        Role::Knight => links.push(
            Link::new(ORTHODOX, format!("the Knight leaps from {from} to {to}")).at([from, to]),
        ),
        role => links.push(
            Link::new(
                ORTHODOX,
                format!(
                    "the {} moves along its line from {from} to {to} over empty squares",
                    role.name()
                ),
            )
            .at([from, to]),
        ),
    }
    if let Some(t) = setup.piece(to).filter(|p| p.role != Role::King) {
        links.push(Link::new(ORTHODOX, format!("it captures {}", piece_name(V, t))).at([to]));
    }
    links
}

/// The clause of the pawns' steps under the reading in force.
fn step_link(rules: &Yuri, detail: String) -> Link {
    match rules.options.pawns {
        Pawns::TwoDirections => Link::new(PAWN_MOVE_A, detail),
        Pawns::AwayFromDiagonal => Link::new(PAWN_MOVE_B, detail),
    }
}

/// The clause of the pawns' captures under the reading in force.
fn capture_link(rules: &Yuri, detail: String) -> Link {
    match rules.options.pawns {
        Pawns::TwoDirections => Link::new(PAWN_CAPTURE_A, detail),
        Pawns::AwayFromDiagonal => Link::new(PAWN_CAPTURE_B, detail),
    }
}

/// The clauses that give a pawn of `owner` the move `mv`, the most particular first.
fn pawn_grants(rules: &Yuri, setup: &Setup, from: Cell, owner: Seat, mv: Move) -> Vec<Link> {
    let to = mv.to();
    let mut links = Vec::new();
    if let Move::Promotion { role, .. } = mv {
        links.push(
            Link::new(
                PROMOTION,
                format!("the pawn promotes on {to}: its capture square is off the board"),
            )
            .at([to]),
        );
        links.push(Link::new(PROMOTION_CHOICE, format!("it becomes a {}", role.name())).at([to]));
    }
    if let Some(victim) = pawns::en_passant_capture(setup, from, owner, to) {
        links.push(
            Link::new(EN_PASSANT, format!("it takes the pawn on {victim} en passant, on the square {to} it passed with its double step"))
                .read(rules.options.double_step)
                .at([from, to, victim]),
        );
    }
    if pawns::capture_cell(from, owner) == Some(to) {
        let what = setup
            .piece(to)
            .map_or("en passant".into(), |p| piece_name(V, p));
        links.push(
            capture_link(
                rules,
                format!("the pawn captures one step {}: {what}", capture_word(owner)),
            )
            .at([from, to]),
        );
        return links;
    }
    if pawns::passed_cell(from, to).is_some() {
        links.push(
            Link::new(
                DOUBLE_STEP,
                format!("the unmoved pawn steps two squares, from {from} to {to}"),
            )
            .read(rules.options.double_step)
            .at([from, to]),
        );
    }
    links.push(
        step_link(
            rules,
            format!("the pawn steps from {from} to {to}, one of its step directions"),
        )
        .at([from, to]),
    );
    links.push(
        Link::new(PAWNS, "which description of the pawns' steps is played")
            .read(rules.options.pawns),
    );
    if rules.options.pawns == Pawns::AwayFromDiagonal {
        links.push(
            Link::new(
                ORTHOGONAL_SQUARES,
                "orthogonal is along the square's files and ranks",
            )
            .at([from, to]),
        );
    }
    links
}

/// The direction a pawn of `owner` captures in, as the source names it.
fn capture_word(owner: Seat) -> &'static str {
    match owner {
        BLACK => "north",
        WHITE => "south",
        _ => "west",
    }
}

/// Why `piece` on `from` may not make `mv` by the way it moves.
fn refusal(rules: &Yuri, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Option<Vec<Link>> {
    let to = mv.to();
    if let Move::Castle { .. } = mv {
        return Some(vec![
            Link::new(NO_CASTLING, "there is no castling").at([from]),
        ]);
    }
    if piece.role == Role::Pawn {
        return pawn_refusal(rules, setup, from, piece.owner, mv);
    }
    if let Move::Promotion { .. } = mv {
        return Some(vec![
            Link::new(
                PROMOTION,
                format!(
                    "only a pawn promotes, and {from} holds a {}",
                    piece.role.name()
                ),
            )
            .at([from]),
        ]);
    }
    let target = setup.piece(to);
    if piece.role == Role::King {
        let near = from.file().abs_diff(to.file()) <= 1 && from.rank().abs_diff(to.rank()) <= 1;
        return Some(match target {
            Some(t) if near && t.role == Role::King => vec![
                Link::new(
                    KINGS_NO_CAPTURE,
                    format!(
                        "Kings cannot capture Kings: {} stands on {to}",
                        piece_name(V, t)
                    ),
                )
                .at([from, to]),
                Link::new(
                    SHARED_SQUARE,
                    "only the White and the Black King may share a square",
                )
                .at([to]),
            ],
            Some(t) if near && t.owner == piece.owner => vec![
                Link::new(
                    ORTHODOX,
                    format!("{to} holds the mover's own {}", t.role.name()),
                )
                .at([to]),
            ],
            _ => vec![
                Link::new(
                    ORTHODOX,
                    format!("a King steps one square, and {to} is not next to {from}"),
                )
                .at([from, to]),
            ],
        });
    }
    let reach = pieces::threatens(&setup.pieces, from, piece);
    if reach.contains(&to) {
        return Some(match target {
            Some(t) if t.role == Role::King => vec![
                Link::new(
                    KINGS_NEVER_CAPTURED,
                    format!(
                        "no piece captures a King: {} is checked and checkmated, never taken",
                        piece_name(V, t)
                    ),
                )
                .at([to]),
            ],
            Some(t) => vec![
                Link::new(
                    ORTHODOX,
                    format!("{to} holds the mover's own {}", t.role.name()),
                )
                .at([to]),
            ],
            None => return None,
        });
    }
    let dirs: &[Direction] = match piece.role {
        Role::Rook => &ORTHOGONAL,
        Role::Bishop => &DIAGONAL,
        _ => &ALL_DIRECTIONS,
    };
    let line = (piece.role != Role::Knight)
        .then(|| square_line_to(from, to, dirs, board::step))
        .flatten();
    let link = match line {
        Some(path) => {
            let b = path
                .iter()
                .copied()
                .find(|&c| setup.piece(c).is_some())
                .unwrap_or(to);
            let what = setup.piece(b).map_or(String::new(), |p| piece_name(V, p));
            Link::new(
                ORTHODOX,
                format!("the line from {from} to {to} is blocked by {what} on {b}"),
            )
            .at([from, b, to])
        }
        None if piece.role == Role::Knight => {
            Link::new(ORTHODOX, format!("{to} is not a Knight's leap from {from}")).at([from, to])
        }
        None => Link::new(
            ORTHODOX,
            format!(
                "{to} lies on no line of a {} from {from}",
                piece.role.name()
            ),
        )
        .at([from, to]),
    };
    Some(vec![link])
}

/// Why a pawn of `owner` may not make `mv`.
fn pawn_refusal(
    rules: &Yuri,
    setup: &Setup,
    from: Cell,
    owner: Seat,
    mv: Move,
) -> Option<Vec<Link>> {
    let to = mv.to();
    let dirs = pawns::step_directions(owner, from, rules.options.pawns);
    let step = dirs.iter().find(|&&d| board::step(from, d) == Some(to));
    let double = dirs
        .iter()
        .find(|&&d| board::step(from, d).and_then(|c| board::step(c, d)) == Some(to));
    let capture = pawns::capture_cell(from, owner);
    let occupant = setup.piece(to);
    if step.is_some() && occupant.is_some() {
        return Some(vec![
            step_link(
                rules,
                format!("a pawn steps only onto an empty square, and {to} is occupied"),
            )
            .at([from, to]),
        ]);
    }
    if let Some(&d) = double {
        let link = |detail: String| {
            Link::new(DOUBLE_STEP, detail)
                .read(rules.options.double_step)
                .at([from, to])
        };
        let unmoved = setup.yuri().is_some_and(|s| s.unmoved.contains(&from));
        let passed = board::step(from, d);
        return Some(vec![if rules.options.double_step == DoubleStep::Never {
            link("pawns only ever move one step".into())
        } else if !unmoved {
            link(format!(
                "only a pawn that has not moved steps two squares, and the pawn on {from} has moved"
            ))
        } else {
            link(format!(
                "both squares of a double step must be empty, and {} is not",
                passed.filter(|&c| setup.piece(c).is_some()).unwrap_or(to)
            ))
        }]);
    }
    if capture == Some(to) {
        match occupant {
            None => {
                let mut links = vec![
                    capture_link(
                        rules,
                        format!(
                            "a pawn captures one step {}, onto a piece, and {to} is empty",
                            capture_word(owner)
                        ),
                    )
                    .at([from, to]),
                ];
                links.push(
                    step_link(rules, format!("{to} is not one of the pawn's step squares"))
                        .at([from, to]),
                );
                links.extend(orthogonal_link(rules, from, to));
                if rules.options.double_step == DoubleStep::FirstMove {
                    links.push(
                        Link::new(
                            EN_PASSANT,
                            format!("no double step over {to} by the last move: no en passant"),
                        )
                        .read(rules.options.double_step)
                        .at([to]),
                    );
                }
                return Some(links);
            }
            Some(t) if t.role == Role::King => {
                return Some(vec![
                    Link::new(
                        KINGS_NEVER_CAPTURED,
                        format!(
                            "no piece captures a King: {} is checked and checkmated, never taken",
                            piece_name(V, t)
                        ),
                    )
                    .at([to]),
                ]);
            }
            Some(t) if t.owner == owner => {
                return Some(vec![
                    capture_link(
                        rules,
                        format!("{to} holds the mover's own {}", t.role.name()),
                    )
                    .at([to]),
                ]);
            }
            Some(_) => {}
        }
    }
    if step.is_some() || capture == Some(to) {
        let on_edge = pawns::promotes_on(owner, to);
        let link = |cite, detail: String| Link::new(cite, detail).at([from, to]);
        return Some(match mv {
            Move::Promotion { .. } if !on_edge => vec![link(
                PROMOTION,
                format!(
                    "a pawn promotes where its capture square is off the board, and from {to} it is not"
                ),
            )],
            Move::Plain { .. } if on_edge => vec![link(
                PROMOTION,
                format!("a pawn reaching {to} can no longer capture forward: it promotes"),
            )],
            Move::Promotion { role, .. } => vec![link(
                PROMOTION_CHOICE,
                format!(
                    "a pawn becomes a Queen, Rook, Bishop or Knight, not a {}",
                    role.name()
                ),
            )],
            _ => return None,
        });
    }
    let mut links = vec![
        step_link(
            rules,
            format!("{to} is not one of the pawn's step squares from {from}"),
        )
        .at([from, to]),
    ];
    links.extend(orthogonal_link(rules, from, to));
    links.push(
        Link::new(PAWNS, "which description of the pawns' steps is played")
            .read(rules.options.pawns),
    );
    links.push(
        capture_link(
            rules,
            format!(
                "the pawn captures one step {}, and {to} is not that square",
                capture_word(owner)
            ),
        )
        .at([from, to]),
    );
    Some(links)
}

/// Under the alternative description, why a diagonal neighbour is no step of a pawn: the
/// orthogonal steps are along the square's files and ranks, not the diagram's.
fn orthogonal_link(rules: &Yuri, from: Cell, to: Cell) -> Option<Link> {
    let diagonal = from.file().abs_diff(to.file()) == 1 && from.rank().abs_diff(to.rank()) == 1;
    (rules.options.pawns == Pawns::AwayFromDiagonal && diagonal).then(|| {
        Link::new(
            ORTHOGONAL_SQUARES,
            format!("orthogonal is along the square's files and ranks, and {from}-{to} is a diagonal step"),
        )
        .at([from, to])
    })
}

/// What a legal move does, in order.
fn effects(rules: &Yuri, setup: &Setup, mv: Move, after: &Setup) -> Vec<Link> {
    let (from, to) = (mv.from(), mv.to());
    let mut links = Vec::new();
    if let Some(t) = setup.piece(to).filter(|_| !turn::is_meeting(setup, mv)) {
        links.push(
            Link::new(ORTHODOX, format!("captures {} on {to}", piece_name(V, t)))
                .at([to])
                .sets(&["pieces"]),
        );
    }
    let pawn = setup.piece(from).filter(|p| p.role == Role::Pawn);
    if let Some(victim) = pawn.and_then(|p| pawns::en_passant_capture(setup, from, p.owner, to)) {
        links.push(
            Link::new(
                EN_PASSANT,
                format!("the pawn on {victim} is taken en passant"),
            )
            .read(rules.options.double_step)
            .at([victim])
            .sets(&["pieces"]),
        );
    }
    if let Move::Promotion { role, .. } = mv {
        links.push(
            Link::new(
                PROMOTION_CHOICE,
                format!("the pawn becomes a {} on {to}", role.name()),
            )
            .at([to])
            .sets(&["pieces"]),
        );
    }
    let state = |s: &Setup| s.yuri().map(|y| (y.unmoved.clone(), y.en_passant_pawn));
    if state(setup).map(|s| s.0) != state(after).map(|s| s.0) {
        links.push(
            Link::new(
                DOUBLE_STEP,
                "a pawn that has moved, or is taken, is no longer unmoved",
            )
            .read(rules.options.double_step)
            .sets(&["unmoved"]),
        );
    }
    if setup.en_passant != after.en_passant
        || state(setup).map(|s| s.1) != state(after).map(|s| s.1)
    {
        let detail = match after.en_passant {
            Some(c) => {
                format!("the double step passed {c}: the next player may take it en passant")
            }
            None => "the en passant right of the last double step goes".into(),
        };
        links.push(
            Link::new(EN_PASSANT, detail)
                .read(rules.options.double_step)
                .at(after.en_passant)
                .sets(&["en_passant", "en_passant_pawn"]),
        );
    }
    links.push(
        Link::new(
            HISTORY,
            "the board before the move joins the history of board states",
        )
        .sets(&["history"]),
    );
    if goals::ended(after, &rules.options).is_some() {
        links.extend(end_links(rules, after));
    }
    links.push(
        Link::new(
            TURN_ORDER,
            format!("the turn passes to {}", name(after.to_move)),
        )
        .sets(&["to_move"]),
    );
    links
}

/// Why the game is over after the last move: the Kings have met, or a King is checkmated at
/// once (`yuri.mate-timing=immediately`).
fn end_links(rules: &Yuri, setup: &Setup) -> Vec<Link> {
    if let Some(cell) = setup.yuri().and_then(|s| s.shared_square) {
        return vec![
            Link::new(
                KINGS_MEET,
                format!("the White and Black Kings share {cell}: the game is over"),
            )
            .at([cell])
            .sets(&["shared_square"]),
            Link::new(BLACK_WINS, "Black wins").at([cell]),
        ];
    }
    let mated: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|&s| goals::checkmated_now(setup, &rules.options, s))
        .collect();
    let names: Vec<&str> = mated.iter().map(|&s| name(s)).collect();
    vec![
        Link::new(
            MATE_TIMING,
            format!(
                "{}'s King is checkmated as the board stands, whoever is to move: the game is over",
                names.join(" and ")
            ),
        )
        .read(rules.options.mate_timing)
        .at(mated.iter().filter_map(|&s| check::king(&setup.pieces, s))),
        Link::new(
            MATED_NOW,
            "a King in check whose owner would have no legal move is checkmated now",
        )
        .read(MateTiming::Immediately),
        Link::new(RED_WINS, "Red wins by checkmating any King"),
    ]
}

/// Why the game stands as `outcome` says.
fn outcome(rules: &Yuri, setup: &Setup) -> Chain {
    let position = crate::rules::Position::checked_board(setup.clone());
    let result = Rules::outcome(rules, &position);
    let verdict = Verdict::Outcome(result);
    if goals::ended(setup, &rules.options).is_some() {
        return Chain::new(verdict, end_links(rules, setup));
    }
    let seat = setup.to_move;
    let checkers = check::king(&setup.pieces, seat)
        .map(|k| threats(setup, k, seat))
        .unwrap_or_default();
    let in_check = if checkers.is_empty() {
        format!("{} is not in check", name(seat))
    } else {
        format!(
            "{} is in check from {}",
            name(seat),
            attackers_text(V, &checkers)
        )
    };
    let steps = match result {
        Outcome::Won {
            reason: Reason::Checkmate,
            ..
        } => vec![
            Link::new(
                RED_WINS,
                format!("{in_check} and has no legal move: checkmated, and Red wins"),
            )
            .at(checkers.iter().map(|&(c, _)| c)),
            Link::new(
                RED_CHECKMATE,
                "every checkmate, of any King, whoever's pieces give it, is Red's win",
            )
            .read(rules.options.red_checkmate),
            Link::new(
                BLACK_WINS,
                "Black wins only by the White and Black Kings meeting, not by a mate",
            ),
            Link::new(WHITE_NO_WIN, "White has no win condition"),
        ],
        Outcome::Won { .. } | Outcome::Drawn { .. } => vec![
            Link::new(
                STALEMATE,
                format!("{in_check} and has no legal move: stalemate"),
            )
            .read(rules.options.stalemate),
            Link::new(
                STALEMATE_PROPOSAL,
                "the writer's proposal to make depriving a player of a legal move a win",
            ),
            Link::new(
                WHITE_NO_WIN,
                "White has no win condition but the stalemate proposal's",
            ),
        ],
        _ => {
            let moves = legal_moves(setup, &rules.options);
            let example = moves.first().map_or("-".into(), Move::to_string);
            let mut links = vec![
                Link::new(CHECK, in_check.clone()).at(checkers.iter().map(|&(c, _)| c)),
                Link::new(
                    RED_WINS,
                    format!(
                        "{} has {} legal moves ({example}, ...): no checkmate, play goes on",
                        name(seat),
                        moves.len()
                    ),
                ),
            ];
            let others_in_check: Vec<&str> = Seat::ALL
                .into_iter()
                .filter(|&s| s != seat && check::in_check(&setup.pieces, s))
                .map(name)
                .collect();
            if !others_in_check.is_empty() {
                links.push(
                    Link::new(
                        MATE_TIMING,
                        format!(
                            "{} in check is checkmated only if still so on its own turn",
                            others_in_check.join(" and ")
                        ),
                    )
                    .read(rules.options.mate_timing),
                );
            }
            links
        }
    };
    Chain::new(verdict, steps)
}
