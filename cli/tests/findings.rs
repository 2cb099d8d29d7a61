//! Issue 20: cross-check findings a maintainer can act on. Rows are grouped into findings (one
//! cause: variant, kind, deciding clause, readings) that lead every report; `--write-expect`
//! writes them as an expectations file, and `--expect` then passes a run whose findings are all
//! expected, fails one with a finding that is not, and names the expected ones not seen.

mod common;

use std::path::PathBuf;

use common::{run_bounded, trichess_command};
use serde_json::Value;

const TRICHESS: &str = env!("CARGO_BIN_EXE_trichess");

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("trichess-20-{name}-{}", std::process::id()))
}

/// Cross-checks `trichess serve SERVE` on O'Sullivan (seed 2, 300 positions) with `extra`.
fn cross_check(serve: &str, extra: &[&str]) -> (Option<i32>, String) {
    let engine = format!("{TRICHESS} serve {serve}");
    let mut args = vec![
        "cross-check",
        "--engine",
        &engine,
        "--variant",
        "osullivan",
        "--positions",
        "300",
        "--seed",
        "2",
    ];
    args.extend_from_slice(extra);
    let out = run_bounded(&mut trichess_command(&args), 300);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    (out.status.code(), format!("{stdout}{stderr}"))
}

#[test]
fn a_report_leads_with_its_findings_each_with_count_example_and_replay() {
    let dir = temp("report");
    let dir_text = dir.to_string_lossy().into_owned();
    let (code, out) = cross_check(
        "--mutant osullivan-barrier-ignored",
        &["--rows-per-finding", "2", "--report", &dir_text],
    );
    assert_eq!(code, Some(1), "{out}");
    let md = std::fs::read_to_string(dir.join("cross-check.md")).expect("the report");
    let findings = md.find("## Findings").expect("a findings section");
    let rows = md.find("## Rows").expect("a rows section");
    assert!(findings < rows, "the findings come first");
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("cross-check.json")).expect("the JSON report"),
    )
    .expect("JSON");
    let groups = json["findings"].as_array().expect("findings");
    let table_rows = json["rows"].as_array().expect("rows");
    assert!(!groups.is_empty());
    let mut kept = 0;
    for g in groups {
        let numbers: Vec<u64> = g["rows"]
            .as_array()
            .expect("row numbers")
            .iter()
            .filter_map(Value::as_u64)
            .collect();
        // At most two rows of a finding are kept; its count is at least as many.
        assert!((1..=2).contains(&numbers.len()), "{g}");
        assert!(g["count"].as_u64().expect("count") >= numbers.len() as u64);
        kept += numbers.len();
        // The example is the kept row with the fewest pieces, and each kept row is of the
        // finding's kind, clause (its first rule) and readings.
        let example = g["example"].as_u64().expect("example");
        assert!(numbers.contains(&example), "{g}");
        let pieces = |n: u64| {
            table_rows[n as usize - 1]["pieces"]
                .as_u64()
                .expect("pieces")
        };
        assert!(numbers.iter().all(|&n| pieces(example) <= pieces(n)), "{g}");
        for &n in &numbers {
            let row = &table_rows[n as usize - 1];
            assert_eq!(row["kind"], g["kind"]);
            assert_eq!(row["readings"], g["readings"]);
            let first = row["rules"].as_str().expect("rules").split(' ').next();
            assert_eq!(first, g["clause"].as_str());
        }
        let replay = g["replay"].as_str().expect("replay");
        assert!(replay.starts_with("trichess "), "{replay}");
    }
    assert_eq!(kept, table_rows.len(), "every row is of one finding");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_replay_command_shows_the_oracles_side_of_its_example() {
    let (_, out) = cross_check("--mutant osullivan-barrier-ignored", &[]);
    let replay = out
        .lines()
        .filter_map(|l| l.split('│').nth(8))
        .map(str::trim)
        .find(|r| r.starts_with("trichess explain"))
        .expect("a finding replayed by trichess explain")
        .to_string();
    // The replay runs as written: its words, quotes honoured.
    let words = trichess_protocol::split_words(&replay).expect("words");
    let out = run_bounded(
        &mut trichess_command(&words[1..].iter().map(String::as_str).collect::<Vec<_>>()),
        60,
    );
    assert!(
        out.status.success(),
        "{replay}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("osullivan."));
}

#[test]
fn expected_findings_pass_and_a_new_one_fails_naming_only_it() {
    let file = temp("expect.toml");
    let file_text = file.to_string_lossy().into_owned();
    // The starting file: every finding of the barrier mutant, each with a reason to give.
    let (code, out) = cross_check(
        "--mutant osullivan-barrier-ignored",
        &["--write-expect", &file_text],
    );
    assert_eq!(
        code,
        Some(0),
        "--write-expect expects what it writes: {out}"
    );
    let written = std::fs::read_to_string(&file).expect("the expectations file");
    assert!(written.starts_with("# Expected findings"), "{written}");
    assert!(
        written.contains("clause = \"osullivan.barrier\""),
        "{written}"
    );
    // The same run against it passes.
    let (code, out) = cross_check(
        "--mutant osullivan-barrier-ignored",
        &["--expect", &file_text],
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(
        out.contains(" 0 unexpected, 0 expected but not seen"),
        "{out}"
    );
    // Another bug (a mutant of the pawns) fails naming its own findings only, and the barrier
    // findings are named as not seen any more.
    let (code, out) = cross_check(
        "--mutant osullivan-p4-rule-missing",
        &["--expect", &file_text],
    );
    assert_eq!(code, Some(1), "{out}");
    let unexpected: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("unexpected F"))
        .collect();
    assert!(!unexpected.is_empty(), "{out}");
    assert!(
        unexpected.iter().all(|l| !l.contains("osullivan.barrier")),
        "{unexpected:?}"
    );
    assert!(
        out.contains("not seen any more: osullivan extra-move osullivan.barrier"),
        "{out}"
    );
    // A file without a reason is refused before the run, exit 2.
    std::fs::write(&file, written.replace("reason = ", "reason_ = ")).expect("write");
    let (code, out) = cross_check(
        "--mutant osullivan-barrier-ignored",
        &["--expect", &file_text],
    );
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("is not valid"), "{out}");
    std::fs::remove_file(&file).ok();
}

