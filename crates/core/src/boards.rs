//! Boards files: one board a line, as `solve --batch` and `bench --boards` read them.
//!
//! A line is an inline board with rows split by `/` or `,` (`ATEE/APYO/TINU/EDSE`),
//! or a square N×N board given as whitespace-separated faces or one character a face
//! (`perslatgsineters`). Blank lines are skipped; a byte-order mark is skipped.
//!
//! ```
//! let boards = polyboggle::boards::parse("perslatgsineters\nQu A B C\n", "inline")?;
//! assert_eq!(boards.len(), 2);
//! assert_eq!(boards[1].rows(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, BoardError, Face};

/// A line of a boards file that is not a square board.
#[derive(Debug, thiserror::Error)]
#[error("{origin}, line {line}: {error}")]
pub struct BoardsFileError {
    origin: String,
    line: usize,
    error: BoardError,
}

/// Parses one board a line: an inline board with rows split by `/` or `,`
/// (`ATEE/APYO/TINU/EDSE`), or a square N×N board given as whitespace-separated
/// faces or one character a face (`perslatgsineters`). Under Hasbro rules a `q` face
/// reads `Qu` (the solver applies the rules).
pub fn parse(text: &str, origin: &str) -> Result<Vec<Board>, BoardsFileError> {
    let text = crate::normalize::skip_byte_order_mark(text);
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| parse_line(line, origin, i + 1))
        .collect()
}

/// One line of a boards file (see [`parse`]); `number` counts from 1.
pub fn parse_line(line: &str, origin: &str, number: usize) -> Result<Board, BoardsFileError> {
    let line = line.trim();
    let error = |error| BoardsFileError {
        origin: origin.into(),
        line: number,
        error,
    };
    if line.contains(['/', ',']) || !line.contains(char::is_whitespace) {
        // Inline rows, or a bare N² letters (`perslatgsineters`).
        return line.parse().map_err(error);
    }
    // Whitespace-separated faces on one line: a square board.
    let faces: Vec<Face> = line.split_whitespace().map(Face::new).collect();
    let side = faces.len().isqrt();
    if side * side != faces.len() {
        return Err(error(BoardError::NotSquare(faces.len())));
    }
    Board::new(side, side, faces).map_err(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_letters_and_spaced_faces() {
        let boards = parse("abcd\n\nQu A B C\nab/cd/ef\n", "f").unwrap();
        assert_eq!(boards.len(), 3);
        assert_eq!((boards[2].rows(), boards[2].cols()), (3, 2));
        assert_eq!(boards[1].face(0, 0).text(), "Qu");
        let err = parse("abc\n", "f").unwrap_err();
        assert!(err.to_string().starts_with("f, line 1:"), "{err}");
        // A byte-order mark opening the file is skipped.
        let marked = parse("\u{feff}abcd\nefgh\n", "f").unwrap();
        assert_eq!(marked[0].face(0, 0).text(), "a");
        let alone = parse("\u{feff}\nabcd\n", "f").unwrap();
        assert_eq!(alone.len(), 1);
    }
}
