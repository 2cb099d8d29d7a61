//! The discrepancy table of `diff` and `cross-check`: one row per disagreement, with the rule
//! ids it touches and a paste-ready fixture, for tabled to print and written as Markdown, JSON
//! and an SVG diagram per row, each file replaced atomically after every row.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use serde_json::{Value, json};
use tabled::Tabled;
use trichess_model::{ProblemKind, Variant};
use trichess_suite::readings_text;

use crate::attribute::{Reference, decide};
use crate::{CampaignReport, Discovery, Finding, Flow, Kind, Observer, Sink, VariantRun};

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
    /// For a disagreement about validity: what the engine under test does with the position
    /// the reference judges, by the kinds of problem they name ([`validity_problem`]).
    #[tabled(skip)]
    pub problem: Option<String>,
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
        problem: validity_problem(f, reference),
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

/// What the engine under test does with a position whose validity it judges otherwise than
/// the reference (`reference` says which engine of `f` that is), by the kinds of problem each
/// names: `accepts pawn-on-impossible-rank` (the reference refuses the position for that
/// kind, the engine takes it), `refuses a valid position: missing-royal`, `finds
/// missing-royal instead of too-many-royals`, or `neither accepts nor refuses` (it fails).
/// `None` for a finding of another kind.
pub fn validity_problem(f: &Finding, reference: Reference) -> Option<String> {
    if f.kind != Kind::DifferentValidity {
        return None;
    }
    let [first, second] = &f.refusals;
    let (ours, theirs) = match reference {
        Reference::First => (first, second),
        Reference::Second => (second, first),
    };
    let kinds = |kinds: &[ProblemKind]| {
        if kinds.is_empty() {
            ProblemKind::Unclassified.id().to_string()
        } else {
            kinds.iter().map(|k| k.id()).collect::<Vec<_>>().join(", ")
        }
    };
    Some(match (ours, theirs) {
        (Some(ours), None) => format!("accepts {}", kinds(ours)),
        (None, Some(theirs)) => format!("refuses a valid position: {}", kinds(theirs)),
        (Some(ours), Some(theirs)) => {
            format!("finds {} instead of {}", kinds(theirs), kinds(ours))
        }
        (None, None) => "neither accepts nor refuses".into(),
    })
}

/// What tells one finding from another: rows of the same variant, kind, deciding clause and
/// readings are one cause, and rows about validity are one only if they are about the same
/// kinds of problem too. The clause is the first rule id of the row (`(none)` where the
/// oracle has nothing to explain), or for a fault of the engine as a process the request it
/// failed (`asked moves`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Tabled)]
pub struct FindingKey {
    /// The variant id (`-` for a fault outside any variant).
    pub variant: String,
    /// The kind of disagreement or fault.
    pub kind: String,
    /// The deciding clause.
    pub clause: String,
    /// The readings, as the rows write them.
    pub readings: String,
    /// For a finding about validity, what the engine does with the kinds of problem
    /// ([`validity_problem`]); such findings make the report's validity section.
    #[tabled(skip)]
    pub problem: Option<String>,
}

impl FindingKey {
    /// The key of `row`'s finding.
    pub fn of(row: &Row) -> FindingKey {
        let clause = if row.kind.starts_with("engine-") {
            row.a_says.clone()
        } else {
            row.rules
                .split_whitespace()
                .next()
                .unwrap_or("(none)")
                .to_string()
        };
        FindingKey {
            variant: row.variant.clone(),
            kind: row.kind.clone(),
            clause,
            readings: row.readings.clone(),
            problem: row.problem.clone(),
        }
    }
}

impl std::fmt::Display for FindingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {} {}", self.variant, self.kind, self.clause)?;
        if let Some(problem) = &self.problem {
            write!(f, ": {problem}")?;
        }
        write!(f, " ({})", self.readings)
    }
}

/// One finding: the rows of one cause ([`FindingKey`]), how many there were, the smallest
/// example kept, and the command that shows trichess's side of it.
#[derive(Clone, Debug, Tabled)]
pub struct Group {
    /// The finding's number, from 1 (`F1`, `F2`, ...), in the order first met.
    #[tabled(rename = "finding", display = "finding_number")]
    pub number: usize,
    /// The cause.
    #[tabled(inline)]
    pub key: FindingKey,
    /// How many rows of this cause were met (kept or not).
    #[tabled(rename = "count")]
    pub count: u64,
    /// The numbers of the rows kept.
    #[tabled(skip)]
    pub rows: Vec<usize>,
    /// The number of the smallest row kept (fewest pieces, the first of equals).
    #[tabled(rename = "example", display = "row_number")]
    pub example: usize,
    /// A command that replays the example on trichess's side.
    pub replay: String,
}

