//! Perft tables: deep move-path counts as line-based data files, with their provenance.
//!
//! A table is a `.perft` file under this crate's `fixtures/perft/`, one per variant. Lines starting with `#`
//! are comments (the first says where the counts come from); blank lines separate blocks. The
//! file names its variant once, then one block per position:
//!
//! ```text
//! # Source: counts agreed by the engines named in each row
//! variant osullivan
//!
//! id start
//! position start
//! perft 1 14 oracle,fast 74227c7
//! perft 7 220847171 fast 74227c7
//!
//! id barrier
//! position a1:bK,d2:bR,h1:rK,d8:wK b
//! interpretation osullivan.turn-order=white-black-red
//! perft 2 123 oracle,fast 74227c7
//! ```
//!
//! `position` is `start` or the text form; each `interpretation` line chooses a reading
//! (`ID=READING`), the rest take their defaults; each `perft` row gives the depth, the count,
//! the engines that computed that count (comma-separated) and the commit they ran at. A row
//! that only one engine reached is marked by naming only that engine.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use trichess_model::{Engine, EngineError, Game, Setup, Variant};

/// One perft row: the count at a depth, and who computed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRow {
    /// The depth.
    pub depth: u32,
    /// The number of move paths of that length.
    pub nodes: u64,
    /// The engines that computed this count.
    pub engines: Vec<String>,
    /// The commit they ran at.
    pub commit: String,
    /// The row's line in the file.
    pub line: usize,
}

impl PerftRow {
    /// Why `trichess perft-suite` leaves this row out for the engine named `engine`, or `None`
    /// to check it: a count over `max_nodes` (its `--max-nodes`), or a row the engine did not
    /// compute when the table was made, unless `every_row` (its `--every-row`). A mutated
    /// engine (`fast --mutant NAME`) is held to the rows its unmutated engine computed.
    pub fn skipped_for(
        &self,
        engine: &str,
        max_nodes: Option<u64>,
        every_row: bool,
    ) -> Option<String> {
        if let Some(limit) = max_nodes.filter(|&limit| self.nodes > limit) {
            return Some(format!("over --max-nodes {limit}"));
        }
        let base = engine.split_whitespace().next().unwrap_or_default();
        (!every_row && !self.engines.iter().any(|e| e == base))
            .then(|| format!("not computed by {engine} when the table was made (give --every-row)"))
    }
}

/// A position of a perft table, with its readings and rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftPosition {
    /// The position's id within the table (`start`, `barrier-rook`, ...).
    pub id: String,
    /// `start`, or the text form.
    pub position: String,
    /// The readings its rows are counted under (the others at their defaults).
    pub interpretations: BTreeMap<String, String>,
    /// Its rows, by depth.
    pub rows: Vec<PerftRow>,
}

/// A variant's perft table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftTable {
    /// The variant.
    pub variant: Variant,
    /// Its positions, in the file's order.
    pub positions: Vec<PerftPosition>,
}

/// Why a perft table does not read: the line and the cause.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct PerftTableError {
    /// The line of the file.
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

fn error(line: usize, message: impl Into<String>) -> PerftTableError {
    PerftTableError {
        line,
        message: message.into(),
    }
}

