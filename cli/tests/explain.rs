//! `trichess explain`: the oracle's verdict on a move, the result or a position, each step with
//! its clause's id and words; JSON with --json; one-line errors for bad input.

use std::process::{Command, Output};

use serde_json::Value;

fn trichess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_trichess"))
        .args(args)
        .output()
        .expect("trichess runs")
}

/// Runs a command that must succeed, returning its standard output.
fn stdout(args: &[&str]) -> String {
    let out = trichess(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Asserts that the command fails with `code` and one line on stderr containing `message`.
fn fails_with(args: &[&str], code: i32, message: &str) {
    let out = trichess(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    assert!(
        stderr.contains(message),
        "{args:?}: {stderr} lacks {message}"
    );
}

#[test]
fn an_illegal_move_is_explained_by_the_clause_that_refuses_it() {
    let out = stdout(&[
        "explain",
        "osullivan",
        "-p",
        "g1:rQ,h2:rK,a2:bK,d8:wK r",
        "g1-d1",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "g1-d1 is illegal");
    assert!(lines[1].starts_with("1. osullivan.barrier: "), "{out}");
    assert!(lines[1].ends_with("[e1 d1]"), "{out}");
    assert!(lines[2].contains("\"I = Impassable Barrier"), "{out}");
    assert!(!out.contains("what it does"), "{out}");
}

#[test]
fn a_legal_move_is_explained_with_what_it_does_and_the_position_after_it() {
    let at = ["-p", "c7:wP,b5:rP,h1:rK,a1:bK,g8:wK w", "--after", "c7-c5"];
    let mut args = vec!["explain", "osullivan"];
    args.extend(at);
    args.push("b5-c6");
    let out = stdout(&args);
    assert!(
        out.starts_with("b5-c6 is legal\n1. osullivan.en-passant: "),
        "{out}"
    );
    assert!(
        out.contains("osullivan.en-passant-window=next-player"),
        "{out}"
    );
    assert!(out.contains("\nwhat it does:\n"), "{out}");
    let after = out
        .lines()
        .find_map(|l| l.strip_prefix("after: "))
        .expect("an after line");
    let mut show = vec!["show", "osullivan"];
    show.extend(at);
    show[5] = "c7-c5 b5-c6";
    let shown = stdout(&show);
    assert_eq!(shown.lines().last(), Some(after), "{shown}");
}

#[test]
fn json_gives_the_verdict_and_every_step_with_its_quote() {
    let out = stdout(&[
        "explain",
        "yalta",
        "-p",
        "Ad1:rR,Ad3:rP,Ah1:rK,Bh1:gK,Ch1:bK r",
        "Ad1-Ad4",
        "--json",
    ]);
    let value: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(value["verdict"], "illegal");
    assert_eq!(value["question"], "Ad1-Ad4");
    let step = &value["steps"][0];
    assert_eq!(step["id"], "yalta.fide-movement");
    assert_eq!(
        step["quote"],
        "Pieces move using standard FIDE movement within their sector"
    );
    assert_eq!(step["cells"], serde_json::json!(["Ad1", "Ad3", "Ad4"]));
    assert_eq!(value["unexplained"], Value::Null);
}

#[test]
fn the_result_and_the_validity_are_explained_too() {
    let stalemate = "a1:bK,b5:wR,e6:rB,d8:wK,h1:rK b";
    let out = stdout(&["explain", "osullivan", "-p", stalemate, "--result"]);
    assert!(
        out.starts_with("result: drawn (stalemate)\n1. osullivan.stalemate=draw: "),
        "{out}"
    );
    let out = stdout(&[
        "explain",
        "osullivan",
        "-p",
        stalemate,
        "--result",
        "-i",
        "stalemate=out",
    ]);
    assert!(
        out.starts_with("result: Black leaves the game (stalemate) and play passes on\n"),
        "{out}"
    );
    let out = stdout(&[
        "explain",
        "osullivan",
        "-p",
        "d8:wK,e8:wK,a1:bK,h1:rK w",
        "--validity",
    ]);
    assert!(
        out.starts_with("the position is invalid\n1. osullivan.one-king: White has 2 kings"),
        "{out}"
    );
    let out = stdout(&["explain", "osullivan", "--validity"]);
    assert!(
        out.starts_with("the position is valid\n1. osullivan.one-king: passed"),
        "{out}"
    );
}

#[test]
fn a_move_the_rules_never_consider_is_said_to_be_so() {
    let out = stdout(&["explain", "osullivan", "e5-e4"]);
    assert_eq!(
        out,
        "e5-e4 is illegal\nno clause decides it: there is no piece on e5 to move\n"
    );
}

#[test]
fn the_reconstructed_start_is_noted() {
    let out = trichess(&["explain", "triple-crown", "Af3-Af4"]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("reconstruction"), "{stderr}");
}

#[test]
fn bad_explain_command_lines_are_one_line_errors() {
    fails_with(&["explain", "osullivan"], 2, "<MOVE>");
    fails_with(
        &["explain", "osullivan", "e7-e5", "--result"],
        2,
        "cannot be used with",
    );
    fails_with(&["explain", "osullivan", "e7-e9"], 2, "e9");
    fails_with(
        &[
            "explain",
            "osullivan",
            "-p",
            "d8:wK,e8:wK,a1:bK,h1:rK w",
            "d8-d7",
        ],
        2,
        "invalid position",
    );
    fails_with(
        &["explain", "osullivan", "-i", "stalemate=maybe", "--result"],
        2,
        "maybe",
    );
}

/// Sends one line to `trichess serve` with `args`, returning its reply.
fn serve(args: &[&str], line: &str) -> Value {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_trichess"))
        .arg("serve")
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("trichess serve runs");
    let mut input = child.stdin.take().expect("stdin");
    writeln!(input, "{line}").expect("write");
    drop(input);
    let out = child.wait_with_output().expect("a reply");
    serde_json::from_slice(&out.stdout).expect("the reply is JSON")
}

#[test]
fn serve_explains_with_the_oracle_and_only_the_oracle() {
    let line = r#"{"id": 1, "cmd": "explain", "variant": "yuri", "position": "e4:bK,f4:rK,g7:wK b", "move": "e4-f4"}"#;
    let reply = serve(&[], line);
    assert_eq!(reply["ok"]["verdict"], "illegal");
    assert_eq!(reply["ok"]["steps"][0]["id"], "yuri.kings-no-capture");
    let hello = serve(&[], r#"{"id": 2, "cmd": "hello", "protocol": 1}"#);
    assert_eq!(hello["ok"]["explain"], true);
    for engine in [
        ["--engine", "fast"],
        ["--mutant", "yuri-king-captures-king"],
    ] {
        let reply = serve(&engine, line);
        assert_eq!(reply["error"], "unsupported", "{engine:?}: {reply}");
        let hello = serve(&engine, r#"{"id": 2, "cmd": "hello", "protocol": 1}"#);
        assert_eq!(hello["ok"]["explain"], false);
    }
}
