//! Findings: one disagreement between two engines, classified.

use std::fmt;

use serde_json::{Value, json};
use trichess_model::{Game, Move, Role, Setup};

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
    pub kind: Kind,
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
    /// The moves the descent played from the generated position to this one.
    pub path: Vec<Move>,
}

impl Finding {
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

    /// Lists the topics the finding touches, as words to look up in a rule register: the
    /// role of the piece that moves, the kind of move, and what the result is about. The
    /// words are those the registers' clause ids use (`castling`, `en-passant`, `promotion`,
    /// `pawn`, `knight`, `check`, `stalemate`, ...).
    pub fn topics(&self) -> Vec<&'static str> {
        let mut topics = Vec::new();
        if let Some(mv) = self.mv {
            match mv {
                Move::Castle { .. } => topics.push("castling"),
                Move::Promotion { .. } => topics.push("promotion"),
                Move::Plain { to, .. } if self.setup.en_passant == Some(to) => {
                    if self.moving_role() == Some(Role::Pawn) {
                        topics.push("en-passant");
                    }
                }
                Move::Plain { .. } => {}
            }
            if let Some(role) = self.moving_role() {
                topics.push(role_topic(role));
            }
            if let Some(target) = self.setup.pieces.get(&mv.to())
                && target.role == self.setup.variant.royal()
            {
                topics.push("king");
            }
        }
        let says = format!("{} {}", self.a_says, self.b_says);
        for word in [
            "checkmate",
            "stalemate",
            "last-king-standing",
            "kings-meet",
            "instant-win",
        ] {
            if says.contains(word) {
                topics.push(match word {
                    "checkmate" => "check",
                    "stalemate" => "stalemate",
                    "last-king-standing" => "end-of-game",
                    "kings-meet" => "meet",
                    _ => "instant-win",
                });
            }
        }
        if self.kind == Kind::DifferentValidity {
            topics.push("position");
        }
        topics.dedup();
        topics
    }

    fn moving_role(&self) -> Option<Role> {
        self.mv
            .and_then(|mv| self.setup.pieces.get(&mv.from()))
            .map(|p| p.role)
    }

    /// Writes a paste-ready fixture in the suite's JSON form. The expectation is the first
    /// engine's answer; `rules`, `quote`, `polarity` and `derivation` are for a person to
    /// confirm against the rule text.
    pub fn fixture(&self, rules: &[String]) -> Value {
        let variant = self.game.variant;
        let mut fixture = json!({
            "variant": variant.id(),
            "rules": if rules.is_empty() { vec!["TO-CONFIRM".to_string()] } else { rules.to_vec() },
            "quote": "TO CONFIRM: the clause's words, verbatim",
            "polarity": "positive",
            "derivation": format!(
                "TO CONFIRM. Found by trichess diff ({}): the first engine says {}; the second says {}.",
                self.kind, self.a_says, self.b_says
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

fn role_topic(role: Role) -> &'static str {
    match role {
        Role::King | Role::Emperor => "king",
        Role::Queen | Role::Diarch => "queen",
        Role::Rook | Role::Chatelaine | Role::Vicereine | Role::Baroness => "rook",
        Role::Bishop | Role::Primate | Role::Moderator | Role::Pope => "bishop",
        Role::Knight => "knight",
        Role::Pawn => "pawn",
    }
}
