//! Compiling a word list (any text, any profile): the dictionary opens, holds exactly
//! the usable keys of the list, answers for each, every query kind (pattern, regex,
//! fuzzy, anagram, build, diff, tiers) equals a brute force over the keys, whatever
//! bytes they use (issue 55), and the solver finds exactly the words of it that lie
//! on a board made of its letters.
#![no_main]

use std::collections::BTreeSet;

use libfuzzer_sys::fuzz_target;
use polyboggle::normalize::word_len;
use polyboggle::{Board, Compiler, Face, Lexicon, Profile, Rules, Solver};
use polyboggle_fuzz::queries::check_queries;
use polyboggle_fuzz::{cell_keys, check_lexicon, check_solution, on_board, text};
use unicode_segmentation::UnicodeSegmentation;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let Some(text) = text(rest) else { return };
    // An optional keep-list before the first NUL.
    let (keep, list) = text.split_once('\0').unwrap_or(("", text));
    let profile = Profile {
        strip_marks: flags & 1 != 0,
        turkic: flags & 2 != 0,
        keep: if flags & 4 != 0 {
            keep.into()
        } else {
            String::new()
        },
        lang: if flags & 8 != 0 {
            "xx".into()
        } else {
            String::new()
        },
    };
    let mut compiler = Compiler::new(profile.clone());
    compiler.add_text(list);
    let expected: BTreeSet<String> = list
        .split_whitespace()
        .map(|w| profile.key(w))
        .filter(|k| word_len(k).is_ok())
        .collect();
    let (bytes, report) = match compiler.finish("fuzz") {
        Ok(done) => done,
        Err(_) => {
            assert!(expected.is_empty(), "refused a list with usable words");
            return;
        }
    };
    assert_eq!(report.kept, expected.len());
    let lexicon = Lexicon::from_bytes(bytes, "fuzz").expect("a compiled dictionary opens");
    assert_eq!(lexicon.profile(), &profile);
    let words: Vec<String> = lexicon.words().collect();
    assert_eq!(words, expected.iter().cloned().collect::<Vec<_>>());
    check_lexicon(&lexicon, usize::MAX);
    check_queries(&lexicon, &profile, &expected, list);
    for word in list.split_whitespace().take(200) {
        if word_len(&profile.key(word)).is_ok() {
            assert!(
                lexicon.contains(word),
                "{word:?} was kept but does not look up"
            );
        }
    }

    // A board of the list's first graphemes: the solver finds exactly the words on it.
    // At most 3×3: on a board of one repeated letter, a word repeating it makes every
    // simple path a prefix, and a 4×4 board has millions of them (the solver's known
    // worst case: about 0.2 s in a release build, past the 1 s limit under
    // AddressSanitizer with the brute-force reference beside it).
    let graphemes: Vec<&str> = words.iter().flat_map(|w| w.graphemes(true)).collect();
    let side = graphemes.len().isqrt().clamp(1, 3);
    if graphemes.len() >= side * side {
        let faces = graphemes[..side * side]
            .iter()
            .map(|g| Face::new(g))
            .collect();
        if let Ok(board) = Board::new(side, side, faces) {
            for rules in [Rules::hasbro(), Rules::cs106b()] {
                check_solution(&lexicon, &rules, &board, true);
                let keys = cell_keys(&lexicon, &rules, &board);
                let found: BTreeSet<String> = Solver::new(&lexicon, rules.clone())
                    .solve(&board)
                    .words
                    .into_iter()
                    .map(|f| f.word)
                    .collect();
                let reference: BTreeSet<String> = words
                    .iter()
                    .filter(|w| rules.counts(polyboggle::normalize::grapheme_len(w)))
                    .filter(|w| on_board(&board, &keys, w))
                    .cloned()
                    .collect();
                assert_eq!(found, reference, "on {board:?}");
            }
        }
    }
});
