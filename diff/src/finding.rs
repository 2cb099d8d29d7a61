//! Findings: one disagreement between two engines, classified.

use std::fmt;

use serde_json::{Value, json};
use trichess_model::{Game, Move, ProblemKind, Setup};

use crate::attribute::Decided;

/// What kind of disagreement a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// The first engine lists a move the second does not.
    MissingMove,
    /// The second engine lists a move the first does not.
    ExtraMove,
    /// The engines reach different positions by the same move.
    DifferentPosition,
    /// The engines give different results (outcomes) for the position.
    DifferentResult,
    /// One engine accepts the position and the other refuses it.
    DifferentValidity,
    /// The perft counts differ but no single position and move could be found that explains
    /// it (should not happen: the descent normally ends in one of the kinds above).
    DifferentPerft,
    /// An engine panicked or failed.
    Crash,
}

impl Kind {
    /// Returns the kind's id, as written in reports.
    pub fn id(self) -> &'static str {
        match self {
            Kind::MissingMove => "missing-move",
            Kind::ExtraMove => "extra-move",
            Kind::DifferentPosition => "different-position",
            Kind::DifferentResult => "different-result",
            Kind::DifferentValidity => "different-validity",
            Kind::DifferentPerft => "different-perft",
            Kind::Crash => "crash",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One disagreement: the game, the position, the move concerned (if any), and what each
/// engine says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// What kind of disagreement it is.
    pub kind: Kind,
    /// The variant and the readings it is found under.
    pub game: Game,
    /// The position where the engines differ (after descent and shrinking).
    pub setup: Setup,
    /// The move the engines differ on, if the disagreement is about one.
    pub mv: Option<Move>,
    /// What the first engine says.
    pub a_says: String,
    /// What the second engine says.
    pub b_says: String,
    /// The first engine's legal moves in the position, when it gave them (for the fixture).
    pub a_moves: Option<Vec<Move>>,
    /// The first engine's answer as a fixture expectation, when there is one.
    pub a_expect: Option<Value>,
    /// For a disagreement about validity: the kinds of problem each engine refused the
    /// position for (`None` for the one that accepts it; `unclassified` stands for problems an
    /// engine did not sort into kinds).
    pub refusals: [Option<Vec<ProblemKind>>; 2],
    /// The position the finding was reached from by `path`, if it was reached by moves: the
    /// start of the walk that generated it (its root or its last edit).
    pub origin: Option<Setup>,
    /// The moves from `origin` to `setup` (the walk's, then the descent's), as the first
    /// engine plays them.
    pub path: Vec<Move>,
}

impl fmt::Display for Finding {
    /// Writes the finding as a maintainer reads it: the kind, the variant and readings, the
    /// position and move, what each engine says, and how the position was reached.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let readings: Vec<String> = self
            .game
            .interpretations
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        write!(
            f,
            "{} in {} ({}): position {}",
            self.kind,
            self.game.variant,
            if readings.is_empty() {
                "defaults".to_string()
            } else {
                readings.join(" ")
            },
            self.setup.to_text()
        )?;
        if let Some(mv) = self.mv {
            write!(f, ", move {mv}")?;
        }
        write!(
            f,
            "\n    first says: {}\n    second says: {}",
            self.a_says, self.b_says
        )?;
        if let Some(origin) = self.origin.as_ref().filter(|_| !self.path.is_empty()) {
            let path: Vec<String> = self.path.iter().map(Move::to_string).collect();
            write!(
                f,
                "\n    reached from {} by {}",
                origin.to_text(),
                path.join(" ")
            )?;
        }
        Ok(())
    }
}

impl Finding {
    /// Returns the finding as reached from `origin` by `moves` and then by its own path (the
    /// moves of the walk that led to the position compared).
    pub fn reached_from(mut self, origin: &Setup, moves: &[Move]) -> Finding {
        if self.origin.is_none() && self.path.is_empty() && moves.is_empty() {
            return self;
        }
        self.path.splice(0..0, moves.iter().copied());
        self.origin = Some(origin.clone());
        self
    }

    /// Returns true if `other` is the same disagreement with the same answers: the same key,
    /// move, and what each engine says.
    pub fn same_answers(&self, other: &Finding) -> bool {
        self.key() == other.key()
            && self.mv == other.mv
            && self.a_says == other.a_says
            && self.b_says == other.b_says
    }

    /// Returns the perft depth at which the disagreement shows where it stands: its own for a
    /// perft count, else 1 (validity, result, the legal moves and the positions after them are
    /// compared at every depth).
    pub fn depth(&self) -> u32 {
        self.a_expect
            .as_ref()
            .and_then(|e| e["perft"]["depth"].as_u64())
            .and_then(|d| u32::try_from(d).ok())
            .filter(|_| self.kind == Kind::DifferentPerft)
            .unwrap_or(1)
    }

    /// Returns the key that makes two findings the same row: the kind, the game and the
    /// position.
    pub fn key(&self) -> String {
        let readings: Vec<String> = self
            .game
            .interpretations
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!(
            "{} {} [{}] {}",
            self.kind,
            self.game.variant,
            readings.join(" "),
            self.setup.to_text()
        )
    }

    /// Writes a paste-ready fixture in the suite's JSON form. The expectation is the first
    /// engine's answer; the rules, quote and derivation are drafted from `decided` (the
    /// oracle's explanation of the disagreement), all for a person to confirm against the rule
    /// text.
    pub fn fixture(&self, decided: &Decided) -> Value {
        let variant = self.game.variant;
        let rules = if decided.ids.is_empty() {
            vec!["TO-CONFIRM".to_string()]
        } else {
            decided.ids.clone()
        };
        let quote = decided.quote.as_ref().map_or_else(
            || "TO CONFIRM: the clause's words, verbatim".to_string(),
            |q| q.clone(),
        );
        let polarity = if self.kind == Kind::ExtraMove {
            "negative"
        } else {
            "positive"
        };
        let mut fixture = json!({
            "variant": variant.id(),
            "rules": rules,
            "quote": quote,
            "polarity": polarity,
            "derivation": format!(
                "TO CONFIRM (drafted from the oracle's explanation): {} Found by trichess diff \
                 ({}): the first engine says {}; the second says {}.",
                decided.why, self.kind, self.a_says, self.b_says
            ),
            "position": self.setup.to_text(),
        });
        if !self.game.interpretations.is_empty() {
            fixture["interpretations"] = json!(self.game.interpretations);
        }
        let expect = match (self.kind, self.mv) {
            (Kind::MissingMove, Some(mv)) => json!({"legal": mv.to_string()}),
            (Kind::ExtraMove, Some(mv)) => json!({"illegal": mv.to_string()}),
            _ => match &self.a_expect {
                Some(e) => e.clone(),
                None => match &self.a_moves {
                    Some(moves) => {
                        let mut moves: Vec<String> = moves.iter().map(Move::to_string).collect();
                        moves.sort();
                        json!({ "moves": moves })
                    }
                    None => json!({"invalid": "position"}),
                },
            },
        };
        if self.kind == Kind::DifferentPosition
            && let Some(mv) = self.mv
        {
            fixture["play"] = json!([mv.to_string()]);
        }
        fixture["expect"] = expect;
        fixture
    }
}
