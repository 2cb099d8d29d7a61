//! Tests of the fast Yuri: geometry against facts of the rule text, the start position against
//! the source's diagram, perft against divide and against a plain recursion, the bitboard
//! generator against a naive one written here, and `check` against garbage.

use std::collections::{BTreeMap, BTreeSet};

use trichess_model::{
    Cell, Engine, EngineError, Game, Move, Outcome, Piece, ProblemKind, Role, Seat, Setup, Variant,
    VariantState, YuriState,
};

use super::board::{BLACK, N, RED, WHITE, at, tables};
use crate::square::KNIGHT_LEAPS;
use crate::testing::Rng;

/// The fast engine's Yuri.
type Yuri = crate::engine::VariantEngine<super::Yuri<crate::mutant::Off>>;

fn game(readings: &[(&str, &str)]) -> Game {
    let mut g = Game::new(Variant::Yuri);
    for (id, reading) in readings {
        g.interpretations
            .insert(id.to_string(), reading.to_string());
    }
    g
}

fn pos(text: &str) -> Setup {
    Setup::parse(Variant::Yuri, text).unwrap()
}

fn cell(name: &str) -> usize {
    let b = Variant::Yuri.board();
    b.index(b.parse_cell(name).unwrap()).unwrap()
}

fn names(mask: u64) -> BTreeSet<String> {
    let t = tables();
    (0..N)
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| t.cells[i].to_string())
        .collect()
}

fn set(cells: &[&str]) -> BTreeSet<String> {
    cells.iter().map(|s| s.to_string()).collect()
}

/// Every combination of the readings that change the moves, each with one of the
/// stalemate readings in turn.
fn all_games() -> Vec<Game> {
    let mut games = Vec::new();
    let stalemates = ["draw", "white-wins", "mover-wins"];
    for pawns in ["two-directions", "away-from-diagonal"] {
        for double in ["none", "first-move"] {
            for kk in ["not-into-check", "into-check"] {
                for timing in ["owner-turn", "immediately"] {
                    let st = stalemates[games.len() % stalemates.len()];
                    games.push(game(&[
                        ("yuri.pawns", pawns),
                        ("yuri.double-step", double),
                        ("yuri.king-onto-king", kk),
                        ("yuri.stalemate", st),
                        ("yuri.red-checkmate", "any-mate"),
                        ("yuri.mate-timing", timing),
                    ]));
                }
            }
        }
    }
    games
}

#[test]
fn the_board_has_49_cells_in_the_models_order() {
    let t = tables();
    assert_eq!(t.cells.len(), 49);
    for (i, c) in t.cells.iter().enumerate() {
        assert_eq!(at(i32::from(c.file()), i32::from(c.rank())), Some(i));
    }
}

#[test]
fn leaps_and_steps_fit_a_7_by_7_square() {
    let t = tables();
    // On an n x n board there are 8 (n - 1) (n - 2) knight moves: 240 for n = 7.
    let knight: u32 = t.knight.iter().map(|m| m.count_ones()).sum();
    assert_eq!(knight, 240);
    // King steps: 4 (n - 1) (2n - 1)... counted as 2 * (2 n (n - 1) + 2 (n - 1)^2) = 312.
    let king: u32 = t.king.iter().map(|m| m.count_ones()).sum();
    assert_eq!(king, 2 * (2 * 7 * 6 + 2 * 6 * 6));
    assert_eq!(names(t.knight[cell("a1")]), set(&["b3", "c2"]));
    assert_eq!(names(t.king[cell("g7")]), set(&["f7", "f6", "g6"]));
    // bishop-on-an-open-board: from d4, where the long diagonals cross, all four corners.
    let d4 = t.bishop(cell("d4"), 0);
    assert_eq!(d4.count_ones(), 12);
    for corner in ["a1", "a7", "g1", "g7"] {
        assert!(d4 & (1 << cell(corner)) != 0);
    }
    // A rook sees 12 squares from anywhere on the empty board.
    for i in 0..N {
        assert_eq!(t.rook(i, 0).count_ones(), 12);
    }
    // Blocked lines stop at, and include, the first occupied square.
    let occ = 1u64 << cell("f6");
    assert_eq!(names(t.ray(2, cell("d4"), occ)), set(&["e5", "f6"]));
}

