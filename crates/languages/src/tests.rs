//! The table's own checks: every tag is one entry, every entry is JSON. (That every
//! set it names is built in is the dice crate's test: crates/dice/tests/languages.rs.)

use crate::*;

#[test]
fn every_tag_is_one_entry_and_a_file_name() {
    for (i, known) in LANGUAGES.iter().enumerate() {
        assert!(
            !LANGUAGES[..i].iter().any(|l| l.tag == known.tag),
            "{} twice",
            known.tag
        );
        assert!(
            known
                .tag
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-'),
            "{}",
            known.tag
        );
        if let Some(game) = known.full_of {
            // It plays by its language's facts and states none of its own.
            assert_eq!(language(game).unwrap().full_of, None);
            assert_eq!(
                (known.dice, known.designed_dice, known.vowels),
                (None, None, None)
            );
        }
    }
    let rtl: Vec<&str> = LANGUAGES.iter().filter(|l| l.rtl).map(|l| l.tag).collect();
    assert_eq!(rtl, ["he", "he-full", "ar", "ar-full", "fa"]);
}

#[test]
fn an_entry_is_json_with_every_fact() {
    let hebrew = serde_json::to_value(language("he").unwrap()).unwrap();
    assert_eq!(hebrew["script"], "Hebrew");
    assert_eq!(hebrew["rtl"], true);
    assert_eq!(hebrew["fold"], "hebrew-final-letters");
    assert_eq!(hebrew["source"]["words"], "hunspell:he_IL");
    assert_eq!(hebrew["source"]["drop_proper_nouns"], false);
    assert_eq!(hebrew["wordfreq"], "he");
    let spanish = serde_json::to_value(language("es").unwrap()).unwrap();
    assert_eq!(
        spanish["normalization"],
        serde_json::json!({"strip_marks": true, "keep": "ñ", "turkic": false})
    );
    let korean = serde_json::to_value(language("ko").unwrap()).unwrap();
    assert_eq!(
        (
            korean["syllables"].clone(),
            korean["source"]["expand_options"].clone()
        ),
        (true.into(), "--leave-out=korean-nouns".into())
    );
    let every = serde_json::to_value(language("ko-full").unwrap()).unwrap();
    assert_eq!(every["source"]["max_form_len"], 6);
    assert_eq!(every["full_of"], "ko");
}
