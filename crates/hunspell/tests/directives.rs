//! One test (or more) per directive, on tiny hand-written dictionaries.

mod common;
use common::{forms, forms_with, list};
use polyboggle_hunspell::{Compounds, ExpandOptions};

#[test]
fn suffix_strip_condition_add() {
    let aff = "SFX S Y 3\nSFX S y ies [^aeiou]y\nSFX S 0 s [aeiou]y\nSFX S 0 s [^y]\n";
    assert_eq!(
        forms(aff, "3\nfly/S\nplay/S\ncat/S\n"),
        list(&["cat", "cats", "flies", "fly", "play", "plays"])
    );
}

#[test]
fn strip_must_match() {
    // strip "y" only applies to stems ending in y
    let aff = "SFX S Y 1\nSFX S y ies .\n";
    assert_eq!(
        forms(aff, "2\nfly/S\ncat/S\n"),
        list(&["cat", "flies", "fly"])
    );
}

#[test]
fn strip_cannot_take_the_whole_stem_without_fullstrip() {
    let aff = "SFX S Y 1\nSFX S ab x .\n";
    assert_eq!(forms(aff, "1\nab/S\n"), list(&["ab"]));
    assert_eq!(
        forms(&format!("FULLSTRIP\n{aff}"), "1\nab/S\n"),
        list(&["ab", "x"])
    );
}

#[test]
fn prefix_condition_and_strip() {
    let aff = "PFX P Y 2\nPFX P 0 re [^e]\nPFX P a in a\n";
    // "edit" fails the condition; "act" takes both rules ("a" stripped for "in")
    assert_eq!(
        forms(aff, "3\ndo/P\nedit/P\nact/P\n"),
        list(&["act", "do", "edit", "inct", "react", "redo"])
    );
}

#[test]
fn cross_product_needs_y_on_both() {
    let yy = "PFX U Y 1\nPFX U 0 un .\nSFX S Y 1\nSFX S 0 s .\n";
    assert_eq!(
        forms(yy, "1\ndo/US\n"),
        list(&["do", "dos", "undo", "undos"])
    );
    let yn = "PFX U Y 1\nPFX U 0 un .\nSFX S N 1\nSFX S 0 s .\n";
    assert_eq!(forms(yn, "1\ndo/US\n"), list(&["do", "dos", "undo"]));
    let ny = "PFX U N 1\nPFX U 0 un .\nSFX S Y 1\nSFX S 0 s .\n";
    assert_eq!(forms(ny, "1\ndo/US\n"), list(&["do", "dos", "undo"]));
}

#[test]
fn prefix_condition_is_tested_on_the_suffixed_word() {
    // the prefix needs a word starting with "x"; the suffix rewrites nothing at the start
    let aff = "PFX P Y 1\nPFX P 0 q x\nSFX S Y 1\nSFX S 0 s .\n";
    assert_eq!(
        forms(aff, "1\nxa/PS\n"),
        list(&["qxa", "qxas", "xa", "xas"])
    );
}

#[test]
fn twofold_suffix_only_through_continuation() {
    let aff = "SFX A Y 1\nSFX A 0 a/B .\nSFX B Y 1\nSFX B 0 b .\nSFX C Y 1\nSFX C 0 c .\n";
    // stem has A and C: "ab" via A's continuation B; no "ac"+"b" chaining, no "ca"
    assert_eq!(forms(aff, "1\nx/AC\n"), list(&["x", "xa", "xab", "xc"]));
    // without the continuation class: no chaining at all
    let aff2 = "SFX A Y 1\nSFX A 0 a .\nSFX B Y 1\nSFX B 0 b .\n";
    assert_eq!(forms(aff2, "1\nx/AB\n"), list(&["x", "xa", "xb"]));
}

#[test]
fn twofold_suffix_with_prefix() {
    let aff = "PFX P Y 1\nPFX P 0 p .\nSFX A Y 1\nSFX A 0 a/B .\nSFX B Y 1\nSFX B 0 b .\n";
    assert_eq!(
        forms(aff, "1\nx/PA\n"),
        list(&["x", "xa", "xab", "px", "pxa", "pxab"])
    );
}

#[test]
fn prefix_continuation_enables_suffix() {
    // S is not on the stem but the prefix's continuation allows it
    let aff = "PFX P Y 1\nPFX P 0 p/S .\nSFX S Y 1\nSFX S 0 s .\n";
    assert_eq!(forms(aff, "1\nx/P\n"), list(&["x", "px", "pxs"]));
}

