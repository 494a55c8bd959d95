//! Dictionaries that mix up to six scripts, so that their keys use well over 64
//! distinct bytes (200 and more): every word is listed, every lookup is right, and
//! every query kind (pattern, regex, fuzzy, anagram, build, diff, tiers) equals a
//! brute force over the word list. Before format version 5 the walks of such a
//! dictionary missed words whose bytes shared a class with a sibling's (issue 55).

use std::collections::BTreeSet;

use crate::query::{edit_distance, Query, QueryOptions, Search};
use crate::tiers::{TierRange, Tiers};
use crate::{normalize, Compiler, Lexicon, Lookup, Profile};
use proptest::prelude::*;
use unicode_segmentation::UnicodeSegmentation;

/// Letters of each script, as typed: Latin with marks (precomposed and not),
/// Cyrillic, Greek, Hangul syllables, Devanagari clusters, CJK ideographs (some
/// sharing their first byte), emoji (no letters: words holding one are refused),
/// and one letter of many other blocks, each with a first byte of its own.
const SCRIPTS: [&[&str]; 8] = [
    &[
        "a", "b", "c", "d", "e", "z", "é", "ñ", "ő", "ç", "ş", "ā", "ž", "ł", "ø", "q\u{301}", "ǆ",
        "ƀ", "ș", "ɐ", "ʃ",
    ],
    &[
        "а", "б", "в", "ж", "и", "й", "к", "л", "о", "п", "ш", "щ", "ы", "э", "ю", "я", "ё", "ї",
        "є", "ґ", "ӂ", "ԁ",
    ],
    &[
        "α", "β", "γ", "δ", "λ", "μ", "ξ", "π", "σ", "ς", "ω", "ά", "έ", "ϊ", "ΐ",
    ],
    &[
        "가", "각", "난", "닫", "랄", "맘", "밥", "삿", "앙", "잦", "칼", "탐", "팝", "항", "힣",
        "곰", "눈",
    ],
    &[
        "क",
        "ख",
        "ग",
        "क्ष",
        "त्र",
        "कि",
        "की",
        "कु",
        "में",
        "ह",
        "ञ",
        "ड़",
        "ॐ",
    ],
    &[
        "中", "国", "一", "䀀", "龍", "鳥", "亜", "丁", "𠀀", "日", "語", "火",
    ],
    &["😀", "🎲", "🐍"],
    &[
        "ա", "ֆ", "א", "ש", "ب", "م", "ڤ", "ی", "ܐ", "ݍ", "ހ", "ߊ", "ก", "ა", "ⴀ", "あ", "ａ", "𐐨",
    ],
];

fn letter() -> impl Strategy<Value = &'static str> {
    (0..SCRIPTS.len()).prop_flat_map(|s| prop::sample::select(SCRIPTS[s]))
}

/// A word of one to six letters, mostly from one script, sometimes mixed.
fn word() -> impl Strategy<Value = String> {
    prop::collection::vec(letter(), 1..7).prop_map(|l| l.concat())
}

/// Words, one of them always usable (a list of emoji alone holds no word).
fn words() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(word(), 1..150).prop_map(|mut words| {
        words.push("ok".into());
        words
    })
}

fn profile() -> Profile {
    Profile::default()
}

/// The keys a list compiles to: normalized, refused ones left out.
fn keys(words: &[String]) -> BTreeSet<String> {
    words
        .iter()
        .map(|w| profile().key(w))
        .filter(|k| normalize::word_len(k).is_ok())
        .collect()
}

/// Is `text` a word (no emoji)? A query of what is no letter is refused.
fn usable(text: &str) -> bool {
    normalize::word_len(&profile().key(text)).is_ok()
}

fn clusters(key: &str) -> Vec<String> {
    key.graphemes(true).map(str::to_string).collect()
}

fn search(lexicon: &Lexicon, query: Query, options: &QueryOptions) -> Vec<String> {
    Search::new(lexicon, &query, options).unwrap().keys()
}

fn no_units() -> QueryOptions {
    QueryOptions {
        units: Some(Vec::new()),
        ..QueryOptions::default()
    }
}

/// A pattern piece: a letter, `?` or `*`.
fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => letter().prop_map(str::to_string),
        2 => Just("?".to_string()),
        1 => Just("*".to_string()),
    ]
}

