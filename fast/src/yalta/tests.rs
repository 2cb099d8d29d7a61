//! Tests of Yalta's tables and engine against facts of the rule text, the register's readings
//! and DESIGN.md, and of the fast perft against a plain recursion through the engine's API.

use super::tables::{bit, bits, orthogonal_then_diagonal, two_then_one, two_way};
use super::*;
use crate::hex::Hex;

fn at(name: &str) -> u8 {
    let board = Variant::Yalta.board();
    board.index(board.parse_cell(name).unwrap()).unwrap() as u8
}

fn names(m: u128) -> Vec<String> {
    let board = Variant::Yalta.board();
    let mut v: Vec<String> = bits(m)
        .map(|c| board.cell_at(usize::from(c)).unwrap().to_string())
        .collect();
    v.sort();
    v
}

fn set(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn game(readings: &[(&str, &str)]) -> Game {
    let mut g = Game::new(Variant::Yalta);
    for (id, r) in readings {
        g.interpretations.insert((*id).into(), (*r).into());
    }
    g
}

#[test]
fn every_knight_leap_changes_colour_under_every_reading() {
    let hex = Hex::get(4);
    for reading in [
        KnightReading::Symmetric,
        KnightReading::OrthogonalThenDiagonal,
        KnightReading::TwoThenOne,
    ] {
        let t = Tables::get(reading, false);
        for c in 0..CELLS as u8 {
            assert_ne!(t.knight[usize::from(c)], 0);
            for x in bits(t.knight[usize::from(c)]) {
                assert_ne!(hex.colour(c), hex.colour(x), "{reading:?}");
            }
        }
    }
}

#[test]
fn knight_readings_near_the_centre_are_the_registers() {
    let sym = Tables::get(KnightReading::Symmetric, false);
    assert_eq!(
        names(sym.knight[usize::from(at("Ad4"))]),
        set("Ac2 Ae2 Ab3 Af3 Bc4 Bd3 Cc4 Cd3 Cf3 Cg4")
    );
    let od = Tables::get(KnightReading::OrthogonalThenDiagonal, false);
    assert_eq!(
        names(od.knight[usize::from(at("Ad4"))]),
        set("Ac2 Ae2 Ab3 Af3 Bc4 Cd3 Cf3 Cg4")
    );
    let ad3 = od.knight[usize::from(at("Ad3"))];
    assert!(ad3 & bit(at("Bd4")) != 0 && ad3 & bit(at("Cd4")) != 0);
    assert_eq!(od.knight[usize::from(at("Cd4"))] & bit(at("Ad3")), 0);
    let to = Tables::get(KnightReading::TwoThenOne, false);
    assert_eq!(
        names(to.knight[usize::from(at("Ad3"))]),
        set("Ac1 Ae1 Ab2 Af2 Ab4 Af4 Cd4 Cf4")
    );
    // Closing either path definition under reversal gives the same leaps; away from the
    // centre a knight leaps as on a chessboard.
    let hex = Hex::get(4);
    assert_eq!(
        two_way(&orthogonal_then_diagonal(hex)),
        two_way(&two_then_one(hex))
    );
    for t in [sym, od, to] {
        assert_eq!(names(t.knight[usize::from(at("Ab1"))]), set("Aa3 Ac3 Ad2"));
        assert_eq!(
            names(t.knight[usize::from(at("Ae2"))]),
            set("Ac1 Ag1 Ac3 Ag3 Ad4 Af4")
        );
    }
}

#[test]
fn king_steps_and_pawn_captures_at_the_centre() {
    let t = Tables::get(KnightReading::Symmetric, false);
    assert_eq!(
        names(t.king[usize::from(at("Ad4"))]),
        set("Ac3 Ac4 Ad3 Ae3 Ae4 Bd4 Cd4 Ce4 Cf4")
    );
    let touching = Tables::get(KnightReading::Symmetric, true);
    assert_eq!(
        names(touching.king[usize::from(at("Ad4"))] & !t.king[usize::from(at("Ad4"))]),
        set("Be4")
    );
    assert_eq!(names(t.caps[0][usize::from(at("Ad4"))]), set("Bd4 Cd4 Cf4"));
    assert_eq!(t.push[0][usize::from(at("Ad4"))], at("Ce4"));
    assert_eq!(t.push[0][usize::from(at("Ce4"))], at("Ce3"));
    assert_eq!(names(t.caps[0][usize::from(at("Ce3"))]), set("Cd2 Cf2"));
    assert_eq!(t.push[1][usize::from(at("Bd2"))], at("Bd3"));
    assert_eq!(names(t.double_bit[1][usize::from(at("Bd2"))]), set("Bd4"));
    // The reverse tables are exact.
    for a in 0..3 {
        for c in 0..CELLS as u8 {
            for x in bits(t.caps[a][usize::from(c)]) {
                assert!(t.pawn_from[a][usize::from(x)] & bit(c) != 0);
            }
        }
    }
}

/// Plain perft through the engine's own `legal_moves` and `play`.
fn slow_perft(e: &mut Yalta, g: &Game, s: &Setup, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = e.legal_moves(g, s).unwrap();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let after = e.play(g, s, m).unwrap();
            slow_perft(e, g, &after, depth - 1)
        })
        .sum()
}

