//! The text and JSON forms of a position.
//!
//! Text form: `<pieces> <side to move> [field=value ...]`, separated by spaces.
//! - pieces: `cell:piece` joined by commas (`d8:wK,a1:bK,h1:rK`), or `-` for none. A piece is
//!   its army's letter and its role's letter.
//! - side to move: the army letter of the seat to move. A position of one token, the pieces
//!   alone, is moddable-engine's keyed form (`Ae1:rK,Ba2:gP`): seat A moves, fields default.
//! - fields, each at most once, in any order; left out, a field has its default. Every variant
//!   has `castling=b8,...` (the partner cells that keep a castling right; default none) and
//!   `en_passant=e3` (the cell a double step passed over; default none); a variant may have
//!   more (O'Sullivan: `p4`, `p4_freed`), see the variant's state in [`crate::VariantState`].
//!
//! JSON form: an object with `to_move` (letter), `pieces` (cell -> piece) and the same fields
//! with the same defaults. Unknown keys, and fields of another variant, are errors.
//!
//! Field values have a few shapes ([`FieldKind`]), written alike in every field: `-` is the
//! empty list (or no cell) in text, `null` or `[]` or `{}` in JSON.
//!
//! Printing gives a canonical form: pieces in cell order; the text form leaves out fields at
//! their default, the JSON form writes every field of the variant.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use serde_json::{Map, Value, json};

use crate::{Cell, CellError, Piece, Role, Seat, Setup, Variant, VariantState};

/// One thing wrong with a written position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Problem {
    #[error("{0}")]
    /// The text is not shaped as the notation expects (what is wrong).
    Syntax(String),
    #[error("{0}")]
    /// A cell name does not read.
    Cell(#[from] CellError),
    #[error("'{0}' is not a piece of {1} (an army letter then a role letter, like {2})")]
    /// A piece is not an army letter then a role letter of the variant (the text, the variant,
    /// an example).
    Piece(String, Variant, String),
    #[error("'{0}' is not an army letter of {1} (one of {2})")]
    /// An army letter is not one of the variant's (the text, the variant, its letters).
    Seat(String, Variant, String),
    #[error("two pieces on {0}")]
    /// Two pieces are placed on one cell.
    TwoPieces(String),
    #[error("field '{0}' given twice")]
    /// A field is given twice.
    DuplicateField(String),
    #[error("unknown field '{0}'")]
    /// A field no variant has.
    UnknownField(String),
    #[error("field '{0}' does not apply to {1}")]
    /// A field of another variant.
    FieldNotInVariant(String, Variant),
    #[error("field '{0}' names seat '{1}' twice")]
    /// A seat is named twice in one field.
    DuplicateEntry(String, String),
}

/// Why a written position was refused: every problem found, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// Every problem found, in the order found.
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

/// The shape of a field's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// One cell or none: text `e3` or `-`; JSON a string or null.
    Cell,
    /// Cells: text `b8,h8` or `-`; JSON an array of strings.
    Cells,
    /// Seats, by army letter: text `b,r` or `-`; JSON an array of strings.
    Seats,
    /// Seat -> cell: text `b:d4,r:e2` or `-`; JSON an object.
    SeatCells,
    /// Seat -> seat: text `g:r` or `-`; JSON an object.
    SeatSeats,
    /// Words without spaces: text joined by `/` or `-`; JSON an array of strings.
    Words,
}

/// A field's value, read and checked against the board and the seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// A single cell, or none (`-`).
    Cell(Option<Cell>),
    /// A list of cells.
    Cells(Vec<Cell>),
    /// A list of seats.
    Seats(Vec<Seat>),
    /// A cell for each seat listed (`b:d4,r:e2`).
    SeatCells(Vec<(Seat, Cell)>),
    /// A seat for each seat listed (`r:g`).
    SeatSeats(Vec<(Seat, Seat)>),
    /// A list of words, each a list of pieces (Yuri's history).
    Words(Vec<String>),
}

