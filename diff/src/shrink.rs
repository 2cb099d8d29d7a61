//! Shrinking a finding: a shorter move path, fewer pieces, less state, default readings.

use std::collections::BTreeMap;

use trichess_model::{Game, Move, Setup, VariantState};

use crate::{Duel, Finding, Kind};

/// Shrinks `finding` to a smaller case with a disagreement of the same kind, each step kept
/// only if the disagreement is still there (re-checked by comparing the engines again, at
/// perft `depth`) and, unless the finding is about validity, both engines still accept the
/// position. Runs at most `budget` comparisons, in four steps:
///
/// 1. **A shorter move path**, for a finding reached by moves from an origin (the walk's root
///    or last edit, [`Finding::origin`]): a round of three moves (or two, once a player is
///    out), or one move, left out of the path, or one piece taken off the origin, the rest of
///    the path replayed by the first engine (every move must still be legal for it).
/// 2. **Fewer pieces** on the position itself, one at a time.
/// 3. **Less state**: each field of the text form (castling rights, en passant, the
///    variant's own fields) left out, emptied, or, for a list, cut by halves down to one entry
///    at a time.
/// 4. **Default readings**: each reading set back to its default, but those in `fixed` (the
///    readings the run was given or found the engine to follow: under any other the engine
///    under test would be held to a rule it does not play).
///
/// A case that step 2, 3 or 4 changes stands alone afterwards (its origin and path are gone,
/// but for a path the descent adds); otherwise it keeps the shortened path from its origin.
pub fn shrink(
    duel: &mut Duel,
    finding: Finding,
    depth: u32,
    budget: usize,
    fixed: &BTreeMap<String, String>,
) -> Finding {
    let mut shrinker = Shrinker {
        duel,
        depth,
        tries: 0,
        // The move path gets half the budget at most.
        budget: budget / 2,
    };
    let mut best = shrinker.shorten_path(finding);
    shrinker.budget = budget;
    // Fewer pieces, less state: the finding there (standing alone, or with the descent's
    // path from the candidate) replaces the case.
    'shrink: loop {
        for candidate in smaller(&best.setup) {
            if let Some(found) = shrinker.keeps(&best, &best.game, &candidate) {
                best = found;
                continue 'shrink;
            }
            if shrinker.spent() {
                break 'shrink;
            }
        }
        break;
    }
    // Readings back to their defaults where the disagreement stays.
    let ids: Vec<String> = best
        .game
        .interpretations
        .keys()
        .filter(|id| !fixed.contains_key(*id))
        .cloned()
        .collect();
    for id in ids {
        let mut game = best.game.clone();
        game.interpretations.remove(&id);
        if let Some(found) = shrinker.keeps(&best, &game, &best.setup) {
            best = if found.setup == best.setup {
                Finding {
                    origin: best.origin.take(),
                    path: std::mem::take(&mut best.path),
                    ..found
                }
            } else {
                found
            };
        }
        if shrinker.spent() {
            break;
        }
    }
    best
}

/// Step 1 of [`shrink`] alone: shortens the move path from the finding's origin and takes
/// pieces off the origin, each step kept only if the disagreement (of the same kind) is still
/// there at the end of the path; at most `budget` comparisons. A finding without an origin
/// comes back as it is.
pub fn shorten_path(duel: &mut Duel, finding: Finding, depth: u32, budget: usize) -> Finding {
    Shrinker {
        duel,
        depth,
        tries: 0,
        budget,
    }
    .shorten_path(finding)
}

struct Shrinker<'a> {
    duel: &'a mut Duel,
    depth: u32,
    tries: usize,
    budget: usize,
}

impl Shrinker<'_> {
    fn spent(&self) -> bool {
        self.tries >= self.budget
    }

    /// Compares the engines on `setup` under `game`; returns the finding there if it is of
    /// the same kind as `best` (and both engines accept the position, unless `best` is about
    /// validity). Counts one try.
    fn keeps(&mut self, best: &Finding, game: &Game, setup: &Setup) -> Option<Finding> {
        if self.spent() {
            return None;
        }
        self.tries += 1;
        // Every step keeps a position the reference judges as it judged the finding's: both
        // accept it (a validity finding: the reference accepts it, or refuses it for the same
        // kinds of problem), so a case never drifts into one the reference refuses otherwise.
        if best.kind == Kind::DifferentValidity {
            let before = self.duel.first_refuses(&best.game, &best.setup);
            if self.duel.first_refuses(game, setup) != before {
                return None;
            }
        } else if self.duel.both_accept(game, setup) != Some(true) {
            return None;
        }
        let found = self.duel.compare(game, setup, self.depth).finding?;
        (found.kind == best.kind).then_some(found)
    }

    /// Tries the case reached from `origin` by `path`, where `along[k]` is the position after
    /// the first `k` moves of `path` (as far as it is known): plays the rest with the first
    /// engine and returns the finding at the end, with its own descent path appended, if it
    /// keeps the disagreement. A move the first engine refuses ends the try.
    fn try_path(
        &mut self,
        best: &Finding,
        origin: &Setup,
        along: &[Setup],
        path: &[Move],
    ) -> Option<Finding> {
        if self.spent() {
            return None;
        }
        let known = along.len().min(path.len() + 1);
        let mut end = along.get(known.checked_sub(1)?)?.clone();
        for &mv in &path[known - 1..] {
            let Some(next) = self.duel.play_a(&best.game, &end, mv) else {
                self.tries += 1;
                return None;
            };
            end = next;
        }
        let found = self.keeps(best, &best.game, &end)?;
        let mut moves = path.to_vec();
        moves.extend(found.path.iter().copied());
        Some(Finding {
            origin: Some(origin.clone()),
            path: moves,
            ..found
        })
    }

    /// Step 1: shortens the move path from the finding's origin (a round of three moves left
    /// out, or of two once a player is out, then one move), then takes pieces off the origin.
    fn shorten_path(&mut self, finding: Finding) -> Finding {
        let mut best = finding;
        'shorten: while let Some(origin) = best.origin.clone() {
            let path = best.path.clone();
            // The positions along the path, so that a try replays only the moves after the
            // ones it leaves out.
            let mut along = vec![origin.clone()];
            for &mv in &path {
                let Some(next) = along
                    .last()
                    .and_then(|s| self.duel.play_a(&best.game, s, mv))
                else {
                    break;
                };
                along.push(next);
            }
            for run in [3, 2, 1] {
                for start in 0..(path.len() + 1).saturating_sub(run) {
                    let mut shorter = path.clone();
                    shorter.drain(start..start + run);
                    if let Some(found) = self.try_path(
                        &best,
                        &origin,
                        &along[..=start.min(along.len() - 1)],
                        &shorter,
                    ) {
                        best = found;
                        continue 'shorten;
                    }
                    if self.spent() {
                        break 'shorten;
                    }
                }
            }
            for fewer in fewer_pieces(&origin) {
                if self.spent() {
                    break 'shorten;
                }
                if self.duel.both_accept(&best.game, &fewer) != Some(true) {
                    self.tries += 1;
                    continue;
                }
                if let Some(found) =
                    self.try_path(&best, &fewer, std::slice::from_ref(&fewer), &path)
                {
                    best = found;
                    continue 'shorten;
                }
            }
            break;
        }
        best
    }
}