impl PerftTable {
    /// Reads a perft table; every position must read as a position of the table's variant.
    pub fn parse(text: &str) -> Result<PerftTable, PerftTableError> {
        let mut variant = None;
        let mut positions: Vec<PerftPosition> = Vec::new();
        for (n, raw) in text.lines().enumerate() {
            let line = n + 1;
            let raw = raw.trim();
            if raw.is_empty() || raw.starts_with('#') {
                continue;
            }
            let (key, rest) = raw.split_once(' ').unwrap_or((raw, ""));
            let rest = rest.trim();
            match key {
                "variant" if variant.is_none() && positions.is_empty() => {
                    variant = Some(
                        rest.parse::<Variant>()
                            .map_err(|e| error(line, e.to_string()))?,
                    );
                }
                "id" if variant.is_none() => {
                    return Err(error(line, "'variant' must come once, first"));
                }
                "id" => {
                    if rest.is_empty() || rest.contains(char::is_whitespace) {
                        return Err(error(line, "an id is one word"));
                    }
                    if positions.iter().any(|p| p.id == rest) {
                        return Err(error(line, format!("id {rest} given twice")));
                    }
                    positions.push(PerftPosition {
                        id: rest.to_string(),
                        position: String::new(),
                        interpretations: BTreeMap::new(),
                        rows: Vec::new(),
                    });
                }
                "position" | "interpretation" | "perft" => {
                    let Some(current) = positions.last_mut() else {
                        return Err(error(line, format!("'{key}' before the first 'id'")));
                    };
                    match key {
                        "position" if current.position.is_empty() => {
                            current.position = rest.to_string()
                        }
                        "position" => return Err(error(line, "a second 'position'")),
                        "interpretation" => {
                            let (id, reading) = rest
                                .split_once('=')
                                .ok_or_else(|| error(line, "expected ID=READING"))?;
                            if current
                                .interpretations
                                .insert(id.to_string(), reading.to_string())
                                .is_some()
                            {
                                return Err(error(
                                    line,
                                    format!("interpretation {id} given twice"),
                                ));
                            }
                        }
                        _ => current.rows.push(parse_row(line, rest)?),
                    }
                }
                "variant" => return Err(error(line, "'variant' must come once, first")),
                other => return Err(error(line, format!("unknown key '{other}'"))),
            }
        }
        let variant = variant.ok_or_else(|| error(1, "no 'variant' line"))?;
        for p in &positions {
            if p.position.is_empty() {
                return Err(error(0, format!("{}: no 'position'", p.id)));
            }
            if p.rows.is_empty() {
                return Err(error(0, format!("{}: no 'perft' row", p.id)));
            }
            if p.position != "start" {
                Setup::parse(variant, &p.position)
                    .map_err(|e| error(0, format!("{}: the position does not read: {e}", p.id)))?;
            }
        }
        Ok(PerftTable { variant, positions })
    }
}

/// Why the perft tables of a directory do not load: each bad file with its cause.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", .problems.join("; "))]
pub struct PerftLoadError {
    /// Each table that does not read, with why.
    pub problems: Vec<String>,
}

impl PerftTable {
    /// Reads every `*.perft` file of `dir`, sorted by file name; reports every bad file at once.
    pub fn load_dir(dir: &Path) -> Result<Vec<PerftTable>, PerftLoadError> {
        let fail = |problem: String| PerftLoadError {
            problems: vec![problem],
        };
        let entries = std::fs::read_dir(dir)
            .map_err(|e| fail(format!("cannot read {}: {e}", dir.display())))?;
        let mut paths: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "perft"))
            .collect();
        paths.sort();
        if paths.is_empty() {
            return Err(fail(format!("no .perft file in {}", dir.display())));
        }
        PerftTable::collect(paths.into_iter().map(|path| {
            std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
                .and_then(|text| {
                    PerftTable::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
                })
        }))
    }

    /// Gathers tables read one by one (each error naming its file); reports every one that
    /// did not read at once.
    pub(crate) fn collect(
        read: impl IntoIterator<Item = Result<PerftTable, String>>,
    ) -> Result<Vec<PerftTable>, PerftLoadError> {
        let mut tables = Vec::new();
        let mut problems = Vec::new();
        for table in read {
            match table {
                Ok(table) => tables.push(table),
                Err(e) => problems.push(e),
            }
        }
        if problems.is_empty() {
            Ok(tables)
        } else {
            Err(PerftLoadError { problems })
        }
    }
}

fn parse_row(line: usize, rest: &str) -> Result<PerftRow, PerftTableError> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let [depth, nodes, engines, commit] = words[..] else {
        return Err(error(line, "expected: perft DEPTH NODES ENGINES COMMIT"));
    };
    let depth = depth
        .parse()
        .map_err(|_| error(line, format!("'{depth}' is not a depth")))?;
    let nodes = nodes
        .parse()
        .map_err(|_| error(line, format!("'{nodes}' is not a count")))?;
    Ok(PerftRow {
        depth,
        nodes,
        engines: engines.split(',').map(str::to_string).collect(),
        commit: commit.to_string(),
        line,
    })
}

/// What checking one row against an engine gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowVerdict {
    /// The engine counted the expected number.
    Pass,
    /// The engine counted another number, or refused.
    Fail(String),
    /// Not run: over the node limit, or the engine does not play the game.
    Skip(String),
}

impl fmt::Display for RowVerdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RowVerdict::Pass => f.write_str("pass"),
            RowVerdict::Fail(why) => write!(f, "FAIL: {why}"),
            RowVerdict::Skip(why) => write!(f, "skip: {why}"),
        }
    }
}

