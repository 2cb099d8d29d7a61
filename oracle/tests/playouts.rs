//! Random games, under random readings of every open point: every position reached is a
//! valid position of its variant, reads back from both notations unchanged, and agrees with
//! its own outcome. Runs for every variant.

use std::collections::BTreeMap;

use proptest::prelude::*;
use trichess_model::{Game, Outcome, Setup, Variant};
use trichess_oracle::{interpretations, rules_for};

/// Picks a reading of each interpretation of `variant` from `choices`.
fn game(variant: Variant, choices: &[usize]) -> Game {
    let mut map = BTreeMap::new();
    for (i, info) in interpretations(variant).iter().enumerate() {
        let pick = choices.get(i).copied().unwrap_or(0) % info.readings.len();
        map.insert(info.id.to_string(), info.readings[pick].to_string());
    }
    Game {
        variant,
        interpretations: map,
    }
}

fn check_playout(
    variant: Variant,
    choices: &[usize],
    picks: &[usize],
) -> Result<(), TestCaseError> {
    let game = game(variant, choices);
    let rules = rules_for(&game).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let mut position = rules.start();
    let mut played = Vec::new();
    for &pick in picks {
        let setup = position.setup().clone();
        let context = || format!("{game:?} after {played:?}: {}", setup.to_text());
        prop_assert!(
            rules.validate(setup.clone()).is_ok(),
            "invalid: {}: {:?}",
            context(),
            rules.validate(setup.clone()).err()
        );
        prop_assert_eq!(
            &Setup::from_text(variant, &setup.to_text())
                .map_err(|e| TestCaseError::fail(e.to_string()))?,
            &setup,
            "text: {}",
            context()
        );
        prop_assert_eq!(
            &Setup::from_json_value(variant, &setup.to_json())
                .map_err(|e| TestCaseError::fail(e.to_string()))?,
            &setup,
            "json: {}",
            context()
        );
        let moves = rules.legal_moves(&position);
        let outcome = rules.outcome(&position);
        prop_assert_eq!(
            moves.is_empty(),
            outcome != Outcome::Ongoing,
            "outcome {:?}: {}",
            outcome,
            context()
        );
        if moves.is_empty() {
            break;
        }
        let mv = moves[pick % moves.len()];
        played.push(mv.to_string());
        position = rules
            .play(&position, mv)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_stay_valid(
        choices in prop::collection::vec(0usize..4, 12),
        picks in prop::collection::vec(0usize..1000, 0..120),
    ) {
        for variant in Variant::ALL {
            check_playout(variant, &choices, &picks)?;
        }
    }
}
