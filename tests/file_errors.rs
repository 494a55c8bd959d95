//! One wording for each fault of a file a command reads, whichever command reads it: a
//! missing file, a folder, bytes that are not UTF-8, an empty name; and one line for a
//! number flag given something else. Each case runs every command that reads that
//! kind of file and expects the very same line, so a command that drifts to its own
//! wording fails here.

use std::path::Path;

use crate::common::{polyboggle, run};

/// Every command that reads `file` as a word list, dictionary, board, boards file,
/// dice set, tier list or log (`ok` is a good word list, `out` a folder to write in).
fn readers(file: &str, ok: &str, out: &Path) -> Vec<Vec<String>> {
    let pbd = out.join("out.pbd").display().to_string();
    let dice = out.join("dice.txt").display().to_string();
    let lines: [&[&str]; 23] = [
        &["solve", "ATEE/APYO/TINU/EDSE", "--dict", file],
        &["solve", file],
        &["solve", "--batch", file],
        &["compile", file, "-o", &pbd],
        &["compile", ok, "--tiers", file, "-o", &pbd],
        &["dict", "info", file],
        &["dict", "lookup", file, "CAT"],
        &["dict", "search", file, "c?t"],
        &["dict", "words", file],
        &["dict", "diff", file, "enable2k"],
        &["dict", "diff", "enable2k", file],
        &["crossword", file],
        &["roll", file],
        &["dice", "check", file, "ATEE/APYO/TINU/EDSE"],
        &["dice", "unreachable", file],
        &["dice", "unreachable", "english-new-4x4", "--dict", file],
        &["dice", "derive", file, "-o", &dice],
        &["bench", "--boards-file", file],
        &["bench", "--dict", file],
        &["optimize", "--summarize", file],
        &["optimize", "--dict", file, "--time", "1"],
        &["prove", "--summarize", file],
        &["duel", "--dict", file],
    ];
    lines
        .iter()
        .map(|line| line.iter().map(|s| s.to_string()).collect())
        .collect()
}

/// Runs each command line; each must fail with exit code 2 and exactly `expected` on
/// stderr (one line), and write nothing to stdout.
fn all_say(commands: &[Vec<String>], stdin: &str, expected: &str) {
    for args in commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(&args, stdin);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "polyboggle {args:?}: {stderr}");
        assert_eq!(
            stderr,
            format!("polyboggle: {expected}\n"),
            "polyboggle {args:?}"
        );
        assert!(out.stdout.is_empty(), "polyboggle {args:?}");
    }
}

struct Files {
    dir: tempfile::TempDir,
    ok: String,
}

fn files() -> Files {
    let dir = tempfile::tempdir().unwrap();
    let ok = dir.path().join("ok.txt");
    std::fs::write(&ok, "cat\ndog\n").unwrap();
    let ok = ok.display().to_string();
    Files { dir, ok }
}

#[test]
fn a_missing_file_is_no_such_file_everywhere() {
    let f = files();
    let gone = f.dir.path().join("gone.txt").display().to_string();
    all_say(
        &readers(&gone, &f.ok, f.dir.path()),
        "",
        &format!("{gone}: no such file"),
    );
    // An empty name is shown, not left out ("polyboggle: : ...").
    all_say(
        &[vec!["crossword".into(), String::new()]],
        "",
        "'': no such file",
    );
}

#[test]
fn a_folder_is_not_a_file_everywhere() {
    let f = files();
    let folder = f.dir.path().join("folder");
    std::fs::create_dir(&folder).unwrap();
    let folder = folder.display().to_string();
    all_say(
        &readers(&folder, &f.ok, f.dir.path()),
        "",
        &format!("{folder}: a folder, not a file"),
    );
}

#[test]
fn bytes_that_are_not_utf8_are_named_by_offset_and_line_everywhere() {
    let f = files();
    let bad = f.dir.path().join("bad.txt");
    // A first line every reader takes (a board, a word), then a byte no UTF-8 text
    // holds: offset 19, line 2. Streamed files (a boards file) read line 1 first.
    std::fs::write(&bad, b"perslatgsineters\nta\xffep\n").unwrap();
    let bad = bad.display().to_string();
    let expected = format!("{bad}: not UTF-8 (invalid byte at offset 19, line 2)");
    all_say(&readers(&bad, &f.ok, f.dir.path()), "", &expected);
}

#[test]
fn standard_input_that_is_not_utf8_says_so_in_the_same_words() {
    let f = files();
    let pbd = f.dir.path().join("out.pbd").display().to_string();
    let commands: Vec<Vec<String>> = [
        &["solve"][..],
        &["solve", "-"],
        &["solve", "--batch", "-"],
        &["compile", "-", "-o", &pbd],
        &["crossword", "-"],
        &["duel"],
        &["play"],
    ]
    .iter()
    .map(|line| line.iter().map(|s| s.to_string()).collect())
    .collect();
    for args in &commands {
        let out = polyboggle(args).stdin(b"2\nta\xffep\n").output();
        assert_eq!(out.status.code(), Some(2), "polyboggle {args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "polyboggle: standard input: not UTF-8 (invalid byte at offset 4, line 2)\n",
            "polyboggle {args:?}"
        );
    }
}

#[test]
fn a_number_flag_given_something_else_names_the_flag() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["roll", "english-new-4x4", "--seed", "-1"],
            "--seed: -1 is not a seed (a whole number 0 to 2^64-1)",
        ),
        (
            &["solve", "--roll", "english-new-4x4", "--seed", "x"],
            "--seed: x is not a seed (a whole number 0 to 2^64-1)",
        ),
        (
            &["optimize", "--seed", "18446744073709551616"],
            "--seed: 18446744073709551616 is not a seed (a whole number 0 to 2^64-1)",
        ),
        (
            &["bench", "--boards", "-3"],
            "--boards: -3 is not a whole number (0 or more)",
        ),
        (
            &["prove", "--min", "-1"],
            "--min: -1 is not a whole number (0 or more)",
        ),
        (
            &[
                "dict",
                "search",
                "enable2k",
                "--fuzzy",
                "cat",
                "--distance",
                "-2",
            ],
            "--distance: -2 is not a whole number (0 or more)",
        ),
        (
            &["optimize", "--time", "soon"],
            "--time: soon is not a number",
        ),
        (
            // A negative time reaches the command's own check.
            &["optimize", "--time", "-1"],
            "--time -1: expected seconds, more than 0 and at most 1000000000",
        ),
    ];
    for (args, expected) in cases {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("polyboggle: {expected}\n"),
            "{args:?}"
        );
    }
}
