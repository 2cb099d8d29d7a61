//! A fixture that names the kinds of problem it expects a position to be refused for passes
//! only if the engine finds exactly those; problems an engine does not classify are not held
//! against it.

use trichess_model::{
    Engine, EngineError, Game, InvalidPosition, Move, Outcome, PositionProblem, ProblemKind, Setup,
};
use trichess_suite::{Fixture, Verdict, run};

/// An engine that refuses every position with the problems it is given.
struct Refuses(Vec<PositionProblem>);

impl Engine for Refuses {
    fn name(&self) -> String {
        "refuses".into()
    }
    fn supports(&self, _: &Game) -> Result<(), EngineError> {
        Ok(())
    }
    fn start(&mut self, _: &Game) -> Result<Setup, EngineError> {
        Err(EngineError::Failed("no start".into()))
    }
    fn check(&mut self, _: &Game, _: &Setup) -> Result<(), EngineError> {
        Err(EngineError::InvalidPosition(InvalidPosition {
            problems: self.0.clone(),
        }))
    }
    fn legal_moves(&mut self, _: &Game, _: &Setup) -> Result<Vec<Move>, EngineError> {
        Ok(Vec::new())
    }
    fn play(&mut self, _: &Game, _: &Setup, _: Move) -> Result<Setup, EngineError> {
        Err(EngineError::Failed("no play".into()))
    }
    fn perft(&mut self, _: &Game, _: &Setup, _: u32) -> Result<u64, EngineError> {
        Ok(1)
    }
    fn outcome(&mut self, _: &Game, _: &Setup) -> Result<Outcome, EngineError> {
        Ok(Outcome::Ongoing)
    }
}

fn fixture(expect: &str) -> Result<Fixture, String> {
    let text = format!(
        r#"{{"variant": "osullivan", "rules": ["osullivan.one-king"], "quote": "q",
            "polarity": "negative", "derivation": "d", "position": "a1:bK,a2:bK,d8:wK,h1:rK w",
            "expect": {{"invalid": {expect}}}}}"#
    );
    Fixture::from_json("x", &text)
}

fn verdict(expect: &str, problems: &[ProblemKind]) -> Verdict {
    let problems = problems
        .iter()
        .map(|&kind| PositionProblem::new(kind, format!("a {kind} problem")))
        .collect();
    run(
        &mut Refuses(problems),
        &fixture(expect).expect("the fixture reads"),
    )
}

#[test]
fn the_kinds_found_must_be_the_kinds_named() {
    use ProblemKind::*;
    let one = r#"{"position": ["too-many-royals"]}"#;
    let two = r#"{"position": ["too-many-royals", "side-to-move-out"]}"#;
    assert_eq!(verdict(one, &[TooManyRoyals]), Verdict::Pass);
    assert_eq!(verdict(one, &[TooManyRoyals, TooManyRoyals]), Verdict::Pass);
    assert_eq!(verdict(two, &[SideToMoveOut, TooManyRoyals]), Verdict::Pass);
    for wrong in [
        verdict(one, &[PawnOnImpossibleRank]),
        verdict(one, &[TooManyRoyals, SideToMoveOut]),
        verdict(two, &[TooManyRoyals]),
    ] {
        assert!(
            matches!(&wrong, Verdict::Fail(why) if why.contains("refused for other kinds")),
            "{wrong:?}"
        );
    }
    // A fixture that names no kind, and an engine that classifies nothing: the refusal is
    // enough. Classified problems an engine does report must still be expected ones.
    assert_eq!(
        verdict(r#""position""#, &[PawnOnImpossibleRank]),
        Verdict::Pass
    );
    assert_eq!(verdict(two, &[Unclassified]), Verdict::Pass);
    assert_eq!(verdict(two, &[TooManyRoyals, Unclassified]), Verdict::Pass);
    assert!(matches!(
        verdict(one, &[PawnOnImpossibleRank, Unclassified]),
        Verdict::Fail(_)
    ));
}

#[test]
fn a_fixture_names_known_kinds_only() {
    for bad in [
        r#"{"position": ["no-such-kind"]}"#,
        r#"{"position": []}"#,
        r#"{"position": ["unclassified"]}"#,
        r#"{"parse": ["too-many-royals"]}"#,
        r#""positions""#,
    ] {
        assert!(fixture(bad).is_err(), "{bad} should not read");
    }
    let err = fixture(r#"{"position": ["no-such-kind"]}"#).unwrap_err();
    assert!(
        err.contains("too-many-royals"),
        "lists the known kinds: {err}"
    );
}

#[test]
fn every_kind_has_an_id_that_reads_back() {
    for kind in ProblemKind::ALL {
        assert_eq!(ProblemKind::from_id(kind.id()), Some(kind));
    }
    let mut ids: Vec<&str> = ProblemKind::ALL.iter().map(|k| k.id()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), ProblemKind::ALL.len());
}