/// A field as written, before it is read: text, or a JSON value.
enum Written<'a> {
    Text(&'a str),
    Json(&'a Value),
}

const TEXT_SHAPE: &str = "expected '<pieces> <side to move> [field=value ...]'";

/// The fields every variant has.
const COMMON_FIELDS: &[(&str, FieldKind)] = &[
    ("castling", FieldKind::Cells),
    ("en_passant", FieldKind::Cell),
];

/// Lists the fields of `variant`, common ones first, in print order.
fn fields_of(variant: Variant) -> impl Iterator<Item = (&'static str, FieldKind)> {
    COMMON_FIELDS
        .iter()
        .chain(VariantState::fields(variant))
        .copied()
}

/// A position as written, split into its parts.
struct Parts<'a> {
    to_move: Option<Written<'a>>,
    pieces: Option<Written<'a>>,
    fields: Vec<(&'a str, Written<'a>)>,
}

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

    /// Reads the text form. One token alone that is a list of pieces (`Ae1:rK,Ba2:gP`, or `-`)
    /// is the keyed form of moddable-engine: it reads with seat A to move and every field at
    /// its default.
    pub fn from_text(variant: Variant, text: &str) -> Result<Setup, NotationError> {
        let mut tokens = text.split_whitespace();
        let first_to_move = variant.seat_letter(Seat::A).to_string();
        let (pieces, to_move) = match (tokens.next(), tokens.next()) {
            (Some(pieces), Some(to_move)) => (pieces, to_move),
            (Some(keyed), None) if keyed == "-" || keyed.contains(':') => {
                (keyed, first_to_move.as_str())
            }
            _ => {
                return Err(
                    Problem::Syntax(format!("position '{}': {TEXT_SHAPE}", text.trim())).into(),
                );
            }
        };
        let mut problems = Vec::new();
        let mut fields = Vec::new();
        for token in tokens {
            match token.split_once('=') {
                Some((key, value)) => fields.push((key, Written::Text(value))),
                None => problems.push(Problem::Syntax(format!(
                    "'{token}' is not a field=value pair ({TEXT_SHAPE})"
                ))),
            }
        }
        let parts = Parts {
            to_move: Some(Written::Text(to_move)),
            pieces: Some(Written::Text(pieces)),
            fields,
        };
        build(variant, parts, problems)
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
        let mut parts = Parts {
            to_move: None,
            pieces: None,
            fields: Vec::new(),
        };
        for (key, v) in object {
            match key.as_str() {
                "to_move" => parts.to_move = Some(Written::Json(v)),
                "pieces" => parts.pieces = Some(Written::Json(v)),
                _ => parts.fields.push((key, Written::Json(v))),
            }
        }
        build(variant, parts, Vec::new())
    }

    /// Writes the keyed form: the pieces part of the text form alone (`Ae1:rK,Ba2:gP`), as
    /// moddable-engine writes a position. It leaves out the side to move and every field.
    pub fn to_keyed(&self) -> String {
        pieces_text(self.variant, &self.pieces)
    }

    /// Writes the canonical text form.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "{} {}",
            self.to_keyed(),
            self.variant.seat_letter(self.to_move)
        );
        let defaults = Setup {
            castling: BTreeSet::new(),
            en_passant: None,
            state: VariantState::default_for(self.variant, &self.pieces),
            ..self.clone()
        }
        .fields();
        for ((key, field), (_, default)) in self.fields().iter().zip(&defaults) {
            if field != default {
                text += &format!(" {key}={}", field_text(self.variant, field));
            }
        }
        text
    }

    /// Writes the canonical JSON form.
    pub fn to_json(&self) -> Value {
        let v = self.variant;
        let mut object = Map::new();
        object.insert(
            "to_move".into(),
            json!(v.seat_letter(self.to_move).to_string()),
        );
        let pieces: Map<String, Value> = self
            .pieces
            .iter()
            .map(|(c, p)| (c.to_string(), json!(piece_name(v, *p))))
            .collect();
        object.insert("pieces".into(), Value::Object(pieces));
        for (key, field) in self.fields() {
            object.insert(key.into(), field_json(v, &field));
        }
        Value::Object(object)
    }

    /// Lists every field of the position, common ones first, in print order.
    fn fields(&self) -> Vec<(&'static str, Field)> {
        let mut fields = vec![
            (
                "castling",
                Field::Cells(self.castling.iter().copied().collect()),
            ),
            ("en_passant", Field::Cell(self.en_passant)),
        ];
        fields.extend(self.state.to_fields());
        fields
    }
}

