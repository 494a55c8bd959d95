//! `prove` against enumeration: on board spaces small enough to score every board,
//! the proof lists exactly the boards that score at least the threshold, and a
//! class's bound is never below the best board in it.

use std::collections::BTreeMap;

use polyboggle::board::{Board, Face};
use polyboggle::{Lexicon, Profile, Rules, Solver};
use polyboggle_optimize::Space;
use polyboggle_prove::bound::{Scratch, Walker};
use polyboggle_prove::tree::Tree;
use polyboggle_prove::{Cut, Proof};
use proptest::prelude::*;

/// A board's key up to the grid's symmetries: the smallest of its turned face lists.
fn canonical(space: &Space, texts: &[String]) -> Vec<String> {
    space
        .symmetries()
        .iter()
        .map(|perm| perm.iter().map(|&from| texts[from].clone()).collect())
        .min()
        .expect("the identity is a symmetry")
}

/// Every board of a free-letter space, with its score, keyed by the canonical
/// face list (the smallest under the grid's symmetries).
fn enumerate(space: &Space, lexicon: &Lexicon, rules: &Rules) -> BTreeMap<Vec<String>, u64> {
    let (rows, cols) = space.shape();
    let cells = rows * cols;
    let letters = space.free_letters().unwrap();
    let faces = space.faces();
    let mut solver = Solver::new(lexicon, rules.clone());
    let mut all = BTreeMap::new();
    let mut digits = vec![0usize; cells];
    loop {
        let board_faces: Vec<Face> = digits
            .iter()
            .map(|&d| faces[letters[d] as usize].clone())
            .collect();
        let board = Board::new(rows, cols, board_faces.clone()).unwrap();
        let score = solver.tally(&board).points;
        let texts: Vec<String> = board_faces.iter().map(|f| f.text().to_string()).collect();
        let key = canonical(space, &texts);
        all.insert(key, score);
        // The next board, as a base-|letters| counter.
        let mut i = 0;
        loop {
            if i == cells {
                return all;
            }
            digits[i] += 1;
            if digits[i] < letters.len() {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

/// The boards of `all` that score at least `min`: what a proof at `min` lists.
fn at_least(all: &BTreeMap<Vec<String>, u64>, min: u64) -> BTreeMap<Vec<String>, u64> {
    all.iter()
        .filter(|(_, &score)| score >= min)
        .map(|(k, &s)| (k.clone(), s))
        .collect()
}

/// The boards prove lists at `min`, as canonical face lists with scores.
fn proven(
    space: &Space,
    lexicon: &Lexicon,
    rules: &Rules,
    min: u64,
    buckets: Option<usize>,
) -> BTreeMap<Vec<String>, u64> {
    proven_cut(
        space,
        lexicon,
        rules,
        min,
        &buckets.map_or(Cut::Default, Cut::Weight),
    )
}

/// [`proven`] with top-level classes cut as `cut` says.
fn proven_cut(
    space: &Space,
    lexicon: &Lexicon,
    rules: &Rules,
    min: u64,
    cut: &Cut,
) -> BTreeMap<Vec<String>, u64> {
    let proof = Proof::with_cut(lexicon, rules.clone(), space, min, cut).unwrap();
    let result = proof.run(proof.classes(), 2, &|| false, &|_| {});
    assert!(result.complete);
    result
        .boards
        .iter()
        .map(|p| {
            let key = p
                .board
                .faces()
                .iter()
                .map(|f| f.text().to_string())
                .collect();
            (key, p.score)
        })
        .collect()
}

fn check(words: &[&str], letters: &[&str], rows: usize, cols: usize, rules: Rules) {
    let lexicon = Lexicon::from_words(words.iter().copied(), &Profile::default()).unwrap();
    let letters: Vec<String> = letters.iter().map(|s| s.to_string()).collect();
    let space = Space::letters(rows, cols, &letters, lexicon.profile()).unwrap();
    let all = enumerate(&space, &lexicon, &rules);
    let best = all.values().copied().max().unwrap();
    // One class for the whole space (every split is the search's), or a few.
    for (min, buckets) in [
        (1, Some(1)),
        (best / 2 + 1, Some(1)),
        (best.saturating_sub(2).max(1), Some(2)),
        (best, None),
        (best, Some(1)),
        (best + 1, Some(3)),
    ] {
        let expected = at_least(&all, min);
        assert_eq!(
            proven(&space, &lexicon, &rules, min, buckets),
            expected,
            "{rows}x{cols} over {letters:?}, min {min}, buckets {buckets:?}, words {words:?}"
        );
    }
    // Buckets named by their faces, the corners cut otherwise than the rest: the
    // first face alone at every cell but the corners, the last alone there.
    let (first, last) = (letters[0].clone(), letters[letters.len() - 1].clone());
    let named = Cut::Named {
        cells: vec![first.clone(), last.clone()],
        corners: Some(vec![last, first]),
    };
    for min in [1, best.saturating_sub(2).max(1), best] {
        let expected = at_least(&all, min);
        assert_eq!(
            proven_cut(&space, &lexicon, &rules, min, &named),
            expected,
            "{rows}x{cols} over {letters:?}, min {min}, {named:?}, words {words:?}"
        );
    }
}

#[test]
fn prove_lists_what_enumeration_finds_on_a_3x3_space() {
    let words = [
        "tea", "eat", "ate", "tee", "teat", "seat", "east", "eats", "sate", "tease", "settee",
        "asset", "tasse",
    ];
    check(&words, &["t", "e", "a", "s"], 3, 3, Rules::hasbro());
}

#[test]
fn prove_handles_qu_a_two_letter_face_and_a_blank() {
    let words = [
        "quit", "quiche", "chi", "itch", "tic", "quite", "etch", "ethic", "chit", "tech",
    ];
    check(
        &words,
        &["Qu", "i", "ch", "t", "e", "#"],
        2,
        3,
        Rules::hasbro(),
    );
    check(&words, &["Q", "u", "i", "ch", "t"], 2, 3, Rules::hasbro());
}

#[test]
fn prove_handles_a_face_that_is_a_prefix_of_another_and_cs106b_rules() {
    let words = [
        "nyan", "anna", "nanny", "any", "nay", "yarn", "narny", "array", "nana",
    ];
    check(&words, &["n", "ny", "a", "y", "r"], 2, 3, Rules::cs106b());
    check(&words, &["n", "ny", "a", "y"], 2, 2, Rules::hasbro());
}

#[test]
fn prove_finds_nothing_above_the_best_score() {
    let lexicon = Lexicon::from_words(["tea", "eat"], &Profile::default()).unwrap();
    let letters: Vec<String> = ["t", "e", "a"].map(String::from).to_vec();
    let space = Space::letters(2, 2, &letters, lexicon.profile()).unwrap();
    assert!(proven(&space, &lexicon, &Rules::hasbro(), 3, Some(1)).is_empty());
    assert!(!proven(&space, &lexicon, &Rules::hasbro(), 2, Some(1)).is_empty());
}

/// Words over a small alphabet, from proptest's indices.
fn words_from(picks: &[Vec<usize>], alphabet: &[&str]) -> Vec<String> {
    picks
        .iter()
        .map(|word| word.iter().map(|&i| alphabet[i % alphabet.len()]).collect())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random dictionaries over 4-5 letters: the proof's list is enumeration's.
    #[test]
    fn prove_agrees_with_enumeration_on_random_dictionaries(
        picks in prop::collection::vec(prop::collection::vec(0usize..5, 3..7), 5..40),
        wide in any::<bool>(),
        cs106b in any::<bool>(),
    ) {
        let alphabet = ["a", "e", "r", "s", "t"];
        let words = words_from(&picks, &alphabet);
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let rules = if cs106b { Rules::cs106b() } else { Rules::hasbro() };
        let (rows, cols, letters) = if wide { (2, 3, &alphabet[..5]) } else { (3, 3, &alphabet[..3]) };
        check(&words, letters, rows, cols, rules);
    }

    /// For random classes, both bounds are at least the best board's score.
    #[test]
    fn the_bound_holds_for_every_board_of_a_class(
        picks in prop::collection::vec(prop::collection::vec(0usize..7, 2..8), 5..60),
        sets in prop::collection::vec(1u8..128, 6),
    ) {
        let alphabet = ["a", "e", "qu", "s", "t", "ch", "c"];
        let words = words_from(&picks, &alphabet);
        let lexicon = Lexicon::from_words(words.iter().map(String::as_str), &Profile::default()).unwrap();
        let faces: Vec<Face> = alphabet.iter().map(|f| Face::new(f)).collect();
        let rules = Rules::hasbro();
        let walker = Walker::new(&lexicon, &rules, &faces, 2, 3);
        let sets: Vec<u128> = sets.iter().map(|&s| s as u128).collect();
        let bound = walker.bound(&sets, &mut Scratch::default());
        let orderly = walker.orderly_bound(&sets, &mut Scratch::default());
        // Every board of the class, scored.
        let mut solver = Solver::new(&lexicon, rules.clone());
        let choices: Vec<Vec<usize>> = sets
            .iter()
            .map(|&s| (0..7).filter(|&f| s >> f & 1 == 1).collect())
            .collect();
        let mut best = 0;
        let mut digits = [0usize; 6];
        'boards: loop {
            let board_faces = digits.iter().zip(&choices).map(|(&d, c)| faces[c[d]].clone()).collect();
            let board = Board::new(2, 3, board_faces).unwrap();
            best = best.max(solver.tally(&board).points);
            for i in 0..6 {
                digits[i] += 1;
                if digits[i] < choices[i].len() {
                    continue 'boards;
                }
                digits[i] = 0;
            }
            break;
        }
        prop_assert!(bound >= best, "max/no-mark bound {bound} < best board {best}");
        prop_assert!(orderly >= best, "orderly bound {orderly} < best board {best}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Bounding a forced part without making it gives the bound of the part made
    /// by merging, for every face of every cell forced on the way down.
    #[test]
    fn a_part_bounded_without_merging_has_the_merged_bound(
        picks in prop::collection::vec(prop::collection::vec(0usize..5, 2..7), 5..60),
        sets in prop::collection::vec(1u8..32, 9),
        path in prop::collection::vec(0usize..5, 9),
    ) {
        let alphabet = ["a", "e", "r", "s", "t"];
        let words = words_from(&picks, &alphabet);
        let lexicon = Lexicon::from_words(words.iter().map(String::as_str), &Profile::default()).unwrap();
        let faces: Vec<Face> = alphabet.iter().map(|f| Face::new(f)).collect();
        let walker = Walker::new(&lexicon, &Rules::hasbro(), &faces, 3, 3);
        let mut sets: Vec<u128> = sets.iter().map(|&s| s as u128).collect();
        let mut tree = Tree::default();
        let mut root = walker.orderly_tree(&sets, &mut Scratch::default(), &mut tree);
        for (cell, pick) in walker.forcing_order().into_iter().zip(path) {
            if sets[cell].count_ones() < 2 {
                continue;
            }
            let rank = walker.rank(cell);
            let (_, children) = tree.choices(root, rank);
            let faces: Vec<u8> = (0..5u8).filter(|f| sets[cell] >> f & 1 == 1).collect();
            let mut next = None;
            for &face in &faces {
                let child = children.iter().find(|c| c.0 == face).map(|c| c.1);
                let bound = tree.forced_bound(root, rank, child);
                let forced = tree.force(root, rank, child);
                prop_assert_eq!(bound, tree.bound(forced), "cell {}, face {}", cell, face);
                if face == faces[pick % faces.len()] {
                    next = Some((face, forced));
                }
            }
            let (face, forced) = next.unwrap();
            sets[cell] = 1 << face;
            root = forced;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A class of one board is bounded by exactly its score: every word path
    /// ends at the root, and a word spelled by several paths counts once there.
    #[test]
    fn a_class_of_one_board_is_bounded_by_its_score(
        picks in prop::collection::vec(prop::collection::vec(0usize..5, 2..7), 5..60),
        cells in prop::collection::vec(0usize..5, 9),
    ) {
        let alphabet = ["a", "e", "r", "s", "t"];
        let words = words_from(&picks, &alphabet);
        let lexicon = Lexicon::from_words(words.iter().map(String::as_str), &Profile::default()).unwrap();
        let faces: Vec<Face> = alphabet.iter().map(|f| Face::new(f)).collect();
        let rules = Rules::hasbro();
        let walker = Walker::new(&lexicon, &rules, &faces, 3, 3);
        let sets: Vec<u128> = cells.iter().map(|&f| 1 << f).collect();
        let board = Board::new(3, 3, cells.iter().map(|&f| faces[f].clone()).collect()).unwrap();
        let score = Solver::new(&lexicon, rules).tally(&board).points;
        prop_assert_eq!(walker.orderly_bound(&sets, &mut Scratch::default()), score);
    }
}

#[test]
fn a_word_spelled_back_and_forth_through_the_same_cells_counts_once() {
    // "tat" reads left to right and right to left over the same three cells.
    let lexicon = Lexicon::from_words(["tat"], &Profile::default()).unwrap();
    let faces: Vec<Face> = ["t", "a"].iter().map(|f| Face::new(f)).collect();
    let walker = Walker::new(&lexicon, &Rules::hasbro(), &faces, 1, 3);
    let mut scratch = Scratch::default();
    // T A T: one word, one point.
    assert_eq!(walker.orderly_bound(&[0b01, 0b10, 0b01], &mut scratch), 1);
    // Either face at each end: still one board with "tat", once.
    assert_eq!(walker.orderly_bound(&[0b11, 0b10, 0b11], &mut scratch), 1);
}

/// A dice space: prove lists exactly the rollable boards enumeration finds (each
/// cell a die of its own, one die left over, faces shared between dice).
#[test]
fn prove_lists_only_rollable_boards_of_a_dice_set() {
    let text = "# name: tiny\n# grid: 1x5\nT E A\nE A S\nQu I T\nS T ch\nA E I\n";
    let set = polyboggle_dice::DiceSet::parse(text, "tiny").unwrap();
    let words = [
        "tea", "eat", "ate", "seat", "east", "quit", "quite", "itch", "sat", "tie", "site", "ties",
    ];
    let lexicon = Lexicon::from_words(words, &Profile::default()).unwrap();
    let rules = Rules::hasbro();
    let space = Space::dice(&set, 2, 2, lexicon.profile()).unwrap();
    // Every rollable board: an ordered choice of 4 distinct dice, a face each.
    let mut solver = Solver::new(&lexicon, rules.clone());
    let mut all: BTreeMap<Vec<String>, u64> = BTreeMap::new();
    let dice = &set.dice;
    for a in 0..5 {
        for b in (0..5).filter(|&b| b != a) {
            for c in (0..5).filter(|&c| c != a && c != b) {
                for d in (0..5).filter(|&d| d != a && d != b && d != c) {
                    for faces in 0..81 {
                        let picks = [a, b, c, d];
                        let texts: Vec<String> = (0..4)
                            .map(|i| dice[picks[i]][faces / 3usize.pow(i as u32) % 3].clone())
                            .collect();
                        let board =
                            Board::new(2, 2, texts.iter().map(|t| Face::new(t)).collect()).unwrap();
                        let score = solver.tally(&board).points;
                        let key = canonical(&space, &texts);
                        all.insert(key, score);
                    }
                }
            }
        }
    }
    let best = all.values().copied().max().unwrap();
    assert!(best >= 3, "the set makes words: best {best}");
    for (min, buckets) in [
        (1, Some(1)),
        (2, Some(1)),
        (best, Some(1)),
        (best, None),
        (best + 1, Some(2)),
    ] {
        let expected = at_least(&all, min);
        assert_eq!(
            proven(&space, &lexicon, &rules, min, buckets),
            expected,
            "min {min}, buckets {buckets:?}"
        );
    }
}