#[test]
fn needaffix_stem() {
    let aff = "NEEDAFFIX N\nSFX S Y 1\nSFX S 0 s .\n";
    assert_eq!(forms(aff, "2\nfoo/NS\nbar/N\n"), list(&["foos"]));
    let old = "PSEUDOROOT N\nSFX S Y 1\nSFX S 0 s .\n";
    assert_eq!(forms(old, "1\nfoo/NS\n"), list(&["foos"]));
}

#[test]
fn needaffix_on_affixes() {
    // suffix A needs another affix: alone it is not a word
    let aff =
        "NEEDAFFIX N\nPFX P Y 1\nPFX P 0 p .\nSFX A Y 1\nSFX A 0 a/NB .\nSFX B Y 1\nSFX B 0 b .\n";
    assert_eq!(
        forms(aff, "1\nx/PA\n"),
        list(&["x", "px", "xab", "pxa", "pxab"])
    );
    // a needaffix prefix alone is not a word either
    let aff = "NEEDAFFIX N\nPFX P Y 1\nPFX P 0 p/N .\nSFX S Y 1\nSFX S 0 s .\n";
    assert_eq!(forms(aff, "1\nx/PS\n"), list(&["x", "xs", "pxs"]));
}

#[test]
fn circumfix_needs_both_sides() {
    let aff =
        "CIRCUMFIX X\nPFX L Y 1\nPFX L 0 leg/X .\nSFX C Y 2\nSFX C 0 obb .\nSFX C 0 obb/X .\n";
    // prefix alone: no; circumfix suffix alone: no; both: yes; plain suffix: yes
    assert_eq!(
        forms(aff, "1\nnagy/LC\n"),
        list(&["nagy", "nagyobb", "legnagyobb"])
    );
}

#[test]
fn forbiddenword_stem_and_form() {
    let aff = "FORBIDDENWORD !\nSFX S Y 1\nSFX S 0 s .\n";
    // "bars" is forbidden, so bar/S does not give it; "baz" is forbidden entirely
    assert_eq!(forms(aff, "3\nbar/S\nbars/!\nbaz/S!\n"), list(&["bar"]));
}

#[test]
fn onlyincompound_stem_and_suffix() {
    let aff = "ONLYINCOMPOUND O\nSFX S Y 2\nSFX S 0 s .\nSFX S 0 e/O .\n";
    assert_eq!(forms(aff, "2\nfoo/S\nbar/OS\n"), list(&["foo", "foos"]));
}

#[test]
fn ignore_removes_characters() {
    let aff = "SET UTF-8\nIGNORE -\nSFX S Y 1\nSFX S 0 -s .\n";
    assert_eq!(forms(aff, "1\nab-c/S\n"), list(&["abc", "abcs"]));
}

#[test]
fn iconv_drops_forms_it_would_change_and_normalizes() {
    let aff = "SET UTF-8\nICONV 1\nICONV ’ '\n";
    assert_eq!(forms(aff, "2\nit's\nit’s\n"), list(&["it's"]));
    let (_g, a, d) = common::files(aff.as_bytes(), b"1\nit's\n");
    let dict = polyboggle_hunspell::HunspellDictionary::open(&d, &a).unwrap();
    assert_eq!(dict.normalize("it’s"), "it's");
}

#[test]
fn iconv_anchors() {
    let aff = "SET UTF-8\nICONV 2\nICONV abc_ x\nICONV ab y\n";
    let (_g, a, d) = common::files(aff.as_bytes(), b"1\nycd\n");
    let dict = polyboggle_hunspell::HunspellDictionary::open(&d, &a).unwrap();
    assert_eq!(dict.normalize("abcd"), "ycd");
    assert_eq!(dict.normalize("zabc"), "zx");
}

#[test]
fn complexprefixes_two_prefixes() {
    let aff = "COMPLEXPREFIXES\nPFX A Y 1\nPFX A 0 a/B .\nPFX B Y 1\nPFX B 0 b .\nSFX S Y 1\nSFX S 0 s .\n";
    assert_eq!(
        forms(aff, "1\nx/AS\n"),
        list(&["x", "ax", "bax", "xs", "axs", "baxs"])
    );
}

