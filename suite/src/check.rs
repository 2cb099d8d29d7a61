//! The suite as another engine's tests run it: the data (built into this crate, or read from
//! a directory), a selection (variants, and a name filter from the environment with
//! exclusions), and reports that list every failure at once, with what a maintainer needs to
//! judge it.

use std::fmt;
use std::path::Path;
use std::sync::OnceLock;

use trichess_model::{Engine, Variant};

use crate::fixture::{Fixture, LoadError};
use crate::perft::{PerftLoadError, PerftRow, PerftTable, RowResult, RowVerdict, check_table_with};
use crate::runner::{FixtureResult, Verdict, run};

/// The fixtures and the perft tables.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Suite {
    /// Every fixture, sorted by name.
    pub fixtures: Vec<Fixture>,
    /// One perft table per variant, sorted by file name.
    pub tables: Vec<PerftTable>,
}

/// Why a suite does not load.
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SuiteError {
    /// Fixture files that do not read, each with its cause.
    #[error("{0}")]
    Fixtures(String),
    /// Perft tables that do not read.
    #[error(transparent)]
    Perft(#[from] PerftLoadError),
    /// A directory asked for is not one.
    #[error("{0} directory {path} is not a directory", path = .1.display())]
    NotADirectory(&'static str, std::path::PathBuf),
}

impl From<LoadError> for SuiteError {
    fn from(e: LoadError) -> SuiteError {
        SuiteError::Fixtures(e.to_string())
    }
}

impl Suite {
    /// Returns the suite built into this crate: the fixtures and perft tables of its
    /// `fixtures/` directory as they were when it was compiled (read once).
    pub fn embedded() -> Result<&'static Suite, SuiteError> {
        static SUITE: OnceLock<Result<Suite, SuiteError>> = OnceLock::new();
        SUITE
            .get_or_init(|| {
                let fixtures = crate::embedded::FIXTURES
                    .iter()
                    .map(|&(name, text)| (name.into(), Fixture::from_json(name, text)));
                let tables = crate::embedded::PERFT_TABLES.iter().map(|&(name, text)| {
                    PerftTable::parse(text).map_err(|e| format!("{name}: {e}"))
                });
                Ok(Suite {
                    fixtures: Fixture::collect(fixtures)?,
                    tables: PerftTable::collect(tables)?,
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Returns the fixtures of a directory (every `*.json` file below it), else those built
    /// in.
    pub fn fixtures_of(dir: Option<&Path>) -> Result<Vec<Fixture>, SuiteError> {
        match dir {
            Some(dir) if !dir.is_dir() => {
                Err(SuiteError::NotADirectory("fixture", dir.to_path_buf()))
            }
            Some(dir) => Ok(Fixture::load_dir(dir)?),
            None => Ok(Suite::embedded()?.fixtures.clone()),
        }
    }

    /// Returns the perft tables of a directory (its `*.perft` files), else those built in.
    pub fn tables_of(dir: Option<&Path>) -> Result<Vec<PerftTable>, SuiteError> {
        match dir {
            Some(dir) if !dir.is_dir() => {
                Err(SuiteError::NotADirectory("perft", dir.to_path_buf()))
            }
            Some(dir) => Ok(PerftTable::load_dir(dir)?),
            None => Ok(Suite::embedded()?.tables.clone()),
        }
    }
}

/// Which names to run: a list of terms, each kept if its name contains it, each dropped if
/// it contains a term written with a leading `-`. No kept term keeps everything.
///
/// ```
/// use trichess_suite::Filter;
/// let filter = Filter::parse("yalta/kings,-yalta/kings/touching");
/// assert!(filter.matches("yalta/kings/capture"));
/// assert!(!filter.matches("yalta/kings/touching-kings"));
/// assert!(!filter.matches("yuri/start"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    keep: Vec<String>,
    drop: Vec<String>,
}

impl Filter {
    /// The environment variable [`Filter::from_env`] reads.
    pub const VARIABLE: &'static str = "TRICHESS_TEST";

    /// Reads a filter from comma-separated terms.
    pub fn parse(text: &str) -> Filter {
        let mut filter = Filter::default();
        for term in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            match term.strip_prefix('-') {
                Some(dropped) => filter.drop.push(dropped.to_string()),
                None => filter.keep.push(term.to_string()),
            }
        }
        filter
    }

    /// Reads the filter of `TRICHESS_TEST` (empty, so everything, when it is not set).
    pub fn from_env() -> Filter {
        std::env::var(Filter::VARIABLE).map_or_else(|_| Filter::default(), |t| Filter::parse(&t))
    }

    /// Returns true if `name` is selected.
    pub fn matches(&self, name: &str) -> bool {
        (self.keep.is_empty() || self.keep.iter().any(|t| name.contains(t.as_str())))
            && !self.drop.iter().any(|t| name.contains(t.as_str()))
    }
}

/// Runs the suite, or the part of it selected, against an engine.
///
/// ```no_run
/// use trichess_suite::Runner;
/// use trichess_model::Variant;
/// # fn engine() -> Box<dyn trichess_model::Engine> { unimplemented!() }
/// let mut mine = engine();
/// let runner = Runner::new().expect("the suite loads").variant(Variant::Yalta);
/// runner.fixtures(mine.as_mut()).assert();
/// runner.perft(mine.as_mut()).assert();
/// ```
#[derive(Clone, Debug)]
pub struct Runner<'a> {
    suite: &'a Suite,
    variants: Vec<Variant>,
    filter: Filter,
    max_nodes: u64,
}

impl Runner<'static> {
    /// Returns a runner of the embedded suite, filtered by `TRICHESS_TEST`, of every variant,
    /// with a node limit of [`Runner::DEFAULT_MAX_NODES`].
    pub fn new() -> Result<Runner<'static>, SuiteError> {
        Ok(Runner::of(Suite::embedded()?).filter(Filter::from_env()))
    }
}

impl<'a> Runner<'a> {
    /// The perft rows of more nodes than this are skipped, unless [`Runner::max_nodes`] says
    /// otherwise.
    pub const DEFAULT_MAX_NODES: u64 = 1_000_000;

    /// Returns a runner of `suite`, unfiltered.
    pub fn of(suite: &'a Suite) -> Runner<'a> {
        Runner {
            suite,
            variants: Vec::new(),
            filter: Filter::default(),
            max_nodes: Runner::DEFAULT_MAX_NODES,
        }
    }

    /// Runs only `variant` (repeatable: each call adds one; none runs every variant).
    pub fn variant(mut self, variant: Variant) -> Runner<'a> {
        self.variants.push(variant);
        self
    }

    /// Runs only what `filter` selects: fixtures by name, perft rows by `variant/id`.
    pub fn filter(mut self, filter: Filter) -> Runner<'a> {
        self.filter = filter;
        self
    }

    /// Skips the perft rows of more than `nodes` nodes.
    pub fn max_nodes(mut self, nodes: u64) -> Runner<'a> {
        self.max_nodes = nodes;
        self
    }

    fn wanted(&self, variant: Variant) -> bool {
        self.variants.is_empty() || self.variants.contains(&variant)
    }

    /// Returns the fixtures selected.
    pub fn selected_fixtures(&self) -> Vec<&'a Fixture> {
        self.suite
            .fixtures
            .iter()
            .filter(|f| self.wanted(f.variant) && self.filter.matches(&f.name))
            .collect()
    }

    /// Runs the selected fixtures against `engine`.
    pub fn fixtures(&self, engine: &mut dyn Engine) -> FixtureReport {
        self.fixtures_with(engine, &mut |_, _| {})
    }

    /// Checks the selected perft rows against `engine`, those over the node limit skipped.
    pub fn perft(&self, engine: &mut dyn Engine) -> PerftReport {
        let max = self.max_nodes;
        let skip =
            |row: &PerftRow| (row.nodes > max).then(|| format!("over the node limit of {max}"));
        self.perft_with(engine, &skip, &mut |_| {})
    }

    /// Checks the selected perft rows against `engine`: `skip` gives the reason to leave a
    /// row out (or `None` to run it), and `done` hears of each row as soon as it is done.
    pub fn perft_with(
        &self,
        engine: &mut dyn Engine,
        skip: &dyn Fn(&PerftRow) -> Option<String>,
        done: &mut dyn FnMut(&RowResult),
    ) -> PerftReport {
        let mut rows = Vec::new();
        for table in self.suite.tables.iter().filter(|t| self.wanted(t.variant)) {
            let selected = PerftTable {
                variant: table.variant,
                positions: table
                    .positions
                    .iter()
                    .filter(|p| self.filter.matches(&format!("{}/{}", table.variant, p.id)))
                    .cloned()
                    .collect(),
            };
            rows.extend(check_table_with(engine, &selected, skip, done));
        }
        PerftReport {
            engine: engine.name(),
            rows,
        }
    }

    /// Runs the selected fixtures against `engine`; `done` hears of each as soon as it is
    /// run, with how many were run and how many there are.
    pub fn fixtures_with(
        &self,
        engine: &mut dyn Engine,
        done: &mut dyn FnMut(usize, usize),
    ) -> FixtureReport {
        let selected = self.selected_fixtures();
        let results = selected
            .iter()
            .enumerate()
            .map(|(i, fixture)| {
                let verdict = run(engine, fixture);
                done(i + 1, selected.len());
                FixtureResult {
                    fixture: (*fixture).clone(),
                    verdict,
                }
            })
            .collect();
        FixtureReport {
            engine: engine.name(),
            results,
        }
    }
}

