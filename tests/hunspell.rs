//! Hunspell dictionaries (`.dic` + `.aff`) through the binary: `compile NAME.dic`
//! expands every form into the dictionary, `dict expand` lists them, and every bad
//! file is one line naming the file and line, exit 2, no dictionary written.

use crate::common::{bad, ok};

/// A small affix file: a prefix and suffixes with strip, condition and cross
/// product, a continuation class (twofold suffix), NEEDAFFIX and FORBIDDENWORD.
const AFF: &str = "SET UTF-8
NEEDAFFIX N
FORBIDDENWORD F
PFX U Y 1
PFX U 0 un .
SFX S Y 2
SFX S 0 s [^y]
SFX S y ies y
SFX D N 1
SFX D 0 ed/S .
";

const DIC: &str = "5
do/US
fly/S
walk/DN
Ærø
undos/F
";

fn files(dir: &std::path::Path) -> (String, String) {
    let dic = dir.join("small.dic");
    let aff = dir.join("small.aff");
    std::fs::write(&dic, DIC).unwrap();
    std::fs::write(&aff, AFF).unwrap();
    (dic.display().to_string(), aff.display().to_string())
}

#[test]
fn a_dic_compiles_into_every_form() {
    let dir = tempfile::tempdir().unwrap();
    let (dic, _) = files(dir.path());
    let out = dir.path().join("small.pbd").display().to_string();
    let summary = ok(&["compile", &dic, "-o", &out]);
    assert!(
        summary.contains(": 5 stems expanded into 8 forms"),
        "{summary}"
    );
    let words = ok(&["dict", "words", &out]);
    // walk needs an affix (no bare walk); walked takes S through its continuation
    // class (walkeds), undos is forbidden, the cross product gives undo.
    assert_eq!(
        words.split_whitespace().collect::<Vec<_>>(),
        ["DO", "DOS", "FLIES", "FLY", "UNDO", "WALKED", "WALKEDS", "ÆRØ"]
    );
}

#[test]
fn dict_expand_lists_the_forms_or_one_stems() {
    let dir = tempfile::tempdir().unwrap();
    let (dic, aff) = files(dir.path());
    let all = ok(&["dict", "expand", &dic]);
    let mut forms: Vec<&str> = all.lines().collect();
    forms.sort_unstable();
    assert_eq!(
        forms,
        ["do", "dos", "flies", "fly", "undo", "walked", "walkeds", "Ærø"]
    );
    let elsewhere = dir.path().join("other.aff");
    std::fs::rename(&aff, &elsewhere).unwrap();
    let stem = ok(&[
        "dict",
        "expand",
        &dic,
        "--stem",
        "fly",
        "--aff",
        &elsewhere.display().to_string(),
    ]);
    assert_eq!(stem, "flies\nfly\n");
}

#[test]
fn bad_hunspell_files_are_one_line_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (dic, aff) = files(dir.path());
    let out = dir.path().join("x.pbd");
    let compile = |extra: &[&str]| {
        let mut args = vec!["compile", dic.as_str(), "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let line = bad(&args);
        assert!(!out.exists(), "{line}");
        line
    };
    let cases: &[(&str, &str, &str)] = &[
        ("aff", "FLAG bogus\n", "small.aff:1: unknown FLAG type"),
        (
            "aff",
            "SET UTF-8\nSFX S Y 1\nSFX S 0 s [ab\n",
            "small.aff:3:",
        ),
        ("dic", "many\ndo\n", "small.dic:1:"),
        ("aff", "SET ISO8859-7\n", "small.dic:"),
    ];
    for (which, text, start) in cases {
        files(dir.path());
        let path = if *which == "aff" { &aff } else { &dic };
        let text = if text.starts_with("SET ISO8859-7") {
            std::fs::write(&dic, b"1\n\xd2\xff\n").unwrap();
            text
        } else {
            text
        };
        std::fs::write(path, text).unwrap();
        let line = compile(&[]);
        assert!(
            line.starts_with(&format!("polyboggle: {}", dir.path().display())),
            "{line}"
        );
        assert!(line.contains(start), "{text:?}: {line}");
        assert_eq!(line.lines().count(), 1, "{line}");
    }
    files(dir.path());
    std::fs::remove_file(&aff).unwrap();
    assert_eq!(compile(&[]), format!("polyboggle: {aff}: no such file\n"));
    files(dir.path());
    assert!(compile(&["--compounds", "3"]).contains("--compounds 3: only two-part"));
    let plain = dir.path().join("plain.txt");
    std::fs::write(&plain, "cat\n").unwrap();
    let two = bad(&[
        "compile",
        plain.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--aff",
        &aff,
    ]);
    assert!(two.contains("--aff goes with exactly one"), "{two}");
    assert!(
        bad(&["dict", "expand", &dic, "--stem", "zebra"]).contains("--stem zebra: no such stem")
    );
}
