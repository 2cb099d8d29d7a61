//! Why O'Sullivan's rules answer as they do ([`crate::explain`]): each question asks the rule
//! functions of this module, one at a time, and cites the clause each decides.

use trichess_model::{Cell, Move, Piece, ProblemKind, Role, Seat, Variant};

use crate::board::Setup;
use crate::explain::{
    Chain, Explainer, Link, Moves, Verdict, attackers, attackers_text, cites, legality, piece_name,
    square_line_to, validity,
};
use crate::rules::Rules;
use crate::square::{self, ALL_DIRECTIONS, DIAGONAL, Direction, ORTHOGONAL};

use super::castling::Bar;
use super::options::KnightBarrier;
use super::turn::TurnComes;
use super::{
    OSullivan, WHITE, board, can_capture, castling, check, legal_moves, pawns, pieces, turn,
};

cites! {
    LAST_KING = "osullivan.end-of-game" in "osullivan/turn.rs" fn last_king;
    D5 = "D5" in "osullivan/turn.rs" fn settle;
    IN_TURN = "osullivan.white-moves-first" in "osullivan/turn.rs" fn apply;
    TURN_ORDER = "osullivan.turn-order" in "osullivan/turn.rs" fn next_seat;
    CHECK = "osullivan.check" in "osullivan/mod.rs" fn legal_moves;
    IN_CHECK = "osullivan.check" in "osullivan/check.rs" fn in_check;
    DEAD_INERT = "osullivan.dead-inert" in "osullivan/check.rs" fn attacked_by;
    PIECE_MOVES = "osullivan.piece-moves" in "osullivan/pieces.rs" fn attacks;
    DEAD_BLOCKS = "osullivan.dead-capturable" in "osullivan/pieces.rs" fn slides;
    DEAD_CAPTURABLE = "osullivan.dead-capturable" in "osullivan/mod.rs" fn can_capture;
    EXPOSED_KING = "osullivan.exposed-king" in "osullivan/mod.rs" fn can_capture;
    BARRIER = "osullivan.barrier" in "osullivan/board.rs" fn crosses_barrier;
    BARRIER_CORNER = "osullivan.barrier-corner" in "osullivan/board.rs" fn crosses_barrier;
    KNIGHT_BARRIER = "osullivan.knight-barrier" in "osullivan/board.rs" fn knight_leaps;
    PAWN_DIRECTION = "osullivan.pawn-direction" in "osullivan/pawns.rs" fn forward;
    PAWN_MOVES = "osullivan.pawn-moves" in "osullivan/pawns.rs" fn pawn_moves;
    SINGLE_STEP = "osullivan.single-step" in "osullivan/pawns.rs" fn may_double_step;
    DOUBLE_STEP_WHITE = "osullivan.double-step-white" in "osullivan/pawns.rs" fn double_step_home;
    DOUBLE_STEP_P4 = "osullivan.double-step-p4" in "osullivan/pawns.rs" fn double_step_home;
    EN_PASSANT = "osullivan.en-passant" in "osullivan/pawns.rs" fn en_passant_capture;
    EN_PASSANT_WINDOW = "osullivan.en-passant-window" in "osullivan/turn.rs" fn pass_turn;
    WINDOW_KEPT = "osullivan.en-passant-window" in "osullivan/turn.rs" fn carried_en_passant;
    D1 = "D1" in "osullivan/turn.rs" fn keep_open_en_passant;
    P4_RESTRICTION = "osullivan.p4-restriction" in "osullivan/pawns.rs" fn p4_capture_forbidden;
    P4_FREED = "osullivan.p4-freed" in "osullivan/pawns.rs" fn p4_capture_forbidden;
    P4_FREES = "osullivan.p4-freed" in "osullivan/turn.rs" fn update_p4s;
    PAWN_NUMBERING = "osullivan.pawn-numbering" in "osullivan/turn.rs" fn update_p4s;
    EQUATOR = "osullivan.equator" in "osullivan/board.rs" fn across_equator;
    MIDLINE = "osullivan.midline" in "osullivan/board.rs" fn crosses_midline;
    PROMOTION = "osullivan.promotion" in "osullivan/pawns.rs" fn with_promotions;
    CASTLING_WHITE_ONLY = "osullivan.castling-white-only" in "osullivan/castling.rs" fn castling;
    CASTLING_MOVE = "osullivan.castling-move" in "osullivan/castling.rs" fn castling;
    CASTLING_DIRECTION = "osullivan.castling-direction" in "osullivan/castling.rs" fn castling;
    CASTLING_UNMOVED = "osullivan.castling-unmoved" in "osullivan/castling.rs" fn castling;
    CASTLING_NOT_IN_CHECK = "osullivan.castling-not-in-check" in "osullivan/castling.rs" fn castling;
    CASTLING_RIGHTS = "osullivan.castling-unmoved" in "osullivan/turn.rs" fn update_castling_rights;
    CHECKMATE = "osullivan.checkmate" in "osullivan/turn.rs" fn turn_comes;
    STALEMATE = "osullivan.stalemate" in "osullivan/turn.rs" fn turn_comes;
    MATE_REMOVES_KING = "osullivan.mate-removes-king" in "osullivan/turn.rs" fn settle;
    START_POSITION = "osullivan.start-position" in "osullivan/mod.rs" fn start_setup;
    PIECE_LEGEND = "osullivan.piece-legend" in "osullivan/mod.rs" fn start_setup;
    ONE_KING = "osullivan.one-king" in "osullivan/validate.rs" fn kings;
    OUT_NOT_TO_MOVE = "osullivan.mate-removes-king" in "osullivan/validate.rs" fn kings;
    PAWN_RANKS = "osullivan.pawn-moves" in "osullivan/validate.rs" fn pawn_ranks;
    PAWN_RANKS_PROMOTION = "osullivan.promotion" in "osullivan/validate.rs" fn pawn_ranks;
    PAWN_RANKS_DIRECTION = "osullivan.pawn-direction" in "osullivan/validate.rs" fn pawn_ranks;
    CASTLING_FITS = "osullivan.castling-white-only" in "osullivan/validate.rs" fn castling_rights;
    CASTLING_UNMOVED_FITS = "osullivan.castling-unmoved" in "osullivan/validate.rs" fn castling_rights;
    EN_PASSANT_FITS = "osullivan.en-passant" in "osullivan/validate.rs" fn en_passant;
    WINDOW_FITS = "osullivan.en-passant-window" in "osullivan/validate.rs" fn en_passant;
    DOUBLE_STEP_WHITE_FITS = "osullivan.double-step-white" in "osullivan/validate.rs" fn en_passant;
    DOUBLE_STEP_P4_FITS = "osullivan.double-step-p4" in "osullivan/validate.rs" fn en_passant;
    P4_FITS = "osullivan.pawn-numbering" in "osullivan/validate.rs" fn p4s;
    P4_FREED_FITS = "osullivan.p4-freed" in "osullivan/validate.rs" fn p4s;
}