/// Lists the positions with one piece fewer than `setup`: with the variant state at its
/// default for the fewer pieces if it was at its default before, and as it was.
fn fewer_pieces(setup: &Setup) -> Vec<Setup> {
    let mut out = Vec::new();
    for cell in setup.pieces.keys() {
        let mut s = setup.clone();
        s.pieces.remove(cell);
        s.castling.remove(cell);
        let kept = s.clone();
        crate::generate::refit(setup, &mut s);
        if s != kept {
            out.push(s);
        }
        out.push(kept);
    }
    out
}

/// Lists the positions one step smaller than `setup`: one piece fewer, then less state.
fn smaller(setup: &Setup) -> Vec<Setup> {
    let mut out = fewer_pieces(setup);
    let default = VariantState::default_for(setup.variant, &setup.pieces);
    if setup.state != default {
        let mut s = setup.clone();
        s.state = default;
        out.push(s);
    }
    out.extend(less_state(setup));
    out
}

/// Lists the positions with less written state than `setup`: each field of its text form
/// left out (at its default), emptied (`-`), or, for a list (`,` or `/` between entries),
/// without a half, a quarter, ... down to one entry. Variant-neutral: it works on the text
/// form, and keeps what still reads.
fn less_state(setup: &Setup) -> Vec<Setup> {
    let text = setup.to_text();
    let words: Vec<&str> = text.split(' ').collect();
    let (head, fields) = words.split_at(words.len().min(2));
    let mut texts = Vec::new();
    for (i, field) in fields.iter().enumerate() {
        let Some((key, value)) = field.split_once('=') else {
            continue;
        };
        let with = |replacement: Option<String>| {
            let mut out: Vec<String> = head.iter().map(|w| w.to_string()).collect();
            for (j, other) in fields.iter().enumerate() {
                if j != i {
                    out.push(other.to_string());
                } else if let Some(r) = &replacement {
                    out.push(r.clone());
                }
            }
            out.join(" ")
        };
        texts.push(with(None));
        if value != "-" {
            texts.push(with(Some(format!("{key}=-"))));
        }
        let separator = if value.contains('/') { '/' } else { ',' };
        let entries: Vec<&str> = value.split(separator).collect();
        let mut chunk = entries.len() / 2;
        while chunk >= 1 {
            for start in (0..entries.len()).step_by(chunk) {
                let kept: Vec<&str> = entries
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| *k < start || *k >= start + chunk)
                    .map(|(_, e)| *e)
                    .collect();
                let sep = separator.to_string();
                texts.push(with(Some(format!("{key}={}", kept.join(&sep)))));
            }
            chunk /= 2;
        }
    }
    texts
        .iter()
        .filter_map(|t| Setup::parse(setup.variant, t).ok())
        .filter(|s| s != setup)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use trichess_model::Variant;

    #[test]
    fn less_state_leaves_out_cuts_and_empties_fields() {
        let setup = Setup::parse(
            Variant::Yuri,
            "d3:wK,e5:rK,a1:bK w history=a1:bK,d3:wK,e5:rK/a1:bK,d4:wK,e5:rK/a1:bK,d4:wK,e6:rK/a1:bK,d4:wK,e7:rK",
        )
        .unwrap();
        let texts: Vec<String> = less_state(&setup).iter().map(Setup::to_text).collect();
        // Left out: no history at all.
        assert!(texts.iter().any(|t| !t.contains("history")), "{texts:?}");
        // Halves and single entries.
        assert!(
            texts
                .iter()
                .any(|t| t.ends_with("history=a1:bK,d4:wK,e6:rK/a1:bK,d4:wK,e7:rK")),
            "{texts:?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t
                    .ends_with("history=a1:bK,d3:wK,e5:rK/a1:bK,d4:wK,e5:rK/a1:bK,d4:wK,e7:rK")),
            "{texts:?}"
        );
        assert!(texts.iter().all(|t| t.starts_with("a1:bK,d3:wK,e5:rK w")));
    }
}
