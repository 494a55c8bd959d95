//! Opening a compiled dictionary from any bytes, with the checksum and without it (so
//! mutated files reach the section checks), whole and lazily (each block checked when
//! first read): refused with an error, or usable without a panic; with the checksum
//! held, consistent with its own word list, and the lazy answers the whole ones.
//! Every file is searched, the checksum held or not: a forged automaton (a cycle, or
//! more paths than words) ends each walk with an error, never a hang.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::ops::ControlFlow;

use polyboggle::query::{LazySearch, Query, QueryOptions};
use polyboggle::{Board, LazyLexicon, Lexicon, Rules};
use polyboggle_fuzz::{check_lexicon, check_solution};

/// Boards to solve with whatever opened: the dictionary's first words laid out, and
/// fixed mixed boards. At most 3×3: a damaged automaton may accept every string, and
/// then every simple path of the board is a word (millions on 4×4).
fn boards(lexicon: &Lexicon) -> Vec<Board> {
    let mut boards: Vec<Board> = ["ATE/APY/TIN", "क्ष मा न/मक ल क/a b c"]
        .iter()
        .map(|b| b.parse().expect("fixed boards parse"))
        .collect();
    let letters: String = lexicon.words().take(4).collect();
    let side = letters.chars().count().isqrt().clamp(1, 3);
    let faces: Vec<&str> = letters
        .char_indices()
        .map(|(i, c)| &letters[i..i + c.len_utf8()])
        .take(side * side)
        .collect();
    if faces.len() == side * side && !faces.iter().any(|f| f.contains(['/', ','])) {
        let faces = faces.into_iter().map(polyboggle::Face::new).collect();
        if let Ok(board) = Board::new(side, side, faces) {
            boards.push(board);
        }
    }
    boards
}

/// Up to 256 words of a search of every word, and a few lookups, as far as the
/// blocks they read pass.
fn ask_lazily(lazy: &LazyLexicon) -> Result<Vec<String>, polyboggle::LexiconError> {
    let mut seen = Vec::new();
    let options = QueryOptions::default();
    let every =
        LazySearch::new(lazy, &Query::Pattern("*".into()), &options).expect("a valid query");
    every.for_each(|hit| {
        seen.push(hit.key.to_string());
        if seen.len() < 256 {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    })?;
    seen.extend(look_up_lazily(lazy)?);
    Ok(seen)
}

/// Searches that few words match, so that little but the walk's own bound stops
/// them on a forged automaton.
fn rare() -> [Query; 2] {
    [
        Query::Pattern("*q*z*x".into()),
        Query::Regex("(ab)+c".into()),
    ]
}

/// The counts of the [`rare`] searches, as far as the blocks they read pass.
fn search_rare_lazily(lazy: &LazyLexicon) -> Result<Vec<u64>, polyboggle::LexiconError> {
    let options = QueryOptions::default();
    rare()
        .iter()
        .map(|query| {
            LazySearch::new(lazy, query, &options)
                .expect("a valid query")
                .count()
        })
        .collect()
}

/// A few lookups, as far as the blocks they read pass.
fn look_up_lazily(lazy: &LazyLexicon) -> Result<Vec<String>, polyboggle::LexiconError> {
    ["a", "ab", "queue", "क्षमा", ""]
        .iter()
        .map(|word| Ok(format!("{:?}", lazy.lookup(word)?)))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    // Lazily: nothing may panic, and a file that passes whole answers the same.
    let lazy = LazyLexicon::from_bytes(data.to_vec(), "fuzz").map(|lazy| ask_lazily(&lazy));
    if let Ok(whole) = Lexicon::from_bytes(data.to_vec(), "fuzz") {
        let mut expected: Vec<String> = whole.words().take(256).collect();
        for word in ["a", "ab", "queue", "क्षमा", ""] {
            expected.push(format!("{:?}", whole.lookup(word)));
        }
        assert_eq!(
            lazy.ok().and_then(Result::ok),
            Some(expected),
            "lazy and whole differ"
        );
    }
    let checked = Lexicon::from_bytes(data.to_vec(), "fuzz");
    let unchecked = Lexicon::from_bytes_unchecked(data.to_vec(), "fuzz");
    if let Ok(lazy) = LazyLexicon::from_bytes_unchecked(data.to_vec(), "fuzz") {
        // Searched like any file: a forged automaton may loop or branch into more
        // paths than words, and the walk then checks the whole automaton and stops
        // with its error before it goes far (or deep).
        let every = ask_lazily(&lazy);
        let counts = search_rare_lazily(&lazy);
        let whole = lazy.check();
        let _ = (every, counts);
        if unchecked.is_ok() {
            // Every block and the automaton's shape passed, so the lazy check does too.
            // (Without the checksum, the word list and the automaton are sections only
            // the checksum ties together: their words may differ, as they did on
            // seeds/lexicon/unchecked-sections-differ; with it, the lazy and whole
            // answers are compared above.)
            assert!(whole.is_ok(), "lazy check refused what opened whole");
        }
    }
    if let Ok(lexicon) = &checked {
        assert!(unchecked.is_ok(), "the checksum is not the only difference");
        check_lexicon(lexicon, 2000);
        for board in boards(lexicon) {
            check_solution(lexicon, &Rules::hasbro(), &board, true);
        }
    }
    if let Ok(lexicon) = &unchecked {
        // Sections that only the checksum ties together may disagree, but nothing may
        // panic, and whatever the solver reports must still be on the board, once.
        let _ = lexicon.words().take(256).count();
        for word in ["a", "ab", "queue", "क्षमा", ""] {
            let _ = lexicon.lookup(word);
        }
        for board in boards(lexicon) {
            check_solution(lexicon, &Rules::hasbro(), &board, false);
            let _ = polyboggle::Solver::new(lexicon, Rules::cs106b()).tally(&board);
        }
    }
});
