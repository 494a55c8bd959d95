//! `polyboggle crossword fill` and `crossword pattern`, through the real binary. Fills
//! are checked by reading the text output alone: every entry a word of the list, no word
//! twice, pre-filled squares kept.

use std::collections::BTreeSet;

use crate::common::{bad, file, ok, repo, run};
use serde_json::Value;
use unicode_segmentation::UnicodeSegmentation;

/// The entries (runs of 2+ squares, across then down) of a text grid, lower case.
fn entries(text: &str) -> Vec<String> {
    let rows: Vec<Vec<String>> = text
        .lines()
        .map(|l| l.graphemes(true).map(str::to_lowercase).collect())
        .collect();
    let w = rows[0].len();
    let mut out = Vec::new();
    let mut take = |cells: Vec<&String>| {
        for run in cells.split(|c| *c == "#") {
            if run.len() >= 2 {
                out.push(run.iter().map(|s| s.as_str()).collect::<String>());
            }
        }
    };
    for row in &rows {
        take(row.iter().collect());
    }
    for c in 0..w {
        take(rows.iter().map(|row| &row[c]).collect());
    }
    out
}

/// Checks a text fill of `grid` against `words`.
fn check(grid: &str, filled: &str, words: &BTreeSet<String>) {
    let (g, f): (Vec<&str>, Vec<&str>) = (grid.lines().collect(), filled.lines().collect());
    assert_eq!(g.len(), f.len(), "{filled}");
    for (a, b) in g.iter().zip(&f) {
        let (a, b): (Vec<&str>, Vec<&str>) =
            (a.graphemes(true).collect(), b.graphemes(true).collect());
        assert_eq!(a.len(), b.len(), "{filled}");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(*x == "#", *y == "#");
            if *x != "." && *x != "#" {
                assert_eq!(x.to_lowercase(), y.to_lowercase());
            }
        }
    }
    let mut seen = BTreeSet::new();
    for e in entries(filled) {
        assert!(words.contains(&e), "{e} is not in the list:\n{filled}");
        assert!(seen.insert(e.clone()), "{e} twice:\n{filled}");
    }
}

const LIST: &str = "cat;60\ncow;50\ntoe;50\nwoe;40\ncar;50\ntar;30\n";

/// A ring of four entries: British style (the middle squares are unchecked).
const RING: &str = "c..\n.#.\n...\n";

#[test]
fn fills_a_grid_in_its_own_form() {
    let dir = tempfile::tempdir().unwrap();
    let words = file(&dir, "w.txt", LIST);
    let grid = file(&dir, "g.txt", RING);
    let fill = |more: &[&str]| {
        let mut args = vec![
            "crossword",
            "fill",
            &grid,
            "--words",
            &words,
            "--style",
            "british",
        ];
        args.extend_from_slice(more);
        ok(&args)
    };
    let out = fill(&[]);
    let list: BTreeSet<String> = LIST
        .lines()
        .map(|l| l.split(';').next().unwrap().into())
        .collect();
    check(RING, &out, &list);
    assert_eq!(out, "CAT\nO#O\nWOE\n");
    // The same seed gives the same fill.
    assert_eq!(out, fill(&["--seed", "1"]));
    let v: Value = serde_json::from_str(&fill(&["--format", "json"])).unwrap();
    assert_eq!(
        (v["rows"].as_u64(), v["placed"].as_u64()),
        (Some(3), Some(4))
    );
    assert!(v["words"][0]["score"].as_i64().is_some() && v["mean_score"].as_f64().is_some());
    let ipuz: Value = serde_json::from_str(&fill(&["--format", "ipuz"])).unwrap();
    assert_eq!(ipuz["puzzle"][0][0], 1);
    let svg = fill(&["--format", "svg", "--solution"]);
    assert!(
        svg.starts_with("<svg") && svg.contains(">C</text>"),
        "{svg}"
    );
    let puz = dir.path().join("g.puz");
    let said = fill(&["--format", "puz", "-o", puz.to_str().unwrap()]);
    assert!(said.contains("filled 4 entries"), "{said}");
    assert_eq!(&std::fs::read(&puz).unwrap()[2..14], b"ACROSS&DOWN\0");
}