const POSITIONS: &[(&str, &[(&str, &str)])] = &[
    ("start", &[]),
    ("Ah1:rK,Ag2:rP,Ah2:rP,Ac3:gR,Aa3:bB,Be1:gK,Ce1:bK g", &[]),
    (
        "Ah1:rK,Ag2:rP,Ah2:rP,Ac3:gR,Aa3:bB,Be1:gK,Ce1:bK g",
        &[("yalta.mate-final", "after-left-player")],
    ),
    (
        "Ae1:rK,Ah1:rR,Aa1:rR,Ad2:rP,Ae4:gP,Bd2:rP,Bc1:bN,Be1:gK,Ac4:bP,Ce1:bK,Ad4:gN r castling=Aa1,Ah1",
        &[("yalta.en-passant-window", "both-opponents")],
    ),
    (
        "Bd2:rP,Bc1:bN,Be1:gB,Bh1:gK,Ch1:bK,Ad4:bQ b control=r:b",
        &[
            ("yalta.takeover-promotion", "any-capture"),
            ("yalta.stalemate", "pass"),
        ],
    ),
    (
        "Ah1:rK,Ah3:bN,Ba3:gR,Be1:gK,Ce1:bK,Cd4:bB b",
        &[
            ("yalta.knight-centre", "two-then-one"),
            ("yalta.turn-order", "red-blue-green"),
        ],
    ),
];

fn setup(g: &Game, text: &str) -> Setup {
    if text == "start" {
        Yalta::default().start(g).unwrap()
    } else {
        Setup::parse(Variant::Yalta, text).unwrap()
    }
}

#[test]
fn fast_perft_equals_plain_recursion_and_divide() {
    let mut e = Yalta::default();
    for &(text, readings) in POSITIONS {
        let g = game(readings);
        let s = setup(&g, text);
        e.check(&g, &s).unwrap();
        for depth in 1..=3 {
            let fast = e.perft(&g, &s, depth).unwrap();
            assert_eq!(
                fast,
                slow_perft(&mut e, &g, &s, depth),
                "{text} depth {depth}"
            );
            let rows = e.perft_divide(&g, &s, depth).unwrap();
            assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), fast);
        }
    }
}

#[test]
fn start_perft() {
    let g = Game::new(Variant::Yalta);
    let mut e = Yalta::default();
    let s = e.start(&g).unwrap();
    let depth: u32 = std::env::var("YALTA_PERFT_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    for d in 1..=depth {
        let t = std::time::Instant::now();
        let n = e.perft(&g, &s, d).unwrap();
        let secs = t.elapsed().as_secs_f64();
        println!(
            "yalta perft {d}: {n} nodes in {secs:.3} s ({:.0} nodes/s)",
            n as f64 / secs.max(1e-9)
        );
        if d == 3 {
            assert_eq!(n, 8000);
        }
    }
}

/// A small deterministic generator for garbage setups.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

