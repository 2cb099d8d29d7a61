//! Every rule the oracle implements can be followed from the register into the code: each
//! clause (implemented or an interpretation) and each interpretation is named by its id in the
//! doc comment of a function that decides it, and every id a doc comment names is in the
//! register.

use std::path::{Path, PathBuf};

use trichess_model::Variant;
use trichess_suite::register::{DocumentedFn, Register, documented_fns, lint_code};

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

fn oracle_fns() -> Vec<DocumentedFn> {
    let src = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    files
        .iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).expect("a source file reads");
            let name = path.strip_prefix(src).unwrap_or(path).display().to_string();
            documented_fns(&name, &text)
        })
        .collect()
}

#[test]
fn every_rule_is_named_where_the_code_decides_it() {
    let fns = oracle_fns();
    let mut problems = Vec::new();
    for variant in Variant::ALL {
        let register = Register::of(variant).expect("the register reads");
        problems.extend(lint_code(&register, &fns));
    }
    assert!(
        problems.is_empty(),
        "{} traceability problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_scan_reads_doc_comments_of_functions_only() {
    let source = r#"
/// Decides `yuri.no-castling` and `yuri.double-step=first-move`.
#[inline]
pub(crate) fn decides(x: u8) -> u8 { x }

/// A type, not a function: `yuri.board`.
struct NotAFunction;

// `yuri.turn-order` in a plain comment does not count.
fn plain() {}

/// `yuri.pawns` stands above a blank line.

fn detached() {}

/// A test-only function: `yuri.board`.
#[cfg(test)]
fn test_only() {}

/// After it the scan goes on: `yuri.check`.
#[cfg_attr(
    not(test),
    expect(dead_code, reason = "an attribute [over] several lines")
)]
fn after() {}

#[cfg(test)]
mod tests {
    /// `yuri.turn-order`
    fn a_test() {}
}
"#;
    let fns = documented_fns("x.rs", source);
    let names: Vec<&str> = fns.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["decides", "after"], "{fns:?}");
    assert_eq!(
        fns[0].ids,
        ["yuri.no-castling", "yuri.double-step=first-move"]
    );
    assert_eq!(fns[1].ids, ["yuri.check"]);
}

#[test]
fn unnamed_rules_and_unknown_ids_are_reported() {
    let register = Register::of(Variant::Yuri).expect("the register reads");
    let fns = vec![DocumentedFn {
        file: "x.rs".into(),
        name: "decides".into(),
        ids: vec![
            "yuri.no-castling".into(),
            "yuri.no-such-rule".into(),
            "yuri.pawns=no-such-reading".into(),
            "yuri.rule-zero".into(),
        ],
    }];
    let problems = lint_code(&register, &fns);
    let has = |text: &str| problems.iter().any(|p| p.contains(text));
    assert!(
        has("`yuri.no-such-rule`, which is not in the register"),
        "{problems:?}"
    );
    assert!(has("`yuri.pawns=no-such-reading`"), "{problems:?}");
    assert!(
        has("`yuri.rule-zero`, which is not a rule (it is split"),
        "{problems:?}"
    );
    assert!(has("yuri.turn-order: no function"), "{problems:?}");
    assert!(!has("yuri.no-castling: no function"), "{problems:?}");
}