#[test]
fn flag_long_num_utf8_and_aliases() {
    let long = "FLAG long\nSFX Aa Y 1\nSFX Aa 0 s .\nSFX Bb Y 1\nSFX Bb 0 t .\n";
    assert_eq!(forms(long, "1\nx/Aa\n"), list(&["x", "xs"]));
    let num =
        "FLAG num\nSFX 0 Y 1\nSFX 0 0 z .\nSFX 12 Y 1\nSFX 12 0 s/0 .\nSFX 2 Y 1\nSFX 2 0 t .\n";
    assert_eq!(forms(num, "1\nx/12\n"), list(&["x", "xs", "xsz"]));
    let utf = "SET UTF-8\nFLAG UTF-8\nSFX é Y 1\nSFX é 0 s .\nSFX à Y 1\nSFX à 0 t .\n";
    assert_eq!(forms(utf, "1\nx/é\n"), list(&["x", "xs"]));
    let af = "AF 2\nAF A\nAF AB\nSFX A Y 1\nSFX A 0 a/1 .\nSFX B Y 1\nSFX B 0 b .\n";
    assert_eq!(forms(af, "1\nx/2\n"), list(&["x", "xa", "xaa", "xb"]));
}

#[test]
fn char_flags_are_bytes_in_utf8_files() {
    // Hunspell reads FLAG char flags as bytes: "é" is two flags (0xC3 0xA9);
    // `SFX \xC3` defines the first of them.
    let mut aff_bytes = b"SET UTF-8\nSFX ".to_vec();
    aff_bytes.push(0xC3);
    aff_bytes.extend_from_slice(b" Y 1\nSFX ");
    aff_bytes.push(0xC3);
    aff_bytes.extend_from_slice(b" 0 s .\n");
    let (_g, a, d) = common::files(&aff_bytes, "1\nx/é\n".as_bytes());
    let dict = polyboggle_hunspell::HunspellDictionary::open(&d, &a).unwrap();
    let v: Vec<String> = dict.expand().unwrap().map(Result::unwrap).collect();
    assert_eq!(v, ["x", "xs"]);
}

#[test]
fn keepcase_makes_no_case_variants() {
    let aff = "KEEPCASE K\n";
    assert_eq!(forms(aff, "2\nParis/K\nfoo\n"), list(&["Paris", "foo"]));
}

#[test]
fn iso8859_2_dictionary_decodes() {
    let aff = b"SET ISO8859-2\nSFX S Y 1\nSFX S 0 \xb1 .\n"; // ą
    let (_g, a, d) = common::files(aff, b"1\nm\xb3/S\n"); // mł
    let dict = polyboggle_hunspell::HunspellDictionary::open(&d, &a).unwrap();
    let v: Vec<String> = dict.expand().unwrap().map(Result::unwrap).collect();
    assert_eq!(v, ["mł", "młą"]);
}

#[test]
fn dic_morph_fields_escapes_and_blank_lines() {
    let aff = "SFX S Y 1\nSFX S 0 s .\n";
    let dic = "4\nfoo/S po:noun\n\na\\/b\nbar\tst:baz\n";
    assert_eq!(forms(aff, dic), list(&["a/b", "bar", "foo", "foos"]));
}

#[test]
fn undefined_flags_are_ignored() {
    assert_eq!(
        forms("SFX S Y 1\nSFX S 0 s .\n", "1\nfoo/SXYZ\n"),
        list(&["foo", "foos"])
    );
}

#[test]
fn expand_stem_and_limit_and_max_len() {
    let aff = "SFX S Y 2\nSFX S 0 s .\nSFX S 0 ses .\n";
    let (_g, a, d) = common::files(aff.as_bytes(), b"2\nfoo/S\nbar\n");
    let dict = polyboggle_hunspell::HunspellDictionary::open(&d, &a).unwrap();
    assert_eq!(dict.expand_stem("foo").unwrap(), ["foo", "foos", "fooses"]);
    assert!(dict.expand_stem("nope").unwrap().is_empty());
    let o = ExpandOptions {
        limit: 2,
        ..ExpandOptions::default()
    };
    let dict = polyboggle_hunspell::HunspellDictionary::open_with(&d, &a, o).unwrap();
    let err = dict.expand().unwrap().find_map(Result::err).unwrap();
    assert!(
        err.to_string().contains("produced more than 2 forms"),
        "{err}"
    );
    let o = ExpandOptions {
        max_len: Some(4),
        ..ExpandOptions::default()
    };
    assert_eq!(
        forms_with(aff, "2\nfoo/S\nbar\n", o),
        list(&["bar", "foo", "foos"])
    );
}

