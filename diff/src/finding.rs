//! Findings: one disagreement between two engines, classified.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde_json::{Value, json};
use trichess_model::{Cell, Game, Move, Role, Setup};

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

    /// Lists the topics the finding touches, most telling first, as the words the rule
    /// registers' ids are made of (`en-passant`, `castling`, `p4`, `knight`, `checkmate`,
    /// ...; a topic names every id that has its words in a row, or, with a leading `^`, that
    /// starts with them): the fields in which the two
    /// engines' positions after the move differ, then those the move changed, and the roles on
    /// the cells where they differ; for a refusal, the fields it names, then those the position
    /// has; the kind of move and the pieces it moves and takes; the reasons of the results.
    pub fn topics(&self) -> Vec<&'static str> {
        let mut topics = Vec::new();
        let variant = self.setup.variant;
        match self.kind {
            Kind::DifferentPosition => {
                if let (Ok(a), Ok(b)) = (
                    Setup::parse(variant, &self.a_says),
                    Setup::parse(variant, &self.b_says),
                ) {
                    topics.extend(field_differences(&a, &b));
                    // What the move changed besides the side to move (a right it gave, an
                    // army taken over, a game ended), by the first engine's account.
                    topics.extend(
                        field_differences(&self.setup, &a)
                            .into_iter()
                            .filter(|t| *t != "turn-order"),
                    );
                    topics.extend(piece_differences(&a, &b));
                }
            }
            Kind::DifferentValidity | Kind::Crash => {
                let says = format!("{} {}", self.a_says, self.b_says);
                for (field, words) in FIELD_TOPICS {
                    if says.contains(field) || says.contains(&field.replace('_', " ")) {
                        topics.extend_from_slice(words);
                    }
                }
                // The state the position has (beyond its pieces and the side to move).
                let fields = text_fields(&self.setup);
                for (field, words) in FIELD_TOPICS {
                    if field != "to_move" && fields.contains_key(field) {
                        topics.extend_from_slice(words);
                    }
                }
            }
            _ => {}
        }
        if let Some(mv) = self.mv {
            topics.extend(self.move_topics(mv));
        }
        let says = format!("{} {}", self.a_says, self.b_says);
        for (reason, words) in REASON_TOPICS {
            if says.contains(reason) {
                topics.extend_from_slice(words);
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        topics.retain(|t| seen.insert(*t));
        topics
    }

    /// The topics of a move: castling, promotion, en passant, a double step (when the first
    /// engine's position after it has a new en passant cell), the centre (from one half-board
    /// to another), a royal piece taken or moving, and the roles of the moving and the taken
    /// piece.
    fn move_topics(&self, mv: Move) -> Vec<&'static str> {
        let mut topics = Vec::new();
        let royal = self.setup.variant.royal();
        let moving = self.setup.pieces.get(&mv.from()).map(|p| p.role);
        let taken = self.setup.pieces.get(&mv.to()).map(|p| p.role);
        match mv {
            Move::Castle { .. } => topics.push("castling"),
            Move::Promotion { .. } => topics.push("promotion"),
            Move::Plain { to, .. } if moving == Some(Role::Pawn) => {
                let passed = [self.setup.en_passant, self.en_passant_earlier()];
                if passed.contains(&Some(to)) && taken.is_none() {
                    topics.push("en-passant");
                }
                let after = self
                    .a_expect
                    .as_ref()
                    .and_then(|e| e["position"].as_str())
                    .and_then(|t| Setup::parse(self.setup.variant, t).ok());
                if after.is_some_and(|a| {
                    a.en_passant.is_some() && a.en_passant != self.setup.en_passant
                }) {
                    topics.push("double-step");
                }
            }
            Move::Plain { .. } => {}
        }
        // On the hexagonal boards a move from one half-board to another passes the centre.
        if mv.from().sector().is_some() && mv.from().sector() != mv.to().sector() {
            topics.push("centre");
        }
        if taken == Some(royal) {
            topics.extend_from_slice(&["exposed-king", "king-onto-king", "kings-no-capture"]);
        }
        if moving == Some(royal) {
            topics.extend_from_slice(&["king-across-centre", "kings-adjacent"]);
        }
        for role in [moving, taken].into_iter().flatten() {
            topics.extend_from_slice(role_topics(role));
        }
        topics
    }

    fn en_passant_earlier(&self) -> Option<Cell> {
        let text = self.setup.to_text();
        let value = text
            .split(' ')
            .find_map(|w| w.strip_prefix("en_passant_earlier="))?;
        self.setup.variant.board().parse_cell(value).ok()
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

/// The topics of each field of the text form: what a difference in it, or a refusal naming
/// it, is about.
const FIELD_TOPICS: [(&str, &[&str]); 14] = [
    ("en_passant_earlier", &["en-passant"]),
    ("en_passant_pawn", &["en-passant", "double-step"]),
    ("en_passant", &["en-passant"]),
    ("castling", &["castling"]),
    ("p4_freed", &["p4"]),
    ("p4", &["p4"]),
    ("control", &["takeover"]),
    (
        "first_check",
        &["check-response", "multiple-check", "simultaneous-checks"],
    ),
    ("pending_mate", &["mate-final", "left-player-help"]),
    ("instant_win", &["instant-win"]),
    ("shared_square", &["shared-square", "king-onto-king"]),
    ("history", &["no-repeat"]),
    ("unmoved", &["double-step"]),
    ("to_move", &["turn-order"]),
];

/// The topics of each reason a game ends for (as [`trichess_model::Reason`] ids).
const REASON_TOPICS: [(&str, &[&str]); 5] = [
    ("checkmate", &["checkmate", "mate-removes-king"]),
    ("stalemate", &["stalemate"]),
    (
        "last-king-standing",
        &["last-king-wins", "last-survivor-wins", "end-of-game"],
    ),
    ("kings-meet", &["shared-square", "king-onto-king"]),
    ("instant-win", &["instant-win"]),
];

/// The topics of a role: the pieces that have rules of their own, named by the ids that start
/// with the role (`^knight`: `knight-barrier`, not `castling-knight`).
fn role_topics(role: Role) -> &'static [&'static str] {
    match role {
        Role::Knight => &["^knight"],
        Role::Pawn => &["^pawn"],
        Role::Chatelaine => &["^chatelaine"],
        Role::Vicereine => &["^vicereine"],
        Role::Baroness => &["^baroness"],
        Role::Primate => &["^primate"],
        Role::Moderator => &["^moderator"],
        Role::Pope => &["^pope"],
        Role::Emperor => &["^emperor"],
        Role::Diarch => &["^diarch"],
        Role::King | Role::Queen | Role::Rook | Role::Bishop => &[],
    }
}

