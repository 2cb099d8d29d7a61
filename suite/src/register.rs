//! The rule registers: every clause of every source with a stable id, its verbatim quote,
//! its status and notes, and the open points as named interpretations with their readings.
//! Also the checks that keep registers, sources, code and fixtures in step, and coverage.

use std::collections::BTreeMap;

use serde::Deserialize;
use trichess_model::{Engine, Variant};

use crate::fixture::{Expect, Fixture, Phase, Polarity};
use crate::readings::OpenPoint;
use crate::runner::{self, FixtureResult, Verdict};

/// A variant's rule register.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Register {
    /// The variant id.
    pub variant: String,
    /// The source file under `sources/`.
    pub source: String,
    #[serde(rename = "clause")]
    /// Every clause of the source, in its order.
    pub clauses: Vec<Clause>,
    #[serde(rename = "interpretation", default)]
    /// The open points, as interpretations with their readings.
    pub interpretations: Vec<InterpretationEntry>,
}

/// A clause of the source.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    /// A stable id, never renamed (`osullivan.barrier`).
    pub id: String,
    /// Verbatim words of the source; ` … ` marks an omission.
    pub quote: String,
    /// How the oracle stands to it.
    pub status: Status,
    /// How the clause is read, and why.
    pub note: String,
    /// Why only positive (or only negative) fixtures make sense for this clause, if so.
    #[serde(default)]
    pub one_polarity: Option<String>,
    /// For a clause whose sentence brings in several rules (status `split`): the ids of the
    /// clauses and interpretations that each take one of them. Fixtures cite those, never the
    /// split clause itself.
    #[serde(default)]
    pub parts: Vec<String>,
}

/// How a clause stands in the oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// The oracle implements the clause as written.
    Implemented,
    /// The clause is open; the oracle implements the interpretations named in its note.
    Interpretation,
    /// The clause is not a rule the oracle can apply (the note says why).
    NotApplicable,
    /// The sentence brings in several rules (FIDE's, say), each an entry of its own listed in
    /// `parts`; the note says what of it is not modelled.
    Split,
}

impl Status {
    /// Returns the status as `trichess rules` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Status::Implemented => "implemented",
            Status::Interpretation => "interpretation",
            Status::NotApplicable => "not applicable",
            Status::Split => "split",
        }
    }
}

/// An open point and its readings.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InterpretationEntry {
    /// The interpretation id (`osullivan.stalemate`).
    pub id: String,
    /// The words it hangs on, if the source says anything at all.
    #[serde(default)]
    pub quote: Option<String>,
    /// What the source leaves open.
    pub question: String,
    /// The readings; the first is the default.
    #[serde(rename = "reading")]
    pub readings: Vec<Reading>,
    /// Why the default is the default.
    pub why_default: String,
}

/// One reading of an open point.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    /// The reading's name (`draw`).
    pub name: String,
    /// What it means.
    pub meaning: String,
}

/// Why a register could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("register of {0} does not read: {1}")]
pub struct RegisterError(pub Variant, pub String);

/// Returns the register text and source text of `variant`.
fn texts(variant: Variant) -> (&'static str, &'static str) {
    match variant {
        Variant::OSullivan => (
            include_str!("../register/osullivan.toml"),
            include_str!("../sources/osullivan-three-player.md"),
        ),
        Variant::Yalta => (
            include_str!("../register/yalta.toml"),
            include_str!("../sources/yalta.md"),
        ),
        Variant::Yuri => (
            include_str!("../register/yuri.toml"),
            include_str!("../sources/yuri.md"),
        ),
        Variant::TripleCrown => (
            include_str!("../register/triple-crown.toml"),
            include_str!("../sources/triple-crown.md"),
        ),
    }
}

impl Register {
    /// Reads the register of `variant`.
    pub fn of(variant: Variant) -> Result<Register, RegisterError> {
        toml::from_str(texts(variant).0).map_err(|e| RegisterError(variant, e.to_string()))
    }

