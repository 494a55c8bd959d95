//! Every query against a brute-force filter over the word list, with accents, a
//! letter of several characters (`क्ष`) and Spanish units; and examples of use.

use proptest::prelude::*;
use unicode_segmentation::UnicodeSegmentation;

use super::*;

mod scripts;

/// Letters words are made of, as typed: `É` folds and loses its accent in Spanish,
/// `Ñ` keeps its tilde, `क्ष` is one letter of three characters.
const LETTERS: &[&str] = &["a", "b", "c", "h", "l", "Ñ", "É", "क्ष"];

fn spanish() -> Profile {
    Profile::for_language("es").unwrap()
}

fn clusters(key: &str) -> Vec<String> {
    key.graphemes(true).map(str::to_string).collect()
}

/// The Spanish units as letters.
fn units() -> Vec<Vec<String>> {
    language_units("es").iter().map(|u| clusters(u)).collect()
}

fn lexicon(words: &[String]) -> Lexicon {
    Lexicon::from_words(words, &spanish()).unwrap()
}

fn options(min_len: usize, max_len: usize) -> QueryOptions {
    QueryOptions {
        min_len,
        max_len,
        ..QueryOptions::default()
    }
}

/// The dictionary's keys that pass `test` and the length limits.
fn brute_force(
    lexicon: &Lexicon,
    o: &QueryOptions,
    test: impl Fn(&[String]) -> bool,
) -> Vec<String> {
    lexicon
        .words()
        .filter(|key| {
            let letters = clusters(key);
            (o.min_len..=o.max_len).contains(&letters.len()) && test(&letters)
        })
        .collect()
}

fn word() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(LETTERS), 1..7).prop_map(|l| l.concat())
}

fn words() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(word(), 1..60)
}

fn lengths() -> impl Strategy<Value = (usize, usize)> {
    (0usize..4, 0usize..5)
        .prop_map(|(min, extra)| (min, if extra == 4 { usize::MAX } else { min + extra }))
}