#[test]
fn pawn_directions_follow_the_register_orientation() {
    let t = tables();
    // yuri.pawn-capture-a: Black north (+1,+1), White south (-1,-1), Red west (-1,+1).
    assert_eq!(
        usize::from(t.pawn_capture[BLACK.index()][cell("c5")]),
        cell("d6")
    );
    assert_eq!(
        usize::from(t.pawn_capture[WHITE.index()][cell("e3")]),
        cell("d2")
    );
    assert_eq!(
        usize::from(t.pawn_capture[RED.index()][cell("d3")]),
        cell("c4")
    );
    // yuri.pawn-move-a: two steps away from the corner.
    assert_eq!(
        names(t.push[0][BLACK.index()][cell("c5")]),
        set(&["c6", "d5"])
    );
    assert_eq!(
        names(t.push[0][WHITE.index()][cell("e3")]),
        set(&["d3", "e2"])
    );
    assert_eq!(
        names(t.push[0][RED.index()][cell("d3")]),
        set(&["c3", "d4"])
    );
    // yuri.pawn-move-b, the register's examples.
    for (army, from, to) in [
        (BLACK, "a3", "a4"),
        (BLACK, "c1", "d1"),
        (WHITE, "e7", "d7"),
        (WHITE, "g5", "g4"),
        (RED, "e1", "d1"),
        (RED, "f3", "f4"),
    ] {
        assert_eq!(
            names(t.push[1][army.index()][cell(from)]),
            set(&[to]),
            "{from}"
        );
    }
    assert_eq!(
        names(t.push[1][BLACK.index()][cell("d4")]),
        set(&["d5", "e4"])
    );
    // yuri.promotion: Black on the g-file or rank 7, White on the a-file or rank 1, Red on
    // the a-file or rank 7: 13 squares each.
    for army in 0..3 {
        assert_eq!(t.promotion[army].count_ones(), 13);
    }
    assert!(t.promotion[BLACK.index()] & (1 << cell("g4")) != 0);
    assert!(t.promotion[WHITE.index()] & (1 << cell("c1")) != 0);
    assert!(t.promotion[RED.index()] & (1 << cell("a3")) != 0);
    assert!(t.promotion[RED.index()] & (1 << cell("b3")) == 0);
}

/// Reads the source's diagram: row k holds the cells whose file + rank is 12 - k, by rising
/// file.
fn diagram() -> BTreeMap<String, String> {
    let source = trichess_suite::Register::source_text(Variant::Yuri);
    let lines: Vec<&str> = source.lines().collect();
    let first = lines.iter().position(|l| l.starts_with('↑')).unwrap();
    let mut pieces = BTreeMap::new();
    for (k, line) in lines[first..first + 13].iter().enumerate() {
        let mut tokens: Vec<&str> = line.split_whitespace().collect();
        if k < 2 {
            tokens.remove(0); // the north marks "↑" and "N"
        }
        let sum = 12 - k as i32;
        let files: Vec<i32> = (0..7).filter(|f| (0..7).contains(&(sum - f))).collect();
        assert_eq!(tokens.len(), files.len(), "row {k}: {line}");
        for (token, f) in tokens.iter().zip(files) {
            let c = token.chars().next().unwrap();
            let piece = match c {
                '.' => continue,
                'K' | 'B' | 'N' | 'P' => format!("b{c}"),
                'k' | 'b' | 'n' | 'p' => format!("w{}", c.to_ascii_uppercase()),
                'ᴋ' => "rK".into(),
                'ʙ' => "rB".into(),
                'ɴ' => "rN".into(),
                'ᴘ' => "rP".into(),
                other => panic!("unexpected {other}"),
            };
            let name = format!("{}{}", char::from(b'a' + f as u8), sum - f + 1);
            pieces.insert(name, piece);
        }
    }
    pieces
}

#[test]
fn the_start_position_is_the_diagram_square_by_square() {
    let start = Yuri::default().start(&Game::new(Variant::Yuri)).unwrap();
    let got: BTreeMap<String, String> = start
        .pieces
        .iter()
        .map(|(c, p)| (c.to_string(), trichess_model::piece_name(Variant::Yuri, *p)))
        .collect();
    assert_eq!(got, diagram());
    assert_eq!(start.to_move, Seat::A);
    let unmoved: BTreeSet<String> = start
        .yuri()
        .unwrap()
        .unmoved
        .iter()
        .map(|c| c.to_string())
        .collect();
    let pawns: BTreeSet<String> = got
        .iter()
        .filter(|(_, p)| p.ends_with('P'))
        .map(|(c, _)| c.clone())
        .collect();
    assert_eq!(unmoved, pawns);
    assert_eq!(start, pos(&start.to_text()));
}

