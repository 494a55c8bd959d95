//! Laying out a word list ([`generate`]): its words numbered letter by letter, the pins
//! checked and placed, the search run on the grid (or, with `auto`, on growing ones),
//! and the best grid turned into a numbered [`Crossword`] that names every word left
//! out with its reason. How the search tries words and judges layouts is `search`'s.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::clock::Instant;
use crate::grid::{Grid, Shape, Spot};
use crate::search::{self, Limits, Problem};
use crate::{
    fold_letter, Crossword, Direction, Dropped, Entry, LayoutOptions, Letters, Pin, PinError,
    Placed, MAX_AUTO_SIDE, MAX_LAYOUT_WORDS,
};

/// One word of the problem: where it came from and its cells.
struct Word {
    entry: Entry,
    letters: Letters,
    shape: Shape,
}

/// Lays out `entries` under `options`. Fails only on a pin that is off the grid, clashes
/// with another pin, or repeats a pinned word; every other problem is a dropped word.
pub fn generate(entries: &[Entry], options: &LayoutOptions) -> Result<Crossword, PinError> {
    let started = Instant::now();
    let deadline = options.time.map(|t| started + t);
    let profile = &options.profile;

    // Words: the list, then pinned words the list does not hold.
    let mut all: Vec<(Entry, Letters)> = entries
        .iter()
        .map(|e| (e.clone(), Letters::new(&e.word, profile)))
        .collect();
    for pin in &options.pins {
        let letters = Letters::new(&pin.word, profile);
        if !all.iter().any(|(_, l)| l.folded == letters.folded) {
            let entry = Entry {
                word: pin.word.clone(),
                clue: None,
                line: 0,
            };
            all.push((entry, letters));
        }
    }
    let mut ids: BTreeMap<String, u16> = BTreeMap::new();
    let mut words = Vec::new();
    let mut dropped = Vec::new();
    let mut first_line: BTreeMap<Vec<String>, usize> = BTreeMap::new();
    for (entry, letters) in all {
        let shown = letters.shown.concat();
        if let Some(&line) = first_line.get(&letters.folded) {
            dropped.push(left_out(&shown, &entry, format!("repeats line {line}")));
            continue;
        }
        first_line.insert(letters.folded.clone(), entry.line);
        // Word and letter numbers are 16-bit on the grid.
        let new_letters = letters
            .folded
            .iter()
            .filter(|f| !ids.contains_key(*f))
            .count();
        if words.len() >= MAX_LAYOUT_WORDS || ids.len() + new_letters >= MAX_LAYOUT_WORDS {
            dropped.push(left_out(
                &shown,
                &entry,
                format!("beyond the first {MAX_LAYOUT_WORDS} words or letters"),
            ));
            continue;
        }
        if letters.shown.len() < 2 {
            dropped.push(left_out(
                &shown,
                &entry,
                "one letter: an answer needs two cells",
            ));
            continue;
        }
        let down: Vec<u16> = letters
            .folded
            .iter()
            .map(|f| {
                let next = ids.len() as u16;
                *ids.entry(f.clone()).or_insert(next)
            })
            .collect();
        let across = if letters.rtl {
            down.iter().rev().copied().collect()
        } else {
            down.clone()
        };
        words.push(Word {
            entry,
            letters,
            shape: Shape { across, down },
        });
    }

    let shapes: Vec<Shape> = words.iter().map(|w| w.shape.clone()).collect();
    let pinned = pinned_words(&words, options)?;
    let limits = Limits {
        deadline,
        patience: options.patience,
        settle: options.settle,
    };
    let (best, attempts, complete) = if options.auto {
        auto_search(&words, &shapes, options, limits)
    } else {
        let (rows, cols) = options.size;
        let mut start = Grid::new(rows, cols, words.len());
        for &(w, spot) in &pinned {
            start.place(w, shapes[w].seq(spot.dir), spot);
        }
        let problem = Problem {
            shapes: &shapes,
            free: (0..words.len())
                .filter(|&w| !pinned.iter().any(|&(p, _)| p == w))
                .filter(|&w| fits_grid(shapes[w].len(), rows, cols))
                .collect(),
            pinned: (0..words.len())
                .map(|w| pinned.iter().any(|&(p, _)| p == w))
                .collect(),
            crop: false,
            partners: partners(&shapes),
        };
        let outcome = search::search(&problem, &start, limits, options.seed);
        (outcome.grid, outcome.attempts, outcome.complete)
    };
    let pinned_ids: Vec<usize> = pinned.iter().map(|&(w, _)| w).collect();
    let mut crossword = assemble(&words, &best, &pinned_ids, options.auto);
    crossword.complete = complete;
    crossword.attempts = attempts;
    crossword.elapsed = started.elapsed();
    crossword.dropped.splice(0..0, dropped);
    let (rows, cols) = (best.rows, best.cols);
    let holders = letter_holders(&shapes);
    for (w, word) in words.iter().enumerate() {
        if best.spots[w].is_some() {
            continue;
        }
        let n = word.shape.len();
        let reason = if !fits_grid(n, rows, cols) {
            format!("{n} letters: longer than the {rows}×{cols} grid")
        } else if distinct(&word.shape.down).all(|l| holders[&l] == 1) {
            "shares no letter with the other words".to_string()
        } else {
            "no spot crosses the layout without touching another word".to_string()
        };
        let shown = word.letters.shown.concat();
        crossword
            .dropped
            .push(left_out(&shown, &word.entry, reason));
    }
    crossword.dropped.sort_by_key(|d| d.line);
    Ok(crossword)
}

