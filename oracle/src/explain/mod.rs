//! Why the oracle answers as it does: the clauses behind a move's legality, what a legal move
//! does to the position, a result, and a position's validity, each cited by its register id
//! with the source's words and the cells involved.
//!
//! One explainer per variant (`explain.rs` beside its rules) asks the rule functions, one at a
//! time, what the answer needs. The verdict is always the rules' own (a move is legal if and
//! only if `legal_moves` lists it, a result is `outcome`, a position is valid if `validate`
//! takes it); the explainer only says why. For a move the oracle refuses, it looks for the
//! clause whose relaxation would admit it (the line without its blocker, the board without its
//! barrier, another reading of an open point, ...). None of this runs when the oracle plays:
//! move generation and perft never see it.
//!
//! Every clause an explainer cites is bound to the rule function whose doc comment names it
//! ([`Cite`]); a test holds each binding against that doc comment, so the code and its
//! explanation cite one and the same clause (the traceability lint keeps the doc comments in
//! step with the register). The words come from the register (`explain/quotes.rs`, the one
//! place that reads it, through `trichess_suite`).
//!
//! [`explain`] answers a [`Question`]; [`deciding`] names, for a disagreement with another
//! engine, the clauses that decide it (at most three, the deciding one first), or says plainly
//! that the oracle has nothing to explain.

pub(crate) mod hex;
mod quotes;

pub use quotes::DECISIONS;

use std::fmt::Write as _;

use serde_json::{Value, json};
use trichess_model::{
    Cell, Game, InvalidPosition, Move, Outcome, Piece, ProblemKind, Setup, Variant,
};

use crate::board;
use crate::interpretation::{Interpretation, InterpretationError};
use crate::rules::Rules;

/// A clause an explainer cites, bound to the rule function that decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cite {
    /// The register id of a clause or an interpretation, or a decision of DECISIONS.md
    /// (`D5`).
    pub id: &'static str,
    /// The rule function's source file below `oracle/src/`; with `rule`, the function whose
    /// doc comment names the id (a decision as "decision D5").
    pub file: &'static str,
    /// The rule function's name.
    pub rule: &'static str,
}

/// Declares the clauses an explainer cites, each bound to its rule function, and `CITES`, the
/// list of them all.
macro_rules! cites {
    ($( $(#[$meta:meta])* $name:ident = $id:literal in $file:literal fn $rule:ident; )+) => {
        $(
            $(#[$meta])*
            pub(crate) const $name: $crate::explain::Cite = $crate::explain::Cite {
                id: $id,
                file: $file,
                rule: stringify!($rule),
            };
        )+
        /// Every clause this explainer cites.
        pub(crate) const CITES: &[$crate::explain::Cite] = &[$($name),+];
    };
}

pub(crate) use cites;

/// What the oracle is asked to explain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Whether a move is legal (and, if it is, what it does).
    Move(Move),
    /// The state of the game.
    Result,
    /// Whether the position is one of the game's.
    Validity,
}

impl Question {
    /// Writes the question as the JSON form and the command line name it: the move, `result`
    /// or `validity`.
    pub fn text(&self) -> String {
        match self {
            Question::Move(mv) => mv.to_string(),
            Question::Result => "result".into(),
            Question::Validity => "validity".into(),
        }
    }
}

/// The oracle's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move is legal.
    Legal,
    /// The move is illegal.
    Illegal,
    /// The position is valid.
    Valid,
    /// The position is invalid.
    Invalid,
    /// The state of the game.
    Outcome(Outcome),
}

impl Verdict {
    /// Returns the verdict's word: `legal`, `illegal`, `valid`, `invalid`, or the outcome's
    /// status (`ongoing`, `won`, ...).
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Legal => "legal",
            Verdict::Illegal => "illegal",
            Verdict::Valid => "valid",
            Verdict::Invalid => "invalid",
            Verdict::Outcome(Outcome::Ongoing) => "ongoing",
            Verdict::Outcome(Outcome::Eliminated { .. }) => "eliminated",
            Verdict::Outcome(Outcome::Passes { .. }) => "passes",
            Verdict::Outcome(Outcome::Won { .. }) => "won",
            Verdict::Outcome(Outcome::Drawn { .. }) => "drawn",
        }
    }
}

