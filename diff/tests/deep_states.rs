//! How often the generated games reach the states where the rules are most special (an army
//! without its king, a mate not yet final, a player out, a taken-over pawn promoted, a game
//! over), per 10,000 generated positions, with the generator's default policy (mates and
//! captures sought, some walks driven by the second engine) and with uniform random moves.
//! `cargo test --release -p trichess-diff --test deep_states -- --nocapture` prints the
//! counts; `trichess diff` prints them for every variant it runs.

use trichess_diff::{Campaign, DeepStates, Policy};
use trichess_fast::Fast;
use trichess_model::{Engine, Variant};

/// Positions compared per variant and policy (each legal move of a generated position counts
/// as one, as `trichess diff` counts them).
const POSITIONS: u64 = 200_000;

fn deep_states(variant: Variant, policy: Policy) -> DeepStates {
    let fast = || Box::new(Fast::default()) as Box<dyn Engine>;
    let report = Campaign::new(&[variant])
        .positions(POSITIONS)
        .seed(21)
        .perft(1, 1)
        .policy(policy)
        .run(fast, fast)
        .expect("the fast engine plays every variant");
    report.assert();
    report.runs[0].deep
}

/// Yalta has every deep state: armies taken over, mates not yet final (under
/// `yalta.mate-final=after-left-player`), players out, taken-over pawns that promote, and
/// games that end. A uniform walk of 60 plies from the start reaches none of them.
#[test]
fn the_default_policy_reaches_every_deep_state_of_yalta_ten_times_as_often() {
    let uniform = deep_states(Variant::Yalta, Policy::UNIFORM);
    let sought = deep_states(Variant::Yalta, Policy::default());
    println!("uniform: {uniform}\ndefault: {sought}");
    for ((name, u), (_, d)) in uniform.per_10k().into_iter().zip(sought.per_10k()) {
        assert!(d > 0.0, "the default policy never reaches {name}");
        assert!(
            d >= 10.0 * u,
            "{name}: {d:.1} per 10,000 positions, not ten times the uniform walk's {u:.1}"
        );
    }
}
