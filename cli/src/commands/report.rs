//! The discrepancy table of `diff` and `cross-check`: one row per disagreement, with the rule
//! ids it touches and a paste-ready fixture, printed with tabled and written as Markdown, JSON
//! and an SVG diagram per row, each file replaced atomically after every row.

use std::io::IsTerminal;
use std::path::Path;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{Value, json};
use tabled::Tabled;
use trichess_diff::{Finding, Kind};
use trichess_model::{Game, Setup};
use trichess_oracle::register::Register;

/// One row of the discrepancy table.
#[derive(Clone, Debug, Tabled)]
pub struct Row {
    #[tabled(rename = "#")]
    pub number: usize,
    pub variant: String,
    pub kind: String,
    pub readings: String,
    pub position: String,
    #[tabled(rename = "move")]
    pub mv: String,
    #[tabled(rename = "first says")]
    pub a_says: String,
    #[tabled(rename = "second says")]
    pub b_says: String,
    pub rules: String,
    #[tabled(skip)]
    pub pieces: usize,
    #[tabled(skip)]
    pub fixture: Value,
    #[tabled(skip)]
    pub svg: Option<String>,
}

/// A spinner with a message on standard error when it is a terminal (hidden otherwise, so
/// piped output stays clean).
pub fn spinner() -> ProgressBar {
    let progress = if std::io::stderr().is_terminal() {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    progress.set_style(
        ProgressStyle::with_template("{spinner} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_spinner()),
    );
    progress
}

/// Names the register ids a finding touches: every clause and interpretation whose id (after
/// the variant prefix) contains one of the finding's topic words (the moving piece's role,
/// castling, en passant, promotion, check, stalemate, ..., the centre for a move from one
/// half-board to another, and for two different positions after a move, the fields in which
/// they differ), at most four.
pub fn rule_ids(finding: &Finding, register: &Register) -> Vec<String> {
    let ids = register
        .clauses
        .iter()
        .map(|c| c.id.as_str())
        .chain(register.interpretations.iter().map(|i| i.id.as_str()));
    let mut topics = finding.topics();
    topics.extend(position_topics(finding));
    // On the hexagonal boards a move from one half-board to another passes the centre.
    if finding
        .mv
        .is_some_and(|mv| mv.from().sector().is_some() && mv.from().sector() != mv.to().sector())
    {
        topics.push("centre");
    }
    let mut out: Vec<String> = ids
        .filter(|id| {
            let short = id.split_once('.').map_or(*id, |(_, s)| s);
            topics.iter().any(|t| short.contains(t))
        })
        .map(str::to_string)
        .collect();
    out.truncate(4);
    out
}

/// The topic words of the fields in which the two positions of a different-position finding
/// differ (an en passant cell recorded by one engine only names en passant, say).
fn position_topics(finding: &Finding) -> Vec<&'static str> {
    if finding.kind != Kind::DifferentPosition {
        return Vec::new();
    }
    let variant = finding.game.variant;
    let (Ok(a), Ok(b)) = (
        Setup::parse(variant, &finding.a_says),
        Setup::parse(variant, &finding.b_says),
    ) else {
        return Vec::new();
    };
    let (a, b) = (a.to_json(), b.to_json());
    let mut topics = Vec::new();
    if let (Some(a), Some(b)) = (a.as_object(), b.as_object()) {
        for (key, value) in a {
            if b.get(key) != Some(value) {
                topics.push(match key.as_str() {
                    "to_move" => "turn-order",
                    "castling" => "castling",
                    "en_passant" | "en_passant_earlier" | "en_passant_pawn" => "en-passant",
                    "p4" | "p4_freed" => "p4",
                    "control" => "takeover",
                    "first_check" => "multiple-check",
                    "pending_mate" => "mate-final",
                    "unmoved" => "double-step",
                    "shared_square" => "shared-square",
                    "history" => "repeat",
                    "instant_win" => "instant-win",
                    _ => continue,
                });
            }
        }
    }
    topics
}

/// Writes the readings a game chooses, `id=reading` each, or `defaults`.
pub fn readings_text(game: &Game) -> String {
    if game.interpretations.is_empty() {
        return "defaults".into();
    }
    let list: Vec<String> = game
        .interpretations
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    list.join(" ")
}

/// Makes the row of a finding.
pub fn row(number: usize, f: &Finding, register: &Register) -> Row {
    let rules = rule_ids(f, register);
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
        rules: if rules.is_empty() {
            "?".into()
        } else {
            rules.join(" ")
        },
        pieces: f.setup.pieces.len(),
        fixture: f.fixture(&rules),
        svg,
    }
}

/// Writes `path` by a temporary file and a rename, so a killed run leaves the old file or the
/// new one, never half of one.
pub fn write_atomic(path: &Path, text: &str) -> Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))
}

/// What heads a report: the files' stem (`diff` writes `diff.md`, `diff.json`,
/// `diff-N.svg`), the title, the Markdown above the table, and the JSON's fields besides
/// `rows`.
#[derive(Clone, Debug)]
pub struct Head {
    pub stem: &'static str,
    pub title: String,
    pub intro: String,
    pub json: Value,
}

/// Writes the report of `rows` into `dir`.
pub fn write(dir: &Path, head: &Head, rows: &[Row]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let stem = head.stem;
    let mut md = format!("# {}\n\n{}\n\n", head.title, head.intro);
    md += "| # | variant | kind | readings | position | move | first says | second says | rules | diagram |\n";
    md += "|---|---|---|---|---|---|---|---|---|---|\n";
    let cell = |s: &str| s.replace('|', "\\|");
    let mut json_rows = Vec::new();
    for r in rows {
        let diagram = match &r.svg {
            Some(svg) => {
                let name = format!("{stem}-{}.svg", r.number);
                write_atomic(&dir.join(&name), svg)?;
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
        json_rows.push(json!({
            "number": r.number, "variant": r.variant, "kind": r.kind, "readings": r.readings,
            "position": r.position, "move": r.mv, "first_says": r.a_says,
            "second_says": r.b_says, "rules": r.rules, "pieces": r.pieces,
            "fixture": r.fixture,
        }));
    }
    for r in rows {
        md += &format!(
            "\n## #{}\n\n```json\n{}\n```\n",
            r.number,
            serde_json::to_string_pretty(&r.fixture)?
        );
    }
    write_atomic(&dir.join(format!("{stem}.md")), &md)?;
    let mut json = head.json.clone();
    if let Some(object) = json.as_object_mut() {
        object.insert("rows".into(), Value::Array(json_rows));
    }
    write_atomic(
        &dir.join(format!("{stem}.json")),
        &serde_json::to_string_pretty(&json)?,
    )
}