/// One step of an explanation: a clause, what it does here, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The register id, or a decision (`D5`).
    pub id: String,
    /// The reading in force, for an interpretation.
    pub reading: Option<String>,
    /// The source's words, verbatim, as the register quotes them (none for a decision, or an
    /// open point on which the source says nothing).
    pub quote: Option<String>,
    /// What the reading says (an interpretation), or the decision's title.
    pub meaning: Option<String>,
    /// The cells involved.
    pub cells: Vec<Cell>,
    /// What the clause does here.
    pub detail: String,
    /// For what a move does: the fields of the position it sets (`en_passant`, `to_move`,
    /// `castling`, `control`, ...; `pieces` for the board).
    pub fields: Vec<String>,
}

impl Step {
    /// Writes the step as JSON.
    pub fn to_json(&self) -> Value {
        let cells: Vec<String> = self.cells.iter().map(Cell::to_string).collect();
        json!({
            "id": self.id, "reading": self.reading, "quote": self.quote,
            "meaning": self.meaning, "cells": cells, "detail": self.detail,
            "fields": self.fields,
        })
    }
}

/// Why the oracle answers a question as it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The variant.
    pub variant: Variant,
    /// What was asked.
    pub question: Question,
    /// The oracle's answer.
    pub verdict: Verdict,
    /// Why: the deciding clause first, then the others the verdict rests on.
    pub steps: Vec<Step>,
    /// For a legal move, what it does, in order: the board change, the state it updates, the
    /// players it takes out, the turn passing.
    pub effects: Vec<Step>,
    /// Set when the oracle has no clause to cite: the question is about something the rules
    /// never consider (a move from an empty cell, say).
    pub unexplained: Option<String>,
    /// For a legal move, the position after it.
    pub after: Option<Setup>,
}

impl Explanation {
    /// Returns true if a step (of the why, or of what the move does) cites `id`.
    pub fn cites(&self, id: &str) -> bool {
        self.steps.iter().chain(&self.effects).any(|s| s.id == id)
    }

    /// Writes the explanation as JSON.
    pub fn to_json(&self) -> Value {
        let outcome = match self.verdict {
            Verdict::Outcome(o) => Some(o.to_json(self.variant)),
            _ => None,
        };
        json!({
            "variant": self.variant.id(),
            "question": self.question.text(),
            "verdict": self.verdict.word(),
            "outcome": outcome,
            "steps": self.steps.iter().map(Step::to_json).collect::<Vec<_>>(),
            "effects": self.effects.iter().map(Step::to_json).collect::<Vec<_>>(),
            "unexplained": self.unexplained,
            "after": self.after.as_ref().map(Setup::to_text),
        })
    }

    /// Writes the explanation for a reader: the verdict, then each step with its id, what it
    /// does here and the cells, and the source's words below it.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = match (&self.question, &self.verdict) {
            (Question::Move(mv), v) => writeln!(out, "{mv} is {}", v.word()),
            (Question::Result, Verdict::Outcome(o)) => {
                writeln!(out, "result: {}", o.describe(self.variant))
            }
            (_, v) => writeln!(out, "the position is {}", v.word()),
        };
        if let Some(why) = &self.unexplained {
            let _ = writeln!(out, "no clause decides it: {why}");
        }
        let mut number = 0;
        let mut write = |out: &mut String, steps: &[Step]| {
            for step in steps {
                number += 1;
                let id = match &step.reading {
                    Some(r) => format!("{}={r}", step.id),
                    None => step.id.clone(),
                };
                let _ = write!(out, "{number}. {id}: {}", step.detail);
                if !step.cells.is_empty() {
                    let cells: Vec<String> = step.cells.iter().map(Cell::to_string).collect();
                    let _ = write!(out, " [{}]", cells.join(" "));
                }
                out.push('\n');
                if let Some(quote) = &step.quote {
                    let _ = writeln!(out, "   \"{quote}\"");
                }
                if let Some(meaning) = &step.meaning {
                    let _ = writeln!(out, "   ({meaning})");
                }
            }
        };
        write(&mut out, &self.steps);
        if !self.effects.is_empty() {
            out.push_str("what it does:\n");
            write(&mut out, &self.effects);
        }
        if let Some(after) = &self.after {
            let _ = writeln!(out, "after: {}", after.to_text());
        }
        out
    }
}

