//! The fuzz targets' inputs replayed under `cargo test` (stable): every file of the seed corpus
//! (`fuzz/corpus/<target>/`) and every minimised crasher (`fuzz/regressions/<target>/`) is
//! decoded and checked by the same library code as the target (`trichess_diff::property`).
//!
//! A regression is its input file `NAME` beside a note `NAME.json`:
//! `{"root_cause": "...", "status": "fixed" | "expected-to-fail", "case": {...}}`. The case is
//! what the input decoded to when it was found (`Case::to_json`); it is checked as written, so
//! that a change to the generator, which may make the bytes decode to another case, does not
//! lose the regression (the bytes of a fixed one are replayed too: they must not panic). A
//! `fixed` regression must pass; an `expected-to-fail` one must still fail (its root cause is
//! not fixed yet) and the test says so when it passes, so that a fix is noticed and the status
//! changed. A new crasher dropped in without a note fails the test with the note to write.
//!
//! A disagreement found by the differential run (`trichess diff`) has no fuzz input: it is kept
//! as a note alone, `NAME.json` under the target that checks it, with a `found_by` naming the
//! run and the `case` it shrank to, and is checked the same way.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use serde_json::Value;
use trichess_diff::property::{Harness, Target};

mod common;
use common::{harness, root};

/// Lists the files of `dir` (none if it does not exist), sorted, leaving out the notes.
fn inputs(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.extension().is_none_or(|e| e != "json") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Checks the input in `path` with `target`'s property: `Ok(Err(why))` if the property fails,
/// `Err(why)` if the file does not read or a check panicked.
fn replay(
    harness: &mut Harness,
    target: Target,
    path: &Path,
) -> Result<Result<(), String>, String> {
    let bytes = fs::read(path).map_err(|e| format!("{}: does not read: {e}", path.display()))?;
    catch_unwind(AssertUnwindSafe(|| {
        let case = harness.decode(target, &bytes);
        harness.check(&case).map_err(|f| f.to_string())
    }))
    .map_err(|_| format!("{}: panicked (see above)", path.display()))
}

/// Every corpus file passes its target's property.
#[test]
fn corpus() {
    let mut harness = harness();
    let mut problems = Vec::new();
    let mut count = 0;
    for target in Target::ALL {
        let dir = root().join("fuzz/corpus").join(target.name());
        for path in inputs(&dir).unwrap_or_else(|e| vec![PathBuf::from(e)]) {
            count += 1;
            match replay(&mut harness, target, &path) {
                Ok(Ok(())) => {}
                Ok(Err(why)) => problems.push(format!("{}: {why}", path.display())),
                Err(why) => problems.push(why),
            }
        }
    }
    assert!(count >= Target::ALL.len(), "no corpus under fuzz/corpus");
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// Lists the notes of `dir` that stand alone (no input file beside them), sorted.
fn lone_notes(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut notes = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.extension().is_some_and(|e| e == "json") && !path.with_extension("").exists() {
            notes.push(path);
        }
    }
    notes.sort();
    Ok(notes)
}

/// What a regression's note says.
struct Note {
    fixed: bool,
    case: Value,
    /// The differential run that found it, for a note without a fuzz input.
    found_by: Option<String>,
}

fn read_note(path: &Path) -> Result<Note, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let value: Value =
        serde_json::from_str(&text).map_err(|e| format!("{}: not JSON: {e}", path.display()))?;
    let field = |k: &str| value.get(k).ok_or(format!("{}: no '{k}'", path.display()));
    field("root_cause")?
        .as_str()
        .filter(|s| !s.is_empty())
        .ok_or(format!(
            "{}: 'root_cause' must name the cause",
            path.display()
        ))?;
    let fixed = match field("status")?.as_str() {
        Some("fixed") => true,
        Some("expected-to-fail") => false,
        _ => {
            return Err(format!(
                "{}: 'status' must be \"fixed\" or \"expected-to-fail\"",
                path.display()
            ));
        }
    };
    Ok(Note {
        fixed,
        case: field("case")?.clone(),
        found_by: value
            .get("found_by")
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string),
    })
}

