//! The oracle explains its verdicts: every clause an explanation cites is the one the rule
//! function's doc comment names; the explanation of every fixture's move cites the fixture's
//! first rule (`TRICHESS_TEST=name,-other` selects fixtures by name); explanations always
//! agree with the rules' own answers.

use std::path::Path;

use trichess_model::{Engine, Game, Move, Setup, Variant};
use trichess_oracle::explain::{
    DECISIONS, Deciding, Disagreement, Question, Verdict, citations, deciding, explain,
};
use trichess_oracle::{Oracle, rules_for};
use trichess_suite::fixture::{Expect, Phase, PositionSpec};
use trichess_suite::{Filter, Fixture, Suite, read_position};

fn oracle_src() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
}

/// Returns the doc comment of the function `name` in `text`: the `///` lines above its `fn`
/// line, attributes between allowed.
fn doc_of(text: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|l| {
        let l = l.trim_start();
        ["", "pub ", "pub(crate) ", "pub(super) "].iter().any(|q| {
            l.starts_with(&format!("{q}fn {name}(")) || l.starts_with(&format!("{q}fn {name}<"))
        })
    })?;
    let mut doc = Vec::new();
    for line in lines[..at].iter().rev() {
        let line = line.trim_start();
        if let Some(comment) = line.strip_prefix("///") {
            doc.push(comment);
        } else if !(line.starts_with("#[")
            || line.starts_with(')')
            || line.starts_with("not(")
            || line.starts_with("expect(")
            || line.starts_with("reason"))
        {
            break;
        }
    }
    doc.reverse();
    Some(doc.join("\n"))
}