/// One checked row: where it is (variant, position id, the position and its readings), the
/// depth, the count expected, the verdict, and how long the engine took.
#[derive(Clone, Debug, PartialEq)]
pub struct RowResult {
    /// The variant.
    pub variant: Variant,
    /// The position's id within the table.
    pub id: String,
    /// `start`, or the text form.
    pub position: String,
    /// The readings the row is counted under.
    pub interpretations: BTreeMap<String, String>,
    /// The depth.
    pub depth: u32,
    /// The count expected.
    pub nodes: u64,
    /// The verdict.
    pub verdict: RowVerdict,
    /// How long the engine took, in seconds.
    pub seconds: f64,
    /// For a failed row divided against a reference engine ([`RowResult::divide`]): the root
    /// moves whose counts differ.
    pub divide: Vec<DivideDifference>,
}

/// A root move whose count differs between an engine and the reference, in a divided row:
/// `None` where that engine does not list the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DivideDifference {
    /// The root move.
    pub mv: String,
    /// Its count by the reference engine.
    pub reference: Option<u64>,
    /// Its count by the engine checked.
    pub engine: Option<u64>,
}

impl RowResult {
    /// Returns the row's game: its variant and readings.
    pub fn game(&self) -> Game {
        Game {
            variant: self.variant,
            interpretations: self.interpretations.clone(),
        }
    }

    /// Divides a failed row move by move, the engine against `reference` (the oracle, say),
    /// and keeps the root moves whose counts differ in [`RowResult::divide`]: where to look
    /// first. A row that passed, or that either engine cannot divide, is left as it is.
    pub fn divide(&mut self, engine: &mut dyn Engine, reference: &mut dyn Engine) {
        if !matches!(self.verdict, RowVerdict::Fail(_)) || self.depth == 0 {
            return;
        }
        let game = self.game();
        let Ok(setup) = reference.start(&game).and_then(|start| {
            if self.position == "start" {
                Ok(start)
            } else {
                Setup::parse(self.variant, &self.position)
                    .map_err(|e| EngineError::Failed(e.to_string()))
            }
        }) else {
            return;
        };
        let (Ok(theirs), Ok(ours)) = (
            engine.perft_divide(&game, &setup, self.depth),
            reference.perft_divide(&game, &setup, self.depth),
        ) else {
            return;
        };
        let theirs: BTreeMap<String, u64> = theirs
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        let ours: BTreeMap<String, u64> =
            ours.into_iter().map(|(m, n)| (m.to_string(), n)).collect();
        let moves: std::collections::BTreeSet<&String> = theirs.keys().chain(ours.keys()).collect();
        self.divide = moves
            .into_iter()
            .filter(|m| theirs.get(*m) != ours.get(*m))
            .map(|m| DivideDifference {
                mv: m.clone(),
                reference: ours.get(m).copied(),
                engine: theirs.get(m).copied(),
            })
            .collect();
    }
}

impl fmt::Display for RowResult {
    /// Writes the row (`variant/id depth d: verdict`), and for a failure its position and
    /// readings and the root moves whose counts differ, if it was divided.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}/{} perft {} = {}: {}",
            self.variant, self.id, self.depth, self.nodes, self.verdict
        )?;
        if !matches!(self.verdict, RowVerdict::Fail(_)) {
            return Ok(());
        }
        write!(
            f,
            "\n    position: {} ({})",
            self.position,
            crate::readings_text(&self.game())
        )?;
        let count = |n: Option<u64>| n.map_or("not listed".to_string(), |n| n.to_string());
        for d in &self.divide {
            write!(
                f,
                "\n    {}: reference {}, engine {}",
                d.mv,
                count(d.reference),
                count(d.engine)
            )?;
        }
        Ok(())
    }
}

/// Checks every row of `table` whose count is at most `max_nodes` against `engine`; rows
/// above the limit are skipped, and a failure never stops the run.
pub fn check_table(engine: &mut dyn Engine, table: &PerftTable, max_nodes: u64) -> Vec<RowResult> {
    let select = |row: &PerftRow| {
        (row.nodes > max_nodes).then(|| format!("over the node limit of {max_nodes}"))
    };
    check_table_with(engine, table, &select, &mut |_| {})
}

