//! Questions asked of the table by tag: a language, its dice, rules and vowels, and
//! the tags nearest a tag it does not know.

use crate::{Language, LANGUAGES};

/// The built-in dictionary used when no other is named (ENABLE2K).
pub const DICTIONARY: &str = "enable2k";

/// The built-in dice set used when none is named (English's).
pub const DICE: &str = "english-new-4x4";

/// The built-in dice set for a board size, where there is one.
pub fn dice_for_size(rows: usize, cols: usize) -> Option<&'static str> {
    match (rows, cols) {
        (4, 4) => Some(DICE),
        (5, 5) => Some("english-big-original-5x5"),
        _ => None,
    }
}

/// The language of a tag the table knows (`hr`, or `hr-HR`: what follows the first
/// `-` or `_` is a region, and case does not matter; a tag the table has whole, such
/// as `he-full`, is itself).
///
/// ```
/// use polyboggle_languages::language;
///
/// let hebrew = language("he").unwrap();
/// assert_eq!((hebrew.name, hebrew.native, hebrew.rtl), ("Hebrew", "עברית", true));
/// assert_eq!(language("HR_hr").map(|l| l.tag), Some("hr"));
/// assert_eq!(language("he-full").map(|l| l.tag), Some("he-full"));
/// assert_eq!(language("xx"), None);
/// ```
pub fn language(tag: &str) -> Option<&'static Language> {
    let primary = tag.split(['-', '_']).next().unwrap_or_default();
    LANGUAGES
        .iter()
        .find(|l| l.tag.eq_ignore_ascii_case(tag))
        .or_else(|| {
            LANGUAGES
                .iter()
                .find(|l| l.tag.eq_ignore_ascii_case(primary))
        })
}

/// The language a tag plays as: a whole expansion (`he-full`) as the language whose
/// game list it stands beside.
fn playing(tag: &str) -> Option<&'static Language> {
    let known = language(tag)?;
    match known.full_of {
        Some(game) => language(game),
        None => Some(known),
    }
}

/// The lists built twice: the game list under the language's tag and every form of
/// the expansion under `TAG-full` (docs/game-lists.md).
pub fn full_lists() -> impl Iterator<Item = &'static str> {
    LANGUAGES
        .iter()
        .filter(|l| l.full_of.is_some())
        .map(|l| l.tag)
}

/// The dice a language's players expect (a language tag such as `fr`), when a
/// built-in set exists. A `-full` list (`he-full`) plays with its language's set.
///
/// ```
/// use polyboggle_languages::dice_for_language;
/// assert_eq!(dice_for_language("it"), Some("italian-paroliere-4x4"));
/// assert_eq!(dice_for_language("he-full"), dice_for_language("he"));
/// ```
pub fn dice_for_language(lang: &str) -> Option<&'static str> {
    playing(lang)?.dice
}

/// The dice set designed for a language from its own word list (`dice design`,
/// docs/dice-sets.md): its faces are the language's units, the faces a search for the
/// language's best boards may put on any cell (`optimize --lang`, `prove --lang`).
/// Where players roll a published set ([`dice_for_language`]), this is the set
/// designed beside it; elsewhere the two are one.
///
/// ```
/// use polyboggle_languages::designed_dice_for_language;
/// assert_eq!(designed_dice_for_language("de"), Some("german-designed-4x4"));
/// assert_eq!(designed_dice_for_language("hr"), Some("croatian-designed-4x4"));
/// ```
pub fn designed_dice_for_language(lang: &str) -> Option<&'static str> {
    let known = playing(lang)?;
    known.designed_dice.or(known.dice)
}

/// The rules preset a language plays by when none is named, where it is not the
/// front end's own default: `syllables` (a word of two faces counts) for scripts
/// whose faces are syllables, an Indic consonant with its vowel sign or a Hangul
/// block, where a word of three faces is already a long one.
///
/// ```
/// use polyboggle_languages::rules_for_language;
/// assert_eq!(rules_for_language("hi"), Some("syllables"));
/// assert_eq!(rules_for_language("fr"), None);
/// ```
pub fn rules_for_language(lang: &str) -> Option<&'static str> {
    playing(lang)?.syllables.then_some("syllables")
}

/// The rules preset a game plays by when none is named (`play`, `duel`'s levels, the
/// web page's games): the language's own ([`rules_for_language`]), else `cs106b`.
///
/// ```
/// use polyboggle_languages::game_rules;
/// assert_eq!(game_rules(Some("ko")), "syllables");
/// assert_eq!((game_rules(Some("fr")), game_rules(None)), ("cs106b", "cs106b"));
/// ```
pub fn game_rules(lang: Option<&str>) -> &'static str {
    lang.and_then(rules_for_language).unwrap_or("cs106b")
}

