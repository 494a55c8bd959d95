//! `dict search`, `dict words` and `dict diff` through the binary: queries in
//! English and Spanish, output forms, and bad input refused on one line.

use crate::common::{bad, file, ok, repo};

/// A Spanish word list (compiled on the fly with `--lang es`).
fn spanish_list(dir: &tempfile::TempDir) -> String {
    file(dir, "es.txt", "leche che ce año Canción niño chico llama\n")
}

#[test]
fn patterns_find_words_in_order_and_upper_case() {
    assert_eq!(ok(&["dict", "search", "enable2k", "qu?z"]), "QUIZ\n");
    let list = std::fs::read_to_string(repo("dictionaries/enable2k.txt")).unwrap();
    let expected: Vec<String> = list
        .split_whitespace()
        .filter(|w| w.to_lowercase().ends_with("ing") && w.len() <= 5)
        .map(str::to_uppercase)
        .collect();
    let out = ok(&["dict", "search", "enable2k", "*ing", "--max-len", "5"]);
    assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    assert!(expected.len() > 10);
}

#[test]
fn every_kind_of_query() {
    let search = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["dict", "search", "enable2k"];
        all.extend_from_slice(args);
        ok(&all).lines().map(str::to_string).collect()
    };
    assert_eq!(
        search(&["--anagram", "TACOS"]),
        ["ASCOT", "COAST", "COATS", "COSTA", "TACOS"]
    );
    let built = [
        "BIZ", "DUI", "FIZ", "PIU", "QUA", "QUAI", "QUID", "QUIN", "QUIP", "QUIT", "QUIZ", "SUQ",
        "TUI", "WIZ", "ZIG", "ZIN", "ZIP", "ZIT",
    ];
    assert_eq!(search(&["--build", "quiz?", "--min-len", "3"]), built);
    // With the die's Qu as a unit, the rack is three faces: Qu, I, Z.
    let qu = search(&["--build", "quiz?", "--min-len", "3", "--units", "Qu"]);
    assert_eq!(
        qu,
        [
            "BIZ", "FIZ", "QUA", "QUAI", "QUID", "QUIN", "QUIP", "QUIT", "QUIZ", "WIZ", "ZIG",
            "ZIN", "ZIP", "ZIT"
        ]
    );
    assert_eq!(
        search(&["--regex", "qu[ao]g.*"]),
        [
            "QUAG",
            "QUAGGA",
            "QUAGGAS",
            "QUAGGIER",
            "QUAGGIEST",
            "QUAGGY",
            "QUAGMIRE",
            "QUAGMIRES",
            "QUAGMIRIER",
            "QUAGMIRIEST",
            "QUAGMIRY",
            "QUAGS"
        ]
    );
    assert_eq!(search(&["--fuzzy", "quizz", "--distance", "1"]), ["QUIZ"]);
    assert_eq!(search(&["*", "--limit", "2"]), ["AA", "AAH"]);
    assert_eq!(search(&["c?t", "--count"]), ["3"]);
}

#[test]
fn json_lists_and_counts() {
    let out = ok(&["dict", "search", "enable2k", "c?t", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(value, serde_json::json!({"words": ["CAT", "COT", "CUT"]}));
    let out = ok(&[
        "dict", "search", "enable2k", "c?t", "--count", "--format", "json",
    ]);
    assert_eq!(out.trim(), r#"{"count":3}"#);
    let out = ok(&["dict", "search", "enable2k", "xyzzy", "--format", "json"]);
    assert_eq!(out.trim(), r#"{"words": []}"#);
}

#[test]
fn spanish_queries_use_its_profile_and_units() {
    let dir = tempfile::tempdir().unwrap();
    let list = spanish_list(&dir);
    let search = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["dict", "search", &list, "--lang", "es"];
        all.extend_from_slice(args);
        ok(&all).lines().map(str::to_string).collect()
    };
    assert_eq!(search(&["?e"]), ["CE", "CHE"]);
    assert_eq!(search(&["?e", "--units", ""]), ["CE"]);
    assert_eq!(search(&["le[CH]e"]), ["LECHE"]);
    assert_eq!(search(&["CANCIÓN"]), ["CANCION"]);
    assert_eq!(search(&["?ño"]), ["AÑO"]);
    assert_eq!(search(&["--anagram", "ÑINO"]), ["NIÑO"]);
    assert_eq!(search(&["--fuzzy", "nino", "--distance", "1"]), ["NIÑO"]);
    assert_eq!(
        search(&["*", "--min-len", "5", "--max-len", "5"]),
        ["CHICO", "LECHE", "LLAMA"]
    );
}

#[test]
fn words_streams_every_word_and_diff_subtracts() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.txt");
    let b = dir.path().join("b.txt");
    std::fs::write(&a, "cat dog emu\n").unwrap();
    std::fs::write(&b, "DOG\n").unwrap();
    let (a, b) = (a.display().to_string(), b.display().to_string());
    assert_eq!(ok(&["dict", "words", &a]), "CAT\nDOG\nEMU\n");
    assert_eq!(ok(&["dict", "diff", &a, &b]), "CAT\nEMU\n");
    assert_eq!(ok(&["dict", "diff", &a, &b, "--count"]), "2\n");
    assert_eq!(ok(&["dict", "diff", &b, &a]), "");
    let all = ok(&["dict", "words", "enable2k"]);
    assert_eq!(all.lines().count(), 173_528);
}

#[test]
fn bad_queries_are_one_line_and_exit_2() {
    for (args, expected) in [
        (
            &["c[at"][..],
            "pattern 'c[at': '[' at '[at' is never closed",
        ),
        (
            &["c.t"],
            "pattern 'c.t': '.' is not a letter, '?', '*' or '[...]'",
        ),
        (
            &[""],
            "pattern '': an empty pattern (write '*' for every word)",
        ),
        (
            &["--anagram", ""],
            "rack '': no faces (write letters, '?' for a blank)",
        ),
        (
            &["--build", "ab-c"],
            "rack 'ab-c': 'ab-c' is not letters or '?'",
        ),
        (
            &["--fuzzy", "cat", "--distance", "9"],
            "distance 9: expected 0 to 4",
        ),
        (
            &["c?t", "--min-len", "5", "--max-len", "3"],
            "lengths: the shortest (5) is longer than the longest (3)",
        ),
        (&["c?t", "--units", "c-h"], "unit 'c-h': not letters"),
    ] {
        let mut all = vec!["dict", "search", "enable2k"];
        all.extend_from_slice(args);
        let line = bad(&all);
        assert_eq!(
            line.trim_end(),
            format!("polyboggle: {expected}"),
            "{args:?}"
        );
    }
    let line = bad(&["dict", "search", "enable2k", "--regex", "a(b"]);
    assert!(line.starts_with("polyboggle: regex 'a(b': "), "{line}");
    bad(&["dict", "search", "enable2k", "x", "--regex", "--anagram"]);
    bad(&["dict", "search", "enable2k", "x", "--distance", "2"]);
    bad(&["dict", "search", "no-such-dict", "x"]);
}
