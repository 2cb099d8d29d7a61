//! Why Yalta's rules answer as they do ([`crate::explain`]): each question asks the rule
//! functions of this module, one at a time, and cites the clause each decides.

use trichess_model::{Cell, Move, Piece, ProblemKind, Role, Seat, Variant};

use crate::board::Setup;
use crate::explain::hex::{crossing, line_to};
use crate::explain::{
    Chain, Explainer, Link, Moves, Verdict, attackers, attackers_text, cites, legality, piece_name,
    validity,
};
use crate::hex::{ALL_DIRECTIONS, DIAGONAL, Dir, ORTHOGONAL};
use crate::rules::Rules;

use super::castling::Bar;
use super::options::{KnightCentre, TakeoverPromotion};
use super::turn::TurnComes;
use super::{Yalta, castling, check, legal_moves, pawns, pieces, turn};

cites! {
    LAST_KING_WINS = "yalta.last-king-wins" in "yalta/turn.rs" fn last_king;
    D5 = "D5" in "yalta/turn.rs" fn settle;
    TURN_ORDER = "yalta.turn-order" in "yalta/turn.rs" fn next_seat;
    CONTROL = "yalta.army-takeover" in "yalta/check.rs" fn controller;
    TAKEN_OVER_MOVES = "yalta.army-takeover" in "yalta/mod.rs" fn pseudo_moves;
    HAND_OVER = "yalta.army-takeover" in "yalta/turn.rs" fn hand_over_armies;
    NO_EXTRA_MOVE = "yalta.no-extra-move" in "yalta/turn.rs" fn settle;
    CHECK = "yalta.check-response" in "yalta/mod.rs" fn keeps_king_safe;
    NO_KING_CAPTURE = "yalta.check-response" in "yalta/pieces.rs" fn can_capture;
    EXPOSED_KING = "yalta.exposed-king" in "yalta/pieces.rs" fn can_capture;
    FIDE_MOVEMENT = "yalta.fide-movement" in "yalta/pieces.rs" fn attacks;
    KING_STEP = "yalta.fide-movement" in "yalta/pieces.rs" fn king_steps;
    KING_ACROSS_CENTRE = "yalta.king-across-centre" in "yalta/pieces.rs" fn king_steps;
    KNIGHT_COLOUR = "yalta.knight-colour" in "yalta/pieces.rs" fn knight_leaps;
    KNIGHT_CENTRE = "yalta.knight-centre" in "yalta/pieces.rs" fn knight_leaps;
    CENTRE_PATH_CHOICE = "yalta.centre-path-choice" in "yalta/pieces.rs" fn slides;
    SECTOR_BOARD = "yalta.sector-board" in "hex/mod.rs" fn step;
    CENTRE_JUNCTION = "yalta.centre-junction" in "hex/mod.rs" fn step;
    PAWN_MOVES = "yalta.pawn-moves" in "yalta/pawns.rs" fn forward;
    PAWN_PATH_CAPTURE_ONLY = "yalta.pawn-path-capture-only" in "yalta/pawns.rs" fn capture_cells;
    DOUBLE_STEP = "yalta.double-step" in "yalta/pawns.rs" fn may_double_step;
    EN_PASSANT = "yalta.en-passant" in "yalta/pawns.rs" fn en_passant_capture;
    EN_PASSANT_WINDOW = "yalta.en-passant-window" in "yalta/pawns.rs" fn en_passant_capture;
    WINDOW_KEPT = "yalta.en-passant-window" in "yalta/turn.rs" fn carried_en_passant;
    WINDOW_CLOSED = "yalta.en-passant-window" in "yalta/turn.rs" fn keep_open_en_passant;
    D1 = "D1" in "yalta/turn.rs" fn keep_open_en_passant;
    PROMOTION = "yalta.promotion" in "yalta/pawns.rs" fn with_promotions;
    SACRIFICE_PROMOTION = "yalta.sacrifice-promotion" in "yalta/pawns.rs" fn may_promote;
    TAKEOVER_PROMOTION = "yalta.takeover-promotion" in "yalta/pawns.rs" fn may_promote;
    CASTLING = "yalta.castling" in "yalta/castling.rs" fn castling;
    CASTLING_RIGHTS = "yalta.castling" in "yalta/turn.rs" fn update_castling_rights;
    MULTIPLE_CHECK = "yalta.multiple-check" in "yalta/turn.rs" fn record_first_checks;
    FIRST_CHECKER = "yalta.multiple-check" in "yalta/check.rs" fn first_checker;
    SIMULTANEOUS_CHECKS = "yalta.simultaneous-checks" in "yalta/turn.rs" fn simultaneous_first;
    CHECKMATE = "yalta.check-response" in "yalta/turn.rs" fn turn_comes;
    MATE_FINAL = "yalta.mate-final" in "yalta/turn.rs" fn turn_comes;
    STALEMATE = "yalta.stalemate" in "yalta/turn.rs" fn turn_comes;
    MATE_REMOVES_KING = "yalta.mate-removes-king" in "yalta/turn.rs" fn checkmate;
    ONE_KING = "yalta.one-king" in "yalta/validate.rs" fn kings;
    OUT_NOT_TO_MOVE = "yalta.mate-removes-king" in "yalta/validate.rs" fn kings;
    PAWN_RANKS = "yalta.pawn-moves" in "yalta/validate.rs" fn pawn_ranks;
    PAWN_RANKS_START = "yalta.pawns-start" in "yalta/validate.rs" fn pawn_ranks;
    PAWN_RANKS_PROMOTION = "yalta.promotion" in "yalta/validate.rs" fn pawn_ranks;
    CONTROL_FITS = "yalta.army-takeover" in "yalta/validate.rs" fn control;
    CASTLING_FITS = "yalta.castling" in "yalta/validate.rs" fn castling_rights;
    EN_PASSANT_FITS = "yalta.en-passant" in "yalta/validate.rs" fn en_passant;
    WINDOW_FITS = "yalta.en-passant-window" in "yalta/validate.rs" fn en_passant;
    FIRST_CHECK_FITS = "yalta.multiple-check" in "yalta/validate.rs" fn first_checks;
    PENDING_MATE_FITS = "yalta.mate-final" in "yalta/validate.rs" fn pending_mates;
    D3 = "D3" in "yalta/validate.rs" fn pending_mates;
}