#[test]
fn garbage_setups_never_panic() {
    let board = Variant::Yalta.board();
    let mut rng = Lcg(7);
    let mut e = Yalta::default();
    let games = [
        Game::new(Variant::Yalta),
        game(&[
            ("yalta.mate-final", "after-left-player"),
            ("yalta.stalemate", "pass"),
            ("yalta.en-passant-window", "both-opponents"),
        ]),
    ];
    let mut accepted = 0;
    for round in 0..3000 {
        let g = &games[round % 2];
        let mut s = Setup::parse(Variant::Yalta, "Ae1:rK,Be1:gK,Ce1:bK r").unwrap();
        s.pieces.clear();
        for _ in 0..rng.next(12) {
            let cell = board.cell_at(rng.next(96) as usize).unwrap();
            let owner = Seat::ALL[rng.next(3) as usize];
            let kinds = if rng.next(4) == 0 { 14 } else { 6 };
            let role = Role::ALL[rng.next(kinds) as usize];
            s.pieces.insert(cell, Piece::new(owner, role));
        }
        if rng.next(4) != 0 {
            for seat in Seat::ALL {
                let cell = board.cell_at(rng.next(96) as usize).unwrap();
                s.pieces.insert(cell, Piece::new(seat, Role::King));
            }
        }
        s.to_move = Seat::ALL[rng.next(3) as usize];
        for _ in 0..rng.next(2) {
            s.castling
                .insert(board.cell_at(rng.next(96) as usize).unwrap());
        }
        if rng.next(6) == 0 {
            s.en_passant = board.cell_at(rng.next(96) as usize);
        }
        if let VariantState::Yalta(st) = &mut s.state {
            if rng.next(6) == 0 {
                st.control.insert(
                    Seat::ALL[rng.next(3) as usize],
                    Seat::ALL[rng.next(3) as usize],
                );
            }
            if rng.next(8) == 0 {
                st.first_check.insert(
                    Seat::ALL[rng.next(3) as usize],
                    Seat::ALL[rng.next(3) as usize],
                );
            }
            if rng.next(8) == 0 {
                st.pending_mate.insert(Seat::ALL[rng.next(3) as usize]);
            }
        }
        if rng.next(50) == 0 {
            s.state = VariantState::default_for(Variant::OSullivan, &s.pieces);
        }
        match e.check(g, &s) {
            Ok(()) => {
                accepted += 1;
                let moves = e.legal_moves(g, &s).unwrap();
                e.outcome(g, &s).unwrap();
                assert_eq!(e.perft(g, &s, 1).unwrap(), moves.len() as u64);
                for m in moves.into_iter().take(3) {
                    let after = e.play(g, &s, m).unwrap();
                    e.check(g, &after).unwrap();
                    e.perft(g, &after, 2).unwrap();
                }
            }
            Err(EngineError::InvalidPosition(_)) => {
                assert!(e.legal_moves(g, &s).is_err());
                assert!(e.perft(g, &s, 2).is_err());
                assert!(e.outcome(g, &s).is_err());
            }
            Err(other) => panic!("{other}"),
        }
    }
    assert!(accepted > 100, "only {accepted} accepted");
}

#[test]
fn refused_readings_and_positions() {
    assert!(
        Yalta::default()
            .supports(&game(&[("yalta.turn-order", "clockwise")]))
            .is_err()
    );
    assert!(
        Yalta::default()
            .supports(&game(&[("yalta.no-such-point", "x")]))
            .is_err()
    );
    assert!(
        Yalta::default()
            .supports(&Game::new(Variant::OSullivan))
            .is_err()
    );
    let g = Game::new(Variant::Yalta);
    for bad in [
        "Ae1:rK,Ad1:rK,Be1:gK,Ce1:bK r",
        "Ac1:rP,Ae1:rK,Be1:gK,Ce1:bK r",
        "Ag2:rP,Be1:gK,Ce1:bK g",
        "Be1:gK,Ce1:bK r",
        "Ae1:rK,Be1:gK,Ce1:bK r castling=Ah1",
        "Ae1:rK,Be1:gK,Ce1:bK r en_passant=Ad3",
        "Ae1:rK,Be1:gK,Ce1:bK r control=r:g",
    ] {
        let s = Setup::parse(Variant::Yalta, bad).unwrap();
        assert!(
            matches!(
                Yalta::default().check(&g, &s),
                Err(EngineError::InvalidPosition(_))
            ),
            "{bad}"
        );
    }
}

