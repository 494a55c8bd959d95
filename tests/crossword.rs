//! `polyboggle crossword`, through the real binary. Every layout passes `check`, an
//! independent reading of the JSON output (it shares no code with the generator).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use crate::common::{bad, file, json, ok, repo, shared};
use serde_json::Value;
use unicode_segmentation::UnicodeSegmentation;

/// Writes a word list (one word a line) into a temporary folder.
fn words_file(dir: &tempfile::TempDir, name: &str, words: &[&str]) -> String {
    file(dir, name, words.join("\n"))
}

/// Runs `crossword` with `args`, checks the layout, returns its JSON.
fn layout(args: &[&str]) -> Value {
    let mut all = vec!["crossword"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let v: Value = json(&all);
    check(&v);
    v
}

/// Hebrew final forms compare as the ordinary letters.
fn fold(letter: &str) -> String {
    letter
        .chars()
        .map(|c| match c {
            'ך' => 'כ',
            'ם' => 'מ',
            'ן' => 'נ',
            'ף' => 'פ',
            'ץ' => 'צ',
            c => c,
        })
        .collect()
}

fn hebrew_or_arabic(word: &str) -> bool {
    word.chars()
        .find(|c| c.is_alphabetic())
        .is_some_and(|c| ('\u{0590}'..='\u{08FF}').contains(&c))
}

type Cell = (usize, usize);

/// The crossword rules, read off the JSON alone.
fn check(v: &Value) {
    let rows = v["rows"].as_u64().unwrap() as usize;
    let cols = v["cols"].as_u64().unwrap() as usize;
    let grid: Vec<Vec<Option<String>>> = serde_json::from_value(v["grid"].clone()).unwrap();
    assert_eq!(grid.len(), rows);
    assert!(grid.iter().all(|row| row.len() == cols));
    let letter = |(r, c): Cell| grid[r][c].as_deref();

    // Each word: its letters on its cells, in reading order, one cell apart.
    let mut across: BTreeMap<Cell, usize> = BTreeMap::new();
    let mut down: BTreeMap<Cell, usize> = BTreeMap::new();
    let mut words_seen = BTreeSet::new();
    let words = v["words"].as_array().unwrap();
    for (i, w) in words.iter().enumerate() {
        let word = w["word"].as_str().unwrap();
        assert!(words_seen.insert(fold(word)), "{word} placed twice");
        let rtl = w["rtl"].as_bool().unwrap();
        assert_eq!(rtl, hebrew_or_arabic(word), "{word}");
        let cells: Vec<Cell> = serde_json::from_value(w["cells"].clone()).unwrap();
        let letters: Vec<&str> = word.graphemes(true).collect();
        assert_eq!(letters.len(), cells.len(), "{word}: one cell a letter");
        assert!(cells.len() >= 2, "{word}");
        for (&cell, l) in cells.iter().zip(&letters) {
            let there = letter(cell).unwrap_or_else(|| panic!("{word}: {cell:?} is black"));
            assert_eq!(fold(there), fold(l), "{word} at {cell:?}");
        }
        let direction = w["direction"].as_str().unwrap();
        let map = match direction {
            "across" => &mut across,
            "down" => &mut down,
            other => panic!("direction {other}"),
        };
        for pair in cells.windows(2) {
            let ((r0, c0), (r1, c1)) = (pair[0], pair[1]);
            let next = match (direction, rtl) {
                ("down", _) => (r0 + 1, c0),
                (_, false) => (r0, c0 + 1),
                (_, true) => (r0, c0.wrapping_sub(1)),
            };
            assert_eq!((r1, c1), next, "{word} runs {direction}, rtl {rtl}");
        }
        for &cell in &cells {
            assert!(map.insert(cell, i).is_none(), "{word} overlaps at {cell:?}");
        }
    }

    // Every maximal run of two or more letters is exactly one word's cells.
    let mut runs = 0;
    let mut scan = |lines: Vec<Vec<Cell>>, map: &BTreeMap<Cell, usize>| {
        for line in lines {
            let mut run: Vec<Cell> = Vec::new();
            for cell in line.into_iter().chain([(usize::MAX, usize::MAX)]) {
                if cell.0 != usize::MAX && letter(cell).is_some() {
                    run.push(cell);
                    continue;
                }
                if run.len() >= 2 {
                    let w = *map.get(&run[0]).unwrap_or_else(|| {
                        panic!("letters {run:?} are no placed word");
                    });
                    let mut expected: Vec<Cell> =
                        serde_json::from_value(words[w]["cells"].clone()).unwrap();
                    expected.sort();
                    assert_eq!(run, expected, "run {run:?} is not exactly one word");
                    runs += 1;
                }
                run.clear();
            }
        }
    };
    scan(
        (0..rows)
            .map(|r| (0..cols).map(|c| (r, c)).collect())
            .collect(),
        &across,
    );
    scan(
        (0..cols)
            .map(|c| (0..rows).map(|r| (r, c)).collect())
            .collect(),
        &down,
    );
    assert_eq!(runs, words.len(), "every word is a maximal run");

    // Every letter belongs to a word; counts agree.
    let mut letters = 0;
    for r in 0..rows {
        for c in 0..cols {
            if letter((r, c)).is_some() {
                letters += 1;
                assert!(across.contains_key(&(r, c)) || down.contains_key(&(r, c)));
            }
        }
    }
    assert_eq!(v["black"].as_u64().unwrap() as usize, rows * cols - letters);
    assert_eq!(v["placed"].as_u64().unwrap() as usize, words.len());
    let crossings = across.keys().filter(|c| down.contains_key(c)).count();
    assert_eq!(v["crossings"].as_u64().unwrap() as usize, crossings);
    let numbers: BTreeSet<(u64, &str)> = words
        .iter()
        .map(|w| {
            (
                w["number"].as_u64().unwrap(),
                w["direction"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(numbers.len(), words.len(), "numbers repeat");
    let dropped = v["dropped"].as_array().unwrap();
    assert_eq!(v["reasons"].as_array().unwrap().len(), dropped.len());
}

/// Letter cells joined through their neighbours: the groups of the layout.
fn groups(v: &Value) -> usize {
    let grid: Vec<Vec<Option<String>>> = serde_json::from_value(v["grid"].clone()).unwrap();
    let (rows, cols) = (grid.len(), grid[0].len());
    let mut seen = vec![vec![false; cols]; rows];
    let mut count = 0;
    for r in 0..rows {
        for c in 0..cols {
            if grid[r][c].is_none() || seen[r][c] {
                continue;
            }
            count += 1;
            let mut stack = vec![(r, c)];
            seen[r][c] = true;
            while let Some((r, c)) = stack.pop() {
                let near = [
                    (r.wrapping_sub(1), c),
                    (r + 1, c),
                    (r, c.wrapping_sub(1)),
                    (r, c + 1),
                ];
                for (nr, nc) in near {
                    if nr < rows && nc < cols && grid[nr][nc].is_some() && !seen[nr][nc] {
                        seen[nr][nc] = true;
                        stack.push((nr, nc));
                    }
                }
            }
        }
    }
    count
}

fn word<'a>(v: &'a Value, text: &str) -> &'a Value {
    v["words"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["word"] == text)
        .unwrap_or_else(|| panic!("{text} is not placed"))
}

/// The checker itself: a layout broken in any of these ways fails it.
#[test]
fn the_checker_catches_broken_layouts() {
    let dir = tempfile::tempdir().unwrap();
    let fruit = words_file(&dir, "fruit.txt", FRUIT);
    let good = layout(&[&fruit, "--size", "9x9", "--time", "30"]);
    let fails = |v: &Value| std::panic::catch_unwind(|| check(v)).is_err();
    let black: Vec<(usize, usize)> = (0..9)
        .flat_map(|r| (0..9).map(move |c| (r, c)))
        .filter(|&(r, c)| good["grid"][r][c].is_null())
        .collect();
    // A stray letter beside a word makes an accidental run (or an orphan letter).
    let stray = black
        .iter()
        .find(|&&(r, c)| c > 0 && !good["grid"][r][c - 1].is_null())
        .unwrap();
    let mut v = good.clone();
    v["grid"][stray.0][stray.1] = "Q".into();
    assert!(fails(&v));
    // A crossing letter that disagrees with one of its words.
    let mut v = good.clone();
    let (r, c) = (
        good["words"][0]["cells"][0][0].as_u64().unwrap() as usize,
        good["words"][0]["cells"][0][1].as_u64().unwrap() as usize,
    );
    v["grid"][r][c] = "Z".into();
    assert!(fails(&v));
    // Cells out of reading order.
    let mut v = good.clone();
    let cells = v["words"][0]["cells"].as_array_mut().unwrap();
    cells.reverse();
    assert!(fails(&v));
    // A word twice, a wrong count.
    let mut v = good.clone();
    let first = v["words"][0].clone();
    v["words"].as_array_mut().unwrap().push(first);
    assert!(fails(&v));
    let mut v = good.clone();
    v["black"] = 3.into();
    assert!(fails(&v));
    // Two separate groups.
    let lonely = words_file(&dir, "two.txt", &["abc", "xyz"]);
    let pins = ["--pin", "abc@0,0,across", "--pin", "xyz@4,0,across"];
    let v = layout(&[&lonely, "--size", "5x5", pins[0], pins[1], pins[2], pins[3]]);
    assert_eq!(groups(&v), 2);
    assert!(!fails(&good));
}

const FRUIT: &[&str] = &[
    "lemon", "melon", "olive", "grape", "pear", "apple", "plum", "kiwi",
];

#[test]
fn golden_layouts_for_fixed_seeds() {
    let dir = tempfile::tempdir().unwrap();
    let fruit = words_file(&dir, "fruit.txt", FRUIT);
    let drawn = |seed: &str| {
        let v = layout(&[&fruit, "--size", "9x9", "--time", "30", "--seed", seed]);
        assert_eq!(v["complete"], true);
        assert_eq!(groups(&v), 1);
        let grid: Vec<Vec<Option<String>>> = serde_json::from_value(v["grid"].clone()).unwrap();
        grid.iter()
            .map(|row| {
                row.iter()
                    .map(|c| c.as_deref().unwrap_or("."))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
    };
    let one = [
        ".........",
        ".........",
        ".PLUM....",
        ".E......A",
        ".A..M.K.P",
        "GRAPE.I.P",
        "....L.W.L",
        "....OLIVE",
        "LEMON....",
    ];
    assert_eq!(drawn("1"), one);
    let seven = [
        ".........",
        "M.......G",
        "E.......R",
        "L.K.P...A",
        "OLIVE...P",
        "N.W.APPLE",
        "..I.R.L..",
        "......U..",
        "....LEMON",
    ];
    assert_eq!(drawn("7"), seven);
    // The text form shows the same grid and names every word.
    let text = ok(&["crossword", &fruit, "--size", "9x9", "--time", "30"]);
    assert!(
        text.starts_with(
            "██ ██ ██ ██ ██ ██ ██ ██ ██\n██ ██ ██ ██ ██ ██ ██ ██ ██\n██  P  L  U  M ██"
        ),
        "{text}"
    );
    assert!(text.contains("placed 8 of 8 words, 51 black squares, 7 crossings; search finished"));
    assert!(text.contains("\nAcross\n   1  PLUM  (2,1)\n"), "{text}");
}

#[test]
fn the_same_seed_gives_the_same_layout() {
    // About 7 CPU-s: a budget far above it, so that a loaded machine still lets
    // the search end on its own (only a finished search is the same every run).
    let list = repo("tests/data/crossword/en-20-1.txt");
    let a = layout(&[&list, "--seed", "3", "--time", "600"]);
    let b = layout(&[&list, "--seed", "3", "--time", "600"]);
    assert_eq!(a["complete"], true, "the search ends on its own");
    assert_eq!((&a["grid"], &a["words"]), (&b["grid"], &b["words"]));
    assert_eq!(groups(&a), 1);
    let placed = a["placed"].as_u64().unwrap();
    assert!(placed >= 15, "{placed}");
    assert_eq!(placed as usize + a["dropped"].as_array().unwrap().len(), 20);
}

#[test]
fn a_fifty_word_list_is_laid_out_within_the_budget() {
    let list = repo("tests/data/crossword/en-50-1.txt");
    let v = layout(&[&list, "--time", "0.5"]);
    assert_eq!(
        (v["rows"].as_u64(), v["cols"].as_u64()),
        (Some(13), Some(17))
    );
    assert!(v["placed"].as_u64().unwrap() >= 18, "{}", v["placed"]);
    assert_eq!(groups(&v), 1);
    // Every word left out comes with its reason.
    for reason in v["reasons"].as_array().unwrap() {
        assert!(!reason["reason"].as_str().unwrap().is_empty());
        assert!(reason["line"].as_u64().unwrap() >= 1);
    }
}

#[test]
fn hebrew_words_run_right_to_left_and_final_forms_cross() {
    let dir = tempfile::tempdir().unwrap();
    let list = words_file(
        &dir,
        "he.txt",
        &["שלום", "מלון", "לימון", "גמל", "סוס", "מים", "שמש"],
    );
    let v = layout(&[&list, "--size", "9x9", "--time", "30"]);
    assert_eq!(v["placed"], 7);
    assert_eq!(groups(&v), 1);
    let across: Vec<&Value> = v["words"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["direction"] == "across")
        .collect();
    assert!(!across.is_empty());
    for w in across {
        assert_eq!(w["rtl"], true);
        let cells = w["cells"].as_array().unwrap();
        assert!(cells[0][1].as_u64() > cells[1][1].as_u64(), "{w}");
    }
    // Numbered from the right: number 1 starts in the right-most start cell of row 0's
    // first numbered row.
    let first = v["words"][0]["cells"][0].clone();
    let starts: Vec<(u64, u64)> = v["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["cells"][0][0].as_u64().unwrap(),
                w["cells"][0][1].as_u64().unwrap(),
            )
        })
        .collect();
    let top = starts.iter().map(|s| s.0).min().unwrap();
    let rightmost = starts.iter().filter(|s| s.0 == top).map(|s| s.1).max();
    assert_eq!(
        (first[0].as_u64(), first[1].as_u64()),
        (Some(top), rightmost)
    );
}

#[test]
fn mixed_hebrew_and_english_lists_keep_each_direction() {
    let dir = tempfile::tempdir().unwrap();
    let list = words_file(
        &dir,
        "mixed.txt",
        &["שלום", "salami", "מלון", "lemon", "לימון", "melon", "olive"],
    );
    // The scripts share no letter: pins start one island each.
    let v = layout(&[
        &list,
        "--size",
        "11x13",
        "--time",
        "30",
        "--pin",
        "שלום@0,12,across",
        "--pin",
        "lemon@6,0,across",
    ]);
    assert_eq!(v["placed"], 7, "{v}");
    assert_eq!(groups(&v), 2);
    assert_eq!(word(&v, "שלום")["cells"][0], serde_json::json!([0, 12]));
    assert_eq!(word(&v, "שלום")["cells"][3], serde_json::json!([0, 9]));
    assert_eq!(word(&v, "LEMON")["rtl"], false);
    // Without pins one script's words form the layout; the others are named.
    let v = layout(&[&list, "--size", "11x13", "--time", "30"]);
    assert_eq!(groups(&v), 1);
    assert_eq!(
        v["placed"].as_u64().unwrap() + v["dropped"].as_array().unwrap().len() as u64,
        7
    );
}

#[test]
fn hindi_conjuncts_take_one_cell() {
    let dir = tempfile::tempdir().unwrap();
    let list = words_file(
        &dir,
        "hi.txt",
        &["क्षमा", "रक्षा", "शिक्षा", "क्षण", "परीक्षा", "मामा", "माता"],
    );
    let v = layout(&[&list, "--size", "7x7", "--time", "30", "--lang", "hi"]);
    assert_eq!(v["placed"], 4, "{v}");
    let kshama = word(&v, "क्षमा");
    assert_eq!(kshama["cells"].as_array().unwrap().len(), 2);
    let (r, c) = (
        kshama["cells"][0][0].as_u64().unwrap() as usize,
        kshama["cells"][0][1].as_u64().unwrap() as usize,
    );
    assert_eq!(v["grid"][r][c], "क्ष");
}

#[test]
fn pinned_words_stay_where_pinned() {
    let list = repo("tests/data/crossword/en-20-1.txt");
    let v = layout(&[
        &list,
        "--time",
        "0.3",
        "--pin",
        "conversations@0,2,across",
        "--pin",
        "resilient@0,7,down",
        "--pin",
        "polyboggle@12,0,across",
    ]);
    let w = word(&v, "CONVERSATIONS");
    assert_eq!(
        (w["direction"].as_str(), w["pinned"].as_bool()),
        (Some("across"), Some(true))
    );
    let cells: Vec<Cell> = serde_json::from_value(w["cells"].clone()).unwrap();
    assert_eq!(cells, (2..15).map(|c| (0, c)).collect::<Vec<_>>());
    let w = word(&v, "RESILIENT");
    assert_eq!(w["cells"][0], serde_json::json!([0, 7]));
    assert_eq!(w["direction"], "down");
    // A pinned word need not be in the list; it may stand apart.
    assert_eq!(
        word(&v, "POLYBOGGLE")["cells"][9],
        serde_json::json!([12, 9])
    );
}

#[test]
fn ipuz_agrees_with_json() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines: Vec<String> = FRUIT.iter().map(|w| w.to_string()).collect();
    lines[0] = "lemon\tA sour yellow fruit".into();
    let list = dir.path().join("fruit.txt");
    std::fs::write(&list, lines.join("\n")).unwrap();
    let list = list.display().to_string();
    let args = [list.as_str(), "--size", "9x9", "--time", "30"];
    let v = layout(&args);
    let mut with = vec!["crossword"];
    with.extend_from_slice(&args);
    with.extend_from_slice(&["--format", "ipuz"]);
    let ipuz: Value = json(&with);
    assert_eq!(ipuz["version"], "http://ipuz.org/v2");
    assert_eq!(ipuz["kind"][0], "http://ipuz.org/crossword#1");
    assert_eq!(ipuz["dimensions"]["width"], v["cols"]);
    assert_eq!(ipuz["dimensions"]["height"], v["rows"]);
    for (r, row) in v["grid"].as_array().unwrap().iter().enumerate() {
        for (c, cell) in row.as_array().unwrap().iter().enumerate() {
            let (puzzle, solution) = (&ipuz["puzzle"][r][c], &ipuz["solution"][r][c]);
            if cell.is_null() {
                assert_eq!((puzzle.as_str(), solution.as_str()), (Some("#"), Some("#")));
            } else {
                assert_eq!(solution, cell);
                assert!(puzzle.is_u64(), "{puzzle}");
            }
        }
    }
    for w in v["words"].as_array().unwrap() {
        let (r, c) = (
            w["cells"][0][0].as_u64().unwrap(),
            w["cells"][0][1].as_u64().unwrap(),
        );
        assert_eq!(ipuz["puzzle"][r as usize][c as usize], w["number"]);
        let list = if w["direction"] == "across" {
            "Across"
        } else {
            "Down"
        };
        let clue = ipuz["clues"][list]
            .as_array()
            .unwrap()
            .iter()
            .find(|clue| clue[0] == w["number"])
            .unwrap_or_else(|| panic!("no clue {}", w["number"]));
        let expected = if w["word"] == "LEMON" {
            "A sour yellow fruit"
        } else {
            w["word"].as_str().unwrap()
        };
        assert_eq!(clue[1], expected);
    }
    let numbered = ipuz["puzzle"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap())
        .filter(|cell| cell.as_u64().is_some_and(|n| n > 0))
        .count();
    let starts: BTreeSet<String> = v["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["cells"][0].to_string())
        .collect();
    assert_eq!(numbered, starts.len());
}

#[test]
fn svg_draws_numbers_and_with_solution_letters() {
    let dir = tempfile::tempdir().unwrap();
    let fruit = words_file(&dir, "fruit.txt", FRUIT);
    let args = [
        "crossword",
        &fruit,
        "--size",
        "9x9",
        "--time",
        "30",
        "--format",
        "svg",
    ];
    let blank = ok(&args);
    assert!(blank.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(blank.trim_end().ends_with("</svg>"));
    assert_eq!(blank.matches("<rect x=").count(), 81);
    assert!(blank.contains(">1</text>") && !blank.contains(">P</text>"));
    let mut with = args.to_vec();
    with.push("--solution");
    let solved = ok(&with);
    assert!(solved.contains(">P</text>"));
    // Right-to-left grids put their numbers in the right-hand corner.
    let he = words_file(&dir, "he.txt", &["שלום", "מלון", "לימון"]);
    let svg = ok(&[
        "crossword",
        &he,
        "--size",
        "7x7",
        "--time",
        "30",
        "--format",
        "svg",
    ]);
    assert!(svg.contains("text-anchor=\"end\">1</text>"), "{svg}");
}

#[test]
fn output_goes_to_a_file_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let fruit = words_file(&dir, "fruit.txt", FRUIT);
    let out = dir.path().join("grid.ipuz");
    let said = ok(&[
        "crossword",
        &fruit,
        "--size",
        "9x9",
        "--time",
        "30",
        "--format",
        "ipuz",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(said.contains("placed 8 of 8 words"), "{said}");
    let written: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(written["dimensions"]["width"], 9);
    let leftovers: Vec<PathBuf> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(
        leftovers.len(),
        2,
        "no temporary file is left: {leftovers:?}"
    );
}

#[test]
fn auto_grows_the_grid_and_crops_it() {
    let list = repo("tests/data/crossword/en-20-1.txt");
    let v = layout(&[&list, "--auto", "--time", "2"]);
    assert_eq!(v["placed"], 20, "{v}");
    assert_eq!(groups(&v), 1);
    // Cropped: every edge row and column holds a letter.
    let grid: Vec<Vec<Option<String>>> = serde_json::from_value(v["grid"].clone()).unwrap();
    let last = grid.len() - 1;
    assert!(grid[0].iter().any(Option::is_some) && grid[last].iter().any(Option::is_some));
    assert!(grid.iter().any(|row| row[0].is_some()));
    assert!(grid.iter().any(|row| row[row.len() - 1].is_some()));
}

#[test]
fn words_that_cannot_fit_are_dropped_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let list = words_file(
        &dir,
        "w.txt",
        &["cat", "act", "a", "caterpillar", "tac", "cat", "xyz"],
    );
    let v = layout(&[&list, "--size", "5x5", "--time", "30"]);
    let reasons: Vec<(String, String)> = v["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["word"].as_str().unwrap().into(),
                r["reason"].as_str().unwrap().into(),
            )
        })
        .collect();
    let said = |w: &str| {
        reasons
            .iter()
            .find(|(word, _)| word == w)
            .map(|(_, r)| r.as_str())
    };
    assert_eq!(
        said("CATERPILLAR"),
        Some("11 letters: longer than the 5×5 grid")
    );
    assert_eq!(said("A"), Some("one letter: an answer needs two cells"));
    assert_eq!(said("CAT"), Some("repeats line 1"));
    assert_eq!(said("XYZ"), Some("shares no letter with the other words"));
    assert_eq!(v["placed"].as_u64().unwrap() as usize + reasons.len(), 7);
    let text = ok(&["crossword", &list, "--size", "5x5", "--time", "30"]);
    assert!(text.contains("CATERPILLAR (line 4): 11 letters: longer than the 5×5 grid"));
}

#[test]
fn bad_input_gets_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let empty = words_file(&dir, "empty.txt", &["", "  "]);
    let digit = words_file(&dir, "digit.txt", &["cat", "dog", "r2d2"]);
    let space = words_file(&dir, "space.txt", &["cat", "ice cream"]);
    let fruit = words_file(&dir, "fruit.txt", FRUIT);
    let cases: &[(&[&str], &str)] = &[
        (&[&empty], "empty.txt: no words (the list is empty)"),
        (
            &[&digit],
            "digit.txt: line 3: \"r2d2\" holds '2', which is not a letter",
        ),
        (&[&space], "space.txt: line 2: \"ice cream\" holds a space"),
        (&["/no/such/list.txt"], "/no/such/list.txt: "),
        (
            &[&fruit, "--pin", "lemon@8,6,across", "--size", "9x9"],
            "--pin \"lemon@8,6,across\": 5 letters from there run off the 9×9 grid",
        ),
        (
            &[
                &fruit,
                "--pin",
                "lemon@0,0,across",
                "--pin",
                "pear@0,2,down",
            ],
            "--pin \"pear@0,2,down\": clashes with --pin lemon@0,0,across",
        ),
        (
            &[
                &fruit,
                "--pin",
                "lemon@0,0,across",
                "--pin",
                "melon@1,0,across",
            ],
            "--pin \"melon@1,0,across\": clashes with --pin lemon@0,0,across",
        ),
        (
            &[&fruit, "--pin", "lemon@0,0"],
            "--pin \"lemon@0,0\": expected WORD@ROW,COL",
        ),
        (&[&fruit, "--pin", "l3mon@0,0,down"], "'3' is not a letter"),
        (&[&fruit, "--size", "0x3"], "bad grid size"),
        (
            &[&fruit, "--time", "-1"],
            "--time -1: expected seconds, more than 0",
        ),
        (&[&fruit, "--time", "NaN"], "--time NaN"),
        (&[&fruit, "--format", "pdf"], "pdf"),
        (
            &[&fruit, "--auto", "--pin", "lemon@0,0,down"],
            "cannot be used with",
        ),
        (&[&fruit, "--lang", "xx"], "--lang: unknown language 'xx'"),
        (&["--bench", "--format", "json"], "--bench prints a table"),
        (&[&fruit, "--solution"], "--solution goes with --format svg"),
    ];
    for (args, says) in cases {
        let mut all = vec!["crossword"];
        all.extend_from_slice(args);
        let line = bad(&all);
        assert!(line.contains(says), "{args:?}: {line}");
        assert!(line.starts_with("polyboggle: "), "{line}");
    }
}

#[test]
#[ignore = "reads ../shared/data"]
fn shared_sets_give_valid_layouts() {
    for name in [
        "en-20-1", "en-20-2", "en-30-1", "en-50-2", "en-100-1", "he-20-1", "he-30-2", "he-50-1",
        "hi-30-1", "hi-30-2",
    ] {
        let list = shared(&format!("crossword/{name}.txt"));
        let v = layout(&[&list, "--time", "0.3"]);
        assert_eq!(groups(&v), 1, "{name}");
        let total = std::fs::read_to_string(&list).unwrap().lines().count();
        let placed = v["placed"].as_u64().unwrap() as usize;
        assert_eq!(
            placed + v["dropped"].as_array().unwrap().len(),
            total,
            "{name}"
        );
        // A budget-limited search on a busy machine may be short of time: only ask
        // for a layout.
        assert!(placed >= 2, "{name}: {placed}");
    }
}

#[test]
fn the_svg_puzzle_lists_its_entries_to_solve_on_paper() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("clued.txt");
    std::fs::write(
        &path,
        "apple\tA fruit that fell on Newton\npear\tShaped like a bell\nplum\nlemon\tSour & yellow\n",
    )
    .unwrap();
    let list = path.display().to_string();
    let args = [
        "crossword",
        &list,
        "--size",
        "9x9",
        "--time",
        "30",
        "--format",
    ];
    let v = layout(&args[1..6]);
    let svg = ok(&[&args[..], &["svg"]].concat());
    let texts: Vec<&str> = svg
        .lines()
        .filter_map(|l| l.strip_suffix("</text>"))
        .filter_map(|l| l.rsplit_once('>').map(|(_, text)| text))
        .collect();
    // Every placed word is there: by number under its direction with its clue and
    // length, or, without a clue, by its number and length and in the word list.
    for w in v["words"].as_array().unwrap() {
        let (n, len) = (
            w["number"].as_u64().unwrap(),
            w["cells"].as_array().unwrap().len(),
        );
        let heading = if w["direction"] == "across" {
            "Across"
        } else {
            "Down"
        };
        assert!(texts.contains(&heading), "{texts:?}");
        let line = match w["clue"].as_str() {
            Some(clue) => format!("{n}. {} ({len})", clue.replace('&', "&amp;")),
            None => format!("{n}. ({len})"),
        };
        assert!(texts.contains(&line.as_str()), "{line} in {texts:?}");
    }
    assert!(
        texts.contains(&"Words") && texts.contains(&"4 letters: PLUM"),
        "{texts:?}"
    );
    assert!(
        !texts.contains(&"APPLE") && !texts.contains(&"A"),
        "answers stay hidden: {texts:?}"
    );
    // The picture grows to hold the list; the solution has none.
    let height = |svg: &str| {
        svg.split("height=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse::<usize>()
            .unwrap()
    };
    assert!(height(&svg) > 9 * 40 + 4 + texts.len() * 10, "{svg}");
    let solution = ok(&[&args[..], &["svg", "--solution"]].concat());
    assert!(!solution.contains("Across") && !solution.contains("letters:"));
    assert_eq!(height(&solution), 9 * 40 + 4);
}

#[test]
fn a_list_with_no_clues_is_a_fill_in_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let fruit = words_file(&dir, "fruit.txt", FRUIT);
    let svg = ok(&[
        "crossword",
        &fruit,
        "--size",
        "9x9",
        "--time",
        "30",
        "--format",
        "svg",
    ]);
    assert!(
        !svg.contains(">Across</text>") && svg.contains(">Words</text>"),
        "{svg}"
    );
    let v = layout(&[&fruit, "--size", "9x9", "--time", "30"]);
    for w in v["words"].as_array().unwrap() {
        let word = w["word"].as_str().unwrap();
        assert!(svg.contains(word), "{word} is not listed: {svg}");
    }
}
