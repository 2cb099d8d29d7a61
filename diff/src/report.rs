//! The discrepancy table of `diff` and `cross-check`: one row per disagreement, with the rule
//! ids it touches and a paste-ready fixture, for tabled to print and written as Markdown, JSON
//! and an SVG diagram per row, each file replaced atomically after every row.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{Value, json};
use tabled::Tabled;
use trichess_model::Variant;
use trichess_suite::readings_text;

use crate::attribute::{Reference, decide};
use crate::{CampaignReport, Discovery, Finding, Flow, Observer, Sink};

/// One row of the discrepancy table.
#[derive(Clone, Debug, Tabled)]
pub struct Row {
    /// The row's number, from 1.
    #[tabled(rename = "#")]
    pub number: usize,
    /// The variant id.
    pub variant: String,
    /// The kind of disagreement (or of the engine's fault).
    pub kind: String,
    /// The readings, `id=reading` each, or `defaults`.
    pub readings: String,
    /// The position, in text form.
    pub position: String,
    /// The move concerned, or `-`.
    #[tabled(rename = "move")]
    pub mv: String,
    /// What the first engine says.
    #[tabled(rename = "first says")]
    pub a_says: String,
    /// What the second engine says.
    #[tabled(rename = "second says")]
    pub b_says: String,
    /// The rule ids that decide the row, by the oracle's explanation, the deciding one first
    /// (`(none)` where the oracle has nothing to explain).
    pub rules: String,
    /// What those rules do here, or why nothing decides it.
    #[tabled(skip)]
    pub why: String,
    /// How many pieces the position has.
    #[tabled(skip)]
    pub pieces: usize,
    /// The position the finding was reached from and the moves that reach it, if it keeps
    /// its move path.
    #[tabled(skip)]
    pub reached: Option<(String, Vec<String>)>,
    /// A paste-ready fixture (or, for a fault, the request to replay).
    #[tabled(skip)]
    pub fixture: Value,
    /// A diagram of the position, with the move drawn, where the board has one.
    #[tabled(skip)]
    pub svg: Option<String>,
}

/// Makes the row of a finding, its rules those that decide it by the oracle's explanation
/// (seen from `reference`, the engine standing for the oracle).
pub fn row(number: usize, f: &Finding, reference: Reference) -> Row {
    let decided = decide(f, reference);
    let svg = Some(trichess_diagram::svg(&f.setup, f.mv));
    Row {
        number,
        variant: f.game.variant.id().to_string(),
        kind: f.kind.id().to_string(),
        readings: readings_text(&f.game),
        position: f.setup.to_text(),
        mv: f.mv.map_or("-".into(), |m| m.to_string()),
        a_says: f.a_says.clone(),
        b_says: f.b_says.clone(),
        rules: decided.rules(),
        why: decided.why.clone(),
        pieces: f.setup.pieces.len(),
        reached: f
            .origin
            .as_ref()
            .filter(|_| !f.path.is_empty())
            .map(|o| (o.to_text(), f.path.iter().map(|m| m.to_string()).collect())),
        fixture: f.fixture(&decided),
        svg,
    }
}

/// Why a report could not be written: the file, and the cause.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}", .path.display())]
pub struct ReportError {
    /// The file or directory.
    pub path: PathBuf,
    /// The cause.
    pub source: std::io::Error,
}

pub(crate) fn failed(path: &Path) -> impl FnOnce(std::io::Error) -> ReportError + '_ {
    move |source| ReportError {
        path: path.to_path_buf(),
        source,
    }
}

/// The discrepancy table of a `trichess diff` run as it goes: each disagreement found becomes
/// a row (once per case), the report is rewritten after each, and the run stops once it has
/// its rows; progress and notes go to an observer.
pub struct LiveTable<'o> {
    report: Option<PathBuf>,
    command: String,
    seed: u64,
    max_rows: usize,
    reference: Reference,
    rows: Mutex<(Vec<Row>, BTreeSet<String>, Option<ReportError>)>,
    observer: &'o dyn Observer,
}

