//! Why Triple Crown's rules answer as they do ([`crate::explain`]): each question asks the
//! rule functions of this module, one at a time, and cites the clause each decides.

use trichess_model::{Cell, Move, Outcome, Piece, ProblemKind, Role, Seat, Variant};

use crate::board::Setup;
use crate::explain::hex::{crossing, line_to};
use crate::explain::{
    Chain, Cite, Explainer, Link, Moves, Verdict, attackers, attackers_text, cites, legality,
    piece_name, validity,
};
use crate::hex::{ALL_DIRECTIONS, DIAGONAL, ORTHOGONAL};
use crate::rules::Rules;

use super::array::CastlingPair;
use super::castling::Bar;
use super::options::{SelfExposure, SymmetricPieces};
use super::pieces::Motion;
use super::promotion::Quota;
use super::{TripleCrown, castling, check, legal_moves, pawns, pieces, promotion, turn};

cites! {
    INSTANT_WIN = "triple-crown.instant-win" in "triple_crown/promotion.rs" fn wins_instantly;
    LAST_SURVIVOR = "triple-crown.last-survivor-wins" in "triple_crown/turn.rs" fn begin_turn;
    CHECKMATER_MOVES = "triple-crown.checkmater-moves" in "triple_crown/turn.rs" fn begin_turn;
    FIRST_MATED = "triple-crown.first-mated-loses" in "triple_crown/mod.rs" fn outcome;
    D5 = "D5" in "triple_crown/turn.rs" fn apply;
    TURN_ORDER = "triple-crown.turn-order" in "triple_crown/turn.rs" fn next_seat;
    CHECKMATE_EN_PRISE = "triple-crown.checkmate-en-prise" in "triple_crown/turn.rs" fn checkmated;
    EN_PRISE_CHAIN = "triple-crown.en-prise-chain" in "triple_crown/turn.rs" fn checkmated;
    NO_EMPEROR_CAPTURE = "triple-crown.checkmate-en-prise" in "triple_crown/pieces.rs" fn can_capture;
    STALEMATE = "triple-crown.stalemate" in "triple_crown/turn.rs" fn turn_comes;
    SELF_EXPOSURE = "triple-crown.self-exposure" in "triple_crown/mod.rs" fn legal_moves;
    QUEEN = "triple-crown.queen" in "triple_crown/pieces.rs" fn motions;
    CHATELAINE = "triple-crown.chatelaine" in "triple_crown/pieces.rs" fn motions;
    VICEREINE = "triple-crown.vicereine" in "triple_crown/pieces.rs" fn motions;
    BARONESS = "triple-crown.baroness" in "triple_crown/pieces.rs" fn motions;
    PRIMATE = "triple-crown.primate" in "triple_crown/pieces.rs" fn motions;
    MODERATOR = "triple-crown.moderator" in "triple_crown/pieces.rs" fn motions;
    POPE = "triple-crown.pope" in "triple_crown/pieces.rs" fn motions;
    EMPEROR = "triple-crown.emperor" in "triple_crown/pieces.rs" fn motions;
    DIARCH = "triple-crown.diarch" in "triple_crown/pieces.rs" fn motions;
    ACROSS_PIECES = "triple-crown.across-pieces" in "triple_crown/pieces.rs" fn motions;
    ESCAPE_ACROSS = "triple-crown.escape-across" in "triple_crown/pieces.rs" fn motions;
    KNIGHT = "triple-crown.knight" in "triple_crown/pieces.rs" fn knight_leaps;
    STRAIGHT_ACROSS = "triple-crown.straight-across" in "hex/mod.rs" fn across;
    CENTRE_MOVES = "triple-crown.centre-moves" in "hex/mod.rs" fn step;
    BOARD_HALVES = "triple-crown.board-halves" in "hex/mod.rs" fn step;
    PAWN_MOVES = "triple-crown.pawn-moves" in "triple_crown/pawns.rs" fn forward;
    PAWN_STAYS = "triple-crown.pawn-stays-in-half" in "triple_crown/pawns.rs" fn forward;
    PAWN_CENTRE_CAPTURE = "triple-crown.pawn-centre-capture" in "triple_crown/pawns.rs" fn capture_cells;
    DOUBLE_STEP = "triple-crown.double-step" in "triple_crown/pawns.rs" fn may_double_step;
    EN_PASSANT = "triple-crown.en-passant" in "triple_crown/pawns.rs" fn en_passant_capture;
    EN_PASSANT_WINDOW = "triple-crown.en-passant-window" in "triple_crown/pawns.rs" fn en_passant_targets;
    WINDOW_KEPT = "triple-crown.en-passant-window" in "triple_crown/turn.rs" fn carry_en_passant;
    PROMOTION_COMPULSORY = "triple-crown.promotion-compulsory" in "triple_crown/pawns.rs" fn is_far_rank;
    PROMOTION_MISSING = "triple-crown.promotion-missing" in "triple_crown/promotion.rs" fn quota;
    PROMOTION_FULL_QUOTA = "triple-crown.promotion-full-quota" in "triple_crown/promotion.rs" fn quota;
    PROMOTION_NON_ARRAY = "triple-crown.promotion-non-array" in "triple_crown/promotion.rs" fn quota;
    PROMOTION_DIARCH_ONLY = "triple-crown.promotion-diarch-only" in "triple_crown/promotion.rs" fn quota;
    SYMMETRIC_PIECES = "triple-crown.symmetric-pieces" in "triple_crown/promotion.rs" fn missing;
    CASTLING_NOTATION = "triple-crown.castling-notation" in "triple_crown/castling.rs" fn castling;
    CASTLING_EMPEROR_VICEREINE = "triple-crown.castling-emperor-vicereine" in "triple_crown/castling.rs" fn castling;
    CASTLING_EMPEROR_H = "triple-crown.castling-emperor-h" in "triple_crown/castling.rs" fn castling;
    CASTLING_QUEEN_VICEREINE = "triple-crown.castling-queen-vicereine" in "triple_crown/castling.rs" fn castling;
    CASTLING_QUEEN_CHATELAINE = "triple-crown.castling-queen-chatelaine" in "triple_crown/castling.rs" fn castling;
    CASTLING_RIGHTS = "triple-crown.castling-rights" in "triple_crown/castling.rs" fn castling;
    CASTLING_EMPTY = "triple-crown.castling-empty" in "triple_crown/castling.rs" fn castling;
    CASTLING_CHECK = "triple-crown.castling-check" in "triple_crown/castling.rs" fn castling;
    CASTLING_RIGHTS_LOST = "triple-crown.castling-rights" in "triple_crown/turn.rs" fn update_castling_rights;
    EMPERORS_FIT = "triple-crown.checkmate-en-prise" in "triple_crown/validate.rs" fn emperors;
    PAWN_RANKS = "triple-crown.double-step" in "triple_crown/validate.rs" fn pawn_ranks;
    PAWN_RANKS_FAR = "triple-crown.promotion-compulsory" in "triple_crown/validate.rs" fn pawn_ranks;
    CASTLING_FITS = "triple-crown.castling-rights" in "triple_crown/validate.rs" fn castling_rights;
    CASTLING_EH_FITS = "triple-crown.castling-eh" in "triple_crown/validate.rs" fn castling_rights;
    EN_PASSANT_FITS = "triple-crown.en-passant" in "triple_crown/validate.rs" fn en_passant;
    WINDOW_FITS = "triple-crown.en-passant-window" in "triple_crown/validate.rs" fn en_passant;
    INSTANT_WIN_FITS = "triple-crown.instant-win" in "triple_crown/validate.rs" fn instant_win;
}

