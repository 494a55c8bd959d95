//! The filler through its public API. Every fill is checked here by an independent
//! reading of the output grid (`check`): every entry a word of the list (or a theme entry
//! the grid gives whole), no word twice, pre-filled squares kept. On small grids a brute
//! force agrees on whether a fill exists.

use std::collections::{BTreeMap, BTreeSet};

use polyboggle::Profile;
use polyboggle_crossword::fill::{
    fill, parse_scored_list, FillError, FillOptions, Filled, Pattern, ScoredWord, Square, Style,
};
use proptest::prelude::*;
use unicode_segmentation::UnicodeSegmentation;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The runs of two or more white squares of a grid of squares, across then down.
fn runs(grid: &[Vec<Option<String>>]) -> Vec<Vec<(usize, usize)>> {
    let (rows, cols) = (grid.len(), grid[0].len());
    let mut out = Vec::new();
    for across in [true, false] {
        let (outer, inner) = if across { (rows, cols) } else { (cols, rows) };
        for o in 0..outer {
            let mut run = Vec::new();
            for i in 0..=inner {
                let (r, c) = if across { (o, i) } else { (i, o) };
                if i < inner && grid[r][c].is_some() {
                    run.push((r, c));
                    continue;
                }
                if run.len() >= 2 {
                    out.push(run.clone());
                }
                run.clear();
            }
        }
    }
    out
}

/// Checks a fill of `pattern` against `words` (keys, lower case): returns the entries.
fn check(pattern: &Pattern, filled: &Filled, words: &BTreeSet<String>) -> Vec<String> {
    let grid = &filled.grid;
    assert_eq!((grid.len(), grid[0].len()), (pattern.rows, pattern.cols));
    for (i, square) in pattern.squares.iter().enumerate() {
        let cell = &grid[i / pattern.cols][i % pattern.cols];
        match square {
            Square::Black => assert!(cell.is_none()),
            Square::Empty => assert!(cell.is_some()),
            Square::Given(g) => assert_eq!(
                cell.as_deref().map(str::to_lowercase),
                Some(g.to_lowercase())
            ),
        }
        if let Some(letter) = cell {
            assert_eq!(
                letter.graphemes(true).count(),
                1,
                "one face a square: {letter}"
            );
        }
    }
    let mut seen = BTreeSet::new();
    let mut entries = Vec::new();
    for run in runs(grid) {
        let word: String = run
            .iter()
            .map(|&(r, c)| grid[r][c].as_deref().unwrap().to_lowercase())
            .collect();
        // A theme entry (every square given) stays even when the list lacks it.
        let given = run
            .iter()
            .all(|&(r, c)| matches!(pattern.squares[r * pattern.cols + c], Square::Given(_)));
        assert!(given || words.contains(&word), "{word} is not in the list");
        assert!(seen.insert(word.clone()), "{word} twice");
        entries.push(word);
    }
    assert_eq!(entries.len(), filled.entries.len());
    entries
}

fn keys(list: &[ScoredWord]) -> BTreeSet<String> {
    list.iter()
        .map(|w| Profile::default().key(&w.word))
        .collect()
}

#[test]
fn a_hebrew_grid_fills_right_to_left() {
    let list = parse_scored_list(&data("he-words.txt")).unwrap().words;
    let pattern = Pattern::parse(&data("he-grid.txt")).unwrap();
    let filled = fill(&pattern, &list, &FillOptions::default()).unwrap();
    assert!(filled.rtl);
    let entries = check(&pattern, &filled, &keys(&list));
    assert_eq!(entries.len(), 10);
    // Drawn mirrored: the first square of a row in reading order is the right-most.
    let crossword = filled.to_crossword();
    assert_eq!(crossword.grid[1][4], filled.grid[1][0]);
    let across = crossword
        .words
        .iter()
        .find(|w| w.rtl)
        .expect("an across word");
    assert!(across.cells[0].1 > across.cells[1].1, "{across:?}");
    let ipuz = crossword.to_ipuz();
    assert_eq!(
        ipuz["puzzle"][0][3], 1,
        "numbered from the right: {}",
        ipuz["puzzle"]
    );
}

