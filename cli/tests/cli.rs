//! The `trichess` command line: its outputs, and one-line errors with a non-zero exit for
//! every kind of bad input.

mod common;

use std::process::{Command, Output};

use common::{run_bounded, trichess_command};

fn trichess(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_trichess"))
        .args(args)
        .output()
        .expect("trichess runs")
}

fn stdout(args: &[&str]) -> String {
    let out = trichess(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Asserts that the command fails with one line on stderr that contains `message`.
fn fails_with(args: &[&str], message: &str) {
    let out = trichess(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} should fail");
    assert_eq!(
        stderr.lines().count(),
        1,
        "{args:?}: not one line: {stderr}"
    );
    assert!(stderr.starts_with("trichess: "), "{args:?}: {stderr}");
    assert!(
        stderr.contains(message),
        "{args:?}: {stderr} lacks {message}"
    );
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn variants_lists_all_four() {
    let out = stdout(&["variants", "--json"]);
    let list: serde_json::Value = serde_json::from_str(&out).expect("json");
    let ids: Vec<&str> = list
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|v| v["id"].as_str())
        .collect();
    assert_eq!(ids, ["osullivan", "yalta", "yuri", "triple-crown"]);
    assert!(stdout(&["variants"]).contains("O'Sullivan's Three Player Chess"));
}

#[test]
fn start_prints_both_forms_of_the_same_position() {
    let text = stdout(&["start", "osullivan"]);
    let json = stdout(&["start", "osullivan", "--json"]);
    assert!(
        text.contains("d8:wK") && text.contains(" w castling=b8"),
        "{text}"
    );
    let value: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(value["pieces"]["d8"], "wK");
    assert_eq!(value["castling"], serde_json::json!(["b8"]));
    let moves_from_text = stdout(&["moves", "osullivan", "--position", text.trim()]);
    let moves_from_json = stdout(&["moves", "osullivan", "--position", json.trim()]);
    assert_eq!(moves_from_text, moves_from_json);
}

#[test]
fn moves_are_sorted_one_per_line_or_a_json_array() {
    let out = stdout(&["moves", "osullivan"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 14);
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    let json: Vec<String> =
        serde_json::from_str(&stdout(&["moves", "osullivan", "--json"])).expect("json");
    assert_eq!(json, lines);
}

#[test]
fn moves_after_plays_the_moves_first() {
    let out = stdout(&["moves", "osullivan", "--after", "e7-e6 h3-h4"]);
    assert!(
        out.lines().any(|l| l == "d2-d4"),
        "Black's P4 double step: {out}"
    );
    assert!(
        !out.lines().any(|l| l == "a3-a5"),
        "no double step for P1: {out}"
    );
}

#[test]
fn perft_ends_with_the_count() {
    assert_eq!(stdout(&["perft", "osullivan", "2"]).trim(), "195");
    assert_eq!(stdout(&["perft", "osullivan", "0"]).trim(), "1");
    let divide = stdout(&["perft", "osullivan", "2", "--divide"]);
    let lines: Vec<&str> = divide.lines().collect();
    assert_eq!(lines.last(), Some(&"195"));
    assert_eq!(lines.len(), 15);
    assert!(lines.contains(&"c7-c5: 13"), "{divide}");
}

#[test]
fn bench_times_perft_by_depth() {
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "bench",
        "osullivan",
        "--depth",
        "2",
        "--format",
        "json",
    ]))
    .expect("json");
    let nodes: Vec<u64> = json["perft"]
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|r| r["nodes"].as_u64())
        .collect();
    assert_eq!(nodes, [14, 195]);
    assert!(stdout(&["bench", "yuri", "--depth", "1"]).contains("nodes/s"));
    fails_with(
        &["bench", "yuri", "--depth", "deep"],
        "invalid value 'deep'",
    );
}

#[test]
fn show_draws_the_board() {
    let out = stdout(&["show", "osullivan"]);
    for part in ["White", "XX", " I ", "equator", "wK", "White to move"] {
        assert!(out.contains(part), "{out} lacks {part}");
    }
}

#[test]
fn result_reports_the_outcome() {
    assert_eq!(
        stdout(&["result", "osullivan", "--json"]).trim(),
        r#"{"status":"ongoing"}"#
    );
    let mated = "a1:bK,a6:wR,b5:rR,d8:wK,h1:rK b";
    assert_eq!(
        stdout(&["result", "osullivan", "-p", mated]).trim(),
        "Black leaves the game (checkmate) and play passes on"
    );
}

#[test]
fn interpretations_are_chosen_with_or_without_the_prefix() {
    let position = "g8:wK,a1:bK,h1:rK w";
    let after = |i: &str| {
        stdout(&[
            "show",
            "osullivan",
            "-p",
            position,
            "--after",
            "g8-g7",
            "-i",
            i,
        ])
    };
    assert!(after("turn-order=white-black-red").contains("Black to move"));
    assert!(after("osullivan.turn-order=white-red-black").contains("Red to move"));
}

