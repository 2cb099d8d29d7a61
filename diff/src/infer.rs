//! Which readings of the open points an engine follows, told by the fixtures of each reading.
//!
//! Every fixture names the open points its answer depends on (the suite's lint sees to it):
//! it sets them, cites them or lists a reading under `same_under`. A fixture tells about one
//! point only once every other point it names is known: declared by the engine (it plays the
//! fixture's reading, or the fixture is not run), given by the user, or already inferred. So
//! the points are settled one after another, each from the fixtures that have become usable,
//! until nothing more can be settled (a fixed point); a point whose fixtures cannot tell its
//! readings apart is said to have "not enough evidence" and is compared under its default.

use std::collections::BTreeMap;

use trichess_model::{Engine, Game};
use trichess_suite::{Fixture, OpenPoint, Verdict, run};

/// The fewest fixtures a verdict on a point rests on.
pub const MIN_EVIDENCE: usize = 2;

/// What the fixtures of one open point said, and the reading chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The open point.
    pub point: String,
    /// Each reading (the default first), with the fixtures passed and run.
    pub tallies: Vec<(String, usize, usize)>,
    /// The reading the engine is compared under.
    pub chosen: String,
    /// The fixtures the verdict rests on (those run, over every reading).
    pub evidence: usize,
    /// Whether the fixtures tell which reading the engine follows.
    pub settled: bool,
    /// The verdict, as a sentence.
    pub verdict: String,
}

/// Writes tallies as `reading passed/run, ...`.
pub fn tallies_text(items: &[&(String, usize, usize)]) -> String {
    let words: Vec<String> = items
        .iter()
        .map(|(r, p, t)| format!("{r} {p}/{t}"))
        .collect();
    words.join(", ")
}

/// The reading `fixture` plays of `point`: the one it sets, else the default.
fn reading_of<'a>(fixture: &'a Fixture, point: &'a OpenPoint) -> &'a str {
    fixture
        .interpretations
        .get(&point.id)
        .map_or(point.default_reading(), String::as_str)
}

/// Returns true if `fixture` names `point`: sets it, cites it, or lists one of its readings
/// under `same_under`.
fn names(fixture: &Fixture, point: &str) -> bool {
    fixture.interpretations.contains_key(point)
        || fixture.rules.iter().any(|r| r == point)
        || fixture.same_under.iter().any(|s| s.split().0 == point)
}

/// Returns true if `fixture` holds for an engine following `reading` of `point`: it plays
/// that reading, or says it holds under it as well.
fn holds_under(fixture: &Fixture, point: &OpenPoint, reading: &str) -> bool {
    reading_of(fixture, point) == reading
        || fixture
            .same_under
            .iter()
            .any(|s| s.split() == (point.id.as_str(), reading))
}

/// Infers which reading `engine` follows of each open point in `points` that it does not
/// declare (`declared`) and the user did not give (`given`), from `fixtures` (of the
/// variant): in rounds, each settling the points whose usable fixtures tell one reading
/// apart, until a round settles none.
pub fn infer(
    engine: &mut dyn Engine,
    points: &[OpenPoint],
    declared: &BTreeMap<String, Vec<String>>,
    given: &BTreeMap<String, String>,
    fixtures: &[&Fixture],
) -> Vec<Match> {
    let mut known: BTreeMap<String, String> = given.clone();
    let mut verdicts: BTreeMap<String, Verdict> = BTreeMap::new();
    let mut open: Vec<&OpenPoint> = points
        .iter()
        .filter(|p| !declared.contains_key(&p.id) && !given.contains_key(&p.id))
        .collect();
    let mut matches = Vec::new();
    loop {
        let mut settled_any = false;
        let mut still = Vec::new();
        for point in open {
            let tallies = tally(
                engine,
                point,
                points,
                declared,
                &known,
                fixtures,
                &mut verdicts,
            );
            let m = judge(point, tallies, true);
            if m.settled {
                known.insert(m.point.clone(), m.chosen.clone());
                matches.push(m);
                settled_any = true;
            } else {
                still.push(point);
            }
        }
        open = still;
        if !settled_any || open.is_empty() {
            break;
        }
    }
    for point in open {
        let tallies = tally(
            engine,
            point,
            points,
            declared,
            &known,
            fixtures,
            &mut verdicts,
        );
        matches.push(judge(point, tallies, false));
    }
    matches
}

