//! Which rule decides a finding: the oracle's own explanation of the disagreement
//! ([`trichess_oracle::explain::deciding`]), never a guess from words. A row names at most
//! three clauses, the deciding one first; where the oracle has nothing to explain (the other
//! engine answers with something the rules never consider), the row says so plainly.

use trichess_model::{ProblemKind, Setup};
use trichess_oracle::explain::{Deciding, Disagreement, deciding};

use crate::{Finding, Kind};

/// Which engine of a comparison is the oracle, or stands for it: the one whose answers the
/// explanation starts from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Reference {
    /// The first engine (the usual order: the oracle, or the fast engine, against another).
    #[default]
    First,
    /// The second engine.
    Second,
}

/// What decides a finding: the clause ids (at most three, the deciding one first), the words
/// of the first that quotes the source, and why, in a sentence.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decided {
    /// The register ids (or decisions, `D5`) that decide it, the deciding one first.
    pub ids: Vec<String>,
    /// The source's words of the first id that has them.
    pub quote: Option<String>,
    /// What the clauses do here; or, when nothing decides it, why not.
    pub why: String,
}

impl Decided {
    /// The rules column of a row: the ids, or `(none)` when the oracle has nothing to
    /// explain.
    pub fn rules(&self) -> String {
        if self.ids.is_empty() {
            "(none)".into()
        } else {
            self.ids.join(" ")
        }
    }
}

/// The disagreement a finding is, seen from the oracle's side, if it is one the oracle
/// explains.
fn disagreement(f: &Finding, reference: Reference) -> Result<Disagreement, String> {
    let variant = f.game.variant;
    let (theirs, theirs_refuses) = match reference {
        Reference::First => (&f.b_says, &f.refusals[1]),
        Reference::Second => (&f.a_says, &f.refusals[0]),
    };
    let mv = f.mv.ok_or_else(|| format!("a {} names no move", f.kind));
    Ok(match (f.kind, reference) {
        (Kind::MissingMove, Reference::First) | (Kind::ExtraMove, Reference::Second) => {
            Disagreement::MissingMove(mv?)
        }
        (Kind::ExtraMove, Reference::First) | (Kind::MissingMove, Reference::Second) => {
            Disagreement::ExtraMove(mv?)
        }
        (Kind::DifferentPosition, _) => Disagreement::DifferentPosition {
            mv: mv?,
            theirs: Setup::parse(variant, theirs)
                .map_err(|_| format!("the other engine's answer is not a position: {theirs}"))?,
        },
        (Kind::DifferentResult, _) => Disagreement::DifferentResult,
        (Kind::DifferentValidity, _) => Disagreement::DifferentValidity {
            theirs: theirs_refuses
                .iter()
                .flatten()
                .copied()
                .filter(|&k| k != ProblemKind::Unclassified)
                .collect(),
        },
        (Kind::Crash | Kind::DifferentPerft, _) => {
            return Err(format!("a {} is not a question of the rules", f.kind));
        }
    })
}

/// Returns what decides `f`, by the oracle's explanation of the disagreement.
pub fn decide(f: &Finding, reference: Reference) -> Decided {
    let nothing = |why: String| Decided {
        why,
        ..Decided::default()
    };
    let question = match disagreement(f, reference) {
        Ok(question) => question,
        Err(why) => return nothing(why),
    };
    match deciding(&f.game, &f.setup, &question) {
        Ok(Deciding::Clauses(steps)) => Decided {
            ids: steps.iter().map(|s| s.id.clone()).collect(),
            quote: steps.iter().find_map(|s| s.quote.clone()),
            why: steps
                .iter()
                .map(|s| format!("{}: {}.", s.id, s.detail.trim_end_matches('.')))
                .collect::<Vec<_>>()
                .join(" "),
        },
        Ok(Deciding::Nothing(why)) => nothing(format!("the oracle has nothing to explain: {why}")),
        Err(e) => nothing(format!("the oracle cannot explain it: {e}")),
    }
}