#[test]
fn every_clause_an_explanation_cites_is_named_by_its_rule_function() {
    let mut problems = Vec::new();
    let all = citations();
    assert!(all.len() > 100, "only {} citations", all.len());
    for (variant, cite) in all {
        let path = oracle_src().join(cite.file);
        let Ok(text) = std::fs::read_to_string(&path) else {
            problems.push(format!("{}: no file {}", cite.id, cite.file));
            continue;
        };
        let Some(doc) = doc_of(&text, cite.rule) else {
            problems.push(format!(
                "{}: no documented fn {} in {}",
                cite.id, cite.rule, cite.file
            ));
            continue;
        };
        let named = if cite.id.starts_with('D') {
            doc.contains(&format!("decision {}", cite.id))
        } else {
            doc.contains(&format!("`{}`", cite.id)) || doc.contains(&format!("`{}=", cite.id))
        };
        if !named {
            problems.push(format!(
                "{variant}: {} is cited as decided by {}::{}, whose doc comment does not name it",
                cite.id, cite.file, cite.rule
            ));
        }
        if !cite.id.starts_with('D') && !cite.id.starts_with(&format!("{}.", variant.id())) {
            problems.push(format!("{variant}: {} is another variant's id", cite.id));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn fixtures() -> &'static [Fixture] {
    &Suite::embedded().expect("the suite loads").fixtures
}

#[test]
fn the_decisions_cited_are_headed_so_in_decisions_md() {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../DECISIONS.md"));
    let text = std::fs::read_to_string(path).expect("DECISIONS.md reads");
    for (id, title) in DECISIONS {
        assert!(
            text.lines().any(|l| l == format!("## {id}. {title}")),
            "DECISIONS.md has no heading '## {id}. {title}'"
        );
    }
    let cited: std::collections::BTreeSet<&str> = citations()
        .into_iter()
        .map(|(_, c)| c.id)
        .filter(|id| id.starts_with('D'))
        .collect();
    let titled: std::collections::BTreeSet<&str> = DECISIONS.iter().map(|(id, _)| *id).collect();
    assert_eq!(
        cited, titled,
        "every decision cited has its title, and only those"
    );
}

/// Returns the game and the position a fixture asks about: its position, with its moves
/// played.
fn fixture_position(fixture: &Fixture) -> (Game, Setup) {
    let game = Game {
        variant: fixture.variant,
        interpretations: fixture.interpretations.clone(),
    };
    let mut setup = match &fixture.position {
        PositionSpec::Start => Oracle.start(&game).expect("a start"),
        PositionSpec::Written(written) => read_position(fixture.variant, written).expect("reads"),
    };
    for text in &fixture.play {
        let mv = Move::parse(fixture.variant, text).expect("a move");
        setup = Oracle.play(&game, &setup, mv).expect("legal");
    }
    (game, setup)
}

#[test]
fn the_explanation_of_every_fixture_move_cites_the_fixtures_first_rule() {
    let filter = Filter::from_env();
    let mut checked = 0;
    let mut misses = Vec::new();
    let selected = fixtures().iter().filter(|f| filter.matches(&f.name));
    for fixture in selected {
        let (text, expected) = match &fixture.expect {
            Expect::Legal(m) => (m, Verdict::Legal),
            Expect::Illegal(m) => (m, Verdict::Illegal),
            _ => continue,
        };
        checked += 1;
        let (game, setup) = fixture_position(fixture);
        let mv = Move::parse(fixture.variant, text).expect("a move");
        let explanation = explain(&game, &setup, Question::Move(mv)).expect("explains");
        assert_eq!(explanation.verdict, expected, "{}", fixture.name);
        let first = &fixture.rules[0];
        if !explanation.cites(first) {
            misses.push(format!(
                "{}: does not cite {first} ({text})\n{}",
                fixture.name,
                explanation.to_text()
            ));
        }
    }
    assert!(
        checked >= 100 || filter != Filter::default(),
        "only {checked} fixtures"
    );
    assert!(
        misses.is_empty(),
        "{} of {checked} fixtures:\n{}",
        misses.len(),
        misses.join("\n")
    );
}

/// Plays pseudo-random games of every variant (several readings each) and asks the explainer
/// about every legal move and about moves of the side to move's pieces to every cell.
fn walk(mut visit: impl FnMut(&Game, &Setup)) {
    let games: Vec<(Variant, Vec<(&str, &str)>)> = vec![
        (Variant::OSullivan, vec![]),
        (
            Variant::OSullivan,
            vec![
                ("osullivan.en-passant-window", "both-opponents"),
                ("osullivan.knight-barrier", "straight-line"),
                ("osullivan.exposed-king", "capture"),
                ("osullivan.stalemate", "out"),
            ],
        ),
        (Variant::Yalta, vec![]),
        (
            Variant::Yalta,
            vec![
                ("yalta.en-passant-window", "both-opponents"),
                ("yalta.exposed-king", "capture"),
                ("yalta.mate-final", "after-left-player"),
                ("yalta.king-across-centre", "touching"),
            ],
        ),
        (Variant::Yuri, vec![]),
        (
            Variant::Yuri,
            vec![
                ("yuri.pawns", "away-from-diagonal"),
                ("yuri.double-step", "first-move"),
                ("yuri.mate-timing", "immediately"),
            ],
        ),
        (Variant::TripleCrown, vec![]),
        (
            Variant::TripleCrown,
            vec![
                ("triple-crown.self-exposure", "allowed"),
                ("triple-crown.en-passant-window", "next-player"),
            ],
        ),
    ];
    for (variant, readings) in games {
        let game = Game {
            variant,
            interpretations: readings
                .iter()
                .map(|&(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        let rules = rules_for(&game).expect("rules");
        for seed in 1..=3u64 {
            let mut position = rules.start();
            let mut state = seed;
            for _ in 0..60 {
                visit(&game, position.setup());
                let moves = rules.legal_moves(&position);
                if moves.is_empty() {
                    break;
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = moves[(state >> 33) as usize % moves.len()];
                position = rules.play(&position, mv).expect("legal");
            }
        }
    }
}

#[test]
fn explanations_agree_with_the_rules_along_random_games() {
    let (mut legal, mut illegal, mut unexplained) = (0, 0, 0);
    walk(|game, setup| {
        let rules = rules_for(game).expect("rules");
        let position = rules.validate(setup.clone()).expect("valid");
        let moves = rules.legal_moves(&position);
        for &mv in &moves {
            let e = explain(game, setup, Question::Move(mv)).expect("explains");
            assert_eq!(
                e.verdict,
                Verdict::Legal,
                "{mv} in {}:\n{}",
                setup.to_text(),
                e.to_text()
            );
            assert!(
                !e.steps.is_empty() && !e.effects.is_empty(),
                "{mv}: {}",
                e.to_text()
            );
            let after = rules.play(&position, mv).expect("legal").into_setup();
            assert_eq!(
                e.after.as_ref(),
                Some(&after),
                "{mv} in {}",
                setup.to_text()
            );
            legal += 1;
        }
        let cells = game.variant.board().cells();
        for (&from, piece) in setup
            .pieces
            .iter()
            .filter(|(_, p)| p.owner == setup.to_move)
        {
            for &to in cells.iter().step_by(5) {
                let mv = Move::Plain { from, to };
                if from == to || moves.contains(&mv) {
                    continue;
                }
                let e = explain(game, setup, Question::Move(mv)).expect("explains");
                assert_eq!(
                    e.verdict,
                    Verdict::Illegal,
                    "{mv} ({piece:?}) in {}",
                    setup.to_text()
                );
                assert!(
                    !e.steps.is_empty() || e.unexplained.is_some(),
                    "{mv}: nothing said"
                );
                illegal += 1;
                unexplained += usize::from(e.unexplained.is_some());
            }
        }
        let result = explain(game, setup, Question::Result).expect("explains");
        assert_eq!(result.verdict, Verdict::Outcome(rules.outcome(&position)));
        assert!(!result.steps.is_empty(), "{}", result.to_text());
    });
    assert!(
        legal > 1000 && illegal > 1000,
        "{legal} legal, {illegal} illegal"
    );
    assert_eq!(
        unexplained, 0,
        "of {illegal} illegal moves of the side's pieces, {unexplained} unexplained"
    );
}

#[test]
fn every_problem_of_every_refused_fixture_position_is_explained_by_its_check() {
    let mut checked = 0;
    for fixture in fixtures() {
        let Expect::Invalid(refusal) = &fixture.expect else {
            continue;
        };
        if refusal.phase != Phase::Position {
            continue;
        }
        let game = Game {
            variant: fixture.variant,
            interpretations: fixture.interpretations.clone(),
        };
        let PositionSpec::Written(written) = &fixture.position else {
            continue;
        };
        let setup = read_position(fixture.variant, written).expect("reads");
        let e = explain(&game, &setup, Question::Validity).expect("explains");
        assert_eq!(e.verdict, Verdict::Invalid, "{}", fixture.name);
        assert!(
            e.unexplained.is_none()
                || refusal
                    .kinds
                    .contains(&trichess_model::ProblemKind::WrongVariant),
            "{}: a problem without its check's clause: {}",
            fixture.name,
            e.to_text()
        );
        assert!(!e.steps.is_empty(), "{}", fixture.name);
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} refused positions");
}

fn game(variant: Variant, readings: &[(&str, &str)]) -> Game {
    Game {
        variant,
        interpretations: readings
            .iter()
            .map(|&(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    }
}

fn position(variant: Variant, text: &str) -> Setup {
    Setup::parse(variant, text).expect("a position")
}

fn ids(d: &Deciding) -> Vec<String> {
    match d {
        Deciding::Clauses(steps) => steps.iter().map(|s| s.id.clone()).collect(),
        Deciding::Nothing(why) => panic!("nothing to explain: {why}"),
    }
}

#[test]
fn an_extra_move_is_decided_by_the_clause_that_refuses_it() {
    let g = game(Variant::OSullivan, &[]);
    let setup = position(Variant::OSullivan, "g1:rQ,h2:rK,a2:bK,d8:wK r");
    let mv = Move::parse(Variant::OSullivan, "g1-d1").expect("a move");
    let d = deciding(&g, &setup, &Disagreement::ExtraMove(mv)).expect("decides");
    assert_eq!(ids(&d), ["osullivan.barrier", "osullivan.piece-moves"]);
    let Deciding::Clauses(steps) = d else {
        unreachable!()
    };
    assert!(
        steps[0]
            .quote
            .as_deref()
            .is_some_and(|q| q.contains("Impassable Barrier"))
    );
    assert!(steps[0].cells.iter().any(|c| c.to_string() == "e1"));
    let yalta = game(Variant::Yalta, &[]);
    let setup = position(Variant::Yalta, "Ad3:rN,Ah1:rK,Bh1:gK,Ch1:bK r");
    let mv = Move::parse(Variant::Yalta, "Ad3-Be4").expect("a move");
    let d = deciding(&yalta, &setup, &Disagreement::ExtraMove(mv)).expect("decides");
    assert_eq!(ids(&d), ["yalta.knight-colour"]);
}

#[test]
fn a_missing_move_is_decided_by_the_clauses_that_allow_it_the_particular_first() {
    let g = game(Variant::OSullivan, &[]);
    let setup = position(
        Variant::OSullivan,
        "c5:wP,b5:rP,h1:rK,a1:bK,g8:wK r en_passant=c6",
    );
    let mv = Move::parse(Variant::OSullivan, "b5-c6").expect("a move");
    let d = deciding(&g, &setup, &Disagreement::MissingMove(mv)).expect("decides");
    assert_eq!(
        ids(&d),
        [
            "osullivan.en-passant",
            "osullivan.en-passant-window",
            "osullivan.pawn-moves"
        ]
    );
    let Deciding::Clauses(steps) = d else {
        unreachable!()
    };
    assert_eq!(steps[1].reading.as_deref(), Some("next-player"));
    assert!(steps[1].meaning.is_some());
}

#[test]
fn a_move_the_rules_never_consider_has_nothing_to_explain() {
    let g = game(Variant::OSullivan, &[]);
    let setup = position(Variant::OSullivan, "g1:rQ,h2:rK,a2:bK,d8:wK r");
    let empty = Move::parse(Variant::OSullivan, "e5-e4").expect("a move");
    match deciding(&g, &setup, &Disagreement::ExtraMove(empty)).expect("decides") {
        Deciding::Nothing(why) => assert!(why.contains("no piece on e5"), "{why}"),
        other => panic!("{other:?}"),
    }
    let legal = Move::parse(Variant::OSullivan, "g1-f1").expect("a move");
    match deciding(&g, &setup, &Disagreement::ExtraMove(legal)).expect("decides") {
        Deciding::Nothing(why) => assert!(why.contains("legal"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_different_position_is_decided_by_the_clause_applied_where_the_positions_differ() {
    let g = game(Variant::OSullivan, &[]);
    let setup = position(Variant::OSullivan, "e7:wP,h1:rK,a1:bK,g8:wK w");
    let mv = Move::parse(Variant::OSullivan, "e7-e5").expect("a move");
    let ours = explain(&g, &setup, Question::Move(mv))
        .expect("explains")
        .after
        .expect("after");
    let mut no_cell = ours.clone();
    no_cell.en_passant = None;
    let d = deciding(
        &g,
        &setup,
        &Disagreement::DifferentPosition {
            mv,
            theirs: no_cell,
        },
    )
    .expect("decides");
    assert_eq!(ids(&d)[0], "osullivan.en-passant", "{d:?}");
    let mut wrong_turn = ours.clone();
    wrong_turn.to_move = trichess_model::Seat::C;
    let d = deciding(
        &g,
        &setup,
        &Disagreement::DifferentPosition {
            mv,
            theirs: wrong_turn,
        },
    )
    .expect("decides");
    assert_eq!(ids(&d), ["osullivan.turn-order"]);
    let mut stray = ours;
    stray.pieces.insert(
        Variant::OSullivan.board().parse_cell("c4").expect("a cell"),
        trichess_model::Piece::new(trichess_model::Seat::A, trichess_model::Role::Knight),
    );
    match deciding(
        &g,
        &setup,
        &Disagreement::DifferentPosition { mv, theirs: stray },
    )
    .expect("decides")
    {
        Deciding::Nothing(why) => assert!(why.contains("c4"), "{why}"),
        other => panic!("{other:?}"),
    }
    let yalta = game(Variant::Yalta, &[]);
    let setup = position(
        Variant::Yalta,
        "Ad4:rP,Ac4:bP,Ah1:rK,Bh1:gK,Ch1:bK b en_passant=Ad3",
    );
    let mv = Move::parse(Variant::Yalta, "Ac4-Ad3").expect("a move");
    let mut kept = explain(&yalta, &setup, Question::Move(mv))
        .expect("explains")
        .after
        .expect("after");
    kept.pieces.insert(
        Variant::Yalta.board().parse_cell("Ad4").expect("a cell"),
        trichess_model::Piece::new(trichess_model::Seat::A, trichess_model::Role::Pawn),
    );
    let d = deciding(
        &yalta,
        &setup,
        &Disagreement::DifferentPosition { mv, theirs: kept },
    )
    .expect("decides");
    assert_eq!(ids(&d), ["yalta.en-passant"]);
}

#[test]
fn a_different_result_or_validity_is_decided_by_its_clause() {
    let g = game(Variant::OSullivan, &[]);
    let stalemate = position(Variant::OSullivan, "a1:bK,b5:wR,e6:rB,d8:wK,h1:rK b");
    let d = deciding(&g, &stalemate, &Disagreement::DifferentResult).expect("decides");
    assert_eq!(ids(&d), ["osullivan.stalemate"]);
    let two_kings = position(Variant::OSullivan, "d8:wK,e8:wK,a1:bK,h1:rK w");
    let refused = Disagreement::DifferentValidity { theirs: vec![] };
    assert_eq!(
        ids(&deciding(&g, &two_kings, &refused).expect("decides")),
        ["osullivan.one-king"]
    );
    let fine = position(Variant::OSullivan, "d8:wK,a1:bK,h1:rK w");
    let kings = Disagreement::DifferentValidity {
        theirs: vec![trichess_model::ProblemKind::TooManyRoyals],
    };
    assert_eq!(
        ids(&deciding(&g, &fine, &kings).expect("decides")),
        ["osullivan.one-king"]
    );
    let control = Disagreement::DifferentValidity {
        theirs: vec![trichess_model::ProblemKind::ControlDoesNotFit],
    };
    match deciding(&g, &fine, &control).expect("decides") {
        Deciding::Nothing(why) => assert!(why.contains("control-does-not-fit"), "{why}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_legal_move_names_the_reading_that_keeps_a_piece_from_attacking() {
    let g = game(
        Variant::Yalta,
        &[("yalta.knight-centre", "orthogonal-then-diagonal")],
    );
    let setup = position(Variant::Yalta, "Cd4:gN,Ad2:rK,Bh1:gK,Ch1:bK r");
    let mv = Move::parse(Variant::Yalta, "Ad2-Ad3").expect("a move");
    let d = deciding(&g, &setup, &Disagreement::MissingMove(mv)).expect("decides");
    assert_eq!(
        ids(&d),
        [
            "yalta.fide-movement",
            "yalta.knight-centre",
            "yalta.check-response"
        ]
    );
    let g = game(
        Variant::OSullivan,
        &[("osullivan.knight-barrier", "straight-line")],
    );
    let setup = position(Variant::OSullivan, "a1:bK,d1:bN,e3:rK,h3:rP,d8:wK r");
    let mv = Move::parse(Variant::OSullivan, "e3-f2").expect("a move");
    let d = deciding(&g, &setup, &Disagreement::MissingMove(mv)).expect("decides");
    assert_eq!(ids(&d)[1], "osullivan.knight-barrier", "{d:?}");
}

/// Under `yalta.captured-king-army=hostile` a capture of a King is judged with that King's
/// army still its player's until the move is over (`turn::judged`), and the explanation names
/// the piece that makes the capture illegal. Worked out by hand: Blue's King on Ce1 takes
/// Green's King on Ce2; Green's Rook on Ad3 sees Ce2 (its rank runs across the centre into
/// sector C), and with Green's army still hostile it attacks Blue's King there. Under the
/// default reading (`passed`, D9) the Rook is Blue's once the King is taken, and the capture is
/// legal. (The explanation once named no attacker here: it judged the board after the move,
/// where the kingless army counted for nobody.)
#[test]
fn an_exposure_under_a_hostile_captured_army_names_its_attacker() {
    let setup = position(Variant::Yalta, "Ad3:gR,Ce1:bK,Ce2:gK b");
    let mv = Move::parse(Variant::Yalta, "Ce1-Ce2").expect("a move");
    let explained = |reading: &str| {
        let g = game(
            Variant::Yalta,
            &[
                ("yalta.exposed-king", "capture"),
                ("yalta.captured-king-army", reading),
            ],
        );
        explain(&g, &setup, Question::Move(mv)).expect("explains")
    };
    let hostile = explained("hostile");
    assert_eq!(hostile.verdict, Verdict::Illegal, "{hostile:?}");
    let check = &hostile.steps[0];
    assert_eq!(check.id, "yalta.check-response");
    assert!(
        check.detail.contains("Green's Rook on Ad3"),
        "{}",
        check.detail
    );
    assert!(
        check.cells.contains(&setup_cell("Ad3")),
        "{:?}",
        check.cells
    );
    assert_eq!(explained("passed").verdict, Verdict::Legal);
}

fn setup_cell(name: &str) -> trichess_model::Cell {
    Variant::Yalta.board().parse_cell(name).expect("a cell")
}