/// Perft through the engine's public methods only: list, play, recurse.
fn slow_perft(e: &mut Yuri, g: &Game, s: &Setup, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = e.legal_moves(g, s).unwrap();
    let mut n = 0;
    for m in moves {
        let after = e.play(g, s, m).unwrap();
        n += slow_perft(e, g, &after, depth - 1);
    }
    n
}

const POSITIONS: [&str; 6] = [
    "start",
    "b3:bP,c5:wP,c3:rP,a1:bK,g1:rK,g7:wK b",
    "g6:wK,f7:wP,f6:wP,a4:rR,g1:rK,c1:bK w",
    "d4:wK,e4:bK,g2:rB,a7:rK,c5:wQ,b2:bR w",
    "g7:wK,d4:wN,a1:bK,g1:rK,c3:bN,e3:rN w history=a1:bK,g1:rK,e6:wN,g7:wK,c3:bN,e3:rN/a1:bK,g1:rK,c5:wN,g7:wK,c3:bN,e3:rN",
    "f6:bP,b3:rP,a4:bN,c2:wP,g1:rK,e1:bK,g7:wK r",
];

fn setup_of(e: &mut Yuri, g: &Game, text: &str) -> Setup {
    if text == "start" {
        e.start(g).unwrap()
    } else {
        pos(text)
    }
}

#[test]
fn perft_is_the_sum_of_its_divide() {
    let mut e = Yuri::default();
    for g in [
        game(&[]),
        game(&[
            ("yuri.double-step", "first-move"),
            ("yuri.pawns", "away-from-diagonal"),
        ]),
    ] {
        for text in POSITIONS {
            let s = setup_of(&mut e, &g, text);
            for depth in 1..=3 {
                let rows = e.perft_divide(&g, &s, depth).unwrap();
                let sum: u64 = rows.iter().map(|(_, n)| n).sum();
                assert_eq!(sum, e.perft(&g, &s, depth).unwrap(), "{text} depth {depth}");
            }
        }
    }
}

#[test]
fn fast_perft_equals_the_plain_recursion() {
    let mut e = Yuri::default();
    for g in all_games().into_iter().step_by(3) {
        for text in POSITIONS {
            let s = setup_of(&mut e, &g, text);
            for depth in 0..=3 {
                assert_eq!(
                    e.perft(&g, &s, depth).unwrap(),
                    slow_perft(&mut e, &g, &s, depth),
                    "{text} depth {depth} {:?}",
                    g.interpretations
                );
            }
        }
    }
}

#[test]
fn start_perft_small_depths() {
    let mut e = Yuri::default();
    let g = Game::new(Variant::Yuri);
    let s = e.start(&g).unwrap();
    assert_eq!(e.perft(&g, &s, 0).unwrap(), 1);
    assert_eq!(e.perft(&g, &s, 1).unwrap(), 11);
    assert_eq!(e.perft(&g, &s, 2).unwrap(), 101);
}

// ---- A naive generator, written separately: a mailbox, every piece's moves found by
// walking the board, legality by playing the move and scanning every enemy piece. ----

type Sq = (i32, i32);
type Mailbox = BTreeMap<Sq, Piece>;

fn mailbox(pieces: &BTreeMap<Cell, Piece>) -> Mailbox {
    pieces
        .iter()
        .map(|(c, p)| ((i32::from(c.file()), i32::from(c.rank())), *p))
        .collect()
}

fn on(f: i32, r: i32) -> bool {
    (0..7).contains(&f) && (0..7).contains(&r)
}

fn capture_dir(s: Seat) -> (i32, i32) {
    match s {
        Seat::A => (-1, -1),
        Seat::B => (-1, 1),
        Seat::C => (1, 1),
    }
}

fn step_dirs(s: Seat) -> [(i32, i32); 2] {
    match s {
        Seat::A => [(0, -1), (-1, 0)],
        Seat::B => [(0, 1), (-1, 0)],
        Seat::C => [(1, 0), (0, 1)],
    }
}

