//! A row names the clauses that decide it, by the oracle's explanation: at most three, the
//! deciding one first; where the oracle has nothing to explain, it says so plainly.

use trichess_diff::attribute::{Reference, decide};
use trichess_diff::{Finding, Kind};
use trichess_model::{Game, Move, Setup, Variant};

/// A finding as the run reports it: the first engine's answer in `a`, the second's in `b`.
fn finding(variant: Variant, kind: Kind, position: &str, mv: Option<&str>, b: &str) -> Finding {
    Finding {
        kind,
        game: Game::new(variant),
        setup: Setup::parse(variant, position).expect("the position reads"),
        mv: mv.map(|m| Move::parse(variant, m).expect("the move reads")),
        a_says: "-".into(),
        b_says: b.into(),
        a_moves: None,
        a_expect: None,
        refusals: [None, None],
        origin: None,
        path: Vec::new(),
    }
}

#[test]
fn a_rook_crossing_the_barrier_is_refused_by_the_barrier() {
    // "no piece may cross this barrier": d1-e1 runs across it.
    let f = finding(
        Variant::OSullivan,
        Kind::ExtraMove,
        "d1:bR,a1:bK,h1:rK,d8:wK b",
        Some("d1-e1"),
        "legal",
    );
    let decided = decide(&f, Reference::First);
    assert_eq!(decided.ids[0], "osullivan.barrier", "{decided:?}");
    assert!(decided.ids.len() <= 3);
    assert!(decided.quote.is_some_and(|q| q.contains("barrier")));
    // Seen from the other side (the oracle second), the same move is the first engine's
    // extra one.
    let mut swapped = f.clone();
    swapped.kind = Kind::MissingMove;
    assert_eq!(
        decide(&swapped, Reference::Second).ids[0],
        "osullivan.barrier"
    );
}

#[test]
fn a_position_the_oracle_never_reaches_is_said_plainly() {
    let f = finding(
        Variant::OSullivan,
        Kind::DifferentPosition,
        "d1:bR,a1:bK,h1:rK,d8:wK b",
        Some("d1-d2"),
        "this is not a position",
    );
    let decided = decide(&f, Reference::First);
    assert!(decided.ids.is_empty(), "{decided:?}");
    assert_eq!(decided.rules(), "(none)");
    assert!(decided.why.contains("not a position"), "{decided:?}");
    let crash = finding(
        Variant::Yuri,
        Kind::Crash,
        "b2:wK,f4:rK,d6:bK w",
        None,
        "panic",
    );
    assert!(
        decide(&crash, Reference::First)
            .why
            .contains("not a question of the rules")
    );
}