#[test]
fn an_engine_that_does_not_validate_is_sent_no_invalid_position() {
    // `--fault trusting` says `"validates": false` in hello and fails (as an engine that trusts
    // its input breaks) on any position trichess refuses: one sent would be a fault row.
    let out = run_bounded(
        &mut trichess_command(&[
            "cross-check",
            "--engine",
            &format!("{TRICHESS} serve --fault trusting"),
            "--variant",
            "all",
            "--positions",
            "400",
            "--seed",
            "5",
        ]),
        300,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("no discrepancies"), "{text}");
    for variant in ["osullivan", "yalta", "yuri", "triple-crown"] {
        let line = format!(
            "{variant}: {} fixtures not compared: of invalid positions (the engine does not validate)",
            ""
        );
        let (head, tail) = line.split_once("  ").expect("the count's place");
        assert!(
            text.lines()
                .any(|l| l.starts_with(head) && l.ends_with(tail.trim_start())),
            "{variant}: {text}"
        );
    }
}

/// The fixtures of `variant` (under `suite/fixtures/`) that expect a position refused for
/// `kind` alone.
fn fixtures_refusing_for(variant: &str, kind: &str) -> Vec<String> {
    fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir)
            .expect("the fixture directory")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../suite/fixtures");
    let mut files = Vec::new();
    walk(&root.join(variant), &mut files);
    files
        .iter()
        .filter(|f| {
            let fixture: Value =
                serde_json::from_str(&std::fs::read_to_string(f).expect("a fixture"))
                    .expect("JSON");
            fixture["expect"]["invalid"]["position"] == serde_json::json!([kind])
        })
        .map(|f| f.display().to_string())
        .collect()
}

