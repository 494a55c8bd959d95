//! The FST solver against the brute-force reference, on random boards and word lists
//! in Latin with accents, Devanagari and Greek, with multi-grapheme and blank faces.

mod common;

use std::collections::BTreeSet;

use polyboggle::{Board, Face, Lexicon, Profile, Rules, Solver};
use proptest::prelude::*;

/// Graphemes to build faces and words from: a small alphabet, so words hit often.
const GRAPHEMES: &[&str] = &[
    "a",
    "e",
    "s",
    "t",
    "é",
    "ñ",
    "ü",
    "Q",
    "क",
    "्ष",
    "क्ष",
    "मा",
    "न",
    "α",
    "ω",
    "ς",
    "Σ",
    "ά",
];

/// Words whose UTF-8 uses well over 64 distinct bytes.
const WIDE: &str = "abcdefghijklmnopqrstuvwxyz àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿ \
    अआइईउऊऋएऐओऔकखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह αβγδεζηθικλμνξοπρστυφχψω";

fn face() -> impl Strategy<Value = Face> {
    prop_oneof![
        1 => Just(Face::blank()),
        12 => prop::collection::vec(prop::sample::select(GRAPHEMES), 1..=3)
            .prop_map(|g| Face::new(&g.concat())),
    ]
}

fn board() -> impl Strategy<Value = Board> {
    (1usize..=5, 1usize..=5).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(face(), rows * cols)
            .prop_map(move |faces| Board::new(rows, cols, faces).unwrap())
    })
}

/// Words spelled by random walks on the board (simple or not), plus random words.
fn words(board: &Board, walks: &[(usize, Vec<usize>)], random: &[Vec<&str>]) -> Vec<String> {
    let mut out: Vec<String> = random.iter().map(|g| g.concat()).collect();
    for (start, steps) in walks {
        let mut cell = start % board.faces().len();
        let mut word = String::new();
        for step in steps {
            word.push_str(board.faces()[cell].text());
            let next: Vec<usize> = board.neighbours(cell).collect();
            if next.is_empty() {
                break;
            }
            cell = next[step % next.len()];
            out.push(word.clone());
        }
    }
    out
}

fn rules() -> impl Strategy<Value = Rules> {
    (1usize..=4, any::<bool>()).prop_map(|(min_len, qu)| Rules {
        min_len,
        qu,
        ..Rules::hasbro()
    })
}

fn profile() -> impl Strategy<Value = Profile> {
    prop_oneof![
        Just(Profile::default()),
        Just(Profile {
            strip_marks: true,
            keep: "ñ".into(),
            ..Profile::default()
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn solver_matches_brute_force(
        board in board(),
        walks in prop::collection::vec((0usize..25, prop::collection::vec(0usize..8, 1..8)), 0..12),
        random in prop::collection::vec(prop::collection::vec(prop::sample::select(GRAPHEMES), 1..6), 1..20),
        rules in rules(),
        profile in profile(),
        wide in any::<bool>(),
    ) {
        let mut list = words(&board, &walks, &random);
        if wide {
            // Over 64 distinct bytes: the automaton can no longer give each byte a
            // class of its own, and the solver takes its byte-checking path.
            list.extend(WIDE.split(' ').map(String::from));
        }
        prop_assume!(list.iter().any(|w| !profile.key(w).is_empty()));
        let lexicon = match Lexicon::from_words(&list, &profile) {
            Ok(lexicon) => lexicon,
            Err(_) => return Ok(()), // every word refused (e.g. only marks)
        };
        let kept: Vec<String> = lexicon.words().collect();
        let expected = crate::common::reference(&board, &kept, &profile, &rules);
        let mut solver = Solver::new(&lexicon, rules.clone());
        let solution = solver.solve(&board);
        let tally = solver.tally(&board);
        prop_assert_eq!((tally.words, tally.points), (solution.words.len() as u64, solution.score));
        let found: BTreeSet<String> = solution.words.iter().map(|f| f.word.clone()).collect();
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(found.len(), solution.words.len(), "a word was reported twice");
        for f in &solution.words {
            prop_assert!(crate::common::path_spells(&board, &f.path, &f.word, &profile, &rules), "bad path for {}", f.word);
            prop_assert_eq!(f.points, rules.points(polyboggle::normalize::grapheme_len(&f.word)));
        }
        prop_assert_eq!(solution.score, solution.words.iter().map(|f| f.points as u64).sum::<u64>());
    }
}
