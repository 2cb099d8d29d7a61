//! The rule registers agree with their sources, with the code's interpretations and with the
//! fixtures: every quote is verbatim, every fixture cites known clauses, and every clause and
//! every reading is covered.

use trichess_model::Variant;
use trichess_oracle::interpretations;
use trichess_suite::register::{Register, coverage, lint, quoted_in};
use trichess_suite::{Fixture, Suite};

fn fixtures() -> Vec<Fixture> {
    Suite::embedded()
        .unwrap_or_else(|e| panic!("{e}"))
        .fixtures
        .clone()
}

#[test]
fn every_variant_has_a_clean_register() {
    let fixtures = fixtures();
    let mut problems = Vec::new();
    for variant in Variant::ALL {
        match Register::of(variant) {
            Ok(register) => {
                problems.extend(lint(
                    variant,
                    &register,
                    &interpretations(variant),
                    &fixtures,
                ));
            }
            Err(e) => problems.push(e.to_string()),
        }
    }
    assert!(
        problems.is_empty(),
        "register problems:\n{}",
        problems.join("\n")
    );
}

#[test]
fn quotes_must_be_verbatim() {
    let source =
        "I = Impassable Barrier - no piece may cross this barrier or check\nI   across it.";
    assert!(quoted_in("no piece may cross this barrier", source));
    assert!(quoted_in(
        "no piece may cross this barrier or check … across it.",
        source
    ));
    assert!(!quoted_in("no piece may cross the barrier", source));
    assert!(
        !quoted_in("across it. … no piece", source),
        "parts must come in order"
    );
    assert!(!quoted_in("", source));
}

#[test]
fn a_split_clause_is_cited_only_through_its_parts() {
    let fixtures = fixtures();
    let code = interpretations(Variant::OSullivan);
    let clean = Register::of(Variant::OSullivan).expect("register reads");
    assert!(lint(Variant::OSullivan, &clean, &code, &fixtures).is_empty());

    // A part left out of the list: the entry quoting the same sentence is reported.
    let mut missing = clean.clone();
    let split = missing
        .clauses
        .iter_mut()
        .find(|c| c.id == "osullivan.normal-rules")
        .expect("the split clause");
    split.parts.retain(|p| p != "osullivan.check");
    let problems = lint(Variant::OSullivan, &missing, &code, &fixtures);
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("osullivan.check quotes")),
        "{problems:?}"
    );

    // A fixture citing the split clause itself is reported.
    let mut citing = fixtures.clone();
    let first = citing
        .iter_mut()
        .find(|f| f.name == "osullivan/normal-rules/queen-on-an-open-board")
        .expect("fixture");
    first.rules = vec!["osullivan.normal-rules".into()];
    let problems = lint(Variant::OSullivan, &clean, &code, &citing);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("cites the split clause")),
        "{problems:?}"
    );
}

#[test]
fn a_fixture_the_notation_refuses_covers_no_clause() {
    let fixtures: Vec<Fixture> = fixtures()
        .into_iter()
        .filter(|f| {
            f.name == "yalta/board/no-rank-5" || f.name == "yalta/board/ranks-end-at-the-edge"
        })
        .collect();
    assert_eq!(fixtures.len(), 2);
    let register = Register::of(Variant::Yalta).expect("register reads");
    let (clauses, _) = coverage(&register, &fixtures, &[]);
    // no-rank-5 ({"invalid": "parse"}, yalta.board) is answered by the runner alone.
    assert!(!clauses.contains_key("yalta.board"), "{clauses:?}");
    assert_eq!(
        clauses.get("yalta.not-circular").map(|c| c.negative),
        Some(1)
    );
}
