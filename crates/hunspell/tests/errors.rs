//! Bad input: every error is one line naming the file (and line).

mod common;
use polyboggle_hunspell::{Error, HunspellDictionary};

fn open_err(aff: &[u8], dic: &[u8]) -> (Error, String) {
    let (_g, a, d) = common::files(aff, dic);
    let e = HunspellDictionary::open(&d, &a).unwrap_err();
    let s = e.to_string();
    assert!(!s.contains('\n'), "multi-line error: {s}");
    (e, s)
}

#[test]
fn missing_aff() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().join("x.dic");
    std::fs::write(&d, "1\nfoo\n").unwrap();
    let e = HunspellDictionary::open_dic(&d).unwrap_err();
    assert!(matches!(e, Error::Io { .. }));
    let s = e.to_string();
    assert!(s.contains("x.aff") && !s.contains('\n'), "{s}");
}

#[test]
fn unknown_flag_type() {
    let (e, s) = open_err(b"FLAG wide\n", b"1\nfoo\n");
    assert!(matches!(e, Error::Parse { line: 1, .. }));
    assert!(
        s.ends_with("t.aff:1: unknown FLAG type \"wide\" (expected long, num or UTF-8)"),
        "{s}"
    );
}

#[test]
fn undefined_flag_in_dic_is_fine_but_alias_out_of_range_is_not() {
    let (_g, a, d) = common::files(b"SFX S Y 1\nSFX S 0 s .\n", b"1\nfoo/QZ\n");
    assert!(HunspellDictionary::open(&d, &a).is_ok());
    let (e, s) = open_err(
        b"AF 1\nAF S\nSFX S Y 1\nSFX S 0 s .\n",
        b"2\nfoo/1\nbar/7\n",
    );
    assert!(matches!(e, Error::Parse { line: 3, .. }), "{s}");
    assert!(
        s.ends_with("t.dic:3: flag alias 7 is out of range (AF defines 1)"),
        "{s}"
    );
}

#[test]
fn bad_condition() {
    let (e, s) = open_err(b"SFX S Y 1\nSFX S 0 s [ab\n", b"1\nfoo\n");
    assert!(matches!(e, Error::Parse { line: 2, .. }));
    assert!(
        s.ends_with("t.aff:2: bad condition \"[ab\": unclosed '['"),
        "{s}"
    );
}

#[test]
fn set_encoding_that_does_not_decode() {
    // Latin-1 bytes in a file that says UTF-8
    let (e, s) = open_err(b"SET UTF-8\n", b"2\nfoo\ncaf\xe9\n");
    assert!(matches!(e, Error::Encoding { line: 3, .. }));
    assert!(
        s.ends_with("t.dic:3: invalid UTF-8 byte 0xE9 at column 4 (SET is UTF-8)"),
        "{s}"
    );
    let (_, s) = open_err(b"SET UTF-8\nSFX S Y 1\nSFX S 0 \xe9 .\n", b"1\nfoo\n");
    assert!(s.contains("t.aff:3: invalid UTF-8"), "{s}");
}

#[test]
fn byte_the_encoding_forbids() {
    // 0xD2 is unassigned in ISO-8859-7
    let (e, s) = open_err(b"SET ISO8859-7\n", b"1\nab\xd2\n");
    assert!(matches!(e, Error::Encoding { line: 2, .. }));
    assert!(
        s.ends_with("t.dic:2: byte 0xD2 at column 3 is not valid in ISO-8859-7"),
        "{s}"
    );
}

#[test]
fn unknown_set() {
    let (_, s) = open_err(b"SET EBCDIC-42\n", b"1\nfoo\n");
    assert!(
        s.ends_with("t.aff:1: unknown SET encoding \"EBCDIC-42\""),
        "{s}"
    );
}

#[test]
fn dic_first_line_not_a_count() {
    let (e, s) = open_err(b"", b"foo/S\nbar\n");
    assert!(matches!(e, Error::Parse { line: 1, .. }));
    assert!(
        s.ends_with("t.dic:1: the first line must be the word count, got \"foo/S\""),
        "{s}"
    );
    let (_, s) = open_err(b"", b"");
    assert!(s.contains("t.dic:1: empty .dic file"), "{s}");
}

#[test]
fn affix_block_errors() {
    let (_, s) = open_err(b"SFX S Y 2\nSFX S 0 s .\n", b"1\nfoo\n");
    assert!(
        s.ends_with("t.aff:1: SFX header announces 2 entries but the file ends"),
        "{s}"
    );
    let (_, s) = open_err(b"SFX S Y 1\nSFX T 0 s .\n", b"1\nfoo\n");
    assert!(
        s.ends_with("t.aff:2: SFX entry flag \"T\" differs from its header's"),
        "{s}"
    );
    let (_, s) = open_err(b"PFX P Y x\n", b"1\nfoo\n");
    assert!(
        s.ends_with("t.aff:1: PFX header: bad entry count \"x\""),
        "{s}"
    );
    let (_, s) = open_err(b"SFX S Y 1\nSFX S 0\n", b"1\nfoo\n");
    assert!(
        s.ends_with("t.aff:2: SFX entry needs `SFX flag strip add [condition]`"),
        "{s}"
    );
}

#[test]
fn compounds_parts_other_than_two() {
    let (_g, a, d) = common::files(b"", b"1\nfoo\n");
    let o = polyboggle_hunspell::ExpandOptions {
        compounds: Some(polyboggle_hunspell::Compounds {
            parts: 3,
            max_len: 9,
            max_forms: 9,
        }),
        ..Default::default()
    };
    let s = HunspellDictionary::open_with(&d, &a, o)
        .unwrap_err()
        .to_string();
    assert!(s.contains("Compounds::parts must be 2, got 3"), "{s}");
}
