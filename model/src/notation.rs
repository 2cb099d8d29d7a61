//! The text and JSON forms of a position.
//!
//! Text form: `<pieces> <side to move> [field=value ...]`, separated by spaces.
//! - pieces: `cell:piece` joined by commas (`d8:wK,a1:bK,h1:rK`), or `-` for none. A piece is
//!   its army's letter and its role's letter.
//! - side to move: the army letter of the seat to move.
//! - fields, each at most once, in any order; left out, a field has its default:
//!   - `castling=b8,...` partner cells that keep a castling right (default: none, `-`);
//!   - `en_passant=e3`: the cell passed over by a double step (default: none, `-`);
//!   - O'Sullivan only: `p4=b:d4,r:e2` where each P4 stands (default: a Black pawn on d2 and a
//!     Red pawn on e2, where there is one; `-` for none) and `p4_freed=b` the seats whose P4
//!     is free of the P4 restriction (default: none).
//!
//! JSON form: an object with `to_move` (letter), `pieces` (cell -> piece) and the same fields
//! with the same defaults: `castling` (array), `en_passant` (cell or null), `p4` (object seat
//! letter -> cell), `p4_freed` (array). Unknown keys, and fields of another variant, are errors.
//!
//! Printing gives a canonical form: pieces in cell order; the text form leaves out fields at
//! their default, the JSON form writes every field of the variant.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde_json::{Map, Value, json};

use crate::{BySeat, Cell, CellError, Piece, Role, Seat, Setup, Variant, VariantState};

/// One thing wrong with a written position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    #[error("{0}")]
    Syntax(String),
    #[error("{0}")]
    Cell(#[from] CellError),
    #[error("'{0}' is not a piece of {1} (an army letter then a role letter, like {2})")]
    Piece(String, Variant, String),
    #[error("'{0}' is not an army letter of {1} (one of {2})")]
    Seat(String, Variant, String),
    #[error("two pieces on {0}")]
    TwoPieces(String),
    #[error("field '{0}' given twice")]
    DuplicateField(String),
    #[error("unknown field '{0}'")]
    UnknownField(String),
    #[error("field '{0}' does not apply to {1}")]
    FieldNotInVariant(String, Variant),
}

/// Why a written position was refused: every problem found, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    pub problems: Vec<Problem>,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.problems.iter().map(Problem::to_string).collect();
        write!(f, "bad position: {}", parts.join("; "))
    }
}

impl std::error::Error for NotationError {}

impl From<Problem> for NotationError {
    fn from(p: Problem) -> NotationError {
        NotationError { problems: vec![p] }
    }
}

/// A position's fields as strings, before their meaning is checked: what both forms read into.
#[derive(Debug, Default)]
struct Raw {
    to_move: String,
    pieces: Vec<(String, String)>,
    castling: Option<Vec<String>>,
    en_passant: Option<String>,
    p4: Option<Vec<(String, String)>>,
    p4_freed: Option<Vec<String>>,
}

const TEXT_SHAPE: &str = "expected '<pieces> <side to move> [field=value ...]'";

impl Setup {
    /// Reads a position of `variant` in either form: JSON if it starts with `{` or `[`, else
    /// text.
    pub fn parse(variant: Variant, input: &str) -> Result<Setup, NotationError> {
        if input.trim_start().starts_with(['{', '[']) {
            Setup::from_json(variant, input)
        } else {
            Setup::from_text(variant, input)
        }
    }

