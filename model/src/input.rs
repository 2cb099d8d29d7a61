//! Positions and moves as a user gives them (a command line's `--position` and `--after`),
//! and messages fit to show back on a terminal.
//!
//! A position is given as `start`, the text or JSON form, `@FILE`, or `-` for standard input
//! ([`position_text`], [`read_position`]); [`locate`] has an engine check it and play the
//! moves given after it.
//!
//! ```
//! use trichess_model::input::{read_position, tidy};
//! use trichess_model::Variant;
//!
//! assert_eq!(tidy("d8:wK, a1:bK,  h1:rK w"), "d8:wK,a1:bK,h1:rK w");
//! let setup = read_position(Variant::OSullivan, "d8:wK, a1:bK, h1:rK w").expect("a position");
//! assert_eq!(setup.map(|s| s.pieces.len()), Some(3));
//! assert_eq!(read_position(Variant::OSullivan, "start").expect("the start"), None);
//! ```

use std::io::Read;

use crate::{
    Engine, EngineError, Game, Move, MoveParseError, NotationError, Outcome, Setup, Variant,
};

/// The most a position read from a file or standard input may hold: 4 MiB.
pub const MAX_INPUT: u64 = 4 << 20;

/// The most of a message [`clean`] keeps, in bytes; the rest is cut.
const MAX_MESSAGE: usize = 600;

/// The most problems (the parts of a message between "; ") that [`clean`] keeps.
const MAX_PROBLEMS: usize = 10;

/// Why a text could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file or stream could not be read.
    #[error("cannot read {what}")]
    Read {
        /// What was read: a path, or "standard input".
        what: String,
        /// Why it could not be.
        #[source]
        source: std::io::Error,
    },
    /// It holds more than [`MAX_INPUT`] bytes.
    #[error("{what} is larger than {} MiB", MAX_INPUT >> 20)]
    TooLarge {
        /// What was read.
        what: String,
    },
    /// It is not UTF-8 text.
    #[error("{what} is not UTF-8 text")]
    NotUtf8 {
        /// What was read.
        what: String,
    },
    /// The text is not a position.
    #[error(transparent)]
    Position(#[from] NotationError),
}

/// Reads at most [`MAX_INPUT`] bytes from `reader` (named `what` in errors), as UTF-8 text
/// without a byte-order mark.
pub fn read_capped(reader: impl Read, what: &str) -> Result<String, InputError> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|source| InputError::Read {
            what: what.to_string(),
            source,
        })?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(InputError::TooLarge { what: what.into() });
    }
    let text = String::from_utf8(bytes).map_err(|_| InputError::NotUtf8 { what: what.into() })?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(&text).to_string())
}

/// Returns the text a position argument stands for: the file's text for `@FILE`, standard
/// input's for `-`, else the argument itself (each without a byte-order mark).
pub fn position_text(arg: &str) -> Result<String, InputError> {
    if let Some(path) = arg.strip_prefix('@') {
        let file = std::fs::File::open(path).map_err(|source| InputError::Read {
            what: path.to_string(),
            source,
        })?;
        return read_capped(file, path);
    }
    if arg == "-" {
        return read_capped(std::io::stdin().lock(), "standard input");
    }
    Ok(arg.strip_prefix('\u{feff}').unwrap_or(arg).to_string())
}

/// Drops the spaces after the commas of a text form (`d8:wK, a1:bK`), as people write lists;
/// a JSON form is left as it is.
pub fn tidy(text: &str) -> String {
    if text.trim_start().starts_with('{') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        if c == ',' {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
        }
    }
    out
}

/// Reads the position argument `arg` of `variant` ([`position_text`]): `None` for `start`,
/// else the position written (read, not checked against any rules).
pub fn read_position(variant: Variant, arg: &str) -> Result<Option<Setup>, InputError> {
    let text = position_text(arg)?;
    if text.trim() == "start" {
        return Ok(None);
    }
    Ok(Some(Setup::parse(variant, &tidy(&text))?))
}

