//! Fixtures: one behaviour each, taken from a rule text, with the clause it tests.
//!
//! A fixture is a JSON file under this crate's `fixtures/`; its name is its path below that directory
//! without `.json` (so names are stable and unique). Keys:
//! - `variant`: the variant id;
//! - `interpretations` (optional): interpretation id -> reading, for the open points the
//!   fixture depends on; the rest take their defaults;
//! - `rules`: the ids of the register clauses (or interpretations) it tests, first the main one;
//! - `quote`: words of the main clause's source text, verbatim (`…` marks an omission);
//! - `polarity`: `positive` if it shows something the clause allows or makes happen,
//!   `negative` if it shows something the clause forbids not happening;
//! - `derivation`: how the expected answer was worked out by hand from the rule text;
//! - `same_under` (optional): readings under which the expected answer holds as well, each
//!   `{"reading": "id=reading", "why": "..."}`; a fixture should tell its reading apart from
//!   the others (it fails under the default if it sets another reading, and under some other
//!   reading if it cites an interpretation at its default), and says here why not where it
//!   cannot;
//! - `position`: `"start"`, or a position in text or JSON form;
//! - `play` (optional): moves played first, each of which must be legal;
//! - `expect`: exactly one of
//!   `{"moves": [...]}` the exact set of legal moves;
//!   `{"legal": "m"}` / `{"illegal": "m"}` one move is / is not among them;
//!   `{"perft": {"depth": d, "nodes": n}}` the number of move paths of length d;
//!   `{"position": P}` the position reached, in text or JSON form;
//!   `{"outcome": O}` the outcome (see [`trichess_model::Outcome::to_json`]);
//!   `{"invalid": "parse"}` / `{"invalid": "position"}` the position is refused when read, or
//!   when checked against the rules; `{"invalid": {"position": ["too-many-royals", ...]}}`
//!   refused when checked, with problems of exactly these kinds ([`ProblemKind`]).
//!
//! Unknown keys, duplicate keys and unknown variants are errors.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

use trichess_model::{MAX_PERFT_DEPTH, ProblemKind, Variant};

/// A fixture, read and checked for shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Fixture {
    /// Its path below the fixture directory without `.json` (`yalta/kings/...`): never changed,
    /// so results compare by name.
    pub name: String,
    /// The variant it is about.
    pub variant: Variant,
    /// The readings it sets (interpretation id -> reading); the others are at their defaults.
    pub interpretations: BTreeMap<String, String>,
    /// The register ids of the clauses (or interpretations) it tests, the main one first.
    pub rules: Vec<String>,
    /// Words of the source, verbatim (` … ` marks an omission).
    pub quote: String,
    /// Whether it shows what a clause allows or what it rules out.
    pub polarity: Polarity,
    /// How the expected answer was worked out by hand from the rule text.
    pub derivation: String,
    /// Readings under which the expected answer holds as well, and why.
    pub same_under: Vec<SameUnder>,
    /// Where it starts.
    pub position: PositionSpec,
    /// Moves played first, in the variant's notation.
    pub play: Vec<String>,
    /// What it expects.
    pub expect: Expect,
}

/// A reading under which a fixture's expected answer holds as well as under its own.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SameUnder {
    /// The interpretation and reading, `id=reading`.
    pub reading: String,
    /// Why the answer is the same under it.
    pub why: String,
}

impl SameUnder {
    /// Returns the interpretation id and the reading.
    pub fn split(&self) -> (&str, &str) {
        self.reading.split_once('=').unwrap_or((&self.reading, ""))
    }
}

/// Which way a fixture tests its clause.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Polarity {
    /// It shows what a clause allows or brings about.
    Positive,
    /// It shows what a clause rules out.
    Negative,
}

/// Where a fixture starts.
#[derive(Clone, Debug, PartialEq)]
pub enum PositionSpec {
    /// The variant's starting position.
    Start,
    /// A written position (text form as a string, JSON form as an object), read at run time
    /// so that a fixture can expect it to be refused.
    Written(Value),
}

/// The one thing a fixture expects.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
pub enum Expect {
    /// The exact set of legal moves.
    Moves(Vec<String>),
    /// This move is legal.
    Legal(String),
    /// This move is illegal.
    Illegal(String),
    /// A perft count at a depth.
    Perft(Perft),
    /// The position reached (by `play`), in the JSON or text form.
    Position(Value),
    /// The outcome, in its JSON form.
    Outcome(Value),
    /// The position is refused.
    Invalid(Refusal),
}