/// `entry`, shown as `shown`, left out for `reason`.
fn left_out(shown: &str, entry: &Entry, reason: impl Into<String>) -> Dropped {
    Dropped {
        word: shown.to_string(),
        line: entry.line,
        reason: reason.into(),
    }
}

fn fits_grid(len: usize, rows: usize, cols: usize) -> bool {
    len <= rows.max(cols)
}

/// For each word, how many words hold each of its letters, summed over its distinct
/// letters (words sharing two letters count twice: a cheap measure of how well a word
/// connects, linear in the letters of the list).
fn partners(shapes: &[Shape]) -> Vec<usize> {
    let holders = letter_holders(shapes);
    shapes
        .iter()
        .map(|shape| distinct(&shape.down).map(|l| holders[&l] - 1).sum())
        .collect()
}

/// How many words hold each letter.
fn letter_holders(shapes: &[Shape]) -> BTreeMap<u16, usize> {
    let mut holders = BTreeMap::new();
    for shape in shapes {
        for l in distinct(&shape.down) {
            *holders.entry(l).or_insert(0) += 1;
        }
    }
    holders
}

fn distinct(letters: &[u16]) -> impl Iterator<Item = u16> + '_ {
    letters
        .iter()
        .enumerate()
        .filter(|&(i, l)| !letters[..i].contains(l))
        .map(|(_, &l)| l)
}

/// Checks the pins and returns each pinned word with its spot.
fn pinned_words(words: &[Word], options: &LayoutOptions) -> Result<Vec<(usize, Spot)>, PinError> {
    let (rows, cols) = options.size;
    let mut grid = Grid::new(rows, cols, words.len());
    let mut placed: Vec<(usize, Spot, &Pin)> = Vec::new();
    for pin in &options.pins {
        let fail = |reason: String| PinError {
            pin: format!("{}@{},{},{}", pin.word, pin.row, pin.col, pin.direction),
            reason,
        };
        if options.auto {
            return Err(fail("pins need a fixed --size, not --auto".into()));
        }
        let folded = Letters::new(&pin.word, &options.profile).folded;
        let w = words
            .iter()
            .position(|w| w.letters.folded == folded)
            .ok_or_else(|| fail("an answer needs two cells or more".into()))?;
        if let Some((_, _, earlier)) = placed.iter().find(|(p, ..)| *p == w) {
            return Err(fail(format!(
                "{} is pinned twice (also at {},{})",
                pin.word, earlier.row, earlier.col
            )));
        }
        let n = words[w].shape.len();
        let rtl_across = pin.direction == Direction::Across && words[w].letters.rtl;
        let off = || {
            fail(format!(
                "{n} letters from there run off the {rows}×{cols} grid"
            ))
        };
        let col = if rtl_across {
            pin.col.checked_sub(n - 1).ok_or_else(off)?
        } else {
            pin.col
        };
        let spot = Spot {
            row: pin.row,
            col,
            dir: pin.direction,
        };
        let (end_row, end_col) = match pin.direction {
            Direction::Across => (pin.row, col + n - 1),
            Direction::Down => (pin.row + n - 1, col),
        };
        if end_row >= rows || end_col >= cols {
            return Err(off());
        }
        let seq = words[w].shape.seq(pin.direction);
        if grid.fits(seq, spot).is_none() {
            let near = |s: &Spot, len: usize, r: usize, c: usize| {
                let (r0, c0) = (s.row as isize, s.col as isize);
                let (r1, c1) = match s.dir {
                    Direction::Across => (r0, c0 + len as isize - 1),
                    Direction::Down => (r0 + len as isize - 1, c0),
                };
                let (r, c) = (r as isize, c as isize);
                r >= r0 - 1 && r <= r1 + 1 && c >= c0 - 1 && c <= c1 + 1
            };
            let cells: Vec<(usize, usize)> = (0..n)
                .map(|i| match pin.direction {
                    Direction::Across => (pin.row, col + i),
                    Direction::Down => (pin.row + i, col),
                })
                .collect();
            let other = placed.iter().find(|(v, s, _)| {
                cells
                    .iter()
                    .any(|&(r, c)| near(s, words[*v].shape.len(), r, c))
            });
            let reason = match other {
                Some((_, _, p)) => format!(
                    "clashes with --pin {}@{},{},{} (a letter differs, or the words touch)",
                    p.word, p.row, p.col, p.direction
                ),
                None => "clashes with another pin".into(),
            };
            return Err(fail(reason));
        }
        grid.place(w, seq, spot);
        placed.push((w, spot, pin));
    }
    Ok(placed.into_iter().map(|(w, spot, _)| (w, spot)).collect())
}

