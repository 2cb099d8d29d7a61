//! Tests of the fast O'Sullivan: geometry against the rule text and the board as
//! `docs/variants-and-readings.md` describes it, perft against divide and against a plain
//! recursion through `legal_moves` and `play`, validation of garbage.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use trichess_model::{
    BySeat, Cell, Engine, EngineError, Game, Move, OSullivanState, Piece, ProblemKind, Role, Seat,
    Setup, Variant, VariantState, YaltaState,
};

use super::board::{N, NONE, geometry};
use crate::square::DIRS;
use crate::testing::Rng;

/// The fast engine's O'Sullivan.
type OSullivan = crate::engine::VariantEngine<super::OSullivan<crate::mutant::Off>>;

fn game(readings: &[(&str, &str)]) -> Game {
    let mut g = Game::new(Variant::OSullivan);
    for (id, r) in readings {
        g.interpretations
            .insert(format!("osullivan.{id}"), (*r).to_string());
    }
    g
}

fn pos(text: &str) -> Setup {
    match Setup::parse(Variant::OSullivan, text) {
        Ok(s) => s,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn cell(name: &str) -> usize {
    let i = geometry().named(name);
    assert_ne!(i, NONE, "{name} is a cell");
    usize::from(i)
}

fn set(names: &[&str]) -> u64 {
    names.iter().map(|n| 1u64 << cell(n)).sum()
}

#[test]
fn the_board_has_sixty_cells_numbered_as_the_model_numbers_them() {
    let g = geometry();
    let board = Variant::OSullivan.board();
    assert_eq!(board.len(), N);
    for (i, &c) in g.cells.iter().enumerate() {
        assert_eq!(board.index(c), Some(i));
    }
    // The unusable squares a7 a8 h7 h8 are not cells (osullivan.unusable-squares).
    for name in ["a7", "a8", "h7", "h8"] {
        assert_eq!(g.named(name), NONE, "{name}");
    }
    // Along N, E, NE, NW the index rises; along S, W, SE, SW it falls.
    for sq in 0..N {
        for (d, _) in DIRS.iter().enumerate() {
            let mut r = g.rays[d][sq];
            while r != 0 {
                let to = r.trailing_zeros() as usize;
                r &= r - 1;
                assert_eq!(to > sq, d < 4, "direction {d} from {}", g.cells[sq]);
            }
        }
    }
}

#[test]
fn the_barrier_stops_steps_and_lines_along_rank_1_but_not_diagonals() {
    let g = geometry();
    // osullivan.barrier: no step d1-e1 either way.
    assert_eq!(g.king[cell("d1")], set(&["c1", "c2", "d2", "e2"]));
    assert_eq!(g.king[cell("e1")], set(&["d2", "e2", "f1", "f2"]));
    // A rook on a1 sees b1 c1 d1 and no further; one on h1 sees g1 f1 e1.
    assert_eq!(g.rays[1][cell("a1")], set(&["b1", "c1", "d1"]));
    assert_eq!(g.rays[5][cell("h1")], set(&["g1", "f1", "e1"]));
    assert_eq!(g.rays[1][cell("d1")], 0);
    assert_eq!(g.rays[5][cell("e1")], 0);
    // osullivan.barrier-corner: a bishop on d2 may move to e1 (the source's example), and
    // d1-e2 is a diagonal step too.
    assert_eq!(g.rays[6][cell("d2")], set(&["e1"]));
    assert_eq!(g.rays[7][cell("e2")], set(&["d1"]));
    assert_eq!(g.rays[2][cell("d1")], set(&["e2", "f3", "g4", "h5"]));
}

#[test]
fn lines_stop_at_the_unusable_corners() {
    let g = geometry();
    assert_eq!(g.rays[0][cell("a1")], set(&["a2", "a3", "a4", "a5", "a6"]));
    assert_eq!(g.rays[0][cell("h6")], 0);
    assert_eq!(g.rays[5][cell("b8")], 0);
    assert_eq!(g.rays[3][cell("b6")], 0);
    assert_eq!(g.rays[2][cell("e4")], set(&["f5", "g6"]));
    assert_eq!(g.rays[3][cell("e4")], set(&["d5", "c6", "b7"]));
    assert_eq!(
        g.knight[0][cell("b5")],
        set(&["a3", "c3", "d4", "d6", "c7"])
    );
    assert_eq!(g.knight[0][cell("g8")], set(&["e7", "f6", "h6"]));
}

#[test]
fn only_c2_e1_and_d1_f2_cross_the_barrier_as_straight_lines() {
    let g = geometry();
    let mut differ = BTreeSet::new();
    for sq in 0..N {
        let mut d = g.knight[0][sq] ^ g.knight[1][sq];
        assert_eq!(g.knight[1][sq] & !g.knight[0][sq], 0);
        while d != 0 {
            let to = d.trailing_zeros() as usize;
            d &= d - 1;
            differ.insert(format!("{}-{}", g.cells[sq], g.cells[to]));
        }
    }
    let expected: BTreeSet<String> = ["c2-e1", "e1-c2", "d1-f2", "f2-d1"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(differ, expected);
}

#[test]
fn pawns_go_down_for_white_and_up_for_black_and_red() {
    let g = geometry();
    assert_eq!(usize::from(g.push[0][cell("e7")]), cell("e6"));
    assert_eq!(usize::from(g.push[1][cell("e2")]), cell("e3"));
    assert_eq!(usize::from(g.push[2][cell("d2")]), cell("d3"));
    // osullivan.p1-lanes: a7 and h7 are unusable, so the P1s stop on rank 6.
    assert_eq!(g.push[2][cell("a6")], NONE);
    assert_eq!(g.push[1][cell("h6")], NONE);
    assert_eq!(g.pawn_att[2][cell("a6")], set(&["b7"]));
    assert_eq!(g.pawn_att[0][cell("e2")], set(&["d1", "f1"]));
}

/// The plain recursion through the engine's own `legal_moves` and `play`.
fn slow_perft(e: &mut OSullivan, game: &Game, s: &Setup, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    let moves = e.legal_moves(game, s).unwrap_or_default();
    for m in moves {
        match e.play(game, s, m) {
            Ok(next) => n += slow_perft(e, game, &next, depth - 1),
            Err(err) => panic!("{m} listed but not playable: {err}"),
        }
    }
    n
}

const POSITIONS: &[&str] = &[
    "start",
    "a1:bK,b5:wR,d7:rB,d8:wK,h1:rK r",
    "a1:bK,c3:bP,a6:wR,g5:rR,d8:wK,h1:rK r",
    "e4:bK,e6:wN,e8:rQ,a6:wK,h1:rK w",
    "b8:wR,d8:wK,c7:wP,e7:wP,d2:bP,e2:rP,c2:bN,d1:bB,a1:bK,h1:rK w castling=b8",
    "d3:bP,e4:rP,c5:wP,f7:wP,e7:wP,a1:bK,h1:rK,d8:wK b p4=b:d3,r:e4",
    "a5:wR,c5:bP,g8:wK,h1:rK,f2:rN w",
];

fn all_games() -> Vec<Game> {
    vec![
        game(&[]),
        game(&[("turn-order", "white-black-red")]),
        game(&[("stalemate", "out")]),
        game(&[("en-passant-window", "both-opponents")]),
        game(&[("knight-barrier", "straight-line")]),
        game(&[("castling-direction", "either-side")]),
        game(&[("exposed-king", "capture"), ("stalemate", "out")]),
    ]
}

fn setup_of(e: &mut OSullivan, g: &Game, text: &str) -> Setup {
    if text == "start" {
        e.start(g).unwrap_or_else(|err| panic!("{err}"))
    } else {
        pos(text)
    }
}

#[test]
fn fast_perft_equals_the_plain_recursion_and_the_divide() {
    let mut e = OSullivan::default();
    for g in all_games() {
        for text in POSITIONS {
            let s = setup_of(&mut e, &g, text);
            for depth in 0..=3 {
                let fast = e.perft(&g, &s, depth).unwrap_or_else(|err| panic!("{err}"));
                let slow = slow_perft(&mut e, &g, &s, depth);
                assert_eq!(fast, slow, "{text} depth {depth} {:?}", g.interpretations);
                if depth > 0 {
                    let rows = e.perft_divide(&g, &s, depth).unwrap_or_default();
                    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), fast, "{text}");
                }
            }
        }
    }
}

#[test]
fn perft_from_the_start() {
    let mut e = OSullivan::default();
    let g = game(&[]);
    let s = setup_of(&mut e, &g, "start");
    let counts: Vec<u64> = (0..=3).map(|d| e.perft(&g, &s, d).unwrap_or(0)).collect();
    assert_eq!(&counts[..3], &[1, 14, 195]);
    let rows = e.perft_divide(&g, &s, 4).unwrap_or_default();
    let total: u64 = rows.iter().map(|r| r.1).sum();
    assert_eq!(total, e.perft(&g, &s, 4).unwrap_or(0));
}

/// Prints perft from the start position by depth with time and nodes per second
/// (`cargo test --release -p trichess-fast osullivan::tests::perft_speed -- --ignored --nocapture`).
#[test]
#[ignore]
fn perft_speed() {
    let mut e = OSullivan::default();
    let g = game(&[]);
    let s = setup_of(&mut e, &g, "start");
    let max: u32 = std::env::var("OSULLIVAN_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    for depth in 1..=max {
        let t = Instant::now();
        let n = e.perft(&g, &s, depth).unwrap_or(0);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "perft {depth}: {n} nodes in {secs:.3} s, {:.1} M nodes/s",
            n as f64 / secs.max(1e-9) / 1e6
        );
    }
}