/// Why the oracle cannot explain.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// The readings of the game do not read.
    #[error(transparent)]
    Interpretation(#[from] InterpretationError),
    /// A move or a result is asked of a position that is not one of the game's.
    #[error("invalid position: {0}")]
    InvalidPosition(InvalidPosition),
}

/// Explains the oracle's answer to `question` about `setup` in `game`.
pub fn explain(
    game: &Game,
    setup: &Setup,
    question: Question,
) -> Result<Explanation, ExplainError> {
    let explainer = explainer(game)?;
    let chain = match question {
        Question::Validity => explainer.validity(setup),
        Question::Move(mv) => explainer.legality(&checked(explainer.rules(), setup)?, mv),
        Question::Result => explainer.outcome(&checked(explainer.rules(), setup)?),
    };
    Ok(chain.into_explanation(game.variant, question))
}

/// Explains as an engine answers the protocol's `explain`: the explanation's JSON form, or the
/// refusal (an invalid position with its problems; anything else is unsupported).
pub fn explain_json(
    game: &Game,
    setup: &Setup,
    question: Question,
) -> Result<Value, trichess_model::EngineError> {
    use trichess_model::EngineError;
    match explain(game, setup, question) {
        Ok(explanation) => Ok(explanation.to_json()),
        Err(ExplainError::InvalidPosition(problems)) => Err(EngineError::InvalidPosition(problems)),
        Err(other) => Err(EngineError::Unsupported(other.to_string())),
    }
}

/// Returns the position, checked against the rules.
fn checked(rules: &dyn Rules, setup: &Setup) -> Result<board::Setup, ExplainError> {
    rules
        .validate(setup.clone())
        .map(|p| p.board().clone())
        .map_err(ExplainError::InvalidPosition)
}

/// Lists every clause the explainers cite, with the rule function each is bound to.
pub fn citations() -> Vec<(Variant, Cite)> {
    let by_variant: [(Variant, &[Cite]); 4] = [
        (Variant::OSullivan, crate::osullivan::explain::CITES),
        (Variant::Yalta, crate::yalta::explain::CITES),
        (Variant::Yuri, crate::yuri::explain::CITES),
        (Variant::TripleCrown, crate::triple_crown::explain::CITES),
    ];
    by_variant
        .into_iter()
        .flat_map(|(v, cites)| cites.iter().map(move |&c| (v, c)))
        .collect()
}

/// A disagreement between the oracle and another engine, as the oracle is asked about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disagreement {
    /// The other engine lists a move the oracle does not: why the oracle refuses it.
    ExtraMove(Move),
    /// The oracle lists a move the other engine does not: why the oracle allows it.
    MissingMove(Move),
    /// Both play the move and reach different positions (the other engine's is `theirs`):
    /// the clauses applied where the two differ.
    DifferentPosition {
        /// The move both play.
        mv: Move,
        /// The position the other engine reaches.
        theirs: Setup,
    },
    /// The engines give different results: the clause that ends the game, or keeps it going.
    DifferentResult,
    /// One engine refuses the position: the clauses of the oracle's problems, or, when the
    /// oracle takes it, those of the checks for the kinds of problem the other engine names.
    DifferentValidity {
        /// The kinds of problem the other engine names (none if it takes the position).
        theirs: Vec<ProblemKind>,
    },
}

/// The most clauses that decide a disagreement.
pub const MAX_DECIDING: usize = 3;

