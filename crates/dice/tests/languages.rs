//! Every dice set the table of languages names is one of the built-in sets, of its size.

use polyboggle_dice::DiceSet;
use polyboggle_languages as languages;

#[test]
fn every_named_set_is_built_in_and_fits() {
    for lang in ["en", "it", "fr", "de", "nl", "pl", "es", "fi"] {
        let set = DiceSet::builtin(languages::dice_for_language(lang).unwrap()).unwrap();
        assert_eq!((set.rows, set.cols), (4, 4), "{lang}");
    }
    for known in languages::LANGUAGES {
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
    assert_eq!(languages::dice_for_language("xx"), None);
    for (rows, cols) in [(4, 4), (5, 5)] {
        let set = DiceSet::builtin(languages::dice_for_size(rows, cols).unwrap()).unwrap();
        assert_eq!((set.rows, set.cols), (rows, cols));
    }
    assert_eq!(languages::dice_for_size(6, 6), None);
}