impl std::fmt::Debug for LiveTable<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveTable")
            .field("report", &self.report)
            .field("command", &self.command)
            .field("max_rows", &self.max_rows)
            .finish_non_exhaustive()
    }
}

impl<'o> LiveTable<'o> {
    /// A table of the run `command` (which replays it) with `seed`, of at most `max_rows`
    /// rows, written into `report` if given; `reference` is the engine that stands for the
    /// oracle, whose explanation names the rules of each row.
    pub fn new(
        (command, seed): (String, u64),
        report: Option<PathBuf>,
        max_rows: usize,
        reference: Reference,
        observer: &'o dyn Observer,
    ) -> LiveTable<'o> {
        LiveTable {
            report,
            command,
            seed,
            max_rows,
            reference,
            rows: Mutex::new(Default::default()),
            observer,
        }
    }

    /// The final rows of the run: the campaign's findings in its order (of the variants,
    /// then of the threads, then as found), at most `max_rows`, so that a run with a number of
    /// positions gives the same rows however fast its threads go; the report is written with
    /// them.
    pub fn finish(self, found: &CampaignReport) -> Result<Vec<Row>, ReportError> {
        let (_, _, error) = self.rows.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = error {
            return Err(e);
        }
        let rows: Vec<Row> = found
            .findings
            .iter()
            .take(self.max_rows)
            .enumerate()
            .map(|(i, f)| row(i + 1, f, self.reference))
            .collect();
        if let Some(dir) = &self.report {
            write_diff(dir, &self.command, self.seed, &rows)?;
        }
        Ok(rows)
    }
}

impl Sink for LiveTable<'_> {
    fn found(&self, d: &Discovery) -> Flow {
        let Ok(mut live) = self.rows.lock() else {
            return Flow::Stop;
        };
        let (rows, seen, error) = &mut *live;
        if !seen.insert(d.shrunk.key()) {
            return Flow::Continue;
        }
        rows.push(row(rows.len() + 1, &d.shrunk, self.reference));
        if let Some(dir) = &self.report
            && let Err(e) = write_diff(dir, &self.command, self.seed, rows)
        {
            error.get_or_insert(e);
            return Flow::Stop;
        }
        if rows.len() >= self.max_rows {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    fn progress(&self, variant: Variant, positions: u64, elapsed: Duration) {
        let rows = self.rows.lock().map_or(0, |l| l.0.len());
        self.observer.progress(&format!(
            "{variant}: {positions} positions, {:.0}/s, {rows} discrepancies",
            positions as f64 / elapsed.as_secs_f64().max(1e-9)
        ));
    }

    fn note(&self, variant: Variant, note: &str) {
        self.observer.say(&format!("{variant}: {note}"));
    }

    fn unconfirmed(&self, d: &Discovery, again: Option<&Finding>) -> Flow {
        self.observer.say(&format!(
            "{}: not a row, as it did not come back when asked again with fresh engines: {}",
            d.variant, d.shrunk
        ));
        if let Some(again) = again {
            self.observer.say(&format!("    asked again: {again}"));
        }
        Flow::Continue
    }
}

/// Writes the report of a `trichess diff` run into `dir` (see [`write()`]): `command` replays
/// the run.
pub fn write_diff(dir: &Path, command: &str, seed: u64, rows: &[Row]) -> Result<(), ReportError> {
    let head = Head {
        stem: "diff",
        generated_by: Some(command.to_string()),
        title: "trichess diff: discrepancies".into(),
        intro: format!(
            "{} rows. The fixtures' rules, quote and expectation (the first engine's answer) are \
             for a person to confirm. Diagrams show the position, with the move (if any) as an \
             arrow.",
            rows.len()
        ),
        json: json!({"generated_by": command, "seed": seed}),
    };
    write(dir, &head, rows)
}

/// Writes `path` by a temporary file and a rename, so a killed run leaves the old file or the
/// new one, never half of one.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), ReportError> {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".tmp");
    let tmp = path.with_file_name(name);
    std::fs::write(&tmp, text).map_err(failed(&tmp))?;
    std::fs::rename(&tmp, path).map_err(failed(path))
}

