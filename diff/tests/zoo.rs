//! The catch table of `trichess mutants --catch`, made by the library: a planted bug the
//! differential run catches, and one it cannot (the engine "with the bug" is the clean one).

use trichess_diff::zoo::{Limits, Planted, catch, catch_mutants, escaped};
use trichess_fast::{Fast, Mutant};
use trichess_model::Engine;
use trichess_oracle::Oracle;
use trichess_suite::Suite;

/// The mutant both tests plant: O'Sullivan's P4s without their double step.
fn double_step() -> Mutant {
    Mutant::ALL
        .into_iter()
        .find(|m| m.name() == "osullivan-p4-no-double-step")
        .expect("the mutant")
}

/// The limits of both tests' hunts.
const LIMITS: Limits = Limits {
    seed: 1,
    seconds: 60,
    positions: Some(500),
};

#[test]
fn the_catch_table_catches_a_mutant_and_counts_what_escapes() {
    let m = double_step();
    let bug = Planted {
        name: m.name(),
        variant: m.variant(),
        rule: m.rule(),
        family: "pawns",
        description: m.description(),
    };
    let limits = LIMITS;
    let mutated = move || Box::new(Fast::with_mutant(m)) as Box<dyn Engine>;
    let clean = || Box::new(Fast::default()) as Box<dyn Engine>;
    let reference = || Box::new(Oracle) as Box<dyn Engine>;
    let mut done = Vec::new();
    let rows = catch(
        vec![(bug, Vec::new(), mutated)],
        limits,
        (reference, clean),
        &mut |p| done.push(p.name),
    )
    .expect("O'Sullivan runs");
    assert_eq!(done, ["osullivan-p4-no-double-step"]);
    let caught = rows[0]
        .diff
        .as_ref()
        .expect("caught by the differential run");
    assert!(caught.positions <= 500, "{}", caught.positions);
    assert_eq!(escaped(&rows), 0);
    // The clean engine planted as if it had the bug: nothing to catch, and no fixture fails.
    let rows = catch(
        vec![(bug, Vec::new(), clean)],
        Limits {
            positions: Some(50),
            ..limits
        },
        (reference, clean),
        &mut |_| {},
    )
    .expect("O'Sullivan runs");
    assert!(rows[0].diff.is_err());
    assert_eq!(escaped(&rows), 1);
}

#[test]
fn the_fast_engines_mutants_are_named_planted_and_caught() {
    let m = double_step();
    let planted = Planted::from(m);
    let named = (planted.name, planted.variant, planted.rule, planted.family);
    assert_eq!(named, (m.name(), m.variant(), m.rule(), "pawns"));
    assert_eq!(planted.description, m.description());
    let fixtures = Suite::fixtures_of(None).expect("the suite's fixtures");
    let limits = LIMITS;
    let mut done = Vec::new();
    let rows = catch_mutants(&[m], &fixtures, limits, &mut |p| done.push(p.name))
        .expect("O'Sullivan runs");
    assert_eq!(done, [m.name()]);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].planted, planted);
    // The fixtures of its variant that the mutant fails, and those only.
    assert_eq!(rows[0].fixtures, m.failing_fixtures(&fixtures));
    assert!(!rows[0].fixtures.is_empty(), "no fixture catches {m}");
    assert!(rows[0].fixtures.iter().all(|f| f.starts_with("osullivan")));
    let caught = rows[0]
        .diff
        .as_ref()
        .expect("caught by the differential run");
    assert!(caught.positions <= 500, "{}", caught.positions);
}
