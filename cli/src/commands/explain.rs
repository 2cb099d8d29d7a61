//! `trichess explain`: why the oracle answers as it does: whether a move is legal (and what it
//! does), the result, or whether a position is valid, each step with its clause's id, the
//! source's words and the cells involved.

use std::process::ExitCode;

use anyhow::{Result, anyhow};
use clap::Args;
use trichess_model::{Game, Move, Setup, Variant};
use trichess_oracle::explain::{ExplainError, Question, explain};
use trichess_oracle::rules_for;

use super::{At, EngineArg, interpretation_map, locate_with, note_start, position_text, tidy};

/// What `trichess explain` is asked.
#[derive(Debug, Args)]
pub struct Options {
    /// The variant: osullivan, yalta, yuri or triple-crown.
    variant: Variant,
    /// The move to explain (leave it out with --result or --validity).
    #[arg(value_name = "MOVE", required_unless_present_any = ["result", "validity"])]
    mv: Option<String>,
    #[command(flatten)]
    at: At,
    /// Explain the result (whether the game goes on, and why) instead of a move.
    #[arg(long, conflicts_with_all = ["mv", "validity"])]
    result: bool,
    /// Explain whether the position is valid (each problem with its clause) instead of a move.
    #[arg(long, conflicts_with = "mv")]
    validity: bool,
    /// Print the explanation as JSON.
    #[arg(long)]
    json: bool,
}

/// Prints the oracle's explanation.
pub fn run(options: Options) -> Result<ExitCode> {
    let variant = options.variant;
    let question = match &options.mv {
        Some(text) => Question::Move(Move::parse(variant, text)?),
        None if options.result => Question::Result,
        None => Question::Validity,
    };
    let (game, setup, from_start) = located(variant, &options.at, question)?;
    let explanation = explain(&game, &setup, question).map_err(|e| match e {
        ExplainError::InvalidPosition(problems) => anyhow!("invalid position: {problems}"),
        other => anyhow!(other),
    })?;
    if options.json {
        say!("{}", explanation.to_json());
    } else {
        say_raw!("{}", explanation.to_text());
    }
    note_start(rules_for(&game)?.as_ref(), from_start);
    Ok(ExitCode::SUCCESS)
}

/// Returns the game and the position asked about, and whether it is the starting position. A
/// position whose validity is asked is only read (the explanation says what is wrong with it);
/// otherwise it is checked and the `--after` moves are played, as every other command does.
fn located(variant: Variant, at: &At, question: Question) -> Result<(Game, Setup, bool)> {
    if question != Question::Validity || !at.after.trim().is_empty() {
        let oracle = EngineArg {
            engine: None,
            mutant: None,
        };
        let here = locate_with(variant, at, &oracle)?;
        return Ok((here.game, here.setup, here.from_start));
    }
    let game = Game {
        variant,
        interpretations: interpretation_map(variant, &at.interpretations)?,
    };
    let rules = rules_for(&game)?;
    let text = position_text(&at.position)?;
    if text.trim() == "start" {
        return Ok((game, rules.start().into_setup(), true));
    }
    let setup = Setup::parse(variant, &tidy(&text))?;
    Ok((game, setup, false))
}
