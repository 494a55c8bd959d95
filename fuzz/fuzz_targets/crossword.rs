//! Crossword word lists and pins (`polyboggle crossword WORDS --pin ...`): accepted
//! lists lay out, every placed word reads along its cells, and every word of the list
//! is either placed or named as dropped. The same text as a grid to fill
//! (`polyboggle crossword fill GRID`): the parser never panics, a grid it accepts reads
//! back from its text form, and a small one fills or is refused.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use polyboggle_crossword::fill::{self, FillOptions, Pattern, Style};
use polyboggle_crossword::{self as crossword, LayoutOptions};
use polyboggle_fuzz::text;

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else { return };
    fill_grid(text);
    // The last line is a pin; the rest is the word list.
    let (list, pin) = text.rsplit_once('\n').unwrap_or((text, ""));
    let pins: Vec<_> = crossword::parse_pin(pin).into_iter().collect();
    let Ok(entries) = crossword::parse_word_list(list) else {
        return;
    };
    if entries.len() > 12 {
        return;
    }
    let options = LayoutOptions {
        size: (7, 9),
        time: Some(Duration::from_millis(20)),
        pins,
        patience: 200,
        settle: 50,
        ..LayoutOptions::default()
    };
    let Ok(layout) = crossword::generate(&entries, &options) else {
        return;
    };
    assert_eq!(layout.grid.len(), layout.rows);
    for placed in &layout.words {
        for &(row, col) in &placed.cells {
            assert!(row < layout.rows && col < layout.cols);
            assert!(
                layout.grid[row][col].is_some(),
                "a placed word's cells hold letters"
            );
        }
    }
    let placed = layout.words.len() + layout.dropped.len();
    assert!(
        placed >= entries.len().min(1),
        "every word is placed or dropped"
    );
});

/// `text` as a grid to fill from a small list, British style (unchecked squares allowed).
fn fill_grid(text: &str) {
    let Ok(pattern) = Pattern::parse(text) else {
        return;
    };
    assert_eq!(Pattern::parse(&pattern.to_text()).as_ref(), Ok(&pattern));
    if pattern.squares.len() > 64 {
        return;
    }
    let list = "cat\nact\ntac\narc\ncar\nrat\ntar\nart\nera\near\nare\ntea\neat\nate";
    let words = fill::parse_scored_list(list).expect("a list").words;
    let options = FillOptions {
        time: Some(Duration::from_millis(20)),
        style: Style::British,
        ..FillOptions::default()
    };
    if let Ok(filled) = fill::fill(&pattern, &words, &options) {
        assert_eq!((filled.rows, filled.cols), (pattern.rows, pattern.cols));
        for (square, cell) in pattern.squares.iter().zip(filled.grid.iter().flatten()) {
            assert_eq!(*square == fill::Square::Black, cell.is_none());
        }
    }
}
