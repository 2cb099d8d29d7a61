//! The words behind an id: the one place the explainers read the rule registers, and the
//! decisions of DECISIONS.md.

use std::sync::OnceLock;

use trichess_model::Variant;

use crate::register::Register;

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

/// Returns the title of a decision (`D5`) of DECISIONS.md.
pub(crate) fn decision(id: &str) -> Option<String> {
    include_str!("../../../DECISIONS.md")
        .lines()
        .find_map(|line| line.strip_prefix(&format!("## {id}. ")))
        .map(str::to_string)
}
