//! The rule registers agree with their sources, with the code's interpretations and with the
//! fixtures: every quote is verbatim, every fixture cites known clauses, and every clause and
//! every reading is covered.

use std::path::Path;

use trichess_model::Fixture;
use trichess_model::Variant;
use trichess_oracle::interpretations;
use trichess_oracle::register::{Register, lint, quoted_in};

fn fixtures() -> Vec<Fixture> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures"));
    Fixture::load_dir(dir).unwrap_or_else(|e| panic!("{e}"))
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
