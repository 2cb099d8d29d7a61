//! `trichess rules`: a variant's rule register with fixture coverage.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use serde_json::json;
use tabled::settings::object::Columns;
use tabled::settings::{Alignment, Style};
use tabled::{Table, Tabled};
use trichess_model::Variant;
use trichess_oracle::{Oracle, interpretations};
use trichess_suite::register::{Coverage, Register, coverage, lint};
use trichess_suite::{Fixture, run_all};

use super::load_fixtures;

#[derive(Tabled)]
struct ClauseRow {
    clause: String,
    status: &'static str,
    #[tabled(rename = "+/-")]
    fixtures: String,
    passing: usize,
    quote: String,
}

#[derive(Tabled)]
struct ReadingRow {
    interpretation: String,
    reading: String,
    fixtures: usize,
    passing: usize,
    meaning: String,
}

/// Prints the register of `variant`, each clause with the fixtures covering it.
pub fn print(variant: Variant, dir: Option<PathBuf>, json: bool) -> Result<ExitCode> {
    let register = Register::of(variant)?;
    let fixtures: Vec<Fixture> = load_fixtures(dir)?
        .into_iter()
        .filter(|f| f.variant == variant)
        .collect();
    let results = run_all(&mut Oracle, &fixtures);
    let (clauses, readings) = coverage(&register, &fixtures, &results);
    let gaps = lint(variant, &register, &interpretations(variant), &fixtures);
    let none = Coverage::default();
    if json {
        let clause_list: Vec<_> = register
            .clauses
            .iter()
            .map(|c| {
                let cov = clauses.get(&c.id).unwrap_or(&none);
                json!({"id": c.id, "quote": c.quote, "status": c.status.name(), "note": fold(&c.note),
                       "parts": c.parts, "positive": cov.positive, "negative": cov.negative,
                       "passing": cov.passing})
            })
            .collect();
        let interpretation_list: Vec<_> = register
            .interpretations
            .iter()
            .map(|i| {
                let reading_list: Vec<_> = i
                    .readings
                    .iter()
                    .map(|r| {
                        let cov = readings.get(&(i.id.clone(), r.name.clone())).unwrap_or(&none);
                        json!({"name": r.name, "meaning": r.meaning, "fixtures": cov.total(), "passing": cov.passing})
                    })
                    .collect();
                json!({"id": i.id, "question": fold(&i.question), "default": i.readings.first().map(|r| &r.name),
                       "why_default": fold(&i.why_default), "readings": reading_list})
            })
            .collect();
        let report = json!({"variant": variant.id(), "source": register.source,
                            "clauses": clause_list, "interpretations": interpretation_list, "gaps": gaps});
        say!("{report}");
        return Ok(ExitCode::SUCCESS);
    }
    say!(
        "Rule register of {} ({}), source sources/{}\n",
        variant.name(),
        variant.id(),
        register.source
    );
    let width = super::table_width();
    let longest = |ids: &mut dyn Iterator<Item = usize>| ids.max().unwrap_or(0);
    // The other columns' widths and the borders; the quote gets the rest, at least 24.
    let status_width = longest(&mut register.clauses.iter().map(|c| c.status.name().len()));
    let clause_width = longest(&mut register.clauses.iter().map(|c| c.id.len())).min(width / 4);
    let fixed = clause_width + status_width + 9 + 7 + 16;
    let quote_width = width.saturating_sub(fixed).max(12);
    let rows: Vec<ClauseRow> = register
        .clauses
        .iter()
        .map(|c| {
            let cov = clauses.get(&c.id).unwrap_or(&none);
            // A split clause's fixtures are its parts'; say which they are.
            let quote = if c.parts.is_empty() {
                c.quote.clone()
            } else {
                format!("{} (parts: {})", c.quote, c.parts.join(", "))
            };
            ClauseRow {
                clause: fill_id(&c.id, clause_width),
                status: c.status.name(),
                fixtures: format!("{}/{}", cov.positive, cov.negative),
                passing: cov.passing,
                quote: fill(&quote, quote_width),
            }
        })
        .collect();
    let mut table = Table::new(rows);
    table
        .with(Style::sharp())
        .modify(Columns::new(2..4), Alignment::right());
    say!("{table}\n");
    let id_width = longest(&mut register.interpretations.iter().map(|i| i.id.len())).min(width / 4);
    let reading_width = longest(
        &mut register
            .interpretations
            .iter()
            .flat_map(|i| i.readings.iter())
            .map(|r| r.name.len().max(9)),
    )
    .min(width / 5);
    let fixed = id_width + reading_width + 10 + 7 + 16;
    let meaning_width = width.saturating_sub(fixed).max(12);
    let rows: Vec<ReadingRow> = register
        .interpretations
        .iter()
        .flat_map(|i| {
            i.readings.iter().enumerate().map(|(n, r)| {
                let cov = readings
                    .get(&(i.id.clone(), r.name.clone()))
                    .unwrap_or(&none);
                ReadingRow {
                    interpretation: fill_id(&i.id, id_width),
                    reading: if n == 0 {
                        format!("{}\n(default)", fill_id(&r.name, reading_width))
                    } else {
                        fill_id(&r.name, reading_width)
                    },
                    fixtures: cov.total(),
                    passing: cov.passing,
                    meaning: fill(&r.meaning, meaning_width),
                }
            })
        })
        .collect();
    let mut table = Table::new(rows);
    table
        .with(Style::sharp())
        .modify(Columns::new(2..4), Alignment::right());
    say!("Interpretations (select with -i ID=READING):\n{table}");
    if gaps.is_empty() {
        say!("\nEvery clause and reading is covered by fixtures.");
    } else {
        say!("\nGaps:");
        for gap in &gaps {
            say!("- {gap}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn fold(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Wraps `text` at word boundaries into lines of at most `width` characters (a longer word
/// gets a line of its own), so that no continuation line starts with a space.
pub(super) fn fill(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let words = text.split_whitespace().flat_map(|word| {
        let chars: Vec<char> = word.chars().collect();
        let pieces: Vec<String> = chars
            .chunks(width.max(1))
            .map(|c| c.iter().collect())
            .collect();
        pieces
    });
    for word in words {
        let word = word.as_str();
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}

/// Wraps an id (no spaces) after its dots and hyphens into lines of at most `width`
/// characters, cutting a longer part where it must.
fn fill_id(id: &str, width: usize) -> String {
    let width = width.max(8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in id.split_inclusive(['.', '-']) {
        if !line.is_empty() && line.len() + part.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        line.push_str(part);
        while line.len() > width {
            let rest = line.split_off(width);
            lines.push(std::mem::replace(&mut line, rest));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.join("\n")
}