/// Runs (once each, remembering the verdicts) the fixtures usable for `point` now, and
/// tallies them by the reading of `point` they play.
fn tally(
    engine: &mut dyn Engine,
    point: &OpenPoint,
    points: &[OpenPoint],
    declared: &BTreeMap<String, Vec<String>>,
    known: &BTreeMap<String, String>,
    fixtures: &[&Fixture],
    verdicts: &mut BTreeMap<String, Verdict>,
) -> Vec<(String, usize, usize)> {
    let mut tallies: Vec<(String, usize, usize)> =
        point.readings.iter().map(|r| (r.clone(), 0, 0)).collect();
    for fixture in fixtures.iter().filter(|f| names(f, &point.id)) {
        // Every other point the fixture names must be known, and at a reading it holds under.
        let usable = points
            .iter()
            .filter(|q| q.id != point.id && names(fixture, &q.id))
            .all(|q| match (declared.contains_key(&q.id), known.get(&q.id)) {
                (true, _) => true,
                (false, Some(reading)) => holds_under(fixture, q, reading),
                (false, None) => false,
            });
        let game = Game {
            variant: fixture.variant,
            interpretations: fixture.interpretations.clone(),
        };
        if !usable || engine.supports(&game).is_err() {
            continue;
        }
        let verdict = verdicts
            .entry(fixture.name.clone())
            .or_insert_with(|| run(engine, fixture));
        for tally in tallies.iter_mut() {
            if !holds_under(fixture, point, &tally.0) {
                continue;
            }
            match verdict {
                Verdict::Pass => {
                    tally.1 += 1;
                    tally.2 += 1;
                }
                Verdict::Fail(_) => tally.2 += 1,
                Verdict::Skip(_) => {}
            }
        }
    }
    tallies
}

/// Judges the tallies of one point: settled on the one reading whose fixtures all pass while
/// every other reading's fail at least once, on at least [`MIN_EVIDENCE`] fixtures; else, on
/// a `first_try` (more may be learnt once other points are settled), unsettled; else, when
/// nothing more can be learnt, the reading to compare under (the default if nothing rules it
/// out), with a verdict saying why it is not settled.
fn judge(point: &OpenPoint, tallies: Vec<(String, usize, usize)>, first_try: bool) -> Match {
    let id = point.id.as_str();
    let evidence: usize = tallies.iter().map(|(_, _, t)| t).sum();
    let all: Vec<&(String, usize, usize)> = tallies.iter().collect();
    // The readings no fixture rules out: all passed, or none run.
    let open: Vec<&(String, usize, usize)> = tallies.iter().filter(|(_, p, t)| p == t).collect();
    let full: Vec<&(String, usize, usize)> = open.iter().copied().filter(|t| t.2 > 0).collect();
    let settled = open.len() == 1 && full.len() == 1 && evidence >= MIN_EVIDENCE;
    let unsettled = |chosen: String, verdict: String| Match {
        point: id.to_string(),
        chosen,
        tallies: tallies.clone(),
        evidence,
        settled,
        verdict,
    };
    if settled {
        let (name, passed, run) = full[0];
        let others: Vec<&(String, usize, usize)> =
            tallies.iter().filter(|t| t.0 != *name).collect();
        let verdict = format!(
            "follows {id}={name}: {passed}/{run} fixtures (other readings: {}; the verdict \
             rests on {evidence} fixtures)",
            tallies_text(&others)
        );
        return unsettled(name.clone(), verdict);
    }
    if first_try {
        return unsettled(point.default_reading().to_string(), String::new());
    }
    if open.is_empty() {
        // Every reading is ruled out: compare under the one with the highest share of
        // fixtures passed (then the most passed; the earlier, the default first, on a tie).
        let ratio = |&(_, p, t): &(String, usize, usize)| p as f64 / t.max(1) as f64;
        let mut best = 0;
        for (i, tally) in tallies.iter().enumerate() {
            let (a, b) = (ratio(tally), ratio(&tallies[best]));
            if a > b || (a == b && tally.1 > tallies[best].1) {
                best = i;
            }
        }
        let name = tallies[best].0.clone();
        let verdict = format!(
            "disagrees with every reading of {id} ({}); compared under {name}",
            tallies_text(&all)
        );
        return unsettled(name, verdict);
    }
    let default = point.default_reading();
    let chosen = if open.iter().any(|t| t.0 == default) {
        default.to_string()
    } else {
        open[0].0.clone()
    };
    let why = if full.len() > 1 {
        "the fixtures cannot tell its readings apart"
    } else {
        "not enough evidence"
    };
    let verdict = format!(
        "{why} for {id} ({}); compared under {chosen}",
        tallies_text(&all)
    );
    unsettled(chosen, verdict)
}
