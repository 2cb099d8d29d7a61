//! Outcomes: whether the game goes on, and if not, how it ended.

use serde_json::{Value, json};

use crate::{Seat, Variant};

/// Why a player left the game or the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// The player to move is in check and has no legal move.
    Checkmate,
    /// The player to move is not in check and has no legal move.
    Stalemate,
    /// Every other player has left the game.
    LastKingStanding,
    /// Yuri Chess: the White and Black Kings have come to share a square.
    KingsMeet,
    /// Triple Crown: a pawn reached a far rank while its player already had all three
    /// non-array pieces (Baroness, Pope and Diarch).
    InstantWin,
}

impl Reason {
    /// Every reason.
    pub const ALL: [Reason; 5] = [
        Reason::Checkmate,
        Reason::Stalemate,
        Reason::LastKingStanding,
        Reason::KingsMeet,
        Reason::InstantWin,
    ];

    /// Returns the reason's id, as written in JSON and fixtures.
    pub fn id(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::LastKingStanding => "last-king-standing",
            Reason::KingsMeet => "kings-meet",
            Reason::InstantWin => "instant-win",
        }
    }
}

/// The state of the game in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The side to move has a legal move and play goes on.
    Ongoing,
    /// A player leaves the game before the side to move moves: in most variants the side to
    /// move itself (it is checkmated, say), and play then passes to the next player; in Triple
    /// Crown a player whose Emperor is en prise to the side to move, who then moves. Positions
    /// an engine reaches by playing moves have already taken such players out; this is what a
    /// written position in that state reports.
    Eliminated {
        /// The player who leaves.
        seat: Seat,
        /// Why (checkmate, stalemate under a reading that takes the player out, ...).
        reason: Reason,
    },
    /// The side to move has no legal move but stays in the game: it passes and play goes on
    /// (a checkmate that is not yet final, or a stalemate under a reading that passes).
    Passes {
        /// The player who passes: the side to move.
        seat: Seat,
        /// Why it cannot move.
        reason: Reason,
    },
    /// The game is over and `winner` has won.
    Won {
        /// The player who has won.
        winner: Seat,
        /// How.
        reason: Reason,
    },
    /// The game is over and nobody has won.
    Drawn {
        /// Why.
        reason: Reason,
    },
}

/// Why an outcome in JSON was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad outcome: {0}")]
pub struct OutcomeError(String);

impl Outcome {
    /// Says the outcome in words, naming the seats as `variant` does: `ongoing`, `Red
    /// leaves the game (checkmate) and play passes on`, `White wins (kings-meet)`, ...
    pub fn describe(self, variant: Variant) -> String {
        match self {
            Outcome::Ongoing => "ongoing".to_string(),
            Outcome::Eliminated { seat, reason } => format!(
                "{} leaves the game ({}) and play passes on",
                variant.seat_name(seat),
                reason.id()
            ),
            Outcome::Passes { seat, reason } => format!(
                "{} cannot move and passes ({}); play goes on",
                variant.seat_name(seat),
                reason.id()
            ),
            Outcome::Won { winner, reason } => {
                format!("{} wins ({})", variant.seat_name(winner), reason.id())
            }
            Outcome::Drawn { reason } => format!("drawn ({})", reason.id()),
        }
    }

    /// Writes the JSON form: `{"status": "ongoing"}`, `{"status": "eliminated", "seat": "b",
    /// "reason": "checkmate"}`, `{"status": "passes", "seat": "b", "reason": ...}`,
    /// `{"status": "won", "winner": "w", "reason": ...}` or `{"status": "drawn", "reason": ...}`.
    pub fn to_json(self, variant: Variant) -> Value {
        let letter = |s: Seat| variant.seat_letter(s).to_string();
        match self {
            Outcome::Ongoing => json!({"status": "ongoing"}),
            Outcome::Eliminated { seat, reason } => {
                json!({"status": "eliminated", "seat": letter(seat), "reason": reason.id()})
            }
            Outcome::Passes { seat, reason } => {
                json!({"status": "passes", "seat": letter(seat), "reason": reason.id()})
            }
            Outcome::Won { winner, reason } => {
                json!({"status": "won", "winner": letter(winner), "reason": reason.id()})
            }
            Outcome::Drawn { reason } => json!({"status": "drawn", "reason": reason.id()}),
        }
    }

    /// Reads the JSON form.
    pub fn from_json(variant: Variant, value: &Value) -> Result<Outcome, OutcomeError> {
        let err = |m: &str| OutcomeError(format!("{m} in {value}"));
        let object = value.as_object().ok_or_else(|| err("not an object"))?;
        let field = |k: &str| object.get(k).and_then(Value::as_str);
        let seat = |k: &str| {
            let mut letters = field(k).ok_or_else(|| err(&format!("no '{k}'")))?.chars();
            match (letters.next(), letters.next()) {
                (Some(c), None) => variant.seat_from_letter(c),
                _ => None,
            }
            .ok_or_else(|| err(&format!("'{k}' is not an army letter of {variant}")))
        };
        let reason = || {
            let id = field("reason").ok_or_else(|| err("no 'reason'"))?;
            Reason::ALL
                .into_iter()
                .find(|r| r.id() == id)
                .ok_or_else(|| err(&format!("unknown reason '{id}'")))
        };
        let allowed: &[&str] = match field("status") {
            Some("ongoing") => &["status"],
            Some("eliminated") | Some("passes") => &["status", "seat", "reason"],
            Some("won") => &["status", "winner", "reason"],
            Some("drawn") => &["status", "reason"],
            _ => {
                return Err(err(
                    "'status' is not ongoing, eliminated, passes, won or drawn",
                ));
            }
        };
        if let Some(extra) = object.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(err(&format!("unexpected key '{extra}'")));
        }
        Ok(match field("status") {
            Some("eliminated") => Outcome::Eliminated {
                seat: seat("seat")?,
                reason: reason()?,
            },
            Some("passes") => Outcome::Passes {
                seat: seat("seat")?,
                reason: reason()?,
            },
            Some("won") => Outcome::Won {
                winner: seat("winner")?,
                reason: reason()?,
            },
            Some("drawn") => Outcome::Drawn { reason: reason()? },
            _ => Outcome::Ongoing,
        })
    }
}
