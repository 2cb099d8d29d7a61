//! Tests of the fast O'Sullivan: geometry against the rule text and DESIGN.md, perft against
//! divide and against a plain recursion through `legal_moves` and `play`, validation of garbage.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use trichess_model::{
    BySeat, Cell, Engine, EngineError, Game, Move, OSullivanState, Piece, Role, Seat, Setup,
    Variant, VariantState, YaltaState,
};

use super::OSullivan;
use super::geometry::{DIRS, N, NONE, geometry};

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

/// A small deterministic generator (xorshift), so the tests need no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
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
                VariantState::OSullivan(OSullivanState { p4, p4_freed })
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
            assert!(matches!(err, EngineError::InvalidPosition(_)), "{err}");
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
                assert!(why.contains(part), "{part} missing from: {why}");
            }
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
