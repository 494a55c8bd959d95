//! Every query kind against a brute force over a dictionary's keys (issue 55): a
//! dictionary whose keys use over 64 distinct bytes once hid words from every walk.

use std::collections::BTreeSet;

use polyboggle::query::{edit_distance, Query, QueryOptions, Search};
use polyboggle::tiers::{TierRange, Tiers};
use polyboggle::{Compiler, Lexicon, Profile};
use unicode_segmentation::UnicodeSegmentation;

fn clusters(key: &str) -> Vec<&str> {
    key.graphemes(true).collect()
}

/// The keys a query finds, or `None` where it refuses the query (a rack face that
/// is no letter, say): only answers are compared.
fn found(lexicon: &Lexicon, query: Query, options: &QueryOptions) -> Option<Vec<String>> {
    Some(Search::new(lexicon, &query, options).ok()?.keys())
}

/// Checks the queries of `lexicon`, compiled from `list` with `profile`, whose keys
/// are `expected`: every word, a regex and a fuzzy search of its first word, an
/// anagram of it, a diff against half the list and a tier of the other half.
pub fn check_queries(
    lexicon: &Lexicon,
    profile: &Profile,
    expected: &BTreeSet<String>,
    list: &str,
) {
    if expected.len() > 2000 {
        return;
    }
    let all: Vec<String> = expected.iter().cloned().collect();
    let options = QueryOptions {
        units: Some(Vec::new()),
        ..QueryOptions::default()
    };
    let every = found(lexicon, Query::Pattern("*".into()), &options);
    assert_eq!(every.as_ref(), Some(&all), "'*' lists every word");
    let regex = found(lexicon, Query::Regex(".*".into()), &options);
    assert_eq!(regex.as_ref(), Some(&all), "'.*' matches every word");
    let Some(first) = all.first() else { return };
    let letters = clusters(first);
    if let Some(near) = found(
        lexicon,
        Query::Fuzzy {
            word: first.clone(),
            distance: 1,
        },
        &options,
    ) {
        let brute: Vec<String> = all
            .iter()
            .filter(|k| edit_distance(&clusters(k), &letters) <= 1)
            .cloned()
            .collect();
        assert_eq!(near, brute, "fuzzy {first:?}");
    }
    if let Some(anagrams) = found(lexicon, Query::Anagram(letters.join(",")), &options) {
        let mut sorted = letters.clone();
        sorted.sort();
        let brute: Vec<String> = all
            .iter()
            .filter(|k| {
                let mut l = clusters(k);
                l.sort();
                l == sorted
            })
            .cloned()
            .collect();
        assert_eq!(anagrams, brute, "anagram of {first:?}");
    }
    // Diff: the words of the whole list that its odd words lack.
    let words: Vec<&str> = list.split_whitespace().collect();
    let odd: Vec<&str> = words.iter().skip(1).step_by(2).copied().collect();
    if let Ok(half) = Lexicon::from_words(&odd, profile) {
        let diff: Vec<String> = all.iter().filter(|k| !half.contains(k)).cloned().collect();
        let brute: Vec<String> = expected
            .difference(&half.words().collect())
            .cloned()
            .collect();
        assert_eq!(diff, brute, "diff");
    }
    // Tiers: the even words are tier 1.
    let even: Vec<&str> = words.iter().step_by(2).copied().collect();
    let Ok(tiers) = Tiers::from_lists(&[("even", &even.join("\n"))], profile) else {
        return;
    };
    let mut compiler = Compiler::new(profile.clone());
    compiler.add_text(list);
    compiler.set_tiers(tiers.clone());
    let Ok((bytes, _)) = compiler.finish("tiered") else {
        return;
    };
    let tiered = Lexicon::from_bytes(bytes, "tiered").expect("a compiled dictionary opens");
    let options = QueryOptions {
        tiers: Some(TierRange { first: 1, last: 1 }),
        ..options
    };
    let brute: Vec<String> = all.iter().filter(|k| tiers.tier(k) == 1).cloned().collect();
    assert_eq!(
        found(&tiered, Query::Pattern("*".into()), &options),
        Some(brute),
        "tier 1"
    );
}