#[test]
fn max_len_keeps_forms_an_affix_brings_back_under_it() {
    // abcxxyy (7 letters) is too long, but the prefix takes "ab" off it again
    let aff = "SFX S Y 1\nSFX S 0 xx/T .\nSFX T Y 1\nSFX T 0 yy .\nPFX P Y 1\nPFX P ab 0 ab\n";
    let dic = "1\nabc/SP\n";
    assert_eq!(
        forms(aff, dic),
        list(&["abc", "abcxx", "abcxxyy", "c", "cxx", "cxxyy"])
    );
    let o = ExpandOptions {
        max_len: Some(5),
        ..ExpandOptions::default()
    };
    assert_eq!(
        forms_with(aff, dic, o),
        list(&["abc", "abcxx", "c", "cxx", "cxxyy"])
    );
    // a second suffix that takes letters off: abxxxx (6) is only a way to abc
    let aff = "SFX S Y 1\nSFX S 0 xxxx/T .\nSFX T Y 1\nSFX T xxxx c xxxx\n";
    assert_eq!(forms(aff, "1\nab/S\n"), list(&["ab", "abc", "abxxxx"]));
    let o = ExpandOptions {
        max_len: Some(3),
        ..ExpandOptions::default()
    };
    assert_eq!(forms_with(aff, "1\nab/S\n", o), list(&["ab", "abc"]));
}

#[test]
fn max_len_counts_a_jamo_syllable_as_one_letter() {
    // 가 + ㄴ다 = 간다: the final ㄴ joins the first syllable, so two letters
    let aff = "SET UTF-8\nSFX S Y 2\nSFX S 0 \u{11AB}\u{1103}\u{1161} .\nSFX S 0 \u{1109}\u{1175}\u{1103}\u{1161} .\n";
    let dic = "1\n\u{1100}\u{1161}/S\n";
    let o = ExpandOptions {
        max_len: Some(2),
        ..ExpandOptions::default()
    };
    assert_eq!(
        forms_with(aff, dic, o),
        list(&[
            "\u{1100}\u{1161}",
            "\u{1100}\u{1161}\u{11AB}\u{1103}\u{1161}"
        ])
    );
}

#[test]
fn compounds_off_by_default_and_two_parts_when_on() {
    let aff = "COMPOUNDFLAG C\nCOMPOUNDMIN 3\nCHECKCOMPOUNDDUP\n";
    let dic = "3\nfoo/C\nbar/C\nxy/C\n";
    assert_eq!(forms(aff, dic), list(&["bar", "foo", "xy"]));
    let o = ExpandOptions {
        compounds: Some(Compounds::two(20)),
        ..ExpandOptions::default()
    };
    assert_eq!(
        forms_with(aff, dic, o),
        list(&["bar", "barfoo", "foo", "foobar", "xy"])
    );
}

#[test]
fn compound_begin_end_and_rule() {
    let aff = "COMPOUNDBEGIN B\nCOMPOUNDEND E\nCOMPOUNDMIN 1\n";
    let o = ExpandOptions {
        compounds: Some(Compounds::two(20)),
        ..ExpandOptions::default()
    };
    assert_eq!(
        forms_with(aff, "2\nfoo/B\nbar/E\n", o),
        list(&["bar", "foo", "foobar"])
    );
    let rule = "COMPOUNDMIN 1\nCOMPOUNDRULE 1\nCOMPOUNDRULE n*m\n";
    assert_eq!(
        forms_with(rule, "2\n1/n\nx/m\n", o),
        list(&["1", "1x", "x"])
    );
}

#[test]
fn compound_limit_stops_with_error() {
    let aff = "COMPOUNDFLAG C\nCOMPOUNDMIN 1\n";
    let (_g, a, d) = common::files(aff.as_bytes(), b"3\na/C\nb/C\nc/C\n");
    let o = ExpandOptions {
        compounds: Some(Compounds {
            parts: 2,
            max_len: 10,
            max_forms: 4,
        }),
        ..ExpandOptions::default()
    };
    let dict = polyboggle_hunspell::HunspellDictionary::open_with(&d, &a, o).unwrap();
    let all: Vec<_> = dict.expand().unwrap().collect();
    let errs: Vec<_> = all.iter().filter(|r| r.is_err()).collect();
    assert_eq!(errs.len(), 1);
    assert!(all.last().unwrap().is_err());
    assert!(errs[0]
        .as_ref()
        .unwrap_err()
        .to_string()
        .contains("compound generation stopped after 4 forms"));
}
