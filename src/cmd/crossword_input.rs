//! What the `crossword` commands share: reading a word list or a grid, and where
//! `--solution` applies (the bounds and the output formats every front end shares are
//! `polyboggle_crossword::front`). `crossword` (the layout) and `crossword_fill`
//! (`fill`, `pattern`) both use it; it uses neither.

use std::path::Path;

use crate::load::{read_input, Input};
use crate::Failure;

/// The text of a word list (or a grid) and the name errors give it.
pub(super) fn read_text(path: &str) -> Result<(String, String), Failure> {
    let Input { origin, bytes } = read_input(Path::new(path))?;
    let text = polyboggle::files::text(&bytes, &origin)?.to_string();
    Ok((text, origin))
}

/// Refuses `--solution` without `--format svg`: the other formats always hold the
/// letters.
pub(super) fn check_solution(solution: bool, svg: bool) -> Result<(), Failure> {
    if solution && !svg {
        return Err(Failure::input(
            "--solution goes with --format svg (the other formats always hold the letters)",
        ));
    }
    Ok(())
}