    /// Returns the source text the register quotes.
    pub fn source_text(variant: Variant) -> &'static str {
        texts(variant).1
    }

    /// Returns the quote of a clause or interpretation by id.
    pub fn quote(&self, id: &str) -> Option<&str> {
        self.clauses
            .iter()
            .find(|c| c.id == id)
            .map(|c| c.quote.as_str())
            .or_else(|| {
                self.interpretations
                    .iter()
                    .find(|i| i.id == id)
                    .and_then(|i| i.quote.as_deref())
            })
    }

    /// Returns true if `id` names a clause whose sentence is split into parts.
    pub fn is_split(&self, id: &str) -> bool {
        self.clauses
            .iter()
            .any(|c| c.id == id && c.status == Status::Split)
    }

    /// Returns true if `id` names a clause or an interpretation of this register.
    pub fn has(&self, id: &str) -> bool {
        self.clauses.iter().any(|c| c.id == id) || self.interpretations.iter().any(|i| i.id == id)
    }
}

use crate::report::fold;

/// Lists the fixtures that cite a rule id or choose an interpretation (or a reading) that
/// their variant's register does not know: such a fixture would pass without testing
/// anything.
pub fn unknown_ids<'a>(
    fixtures: impl IntoIterator<Item = &'a Fixture>,
) -> Result<Vec<String>, RegisterError> {
    let mut problems = Vec::new();
    let mut registers = BTreeMap::new();
    for f in fixtures {
        if let std::collections::btree_map::Entry::Vacant(e) = registers.entry(f.variant) {
            e.insert(Register::of(f.variant)?);
        }
        let register = &registers[&f.variant];
        for id in f.rules.iter().filter(|id| !register.has(id)) {
            problems.push(format!("{}: unknown rule id '{id}'", f.name));
        }
        for (id, reading) in &f.interpretations {
            match register.interpretations.iter().find(|i| &i.id == id) {
                None => problems.push(format!("{}: unknown interpretation id '{id}'", f.name)),
                Some(i) if !i.readings.iter().any(|r| &r.name == reading) => problems.push(
                    format!("{}: interpretation {id} has no reading '{reading}'", f.name),
                ),
                Some(_) => {}
            }
        }
    }
    Ok(problems)
}

