//! Expectations for CI (test262's exclusion lists, WPT's expectation files): a TOML file of
//! the findings a maintainer knows of, each by its key (variant, kind, clause, readings) with
//! a reason and an optional link. A run is then judged by its unexpected findings only, and
//! says which expected ones were not seen any more.
//!
//! ```toml
//! [[finding]]
//! variant = "osullivan"
//! kind = "extra-move"
//! clause = "osullivan.barrier"
//! readings = "defaults"
//! reason = "our queen crosses the barrier: issue 12"
//! link = "https://example.org/our-engine/issues/12"
//!
//! [[finding]]
//! variant = "yalta"
//! kind = "different-validity"
//! clause = "yalta.pawn-moves"
//! readings = "defaults"
//! problem = "accepts pawn-on-impossible-rank"
//! reason = "we do not check where pawns stand"
//! ```
//!
//! A finding about validity is known by the kinds of problem too (`problem`, as the report's
//! validity section writes it). An entry without `problem` (as files written before validity
//! findings were grouped by problem kind have them) expects every validity finding of its
//! clause, whatever the problem.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::report::{FindingKey, Group, Table};

/// The findings known to a maintainer.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    /// The known findings, `[[finding]]` each.
    #[serde(default, rename = "finding")]
    pub findings: Vec<Expected>,
}

/// One known finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    /// The variant id.
    pub variant: String,
    /// The kind of disagreement or fault.
    pub kind: String,
    /// The deciding clause, as the findings table writes it.
    pub clause: String,
    /// The readings, as the findings table writes them (`defaults`, or `id=reading ...`).
    pub readings: String,
    /// For a finding about validity: what the engine does with the kinds of problem, as the
    /// validity section writes it (`accepts pawn-on-impossible-rank`); left out, any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
    /// Why it is expected (a bug reported upstream, a rule of another game, ...).
    pub reason: String,
    /// Where to read more, if anywhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

impl Expected {
    /// The key of the finding it expects.
    pub fn key(&self) -> FindingKey {
        FindingKey {
            variant: self.variant.clone(),
            kind: self.kind.clone(),
            clause: self.clause.clone(),
            readings: self.readings.clone(),
            problem: self.problem.clone(),
        }
    }

    /// Returns true if it expects the finding of `key`: the same key, or, where it names no
    /// problem, the same but for the problem.
    pub fn matches(&self, key: &FindingKey) -> bool {
        let mine = self.key();
        match &self.problem {
            Some(_) => mine == *key,
            None => {
                FindingKey {
                    problem: key.problem.clone(),
                    ..mine
                } == *key
            }
        }
    }
}

/// Why an expectations file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum ExpectError {
    /// The file does not read.
    #[error("cannot read the expectations file {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not an expectations file.
    #[error("the expectations file {} is not valid: {why}", .path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        why: String,
    },
}

impl Expectations {
    /// Reads the expectations file at `path`: TOML, `[[finding]]` tables each with `variant`,
    /// `kind`, `clause`, `readings`, an optional `problem`, a `reason` that is not empty and
    /// an optional `link`; a finding listed twice is refused.
    pub fn read(path: &Path) -> Result<Expectations, ExpectError> {
        let text = std::fs::read_to_string(path).map_err(|source| ExpectError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Expectations::parse(&text).map_err(|why| ExpectError::Invalid {
            path: path.to_path_buf(),
            why,
        })
    }

    /// Reads an expectations file's text (see [`Expectations::read`]).
    pub fn parse(text: &str) -> Result<Expectations, String> {
        let expectations: Expectations =
            toml::from_str(text).map_err(|e| e.to_string().trim().replace('\n', " "))?;
        for (i, e) in expectations.findings.iter().enumerate() {
            if e.reason.trim().is_empty() {
                return Err(format!("finding {} ({}) has no reason", i + 1, e.key()));
            }
            if expectations.findings[..i]
                .iter()
                .any(|o| o.key() == e.key())
            {
                return Err(format!("finding {} ({}) is listed twice", i + 1, e.key()));
            }
        }
        Ok(expectations)
    }

    /// The expectations of every finding of `table`, as a starting file: `invocation` is the
    /// command that found them; each reason says it is still to be given.
    pub fn starting_file(table: &Table, invocation: &str) -> String {
        let expectations = Expectations {
            findings: table
                .groups
                .iter()
                .map(|g| Expected {
                    variant: g.key.variant.clone(),
                    kind: g.key.kind.clone(),
                    clause: g.key.clause.clone(),
                    readings: g.key.readings.clone(),
                    problem: g.key.problem.clone(),
                    reason: format!(
                        "TO SAY WHY: {} rows, e.g. `{}`",
                        g.count,
                        g.replay.replace('`', "'")
                    ),
                    link: None,
                })
                .collect(),
        };
        let body = toml::to_string(&expectations).unwrap_or_default();
        format!(
            "# Expected findings of an engine: generated by `{invocation} --write-expect FILE`.\n\
             # Give each a reason (and a link if there is one); a run with `--expect FILE` then\n\
             # fails only on findings not listed here.\n\n{body}"
        )
    }

    /// Judges the findings of `table` against these expectations.
    pub fn judge<'a>(&'a self, table: &'a Table) -> Judgement<'a> {
        let mut judgement = Judgement::default();
        for group in &table.groups {
            match self.findings.iter().find(|e| e.matches(&group.key)) {
                Some(e) => judgement.expected.push((group, e)),
                None => judgement.unexpected.push(group),
            }
        }
        judgement.gone = self
            .findings
            .iter()
            .filter(|e| !table.groups.iter().any(|g| e.matches(&g.key)))
            .collect();
        judgement
    }
}

/// A run's findings judged against expectations.
#[derive(Debug, Default)]
pub struct Judgement<'a> {
    /// The findings not expected: the run fails on these.
    pub unexpected: Vec<&'a Group>,
    /// The findings expected, each with its expectation.
    pub expected: Vec<(&'a Group, &'a Expected)>,
    /// The expectations of findings not seen any more (fixed? then remove them).
    pub gone: Vec<&'a Expected>,
}