const V: Variant = Variant::OSullivan;

fn name(seat: Seat) -> &'static str {
    V.seat_name(seat)
}

impl Explainer for OSullivan {
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

/// The kinds of problem O'Sullivan's validation looks for.
const CHECKED: [ProblemKind; 6] = [
    ProblemKind::TooManyRoyals,
    ProblemKind::SideToMoveOut,
    ProblemKind::PawnOnImpossibleRank,
    ProblemKind::CastlingRightWithoutPieces,
    ProblemKind::EnPassantWithoutDoubleStep,
    ProblemKind::P4DoesNotFit,
];

/// The clauses of the check of `validate.rs` that finds problems of `kind`, its own first.
fn check_for(rules: &OSullivan, kind: ProblemKind) -> Vec<Link> {
    match kind {
        ProblemKind::TooManyRoyals => vec![Link::new(ONE_KING, "each army has at most one king")],
        ProblemKind::SideToMoveOut => {
            vec![Link::new(OUT_NOT_TO_MOVE, "the player to move has a king")]
        }
        ProblemKind::PawnOnImpossibleRank => vec![
            Link::new(
                PAWN_RANKS,
                "no pawn stands on its own back rank or its promotion rank",
            ),
            Link::new(
                PAWN_RANKS_PROMOTION,
                "a pawn promotes on arriving at its far rank",
            ),
            Link::new(
                PAWN_RANKS_DIRECTION,
                "White's pawns move down the board, Black's and Red's up",
            ),
        ],
        ProblemKind::CastlingRightWithoutPieces => vec![
            Link::new(
                CASTLING_FITS,
                "the only castling right is White's, with the king on d8 and the rook on b8",
            ),
            Link::new(
                CASTLING_UNMOVED_FITS,
                "neither the king nor the rook has moved",
            ),
        ],
        ProblemKind::EnPassantWithoutDoubleStep => vec![
            Link::new(
                EN_PASSANT_FITS,
                "each en passant cell is one a double step of an opponent has passed",
            ),
            Link::new(WINDOW_FITS, "which double steps may still be open")
                .read(rules.options.en_passant_window),
            Link::new(
                DOUBLE_STEP_WHITE_FITS,
                "White's pawns double-step from rank 7",
            ),
            Link::new(DOUBLE_STEP_P4_FITS, "the P4s double-step from d2 and e2"),
        ],
        ProblemKind::P4DoesNotFit => vec![
            Link::new(
                P4_FITS,
                "the P4s are Black's and Red's pawns where the position says",
            ),
            Link::new(P4_FREED_FITS, "only a P4 is freed"),
        ],
        _ => Vec::new(),
    }
}

impl Moves for OSullivan {
    fn game_over(&self, setup: &Setup) -> Option<Vec<Link>> {
        let winner = turn::last_king(setup)?;
        let link = Link::new(
            LAST_KING,
            format!("only {}'s king is left: the game is over", name(winner)),
        );
        Some(vec![
            link.read(self.options.end_of_game).at(setup.royal(winner)),
        ])
    }