const V: Variant = Variant::Yalta;

fn name(seat: Seat) -> &'static str {
    V.seat_name(seat)
}

impl Explainer for Yalta {
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

/// The kinds of problem Yalta's validation looks for.
const CHECKED: [ProblemKind; 8] = [
    ProblemKind::TooManyRoyals,
    ProblemKind::SideToMoveOut,
    ProblemKind::PawnOnImpossibleRank,
    ProblemKind::ControlDoesNotFit,
    ProblemKind::CastlingRightWithoutPieces,
    ProblemKind::EnPassantWithoutDoubleStep,
    ProblemKind::FirstCheckDoesNotFit,
    ProblemKind::PendingMateDoesNotFit,
];

/// The clauses of the check of `validate.rs` that finds problems of `kind`, its own first.
fn check_for(rules: &Yalta, kind: ProblemKind) -> Vec<Link> {
    match kind {
        ProblemKind::TooManyRoyals => vec![Link::new(ONE_KING, "each army has at most one king")],
        ProblemKind::SideToMoveOut => {
            vec![Link::new(OUT_NOT_TO_MOVE, "the player to move has a king")]
        }
        ProblemKind::PawnOnImpossibleRank => vec![
            Link::new(
                PAWN_RANKS,
                "no pawn stands on its own back rank or on another seat's",
            ),
            Link::new(PAWN_RANKS_START, "pawns start in front of their back rank"),
            Link::new(
                PAWN_RANKS_PROMOTION,
                "a pawn promotes on arriving at another seat's back rank",
            ),
        ],
        ProblemKind::ControlDoesNotFit => vec![Link::new(
            CONTROL_FITS,
            "each army without its king is controlled by a player in the game, and only those",
        )],
        ProblemKind::CastlingRightWithoutPieces => vec![Link::new(
            CASTLING_FITS,
            "each castling right has its king on e1 and its rook on the right's cell",
        )],
        ProblemKind::EnPassantWithoutDoubleStep => vec![
            Link::new(
                EN_PASSANT_FITS,
                "each en passant cell is one a double step of another army has passed",
            ),
            Link::new(WINDOW_FITS, "how many double steps may be open at once")
                .read(rules.options.en_passant_window),
        ],
        ProblemKind::FirstCheckDoesNotFit => vec![Link::new(
            FIRST_CHECK_FITS,
            "a first-check record for each player in check from two opponents, and only those",
        )],
        ProblemKind::PendingMateDoesNotFit => vec![
            Link::new(
                PENDING_MATE_FITS,
                "a pending mate only for a player in check who is not to move",
            )
            .read(rules.options.mate_final),
            Link::new(
                D3,
                "a pending mate is only for a player in check who is not to move",
            ),
        ],
        _ => Vec::new(),
    }
}

impl Moves for Yalta {
    fn game_over(&self, setup: &Setup) -> Option<Vec<Link>> {
        let winner = turn::last_king(setup)?;
        let link = Link::new(
            LAST_KING_WINS,
            format!("only {}'s king is left: the game is over", name(winner)),
        );
        Some(vec![link.at(setup.royal(winner))])
    }

    fn not_theirs(&self, setup: &Setup, from: Cell, piece: Piece) -> Option<Link> {
        (!check::controls(setup, setup.to_move, piece))
            .then(|| not_theirs(self, setup, from, piece))
    }

    fn piece_moves(&self, setup: &Setup, from: Cell, piece: Piece) -> Vec<Move> {
        pieces::piece_moves(self, setup, from, piece)
    }

    fn legal_moves(&self, setup: &Setup) -> Vec<Move> {
        legal_moves(self, setup)
    }