impl Judgement<'_> {
    /// Lines for the user: the unexpected findings, the expected ones not seen, and a count
    /// of the expected ones seen.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "expectations: {} findings expected, {} unexpected, {} expected but not seen",
            self.expected.len(),
            self.unexpected.len(),
            self.gone.len()
        )];
        for g in &self.unexpected {
            lines.push(format!(
                "unexpected F{}: {} ({} rows, e.g. #{}: {})",
                g.number, g.key, g.count, g.example, g.replay
            ));
        }
        for e in &self.gone {
            lines.push(format!(
                "not seen any more: {} (fixed? remove it from the file)",
                e.key()
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = r#"
[[finding]]
variant = "osullivan"
kind = "extra-move"
clause = "osullivan.barrier"
readings = "defaults"
reason = "our queen crosses the barrier"
"#;

    #[test]
    fn a_file_reads_with_its_keys_and_reasons() {
        let e = Expectations::parse(FILE).expect("valid");
        assert_eq!(e.findings.len(), 1);
        assert_eq!(e.findings[0].clause, "osullivan.barrier");
        assert_eq!(e.findings[0].link, None);
    }

    #[test]
    fn a_finding_without_a_reason_or_listed_twice_is_refused() {
        let empty = FILE.replace("our queen crosses the barrier", " ");
        let why = Expectations::parse(&empty).expect_err("no reason");
        assert!(why.contains("has no reason"), "{why}");
        let twice = format!("{FILE}{FILE}");
        let why = Expectations::parse(&twice).expect_err("twice");
        assert!(why.contains("listed twice"), "{why}");
        let unknown = FILE.replace("reason", "reson");
        assert!(Expectations::parse(&unknown).is_err());
    }

    #[test]
    fn a_validity_finding_is_expected_by_its_problem_or_by_an_entry_naming_none() {
        let key = |problem: &str| FindingKey {
            variant: "yalta".into(),
            kind: "different-validity".into(),
            clause: "yalta.pawns".into(),
            readings: "defaults".into(),
            problem: Some(problem.into()),
        };
        let file = |problem: &str| {
            format!(
                "[[finding]]\nvariant = \"yalta\"\nkind = \"different-validity\"\n\
                 clause = \"yalta.pawns\"\nreadings = \"defaults\"\n{problem}reason = \"known\"\n"
            )
        };
        let named =
            Expectations::parse(&file("problem = \"accepts missing-royal\"\n")).expect("valid");
        assert!(named.findings[0].matches(&key("accepts missing-royal")));
        assert!(!named.findings[0].matches(&key("accepts pawn-on-impossible-rank")));
        // An entry of a file written before validity findings named their problem.
        let old = Expectations::parse(&file("")).expect("valid");
        assert!(old.findings[0].matches(&key("accepts missing-royal")));
        assert!(old.findings[0].matches(&key("accepts pawn-on-impossible-rank")));
        let other_clause = FindingKey {
            clause: "yalta.kings".into(),
            ..key("accepts missing-royal")
        };
        assert!(!old.findings[0].matches(&other_clause));
    }
}