/// `--auto`: search square grids, growing them until every word is placed, the
/// budget runs out or the side reaches [`MAX_AUTO_SIDE`]; keeps the best layout.
fn auto_search(
    words: &[Word],
    shapes: &[Shape],
    options: &LayoutOptions,
    limits: Limits,
) -> (Grid, u64, bool) {
    let longest = shapes.iter().map(Shape::len).max().unwrap_or(2);
    let letters: usize = shapes.iter().map(Shape::len).sum();
    let mut side = longest
        .max((letters as f64 * 2.5).sqrt().ceil() as usize)
        .min(MAX_AUTO_SIDE);
    let mut attempts = 0;
    let mut best: Option<(Grid, bool)> = None;
    loop {
        let problem = Problem {
            shapes,
            free: (0..words.len()).collect(),
            pinned: vec![false; words.len()],
            crop: true,
            partners: partners(shapes),
        };
        let start = Grid::new(side, side, words.len());
        // Each size gets half the time left, so a larger one still has its turn.
        let now = Instant::now();
        let size_limits = Limits {
            deadline: limits
                .deadline
                .map(|d| now + d.saturating_duration_since(now) / 2),
            ..limits
        };
        let outcome = search::search(&problem, &start, size_limits, options.seed);
        attempts += outcome.attempts;
        let better = best.as_ref().is_none_or(|(g, _)| {
            search::score(&problem, &outcome.grid) > search::score(&problem, g)
        });
        let everything = outcome.grid.placed == words.len();
        if better {
            best = Some((outcome.grid, outcome.complete));
        }
        let out_of_time = limits.deadline.is_some_and(|d| Instant::now() >= d);
        if everything || out_of_time || side >= MAX_AUTO_SIDE {
            let (grid, complete) = best.expect("one search ran");
            return (grid, attempts, complete && !out_of_time);
        }
        side = (side + 2).min(MAX_AUTO_SIDE);
    }
}