/// What running fixtures against an engine gave.
#[derive(Clone, Debug)]
pub struct FixtureReport {
    /// The engine's name.
    pub engine: String,
    /// One result per fixture run, in the order run.
    pub results: Vec<FixtureResult>,
}

impl FixtureReport {
    /// Returns the results that failed.
    pub fn failures(&self) -> Vec<&FixtureResult> {
        self.results
            .iter()
            .filter(|r| matches!(r.verdict, Verdict::Fail(_)))
            .collect()
    }

    /// Returns how many passed, failed and were skipped.
    pub fn counts(&self) -> (usize, usize, usize) {
        let count = |f: fn(&Verdict) -> bool| self.results.iter().filter(|r| f(&r.verdict)).count();
        (
            count(|v| matches!(v, Verdict::Pass)),
            count(|v| matches!(v, Verdict::Fail(_))),
            count(|v| matches!(v, Verdict::Skip(_))),
        )
    }

    /// Panics, listing every failure (see [`fmt::Display`]), if any fixture failed or none
    /// was run.
    #[allow(clippy::panic, reason = "an assertion for tests, as assert! is")]
    pub fn assert(&self) {
        if self.results.is_empty() || !self.failures().is_empty() {
            panic!("{self}");
        }
    }
}

impl fmt::Display for FixtureReport {
    /// Writes the counts, then every failure with its rules, quote, derivation, expectation
    /// and what the engine said, and how to rerun one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (passed, failed, skipped) = self.counts();
        writeln!(
            f,
            "{} fixtures against {}: {passed} passed, {failed} failed, {skipped} skipped",
            self.results.len(),
            self.engine
        )?;
        if self.results.is_empty() {
            writeln!(f, "no fixture selected (is {} set?)", Filter::VARIABLE)?;
        }
        for r in self.failures() {
            writeln!(f, "{r}")?;
        }
        if failed > 0 {
            writeln!(
                f,
                "rerun one with {}=NAME (terms separated by commas, -NAME leaves one out)",
                Filter::VARIABLE
            )?;
        }
        Ok(())
    }
}

