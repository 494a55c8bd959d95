//! The table's own checks: every set it names is built in, every tag is unique.

use crate::*;

#[test]
fn every_named_set_is_built_in_and_fits() {
    use polyboggle_dice::DiceSet;

    for lang in ["en", "it", "fr", "de", "nl", "pl", "es", "fi"] {
        let set = DiceSet::builtin(dice_for_language(lang).unwrap()).unwrap();
        assert_eq!((set.rows, set.cols), (4, 4), "{lang}");
    }
    for known in LANGUAGES {
        let sets = [known.dice, known.designed_dice];
        for name in sets.into_iter().flatten() {
            assert!(DiceSet::builtin(name).is_ok(), "{}: {name}", known.tag);
        }
        if known.designed_dice.is_some() {
            assert_ne!(
                known.designed_dice, known.dice,
                "{}: say it once",
                known.tag
            );
        }
    }
    assert_eq!(dice_for_language("xx"), None);
    for (rows, cols) in [(4, 4), (5, 5)] {
        let set = DiceSet::builtin(dice_for_size(rows, cols).unwrap()).unwrap();
        assert_eq!((set.rows, set.cols), (rows, cols));
    }
    assert_eq!(dice_for_size(6, 6), None);
}

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
            korean["source"]["max_form_len"].clone()
        ),
        (true.into(), 6.into())
    );
}
