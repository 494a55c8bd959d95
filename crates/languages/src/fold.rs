//! The rewrites a language's words need that no normalization option does, applied
//! to its word list before it is compiled (`polyboggle languages TAG --fold`).

use serde::Serialize;
use unicode_normalization::UnicodeNormalization;

/// A rewrite of a language's words, named for what it does.
///
/// ```
/// use polyboggle_languages::Fold;
///
/// assert_eq!(Fold::HebrewFinalLetters.apply("שלום").as_deref(), Some("שלומ"));
/// assert_eq!(Fold::CatalanMiddleDot.apply("col·lecció").as_deref(), Some("coŀlecció"));
/// assert_eq!(Fold::KoreanSyllables.apply("ABC한"), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fold {
    /// Catalan: the middle dot of `l·l` is no letter; ela geminada is kept as `ŀl`.
    CatalanMiddleDot,
    /// Hebrew: final forms are the same letter (Hebrew Scrabble has no final tiles).
    HebrewFinalLetters,
    /// Arabic: tashkeel and tatweel are no letters a die shows.
    ArabicMarks,
    /// Persian: no die shows a zero-width non-joiner.
    PersianZwnj,
    /// Korean: hunspell-ko spells its words in conjoining jamo; the faces are
    /// syllable blocks, so words are composed (NFC) and only those made of syllables
    /// alone are kept (no Latin letters or digits with a Korean ending, no jamo left).
    KoreanSyllables,
}

impl Fold {
    /// The word rewritten, or `None` where the fold leaves the word out.
    pub fn apply(self, word: &str) -> Option<String> {
        match self {
            Fold::CatalanMiddleDot => Some(
                word.replace("l·l", "ŀl")
                    .replace("L·L", "ĿL")
                    .replace("L·l", "Ŀl"),
            ),
            Fold::HebrewFinalLetters => Some(word.chars().map(final_letter_as_other).collect()),
            Fold::ArabicMarks => Some(
                word.chars()
                    .filter(|&c| !('\u{064B}'..='\u{0652}').contains(&c) && c != '\u{0640}')
                    .collect(),
            ),
            Fold::PersianZwnj => Some(word.replace('\u{200C}', "")),
            Fold::KoreanSyllables => {
                let composed: String = word.nfc().collect();
                let syllables = !composed.is_empty()
                    && composed
                        .chars()
                        .all(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c));
                syllables.then_some(composed)
            }
        }
    }

    /// The name the table's JSON gives it (`hebrew-final-letters`).
    pub fn name(self) -> &'static str {
        match self {
            Fold::CatalanMiddleDot => "catalan-middle-dot",
            Fold::HebrewFinalLetters => "hebrew-final-letters",
            Fold::ArabicMarks => "arabic-marks",
            Fold::PersianZwnj => "persian-zwnj",
            Fold::KoreanSyllables => "korean-syllables",
        }
    }
}

/// A Hebrew final letter (`ך ם ן ף ץ`) as its other form (`כ מ נ פ צ`); any other
/// character as it is. Word games count the two forms as one letter, and so do the
/// crossword's cells.
///
/// ```
/// use polyboggle_languages::final_letter_as_other;
/// assert_eq!(final_letter_as_other('ך'), 'כ');
/// assert_eq!(final_letter_as_other('a'), 'a');
/// ```
pub fn final_letter_as_other(c: char) -> char {
    match c {
        'ך' => 'כ',
        'ם' => 'מ',
        'ן' => 'נ',
        'ף' => 'פ',
        'ץ' => 'צ',
        c => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_fold_rewrites_what_it_names_and_nothing_else() {
        let cases = [
            (
                Fold::CatalanMiddleDot,
                "Col·legi L·LUM L·l",
                Some("Coŀlegi ĿLUM Ŀl"),
            ),
            (Fold::HebrewFinalLetters, "ךםןףץ אבג", Some("כמנפצ אבג")),
            (Fold::ArabicMarks, "كَتَبَ ـ", Some("كتب ")),
            (Fold::PersianZwnj, "می\u{200C}خواهم", Some("میخواهم")),
            // Conjoining jamo compose into one syllable block.
            (
                Fold::KoreanSyllables,
                "\u{1112}\u{1161}\u{11AB}",
                Some("한"),
            ),
            (Fold::KoreanSyllables, "한1", None),
            (Fold::KoreanSyllables, "", None),
        ];
        for (fold, word, folded) in cases {
            assert_eq!(fold.apply(word).as_deref(), folded, "{fold:?} {word}");
        }
        assert_eq!(
            Fold::CatalanMiddleDot.apply("casa").as_deref(),
            Some("casa")
        );
    }

    #[test]
    fn the_json_name_is_the_name() {
        for fold in [
            Fold::CatalanMiddleDot,
            Fold::HebrewFinalLetters,
            Fold::ArabicMarks,
            Fold::PersianZwnj,
            Fold::KoreanSyllables,
        ] {
            assert_eq!(serde_json::to_value(fold).unwrap(), fold.name());
        }
    }
}
