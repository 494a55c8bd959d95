//! Grids to fill: the text form (`#` black, `.` empty, a letter pre-filled), the
//! slots a grid holds and whether it is legal in a style, and symmetric black-square
//! patterns made at random.
//!
//! A grid is kept in reading order: row 0 first, and within a row the cells in the order
//! the file gives them. For a right-to-left grid the file's first cell of a line is the
//! right-most cell as drawn (a Hebrew line reads naturally in a bidi-aware editor); the
//! filler never needs to know, only the picture mirrors it. This module knows nothing of
//! word lists or normalization.

use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use unicode_segmentation::UnicodeSegmentation;

use crate::Direction;

/// One square of a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Square {
    /// A black square (`#`).
    Black,
    /// A white square to fill (`.`).
    Empty,
    /// A white square filled in advance (a theme entry), as typed: one grapheme cluster.
    Given(String),
}

/// A rectangular grid of squares, row by row in reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// `rows × cols` squares, row-major.
    pub squares: Vec<Square>,
}

/// Which grids are legal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Every white square is in an across and a down entry of 3 or more squares.
    #[default]
    American,
    /// A white square may be unchecked (in one entry only, its other run a single
    /// square); entries are still 3 squares or more.
    British,
}

/// Which symmetry a made pattern has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// Unchanged by a half turn (the American convention).
    #[default]
    Rotational,
    /// Unchanged by a left-right mirror.
    Mirror,
}

/// Why a grid was refused. Rows and columns count from 1, as in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternError {
    /// Row of the square the problem is at (1-based).
    pub row: usize,
    /// Column of that square (1-based, in the file's order).
    pub col: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}: {}", self.row, self.col, self.reason)
    }
}

impl std::error::Error for PatternError {}

/// A run of white squares that takes one word: its squares in reading order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Across or down.
    pub direction: Direction,
    /// Square indexes (row × cols + col), in reading order.
    pub cells: Vec<usize>,
}

