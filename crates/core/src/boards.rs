//! Boards files: one board a line, as `solve --batch` and `bench --boards` read them.
//!
//! A line is an inline board with rows split by `/` or `,` (`ATEE/APYO/TINU/EDSE`),
//! or a square N×N board given as whitespace-separated faces or one character a face
//! (`perslatgsineters`). Blank lines are skipped; a byte-order mark is skipped.
//! [`letters`] reads the commonest lines, one ASCII letter a face, without building
//! a [`Board`], for [`Packer::add_letters`](crate::batch::Packer::add_letters).
//!
//! ```
//! let boards = polyboggle::boards::parse("perslatgsineters\nQu A B C\n", "inline")?;
//! assert_eq!(boards.len(), 2);
//! assert_eq!(boards[1].rows(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::board::{Board, BoardError, Face, MAX_CELLS};

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

/// A line that is a board of one ASCII letter a face, as [`parse_line`] would read
/// it: bare N² letters (`perslatgsineters`) or rows of letters split by `/` or `,`
/// (`ATEE/APYO/TINU/EDSE`). Its letters go into `letters`, row by row, and its shape
/// (rows, columns) comes back; any other line (spaces, blanks, digits, non-ASCII
/// letters, or not a board at all) is `None`, for [`parse_line`] to read.
///
/// ```
/// let mut letters = Vec::new();
/// let shape = polyboggle::boards::letters("ATEE/APYO/TINU/EDSE", &mut letters);
/// assert_eq!(shape, Some((4, 4)));
/// assert_eq!(letters, b"ATEEAPYOTINUEDSE");
/// assert_eq!(polyboggle::boards::letters("Qu A/B C", &mut letters), None);
/// ```
pub fn letters(line: &str, letters: &mut Vec<u8>) -> Option<(usize, usize)> {
    letters.clear();
    let line = line.trim().as_bytes();
    if line.iter().all(u8::is_ascii_alphabetic) {
        // Bare N² letters, the commonest line.
        letters.extend_from_slice(line);
        let side = line.len().isqrt();
        let square = side > 0 && side * side == line.len() && line.len() <= MAX_CELLS;
        return square.then_some((side, side));
    }
    // Rows split by `/` or `,`; one separator may end the board, as in `Board::from_str`.
    let separator = |b: &u8| matches!(b, b'/' | b',');
    let body = line
        .strip_suffix(b"/")
        .or(line.strip_suffix(b","))
        .unwrap_or(line);
    let mut cols = None;
    for row in body.split(separator) {
        let letters_only = row.iter().all(u8::is_ascii_alphabetic);
        if row.is_empty() || !letters_only || cols.is_some_and(|cols| cols != row.len()) {
            return None;
        }
        cols = Some(row.len());
        letters.extend_from_slice(row);
    }
    let cols = cols?;
    (letters.len() <= MAX_CELLS).then_some((letters.len() / cols, cols))
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

    /// The letters and shape [`letters`] reads, or `None`.
    fn read(line: &str) -> Option<(usize, usize, String)> {
        let mut letters = Vec::new();
        let (rows, cols) = super::letters(line, &mut letters)?;
        Some((rows, cols, String::from_utf8(letters).unwrap()))
    }

    #[test]
    fn letters_reads_bare_and_split_rows_as_written() {
        let some = |rows, cols, letters: &str| Some((rows, cols, letters.to_string()));
        assert_eq!(read("perslatgsineters"), some(4, 4, "perslatgsineters"));
        // Case and `q` as written: the solver applies the profile and the rules.
        assert_eq!(read(" qUEe/nAbC\r\n"), some(2, 4, "qUEenAbC"));
        assert_eq!(read("ab,cd,ef"), some(3, 2, "abcdef"));
        assert_eq!(read("abc/"), some(1, 3, "abc"));
        assert_eq!(read("x"), some(1, 1, "x"));
        let widest = "a".repeat(MAX_CELLS);
        assert_eq!(read(&widest).map(|(r, c, _)| (r, c)), Some((32, 32)));
    }

    #[test]
    fn letters_leaves_every_other_line_to_parse_line() {
        let too_many = "a".repeat(33 * 33);
        for line in [
            "", "abc", "ab/abc", "ab//cd", "/", "ab/cd//", "1234", &too_many,
        ] {
            assert_eq!(read(line), None, "{line:?}");
            assert!(parse_line(line, "f", 1).is_err(), "{line:?}");
        }
        // Boards, but not of one ASCII letter a face, or not without spaces.
        for line in [
            "Qu a b c",
            "a b c d",
            "ab/c d",
            "a\u{a0}b/cd",
            "ab/c#",
            "ab_c",
            "añbc",
            "cafe\u{301}",
            "क्षमानकमलघरज",
        ] {
            assert_eq!(read(line), None, "{line:?}");
            assert!(parse_line(line, "f", 1).is_ok(), "{line:?}");
        }
    }
}
