use super::*;
use crate::normalize::Profile;

/// Every simple path of `board`, its cells and the key it spells, extended only
/// while some word starts with the key.
fn brute_paths(board: &Board, lexicon: &Lexicon, rules: &Rules) -> Vec<(Vec<usize>, Vec<u8>)> {
    fn extend(
        board: &Board,
        keys: &[Vec<u8>],
        lexicon: &Lexicon,
        path: &mut Vec<usize>,
        key: Vec<u8>,
        out: &mut Vec<(Vec<usize>, Vec<u8>)>,
    ) {
        if lexicon.lookup_key(&key) == crate::lexicon::Lookup::Absent {
            return;
        }
        out.push((path.clone(), key.clone()));
        let last = *path.last().unwrap();
        for next in board.neighbours(last) {
            if !path.contains(&next) && !keys[next].is_empty() {
                path.push(next);
                extend(
                    board,
                    keys,
                    lexicon,
                    path,
                    [&key[..], &keys[next]].concat(),
                    out,
                );
                path.pop();
            }
        }
    }
    let keys: Vec<Vec<u8>> = board
        .faces()
        .iter()
        .map(|f| spelled_key(f, lexicon.profile(), rules))
        .collect();
    let mut out = Vec::new();
    for cell in 0..keys.len() {
        if !keys[cell].is_empty() {
            extend(
                board,
                &keys,
                lexicon,
                &mut vec![cell],
                keys[cell].clone(),
                &mut out,
            );
        }
    }
    out
}

#[test]
fn a_survey_finds_what_every_path_spells() {
    use rand::{Rng, SeedableRng};
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
    let letters = ["E", "A", "S", "T", "R", "I", "N", "O", "L", "Qu", "Z", "#"];
    let mut dead = 0;
    for rules in [Rules::hasbro(), Rules::cs106b()] {
        let mut solver = Solver::new(&lexicon, rules.clone());
        for _ in 0..150 {
            let (rows, cols) = (rng.gen_range(2..=4), rng.gen_range(2..=4));
            let faces = (0..rows * cols)
                .map(|_| Face::new(letters[rng.gen_range(0..letters.len())]))
                .collect();
            let board = Board::new(rows, cols, faces).unwrap();
            let mut words = std::collections::BTreeSet::new();
            let mut live = vec![false; rows * cols];
            for (path, key) in brute_paths(&board, &lexicon, &rules) {
                let key = String::from_utf8(key).unwrap();
                let len = crate::normalize::word_len(&key).unwrap();
                if lexicon.lookup_key(key.as_bytes()) == crate::lexicon::Lookup::Word
                    && rules.counts(len)
                {
                    path.iter().for_each(|&c| live[c] = true);
                    words.insert(key);
                }
            }
            let solution = solver.solve(&board);
            let survey = solver.survey(&board);
            let mut got: Vec<String> = survey
                .words
                .iter()
                .map(|&w| lexicon.word(w).unwrap())
                .collect();
            got.sort();
            assert_eq!(got, words.iter().cloned().collect::<Vec<_>>(), "{board:?}");
            assert_eq!(survey.live, live, "{board:?}");
            assert_eq!(survey.points, solution.score);
            let longest = words.iter().map(|w| crate::normalize::word_len(w).unwrap());
            assert_eq!(survey.longest, longest.max().unwrap_or(0));
            dead += live.iter().filter(|&&l| !l).count();
        }
    }
    assert!(dead > 50, "the boards have dead faces to find: {dead}");
}

/// `BreadthFirst::ends` compiled for SSSE3 (what a build without it runs on a CPU
/// with it) finds what the build's own matching finds, path for path.
#[test]
#[cfg(target_arch = "x86_64")]
fn the_search_compiled_for_ssse3_finds_what_the_build_finds() {
    use rand::{Rng, SeedableRng};
    assert!(
        std::arch::is_x86_feature_detected!("ssse3"),
        "every x86-64-v2 CPU has SSSE3"
    );
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let mut solver = Solver::new(&lexicon, Rules::hasbro());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
    let mut boards: Vec<String> = [
        "perslatgsineters",
        "Qu A T/E R S/T I N",
        "ab/cd",
        "eeeeeeeeeeeeeeee",
    ]
    .map(String::from)
    .to_vec();
    for _ in 0..200 {
        let (rows, cols) = (rng.gen_range(2..=4), rng.gen_range(2..=4));
        let rows: Vec<String> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| rng.gen_range(b'a'..=b'z') as char)
                    .collect()
            })
            .collect();
        boards.push(rows.join("/"));
    }
    let mut found = 0;
    for text in &boards {
        let board: Board = text.parse().unwrap();
        solver.cells.load(&board, &lexicon, &solver.rules);
        let (automaton, cells, count) = (lexicon.automaton(), &solver.cells, board.faces().len());
        let sixteen = cells
            .matching
            .any_sixteen()
            .expect("a board of up to 16 cells");
        assert!(automaton.is_exact());
        let mut want = solver
            .breadth_first
            .ends::<true, false>(automaton, cells, count, |mask| cells.matching.cells(mask))
            .map(|ends| ends.words.to_vec());
        // SAFETY: the CPU has SSSE3 (asserted) and POPCNT (x86-64-v2, as above).
        let mut got = unsafe {
            solver
                .breadth_first
                .ends_ssse3::<true, false>(automaton, cells, count, sixteen)
        }
        .map(|ends| ends.words.to_vec());
        for ends in [&mut want, &mut got].into_iter().flatten() {
            ends.sort_unstable();
        }
        assert_eq!(got, want, "{text}");
        found += want.is_some_and(|w| !w.is_empty()) as usize;
    }
    assert!(found > 150, "only {found} boards had words");
}

