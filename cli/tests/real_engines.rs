//! The public engines of `adapters/real/`: the checked-in triage covers every row of their
//! reports, its reproductions (`trichess explain` commands) run, and the interop table
//! (`reports/real/README.md`) is what `reports/real/interop.py` writes now; and, where
//! `TRICHESS_REAL_<NAME>` names a built shim (CI cannot fetch the engines: without it the test
//! says it skips), the engine's perft from the start and the cross-check of its report run
//! again (its invocation, read from the report) against its expectations file, every finding
//! expected and every row taken by the triage, with no fault of the engine as a process.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// Returns why python3 cannot run, if it cannot.
fn no_python() -> Option<String> {
    match Command::new("python3").arg("--version").output() {
        Ok(out) if out.status.success() => None,
        Ok(out) => Some(format!("python3 --version exits with {}", out.status)),
        Err(e) => Some(format!("python3 is not there ({e})")),
    }
}

/// Runs `reports/real/interop.py ARGS` (with this trichess for its `--explain`) and returns
/// its exit code and standard error.
fn interop(args: &[&str]) -> (Option<i32>, String) {
    let out = common::run_bounded(
        Command::new("python3")
            .arg("reports/real/interop.py")
            .args(args)
            .env("TRICHESS", env!("CARGO_BIN_EXE_trichess"))
            .current_dir(workspace()),
        120,
    );
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_triage_covers_every_row_and_the_interop_table_is_current() {
    if let Some(why) = no_python() {
        println!("skipped: reports/real/interop.py needs {why}");
        return;
    }
    let (code, stderr) = interop(&["--check", "--explain"]);
    assert_eq!(
        code,
        Some(0),
        "run python3 reports/real/interop.py:\n{stderr}"
    );
}

#[test]
fn a_row_no_cause_takes_is_reported() {
    if let Some(why) = no_python() {
        println!("skipped: reports/real/interop.py needs {why}");
        return;
    }
    let dir = std::env::temp_dir().join(format!("trichess-interop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let report = dir.join("cross-check.json");
    let row = json!({"number": 1, "kind": "engine-timeout", "position": "-", "move": "-",
                     "first_says": "asked moves", "second_says": "no answer", "readings": "-",
                     "fixture": {}});
    std::fs::write(&report, json!({"rows": [row]}).to_string()).expect("the report is written");
    let (code, stderr) = interop(&["--rows", "g-amoros", &report.to_string_lossy()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("row 1 (engine-timeout, -) is not triaged"),
        "{stderr}"
    );
}

/// The shim `TRICHESS_REAL_<NAME>` names, or why the test skips.
fn shim(name: &str) -> Result<String, String> {
    let var = format!("TRICHESS_REAL_{}", name.to_uppercase().replace('-', "_"));
    match std::env::var(&var) {
        Ok(path) if Path::new(&path).exists() => Ok(path),
        Ok(path) => Err(format!("{var}={path} does not exist")),
        Err(_) => Err(format!(
            "{var} is not set (build adapters/real/{name}/ against a checkout of the engine, \
             see its README, and set it to the shim)"
        )),
    }
}

/// Asks a shim for its perft from the Yalta start at each depth.
fn perft(shim: &str, depths: &[u32]) -> Vec<u64> {
    let start = common::run_bounded(
        &mut common::trichess_command(&["start", "yalta", "--json"]),
        60,
    );
    let position: Value = serde_json::from_slice(&start.stdout).expect("the start in JSON");
    let requests: String = depths
        .iter()
        .map(|&d| {
            json!({"id": d, "cmd": "perft", "variant": "yalta", "readings": {},
                   "position": position, "depth": d})
            .to_string()
                + "\n"
        })
        .collect();
    let mut child = Command::new(shim)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the shim starts");
    std::io::Write::write_all(child.stdin.as_mut().expect("stdin"), requests.as_bytes())
        .expect("the requests are written");
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("the shim answers");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let reply: Value = serde_json::from_str(l).expect("a JSON reply");
            reply["ok"].as_u64().unwrap_or_else(|| panic!("{reply}"))
        })
        .collect()
}

/// The arguments of the cross-check that wrote `reports/real/NAME/`, from its invocation
/// (`trichess cross-check --engine SHIM ARGS...`), with `shim` as the engine.
fn invocation(name: &str, shim: &str) -> Vec<String> {
    let path = workspace().join(format!("reports/real/{name}/cross-check.json"));
    let report: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("the report"))
        .expect("the report is JSON");
    let words: Vec<String> = report["invocation"]
        .as_str()
        .expect("the report's invocation")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    assert_eq!(
        words[..3],
        ["trichess", "cross-check", "--engine"],
        "{words:?}"
    );
    [
        &[
            "cross-check".to_string(),
            "--engine".to_string(),
            shim.to_string(),
        ],
        &words[4..],
    ]
    .concat()
}

/// Cross-checks the shim as its report was made, judged by its expectations file
/// (`reports/real/NAME/expect.toml`: every finding expected, so exit 0, as in CI), and checks
/// that the triage takes every row and that the engine never failed as a process.
fn cross_check(name: &str, shim: &str) {
    let dir = std::env::temp_dir().join(format!("trichess-real-{name}-{}", std::process::id()));
    let args = invocation(name, shim);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = common::run_bounded(
        common::trichess_command(&args)
            .arg("--expect")
            .arg(format!("reports/real/{name}/expect.toml"))
            .arg("--report")
            .arg(&dir)
            .current_dir(workspace()),
        1800,
    );
    let report = std::fs::read_to_string(dir.join("cross-check.json")).unwrap_or_default();
    let json: Value = serde_json::from_str(&report).unwrap_or(Value::Null);
    let rows = json["rows"].as_array().cloned().unwrap_or_default();
    assert_eq!(
        out.status.code(),
        Some(0),
        "every finding is in reports/real/{name}/expect.toml: {}{report}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(!rows.is_empty(), "rows are expected: {report}");
    assert!(
        rows.iter().all(|r| !r["kind"]
            .as_str()
            .unwrap_or_default()
            .starts_with("engine-")),
        "no faults: {report}"
    );
    if no_python().is_none() {
        let path = dir.join("cross-check.json");
        let (code, stderr) = interop(&["--rows", name, &path.to_string_lossy()]);
        assert_eq!(
            code,
            Some(0),
            "triage reports/real/{name}/triage.toml:\n{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn g_amoros_perft_and_cross_check() {
    let shim = match shim("g-amoros") {
        Ok(shim) => shim,
        Err(why) => return println!("skipped: {why}"),
    };
    // Its pawns never cross the top edge: 3,200 nodes short of 178,080 at depth 4.
    assert_eq!(perft(&shim, &[1, 2, 3, 4]), [20, 400, 8_000, 174_880]);
    cross_check("g-amoros", &shim);
}

#[test]
fn cmrschwarz_perft_and_cross_check() {
    let shim = match shim("cmrschwarz") {
        Ok(shim) => shim,
        Err(why) => return println!("skipped: {why}"),
    };
    // trichess's counts under the turn order it follows (red-blue-green).
    assert_eq!(
        perft(&shim, &[1, 2, 3, 4, 5]),
        [20, 400, 8_000, 178_080, 3_960_896]
    );
    cross_check("cmrschwarz", &shim);
}

#[test]
fn drtnf_perft_and_cross_check() {
    let shim = match shim("drtnf") {
        Ok(shim) => shim,
        Err(why) => return println!("skipped: {why}"),
    };
    // No check in its game, but none arises within three moves from the start either (its
    // depth 4, 178,080 too, takes a minute and a half).
    assert_eq!(perft(&shim, &[1, 2, 3]), [20, 400, 8_000]);
    cross_check("drtnf", &shim);
}
