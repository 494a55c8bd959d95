//! What the front ends (the `polyboggle crossword` commands, the Python package) do
//! the same way, so that one word list, grid and seed give the same bytes in each: the
//! bounds on their input, reading a word list or a grid with errors that name it, and
//! each output format's exact bytes.
//!
//! ```
//! use polyboggle_crossword::front::{self, Output};
//! use polyboggle_crossword::{generate, LayoutOptions};
//!
//! let entries = front::read_word_list("cat\nact\n", "words.txt")?;
//! let c = generate(&entries, &LayoutOptions { size: (3, 3), ..LayoutOptions::default() })?;
//! assert!(front::layout_output(&c, Output::Json, false)?.ends_with(b"}\n"));
//! assert_eq!(
//!     front::read_word_list("cat\nr2d2\n", "words.txt").unwrap_err(),
//!     "words.txt: line 2: \"r2d2\" holds '2', which is not a letter"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::fill::{Filled, Pattern};
use crate::{parse_word_list, Crossword, Entry, PuzError};

/// The longest grid side a front end takes (`--size`, a grid to fill).
pub const MAX_SIDE: usize = 255;

/// The most words a layout's word list may hold; a longer one is refused. (The
/// library's own bound, [`MAX_LAYOUT_WORDS`](crate::MAX_LAYOUT_WORDS), drops words past
/// it instead.)
pub const MAX_LIST_WORDS: usize = 20_000;

/// An output format: what `--format` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// The grid as people read it ([`Crossword::to_text`], [`Filled::to_text`]).
    Text,
    /// The JSON object on one line, and a newline.
    Json,
    /// ipuz, pretty-printed, and a newline.
    Ipuz,
    /// SVG: the empty numbered grid, or the solution.
    Svg,
    /// Across Lite `.puz` (binary; a fill only).
    Puz,
}

impl Output {
    /// The format `name` names (`text`, `json`, `ipuz`, `svg`, `puz`).
    pub fn named(name: &str) -> Option<Output> {
        Some(match name {
            "text" => Output::Text,
            "json" => Output::Json,
            "ipuz" => Output::Ipuz,
            "svg" => Output::Svg,
            "puz" => Output::Puz,
            _ => return None,
        })
    }
}

/// "RxC: at most 255 rows and columns" when a side is longer than [`MAX_SIDE`]; the
/// caller puts the flag or the grid's name before it.
pub fn side_error(rows: usize, cols: usize) -> Option<String> {
    (rows > MAX_SIDE || cols > MAX_SIDE)
        .then(|| format!("{rows}x{cols}: at most {MAX_SIDE} rows and columns"))
}

/// A layout's word list ([`parse_word_list`]) of at most [`MAX_LIST_WORDS`] words; an
/// error is one line that begins with `origin`, the list's name.
pub fn read_word_list(text: &str, origin: &str) -> Result<Vec<Entry>, String> {
    let entries = parse_word_list(text).map_err(|e| format!("{origin}: {e}"))?;
    if entries.len() > MAX_LIST_WORDS {
        return Err(format!(
            "{origin}: {} words; at most {MAX_LIST_WORDS}",
            entries.len()
        ));
    }
    Ok(entries)
}

/// A grid to fill ([`Pattern::parse`]) with sides of at most [`MAX_SIDE`]; an error is
/// one line that begins with `origin`, the grid's name.
pub fn read_grid(text: &str, origin: &str) -> Result<Pattern, String> {
    let pattern = Pattern::parse(text).map_err(|e| format!("{origin}: {e}"))?;
    match side_error(pattern.rows, pattern.cols) {
        Some(e) => Err(format!("{origin}: {e}")),
        None => Ok(pattern),
    }
}

/// What `polyboggle crossword --format F` prints for a layout (`solution`: the SVG
/// with its letters); only `.puz`, which that command does not write, can fail (a
/// square that is not one Latin-1 letter).
pub fn layout_output(
    crossword: &Crossword,
    format: Output,
    solution: bool,
) -> Result<Vec<u8>, PuzError> {
    Ok(match format {
        Output::Text => crossword.to_text().into_bytes(),
        Output::Json => format!("{}\n", crossword.to_json()).into_bytes(),
        Output::Ipuz => format!("{:#}\n", crossword.to_ipuz()).into_bytes(),
        Output::Svg => crossword.to_svg(solution).into_bytes(),
        Output::Puz => crossword.to_puz()?,
    })
}

/// What `polyboggle crossword fill --format F` writes for a fill: its own text and
/// JSON, the other formats of its [`Crossword`] ([`Filled::to_crossword`]).
pub fn fill_output(filled: &Filled, format: Output, solution: bool) -> Result<Vec<u8>, PuzError> {
    match format {
        Output::Text => Ok(filled.to_text().into_bytes()),
        Output::Json => Ok(format!("{}\n", filled.to_json()).into_bytes()),
        _ => layout_output(&filled.to_crossword(), format, solution),
    }
}