/// What decides a disagreement, as far as the oracle can say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deciding {
    /// The deciding clauses, at most [`MAX_DECIDING`], the deciding one first, each with its
    /// quote and what it does here.
    Clauses(Vec<Step>),
    /// The oracle has nothing to explain: the other engine answers with something the rules
    /// never consider. Says what, plainly.
    Nothing(String),
}

/// Returns the clauses that decide a disagreement between the oracle and another engine about
/// `setup` in `game`.
pub fn deciding(
    game: &Game,
    setup: &Setup,
    disagreement: &Disagreement,
) -> Result<Deciding, ExplainError> {
    let explainer = explainer(game)?;
    let variant = game.variant;
    let first = |steps: Vec<Link>| {
        let mut ids: Vec<Link> = Vec::new();
        for link in steps {
            if !ids.iter().any(|l| l.cite.id == link.cite.id) {
                ids.push(link);
            }
        }
        ids.truncate(MAX_DECIDING);
        Deciding::Clauses(ids.into_iter().map(|l| l.into_step(variant)).collect())
    };
    let position = || checked(explainer.rules(), setup);
    Ok(match disagreement {
        Disagreement::ExtraMove(mv) | Disagreement::MissingMove(mv) => {
            let chain = explainer.legality(&position()?, *mv);
            let expected = match disagreement {
                Disagreement::ExtraMove(_) => Verdict::Illegal,
                _ => Verdict::Legal,
            };
            match chain.unexplained {
                Some(why) => Deciding::Nothing(why),
                None if chain.verdict != expected => Deciding::Nothing(format!(
                    "the oracle finds {mv} {}, so there is no disagreement to explain",
                    chain.verdict.word()
                )),
                None => first(chain.steps),
            }
        }
        Disagreement::DifferentPosition { mv, theirs } => {
            let chain = explainer.legality(&position()?, *mv);
            let Some(ours) = chain
                .after
                .as_ref()
                .filter(|_| chain.verdict == Verdict::Legal)
            else {
                return Ok(Deciding::Nothing(format!(
                    "the oracle does not play {mv} here, so it has no position after it"
                )));
            };
            let (cells, fields) = differences(ours, theirs);
            let touching: Vec<Link> = chain
                .effects
                .into_iter()
                .filter(|l| {
                    l.cells.iter().any(|c| cells.contains(c))
                        || l.fields.iter().any(|f| fields.contains(f))
                })
                .collect();
            if touching.is_empty() {
                let mut what: Vec<String> = cells.iter().map(Cell::to_string).collect();
                what.extend(fields.iter().map(|f| f.to_string()));
                Deciding::Nothing(format!(
                    "the positions differ in {}, which no clause applied by {mv} touches",
                    what.join(", ")
                ))
            } else {
                first(touching)
            }
        }
        Disagreement::DifferentResult => first(explainer.outcome(&position()?).steps),
        Disagreement::DifferentValidity { theirs } => {
            let chain = explainer.validity(setup);
            if chain.verdict == Verdict::Invalid {
                first(chain.steps)
            } else {
                let checks: Vec<Link> = theirs
                    .iter()
                    .flat_map(|&kind| explainer.check_for(kind))
                    .collect();
                if checks.is_empty() {
                    let kinds: Vec<&str> = theirs.iter().map(|k| k.id()).collect();
                    Deciding::Nothing(format!(
                        "the oracle takes the position and has no rule of {variant} that refuses \
                         one for {}",
                        if kinds.is_empty() {
                            "the reason the other engine gives".to_string()
                        } else {
                            kinds.join(", ")
                        }
                    ))
                } else {
                    first(checks)
                }
            }
        }
    })
}

