//! `compile` in bounded memory: a list sorted in chunks on disk (`--memory`) makes the
//! very file a compile in memory makes, tiers included, and reads from standard input
//! too; the summary says the peak memory; bad input (bad UTF-8 in a later chunk, a
//! folder the chunks cannot be written in, a bad size) is one line, exit 2, and leaves
//! no file behind.

use std::path::Path;

use crate::common::{bad, ok, run};

/// Some thousands of Unicode words, with duplicates under case folding and NFC.
fn unicode_list() -> String {
    let stems = [
        "kot",
        "KOT",
        "żółw",
        "ŻÓŁW",
        "Straße",
        "strasse",
        "क्षमा",
        "ıslak",
        "e\u{301}te",
        "éte",
        "ĳs",
        "ñu",
        "x-ray",
    ];
    let mut text = String::new();
    for i in 0..3000 {
        let stem = stems[i % stems.len()];
        let digits = (i / stems.len()).to_string();
        let suffix: String = digits.bytes().map(|d| (d - b'0' + b'a') as char).collect();
        text.push_str(&format!("{stem}{suffix}\n{stem}\n"));
    }
    text
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn a_list_sorted_on_disk_compiles_to_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    std::fs::write(path("words.txt"), unicode_list()).unwrap();
    std::fs::write(path("tiers.txt"), "kot\nżółwa\nstrasse\nqueue\n").unwrap();
    let compile = |extra: &[&str], out: &str| {
        let (words, tiers, out) = (path("words.txt"), path("tiers.txt"), path(out));
        let mut args = vec![
            "compile", &words, "--tiers", &tiers, "--lang", "pl", "-o", &out,
        ];
        args.extend_from_slice(extra);
        ok(&args)
    };
    let in_memory = compile(&[], "memory.pbd");
    let on_disk = compile(&["--memory", "2K"], "disk.pbd");
    let memory = std::fs::read(path("memory.pbd")).unwrap();
    assert!(memory == std::fs::read(path("disk.pbd")).unwrap());
    // The same summary but for the file's name, the time and the peak memory.
    let counts = |summary: &str| {
        let (first, rest) = summary.split_once('\n').unwrap();
        let (_, counts) = first.split_once(": ").unwrap();
        (
            counts.split(", in ").next().unwrap().to_string(),
            rest.to_string(),
        )
    };
    assert_eq!(counts(&in_memory), counts(&on_disk));
    assert!(in_memory.contains("tiers 1: "), "{in_memory}");
    if cfg!(any(target_os = "linux", target_os = "macos")) {
        assert!(on_disk.contains(", peak memory "), "{on_disk}");
        assert!(
            on_disk.lines().next().unwrap().ends_with(" MiB"),
            "{on_disk}"
        );
    }
    // Standard input, sorted on disk: the same file again.
    let args = [
        "compile",
        "-",
        "--tiers",
        &path("tiers.txt"),
        "--lang",
        "pl",
    ];
    let out = run(
        &[&args[..], &["--memory", "1K", "-o", &path("stdin.pbd")]].concat(),
        &unicode_list(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(memory == std::fs::read(path("stdin.pbd")).unwrap());
    // The sorted chunks were unnamed files: nothing else is left.
    let expected = [
        "disk.pbd",
        "memory.pbd",
        "stdin.pbd",
        "tiers.txt",
        "words.txt",
    ];
    assert_eq!(names(dir.path()), expected);
}

#[test]
fn bad_input_while_sorting_on_disk_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    // Bad UTF-8 far past the first chunk (and past a read block of 1 MiB).
    let good = unicode_list().repeat(20);
    let mut bytes = good.clone().into_bytes();
    bytes.extend_from_slice(b"kot\xff\n");
    std::fs::write(path("bad.txt"), &bytes).unwrap();
    let line = bad(&[
        "compile",
        &path("bad.txt"),
        "--memory",
        "1K",
        "-o",
        &path("d.pbd"),
    ]);
    let lines = good.matches('\n').count() + 1;
    let expected = format!(
        "polyboggle: {}: not UTF-8 (invalid byte at offset {}, line {lines})\n",
        path("bad.txt"),
        good.len() + 3
    );
    assert_eq!(line, expected);
    assert_eq!(names(dir.path()), ["bad.txt"]);
    // A folder the chunks cannot be written in.
    std::fs::write(path("words.txt"), unicode_list()).unwrap();
    let missing = dir.path().join("missing");
    let out = missing.join("d.pbd").display().to_string();
    let line = bad(&["compile", &path("words.txt"), "--memory", "1K", "-o", &out]);
    assert_eq!(
        line,
        format!(
            "polyboggle: {}: cannot write the sorted chunks of a large word list: no such folder\n",
            missing.display()
        )
    );
    assert_eq!(names(dir.path()), ["bad.txt", "words.txt"]);
    for size in ["0", "abc", "2T", "99999999999999G"] {
        let line = bad(&[
            "compile",
            &path("words.txt"),
            "--memory",
            size,
            "-o",
            &path("d.pbd"),
        ]);
        assert!(
            line.contains("expected a size such as 64, 512K, 64M or 2G"),
            "{line}"
        );
    }
    assert_eq!(names(dir.path()), ["bad.txt", "words.txt"]);
}