#[test]
fn an_engine_that_accepts_pawns_anywhere_gives_one_validity_finding_of_that_kind() {
    // `--fault pawns-anywhere` takes every position whose only problems are pawns where no
    // pawn can stand; the rest it judges as trichess does.
    let dir = temp("validity");
    let dir_text = dir.to_string_lossy().into_owned();
    let file = temp("validity-expect.toml");
    let file_text = file.to_string_lossy().into_owned();
    let engine = format!("{TRICHESS} serve --fault pawns-anywhere");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "cross-check",
            "--engine",
            &engine,
            "--variant",
            "yalta",
            "--positions",
            "300",
            "--seed",
            "5",
            "--rows-per-finding",
            "50",
        ];
        args.extend_from_slice(extra);
        let out = run_bounded(&mut trichess_command(&args), 300);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, out) = run(&["--report", &dir_text, "--write-expect", &file_text]);
    assert_eq!(code, Some(0), "{out}");
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("cross-check.json")).expect("the JSON report"),
    )
    .expect("JSON");
    // Nothing but validity: the findings table is empty, the validity section has one group.
    assert_eq!(json["findings"], serde_json::json!([]), "{out}");
    let validity = json["validity"].as_array().expect("a validity section");
    assert_eq!(validity.len(), 1, "{out}");
    let group = &validity[0];
    assert_eq!(group["problem"], "accepts pawn-on-impossible-rank");
    // Its count: every row of it, each a position the reference refuses for that kind alone
    // and the engine takes; among them, each fixture of the kind.
    let rows = json["rows"].as_array().expect("rows");
    let count = group["count"].as_u64().expect("count");
    assert_eq!(count as usize, rows.len(), "{out}");
    assert_eq!(group["rows"].as_array().map(Vec::len), Some(rows.len()));
    for row in rows {
        let first = row["first_says"].as_str().expect("first says");
        assert!(
            first.starts_with("invalid position [pawn-on-impossible-rank]:"),
            "{row}"
        );
        assert_eq!(row["second_says"], "valid", "{row}");
    }
    let fixtures = fixtures_refusing_for("yalta", "pawn-on-impossible-rank");
    let from_fixtures = rows
        .iter()
        .filter(|r| r["fixture"]["fixture"].is_string())
        .count();
    assert!(!fixtures.is_empty());
    assert_eq!(from_fixtures, fixtures.len(), "{fixtures:?}");
    assert!(
        out.contains(&format!(
            "yalta (defaults): accepts pawn-on-impossible-rank: {count} positions, e.g. #"
        )),
        "{out}"
    );
    let md = std::fs::read_to_string(dir.join("cross-check.md")).expect("the report");
    let sections: Vec<usize> = ["## Findings", "## Validity", "## Rows"]
        .iter()
        .map(|s| md.find(s).expect(s))
        .collect();
    assert!(sections.is_sorted(), "{md}");
    let html = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
    assert!(html.contains("<section class=\"finding validity\""));
    // The expectations name the problem, and a run against them passes.
    let written = std::fs::read_to_string(&file).expect("the expectations file");
    assert!(
        written.contains("problem = \"accepts pawn-on-impossible-rank\""),
        "{written}"
    );
    let (code, out) = run(&["--expect", &file_text]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("1 findings expected, 0 unexpected"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_file(&file).ok();
}

/// The first of the browsers a headless test can drive, if one is installed.
fn browser() -> Option<String> {
    [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]
    .into_iter()
    .find(|b| runs(b))
    .map(str::to_string)
}

#[test]
fn the_html_report_is_one_self_contained_page_with_every_finding() {
    let dir = temp("html");
    let dir_text = dir.to_string_lossy().into_owned();
    let (code, out) = cross_check(
        "--mutant osullivan-barrier-ignored",
        &["--report", &dir_text],
    );
    assert_eq!(code, Some(1), "{out}");
    let html = std::fs::read_to_string(dir.join("index.html")).expect("index.html");
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("cross-check.json")).expect("the JSON report"),
    )
    .expect("JSON");
    let findings = json["findings"].as_array().expect("findings");
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert_eq!(
        html.matches("<section class=\"finding\"").count(),
        findings.len()
    );
    for f in findings {
        let number = f["number"].as_u64().expect("number");
        assert!(html.contains(&format!("id=\"F{number}\"")), "F{number}");
        let replay = f["replay"].as_str().expect("replay").replace('"', "&quot;");
        assert!(html.contains(&replay), "{replay}");
    }
    // Boards inline, nothing fetched: no src, no stylesheet link, no address but the SVG
    // namespace.
    assert!(html.contains("<svg"));
    assert!(!html.contains(" src=") && !html.contains("<link"));
    let addresses = html.matches("http").count();
    assert_eq!(addresses, html.matches("http://www.w3.org/").count());
    for filter in ["variant", "kind", "clause"] {
        assert!(
            html.contains(&format!("data-filter=\"{filter}\"")),
            "{filter}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Renders `page` (an address) in `browser`, headless: the DOM once its scripts have run, and
/// the browser's log (where the page's console messages go, one `CONSOLE` line each).
fn render(browser: &str, page: &str) -> (String, String) {
    let out = run_bounded(
        std::process::Command::new(browser).args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--enable-logging=stderr",
            "--v=0",
            "--dump-dom",
            page,
        ]),
        120,
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The value of the attribute `name` in the start tag `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let from = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    Some(&tag[from..from + tag[from..].find('"')?])
}

/// The findings sections of a rendered page: each finding's number and whether it is shown.
fn sections(dom: &str) -> Vec<(u64, bool)> {
    dom.split("<section")
        .skip(1)
        .filter_map(|rest| {
            let tag = &rest[..rest.find('>')?];
            let id = attribute(tag, "id")?.strip_prefix('F')?.parse().ok()?;
            let class = attribute(tag, "class").unwrap_or_default();
            Some((id, !class.split(' ').any(|c| c == "hidden")))
        })
        .collect()
}

#[test]
fn the_html_report_renders_in_a_headless_browser_and_its_filters_work() {
    let Some(browser) = browser() else {
        println!("skipped: no headless browser (chromium) is installed to render index.html");
        return;
    };
    // A report with findings in every variant, of several clauses: an engine that takes pawns
    // anywhere.
    let dir = temp("browser");
    let out = run_bounded(
        &mut trichess_command(&[
            "cross-check",
            "--engine",
            &format!("{TRICHESS} serve --fault pawns-anywhere"),
            "--variant",
            "all",
            "--positions",
            "100",
            "--seed",
            "5",
            "--report",
            &dir.to_string_lossy(),
        ]),
        300,
    );
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("cross-check.json")).expect("the JSON report"),
    )
    .expect("JSON");
    let findings: Vec<(u64, String, String)> = ["findings", "validity"]
        .iter()
        .flat_map(|k| json[k].as_array().cloned().unwrap_or_default())
        .map(|f| {
            let text = |k: &str| f[k].as_str().expect(k).to_string();
            (
                f["number"].as_u64().expect("number"),
                text("variant"),
                text("clause"),
            )
        })
        .collect();
    let variants: std::collections::BTreeSet<&str> =
        findings.iter().map(|(_, v, _)| v.as_str()).collect();
    assert_eq!(variants.len(), 4, "{findings:?}");
    let (_, _, yalta_clause) = findings
        .iter()
        .find(|(_, v, _)| v == "yalta")
        .expect("a Yalta finding");
    let page = format!("file://{}", dir.join("index.html").display());
    // Unfiltered, then filtered by the address's fragment, as a shared link would be.
    // (fragment, the variant and the clause it filters by)
    let views = [
        (String::new(), None, None),
        ("#variant=yalta".to_string(), Some("yalta"), None),
        (
            format!("#variant=yalta&clause={yalta_clause}"),
            Some("yalta"),
            Some(yalta_clause.as_str()),
        ),
        (
            format!("#variant=osullivan&clause={yalta_clause}"),
            Some("osullivan"),
            Some(yalta_clause.as_str()),
        ),
    ];
    for (fragment, variant, clause) in &views {
        let (dom, log) = render(&browser, &format!("{page}{fragment}"));
        // It renders, its scripts ran without an error, and it wrote nothing on the console.
        assert!(dom.contains("<h2>Validity</h2>"), "{fragment}: {dom}");
        let root = dom
            .split_once("<html")
            .and_then(|(_, rest)| rest.split_once('>'))
            .map(|(tag, _)| tag)
            .expect("the root element");
        assert_eq!(attribute(root, "data-errors"), None, "{fragment}");
        let console: Vec<&str> = log.lines().filter(|l| l.contains(":CONSOLE")).collect();
        assert!(console.is_empty(), "{fragment}: {console:?}");
        let want: Vec<(u64, bool)> = findings
            .iter()
            .map(|(n, v, c)| {
                let shown = variant.is_none_or(|x| x == v) && clause.is_none_or(|x| x == c);
                (*n, shown)
            })
            .collect();
        let mut got = sections(&dom);
        got.sort();
        assert_eq!(got, want, "{fragment}");
        let shown = want.iter().filter(|(_, s)| *s).count();
        assert!(
            dom.contains(&format!("<span id=\"shown\">{shown}</span>")),
            "{fragment}: the count of findings shown"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Whether `program` runs here.
fn runs(program: &str) -> bool {
    std::process::Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn an_engine_with_foreign_habits_gets_no_false_alarm() {
    // adapters/python/foreign_habits.py: takes turns White-Black-Red without declaring it,
    // does not validate, answers unsupported for castling rights and a second en passant cell;
    // its own simplifications are no en passant and promotion to a queen only.
    if !runs("python3") {
        println!("skipped: adapters/python/foreign_habits.py needs python3");
        return;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = temp("foreign");
    let out = run_bounded(
        trichess_command(&[
            "cross-check",
            "--engine",
            "python3 adapters/python/foreign_habits.py",
            "--variant",
            "osullivan",
            "--positions",
            "3000",
            "--seed",
            "2",
            "--report",
            &dir.to_string_lossy(),
        ])
        .current_dir(&root),
        600,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("follows osullivan.turn-order=white-black-red"),
        "{text}"
    );
    assert!(
        text.contains("fixtures not compared: of invalid positions"),
        "{text}"
    );
    assert!(
        text.contains("the engine does not play them: castling rights"),
        "{text}"
    );
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("cross-check.json")).expect("the JSON report"),
    )
    .expect("JSON");
    let clauses: Vec<(&str, &str)> = json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .map(|f| {
            (
                f["kind"].as_str().unwrap_or(""),
                f["clause"].as_str().unwrap_or(""),
            )
        })
        .collect();
    // Its two simplifications, each its own finding, and nothing else: no validity row, no
    // fault, no finding under the turn order trichess plays by default.
    assert_eq!(
        clauses,
        [
            ("missing-move", "osullivan.promotion"),
            ("different-position", "osullivan.en-passant")
        ],
        "{text}"
    );
    assert!(!text.contains("turn-order=white-red-black │"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}