/// Returns true if `quote` stands verbatim in `text` (white space folded), where ` … ` in the
/// quote stands for words left out: each part must appear, in order.
pub fn quoted_in(quote: &str, text: &str) -> bool {
    let text = fold(text);
    let mut rest = text.as_str();
    for part in quote.split('…').map(fold) {
        if part.is_empty() {
            return false;
        }
        match rest.find(&part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Coverage of one clause or reading by fixtures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// How many positive fixtures cite it.
    pub positive: usize,
    /// How many negative fixtures cite it.
    pub negative: usize,
    /// How many of them the engine passes.
    pub passing: usize,
    /// How many it fails.
    pub failing: usize,
    /// How many it skips.
    pub skipped: usize,
}

impl Coverage {
    fn add(&mut self, polarity: Polarity, verdict: Option<&Verdict>) {
        match polarity {
            Polarity::Positive => self.positive += 1,
            Polarity::Negative => self.negative += 1,
        }
        match verdict {
            Some(Verdict::Pass) => self.passing += 1,
            Some(Verdict::Fail(_)) => self.failing += 1,
            Some(Verdict::Skip(_)) => self.skipped += 1,
            None => {}
        }
    }

    /// Returns the number of fixtures.
    pub fn total(&self) -> usize {
        self.positive + self.negative
    }
}

/// Counts, for each clause id and for each (interpretation id, reading), the fixtures that
/// cover it and how they fared. A fixture covers every id in its `rules`, and the reading of
/// each interpretation it names, in `rules` or in `interpretations`. A fixture that expects
/// its position not to read (`{"invalid": "parse"}`) covers nothing: the runner answers it
/// from the notation, and no engine is asked.
pub fn coverage(
    register: &Register,
    fixtures: &[Fixture],
    results: &[FixtureResult],
) -> (
    BTreeMap<String, Coverage>,
    BTreeMap<(String, String), Coverage>,
) {
    let verdicts: BTreeMap<&str, &Verdict> =
        results.iter().map(|r| (r.name(), &r.verdict)).collect();
    let mut clauses: BTreeMap<String, Coverage> = BTreeMap::new();
    let mut readings: BTreeMap<(String, String), Coverage> = BTreeMap::new();
    for fixture in fixtures.iter().filter(|f| !f.expect.refused_when_read()) {
        let verdict = verdicts.get(fixture.name.as_str()).copied();
        for id in &fixture.rules {
            clauses
                .entry(id.clone())
                .or_default()
                .add(fixture.polarity, verdict);
        }
        for entry in &register.interpretations {
            let reading = match fixture.interpretations.get(&entry.id) {
                Some(r) => r.clone(),
                None if fixture.rules.contains(&entry.id) => entry
                    .readings
                    .first()
                    .map(|r| r.name.clone())
                    .unwrap_or_default(),
                None => continue,
            };
            readings
                .entry((entry.id.clone(), reading))
                .or_default()
                .add(fixture.polarity, verdict);
        }
    }
    (clauses, readings)
}

/// Lists everything wrong between a register, its source, the open points an engine's code
/// knows (the oracle's, with their readings) and the fixtures of its variant: bad quotes, unknown ids, clauses or readings without fixtures.
pub fn lint(
    variant: Variant,
    register: &Register,
    code: &[OpenPoint],
    fixtures: &[Fixture],
) -> Vec<String> {
    let mut problems = Vec::new();
    let source = Register::source_text(variant);
    let prefix = format!("{}.", variant.id());
    let mut seen = BTreeMap::new();
    let ids = register
        .clauses
        .iter()
        .map(|c| c.id.as_str())
        .chain(register.interpretations.iter().map(|i| i.id.as_str()));
    for id in ids {
        if !id.starts_with(&prefix) {
            problems.push(format!("register id {id} does not start with {prefix}"));
        }
        if seen.insert(id, ()).is_some() {
            problems.push(format!("register id {id} appears twice"));
        }
    }
    let quotes = register
        .clauses
        .iter()
        .map(|c| (c.id.as_str(), Some(c.quote.as_str())))
        .chain(
            register
                .interpretations
                .iter()
                .map(|i| (i.id.as_str(), i.quote.as_deref())),
        );
    for (id, quote) in quotes {
        if let Some(quote) = quote
            && !quoted_in(quote, source)
        {
            problems.push(format!(
                "{id}: quote is not verbatim in {}: {quote}",
                register.source
            ));
        }
    }
    lint_interpretations(register, code, &mut problems);
    lint_splits(register, &mut problems);
    let fixtures: Vec<&Fixture> = fixtures.iter().filter(|f| f.variant == variant).collect();
    for f in &fixtures {
        for id in &f.rules {
            if !register.has(id) {
                problems.push(format!("fixture {}: unknown rule id {id}", f.name));
            }
            if register.is_split(id) {
                problems.push(format!(
                    "fixture {}: cites the split clause {id}; cite the part it tests",
                    f.name
                ));
            }
        }
        let cited = f.rules.iter().filter_map(|id| register.quote(id));
        if !quoted_in(&f.quote, source) || !cited.clone().any(|q| quoted_in(&f.quote, q)) {
            problems.push(format!(
                "fixture {}: quote is not verbatim in the source and in a cited clause",
                f.name
            ));
        }
        for (id, reading) in &f.interpretations {
            let known = code.iter().any(|i| &i.id == id && i.has(reading));
            if !known {
                problems.push(format!(
                    "fixture {}: unknown interpretation {id}={reading}",
                    f.name
                ));
            }
        }
        if f.derivation.trim().is_empty() {
            problems.push(format!("fixture {}: no derivation", f.name));
        }
        if let Expect::Invalid(refusal) = &f.expect
            && refusal.phase == Phase::Position
            && refusal.kinds.is_empty()
        {
            problems.push(format!(
                "fixture {}: name the kinds of problem the position is refused for \
                 ({{\"invalid\": {{\"position\": [...]}}}})",
                f.name
            ));
        }
    }
    let owned: Vec<Fixture> = fixtures.into_iter().cloned().collect();
    let (clauses, readings) = coverage(register, &owned, &[]);
    for clause in &register.clauses {
        if matches!(clause.status, Status::NotApplicable | Status::Split) {
            continue;
        }
        let c = clauses.get(&clause.id).cloned().unwrap_or_default();
        let both = c.positive > 0 && c.negative > 0;
        let one = c.total() > 0 && clause.one_polarity.is_some();
        if !both && !one {
            problems.push(format!(
                "{}: needs a positive and a negative fixture (has {} and {})",
                clause.id, c.positive, c.negative
            ));
        }
    }
    for entry in &register.interpretations {
        for reading in &entry.readings {
            if !readings.contains_key(&(entry.id.clone(), reading.name.clone())) {
                problems.push(format!(
                    "{}={}: no fixture uses this reading",
                    entry.id, reading.name
                ));
            }
        }
    }
    problems
}

/// A split clause lists its parts, each an entry of the register that is not split itself;
/// every other entry that quotes the same sentence is one of them; only split clauses have
/// parts.
fn lint_splits(register: &Register, problems: &mut Vec<String>) {
    for clause in &register.clauses {
        let split = clause.status == Status::Split;
        if split == clause.parts.is_empty() {
            problems.push(format!(
                "{}: a clause has parts if and only if its status is split",
                clause.id
            ));
        }
        for part in &clause.parts {
            if part == &clause.id || !register.has(part) || register.is_split(part) {
                problems.push(format!(
                    "{}: part {part} is not another clause or interpretation of the register",
                    clause.id
                ));
            }
        }
        if !split {
            continue;
        }
        let sentence = fold(&clause.quote);
        let same_quote = register
            .clauses
            .iter()
            .map(|c| (c.id.as_str(), Some(c.quote.as_str())))
            .chain(
                register
                    .interpretations
                    .iter()
                    .map(|i| (i.id.as_str(), i.quote.as_deref())),
            )
            .filter(|&(id, quote)| id != clause.id && quote.map(fold) == Some(sentence.clone()));
        for (id, _) in same_quote {
            if !clause.parts.iter().any(|p| p == id) {
                problems.push(format!(
                    "{id} quotes the split clause {}'s sentence but is not among its parts",
                    clause.id
                ));
            }
        }
    }
}

fn lint_interpretations(register: &Register, code: &[OpenPoint], problems: &mut Vec<String>) {
    for info in code {
        match register.interpretations.iter().find(|e| e.id == info.id) {
            None => problems.push(format!("interpretation {} is not in the register", info.id)),
            Some(entry) => {
                let names: Vec<&str> = entry.readings.iter().map(|r| r.name.as_str()).collect();
                if names != info.readings {
                    problems.push(format!(
                        "interpretation {}: register readings {names:?}, code readings {:?} (default first)",
                        info.id, info.readings
                    ));
                }
            }
        }
    }
    for entry in &register.interpretations {
        if !code.iter().any(|i| i.id == entry.id) {
            problems.push(format!("interpretation {} is not in the code", entry.id));
        }
    }
}

/// A function of the oracle's source, with the register ids its doc comment names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentedFn {
    /// The source file, as given to [`documented_fns`].
    pub file: String,
    /// The function's name.
    pub name: String,
    /// Every `` `id` `` or `` `id=reading` `` of a variant's register in the doc comment,
    /// as written.
    pub ids: Vec<String>,
}

/// Lists the functions of one source file that have a doc comment, with the register ids it
/// names (in backticks, `` `yalta.turn-order` `` or `` `yalta.turn-order=red-blue-green` ``).
/// A doc comment belongs to the `fn` right below it, attributes between them allowed. Code
/// under `#[cfg(test)]` decides no rule: a test-only function is left out, and the scan stops
/// at a test module.
pub fn documented_fns(file: &str, text: &str) -> Vec<DocumentedFn> {
    let mut fns = Vec::new();
    let mut doc = String::new();
    let mut test_only = false;
    // The open brackets of an attribute written over several lines.
    let mut in_attribute = 0i32;
    for line in text.lines() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix("///") {
            doc.push_str(comment);
            doc.push('\n');
            continue;
        }
        if line.starts_with("#[") || in_attribute > 0 {
            // An attribute between the doc comment and its item.
            test_only |= line.starts_with("#[cfg(test)]");
            in_attribute += line.matches('[').count() as i32 - line.matches(']').count() as i32;
            continue;
        }
        if test_only && line.contains("mod ") {
            break;
        }
        if let Some(name) = fn_name(line)
            && !doc.is_empty()
            && !test_only
        {
            fns.push(DocumentedFn {
                file: file.to_string(),
                name: name.to_string(),
                ids: backticked_ids(&doc),
            });
        }
        doc.clear();
        test_only = false;
    }
    fns
}

