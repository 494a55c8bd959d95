//! README.md's examples, run as a newcomer would: every ```` ```sh ```` block in order,
//! each as one `bash -e` script, in one fresh folder that holds what a clone holds
//! (links to the repository's files) and where the examples write theirs, with the
//! `polyboggle` just built first on PATH and HOME a folder of its own.
//!
//! A block the test must not run (it installs packages, builds for minutes, waits for
//! a player or runs for minutes) has on the line before its fence an HTML comment,
//! invisible on the rendered page: `<!-- not run by tests/readme.rs: why -->`.
//! `cargo run --release -- ARGS` in a run block is the `polyboggle ARGS` it runs (a
//! stand-in `cargo` on PATH says so); any other `cargo` command fails the test.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::BINARY;

/// The marker of a block the test does not run, followed by the reason.
const NOT_RUN: &str = "<!-- not run by tests/readme.rs:";

/// A shell block of the README: its first line's number and its text.
#[derive(Debug)]
struct Block {
    line: usize,
    text: String,
    run: bool,
}

/// The README's ```` ```sh ```` blocks, in order; a block after a [`NOT_RUN`] line
/// is not to be run, and such a line must give its reason and stand before a block.
fn shell_blocks(readme: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut lines = readme.lines().enumerate().peekable();
    let mut skip = false;
    while let Some((n, line)) = lines.next() {
        if let Some(reason) = line.trim().strip_prefix(NOT_RUN) {
            let reason = reason.trim().trim_end_matches("-->").trim();
            assert!(
                !reason.is_empty(),
                "README.md:{}: say why it is not run",
                n + 1
            );
            let next = lines.peek().map(|(_, l)| l.trim());
            assert_eq!(
                next,
                Some("```sh"),
                "README.md:{}: the marker stands just before a ```sh block",
                n + 1
            );
            skip = true;
            continue;
        }
        if line.trim() != "```sh" {
            continue;
        }
        let mut text = String::new();
        for (_, line) in lines.by_ref() {
            if line.trim() == "```" {
                break;
            }
            text.push_str(line);
            text.push('\n');
        }
        blocks.push(Block {
            line: n + 1,
            text,
            run: !skip,
        });
        skip = false;
    }
    blocks
}

/// A folder holding what a fresh clone holds: a link to each of the repository's
/// top-level entries but `target`, `.git` and files an example writes.
fn fresh_clone(repo: &Path, dir: &Path) {
    for entry in std::fs::read_dir(repo).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        std::os::unix::fs::symlink(entry.path(), dir.join(&name)).unwrap();
    }
}

/// A stand-in `cargo` for the README's `cargo run --release -- ARGS`.
/// A shell function standing in for `cargo`: `cargo run --release -- ARGS` runs the
/// polyboggle already built. A function, not a script written for the test: a
/// program written while other tests start processes can be refused at its start
/// ("Text file busy").
fn cargo_stand_in(bin: &Path) -> String {
    format!(
        "cargo() {{ if [ \"$1 $2 $3\" = 'run --release --' ]; then shift 3; '{}' \"$@\"; \
         else echo \"README test: 'cargo $*' is not run: mark its block as not run, saying why\" >&2; \
         return 1; fi; }}\n",
        bin.display()
    )
}

#[test]
fn the_readme_examples_run_in_order_in_a_fresh_clone() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(repo.join("README.md")).unwrap();
    let blocks = shell_blocks(&readme);
    let run: Vec<&Block> = blocks.iter().filter(|b| b.run).collect();
    // The README's examples are these blocks: finding few would test little.
    let commands = run
        .iter()
        .flat_map(|b| b.text.lines())
        .filter(|l| l.starts_with("polyboggle ") || l.starts_with("cargo run"))
        .count();
    assert!(commands >= 30, "{commands} commands in {run:#?}");
    assert!(blocks.iter().any(|b| !b.run), "{blocks:#?}");
    assert!(
        run.iter().any(|b| b.text.contains("polyboggle compile")),
        "{run:#?}"
    );

    let top = tempfile::tempdir().unwrap();
    let (clone, home) = (top.path().join("clone"), top.path().join("home"));
    for dir in [&clone, &home] {
        std::fs::create_dir(dir).unwrap();
    }
    fresh_clone(&repo, &clone);
    let bin = PathBuf::from(BINARY);
    let cargo = cargo_stand_in(&bin);
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );

    for block in run {
        let script = format!("{cargo}{}", block.text);
        let out = Command::new("bash")
            .args(["-e", "-o", "pipefail", "-x", "-c", &script])
            .current_dir(&clone)
            .env("PATH", &path)
            .env("HOME", &home)
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "README.md:{}: the block failed ({}):\n{}\n{}",
            block.line,
            out.status,
            block.text,
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // What the examples wrote is there, and nothing went into the repository's files.
    for made in [
        "yawl.pbd",
        "en.pbd",
        "es.pbd",
        "words.svg",
        "puzzle.svg",
        "grid.svg",
    ] {
        let path = clone.join(made);
        assert!(path.is_file() && !path.is_symlink(), "{made} was not made");
    }
    let completions = home.join(".local/share/bash-completion/completions/polyboggle");
    assert!(std::fs::metadata(completions).unwrap().len() > 0);
}

#[test]
fn the_block_reader_sees_markers_and_order() {
    let readme = "text\n```sh\na\n```\n<!-- not run by tests/readme.rs: slow -->\n```sh\nb\n```\n```rust\nc\n```\n```sh\nd\n```\n";
    let blocks = shell_blocks(readme);
    let seen: Vec<(&str, bool)> = blocks.iter().map(|b| (b.text.as_str(), b.run)).collect();
    assert_eq!(seen, [("a\n", true), ("b\n", false), ("d\n", true)]);
    assert_eq!(blocks[1].line, 6);
}
