//! The README and the pages of `docs/` stay true to the tree: every `$ trichess` example
//! prints what the page says, the testing page shows the whole test file of the third-party
//! example, every Rust example is a doctest or a file that is compiled, and every link leads to
//! a file (and a heading) that exists.

mod common;

use std::path::{Path, PathBuf};

use common::{run_bounded, trichess_command};

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Reads a file of the workspace.
fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The README and every page of `docs/`, by their path from the workspace root.
fn pages() -> Vec<String> {
    let mut pages: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| {
            e.expect("a docs/ entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    pages.sort();
    pages.insert(0, "README.md".into());
    pages
}

/// The code blocks of a Markdown text whose fence names `language` (`""`: none), each with
/// its text.
fn blocks(text: &str, language: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(fence) = line.trim_end().strip_prefix("```") {
            let body: String = lines
                .by_ref()
                .take_while(|l| l.trim_end() != "```")
                .map(|l| format!("{l}\n"))
                .collect();
            if fence == language {
                blocks.push(body);
            }
        }
    }
    blocks
}

#[test]
fn the_testing_page_shows_the_whole_conformance_test() {
    let file = read("examples/third-party-engine/tests/conformance.rs");
    let page = read("docs/testing-from-cargo.md");
    assert!(
        blocks(&page, "rust").contains(&file),
        "docs/testing-from-cargo.md does not show examples/third-party-engine/tests/conformance.rs \
         as it is: copy the file into the page again"
    );
}

/// The crate documentation (`//!` lines) of every library crate, as text.
fn crate_docs() -> Vec<(String, String)> {
    [
        "model", "suite", "oracle", "fast", "diagram", "diff", "protocol",
    ]
    .iter()
    .map(|krate| {
        let path = format!("{krate}/src/lib.rs");
        let docs = read(&path)
            .lines()
            .filter_map(|l| l.strip_prefix("//!"))
            .map(|l| format!("{}\n", l.strip_prefix(' ').unwrap_or(l)))
            .collect();
        (path, docs)
    })
    .collect()
}

/// Every Rust example of the README and the docs is run: it is the whole of the third-party
/// example's test file, or a doctest of a crate's documentation, word for word.
#[test]
fn every_rust_example_in_the_docs_runs() {
    let conformance = read("examples/third-party-engine/tests/conformance.rs");
    let docs = crate_docs();
    let mut examples = 0;
    for page in pages() {
        for block in blocks(&read(&page), "rust") {
            examples += 1;
            let doctest = docs
                .iter()
                .any(|(_, d)| blocks(d, "").contains(&block) || blocks(d, "rust").contains(&block));
            assert!(
                block == conformance || doctest,
                "{page}: this Rust example is neither a crate's doctest nor \
                 examples/third-party-engine/tests/conformance.rs:\n{block}"
            );
        }
    }
    assert!(examples >= 2, "only {examples} Rust examples in the docs");
}

/// Turns a heading into its anchor as GitHub makes it: lower case, spaces to `-`, other
/// punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// Every relative link of the README and the docs leads to a file that exists, and every
/// `#anchor` into a page to one of its headings.
#[test]
fn every_link_in_the_docs_leads_somewhere() {
    let mut broken = Vec::new();
    let mut links = 0;
    for page in pages() {
        let text = read(&page);
        let dir = Path::new(&page).parent().unwrap_or(Path::new(""));
        for (at, _) in text.match_indices("](") {
            let rest = &text[at + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = &rest[..end];
            if target.starts_with("http") || target.contains(' ') {
                continue;
            }
            links += 1;
            let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
            let path = if file.is_empty() {
                PathBuf::from(&page)
            } else {
                dir.join(file)
            };
            let Ok(linked) = std::fs::read_to_string(root().join(&path)) else {
                broken.push(format!("{page}: {target} (no such file)"));
                continue;
            };
            let headings: Vec<String> = linked
                .lines()
                .filter_map(|l| l.strip_prefix('#'))
                .map(|l| anchor(l.trim_start_matches('#')))
                .collect();
            if !fragment.is_empty() && !headings.iter().any(|h| h == fragment) {
                broken.push(format!("{page}: {target} (no such heading)"));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(links >= 20, "only {links} links in the docs");
}

#[test]
fn the_readme_is_short_and_maps_every_page() {
    let readme = read("README.md");
    let lines = readme.lines().count();
    assert!(lines <= 200, "README.md has {lines} lines (at most 200)");
    let unmapped: Vec<String> = pages()
        .into_iter()
        .skip(1)
        .filter(|page| !readme.contains(&format!("]({page})")))
        .collect();
    assert!(
        unmapped.is_empty(),
        "pages missing from the README's map of the docs: {unmapped:?}"
    );
}

/// Splits an example's command line into words, honouring double quotes.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            ' ' if !quoted => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            _ => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// Runs the `$ trichess ...` examples of one page, each followed by what it prints (standard
/// output, then standard error; a line `...` stands for lines left out), and returns how many
/// there are.
fn check_examples(page: &str, text: &str) -> usize {
    let mut checked = 0;
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let Some(command) = line.strip_prefix("$ trichess ") else {
            continue;
        };
        let mut expected = Vec::new();
        while let Some(next) = lines.peek() {
            if next.starts_with("$ ") || next.starts_with("```") {
                break;
            }
            expected.push(lines.next().unwrap_or_default().to_string());
        }
        let args = words(command);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run_bounded(&mut trichess_command(&args), 60);
        let got = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let got: Vec<&str> = got.lines().collect();
        match expected.iter().position(|l| l == "...") {
            Some(gap) => {
                let tail = expected.len() - gap - 1;
                assert!(got.len() >= gap + tail, "{page}: {command}: {got:?}");
                assert_eq!(got[..gap], expected[..gap], "{page}: {command}");
                assert_eq!(
                    got[got.len() - tail..],
                    expected[gap + 1..],
                    "{page}: {command}"
                );
            }
            None => assert_eq!(got, expected, "{page}: {command}"),
        }
        checked += 1;
    }
    checked
}

/// Every `$ trichess ...` example of the README and the docs pages prints what the page says.
#[test]
fn the_readme_and_docs_examples_are_real() {
    let pages = pages();
    assert!(pages.len() >= 10, "only {} docs pages", pages.len());
    let checked: usize = pages
        .iter()
        .map(|page| check_examples(page, &read(page)))
        .sum();
    // The 13 examples of the README before its recut, each on its page now, and 2 in the
    // README itself.
    assert!(checked >= 15, "only {checked} examples found in the docs");
}
