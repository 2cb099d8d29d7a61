//! The example engines of `adapters/` and the mutants of the zoo cross-checked: each
//! simplification an example lists, and each mutant, is found and named by the rules of some
//! row, and the checked-in reports
//! (`reports/cross-check-*/`, written by `reports/cross-check.sh`) are what the commands write
//! now. A machine without python3 or node skips that example, saying why.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// Returns why `program` cannot run, if it cannot.
fn missing(program: &str) -> Option<String> {
    match Command::new(program).arg("--version").output() {
        Ok(out) if out.status.success() => None,
        Ok(out) => Some(format!("{program} --version exits with {}", out.status)),
        Err(e) => Some(format!("{program} is not there ({e})")),
    }
}

/// Runs `trichess cross-check ARGS --report DIR` from the workspace root and returns the exit
/// code and the report, after checking that the Markdown report is the checked-in one.
fn cross_check(args: &[&str], checked_in: &str) -> (Option<i32>, Value) {
    cross_check_report(args, checked_in, "cross-check")
}

/// Like [`cross_check`], for the report files `STEM.md` and `STEM.json`.
fn cross_check_report(args: &[&str], checked_in: &str, stem: &str) -> (Option<i32>, Value) {
    let dir = std::env::temp_dir().join(format!("trichess-{checked_in}-{}", std::process::id()));
    let out = common::run_bounded(
        common::trichess_command(args)
            .arg("--report")
            .arg(&dir)
            .current_dir(workspace()),
        600,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_default();
    let (markdown, json) = (read(&format!("{stem}.md")), read(&format!("{stem}.json")));
    let _ = std::fs::remove_dir_all(&dir);
    let kept = std::fs::read_to_string(workspace().join(format!("reports/{checked_in}/{stem}.md")))
        .unwrap_or_default();
    assert!(
        markdown == kept,
        "reports/{checked_in}/{stem}.md is stale; regenerate it with reports/cross-check.sh\n\
         {stderr}\n--- written now:\n{markdown}"
    );
    (
        out.status.code(),
        serde_json::from_str(&json).unwrap_or(Value::Null),
    )
}

/// Checks an example engine: its cross-check finds rows, no fault of the engine, and each of
/// `simplifications` (words of rule ids) in the rules of some row; `verdicts` are lines of the
/// interpretation matching.
fn example(program: &str, script: &str, report: &str, simplifications: &[&str], verdicts: &[&str]) {
    if let Some(why) = missing(program) {
        println!("skipped: the {script} example needs {program}: {why}");
        return;
    }
    let engine = format!("{program} {script}");
    let args = [
        "cross-check",
        "--engine",
        &engine,
        "--variant",
        "osullivan",
        "--positions",
        "400",
        "--seed",
        "2",
    ];
    let (code, report) = cross_check(&args, report);
    assert_eq!(code, Some(1), "{report}");
    let rows = report["rows"].as_array().cloned().unwrap_or_default();
    assert!(
        rows.iter().all(|r| !r["kind"]
            .as_str()
            .unwrap_or_default()
            .starts_with("engine-")),
        "no faults: {report}"
    );
    for word in simplifications {
        assert!(
            rows.iter().any(|r| r["rules"]
                .as_str()
                .is_some_and(|rules| rules.contains(word))),
            "{script}: no row names {word}"
        );
    }
    let said: Vec<&str> = report["matching"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["verdict"].as_str())
        .collect();
    for verdict in verdicts {
        assert!(
            said.iter().any(|s| s.starts_with(verdict)),
            "{script}: no verdict {verdict}: {said:?}"
        );
    }
}

#[test]
fn the_python_example_is_found_out() {
    example(
        "python3",
        "adapters/python/example_osullivan.py",
        "cross-check-python",
        &[
            "osullivan.castling",
            "osullivan.en-passant",
            "osullivan.promotion",
        ],
        &[
            "follows osullivan.stalemate=draw",
            "follows osullivan.knight-barrier=jumps",
            "disagrees with every reading of osullivan.castling-direction",
            "disagrees with every reading of osullivan.en-passant-window",
        ],
    );
}

#[test]
fn the_javascript_example_is_found_out() {
    example(
        "node",
        "adapters/javascript/example_osullivan.js",
        "cross-check-javascript",
        &[
            "osullivan.barrier",
            "osullivan.p4-restriction",
            "osullivan.p4-freed",
            "osullivan.dead-inert",
            "osullivan.en-passant",
        ],
        &[
            "follows osullivan.stalemate=draw",
            "disagrees with every reading of osullivan.en-passant-window",
        ],
    );
}

#[test]
fn the_fast_engine_served_agrees_with_itself_in_process() {
    let engine = format!("{} serve --engine fast", "target/release/trichess");
    let served = workspace().join("target/release/trichess");
    if !served.is_file() {
        println!(
            "skipped: the report's command serves target/release/trichess, which is not built"
        );
        return;
    }
    let args = [
        "cross-check",
        "--engine",
        &engine,
        "--reference",
        "fast",
        "--positions",
        "4000",
        "--seed",
        "2",
    ];
    let (code, report) = cross_check(&args, "cross-check-fast");
    assert_eq!(code, Some(0), "{report}");
    for summary in report["summary"].as_array().into_iter().flatten() {
        assert_eq!(summary["fixtures_failed"], 0, "{summary}");
        assert_eq!(summary["perft_failed"], 0, "{summary}");
    }
}

#[test]
fn every_mutant_served_is_found_and_its_rule_named() {
    let args = [
        "cross-check",
        "--mutants",
        "--reference",
        "fast",
        "--positions",
        "400",
        "--seed",
        "2",
    ];
    let (code, report) = cross_check_report(&args, "cross-check-mutants", "cross-check-mutants");
    assert_eq!(code, Some(0), "{report}");
    let mutants = report["mutants"].as_array().cloned().unwrap_or_default();
    assert!(mutants.len() >= 20, "{report}");
    for m in &mutants {
        assert!(m["rows"].as_u64() > Some(0), "{m}");
        assert_eq!(m["rule_named"], true, "{m}");
    }
}