/// Every position reached by random legal play passes `check`, plays the same through the
/// boundary as inside, and every listed move is playable.
#[test]
fn random_playouts_reach_only_valid_positions() {
    let mut e = OSullivan::default();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for g in all_games() {
        for _ in 0..40 {
            let mut s = setup_of(&mut e, &g, "start");
            for _ in 0..150 {
                if let Err(err) = e.check(&g, &s) {
                    panic!("reached {} which is refused: {err}", s.to_text());
                }
                let moves = e.legal_moves(&g, &s).unwrap_or_default();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                s = e.play(&g, &s, m).unwrap_or_else(|err| panic!("{m}: {err}"));
            }
        }
    }
}

fn foreign_cell(rng: &mut Rng) -> Cell {
    let board = Variant::Yalta.board();
    board
        .cell_at(rng.below(board.len()))
        .unwrap_or_else(|| panic!("a Yalta cell"))
}

fn any_cell(rng: &mut Rng) -> Cell {
    if rng.below(20) == 0 {
        return foreign_cell(rng);
    }
    let board = Variant::OSullivan.board();
    board
        .cell_at(rng.below(board.len()))
        .unwrap_or_else(|| panic!("a cell"))
}

/// Garbage setups are refused by `check` (or accepted), never a panic, and every other method
/// agrees with `check`.
#[test]
fn garbage_setups_never_panic() {
    let mut e = OSullivan::default();
    let mut rng = Rng(12345);
    let games = all_games();
    let mut refused = 0;
    for round in 0..3000 {
        let g = &games[round % games.len()];
        let mut pieces = BTreeMap::new();
        for _ in 0..rng.below(12) {
            let kinds = if rng.below(10) == 0 { 14 } else { 6 };
            let role = Role::ALL[rng.below(kinds)];
            pieces.insert(
                any_cell(&mut rng),
                Piece::new(Seat::ALL[rng.below(3)], role),
            );
        }
        let castling: BTreeSet<Cell> = (0..rng.below(3)).map(|_| any_cell(&mut rng)).collect();
        let en_passant = (rng.below(3) == 0).then(|| any_cell(&mut rng));
        let state = match rng.below(6) {
            0 => VariantState::Yalta(YaltaState::default()),
            1 => VariantState::default_for(Variant::OSullivan, &pieces),
            _ => {
                let mut p4 = BySeat::default();
                for seat in Seat::ALL {
                    if rng.below(2) == 0 {
                        p4[seat] = Some(any_cell(&mut rng));
                    }
                }
                let p4_freed = Seat::ALL
                    .into_iter()
                    .filter(|_| rng.below(3) == 0)
                    .collect();
                VariantState::OSullivan(OSullivanState {
                    p4,
                    p4_freed,
                    en_passant_earlier: (rng.below(4) == 0).then(|| any_cell(&mut rng)),
                })
            }
        };
        let variant = if rng.below(30) == 0 {
            Variant::Yuri
        } else {
            Variant::OSullivan
        };
        let s = Setup {
            variant,
            to_move: Seat::ALL[rng.below(3)],
            pieces,
            castling,
            en_passant,
            state,
        };
        let checked = e.check(g, &s);
        if let Err(err) = &checked {
            // Every refusal names the kind of each problem.
            assert!(
                matches!(err, EngineError::InvalidPosition(why) if why.is_classified()),
                "{err}"
            );
            refused += 1;
        }
        let moves = e.legal_moves(g, &s);
        assert_eq!(moves.is_ok(), checked.is_ok());
        let _ = e.outcome(g, &s);
        let _ = e.perft(g, &s, 2);
        let mv = Move::Plain {
            from: any_cell(&mut rng),
            to: any_cell(&mut rng),
        };
        let _ = e.play(g, &s, mv);
        for m in moves.unwrap_or_default().into_iter().take(3) {
            let after = e.play(g, &s, m).unwrap_or_else(|err| panic!("{m}: {err}"));
            assert!(e.check(g, &after).is_ok(), "{}", after.to_text());
        }
    }
    assert!(refused > 0);
}