impl Pattern {
    /// Parses the text form: one row a line, `#` black, `.` empty, anything else a
    /// letter (one grapheme cluster a square). Leading and trailing blanks of a line and
    /// blank lines at the end are ignored; a byte-order mark is skipped.
    ///
    /// ```
    /// use polyboggle_crossword::fill::{Pattern, Square};
    ///
    /// let p = Pattern::parse("#..\nCAT\n..#\n")?;
    /// assert_eq!((p.rows, p.cols), (3, 3));
    /// assert_eq!(p.squares[3], Square::Given("C".into()));
    /// let err = Pattern::parse("...\n..\n").unwrap_err();
    /// assert_eq!(err.to_string(), "row 2, column 3: the row ends after 2 squares; row 1 has 3 (a grid is a rectangle)");
    /// # Ok::<(), polyboggle_crossword::fill::PatternError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Pattern, PatternError> {
        let text = polyboggle::normalize::skip_byte_order_mark(text);
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        let used = lines
            .iter()
            .rposition(|l| !l.is_empty())
            .map_or(0, |i| i + 1);
        if used == 0 {
            return Err(PatternError {
                row: 1,
                col: 1,
                reason: "the grid is empty".into(),
            });
        }
        let mut squares = Vec::new();
        let mut cols = 0;
        for (r, line) in lines[..used].iter().enumerate() {
            let mut n = 0;
            for (c, g) in line.graphemes(true).enumerate() {
                let square = match g {
                    "#" => Square::Black,
                    "." => Square::Empty,
                    g if g.chars().next().is_some_and(char::is_alphabetic) => {
                        Square::Given(g.to_string())
                    }
                    g => {
                        return Err(PatternError {
                            row: r + 1,
                            col: c + 1,
                            reason: format!("{g:?} is neither # (black), . (empty) nor a letter"),
                        })
                    }
                };
                squares.push(square);
                n += 1;
            }
            if r == 0 {
                cols = n;
            } else if n != cols {
                return Err(PatternError {
                    row: r + 1,
                    col: n.min(cols) + 1,
                    reason: format!(
                        "the row ends after {} squares; row 1 has {cols} (a grid is a rectangle)",
                        n
                    ),
                });
            }
        }
        Ok(Pattern {
            rows: used,
            cols,
            squares,
        })
    }

    /// The text form: one row a line, `#`, `.` or the letter.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in self.squares.chunks(self.cols.max(1)) {
            for s in row {
                match s {
                    Square::Black => out.push('#'),
                    Square::Empty => out.push('.'),
                    Square::Given(g) => out.push_str(g),
                }
            }
            out.push('\n');
        }
        out
    }

    fn white(&self, r: usize, c: usize) -> bool {
        self.squares[r * self.cols + c] != Square::Black
    }

    /// The runs of two or more white squares, across (row by row) then down (column by
    /// column), each with its direction; runs of one square are left out.
    fn runs(&self) -> Vec<Slot> {
        let mut runs = Vec::new();
        for (direction, outer, inner) in [
            (Direction::Across, self.rows, self.cols),
            (Direction::Down, self.cols, self.rows),
        ] {
            for o in 0..outer {
                let mut run = Vec::new();
                for i in 0..=inner {
                    let (r, c) = match direction {
                        Direction::Across => (o, i),
                        Direction::Down => (i, o),
                    };
                    if i < inner && self.white(r, c) {
                        run.push(r * self.cols + c);
                        continue;
                    }
                    if run.len() >= 2 {
                        runs.push(Slot {
                            direction,
                            cells: std::mem::take(&mut run),
                        });
                    }
                    run.clear();
                }
            }
        }
        runs
    }

    /// The grid's slots in the order of [`Pattern::numbers`] (across before down at
    /// one start), after checking that the grid is legal in `style`: every entry 3
    /// squares or more, every white square in two entries (American) or at least one
    /// (British).
    ///
    /// ```
    /// use polyboggle_crossword::fill::{Pattern, Style};
    ///
    /// let ring = Pattern::parse("...\n.#.\n...")?;
    /// assert_eq!(ring.slots(Style::British)?.len(), 4);
    /// assert!(ring.slots(Style::American).is_err()); // the middle squares are unchecked
    /// let err = Pattern::parse("....\n....\n....\n##..")?.slots(Style::American).unwrap_err();
    /// assert_eq!(err.to_string(), "row 4, column 3: a down entry of 4 squares is fine, but the across run here has 2 (entries need 3 or more)");
    /// # Ok::<(), polyboggle_crossword::fill::PatternError>(())
    /// ```
    pub fn slots(&self, style: Style) -> Result<Vec<Slot>, PatternError> {
        let runs = self.runs();
        let mut in_runs = vec![[0usize; 2]; self.squares.len()];
        for run in &runs {
            let d = (run.direction == Direction::Down) as usize;
            for &cell in &run.cells {
                in_runs[cell][d] = run.cells.len();
            }
        }
        for (cell, square) in self.squares.iter().enumerate() {
            if *square == Square::Black {
                continue;
            }
            let (row, col) = (cell / self.cols + 1, cell % self.cols + 1);
            let [across, down] = in_runs[cell];
            let fail = |reason: String| Err(PatternError { row, col, reason });
            for (len, name, other, other_len) in [
                (across, "across", "down", down),
                (down, "down", "across", across),
            ] {
                if len == 2 {
                    let article = if other == "across" { "an" } else { "a" };
                    let first = if other_len >= 3 {
                        format!("{article} {other} entry of {other_len} squares is fine, but ")
                    } else {
                        String::new()
                    };
                    return fail(format!(
                        "{first}the {name} run here has 2 (entries need 3 or more)"
                    ));
                }
            }
            match (style, across, down) {
                (_, 0, 0) => {
                    return fail("a white square in no entry (black all around)".into());
                }
                (Style::American, 0, _) | (Style::American, _, 0) => {
                    let name = if across == 0 { "across" } else { "down" };
                    return fail(format!(
                        "an unchecked square: its {name} run is 1 square (American style needs \
                         every square in an across and a down entry of 3 or more; \
                         --style british allows it)"
                    ));
                }
                _ => {}
            }
        }
        let mut slots = runs;
        slots.sort_by_key(|s| (s.cells[0], s.direction));
        Ok(slots)
    }

    /// The runs of two or more white squares, in the order of [`Pattern::slots`], the
    /// grid legal or not (a grid being drawn is numbered so).
    pub fn entries(&self) -> Vec<Slot> {
        let mut runs = self.runs();
        runs.sort_by_key(|s| (s.cells[0], s.direction));
        runs
    }

    /// Clue numbers by square (0 where no entry starts), numbered in reading order, for
    /// the given slots.
    pub fn numbers(&self, slots: &[Slot]) -> Vec<usize> {
        let mut numbers = vec![0; self.squares.len()];
        for s in slots {
            numbers[s.cells[0]] = 1;
        }
        let mut next = 0;
        for n in numbers.iter_mut().filter(|n| **n != 0) {
            next += 1;
            *n = next;
        }
        numbers
    }

    /// A symmetric pattern of `blacks` black squares (about: symmetry may add one)
    /// that is legal in `style`, whose white squares are connected and whose entries are
    /// at most `max_len` squares, made at random from `seed`; `None` when no such pattern
    /// turned up in a few hundred tries. While some entry is longer than `max_len`, the
    /// next black square goes on one of its squares. The British style starts from the
    /// usual lattice (black where the row and the column, counted from 0, are both odd)
    /// and adds `blacks` more.
    ///
    /// ```
    /// use polyboggle_crossword::fill::{Pattern, Square, Style, Symmetry};
    ///
    /// let p = Pattern::symmetric(15, 15, 38, 9, Symmetry::Rotational, Style::American, 1).unwrap();
    /// let slots = p.slots(Style::American)?;
    /// assert!(slots.iter().all(|s| s.cells.len() <= 9));
    /// let black = |r: usize, c: usize| p.squares[r * 15 + c] == Square::Black;
    /// assert!((0..15).all(|r| (0..15).all(|c| black(r, c) == black(14 - r, 14 - c))));
    /// # Ok::<(), polyboggle_crossword::fill::PatternError>(())
    /// ```
    pub fn symmetric(
        rows: usize,
        cols: usize,
        blacks: usize,
        max_len: usize,
        symmetry: Symmetry,
        style: Style,
        seed: u64,
    ) -> Option<Pattern> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let base = Pattern {
            rows,
            cols,
            squares: (0..rows * cols)
                .map(|i| {
                    let (r, c) = (i / cols, i % cols);
                    if style == Style::British && r % 2 == 1 && c % 2 == 1 {
                        Square::Black
                    } else {
                        Square::Empty
                    }
                })
                .collect(),
        };
        let partner = |i: usize| {
            let (r, c) = (i / cols, i % cols);
            match symmetry {
                Symmetry::Rotational => (rows - 1 - r) * cols + (cols - 1 - c),
                Symmetry::Mirror => r * cols + (cols - 1 - c),
            }
        };
        let long_squares = |p: &Pattern| -> Vec<usize> {
            p.runs()
                .into_iter()
                .filter(|run| run.cells.len() > max_len)
                .flat_map(|run| run.cells)
                .collect()
        };
        let base_blacks = base.count_black();
        let good = |p: &Pattern| p.slots(style).is_ok() && p.connected();
        'tries: for _ in 0..300 {
            let mut p = base.clone();
            let mut stuck = 0;
            loop {
                let long = long_squares(&p);
                if long.is_empty() && p.count_black() >= base_blacks + blacks {
                    break;
                }
                if stuck > 400 {
                    continue 'tries;
                }
                let i = if long.is_empty() {
                    rng.gen_range(0..rows * cols)
                } else {
                    long[rng.gen_range(0..long.len())]
                };
                let j = partner(i);
                if p.squares[i] == Square::Black || p.squares[j] == Square::Black {
                    stuck += 1;
                    continue;
                }
                let mut next = p.clone();
                next.squares[i] = Square::Black;
                next.squares[j] = Square::Black;
                if good(&next) {
                    p = next;
                    stuck = 0;
                } else {
                    stuck += 1;
                }
            }
            if good(&p) {
                return Some(p);
            }
        }
        None
    }

    fn count_black(&self) -> usize {
        self.squares.iter().filter(|s| **s == Square::Black).count()
    }

    /// Are the white squares one group, side to side?
    fn connected(&self) -> bool {
        let Some(start) = self.squares.iter().position(|s| *s != Square::Black) else {
            return true;
        };
        let mut seen = vec![false; self.squares.len()];
        let mut stack = vec![start];
        seen[start] = true;
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += 1;
            let (r, c) = (i / self.cols, i % self.cols);
            let near = [
                (r > 0).then(|| i - self.cols),
                (r + 1 < self.rows).then(|| i + self.cols),
                (c > 0).then(|| i - 1),
                (c + 1 < self.cols).then(|| i + 1),
            ];
            for j in near.into_iter().flatten() {
                if !seen[j] && self.squares[j] != Square::Black {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        count == self.squares.len() - self.count_black()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_grids_name_the_square() {
        let err = |text: &str| Pattern::parse(text).unwrap_err().to_string();
        assert_eq!(
            err("..\n.?\n"),
            "row 2, column 2: \"?\" is neither # (black), . (empty) nor a letter"
        );
        assert!(err("...\n....\n").starts_with("row 2, column 4: the row ends after 4"));
        assert_eq!(err("\n\n"), "row 1, column 1: the grid is empty");
        let slots = |text: &str, style| Pattern::parse(text).unwrap().slots(style);
        let e = slots("...#\n....\n....", Style::American).unwrap_err();
        assert_eq!((e.row, e.col), (2, 4), "{e}");
        assert!(e.to_string().contains("down run here has 2"), "{e}");
    }

    #[test]
    fn british_grids_may_leave_squares_unchecked() {
        let text = ".....\n.#.#.\n.....\n.#.#.\n.....";
        let p = Pattern::parse(text).unwrap();
        let e = p.slots(Style::American).unwrap_err();
        assert!(e.to_string().contains("unchecked"), "{e}");
        assert_eq!((e.row, e.col), (1, 2));
        let slots = p.slots(Style::British).unwrap();
        assert_eq!(slots.len(), 6);
        assert_eq!(p.numbers(&slots)[..5], [1, 0, 2, 0, 3]);
        assert_eq!(p.to_text(), format!("{text}\n"));
    }

    #[test]
    fn made_patterns_are_symmetric_and_legal() {
        for seed in 1..4 {
            let p = Pattern::symmetric(13, 13, 12, 13, Symmetry::Mirror, Style::British, seed)
                .expect("a pattern");
            assert!(p.slots(Style::British).is_ok() && p.connected());
            for r in 0..13 {
                for c in 0..13 {
                    assert_eq!(p.white(r, c), p.white(r, 12 - c));
                }
            }
        }
    }
}