/// Checks the rows of `table` against `engine`: `skip` gives the reason to leave a row out
/// (or `None` to run it), and `on_row` hears of each row as soon as it is done.
pub fn check_table_with(
    engine: &mut dyn Engine,
    table: &PerftTable,
    skip: &dyn Fn(&PerftRow) -> Option<String>,
    on_row: &mut dyn FnMut(&RowResult),
) -> Vec<RowResult> {
    let mut results = Vec::new();
    for p in &table.positions {
        let game = Game {
            variant: table.variant,
            interpretations: p.interpretations.clone(),
        };
        let setup = setup_of(engine, &game, p);
        for row in &p.rows {
            let started = std::time::Instant::now();
            let verdict = match (&setup, skip(row)) {
                (_, Some(why)) => RowVerdict::Skip(why),
                (Err(EngineError::Unsupported(why)), None) => RowVerdict::Skip(why.clone()),
                (Err(e), None) => RowVerdict::Fail(e.to_string()),
                (Ok(setup), None) => match engine.perft(&game, setup, row.depth) {
                    Ok(n) if n == row.nodes => RowVerdict::Pass,
                    Ok(n) => RowVerdict::Fail(format!("expected {}, counted {n}", row.nodes)),
                    Err(e) => RowVerdict::Fail(e.to_string()),
                },
            };
            let result = RowResult {
                variant: table.variant,
                id: p.id.clone(),
                position: p.position.clone(),
                interpretations: p.interpretations.clone(),
                depth: row.depth,
                nodes: row.nodes,
                verdict,
                seconds: started.elapsed().as_secs_f64(),
                divide: Vec::new(),
            };
            on_row(&result);
            results.push(result);
        }
    }
    results
}

fn setup_of(engine: &mut dyn Engine, game: &Game, p: &PerftPosition) -> Result<Setup, EngineError> {
    engine.supports(game)?;
    if p.position == "start" {
        return engine.start(game);
    }
    let setup = Setup::parse(game.variant, &p.position)
        .map_err(|e| EngineError::InvalidPosition(format!("it does not read: {e}").into()))?;
    engine.check(game, &setup)?;
    Ok(setup)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_with_its_rows_and_readings() {
        let table = PerftTable::parse(
            "# Source: test\nvariant osullivan\n\nid start\nposition start\nperft 1 14 oracle,fast abc\n\n\
             id other\nposition a1:bK,h1:rK,d8:wK w\ninterpretation osullivan.stalemate=out\n\
             perft 2 9 fast abc\n",
        )
        .expect("reads");
        assert_eq!(table.variant, Variant::OSullivan);
        assert_eq!(table.positions.len(), 2);
        assert_eq!(table.positions[0].rows[0].engines, ["oracle", "fast"]);
        assert_eq!(
            table.positions[1].interpretations["osullivan.stalemate"],
            "out"
        );
        assert_eq!(table.positions[1].rows[0].line, 11);
    }

    #[test]
    fn a_row_is_skipped_over_the_node_limit_or_when_its_engines_did_not_compute_it() {
        let row = PerftRow {
            depth: 3,
            nodes: 1000,
            engines: vec!["oracle".into()],
            commit: "abc".into(),
            line: 4,
        };
        assert_eq!(row.skipped_for("oracle", None, false), None);
        assert_eq!(row.skipped_for("oracle", Some(1000), false), None);
        let over = row.skipped_for("oracle", Some(999), true);
        assert_eq!(over.as_deref(), Some("over --max-nodes 999"));
        let fast = row
            .skipped_for("fast", None, false)
            .expect("fast did not count it");
        assert!(fast.starts_with("not computed by fast when"), "{fast}");
        assert_eq!(row.skipped_for("fast", None, true), None);
        // A mutant of the oracle's name is held to the oracle's rows; a name that only
        // begins like an engine's is not that engine.
        assert_eq!(row.skipped_for("oracle --mutant m", None, false), None);
        assert!(row.skipped_for("oracles", None, false).is_some());
    }

    #[test]
    fn bad_tables_name_the_line() {
        let cases = [
            ("id x\n", "line 1: 'variant' must come once, first"),
            ("variant chess\n", "line 1: "),
            (
                "variant yuri\nperft 1 1 a b\n",
                "line 2: 'perft' before the first 'id'",
            ),
            (
                "variant yuri\nid a\nposition start\nperft one 1 a b\n",
                "line 4: 'one' is not a depth",
            ),
            (
                "variant yuri\nid a\nposition start\nperft 1 1 a\n",
                "line 4: expected: perft",
            ),
            (
                "variant yuri\nid a\nposition start\nid a\n",
                "line 4: id a given twice",
            ),
            (
                "variant yuri\nid a\nposition zz\nperft 1 1 a b\n",
                "a: the position does not read",
            ),
            ("variant yuri\nid a\nposition start\n", "a: no 'perft' row"),
            (
                "variant yuri\nid a\nplace start\n",
                "line 3: unknown key 'place'",
            ),
        ];
        for (text, message) in cases {
            let e = PerftTable::parse(text).expect_err(text).to_string();
            assert!(e.contains(message), "{text:?}: {e}");
        }
    }
}
