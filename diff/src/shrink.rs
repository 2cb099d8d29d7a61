//! Shrinking a finding: fewer pieces, no castling or en passant rights it does not need.

use trichess_model::{Setup, VariantState};

use crate::{Duel, Finding, Kind};

/// Shrinks `finding` to a smaller position with a disagreement of the same kind: takes off
/// one piece at a time, then the castling and en passant rights, then sets each reading back
/// to its default, keeping a step only if the
/// disagreement is still there (re-checked by comparing the engines again, at perft `depth`)
/// and, unless the finding is about validity, both engines still accept the position. Runs at
/// most `budget` comparisons. The result is a stand-alone position: its descent path is gone.
pub fn shrink(duel: &mut Duel, finding: Finding, depth: u32, budget: usize) -> Finding {
    let mut best = finding;
    let mut tries = 0;
    loop {
        let mut improved = false;
        for candidate in smaller(&best.setup) {
            if tries >= budget {
                return best;
            }
            tries += 1;
            if best.kind != Kind::DifferentValidity
                && duel.both_accept(&best.game, &candidate) != Some(true)
            {
                continue;
            }
            let Some(found) = duel.compare(&best.game, &candidate, depth).finding else {
                continue;
            };
            if found.kind == best.kind {
                best = found;
                improved = true;
                break;
            }
        }
        if !improved {
            break;
        }
    }
    // Readings back to their defaults where the disagreement stays.
    let ids: Vec<String> = best.game.interpretations.keys().cloned().collect();
    for id in ids {
        if tries >= budget {
            break;
        }
        tries += 1;
        let mut game = best.game.clone();
        game.interpretations.remove(&id);
        if best.kind != Kind::DifferentValidity
            && duel.both_accept(&game, &best.setup) != Some(true)
        {
            continue;
        }
        if let Some(found) = duel.compare(&game, &best.setup, depth).finding
            && found.kind == best.kind
        {
            best = found;
        }
    }
    best
}

/// Lists the positions one step smaller than `setup`.
fn smaller(setup: &Setup) -> Vec<Setup> {
    let mut out = Vec::new();
    for cell in setup.pieces.keys() {
        let mut s = setup.clone();
        s.pieces.remove(cell);
        s.castling.remove(cell);
        let kept = s.clone();
        crate::generate::refit(setup, &mut s);
        if s != kept {
            // The state at its default for the fewer pieces, and, failing that, as it was.
            out.push(s);
        }
        out.push(kept);
    }
    let default = VariantState::default_for(setup.variant, &setup.pieces);
    if setup.state != default {
        let mut s = setup.clone();
        s.state = default;
        out.push(s);
    }
    for cell in &setup.castling {
        let mut s = setup.clone();
        s.castling.remove(cell);
        out.push(s);
    }
    if setup.en_passant.is_some() {
        let mut s = setup.clone();
        s.en_passant = None;
        out.push(s);
    }
    out
}