/// Writes `value` as pretty JSON.
fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
}

/// What heads a report: the files' stem (`diff` writes `diff.md`, `diff.json`,
/// `diff-N.svg`), the command that writes it (if the files are to start with a generated-by
/// line), the title, the Markdown above the table, and the JSON's fields besides `rows`.
#[derive(Clone, Debug)]
pub struct Head {
    /// The files' stem.
    pub stem: &'static str,
    /// The command that writes the report, if the files say so first.
    pub generated_by: Option<String>,
    /// The title.
    pub title: String,
    /// The Markdown above the table.
    pub intro: String,
    /// The JSON's fields besides `rows`.
    pub json: Value,
}

/// Writes the report of `rows` into `dir`.
pub fn write(dir: &Path, head: &Head, rows: &[Row]) -> Result<(), ReportError> {
    std::fs::create_dir_all(dir).map_err(failed(dir))?;
    let stem = head.stem;
    let generated = head.generated_by.as_ref().map_or(String::new(), |c| {
        format!("<!-- generated by `{c}`; do not edit -->\n")
    });
    let mut md = format!("{generated}# {}\n\n{}\n\n", head.title, head.intro);
    md += "| # | variant | kind | readings | position | move | first says | second says | rules | diagram |\n";
    md += "|---|---|---|---|---|---|---|---|---|---|\n";
    let cell = |s: &str| s.replace('|', "\\|");
    let mut json_rows = Vec::new();
    for r in rows {
        let diagram = match &r.svg {
            Some(svg) => {
                let name = format!("{stem}-{}.svg", r.number);
                write_atomic(&dir.join(&name), &format!("{generated}{svg}"))?;
                format!("[svg]({name})")
            }
            None => "-".to_string(),
        };
        md += &format!(
            "| {} | {} | {} | {} | `{}` | {} | {} | {} | {} | {} |\n",
            r.number,
            r.variant,
            r.kind,
            cell(&r.readings),
            r.position,
            r.mv,
            cell(&r.a_says),
            cell(&r.b_says),
            r.rules,
            diagram
        );
        let mut json_row = json!({
            "number": r.number, "variant": r.variant, "kind": r.kind, "readings": r.readings,
            "position": r.position, "move": r.mv, "first_says": r.a_says,
            "second_says": r.b_says, "rules": r.rules, "why": r.why, "pieces": r.pieces,
            "fixture": r.fixture,
        });
        if let Some((origin, path)) = &r.reached {
            json_row["reached_from"] = json!({"position": origin, "moves": path});
        }
        json_rows.push(json_row);
    }
    for r in rows {
        md += &format!("\n## #{}\n\n", r.number);
        if !r.why.is_empty() {
            md += &format!("Decided by ({}): {}\n\n", r.rules, r.why);
        }
        if let Some((origin, path)) = &r.reached {
            md += &format!(
                "Reached from `{origin}` by the moves `{}` (the first engine's).\n\n",
                path.join(" ")
            );
        }
        md += &format!("```json\n{}\n```\n", pretty(&r.fixture));
    }
    // Diagrams of rows a longer earlier run wrote are not this run's.
    let entries = std::fs::read_dir(dir).map_err(failed(dir))?;
    for entry in entries.filter_map(|e| e.ok()) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let number = name
            .strip_prefix(&format!("{stem}-"))
            .and_then(|n| n.strip_suffix(".svg"))
            .and_then(|n| n.parse::<usize>().ok());
        if number.is_some_and(|n| n > rows.len()) {
            std::fs::remove_file(entry.path()).map_err(failed(&entry.path()))?;
        }
    }
    write_atomic(&dir.join(format!("{stem}.md")), &md)?;
    let mut json = head.json.clone();
    if let Some(object) = json.as_object_mut() {
        object.insert("rows".into(), Value::Array(json_rows));
    }
    write_atomic(&dir.join(format!("{stem}.json")), &pretty(&json))
}
