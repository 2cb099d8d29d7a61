//! The fast engine is independent of the oracle: a shared bug would hide itself. Its dependency
//! tree must not contain the oracle, and its source must not name it.

use std::path::Path;
use std::process::Command;

#[test]
fn the_dependency_tree_does_not_contain_the_oracle() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args([
            "tree",
            "--offline",
            "-p",
            "trichess-fast",
            "-e",
            "normal,build",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tree = String::from_utf8_lossy(&out.stdout);
    assert!(tree.contains("trichess-model"), "unexpected tree:\n{tree}");
    assert!(
        !tree.contains("trichess-oracle"),
        "the fast engine depends on the oracle:\n{tree}"
    );
}

fn sources(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("fast/src reads") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn no_source_file_names_the_oracle() {
    let mut files = Vec::new();
    sources(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    assert!(!files.is_empty());
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file reads");
        assert!(
            !text.contains("trichess_oracle") && !text.contains("trichess-oracle"),
            "{} names the oracle",
            file.display()
        );
    }
}