    fn not_theirs(&self, setup: &Setup, from: Cell, piece: Piece) -> Option<Link> {
        let mover = setup.to_move;
        if piece.owner == mover {
            return None;
        }
        Some(if check::is_live(setup, piece.owner) {
            Link::new(
                IN_TURN,
                format!(
                    "the players move in turn, one move each: it is {}'s turn, and the {} on \
                     {from} is {}'s",
                    name(mover),
                    piece.role.name(),
                    name(piece.owner)
                ),
            )
            .at([from])
        } else {
            Link::new(
                DEAD_INERT,
                format!(
                    "{} is checkmated: the pieces of its army may not move",
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
        let mut links = grants(self, setup, from, piece, mv);
        links.extend(start_links(setup, from, piece));
        links
    }

    fn exposure(&self, setup: &Setup, mv: Move) -> Vec<Link> {
        let mover = setup.to_move;
        let made = turn::make_move(setup, mv);
        let Some(king) = made.royal(mover) else {
            return Vec::new();
        };
        let by = attacking(self, &made, king, mover);
        let mut links = vec![
            Link::new(
                CHECK,
                format!(
                    "it would leave {}'s king on {king} attacked by {}",
                    name(mover),
                    attackers_text(V, &by)
                ),
            )
            .at(std::iter::once(king).chain(by.iter().map(|&(c, _)| c))),
        ];
        if by
            .iter()
            .any(|&(c, p)| p.role == Role::Knight && board::crosses_barrier(c, king))
        {
            links.push(
                Link::new(
                    KNIGHT_BARRIER,
                    "the knight's check is not stopped by the barrier",
                )
                .read(self.options.knight_barrier)
                .at([king]),
            );
        }
        links
    }

    fn safety(&self, setup: &Setup, mv: Move) -> Vec<Link> {
        let mover = setup.to_move;
        let made = turn::make_move(setup, mv);
        let Some(king) = made.royal(mover) else {
            return Vec::new();
        };
        let mut links = shields(self, &made, king, mover);
        links.push(
            Link::new(
                CHECK,
                format!("no live opponent attacks {}'s king after it", name(mover)),
            )
            .at([king]),
        );
        links
    }

    fn refusal(&self, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Option<Vec<Link>> {
        let mut links = refusal(self, setup, from, piece, mv)?;
        links.extend(start_links(setup, from, piece));
        Some(links)
    }

    fn play(&self, setup: &Setup, mv: Move) -> Setup {
        turn::apply(setup, &self.options, mv)
    }

    fn effects(&self, setup: &Setup, mv: Move, after: &Setup) -> Vec<Link> {
        effects(self, setup, mv, after)
    }
}

/// In the starting position, which piece stands on `from`: the diagram and its legend.
fn start_links(setup: &Setup, from: Cell, piece: Piece) -> Vec<Link> {
    if *setup != Setup::from_model(&super::start_setup()) {
        return Vec::new();
    }
    let letter = piece.role.letter();
    vec![
        Link::new(
            PIECE_LEGEND,
            format!(
                "the diagram's {letter} on {from} is a {}",
                piece.role.name()
            ),
        )
        .at([from]),
        Link::new(
            START_POSITION,
            format!(
                "the starting position puts {} on {from}",
                piece_name(V, piece)
            ),
        )
        .at([from]),
    ]
}

/// The live opponents' pieces attacking `target` in `setup`, where `seat` is the player whose
/// king it is.
fn attacking(rules: &OSullivan, setup: &Setup, target: Cell, seat: Seat) -> Vec<(Cell, Piece)> {
    attackers(
        setup,
        target,
        |p| p.owner != seat && check::is_live(setup, p.owner),
        |c, p| pieces::attacks(setup, &rules.options, c, p),
    )
}

/// The pieces of checkmated armies that would attack `target`, were they live (`seat` is the
/// player whose king it is).
fn dead_attackers(
    rules: &OSullivan,
    setup: &Setup,
    target: Cell,
    seat: Seat,
) -> Vec<(Cell, Piece)> {
    attackers(
        setup,
        target,
        |p| p.owner != seat && !check::is_live(setup, p.owner),
        |c, p| pieces::attacks(setup, &rules.options, c, p),
    )
}

/// Why the pieces that would otherwise attack the king on `king` do not: the barrier stops
/// them, or they are of a checkmated army.
fn shields(rules: &OSullivan, setup: &Setup, king: Cell, seat: Seat) -> Vec<Link> {
    let mut links = Vec::new();
    let enemy = |p: &Piece| p.owner != seat;
    let unbarred = |c: Cell, d: Direction| square::offset(V.board(), c, d);
    for &(dirs, roles) in &[
        (&ORTHOGONAL, [Role::Rook, Role::Queen]),
        (&DIAGONAL, [Role::Bishop, Role::Queen]),
    ] {
        for &d in dirs {
            let first = square::ray(king, d, unbarred)
                .into_iter()
                .find(|&c| setup.piece(c).is_some());
            let Some(at) = first else { continue };
            let Some(p) = setup
                .piece(at)
                .filter(|p| enemy(p) && roles.contains(&p.role))
            else {
                continue;
            };
            if !board::geometry().ray(king, d).contains(&at) {
                links.push(
                    Link::new(
                        BARRIER,
                        format!(
                            "{} on {at} does not check across the barrier",
                            piece_name(V, p)
                        ),
                    )
                    .at([at, king]),
                );
            } else if !check::is_live(setup, p.owner) {
                links.push(dead_link(at, p));
            }
        }
    }
    for c in board::knight_leaps(king, KnightBarrier::Jumps) {
        let Some(p) = setup
            .piece(c)
            .filter(|p| enemy(p) && p.role == Role::Knight)
        else {
            continue;
        };
        if !board::knight_table(rules.options.knight_barrier)
            .from(king)
            .contains(&c)
        {
            links.push(
                Link::new(
                    KNIGHT_BARRIER,
                    format!(
                        "{} on {c} does not check across the barrier",
                        piece_name(V, p)
                    ),
                )
                .read(rules.options.knight_barrier)
                .at([c, king]),
            );
        } else if !check::is_live(setup, p.owner) {
            links.push(dead_link(c, p));
        }
    }
    let dead_steppers = setup.pieces.iter().filter(|&(&c, &p)| {
        enemy(&p)
            && !check::is_live(setup, p.owner)
            && matches!(p.role, Role::King | Role::Pawn)
            && pieces::attacks(setup, &rules.options, c, p).contains(&king)
    });
    for (&c, &p) in dead_steppers {
        links.push(dead_link(c, p));
    }
    links
}

fn dead_link(at: Cell, p: Piece) -> Link {
    Link::new(
        DEAD_INERT,
        format!(
            "{} on {at} is of a checkmated army and exerts no check",
            piece_name(V, p)
        ),
    )
    .at([at])
}

/// Lists the passes of a path over the barrier's corner (d1-e2 or d2-e1).
fn corner_links(from: Cell, path: &[Cell]) -> Vec<Link> {
    let mut at = from;
    for &next in path {
        let files = [at.file(), next.file()];
        let ranks = [at.rank(), next.rank()];
        let corner =
            files.contains(&3) && files.contains(&4) && ranks.contains(&0) && ranks.contains(&1);
        if corner {
            return vec![
                Link::new(
                    BARRIER_CORNER,
                    format!("the diagonal from {at} to {next} passes the barrier's corner, which is allowed"),
                )
                .at([at, next]),
            ];
        }
        at = next;
    }
    Vec::new()
}

/// The directions a line piece moves in.
fn line_dirs(role: Role) -> &'static [Direction] {
    match role {
        Role::Rook => &ORTHOGONAL,
        Role::Bishop => &DIAGONAL,
        _ => &ALL_DIRECTIONS,
    }
}

/// The clauses that give `piece` the move `mv`, the most particular first.
fn grants(rules: &OSullivan, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Vec<Link> {
    let to = mv.to();
    let mut links = Vec::new();
    let target = setup
        .piece(to)
        .filter(|_| !matches!(mv, Move::Castle { .. }));
    if let Some(t) = target {
        if t.role == Role::King {
            links.push(
                Link::new(
                    EXPOSED_KING,
                    format!(
                        "{} is attacked as {}'s turn comes: it may be captured",
                        piece_name(V, t),
                        name(setup.to_move)
                    ),
                )
                .read(rules.options.exposed_king)
                .at([to]),
            );
        } else if !check::is_live(setup, t.owner) {
            links.push(
                Link::new(
                    DEAD_CAPTURABLE,
                    format!(
                        "{} is of a checkmated army: it may be captured",
                        piece_name(V, t)
                    ),
                )
                .at([to]),
            );
        }
    }
    match (mv, piece.role) {
        (Move::Castle { partner, .. }, _) => links.extend([
            Link::new(
                CASTLING_MOVE,
                format!(
                    "the king steps to {to} and the rook from {partner} to the king's cell {from}"
                ),
            )
            .at([from, to, partner]),
            Link::new(CASTLING_DIRECTION, "which way the king steps")
                .read(rules.options.castling_direction)
                .at([to]),
            Link::new(CASTLING_UNMOVED, "neither the king nor the rook has moved")
                .at([from, partner]),
            Link::new(CASTLING_NOT_IN_CHECK, "the king is not in check").at([from]),
            Link::new(CASTLING_WHITE_ONLY, "White castles").at([from]),
        ]),
        (_, Role::Pawn) => links.extend(pawn_grants(rules, setup, from, piece.owner, mv)),
        (_, Role::Knight) => {
            if board::crosses_barrier(from, to) {
                links.push(
                    Link::new(
                        KNIGHT_BARRIER,
                        format!("the leap {from}-{to} crosses the barrier"),
                    )
                    .read(rules.options.knight_barrier)
                    .at([from, to]),
                );
            }
            links.push(
                Link::new(PIECE_MOVES, format!("the knight leaps from {from} to {to}"))
                    .at([from, to]),
            );
        }
        (_, Role::King) => {
            links.extend(corner_links(from, &[to]));
            links.push(
                Link::new(PIECE_MOVES, format!("the king steps from {from} to {to}"))
                    .at([from, to]),
            );
        }
        (_, role) => {
            let path = square_line_to(from, to, line_dirs(role), board::step).unwrap_or_default();
            links.extend(corner_links(from, &path));
            let capture = target.map_or(String::new(), |p| {
                format!(", capturing {}", piece_name(V, p))
            });
            links.push(
                Link::new(
                    PIECE_MOVES,
                    format!(
                        "the {} moves along its line from {from} to {to} over empty cells{capture}",
                        role.name()
                    ),
                )
                .at([from, to]),
            );
        }
    }
    links
}

/// The clauses that give a pawn of `owner` the move `mv`, the most particular first.
fn pawn_grants(rules: &OSullivan, setup: &Setup, from: Cell, owner: Seat, mv: Move) -> Vec<Link> {
    let to = mv.to();
    let mut links = Vec::new();
    if let Move::Promotion { role, .. } = mv {
        links.push(
            Link::new(
                PROMOTION,
                format!(
                    "on reaching the far rank the pawn becomes a {}",
                    role.name()
                ),
            )
            .at([to]),
        );
    }
    if let Some(victim) = pawns::en_passant_capture(setup, from, owner, to) {
        links.push(
            Link::new(
                EN_PASSANT,
                format!("it takes the pawn on {victim} en passant, on {to}, the square that pawn passed with its double step"),
            )
            .at([from, to, victim]),
        );
        links.push(
            Link::new(
                EN_PASSANT_WINDOW,
                format!(
                    "the double step over {to} is still open to {}",
                    name(setup.to_move)
                ),
            )
            .read(rules.options.en_passant_window)
            .at([to]),
        );
    }
    let forward = pawns::forward(owner);
    let one = board::geometry().step(from, (0, forward));
    if one == Some(to) {
        links.push(Link::new(PAWN_DIRECTION, pawn_way(owner)).at([from, to]));
        links.push(
            Link::new(
                PAWN_MOVES,
                format!("the pawn steps forwards onto the empty {to}"),
            )
            .at([from, to]),
        );
        return links;
    }
    if from.file() == to.file() {
        let (cite, whose) = if owner == WHITE {
            (DOUBLE_STEP_WHITE, "a White pawn on its first move")
        } else {
            (DOUBLE_STEP_P4, "the P4 on its first move")
        };
        links.push(
            Link::new(
                cite,
                format!("{whose} steps two squares, from {from} to {to}, over an empty square"),
            )
            .at([from, to]),
        );
        links.push(
            Link::new(
                PAWN_MOVES,
                "a pawn moves straight forwards onto empty squares",
            )
            .at([from, to]),
        );
        return links;
    }
    let p4_frees = setup.piece(to).is_some() && pawns::frees_p4(setup, owner, from, to, to);
    if p4_frees {
        links.push(
            Link::new(
                P4_FREED,
                "the P4 captures across the midline and is free from then on",
            )
            .at([from, to]),
        );
    }
    if setup.osullivan().is_some_and(|s| s.p4[owner] == Some(from)) {
        links.push(Link::new(
            P4_RESTRICTION,
            "the P4 may capture here: the restriction holds only against the other P4 on this side of the equator",
        ).at([from, to]));
    }
    let what = setup
        .piece(to)
        .map_or("en passant".to_string(), |p| piece_name(V, p));
    links.push(
        Link::new(
            PAWN_MOVES,
            format!("the pawn captures one square diagonally forwards: {what}"),
        )
        .at([from, to]),
    );
    links
}

/// Which way a pawn of `owner` moves.
fn pawn_way(owner: Seat) -> String {
    if owner == WHITE {
        "White's pawns move down the board, towards ranks 1-3".into()
    } else {
        format!(
            "{}'s pawns move towards White's position, up the board",
            name(owner)
        )
    }
}

/// Why `piece` on `from` may not make `mv` by the way it moves.
fn refusal(
    rules: &OSullivan,
    setup: &Setup,
    from: Cell,
    piece: Piece,
    mv: Move,
) -> Option<Vec<Link>> {
    if let Move::Castle { partner, to, .. } = mv {
        return Some(vec![castling_refusal(
            rules, setup, from, piece, partner, to,
        )]);
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
    let to = mv.to();
    if pieces::attacks(setup, &rules.options, from, piece).contains(&to) {
        return target_refusal(rules, setup, to);
    }
    Some(match piece.role {
        Role::Knight => {
            if board::knight_leaps(from, KnightBarrier::Jumps).contains(&to) {
                vec![
                    Link::new(
                        KNIGHT_BARRIER,
                        format!("the leap {from}-{to} crosses the barrier"),
                    )
                    .read(rules.options.knight_barrier)
                    .at([from, to]),
                ]
            } else {
                vec![
                    Link::new(
                        PIECE_MOVES,
                        format!("{to} is not a knight's leap from {from}"),
                    )
                    .at([from, to]),
                ]
            }
        }
        Role::King => {
            let near = from.file().abs_diff(to.file()) <= 1 && from.rank().abs_diff(to.rank()) <= 1;
            if near && board::crosses_barrier(from, to) {
                vec![barrier_link(from, to)]
            } else {
                vec![
                    Link::new(
                        PIECE_MOVES,
                        format!("a king steps one square, and {to} is not next to {from}"),
                    )
                    .at([from, to]),
                ]
            }
        }
        role => line_refusal(setup, from, to, role),
    })
}

fn barrier_link(from: Cell, to: Cell) -> Link {
    Link::new(
        BARRIER,
        format!("no piece crosses the barrier between d1 and e1, and {from}-{to} would"),
    )
    .at([from, to])
}

/// Why a line piece does not reach `to`: blocked, stopped by the barrier, or on none of its
/// lines.
fn line_refusal(setup: &Setup, from: Cell, to: Cell, role: Role) -> Vec<Link> {
    let dirs = line_dirs(role);
    let unbarred = |c: Cell, d: Direction| square::offset(V.board(), c, d);
    if let Some(path) = square_line_to(from, to, dirs, board::step) {
        let blocker = path[..path.len().saturating_sub(1)]
            .iter()
            .copied()
            .find(|&c| setup.piece(c).is_some());
        if let Some(b) = blocker {
            let p = setup.piece(b);
            let dead = p.is_some_and(|p| !check::is_live(setup, p.owner));
            let what = p.map_or(String::new(), |p| piece_name(V, p));
            let cite = if dead { DEAD_BLOCKS } else { PIECE_MOVES };
            return vec![
                Link::new(
                    cite,
                    format!("the line from {from} to {to} is blocked by {what} on {b}"),
                )
                .at([from, b, to]),
            ];
        }
    }
    if let Some(path) = square_line_to(from, to, dirs, unbarred) {
        let mut at = from;
        for &next in &path {
            if board::crosses_barrier(at, next) {
                return vec![
                    barrier_link(at, next),
                    Link::new(
                        PIECE_MOVES,
                        format!(
                            "the {}'s line from {from} stops at the barrier",
                            role.name()
                        ),
                    )
                    .at([from, to]),
                ];
            }
            at = next;
        }
    }
    let other = square_line_to(from, to, &ALL_DIRECTIONS, unbarred).is_some();
    let detail = if other {
        format!(
            "{to} lies on a line from {from} that is not a {}'s",
            role.name()
        )
    } else {
        format!("{to} lies on no line of a {} from {from}", role.name())
    };
    vec![Link::new(PIECE_MOVES, detail).at([from, to])]
}

/// Why a piece that attacks `to` may not move there: its own piece, or a king.
fn target_refusal(rules: &OSullivan, setup: &Setup, to: Cell) -> Option<Vec<Link>> {
    let target = setup.piece(to)?;
    if target.owner == setup.to_move {
        return Some(vec![
            Link::new(
                PIECE_MOVES,
                format!(
                    "{to} holds {}, the mover's own piece",
                    piece_name(V, target)
                ),
            )
            .at([to]),
        ]);
    }
    (target.role == Role::King && !can_capture(setup, &rules.options, setup.to_move, to)).then(
        || {
            vec![
                Link::new(
                    EXPOSED_KING,
                    format!(
                        "no move captures a king: {} must escape on its own turn",
                        piece_name(V, target)
                    ),
                )
                .read(rules.options.exposed_king)
                .at([to]),
                Link::new(CHECK, "a king is checked and checkmated, not captured").at([to]),
            ]
        },
    )
}

/// Why the king on `from` may not castle with the rook on `partner` to `to`.
fn castling_refusal(
    rules: &OSullivan,
    setup: &Setup,
    from: Cell,
    piece: Piece,
    partner: Cell,
    to: Cell,
) -> Link {
    if piece.role != Role::King {
        return Link::new(
            CASTLING_MOVE,
            format!(
                "castling is a move of the king, and {from} holds a {}",
                piece.role.name()
            ),
        )
        .at([from]);
    }
    let at = [from, to, partner];
    match castling::castling(setup, &rules.options, from, partner, to) {
        Ok(_) => Link::new(CASTLING_MOVE, "castling as written").at(at),
        Err(Bar::NotWhite) => Link::new(
            CASTLING_WHITE_ONLY,
            format!(
                "only White castles, and it is {}'s turn",
                name(setup.to_move)
            ),
        )
        .at(at),
        Err(Bar::KingNotHome) => Link::new(
            CASTLING_UNMOVED,
            format!("the king castles only from d8, where it starts, and it stands on {from}"),
        )
        .at(at),
        Err(Bar::NotTheRook) => Link::new(
            CASTLING_UNMOVED,
            format!("White castles only with the rook on b8, and {partner} holds none"),
        )
        .at(at),
        Err(Bar::NoRight) => Link::new(
            CASTLING_UNMOVED,
            "the king or the rook has moved: the right to castle is gone",
        )
        .at(at),
        Err(Bar::Direction) => Link::new(
            CASTLING_DIRECTION,
            format!("castling does not take the king to {to}"),
        )
        .read(rules.options.castling_direction)
        .at(at),
        Err(Bar::Occupied(c)) => Link::new(
            CASTLING_MOVE,
            format!("the rook's path and the king's destination must be empty, and {c} is not"),
        )
        .at([from, c, partner]),
        Err(Bar::InCheck) => {
            let by = attacking(rules, setup, from, WHITE);
            Link::new(
                CASTLING_NOT_IN_CHECK,
                format!("the king is in check from {}", attackers_text(V, &by)),
            )
            .at(std::iter::once(from).chain(by.iter().map(|&(c, _)| c)))
        }
    }
}

/// Why a pawn of `owner` may not make `mv`.
fn pawn_refusal(
    rules: &OSullivan,
    setup: &Setup,
    from: Cell,
    owner: Seat,
    mv: Move,
) -> Option<Vec<Link>> {
    let to = mv.to();
    let forward = pawns::forward(owner);
    let one = board::geometry().step(from, (0, forward));
    let two = one.and_then(|c| board::geometry().step(c, (0, forward)));
    let captures = pawns::capture_cells(from, owner);
    let occupant = setup.piece(to);
    if one == Some(to) && occupant.is_some() {
        return Some(vec![
            Link::new(
                PAWN_MOVES,
                format!("a pawn steps forwards only onto an empty square, and {to} is occupied"),
            )
            .at([from, to]),
        ]);
    }
    if two == Some(to) {
        let passed = one.unwrap_or(to);
        if !pawns::may_double_step(setup, from, owner) {
            let link = if owner == WHITE {
                Link::new(
                    DOUBLE_STEP_WHITE,
                    format!(
                        "a White pawn steps two squares only on its first move, from rank 7; {from} is not on it"
                    ),
                )
            } else if setup.osullivan().is_some_and(|s| s.p4[owner] == Some(from)) {
                Link::new(
                    DOUBLE_STEP_P4,
                    "the P4 steps two squares only on its first move, from its starting square",
                )
            } else {
                Link::new(
                    SINGLE_STEP,
                    format!(
                        "this {} pawn is not the P4: it moves one square at a time",
                        name(owner)
                    ),
                )
            };
            return Some(vec![link.at([from, to])]);
        }
        return Some(vec![
            Link::new(
                PAWN_MOVES,
                format!(
                    "both squares of a double step must be empty, and {} is not",
                    if setup.piece(passed).is_some() {
                        passed
                    } else {
                        to
                    }
                ),
            )
            .at([from, passed, to]),
        ]);
    }
    if captures.contains(&to) {
        match occupant {
            None => {
                let mut links = vec![
                    Link::new(EN_PASSANT, format!("{to} is empty, and a pawn captures onto an empty square only en passant, where an open double step passed"))
                        .at([from, to]),
                ];
                if let Some(stepper) =
                    pawns::double_stepper(setup, to).filter(|&s| s != setup.to_move)
                {
                    links.push(
                        Link::new(EN_PASSANT_WINDOW, format!("{}'s pawn beyond {to} could have passed it, but no double step over it is open to {} now", name(stepper), name(setup.to_move)))
                            .read(rules.options.en_passant_window)
                            .at([to]),
                    );
                }
                return Some(links);
            }
            Some(p) if p.owner == setup.to_move => {
                return Some(vec![
                    Link::new(
                        PAWN_MOVES,
                        format!("{to} holds the mover's own {}", p.role.name()),
                    )
                    .at([to]),
                ]);
            }
            Some(p) if p.role == Role::King => return target_refusal(rules, setup, to),
            Some(_) if pawns::p4_capture_forbidden(setup, from, to) => {
                return Some(vec![
                    Link::new(P4_RESTRICTION, "the P4 may not capture the other P4 until one or both are across the equator")
                        .at([from, to]),
                    Link::new(EQUATOR, "neither P4 is across the equator, between ranks 4 and 5").at([from, to]),
                ]);
            }
            Some(_) => {}
        }
    }
    if one == Some(to) || captures.contains(&to) {
        let far = to.rank() == pawns::promotion_rank(owner);
        let link = |detail: String| Link::new(PROMOTION, detail).at([from, to]);
        return Some(match mv {
            Move::Promotion { .. } if !far => vec![link(format!(
                "a pawn promotes on its far rank, and {to} is not on it"
            ))],
            Move::Plain { .. } if far => vec![link(format!(
                "a pawn reaching {to} becomes a queen, rook, bishop or knight"
            ))],
            Move::Promotion { role, .. } => vec![link(format!(
                "a pawn becomes a queen, rook, bishop or knight, not a {}",
                role.name()
            ))],
            _ => return None,
        });
    }
    Some(vec![
        Link::new(PAWN_DIRECTION, pawn_way(owner)).at([from, to]),
        Link::new(
            PAWN_MOVES,
            format!("a pawn steps straight forwards or captures one square diagonally forwards, and {to} is neither from {from}"),
        )
        .at([from, to]),
    ])
}

/// What a legal move does, in order.
fn effects(rules: &OSullivan, setup: &Setup, mv: Move, after: &Setup) -> Vec<Link> {
    let (from, to) = (mv.from(), mv.to());
    let made = turn::make_move(setup, mv);
    let mut links = Vec::new();
    if let Move::Castle { partner, .. } = mv {
        links.push(
            Link::new(
                CASTLING_MOVE,
                format!("the king goes to {to}, the rook from {partner} to {from}"),
            )
            .at([from, to, partner])
            .sets(&["pieces"]),
        );
    } else if let Some(taken) = setup.piece(to) {
        let link = if taken.role == Role::King {
            Link::new(
                EXPOSED_KING,
                format!(
                    "captures {}: {} is out of the game",
                    piece_name(V, taken),
                    name(taken.owner)
                ),
            )
            .read(rules.options.exposed_king)
        } else if !check::is_live(setup, taken.owner) {
            Link::new(
                DEAD_CAPTURABLE,
                format!("captures {}, of a checkmated army", piece_name(V, taken)),
            )
        } else {
            Link::new(
                PIECE_MOVES,
                format!("captures {} on {to}", piece_name(V, taken)),
            )
        };
        links.push(link.at([to]).sets(&["pieces"]));
    }
    if let Some(victim) = setup
        .piece(from)
        .filter(|p| p.role == Role::Pawn)
        .and_then(|p| pawns::en_passant_capture(setup, from, p.owner, to))
    {
        links.push(
            Link::new(
                EN_PASSANT,
                format!("the pawn on {victim} is taken en passant"),
            )
            .at([victim])
            .sets(&["pieces"]),
        );
    }
    if let Move::Promotion { role, .. } = mv {
        links.push(
            Link::new(
                PROMOTION,
                format!("the pawn becomes a {} on {to}", role.name()),
            )
            .at([to])
            .sets(&["pieces"]),
        );
    }
    let lost: Vec<Cell> = setup
        .castling
        .difference(&after.castling)
        .copied()
        .collect();
    if !lost.is_empty() {
        links.push(
            Link::new(
                CASTLING_RIGHTS,
                "the castling right goes once the king or the rook has moved or been taken",
            )
            .at(lost)
            .sets(&["castling"]),
        );
    }
    let p4 = |s: &Setup| s.osullivan().map(|o| (o.p4, o.p4_freed.clone()));
    if p4(setup) != p4(after) {
        let freed = |s: &Setup| {
            s.osullivan()
                .map(|o| o.p4_freed.clone())
                .unwrap_or_default()
        };
        if freed(after).len() > freed(setup).len() {
            links.push(
                Link::new(P4_FREES, "the P4 captures across the midline and is freed")
                    .at([from, to])
                    .sets(&["p4_freed"]),
            );
            links.push(
                Link::new(
                    MIDLINE,
                    "the capture crosses the midline between the d- and e-files",
                )
                .at([from, to]),
            );
        }
        links.push(
            Link::new(PAWN_NUMBERING, "the position follows the P4s as they move, and drops one that is taken or promotes")
                .sets(&["p4", "p4_freed"]),
        );
    }
    let before: Vec<Cell> = pawns::en_passant_cells(setup).collect();
    let now: Vec<Cell> = pawns::en_passant_cells(after).collect();
    if let Some(passed) = made.en_passant.filter(|c| now.contains(c)) {
        links.push(
            Link::new(
                EN_PASSANT,
                format!(
                    "the double step passed {passed}: an opponent's pawn may take it en passant"
                ),
            )
            .at([passed])
            .sets(&["en_passant"]),
        );
        links.push(
            Link::new(
                D1,
                format!("the position records {passed}, whether or not a pawn could take"),
            )
            .at([passed])
            .sets(&["en_passant"]),
        );
    }
    let kept: Vec<Cell> = before.iter().copied().filter(|c| now.contains(c)).collect();
    if !kept.is_empty() {
        links.push(
            Link::new(
                WINDOW_KEPT,
                "an earlier double step stays open to the opponents who have not yet moved",
            )
            .read(rules.options.en_passant_window)
            .at(kept)
            .sets(&["en_passant", "en_passant_earlier"]),
        );
    }
    let closed: Vec<Cell> = before
        .iter()
        .copied()
        .filter(|c| !now.contains(c))
        .collect();
    if !closed.is_empty() {
        links.push(
            Link::new(
                EN_PASSANT_WINDOW,
                "an en passant cell is no longer open: its window has closed or its pawn is gone",
            )
            .read(rules.options.en_passant_window)
            .at(closed)
            .sets(&["en_passant", "en_passant_earlier"]),
        );
    }
    for seat in check::live_seats(&made) {
        if check::is_live(after, seat) {
            continue;
        }
        let mut as_mover = made.clone();
        as_mover.to_move = seat;
        let (cite, why) = if check::in_check(&as_mover, &rules.options, seat) {
            (CHECKMATE, "checkmated")
        } else {
            (STALEMATE, "stalemated")
        };
        let mut link = Link::new(
            cite,
            format!(
                "{} has no legal move when the turn comes: {why}",
                name(seat)
            ),
        );
        if cite == STALEMATE {
            link = link.read(rules.options.stalemate);
        }
        links.push(link.sets(&["pieces"]));
        let army = made
            .pieces
            .iter()
            .filter(|(_, p)| p.owner == seat)
            .map(|(&c, _)| c);
        links.push(
            Link::new(
                MATE_REMOVES_KING,
                format!(
                    "{}'s king leaves the board; the rest of the army stays, dead",
                    name(seat)
                ),
            )
            .at(army)
            .sets(&["pieces"]),
        );
    }
    for seat in check::live_seats(&made)
        .into_iter()
        .filter(|&s| s != setup.to_move)
    {
        let king = made.royal(seat);
        let dead: Vec<(Cell, Piece)> = king
            .map(|k| dead_attackers(rules, &made, k, seat))
            .unwrap_or_default();
        if !dead.is_empty() {
            links.push(
                Link::new(
                    DEAD_INERT,
                    format!(
                        "{} of a checkmated army exerts no check on {}'s king",
                        attackers_text(V, &dead),
                        name(seat)
                    ),
                )
                .at(king.into_iter().chain(dead.iter().map(|&(c, _)| c)))
                .sets(&["to_move", "pieces"]),
            );
        }
    }
    if let Some(winner) = turn::last_king(after) {
        links.push(
            Link::new(
                LAST_KING,
                format!(
                    "only {}'s king is left: {} wins",
                    name(winner),
                    name(winner)
                ),
            )
            .read(rules.options.end_of_game)
            .at(after.royal(winner)),
        );
        links.push(
            Link::new(
                D5,
                format!(
                    "the turn passes to {}, though nobody moves any more",
                    name(winner)
                ),
            )
            .sets(&["to_move"]),
        );
        return links;
    }
    links.push(
        Link::new(
            TURN_ORDER,
            format!("the turn passes to {}", name(after.to_move)),
        )
        .read(rules.options.turn_order)
        .sets(&["to_move"]),
    );
    links
}

/// Why the game stands as `outcome` says.
fn outcome(rules: &OSullivan, setup: &Setup) -> Chain {
    let position = crate::rules::Position::checked_board(setup.clone());
    let verdict = Verdict::Outcome(Rules::outcome(rules, &position));
    let seat = setup.to_move;
    if let Some(winner) = turn::last_king(setup) {
        return Chain::new(
            verdict,
            vec![
                Link::new(
                    LAST_KING,
                    format!(
                        "only {}'s king is on the board: {} wins",
                        name(winner),
                        name(winner)
                    ),
                )
                .read(rules.options.end_of_game)
                .at(setup.royal(winner)),
            ],
        );
    }
    let checkers = setup
        .royal(seat)
        .map(|k| attacking(rules, setup, k, seat))
        .unwrap_or_default();
    let dead: Vec<(Cell, Piece)> = setup
        .royal(seat)
        .map(|k| dead_attackers(rules, setup, k, seat))
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
    let steps = match turn::turn_comes(setup, &rules.options) {
        TurnComes::Moves => {
            let moves = legal_moves(setup, &rules.options);
            let example = moves.first().map_or("-".into(), Move::to_string);
            let live: Vec<&str> = check::live_seats(setup).into_iter().map(name).collect();
            vec![
                Link::new(
                    CHECKMATE,
                    format!(
                        "{in_check} and has {} legal moves ({example}, ...): play goes on",
                        moves.len()
                    ),
                ),
                Link::new(
                    LAST_KING,
                    format!("{} still have kings: nobody has won", live.join(", ")),
                )
                .read(rules.options.end_of_game),
            ]
        }
        TurnComes::Out(trichess_model::Reason::Checkmate) => vec![
            Link::new(
                CHECKMATE,
                format!("{in_check} and has no legal move: checkmated"),
            )
            .at(checkers.iter().map(|&(c, _)| c)),
            Link::new(
                MATE_REMOVES_KING,
                format!(
                    "{}'s king leaves the board, the rest of its army stays",
                    name(seat)
                ),
            )
            .at(setup.royal(seat)),
            Link::new(
                IN_CHECK,
                "a king is in check when a piece of a live opponent attacks it",
            ),
        ],
        TurnComes::Out(_) => vec![
            Link::new(
                STALEMATE,
                format!("{in_check} and has no legal move: stalemated, out of the game"),
            )
            .read(rules.options.stalemate),
        ],
        TurnComes::Drawn => vec![
            Link::new(
                STALEMATE,
                format!("{in_check} and has no legal move: stalemate draws"),
            )
            .read(rules.options.stalemate),
        ],
    };
    let mut links = Vec::new();
    if !dead.is_empty() {
        links.push(
            Link::new(
                DEAD_INERT,
                format!(
                    "{} of a checkmated army exerts no check on {}'s king",
                    attackers_text(V, &dead),
                    name(seat)
                ),
            )
            .at(dead.iter().map(|&(c, _)| c)),
        );
    }
    links.extend(steps);
    Chain::new(verdict, links)
}