#[test]
fn check_lists_every_problem_at_once() {
    let mut e = OSullivan::default();
    let g = game(&[]);
    let s = pos("a1:bK,a2:bK,c8:wP,h3:rP,d8:wK r castling=a2 en_passant=d3");
    match e.check(&g, &s) {
        Err(EngineError::InvalidPosition(why)) => {
            for part in ["2 kings", "rank 8", "no king", "castling", "en passant"] {
                assert!(why.to_string().contains(part), "{part} missing from: {why}");
            }
            assert_eq!(
                why.kinds(),
                [
                    ProblemKind::TooManyRoyals,
                    ProblemKind::PawnOnImpossibleRank,
                    ProblemKind::SideToMoveOut,
                    ProblemKind::CastlingRightWithoutPieces,
                    ProblemKind::EnPassantWithoutDoubleStep,
                ]
                .into_iter()
                .collect()
            );
        }
        other => panic!("expected refusal, got {other:?}"),
    }
}

#[test]
fn unknown_readings_are_unsupported() {
    let e = OSullivan::default();
    for g in [
        game(&[("turn-order", "red-first")]),
        game(&[("no-such-point", "x")]),
        game(&[("end-of-game", "first-mate")]),
    ] {
        assert!(matches!(e.supports(&g), Err(EngineError::Unsupported(_))));
    }
    for g in all_games() {
        assert!(e.supports(&g).is_ok());
    }
}

