//! Tests of Yalta's tables and engine against facts of the rule text, the register's readings
//! and the board as `docs/variants-and-readings.md` describes it, and of the fast perft against
//! a plain recursion through the engine's API.

use super::tables::{bit, bits, orthogonal_then_diagonal, two_then_one, two_way};
use super::*;
use crate::hex::Hex;
use crate::mutant::Off;
use trichess_model::{Engine, Role, Seat};

/// The fast engine's Yalta.
type Yalta = crate::engine::VariantEngine<super::Yalta<Off>>;

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
    assert_eq!(
        names(t.pawn[0][usize::from(at("Ad4"))].caps),
        set("Bd4 Cd4 Cf4")
    );
    assert_eq!(t.push[0][usize::from(at("Ad4"))], at("Ce4"));
    assert_eq!(t.push[0][usize::from(at("Ce4"))], at("Ce3"));
    assert_eq!(
        names(t.pawn[0][usize::from(at("Ce3"))].caps),
        set("Cd2 Cf2")
    );
    assert_eq!(t.push[1][usize::from(at("Bd2"))], at("Bd3"));
    assert_eq!(names(t.pawn[1][usize::from(at("Bd2"))].two), set("Bd4"));
    // The reverse tables are exact.
    for a in 0..3 {
        for c in 0..CELLS as u8 {
            for x in bits(t.pawn[a][usize::from(c)].caps) {
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
        "Ad2:rR,Ae1:rK,Ae3:gR,Ab2:rB,Ad4:gK,Ce1:bK,Cd2:bP,Cc2:bP r",
        &[
            ("yalta.exposed-king", "capture"),
            ("yalta.en-passant-window", "both-opponents"),
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
fn a_line_reaches_what_a_walk_along_it_reaches() {
    let hex = Hex::get(4);
    let mut rng = Lcg(5);
    for c in 0..CELLS as u8 {
        for ray in hex.orth_rays(c).iter().chain(hex.diag_rays(c)) {
            let line = tables::Line::of(&ray.cells);
            for _ in 0..200 {
                // Occupancies from sparse to dense.
                let density = 1 + rng.next(4);
                let occ = (0..CELLS as u8)
                    .filter(|_| rng.next(8) < density)
                    .fold(0, |m, x| m | bit(x));
                let first = ray.cells.iter().position(|&x| occ & bit(x) != 0);
                let walked = ray.cells[..first.map_or(ray.cells.len(), |i| i + 1)]
                    .iter()
                    .fold(0, |m, &x| m | bit(x));
                assert_eq!(line.reach(occ), walked, "{:?} {occ:x}", ray.cells);
                assert_eq!(line.first(occ), first.map_or(0, |i| bit(ray.cells[i])));
            }
            assert_eq!(line.mask(), line.reach(0));
        }
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
            ("yalta.exposed-king", "capture"),
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
            if rng.next(8) == 0 {
                st.en_passant_earlier = board.cell_at(rng.next(96) as usize);
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
            Err(EngineError::InvalidPosition(why)) => {
                assert!(why.is_classified(), "{why}");
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
        let fast = rules::<Off>(&g, None).unwrap();
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
    let points: [(&str, &[&str]); 10] = [
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
        ("yalta.exposed-king", &["no-capture", "capture"]),
        ("yalta.captured-king-army", &["passed", "hostile"]),
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

/// The position after playing `moves` from `text`.
fn after(g: &Game, text: &str, moves: &[&str]) -> Setup {
    let mut s = Setup::parse(Variant::Yalta, text).unwrap();
    for m in moves {
        let mv = Move::parse(Variant::Yalta, m).unwrap();
        s = Yalta::default()
            .play(g, &s, mv)
            .unwrap_or_else(|err| panic!("{m}: {err}"));
    }
    s
}

fn listed(g: &Game, s: &Setup) -> BTreeSet<String> {
    Yalta::default()
        .legal_moves(g, s)
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

fn yalta(text: &str) -> Setup {
    Setup::parse(Variant::Yalta, text).unwrap()
}

/// yalta.exposed-king: the issue's example, 13 moves without king capture and 14 with it.
/// Red's rook d2 sees d3 and Green's king on d4 up the file, d1 down it, a2-c2 and e2-h2 along
/// rank 2 (9 moves, 10 with the king); Red's king e1 steps to d1, f1, e2 or f2 (4).
#[test]
fn an_exposed_king_is_taken_only_under_the_reading_capture() {
    let text = "Ad2:rR,Ae1:rK,Ad4:gK,Ce1:bK r";
    let s = yalta(text);
    let default = listed(&game(&[]), &s);
    assert_eq!(default.len(), 13, "{default:?}");
    assert!(!default.contains("Ad2-Ad4"));
    let capture = game(&[("yalta.exposed-king", "capture")]);
    let more = listed(&capture, &s);
    assert_eq!(more.len(), 14, "{more:?}");
    assert!(more.is_superset(&default) && more.contains("Ad2-Ad4"));
    // Green is out: its king is gone and its army (nothing left of it) passes to Red, as
    // after a mate; Blue is next.
    assert_eq!(
        after(&capture, text, &["Ad2-Ad4"]),
        yalta("Ad4:rR,Ae1:rK,Ce1:bK b control=g:r")
    );
}

/// yalta.exposed-king = capture: the taken king's pieces are the capturer's at once, so they
/// no longer count as attacking it; the game ends when one king is left, the turn passing to
/// it (D5).
#[test]
fn taking_a_king_hands_over_its_army() {
    let capture = game(&[("yalta.exposed-king", "capture")]);
    // Green's rook Ae3 would check Red's king on Ae1 down the e-file once the Red rook Ae2
    // leaves it; taking Green's king with that rook makes the Green rook Red's.
    let text = "Ae1:rK,Ae2:rR,Ae3:gR,Ab2:rB,Ad4:gK,Ce1:bK r";
    let s = yalta(text);
    let moves = listed(&capture, &s);
    assert!(!moves.contains("Ae2-Af2"), "the rook is pinned: {moves:?}");
    let after_take = after(&capture, text, &["Ab2-Ad4"]);
    assert_eq!(
        after_take,
        yalta("Ae1:rK,Ae2:rR,Ae3:gR,Ad4:rB,Ce1:bK b control=g:r")
    );
    // In check from Green's rook, Red may answer by taking Green's king: the rook is then
    // Red's and checks nobody.
    let checked = yalta("Ae1:rK,Ae3:gR,Ab2:rB,Ad4:gK,Ce1:bK r");
    assert!(listed(&capture, &checked).contains("Ab2-Ad4"));
    assert!(!listed(&game(&[]), &checked).contains("Ab2-Ad4"));
    // So are the armies it controlled: Green's king takes Blue's on e1, and the rook h1 of
    // Red's army, which Blue controlled, is Green's too and does not check it there.
    let controlled = yalta("Ae1:bK,Af1:gK,Ah1:rR g control=r:b");
    assert!(listed(&capture, &controlled).contains("Af1-Ae1"));
    let mut e = Yalta::default();
    // Red moves the Green rook now.
    let red = after(&capture, text, &["Ab2-Ad4", "Ce1-Cd1"]);
    assert!(listed(&capture, &red).contains("Ae3-Ah3"));
    // The pawns of an army taken over promote only by sacrificing a piece of their
    // controller's (yalta.takeover-promotion), never its king: Blue's Red pawn d2 (moving down
    // Green's half-board) may not take Blue's own king on e1; found by trichess diff.
    let own_king = yalta("Be1:bK,Bd2:rP,Bh2:gK b control=r:b");
    let moves = listed(&capture, &own_king);
    assert!(moves.iter().all(|m| !m.starts_with("Bd2-Be1")), "{moves:?}");
    // Blue gone too: Red takes the last other king and is to move, the winner.
    let last = "Ad2:rR,Ae1:rK,Ad4:gK g control=b:g";
    let red_to_move = after(&capture, &last.replace(" g ", " r "), &[]);
    let over = after(&capture, &red_to_move.to_text(), &["Ad2-Ad4"]);
    assert_eq!(over.to_move, Seat::A, "{}", over.to_text());
    assert_eq!(
        e.outcome(&capture, &over),
        Ok(Outcome::Won {
            winner: Seat::A,
            reason: Reason::LastKingStanding
        })
    );
}

/// D2: under both-opponents two double steps in a row keep both rights.
#[test]
fn two_double_steps_in_a_row_keep_both_rights() {
    let both = game(&[("yalta.en-passant-window", "both-opponents")]);
    // Blue's pawn Ac4 (come from Cf4) attacks Ad3, its pawn Be4 (come from Cd4) Bd3. Red's
    // d2-d4 passes Ad3, Green's d2-d4 passes Bd3; Blue, next, may take either.
    let text = "Ad2:rP,Bd2:gP,Ac4:bP,Be4:bP,Ah1:rK,Bh1:gK,Ch1:bK r";
    let two = after(&both, text, &["Ad2-Ad4", "Bd2-Bd4"]);
    assert_eq!(
        two,
        yalta(
            "Ac4:bP,Ad4:rP,Be4:bP,Bd4:gP,Ah1:rK,Bh1:gK,Ch1:bK b en_passant=Bd3 en_passant_earlier=Ad3"
        )
    );
    let moves = listed(&both, &two);
    assert!(
        moves.contains("Ac4-Ad3") && moves.contains("Be4-Bd3"),
        "{moves:?}"
    );
    // Taking Red's pawn leaves Green's right to Red, who is next.
    assert_eq!(
        after(&both, text, &["Ad2-Ad4", "Bd2-Bd4", "Ac4-Ad3"]),
        yalta("Ad3:bP,Be4:bP,Bd4:gP,Ah1:rK,Bh1:gK,Ch1:bK r en_passant=Bd3")
    );
    // Under next-player only the latest double step may be taken.
    let next = game(&[]);
    let one = after(&next, text, &["Ad2-Ad4", "Bd2-Bd4"]);
    assert_eq!(
        one,
        yalta("Ac4:bP,Ad4:rP,Be4:bP,Bd4:gP,Ah1:rK,Bh1:gK,Ch1:bK b en_passant=Bd3")
    );
    let moves = listed(&next, &one);
    assert!(!moves.contains("Ac4-Ad3") && moves.contains("Be4-Bd3"));
    // The earlier right is checked.
    let refused = |g: &Game, text: &str| {
        assert!(
            matches!(
                Yalta::default().check(g, &yalta(text)),
                Err(EngineError::InvalidPosition(why))
                    if why.kinds() == [ProblemKind::EnPassantWithoutDoubleStep].into()
            ),
            "{text}"
        );
    };
    let good =
        "Ac4:bP,Ad4:rP,Be4:bP,Bd4:gP,Ah1:rK,Bh1:gK,Ch1:bK b en_passant=Bd3 en_passant_earlier=Ad3";
    assert_eq!(Yalta::default().check(&both, &yalta(good)), Ok(()));
    refused(&next, good);
    refused(
        &both,
        "Ac4:bP,Ad4:rP,Be4:bP,Bd4:gP,Ah1:rK,Bh1:gK,Ch1:bK b en_passant_earlier=Ad3",
    );
    refused(
        &both,
        "Ac4:bP,Ad4:rP,Be4:bP,Bd4:gP,Ah1:rK,Bh1:gK,Ch1:bK b en_passant=Ad3 en_passant_earlier=Bd3",
    );
    refused(
        &both,
        "Ac4:bP,Ad4:rP,Ae4:rP,Ah1:rK,Bh1:gK,Ch1:bK b en_passant=Ad3 en_passant_earlier=Ae3",
    );
    refused(
        &both,
        "Ac4:bP,Ad4:rP,Be4:bP,Bd4:gP,Ah1:rK,Bh1:gK,Ch1:bK b en_passant=Bd3 en_passant_earlier=Ac3",
    );
}

/// D3: a pending mate is only for a player in check who is not to move; one whose check a
/// move has ended is lifted.
#[test]
fn a_pending_mate_needs_a_check() {
    let after_left = game(&[("yalta.mate-final", "after-left-player")]);
    let no_check = yalta("Ad1:rK,Ce2:bK b pending_mate=r");
    assert!(matches!(
        Yalta::default().check(&after_left, &no_check),
        Err(EngineError::InvalidPosition(why))
            if why.to_string().contains("in check")
                && why.kinds() == [ProblemKind::PendingMateDoesNotFit].into()
    ));
    // Blue's rook Bc1 checks Green's king Bh1 along Green's rank 1; g1 is on the rank, g2
    // and h2 hold Green's pawns: Green cannot move and, Red (its left) being in the game,
    // passes with its mate pending.
    let text = "Bh1:gK,Bg2:gP,Bh2:gP,Bc1:bR,Ae1:rK,Ce1:bK r";
    let pending = after(&after_left, text, &["Ae1-Ad1"]);
    assert_eq!(
        pending,
        yalta("Bh1:gK,Bg2:gP,Bh2:gP,Bc1:bR,Ad1:rK,Ce1:bK b pending_mate=g")
    );
    // Blue's rook leaves the rank: the check is over, and so is the pending mate.
    assert_eq!(
        after(&after_left, text, &["Ae1-Ad1", "Bc1-Bc2"]),
        yalta("Bh1:gK,Bg2:gP,Bh2:gP,Bc2:bR,Ad1:rK,Ce1:bK r")
    );
}

/// D3: a pending mate whose checker leaves the game is lifted. Turn order red-blue-green.
/// After Red's move, Blue's king e1 stands next to Green's king e2, which attacks d1, d2 and
/// f1; f2 holds Blue's pawn: Blue, in check with no move, passes with its mate pending. Green's
/// king e2 is in check from Blue's king and knight g1; d1, d2, f1 and f2 are next to Blue's
/// king, e3 and d3 are the pawns f2's and c2's, f3 the knight's: Green passes too, its mate
/// pending. At the end of Green's turn Blue's mate is final: its king leaves and its army is
/// Green's, so nothing checks Green any more, and Green's pending mate is lifted.
#[test]
fn a_pending_mate_ends_with_its_check() {
    let g = game(&[
        ("yalta.mate-final", "after-left-player"),
        ("yalta.turn-order", "red-blue-green"),
    ]);
    assert_eq!(
        after(
            &g,
            "Ae2:rK,Ce1:bK,Cg1:bN,Cc2:bP,Ce2:gK,Cf2:bP r",
            &["Ae2-Ad1"]
        ),
        yalta("Ad1:rK,Cg1:bN,Cc2:bP,Ce2:gK,Cf2:bP r control=b:g")
    );
}

/// D5: the mate that leaves one king passes the turn to it, the next player still in the
/// game.
#[test]
fn the_move_that_ends_the_game_passes_the_turn() {
    let g = game(&[]);
    let over = after(
        &g,
        "Ag2:rP,Be1:gK,Cc3:gR,Ch1:bK,Cg2:bP,Ch2:bP g control=r:g",
        &["Cc3-Cc1"],
    );
    assert_eq!(over.to_move, Seat::B, "{}", over.to_text());
    assert!(Yalta::default().legal_moves(&g, &over).unwrap().is_empty());
}