/// Returns the name of the function a line declares, if it declares one.
fn fn_name(line: &str) -> Option<&str> {
    let mut rest = line;
    for qualifier in ["pub(crate) ", "pub(super) ", "pub ", "const ", "unsafe "] {
        rest = rest.strip_prefix(qualifier).unwrap_or(rest);
    }
    let name = rest.strip_prefix("fn ")?;
    let end = name
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    (end > 0).then(|| &name[..end])
}

/// Lists the words in backticks that look like register ids (`variant.name`, with an optional
/// `=reading`).
fn backticked_ids(doc: &str) -> Vec<String> {
    let prefixes: Vec<String> = Variant::ALL
        .iter()
        .map(|v| format!("{}.", v.id()))
        .collect();
    doc.split('`')
        .skip(1)
        .step_by(2)
        .filter(|word| {
            prefixes.iter().any(|p| word.starts_with(p.as_str()))
                && word.chars().all(|c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '-' | '=')
                })
        })
        .map(str::to_string)
        .collect()
}

/// Lists what keeps a reader from following `register`'s rules into the code: every clause
/// the oracle implements (status implemented or interpretation) and every interpretation that
/// no function's doc comment names, and every id or reading of the variant that a doc comment
/// names but the register does not know.
pub fn lint_code(register: &Register, fns: &[DocumentedFn]) -> Vec<String> {
    let mut problems = Vec::new();
    let prefix = format!("{}.", register.variant);
    let mut named = BTreeMap::new();
    for f in fns {
        for written in f.ids.iter().filter(|id| id.starts_with(&prefix)) {
            let (id, reading) = match written.split_once('=') {
                Some((id, reading)) => (id, Some(reading)),
                None => (written.as_str(), None),
            };
            named.insert(id.to_string(), ());
            let known = match reading {
                None => register.has(id),
                Some(reading) => register
                    .interpretations
                    .iter()
                    .any(|i| i.id == id && i.readings.iter().any(|r| r.name == reading)),
            };
            if !known || register.is_split(id) {
                problems.push(format!(
                    "{} fn {}: the doc comment names `{written}`, which is not {}",
                    f.file,
                    f.name,
                    if known {
                        "a rule (it is split into parts)"
                    } else {
                        "in the register"
                    }
                ));
            }
        }
    }
    let decided = register
        .clauses
        .iter()
        .filter(|c| matches!(c.status, Status::Implemented | Status::Interpretation))
        .map(|c| c.id.as_str())
        .chain(register.interpretations.iter().map(|i| i.id.as_str()));
    for id in decided {
        if !named.contains_key(id) {
            problems.push(format!(
                "{id}: no function of oracle/src names it in its doc comment"
            ));
        }
    }
    problems
}