/// Checks every part against `variant`, collecting all problems.
fn build(
    variant: Variant,
    parts: Parts<'_>,
    mut problems: Vec<Problem>,
) -> Result<Setup, NotationError> {
    let to_move = match &parts.to_move {
        Some(w) => read_seat_word(variant, w)
            .map_err(|p| problems.push(p))
            .ok(),
        None => {
            problems.push(Problem::Syntax("position JSON lacks 'to_move'".into()));
            None
        }
    };
    let pieces = match &parts.pieces {
        Some(w) => read_placement(variant, w)
            .map_err(|mut e| problems.append(&mut e))
            .unwrap_or_default(),
        None => {
            problems.push(Problem::Syntax("position JSON lacks 'pieces'".into()));
            BTreeMap::new()
        }
    };
    let known: BTreeMap<&str, FieldKind> = fields_of(variant).collect();
    let mut fields: BTreeMap<&str, Field> = BTreeMap::new();
    for (key, written) in &parts.fields {
        let Some(&kind) = known.get(key) else {
            let elsewhere = Variant::ALL
                .into_iter()
                .any(|v| fields_of(v).any(|(k, _)| k == *key));
            problems.push(if elsewhere {
                Problem::FieldNotInVariant(key.to_string(), variant)
            } else {
                Problem::UnknownField(key.to_string())
            });
            continue;
        };
        match read_field(variant, key, kind, written) {
            Ok(field) => {
                if fields.insert(key, field).is_some() {
                    problems.push(Problem::DuplicateField(key.to_string()));
                }
            }
            Err(mut e) => problems.append(&mut e),
        }
    }
    let castling = match fields.get("castling") {
        Some(Field::Cells(cells)) => cells.iter().copied().collect(),
        _ => BTreeSet::new(),
    };
    let en_passant = match fields.get("en_passant") {
        Some(Field::Cell(cell)) => *cell,
        _ => None,
    };
    let state = VariantState::from_fields(variant, &fields, &pieces);
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

/// Writes a placement of pieces as the pieces part of the text form: `cell:piece` in cell
/// order joined by commas, or `-` for none.
pub fn pieces_text(variant: Variant, pieces: &BTreeMap<Cell, Piece>) -> String {
    if pieces.is_empty() {
        return "-".to_string();
    }
    // One string written in place: Yuri's engines write a board state at every move.
    let mut text = String::with_capacity(pieces.len() * 7);
    for (c, p) in pieces {
        if !text.is_empty() {
            text.push(',');
        }
        // Writing to a String cannot fail.
        let _ = c.write_name(&mut text);
        text.push(':');
        text.push(variant.seat_letter(p.owner));
        text.push(p.role.letter());
    }
    text
}

/// Reads the pieces part of the text form (`a1:bK,g7:wK`, or `-` for none) as a placement.
pub fn parse_pieces(variant: Variant, text: &str) -> Result<BTreeMap<Cell, Piece>, NotationError> {
    if let Some(pieces) = canonical_pieces(variant, text) {
        return Ok(pieces);
    }
    read_placement(variant, &Written::Text(text)).map_err(|problems| NotationError { problems })
}

/// Reads pieces written in canonical form (cells in increasing order, every entry well
/// formed) without a string per entry: Yuri's engines read the board states of a game's
/// history at every call. `None` for anything else, which [`read_placement`] then reads, or
/// refuses with its problems.
fn canonical_pieces(variant: Variant, text: &str) -> Option<BTreeMap<Cell, Piece>> {
    let mut pieces: Vec<(Cell, Piece)> = Vec::with_capacity(text.len() / 6 + 1);
    each_canonical_entry(variant, text, |cell, piece| pieces.push((cell, piece)))?;
    Some(pieces.into_iter().collect())
}

/// Says whether `text` is a placement of pieces in canonical form, exactly as
/// [`pieces_text`] writes it (the cell names, the letters and the order are all canonical).
pub(crate) fn is_canonical_pieces(variant: Variant, text: &str) -> bool {
    each_canonical_entry(variant, text, |_, _| {}).is_some()
}

/// Calls `each` on every entry of pieces written in canonical form, in order; `None` (at the
/// first entry that is not) if `text` is not in canonical form.
fn each_canonical_entry(
    variant: Variant,
    text: &str,
    mut each: impl FnMut(Cell, Piece),
) -> Option<()> {
    if text == "-" {
        return Some(());
    }
    let board = variant.board();
    let mut last: Option<Cell> = None;
    for entry in text.split(',') {
        // `cell:` then the army letter and the role letter, both ASCII.
        let [.., b':', owner, role] = *entry.as_bytes() else {
            return None;
        };
        let cell = board.parse_cell(&entry[..entry.len() - 3]).ok()?;
        if last.is_some_and(|last| last >= cell) {
            return None;
        }
        last = Some(cell);
        each(cell, piece_of_letters(variant, owner, role)?);
    }
    Some(())
}
/// Reads pieces, refusing two on one cell.
fn read_placement(
    variant: Variant,
    written: &Written<'_>,
) -> Result<BTreeMap<Cell, Piece>, Vec<Problem>> {
    let mut pieces = BTreeMap::new();
    let mut problems = Vec::new();
    for (c, p) in read_pieces(variant, written)? {
        if pieces.insert(c, p).is_some() {
            problems.push(Problem::TwoPieces(c.to_string()));
        }
    }
    if problems.is_empty() {
        Ok(pieces)
    } else {
        Err(problems)
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
    match *s.as_bytes() {
        [owner, role] => piece_of_letters(variant, owner, role),
        _ => None,
    }
    .ok_or_else(|| {
        let example = piece_name(variant, Piece::new(Seat::A, variant.royal()));
        Problem::Piece(s.to_string(), variant, example)
    })
}

/// Reads a piece from its army letter and role letter, as bytes (letters are ASCII).
fn piece_of_letters(variant: Variant, owner: u8, role: u8) -> Option<Piece> {
    let owner = variant.seat_from_letter(char::from(owner))?;
    let role = Role::from_letter(char::from(role)).filter(|r| variant.roles().contains(r))?;
    Some(Piece::new(owner, role))
}

fn read_seat_word(variant: Variant, written: &Written<'_>) -> Result<Seat, Problem> {
    match written {
        Written::Text(t) => seat(variant, t),
        Written::Json(Value::String(s)) => seat(variant, s),
        Written::Json(_) => Err(Problem::Syntax("'to_move' must be a string".into())),
    }
}

fn read_pieces(
    variant: Variant,
    written: &Written<'_>,
) -> Result<Vec<(Cell, Piece)>, Vec<Problem>> {
    let pairs = match written {
        Written::Text(t) => text_pairs("pieces", t).map_err(|p| vec![p])?,
        Written::Json(v) => json_pairs("pieces", v).map_err(|p| vec![p])?,
    };
    let mut problems = Vec::new();
    let mut pieces = Vec::new();
    for (c, p) in pairs {
        let c = variant
            .board()
            .parse_cell(&c)
            .map_err(|e| problems.push(e.into()));
        let p = piece(variant, &p).map_err(|e| problems.push(e));
        if let (Ok(c), Ok(p)) = (c, p) {
            pieces.push((c, p));
        }
    }
    if problems.is_empty() {
        Ok(pieces)
    } else {
        Err(problems)
    }
}

/// Reads one field's value as `kind`.
fn read_field(
    variant: Variant,
    key: &str,
    kind: FieldKind,
    written: &Written<'_>,
) -> Result<Field, Vec<Problem>> {
    let board = variant.board();
    let mut problems = Vec::new();
    let mut cell = |s: &str| {
        board
            .parse_cell(s)
            .map_err(|e| problems.push(e.into()))
            .ok()
    };
    let field = match kind {
        FieldKind::Cell => {
            let text = match written {
                Written::Text("-") | Written::Json(Value::Null) => None,
                Written::Text(t) => Some(t.to_string()),
                Written::Json(v) => Some(json_string(key, v).map_err(|p| vec![p])?),
            };
            Field::Cell(text.and_then(|t| cell(&t)))
        }
        FieldKind::Cells => {
            Field::Cells(list(key, written)?.iter().filter_map(|c| cell(c)).collect())
        }
        FieldKind::Words => {
            let words: Vec<String> = match written {
                Written::Text("-") => Vec::new(),
                Written::Text(t) => t.split('/').map(str::to_string).collect(),
                Written::Json(v) => json_list(key, v).map_err(|p| vec![p])?,
            };
            // The text form joins the words with '/' and writes none as '-': a word that
            // holds a '/' or a space, or is '-', would read back as other words.
            for word in &words {
                if word == "-" || word.contains(|c: char| c == '/' || c.is_whitespace()) {
                    problems.push(Problem::Syntax(format!(
                        "{key} entry '{word}' is not a word (no '/', no space, not '-')"
                    )));
                }
            }
            Field::Words(words)
        }
        FieldKind::Seats => {
            let mut seats = Vec::new();
            for s in list(key, written)? {
                match seat(variant, &s) {
                    Ok(s) => seats.push(s),
                    Err(p) => problems.push(p),
                }
            }
            Field::Seats(seats)
        }
        FieldKind::SeatCells | FieldKind::SeatSeats => {
            let pairs = match written {
                Written::Text(t) => text_pairs(key, t).map_err(|p| vec![p])?,
                Written::Json(v) => json_pairs(key, v).map_err(|p| vec![p])?,
            };
            let mut seat_cells = Vec::new();
            let mut seat_seats = Vec::new();
            let mut seen = BTreeSet::new();
            for (a, b) in pairs {
                if !seen.insert(a.clone()) {
                    problems.push(Problem::DuplicateEntry(key.to_string(), a.clone()));
                }
                let a = seat(variant, &a).map_err(|p| problems.push(p)).ok();
                if kind == FieldKind::SeatCells {
                    let b = board
                        .parse_cell(&b)
                        .map_err(|e| problems.push(e.into()))
                        .ok();
                    seat_cells.extend(a.zip(b));
                } else {
                    let b = seat(variant, &b).map_err(|p| problems.push(p)).ok();
                    seat_seats.extend(a.zip(b));
                }
            }
            if kind == FieldKind::SeatCells {
                Field::SeatCells(seat_cells)
            } else {
                Field::SeatSeats(seat_seats)
            }
        }
    };
    if problems.is_empty() {
        Ok(field)
    } else {
        Err(problems)
    }
}

/// Reads a comma-separated text list (`-` for none) or a JSON array of strings.
fn list(key: &str, written: &Written<'_>) -> Result<Vec<String>, Vec<Problem>> {
    match written {
        Written::Text(t) => Ok(text_list(t)),
        Written::Json(v) => json_list(key, v).map_err(|p| vec![p]),
    }
}

fn field_text(variant: Variant, field: &Field) -> String {
    let letter = |s: &Seat| variant.seat_letter(*s).to_string();
    let items: Vec<String> = match field {
        Field::Cell(cell) => cell.iter().map(Cell::to_string).collect(),
        Field::Cells(cells) => cells.iter().map(Cell::to_string).collect(),
        Field::Seats(seats) => seats.iter().map(letter).collect(),
        Field::SeatCells(pairs) => pairs
            .iter()
            .map(|(s, c)| format!("{}:{c}", letter(s)))
            .collect(),
        Field::SeatSeats(pairs) => pairs
            .iter()
            .map(|(s, t)| format!("{}:{}", letter(s), letter(t)))
            .collect(),
        Field::Words(words) => {
            return if words.is_empty() {
                "-".into()
            } else {
                words.join("/")
            };
        }
    };
    if items.is_empty() {
        "-".into()
    } else {
        items.join(",")
    }
}

fn field_json(variant: Variant, field: &Field) -> Value {
    let letter = |s: &Seat| variant.seat_letter(*s).to_string();
    match field {
        Field::Cell(cell) => json!(cell.map(|c| c.to_string())),
        Field::Cells(cells) => json!(cells.iter().map(Cell::to_string).collect::<Vec<_>>()),
        Field::Seats(seats) => json!(seats.iter().map(letter).collect::<Vec<_>>()),
        Field::SeatCells(pairs) => Value::Object(
            pairs
                .iter()
                .map(|(s, c)| (letter(s), json!(c.to_string())))
                .collect(),
        ),
        Field::SeatSeats(pairs) => Value::Object(
            pairs
                .iter()
                .map(|(s, t)| (letter(s), json!(letter(t))))
                .collect(),
        ),
        Field::Words(words) => json!(words),
    }
}

fn text_list(value: &str) -> Vec<String> {
    if value == "-" {
        Vec::new()
    } else {
        value.split(',').map(str::to_string).collect()
    }
}

fn text_pairs(what: &str, value: &str) -> Result<Vec<(String, String)>, Problem> {
    text_list(value)
        .into_iter()
        .map(|item| match item.split_once(':') {
            Some((a, b)) => Ok((a.to_string(), b.to_string())),
            None => Err(Problem::Syntax(format!(
                "{what} entry '{item}' is not of the form a:b"
            ))),
        })
        .collect()
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