fn words(list: &[&str], board: &str, rules: Rules) -> Vec<String> {
    let lexicon = Lexicon::from_words(list, &Profile::default()).unwrap();
    let board: Board = board.parse().unwrap();
    let mut solver = Solver::new(&lexicon, rules);
    solver
        .solve(&board)
        .words
        .into_iter()
        .map(|f| f.word)
        .collect()
}

/// The contract's JSON as `serde_json` writes it, what `to_json` must equal.
fn json_by_value(solution: &Solution, board: &Board, profile: &Profile) -> String {
    let words: Vec<_> = solution
        .words
        .iter()
        .map(|f| {
            let path: Vec<[usize; 2]> = f.path.iter().map(|&(r, c)| [r, c]).collect();
            serde_json::json!({"word": profile.display(&f.word), "points": f.points, "path": path})
        })
        .collect();
    serde_json::json!({
        "rows": board.rows(), "cols": board.cols(), "count": solution.words.len(),
        "score": solution.score, "words": words,
    })
    .to_string()
}

#[test]
fn json_text_is_what_serde_json_writes() {
    let english = Lexicon::builtin("enable2k").unwrap();
    let hindi = Lexicon::from_words(["क्षमा", "कमल", "नमक"], &Profile::default()).unwrap();
    let turkish = Profile {
        turkic: true,
        ..Profile::default()
    };
    let istanbul = Lexicon::from_words(["istanbul", "ıs"], &turkish).unwrap();
    let cases = [
        (&english, "ATEE/APYO/TINU/EDSE"),
        (&english, "SERSP/LATGN/INESE/RTERO/DISAC"),
        (&english, "Qu A I/T E R/S # N"),
        (&english, "ZZ/ZZ"),
        (&hindi, "क्ष मा न/ह र म/क म ल"),
        (&istanbul, "I S T/N A B/U L #"),
    ];
    for (lexicon, text) in cases {
        let board: Board = text.parse().unwrap();
        for rules in [Rules::hasbro(), Rules::cs106b()] {
            let solution = Solver::new(lexicon, rules).solve(&board);
            assert_eq!(
                solution.to_json(&board, lexicon.profile()),
                json_by_value(&solution, &board, lexicon.profile()),
                "{text}"
            );
        }
    }
}

#[test]
fn finds_words_along_simple_paths_only() {
    let found = words(
        &["aba", "abab", "cab", "bac", "dab"],
        "ab/cd",
        Rules::hasbro(),
    );
    // "abab" would reuse a die; "dab" and "bac" are paths (all cells touch).
    assert_eq!(found, ["bac", "cab", "dab"]);
}

#[test]
fn multi_letter_faces_and_qu() {
    let list = ["queen", "quest", "schule", "sch"];
    assert_eq!(words(&list, "Q E/N E", Rules::hasbro()), ["queen"]);
    assert!(words(&list, "Q E/N E", Rules::cs106b()).is_empty());
    assert_eq!(words(&list, "SCH U/E L", Rules::cs106b()), ["schule"]);
}

/// The solver's worst case, met by the fuzz target `compile` (docs/reliability.md):
/// one letter on every cell and a word repeating it, so every simple path spells a
/// prefix. It costs millions of steps on 4×4, but stays bounded and right.
#[test]
fn a_board_of_one_letter_and_a_word_repeating_it() {
    let profile = Profile {
        turkic: true,
        ..Profile::default()
    };
    let word = format!("a{}dmiration", "I".repeat(17));
    let lexicon = Lexicon::from_words([word.as_str(), "aıı"], &profile).unwrap();
    let board: Board = "a ı ı ı/ı ı ı ı/ı ı ı ı/ı ı ı ı".parse().unwrap();
    let solution = Solver::new(&lexicon, Rules::hasbro()).solve(&board);
    let found: Vec<&str> = solution.words.iter().map(|f| f.word.as_str()).collect();
    assert_eq!(found, ["aıı"]);
    let tally = Solver::new(&lexicon, Rules::hasbro()).tally(&board);
    assert_eq!((tally.words, tally.points), (1, 1));
}

