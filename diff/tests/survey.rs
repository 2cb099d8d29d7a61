//! Every engine's [`Engine::survey`] answers what its methods answer one by one, on generated
//! positions of every variant: the differential run compares surveys, so an engine that
//! overrides `survey` (to read a setup once) must not answer anything else.

mod common;

use trichess_diff::{Duel, Generator, Seeded, Step, random_game};
use trichess_fast::Fast;
use trichess_model::{Engine, Game, Setup, Survey, Variant};
use trichess_oracle::Oracle;

/// What the methods answer one by one, as a survey.
fn one_by_one(engine: &mut dyn Engine, game: &Game, setup: &Setup) -> Option<Survey> {
    engine.check(game, setup).ok()?;
    let outcome = engine.outcome(game, setup);
    let moves = engine.legal_moves(game, setup).map(|moves| {
        moves
            .into_iter()
            .map(|mv| (mv, engine.play(game, setup, mv)))
            .collect()
    });
    Some(Survey { outcome, moves })
}

#[test]
fn a_survey_answers_what_the_methods_answer_one_by_one() {
    for variant in Variant::ALL {
        let open = common::open_points(variant);
        let mut duel = Duel::new(
            Box::new(|| Box::new(Oracle) as Box<dyn Engine>),
            Box::new(|| Box::new(Fast::default()) as Box<dyn Engine>),
        );
        let mut choices = Seeded::new(3);
        let mut engines: [Box<dyn Engine>; 2] = [Box::new(Oracle), Box::new(Fast::default())];
        let mut surveyed = 0;
        for _ in 0..4 {
            let game = random_game(variant, &open, &mut choices);
            let start = duel.start(&game).unwrap();
            let mut generator = Generator::new(game.clone(), vec![start]);
            for _ in 0..40 {
                let Some(Step::Position(setup)) = generator.next(&mut duel, &mut choices) else {
                    break;
                };
                for engine in &mut engines {
                    let survey = engine.survey(&game, &setup).ok();
                    let expected = one_by_one(engine.as_mut(), &game, &setup);
                    assert_eq!(
                        survey,
                        expected,
                        "{}: {variant} {:?}: {}",
                        engine.name(),
                        game.interpretations,
                        setup.to_text()
                    );
                    surveyed += usize::from(survey.is_some());
                }
            }
        }
        assert!(surveyed >= 100, "{variant}: {surveyed} surveys");
    }
}