/// Lists the fixtures of `register`'s variant that cannot tell the readings they depend on
/// apart, running each under other readings with `engine`:
/// - a fixture that sets a reading other than the default must fail with that interpretation
///   at its default;
/// - a fixture that cites an interpretation (in `rules`) at its default must fail under at
///   least one of its other readings;
///
/// unless its `same_under` lists the reading (for the second rule: every other reading) and
/// says why. Every reading `same_under` lists must be known, and the fixture must indeed pass
/// under it.
pub fn lint_readings(
    register: &Register,
    fixtures: &[Fixture],
    engine: &mut dyn Engine,
) -> Vec<String> {
    let mut problems = Vec::new();
    let prefix = format!("{}.", register.variant);
    let default = |id: &str| {
        register
            .interpretations
            .iter()
            .find(|i| i.id == id)
            .and_then(|i| i.readings.first())
            .map(|r| r.name.as_str())
    };
    let fixtures = fixtures
        .iter()
        .filter(|f| f.rules.iter().any(|id| id.starts_with(&prefix)));
    for fixture in fixtures {
        let mut under = |id: &str, reading: &str| {
            let mut probe = fixture.clone();
            probe
                .interpretations
                .insert(id.to_string(), reading.to_string());
            runner::run(engine, &probe)
        };
        let same = |id: &str, reading: &str| {
            fixture
                .same_under
                .iter()
                .any(|s| s.split() == (id, reading))
        };
        for s in &fixture.same_under {
            let (id, reading) = s.split();
            let known = register
                .interpretations
                .iter()
                .any(|i| i.id == id && i.readings.iter().any(|r| r.name == reading));
            if !known {
                problems.push(format!(
                    "fixture {}: same_under names the unknown reading {}",
                    fixture.name, s.reading
                ));
            } else if let verdict @ (Verdict::Fail(_) | Verdict::Skip(_)) = under(id, reading) {
                problems.push(format!(
                    "fixture {}: same_under says it holds under {}, but it does not: {verdict}",
                    fixture.name, s.reading
                ));
            }
        }
        for (id, reading) in &fixture.interpretations {
            let Some(default) = default(id) else { continue };
            if reading != default
                && !same(id, default)
                && !matches!(under(id, default), Verdict::Fail(_))
            {
                problems.push(format!(
                    "fixture {}: sets {id}={reading} but passes under the default {default} \
                     (add a fixture that tells them apart, or same_under with the reason)",
                    fixture.name
                ));
            }
        }
        let cited_at_default = register.interpretations.iter().filter(|i| {
            fixture.rules.contains(&i.id)
                && fixture
                    .interpretations
                    .get(&i.id)
                    .is_none_or(|r| Some(r.as_str()) == i.readings.first().map(|r| r.name.as_str()))
        });
        for entry in cited_at_default {
            let others: Vec<&str> = entry
                .readings
                .iter()
                .skip(1)
                .map(|r| r.name.as_str())
                .filter(|&r| !same(&entry.id, r))
                .collect();
            if entry.readings.len() < 2 || (others.is_empty()) {
                continue;
            }
            let told_apart = others
                .iter()
                .any(|&r| matches!(under(&entry.id, r), Verdict::Fail(_)));
            if !told_apart {
                problems.push(format!(
                    "fixture {}: cites {} at its default but passes under {} too (add a \
                     fixture that tells them apart, or same_under with the reason)",
                    fixture.name,
                    entry.id,
                    others.join(", ")
                ));
            }
        }
    }
    problems
}