/// Whether a non-King piece of another army than `me` threatens `sq`.
fn threatened(b: &Mailbox, sq: (i32, i32), me: Seat) -> bool {
    for (&(f, r), p) in b {
        if p.owner == me || p.role == Role::King {
            continue;
        }
        let (df, dr) = (sq.0 - f, sq.1 - r);
        let hit = match p.role {
            Role::Knight => df.abs() * dr.abs() == 2,
            Role::Pawn => (df, dr) == capture_dir(p.owner),
            Role::Bishop | Role::Rook | Role::Queen => {
                let straight = df == 0 || dr == 0;
                let diagonal = df.abs() == dr.abs();
                let fits = match p.role {
                    Role::Bishop => diagonal,
                    Role::Rook => straight,
                    _ => straight || diagonal,
                } && (df, dr) != (0, 0);
                fits && {
                    let (sf, sr) = (df.signum(), dr.signum());
                    let mut c = (f + sf, r + sr);
                    while c != sq && !b.contains_key(&c) {
                        c = (c.0 + sf, c.1 + sr);
                    }
                    c == sq
                }
            }
            _ => false,
        };
        if hit {
            return true;
        }
    }
    false
}

/// The legal moves, by the rules, computed plainly.
fn naive_moves(g: &Game, s: &Setup) -> BTreeSet<String> {
    let st = s.yuri().unwrap();
    let get = |id: &str, default: &str| {
        g.interpretations
            .get(id)
            .cloned()
            .unwrap_or(default.to_string())
    };
    let away = get("yuri.pawns", "two-directions") == "away-from-diagonal";
    let double = get("yuri.double-step", "none") == "first-move";
    let into_check = get("yuri.king-onto-king", "not-into-check") == "into-check";
    let mut out = BTreeSet::new();
    if st.shared_square.is_some() {
        return out;
    }
    let me = s.to_move;
    let b = mailbox(&s.pieces);
    if get("yuri.mate-timing", "owner-turn") == "immediately" {
        // A King in check off its owner's turn whose owner, were it to move (without the
        // next player's en passant right), could not: the game is over.
        let mut turn = g.clone();
        turn.interpretations.remove("yuri.mate-timing");
        for other in Seat::ALL.into_iter().filter(|&x| x != me) {
            let Some(k) = b
                .iter()
                .find(|(_, p)| **p == Piece::new(other, Role::King))
                .map(|(c, _)| *c)
            else {
                continue;
            };
            let theirs = Setup {
                to_move: other,
                en_passant: None,
                state: VariantState::Yuri(YuriState {
                    en_passant_pawn: None,
                    ..st.clone()
                }),
                ..s.clone()
            };
            if threatened(&b, k, other) && naive_moves(&turn, &theirs).is_empty() {
                return out;
            }
        }
    }
    let name = |(f, r): (i32, i32)| format!("{}{}", char::from(b'a' + f as u8), r + 1);
    let history: Vec<Mailbox> = st
        .history
        .iter()
        .map(|h| mailbox(&trichess_model::parse_pieces(Variant::Yuri, h).unwrap()))
        .collect();
    let king = |b: &Mailbox, seat: Seat| {
        b.iter()
            .find(|(_, p)| **p == Piece::new(seat, Role::King))
            .map(|(c, _)| *c)
    };
    let ep = s
        .en_passant
        .map(|c| (i32::from(c.file()), i32::from(c.rank())));
    let ep_pawn = st
        .en_passant_pawn
        .map(|c| (i32::from(c.file()), i32::from(c.rank())));
    let unmoved: BTreeSet<(i32, i32)> = st
        .unmoved
        .iter()
        .map(|c| (i32::from(c.file()), i32::from(c.rank())))
        .collect();
    // (from, to, removed extra cell, promotes)
    let mut tries: Vec<(Sq, Sq, Option<Sq>)> = Vec::new();
    for (&from, p) in &b {
        if p.owner != me {
            continue;
        }
        let mut add_line = |dirs: &[(i32, i32)], slide: bool| {
            for &(df, dr) in dirs {
                let mut c = (from.0 + df, from.1 + dr);
                while on(c.0, c.1) {
                    match b.get(&c) {
                        None => tries.push((from, c, None)),
                        Some(q) => {
                            if q.owner != me && q.role != Role::King {
                                tries.push((from, c, None));
                            }
                            break;
                        }
                    }
                    if !slide {
                        break;
                    }
                    c = (c.0 + df, c.1 + dr);
                }
            }
        };
        let orth = [(1, 0), (0, 1), (-1, 0), (0, -1)];
        let diag = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
        let all = [orth, diag].concat();
        match p.role {
            Role::Rook => add_line(&orth, true),
            Role::Bishop => add_line(&diag, true),
            Role::Queen => add_line(&all, true),
            Role::Knight => add_line(&KNIGHT_LEAPS, false),
            Role::King => add_line(&all, false),
            Role::Pawn => {
                let dist = |c: (i32, i32)| {
                    if me == Seat::B {
                        (c.0 + c.1 - 6).abs()
                    } else {
                        (c.0 - c.1).abs()
                    }
                };
                for (df, dr) in step_dirs(me) {
                    let one = (from.0 + df, from.1 + dr);
                    if !on(one.0, one.1) || (away && dist(one) <= dist(from)) {
                        continue;
                    }
                    if b.contains_key(&one) {
                        continue;
                    }
                    tries.push((from, one, None));
                    let two = (one.0 + df, one.1 + dr);
                    if double
                        && unmoved.contains(&from)
                        && on(two.0, two.1)
                        && !b.contains_key(&two)
                    {
                        tries.push((from, two, None));
                    }
                }
                let (cf, cr) = capture_dir(me);
                let c = (from.0 + cf, from.1 + cr);
                match b.get(&c) {
                    Some(q) if q.owner != me && q.role != Role::King => tries.push((from, c, None)),
                    None if Some(c) == ep => tries.push((from, c, ep_pawn)),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let partner = match me {
        Seat::A => Some(Seat::C),
        Seat::C => Some(Seat::A),
        Seat::B => None,
    };
    if let (Some(k), Some(other)) = (king(&b, me), partner.and_then(|o| king(&b, o)))
        && (k.0 - other.0).abs() <= 1
        && (k.1 - other.1).abs() <= 1
    {
        let mut after = b.clone();
        after.remove(&k);
        if into_check || !threatened(&after, other, me) {
            out.insert(format!("{}-{}", name(k), name(other)));
        }
    }
    for (from, to, extra) in tries {
        let mut after = b.clone();
        let p = after.remove(&from).unwrap();
        if let Some(x) = extra {
            after.remove(&x);
        }
        after.insert(to, p);
        let Some(k) = king(&after, me) else { continue };
        if threatened(&after, k, me) {
            continue;
        }
        let promotes = p.role == Role::Pawn && {
            let (cf, cr) = capture_dir(me);
            !on(to.0 + cf, to.1 + cr)
        };
        let roles: Vec<Option<Role>> = if promotes {
            [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                .map(Some)
                .to_vec()
        } else {
            vec![None]
        };
        for role in roles {
            let mut board = after.clone();
            if let Some(r) = role {
                board.insert(to, Piece::new(me, r));
            }
            if me == Seat::A && history.contains(&board) {
                continue;
            }
            let text = format!("{}-{}", name(from), name(to));
            out.insert(match role {
                Some(r) => format!("{text}={}", r.letter()),
                None => text,
            });
        }
    }
    out
}

#[test]
fn random_games_agree_with_the_naive_generator() {
    let mut e = Yuri::default();
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let starts = [
        "start",
        "c4:wK,e4:bK,a7:rK,f2:rB,d6:wQ,b5:bR,f5:rQ,c2:bP,e6:wP,e2:rP w",
        "e4:wK,b2:bK,f2:rK,c3:bP,b3:bP,a3:bP,g5:wP,e7:wP,e1:rP,g3:rP,d4:wR,d2:bB,f4:rN w",
        "g7:wK,d4:wN,a1:bK,g1:rK,c3:bN,e3:rN w",
        "f6:wK,c3:bK,e2:rK,e5:wN,d2:bN,b5:rB w",
    ];
    let mut seen_repetition = false;
    let mut positions = 0;
    for g in all_games() {
        for text in starts {
            let mut s = setup_of(&mut e, &g, text);
            for _ in 0..60 {
                e.check(&g, &s).unwrap();
                let moves: BTreeSet<String> = e
                    .legal_moves(&g, &s)
                    .unwrap()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                assert_eq!(moves, naive_moves(&g, &s), "{}", s.to_text());
                positions += 1;
                if positions % 97 == 0 {
                    assert_eq!(e.perft(&g, &s, 2).unwrap(), slow_perft(&mut e, &g, &s, 2));
                }
                let outcome = e.outcome(&g, &s).unwrap();
                assert_eq!(outcome == Outcome::Ongoing, !moves.is_empty());
                if s.to_move == Seat::A && s.yuri().unwrap().shared_square.is_none() {
                    let free = naive_moves(
                        &g,
                        &Setup {
                            state: VariantState::Yuri(YuriState {
                                history: Vec::new(),
                                ..s.yuri().unwrap().clone()
                            }),
                            ..s.clone()
                        },
                    );
                    seen_repetition |= free.len() > moves.len();
                }
                let list = e.legal_moves(&g, &s).unwrap();
                if list.is_empty() {
                    break;
                }
                let m = list[rng.below(list.len())];
                s = e.play(&g, &s, m).unwrap();
            }
        }
    }
    assert!(positions > 1000);
    assert!(
        seen_repetition,
        "no White move was ever refused by repetition"
    );
}

#[test]
fn repetition_is_seen_inside_perft() {
    // White's knight may not come back to d4 after going out and Red and Black moving back.
    let mut e = Yuri::default();
    let g = Game::new(Variant::Yuri);
    let s = pos("g7:wK,d4:wN,a1:bK,g1:rK w");
    assert_eq!(e.perft(&g, &s, 4).unwrap(), slow_perft(&mut e, &g, &s, 4));
}

#[test]
fn outcomes() {
    let mut e = Yuri::default();
    let g = Game::new(Variant::Yuri);
    let mate = pos("a1:bK,c2:wN,c3:wN,b7:wR,g7:wK,g1:rK b");
    assert_eq!(
        e.outcome(&g, &mate).unwrap(),
        Outcome::Won {
            winner: Seat::B,
            reason: trichess_model::Reason::Checkmate
        }
    );
    let start = e.start(&g).unwrap();
    assert_eq!(e.outcome(&g, &start).unwrap(), Outcome::Ongoing);
}

fn garbage() -> Vec<Setup> {
    let mut list = Vec::new();
    let base = pos("g7:wK,a1:bK,g1:rK w");
    for text in [
        "g7:wK,a1:bK w",
        "g7:wK,f7:wK,a1:bK,g1:rK w",
        "-  w",
        "g7:wK,a1:bK,g1:rK,g4:bP w",
        "g7:wK,a1:bK,g1:rK,a4:wP,a5:rP w",
        "g7:wK,a1:bK,g1:rK w castling=a1",
        "g7:wK,a1:bK,g1:rK w en_passant=d4",
        "g7:wK,a1:bK,g1:rK w en_passant_pawn=d4",
        "g7:wK,a1:bK,g1:rK w shared_square=g7",
        "g7:wK,a1:bK,g1:rK w shared_square=d4",
        "g7:wK,a1:bK,g1:rK r shared_square=a1",
        "g7:wK,a1:bK,g1:rK w unmoved=d4",
        "g7:wK,a1:bK,g1:rK,d4:wP w unmoved=d4",
        "g7:wK,a1:bK,g1:rK,a3:wP w unmoved=a3",
    ] {
        if let Ok(s) = Setup::parse(Variant::Yuri, text) {
            list.push(s);
        }
    }
    let mut s = base.clone();
    s.variant = Variant::Yalta;
    list.push(s);
    let mut s = base.clone();
    s.state = VariantState::default_for(Variant::OSullivan, &base.pieces);
    list.push(s);
    let mut s = base.clone();
    let hex = Variant::Yalta.board().cell_at(5).unwrap();
    s.pieces.insert(hex, Piece::new(Seat::A, Role::Pawn));
    list.push(s);
    let mut s = base.clone();
    let c = Variant::Yuri.board().parse_cell("d4").unwrap();
    s.pieces.insert(c, Piece::new(Seat::B, Role::Pope));
    list.push(s);
    let mut s = base.clone();
    s.state = VariantState::Yuri(YuriState {
        history: vec!["zz:9".into(), "h9:wK".into()],
        en_passant_pawn: Some(c),
        ..YuriState::default()
    });
    s.en_passant = Some(Variant::OSullivan.board().parse_cell("g8").unwrap());
    list.push(s);
    list
}

#[test]
fn check_refuses_garbage_without_panicking() {
    let mut e = Yuri::default();
    for g in [game(&[]), game(&[("yuri.double-step", "first-move")])] {
        for s in garbage() {
            let refused = |r: Result<(), EngineError>| matches!(r, Err(EngineError::InvalidPosition(why)) if why.is_classified());
            assert!(refused(e.check(&g, &s)), "{}", s.to_text());
            assert!(e.legal_moves(&g, &s).is_err());
            assert!(e.perft(&g, &s, 2).is_err());
            assert!(e.outcome(&g, &s).is_err());
            assert!(e.perft_divide(&g, &s, 2).is_err());
            let m = Move::parse(Variant::Yuri, "a1-a2").unwrap();
            assert!(e.play(&g, &s, m).is_err());
        }
    }
}

#[test]
fn unknown_readings_are_unsupported() {
    let e = Yuri::default();
    assert!(e.supports(&game(&[])).is_ok());
    for g in all_games() {
        assert!(e.supports(&g).is_ok());
    }
    for (id, reading) in [
        ("yuri.pawns", "sideways"),
        ("yuri.castling", "yes"),
        ("osullivan.stalemate", "out"),
    ] {
        assert!(matches!(
            e.supports(&game(&[(id, reading)])),
            Err(EngineError::Unsupported(_))
        ));
    }
    assert!(e.supports(&Game::new(Variant::Yalta)).is_err());
}

#[test]
#[ignore = "a benchmark: run with --release --ignored --nocapture"]
fn perft_speed() {
    let mut e = Yuri::default();
    let g = Game::new(Variant::Yuri);
    let s = e.start(&g).unwrap();
    for depth in 1..=8 {
        let t0 = std::time::Instant::now();
        let n = e.perft(&g, &s, depth).unwrap();
        let secs = t0.elapsed().as_secs_f64();
        println!(
            "perft {depth}: {n} nodes in {secs:.3} s, {:.1} M nodes/s",
            n as f64 / secs / 1e6
        );
        if secs > 15.0 {
            break;
        }
    }
}

#[test]
fn after_the_kings_meet_nothing_moves() {
    let mut e = Yuri::default();
    let g = Game::new(Variant::Yuri);
    let s = pos("d4:wK,e4:bK,g1:rK w");
    let m = Move::parse(Variant::Yuri, "d4-e4").unwrap();
    let after = e.play(&g, &s, m).unwrap();
    e.check(&g, &after).unwrap();
    assert_eq!(after, pos(&after.to_text()));
    assert_eq!(e.perft(&g, &after, 1).unwrap(), 0);
    assert_eq!(e.perft(&g, &after, 0).unwrap(), 1);
    assert_eq!(
        e.outcome(&g, &after).unwrap(),
        Outcome::Won {
            winner: Seat::C,
            reason: trichess_model::Reason::KingsMeet
        }
    );
    let rows = e.perft_divide(&g, &s, 2).unwrap();
    assert!(rows.contains(&(m, 0)));
}

/// yuri.mate-timing: the issue's perft figures from the start under `immediately`.
#[test]
fn perft_from_the_start_when_mates_count_at_once() {
    let mut e = Yuri::default();
    let g = game(&[("yuri.mate-timing", "immediately")]);
    let s = e.start(&g).unwrap();
    let counts: Vec<u64> = (1..=5).map(|d| e.perft(&g, &s, d).unwrap()).collect();
    assert_eq!(counts, [11, 101, 797, 7294, 82279]);
}

/// yuri.mate-timing: White's knight e3-c2 checks Black's King a1 (a (2,1) leap); a2 and b1
/// are the knight c3's, b2 is on the rook b7's file. Under owner-turn Red moves next and
/// Black's mate is judged on Black's turn; under immediately the game is over at once, Red's
/// win, the turn passed to Red as after any move (D5).
#[test]
fn a_mate_off_its_owners_turn_ends_the_game_only_under_immediately() {
    let mut e = Yuri::default();
    let text = "a1:bK,e3:wN,c3:wN,b7:wR,g7:wK,g1:rK w";
    let m = Move::parse(Variant::Yuri, "e3-c2").unwrap();
    let owner_turn = game(&[]);
    let after = e.play(&owner_turn, &pos(text), m).unwrap();
    assert_eq!(after.to_move, Seat::B);
    assert!(!e.legal_moves(&owner_turn, &after).unwrap().is_empty());
    assert_eq!(e.outcome(&owner_turn, &after).unwrap(), Outcome::Ongoing);
    let at_once = game(&[("yuri.mate-timing", "immediately")]);
    let after = e.play(&at_once, &pos(text), m).unwrap();
    assert_eq!(after.to_move, Seat::B);
    assert!(e.legal_moves(&at_once, &after).unwrap().is_empty());
    assert_eq!(
        e.outcome(&at_once, &after).unwrap(),
        Outcome::Won {
            winner: Seat::B,
            reason: trichess_model::Reason::Checkmate
        }
    );
    assert_eq!(
        e.perft(&at_once, &pos(text), 2).unwrap(),
        slow_perft(&mut e, &at_once, &pos(text), 2)
    );
    // Black in check with an escape is not mated: the game goes on.
    let escape = pos("a1:bK,c2:wN,c3:wN,g7:wK,g1:rK r");
    assert_eq!(e.outcome(&at_once, &escape).unwrap(), Outcome::Ongoing);
}

/// yuri.stalemate = mover-wins: the stalemated player to move loses to the one who moved
/// last, the seat before it (W -> R -> B).
#[test]
fn a_stalemate_is_the_last_movers_win_under_mover_wins() {
    let mut e = Yuri::default();
    let g = game(&[("yuri.stalemate", "mover-wins")]);
    // Black's King a1: a2 and b1 are the knight c3's, b2 the bishop c1's; not in check.
    let black = pos("a1:bK,c3:wN,c1:wB,g7:wK,g1:rK b");
    assert_eq!(
        e.outcome(&g, &black).unwrap(),
        Outcome::Won {
            winner: Seat::B,
            reason: trichess_model::Reason::Stalemate
        }
    );
    // White's King g7: f7 and g6 are the knight e5's, f6 the bishop e7's.
    let white = pos("g7:wK,e5:bN,e7:bB,a1:bK,g1:rK w");
    assert_eq!(
        e.outcome(&g, &white).unwrap(),
        Outcome::Won {
            winner: Seat::C,
            reason: trichess_model::Reason::Stalemate
        }
    );
}

/// D4: after the Kings meet, the side to move is the seat after the King listed on the
/// shared square (the one that moved there); any other is refused.
#[test]
fn the_side_to_move_after_the_kings_meet_follows_the_king_that_moved() {
    let mut e = Yuri::default();
    let g = game(&[]);
    for (text, valid) in [
        ("d3:wK,e5:rK r shared_square=d3", true),
        ("d3:wK,e5:rK b shared_square=d3", false),
        ("d3:wK,e5:rK w shared_square=d3", false),
        ("d3:bK,e5:rK w shared_square=d3", true),
        ("d3:bK,e5:rK r shared_square=d3", false),
    ] {
        match e.check(&g, &pos(text)) {
            Ok(()) => assert!(valid, "{text} accepted"),
            Err(EngineError::InvalidPosition(why)) => {
                assert!(!valid, "{text}: {why}");
                assert!(why.to_string().contains("moved onto d3 last"), "{why}");
                assert_eq!(why.kinds(), [ProblemKind::SharedSquareDoesNotFit].into());
            }
            Err(other) => panic!("{text}: {other}"),
        }
    }
    // D5: the meeting passes the turn as any move does.
    let m = Move::parse(Variant::Yuri, "e4-d4").unwrap();
    let after = e.play(&g, &pos("d4:wK,e4:bK,g1:rK b"), m).unwrap();
    assert_eq!(after.to_move, Seat::A);
    assert_eq!(e.check(&g, &after), Ok(()));
}

/// The history words are read once and then remembered (`validate::HistoryWords`): a word read
/// again, at the same place or another, gives the same answer, its problems named by the place
/// they are at. "a1:bK,g1:rK" has no White King, so it does not fit (yuri.white-no-repeat: a
/// board state of an earlier turn has one King of each army); the other word fits.
#[test]
fn a_history_word_read_again_gives_the_same_answer_at_its_own_place() {
    let mut e = Yuri::default();
    let g = game(&[]);
    let fits = "a1:bK,g1:rK,e6:wN,g7:wK,c3:bN,e3:rN";
    let unfit = "a1:bK,g1:rK";
    let with = |history: &str| {
        pos(&format!(
            "g7:wK,d4:wN,a1:bK,g1:rK,c3:bN,e3:rN w history={history}"
        ))
    };
    let problems = |s: &Setup, e: &mut Yuri| match e.check(&g, s) {
        Err(EngineError::InvalidPosition(why)) => why
            .problems
            .iter()
            .map(|p| p.detail.clone())
            .collect::<Vec<_>>(),
        other => panic!("{}: {other:?}", s.to_text()),
    };
    for _ in 0..2 {
        assert_eq!(e.check(&g, &with(fits)), Ok(()));
        let first = problems(&with(&format!("{unfit}/{fits}")), &mut e);
        assert_eq!(first, ["history 1: White has not one King"]);
        let second = problems(&with(&format!("{fits}/{unfit}")), &mut e);
        assert_eq!(second, ["history 2: White has not one King"]);
    }
}