/// A pattern element, rendered as text and matched by the reference.
#[derive(Clone, Debug)]
enum Element {
    Letter(&'static str),
    Any,
    Run,
    Choice(Vec<&'static str>),
}

fn element() -> impl Strategy<Value = Element> {
    let face = prop::sample::select(&["a", "b", "c", "h", "Ñ", "É", "क्ष", "ch", "ll", "bc"][..]);
    prop_oneof![
        3 => prop::sample::select(LETTERS).prop_map(Element::Letter),
        2 => Just(Element::Any),
        1 => Just(Element::Run),
        1 => prop::collection::vec(face, 1..4).prop_map(Element::Choice),
    ]
}

fn render(pattern: &[Element]) -> String {
    pattern
        .iter()
        .map(|e| match e {
            Element::Letter(l) => l.to_string(),
            Element::Any => "?".into(),
            Element::Run => "*".into(),
            // A trailing comma: each piece one face, even alone (`[bc,]`).
            Element::Choice(faces) => format!("[{},]", faces.join(",")),
        })
        .collect()
}

/// Does a word of these letters spell the pattern? Tried every way.
fn spells(pattern: &[Element], letters: &[String], units: &[Vec<String>]) -> bool {
    let key = |s: &str| clusters(&spanish().key(s));
    let Some((first, rest)) = pattern.split_first() else {
        return letters.is_empty();
    };
    let then =
        |face: &[String]| letters.starts_with(face) && spells(rest, &letters[face.len()..], units);
    match first {
        Element::Letter(l) => then(&key(l)),
        Element::Any => {
            (!letters.is_empty() && then(&letters[..1])) || units.iter().any(|u| then(u))
        }
        Element::Run => (0..=letters.len()).any(|k| spells(rest, &letters[k..], units)),
        Element::Choice(faces) => faces.iter().any(|f| then(&key(f))),
    }
}

/// Can the word be made from the rack (every face of it, for an anagram)? Every way
/// of cutting it into letters and units is tried; a blank stands for a letter or a
/// unit, and a real face is always used before a blank.
fn from_rack(
    letters: &[String],
    rack: &[Vec<String>],
    blanks: usize,
    every: bool,
    units: &[Vec<String>],
) -> bool {
    fn cuts(
        letters: &[String],
        faces: &[Vec<String>],
        so_far: &mut Vec<Vec<String>>,
        out: &mut Vec<Vec<Vec<String>>>,
    ) {
        if letters.is_empty() {
            out.push(so_far.clone());
            return;
        }
        so_far.push(letters[..1].to_vec());
        cuts(&letters[1..], faces, so_far, out);
        so_far.pop();
        for face in faces
            .iter()
            .filter(|f| f.len() > 1 && letters.starts_with(f))
        {
            so_far.push(face.clone());
            cuts(&letters[face.len()..], faces, so_far, out);
            so_far.pop();
        }
    }
    let mut faces: Vec<Vec<String>> = units.to_vec();
    faces.extend(rack.iter().cloned());
    let mut all = Vec::new();
    cuts(letters, &faces, &mut Vec::new(), &mut all);
    all.iter().any(|cut| {
        let (mut left, mut blanks) = (rack.to_vec(), blanks);
        for face in cut {
            if let Some(i) = left.iter().position(|f| f == face) {
                left.remove(i);
            } else if blanks > 0 && (face.len() == 1 || units.contains(face)) {
                blanks -= 1;
            } else {
                return false;
            }
        }
        !every || left.is_empty() && blanks == 0
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn patterns_match_the_brute_force(
        words in words(),
        pattern in prop::collection::vec(element(), 1..6),
        (min, max) in lengths(),
    ) {
        let lexicon = lexicon(&words);
        let o = options(min, max);
        let search = Search::new(&lexicon, &Query::Pattern(render(&pattern)), &o).unwrap();
        let expected = brute_force(&lexicon, &o, |l| spells(&pattern, l, &units()));
        prop_assert_eq!(search.keys(), expected);
    }

    /// Words that are every prefix before every suffix, so that the automaton's
    /// suffix states are shared by words whose prefixes leave a pattern in
    /// different states, and no length bound: the walk remembers branches without a
    /// match, and a branch remembered under the wrong key loses a word here.
    #[test]
    fn remembered_branches_lose_no_word(
        prefixes in prop::collection::vec(prop::collection::vec(prop::sample::select(LETTERS), 0..3), 1..6),
        suffixes in prop::collection::vec(prop::collection::vec(prop::sample::select(LETTERS), 1..4), 1..6),
        pattern in prop::collection::vec(element(), 1..5),
        lead in prop::sample::select(&["*", "?", "*?", "[a,ch,bc]*"][..]),
    ) {
        let words: Vec<String> = prefixes
            .iter()
            .flat_map(|p| suffixes.iter().map(move |s| [p.concat(), s.concat()].concat()))
            .collect();
        let lexicon = lexicon(&words);
        let lead = match lead {
            "*" => vec![Element::Run],
            "?" => vec![Element::Any],
            "*?" => vec![Element::Run, Element::Any],
            _ => vec![Element::Choice(vec!["a", "ch", "bc"]), Element::Run],
        };
        let pattern = [lead, pattern].concat();
        let o = QueryOptions::default();
        let search = Search::new(&lexicon, &Query::Pattern(render(&pattern)), &o).unwrap();
        let expected = brute_force(&lexicon, &o, |l| spells(&pattern, l, &units()));
        prop_assert_eq!(search.keys(), expected);
    }

    #[test]
    fn regexes_match_the_brute_force(
        words in words(),
        parts in prop::collection::vec(prop::sample::select(
            &["a", "b", "ch", "ñ", "क्ष", ".", "[añ]", "(a|bc)", "*", "+", "?", "{1,2}"][..]), 1..6),
    ) {
        let text = parts.concat();
        let Ok(reference) = ::regex::Regex::new(&format!("^(?:{text})$")) else {
            prop_assume!(false);
            unreachable!()
        };
        let lexicon = lexicon(&words);
        let o = QueryOptions::default();
        let search = Search::new(&lexicon, &Query::Regex(text), &o).unwrap();
        let expected = brute_force(&lexicon, &o, |l| reference.is_match(&l.concat()));
        prop_assert_eq!(search.keys(), expected);
    }

    #[test]
    fn fuzzy_matches_the_brute_force(words in words(), target in word(), distance in 0u32..4, (min, max) in lengths()) {
        let lexicon = lexicon(&words);
        let o = options(min, max);
        let query = Query::Fuzzy { word: target.clone(), distance };
        let search = Search::new(&lexicon, &query, &o).unwrap();
        let target = clusters(&spanish().key(&target));
        let expected = brute_force(&lexicon, &o, |l| edit_distance(l, &target) <= distance as usize);
        prop_assert_eq!(search.keys(), expected);
    }

    /// Longer words over three letters, so that the band of the edit-distance row
    /// slides along the target and many words are near it, up to the largest
    /// distance.
    #[test]
    fn fuzzy_past_the_band_matches_the_brute_force(
        words in prop::collection::vec(
            prop::collection::vec(prop::sample::select(&["a", "b", "क्ष"][..]), 1..13).prop_map(|l| l.concat()),
            1..60),
        target in prop::collection::vec(prop::sample::select(&["a", "b", "क्ष"][..]), 1..13).prop_map(|l| l.concat()),
        distance in 0..=MAX_DISTANCE,
    ) {
        let lexicon = lexicon(&words);
        let o = QueryOptions::default();
        let query = Query::Fuzzy { word: target.clone(), distance };
        let search = Search::new(&lexicon, &query, &o).unwrap();
        let target = clusters(&spanish().key(&target));
        let expected = brute_force(&lexicon, &o, |l| edit_distance(l, &target) <= distance as usize);
        prop_assert_eq!(search.keys(), expected);
    }

    #[test]
    fn racks_match_the_brute_force(
        words in words(),
        rack in prop::collection::vec(prop::sample::select(&["a", "b", "c", "h", "l", "Ñ", "É", "क्ष", "ch", "?"][..]), 1..7),
        anagram: bool,
        (min, max) in lengths(),
    ) {
        let lexicon = lexicon(&words);
        let o = options(min, max);
        let text = rack.join(",");
        let query = if anagram { Query::Anagram(text) } else { Query::Build(text) };
        let search = Search::new(&lexicon, &query, &o).unwrap();
        let faces: Vec<Vec<String>> = rack.iter().filter(|f| **f != "?").map(|f| clusters(&spanish().key(f))).collect();
        let blanks = rack.iter().filter(|f| **f == "?").count();
        let expected = brute_force(&lexicon, &o, |l| from_rack(l, &faces, blanks, anagram, &units()));
        prop_assert_eq!(search.keys(), expected);
    }
}

fn keys(lexicon: &Lexicon, query: Query) -> Vec<String> {
    Search::new(lexicon, &query, &QueryOptions::default())
        .unwrap()
        .keys()
}

#[test]
fn a_spanish_face_of_two_letters_is_one_question_mark() {
    let lexicon = lexicon(&["che".into(), "ce".into(), "año".into(), "leche".into()]);
    assert_eq!(keys(&lexicon, Query::Pattern("?e".into())), ["ce", "che"]);
    assert_eq!(keys(&lexicon, Query::Pattern("LE[CH]E".into())), ["leche"]);
    assert!(keys(&lexicon, Query::Pattern("le[c,h]e".into())).is_empty());
    assert_eq!(keys(&lexicon, Query::Pattern("AÑ?".into())), ["año"]);
    assert_eq!(keys(&lexicon, Query::Anagram("ceelh".into())), ["leche"]);
    assert_eq!(keys(&lexicon, Query::Anagram("e,l,e,ch".into())), ["leche"]);
    assert_eq!(keys(&lexicon, Query::Build("ech?".into())), ["ce", "che"]);
}

/// `aa` and `ba` end in the same automaton state; under `*ba` the branch below it
/// holds no match after `a` but one after `b`. The same with `q` and an accent that
/// NFC keeps apart (a state below which a mark could still extend the letter).
#[test]
fn a_branch_without_a_match_is_remembered_with_the_pattern_state() {
    let words = [
        "aa",
        "ba",
        "ca",
        "ńa",
        "q\u{301}a",
        "qa",
        "ya",
        "aqa",
        "aq\u{301}a",
        "xqa",
        "xq\u{301}a",
    ]
    .map(String::from);
    let lexicon = Lexicon::from_words(&words, &Profile::default()).unwrap();
    assert_eq!(keys(&lexicon, Query::Pattern("*ba".into())), ["ba"]);
    assert_eq!(keys(&lexicon, Query::Pattern("*ńa".into())), ["ńa"]);
    assert_eq!(
        keys(&lexicon, Query::Pattern("*qa".into())),
        ["aqa", "qa", "xqa"]
    );
    // After `aq` and `xq` the same state, below which `q` may still take its mark:
    // the branch holds no match after `a`, one after `x`.
    assert_eq!(
        keys(&lexicon, Query::Pattern("*xq\u{301}a".into())),
        ["xq\u{301}a"]
    );
    assert_eq!(
        keys(&lexicon, Query::Pattern("*q\u{301}a".into())),
        ["aq\u{301}a", "q\u{301}a", "xq\u{301}a"]
    );
    assert_eq!(keys(&lexicon, Query::Pattern("?a".into())).len(), 7);
}

/// A whole dictionary, whose suffixes share states by the thousand: what the walk
/// finds while remembering branches is what a filter over every word finds.
#[test]
fn leading_wildcards_over_enable2k_match_a_filter() {
    let english = Lexicon::builtin("enable2k").unwrap();
    for (pattern, test) in [
        (
            "*ness",
            &(|w: &str| w.ends_with("ness")) as &dyn Fn(&str) -> bool,
        ),
        ("*q?e*", &|w: &str| {
            let b = w.as_bytes();
            (0..b.len().saturating_sub(2)).any(|i| b[i] == b'q' && b[i + 2] == b'e')
        }),
        ("?a*ing", &|w: &str| {
            w.len() >= 5 && &w[1..2] == "a" && w.ends_with("ing")
        }),
    ] {
        let expected: Vec<String> = english.words().filter(|w| test(w)).collect();
        assert!(!expected.is_empty(), "{pattern}");
        assert_eq!(
            keys(&english, Query::Pattern(pattern.into())),
            expected,
            "{pattern}"
        );
    }
}

#[test]
fn units_can_be_named_or_turned_off() {
    let lexicon = lexicon(&["che".into(), "ce".into()]);
    let none = QueryOptions {
        units: Some(Vec::new()),
        ..QueryOptions::default()
    };
    let search = Search::new(&lexicon, &Query::Pattern("?e".into()), &none).unwrap();
    assert_eq!(search.keys(), ["ce"]);
}

#[test]
fn english_queries() {
    let english = Lexicon::builtin("enable2k").unwrap();
    let o = QueryOptions {
        min_len: 7,
        max_len: 7,
        ..QueryOptions::default()
    };
    let search = Search::new(&english, &Query::Pattern("*ing".into()), &o).unwrap();
    assert!(search
        .keys()
        .iter()
        .all(|w| w.len() == 7 && w.ends_with("ing")));
    assert_eq!(
        keys(
            &english,
            Query::Fuzzy {
                word: "boggle".into(),
                distance: 1
            }
        ),
        ["boggle", "boggled", "boggler", "boggles", "bogle", "goggle", "joggle", "toggle"]
    );
    assert_eq!(
        keys(&english, Query::Regex("QUIZZ?E[DS]".into())),
        ["quizzed", "quizzes"]
    );
}

#[test]
fn stops_when_asked() {
    let english = Lexicon::builtin("enable2k").unwrap();
    let search = Search::new(
        &english,
        &Query::Pattern("*".into()),
        &QueryOptions::default(),
    )
    .unwrap();
    let mut first = Vec::new();
    search.for_each(|hit| {
        first.push((hit.key.to_string(), hit.index));
        if first.len() == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(
        first,
        [
            ("aa".to_string(), 0),
            ("aah".to_string(), 1),
            ("aahed".to_string(), 2)
        ]
    );
}

#[test]
fn bad_queries_say_what_is_wrong() {
    let english = Lexicon::builtin("enable2k").unwrap();
    let err = |q: Query| {
        Search::new(&english, &q, &QueryOptions::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err(Query::Anagram("".into())),
        "rack '': no faces (write letters, '?' for a blank)"
    );
    assert_eq!(
        err(Query::Build("ab1".into())),
        "rack 'ab1': 'ab1' is not letters or '?'"
    );
    assert_eq!(
        err(Query::Fuzzy {
            word: "cat".into(),
            distance: 9
        }),
        "distance 9: expected 0 to 4"
    );
    assert_eq!(
        err(Query::Fuzzy {
            word: "c4t".into(),
            distance: 1
        }),
        "fuzzy word 'c4t': not letters"
    );
    assert!(err(Query::Regex("a(".into())).starts_with("regex 'a(': "));
    assert!(!err(Query::Regex("a(".into())).contains('\n'));
    let o = QueryOptions {
        min_len: 5,
        max_len: 3,
        ..QueryOptions::default()
    };
    assert!(Search::new(&english, &Query::Pattern("*".into()), &o).is_err());
}