/// What checking perft rows against an engine gave.
#[derive(Clone, Debug)]
pub struct PerftReport {
    /// The engine's name.
    pub engine: String,
    /// One result per perft row, in the order checked.
    pub rows: Vec<RowResult>,
}

impl PerftReport {
    /// Returns the rows that failed.
    pub fn failures(&self) -> Vec<&RowResult> {
        self.rows
            .iter()
            .filter(|r| matches!(r.verdict, RowVerdict::Fail(_)))
            .collect()
    }

    /// Divides every failed row move by move, `engine` (the one checked) against
    /// `reference`, so that each failure names the root moves whose counts differ.
    pub fn divide(mut self, engine: &mut dyn Engine, reference: &mut dyn Engine) -> PerftReport {
        for row in &mut self.rows {
            row.divide(engine, reference);
        }
        self
    }

    /// Panics, listing every failure, if any row failed or none was run.
    #[allow(clippy::panic, reason = "an assertion for tests, as assert! is")]
    pub fn assert(&self) {
        let run = self
            .rows
            .iter()
            .any(|r| !matches!(r.verdict, RowVerdict::Skip(_)));
        if !run || !self.failures().is_empty() {
            panic!("{self}");
        }
    }
}

impl fmt::Display for PerftReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (passed, failed, skipped) = self.counts();
        writeln!(
            f,
            "{} perft rows against {}: {passed} passed, {failed} failed, {skipped} skipped",
            self.rows.len(),
            self.engine,
        )?;
        for r in self.failures() {
            writeln!(f, "{r}")?;
        }
        Ok(())
    }
}
