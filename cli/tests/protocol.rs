//! The engine protocol end to end: the examples of PROTOCOL.md against `trichess serve`, and
//! `trichess cross-check` against `trichess serve`, well-behaved and deliberately faulty.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{run_bounded, trichess_command};

use serde_json::Value;

const TRICHESS: &str = env!("CARGO_BIN_EXE_trichess");

fn workspace() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// Returns true if `actual` has everything `expected` has: the same scalars and arrays, and
/// for objects every key of `expected` (and, unless `subset`, no other).
fn matches(actual: &Value, expected: &Value, subset: bool) -> bool {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => {
            (subset || a.len() == e.len())
                && e.iter()
                    .all(|(k, v)| a.get(k).is_some_and(|x| matches(x, v, subset)))
        }
        _ => actual == expected,
    }
}

#[test]
fn the_protocol_examples_are_what_trichess_serve_answers() {
    let text = std::fs::read_to_string(workspace().join("PROTOCOL.md")).expect("PROTOCOL.md");
    let sent: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("> ")).collect();
    let answers: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("< ")).collect();
    assert_eq!(sent.len(), answers.len(), "each > line has its < line");
    assert!(sent.len() >= 14, "the examples are there");
    // A worked example for each variant: its hello, and a position checked, its moves, a
    // move played and a result; Yuri's with a history and a shared square.
    let worked = text
        .split_once("## Worked examples")
        .expect("the worked examples")
        .1;
    let requests: Vec<Value> = worked
        .lines()
        .filter_map(|l| l.strip_prefix("> "))
        .map(|l| serde_json::from_str(l).expect("a request"))
        .collect();
    let hellos = requests.iter().filter(|r| r["cmd"] == "hello").count();
    assert_eq!(hellos, 4, "a hello for each variant");
    for variant in ["osullivan", "yalta", "yuri", "triple-crown"] {
        for cmd in ["check", "moves", "play", "result"] {
            assert!(
                requests
                    .iter()
                    .any(|r| r["variant"] == variant && r["cmd"] == cmd),
                "{variant}: no worked {cmd}"
            );
        }
    }
    assert!(requests.iter().any(|r| {
        r["variant"] == "yuri"
            && r["cmd"] == "play"
            && r["position"]["history"]
                .as_array()
                .is_some_and(|h| !h.is_empty())
    }));
    assert!(
        worked
            .lines()
            .filter_map(|l| l.strip_prefix("< "))
            .any(|l| l.contains("\"shared_square\": \"e4\"")),
        "a Yuri answer with a shared square"
    );
    let mut child = Command::new(TRICHESS)
        .arg("serve")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("trichess serve runs");
    let mut input = child.stdin.take().expect("stdin");
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    for (request, expected) in sent.iter().zip(&answers) {
        writeln!(input, "{request}").expect("write");
        input.flush().expect("flush");
        let mut reply = String::new();
        output.read_line(&mut reply).expect("a reply");
        let got: Value = serde_json::from_str(&reply).expect("the reply is JSON");
        let want: Value = serde_json::from_str(expected).expect("the example reply is JSON");
        let hello = request.contains("\"hello\"");
        assert!(
            matches(&got, &want, hello),
            "PROTOCOL.md: {request}\n  says: {expected}\n  trichess serve: {reply}"
        );
    }
    drop(input);
    assert!(child.wait().expect("wait").success());
}