#[test]
fn blank_cells_block_paths() {
    assert_eq!(words(&["abc"], "a b c", Rules::hasbro()), ["abc"]);
    assert!(words(&["abc"], "a # b c", Rules::hasbro()).is_empty());
    assert!(words(&["abc"], "a _ b c", Rules::hasbro()).is_empty());
}

#[test]
fn boards_over_64_cells_agree_with_small_ones() {
    let list = ["stream", "tea", "team", "ream", "mast", "steam", "mats"];
    let small = "STREA/MSTRE/AMSTR/EAMST/REAMS".to_string();
    // 9×9 = 81 cells takes the general bitset; the same pattern tiles it.
    let rows: Vec<String> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| "STREAM".as_bytes()[(r * 9 + c) % 6] as char)
                .collect()
        })
        .collect();
    let big = rows.join("/");
    let small_words = words(&list, &small, Rules::hasbro());
    let big_words = words(&list, &big, Rules::hasbro());
    assert_eq!(small_words, ["mast", "ream", "tea"]);
    assert!(
        small_words.iter().all(|w| big_words.contains(w)),
        "{big_words:?}"
    );
    assert!(big_words.contains(&"stream".to_string()), "{big_words:?}");
}

#[test]
fn counts_each_word_once_and_reuses_marks() {
    let lexicon = Lexicon::from_words(["aaa"], &Profile::default()).unwrap();
    let board: Board = "aa/aa".parse().unwrap();
    let mut solver = Solver::new(&lexicon, Rules::hasbro());
    for _ in 0..3 {
        assert_eq!(
            solver.tally(&board),
            Tally {
                words: 1,
                points: 1
            }
        );
    }
}

#[test]
fn a_word_through_a_face_of_several_letters_counts_its_letters() {
    // "quake" takes 4 cells and scores as 5 letters, "cheat" 4 cells with `CH`,
    // and "qua" 2 cells, too few for a word of its own.
    let lexicon =
        Lexicon::from_words(["quake", "cheat", "take", "qua"], &Profile::default()).unwrap();
    let mut solver = Solver::new(&lexicon, Rules::hasbro());
    for (board, words, points) in [
        ("Qu A/E K", 2, 3),
        ("CH E/T A", 1, 2),
        ("Qu A T/X K E/X X X", 3, 4),
    ] {
        let board: Board = board.parse().unwrap();
        let tally = solver.tally(&board);
        assert_eq!((tally.words, tally.points), (words, points), "{board}");
        assert_eq!(solver.solve(&board).score, points, "{board}");
    }
}

#[test]
fn many_ends_of_few_words() {
    // Thousands of paths spell each word: the search's buffers grow many times
    // over, and each word still counts once, on a board of 25 cells (counted
    // level by level) and one of 81 (depth first).
    let list = ["aa", "aaa", "aaaa", "aaaaa", "aaaaaa"];
    let lexicon = Lexicon::from_words(list, &Profile::default()).unwrap();
    let mut solver = Solver::new(&lexicon, Rules::hasbro());
    let expected = Tally {
        words: 4,
        points: 1 + 1 + 2 + 3,
    };
    for side in [5, 9] {
        let board: Board = vec!["a".repeat(side); side].join("/").parse().unwrap();
        assert_eq!(solver.tally(&board), expected, "{side}×{side}");
        assert_eq!(solver.solve(&board).words.len(), 4, "{side}×{side}");
        assert_eq!(solver.tally(&board), expected, "{side}×{side}");
    }
    // A level wider than the limit hands the board to the depth-first walk.
    let board: Board = "aaaaa/aaaaa/aaaaa/aaaaa/aaaaa".parse().unwrap();
    let breadth_first = &mut solver.breadth_first;
    let automaton = lexicon.automaton();
    solver.cells.load(&board, &lexicon, &Rules::hasbro());
    let cells = &solver.cells;
    let all = |mask| cells.matching.cells(mask);
    assert!(breadth_first
        .ends::<true, false>(automaton, cells, 25, all)
        .is_some());
    breadth_first.limit = 100;
    assert!(breadth_first
        .ends::<true, false>(automaton, cells, 25, all)
        .is_none());
    assert_eq!(solver.tally(&board), expected);
}