    /// Reads the text form.
    pub fn from_text(variant: Variant, text: &str) -> Result<Setup, NotationError> {
        let mut tokens = text.split_whitespace();
        let (Some(pieces), Some(to_move)) = (tokens.next(), tokens.next()) else {
            return Err(
                Problem::Syntax(format!("position '{}': {TEXT_SHAPE}", text.trim())).into(),
            );
        };
        let mut raw = Raw {
            to_move: to_move.to_string(),
            pieces: text_pairs(pieces, "piece", ':')?,
            ..Raw::default()
        };
        let mut seen = BTreeSet::new();
        let mut problems = Vec::new();
        for token in tokens {
            let Some((key, value)) = token.split_once('=') else {
                problems.push(Problem::Syntax(format!(
                    "'{token}' is not a field=value pair ({TEXT_SHAPE})"
                )));
                continue;
            };
            if !seen.insert(key) {
                problems.push(Problem::DuplicateField(key.to_string()));
                continue;
            }
            let list = || text_list(value);
            match key {
                "castling" => raw.castling = Some(list()),
                "en_passant" => raw.en_passant = Some(value.to_string()),
                "p4" => match text_pairs(value, "p4", ':') {
                    Ok(pairs) => raw.p4 = Some(pairs),
                    Err(e) => problems.extend(e.problems),
                },
                "p4_freed" => raw.p4_freed = Some(list()),
                _ => problems.push(Problem::UnknownField(key.to_string())),
            }
        }
        if !problems.is_empty() {
            return Err(NotationError { problems });
        }
        raw.build(variant)
    }

    /// Reads the JSON form.
    pub fn from_json(variant: Variant, json: &str) -> Result<Setup, NotationError> {
        let value = crate::json::parse_strict(json)
            .map_err(|e| Problem::Syntax(format!("position is not valid JSON: {e}")))?;
        Setup::from_json_value(variant, &value)
    }

    /// Reads the JSON form from a parsed JSON value.
    pub fn from_json_value(variant: Variant, value: &Value) -> Result<Setup, NotationError> {
        let Value::Object(object) = value else {
            return Err(Problem::Syntax("position JSON must be an object".into()).into());
        };
        let mut raw = Raw::default();
        let mut problems = Vec::new();
        let mut to_move = None;
        let mut pieces = None;
        for (key, v) in object {
            let parsed = match key.as_str() {
                "to_move" => json_string(key, v).map(|s| to_move = Some(s)),
                "pieces" => json_pairs(key, v).map(|p| pieces = Some(p)),
                "castling" => json_list(key, v).map(|l| raw.castling = Some(l)),
                "en_passant" => match v {
                    Value::Null => Ok(()),
                    _ => json_string(key, v).map(|s| raw.en_passant = Some(s)),
                },
                "p4" => json_pairs(key, v).map(|p| raw.p4 = Some(p)),
                "p4_freed" => json_list(key, v).map(|l| raw.p4_freed = Some(l)),
                _ => Err(Problem::UnknownField(key.clone())),
            };
            if let Err(p) = parsed {
                problems.push(p);
            }
        }
        for (key, missing) in [("to_move", to_move.is_none()), ("pieces", pieces.is_none())] {
            if missing {
                problems.push(Problem::Syntax(format!("position JSON lacks '{key}'")));
            }
        }
        if !problems.is_empty() {
            return Err(NotationError { problems });
        }
        raw.to_move = to_move.unwrap_or_default();
        raw.pieces = pieces.unwrap_or_default();
        raw.build(variant)
    }

    /// Writes the canonical text form.
    pub fn to_text(&self) -> String {
        let raw = Raw::from_setup(self);
        let pieces = if raw.pieces.is_empty() {
            "-".to_string()
        } else {
            join_pairs(&raw.pieces)
        };
        let mut text = format!("{pieces} {}", raw.to_move);
        let defaults = Raw::from_setup(&Setup {
            castling: BTreeSet::new(),
            en_passant: None,
            state: VariantState::default_for(self.variant, &self.pieces),
            ..self.clone()
        });
        let list = |l: &Option<Vec<String>>| match l.as_deref() {
            None | Some([]) => "-".to_string(),
            Some(items) => items.join(","),
        };
        if raw.castling != defaults.castling {
            text += &format!(" castling={}", list(&raw.castling));
        }
        if let Some(ep) = &raw.en_passant {
            text += &format!(" en_passant={ep}");
        }
        if raw.p4 != defaults.p4 {
            let p4 = raw.p4.as_deref().unwrap_or_default();
            let p4 = if p4.is_empty() {
                "-".into()
            } else {
                join_pairs(p4)
            };
            text += &format!(" p4={p4}");
        }
        if raw.p4_freed != defaults.p4_freed {
            text += &format!(" p4_freed={}", list(&raw.p4_freed));
        }
        text
    }