#[test]
fn hebrew_and_korean_grids_fill() {
    for (lang, n) in [("he", 10), ("ko", 7)] {
        let grid = repo(&format!("crates/crossword/tests/data/{lang}-grid.txt"));
        let words = repo(&format!("crates/crossword/tests/data/{lang}-words.txt"));
        let out = ok(&["crossword", "fill", &grid, "--words", &words]);
        let list: BTreeSet<String> = std::fs::read_to_string(&words)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        check(&std::fs::read_to_string(&grid).unwrap(), &out, &list);
        assert_eq!(entries(&out).len(), n);
    }
    // Hebrew has no .puz form.
    let dir = tempfile::tempdir().unwrap();
    let puz = dir.path().join("he.puz");
    let err = bad(&[
        "crossword",
        "fill",
        &repo("crates/crossword/tests/data/he-grid.txt"),
        "--words",
        &repo("crates/crossword/tests/data/he-words.txt"),
        "--format",
        "puz",
        "-o",
        puz.to_str().unwrap(),
    ]);
    assert!(err.contains("use ipuz"), "{err}");
}

#[test]
fn bad_grids_name_the_row_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let words = file(&dir, "w.txt", LIST);
    for (grid, says) in [
        ("...\n..\n...\n", "row 2, column 3: the row ends after 2 squares"),
        ("...\n.Ж.\n...\n", "row 2, column 2: \"Ж\" is no letter of the word list's alphabet"),
        ("...\n.?.\n...\n", "row 2, column 2: \"?\" is neither"),
        ("....\n....\n.##.\n", "row 1, column 2: an across entry of 4 squares is fine, but the down run here has 2"),
        (RING, "row 1, column 2: an unchecked square"),
        ("c.c\n...\n...\n", "row 1, column 1: no word of the list (at the minimum score) completes the across entry c.c"),
    ] {
        let g = file(&dir, "g.txt", grid);
        let err = bad(&["crossword", "fill", &g, "--words", &words]);
        assert!(err.contains(says), "{grid}: {err}");
    }
    let g = file(&dir, "g.txt", "...\n...\n...\n");
    let err = bad(&[
        "crossword",
        "fill",
        &g,
        "--words",
        &words,
        "--min-score",
        "55",
    ]);
    assert!(err.contains("no fill"), "{err}");
}

#[test]
fn running_out_of_time_is_exit_1() {
    let dir = tempfile::tempdir().unwrap();
    let words = file(&dir, "w.txt", LIST);
    let g = file(&dir, "g.txt", RING);
    let out = run(
        &[
            "crossword",
            "fill",
            &g,
            "--words",
            &words,
            "--style",
            "british",
            "--time",
            "0.000000001",
        ],
        "",
    );
    // The search may finish first on a grid this small; if not, it says so.
    if !out.status.success() {
        assert_eq!(out.status.code(), Some(3));
        assert!(String::from_utf8_lossy(&out.stderr).contains("no fill found in"));
    }
}

#[test]
fn patterns_are_symmetric_and_fill() {
    let out = ok(&[
        "crossword",
        "pattern",
        "--size",
        "9x9",
        "--blocks",
        "12",
        "--seed",
        "3",
    ]);
    let rows: Vec<&[u8]> = out.lines().map(str::as_bytes).collect();
    assert_eq!(rows.len(), 9);
    for r in 0..9 {
        for c in 0..9 {
            assert_eq!(rows[r][c], rows[8 - r][8 - c], "{out}");
        }
    }
    let mirror = ok(&[
        "crossword",
        "pattern",
        "--size",
        "13x13",
        "--style",
        "british",
        "--symmetry",
        "mirror",
    ]);
    for row in mirror.lines() {
        assert_eq!(row, row.chars().rev().collect::<String>());
    }
}

#[test]
fn the_layout_command_is_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let words = file(&dir, "w.txt", "seven\nnine\nten\neleven\n");
    let out = ok(&["crossword", &words, "--size", "7x7", "--format", "json"]);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["placed"], 4);
}