fn finding_number(n: &usize) -> String {
    format!("F{n}")
}

fn row_number(n: &usize) -> String {
    format!("#{n}")
}

/// The rows of a run grouped into findings as they come: each finding keeps at most
/// `per_finding` rows and counts the rest, so that one loud cause never hides another.
#[derive(Clone, Debug)]
pub struct Table {
    /// The rows kept, numbered from 1.
    pub rows: Vec<Row>,
    /// The findings, in the order first met.
    pub groups: Vec<Group>,
    per_finding: usize,
    engine: Option<String>,
}

impl Table {
    /// An empty table keeping at most `per_finding` rows of each finding; `engine` is the
    /// command line of the engine under test, if it is a process (a fault's replay sends it
    /// the request).
    pub fn new(per_finding: usize, engine: Option<String>) -> Table {
        Table {
            rows: Vec::new(),
            groups: Vec::new(),
            per_finding: per_finding.max(1),
            engine,
        }
    }

    /// Adds `row` to its finding: kept (numbered next) if the finding has room, counted
    /// only if not. Returns true if it was kept.
    pub fn add(&mut self, mut row: Row) -> bool {
        let key = FindingKey::of(&row);
        let number = self.rows.len() + 1;
        let place = match self.groups.iter().position(|g| g.key == key) {
            Some(place) => place,
            None => {
                self.groups.push(Group {
                    number: self.groups.len() + 1,
                    key,
                    count: 0,
                    rows: Vec::new(),
                    example: number,
                    replay: String::new(),
                });
                self.groups.len() - 1
            }
        };
        let group = &mut self.groups[place];
        group.count += 1;
        if group.rows.len() >= self.per_finding {
            return false;
        }
        row.number = number;
        group.rows.push(number);
        let best = self.rows.get(group.example - 1).map(|r| r.pieces);
        if group.rows.len() == 1 || best.is_some_and(|pieces| row.pieces < pieces) {
            group.example = number;
            group.replay = replay(&row, self.engine.as_deref());
        }
        self.rows.push(row);
        true
    }

    /// Counts `row`, a case not yet shrunk, in its finding if that finding keeps no more rows
    /// (so it need not be shrunk). Returns true if it was counted.
    pub fn count_if_full(&mut self, row: &Row) -> bool {
        let key = FindingKey::of(row);
        match self.groups.iter_mut().find(|g| g.key == key) {
            Some(group) if group.rows.len() >= self.per_finding => {
                group.count += 1;
                true
            }
            _ => false,
        }
    }

    /// Counts one more row of the finding of row `number` (the same case met again).
    pub fn recount(&mut self, number: usize) {
        if let Some(group) = self.groups.iter_mut().find(|g| g.rows.contains(&number)) {
            group.count += 1;
        }
    }

    /// Returns the number of findings.
    pub fn findings(&self) -> usize {
        self.groups.len()
    }

    /// The findings about validity (`true`) or the others (`false`), in the order first met.
    pub fn groups_about_validity(&self, validity: bool) -> impl Iterator<Item = &Group> {
        self.groups
            .iter()
            .filter(move |g| g.key.problem.is_some() == validity)
    }

    /// Returns true if the run found nothing.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }
}

/// For the terminal: "no discrepancies", or the findings (one line each: count, smallest
/// example, replay command), then the rows, then each row's fixture (or the request to replay).
impl std::fmt::Display for Table {
    /// The findings (one line each: count, smallest example, replay command), those about
    /// validity apart, grouped by the kinds of problem, then the rows, each with its fixture
    /// (or the request to replay).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use tabled::settings::Style;
        if self.is_empty() {
            return f.write_str("no discrepancies");
        }
        let rules: Vec<_> = self.groups_about_validity(false).collect();
        if !rules.is_empty() {
            writeln!(
                f,
                "{} findings:\n{}",
                rules.len(),
                tabled::Table::new(rules).with(Style::sharp())
            )?;
        }
        let validity: Vec<_> = self.groups_about_validity(true).collect();
        if !validity.is_empty() {
            writeln!(f, "validity, {} findings:", validity.len())?;
        }
        for g in validity {
            let example = self.rows.get(g.example - 1).map_or(String::new(), |r| {
                format!(" ({} pieces) {}", r.pieces, r.position)
            });
            writeln!(
                f,
                "  F{} {} ({}): {}: {} positions, e.g. #{}{example}; replay: {}",
                g.number,
                g.key.variant,
                g.key.readings,
                g.key.problem.as_deref().unwrap_or_default(),
                g.count,
                g.example,
                g.replay
            )?;
        }
        write!(f, "{}", tabled::Table::new(&self.rows).with(Style::sharp()))?;
        for r in &self.rows {
            write!(f, "\n#{} ({} pieces): {}", r.number, r.pieces, r.fixture)?;
        }
        Ok(())
    }
}