/// Every regression is as its note says: a fixed one passes (and its bytes never panic), one
/// not fixed yet still fails (a panic counts as failing).
#[test]
fn regressions() {
    let mut harness = harness();
    let mut problems = Vec::new();
    for target in Target::ALL {
        let dir = root().join("fuzz/regressions").join(target.name());
        for path in inputs(&dir).unwrap_or_else(|e| vec![PathBuf::from(e)]) {
            if let Err(why) = regression(&mut harness, target, &path) {
                problems.push(why);
            }
        }
        for path in lone_notes(&dir).unwrap_or_else(|e| vec![PathBuf::from(e)]) {
            if let Err(why) = found_by_diff(&mut harness, &path) {
                problems.push(why);
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// Checks a regression kept as a note alone: found by the differential run, it must say by
/// which (`found_by`), and is as its status says.
fn found_by_diff(harness: &mut Harness, note_path: &Path) -> Result<(), String> {
    let note = read_note(note_path)?;
    if note.found_by.is_none() {
        return Err(format!(
            "{}: has no input beside it, so it must say which differential run found it \
             ('found_by')",
            note_path.display()
        ));
    }
    match (note.fixed, check_note(harness, &note, note_path)?) {
        (true, Err(f)) => Err(format!("{}: fails again:\n{f}", note_path.display())),
        (false, Ok(())) => Err(format!(
            "{}: passes now, so its root cause is fixed: set its status to \"fixed\"",
            note_path.display()
        )),
        _ => Ok(()),
    }
}

/// Checks the case a note holds: `Ok(Err(why))` if the property fails (a panic counts as
/// failing), `Err(why)` if the case does not read.
fn check_note(
    harness: &mut Harness,
    note: &Note,
    note_path: &Path,
) -> Result<Result<(), String>, String> {
    let case = harness
        .read_case(&note.case)
        .map_err(|e| format!("{}: {e}", note_path.display()))?;
    Ok(catch_unwind(AssertUnwindSafe(|| {
        harness.check(&case).map_err(|f| f.to_string())
    }))
    .unwrap_or_else(|_| Err("panicked (see above)".to_string())))
}

fn regression(harness: &mut Harness, target: Target, path: &Path) -> Result<(), String> {
    let note_path = PathBuf::from(format!("{}.json", path.display()));
    if !note_path.exists() {
        let bytes =
            fs::read(path).map_err(|e| format!("{}: does not read: {e}", path.display()))?;
        let case = harness.decode(target, &bytes).to_json();
        let skeleton =
            serde_json::json!({"root_cause": "", "status": "expected-to-fail", "case": case});
        return Err(format!(
            "{}: has no note; write {} naming the root cause, from:\n{skeleton:#}",
            path.display(),
            note_path.display()
        ));
    }
    let note = read_note(&note_path)?;
    match (note.fixed, check_note(harness, &note, &note_path)?) {
        (true, Err(f)) => Err(format!("{}: fails again:\n{f}", path.display())),
        // The bytes may decode to another case by now: they must not panic.
        (true, Ok(())) => replay(harness, target, path).map(|_| ()),
        (false, Ok(())) => Err(format!(
            "{}: passes now, so its root cause is fixed: set its status to \"fixed\" in {}",
            path.display(),
            note_path.display()
        )),
        (false, Err(_)) => Ok(()),
    }
}

/// A corpus file or a note that does not read is a failure naming the file, not a panic.
#[test]
fn bad_files_are_named() {
    let mut harness = harness();
    let dir = std::env::temp_dir().join(format!("trichess-fuzz-replay-{}", std::process::id()));
    let target = Target::EnginesSameMoves;
    fs::create_dir_all(dir.join("a-directory")).expect("a temporary directory");
    let unreadable = dir.join("a-directory");
    let why = replay(&mut harness, target, &unreadable).expect_err("a directory does not read");
    assert!(
        why.contains("a-directory") && why.contains("does not read"),
        "{why}"
    );

    let input = dir.join("input");
    fs::write(&input, [0u8]).expect("written");
    let why = regression(&mut harness, target, &input).expect_err("no note");
    assert!(
        why.contains("input.json") && why.contains("\"case\""),
        "{why}"
    );
    for (note, says) in [
        ("{", "not JSON"),
        ("{\"status\": \"fixed\", \"case\": {}}", "'root_cause'"),
        (
            "{\"root_cause\": \"x\", \"status\": \"maybe\", \"case\": {}}",
            "'status'",
        ),
        (
            "{\"root_cause\": \"x\", \"status\": \"fixed\", \"case\": {}}",
            "no known 'target'",
        ),
    ] {
        fs::write(dir.join("input.json"), note).expect("written");
        let why = regression(&mut harness, target, &input).expect_err(note);
        assert!(
            why.contains("input.json") && why.contains(says),
            "{note}: {why}"
        );
    }
    let lone = dir.join("lone.json");
    fs::write(
        &lone,
        "{\"root_cause\": \"x\", \"status\": \"fixed\", \"case\": {}}",
    )
    .expect("written");
    assert_eq!(lone_notes(&dir), Ok(vec![lone.clone()]));
    let why = found_by_diff(&mut harness, &lone).expect_err("no found_by");
    assert!(
        why.contains("lone.json") && why.contains("'found_by'"),
        "{why}"
    );
    fs::remove_dir_all(&dir).expect("removed");
}

/// The engine targets' cases start from positions deep in the game, not only from the start
/// and the perft tables: among Yalta's roots are armies without their king (taken over by
/// their mater) and seats out of the game, which a walk of a case's few moves from the start
/// never reaches (a takeover needs a mate, dozens of plies in).
#[test]
fn the_engine_targets_start_from_deep_states() {
    let mut harness = harness();
    let roots = harness.roots(trichess_model::Variant::Yalta);
    let mut deep = trichess_diff::DeepStates::default();
    for setup in roots {
        deep.count(setup, None, None);
    }
    println!("Yalta's roots: {deep}");
    assert!(deep.positions >= 500, "{} roots", deep.positions);
    assert!(
        deep.army_without_king >= 10 && deep.player_out >= 10,
        "too few deep roots: {deep}"
    );
}