/// Lists the cells whose pieces differ between two positions, and the fields (of the JSON
/// form) that differ.
fn differences(a: &Setup, b: &Setup) -> (Vec<Cell>, Vec<&'static str>) {
    let mut cells: Vec<Cell> = a
        .pieces
        .keys()
        .chain(b.pieces.keys())
        .copied()
        .filter(|c| a.pieces.get(c) != b.pieces.get(c))
        .collect();
    cells.sort();
    cells.dedup();
    let mut fields = Vec::new();
    if a.to_move != b.to_move {
        fields.push("to_move");
    }
    if a.castling != b.castling {
        fields.push("castling");
    }
    if a.en_passant != b.en_passant {
        fields.push("en_passant");
    }
    let (sa, sb) = (a.to_json(), b.to_json());
    for (key, value) in sa.as_object().into_iter().flatten() {
        let known = ["to_move", "pieces", "castling", "en_passant"];
        if !known.contains(&key.as_str()) && sb.get(key) != Some(value) {
            fields.extend(STATE_FIELDS.iter().find(|f| **f == key.as_str()));
        }
    }
    (cells, fields)
}

/// The fields of the variants' states, as the JSON form names them.
const STATE_FIELDS: [&str; 11] = [
    "en_passant_earlier",
    "control",
    "first_check",
    "pending_mate",
    "p4",
    "p4_freed",
    "unmoved",
    "en_passant_pawn",
    "history",
    "shared_square",
    "instant_win",
];

/// A variant's explainer.
pub(crate) trait Explainer {
    /// The variant's rules.
    fn rules(&self) -> &dyn Rules;
    /// Why a move is legal, or not, in a checked position; what it does if it is.
    fn legality(&self, setup: &board::Setup, mv: Move) -> Chain;
    /// Why the game stands as `outcome` says, in a checked position.
    fn outcome(&self, setup: &board::Setup) -> Chain;
    /// Why a position is valid, or each of its problems.
    fn validity(&self, setup: &Setup) -> Chain;
    /// The clauses of the check that refuses a position for problems of `kind`, the check's
    /// own first (none if the variant has no such check).
    fn check_for(&self, kind: ProblemKind) -> Vec<Link>;
}

/// What a variant's explainer answers about one move, for [`legality`].
pub(crate) trait Moves {
    /// Why nobody moves, if the game is over: the deciding clause first.
    fn game_over(&self, setup: &board::Setup) -> Option<Vec<Link>>;
    /// Why the side to move may not move `piece` (another player's turn, say), if so.
    fn not_theirs(&self, setup: &board::Setup, from: Cell, piece: Piece) -> Option<Link>;
    /// The moves of `piece` by the way it moves, before the check rule.
    fn piece_moves(&self, setup: &board::Setup, from: Cell, piece: Piece) -> Vec<Move>;
    /// The legal moves of the side to move.
    fn legal_moves(&self, setup: &board::Setup) -> Vec<Move>;
    /// The clauses that give `piece` the move `mv` (one of its `piece_moves`), the most
    /// particular first.
    fn grants(&self, setup: &board::Setup, from: Cell, piece: Piece, mv: Move) -> Vec<Link>;
    /// Why a move of `piece_moves` is not legal (it leaves the mover's royal piece attacked,
    /// say), the deciding clause first.
    fn exposure(&self, setup: &board::Setup, mv: Move) -> Vec<Link>;
    /// Why a legal move passes the check rule.
    fn safety(&self, setup: &board::Setup, mv: Move) -> Vec<Link>;
    /// Why `piece` may not make `mv`, which is not among its `piece_moves`: the deciding
    /// clause first; none if no clause is found.
    fn refusal(
        &self,
        setup: &board::Setup,
        from: Cell,
        piece: Piece,
        mv: Move,
    ) -> Option<Vec<Link>>;
    /// Plays a legal move.
    fn play(&self, setup: &board::Setup, mv: Move) -> board::Setup;
    /// What a legal move does, in order (the position after it is `after`).
    fn effects(&self, setup: &board::Setup, mv: Move, after: &board::Setup) -> Vec<Link>;
}