#[test]
fn a_korean_grid_fills_with_syllables() {
    let list = parse_scored_list(&data("ko-words.txt")).unwrap().words;
    let pattern = Pattern::parse(&data("ko-grid.txt")).unwrap();
    let filled = fill(&pattern, &list, &FillOptions::default()).unwrap();
    assert!(!filled.rtl);
    let entries = check(&pattern, &filled, &keys(&list));
    assert_eq!(entries.len(), 7);
    assert!(entries
        .iter()
        .all(|w| w.chars().all(|c| ('\u{AC00}'..='\u{D7A3}').contains(&c))));
}

#[test]
fn scores_choose_the_words() {
    // Two fills of a 3×3 ring: the better-scoring one wins.
    let list = "jkl;10\njmn;10\nlop;10\nnqp;10\nabc;90\nadg;90\ncfi;90\nghi;90\n";
    let list = parse_scored_list(list).unwrap().words;
    let pattern = Pattern::parse("...\n.#.\n...").unwrap();
    let options = FillOptions {
        style: Style::British,
        ..FillOptions::default()
    };
    let filled = fill(&pattern, &list, &options).unwrap();
    check(&pattern, &filled, &keys(&list));
    assert_eq!(filled.mean_score(), 90.0, "{}", filled.to_text());
    let options = FillOptions {
        min_score: 95,
        ..options
    };
    let err = fill(&pattern, &list, &options).unwrap_err();
    assert!(matches!(err, FillError::NoFill { .. }), "{err}");
}

#[test]
fn bad_input_names_the_square() {
    let list = parse_scored_list("cat\nact\ntac\nate\n").unwrap().words;
    let opts = FillOptions::default();
    let err = |grid: &str| {
        let pattern = Pattern::parse(grid).map_err(FillError::from);
        pattern
            .and_then(|p| fill(&p, &list, &opts))
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        err("...\n.Ж.\n..."),
        "row 2, column 2: \"Ж\" is no letter of the word list's alphabet"
    );
    assert_eq!(
        err("c.c\n...\n..."),
        "row 1, column 1: no word of the list (at the minimum score) completes the across entry c.c"
    );
    assert!(err("....\n....\n.##.").starts_with("row 1, column 2: "));
}

#[test]
fn theme_entries_stay_even_when_the_list_lacks_them() {
    let list = parse_scored_list("abc\nade\nfgy;10\n").unwrap().words;
    let pattern = Pattern::parse("abc\nd#y\nefg").unwrap();
    let options = FillOptions {
        style: Style::British,
        ..FillOptions::default()
    };
    let filled = fill(&pattern, &list, &options).unwrap();
    assert_eq!(filled.to_text(), "ABC\nD#Y\nEFG\n");
    let scores: Vec<Option<i32>> = filled.entries.iter().map(|e| e.score).collect();
    assert_eq!(
        scores.iter().filter(|s| s.is_none()).count(),
        2,
        "{scores:?}"
    );
}