/// A command that shows trichess's side of `row`: `trichess explain` of its move, result or
/// validity, `trichess perft` of a count, `trichess fixtures --filter` of a fixture, or for a
/// fault the request sent to `engine` again.
pub fn replay(row: &Row, engine: Option<&str>) -> String {
    if row.kind.starts_with("engine-") {
        let request = row.fixture.get("request").map(Value::to_string);
        return match (request, engine) {
            (Some(request), Some(engine)) => format!("echo '{request}' | {engine}"),
            (Some(request), None) => format!("echo '{request}' | ENGINE"),
            (None, _) => engine.map_or("-".into(), |e| {
                format!("echo '{{\"id\": 1, \"cmd\": \"hello\"}}' | {e}")
            }),
        };
    }
    if let Some(name) = row.fixture.get("fixture").and_then(Value::as_str) {
        return format!("trichess fixtures --filter {name}");
    }
    let mut command = match row.kind.as_str() {
        "different-perft" => {
            let depth = row
                .a_says
                .strip_prefix("perft ")
                .and_then(|s| s.split_whitespace().next())
                .unwrap_or("1");
            format!("trichess perft {} {depth}", row.variant)
        }
        _ => format!("trichess explain {}", row.variant),
    };
    command += &format!(" -p \"{}\"", row.position);
    if row.readings != "defaults" {
        for reading in row.readings.split_whitespace() {
            command += &format!(" -i {reading}");
        }
    }
    match row.kind.as_str() {
        "different-perft" => {}
        "different-result" => command += " --result",
        "different-validity" => command += " --validity",
        _ if row.mv != "-" => command += &format!(" {}", row.mv),
        _ => command += " --result",
    }
    command
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
/// a row of its finding (once per case, at most `per_finding` rows kept of each), the report
/// is rewritten after each, and the run stops once it keeps `max_rows`; progress and notes go
/// to an observer.
pub struct LiveTable<'o> {
    report: Option<PathBuf>,
    command: String,
    seed: u64,
    max_rows: usize,
    per_finding: usize,
    reference: Reference,
    rows: Mutex<(Table, BTreeSet<String>, Option<ReportError>)>,
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
    /// rows, `per_finding` of each finding, written into `report` if given; `reference` is the
    /// engine that stands for the oracle, whose explanation names the rules of each row.
    pub fn new(
        (command, seed): (String, u64),
        report: Option<PathBuf>,
        (max_rows, per_finding): (usize, usize),
        reference: Reference,
        observer: &'o dyn Observer,
    ) -> LiveTable<'o> {
        LiveTable {
            report,
            command,
            seed,
            max_rows,
            per_finding,
            reference,
            rows: Mutex::new((Table::new(per_finding, None), BTreeSet::new(), None)),
            observer,
        }
    }

    /// The final table of the run: the campaign's findings in its order (of the variants,
    /// then of the threads, then as found), until `max_rows` are kept, so that a run with a
    /// number of positions gives the same table however fast its threads go; the report is
    /// written with it.
    pub fn finish(self, found: &CampaignReport) -> Result<Table, ReportError> {
        let (_, _, error) = self.rows.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = error {
            return Err(e);
        }
        let mut table = Table::new(self.per_finding, None);
        for f in &found.findings {
            if table.rows.len() >= self.max_rows {
                break;
            }
            table.add(row(0, f, self.reference));
        }
        if let Some(dir) = &self.report {
            write_diff(dir, &self.command, self.seed, &table, &found.runs)?;
        }
        Ok(table)
    }
}