#[test]
fn the_pin_filter_changes_no_move_set() {
    let mut rng = Lcg(99);
    for &(text, readings) in POSITIONS {
        let g = game(readings);
        let fast = rules(&g, None).unwrap();
        let full = Rules {
            test_all: true,
            ..fast
        };
        let s = setup(&g, text);
        let start = read(&s, &fast).unwrap();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..40 {
            let mut pos = start.clone();
            for _ in 0..60 {
                pos.legal(pos.to_move, &fast, &mut a);
                pos.legal(pos.to_move, &full, &mut b);
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "{text}");
                if a.is_empty() || in_game(&pos) < 2 {
                    break;
                }
                let m = a[rng.next(a.len() as u64) as usize];
                pos.make(m, &fast, &mut a);
            }
        }
    }
}

/// Every position reached by play is valid, and its outcome fits its moves.
#[test]
fn random_playouts_stay_valid_under_every_reading() {
    let points: [(&str, &[&str]); 8] = [
        ("yalta.turn-order", &["red-green-blue", "red-blue-green"]),
        (
            "yalta.knight-centre",
            &["symmetric", "orthogonal-then-diagonal", "two-then-one"],
        ),
        ("yalta.king-across-centre", &["lines-only", "touching"]),
        (
            "yalta.en-passant-window",
            &["next-player", "both-opponents"],
        ),
        ("yalta.mate-final", &["own-turn", "after-left-player"]),
        (
            "yalta.takeover-promotion",
            &["sacrifice", "any-capture", "as-usual"],
        ),
        (
            "yalta.simultaneous-checks",
            &["mover-first", "uncovered-first"],
        ),
        ("yalta.stalemate", &["draw", "pass"]),
    ];
    let mut rng = Lcg(2026);
    let mut e = Yalta::default();
    let mut ended = 0;
    let mut taken = 0;
    for _ in 0..60 {
        let mut g = Game::new(Variant::Yalta);
        for (id, readings) in points {
            let r = readings[rng.next(readings.len() as u64) as usize];
            g.interpretations.insert(id.into(), r.into());
        }
        let mut s = e.start(&g).unwrap();
        for _ in 0..400 {
            e.check(&g, &s)
                .unwrap_or_else(|err| panic!("{err}: {}", s.to_text()));
            let moves = e.legal_moves(&g, &s).unwrap();
            let distinct: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
            assert_eq!(distinct.len(), moves.len(), "a move listed twice");
            if rng.next(40) == 0 {
                assert_eq!(
                    e.perft(&g, &s, 2).unwrap(),
                    slow_perft(&mut e, &g, &s, 2),
                    "{}",
                    s.to_text()
                );
            }
            let outcome = e.outcome(&g, &s).unwrap();
            if moves.is_empty() {
                assert!(
                    matches!(outcome, Outcome::Won { .. } | Outcome::Drawn { .. }),
                    "{outcome:?} {}",
                    s.to_text()
                );
                ended += 1;
                break;
            }
            assert_eq!(outcome, Outcome::Ongoing);
            // Prefer captures, so that games end.
            let captures: Vec<&Move> = moves.iter().filter(|m| s.piece(m.to()).is_some()).collect();
            let m = if !captures.is_empty() && rng.next(8) != 0 {
                *captures[rng.next(captures.len() as u64) as usize]
            } else {
                moves[rng.next(moves.len() as u64) as usize]
            };
            s = e.play(&g, &s, m).unwrap();
            if s.yalta().is_some_and(|st| !st.control.is_empty()) {
                taken += 1;
            }
            let round = Setup::parse(Variant::Yalta, &s.to_text()).unwrap();
            assert_eq!(round, s);
        }
    }
    println!("{ended} games ended, {taken} positions with an army taken over");
    assert!(taken > 0);
}
