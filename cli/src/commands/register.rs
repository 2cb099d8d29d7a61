//! `trichess rules`: a variant's rule register with fixture coverage.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use serde_json::json;
use tabled::settings::object::Columns;
use tabled::settings::{Style, Width};
use tabled::{Table, Tabled};
use trichess_model::runner::run_all;
use trichess_model::{Fixture, Variant};
use trichess_oracle::register::{Coverage, Register, coverage, lint};
use trichess_oracle::{Oracle, interpretations};

use super::fixture_dir;

#[derive(Tabled)]
struct ClauseRow {
    clause: String,
    status: &'static str,
    #[tabled(rename = "fixtures +/-")]
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
    let fixtures: Vec<Fixture> = Fixture::load_dir(&fixture_dir(dir)?)?
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
                       "positive": cov.positive, "negative": cov.negative, "passing": cov.passing})
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
    let rows: Vec<ClauseRow> = register
        .clauses
        .iter()
        .map(|c| {
            let cov = clauses.get(&c.id).unwrap_or(&none);
            ClauseRow {
                clause: c.id.clone(),
                status: c.status.name(),
                fixtures: format!("{}/{}", cov.positive, cov.negative),
                passing: cov.passing,
                quote: c.quote.clone(),
            }
        })
        .collect();
    let mut table = Table::new(rows);
    table
        .with(Style::sharp())
        .modify(Columns::one(4), Width::wrap(60).keep_words(true));
    say!("{table}\n");
    let rows: Vec<ReadingRow> = register
        .interpretations
        .iter()
        .flat_map(|i| {
            i.readings.iter().enumerate().map(|(n, r)| {
                let cov = readings
                    .get(&(i.id.clone(), r.name.clone()))
                    .unwrap_or(&none);
                ReadingRow {
                    interpretation: i.id.clone(),
                    reading: if n == 0 {
                        format!("{} (default)", r.name)
                    } else {
                        r.name.clone()
                    },
                    fixtures: cov.total(),
                    passing: cov.passing,
                    meaning: r.meaning.clone(),
                }
            })
        })
        .collect();
    let mut table = Table::new(rows);
    table
        .with(Style::sharp())
        .modify(Columns::one(4), Width::wrap(50).keep_words(true));
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