const V: Variant = Variant::TripleCrown;

fn name(seat: Seat) -> &'static str {
    V.seat_name(seat)
}

impl Explainer for TripleCrown {
    fn rules(&self) -> &dyn Rules {
        self
    }

    /// The players checkmated as the side to move's turn comes are out first (as
    /// `legal_moves` and `apply` take them out): why, and what the move then does.
    fn legality(&self, setup: &Setup, mv: Move) -> Chain {
        let ready = turn::begin_turn(self, setup.clone());
        let mut chain = legality(self, &ready, mv);
        let coming = turn_coming(self, setup, &ready);
        if chain.verdict == Verdict::Legal {
            chain.effects.splice(0..0, coming.iter().cloned());
        }
        chain.steps.splice(0..0, coming);
        chain
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

/// The kinds of problem Triple Crown's validation looks for.
const CHECKED: [ProblemKind; 7] = [
    ProblemKind::TooManyRoyals,
    ProblemKind::MissingRoyal,
    ProblemKind::SideToMoveOut,
    ProblemKind::PawnOnImpossibleRank,
    ProblemKind::CastlingRightWithoutPieces,
    ProblemKind::EnPassantWithoutDoubleStep,
    ProblemKind::InstantWinDoesNotFit,
];

/// The clauses of the check of `validate.rs` that finds problems of `kind`, its own first.
fn check_for(tc: &TripleCrown, kind: ProblemKind) -> Vec<Link> {
    match kind {
        ProblemKind::TooManyRoyals | ProblemKind::MissingRoyal | ProblemKind::SideToMoveOut => {
            vec![Link::new(
                EMPERORS_FIT,
                "each army on the board has one Emperor, and the player to move has one",
            )]
        }
        ProblemKind::PawnOnImpossibleRank => vec![
            Link::new(PAWN_RANKS, "no Pawn stands behind its third rank"),
            Link::new(
                PAWN_RANKS_FAR,
                "no Pawn stands on an enemy's rank 1: it promotes there",
            ),
        ],
        ProblemKind::CastlingRightWithoutPieces => vec![
            Link::new(
                CASTLING_FITS,
                "each castling right has its partner on its home cell and the Emperor on f1",
            ),
            Link::new(CASTLING_EH_FITS, "which piece the second pair's EH is")
                .read(tc.options.castling_eh),
        ],
        ProblemKind::EnPassantWithoutDoubleStep => vec![
            Link::new(
                EN_PASSANT_FITS,
                "each en passant cell is one a double step of another army has passed",
            ),
            Link::new(WINDOW_FITS, "which double steps may still be open")
                .read(tc.options.en_passant_window),
        ],
        ProblemKind::InstantWinDoesNotFit => vec![Link::new(
            INSTANT_WIN_FITS,
            "at most one player has won instantly, and that player is in the game",
        )],
        _ => Vec::new(),
    }
}

/// What happens as the side to move's turn comes, before they move: the players whose Emperor
/// is en prise to them are checkmated (their pieces leave the board), and a player with no
/// move at all may be out.
fn turn_coming(tc: &TripleCrown, setup: &Setup, ready: &Setup) -> Vec<Link> {
    let mut links = Vec::new();
    let fallen: Vec<Seat> = check::live_seats(setup)
        .into_iter()
        .filter(|&s| !check::live_seats(ready).contains(&s))
        .collect();
    let mated = turn::checkmated(tc, setup);
    for &seat in &fallen {
        let link = if mated.contains(&seat) {
            Link::new(
                CHECKMATE_EN_PRISE,
                format!(
                    "{}'s Emperor is en prise to {}, about to move: checkmated, its pieces leave the board",
                    name(seat),
                    name(setup.to_move)
                ),
            )
        } else {
            Link::new(
                STALEMATE,
                format!("{} has no move at all when the turn comes", name(seat)),
            )
            .read(tc.options.stalemate)
        };
        let army = setup
            .pieces
            .iter()
            .filter(|(_, p)| p.owner == seat)
            .map(|(&c, _)| c);
        links.push(link.at(army).sets(&["pieces"]));
    }
    if mated.len() > 1 {
        links.push(
            Link::new(
                EN_PRISE_CHAIN,
                "the removal of one army uncovered the next Emperor",
            )
            .read(tc.options.en_prise_chain),
        );
    }
    if !mated.is_empty() && ready.to_move == setup.to_move {
        links.push(
            Link::new(
                CHECKMATER_MOVES,
                format!("{} then makes their move", name(setup.to_move)),
            )
            .sets(&["to_move"]),
        );
    }
    links
}

/// Returns the clause that defines `role`'s moves.
fn piece_cite(role: Role) -> Cite {
    match role {
        Role::Chatelaine => CHATELAINE,
        Role::Vicereine => VICEREINE,
        Role::Baroness => BARONESS,
        Role::Primate => PRIMATE,
        Role::Moderator => MODERATOR,
        Role::Pope => POPE,
        Role::Emperor => EMPEROR,
        Role::Diarch => DIARCH,
        Role::Knight => KNIGHT,
        _ => QUEEN,
    }
}

/// Returns the clause of a castling pair.
fn pair_cite(pair: &CastlingPair) -> Cite {
    [
        CASTLING_EMPEROR_VICEREINE,
        CASTLING_EMPEROR_H,
        CASTLING_QUEEN_VICEREINE,
        CASTLING_QUEEN_CHATELAINE,
    ]
    .into_iter()
    .find(|c| c.id == pair.clause)
    .unwrap_or(CASTLING_NOTATION)
}

/// Names a motion for a reader.
fn motion_name(motion: Motion) -> &'static str {
    match motion {
        Motion::RookLines => "a Rook's line",
        Motion::BishopLines => "a Bishop's line",
        Motion::Wazir => "the one-step orthogonal move of the Wazir",
        Motion::Ferz => "the one-step diagonal move of the Ferz",
        Motion::Across => "the step straight across the centre",
        Motion::Leap => "a Knight's leap",
    }
}

impl Moves for TripleCrown {
    fn game_over(&self, setup: &Setup) -> Option<Vec<Link>> {
        if !turn::game_over(setup) {
            return None;
        }
        let instant = setup
            .triple_crown()
            .and_then(|s| s.instant_win.iter().next().copied());
        let live = check::live_seats(setup);
        Some(match (instant, &live[..]) {
            (Some(winner), _) => vec![Link::new(
                INSTANT_WIN,
                format!("{} has won instantly: the game is over", name(winner)),
            )],
            (None, &[winner]) => vec![
                Link::new(
                    LAST_SURVIVOR,
                    format!("only {} is left: the game is over", name(winner)),
                )
                .at(setup.royal(winner)),
            ],
            _ => vec![Link::new(LAST_SURVIVOR, "nobody is left: the game is over")],
        })
    }