#[test]
fn rules_prints_the_register_with_coverage() {
    let out = stdout(&["rules", "osullivan"]);
    assert!(out.contains("osullivan.barrier"));
    assert!(out.contains("osullivan.knight-barrier"));
    assert!(
        out.contains("Every clause and reading is covered by fixtures."),
        "{out}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["rules", "osullivan", "--json"])).expect("json");
    assert_eq!(json["gaps"], serde_json::json!([]));
}

#[test]
fn the_suite_is_built_in_and_runs_from_anywhere() {
    // Run from a directory with no workspace above it, as an installed binary is: the suite
    // and the perft tables are built in.
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_trichess"))
            .args(args)
            .current_dir("/")
            .output()
            .expect("trichess runs")
    };
    let out = run(&["fixtures", "--filter", "osullivan/barrier/"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("7 fixtures: 7 passed"));
    let out = run(&[
        "perft-suite",
        "--filter",
        "osullivan/start",
        "--max-nodes",
        "1000",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // --dir chooses another suite: here a directory with one fixture of the suite's, copied.
    let dir = std::env::temp_dir().join(format!("trichess-dir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../suite/fixtures/osullivan/barrier/king-cannot-step-d1-e1.json"
    );
    std::fs::copy(fixture, dir.join("one.json")).expect("the fixture copies");
    let out = run(&["fixtures", "--dir", &dir.to_string_lossy()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("1 fixtures: 1 passed"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = run(&["fixtures", "--dir", "/no/such/dir"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not a directory"));
}

#[test]
fn every_engine_command_takes_the_engine() {
    for engine in ["oracle", "fast"] {
        let out = trichess(&[
            "fixtures",
            "--engine",
            engine,
            "--filter",
            "osullivan/barrier/",
        ]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains(" fixtures: "), "{engine}: {text}");
        let json: serde_json::Value = serde_json::from_str(&stdout(&[
            "fixtures", "--engine", engine, "--filter", "castling", "--format", "json",
        ]))
        .expect("json");
        assert_eq!(json["engine"], engine);
    }
    fails_with(&["moves", "osullivan", "--engine", "slow"], "slow");
}

#[test]
fn fixtures_runs_a_filtered_suite() {
    let out = stdout(&["fixtures", "--filter", "osullivan/barrier/"]);
    assert!(out.contains("osullivan.barrier"), "{out}");
    assert!(out.trim_end().ends_with("0 failed, 0 skipped"), "{out}");
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "fixtures", "--filter", "castling", "--format", "json",
    ]))
    .expect("json");
    assert_eq!(json["summary"]["failed"], 0);
    let markdown = stdout(&["fixtures", "--filter", "castling", "--format", "markdown"]);
    assert!(markdown.starts_with("<!-- generated by"));
}

#[test]
fn the_fixture_reports_are_current() {
    for engine in ["oracle", "fast"] {
        let path = format!(
            "{}/../reports/fixtures-{engine}.md",
            env!("CARGO_MANIFEST_DIR")
        );
        let report = std::fs::read_to_string(&path).expect("the report reads");
        let fresh = stdout(&["fixtures", "--engine", engine, "--format", "markdown"]);
        assert!(
            report == fresh,
            "reports/fixtures-{engine}.md is stale; regenerate it with: cargo run --release -p \
             trichess -- fixtures --engine {engine} --format markdown > reports/fixtures-{engine}.md"
        );
    }
}

#[test]
fn a_closed_pipe_is_not_a_failure() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_trichess"))
        .args(["perft", "osullivan", "3", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("trichess runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("trichess ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn bad_input_is_a_one_line_error() {
    fails_with(&["moves", "chess"], "invalid value 'chess'");
    fails_with(
        &["moves", "osullivan", "-p", "a7:wK w"],
        "'a7' is an unusable square",
    );
    fails_with(
        &["moves", "osullivan", "-p", "{\"to_move\": \"w\""],
        "not valid JSON",
    );
    fails_with(
        &["moves", "osullivan", "-p", "a1:bK,a2:bK,d8:wK,h1:rK w"],
        "Black has 2 kings",
    );
    fails_with(
        &["moves", "osullivan", "--after", "e7-e5 d1-e1"],
        "--after move 2",
    );
    fails_with(
        &["moves", "osullivan", "--after", "e7e5"],
        "'e7e5' is not a move",
    );
    fails_with(
        &["moves", "osullivan", "-i", "turn-order=sideways"],
        "has no reading 'sideways'",
    );
    fails_with(
        &["moves", "osullivan", "-i", "colour=blue"],
        "unknown interpretation 'osullivan.colour'",
    );
    fails_with(
        &["moves", "osullivan", "-i", "noequals"],
        "is not ID=READING",
    );
    fails_with(
        &["moves", "osullivan", "-p", "@/nonexistent/position.txt"],
        "cannot read /nonexistent/position.txt",
    );
    fails_with(&["perft", "osullivan", "two"], "invalid value 'two'");
    fails_with(
        &["perft", "osullivan", "0", "--divide"],
        "--divide needs a depth of at least 1",
    );
    fails_with(
        &["fixtures", "--filter", "no-such-fixture"],
        "no fixture name contains 'no-such-fixture'",
    );
    fails_with(
        &["fixtures", "--dir", "/nonexistent"],
        "fixture directory /nonexistent is not a directory",
    );
    fails_with(&["frobnicate"], "unrecognized subcommand 'frobnicate'");
    fails_with(
        &["show", "osullivan", "--svg", "/nonexistent/picture.svg"],
        "cannot write /nonexistent/picture.svg",
    );
}

#[test]
fn yuri_is_drawn_rotated_like_its_source() {
    let out = stdout(&["show", "yuri"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0].trim(), "White");
    assert_eq!(lines[1].trim(), "wB", "g7, White's corner, at the top");
    assert!(
        lines[7].contains("rB  g  Red"),
        "g1, Red's corner, on the right"
    );
    assert_eq!(
        lines[13].trim(),
        "1 bB  a",
        "a1, Black's corner, at the bottom"
    );
    assert_eq!(lines[14].trim(), "Black");
    assert!(out.contains("White to move"), "{out}");
}

#[test]
fn yuri_results_say_who_has_won_and_why() {
    let kings = "d4:wK,e4:bK,g1:rK w";
    assert_eq!(
        stdout(&["result", "yuri", "-p", kings, "--after", "d4-e4", "--json"]).trim(),
        r#"{"reason":"kings-meet","status":"won","winner":"b"}"#
    );
    assert_eq!(
        stdout(&["result", "yuri", "-p", kings, "--after", "d4-e4"]).trim(),
        "Black wins (kings-meet)"
    );
    let mated = "a1:bK,c2:wN,c3:wN,b7:wR,g7:wK,g1:rK b";
    assert_eq!(
        stdout(&["result", "yuri", "-p", mated]).trim(),
        "Red wins (checkmate)"
    );
    assert_eq!(stdout(&["perft", "yuri", "2"]).trim(), "101");
}

#[test]
fn bad_yuri_input_is_a_one_line_error() {
    fails_with(
        &["moves", "yuri", "-p", "h1:wK,a1:bK,g1:rK w"],
        "'h1' is off the board",
    );
    fails_with(
        &["moves", "yuri", "-p", "g4:bP,a1:bK,g1:rK,a7:wK b"],
        "Black pawn on g4: its capture square is off the board",
    );
    fails_with(
        &["moves", "yuri", "-p", "a1:bK,g1:rK,a7:wK b history=zz"],
        "history entry 1 'zz' is not a board state",
    );
    fails_with(
        &[
            "moves",
            "yuri",
            "-p",
            "a1:bK,g1:rK,e4:rK,a7:wK b shared_square=e4",
        ],
        "shared square e4",
    );
    fails_with(
        &["moves", "yuri", "-p", "a1:bK,g1:rK,a7:wK b castling=a1"],
        "there is no castling",
    );
    fails_with(
        &["moves", "yuri", "-p", "a1:bK,g1:rK,a7:wK b p4=b:d4"],
        "field 'p4' does not apply to yuri",
    );
    fails_with(
        &["moves", "yuri", "-i", "pawns=sideways"],
        "has no reading 'sideways'",
    );
    fails_with(
        &["moves", "yuri", "--after", "e7-e6"],
        "--after move 1: e7-e6 is not a legal move here",
    );
}

#[test]
fn triple_crown_start_is_marked_as_a_reconstruction() {
    let out = trichess(&["start", "triple-crown"]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stdout.contains("Af1:aE")
            && stdout
                .trim_end()
                .ends_with(" a castling=Aa1,Ab1,Ai1,Aj1,Ba1,Bb1,Bi1,Bj1,Ca1,Cb1,Ci1,Cj1"),
        "{stdout}"
    );
    assert!(stderr.contains("is a reconstruction"), "{stderr}");
    let moves = trichess(&["moves", "triple-crown"]);
    assert_eq!(String::from_utf8_lossy(&moves.stdout).lines().count(), 44);
    assert!(String::from_utf8_lossy(&moves.stderr).contains("reconstruction"));
    let elsewhere = trichess(&["moves", "triple-crown", "-p", "Aa1:aE,Bj1:bE,Cj1:cE a"]);
    assert!(elsewhere.status.success() && elsewhere.stderr.is_empty());
}

#[test]
fn triple_crown_show_draws_text_and_svg() {
    let out = stdout(&[
        "show",
        "triple-crown",
        "-p",
        "Ae5:aM,Aj1:aE,Bj1:bE,Cj1:cE a",
    ]);
    for part in [
        "centre ring: Ae5 Af5 Be5 Bf5 Ce5 Cf5",
        "aM",
        "Seat A to move",
    ] {
        assert!(out.contains(part), "{out} lacks {part}");
    }
    let path = std::env::temp_dir().join(format!("trichess-tc-{}.svg", std::process::id()));
    let path_text = path.to_string_lossy().to_string();
    let written = trichess(&["show", "triple-crown", "--svg", &path_text]);
    assert!(written.status.success());
    let svg = std::fs::read_to_string(&path).expect("svg written");
    let _ = std::fs::remove_file(&path);
    assert!(svg.starts_with("<svg") && svg.matches("<polygon").count() == 150);
}

#[test]
fn triple_crown_bad_input_is_a_one_line_error() {
    fails_with(
        &["moves", "triple-crown", "-p", "Ak1:aE,Bj1:bE,Cj1:cE a"],
        "'Ak1' is off the board",
    );
    fails_with(
        &["moves", "triple-crown", "-p", "Aa1:aK,Bj1:bE,Cj1:cE a"],
        "'aK' is not a piece of triple-crown",
    );
    fails_with(
        &[
            "moves",
            "triple-crown",
            "-p",
            "Aa1:aE,Ab1:aE,Bj1:bE,Cj1:cE a",
        ],
        "Seat A has 2 Emperors",
    );
    fails_with(
        &[
            "moves",
            "triple-crown",
            "-p",
            "Aa1:aE,Bj1:bE,Cj1:cE a p4=b:Bd4",
        ],
        "field 'p4' does not apply to triple-crown",
    );
    fails_with(
        &[
            "moves",
            "triple-crown",
            "-p",
            "Af5:aP,Aa1:aE,Bj1:bE,Cj1:cE b en_passant=Af4 en_passant_earlier=Af4",
            "-i",
            "en-passant-window=next-player",
        ],
        "en_passant_earlier only applies",
    );
    fails_with(
        &["moves", "triple-crown", "--after", "Af1-Ah1/Aj1"],
        "--after move 1",
    );
    fails_with(
        &["moves", "triple-crown", "-i", "knight=camel"],
        "has no reading 'camel'",
    );
    fails_with(
        &["perft", "triple-crown", "1", "-p", "Aa1:aE,Bb3:bP a"],
        "Seat B has pieces but no Emperor",
    );
}

#[test]
fn yalta_start_perft_and_keyed_form() {
    let text = stdout(&["start", "yalta"]);
    assert!(
        text.contains("Ad1:rQ,Ae1:rK")
            && text
                .trim_end()
                .ends_with(" r castling=Aa1,Ah1,Ba1,Bh1,Ca1,Ch1"),
        "{text}"
    );
    assert_eq!(stdout(&["moves", "yalta"]).lines().count(), 20);
    assert_eq!(stdout(&["perft", "yalta", "2"]).trim(), "400");
    // The keyed form is the pieces part of the text form, and reads back with Red to move.
    let keyed = stdout(&["start", "yalta", "--keyed"]);
    let keyed = keyed.trim();
    assert!(text.starts_with(&format!("{keyed} r ")), "{keyed}");
    assert_eq!(stdout(&["moves", "yalta", "-p", keyed]).lines().count(), 20);
    let shown = stdout(&["show", "yalta", "--keyed"]);
    assert_eq!(shown.lines().last(), Some(keyed));
}

#[test]
fn yalta_show_draws_the_hexagonal_board() {
    let out = stdout(&["show", "yalta", "--after", "Ae2-Ae4"]);
    for part in [
        "A (Red), rank 4 touches the centre; files a-d run on into C's h-e, e-h into B's d-a",
        " 4   .  .  .  . rP  .  .  .",
        "centre ring: Ad4 Ae4 Bd4 Be4 Cd4 Ce4",
        "Green to move",
        "Ae4:rP",
    ] {
        assert!(out.contains(part), "{out} lacks {part}");
    }
    let path = std::env::temp_dir().join(format!("trichess-yalta-{}.svg", std::process::id()));
    let path_text = path.to_string_lossy().into_owned();
    stdout(&["show", "yalta", "--svg", &path_text]);
    let picture = std::fs::read_to_string(&path).expect("svg written");
    let _ = std::fs::remove_file(&path);
    assert_eq!(picture.matches("<polygon").count(), 96);
    for colour in ["fill=\"red\"", "fill=\"green\"", "fill=\"blue\""] {
        assert_eq!(picture.matches(colour).count(), 16, "{colour}");
    }
}

#[test]
fn yalta_results_and_takeover_state() {
    let mated = "Ah1:rK,Ag2:rP,Ah2:rP,Ac1:gR,Aa3:bB,Be1:gK,Ce1:bK r";
    assert_eq!(
        stdout(&["result", "yalta", "-p", mated]).trim(),
        "Red leaves the game (checkmate) and play passes on"
    );
    assert_eq!(
        stdout(&[
            "result",
            "yalta",
            "-p",
            mated,
            "-i",
            "mate-final=after-left-player"
        ])
        .trim(),
        "Red cannot move and passes (checkmate); play goes on"
    );
    let after = stdout(&[
        "show",
        "yalta",
        "-p",
        "Ah1:rK,Ag2:rP,Ah2:rP,Ac3:gR,Be1:gK,Ce1:bK g",
        "--after",
        "Ac3-Ac1 Ce1-Cd1",
    ]);
    assert!(after.trim_end().ends_with(" g control=r:g"), "{after}");
}

#[test]
fn yalta_bad_input_is_a_one_line_error() {
    fails_with(
        &["moves", "yalta", "-p", "Ae1:rK,Ae1:gK r"],
        "two pieces on Ae1",
    );
    fails_with(
        &["moves", "yalta", "-p", "Aa5:rK,Be1:gK,Ce1:bK r"],
        "'Aa5' is off the board (files a-h, ranks 1-4)",
    );
    fails_with(
        &["moves", "yalta", "-p", "Ag2:rP,Be1:gK,Ce1:bK g"],
        "Red's army has no king and nobody controls it",
    );
    fails_with(
        &[
            "moves",
            "yalta",
            "-p",
            "Ah1:rK,Ag2:rP,Ac1:gR,Ag3:bN,Be1:gK,Ce1:bK r",
        ],
        "Red is in check from two opponents: say whose check came first",
    );
    fails_with(
        &[
            "moves",
            "yalta",
            "-p",
            "Ae1:rK,Be1:gK,Ce1:bK r control=r:g,r:b",
        ],
        "field 'control' names seat 'r' twice",
    );
    fails_with(
        &["moves", "yalta", "--after", "Ae2-Ae5"],
        "'Ae5' is off the board",
    );
    fails_with(
        &["moves", "yalta", "--after", "Ae1-Ag1/Ah1"],
        "Ae1-Ag1/Ah1 is not a legal move here (not among the legal moves of Red)",
    );
    fails_with(
        &["moves", "yalta", "-i", "knight-centre=leaping"],
        "interpretation 'yalta.knight-centre' has no reading 'leaping'",
    );
    fails_with(
        &["start", "yalta", "--keyed", "--json"],
        "cannot be used with",
    );
    fails_with(
        &[
            "show",
            "yalta",
            "--keyed",
            "--svg",
            "/tmp/never-written.svg",
        ],
        "cannot be used with",
    );
}

#[test]
fn perft_suite_checks_the_tables_and_fails_on_a_wrong_count() {
    let out = stdout(&[
        "perft-suite",
        "--engine",
        "fast",
        "--filter",
        "osullivan/start-white",
        "--max-nodes",
        "100000",
    ]);
    assert!(
        out.contains("│ osullivan │ start-white-black-red │ 4     │ 45923 "),
        "{out}"
    );
    assert!(
        out.trim_end()
            .ends_with("7 perft rows: 4 passed, 0 failed, 3 skipped"),
        "{out}"
    );
    // Rows the oracle did not compute are left out unless asked for.
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "perft-suite",
        "--filter",
        "yuri/start",
        "--max-nodes",
        "10000",
        "--format",
        "json",
    ]))
    .expect("json");
    assert_eq!(json["engine"], "oracle");
    assert_eq!(json["summary"]["failed"], 0);
    let skipped = json["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["verdict"] == "skip");
    assert!(skipped.into_iter().all(|r| {
        let why = r["detail"].as_str().unwrap_or("");
        why.contains("--every-row") || why.contains("--max-nodes 10000")
    }));

    let dir = std::env::temp_dir().join(format!("trichess-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // O'Sullivan's start has 14 moves (README); 15 must fail.
    std::fs::write(
        dir.join("osullivan.perft"),
        "# Source: test\nvariant osullivan\nid start\nposition start\nperft 1 15 oracle,fast x\n",
    )
    .expect("write");
    let d = dir.to_str().expect("utf-8 path");
    let out = trichess(&["perft-suite", "--dir", d]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("FAIL: expected 15, counted 14"));
    std::fs::write(
        dir.join("osullivan.perft"),
        "variant osullivan\nid start\nperft x\n",
    )
    .expect("write");
    fails_with(
        &["perft-suite", "--dir", d],
        "osullivan.perft: line 3: expected: perft DEPTH",
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn perft_on_threads_counts_the_same_and_divides_the_same() {
    // O'Sullivan depth 3 from the start is 2,717 (fixtures/perft/osullivan.perft).
    for engine in ["oracle", "fast"] {
        let one = stdout(&["perft", "osullivan", "3", "--divide", "--engine", engine]);
        let two = stdout(&[
            "perft",
            "osullivan",
            "3",
            "--divide",
            "--threads",
            "2",
            "--engine",
            engine,
        ]);
        assert_eq!(one, two, "{engine}");
        assert_eq!(one.lines().last(), Some("2717"), "{engine}");
        assert_eq!(one.lines().count(), 15, "14 root moves and the total");
    }
    assert_eq!(
        stdout(&["perft", "yalta", "3", "--threads", "3", "--engine", "fast"]).trim(),
        "8000"
    );
    fails_with(&["perft", "osullivan", "3", "--threads", "0"], "--threads");
}

#[test]
fn show_draws_the_same_picture_whichever_engine_plays_the_moves() {
    for variant in ["osullivan", "yalta", "yuri", "triple-crown"] {
        let moves = stdout(&["moves", variant]);
        let first = moves.lines().next().expect("a legal move");
        let oracle = stdout(&["show", variant, "--after", first]);
        let fast = stdout(&["show", variant, "--after", first, "--engine", "fast"]);
        assert_eq!(oracle, fast, "{variant} after {first}");
    }
}

#[test]
fn diff_on_the_real_engines_is_clean_per_variant() {
    // A fixed seed and a number of positions make the run repeatable; the engines agree on
    // every variant (DECISIONS.md settled the last disagreements).
    for variant in ["osullivan", "yalta", "yuri", "triple-crown"] {
        let out = trichess(&[
            "diff",
            "--variant",
            variant,
            "--positions",
            "3000",
            "--seed",
            "5",
        ]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.starts_with("trichess diff: seed 5 (replay with --seed 5)"),
            "{text}"
        );
        assert!(out.status.success(), "{variant}: {text}");
        assert!(text.contains("no discrepancies"), "{text}");
    }
}

#[test]
fn diff_reports_are_written_as_markdown_and_json() {
    let dir = std::env::temp_dir().join(format!("trichess-diff-{}", std::process::id()));
    let out = trichess(&[
        "diff",
        "--variant",
        "yuri",
        "--positions",
        "300",
        "--seed",
        "2",
        "--report",
        dir.to_str().unwrap(),
    ]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("diff.json")).unwrap()).unwrap();
    assert_eq!(json["seed"], 2);
    assert!(
        std::fs::read_to_string(dir.join("diff.md"))
            .unwrap()
            .starts_with(
                "<!-- generated by `trichess diff --variant yuri --positions 300 --seed 2`"
            )
    );
    assert_eq!(
        json["generated_by"],
        "trichess diff --variant yuri --positions 300 --seed 2"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The command that regenerates the checked-in example of the differential run's report (run
/// from the workspace root), without its `--report reports/diff`.
const DIFF_EXAMPLE: [&str; 7] = [
    "diff",
    "--variant",
    "all",
    "--positions",
    "100000",
    "--seed",
    "5",
];

#[test]
fn the_diff_report_example_is_current() {
    let dir = std::env::temp_dir().join(format!("trichess-diff-example-{}", std::process::id()));
    let mut args = DIFF_EXAMPLE.to_vec();
    args.extend(["--report", dir.to_str().unwrap()]);
    let out = trichess(&args);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let example = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../reports/diff");
    let files = |d: &std::path::Path| {
        let mut names: Vec<String> = std::fs::read_dir(d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let stale = "reports/diff is stale; regenerate it with: cargo run --release -p trichess -- \
                 diff --variant all --positions 100000 --seed 5 --report reports/diff";
    assert_eq!(files(&example), files(&dir), "{stale}");
    for name in files(&dir) {
        let fresh = std::fs::read_to_string(dir.join(&name)).unwrap();
        let checked_in = std::fs::read_to_string(example.join(&name)).unwrap();
        assert!(fresh == checked_in, "{name}: {stale}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_threaded_diff_run_replays_and_names_its_command() {
    let run = |n: usize| {
        let dir =
            std::env::temp_dir().join(format!("trichess-diff-threads-{}-{n}", std::process::id()));
        let out = trichess(&[
            "diff",
            "--variant",
            "yalta",
            "--positions",
            "4000",
            "--seed",
            "3",
            "--threads",
            "2",
            "--report",
            dir.to_str().unwrap(),
        ]);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            text.starts_with("trichess diff: seed 3 (replay with --seed 3)"),
            "{text}"
        );
        assert!(
            text.lines().next().unwrap().ends_with("2 threads"),
            "{text}"
        );
        let md = std::fs::read_to_string(dir.join("diff.md")).unwrap();
        let json = std::fs::read_to_string(dir.join("diff.json")).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        (md, json)
    };
    let (md, json) = run(1);
    assert!(
        md.starts_with(
            "<!-- generated by `trichess diff --variant yalta --positions 4000 --seed 3 --threads 2`"
        ),
        "{md}"
    );
    assert_eq!((md, json), run(2));
}

#[test]
fn bad_diff_command_lines_are_one_line_errors() {
    for (args, message) in [
        (
            &["diff", "--variant", "chess"][..],
            "unknown variant 'chess'",
        ),
        (&["diff", "--engines", "oracle"][..], "is not two engines"),
        (
            &["diff", "--engines", "oracle,stockfish"][..],
            "unknown engine 'stockfish'",
        ),
        (
            &["diff", "--seconds", "1", "--positions", "5"][..],
            "cannot be used with",
        ),
    ] {
        let out = trichess(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(message), "{err}");
    }
}

// Issue 13: the command line as a user meets it. Every case runs the binary with a time
// bound and checks the exit code and the first line of standard error.

/// Asserts exit code `code` within 30 s and a first stderr line that starts with `trichess: `,
/// contains `message`, and has no control characters; returns that line.
fn refuses(args: &[&str], stdin: std::process::Stdio, code: i32, message: &str) -> String {
    let out = run_bounded(trichess_command(args).stdin(stdin), 30);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let first = stderr.lines().next().unwrap_or("").to_string();
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    assert!(first.starts_with("trichess: "), "{args:?}: {first}");
    assert!(first.contains(message), "{args:?}: {first} lacks {message}");
    assert!(!first.chars().any(char::is_control), "{args:?}: {first:?}");
    assert!(first.len() < 1000, "{args:?}: {} bytes", first.len());
    first
}

fn none() -> std::process::Stdio {
    std::process::Stdio::null()
}

#[test]
fn issue13_depths_are_bounded() {
    for engine in ["oracle", "fast"] {
        for variant in ["osullivan", "yuri", "yalta", "triple-crown"] {
            refuses(
                &["perft", variant, "99999", "--engine", engine],
                none(),
                2,
                "99999 is not in 0..=12",
            );
            refuses(
                &["bench", variant, "--depth", "99999", "--engine", engine],
                none(),
                2,
                "not in 1..=12",
            );
        }
        refuses(
            &["bench", "osullivan", "--depth", "0", "--engine", engine],
            none(),
            2,
            "0 is not in 1..=12",
        );
    }
    let dir = std::env::temp_dir().join(format!("trichess-deep-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("osullivan")).unwrap();
    std::fs::write(
        dir.join("osullivan/deep.json"),
        r#"{"variant": "osullivan", "rules": ["osullivan.barrier"], "quote": "q",
            "polarity": "positive", "derivation": "d", "position": "start",
            "expect": {"perft": {"depth": 99999, "nodes": 1}}}"#,
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    refuses(
        &["fixtures", "--dir", d],
        none(),
        2,
        "'expect': perft depth 99999 is beyond the limit of 12",
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn issue13_divide_prints_rows_sorted_and_threads_agree() {
    let one = stdout(&["perft", "yalta", "2", "--divide"]);
    let four = stdout(&["perft", "yalta", "2", "--divide", "--threads", "4"]);
    assert_eq!(one, four);
    let rows: Vec<&str> = one.lines().collect();
    let moves: Vec<&str> = rows[..rows.len() - 1]
        .iter()
        .map(|r| r.split(':').next().unwrap())
        .collect();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert_eq!(rows.last(), Some(&"400"));
}

#[test]
fn issue13_input_is_bounded_and_escaped() {
    let zero = || std::process::Stdio::from(std::fs::File::open("/dev/zero").unwrap());
    refuses(
        &["moves", "osullivan", "-p", "@/dev/zero"],
        none(),
        2,
        "/dev/zero is larger than 4 MiB",
    );
    refuses(
        &["moves", "osullivan", "-p", "-"],
        zero(),
        2,
        "standard input is larger than 4 MiB",
    );
    let big = std::env::temp_dir().join(format!("trichess-big-{}", std::process::id()));
    std::fs::write(&big, vec!["a1:xK"; 170_000].join(",") + " w").unwrap();
    let arg = format!("@{}", big.display());
    let line = refuses(
        &["moves", "osullivan", "-p", &arg],
        none(),
        2,
        "bad position",
    );
    assert!(line.contains("... and"), "{line}");
    std::fs::remove_file(&big).ok();
    if std::path::Path::new("/etc/passwd").is_file() {
        refuses(&["moves", "osullivan", "-p", "@/etc/passwd"], none(), 2, "");
    }
    let line = refuses(
        &["moves", "osullivan", "-p", "a1:bK\u{1b}[31m\u{1},d8:wK w"],
        none(),
        2,
        "\\u{1b}",
    );
    assert!(!line.contains('\u{1b}'));
}

#[test]
fn issue13_clap_diagnostics_are_kept() {
    refuses(&["perft", "osullivan"], none(), 2, "<DEPTH>");
    refuses(
        &["variants", "--jsn"],
        none(),
        2,
        "a similar argument exists: '--json'",
    );
    refuses(
        &["mvoes"],
        none(),
        2,
        "a similar subcommand exists: 'moves'",
    );
    refuses(&[], none(), 2, "Usage: trichess <COMMAND>");
    assert!(stdout(&["help", "--help"]).contains("Usage: trichess help"));
    let help = stdout(&["perft", "--help"]);
    assert!(
        help.contains("osullivan, yalta, yuri or triple-crown"),
        "{help}"
    );
    assert!(help.contains("The length of the move paths"), "{help}");
    assert!(stdout(&["variants", "--help"]).contains("open points"));
    for command in ["variants", "start", "moves", "result", "rules"] {
        let help = stdout(&[command, "--help"]);
        let lines: Vec<&str> = help.lines().collect();
        let at = lines.iter().position(|l| l.contains("--json")).unwrap();
        let described = lines[at].trim() != "--json" || !lines[at + 1].trim().is_empty();
        assert!(described, "{command}: --json has no description");
    }
}

#[test]
fn issue13_the_fixture_runner_never_passes_silently() {
    let root = std::env::temp_dir().join(format!("trichess-fx-{}", std::process::id()));
    let fixture = |name: &str, body: &str| {
        let dir = root.join(name);
        std::fs::create_dir_all(dir.join("osullivan")).unwrap();
        std::fs::write(dir.join("osullivan/one.json"), body).unwrap();
        dir.to_str().unwrap().to_string()
    };
    let with = |extra: &str, rules: &str| {
        format!(
            r#"{{"variant": "osullivan", {extra} "rules": [{rules}], "quote": "q",
                "polarity": "positive", "derivation": "d", "position": "start",
                "expect": {{"perft": {{"depth": 1, "nodes": 14}}}}}}"#
        )
    };
    let d = fixture(
        "interp",
        &with(
            r#""interpretations": {"osullivan.nope": "x"},"#,
            r#""osullivan.barrier""#,
        ),
    );
    refuses(
        &["fixtures", "--dir", &d],
        none(),
        2,
        "unknown interpretation id 'osullivan.nope'",
    );
    let d = fixture("rule", &with("", r#""osullivan.no-such-rule""#));
    refuses(
        &["fixtures", "--dir", &d],
        none(),
        2,
        "unknown rule id 'osullivan.no-such-rule'",
    );
    let d = fixture(
        "expect",
        &with("", r#""osullivan.barrier""#).replace("\"perft\"", "\"pert\""),
    );
    refuses(&["fixtures", "--dir", &d], none(), 2, "'expect': ");
    let empty = root.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    refuses(
        &["fixtures", "--dir", empty.to_str().unwrap()],
        none(),
        2,
        "no fixtures (*.json files) in",
    );
    #[cfg(unix)]
    {
        let d = fixture("loop", &with("", r#""osullivan.barrier""#));
        std::os::unix::fs::symlink("..", root.join("loop/osullivan/up")).unwrap();
        refuses(
            &["fixtures", "--dir", &d],
            none(),
            2,
            "a symbolic link (not followed)",
        );
    }
    let file = root.join("interp/osullivan/one.json");
    refuses(
        &["fixtures", "--dir", file.to_str().unwrap()],
        none(),
        2,
        "is not a directory",
    );
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn issue13_small_reading_fixes() {
    let out = stdout(&["moves", "osullivan", "-p", "d8:wK,a1:bK,h1:rK w"]);
    assert!(out.contains("d8-c8"));
    refuses(
        &["moves", "osullivan", "-p", "- w"],
        none(),
        2,
        "has no king",
    );
    let bom = std::env::temp_dir().join(format!("trichess-bom-{}.json", std::process::id()));
    std::fs::write(
        &bom,
        "\u{feff}{\"to_move\": \"w\", \"pieces\": {\"d8\": \"wK\", \"a1\": \"bK\", \"h1\": \"rK\"}}",
    )
    .unwrap();
    let arg = format!("@{}", bom.display());
    assert_eq!(stdout(&["moves", "osullivan", "-p", &arg]), out);
    std::fs::remove_file(&bom).ok();
}

#[test]
fn issue13_rules_tables_fit_the_terminal() {
    for columns in ["80", "120"] {
        for variant in ["osullivan", "yalta", "yuri", "triple-crown"] {
            let out = Command::new(env!("CARGO_BIN_EXE_trichess"))
                .args(["rules", variant])
                .env("COLUMNS", columns)
                .output()
                .expect("trichess runs");
            assert!(out.status.success());
            let text = String::from_utf8(out.stdout).expect("utf-8");
            let width: usize = columns.parse().unwrap();
            for line in text.lines().filter(|l| l.starts_with(['│', '┌', '├', '└'])) {
                assert!(
                    line.chars().count() <= width,
                    "{variant} at {columns}: {line}"
                );
            }
            // Numbers are right-aligned: a "passing" cell ends at its column's edge.
            let row = text
                .lines()
                .find(|l| l.contains(".") && l.starts_with('│'))
                .expect("a clause row");
            let cells: Vec<&str> = row.split('│').collect();
            assert!(
                cells[4].starts_with("  "),
                "{variant}: passing not right-aligned: {row}"
            );
        }
    }
}

#[test]
fn issue13_more_reading_fixes() {
    let spaced = stdout(&["moves", "osullivan", "-p", "d8:wK, a1:bK,  h1:rK w"]);
    assert_eq!(
        spaced,
        stdout(&["moves", "osullivan", "-p", "d8:wK,a1:bK,h1:rK w"])
    );
    refuses(
        &["moves", "osullivan", "-p", "d8:wK,a01:bK,h1:rK w"],
        none(),
        2,
        "'a01' is not a cell name",
    );
    for engine in ["oracle", "fast"] {
        refuses(
            &[
                "moves",
                "yuri",
                "-p",
                "d4:wK,e4:bK,g1:rK w",
                "--after",
                "d4-e4 g1-g2",
                "--engine",
                engine,
            ],
            none(),
            2,
            "--after move 2: the game is over (Black wins (kings-meet))",
        );
    }
}

#[test]
fn issue13_ctrl_c_stops_a_perft_and_says_what_it_counted() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_trichess"))
        .args(["perft", "yalta", "9"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("trichess runs");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        assert!(
            started.elapsed().as_secs() < 20,
            "perft did not stop on Ctrl-C"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let out = child.wait_with_output().expect("output");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("trichess: interrupted: perft 9 counted ")
            && stderr.contains(" of 20 root moves"),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "no count is printed for an interrupted run"
    );
}

#[test]
fn diff_refuses_a_run_that_would_compare_nothing_or_run_away() {
    fails_with(&["diff", "--positions", "0"], "--positions");
    fails_with(&["diff", "--seconds", "0"], "--seconds");
    fails_with(&["diff", "--seconds", "86401"], "--seconds");
    fails_with(&["diff", "--max-rows", "0"], "--max-rows");
}

#[test]
fn help_to_a_closed_pipe_is_not_a_crash() {
    // `trichess diff --help | head -0`: the reader is gone before the help is written.
    for args in [
        &["diff", "--help"][..],
        &["--help"][..],
        &["help", "--help"][..],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_trichess"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("trichess starts");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("trichess ends");
        assert!(out.status.success(), "{args:?}: {:?}", out.status);
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