impl fmt::Display for Expect {
    /// Writes the expectation as a person reads it: `moves [a b c]`, `legal m`, `perft 3 =
    /// 2717`, `position P`, `outcome O`, `refused when read`, `refused when checked [kinds]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = |v: &Value| match v {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        match self {
            Expect::Moves(moves) => write!(f, "moves [{}]", moves.join(" ")),
            Expect::Legal(m) => write!(f, "legal {m}"),
            Expect::Illegal(m) => write!(f, "illegal {m}"),
            Expect::Perft(p) => write!(f, "perft {} = {}", p.depth, p.nodes),
            Expect::Position(p) => write!(f, "position {}", text(p)),
            Expect::Outcome(o) => write!(f, "outcome {}", text(o)),
            Expect::Invalid(Refusal {
                phase: Phase::Parse,
                ..
            }) => f.write_str("refused when read"),
            Expect::Invalid(Refusal { kinds, .. }) => {
                let kinds: Vec<&str> = kinds.iter().map(|k| k.id()).collect();
                write!(f, "refused when checked [{}]", kinds.join(" "))
            }
        }
    }
}

impl Expect {
    /// Returns true if the fixture expects its position not to read: the runner answers it
    /// with the notation, and no engine is asked.
    pub fn refused_when_read(&self) -> bool {
        matches!(
            self,
            Expect::Invalid(Refusal {
                phase: Phase::Parse,
                ..
            })
        )
    }
}

/// What a fixture expects of a position that is refused: when, and for which kinds of
/// problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// When it is refused: as it is read, or as it is checked against the rules.
    pub phase: Phase,
    /// For [`Phase::Position`]: the kinds of the problems the engine must find, each once,
    /// sorted; empty if the fixture does not say.
    pub kinds: Vec<ProblemKind>,
}

impl<'de> Deserialize<'de> for Refusal {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Refusal, D::Error> {
        let value = Value::deserialize(deserializer)?;
        let refusal = |phase, kinds| Ok(Refusal { phase, kinds });
        match &value {
            Value::String(s) if s == "parse" => refusal(Phase::Parse, Vec::new()),
            Value::String(s) if s == "position" => refusal(Phase::Position, Vec::new()),
            Value::Object(map) if map.len() == 1 && map.contains_key("position") => {
                let mut kinds: Vec<ProblemKind> =
                    serde_json::from_value(map["position"].clone()).map_err(D::Error::custom)?;
                kinds.sort();
                kinds.dedup();
                if kinds.is_empty() || kinds.contains(&ProblemKind::Unclassified) {
                    return Err(D::Error::custom(
                        "'invalid': name at least one kind of problem, and not 'unclassified'",
                    ));
                }
                refusal(Phase::Position, kinds)
            }
            _ => Err(D::Error::custom(
                "'invalid' is \"parse\", \"position\" or {\"position\": [kinds of problem]}",
            )),
        }
    }
}

/// A perft expectation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Perft {
    /// The depth, at most [`MAX_PERFT_DEPTH`].
    pub depth: u32,
    /// The number of move paths of that length.
    pub nodes: u64,
}

/// When a written position is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// When it is read: the notation is malformed.
    Parse,
    /// When it is checked: it reads, but the variant's rules do not allow it.
    Position,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FixtureFile {
    variant: String,
    #[serde(default)]
    interpretations: BTreeMap<String, String>,
    rules: Vec<String>,
    quote: String,
    polarity: Polarity,
    derivation: String,
    #[serde(default)]
    same_under: Vec<SameUnder>,
    position: Value,
    #[serde(default)]
    play: Vec<String>,
    expect: Value,
}

/// The most a fixture file may hold: 4 MiB.
pub const MAX_FIXTURE_BYTES: u64 = 4 << 20;

/// How many problems a [`LoadError`] names before it says how many more there are.
const MAX_PROBLEMS_SHOWN: usize = 10;

/// Why fixture files could not be read: every bad file, with its cause.
#[derive(Debug)]
pub struct LoadError {
    /// Each file that does not read, with why.
    pub problems: Vec<(PathBuf, String)>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self
            .problems
            .iter()
            .take(MAX_PROBLEMS_SHOWN)
            .map(|(path, why)| format!("{}: {why}", path.display()))
            .collect();
        if self.problems.len() > MAX_PROBLEMS_SHOWN {
            parts.push(format!(
                "... and {} more",
                self.problems.len() - MAX_PROBLEMS_SHOWN
            ));
        }
        write!(f, "bad fixtures: {}", parts.join("; "))
    }
}