/// Why [`locate`] found no position.
#[derive(Debug, thiserror::Error)]
pub enum LocateError {
    /// The position argument could not be read.
    #[error(transparent)]
    Input(#[from] InputError),
    /// The engine refused the game or the position.
    #[error(transparent)]
    Engine(#[from] Refusal),
    /// A move given after the position could not be played (its number, from 1, and why).
    #[error("move {number}")]
    Move {
        /// The move's number in the list, from 1.
        number: usize,
        /// Why it could not be played.
        #[source]
        source: MoveError,
    },
}

/// An engine's refusal, said as a user wants to read it: an illegal move or an unsupported
/// reading says only why; anything else says what it is first ("invalid position: ...").
#[derive(Debug)]
pub struct Refusal(pub EngineError);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            EngineError::IllegalMove(why) | EngineError::Unsupported(why) => f.write_str(why),
            other => write!(f, "{other}"),
        }
    }
}

impl std::error::Error for Refusal {}

impl From<EngineError> for LocateError {
    fn from(e: EngineError) -> LocateError {
        LocateError::Engine(Refusal(e))
    }
}

/// Why a move given after the position could not be played.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    /// It is not a move of the variant.
    #[error(transparent)]
    Parse(#[from] MoveParseError),
    /// The game is over before it (the outcome, described).
    #[error("the game is over ({0}): no move can follow")]
    GameOver(String),
    /// The engine refused it.
    #[error(transparent)]
    Engine(#[from] Refusal),
}

/// The position a user points at through `engine`: the one `position` stands for
/// ([`read_position`]; the engine's start for `start`), checked by the engine, with the moves
/// of `after` (separated by spaces) played by it. Returns it, and whether it was reached from
/// the start.
pub fn locate(
    engine: &mut dyn Engine,
    game: &Game,
    position: &str,
    after: &str,
) -> Result<(Setup, bool), LocateError> {
    let variant = game.variant;
    engine.supports(game)?;
    let read = read_position(variant, position)?;
    let from_start = read.is_none();
    let mut setup = match read {
        None => engine.start(game)?,
        Some(setup) => {
            engine.check(game, &setup)?;
            setup
        }
    };
    for (n, m) in after.split_whitespace().enumerate() {
        let at = |source| LocateError::Move {
            number: n + 1,
            source,
        };
        let mv = Move::parse(variant, m).map_err(|e| at(e.into()))?;
        let outcome = engine.outcome(game, &setup)?;
        if matches!(outcome, Outcome::Won { .. } | Outcome::Drawn { .. }) {
            return Err(at(MoveError::GameOver(outcome.describe(variant))));
        }
        setup = engine
            .play(game, &setup, mv)
            .map_err(|e| at(Refusal(e).into()))?;
    }
    Ok((setup, from_start))
}

/// Makes a message fit for a terminal: control characters (NUL, ESC, ...) written as escapes
/// (`\u{1b}`), at most ten problems (the parts between "; ") and a message longer than a few
/// hundred characters cut short.
pub fn clean(message: &str) -> String {
    let mut parts: Vec<&str> = message.split("; ").collect();
    let hidden = parts.len().saturating_sub(MAX_PROBLEMS);
    parts.truncate(MAX_PROBLEMS);
    let mut out = String::new();
    for c in parts.join("; ").chars() {
        if out.len() >= MAX_MESSAGE {
            out.push_str(" ...(cut)");
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if hidden > 0 {
        out.push_str(&format!("; ... and {hidden} more"));
    }
    out
}

/// Folds a command-line parser's error message into one line for [`clean`]: its first line,
/// then what is missing (the indented lines after "not provided:") and the tip, joined with
/// "; " (a space after a line ending in ':'); the usage and "For more information" lines and the
/// "error: " and "tip: " labels are left out.
pub fn one_line(text: &str) -> String {
    let mut parts: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("Usage:") || line.starts_with("For more information")
        {
            continue;
        }
        let line = line
            .trim_start_matches("error: ")
            .trim_start_matches("tip: ");
        parts.push(line.to_string());
    }
    if parts.is_empty() {
        return "bad command line".to_string();
    }
    let mut joined = parts[0].clone();
    for (i, part) in parts.iter().enumerate().skip(1) {
        joined.push_str(if i == 1 && parts[0].ends_with(':') {
            " "
        } else {
            "; "
        });
        joined.push_str(part);
    }
    clean(&joined)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tidy_drops_spaces_after_commas_but_not_in_json() {
        assert_eq!(tidy("a1:bK,  b5:wR,\te6:rB w"), "a1:bK,b5:wR,e6:rB w");
        assert_eq!(tidy("{\"a\": 1, \"b\": 2}"), "{\"a\": 1, \"b\": 2}");
    }

    #[test]
    fn read_capped_strips_the_byte_order_mark_and_refuses_large_or_binary_input() {
        let text = read_capped("\u{feff}start".as_bytes(), "x").expect("text");
        assert_eq!(text, "start");
        let big = vec![b'a'; MAX_INPUT as usize + 1];
        let err = read_capped(big.as_slice(), "big").expect_err("too large");
        assert_eq!(err.to_string(), "big is larger than 4 MiB");
        let err = read_capped(&b"a1:bK\xff"[..], "bad").expect_err("not UTF-8");
        assert_eq!(err.to_string(), "bad is not UTF-8 text");
    }

    #[test]
    fn position_text_reads_a_file_after_an_at_sign() {
        let path = std::env::temp_dir().join(format!("trichess-input-{}", std::process::id()));
        std::fs::write(&path, "\u{feff}d8:wK w").expect("a temporary file");
        let arg = format!("@{}", path.display());
        assert_eq!(position_text(&arg).expect("the file"), "d8:wK w");
        std::fs::remove_file(&path).expect("removed");
        let err = position_text(&arg).expect_err("no file any more");
        assert!(matches!(err, InputError::Read { .. }), "{err}");
        assert_eq!(position_text("\u{feff}start").expect("plain text"), "start");
    }

    #[test]
    fn read_position_says_why_a_text_is_not_a_position() {
        let err = read_position(Variant::OSullivan, "zz:wK w").expect_err("no cell zz");
        assert!(err.to_string().contains("'zz' is not a cell name"), "{err}");
    }

    #[test]
    fn a_refusal_says_only_why_for_an_illegal_move_but_names_an_invalid_position() {
        let illegal = Refusal(EngineError::IllegalMove("not legal here".into()));
        assert_eq!(illegal.to_string(), "not legal here");
        let failed = Refusal(EngineError::Failed("crashed".into()));
        assert_eq!(failed.to_string(), "engine failure: crashed");
    }

    #[test]
    fn clean_escapes_control_characters_and_cuts_long_messages() {
        assert_eq!(clean("a\u{1b}[31mb"), "a\\u{1b}[31mb");
        let many: Vec<String> = (0..12).map(|i| format!("p{i}")).collect();
        assert_eq!(
            clean(&many.join("; ")),
            "p0; p1; p2; p3; p4; p5; p6; p7; p8; p9; ... and 2 more"
        );
        let long = "x".repeat(2000);
        let cut = clean(&long);
        assert!(cut.ends_with(" ...(cut)") && cut.len() < 700, "{cut}");
    }

    #[test]
    fn one_line_keeps_what_is_missing_and_the_tip() {
        let text = "error: the following required arguments were not provided:\n  <DEPTH>\n\n\
                    Usage: trichess perft <VARIANT> <DEPTH>\n\nFor more information, try '--help'.\n";
        assert_eq!(
            one_line(text),
            "the following required arguments were not provided: <DEPTH>"
        );
        let text = "error: unrecognized subcommand 'move'\n\n  tip: a similar subcommand exists: 'moves'\n";
        assert_eq!(
            one_line(text),
            "unrecognized subcommand 'move'; a similar subcommand exists: 'moves'"
        );
        assert_eq!(one_line("Usage: x\n"), "bad command line");
    }
}
