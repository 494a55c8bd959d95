//! The invariants the fuzz targets assert, shared between them.
//!
//! A target turns its bytes into one of polyboggle's inputs; when the library accepts
//! the input, these checks say what must then hold. A failed `assert!` is a finding,
//! just like a panic inside the library.

pub mod queries;

use std::collections::HashSet;
use std::sync::OnceLock;

use polyboggle::normalize::grapheme_len;
use polyboggle::{Board, Lexicon, Lookup, Profile, Rules, Solver};

/// The built-in English dictionary, opened once per process.
pub fn english() -> &'static Lexicon {
    static ENGLISH: OnceLock<Lexicon> = OnceLock::new();
    ENGLISH.get_or_init(|| Lexicon::builtin("enable2k").expect("the built-in opens"))
}

/// A small dictionary of words in several scripts (multi-byte faces, `Qu`, marks).
pub fn mixed() -> &'static Lexicon {
    static MIXED: OnceLock<Lexicon> = OnceLock::new();
    MIXED.get_or_init(|| {
        let words = [
            "queue",
            "quit",
            "qat",
            "tape",
            "pate",
            "peat",
            "tapes",
            "straße",
            "año",
            "piñata",
            "क्षमा",
            "नमक",
            "कमल",
            "οδος",
            "ılık",
            "istanbul",
            "abc",
            "ab",
            "a",
            "aaaa",
        ];
        Lexicon::from_words(words, &Profile::default()).expect("the words compile")
    })
}

/// Where a string of text is valid UTF-8, the text.
pub fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// A parsed board must print (`Board::inline`) to a line that parses back to it, and
/// display without panicking.
pub fn check_board_round_trip(board: &Board) {
    let line = board.inline();
    let again: Board = line
        .parse()
        .unwrap_or_else(|e| panic!("inline form {line:?} of {board:?} does not parse: {e}"));
    assert_eq!(
        &again, board,
        "inline form {line:?} parses to another board"
    );
    let _ = board.to_string();
}

/// The key each cell contributes under `lexicon` and `rules`, as the solver reads faces.
pub fn cell_keys(lexicon: &Lexicon, rules: &Rules, board: &Board) -> Vec<Option<String>> {
    board
        .faces()
        .iter()
        .map(|face| {
            if face.is_blank() {
                return None;
            }
            let mut key = lexicon.profile().key(face.text());
            if rules.qu && key == "q" {
                key.push('u');
            }
            Some(key)
        })
        .collect()
}

/// Solves `board` and checks the answer: every word once, each with a path of
/// distinct, adjacent, non-blank cells that spells it, points by the rules, and the
/// score their sum. When `consistent` (a dictionary whose checksum held: its solver
/// automaton and word list agree), every word must also be in the dictionary, long
/// enough, and `Solver::tally` must agree with `Solver::solve`.
pub fn check_solution(lexicon: &Lexicon, rules: &Rules, board: &Board, consistent: bool) {
    let mut solver = Solver::new(lexicon, rules.clone());
    let solution = solver.solve(board);
    let keys = cell_keys(lexicon, rules, board);
    let (rows, cols) = (board.rows(), board.cols());
    let mut words = HashSet::new();
    let mut score = 0u64;
    for found in &solution.words {
        assert!(words.insert(&found.word), "{:?} found twice", found.word);
        assert!(!found.path.is_empty(), "{:?} has no path", found.word);
        let mut used = HashSet::new();
        let mut spelled = String::new();
        for (i, &(r, c)) in found.path.iter().enumerate() {
            assert!(r < rows && c < cols, "{:?}: cell off the board", found.word);
            assert!(used.insert((r, c)), "{:?}: a cell used twice", found.word);
            if i > 0 {
                let (pr, pc) = found.path[i - 1];
                assert!(
                    pr.abs_diff(r) <= 1 && pc.abs_diff(c) <= 1,
                    "{:?}: a step between cells that do not touch",
                    found.word
                );
            }
            let key = keys[r * cols + c]
                .as_deref()
                .unwrap_or_else(|| panic!("{:?} passes through a blank", found.word));
            spelled.push_str(key);
        }
        assert_eq!(spelled, found.word, "the path does not spell the word");
        score += found.points as u64;
        if consistent {
            assert_eq!(
                lexicon.lookup_key(found.word.as_bytes()),
                Lookup::Word,
                "{:?} is not in the dictionary",
                found.word
            );
            let len = grapheme_len(&found.word);
            assert!(rules.counts(len), "{:?} is too short", found.word);
            assert_eq!(found.points, rules.points(len), "{:?}: points", found.word);
        }
    }
    assert_eq!(
        solution.score, score,
        "the score is not the sum of the points"
    );
    if consistent {
        let tally = solver.tally(board);
        assert_eq!(
            (tally.words, tally.points),
            (solution.words.len() as u64, solution.score),
            "tally and solve disagree on {board:?}"
        );
    }
}

/// Is `word` spelled by some path of distinct adjacent cells? (A plain reference
/// search, for small boards.)
pub fn on_board(board: &Board, keys: &[Option<String>], word: &str) -> bool {
    fn extend(
        board: &Board,
        keys: &[Option<String>],
        rest: &str,
        cell: usize,
        used: &mut Vec<bool>,
    ) -> bool {
        let Some(key) = keys[cell].as_deref() else {
            return false;
        };
        let Some(rest) = rest.strip_prefix(key) else {
            return false;
        };
        if key.is_empty() {
            return false;
        }
        if rest.is_empty() {
            return true;
        }
        used[cell] = true;
        let found = board
            .neighbours(cell)
            .any(|next| !used[next] && extend(board, keys, rest, next, used));
        used[cell] = false;
        found
    }
    let mut used = vec![false; keys.len()];
    (0..keys.len()).any(|cell| extend(board, keys, word, cell, &mut used))
}

/// A dictionary must answer for its own word list: the words come out sorted and
/// distinct, each looks up as a word (by key and as typed), each of its prefixes as
/// a word or prefix, and each length is its grapheme count within the header's
/// bounds. Checks at most `limit` words.
pub fn check_lexicon(lexicon: &Lexicon, limit: usize) {
    let header = lexicon.header();
    let mut previous: Option<String> = None;
    for index in 0..(lexicon.word_count() as u64).min(limit as u64) {
        let word = lexicon
            .word(index)
            .unwrap_or_else(|| panic!("word {index} is missing or not UTF-8"));
        if let Some(previous) = &previous {
            assert!(
                previous < &word,
                "words out of order: {previous:?}, {word:?}"
            );
        }
        assert_eq!(
            lexicon.lookup_key(word.as_bytes()),
            Lookup::Word,
            "{word:?}"
        );
        let len = grapheme_len(&word);
        assert_eq!(lexicon.word_len(index), len, "length of {word:?}");
        assert!(
            (header.min_len as usize..=header.max_len as usize).contains(&len),
            "{word:?} is outside the header's lengths"
        );
        for (at, _) in word.char_indices().skip(1) {
            assert_ne!(
                lexicon.lookup_key(word[..at].as_bytes()),
                Lookup::Absent,
                "a prefix of {word:?}"
            );
        }
        previous = Some(word);
    }
}