impl std::error::Error for LoadError {}

impl Fixture {
    /// Reads one fixture from its JSON text; `name` is its path below the fixture directory.
    pub fn from_json(name: &str, text: &str) -> Result<Fixture, String> {
        let value = trichess_model::parse_strict(text).map_err(|e| e.to_string())?;
        let file: FixtureFile = serde_json::from_value(value).map_err(|e| e.to_string())?;
        let variant: Variant = file.variant.parse().map_err(|e| format!("{e}"))?;
        if file.rules.is_empty() {
            return Err("'rules' is empty: a fixture tests at least one clause".into());
        }
        for same in &file.same_under {
            if !same.reading.contains('=') || same.why.trim().is_empty() {
                return Err(format!(
                    "'same_under': '{}' needs the form id=reading and a reason",
                    same.reading
                ));
            }
        }
        let expect: Expect =
            serde_json::from_value(file.expect).map_err(|e| format!("'expect': {e}"))?;
        if let Expect::Perft(p) = &expect
            && p.depth > MAX_PERFT_DEPTH
        {
            return Err(format!(
                "'expect': perft depth {} is beyond the limit of {MAX_PERFT_DEPTH}",
                p.depth
            ));
        }
        let position = match &file.position {
            Value::String(s) if s == "start" => PositionSpec::Start,
            v @ (Value::String(_) | Value::Object(_)) => PositionSpec::Written(v.clone()),
            _ => return Err("'position' must be \"start\", a text form or a JSON object".into()),
        };
        Ok(Fixture {
            name: name.to_string(),
            variant,
            interpretations: file.interpretations,
            rules: file.rules,
            quote: file.quote,
            polarity: file.polarity,
            derivation: file.derivation,
            same_under: file.same_under,
            position,
            play: file.play,
            expect,
        })
    }

    /// Reads every `*.json` file below `dir`, sorted by name; reports every bad file at once.
    pub fn load_dir(dir: &Path) -> Result<Vec<Fixture>, LoadError> {
        let mut files = Vec::new();
        let mut problems = Vec::new();
        collect_json_files(dir, &mut files, &mut problems);
        let read = files.into_iter().map(|path| {
            let name = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let too_big = std::fs::metadata(&path).is_ok_and(|m| m.len() > MAX_FIXTURE_BYTES);
            let fixture = if too_big {
                Err(format!("larger than {} MiB", MAX_FIXTURE_BYTES >> 20))
            } else {
                std::fs::read_to_string(&path)
                    .map_err(|e| e.to_string())
                    .and_then(|text| Fixture::from_json(&name, &text))
            };
            (path, fixture)
        });
        let unreadable = problems.into_iter().map(|(path, why)| (path, Err(why)));
        Fixture::collect(unreadable.chain(read))
    }

    /// Gathers fixtures read one by one, each with where it came from, sorted by name;
    /// reports every one that did not read, and names given twice, at once.
    pub(crate) fn collect(
        read: impl IntoIterator<Item = (PathBuf, Result<Fixture, String>)>,
    ) -> Result<Vec<Fixture>, LoadError> {
        let mut fixtures = Vec::new();
        let mut problems = Vec::new();
        for (path, fixture) in read {
            match fixture {
                Ok(f) => fixtures.push(f),
                Err(why) => problems.push((path, why)),
            }
        }
        fixtures.sort_by(|a, b| a.name.cmp(&b.name));
        for pair in fixtures.windows(2) {
            if pair[0].name == pair[1].name {
                problems.push((PathBuf::from(&pair[1].name), "a name given twice".into()));
            }
        }
        if problems.is_empty() {
            Ok(fixtures)
        } else {
            Err(LoadError { problems })
        }
    }
}

fn collect_json_files(dir: &Path, files: &mut Vec<PathBuf>, problems: &mut Vec<(PathBuf, String)>) {
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => {
            problems.push((dir.to_path_buf(), e.to_string()));
            return;
        }
    };
    for entry in entries {
        match entry {
            Ok(entry) => {
                let path = entry.path();
                // Symbolic links are not followed: a link could lead out of the directory or
                // round in a loop.
                if entry.file_type().is_ok_and(|t| t.is_symlink()) {
                    problems.push((path, "a symbolic link (not followed)".into()));
                } else if path.is_dir() {
                    collect_json_files(&path, files, problems);
                } else if path.extension().is_some_and(|e| e == "json") {
                    files.push(path);
                }
            }
            Err(e) => problems.push((dir.to_path_buf(), e.to_string())),
        }
    }
}