/// Does any fill exist? Slots in order, every word of the right length tried. A slot
/// the grid gives whole is a theme entry: it stays, and its word is used.
fn brute_force(grid: &[Vec<Option<String>>], words: &[String]) -> bool {
    let mut slots = runs(grid);
    let mut cells: BTreeMap<(usize, usize), String> = BTreeMap::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            if let Some(l) = cell.as_ref().filter(|l| *l != ".") {
                cells.insert((r, c), l.clone());
            }
        }
    }
    let mut used = Vec::new();
    slots.retain(|slot| {
        let whole = slot.iter().all(|rc| cells.contains_key(rc));
        if whole {
            let word: String = slot.iter().map(|rc| cells[rc].as_str()).collect();
            used.extend(words.iter().position(|w| *w == word));
        }
        !whole
    });
    fn go(
        k: usize,
        slots: &[Vec<(usize, usize)>],
        words: &[String],
        cells: &mut BTreeMap<(usize, usize), String>,
        used: &mut Vec<usize>,
    ) -> bool {
        let Some(slot) = slots.get(k) else {
            return true;
        };
        for (i, w) in words.iter().enumerate() {
            let letters: Vec<String> = w.chars().map(String::from).collect();
            if letters.len() != slot.len() || used.contains(&i) {
                continue;
            }
            if slot
                .iter()
                .zip(&letters)
                .any(|(rc, l)| cells.get(rc).is_some_and(|have| have != l))
            {
                continue;
            }
            let new: Vec<(usize, usize)> = slot
                .iter()
                .filter(|rc| !cells.contains_key(rc))
                .copied()
                .collect();
            for (rc, l) in slot.iter().zip(&letters) {
                cells.insert(*rc, l.clone());
            }
            used.push(i);
            if go(k + 1, slots, words, cells, used) {
                return true;
            }
            used.pop();
            for rc in new {
                cells.remove(&rc);
            }
        }
        false
    }
    go(0, &slots, words, &mut cells, &mut used)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// On small grids with random black squares (British style, so unchecked squares
    /// are allowed) and a few pre-filled letters, the filler finds a fill exactly when a
    /// brute force does, and every fill it finds is right.
    #[test]
    fn the_filler_agrees_with_a_brute_force(
        side in 4usize..6,
        squares in proptest::collection::vec(0u8..10, 25),
        words in proptest::collection::vec("[abc]{3,5}", 4..24),
    ) {
        let text: String = (0..side)
            .map(|r| {
                let row: String = (0..side)
                    .map(|c| match squares[r * 5 + c] {
                        0 | 1 => '#',
                        2 => 'a',
                        _ => '.',
                    })
                    .collect();
                row + "\n"
            })
            .collect();
        let pattern = Pattern::parse(&text).unwrap();
        if pattern.slots(Style::British).is_err() {
            return Ok(());
        }
        let list: Vec<ScoredWord> = words
            .iter()
            .enumerate()
            .map(|(i, w)| ScoredWord { word: w.clone(), score: i as i32 })
            .collect();
        let options = FillOptions { style: Style::British, ..FillOptions::default() };
        let grid: Vec<Vec<Option<String>>> = text
            .lines()
            .map(|l| l.chars().map(|c| (c != '#').then(|| c.to_string())).collect())
            .collect();
        let mut distinct = words.clone();
        distinct.sort();
        distinct.dedup();
        let exists = brute_force(&grid, &distinct);
        match fill(&pattern, &list, &options) {
            Ok(filled) => {
                prop_assert!(exists, "filled, but the brute force found none:\n{text}");
                check(&pattern, &filled, &keys(&list));
            }
            Err(FillError::NoFill { .. } | FillError::NoCompletion { .. }) => {
                prop_assert!(!exists, "no fill claimed, but one exists:\n{text}");
            }
            Err(FillError::NotInAlphabet { .. }) => prop_assert!(!exists),
            Err(e) => prop_assert!(false, "{e}"),
        }
    }
}

#[test]
fn progress_is_reported_and_changes_nothing_and_a_fill_can_be_stopped() {
    use polyboggle_crossword::fill::{fill_with, FillProgress};
    use std::ops::ControlFlow;
    use std::time::Duration;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../dictionaries/enable2k.txt"
    ))
    .unwrap();
    let list = parse_scored_list(&text).unwrap().words;
    // A 15×15 grid the 173k words fill: the same fill, reports or none.
    let pattern = Pattern::parse(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/crossword/grids/american-15-02.txt"
        ))
        .unwrap(),
    )
    .unwrap();
    let options = FillOptions::default();
    let with = fill_with(
        &pattern,
        &list,
        &options,
        &mut |_| ControlFlow::Continue(()),
    );
    let without = fill(&pattern, &list, &options);
    let strip = |f: Result<Filled, FillError>| f.map(|f| (f.to_text(), f.decisions, f.restarts));
    assert_eq!(strip(with), strip(without), "the same seed, the same fill");
    // A 9×9 grid with no black square searches until its time is up, reporting.
    let open = Pattern::parse(&".........\n".repeat(9)).unwrap();
    let options = FillOptions {
        time: Some(Duration::from_millis(2500)),
        ..FillOptions::default()
    };
    let mut reports: Vec<FillProgress> = Vec::new();
    let err = fill_with(&open, &list, &options, &mut |p| {
        reports.push(*p);
        ControlFlow::Continue(())
    })
    .unwrap_err();
    assert!(matches!(err, FillError::TimedOut { .. }), "{err}");
    assert!(reports.len() >= 2, "{} reports", reports.len());
    assert!(reports
        .windows(2)
        .all(|w| w[0].attempts <= w[1].attempts && w[0].seconds < w[1].seconds));
    let err = fill_with(&open, &list, &options, &mut |_| ControlFlow::Break(())).unwrap_err();
    assert!(matches!(err, FillError::Stopped { .. }), "{err}");
}