    fn grants(&self, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Vec<Link> {
        grants(self, setup, from, piece, mv)
    }

    fn exposure(&self, setup: &Setup, mv: Move) -> Vec<Link> {
        let mut links = vec![exposure(self, setup, mv)];
        let made = turn::make_move(self, setup, mv);
        if let Some(king) = made.royal(setup.to_move) {
            for (at, piece) in attacking(self, &made, king, setup.to_move) {
                links.extend(reach_links(self, at, piece, king));
            }
        }
        links
    }

    fn safety(&self, setup: &Setup, mv: Move) -> Vec<Link> {
        let made = turn::make_move(self, setup, mv);
        let mut links = match made.royal(setup.to_move) {
            Some(king) => knights_by_reading(self, &made, king, setup.to_move),
            None => Vec::new(),
        };
        links.push(safety(self, setup, mv));
        links
    }

    fn refusal(&self, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Option<Vec<Link>> {
        refusal(self, setup, from, piece, mv)
    }

    fn play(&self, setup: &Setup, mv: Move) -> Setup {
        turn::apply(self, setup, mv)
    }

    fn effects(&self, setup: &Setup, mv: Move, after: &Setup) -> Vec<Link> {
        effects(self, setup, mv, after)
    }
}

/// Why the side to move may not move `piece`: another player's turn, or an army someone else
/// controls.
fn not_theirs(rules: &Yalta, setup: &Setup, from: Cell, piece: Piece) -> Link {
    let mover = name(setup.to_move);
    match check::controller(setup, piece.owner) {
        Some(c) if c != piece.owner => Link::new(
            CONTROL,
            format!(
                "{}'s army has lost its king and is controlled by {}, who mated it; it is \
                 {mover}'s turn",
                name(piece.owner),
                name(c)
            ),
        )
        .at([from]),
        _ => Link::new(
            TURN_ORDER,
            format!(
                "it is {mover}'s turn, and the {} on {from} is {}'s",
                piece.role.name(),
                name(piece.owner)
            ),
        )
        .read(rules.options.turn_order)
        .at([from]),
    }
}

/// The opponents' pieces attacking `target` in `setup`, where `seat` is the player whose king
/// it is.
fn attacking(rules: &Yalta, setup: &Setup, target: Cell, seat: Seat) -> Vec<(Cell, Piece)> {
    attackers(
        setup,
        target,
        |p| {
            Seat::ALL
                .into_iter()
                .any(|s| s != seat && check::controls(setup, s, p))
        },
        |c, p| pieces::attacks(rules, setup, c, p),
    )
}

/// Why a move of the mover's leaves their king attacked.
fn exposure(rules: &Yalta, setup: &Setup, mv: Move) -> Link {
    let mover = setup.to_move;
    let made = turn::judged(rules, setup, mv);
    let Some(king) = made.royal(mover) else {
        return Link::new(CHECK, "it leaves the mover without a king");
    };
    let by = attacking(rules, &made, king, mover);
    Link::new(
        CHECK,
        format!(
            "it would leave {}'s king on {king} attacked by {}",
            name(mover),
            attackers_text(V, &by)
        ),
    )
    .at(std::iter::once(king).chain(by.iter().map(|&(c, _)| c)))
}

/// Why a legal move leaves the mover's king safe.
fn safety(rules: &Yalta, setup: &Setup, mv: Move) -> Link {
    let mover = setup.to_move;
    let made = turn::judged(rules, setup, mv);
    let king = made.royal(mover);
    let was = setup
        .royal(mover)
        .map(|k| attacking(rules, setup, k, mover))
        .unwrap_or_default();
    let detail = if was.is_empty() {
        format!("no opponent attacks {}'s king after it", name(mover))
    } else {
        format!(
            "{} was in check from {}; after it no opponent attacks the king",
            name(mover),
            attackers_text(V, &was)
        )
    };
    Link::new(CHECK, detail).at(king)
}

/// The clauses that give `piece` the move `mv`, the most particular first.
fn grants(rules: &Yalta, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Vec<Link> {
    let to = mv.to();
    let mut links = Vec::new();
    if piece.owner != setup.to_move {
        links.push(
            Link::new(
                TAKEN_OVER_MOVES,
                format!(
                    "the {} on {from} is of {}'s army, which {} took over by checkmate and may \
                     use at once",
                    piece.role.name(),
                    name(piece.owner),
                    name(setup.to_move)
                ),
            )
            .at([from]),
        );
    }
    let target = setup
        .piece(to)
        .filter(|_| !matches!(mv, Move::Castle { .. }));
    if let Some(king) = target.filter(|p| p.role == Role::King) {
        links.push(
            Link::new(
                EXPOSED_KING,
                format!(
                    "{} is attacked as {}'s turn comes: it may be captured",
                    piece_name(V, king),
                    name(setup.to_move)
                ),
            )
            .read(rules.options.exposed_king)
            .at([to]),
        );
    }
    match (mv, piece.role) {
        (Move::Castle { to, partner, .. }, _) => links.push(
            Link::new(
                CASTLING,
                format!(
                    "the king castles with the rook on {partner}: neither has moved, the cells \
                     between are empty, the king is not in check and crosses no attacked cell"
                ),
            )
            .at([from, to, partner]),
        ),
        (_, Role::Pawn) => links.extend(pawn_grants(rules, setup, from, piece, mv)),
        (_, Role::King) => {
            if rules.geo.across(from) == Some(to) {
                links.push(
                    Link::new(
                        KING_ACROSS_CENTRE,
                        format!("{to} lies straight across the centre point from {from}"),
                    )
                    .read(rules.options.king_across_centre)
                    .at([from, to]),
                );
            }
            links.push(
                Link::new(KING_STEP, format!("the king steps from {from} to {to}")).at([from, to]),
            );
        }
        (_, Role::Knight) => links.extend(knight_links(rules, from, to, true)),
        (_, role) => {
            let path = line_to(rules.geo, from, to, line_dirs(role)).unwrap_or_default();
            links.extend(path_links(rules, from, &path));
            links.push(line_link(from, to, role, target));
        }
    }
    links
}

/// The directions a line piece moves in.
fn line_dirs(role: Role) -> &'static [Dir] {
    match role {
        Role::Rook => &ORTHOGONAL,
        Role::Bishop => &DIAGONAL,
        _ => &ALL_DIRECTIONS,
    }
}

/// A line piece's move along its line, capturing `target` if anything.
fn line_link(from: Cell, to: Cell, role: Role, target: Option<Piece>) -> Link {
    let capture = target.map_or(String::new(), |p| {
        format!(", capturing {}", piece_name(V, p))
    });
    Link::new(
        FIDE_MOVEMENT,
        format!(
            "the {} moves along its line from {from} to {to} over empty cells{capture}",
            role.name()
        ),
    )
    .at([from, to])
}

/// Where a path crosses into another half-board: through the centre point (a choice of path),
/// or over a top edge (the file or diagonal running on).
fn path_links(rules: &Yalta, from: Cell, path: &[Cell]) -> Vec<Link> {
    let crossing = crossing(&rules.hex, from, path);
    let mut links = Vec::new();
    if let Some((a, b)) = crossing.centre {
        links.push(
            Link::new(
                CENTRE_PATH_CHOICE,
                format!("the line passes the centre point from {a} to {b}: a choice of path"),
            )
            .at([a, b]),
        );
    }
    if let Some((a, b)) = crossing.edge {
        links.push(
            Link::new(
                SECTOR_BOARD,
                format!("the line runs on over the top edge from {a} into {b}"),
            )
            .at([a, b]),
        );
    }
    links
}

/// How `piece` on `at` reaches `target`, where the board's geometry makes a difference: a line
/// through the centre point or over a top edge, a knight's leap that depends on the reading.
fn reach_links(rules: &Yalta, at: Cell, piece: Piece, target: Cell) -> Vec<Link> {
    match piece.role {
        Role::Knight => knight_links(rules, at, target, true)
            .into_iter()
            .filter(|l| l.cite == KNIGHT_CENTRE)
            .collect(),
        Role::Queen | Role::Rook | Role::Bishop => {
            let path = line_to(rules.geo, at, target, line_dirs(piece.role)).unwrap_or_default();
            path_links(rules, at, &path)
        }
        _ => Vec::new(),
    }
}

/// The opponents' knights that would attack `target` under another reading of
/// `yalta.knight-centre`, but do not under this one (`seat` is the player whose king it is).
fn knights_by_reading(rules: &Yalta, setup: &Setup, target: Cell, seat: Seat) -> Vec<Link> {
    let live = check::live_seats(setup);
    let reading = match rules.options.knight_centre {
        KnightCentre::Symmetric => 0,
        KnightCentre::OrthogonalThenDiagonal => 1,
        KnightCentre::TwoThenOne => 2,
    };
    setup
        .pieces
        .iter()
        .filter(|&(_, &p)| {
            p.role == Role::Knight
                && live
                    .iter()
                    .any(|&s| s != seat && check::controls(setup, s, p))
        })
        .filter(|&(&at, _)| {
            let readings = knight_readings(rules, at, target);
            !readings[reading] && readings.iter().any(|&r| r)
        })
        .map(|(&at, &p)| {
            Link::new(
                KNIGHT_CENTRE,
                format!(
                    "{} on {at} does not reach {target} under this reading",
                    piece_name(V, p)
                ),
            )
            .read(rules.options.knight_centre)
            .at([at, target])
        })
        .collect()
}

/// Which readings of `yalta.knight-centre` give the leap `from`-`to`.
fn knight_readings(rules: &Yalta, from: Cell, to: Cell) -> [bool; 3] {
    let geo = rules.geo;
    [
        geo.knight_symmetric(from).contains(&to),
        geo.knight_orthogonal_then_diagonal(from).contains(&to),
        geo.knight_two_then_one(from).contains(&to),
    ]
}

/// Why a knight reaches `to` from `from` (`leaps`), or does not.
fn knight_links(rules: &Yalta, from: Cell, to: Cell, leaps: bool) -> Vec<Link> {
    let mut links = Vec::new();
    let readings = knight_readings(rules, from, to);
    if readings.iter().any(|&r| r) && !readings.iter().all(|&r| r) {
        let detail = if leaps {
            format!("near the centre the leap {from}-{to} is one this reading gives")
        } else {
            format!("near the centre the leap {from}-{to} is one this reading does not give")
        };
        links.push(
            Link::new(KNIGHT_CENTRE, detail)
                .read(rules.options.knight_centre)
                .at([from, to]),
        );
    }
    let colour = |c: Cell| {
        if rules.hex.colour(c) == 0 {
            "dark"
        } else {
            "light"
        }
    };
    let detail = match (leaps, colour(from) == colour(to)) {
        (true, _) => format!(
            "the knight leaps from {from} ({}) to {to} ({})",
            colour(from),
            colour(to)
        ),
        (false, true) => format!(
            "a knight always lands on the other colour: {from} and {to} are both {}",
            colour(from)
        ),
        (false, false) => format!("{to} is not a knight's leap from {from}"),
    };
    links.push(Link::new(KNIGHT_COLOUR, detail).at([from, to]));
    links
}

/// The clauses that give a pawn the move `mv`, the most particular first.
fn pawn_grants(rules: &Yalta, setup: &Setup, from: Cell, pawn: Piece, mv: Move) -> Vec<Link> {
    let to = mv.to();
    let mut links = Vec::new();
    if let Move::Promotion { role, .. } = mv {
        if !check::is_live(setup, pawn.owner) {
            links.push(
                Link::new(
                    TAKEOVER_PROMOTION,
                    format!(
                        "the pawn is of {}'s army, taken over by checkmate",
                        name(pawn.owner)
                    ),
                )
                .read(rules.options.takeover_promotion)
                .at([from, to]),
            );
        }
        links.push(
            Link::new(
                PROMOTION,
                format!(
                    "on reaching rank 1 of {}'s half-board the pawn becomes a {}",
                    name(to.sector().unwrap_or(pawn.owner)),
                    role.name()
                ),
            )
            .at([to]),
        );
    }
    if let Some(victim) = pawns::en_passant_capture(rules, setup, from, pawn, to) {
        links.push(
            Link::new(
                EN_PASSANT,
                format!(
                    "it takes the pawn on {victim} en passant, on the cell {to} that pawn passed \
                     with its double step"
                ),
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
    } else if setup
        .piece(to)
        .is_some_and(|p| check::controls(setup, setup.to_move, p))
    {
        links.push(
            Link::new(
                SACRIFICE_PROMOTION,
                format!("it captures its controller's own piece on {to}: the piece sacrifice"),
            )
            .at([to]),
        );
    }
    let forward = rules.geo.step(from, pawns::forward(from, pawn.owner));
    let advance = forward.iter().any(|&(c, _)| c == to);
    if !advance && pawns::capture_cells(rules, from, pawn.owner).contains(&to) {
        let crossing = crossing(&rules.hex, from, &[to]);
        if let Some((a, b)) = crossing.centre {
            links.push(
                Link::new(
                    PAWN_PATH_CAPTURE_ONLY,
                    format!(
                        "capturing, the pawn passes the centre point from {a} to {b}: a path it \
                         may choose only when capturing"
                    ),
                )
                .at([a, b]),
            );
        }
        let what = setup
            .piece(to)
            .map_or("en passant".to_string(), |p| piece_name(V, p));
        links.push(
            Link::new(
                PAWN_MOVES,
                format!(
                    "the pawn captures one cell diagonally forwards, from {from} to {to}: {what}"
                ),
            )
            .at([from, to]),
        );
        return links;
    }
    if !advance {
        links.push(
            Link::new(
                DOUBLE_STEP,
                format!("from its own rank 2 the pawn steps two cells, from {from} to {to}, over an empty cell"),
            )
            .at([from, to]),
        );
    }
    if from.sector() != to.sector() {
        links.push(
            Link::new(
                SECTOR_BOARD,
                format!("its file runs on over the top edge from {from} into {to}"),
            )
            .at([from, to]),
        );
    }
    links.push(
        Link::new(
            PAWN_MOVES,
            format!("the pawn steps forwards onto the empty {to}, away from its own back rank"),
        )
        .at([from, to]),
    );
    links
}

/// Why `piece` on `from` may not make `mv` by the way it moves (the move is not among
/// `piece_moves`): the deciding clause first. None if no clause is found.
fn refusal(rules: &Yalta, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Option<Vec<Link>> {
    if let Move::Castle { partner, to, .. } = mv {
        return Some(vec![castling_refusal(
            rules, setup, from, piece, partner, to,
        )]);
    }
    if piece.role == Role::Pawn {
        return pawn_refusal(rules, setup, from, piece, mv);
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
    piece_refusal(rules, setup, from, piece, mv.to())
}

/// Why the king on `from` may not castle with the rook on `partner` to `to`.
fn castling_refusal(
    rules: &Yalta,
    setup: &Setup,
    from: Cell,
    piece: Piece,
    partner: Cell,
    to: Cell,
) -> Link {
    let link = |detail: String| Link::new(CASTLING, detail).at([from, partner]);
    if piece.role != Role::King {
        return link(format!(
            "castling is a move of the king, and {from} holds a {}",
            piece.role.name()
        ));
    }
    match castling::castling(rules, setup, from, partner) {
        Ok(m) => link(format!(
            "castling with the rook on {partner} takes the king from {from} to {}, not to {to}",
            m.to()
        )),
        Err(Bar::KingNotHome) => link(format!(
            "the king castles only from its starting cell, and {from} is not it"
        )),
        Err(Bar::NotARookHome) => link(format!(
            "{partner} is not a starting cell of {}'s rooks (a1, h1)",
            name(setup.to_move)
        )),
        Err(Bar::NoRight) => link(format!(
            "the right to castle with {partner} is gone: the king or that rook has moved"
        )),
        Err(Bar::NoRook) => link(format!(
            "no rook of {} stands on {partner}",
            name(setup.to_move)
        )),
        Err(Bar::Occupied(cell)) => link(format!(
            "{cell}, between the king and the rook, is occupied"
        ))
        .at([cell]),
        Err(Bar::InCheck) => {
            let by = attacking(rules, setup, from, setup.to_move);
            link(format!(
                "the king may not castle out of check, and {} attacks it",
                attackers_text(V, &by)
            ))
            .at(by.iter().map(|&(c, _)| c))
        }
        Err(Bar::CrossedAttacked(cell)) => {
            let by = attacking(rules, setup, cell, setup.to_move);
            link(format!(
                "the king would cross {cell}, which {} attacks",
                attackers_text(V, &by)
            ))
            .at(std::iter::once(cell).chain(by.iter().map(|&(c, _)| c)))
        }
    }
}

/// Why a non-pawn piece does not reach `to` from `from`.
fn piece_refusal(
    rules: &Yalta,
    setup: &Setup,
    from: Cell,
    piece: Piece,
    to: Cell,
) -> Option<Vec<Link>> {
    if pieces::attacks(rules, setup, from, piece).contains(&to) {
        return target_refusal(rules, setup, to);
    }
    let links = match piece.role {
        Role::King if rules.geo.across(from) == Some(to) => vec![
            Link::new(
                KING_ACROSS_CENTRE,
                format!("{to} lies straight across the centre point from {from}, on no line"),
            )
            .read(rules.options.king_across_centre)
            .at([from, to]),
            Link::new(
                KING_STEP,
                "a king steps one cell along a rook's or a bishop's line",
            )
            .at([from, to]),
        ],
        Role::King => vec![
            Link::new(
                KING_STEP,
                format!("a king steps one cell, and {to} is not next to {from}"),
            )
            .at([from, to]),
        ],
        Role::Knight => knight_links(rules, from, to, false),
        role => line_refusal(rules, setup, from, to, role),
    };
    Some(links)
}

/// Why a line piece does not reach `to`: blocked on its line, or on none of its lines.
fn line_refusal(rules: &Yalta, setup: &Setup, from: Cell, to: Cell, role: Role) -> Vec<Link> {
    if let Some(path) = line_to(rules.geo, from, to, line_dirs(role)) {
        let blocker = path
            .iter()
            .copied()
            .take(path.len().saturating_sub(1))
            .find(|&c| setup.piece(c).is_some());
        if let Some(b) = blocker {
            let what = setup.piece(b).map_or(String::new(), |p| piece_name(V, p));
            return vec![
                Link::new(
                    FIDE_MOVEMENT,
                    format!("the line from {from} to {to} is blocked by {what} on {b}"),
                )
                .at([from, b, to]),
            ];
        }
    }
    let mut links = Vec::new();
    if rules.geo.across(from) == Some(to) {
        links.push(
            Link::new(
                CENTRE_JUNCTION,
                format!("no line runs straight across the centre point from {from} to {to}"),
            )
            .at([from, to]),
        );
    } else if role == Role::Bishop && rules.hex.colour(from) != rules.hex.colour(to) {
        links.push(
            Link::new(
                SECTOR_BOARD,
                format!("every diagonal keeps its colour, and {from} and {to} differ in colour"),
            )
            .at([from, to]),
        );
    }
    let other = line_to(rules.geo, from, to, &ALL_DIRECTIONS).is_some();
    let detail = if other {
        format!(
            "{to} lies on a line from {from} that is not a {}'s",
            role.name()
        )
    } else {
        format!("{to} lies on no line of a {} from {from}", role.name())
    };
    links.push(Link::new(FIDE_MOVEMENT, detail).at([from, to]));
    links
}

/// Why a piece that attacks `to` may not move there: its own side's piece, or a king.
fn target_refusal(rules: &Yalta, setup: &Setup, to: Cell) -> Option<Vec<Link>> {
    let target = setup.piece(to)?;
    if check::controls(setup, setup.to_move, target) {
        return Some(vec![
            Link::new(
                FIDE_MOVEMENT,
                format!(
                    "{to} holds {}, a piece of the mover's own side",
                    piece_name(V, target)
                ),
            )
            .at([to]),
        ]);
    }
    (target.role == Role::King).then(|| {
        vec![
            Link::new(
                NO_KING_CAPTURE,
                format!(
                    "kings are never captured: {} on {to} must resolve its check on its own turn",
                    piece_name(V, target)
                ),
            )
            .at([to]),
            Link::new(EXPOSED_KING, "an attacked king is not captured")
                .read(rules.options.exposed_king)
                .at([to]),
        ]
    })
}

/// Why a pawn may not make `mv`.
fn pawn_refusal(
    rules: &Yalta,
    setup: &Setup,
    from: Cell,
    pawn: Piece,
    mv: Move,
) -> Option<Vec<Link>> {
    let to = mv.to();
    let owner = pawn.owner;
    let forward = rules.geo.step(from, pawns::forward(from, owner));
    let one = forward.iter().find(|&&(c, _)| c == to).copied();
    let two = forward
        .iter()
        .flat_map(|&(c, d)| rules.geo.step(c, d).iter().map(move |&(t, _)| (c, t)))
        .find(|&(_, t)| t == to);
    let captures = pawns::capture_cells(rules, from, owner);
    let occupant = setup.piece(to);
    if one.is_some() && occupant.is_some() {
        return Some(vec![
            Link::new(
                PAWN_MOVES,
                format!("a pawn steps forwards only onto an empty cell, and {to} is occupied"),
            )
            .at([from, to]),
        ]);
    }
    if let Some((passed, _)) = two {
        let link = |detail: String| Link::new(DOUBLE_STEP, detail).at([from, passed, to]);
        return Some(vec![if !pawns::may_double_step(from, owner) {
            link(format!(
                "a pawn steps two cells only from its own rank 2, and {from} is not on it"
            ))
        } else {
            link(format!(
                "both cells of a double step must be empty, and {} is not",
                if setup.piece(passed).is_some() {
                    passed
                } else {
                    to
                }
            ))
        }]);
    }
    if captures.contains(&to) && one.is_none() {
        match occupant {
            None => return Some(en_passant_refusal(rules, setup, from, to)),
            Some(p) if check::controls(setup, setup.to_move, p) => {
                let mut links = Vec::new();
                if !check::is_live(setup, owner)
                    && pawns::is_promotion_cell(to, owner)
                    && p.role != Role::King
                {
                    links.push(
                        Link::new(
                            TAKEOVER_PROMOTION,
                            "under this reading the sacrifice does not promote a pawn of a taken-over army",
                        )
                        .read(rules.options.takeover_promotion)
                        .at([to]),
                    );
                }
                links.push(
                    Link::new(
                        PAWN_MOVES,
                        format!(
                            "{to} holds {}, a piece of the mover's own side",
                            piece_name(V, p)
                        ),
                    )
                    .at([to]),
                );
                return Some(links);
            }
            Some(p) if p.role == Role::King => return target_refusal(rules, setup, to),
            Some(_) => {}
        }
    }
    if one.is_some() || captures.contains(&to) {
        return promotion_refusal(rules, from, pawn, mv);
    }
    Some(vec![
        Link::new(
            PAWN_MOVES,
            format!(
                "a pawn steps forwards (two cells from its own rank 2) or captures one cell \
                 diagonally forwards, and {to} is neither from {from}"
            ),
        )
        .at([from, to]),
    ])
}

/// Why a pawn may not move onto the empty cell `to` that it attacks: no open double step
/// passed it.
fn en_passant_refusal(rules: &Yalta, setup: &Setup, from: Cell, to: Cell) -> Vec<Link> {
    let mut links = vec![
        Link::new(
            EN_PASSANT,
            format!(
                "{to} is empty, and a pawn captures onto an empty cell only en passant, where \
                 an open double step passed"
            ),
        )
        .at([from, to]),
    ];
    let stepper = pawns::double_stepper(rules, setup, to)
        .filter(|&p| !check::controls(setup, setup.to_move, p));
    if let (Some(pawn), Some(victim)) = (stepper, pawns::en_passant_victim(rules, to)) {
        links.push(
            Link::new(
                EN_PASSANT_WINDOW,
                format!(
                    "{} on {victim} could have passed {to}, but no double step over it is open \
                     to {} now",
                    piece_name(V, pawn),
                    name(setup.to_move)
                ),
            )
            .read(rules.options.en_passant_window)
            .at([victim]),
        );
    }
    if crossing(&rules.hex, from, &[to]).centre.is_some() {
        links.push(
            Link::new(
                PAWN_PATH_CAPTURE_ONLY,
                "through the centre point a pawn has a choice of path only when capturing",
            )
            .at([from, to]),
        );
    }
    links
}

/// Why a pawn's move onto a cell it may enter is refused by the rules of promotion.
fn promotion_refusal(rules: &Yalta, from: Cell, pawn: Piece, mv: Move) -> Option<Vec<Link>> {
    let to = mv.to();
    let link = |detail: String| Link::new(PROMOTION, detail).at([from, to]);
    let on_rank = pawns::is_promotion_cell(to, pawn.owner);
    Some(match mv {
        Move::Promotion { .. } if !on_rank => vec![link(format!(
            "a pawn promotes on rank 1 of another seat's half-board, and {to} is not on it"
        ))],
        Move::Plain { .. } if on_rank => vec![link(format!(
            "a pawn reaching {to} must become a queen, rook, bishop or knight"
        ))],
        Move::Promotion { role, .. } if !crate::rules::FIDE_PROMOTIONS.contains(&role) => {
            vec![link(format!(
                "a pawn becomes a queen, rook, bishop or knight, not a {}",
                role.name()
            ))]
        }
        Move::Promotion { .. } => {
            let reading = rules.options.takeover_promotion;
            let how = match reading {
                TakeoverPromotion::Sacrifice => "only by capturing a piece of its controller",
                TakeoverPromotion::AnyCapture => "only by a capture",
                TakeoverPromotion::AsUsual => "as any other",
            };
            vec![
                Link::new(
                    SACRIFICE_PROMOTION,
                    format!(
                        "the pawn is of {}'s army, taken over by checkmate: it promotes {how}",
                        name(pawn.owner)
                    ),
                )
                .at([from, to]),
                Link::new(
                    TAKEOVER_PROMOTION,
                    "how a pawn of a taken-over army promotes",
                )
                .read(reading)
                .at([to]),
            ]
        }
        _ => return None,
    })
}

/// What a legal move does, in order: the board change, the state, the players taken out, the
/// turn.
fn effects(rules: &Yalta, setup: &Setup, mv: Move, after: &Setup) -> Vec<Link> {
    let mover = setup.to_move;
    let (from, to) = (mv.from(), mv.to());
    let made = turn::make_move(rules, setup, mv);
    let mut links = Vec::new();
    let moving = setup.piece(from);
    match mv {
        Move::Castle { partner, .. } => {
            let landing = castling::rook_destination(rules, from, to);
            links.push(
                Link::new(
                    CASTLING,
                    format!(
                        "the king goes to {to} and the rook from {partner} to {}",
                        landing.map_or("-".into(), |c| c.to_string())
                    ),
                )
                .at([from, to, partner])
                .at(landing)
                .sets(&["pieces"]),
            );
        }
        _ => {
            if let Some(taken) = setup.piece(to) {
                let link = if taken.role == Role::King {
                    Link::new(
                        HAND_OVER,
                        format!(
                            "capturing {} puts {} out of the game: its armies pass to {} \
                             (decision D9)",
                            piece_name(V, taken),
                            name(taken.owner),
                            name(mover)
                        ),
                    )
                    .sets(&["pieces", "control"])
                } else {
                    Link::new(
                        FIDE_MOVEMENT,
                        format!("captures {} on {to}", piece_name(V, taken)),
                    )
                    .sets(&["pieces"])
                };
                links.push(link.at([to]));
            }
            let en_passant = moving
                .filter(|p| p.role == Role::Pawn)
                .and_then(|p| pawns::en_passant_capture(rules, setup, from, p, to));
            if let Some(victim) = en_passant {
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
        }
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
                "castling rights go once the king or the rook has moved or been taken, or the army taken over",
            )
            .at(lost)
            .sets(&["castling"]),
        );
    }
    links.extend(en_passant_effects(rules, setup, &made, after));
    let first = |s: &Setup| s.yalta().map(|y| y.first_check.clone()).unwrap_or_default();
    if first(setup) != first(after) {
        links.push(
            Link::new(
                MULTIPLE_CHECK,
                "the record of whose check came first is kept",
            )
            .sets(&["first_check"]),
        );
        let started_both = check::live_seats(after).into_iter().any(|s| {
            check::checkers(rules, after, s).len() == 2
                && check::checkers(rules, setup, s).is_empty()
        });
        if started_both {
            links.push(
                Link::new(SIMULTANEOUS_CHECKS, "the move started two checks at once")
                    .read(rules.options.simultaneous_checks)
                    .sets(&["first_check"]),
            );
        }
    }
    links.extend(turn_effects(rules, setup, &made, after));
    links
}

/// What the move does to the en passant cells.
fn en_passant_effects(rules: &Yalta, setup: &Setup, made: &Setup, after: &Setup) -> Vec<Link> {
    let mut links = Vec::new();
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
                WINDOW_CLOSED,
                "an en passant cell is no longer open: its window has closed or its pawn is gone",
            )
            .read(rules.options.en_passant_window)
            .at(closed)
            .sets(&["en_passant", "en_passant_earlier"]),
        );
    }
    links
}

/// Who is mated when their turn comes, who passes, and whose turn it is after the move.
fn turn_effects(rules: &Yalta, setup: &Setup, made: &Setup, after: &Setup) -> Vec<Link> {
    let mover = setup.to_move;
    let mut links = Vec::new();
    let control = |s: &Setup, army: Seat| s.yalta().and_then(|y| y.control.get(&army).copied());
    for seat in check::live_seats(made) {
        if check::is_live(after, seat) {
            continue;
        }
        let mater = control(after, seat).map_or("-", name);
        if check::checkers(rules, made, seat).len() > 1 {
            links.push(
                Link::new(
                    FIRST_CHECKER,
                    format!("two opponents check {}: the check delivered first names the mater, {mater}", name(seat)),
                )
                .sets(&["control"]),
            );
        }
        links.push(
            Link::new(
                MATE_REMOVES_KING,
                format!(
                    "{} is in check with no legal move when the turn comes: checkmated, its king \
                     leaves the board",
                    name(seat)
                ),
            )
            .at(made.royal(seat))
            .sets(&["pieces"]),
        );
        links.push(
            Link::new(
                HAND_OVER,
                format!("{}'s army passes to {mater}, who mated it", name(seat)),
            )
            .sets(&["control", "castling"]),
        );
        links.push(
            Link::new(MATE_FINAL, "when the mate becomes final")
                .read(rules.options.mate_final)
                .sets(&["pending_mate"]),
        );
    }
    let pending = |s: &Setup| {
        s.yalta()
            .map(|y| y.pending_mate.clone())
            .unwrap_or_default()
    };
    if pending(setup) != pending(after) {
        links.push(
            Link::new(
                MATE_FINAL,
                "a player in check with no legal move passes, the mate pending",
            )
            .read(rules.options.mate_final)
            .sets(&["pending_mate"]),
        );
    }
    if let Some(winner) = turn::last_king(after) {
        links.push(
            Link::new(
                LAST_KING_WINS,
                format!(
                    "only {}'s king is left: {} wins",
                    name(winner),
                    name(winner)
                ),
            )
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
    let mut skipped = Vec::new();
    let mut seat = turn::next_seat(rules, made, mover);
    while seat != after.to_move && seat != mover && skipped.len() < 3 {
        skipped.push(seat);
        seat = turn::next_seat(rules, made, seat);
    }
    let passing: Vec<&str> = skipped
        .iter()
        .filter(|&&s| check::is_live(after, s))
        .map(|&s| name(s))
        .collect();
    if !passing.is_empty() {
        links.push(
            Link::new(
                STALEMATE,
                format!(
                    "{} cannot move when the turn comes and passes",
                    passing.join(" and ")
                ),
            )
            .read(rules.options.stalemate)
            .sets(&["to_move"]),
        );
    }
    let took_over = control(after, Seat::A) != control(setup, Seat::A)
        || control(after, Seat::B) != control(setup, Seat::B)
        || control(after, Seat::C) != control(setup, Seat::C);
    if took_over {
        links.push(
            Link::new(
                NO_EXTRA_MOVE,
                "taking control of an army grants no extra move",
            )
            .sets(&["to_move"]),
        );
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
fn outcome(rules: &Yalta, setup: &Setup) -> Chain {
    let position = crate::rules::Position::checked_board(setup.clone());
    let verdict = Verdict::Outcome(Rules::outcome(rules, &position));
    let seat = setup.to_move;
    if let Some(winner) = turn::last_king(setup) {
        return Chain::new(
            verdict,
            vec![
                Link::new(
                    LAST_KING_WINS,
                    format!("only {}'s king is on the board", name(winner)),
                )
                .at(setup.royal(winner)),
            ],
        );
    }
    let checkers: Vec<(Cell, Piece)> = setup
        .royal(seat)
        .map(|k| attacking(rules, setup, k, seat))
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
    let check_cells = || checkers.iter().map(|&(c, _)| c).collect::<Vec<_>>();
    let steps = match turn::turn_comes(rules, setup) {
        TurnComes::Moves => {
            let moves = legal_moves(rules, setup);
            let example = moves.first().map_or("-".into(), Move::to_string);
            let live: Vec<&str> = check::live_seats(setup).into_iter().map(name).collect();
            let mut links = vec![
                Link::new(
                    CHECKMATE,
                    format!(
                        "{in_check} and has {} legal moves ({example}, ...): play goes on",
                        moves.len()
                    ),
                )
                .at(setup.royal(seat)),
                Link::new(
                    LAST_KING_WINS,
                    format!("{} still have kings: nobody has won", live.join(", ")),
                ),
            ];
            if let (false, Some(&escape)) = (checkers.is_empty(), moves.first()) {
                links.push(Link::new(
                    MATE_REMOVES_KING,
                    format!("{} is not checkmated, so its king stays", name(seat)),
                ));
                links.extend(
                    grants(
                        rules,
                        setup,
                        escape.from(),
                        setup
                            .piece(escape.from())
                            .unwrap_or(Piece::new(seat, Role::King)),
                        escape,
                    )
                    .into_iter()
                    .take(1),
                );
            }
            links
        }
        TurnComes::Checkmated { mater } => {
            let mut links = vec![
                Link::new(
                    CHECKMATE,
                    format!("{in_check} and has no legal move: checkmated"),
                )
                .at(check_cells()),
                Link::new(
                    MATE_REMOVES_KING,
                    format!("{}'s king leaves the board", name(seat)),
                )
                .at(setup.royal(seat)),
                Link::new(
                    HAND_OVER,
                    format!("{}'s army passes to {}", name(seat), name(mater)),
                ),
            ];
            if check::checkers(rules, setup, seat).len() > 1 {
                links.push(Link::new(
                    FIRST_CHECKER,
                    format!("two opponents check; {}'s check came first", name(mater)),
                ));
            }
            links.push(
                Link::new(MATE_FINAL, "the mate is final on the mated player's turn")
                    .read(rules.options.mate_final),
            );
            links
        }
        TurnComes::MatePending => vec![
            Link::new(
                MATE_FINAL,
                format!(
                    "{in_check} and has no legal move: the mate waits for the player to the left"
                ),
            )
            .read(rules.options.mate_final)
            .at(check_cells()),
            Link::new(CHECKMATE, format!("{} passes", name(seat))),
        ],
        TurnComes::StalematePasses => vec![
            Link::new(
                STALEMATE,
                format!("{in_check} and has no legal move: stalemated, passes"),
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
    Chain::new(verdict, steps)
}