    fn not_theirs(&self, setup: &Setup, from: Cell, piece: Piece) -> Option<Link> {
        (piece.owner != setup.to_move).then(|| {
            Link::new(
                TURN_ORDER,
                format!(
                    "it is {}'s turn, and the {} on {from} is {}'s",
                    name(setup.to_move),
                    piece.role.name(),
                    name(piece.owner)
                ),
            )
            .read(self.options.turn_order)
            .at([from])
        })
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
        let mover = setup.to_move;
        let made = turn::make_move(self, setup, mv);
        let Some(emperor) = made.royal(mover) else {
            return Vec::new();
        };
        let by = attacking(self, &made, emperor, mover);
        let mut links = vec![
            Link::new(
                SELF_EXPOSURE,
                format!(
                    "it would leave {}'s Emperor on {emperor} en prise to {}, and another move keeps it safe",
                    name(mover),
                    attackers_text(V, &by)
                ),
            )
            .read(self.options.self_exposure)
            .at(std::iter::once(emperor).chain(by.iter().map(|&(c, _)| c))),
        ];
        for &(at, piece) in &by {
            links.extend(reach_links(self, &made, at, piece, emperor));
        }
        links
    }

    fn safety(&self, setup: &Setup, mv: Move) -> Vec<Link> {
        let mover = setup.to_move;
        let made = turn::make_move(self, setup, mv);
        let emperor = made.royal(mover);
        let exposed = emperor.is_some_and(|e| check::attacked_by_enemy(self, &made, e, mover));
        let detail = match (exposed, self.options.self_exposure) {
            (false, _) => format!("no enemy attacks {}'s Emperor after it", name(mover)),
            (true, SelfExposure::Allowed) => {
                format!(
                    "it leaves {}'s Emperor en prise, which this reading allows",
                    name(mover)
                )
            }
            (true, SelfExposure::NotUnlessForced) => format!(
                "it leaves {}'s Emperor en prise, but so does every move: any may be made",
                name(mover)
            ),
        };
        vec![
            Link::new(SELF_EXPOSURE, detail)
                .read(self.options.self_exposure)
                .at(emperor),
        ]
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

/// The enemies' pieces attacking `target`, where `seat` is the player whose Emperor it is.
fn attacking(tc: &TripleCrown, setup: &Setup, target: Cell, seat: Seat) -> Vec<(Cell, Piece)> {
    attackers(
        setup,
        target,
        |p| p.owner != seat,
        |c, p| pieces::attacks(tc, setup, c, p),
    )
}

/// How `piece` on `at` reaches `target`, where the board's geometry makes a difference: a line
/// round the centre or over a top edge, a Knight's leap by the reading.
fn reach_links(tc: &TripleCrown, setup: &Setup, at: Cell, piece: Piece, target: Cell) -> Vec<Link> {
    let motion = pieces::motions(piece.role)
        .iter()
        .copied()
        .find(|&m| pieces::reach(tc, setup, at, m).contains(&target));
    match motion {
        Some(Motion::RookLines) => path_links(
            tc,
            at,
            &line_to(tc.geo, at, target, &ORTHOGONAL).unwrap_or_default(),
        ),
        Some(Motion::BishopLines) => path_links(
            tc,
            at,
            &line_to(tc.geo, at, target, &DIAGONAL).unwrap_or_default(),
        ),
        Some(Motion::Leap) => vec![
            Link::new(KNIGHT, format!("the Knight on {at} leaps to {target}"))
                .read(tc.options.knight)
                .at([at, target]),
        ],
        Some(Motion::Across) => vec![
            Link::new(
                STRAIGHT_ACROSS,
                format!(
                    "the {} on {at} steps straight across to {target}",
                    piece.role.name()
                ),
            )
            .at([at, target]),
        ],
        _ => Vec::new(),
    }
}

/// Where a path crosses into another half-board: round the centre (between centre cells) or
/// over a top edge.
fn path_links(tc: &TripleCrown, from: Cell, path: &[Cell]) -> Vec<Link> {
    let ring = tc.hex.centre_ring();
    let found = crossing(&tc.hex, from, path);
    let mut links = Vec::new();
    let round = found.centre.or(found
        .edge
        .filter(|(a, b)| ring.contains(a) && ring.contains(b)));
    if let Some((a, b)) = round {
        links.push(
            Link::new(
                CENTRE_MOVES,
                format!("the line goes round the centre from {a} to {b}"),
            )
            .at([a, b]),
        );
    } else if let Some((a, b)) = found.edge {
        links.push(
            Link::new(
                BOARD_HALVES,
                format!("the line runs on over the top edge from {a} into {b}"),
            )
            .at([a, b]),
        );
    }
    links
}

/// The clauses that give `piece` the move `mv`, the most particular first.
fn grants(tc: &TripleCrown, setup: &Setup, from: Cell, piece: Piece, mv: Move) -> Vec<Link> {
    let to = mv.to();
    if let Move::Castle { partner, .. } = mv {
        let pair = castling::partner_homes(tc, setup.to_move)
            .into_iter()
            .find(|&(c, _)| c == partner)
            .map(|(_, p)| p);
        let mut links: Vec<Link> = pair
            .iter()
            .map(|p| {
                Link::new(
                    pair_cite(p),
                    format!(
                        "the Emperor goes to {to} and the {} from {partner} beside it",
                        p.partner.name()
                    ),
                )
                .at([from, to, partner])
            })
            .collect();
        links.extend([
            Link::new(CASTLING_CHECK, "no cell of the Emperor's path is attacked by either enemy (the partner's path may be)").at([from, to]),
            Link::new(CASTLING_EMPTY, "every cell between the Emperor and the partner is empty").at([from, partner]),
            Link::new(CASTLING_RIGHTS, "neither the Emperor nor the partner has moved").at([from, partner]),
            Link::new(CASTLING_NOTATION, "one of the four castling pairs"),
        ]);
        return links;
    }
    if piece.role == Role::Pawn {
        return pawn_grants(tc, setup, from, piece.owner, mv);
    }
    let mut links = Vec::new();
    let motion = pieces::motions(piece.role)
        .iter()
        .copied()
        .find(|&m| pieces::reach(tc, setup, from, m).contains(&to));
    match motion {
        Some(Motion::Across) => {
            links.push(
                Link::new(
                    piece_cite(piece.role),
                    format!(
                        "the {} may step from a centre cell to the opposite one",
                        piece.role.name()
                    ),
                )
                .at([from, to]),
            );
            if piece.role == Role::Emperor {
                let detail = if check::attacked_by_enemy(tc, setup, from, piece.owner) {
                    "the Emperor escapes check straight across the centre"
                } else {
                    "the Emperor's step across the centre, which can also escape check"
                };
                links.push(Link::new(ESCAPE_ACROSS, detail).at([from, to]));
            }
            links.push(
                Link::new(
                    STRAIGHT_ACROSS,
                    format!("from the centre cell {from} one step straight across to {to}"),
                )
                .at([from, to]),
            );
            links.push(
                Link::new(
                    ACROSS_PIECES,
                    format!(
                        "the {} is one of the pieces that step across",
                        piece.role.name()
                    ),
                )
                .at([from]),
            );
        }
        Some(m @ (Motion::RookLines | Motion::BishopLines)) => {
            let dirs = if m == Motion::RookLines {
                &ORTHOGONAL
            } else {
                &DIAGONAL
            };
            let path = line_to(tc.geo, from, to, dirs).unwrap_or_default();
            links.extend(path_links(tc, from, &path));
        }
        _ => {}
    }
    let how = motion.map_or("its move", motion_name);
    let capture = setup.piece(to).map_or(String::new(), |p| {
        format!(", capturing {}", piece_name(V, p))
    });
    let link = Link::new(
        piece_cite(piece.role),
        format!(
            "the {} goes from {from} to {to} by {how}{capture}",
            piece.role.name()
        ),
    )
    .at([from, to]);
    if piece.role == Role::Knight {
        links.push(link.read(tc.options.knight));
    } else {
        links.push(link);
    }
    links
}

/// The clauses that give a Pawn of `owner` the move `mv`, the most particular first.
fn pawn_grants(tc: &TripleCrown, setup: &Setup, from: Cell, owner: Seat, mv: Move) -> Vec<Link> {
    let to = mv.to();
    let mut links = Vec::new();
    if let Move::Promotion { role, .. } = mv {
        links.extend(quota_links(tc, setup, owner, role, true));
        links.push(
            Link::new(
                PROMOTION_COMPULSORY,
                format!("the Pawn reaches a far rank, {to}, and must promote"),
            )
            .at([to]),
        );
        if promotion::wins_instantly(setup, owner) {
            links.push(
                Link::new(
                    INSTANT_WIN,
                    "with all three non-array pieces, a Pawn on a far rank wins at once",
                )
                .at([to]),
            );
        }
    }
    if let Some(victim) = pawns::en_passant_capture(tc, setup, from, owner, to) {
        links.push(
            Link::new(EN_PASSANT, format!("it takes the Pawn on {victim} en passant, on the cell {to} it passed with its double step"))
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
            .read(tc.options.en_passant_window)
            .at([to]),
        );
    }
    if pawns::capture_cells(tc, from, owner).contains(&to) {
        if crossing(&tc.hex, from, &[to]).centre.is_some() {
            links.push(
                Link::new(
                    PAWN_CENTRE_CAPTURE,
                    "capturing through the centre point, the Pawn goes 120° round either way",
                )
                .at([from, to]),
            );
        }
        let what = setup
            .piece(to)
            .map_or("en passant".into(), |p| piece_name(V, p));
        links.push(
            Link::new(
                PAWN_MOVES,
                format!("the Pawn captures one cell diagonally forwards: {what}"),
            )
            .at([from, to]),
        );
        return links;
    }
    let one = tc
        .geo
        .step(from, pawns::forward(owner, from))
        .first()
        .map(|&(c, _)| c);
    if one != Some(to) {
        links.push(
            Link::new(
                DOUBLE_STEP,
                format!("from its third rank the Pawn steps two cells, {from} to {to}"),
            )
            .at([from, to]),
        );
    }
    if from.sector() != to.sector() {
        links.push(
            Link::new(
                BOARD_HALVES,
                format!("its file runs on over the top edge from {from} into {to}"),
            )
            .at([from, to]),
        );
    }
    if to.sector() != Some(owner) {
        links.push(
            Link::new(
                PAWN_STAYS,
                "in an enemy half-board a Pawn goes on down its file, never into the other one",
            )
            .at([to]),
        );
    }
    links.push(
        Link::new(
            PAWN_MOVES,
            format!("the Pawn steps forwards onto the empty {to}"),
        )
        .at([from, to]),
    );
    links
}

/// The quota rule that decides what a Pawn of `owner` may become, and whether `role` is one.
fn quota_links(
    tc: &TripleCrown,
    setup: &Setup,
    owner: Seat,
    role: Role,
    allowed: bool,
) -> Vec<Link> {
    let (quota, roles) = promotion::quota(tc, setup, owner);
    let names: Vec<&str> = roles.iter().map(|r| r.name()).collect();
    let (cite, case) = match quota {
        Quota::Missing => (
            PROMOTION_MISSING,
            "is short of symmetric array pieces and has no non-array piece",
        ),
        Quota::Full => (
            PROMOTION_FULL_QUOTA,
            "has the full quota of symmetric array pieces and no non-array piece",
        ),
        Quota::NonArray => (PROMOTION_NON_ARRAY, "has a Baroness or a Pope"),
        Quota::DiarchOnly => (
            PROMOTION_DIARCH_ONLY,
            "is short of array pieces and has only a Diarch",
        ),
    };
    let verdict = if allowed {
        "so it becomes"
    } else {
        "so it may not become"
    };
    let mut link = Link::new(
        cite,
        format!(
            "{} {case}: the Pawn promotes to {}, {verdict} a {}",
            name(owner),
            names.join(" or "),
            role.name()
        ),
    );
    if quota == Quota::DiarchOnly {
        link = link.read(tc.options.promotion_diarch_only);
    }
    let mut links = vec![link];
    let (other, why) = match quota {
        Quota::Full => (
            PROMOTION_MISSING,
            "nothing of the quota is missing, so not a missing piece",
        ),
        Quota::Missing => (
            PROMOTION_FULL_QUOTA,
            "the quota is not full, so not a Baroness or a Pope",
        ),
        Quota::NonArray if promotion::missing(tc, setup, owner).is_empty() => (
            PROMOTION_FULL_QUOTA,
            "the quota is full, but a Baroness or a Pope decides: the other, or a Diarch",
        ),
        Quota::NonArray => (
            PROMOTION_MISSING,
            "array pieces are missing, but with a non-array piece not a missing piece",
        ),
        Quota::DiarchOnly => (
            PROMOTION_MISSING,
            "the player has a non-array piece, the Diarch",
        ),
    };
    links.push(Link::new(other, why));
    if matches!(quota, Quota::Missing | Quota::Full) {
        let which = match tc.options.symmetric_pieces {
            SymmetricPieces::Pairs => "the mirror pairs",
            SymmetricPieces::WithQueen => "the mirror pairs and the Queen",
        };
        links.push(
            Link::new(
                SYMMETRIC_PIECES,
                format!("the symmetric array pieces are {which}"),
            )
            .read(tc.options.symmetric_pieces),
        );
    }
    links
}

/// Why `piece` on `from` may not make `mv` by the way it moves.
fn refusal(
    tc: &TripleCrown,
    setup: &Setup,
    from: Cell,
    piece: Piece,
    mv: Move,
) -> Option<Vec<Link>> {
    let to = mv.to();
    if let Move::Castle { partner, .. } = mv {
        return Some(castling_refusal(tc, setup, from, piece, partner, to));
    }
    if piece.role == Role::Pawn {
        return pawn_refusal(tc, setup, from, piece.owner, mv);
    }
    if let Move::Promotion { .. } = mv {
        return Some(vec![
            Link::new(
                PROMOTION_COMPULSORY,
                format!(
                    "only a Pawn promotes, and {from} holds a {}",
                    piece.role.name()
                ),
            )
            .at([from]),
        ]);
    }
    let own = piece_cite(piece.role);
    if pieces::attacks(tc, setup, from, piece).contains(&to) {
        let target = setup.piece(to)?;
        return Some(if target.owner == piece.owner {
            vec![
                Link::new(
                    own,
                    format!("{to} holds the mover's own {}", target.role.name()),
                )
                .at([to]),
            ]
        } else {
            vec![Link::new(
                NO_EMPEROR_CAPTURE,
                "an Emperor is never captured: one en prise falls, with its army, when its attacker's turn comes",
            )
            .at([to])]
        });
    }
    let motions = pieces::motions(piece.role);
    let lines: Vec<_> = [
        (Motion::RookLines, &ORTHOGONAL),
        (Motion::BishopLines, &DIAGONAL),
    ]
    .into_iter()
    .filter(|(m, _)| motions.contains(m))
    .collect();
    for (_, dirs) in &lines {
        if let Some(path) = line_to(tc.geo, from, to, *dirs) {
            let b = path
                .iter()
                .copied()
                .find(|&c| setup.piece(c).is_some())
                .unwrap_or(to);
            let what = setup.piece(b).map_or(String::new(), |p| piece_name(V, p));
            return Some(vec![
                Link::new(
                    own,
                    format!("the line from {from} to {to} is blocked by {what} on {b}"),
                )
                .at([from, b, to]),
            ]);
        }
    }
    let mut links = Vec::new();
    let across = tc.geo.across(from);
    if across == Some(to) && !motions.contains(&Motion::Across) {
        links.push(
            Link::new(
                own,
                format!(
                    "the {} does not step straight across the centre",
                    piece.role.name()
                ),
            )
            .at([from, to]),
        );
        links.push(
            Link::new(ACROSS_PIECES, "only the Viceroy's compounds (Vicereine, Baroness, Moderator, Pope, Emperor, Diarch) step across")
                .at([from, to]),
        );
        if !lines.is_empty() {
            links.push(
                Link::new(
                    CENTRE_MOVES,
                    format!("no line runs from {from} to the opposite centre cell {to}"),
                )
                .at([from, to]),
            );
        }
        return Some(links);
    }
    let on_line = line_to(tc.geo, from, to, &ALL_DIRECTIONS).is_some();
    let detail = if on_line {
        format!(
            "{to} lies on a line from {from}, but no move of a {} reaches it",
            piece.role.name()
        )
    } else {
        format!(
            "no move of a {} goes from {from} to {to}",
            piece.role.name()
        )
    };
    let mut own_link = Link::new(own, detail).at([from, to]);
    if piece.role == Role::Knight {
        own_link = own_link.read(tc.options.knight);
    }
    links.push(own_link);
    if motions.contains(&Motion::Across) && across.is_some() {
        links.push(
            Link::new(
                STRAIGHT_ACROSS,
                format!(
                    "the straight-across step is one step, from {from} to {} only",
                    across.map_or("-".into(), |c| c.to_string())
                ),
            )
            .at([from]),
        );
    }
    Some(links)
}

/// Why the Emperor on `from` may not castle with the partner on `partner` to `to`.
fn castling_refusal(
    tc: &TripleCrown,
    setup: &Setup,
    from: Cell,
    piece: Piece,
    partner: Cell,
    to: Cell,
) -> Vec<Link> {
    let at = [from, to, partner];
    if piece.role != Role::Emperor {
        return vec![
            Link::new(
                CASTLING_NOTATION,
                format!(
                    "castling is the Emperor's move, and {from} holds a {}",
                    piece.role.name()
                ),
            )
            .at(at),
        ];
    }
    let pair = castling::partner_homes(tc, setup.to_move)
        .into_iter()
        .find(|&(c, _)| c == partner)
        .map(|(_, p)| p);
    let Some(pair) = pair else {
        return vec![
            Link::new(
                CASTLING_NOTATION,
                format!("no castling pair has a partner on {partner}"),
            )
            .at(at),
        ];
    };
    let clause = pair_cite(&pair);
    match castling::castling(tc, setup, from, partner, pair) {
        Ok(m) => vec![
            Link::new(clause, format!("with the partner on {partner} the Emperor goes to {}, not to {to}", m.to())).at(at),
            Link::new(CASTLING_NOTATION, "the four castling pairs, in descriptive notation"),
        ],
        Err(Bar::EmperorNotHome) => vec![Link::new(CASTLING_RIGHTS, "the Emperor castles only from its starting cell, f1").at(at)],
        Err(Bar::NoRight) => vec![Link::new(CASTLING_RIGHTS, format!("the right to castle with {partner} is gone: the Emperor or the partner has moved")).at(at)],
        Err(Bar::NoPartner) => vec![
            Link::new(CASTLING_RIGHTS, format!("no {} of the castling player's stands on {partner}", pair.partner.name())).at(at),
            Link::new(clause, "the pair this partner castles by").at(at),
        ],
        Err(Bar::Occupied(c)) => vec![Link::new(CASTLING_EMPTY, format!("{c}, between the Emperor and the partner, is occupied")).at([from, c, partner])],
        Err(Bar::PathAttacked(c)) => {
            let by = attacking(tc, setup, c, setup.to_move);
            vec![
                Link::new(CASTLING_CHECK, format!("the Emperor's path crosses {c}, which {} attacks", attackers_text(V, &by)))
                    .at(std::iter::once(c).chain(by.iter().map(|&(x, _)| x))),
            ]
        }
    }
}

/// Why a Pawn of `owner` may not make `mv`.
fn pawn_refusal(
    tc: &TripleCrown,
    setup: &Setup,
    from: Cell,
    owner: Seat,
    mv: Move,
) -> Option<Vec<Link>> {
    let to = mv.to();
    let step = tc
        .geo
        .step(from, pawns::forward(owner, from))
        .first()
        .copied();
    let one = step.map(|(c, _)| c);
    let two = step.and_then(|(c, d)| tc.geo.step(c, d).first().map(|&(t, _)| t));
    let captures = pawns::capture_cells(tc, from, owner);
    let occupant = setup.piece(to);
    if one == Some(to) && occupant.is_some() {
        return Some(vec![
            Link::new(
                PAWN_MOVES,
                format!("a Pawn steps forwards only onto an empty cell, and {to} is occupied"),
            )
            .at([from, to]),
        ]);
    }
    if two == Some(to) {
        let link = if !pawns::may_double_step(from, owner) {
            Link::new(
                DOUBLE_STEP,
                format!("a Pawn steps two cells only from its third rank, and {from} is not on it"),
            )
        } else {
            Link::new(DOUBLE_STEP, "both cells of the double step must be empty")
        };
        return Some(vec![link.at([from, to])]);
    }
    if captures.contains(&to) {
        match occupant {
            None => {
                let mut links = vec![
                    Link::new(EN_PASSANT, format!("{to} is empty, and a Pawn captures onto an empty cell only en passant, where an open double step passed"))
                        .at([from, to]),
                ];
                let stepper = pawns::double_stepped(tc, setup, to).filter(|p| p.owner != owner);
                if let (Some(p), Some(victim)) = (stepper, pawns::en_passant_victim(tc, to)) {
                    links.push(
                        Link::new(EN_PASSANT_WINDOW, format!("{} on {victim} could have passed {to}, but no double step over it is open to {} now", piece_name(V, p), name(setup.to_move)))
                            .read(tc.options.en_passant_window)
                            .at([victim]),
                    );
                }
                return Some(links);
            }
            Some(p) if p.owner == owner => {
                return Some(vec![
                    Link::new(
                        PAWN_MOVES,
                        format!("{to} holds the mover's own {}", p.role.name()),
                    )
                    .at([to]),
                ]);
            }
            Some(p) if p.role == Role::Emperor => {
                return Some(vec![
                    Link::new(NO_EMPEROR_CAPTURE, "an Emperor is never captured").at([to]),
                ]);
            }
            Some(_) => {}
        }
    }
    if one == Some(to) || captures.contains(&to) {
        let far = pawns::is_far_rank(to, owner);
        return Some(match mv {
            Move::Plain { .. } if far => vec![
                Link::new(
                    PROMOTION_COMPULSORY,
                    format!("a Pawn reaching the far rank {to} must promote"),
                )
                .at([from, to]),
            ],
            Move::Promotion { .. } if !far => vec![
                Link::new(
                    PROMOTION_COMPULSORY,
                    format!("a Pawn promotes on reaching an enemy's rank 1, and {to} is not on it"),
                )
                .at([from, to]),
            ],
            Move::Promotion { role, .. } => {
                let mut links = quota_links(tc, setup, owner, role, false);
                links.push(
                    Link::new(
                        PROMOTION_COMPULSORY,
                        "the Pawn must promote, to a role the quota rules allow",
                    )
                    .at([to]),
                );
                links
            }
            _ => return None,
        });
    }
    let mut links = Vec::new();
    if from.sector() != Some(owner) {
        links.push(
            Link::new(
                PAWN_STAYS,
                "in an enemy half-board a Pawn goes on down its file",
            )
            .at([from]),
        );
    }
    links.push(
        Link::new(PAWN_MOVES, format!("a Pawn steps forwards or captures one cell diagonally forwards, and {to} is neither from {from}"))
            .at([from, to]),
    );
    Some(links)
}

/// What a legal move does, in order.
fn effects(tc: &TripleCrown, setup: &Setup, mv: Move, after: &Setup) -> Vec<Link> {
    let mover = setup.to_move;
    let (from, to) = (mv.from(), mv.to());
    let made = turn::make_move(tc, setup, mv);
    let mut links = Vec::new();
    if let Move::Castle { partner, .. } = mv {
        let dest = castling::partner_destination(tc, mover, to, partner);
        links.push(
            Link::new(
                CASTLING_NOTATION,
                format!(
                    "the Emperor goes to {to}, the partner from {partner} to {}",
                    dest.map_or("-".into(), |c| c.to_string())
                ),
            )
            .at([from, to, partner])
            .at(dest)
            .sets(&["pieces"]),
        );
    } else if let Some(t) = setup.piece(to) {
        let piece = setup.piece(from).map_or(Role::Pawn, |p| p.role);
        let cite = if piece == Role::Pawn {
            PAWN_MOVES
        } else {
            piece_cite(piece)
        };
        links.push(
            Link::new(cite, format!("captures {} on {to}", piece_name(V, t)))
                .at([to])
                .sets(&["pieces"]),
        );
    }
    let pawn = setup.piece(from).filter(|p| p.role == Role::Pawn);
    if let Some(victim) = pawn.and_then(|p| pawns::en_passant_capture(tc, setup, from, p.owner, to))
    {
        links.push(
            Link::new(
                EN_PASSANT,
                format!("the Pawn on {victim} is taken en passant"),
            )
            .at([victim])
            .sets(&["pieces"]),
        );
    }
    if let Move::Promotion { role, .. } = mv {
        links.push(
            Link::new(
                PROMOTION_COMPULSORY,
                format!("the Pawn becomes a {} on {to}", role.name()),
            )
            .at([to])
            .sets(&["pieces"]),
        );
        if made
            .triple_crown()
            .is_some_and(|s| s.instant_win.contains(&mover))
        {
            links.push(
                Link::new(INSTANT_WIN, format!("{} wins instantly", name(mover)))
                    .sets(&["instant_win"]),
            );
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
                CASTLING_RIGHTS_LOST,
                "a castling right goes once the Emperor or the partner has moved or been taken",
            )
            .at(lost)
            .sets(&["castling"]),
        );
    }
    let cells = |s: &Setup| pawns::en_passant_targets(tc, s);
    let (before, now) = (cells(setup), cells(after));
    if let Some(passed) = made.en_passant.filter(|c| now.contains(c)) {
        links.push(
            Link::new(
                EN_PASSANT,
                format!("the double step passed {passed}: enemy Pawns may take it en passant"),
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
                "an earlier double step stays open to the enemy who has not yet moved",
            )
            .read(tc.options.en_passant_window)
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
                "an en passant cell is no longer open: its window has closed or its Pawn is gone",
            )
            .read(tc.options.en_passant_window)
            .at(closed)
            .sets(&["en_passant", "en_passant_earlier"]),
        );
    }
    let mut passed = made.clone();
    passed.to_move = turn::next_seat(tc, &made, mover);
    links.extend(turn_coming(tc, &passed, after));
    if turn::game_over(after) {
        if let [winner] = check::live_seats(after)[..] {
            links.push(
                Link::new(
                    LAST_SURVIVOR,
                    format!("only {} is left: {} wins", name(winner), name(winner)),
                )
                .at(after.royal(winner)),
            );
        }
        links.push(
            Link::new(
                D5,
                format!(
                    "the turn passes to {}, though nobody moves any more",
                    name(after.to_move)
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
        .read(tc.options.turn_order)
        .sets(&["to_move"]),
    );
    links
}

/// Why the game stands as `outcome` says.
fn outcome(tc: &TripleCrown, setup: &Setup) -> Chain {
    let position = crate::rules::Position::checked_board(setup.clone());
    let result = Rules::outcome(tc, &position);
    let verdict = Verdict::Outcome(result);
    if let Some(&winner) = setup
        .triple_crown()
        .and_then(|s| s.instant_win.iter().next())
    {
        return Chain::new(
            verdict,
            vec![Link::new(
                INSTANT_WIN,
                format!("{} has won instantly", name(winner)),
            )],
        );
    }
    let mover = setup.to_move;
    let fallen = turn::checkmated(tc, setup);
    let mut steps: Vec<Link> = fallen
        .iter()
        .map(|&s| {
            Link::new(
                CHECKMATE_EN_PRISE,
                format!(
                    "{}'s Emperor is en prise to {}, about to move: checkmated",
                    name(s),
                    name(mover)
                ),
            )
            .at(setup.royal(s))
        })
        .collect();
    if !fallen.is_empty() {
        steps.push(
            Link::new(
                EN_PRISE_CHAIN,
                "whether removing one army checkmates the next Emperor it uncovers",
            )
            .read(tc.options.en_prise_chain),
        );
    }
    match result {
        Outcome::Won { winner, .. } => {
            steps.insert(
                0,
                Link::new(
                    LAST_SURVIVOR,
                    format!("{} is the last to survive and wins", name(winner)),
                )
                .at(setup.royal(winner)),
            );
        }
        Outcome::Eliminated { seat, .. } if fallen.contains(&seat) => {
            steps.push(Link::new(
                FIRST_MATED,
                format!("{} is checkmated and out", name(seat)),
            ));
        }
        Outcome::Eliminated { .. } | Outcome::Drawn { .. } => {
            steps.push(
                Link::new(STALEMATE, format!("{} has no move at all", name(mover)))
                    .read(tc.options.stalemate),
            );
        }
        _ => {
            let moves = legal_moves(tc, setup);
            let example = moves.first().map_or("-".into(), Move::to_string);
            let live: Vec<&str> = check::live_seats(setup).into_iter().map(name).collect();
            steps.push(Link::new(
                CHECKMATE_EN_PRISE,
                format!(
                    "no Emperor is en prise to {}, who has {} moves ({example}, ...): play goes on",
                    name(mover),
                    moves.len()
                ),
            ));
            steps.push(Link::new(
                LAST_SURVIVOR,
                format!("{} are still in the game: nobody has won", live.join(", ")),
            ));
            if live.len() < 3 {
                steps.push(Link::new(
                    FIRST_MATED,
                    "the first player checkmated loses; the others play on",
                ));
            }
            steps.push(Link::new(
                INSTANT_WIN,
                "nobody has got a Pawn to a far rank with all three non-array pieces",
            ));
        }
    }
    Chain::new(verdict, steps)
}