/// Lists the fixtures of `register`'s variant whose expected answer changes under a reading
/// of an open point they do not name, running each under every other reading of every such
/// point with `engine`. A fixture names a point by setting it (`interpretations`, the
/// default included), citing it (`rules`) or listing one of its readings under `same_under`;
/// one that depends on a point must name it, so that an engine following another reading is
/// not held to it, and so that the fixtures of a reading tell what an engine follows.
pub fn lint_unnamed_readings(
    register: &Register,
    fixtures: &[Fixture],
    engine: &mut dyn Engine,
) -> Vec<String> {
    let mut problems = Vec::new();
    let prefix = format!("{}.", register.variant);
    let fixtures = fixtures
        .iter()
        .filter(|f| f.variant.id() == register.variant && !f.expect.refused_when_read());
    for fixture in fixtures {
        let names = |id: &str| {
            fixture.interpretations.contains_key(id)
                || fixture.rules.iter().any(|r| r == id)
                || fixture.same_under.iter().any(|s| s.split().0 == id)
        };
        for entry in register.interpretations.iter().filter(|i| !names(&i.id)) {
            debug_assert!(entry.id.starts_with(&prefix));
            let changes = entry.readings.iter().skip(1).find(|r| {
                let mut probe = fixture.clone();
                probe
                    .interpretations
                    .insert(entry.id.clone(), r.name.clone());
                matches!(runner::run(engine, &probe), Verdict::Fail(_))
            });
            if let Some(reading) = changes {
                problems.push(format!(
                    "fixture {}: its expected answer changes under {}={} but it does not name \
                     {} (set it, or list the reading under same_under with the reason)",
                    fixture.name, entry.id, reading.name, entry.id
                ));
            }
        }
    }
    problems
}