/// A slow, plain reference for the legal moves, written separately from the bitset code: it
/// walks (file, rank) coordinates on a map of the pieces and tries each move on a copy.
mod naive {
    use std::collections::{BTreeMap, BTreeSet};

    use trichess_model::{Role, Seat, Setup};

    use crate::square::KNIGHT_LEAPS;

    type Board = BTreeMap<(i32, i32), (usize, Role)>;
    /// A move to try: from, to, the cell of a pawn taken en passant, its text, a promotion.
    type Candidate = (
        (i32, i32),
        (i32, i32),
        Option<(i32, i32)>,
        String,
        Option<Role>,
    );

    pub struct Readings {
        pub knight_straight: bool,
        pub castle_either: bool,
        pub king_capture: bool,
    }

    fn on_board(f: i32, r: i32) -> bool {
        (0..8).contains(&f) && (0..8).contains(&r) && !((f == 0 || f == 7) && r >= 6)
    }

    /// One step, refusing the edge between d1 and e1.
    fn step(f: i32, r: i32, df: i32, dr: i32) -> Option<(i32, i32)> {
        let (t, s) = (f + df, r + dr);
        let barrier = r == 0 && dr == 0 && f.min(t) == 3 && f.max(t) == 4;
        (on_board(t, s) && !barrier).then_some((t, s))
    }

    fn knight_ok(r: &Readings, a: (i32, i32), b: (i32, i32)) -> bool {
        let crossing = [((2, 1), (4, 0)), ((3, 0), (5, 1))];
        !(r.knight_straight
            && crossing
                .iter()
                .any(|&(x, y)| (a, b) == (x, y) || (a, b) == (y, x)))
    }

    fn forward(seat: usize) -> i32 {
        if seat == 0 { -1 } else { 1 }
    }

    /// The cells the piece on `at` attacks.
    fn attacks(rd: &Readings, b: &Board, at: (i32, i32)) -> Vec<(i32, i32)> {
        let Some(&(seat, role)) = b.get(&at) else {
            return vec![];
        };
        let (f, r) = at;
        let mut out = vec![];
        let orth = [(0, 1), (1, 0), (0, -1), (-1, 0)];
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let slide = |dirs: &[(i32, i32)], out: &mut Vec<(i32, i32)>| {
            for &(df, dr) in dirs {
                let mut cur = (f, r);
                while let Some(n) = step(cur.0, cur.1, df, dr) {
                    out.push(n);
                    if b.contains_key(&n) {
                        break;
                    }
                    cur = n;
                }
            }
        };
        match role {
            Role::Rook => slide(&orth, &mut out),
            Role::Bishop => slide(&diag, &mut out),
            Role::Queen => {
                slide(&orth, &mut out);
                slide(&diag, &mut out);
            }
            Role::King => {
                for &(df, dr) in orth.iter().chain(diag.iter()) {
                    out.extend(step(f, r, df, dr));
                }
            }
            Role::Knight => {
                for (df, dr) in KNIGHT_LEAPS {
                    if on_board(f + df, r + dr) && knight_ok(rd, (f, r), (f + df, r + dr)) {
                        out.push((f + df, r + dr));
                    }
                }
            }
            Role::Pawn => {
                for df in [-1, 1] {
                    out.extend(step(f, r, df, forward(seat)));
                }
            }
            _ => {}
        }
        out
    }