/// Turns the search's grid into a [`Crossword`]: cropped (with `auto`), numbered, with
/// letters as printed.
fn assemble(words: &[Word], g: &Grid, pinned: &[usize], crop: bool) -> Crossword {
    let (r0, c0, rows, cols) = match (crop, g.bounds()) {
        (true, Some((r0, r1, c0, c1))) => (r0, c0, r1 - r0 + 1, c1 - c0 + 1),
        _ => (0, 0, g.rows, g.cols),
    };
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; cols]; rows];
    let mut placed = Vec::new();
    let mut rtl_words = 0usize;
    for dir in [Direction::Across, Direction::Down] {
        for (w, word) in words.iter().enumerate() {
            let Some(spot) = g.spots[w].filter(|s| s.dir == dir) else {
                continue;
            };
            let n = word.shape.len();
            let rtl = word.letters.rtl && dir == Direction::Across;
            // Cells in reading order: a right-to-left across word starts at its right end.
            let cells: Vec<(usize, usize)> = (0..n)
                .map(|i| match dir {
                    Direction::Across if rtl => (spot.row - r0, spot.col - c0 + n - 1 - i),
                    Direction::Across => (spot.row - r0, spot.col - c0 + i),
                    Direction::Down => (spot.row - r0 + i, spot.col - c0),
                })
                .collect();
            for (&(r, c), shown) in cells.iter().zip(&word.letters.shown) {
                // Where a final form (Hebrew ם) crosses its ordinary form (מ), the cell
                // shows the ordinary one.
                match &mut grid[r][c] {
                    Some(there) if there != shown => *there = fold_letter(shown),
                    Some(_) => {}
                    empty => *empty = Some(shown.clone()),
                }
            }
            if word.letters.rtl {
                rtl_words += 1;
            }
            placed.push(Placed {
                word: word.letters.shown.concat(),
                clue: word.entry.clue.clone(),
                number: 0,
                direction: dir,
                rtl: word.letters.rtl,
                pinned: pinned.contains(&w),
                cells,
            });
        }
    }
    let rtl = rtl_words * 2 > placed.len();
    // Number the start cells in reading order: rows top to bottom, columns in the
    // grid's direction.
    let mut numbers = vec![vec![0usize; cols]; rows];
    for p in &placed {
        let (r, c) = p.cells[0];
        numbers[r][c] = 1;
    }
    let mut next = 0;
    for row in numbers.iter_mut() {
        let cols_in_order: Vec<usize> = if rtl {
            (0..cols).rev().collect()
        } else {
            (0..cols).collect()
        };
        for c in cols_in_order {
            if row[c] != 0 {
                next += 1;
                row[c] = next;
            }
        }
    }
    for p in &mut placed {
        let (r, c) = p.cells[0];
        p.number = numbers[r][c];
    }
    placed.sort_by_key(|p| (p.number, p.direction));
    let filled = grid.iter().flatten().filter(|c| c.is_some()).count();
    Crossword {
        rows,
        cols,
        words: placed,
        dropped: Vec::new(),
        grid,
        black: rows * cols - filled,
        crossings: g.crossings,
        complete: false,
        attempts: 0,
        elapsed: Duration::ZERO,
        rtl,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{parse_pin, parse_word_list};

    fn options(rows: usize, cols: usize) -> LayoutOptions {
        LayoutOptions {
            size: (rows, cols),
            time: None,
            ..LayoutOptions::default()
        }
    }

    fn list(words: &str) -> Vec<Entry> {
        parse_word_list(&words.split_whitespace().collect::<Vec<_>>().join("\n")).unwrap()
    }

    #[test]
    fn small_lists_place_every_word_and_finish() {
        let c = generate(&list("lemon melon olive grape pear apple"), &options(9, 9)).unwrap();
        assert_eq!(c.words.len(), 6, "{c:?}");
        assert!(c.complete && c.dropped.is_empty());
        assert_eq!(c.black, 81 - c.grid.iter().flatten().flatten().count());
    }

    #[test]
    fn every_word_left_out_is_named() {
        let c = generate(&list("cat cat a xyz caterpillar tac"), &options(5, 5)).unwrap();
        let reasons: Vec<(&str, &str)> = c
            .dropped
            .iter()
            .map(|d| (d.word.as_str(), d.reason.as_str()))
            .collect();
        assert_eq!(
            reasons,
            [
                ("CAT", "repeats line 1"),
                ("A", "one letter: an answer needs two cells"),
                ("XYZ", "shares no letter with the other words"),
                ("CATERPILLAR", "11 letters: longer than the 5×5 grid"),
            ]
        );
        assert_eq!(c.words.len(), 2);
    }

    #[test]
    fn rtl_across_words_run_right_to_left() {
        let pins = vec![parse_pin("שלום@1,5,across").unwrap()];
        let c = generate(
            &list("שלום"),
            &LayoutOptions {
                pins,
                ..options(3, 7)
            },
        )
        .unwrap();
        let w = &c.words[0];
        assert!(w.rtl && w.pinned && w.number == 1);
        assert_eq!(w.cells, [(1, 5), (1, 4), (1, 3), (1, 2)]);
        assert_eq!(c.grid[1][5].as_deref(), Some("ש"));
        assert_eq!(c.grid[1][2].as_deref(), Some("ם"));
    }

    #[test]
    fn pins_off_the_grid_or_clashing_are_refused() {
        let pin = |p: &str| parse_pin(p).unwrap();
        let with = |pins: Vec<Pin>| {
            generate(
                &list("cat dog"),
                &LayoutOptions {
                    pins,
                    ..options(5, 5)
                },
            )
        };
        let err = with(vec![pin("cat@4,3,across")]).unwrap_err().to_string();
        assert_eq!(
            err,
            "--pin \"cat@4,3,across\": 3 letters from there run off the 5×5 grid"
        );
        let err = with(vec![pin("cat@0,0,across"), pin("dog@1,0,across")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("clashes with --pin cat@0,0,across"), "{err}");
        let err = with(vec![pin("cat@0,0,across"), pin("CAT@2,0,across")]).unwrap_err();
        assert!(err.to_string().contains("pinned twice"), "{err}");
    }
}
