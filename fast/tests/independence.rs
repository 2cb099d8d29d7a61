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
fn no_source_file_names_or_pulls_in_the_oracle() {
    let mut files = Vec::new();
    sources(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut files,
    );
    assert!(!files.is_empty());
    // The crate, its source files by path (`#[path]`, `include!`), or its code directory by
    // name. The vendored source texts (oracle/sources/) are the rules' words, not code: a
    // test may read them.
    let forbidden = [
        "trichess_oracle",
        "trichess-oracle",
        "oracle/src",
        "#[path",
        "include!(",
    ];
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a source file reads");
        for word in forbidden {
            assert!(!text.contains(word), "{} contains {word}", file.display());
        }
    }
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("fast/Cargo.toml reads");
    assert!(
        !manifest.contains("build ="),
        "the fast engine has a build script"
    );
    assert!(!Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/build.rs")).exists());
}
