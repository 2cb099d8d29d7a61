//! Board states, and White's rule against bringing one back.

use std::cell::RefCell;
use std::collections::HashMap;

use trichess_model::{Variant, parse_pieces};

use crate::board::{Pieces, Setup};
use crate::rules::royal_counts;

/// Returns the board state of a placement, as positions record it in their history.
///
/// `yuri.white-no-repeat`: a board state is what stands on the board: which piece of which
/// army on which square. Whose turn it is, and the rights to double-step or take en passant,
/// are not part of it.
pub fn board_state(pieces: &Pieces) -> String {
    pieces.text()
}

/// Returns true if the board `after` a move is a board state of an earlier turn.
///
/// `yuri.white-no-repeat`: "White may not cause any board state from a previous turn in the
/// same game to appear again, but the other players may."
pub fn repeats_board_state(setup: &Setup, after: &Pieces) -> bool {
    let state = board_state(after);
    setup.yuri().is_some_and(|s| s.history.contains(&state))
}

/// The most written board states a thread keeps checked ([`CHECKED`]); when full it forgets
/// them all.
const KEPT: usize = 1 << 12;

thread_local! {
    /// The written board states this thread has checked, each with its answer. The positions
    /// of one game share all but their last history entries, which each validation would
    /// otherwise read again (a deep position has a hundred); what a word reads as depends on
    /// the word alone.
    static CHECKED: RefCell<HashMap<String, Result<(), String>>> = RefCell::new(HashMap::new());
}

/// Checks a written board state, as a position's history records it: it reads, and has one
/// King of each army (`yuri.white-no-repeat`: the history holds "board state[s] from a
/// previous turn", and on every turn each army has its one King). A word checked before on
/// this thread is answered from [`CHECKED`].
pub fn board_state_problem(word: &str) -> Result<(), String> {
    CHECKED.with(|checked| {
        if let Some(known) = checked.borrow().get(word) {
            return known.clone();
        }
        let answer = read_board_state(word);
        let mut checked = checked.borrow_mut();
        if checked.len() >= KEPT {
            checked.clear();
        }
        checked.insert(word.to_owned(), answer.clone());
        answer
    })
}

/// Reads a written board state and counts its Kings: one of each army.
fn read_board_state(word: &str) -> Result<(), String> {
    let pieces = parse_pieces(Variant::Yuri, word).map_err(|e| e.to_string())?;
    if royal_counts(Variant::Yuri, pieces.values()) != [1, 1, 1] {
        return Err("it needs one King of each army".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use trichess_model::{Engine, EngineError, Game, Setup, Variant};

    use crate::Oracle;

    /// A board state checked again, at the same place in the history or at another, gives the
    /// same answer, its problem named by the place it is at. "a1:bK,g1:rK" has no White King,
    /// so it is not a board state of the game (`yuri.white-no-repeat`, and each army's one
    /// King of `yuri.one-king`); the other word has a King of each army and reads.
    #[test]
    fn a_board_state_checked_again_gives_the_same_answer_at_its_own_place() {
        let game = Game::new(Variant::Yuri);
        let fits = "a1:bK,g1:rK,e6:wN,g7:wK,c3:bN,e3:rN";
        let unfit = "a1:bK,g1:rK";
        let with = |history: &str| {
            let text = format!("g7:wK,d4:wN,a1:bK,g1:rK,c3:bN,e3:rN w history={history}");
            Setup::parse(Variant::Yuri, &text).unwrap()
        };
        let problems = |setup: &Setup| match Oracle.check(&game, setup) {
            Err(EngineError::InvalidPosition(why)) => why
                .problems
                .iter()
                .map(|p| p.detail.clone())
                .collect::<Vec<_>>(),
            other => panic!("{}: {other:?}", setup.to_text()),
        };
        let not_a_state = "is not a board state: it needs one King of each army";
        for _ in 0..2 {
            assert_eq!(Oracle.check(&game, &with(fits)), Ok(()));
            assert_eq!(
                problems(&with(&format!("{unfit}/{fits}"))),
                [format!("history entry 1 '{unfit}' {not_a_state}")]
            );
            assert_eq!(
                problems(&with(&format!("{fits}/{unfit}"))),
                [format!("history entry 2 '{unfit}' {not_a_state}")]
            );
        }
    }
}
