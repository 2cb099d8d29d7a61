//! Issue 22, reliability against hostile engines and careless users: an engine started through
//! a wrapper is ended with its children; SIGINT and SIGTERM stop `cross-check` and `diff` with
//! the rows so far; an engine that answers two ways is one `engine-nondeterministic` row;
//! output paths and `-i` readings are checked before any work; exit codes tell findings (1)
//! from usage or input errors (2) and run-time errors (3); and the smaller points.

mod common;

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{assert_none_left, run_bounded, tag_of, trichess_command};
use serde_json::Value;

const TRICHESS: &str = env!("CARGO_BIN_EXE_trichess");

/// A path in the temporary directory, for this test process.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("trichess-22-{name}-{}", std::process::id()))
}

/// An engine's command line: `trichess serve SERVE` through `sh -c`, after starting a child
/// and, in a subshell that exits at once, a grandchild: both sleep on, as a wrapper's
/// children that nobody waits for would.
fn wrapped(serve: &str) -> String {
    format!("sh -c '(sleep 1000 &); sleep 1000 & exec \"{TRICHESS}\" serve {serve}'")
}

/// Runs trichess with `args`, returning its exit code, standard output and standard error.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = run_bounded(trichess_command(args).stdin(Stdio::null()), 300);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// Reads a report's JSON (`Value::Null` if it is missing or does not read).
fn report(path: PathBuf) -> Value {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null)
}

fn rows(report: &Value) -> Vec<Value> {
    report["rows"].as_array().cloned().unwrap_or_default()
}