    /// Writes the canonical JSON form.
    pub fn to_json(&self) -> Value {
        let raw = Raw::from_setup(self);
        let mut object = Map::new();
        object.insert("to_move".into(), json!(raw.to_move));
        let pieces: Map<String, Value> =
            raw.pieces.into_iter().map(|(c, p)| (c, json!(p))).collect();
        object.insert("pieces".into(), Value::Object(pieces));
        if let Some(castling) = raw.castling {
            object.insert("castling".into(), json!(castling));
        }
        object.insert("en_passant".into(), json!(raw.en_passant));
        if let Some(p4) = raw.p4 {
            let p4: Map<String, Value> = p4.into_iter().map(|(s, c)| (s, json!(c))).collect();
            object.insert("p4".into(), Value::Object(p4));
        }
        if let Some(freed) = raw.p4_freed {
            object.insert("p4_freed".into(), json!(freed));
        }
        Value::Object(object)
    }
}

impl Raw {
    fn from_setup(setup: &Setup) -> Raw {
        let v = setup.variant;
        let letter = |s: Seat| v.seat_letter(s).to_string();
        let (p4, p4_freed) = match &setup.state {
            VariantState::OSullivan(state) => (
                Some(
                    state
                        .p4
                        .iter()
                        .filter_map(|(s, c)| c.map(|c| (letter(s), c.to_string())))
                        .collect(),
                ),
                Some(state.p4_freed.iter().map(|&s| letter(s)).collect()),
            ),
            VariantState::None => (None, None),
        };
        Raw {
            to_move: letter(setup.to_move),
            pieces: setup
                .pieces
                .iter()
                .map(|(c, p)| (c.to_string(), piece_name(v, *p)))
                .collect(),
            castling: Some(setup.castling.iter().map(Cell::to_string).collect()),
            en_passant: setup.en_passant.map(|c| c.to_string()),
            p4,
            p4_freed,
        }
    }

    /// Checks every field against `variant`, collecting all problems.
    fn build(self, variant: Variant) -> Result<Setup, NotationError> {
        let mut problems = Vec::new();
        let board = variant.board();
        let cell = |name: &str, problems: &mut Vec<Problem>| {
            board
                .parse_cell(name)
                .map_err(|e| problems.push(e.into()))
                .ok()
        };
        let to_move = seat(variant, &self.to_move)
            .map_err(|p| problems.push(p))
            .ok();
        let mut pieces = BTreeMap::new();
        for (c, p) in &self.pieces {
            let c = cell(c, &mut problems);
            let p = piece(variant, p).map_err(|e| problems.push(e)).ok();
            if let (Some(c), Some(p)) = (c, p)
                && pieces.insert(c, p).is_some()
            {
                problems.push(Problem::TwoPieces(c.to_string()));
            }
        }
        let castling = self
            .castling
            .unwrap_or_default()
            .iter()
            .filter_map(|c| cell(c, &mut problems))
            .collect();
        let en_passant = match self.en_passant.as_deref() {
            None | Some("-") => None,
            Some(c) => cell(c, &mut problems),
        };
        let mut state = VariantState::default_for(variant, &pieces);
        match &mut state {
            VariantState::OSullivan(s) => {
                if let Some(pairs) = &self.p4 {
                    s.p4 = BySeat::default();
                    for (who, c) in pairs {
                        let who = seat(variant, who).map_err(|p| problems.push(p)).ok();
                        if let (Some(who), Some(c)) = (who, cell(c, &mut problems)) {
                            s.p4[who] = Some(c);
                        }
                    }
                }
                for who in self.p4_freed.iter().flatten() {
                    match seat(variant, who) {
                        Ok(who) => {
                            s.p4_freed.insert(who);
                        }
                        Err(p) => problems.push(p),
                    }
                }
            }
            VariantState::None => {
                for (name, given) in [
                    ("p4", self.p4.is_some()),
                    ("p4_freed", self.p4_freed.is_some()),
                ] {
                    if given {
                        problems.push(Problem::FieldNotInVariant(name.into(), variant));
                    }
                }
            }
        }
        match (to_move, problems.is_empty()) {
            (Some(to_move), true) => Ok(Setup {
                variant,
                to_move,
                pieces,
                castling,
                en_passant,
                state,
            }),
            _ => Err(NotationError { problems }),
        }
    }
}

