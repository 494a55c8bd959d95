//! A finished crossword: its grid, the words placed on it and the words left out. The
//! layout search ([`generate`](crate::generate)) returns one, an autofill becomes one
//! ([`Filled::to_crossword`](crate::fill::Filled::to_crossword)); `render` and `puz`
//! write it out.

use std::time::Duration;

use crate::Direction;

/// A word on the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    /// The word as printed (its key in upper case).
    pub word: String,
    /// Its clue from the word list, if the line had one.
    pub clue: Option<String>,
    /// Its clue number.
    pub number: usize,
    /// Across or down.
    pub direction: Direction,
    /// Does it read right to left?
    pub rtl: bool,
    /// Was it pinned?
    pub pinned: bool,
    /// Its cells (row, column) in reading order, one a letter.
    pub cells: Vec<(usize, usize)>,
}

/// A word left out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dropped {
    /// The word as printed.
    pub word: String,
    /// Its line in the word list (0 for none).
    pub line: usize,
    /// Why it is not on the grid.
    pub reason: String,
}

/// A finished layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Crossword {
    /// Rows of the grid (cropped with `auto`).
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// The placed words, by number, across before down.
    pub words: Vec<Placed>,
    /// The words left out, in list order.
    pub dropped: Vec<Dropped>,
    /// The letters in display order (row 0 at the top, column 0 at the left); `None` is
    /// a black square.
    pub grid: Vec<Vec<Option<String>>>,
    /// Cells without a letter.
    pub black: usize,
    /// Cells shared by an across and a down word.
    pub crossings: usize,
    /// Did the search end on its own (not stopped by the time budget)?
    pub complete: bool,
    /// Layouts tried.
    pub attempts: u64,
    /// Time spent searching.
    pub elapsed: Duration,
    /// Is the grid numbered from the right (most placed words read right to left)?
    pub rtl: bool,
}
