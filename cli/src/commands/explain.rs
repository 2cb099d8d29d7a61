//! `trichess explain`: why the oracle answers as it does: whether a move is legal (and what it
//! does), the result, or whether a position is valid, each step with its clause's id, the
//! source's words and the cells involved.

use std::process::ExitCode;

use anyhow::Result;
use trichess_model::input::read_position;
use trichess_model::{Game, Move, Setup, Variant};
use trichess_oracle::explain::{Question, explain};
use trichess_oracle::rules_for;

use super::{game_of, locate_with, note_start};
use crate::args::{At, EngineArg, ExplainOptions};

/// Prints the oracle's explanation.
pub fn run(options: ExplainOptions) -> Result<ExitCode> {
    let variant = options.variant;
    let question = match &options.mv {
        Some(text) => Question::Move(Move::parse(variant, text)?),
        None if options.result => Question::Result,
        None => Question::Validity,
    };
    let (game, setup, note) = located(variant, &options.at, question)?;
    let explanation = explain(&game, &setup, question)?;
    if options.json {
        say!("{}", explanation.to_json());
    } else {
        // The text ends with its own newline.
        let text = explanation.to_text();
        say!("{}", text.strip_suffix('\n').unwrap_or(&text));
    }
    note_start(note);
    Ok(ExitCode::SUCCESS)
}

/// Returns the game and the position asked about, and what a user of the starting position
/// must know about it. A position whose validity is asked is only read (the explanation says
/// what is wrong with it); otherwise it is checked and the `--after` moves are played by the
/// oracle, as every other command does.
fn located(
    variant: Variant,
    at: &At,
    question: Question,
) -> Result<(Game, Setup, Option<&'static str>)> {
    if question != Question::Validity || !at.after.trim().is_empty() {
        let here = locate_with(variant, at, &EngineArg::default())?;
        return Ok((here.game, here.setup, here.note));
    }
    let game = game_of(variant, &at.interpretations)?;
    let rules = rules_for(&game)?;
    Ok(match read_position(variant, &at.position)? {
        None => (game, rules.start().into_setup(), rules.start_note()),
        Some(setup) => (game, setup, None),
    })
}
