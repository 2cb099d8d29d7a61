//! Tests of the Triple Crown engine against facts of the rule text, and of its fast paths
//! against plain recursions through its own boundary methods.

use std::collections::BTreeMap;

use trichess_model::{Piece, ProblemKind, Role, Seat, Variant, VariantState};

use super::board::Ctx;
use super::options::{KnightReading, Readings};
use super::turn::Mv;
use super::*;
use crate::bitset::Bitset;
use crate::mutant::Off;
use trichess_model::Engine;

/// The fast engine's Triple Crown.
type TripleCrown = crate::engine::VariantEngine<super::TripleCrown<Off>>;

fn game(readings: &[(&str, &str)]) -> Game {
    let mut g = Game::new(Variant::TripleCrown);
    for (id, r) in readings {
        g.interpretations
            .insert(format!("triple-crown.{id}"), (*r).to_string());
    }
    g
}

fn setup(text: &str) -> Setup {
    Setup::parse(Variant::TripleCrown, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mv(text: &str) -> Move {
    Move::parse(Variant::TripleCrown, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(g: &Game, s: &Setup) -> Vec<String> {
    let mut v: Vec<String> = TripleCrown::default()
        .legal_moves(g, s)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|m| m.to_string())
        .collect();
    v.sort();
    v
}

/// Perft through the boundary only: legal_moves and play on setups.
fn slow_perft(g: &Game, s: &Setup, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut e = TripleCrown::default();
    let mut n = 0;
    for m in e.legal_moves(g, s).unwrap_or_else(|e| panic!("{e}")) {
        let after = e.play(g, s, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        n += slow_perft(g, &after, depth - 1);
    }
    n
}

#[test]
fn the_board_has_150_cells_and_the_rule_texts_degrees() {
    let t = tables::tables(KnightReading::Symmetric);
    assert_eq!(t.cells.len(), 150);
    for (i, c) in t.cells.iter().enumerate() {
        assert_eq!(Variant::TripleCrown.board().index(*c), Some(i));
    }
    let cell = |name: &str| {
        let c = Variant::TripleCrown
            .board()
            .parse_cell(name)
            .unwrap_or_else(|e| panic!("{e}"));
        validate::cell_index(c).unwrap_or_else(|| panic!("{name}"))
    };
    // A corner of rank 1: two orthogonal neighbours and one diagonal one.
    assert_eq!(t.wazir[cell("Aj1")].count(), 2);
    assert_eq!(t.ferz[cell("Aj1")].count(), 1);
    // A centre cell: four orthogonal neighbours; five diagonal ones (the fork), one across.
    assert_eq!(t.wazir[cell("Ae5")].count(), 4);
    assert_eq!(t.ferz[cell("Ae5")].count(), 5);
    assert_eq!(
        t.across[cell("Ae5")].iter().collect::<Vec<_>>(),
        [cell("Bf5")]
    );
    assert_eq!(
        t.across[cell("Af5")].iter().collect::<Vec<_>>(),
        [cell("Ce5")]
    );
    assert_eq!(
        t.across[cell("Be5")].iter().collect::<Vec<_>>(),
        [cell("Cf5")]
    );
    assert!(t.across[cell("Ae4")].is_empty());
    // Every orthogonal and diagonal neighbour relation is symmetric.
    for c in 0..150 {
        for d in t.wazir[c].iter() {
            assert!(t.wazir[d].has(c));
        }
        for d in t.ferz[c].iter() {
            assert!(t.ferz[d].has(c));
        }
    }
    // triple-crown.board-size: 15 files of 10 cells and each rank of 10 cells.
    let file_len = |c: &str| {
        t.ortho[cell(c)][..t.n_ortho[cell(c)] as usize]
            .iter()
            .map(|r| reach(r, bits::Bits::EMPTY).count() as usize)
            .collect::<Vec<_>>()
    };
    let mut ae1 = file_len("Ae1");
    ae1.sort();
    assert_eq!(ae1, [4, 5, 9]); // d..a, f..j along rank 1, and up the file: 9 more cells
}

#[test]
fn both_knight_descriptions_have_the_same_symmetric_closure() {
    let od = tables::knight_leaps(KnightReading::OrthogonalThenDiagonal);
    let to = tables::knight_leaps(KnightReading::TwoThenOne);
    let close = |v: &[bits::Bits]| {
        let mut out = v.to_vec();
        for (c, b) in v.iter().enumerate() {
            for d in b.iter() {
                out[d].set(c);
            }
        }
        out
    };
    assert_eq!(close(&od), close(&to));
    // Every Knight move changes colour, and far from the centre there are at most eight.
    for (c, b) in close(&od).iter().enumerate() {
        let (_, f, r) = board::coords(c);
        for d in b.iter() {
            let (_, g, s) = board::coords(d);
            assert_ne!((f + r) % 2, (g + s) % 2);
        }
        if r < 3 {
            assert!(b.count() <= 8);
        }
    }
}

#[test]
fn the_fixture_suite_passes_in_full() {
    let suite = trichess_suite::Suite::embedded().unwrap_or_else(|e| panic!("{e}"));
    let report = trichess_suite::Runner::of(suite)
        .variant(Variant::TripleCrown)
        .fixtures(&mut TripleCrown::default());
    assert!(report.results.len() > 90);
    let bad: Vec<String> = report
        .results
        .iter()
        .filter(|r| r.verdict != trichess_suite::Verdict::Pass)
        .map(ToString::to_string)
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn perft_equals_the_sum_of_its_divide_rows_and_a_plain_recursion() {
    let positions = [
        (game(&[]), "start"),
        (
            game(&[]),
            "Af1:aE,Aa1:aV,Ab1:aC,Ai1:aC,Aj1:aV,Ae5:aP,Bf5:bP,Bf1:bE,Bc4:bM,Cc1:cE,Cd3:cP,Ce2:cD a castling=Aa1,Ab1,Ai1,Aj1",
        ),
        (
            game(&[("self-exposure", "allowed"), ("stalemate", "out")]),
            "Aa1:aE,Aa3:cV,Ba1:bE,Bc1:cV,Bi3:bP,Cj1:cE,Ce5:cO b",
        ),
        (
            game(&[("knight", "two-then-one"), ("turn-order", "a-c-b")]),
            "Ae4:aN,Aj1:aE,Bj1:bE,Be5:bN,Cj1:cE,Cd5:cN,Cc3:cP a",
        ),
        (
            game(&[]),
            "Af3:aP,Bf3:bP,Ag5:cP,Bg5:cP,Aa1:aE,Bj1:bE,Cj1:cE,Cc2:aP,Ad3:aA a",
        ),
        // en-prise-chain=once: C's Baroness Cf5-Af5 opens B's Pope's line to C's Emperor and
        // closes its line to A's; C falls when B's turn comes, its Baroness with it, which
        // opens the line to A's Emperor again: A falls when the written position is read
        // (found by trichess diff).
        (
            game(&[
                ("en-prise-chain", "once"),
                ("self-exposure", "allowed"),
                ("turn-order", "a-c-b"),
            ]),
            "Aj1:aE,Bj1:bE,Bf5:bO,Cj1:cE,Cf5:cA c",
        ),
    ];
    for (g, text) in positions {
        let mut e = TripleCrown::default();
        let s = if text == "start" {
            e.start(&g).unwrap_or_else(|e| panic!("{e}"))
        } else {
            setup(text)
        };
        for depth in 1..=3 {
            let fast = e.perft(&g, &s, depth).unwrap_or_else(|e| panic!("{e}"));
            let rows = e
                .perft_divide(&g, &s, depth)
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(
                fast,
                rows.iter().map(|(_, n)| n).sum::<u64>(),
                "{text} {depth}"
            );
            if depth <= 2 {
                assert_eq!(fast, slow_perft(&g, &s, depth), "{text} {depth}");
            }
        }
        assert_eq!(e.perft(&g, &s, 0).ok(), Some(1));
    }
}

#[test]
fn check_refuses_garbage_without_panicking() {
    let g = game(&[]);
    let mut e = TripleCrown::default();
    let mut s = setup("Aa1:aE,Bj1:bE,Cj1:cE a");
    // A King, a Rook and a square-board cell.
    let board = Variant::OSullivan.board();
    if let Some(sq) = board.square(0, 0) {
        s.pieces.insert(sq, Piece::new(Seat::A, Role::Rook));
    }
    let ab1 = Variant::TripleCrown.board().hex(Seat::A, 1, 0);
    if let Some(c) = ab1 {
        s.pieces.insert(c, Piece::new(Seat::B, Role::King));
        s.castling.insert(c);
        s.en_passant = Some(c);
    }
    s.state = VariantState::default_for(Variant::Yalta, &BTreeMap::new());
    for r in [
        e.check(&g, &s),
        e.legal_moves(&g, &s).map(|_| ()),
        e.perft(&g, &s, 2).map(|_| ()),
        e.outcome(&g, &s).map(|_| ()),
        e.play(&g, &s, mv("Aa1-Aa2")).map(|_| ()),
    ] {
        assert!(matches!(r, Err(EngineError::InvalidPosition(_))), "{r:?}");
    }
    for bad in [
        "Aa1:aE,Ab1:aE,Bj1:bE,Cj1:cE a",
        "Bj1:bE,Cj1:cE a",
        "Aa1:aE,Bj1:bE,Cj1:cE,Ab2:aP a",
        "Aa1:aE,Bj1:bE,Cj1:cE,Bb1:aP a",
        "Aa1:aE,Bj1:bE,Cj1:cE a castling=Aa1",
        "Aa1:aE,Bj1:bE,Cj1:cE a en_passant=Bc4",
        "Aa1:aE,Bj1:bE,Cj1:cE,Bc5:bP a en_passant_earlier=Bc4",
        "Aa1:aE,Bj1:bE,Cj1:cE,Ac5:aP a en_passant=Ac4",
        "Aa1:aE,Bj1:bE,Cj1:cE a instant_win=a,b",
    ] {
        let s = setup(bad);
        assert!(
            matches!(e.check(&g, &s), Err(EngineError::InvalidPosition(why)) if why.is_classified()),
            "{bad}"
        );
    }
    // Each problem once, by its kind: B's Pawn double-stepped, but B has no Emperor (its
    // pieces would have left the board) and A, to move, has none either; the en passant cell
    // itself fits B's Pawn (found by trichess diff).
    match e.check(&g, &setup("Bb5:bP a en_passant=Bb4")) {
        Err(EngineError::InvalidPosition(why)) => assert_eq!(
            why.kinds(),
            [ProblemKind::MissingRoyal, ProblemKind::SideToMoveOut].into()
        ),
        other => panic!("{other:?}"),
    }
    // Unknown interpretations and readings are refused as unsupported.
    for g in [
        game(&[("knight", "camel")]),
        game(&[("no-such-thing", "x")]),
    ] {
        assert!(matches!(e.supports(&g), Err(EngineError::Unsupported(_))));
    }
    assert!(e.supports(&Game::new(Variant::Yalta)).is_err());
}

#[test]
fn random_playouts_agree_with_the_boundary() {
    // A deterministic pseudo-random walk from the start: at every position the fast perft(2)
    // equals the plain recursion, and every position reached passes the engine's own check.
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for readings in [
        vec![],
        vec![
            ("self-exposure", "allowed"),
            ("stalemate", "out"),
            ("en-prise-chain", "once"),
        ],
        vec![
            ("en-passant-window", "next-player"),
            ("castling-eh", "void"),
        ],
    ] {
        let g = game(&readings);
        let mut e = TripleCrown::default();
        let mut s = e.start(&g).unwrap_or_else(|e| panic!("{e}"));
        for ply in 0..60 {
            e.check(&g, &s).unwrap_or_else(|e| panic!("ply {ply}: {e}"));
            let ms = e.legal_moves(&g, &s).unwrap_or_else(|e| panic!("{e}"));
            if ms.is_empty() {
                break;
            }
            if ply % 15 == 0 {
                let fast = e.perft(&g, &s, 2).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(fast, slow_perft(&g, &s, 2));
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = ms[(seed % ms.len() as u64) as usize];
            s = e.play(&g, &s, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }
}

#[test]
fn nothing_moves_once_the_game_is_over() {
    let g = game(&[]);
    let mut e = TripleCrown::default();
    let s = setup("Aa1:aE,Ba5:aV,Ba1:bE a");
    assert_eq!(e.perft(&g, &s, 1000).ok(), Some(0));
    assert_eq!(e.perft(&g, &s, 0).ok(), Some(1));
    assert!(e.perft_divide(&g, &s, 3).is_ok_and(|rows| rows.is_empty()));
    let s = setup("Aa1:aE,Bj1:bE,Cj1:cE b instant_win=a");
    assert_eq!(
        e.outcome(&g, &s).ok(),
        Some(Outcome::Won {
            winner: Seat::A,
            reason: Reason::InstantWin
        })
    );
    assert!(moves(&g, &s).is_empty());
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random valid position: three Emperors and up to 30 other pieces anywhere they may stand.
fn random_setup(rng: &mut Rng) -> Setup {
    let board = Variant::TripleCrown.board();
    let roles = Variant::TripleCrown.roles();
    loop {
        let mut s = setup("Aa1:aE,Bj1:bE,Cj1:cE a");
        s.pieces.clear();
        for seat in Seat::ALL {
            if let Some(c) = board.cell_at(rng.next(150)) {
                s.pieces.insert(c, Piece::new(seat, Role::Emperor));
            }
        }
        for _ in 0..rng.next(30) {
            let role = roles[1 + rng.next(roles.len() - 1)];
            if let Some(c) = board.cell_at(rng.next(150)) {
                s.pieces
                    .entry(c)
                    .or_insert(Piece::new(Seat::ALL[rng.next(3)], role));
            }
        }
        s.to_move = Seat::ALL[rng.next(3)];
        if validate::problems(&s, &Readings::<Off>::default()).is_empty() {
            return s;
        }
    }
}

#[test]
fn the_legality_shortcuts_agree_with_testing_every_move() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    for knight in [
        KnightReading::Symmetric,
        KnightReading::OrthogonalThenDiagonal,
        KnightReading::TwoThenOne,
    ] {
        let r = Readings::<Off> {
            knight,
            ..Readings::default()
        };
        let ctx = Ctx {
            t: tables::tables(knight),
            r: &r,
        };
        for _ in 0..400 {
            let s = random_setup(&mut rng);
            let mut pos = validate::to_pos(&s);
            pos.remove_en_prise(ctx);
            if pos.over() {
                continue;
            }
            let mut fast = Vec::new();
            pos.legal(ctx, &mut fast);
            let mut all = Vec::new();
            pos.pseudo(ctx, &mut all, false);
            let mut slow: Vec<Mv> = all
                .iter()
                .copied()
                .filter(|&m| !pos.exposes(ctx, m))
                .collect();
            if slow.is_empty() {
                slow = all;
            }
            let key = |m: &Mv| (m.from, m.to, m.kind, m.extra);
            fast.sort_by_key(key);
            slow.sort_by_key(key);
            assert_eq!(fast, slow, "{}", s.to_text());
        }
    }
}

#[test]
fn random_positions_perft_like_the_boundary() {
    let mut rng = Rng(0x0f0f_1234_8765_4321);
    let g = game(&[]);
    for _ in 0..40 {
        let s = random_setup(&mut rng);
        assert_eq!(
            TripleCrown::default().perft(&g, &s, 2).ok(),
            Some(slow_perft(&g, &s, 2)),
            "{}",
            s.to_text()
        );
    }
}

/// Plays `moves` from `position` and returns the text form of the position reached.
fn after(g: &Game, position: &str, moves: &[&str]) -> String {
    let mut e = TripleCrown::default();
    let mut s = setup(position);
    for m in moves {
        s = e.play(g, &s, mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    s.to_text()
}

#[test]
fn rule_facts_through_play() {
    let g = game(&[]);
    // triple-crown.en-passant: the cell passed is recorded after a double step.
    assert_eq!(
        after(&g, "Ac3:aP,Aa1:aE,Bj1:bE,Cj1:cE a", &["Ac3-Ac5"]),
        setup("Aa1:aE,Ac5:aP,Bj1:bE,Cj1:cE b en_passant=Ac4").to_text()
    );
    // Once the double-stepped Pawn is taken normally, nobody can take it en passant.
    assert_eq!(
        after(
            &g,
            "Af3:aP,Bd5:bP,Ag5:cP,Aa1:aE,Bj1:bE,Cj1:cE a",
            &["Af3-Af5", "Bd5-Af5"]
        ),
        setup("Aa1:aE,Af5:bP,Ag5:cP,Bj1:bE,Cj1:cE c").to_text()
    );
    // triple-crown.castling-rights: a captured partner loses its right.
    assert_eq!(
        after(
            &g,
            "Af1:aE,Aj1:aV,Aa1:aV,Bj1:bE,Cc1:cE,Cj1:cV c castling=Aa1,Aj1",
            &["Cj1-Aa1"]
        ),
        setup("Af1:aE,Aj1:aV,Aa1:cV,Bj1:bE,Cc1:cE a castling=Aj1").to_text()
    );
    // triple-crown.pawn-centre-capture: after the capture through the centre the Pawn is in
    // B's half-board and moves down it.
    let s = after(
        &g,
        "Ae5:aP,Be5:bV,Aa1:aE,Bj1:bE,Cj1:cE a",
        &["Ae5-Be5", "Bj1-Bi1", "Cj1-Ci1"],
    );
    assert!(
        moves(&g, &setup(&s)).contains(&"Be5-Be4".to_string()),
        "{s}"
    );
    // triple-crown.instant-win: the position after records the winner; nobody moves.
    let s = after(
        &g,
        "Aa1:aE,Ad3:aA,Ae3:aO,Ah3:aD,Cc2:aP,Bh1:bE,Ca2:cE a",
        &["Cc2-Cc1=D"],
    );
    assert_eq!(
        s,
        setup("Aa1:aE,Ad3:aA,Ae3:aO,Ah3:aD,Cc1:aD,Bh1:bE,Ca2:cE b instant_win=a").to_text()
    );
    assert!(moves(&g, &setup(&s)).is_empty());
    // triple-crown.stalemate=out: a player with no move at all leaves when their turn comes.
    let out = game(&[("stalemate", "out")]);
    let packed = "Ba1:aE,Bb1:aV,Bc1:aV,Bd1:aV,Be1:aV,Bf1:aV,Bg1:aV,Bh1:aV,Bi1:aV,Bj1:aV,\
                  Ba2:aP,Bb2:aP,Bc2:aP,Bd2:aP,Be2:aP,Bf2:aP,Bg2:aP,Bh2:aP,Bi2:aP,Bj2:aP,\
                  Be5:bE,Ce1:cE c";
    assert_eq!(
        after(&out, packed, &["Ce1-Cd1"]),
        setup("Be5:bE,Cd1:cE b").to_text()
    );
    // With the default reading the same player stays and the game is drawn.
    let s = after(&g, packed, &["Ce1-Cd1"]);
    assert_eq!(
        TripleCrown::default().outcome(&g, &setup(&s)).ok(),
        Some(Outcome::Drawn {
            reason: Reason::Stalemate
        })
    );
}

#[test]
fn a_move_that_is_not_legal_is_refused() {
    let g = game(&[]);
    let s = setup("Aa1:aE,Bj1:bE,Cj1:cE a");
    assert!(matches!(
        TripleCrown::default().play(&g, &s, mv("Aa1-Aa3")),
        Err(EngineError::IllegalMove(_))
    ));
    assert_eq!(moves(&g, &s), ["Aa1-Aa2", "Aa1-Ab1", "Aa1-Ab2"]);
}

/// Perft from the start position, timed: `cargo test --release -p trichess-fast
/// triple_crown::tests::perft_speed -- --ignored --nocapture`.
#[test]
#[ignore]
fn perft_speed() {
    let g = game(&[]);
    let mut e = TripleCrown::default();
    let s = e.start(&g).unwrap_or_else(|e| panic!("{e}"));
    let max: u32 = std::env::var("TC_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(4);
    for depth in 1..=max {
        let t = std::time::Instant::now();
        let n = e.perft(&g, &s, depth).unwrap_or_else(|e| panic!("{e}"));
        let secs = t.elapsed().as_secs_f64();
        println!(
            "perft {depth}: {n} nodes in {secs:.3} s, {:.1} M nodes/s",
            n as f64 / secs / 1e6
        );
    }
}

/// triple-crown.en-prise-chain: C's Vicereine a4 attacks A's Emperor a3 (next to it on the
/// a-file); its Vicereine b4 looks down the b-file at A's Pawn b3, behind which B's Emperor
/// stands on b1. When C's turn comes A is checkmated and all A's pieces leave, the Pawn
/// b3 with them: under repeat B's Emperor, now en prise, falls too and C is the last left;
/// under once only A falls.
#[test]
fn the_en_prise_chain_readings() {
    let text = "Aa3:aE,Aa4:cV,Ab4:cV,Ab3:aP,Ab1:bE,Bj3:bP,Cj1:cE b";
    let repeat = game(&[]);
    let once = game(&[("en-prise-chain", "once")]);
    assert_eq!(
        after(&repeat, text, &["Bj3-Bj4"]),
        setup("Aa4:cV,Ab4:cV,Cj1:cE c").to_text()
    );
    assert_eq!(
        after(&once, text, &["Bj3-Bj4"]),
        setup("Ab1:bE,Aa4:cV,Ab4:cV,Bj4:bP,Cj1:cE c").to_text()
    );
    // The written position with C to move reports the same.
    let written = setup(&text.replace(" b", " c"));
    assert_eq!(
        TripleCrown::default().outcome(&repeat, &written).ok(),
        Some(Outcome::Won {
            winner: Seat::C,
            reason: Reason::LastKingStanding
        })
    );
    assert_eq!(
        TripleCrown::default().outcome(&once, &written).ok(),
        Some(Outcome::Eliminated {
            seat: Seat::A,
            reason: Reason::Checkmate
        })
    );
    assert!(
        TripleCrown::default()
            .supports(&game(&[("en-prise-chain", "twice")]))
            .is_err()
    );
}

/// D1 and D5: the instant win passes the turn like any other move, and an en passant cell
/// still in its window stays recorded though the game is over.
#[test]
fn an_instant_win_passes_the_turn_and_keeps_the_en_passant_cell() {
    // A's Pawn f3-f5 passes f4; B, holding a Baroness, a Pope and a Diarch, brings a Pawn to
    // C's rank 1 and wins at once; C, next, has not had its turn since A's double step.
    let g = game(&[]);
    assert_eq!(
        after(
            &g,
            "Af3:aP,Aa1:aE,Bd3:bA,Be3:bO,Bh3:bD,Cc2:bP,Bh1:bE,Ca2:cE a",
            &["Af3-Af5", "Cc2-Cc1=D"]
        ),
        setup(
            "Aa1:aE,Af5:aP,Bh1:bE,Bd3:bA,Be3:bO,Bh3:bD,Cc1:bD,Ca2:cE c en_passant=Af4 instant_win=b"
        )
        .to_text()
    );
}

/// The cells a line piece reaches along `r` on the occupied cells `occ`.
fn reach(r: &tables::Ray, occ: bits::Bits) -> bits::Bits {
    let mut out = tables::Reach::default();
    r.reach_into(&occ, &mut out);
    out.bits()
}

/// A line piece's reach read from the ray's runs (lowest or highest hit) is the walk along
/// the ray's cells up to the first occupied one, on boards of every density.
#[test]
fn reach_by_runs_is_the_walk_along_the_ray() {
    let t = tables::tables(KnightReading::OrthogonalThenDiagonal);
    let hex = board::hex();
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for density in [0, 8, 24, 48] {
        let mut occ = bits::Bits::EMPTY;
        for c in 0..150 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            if seed % 64 < density {
                occ.set(c);
            }
        }
        for c in 0..150 {
            let rays = hex.orth_rays(c as u8).iter().chain(hex.diag_rays(c as u8));
            let fast = t.ortho[c][..t.n_ortho[c] as usize]
                .iter()
                .chain(&t.diag[c][..t.n_diag[c] as usize]);
            for (ray, &r) in rays.zip(fast) {
                let mut walk = bits::Bits::EMPTY;
                for &x in &ray.cells {
                    walk.set(usize::from(x));
                    if occ.has(usize::from(x)) {
                        break;
                    }
                }
                assert_eq!(reach(&r, occ), walk, "cell {c}, density {density}");
                let first = ray
                    .cells
                    .iter()
                    .map(|&x| usize::from(x))
                    .find(|&x| occ.has(x));
                let spot = r.blocker(&occ);
                let cell = spot.map(|s| s.word * 64 + s.bit.trailing_zeros() as usize);
                assert_eq!(cell, first, "cell {c}, density {density}");
            }
        }
    }
}
