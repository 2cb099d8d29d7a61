//! Fixtures tell the readings they depend on apart: one that sets a reading other than the
//! default fails under the default, and one that cites an interpretation at its default fails
//! under another reading, unless it says why not (`same_under`, which is checked too).

use trichess_model::Variant;
use trichess_oracle::Oracle;
use trichess_suite::Suite;
use trichess_suite::register::{Register, lint_readings, lint_unnamed_readings};

#[test]
fn every_fixture_tells_its_readings_apart() {
    let fixtures = &Suite::embedded().unwrap_or_else(|e| panic!("{e}")).fixtures;
    let mut problems = Vec::new();
    for variant in Variant::ALL {
        let register = Register::of(variant).expect("the register reads");
        problems.extend(lint_readings(&register, fixtures, &mut Oracle));
    }
    assert!(
        problems.is_empty(),
        "{} fixtures do not tell their readings apart:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn every_fixture_names_the_open_points_its_answer_depends_on() {
    let fixtures = &Suite::embedded().unwrap_or_else(|e| panic!("{e}")).fixtures;
    let mut problems = Vec::new();
    for variant in Variant::ALL {
        let register = Register::of(variant).expect("the register reads");
        problems.extend(lint_unnamed_readings(&register, fixtures, &mut Oracle));
    }
    assert!(
        problems.is_empty(),
        "{} fixtures depend on a reading they do not name:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn a_fixture_that_cannot_tell_its_readings_apart_is_reported() {
    let fixtures = &Suite::embedded().unwrap_or_else(|e| panic!("{e}")).fixtures;
    let register = Register::of(Variant::OSullivan).expect("the register reads");
    let named = |name: &str| {
        fixtures
            .iter()
            .find(|f| f.name == name)
            .cloned()
            .unwrap_or_else(|| panic!("no fixture {name}"))
    };

    // Without its reason, a perft that is the same under both turn orders is reported.
    let mut perft = named("osullivan/start/perft-2");
    perft.same_under.clear();
    let problems = lint_readings(&register, &[perft], &mut Oracle);
    assert!(
        problems[..]
            == [String::from(
                "fixture osullivan/start/perft-2: cites osullivan.turn-order at its default but \
             passes under white-black-red too (add a fixture that tells them apart, or \
             same_under with the reason)"
            )],
        "{problems:?}"
    );

    // A claim that does not hold is reported.
    let mut claim = named("osullivan/en-passant/only-the-next-player");
    claim.same_under = named("osullivan/en-passant/red-takes-white").same_under;
    let problems = lint_readings(&register, &[claim], &mut Oracle);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("same_under says it holds under")),
        "{problems:?}"
    );

    // A fixture setting a reading it does not need is reported.
    let mut needless = named("osullivan/barrier/bishop-d2-to-e1");
    needless
        .interpretations
        .insert("osullivan.castling-direction".into(), "either-side".into());
    let problems = lint_readings(&register, &[needless], &mut Oracle);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("passes under the default towards-rook")),
        "{problems:?}"
    );
}