/// Runs trichess with `args`, sends it `signal` (`INT`, `TERM`) once `ready` says so, and
/// returns its exit code and standard output, after checking that nothing it started is left.
fn interrupted(args: &[&str], signal: &str, ready: impl Fn() -> bool) -> (Option<i32>, String) {
    let mut command = trichess_command(args);
    let tag = tag_of(&command).expect("a tag");
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("trichess runs");
    let mut out = child.stdout.take().expect("stdout");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        out.read_to_string(&mut text).ok();
        text
    });
    let started = Instant::now();
    while !ready() {
        if started.elapsed() > Duration::from_secs(90) {
            child.kill().ok();
            panic!("{args:?} never got ready");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let sent = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let stopping = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if stopping.elapsed() > Duration::from_secs(30) {
            child.kill().ok();
            panic!("{args:?} did not stop on SIG{signal}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_none_left(&tag);
    (status.code(), reader.join().expect("the reader"))
}

#[test]
fn an_engine_through_a_wrapper_is_ended_with_its_children() {
    // The engine hangs on every 40th line: each time it is ended (with the wrapper's children)
    // and started again; at the end nothing is left (run_bounded checks it).
    let engine = wrapped("--engine fast --fault hang --fault-every 40");
    let (code, out, err) = run(&[
        "cross-check",
        "--engine",
        &engine,
        "--variant",
        "osullivan",
        "--positions",
        "200",
        "--timeout-ms",
        "400",
        "--reference",
        "fast",
        "--seed",
        "3",
    ]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("engine-timeout"), "{out}");
}

#[test]
fn sigint_and_sigterm_stop_a_cross_check_with_the_rows_so_far() {
    // A clean engine stopped by SIGINT: no rows, and a report that says so. An engine that
    // lists an illegal move stopped by SIGTERM once it has rows: they are kept.
    for (signal, fault, least) in [("INT", "", 0), ("TERM", "--fault extra-move", 2)] {
        let dir = temp(&format!("cross-check-{signal}"));
        let _ = std::fs::remove_dir_all(&dir);
        let engine = wrapped(&format!("--engine fast {fault}"));
        let json = dir.join("cross-check.json");
        let (code, out) = interrupted(
            &[
                "cross-check",
                "--engine",
                &engine,
                "--variant",
                "osullivan",
                "--seconds",
                "600",
                "--report",
                dir.to_str().expect("UTF-8"),
            ],
            signal,
            || rows(&report(json.clone())).len() >= least && json.exists(),
        );
        assert_eq!(code, Some(130), "SIG{signal}: {out}");
        assert!(out.contains("interrupted after "), "SIG{signal}: {out}");
        assert!(out.contains("fixtures passed"), "the summary: {out}");
        let kept = report(json.clone());
        assert!(
            kept["rows"].is_array(),
            "SIG{signal}: a whole report: {kept}"
        );
        assert!(rows(&kept).len() >= least, "SIG{signal}: {kept}");
        if least == 0 {
            assert!(out.contains("no discrepancies"), "{out}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn sigint_and_sigterm_stop_a_diff_with_a_summary_and_a_report() {
    for signal in ["INT", "TERM"] {
        let dir = temp(&format!("diff-{signal}"));
        let _ = std::fs::remove_dir_all(&dir);
        let json = dir.join("diff.json");
        // The report is written before the run begins; a second later it has compared some.
        let (code, out) = interrupted(
            &[
                "diff",
                "--seconds",
                "600",
                "--report",
                dir.to_str().expect("UTF-8"),
            ],
            signal,
            || {
                std::thread::sleep(Duration::from_millis(1000));
                json.exists()
            },
        );
        assert_eq!(code, Some(130), "SIG{signal}: {out}");
        let positions: u64 = out
            .lines()
            .find_map(|l| l.strip_prefix("interrupted after "))
            .and_then(|l| l.strip_suffix(" positions"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no interrupted line: {out}"));
        assert!(positions > 0, "{out}");
        assert!(out.contains("│ osullivan "), "the summary table: {out}");
        assert!(out.contains("no discrepancies"), "{out}");
        let kept = report(json);
        assert_eq!(kept["rows"], Value::Array(Vec::new()), "{kept}");
        assert!(dir.join("diff.md").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn an_engine_that_answers_two_ways_is_one_nondeterministic_row_and_no_rule_rows() {
    // `--fault flaky --fault-every 7`: every seventh line of a process, a list of legal moves
    // lacks its last move; asked again by a fresh process, the engine lists them all.
    let dir = temp("flaky");
    let engine = format!("'{TRICHESS}' serve --engine fast --fault flaky --fault-every 7");
    let (code, out, err) = run(&[
        "cross-check",
        "--engine",
        &engine,
        "--variant",
        "osullivan",
        "--positions",
        "300",
        "--seed",
        "3",
        "--timeout-ms",
        "4000",
        "--reference",
        "fast",
        "--report",
        dir.to_str().expect("UTF-8"),
    ]);
    let kept = report(dir.join("cross-check.json"));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, Some(1), "{out}{err}");
    let rows = rows(&kept);
    let kinds: Vec<&str> = rows.iter().filter_map(|r| r["kind"].as_str()).collect();
    assert!(
        kinds.iter().all(|k| k.starts_with("engine-")),
        "no rule rows: {kinds:?}"
    );
    let flaky: Vec<&Value> = rows
        .iter()
        .filter(|r| r["kind"] == "engine-nondeterministic")
        .collect();
    assert_eq!(flaky.len(), 1, "one row: {kinds:?}");
    let says = flaky[0]["second_says"].as_str().unwrap_or_default();
    assert!(says.contains("first "), "both answers: {says}");
    assert!(
        says.contains("again (a fresh process)"),
        "both answers: {says}"
    );
}

#[test]
fn output_paths_are_checked_before_any_work() {
    let file = temp("a-file");
    std::fs::write(&file, "x").expect("a file");
    let under_file = file.join("report");
    let dir = temp("a-dir");
    std::fs::create_dir_all(&dir).expect("a directory");
    // A sixty-second run refused at once (run_bounded's 300 s would let it run; the clock
    // says it did not).
    for (report, says) in [
        (file.to_str().expect("UTF-8"), "not a directory"),
        (under_file.to_str().expect("UTF-8"), "cannot write"),
        ("/dev/null", "cannot write /dev/null"),
        ("-", "--report takes a directory"),
    ] {
        let began = Instant::now();
        let (code, _, err) = run(&["diff", "--seconds", "60", "--report", report]);
        assert_eq!(code, Some(2), "{report}: {err}");
        assert!(began.elapsed() < Duration::from_secs(20), "{report}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(says), "{report}: {err}");
    }
    // The engine is not started.
    let mark = temp("started");
    let engine = format!("sh -c 'touch {}'", mark.display());
    let (code, _, err) = run(&["cross-check", "--engine", &engine, "--report", "/dev/null"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(!mark.exists(), "the engine was started");
    // `--svg`: a directory is refused; `-` is standard output.
    let (code, _, err) = run(&["show", "osullivan", "--svg", dir.to_str().expect("UTF-8")]);
    assert_eq!(code, Some(2), "{err}");
    let out = run_bounded(
        trichess_command(&["show", "osullivan", "--svg", "-"]).current_dir(&dir),
        30,
    );
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("<svg"));
    assert!(!dir.join("-").exists(), "a file named -");
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn exit_codes_tell_findings_from_errors() {
    let mutant = "yuri-pawns-other-reading";
    for (args, code) in [
        (
            &[
                "diff",
                "--variant",
                "yalta",
                "--positions",
                "200",
                "--seed",
                "1",
            ][..],
            0,
        ),
        (
            &[
                "diff",
                "--mutant",
                mutant,
                "--positions",
                "50",
                "--seed",
                "3",
            ],
            1,
        ),
        (&["diff", "-i", "nope=1", "--positions", "10"], 2),
        (&["diff", "--positions", "0"], 2),
        (&["fixtures", "--filter", "yuri"], 0),
        (&["fixtures", "--mutant", mutant, "--filter", "yuri"], 1),
        (&["fixtures", "--dir", "/no/such/dir"], 2),
        (&["perft-suite", "--max-nodes", "2000"], 0),
        (
            &["perft-suite", "--mutant", mutant, "--max-nodes", "2000"],
            1,
        ),
        (&["perft-suite", "--max-nodes", "0"], 2),
        (&["cross-check", "--engine", "/no/such/engine"], 3),
        (&["cross-check", "--engine", "sh -c 'exit 0'"], 3),
        (
            &["mutants", "--catch", "--mutant", mutant, "--seconds", "20"],
            0,
        ),
        (&["mutants", "--catch", "--dir", "/no/such/dir"], 2),
    ] {
        let (got, out, err) = run(args);
        assert_eq!(got, Some(code), "{args:?}: {out}{err}");
        if code >= 2 {
            assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        }
    }
    // The help says so, for each of these commands.
    for command in ["diff", "cross-check", "fixtures", "perft-suite", "mutants"] {
        let (_, out, _) = run(&[command, "--help"]);
        assert!(
            out.contains("Exit codes: 0 clean; 1 findings") && out.contains("3 a run-time"),
            "{command}: {out}"
        );
    }
}

#[test]
fn readings_are_checked_against_every_variant_before_the_run() {
    let began = Instant::now();
    let (code, _, err) = run(&["diff", "--seconds", "60", "-i", "stalemate=maybe"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(began.elapsed() < Duration::from_secs(20));
    for says in [
        "osullivan.stalemate has no reading 'maybe'",
        "yalta.stalemate",
    ] {
        assert!(err.contains(says), "{err}");
    }
    let (code, _, err) = run(&[
        "diff",
        "--variant",
        "yalta",
        "-i",
        "osullivan.stalemate=out",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("which the run leaves out"), "{err}");
    // A reading some variants lack is applied to those that have it, saying so.
    let (code, out, err) = run(&[
        "diff",
        "--positions",
        "400",
        "--seed",
        "1",
        "-i",
        "stalemate=out",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("note: -i stalemate=out applies to osullivan, triple-crown alone"),
        "{out}"
    );
    // The engine is not started.
    let mark = temp("started-by-readings");
    let engine = format!("sh -c 'touch {}'", mark.display());
    let (code, _, err) = run(&["cross-check", "--engine", &engine, "-i", "stalemate=maybe"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(!mark.exists(), "the engine was started");
}

#[test]
fn control_characters_in_arguments_are_escaped_not_stripped() {
    let (code, _, err) = run(&["moves", "osul\u{7}livan"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("osul\\u{7}livan"), "{err}");
    assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
}

#[test]
fn the_help_says_what_variants_shows() {
    let (_, out, _) = run(&["--help"]);
    assert!(!out.contains("whether the oracle implements"), "{out}");
    assert!(
        out.contains(
            "variants     List the variants: their ids, names, cells, clauses and open points\n"
        ),
        "{out}"
    );
}

/// Every flag of every command (as its `--help` lists them) is in the command table of
/// `docs/command-line.md`, in a row of that command.
#[test]
fn the_command_line_page_has_every_flag() {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/command-line.md"
    ))
    .expect("docs/command-line.md");
    let (_, help, _) = run(&["--help"]);
    let commands: Vec<String> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect();
    assert!(commands.len() >= 14, "{commands:?}");
    let mut missing = Vec::new();
    for command in &commands {
        let rows: String = page
            .lines()
            .filter(|l| {
                l.starts_with(&format!("| `trichess {command} "))
                    || l.starts_with(&format!("| `trichess {command}`"))
            })
            .collect();
        assert!(!rows.is_empty(), "no command-line.md row for {command}");
        let (_, help, _) = run(&[command, "--help"]);
        // The option lines: `  -i, --interpretation <ID=READING>` or `      --json` (not the
        // lines of possible values, `- oracle: ...`).
        let option = |l: &&str| l.starts_with("--") || l.get(2..4) == Some(", ");
        for line in help.lines().map(str::trim).filter(option) {
            let mut words = line.split([' ', ',']).filter(|w| !w.is_empty());
            let first = words.next().unwrap_or_default();
            let (short, long) = match first.strip_prefix("--") {
                Some(_) => (None, first),
                None => (Some(first), words.next().unwrap_or_default()),
            };
            if ["--help", "--version"].contains(&long) {
                continue;
            }
            let listed =
                rows.contains(long) || short.is_some_and(|s| rows.contains(&format!("{s} ")));
            if !listed {
                missing.push(format!("{command} {long}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in the table of docs/command-line.md: {missing:?}"
    );
}

/// The README's build times add up: the main job takes its compiling and its 60-second run,
/// the test command at least its compiling.
#[test]
fn the_readme_build_times_add_up() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let text = readme.split_whitespace().collect::<Vec<_>>().join(" ");
    // `WHAT A min B s (C min D s ...`: the seconds A:B and C:D.
    let times = |what: &str| -> (u64, u64) {
        let at = text
            .find(what)
            .unwrap_or_else(|| panic!("README: no '{what}'"))
            + what.len();
        let words: Vec<&str> = text[at..].split_whitespace().take(8).collect();
        let number = |w: &str| w.trim_start_matches('(').parse::<u64>().ok();
        match words[..] {
            [a, "min", b, "s", c, "min", d, "s"] => {
                match (number(a), number(b), number(c), number(d)) {
                    (Some(a), Some(b), Some(c), Some(d)) => (a * 60 + b, c * 60 + d),
                    _ => panic!("README: '{what}' {words:?}"),
                }
            }
            _ => panic!("README: '{what}' is not followed by N min M s (N min M s: {words:?}"),
        }
    };
    let (total, compiling) = times("the main job ");
    assert!(
        total >= compiling + 60,
        "the main job: {total} s, {compiling} s compiling"
    );
    let (total, compiling) = times("then the test command ");
    assert!(
        total >= compiling,
        "the test command: {total} s, {compiling} s compiling"
    );
}