/// A language's vowels, one grapheme each, as its words' keys spell them (accents
/// kept: a dictionary that strips them never shows those), for `dice stats`.
///
/// ```
/// use polyboggle_languages::vowels_for_language;
/// assert_eq!(vowels_for_language("en"), Some("aeiou"));
/// assert_eq!(vowels_for_language("xx"), None);
/// ```
pub fn vowels_for_language(lang: &str) -> Option<&'static str> {
    playing(lang)?.vowels
}

/// The tags of the table nearest `tag` (by edit distance, then the table's order), a
/// few at most: what a front end offers for a tag it does not know.
///
/// ```
/// use polyboggle_languages::nearest_tags;
/// assert_eq!(nearest_tags("hrr"), ["hr"]);
/// assert!(nearest_tags("hx").contains(&"hr"));
/// ```
pub fn nearest_tags(tag: &str) -> Vec<&'static str> {
    let tag = tag.to_ascii_lowercase();
    let mut by_distance: Vec<(usize, usize, &'static str)> = LANGUAGES
        .iter()
        .enumerate()
        .map(|(i, l)| (edit_distance(&tag, l.tag), i, l.tag))
        .collect();
    by_distance.sort();
    let best = by_distance.first().map_or(0, |&(d, ..)| d);
    by_distance
        .into_iter()
        .take_while(|&(d, ..)| d <= best.max(1))
        .take(5)
        .map(|(.., t)| t)
        .collect()
}

/// Levenshtein's distance between two strings, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(above + 1)
                .min(row[j] + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The command that builds a language's dictionary, or, for a tag the script does not
/// build, why not: the end of the line a front end prints when a language is not built.
///
/// ```
/// use polyboggle_languages::how_to_build;
///
/// assert_eq!(how_to_build("hr"), "dictionaries/build-languages.sh hr builds one");
/// assert!(how_to_build("xx").contains("knows no language 'xx'"));
/// ```
pub fn how_to_build(lang: &str) -> String {
    match language(lang) {
        Some(known) if known.tag == lang && known.source.is_some() => {
            format!("dictionaries/build-languages.sh {lang} builds one")
        }
        Some(known) if known.tag == lang => format!(
            "no word list of {} is known to dictionaries/build-languages.sh; docs/languages.md says why",
            known.name
        ),
        _ => format!(
            "dictionaries/build-languages.sh knows no language '{lang}'; docs/languages.md lists those it does"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_list_plays_as_its_language() {
        let full: Vec<&str> = full_lists().collect();
        assert_eq!(full, ["ko-full", "he-full", "ar-full"]);
        for full in full {
            let tag = full.strip_suffix("-full").unwrap();
            let (game, every) = (language(tag).unwrap(), language(full).unwrap());
            assert_eq!((every.tag, every.rtl), (full, game.rtl));
            assert_eq!(every.native, game.native);
            assert_eq!(every.normalization, game.normalization);
            assert!(dice_for_language(full).is_some());
            assert_eq!(dice_for_language(full), dice_for_language(tag));
            assert_eq!(rules_for_language(full), rules_for_language(tag));
            assert_eq!(vowels_for_language(full), vowels_for_language(tag));
            assert_eq!(
                how_to_build(full),
                format!("dictionaries/build-languages.sh {full} builds one")
            );
        }
        assert_eq!(language("he-IL").map(|l| l.tag), Some("he"));
        assert_eq!(dice_for_language("fr-full"), Some("french-4x4"));
        assert_eq!(dice_for_language("xx-full"), None);
    }

    #[test]
    fn a_language_with_no_list_says_so() {
        assert!(how_to_build("fi").starts_with("no word list of Finnish"));
        assert_eq!(
            dice_for_language("fi"),
            Some("finnish-boggler-4x4-unverified")
        );
    }

    #[test]
    fn the_nearest_tags_are_one_edit_away_or_the_closest() {
        assert_eq!(nearest_tags("he-ful"), ["he-full"]);
        assert!(nearest_tags("xx").len() <= 5);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "ab"), 2);
    }

    #[test]
    fn syllable_languages_play_by_the_syllables_rules() {
        let syllables: Vec<&str> = LANGUAGES
            .iter()
            .filter(|l| rules_for_language(l.tag).is_some())
            .map(|l| l.tag)
            .collect();
        assert_eq!(
            syllables,
            ["ko", "ko-full", "hi", "mr", "ne", "bn", "gu", "te", "ml", "ta", "si"]
        );
    }
}
