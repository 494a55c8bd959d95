//! polyboggle-crossword: crossword layouts, laying a list of answers on a grid, across
//! and down, every crossing on the same letter, in any script.
//!
//! A cell holds one letter as its readers see it: an extended grapheme cluster of the
//! word's key under a normalization [`Profile`](polyboggle::Profile), compared after the
//! crossword folds of [`fold_letter`] (Hebrew final forms). A word whose first strong
//! character is right-to-left (Hebrew, Arabic...) runs right to left when placed across;
//! every word runs top to bottom when placed down; one list may mix both.
//!
//! Every layout keeps the crossword rules: crossings agree, the cells before and after
//! a word are black or the edge, and no two letters touch unless they belong to one
//! word, so each run of two or more letters is exactly one placed word. The words form
//! one connected group (or, with pins, groups that each hold a pinned word). The search
//! ([`generate`]) places as many words as it can, then leaves the fewest black squares,
//! then makes the most crossings; every word it leaves out is named with a reason.
//!
//! The other half of a constructor's work, a grid of black squares filled from a scored
//! word list (autofill), is [`fill`]; its result renders through [`Crossword`] too.
//!
//! This module reads no files and prints nothing; [`Crossword`] renders itself as text,
//! JSON, ipuz, SVG and Across Lite `.puz`.
//!
//! ```
//! use polyboggle_crossword::{generate, parse_word_list, LayoutOptions};
//!
//! let entries = parse_word_list("seven\nnine\nten\neleven")?;
//! let options = LayoutOptions { size: (7, 7), ..LayoutOptions::default() };
//! let crossword = generate(&entries, &options)?;
//! assert_eq!(crossword.words.len(), 4);
//! assert!(crossword.dropped.is_empty() && crossword.complete);
//! // The same seed gives the same layout.
//! assert_eq!(generate(&entries, &options)?.grid, crossword.grid);
//! println!("{}", crossword.to_text());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod clock;
mod crossword;
pub mod fill;
pub mod front;
mod grid;
mod layout;
mod options;
mod puz;
mod render;
mod search;
mod words;

pub use crossword::{Crossword, Dropped, Placed};
pub use layout::generate;
pub use options::{LayoutOptions, MAX_AUTO_SIDE, MAX_LAYOUT_WORDS};
pub use puz::PuzError;
pub use render::EntryLine;
pub use words::{
    fold_letter, is_rtl, parse_pin, parse_word_list, Direction, Entry, Letters, Pin, PinError,
    WordListError,
};