/// Returns the notation of a piece: army letter then role letter.
pub fn piece_name(variant: Variant, piece: Piece) -> String {
    format!(
        "{}{}",
        variant.seat_letter(piece.owner),
        piece.role.letter()
    )
}

fn seat(variant: Variant, s: &str) -> Result<Seat, Problem> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => variant.seat_from_letter(c),
        _ => None,
    }
    .ok_or_else(|| Problem::Seat(s.to_string(), variant, seat_letters(variant)))
}

fn seat_letters(variant: Variant) -> String {
    let letters: Vec<String> = Seat::ALL
        .iter()
        .map(|&s| variant.seat_letter(s).to_string())
        .collect();
    letters.join(" ")
}

fn piece(variant: Variant, s: &str) -> Result<Piece, Problem> {
    let mut chars = s.chars();
    let parsed = match (chars.next(), chars.next(), chars.next()) {
        (Some(owner), Some(role), None) => variant
            .seat_from_letter(owner)
            .zip(Role::from_letter(role).filter(|r| variant.roles().contains(r))),
        _ => None,
    };
    parsed
        .map(|(owner, role)| Piece::new(owner, role))
        .ok_or_else(|| {
            let example = piece_name(variant, Piece::new(Seat::A, variant.royal()));
            Problem::Piece(s.to_string(), variant, example)
        })
}

fn text_list(value: &str) -> Vec<String> {
    if value == "-" {
        Vec::new()
    } else {
        value.split(',').map(str::to_string).collect()
    }
}

fn text_pairs(
    value: &str,
    what: &str,
    separator: char,
) -> Result<Vec<(String, String)>, NotationError> {
    let mut problems = Vec::new();
    let pairs = text_list(value)
        .into_iter()
        .filter_map(|item| match item.split_once(separator) {
            Some((a, b)) => Some((a.to_string(), b.to_string())),
            None => {
                problems.push(Problem::Syntax(format!(
                    "{what} entry '{item}' is not of the form a{separator}b"
                )));
                None
            }
        })
        .collect();
    if problems.is_empty() {
        Ok(pairs)
    } else {
        Err(NotationError { problems })
    }
}

fn join_pairs(pairs: &[(String, String)]) -> String {
    let items: Vec<String> = pairs.iter().map(|(a, b)| format!("{a}:{b}")).collect();
    items.join(",")
}

fn json_string(key: &str, v: &Value) -> Result<String, Problem> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| Problem::Syntax(format!("'{key}' must be a string")))
}

fn json_list(key: &str, v: &Value) -> Result<Vec<String>, Problem> {
    let err = || Problem::Syntax(format!("'{key}' must be an array of strings"));
    v.as_array()
        .ok_or_else(err)?
        .iter()
        .map(|item| item.as_str().map(str::to_string).ok_or_else(err))
        .collect()
}

fn json_pairs(key: &str, v: &Value) -> Result<Vec<(String, String)>, Problem> {
    let err = || Problem::Syntax(format!("'{key}' must be an object of strings"));
    v.as_object()
        .ok_or_else(err)?
        .iter()
        .map(|(k, item)| {
            item.as_str()
                .map(|s| (k.clone(), s.to_string()))
                .ok_or_else(err)
        })
        .collect()
}