/// Runs a cross-check of `engine` (a trichess serve command line after the program) on
/// O'Sullivan, and returns its exit status, standard output and report.
fn cross_check(engine: &str, extra: &[&str]) -> (Option<i32>, String, Value) {
    let dir = std::env::temp_dir().join(format!(
        "trichess-cross-check-{}-{}",
        std::process::id(),
        engine.replace(|c: char| !c.is_ascii_alphanumeric(), "-")
    ));
    let command = format!("'{TRICHESS}' {engine}");
    let mut args = vec![
        "cross-check",
        "--engine",
        &command,
        "--variant",
        "osullivan",
        "--seed",
        "3",
        "--report",
        dir.to_str().expect("a UTF-8 path"),
    ];
    args.extend(extra);
    let out = run_bounded(trichess_command(&args).stdin(Stdio::null()), 120);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let report = std::fs::read_to_string(dir.join("cross-check.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    let _ = std::fs::remove_dir_all(&dir);
    (out.status.code(), stdout + &stderr, report)
}

fn rows(report: &Value) -> Vec<Value> {
    report["rows"].as_array().cloned().unwrap_or_default()
}

#[test]
fn cross_check_against_the_fast_engine_served_finds_nothing() {
    for reference in ["fast", "oracle"] {
        let (code, out, report) = cross_check(
            "serve --engine fast",
            &["--positions", "400", "--reference", reference],
        );
        assert_eq!(code, Some(0), "{out}");
        assert!(out.contains("no discrepancies"), "{out}");
        let summary = &report["summary"][0];
        assert_eq!(summary["fixtures_failed"], 0, "{out}");
        assert!(summary["fixtures_passed"].as_u64() > Some(90), "{out}");
        assert!(summary["perft_passed"].as_u64() > Some(10), "{out}");
        assert!(summary["positions"].as_u64() >= Some(400), "{out}");
    }
}

/// Cross-checks `trichess serve --fault FAULT --fault-every EVERY` (and the `more` options)
/// and returns the report, after checking that the run went on to the end: it compared
/// generated positions, passed fixtures, and found rows (exit 1).
fn faulty(fault: &str, every: &str, more: &str) -> Value {
    let engine = format!("serve --engine fast --fault {fault} --fault-every {every} {more}");
    // A hanging engine is given up after 400 ms, to keep the test short. A slow engine's lines
    // take 500 ms: slow, but well within the timeout. The other faults show at once; their
    // timeout is long, so that a reply delayed by a busy machine is not also slow (a tenth of
    // the timeout) and another row.
    let timeout = match fault {
        "hang" => "400",
        "slow" => "1500",
        _ => "4000",
    };
    let args = [
        "--positions",
        "200",
        "--timeout-ms",
        timeout,
        "--reference",
        "fast",
    ];
    let (code, out, report) = cross_check(&engine, &args);
    assert_eq!(code, Some(1), "{fault}: {out}");
    let summary = &report["summary"][0];
    assert!(
        summary["fixtures_passed"].as_u64() > Some(50),
        "{fault}: {out}"
    );
    assert!(summary["positions"].as_u64() > Some(0), "{fault}: {out}");
    assert!(
        report["rows"].as_array().is_some_and(|r| !r.is_empty()),
        "{out}"
    );
    report
}

fn has_kind(report: &Value, kind: &str) -> bool {
    rows(report).iter().any(|r| r["kind"] == kind)
}

#[test]
fn an_engine_that_exits_is_a_row_and_is_restarted() {
    let report = faulty("crash", "25", "");
    let row = rows(&report)
        .into_iter()
        .find(|r| r["kind"] == "engine-exited")
        .expect("an engine-exited row");
    let says = row["second_says"].as_str().unwrap_or_default();
    assert!(says.contains("exit status: 3"), "{says}");
    assert!(says.contains("times"), "restarted and exited again: {says}");
}

#[test]
fn an_engine_that_hangs_is_a_row_and_is_restarted() {
    let report = faulty("hang", "40", "");
    assert!(has_kind(&report, "engine-timeout"), "{report}");
}

#[test]
fn garbage_wrong_ids_and_huge_lines_are_rows() {
    for (fault, kind) in [
        ("garbage", "engine-garbage"),
        ("wrong-id", "engine-wrong-id"),
        ("huge", "engine-too-long"),
    ] {
        let report = faulty(fault, "25", "");
        assert!(has_kind(&report, kind), "{fault}: {report}");
        assert!(
            rows(&report)
                .iter()
                .filter(|r| r["kind"].as_str().is_some_and(|k| k.starts_with("engine-")))
                .all(|r| r["kind"] == kind),
            "{fault}: only {kind} rows: {report}"
        );
    }
}

#[test]
fn a_slow_engine_is_a_row() {
    let report = faulty("slow", "40", "--fault-ms 500");
    assert!(has_kind(&report, "engine-slow"), "{report}");
}

#[test]
fn listed_moves_that_are_illegal_or_malformed_are_rows() {
    let report = faulty("malformed-move", "7", "");
    assert!(has_kind(&report, "malformed-move"), "{report}");
    // On every other line: a fresh process, asked again, lists it too (on its second line);
    // an engine that lists it only now and then answers two ways, which is another row
    // (engine-nondeterministic, see tests/reliability.rs).
    let report = faulty("extra-move", "2", "");
    let same_cell = |m: &str| m.split_once('-').is_some_and(|(a, b)| a == b);
    assert!(
        rows(&report).iter().any(|r| {
            r["move"].as_str().is_some_and(same_cell)
                || r["second_says"]
                    .as_str()
                    .is_some_and(|s| s.split(['[', ']', ' ']).any(same_cell))
        }),
        "the illegal move is named: {report}"
    );
}

#[test]
fn an_engine_that_does_not_start_is_a_one_line_error() {
    for engine in ["/no/such/engine", "true"] {
        let out = run_bounded(
            trichess_command(&["cross-check", "--engine", engine]).stdin(Stdio::null()),
            30,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{engine}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains("the engine does not start"), "{stderr}");
    }
}

#[test]
fn rows_are_written_as_they_are_found() {
    let dir = std::env::temp_dir().join(format!(
        "trichess-cross-check-killed-{}",
        std::process::id()
    ));
    let engine = format!("'{TRICHESS}' serve --engine fast --fault extra-move --fault-every 1");
    let mut command = trichess_command(&[
        "cross-check",
        "--engine",
        &engine,
        "--variant",
        "osullivan",
        "--seconds",
        "600",
        "--report",
        dir.to_str().expect("a UTF-8 path"),
    ]);
    let tag = common::tag_of(&command).expect("a tag");
    let mut child = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("trichess runs");
    let started = Instant::now();
    let rows = loop {
        let report = std::fs::read_to_string(dir.join("cross-check.json")).unwrap_or_default();
        let rows = serde_json::from_str::<Value>(&report)
            .ok()
            .and_then(|r| r["rows"].as_array().map(Vec::len))
            .unwrap_or(0);
        if rows >= 3 || started.elapsed() > Duration::from_secs(60) {
            break rows;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    // SIGTERM: the run stops, with the rows so far, and ends its engine.
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    assert_eq!(child.wait().expect("wait").code(), Some(130));
    common::assert_none_left(&tag);
    // The report the stopped run left reads, with the rows found so far.
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("cross-check.json")).expect("a report"),
    )
    .expect("the report is whole");
    assert!(rows >= 3, "{report}");
    assert!(
        report["rows"].as_array().is_some_and(|r| r.len() >= 3),
        "{report}"
    );
    assert!(
        std::fs::read_to_string(dir.join("cross-check.md")).is_ok_and(|md| md.contains("| 3 |"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}