fn spells(pattern: &[String], letters: &[String]) -> bool {
    let Some((first, rest)) = pattern.split_first() else {
        return letters.is_empty();
    };
    match first.as_str() {
        "*" => (0..=letters.len()).any(|k| spells(rest, &letters[k..])),
        "?" => !letters.is_empty() && spells(rest, &letters[1..]),
        letter => {
            let want = clusters(&profile().key(letter));
            letters.starts_with(&want) && spells(rest, &letters[want.len()..])
        }
    }
}

/// Can `letters` be made from the rack (each face once, `blanks` wildcards), using
/// every face when `every`?
fn from_rack(letters: &[String], rack: &[String], blanks: usize, every: bool) -> bool {
    let mut left: Vec<&String> = rack.iter().collect();
    let mut blanks = blanks;
    for letter in letters {
        match left.iter().position(|f| *f == letter) {
            Some(i) => {
                left.swap_remove(i);
            }
            None if blanks > 0 => blanks -= 1,
            None => return false,
        }
    }
    !every || left.is_empty() && blanks == 0
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Every word is listed, in order, and looked up; every prefix is a prefix and
    /// every other string absent (a step never runs past a state's transitions).
    #[test]
    fn every_word_is_listed_and_found(words in words(), probes in prop::collection::vec(word(), 0..40)) {
        let expected = keys(&words);
        let lexicon = Lexicon::from_words(&words, &profile()).unwrap();
        prop_assert_eq!(lexicon.word_count(), expected.len());
        let listed: Vec<String> = lexicon.words().collect();
        prop_assert_eq!(&listed, &expected.iter().cloned().collect::<Vec<_>>());
        for (index, key) in expected.iter().enumerate() {
            prop_assert_eq!(lexicon.index_of(key.as_bytes()), Some(index as u64));
        }
        for probe in probes.iter().map(|p| profile().key(p)) {
            let want = if expected.contains(&probe) {
                Lookup::Word
            } else if expected.iter().any(|k| k.starts_with(&probe)) {
                Lookup::Prefix
            } else {
                Lookup::Absent
            };
            prop_assert_eq!(lexicon.lookup_key(probe.as_bytes()), want, "{}", probe);
        }
        let all = search(&lexicon, Query::Pattern("*".into()), &no_units());
        prop_assert_eq!(all, listed);
    }

    #[test]
    fn patterns_match_the_brute_force(words in words(), pattern in prop::collection::vec(piece(), 1..5)) {
        prop_assume!(pattern.iter().all(|p| usable(p) || p == "?" || p == "*"));
        let lexicon = Lexicon::from_words(&words, &profile()).unwrap();
        let found = search(&lexicon, Query::Pattern(pattern.concat()), &no_units());
        let expected: Vec<String> =
            keys(&words).into_iter().filter(|k| spells(&pattern, &clusters(k))).collect();
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn regexes_match_the_brute_force(
        words in words(),
        parts in prop::collection::vec(prop_oneof![
            3 => letter().prop_map(|l| profile().key(l)),
            1 => Just(".".to_string()),
            1 => Just(".*".to_string()),
            1 => Just("[а-я]".to_string()),
            1 => Just("[가-힣]+".to_string()),
        ], 1..5),
    ) {
        let text = parts.concat();
        let reference = regex::Regex::new(&format!("^(?:{text})$")).unwrap();
        let lexicon = Lexicon::from_words(&words, &profile()).unwrap();
        let found = search(&lexicon, Query::Regex(text), &no_units());
        let expected: Vec<String> = keys(&words).into_iter().filter(|k| reference.is_match(k)).collect();
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn fuzzy_matches_the_brute_force(words in words(), target in word(), distance in 0u32..3) {
        prop_assume!(usable(&target));
        let lexicon = Lexicon::from_words(&words, &profile()).unwrap();
        let query = Query::Fuzzy { word: target.clone(), distance };
        let found = search(&lexicon, query, &no_units());
        let target = clusters(&profile().key(&target));
        let expected: Vec<String> = keys(&words)
            .into_iter()
            .filter(|k| edit_distance(&clusters(k), &target) <= distance as usize)
            .collect();
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn racks_match_the_brute_force(
        words in words(),
        rack in prop::collection::vec(prop_oneof![5 => letter(), 1 => Just("?")], 1..7),
        anagram: bool,
    ) {
        // Emoji are no letters: a rack holding one is refused, as it should be.
        prop_assume!(rack.iter().all(|f| usable(f) || *f == "?"));
        let lexicon = Lexicon::from_words(&words, &profile()).unwrap();
        let text = rack.join(",");
        let query = if anagram { Query::Anagram(text) } else { Query::Build(text) };
        let found = search(&lexicon, query, &no_units());
        let faces: Vec<String> =
            rack.iter().filter(|f| **f != "?").map(|f| profile().key(f)).collect();
        let blanks = rack.len() - faces.len();
        let expected: Vec<String> = keys(&words)
            .into_iter()
            .filter(|k| from_rack(&clusters(k), &faces, blanks, anagram))
            .collect();
        prop_assert_eq!(found, expected);
    }

    /// `dict diff`'s walk: every word of A, each asked of B.
    #[test]
    fn diff_matches_the_brute_force(a in words(), b in words(), shared in prop::collection::vec(word(), 0..30)) {
        let (a, b) = ([a, shared.clone()].concat(), [b, shared].concat());
        let (la, lb) = (
            Lexicon::from_words(&a, &profile()).unwrap(),
            Lexicon::from_words(&b, &profile()).unwrap(),
        );
        let found: Vec<String> = search(&la, Query::Pattern("*".into()), &no_units())
            .into_iter()
            .filter(|k| !lb.contains(k))
            .collect();
        let expected: Vec<String> = keys(&a).difference(&keys(&b)).cloned().collect();
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn tiers_match_the_brute_force(words in words(), tiered in prop::collection::vec((any::<prop::sample::Index>(), 1u8..4), 1..20), first in 1u8..4, span in 0u8..3) {
        let list: Vec<String> = words.clone();
        // `ok` (always a word) in tier 1, so that some tier names a word.
        let mut lists = ["ok\n".to_string(), String::new(), String::new()];
        for (index, tier) in &tiered {
            let word = index.get(&list);
            lists[*tier as usize - 1].push_str(&format!("{word}\n"));
        }
        let named: Vec<(&str, &str)> = lists.iter().map(|l| ("tier", l.as_str())).collect();
        let tiers = Tiers::from_lists(&named, &profile()).unwrap();
        let tier_of = |key: &str| tiers.tier(key);
        let mut compiler = Compiler::new(profile());
        words.iter().for_each(|w| compiler.add(w));
        compiler.set_tiers(tiers.clone());
        let lexicon = Lexicon::from_bytes(compiler.finish("t").unwrap().0, "t").unwrap();
        let range = TierRange { first, last: (first + span).min(3) };
        let options = QueryOptions { tiers: Some(range), ..no_units() };
        let found = search(&lexicon, Query::Pattern("*".into()), &options);
        let expected: Vec<String> =
            keys(&words).into_iter().filter(|k| range.contains(tier_of(k))).collect();
        prop_assert_eq!(found, expected);
        for (index, key) in keys(&words).iter().enumerate() {
            prop_assert_eq!(lexicon.tier(index as u64), tier_of(key));
        }
    }
}

/// The dictionaries above reach well past 64 distinct bytes. A key is UTF-8 of
/// letters, so at most 141 bytes can occur (26 ASCII letters, 64 continuation
/// bytes, 51 first bytes of longer characters); every letter above, after each of a
/// few prefixes, uses over 120.
#[test]
fn the_scripts_use_over_120_distinct_bytes() {
    let ascii: Vec<String> = ('a'..='z').map(String::from).collect();
    let letters = SCRIPTS.iter().flat_map(|s| s.iter().copied());
    let words: Vec<String> = letters
        .chain(ascii.iter().map(String::as_str))
        .flat_map(|l| ["x", "ab", "яб", "가", "日本"].map(|p| format!("{p}{l}")))
        .collect();
    let bytes: BTreeSet<u8> = keys(&words).iter().flat_map(|k| k.bytes()).collect();
    assert!(bytes.len() > 120, "{} distinct bytes", bytes.len());
    let lexicon = Lexicon::from_words(&words, &profile()).unwrap();
    assert!(!lexicon.automaton().is_exact());
    let listed: BTreeSet<String> = lexicon.words().collect();
    assert_eq!(listed, keys(&words));
}