/// Why `mv` is legal or not in `setup`, and what it does if it is: the game over, no piece,
/// another's piece, a move the piece does not have, a move the check rule refuses, or a legal
/// move.
pub(crate) fn legality(rules: &impl Moves, setup: &board::Setup, mv: Move) -> Chain {
    if let Some(over) = rules.game_over(setup) {
        return Chain::new(Verdict::Illegal, over);
    }
    let from = mv.from();
    let Some(piece) = setup.piece(from) else {
        return Chain::unexplained(format!("there is no piece on {from} to move"));
    };
    if let Some(link) = rules.not_theirs(setup, from, piece) {
        return Chain::new(Verdict::Illegal, vec![link]);
    }
    if !rules.piece_moves(setup, from, piece).contains(&mv) {
        return match rules.refusal(setup, from, piece, mv) {
            Some(steps) => Chain::new(Verdict::Illegal, steps),
            None => Chain::unexplained(format!(
                "{mv} is no move of a {} that the rules describe",
                piece.role.name()
            )),
        };
    }
    let grants = rules.grants(setup, from, piece, mv);
    if !rules.legal_moves(setup).contains(&mv) {
        let mut steps = rules.exposure(setup, mv);
        steps.extend(grants);
        return Chain::new(Verdict::Illegal, steps);
    }
    let mut steps = grants;
    steps.extend(rules.safety(setup, mv));
    let after = rules.play(setup, mv);
    Chain {
        effects: rules.effects(setup, mv, &after),
        after: Some(after.to_model()),
        ..Chain::new(Verdict::Legal, steps)
    }
}

/// Returns the explainer of `game`.
fn explainer(game: &Game) -> Result<Box<dyn Explainer>, ExplainError> {
    let readings = &game.interpretations;
    Ok(match game.variant {
        Variant::OSullivan => Box::new(crate::osullivan::OSullivan::new(readings)?),
        Variant::Yalta => Box::new(crate::yalta::Yalta::new(readings)?),
        Variant::Yuri => Box::new(crate::yuri::Yuri::new(readings)?),
        Variant::TripleCrown => Box::new(crate::triple_crown::TripleCrown::new(readings)?),
    })
}

/// One step as an explainer makes it: the clause, the reading in force, where, what.
#[derive(Clone, Debug)]
pub(crate) struct Link {
    pub cite: Cite,
    pub reading: Option<&'static str>,
    pub cells: Vec<Cell>,
    pub detail: String,
    pub fields: Vec<&'static str>,
}

impl Link {
    /// A step citing `cite`, doing `detail`.
    pub fn new(cite: Cite, detail: impl Into<String>) -> Link {
        Link {
            cite,
            reading: None,
            cells: Vec::new(),
            detail: detail.into(),
            fields: Vec::new(),
        }
    }

    /// The cells involved.
    pub fn at(mut self, cells: impl IntoIterator<Item = Cell>) -> Link {
        self.cells.extend(cells);
        self
    }

    /// The reading of the interpretation in force.
    pub fn read<T: Interpretation + PartialEq>(mut self, reading: T) -> Link {
        self.reading = T::READINGS
            .iter()
            .find(|(_, r)| *r == reading)
            .map(|(name, _)| *name);
        self
    }

    /// The fields of the position the step sets (`pieces` for the board).
    pub fn sets(mut self, fields: &[&'static str]) -> Link {
        self.fields.extend_from_slice(fields);
        self
    }

    fn into_step(self, variant: Variant) -> Step {
        let decision = self.cite.id.starts_with('D');
        Step {
            id: self.cite.id.to_string(),
            reading: self.reading.map(str::to_string),
            quote: (!decision)
                .then(|| quotes::quote(variant, self.cite.id))
                .flatten(),
            meaning: if decision {
                quotes::decision(self.cite.id)
            } else {
                self.reading
                    .and_then(|r| quotes::meaning(variant, self.cite.id, r))
            },
            cells: self.cells,
            detail: self.detail,
            fields: self.fields.into_iter().map(str::to_string).collect(),
        }
    }
}

/// An explanation as an explainer makes it.
#[derive(Clone, Debug)]
pub(crate) struct Chain {
    pub verdict: Verdict,
    pub steps: Vec<Link>,
    pub effects: Vec<Link>,
    pub unexplained: Option<String>,
    pub after: Option<Setup>,
}

impl Chain {
    /// A chain with `verdict` and `steps`.
    pub fn new(verdict: Verdict, steps: Vec<Link>) -> Chain {
        Chain {
            verdict,
            steps,
            effects: Vec::new(),
            unexplained: None,
            after: None,
        }
    }

