//! Crossword word lists and pins (`polyboggle crossword WORDS --pin ...`): accepted
//! lists lay out, every placed word reads along its cells, and every word of the list
//! is either placed or named as dropped.
#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use polyboggle_crossword::{self as crossword, Options};
use polyboggle_fuzz::text;

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else { return };
    // The last line is a pin; the rest is the word list.
    let (list, pin) = text.rsplit_once('\n').unwrap_or((text, ""));
    let pins: Vec<_> = crossword::parse_pin(pin).into_iter().collect();
    let Ok(entries) = crossword::parse_word_list(list) else {
        return;
    };
    if entries.len() > 12 {
        return;
    }
    let options = Options {
        size: (7, 9),
        time: Some(Duration::from_millis(20)),
        pins,
        patience: 200,
        settle: 50,
        ..Options::default()
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