/// The fields of a position's text form, with the side to move as `to_move`.
fn text_fields(s: &Setup) -> BTreeMap<String, String> {
    let text = s.to_text();
    let mut fields: BTreeMap<String, String> = text
        .split(' ')
        .skip(2)
        .filter_map(|w| w.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    fields.insert(
        "to_move".into(),
        s.variant.seat_letter(s.to_move).to_string(),
    );
    fields
}

/// The topics of the fields in which two positions differ.
fn field_differences(a: &Setup, b: &Setup) -> Vec<&'static str> {
    let (fa, fb) = (text_fields(a), text_fields(b));
    let mut topics = Vec::new();
    for (field, words) in FIELD_TOPICS {
        if fa.get(field) != fb.get(field) {
            topics.extend_from_slice(words);
        }
    }
    topics
}

/// The topics of the roles of the pieces on the cells where two positions differ.
fn piece_differences(a: &Setup, b: &Setup) -> Vec<&'static str> {
    let mut topics = Vec::new();
    let cells: BTreeSet<Cell> = a.pieces.keys().chain(b.pieces.keys()).copied().collect();
    for cell in cells {
        let (pa, pb) = (a.pieces.get(&cell), b.pieces.get(&cell));
        if pa != pb {
            for p in [pa, pb].into_iter().flatten() {
                topics.extend_from_slice(role_topics(p.role));
            }
        }
    }
    topics
}
