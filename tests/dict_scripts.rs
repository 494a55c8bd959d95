//! Dictionaries whose keys use over 64 distinct bytes, through the binary (issue 55):
//! `dict words`, `dict search` and `dict diff` see every word; a file of format
//! version 4 that could not show them is refused with the command that rebuilds it,
//! and `dict upgrade` rebuilds it, in place or beside it.

use crate::common::{bad, ok, repo};

/// The 101 words of `tests/data/format/v4-scripts.txt` (Latin, Cyrillic, Greek,
/// Armenian, CJK, Hangul, Devanagari, Georgian: 85 distinct bytes), sorted as keys.
fn words() -> Vec<String> {
    let list = std::fs::read_to_string(repo("tests/data/format/v4-scripts.txt")).unwrap();
    // Case folding makes the final sigma of `xς` a `σ`.
    let mut words: Vec<String> = list
        .split_whitespace()
        .map(|w| w.replace('ς', "σ"))
        .collect();
    words.sort();
    words
}

/// The words shown (upper case) as keys: lower case a character at a time (a
/// string's `to_lowercase` would make the `Σ` of `XΣ` a final `ς`).
fn lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| line.chars().flat_map(char::to_lowercase).collect())
        .collect()
}

#[test]
fn every_word_of_many_scripts_is_listed_searched_and_diffed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.pbd").display().to_string();
    ok(&[
        "compile",
        &repo("tests/data/format/v4-scripts.txt"),
        "-o",
        &out,
    ]);
    let info = ok(&["dict", "info", &out]);
    assert!(info.contains("words:          101"), "{info}");
    let listed = lines(&ok(&["dict", "words", &out]));
    assert_eq!(listed.len(), 101);
    let mut sorted = listed.clone();
    sorted.sort();
    assert_eq!(sorted, words());
    assert_eq!(ok(&["dict", "search", &out, "*", "--count"]).trim(), "101");
    assert_eq!(ok(&["dict", "search", &out, "x?", "--count"]).trim(), "91");
    assert_eq!(
        lines(&ok(&["dict", "search", &out, "a*"])),
        ["ab", "ad", "aé", "a䀀", "a中", "a中d"]
    );
    // Against English: every word but those ENABLE2K holds (ab, ad, xi, xu).
    let diff = ok(&["dict", "diff", &out, "enable2k", "--count"]);
    let english = std::fs::read_to_string(repo("dictionaries/enable2k.txt")).unwrap();
    let english: std::collections::HashSet<String> =
        english.split_whitespace().map(str::to_lowercase).collect();
    let in_english = words().iter().filter(|w| english.contains(*w)).count();
    assert_eq!(in_english, 4);
    assert_eq!(diff.trim(), (101 - in_english).to_string());
}

#[test]
fn a_version_4_file_of_many_scripts_is_refused_then_upgraded() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join("old.pbd");
    std::fs::copy(repo("tests/data/format/v4-scripts.pbd"), &old).unwrap();
    let old = old.display().to_string();
    for args in [
        vec!["dict", "words", &old],
        vec!["dict", "search", &old, "*", "--count"],
        vec!["dict", "info", &old],
        vec!["solve", "ab/cd", "--dict", &old],
    ] {
        let line = bad(&args);
        assert!(
            line.contains("format version 4")
                && line.ends_with(&format!("polyboggle dict upgrade {old}\n")),
            "{args:?}: {line}"
        );
    }
    // Beside it first, then in place.
    let new = dir.path().join("new.pbd").display().to_string();
    let said = ok(&["dict", "upgrade", &old, "-o", &new]);
    assert!(said.contains("101 words, format version 4 to 5"), "{said}");
    assert_eq!(ok(&["dict", "search", &new, "*", "--count"]).trim(), "101");
    ok(&["dict", "upgrade", &old]);
    let mut listed = lines(&ok(&["dict", "words", &old]));
    listed.sort();
    assert_eq!(listed, words());
    assert!(ok(&["dict", "upgrade", &old]).contains("format version 5 already"));
    // A version 4 file whose bytes have classes of their own still opens as it is.
    let exact = repo("tests/data/format/v4.pbd");
    assert_eq!(ok(&["dict", "search", &exact, "*", "--count"]).trim(), "9");
    // Not a dictionary, or missing: one line.
    let missing = dir.path().join("none.pbd").display().to_string();
    assert!(bad(&["dict", "upgrade", &missing]).contains("none.pbd"));
    let text = repo("tests/data/format/v4-scripts.txt");
    assert!(bad(&["dict", "upgrade", &text]).contains("not a compiled polyboggle dictionary"));
}