#[test]
fn seen_words_grow_and_clear() {
    let mut seen = Seen::default();
    for round in 0..3 {
        // More words than the first table holds, spread and adjacent.
        let words: Vec<u32> = (0..5000).map(|i| i * 7919 % 200_003 + round).collect();
        assert!(words.iter().all(|&w| seen.insert(w)), "round {round}");
        assert!(words.iter().all(|&w| !seen.insert(w)), "round {round}");
        seen.clear();
    }
    seen.generation = u32::MAX;
    seen.clear();
    assert!(seen.insert(1) && !seen.insert(1));
}

#[test]
fn a_survey_by_levels_is_the_walk_s() {
    // Qu (a face of several bytes) on the English dice, and Greek's two-byte
    // letters, whose word lengths the level search looks up.
    let english = Lexicon::builtin("enable2k").unwrap();
    let greek = Lexicon::from_words(
        ["αλφα", "βητα", "γαλα", "λαβη", "αλας", "ηλια", "τα", "ατα"],
        &Profile::default(),
    )
    .unwrap();
    let greek_board: Board = "Α Λ Φ Α/Β Η Τ Α/Γ Α Λ Σ/Ι Α Β Η".parse().unwrap();
    let mut cases: Vec<(&Lexicon, Board)> = (0..300)
        .map(|seed| (&english, crate::rolled::english(seed)))
        .collect();
    cases.push((&greek, greek_board));
    let mut live = 0;
    for (lexicon, board) in cases {
        let mut solver = Solver::new(lexicon, Rules::hasbro());
        let leveled = solver.survey(&board);
        let mut words = leveled.words.to_vec();
        words.sort_unstable();
        let leveled = (
            words,
            leveled.points,
            leveled.longest,
            leveled.live.to_vec(),
        );
        solver.cells.load(&board, lexicon, &Rules::hasbro());
        let walked = solver.survey_walked(board.faces().len());
        let mut words = walked.words.to_vec();
        words.sort_unstable();
        let walked = (words, walked.points, walked.longest, walked.live.to_vec());
        assert_eq!(leveled, walked, "{board}");
        live += walked.3.iter().filter(|&&l| l).count();
    }
    assert!(live > 300 * 12, "{live}");
}

#[test]
fn paths_spell_the_word() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let board: Board = "ATEE/APYO/TINU/EDSE".parse().unwrap();
    let solution = Solver::new(&lexicon, Rules::hasbro()).solve(&board);
    for found in &solution.words {
        let spelled: String = found
            .path
            .iter()
            .map(|&(r, c)| board.face(r, c).text().to_lowercase())
            .collect();
        assert_eq!(spelled, found.word);
    }
}

#[test]
fn a_tier_range_keeps_its_words_in_every_entry_point() {
    use crate::tiers::{TierRange, Tiers};
    let profile = Profile::default();
    let mut compiler = crate::Compiler::new(profile.clone());
    compiler.add_text("tea eat ate eta tae teat tate sea seat east eats set");
    let lists = [
        ("common", "tea eat ate seat east set"),
        ("rare", "eta tae teat"),
    ];
    compiler.set_tiers(Tiers::from_lists(&lists, &profile).unwrap());
    let lexicon = Lexicon::from_bytes(compiler.finish("t").unwrap().0, "t").unwrap();
    let board: Board = "TEA/EAS/STE".parse().unwrap();
    let all = Solver::new(&lexicon, Rules::hasbro()).solve(&board);
    for text in ["1", "2", "1..2", "3"] {
        let range: TierRange = text.parse().unwrap();
        // What the command did after solving: the same words, the same points.
        let mut expected = all.clone();
        retain(&mut expected, &lexicon, range);
        let mut solver = Solver::new(&lexicon, Rules::hasbro()).with_tiers(range);
        assert_eq!(solver.solve(&board), expected, "tiers {text}");
        let tally = solver.tally(&board);
        let words = expected.words.len() as u64;
        assert_eq!(
            (tally.words, tally.points),
            (words, expected.score),
            "{text}"
        );
        let survey = solver.survey(&board);
        assert_eq!(survey.words.len() as u64, words, "tiers {text}");
        assert_eq!(survey.points, expected.score, "tiers {text}");
        let cols = board.cols();
        for (r, c) in expected.words.iter().flat_map(|f| f.path.iter()) {
            assert!(survey.live[r * cols + c], "tiers {text}: ({r}, {c})");
        }
        if words == 0 {
            assert!(survey.live.iter().all(|&live| !live), "tiers {text}");
        }
    }
    assert!(all.words.len() > 6, "{:?}", all.words);
}

/// Keeps only the solution's words of `range`, and sums their points again: what
/// [`Solver::with_tiers`] must find, computed the slow way.
fn retain(solution: &mut Solution, lexicon: &Lexicon, range: crate::tiers::TierRange) {
    solution
        .words
        .retain(|found| crate::tiers::key_in(lexicon, &found.word, range));
    solution.score = solution.words.iter().map(|f| f.points as u64).sum();
}