impl Sink for LiveTable<'_> {
    fn found(&self, d: &Discovery) -> Flow {
        let Ok(mut live) = self.rows.lock() else {
            return Flow::Stop;
        };
        let (table, seen, error) = &mut *live;
        if !seen.insert(d.shrunk.key()) {
            return Flow::Continue;
        }
        table.add(row(0, &d.shrunk, self.reference));
        if let Some(dir) = &self.report
            && let Err(e) = write_diff(dir, &self.command, self.seed, table, &[])
        {
            error.get_or_insert(e);
            return Flow::Stop;
        }
        if table.rows.len() >= self.max_rows {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    fn progress(&self, variant: Variant, positions: u64, elapsed: Duration) {
        let findings = self.rows.lock().map_or(0, |l| l.0.findings());
        self.observer.progress(&format!(
            "{variant}: {positions} positions, {:.0}/s, {findings} findings",
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
/// the run; the JSON gives the deep states of each variant's `runs` (none while it runs).
pub fn write_diff(
    dir: &Path,
    command: &str,
    seed: u64,
    table: &Table,
    runs: &[VariantRun],
) -> Result<(), ReportError> {
    let deep: serde_json::Map<String, Value> = runs
        .iter()
        .map(|r| (r.variant.id().to_string(), json!(r.deep)))
        .collect();
    let head = Head {
        stem: "diff",
        generated_by: Some(command.to_string()),
        title: "trichess diff: discrepancies".into(),
        intro: format!(
            "{} findings, {} rows. A finding is one cause: the rows of one variant, kind, \
             deciding clause and readings (and, about validity, kinds of problem: the validity \
             section). The fixtures' rules, quote and expectation (the first \
             engine's answer) are for a person to confirm. Diagrams show the position, with the \
             move (if any) as an arrow.",
            table.findings(),
            table.rows.len()
        ),
        json: json!({"generated_by": command, "seed": seed, "deep_states": deep}),
    };
    write(dir, &head, table)
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

/// What the validity section says when it has no finding.
pub(crate) const NO_VALIDITY: &str =
    "None: the engines judge alike every position whose validity they both judged.";

/// The findings of `table` as Markdown sections: the findings about the rules, then those
/// about validity, grouped by the kinds of problem; one line each, with its count, its
/// smallest example and the command that replays it.
fn findings_markdown(table: &Table) -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut md = String::from("## Findings\n\n");
    let mut rules = table.groups_about_validity(false).peekable();
    if rules.peek().is_none() {
        md += "None.\n";
    } else {
        md += "| finding | variant | kind | clause | readings | count | example | replay |\n";
        md += "|---|---|---|---|---|---|---|---|\n";
    }
    for g in rules {
        md += &format!(
            "| F{} | {} | {} | {} | {} | {} | [#{}](#{}) | `{}` |\n",
            g.number,
            g.key.variant,
            g.key.kind,
            cell(&g.key.clause),
            cell(&g.key.readings),
            g.count,
            g.example,
            g.example,
            cell(&g.replay)
        );
    }
    md += "\n## Validity\n\n";
    let mut validity = table.groups_about_validity(true).peekable();
    if validity.peek().is_none() {
        return md + NO_VALIDITY + "\n";
    }
    md += "Positions whose validity the engine under test judges otherwise than the reference, \
           grouped by the kinds of problem the reference (or the engine) names.\n\n";
    md += "| finding | variant | readings | the engine | positions | example | clause | replay |\n";
    md += "|---|---|---|---|---|---|---|---|\n";
    for g in validity {
        md += &format!(
            "| F{} | {} | {} | {} | {} | [#{}](#{}) | {} | `{}` |\n",
            g.number,
            g.key.variant,
            cell(&g.key.readings),
            cell(g.key.problem.as_deref().unwrap_or_default()),
            g.count,
            g.example,
            g.example,
            cell(&g.key.clause),
            cell(&g.replay)
        );
    }
    md
}

/// The findings of `table` about validity (`true`) or the others, as JSON.
fn findings_json(table: &Table, validity: bool) -> Value {
    table
        .groups_about_validity(validity)
        .map(|g| {
            let mut group = json!({
                "number": g.number, "variant": g.key.variant, "kind": g.key.kind,
                "clause": g.key.clause, "readings": g.key.readings, "count": g.count,
                "rows": g.rows, "example": g.example, "replay": g.replay,
            });
            if let Some(problem) = &g.key.problem {
                group["problem"] = json!(problem);
            }
            group
        })
        .collect()
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

/// Writes the report of `table` into `dir`: `STEM.md` and `STEM.json` (the findings first,
/// then the rows), a diagram per row, and `index.html` (one self-contained page).
pub fn write(dir: &Path, head: &Head, table: &Table) -> Result<(), ReportError> {
    std::fs::create_dir_all(dir).map_err(failed(dir))?;
    let rows = &table.rows;
    let stem = head.stem;
    let generated = head.generated_by.as_ref().map_or(String::new(), |c| {
        format!("<!-- generated by `{c}`; do not edit -->\n")
    });
    let mut md = format!(
        "{generated}# {}\n\n{}\n\n",
        head.title,
        head.intro.trim_end()
    );
    md += &findings_markdown(table);
    md += "\n## Rows\n\n";
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
        if let Some(problem) = &r.problem {
            json_row["problem"] = json!(problem);
        }
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
    write_atomic(&dir.join("index.html"), &crate::html::page(head, table))?;
    let mut json = head.json.clone();
    if let Some(object) = json.as_object_mut() {
        object.insert("findings".into(), findings_json(table, false));
        object.insert("validity".into(), findings_json(table, true));
        object.insert("rows".into(), Value::Array(json_rows));
    }
    write_atomic(&dir.join(format!("{stem}.json")), &pretty(&json))
}
