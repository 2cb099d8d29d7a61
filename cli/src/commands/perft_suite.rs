//! `trichess perft-suite`: the perft tables against an engine.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Result, bail};
use serde_json::json;
use tabled::settings::Style;
use tabled::{Table, Tabled};
use trichess_model::Engine;
use trichess_suite::PerftTable;
use trichess_suite::perft::{PerftRow, RowResult, RowVerdict, check_table_with};

use super::load_tables;
use crate::args::Format;

#[derive(Tabled)]
struct Row {
    variant: String,
    position: String,
    depth: u32,
    nodes: u64,
    verdict: String,
    seconds: String,
}

/// What to check: the tables' directory, a filter on variant/position ids, a node limit, and
/// whether rows that the engine did not compute when the table was made are run too.
pub struct Selection {
    pub dir: Option<PathBuf>,
    pub filter: Option<String>,
    pub max_nodes: Option<u64>,
    pub every_row: bool,
}

/// Checks the selected rows and prints one line per row; exits 1 on any failure.
pub fn run(engine: &mut dyn Engine, selection: Selection, format: Format) -> Result<ExitCode> {
    let tables = load_tables(selection.dir)?;
    let name = engine.name();
    // The engine the table's rows name: a mutated engine ("fast --mutant NAME") is checked
    // against the rows its unmutated engine computed.
    let base = name
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string();
    let every_row = selection.every_row;
    let max_nodes = selection.max_nodes;
    let skip = |row: &PerftRow| {
        if let Some(limit) = max_nodes.filter(|&limit| row.nodes > limit) {
            return Some(format!("over --max-nodes {limit}"));
        }
        (!every_row && !row.engines.contains(&base))
            .then(|| format!("not computed by {name} when the table was made (give --every-row)"))
    };
    let show = std::io::stderr().is_terminal();
    let mut rows = Vec::new();
    let mut failed = 0;
    let mut passed = 0;
    for table in &tables {
        let variant = table.variant.id();
        let wanted = |id: &str| {
            selection
                .filter
                .as_deref()
                .is_none_or(|text| format!("{variant}/{id}").contains(text))
        };
        let selected = PerftTable {
            variant: table.variant,
            positions: table
                .positions
                .iter()
                .filter(|p| wanted(&p.id))
                .cloned()
                .collect(),
        };
        let mut progress = |r: &RowResult| {
            if show {
                eprint!("\r\x1b[Kperft-suite: {variant} {} depth {}", r.id, r.depth);
            }
        };
        for r in check_table_with(engine, &selected, &skip, &mut progress) {
            match r.verdict {
                RowVerdict::Pass => passed += 1,
                RowVerdict::Fail(_) => failed += 1,
                RowVerdict::Skip(_) => {}
            }
            rows.push((variant, r));
        }
    }
    if show {
        eprint!("\r\x1b[K");
    }
    if rows.is_empty() {
        bail!(
            "no perft position matches '{}'",
            selection.filter.unwrap_or_default()
        );
    }
    let skipped = rows.len() - passed - failed;
    let summary = format!(
        "{} perft rows: {passed} passed, {failed} failed, {skipped} skipped",
        rows.len()
    );
    if format == Format::Json {
        let list: Vec<_> = rows
            .iter()
            .map(|(variant, r)| {
                let (verdict, detail) = match &r.verdict {
                    RowVerdict::Pass => ("pass", String::new()),
                    RowVerdict::Fail(why) => ("fail", why.clone()),
                    RowVerdict::Skip(why) => ("skip", why.clone()),
                };
                json!({"variant": variant, "position": r.id, "depth": r.depth, "nodes": r.nodes,
                       "verdict": verdict, "detail": detail, "seconds": r.seconds})
            })
            .collect();
        say!(
            "{}",
            json!({"engine": engine.name(), "rows": list,
                   "summary": {"rows": rows.len(), "passed": passed, "failed": failed, "skipped": skipped}})
        );
    } else {
        let table_rows = rows.iter().map(|(variant, r)| Row {
            variant: variant.to_string(),
            position: r.id.clone(),
            depth: r.depth,
            nodes: r.nodes,
            verdict: r.verdict.to_string(),
            seconds: format!("{:.3}", r.seconds),
        });
        let mut table = Table::new(table_rows);
        if format == Format::Markdown {
            table.with(Style::markdown());
        } else {
            table.with(Style::sharp());
        }
        say!("{table}");
        say!("\n{summary}");
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
