//! A bounded differential run: the oracle against the fast engine on a fixed number of
//! seeded generated positions of every variant (new readings drawn every 200 steps, walks from
//! the start and the perft tables' positions, perft to depth 2 on every 8th position); it fails
//! on the first disagreement. With the fixture suite it is the test command of cargo-mutants on
//! the oracle's rule modules (`.cargo/mutants.toml`, `reports/mutation-oracle.md`).

mod common;

use common::{generator, played_open_points, table_roots};
use trichess_diff::{Duel, Seeded, Step};
use trichess_fast::Fast;
use trichess_model::{Engine, Variant};
use trichess_oracle::Oracle;

/// Positions compared per variant.
const POSITIONS: usize = 3000;

#[test]
fn the_engines_agree_on_a_bounded_differential_run() {
    for variant in Variant::ALL {
        let mut duel = Duel::new(
            Box::new(|| Box::new(Oracle) as Box<dyn Engine>),
            Box::new(|| Box::new(Fast::default()) as Box<dyn Engine>),
        );
        let roots = table_roots(variant);
        let open = played_open_points(&duel, variant);
        let mut choices = Seeded::new(9);
        let mut compared = 0;
        let mut steps = 0;
        let mut current = generator(&mut duel, variant, &open, &roots, &mut choices);
        while compared < POSITIONS {
            if steps == 200 {
                current = generator(&mut duel, variant, &open, &roots, &mut choices);
                steps = 0;
            }
            steps += 1;
            let game = current.game().clone();
            match current.next(&mut duel, &mut choices) {
                None => panic!("{variant}: no usable root"),
                Some(Step::Finding(f)) => panic!("{variant}: the engines disagree: {f:?}"),
                Some(Step::Position(setup)) => {
                    let depth = if compared % 8 == 0 { 2 } else { 1 };
                    compared += 1;
                    let c = duel.compare(&game, &setup, depth);
                    if let Some(f) = c.finding {
                        panic!(
                            "{variant}: the engines disagree after {compared} positions, \
                             readings {:?}, on {} ({:?}): {} says {}, {} says {}",
                            game.interpretations,
                            f.setup.to_text(),
                            f.kind,
                            duel.names().0,
                            f.a_says,
                            duel.names().1,
                            f.b_says
                        );
                    }
                }
            }
        }
    }
}