    fn live(b: &Board, seat: usize) -> bool {
        b.values().any(|&(s, r)| s == seat && r == Role::King)
    }

    fn in_check(rd: &Readings, b: &Board, seat: usize) -> bool {
        let Some((&k, _)) = b.iter().find(|(_, p)| **p == (seat, Role::King)) else {
            return false;
        };
        b.iter()
            .any(|(&at, &(s, _))| s != seat && live(b, s) && attacks(rd, b, at).contains(&k))
    }

    fn name(c: (i32, i32)) -> String {
        format!("{}{}", char::from(b'a' + c.0 as u8), c.1 + 1)
    }

    fn parse(n: &str) -> (i32, i32) {
        let b = n.as_bytes();
        (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
    }

    /// The legal moves of the side to move, as text.
    pub fn legal(rd: &Readings, s: &Setup) -> BTreeSet<String> {
        let mut b = Board::new();
        for (c, p) in &s.pieces {
            b.insert(
                (i32::from(c.file()), i32::from(c.rank())),
                (p.owner.index(), p.role),
            );
        }
        let me = s.to_move.index();
        let kings = (0..3).filter(|&x| live(&b, x)).count();
        if !live(&b, me) || kings <= 1 {
            return BTreeSet::new();
        }
        let st = s.osullivan().cloned().unwrap_or_default();
        let p4 = |seat: usize| {
            st.p4[Seat::ALL[seat]].map(|c| (i32::from(c.file()), i32::from(c.rank())))
        };
        let freed = |seat: usize| st.p4_freed.contains(&Seat::ALL[seat]);
        let eps: Vec<(i32, i32)> = [s.en_passant, st.en_passant_earlier]
            .into_iter()
            .flatten()
            .map(|c| (i32::from(c.file()), i32::from(c.rank())))
            .collect();
        let mut cands: Vec<Candidate> = vec![];
        let capturable = |t: &(i32, i32)| match b.get(t) {
            Some(&(o, r)) => o != me && (rd.king_capture || r != Role::King),
            None => true,
        };
        for (&at, &(seat, role)) in &b {
            if seat != me {
                continue;
            }
            if role != Role::Pawn {
                for t in attacks(rd, &b, at) {
                    if capturable(&t) && b.get(&t).is_none_or(|p| p.0 != me) {
                        cands.push((at, t, None, format!("{}-{}", name(at), name(t)), None));
                    }
                }
                continue;
            }
            let fw = forward(me);
            let promo_rank = if me == 0 { 0 } else { 7 };
            let add = |t: (i32, i32), cap: Option<(i32, i32)>, cands: &mut Vec<_>| {
                let text = format!("{}-{}", name(at), name(t));
                if t.1 == promo_rank {
                    for (l, r) in [
                        ("Q", Role::Queen),
                        ("R", Role::Rook),
                        ("B", Role::Bishop),
                        ("N", Role::Knight),
                    ] {
                        cands.push((at, t, cap, format!("{text}={l}"), Some(r)));
                    }
                } else {
                    cands.push((at, t, cap, text, None));
                }
            };
            if let Some(t) = step(at.0, at.1, 0, fw)
                && !b.contains_key(&t)
            {
                add(t, None, &mut cands);
                let home = match me {
                    0 => at.1 == 6,
                    1 => at == (4, 1) && p4(1) == Some(at),
                    _ => at == (3, 1) && p4(2) == Some(at),
                };
                if let Some(t2) = step(t.0, t.1, 0, fw)
                    && home
                    && !b.contains_key(&t2)
                {
                    cands.push((at, t2, None, format!("{}-{}", name(at), name(t2)), None));
                }
            }
            for df in [-1, 1] {
                let Some(t) = step(at.0, at.1, df, fw) else {
                    continue;
                };
                let other = 3 - me;
                let restricted = me != 0 && p4(me) == Some(at) && !freed(me) && at.1 < 4;
                if let Some(&(o, _)) = b.get(&t) {
                    if o == me || !capturable(&t) {
                        continue;
                    }
                    if restricted && p4(other) == Some(t) && t.1 < 4 {
                        continue;
                    }
                    add(t, None, &mut cands);
                } else if eps.contains(&t) {
                    // The passed pawn stands beside, on the capturer's rank.
                    let victim = (t.0, at.1);
                    let stepper = if t.1 == 5 {
                        0
                    } else if t.0 == 3 {
                        2
                    } else {
                        1
                    };
                    let passed = (t.0, if stepper == 0 { 4 } else { 3 });
                    if stepper != me
                        && victim == passed
                        && b.get(&victim) == Some(&(stepper, Role::Pawn))
                    {
                        add(t, Some(victim), &mut cands);
                    }
                }
            }
        }
        let mut out = BTreeSet::new();
        for (from, to, cap, text, promo) in cands {
            let mut nb = b.clone();
            if let Some(c) = cap {
                nb.remove(&c);
            }
            let Some((seat, role)) = nb.remove(&from) else {
                continue;
            };
            nb.insert(to, (seat, promo.unwrap_or(role)));
            if !in_check(rd, &nb, me) {
                out.insert(text);
            }
        }
        // Castling.
        if me == 0
            && s.castling
                .iter()
                .any(|c| name((i32::from(c.file()), i32::from(c.rank()))) == "b8")
            && !in_check(rd, &b, 0)
            && !b.contains_key(&parse("c8"))
        {
            let mut sides = vec![("c8", "d8-c8/b8")];
            if rd.castle_either && !b.contains_key(&parse("e8")) {
                sides.push(("e8", "d8-e8/b8"));
            }
            for (to, text) in sides {
                let mut nb = b.clone();
                nb.remove(&parse("b8"));
                nb.remove(&parse("d8"));
                nb.insert(parse(to), (0, Role::King));
                nb.insert(parse("d8"), (0, Role::Rook));
                if !in_check(rd, &nb, 0) {
                    out.insert(text.to_string());
                }
            }
        }
        out
    }
}

/// The bitset generator agrees with the plain reference on every position of random playouts
/// under every reading, and what `play` writes reads back to the same position.
#[test]
fn generator_agrees_with_the_plain_reference() {
    let mut e = OSullivan::default();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut positions = 0;
    let mut fewer_kings = 0;
    for g in all_games() {
        let rd = naive::Readings {
            knight_straight: g
                .interpretations
                .get("osullivan.knight-barrier")
                .map(String::as_str)
                == Some("straight-line"),
            castle_either: g
                .interpretations
                .get("osullivan.castling-direction")
                .map(String::as_str)
                == Some("either-side"),
            king_capture: g
                .interpretations
                .get("osullivan.exposed-king")
                .map(String::as_str)
                == Some("capture"),
        };
        for text in POSITIONS {
            for _ in 0..12 {
                let mut s = setup_of(&mut e, &g, text);
                for _ in 0..120 {
                    positions += 1;
                    let got: BTreeSet<String> = e
                        .legal_moves(&g, &s)
                        .unwrap_or_default()
                        .iter()
                        .map(|m| m.to_string())
                        .collect();
                    assert_eq!(
                        got,
                        naive::legal(&rd, &s),
                        "{} {:?}",
                        s.to_text(),
                        g.interpretations
                    );
                    let reread = Setup::parse(Variant::OSullivan, &s.to_text());
                    assert_eq!(reread.as_ref().ok(), Some(&s));
                    if got.is_empty() {
                        break;
                    }
                    let list: Vec<&String> = got.iter().collect();
                    let m = match Move::parse(Variant::OSullivan, list[rng.below(list.len())]) {
                        Ok(m) => m,
                        Err(err) => panic!("{err}"),
                    };
                    s = e.play(&g, &s, m).unwrap_or_else(|err| panic!("{m}: {err}"));
                    let kings = s.pieces.values().filter(|p| p.role == Role::King).count();
                    if kings < 3 {
                        fewer_kings += 1;
                    }
                }
            }
        }
    }
    assert!(
        positions > 1000 && fewer_kings > 0,
        "{positions} {fewer_kings}"
    );
}

/// The position after playing `moves` from `text`, in text form.
fn after(g: &Game, text: &str, moves: &[&str]) -> String {
    let mut e = OSullivan::default();
    let mut s = pos(text);
    for m in moves {
        let mv = Move::parse(Variant::OSullivan, m).unwrap_or_else(|err| panic!("{err}"));
        s = e.play(g, &s, mv).unwrap_or_else(|err| panic!("{m}: {err}"));
    }
    s.to_text()
}

/// D1: the cell a double step passes is recorded whether or not a pawn can take it, for as
/// long as the window lasts, even when the game is over; D8: the window closes once the turn
/// comes to the double-stepper's seat, or passes over it when the double-stepper is out.
#[test]
fn the_en_passant_cell_is_recorded_while_its_window_lasts() {
    // Red's P4 e2-e4 passes e3; White moves next (white-black-red), has no pawn, and is
    // stalemated: b4 and a4 are covered by the bishop f8 and the pawn b3, b5 and a6 by the
    // bishop f1 (e2 is empty now), b6 by the bishop f2. The game is drawn before the next
    // move is made, so the next-player window is still open.
    let g = game(&[("turn-order", "white-black-red")]);
    assert_eq!(
        after(
            &g,
            "c1:bK,f1:rB,g1:rK,e2:rP,f2:rB,b3:bP,a5:wK,f8:bB r",
            &["e2-e4"]
        ),
        "c1:bK,f1:rB,g1:rK,f2:rB,b3:bP,e4:rP,a5:wK,f8:bB w en_passant=e3 p4=r:e4"
    );
    // White is out (no king) but its pawn e5 stays. Black to move may still take it (its
    // next move); once Black has moved the turn passes White's seat on its way to Red, who
    // has had its next move: the window is over.
    let both = game(&[("en-passant-window", "both-opponents")]);
    assert_eq!(
        after(&both, "b1:bK,g2:rK,e5:wP b en_passant=e6", &["b1-a1"]),
        "a1:bK,g2:rK,e5:wP r"
    );
    // Red takes the White king (exposed-king=capture); Black is out already, so Red is the
    // last king, and the turn comes round to Red over White's seat: the window is over.
    let capture = game(&[
        ("en-passant-window", "both-opponents"),
        ("exposed-king", "capture"),
    ]);
    assert_eq!(
        after(&capture, "e5:wP,c7:rK,d8:wK r en_passant=e6", &["c7-d8"]),
        "e5:wP,d8:rK r"
    );
    // The window ends: under next-player with the next move, under both-opponents when the
    // double-stepper is to move again, and with the pawn.
    let text = "c7:wP,h1:rK,a1:bK,g8:wK w";
    assert_eq!(
        after(&game(&[]), text, &["c7-c5", "h1-h2"]),
        "a1:bK,h2:rK,c5:wP,g8:wK b"
    );
    assert_eq!(
        after(&both, text, &["c7-c5", "h1-h2"]),
        "a1:bK,h2:rK,c5:wP,g8:wK b en_passant=c6"
    );
    assert_eq!(
        after(&both, text, &["c7-c5", "h1-h2", "a1-a2"]),
        "a2:bK,h2:rK,c5:wP,g8:wK w"
    );
}

/// D2 (issue 12, bug 2): under both-opponents a second double step keeps the first one's
/// right, as `en_passant_earlier`.
#[test]
fn two_double_steps_in_a_row_keep_both_rights() {
    let g = game(&[
        ("turn-order", "white-black-red"),
        ("en-passant-window", "both-opponents"),
    ]);
    let start = "a1:bK,h1:rK,d8:wK,d7:wP,d2:bP,e5:rP w";
    // White's d7-d5 passes d6, Black's P4 d2-d4 passes d3; Red, next, has had no turn since
    // either, and its pawn e5 (capturing up the board, d6 or f6) stands beside the White
    // pawn d5: e5xd6 takes it en passant.
    let both = after(&g, start, &["d7-d5", "d2-d4"]);
    assert_eq!(
        both,
        "a1:bK,h1:rK,d4:bP,d5:wP,e5:rP,d8:wK r en_passant=d3 p4=b:d4 en_passant_earlier=d6"
    );
    let mut e = OSullivan::default();
    let listed: BTreeSet<String> = e
        .legal_moves(&g, &pos(&both))
        .unwrap_or_default()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert!(listed.contains("e5-d6"), "{listed:?}");
    assert_eq!(
        after(&g, start, &["d7-d5", "d2-d4", "e5-d6"]),
        "a1:bK,h1:rK,d4:bP,d6:rP,d8:wK w en_passant=d3 p4=b:d4"
    );
    // Red plays elsewhere: White is to move, its own right is over, Black's stays.
    assert_eq!(
        after(&g, start, &["d7-d5", "d2-d4", "h1-h2"]),
        "a1:bK,h2:rK,d4:bP,d5:wP,e5:rP,d8:wK w en_passant=d3 p4=b:d4"
    );
    // Under next-player the second double step ends the first one's window.
    let next = game(&[("turn-order", "white-black-red")]);
    let one = after(&next, start, &["d7-d5", "d2-d4"]);
    assert_eq!(
        one,
        "a1:bK,h1:rK,d4:bP,d5:wP,e5:rP,d8:wK r en_passant=d3 p4=b:d4"
    );
    let listed: BTreeSet<String> = e
        .legal_moves(&next, &pos(&one))
        .unwrap_or_default()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert!(!listed.contains("e5-d6"), "{listed:?}");
}

/// `en_passant_earlier` is read only under both-opponents, with `en_passant`, on a cell a
/// double step passes, for another player than `en_passant`'s: the one before it.
#[test]
fn an_earlier_en_passant_right_is_checked() {
    let both = game(&[
        ("turn-order", "white-black-red"),
        ("en-passant-window", "both-opponents"),
    ]);
    let good = "a1:bK,h1:rK,d4:bP,d5:wP,e5:rP,d8:wK r en_passant=d3 p4=b:d4 en_passant_earlier=d6";
    let mut e = OSullivan::default();
    assert_eq!(e.check(&both, &pos(good)), Ok(()));
    let refused = |g: &Game, text: &str, why: &str| {
        let mut e = OSullivan::default();
        match e.check(g, &pos(text)) {
            Err(EngineError::InvalidPosition(m)) => {
                assert!(m.to_string().contains(why), "{text}: {m}");
                assert_eq!(
                    m.kinds(),
                    [ProblemKind::EnPassantWithoutDoubleStep].into(),
                    "{text}"
                );
            }
            other => panic!("{text}: expected a refusal, got {other:?}"),
        }
    };
    let next = game(&[("turn-order", "white-black-red")]);
    refused(&next, good, "only the reading");
    refused(
        &both,
        "a1:bK,h1:rK,d4:bP,d5:wP,e5:rP,d8:wK r p4=b:d4 en_passant_earlier=d6",
        "without en_passant",
    );
    // d6 holds a piece; f6 has no White pawn beyond; e6 is no cell a double step passes of
    // anyone's... it is (White's e7-e5), but no pawn stands on e5 for White.
    refused(
        &both,
        "a1:bK,h1:rK,d4:bP,d5:wP,d6:rN,e5:rP,d8:wK r en_passant=d3 p4=b:d4 en_passant_earlier=d6",
        "occupied",
    );
    refused(
        &both,
        "a1:bK,h1:rK,d4:bP,d5:wP,e5:rP,d8:wK r en_passant=d3 p4=b:d4 en_passant_earlier=f6",
        "needs w's pawn",
    );
    refused(
        &both,
        "a1:bK,h1:rK,d4:bP,d5:wP,e5:rP,d8:wK r en_passant=d3 p4=b:d4 en_passant_earlier=c4",
        "not a cell a double step passes",
    );
    // Two White rights: a player's own right is over when it is to move again.
    refused(
        &both,
        "a1:bK,h1:rK,c5:wP,d5:wP,d8:wK r en_passant=d6 en_passant_earlier=c6",
        "both w's",
    );
    // White moved before Black (white-black-red): Black's double step is the latest.
    refused(
        &both,
        "a1:bK,h1:rK,d4:bP,d5:wP,e5:rP,d8:wK r en_passant=d6 p4=b:d4 en_passant_earlier=d3",
        "the latest",
    );
}

/// D5: the move that ends the game passes the turn like any other: to the next player in
/// turn order still in the game, here the winner, the last king left.
#[test]
fn the_move_that_ends_the_game_passes_the_turn() {
    // Red is out (no king). White's rook c6-a6 checks Black's king a1 down the a-file;
    // a2 is on that file and b1, b2 on the b-file of White's rook b7: Black is mated when
    // its turn comes, its king is removed, and White is the last king.
    let g = game(&[]);
    let over = after(&g, "a1:bK,c6:wR,b7:wR,d8:wK w", &["c6-a6"]);
    assert_eq!(over, "a6:wR,b7:wR,d8:wK w");
    let mut e = OSullivan::default();
    let s = pos(&over);
    assert_eq!(s.to_move, Seat::A, "{over}");
    assert_eq!(
        e.outcome(&g, &s),
        Ok(trichess_model::Outcome::Won {
            winner: Seat::A,
            reason: trichess_model::Reason::LastKingStanding
        })
    );
}