    /// A move the rules never consider: illegal, with nothing to cite.
    pub fn unexplained(why: impl Into<String>) -> Chain {
        Chain {
            unexplained: Some(why.into()),
            ..Chain::new(Verdict::Illegal, Vec::new())
        }
    }

    fn into_explanation(self, variant: Variant, question: Question) -> Explanation {
        let steps = |links: Vec<Link>| links.into_iter().map(|l| l.into_step(variant)).collect();
        Explanation {
            variant,
            question,
            verdict: self.verdict,
            steps: steps(self.steps),
            effects: steps(self.effects),
            unexplained: self.unexplained,
            after: self.after,
        }
    }
}

/// Explains a position's validity by the variant's checks: each problem `validate` finds, with
/// the clauses of the check that finds it (`check_for`, the check's own first), or, for a
/// valid position, each of the checks (`kinds`) it passes.
pub(crate) fn validity(
    rules: &dyn Rules,
    setup: &Setup,
    kinds: &[ProblemKind],
    check_for: impl Fn(ProblemKind) -> Vec<Link>,
) -> Chain {
    match rules.validate(setup.clone()) {
        Ok(_) => {
            let passed = kinds
                .iter()
                .filter_map(|&kind| check_for(kind).into_iter().next())
                .map(|link| Link {
                    detail: format!("passed: {}", link.detail),
                    ..link
                })
                .collect();
            Chain::new(Verdict::Valid, passed)
        }
        Err(invalid) => {
            let mut steps = Vec::new();
            let mut uncited = Vec::new();
            for problem in invalid.problems {
                let mut links = check_for(problem.kind).into_iter();
                match links.next() {
                    Some(link) => {
                        steps.push(Link {
                            detail: problem.detail,
                            ..link
                        });
                        steps.extend(links);
                    }
                    None => uncited.push(problem.detail),
                }
            }
            Chain {
                unexplained: (!uncited.is_empty()).then(|| uncited.join("; ")),
                ..Chain::new(Verdict::Invalid, steps)
            }
        }
    }
}

/// Names a piece for a reader: "Red's Rook".
pub(crate) fn piece_name(variant: Variant, piece: Piece) -> String {
    format!("{}'s {}", variant.seat_name(piece.owner), piece.role.name())
}

/// Lists the pieces on `pieces` attacking `target`, of the seats `by` says, by the variant's
/// `attacks` definition: each with its cell.
pub(crate) fn attackers(
    setup: &board::Setup,
    target: Cell,
    by: impl Fn(Piece) -> bool,
    attacks: impl Fn(Cell, Piece) -> Vec<Cell>,
) -> Vec<(Cell, Piece)> {
    setup
        .pieces
        .iter()
        .filter(|&(_, &p)| by(p))
        .filter(|&(&c, &p)| attacks(c, p).contains(&target))
        .map(|(&c, &p)| (c, p))
        .collect()
}

/// Writes attackers for a reader: "Green's Rook on Ae4 and Blue's Bishop on Ah3".
pub(crate) fn attackers_text(variant: Variant, attackers: &[(Cell, Piece)]) -> String {
    let names: Vec<String> = attackers
        .iter()
        .map(|&(c, p)| format!("{} on {c}", piece_name(variant, p)))
        .collect();
    names.join(" and ")
}

/// Returns the cells of the line from `from`, in one of `dirs`, that runs to `to` on a square
/// board whose one step is `step`, up to and including `to` (whatever stands on them), if a
/// line does.
pub(crate) fn square_line_to(
    from: Cell,
    to: Cell,
    dirs: &[crate::square::Direction],
    step: impl Fn(Cell, crate::square::Direction) -> Option<Cell> + Copy,
) -> Option<Vec<Cell>> {
    dirs.iter().find_map(|&d| {
        let ray = crate::square::ray(from, d, step);
        let at = ray.iter().position(|&c| c == to)?;
        Some(ray[..=at].to_vec())
    })
}
