//! The words behind an id: the one place the explainers read the rule registers, and the
//! titles of the decisions of DECISIONS.md that they cite.

use std::sync::OnceLock;

use trichess_model::Variant;
use trichess_suite::Register;

/// Returns the register of `variant`, read once.
fn register(variant: Variant) -> Option<&'static Register> {
    static REGISTERS: [OnceLock<Option<Register>>; 4] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    let i = Variant::ALL.iter().position(|&v| v == variant)?;
    REGISTERS[i]
        .get_or_init(|| Register::of(variant).ok())
        .as_ref()
}

/// Returns the source's words a clause or an interpretation quotes.
pub(crate) fn quote(variant: Variant, id: &str) -> Option<String> {
    register(variant)?.quote(id).map(str::to_string)
}

/// Returns what a reading of an interpretation says.
pub(crate) fn meaning(variant: Variant, id: &str, reading: &str) -> Option<String> {
    register(variant)?
        .interpretations
        .iter()
        .find(|i| i.id == id)?
        .readings
        .iter()
        .find(|r| r.name == reading)
        .map(|r| r.meaning.clone())
}

/// The decisions the explainers cite, with their titles as DECISIONS.md heads them (a test
/// holds each against the file, which is not part of the oracle's package).
pub const DECISIONS: [(&str, &str); 4] = [
    (
        "D1",
        "The en passant cell is recorded while the window lasts, usable or not",
    ),
    (
        "D3",
        "Yalta: a pending mate is only for a player in check who is not to move",
    ),
    (
        "D4",
        "Yuri: after the Kings meet, the side to move is the seat after the King that moved",
    ),
    (
        "D5",
        "A move that ends the game passes the turn like any other move",
    ),
];

/// Returns the title of a decision (`D5`).
pub(crate) fn decision(id: &str) -> Option<String> {
    DECISIONS
        .iter()
        .find(|(d, _)| *d == id)
        .map(|(_, title)| title.to_string())
}
