//! Boards: a grid of dice faces, and the text forms people write them in.
//!
//! A [`Face`] is whatever a die shows: one or more graphemes (`A`, `Qu`, `SCH`, `क्ष`)
//! or a blank that no word can pass through. A [`Board`] is an R×C grid of faces,
//! parsed from any of the forms in the user contract:
//!
//! - Princeton: the first two tokens are `m n`, then `m*n` faces.
//! - Lab 6: a line `N`, then `N` lines of `N` letters.
//! - Rows of whitespace-separated faces, one row a line.
//! - Inline: rows separated by `/` or `,`; a row without spaces is one grapheme a face.
//! - Bare: N² graphemes with no `/`, `,` or spaces are an N×N board, row by row
//!   (`perslatgsineters` is 4×4). A one-row board is written with spaces (`A T E E`).
//!
//! `#` and `_` are blank cells. Faces are kept as written; normalizing them against a
//! dictionary's profile is the solver's business.
//!
//! ```
//! use polyboggle::Board;
//!
//! let board: Board = "ATEE/APYO/TINU/EDSE".parse()?;
//! assert_eq!((board.rows(), board.cols()), (4, 4));
//! assert_eq!(board.face(1, 2).text(), "Y");
//!
//! let record: Board = "perslatgsineters".parse()?;
//! assert_eq!((record.rows(), record.cols()), (4, 4));
//! assert_eq!(record.inline(), "PERS/LATG/SINE/TERS".to_lowercase());
//!
//! let spanish: Board = "LL A M A / # R O S".parse()?;
//! assert_eq!(spanish.face(0, 0).text(), "LL");
//! assert!(spanish.face(1, 0).is_blank());
//! # Ok::<(), polyboggle::BoardError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// The most cells a board may have (the solver's path stack is sized by it).
pub const MAX_CELLS: usize = 1024;

/// One die's upper face as written: a grapheme string, or blank.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Face(Option<String>);

impl Face {
    /// A face showing `text`; `#`, `_` and the empty string are blank.
    pub fn new(text: &str) -> Face {
        if is_blank(text) {
            Face(None)
        } else {
            Face(Some(text.to_string()))
        }
    }

    /// A blank face.
    pub fn blank() -> Face {
        Face(None)
    }

    /// Is no word allowed through this face?
    pub fn is_blank(&self) -> bool {
        self.0.is_none()
    }

    /// The face as written, or `#` for a blank.
    pub fn text(&self) -> &str {
        self.0.as_deref().unwrap_or("#")
    }
}

fn is_blank(text: &str) -> bool {
    matches!(text, "" | "#" | "_")
}

/// What is wrong with a board's text. Rows are numbered from 1, as people count.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No faces at all.
    #[error("the board is empty")]
    Empty,
    /// A row's length differs from the first row's.
    #[error("row {row} has {}, but row 1 has {expected}", counted(*found, "face", "faces"))]
    Ragged {
        /// The row (from 1).
        row: usize,
        /// Its number of faces.
        found: usize,
        /// The first row's.
        expected: usize,
    },
    /// An inline board with nothing between two row separators (`ATEE//APYO`).
    #[error("row {0} is empty (nothing between two `/` or `,`)")]
    EmptyRow(usize),
    /// A Princeton or Lab 6 header does not match the faces that follow.
    #[error("the header says {rows}×{cols} ({}) but {found} follow", counted(*expected, "face", "faces"))]
    Count {
        /// Rows in the header.
        rows: usize,
        /// Columns in the header.
        cols: usize,
        /// rows × cols.
        expected: usize,
        /// Faces found.
        found: usize,
    },
    /// A bare string of graphemes (no `/`, `,` or spaces) whose count is not a square.
    #[error(
        "{0} letters with no `/`, `,` or spaces is not a square board: write rows split by `/` \
         (ATEE/APYO/TINU/EDSE) or one row with spaces between faces (A T E E)"
    )]
    NotSquare(usize),
    /// More cells than [`MAX_CELLS`] (`usize::MAX` when the count overflows).
    #[error("the board has {0} cells; at most {MAX_CELLS} are supported")]
    TooLarge(usize),
    /// A face holding `/`, `,` or whitespace, which separate rows and faces: such a
    /// board could not be written back on one line.
    #[error(
        "row {row}, face {col}: '{face}' contains `/`, `,` or a space, which separate rows and \
         faces, not letters"
    )]
    Separator {
        /// The row (from 1).
        row: usize,
        /// The face's place in its row (from 1).
        col: usize,
        /// The face as written.
        face: String,
    },
}

/// "1 face", "2 faces": a count and its noun, singular for one (for messages).
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// An R×C grid of faces, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: usize,
    cols: usize,
    faces: Vec<Face>,
}

impl Board {
    /// Builds a board from its faces, row-major.
    pub fn new(rows: usize, cols: usize, faces: Vec<Face>) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty);
        }
        let Some(cells) = rows.checked_mul(cols) else {
            return Err(BoardError::TooLarge(usize::MAX));
        };
        if faces.len() != cells {
            return Err(BoardError::Count {
                rows,
                cols,
                expected: cells,
                found: faces.len(),
            });
        }
        if faces.len() > MAX_CELLS {
            return Err(BoardError::TooLarge(faces.len()));
        }
        let separator = |c: char| c == '/' || c == ',' || c.is_whitespace();
        if let Some(at) = faces.iter().position(|f| f.text().contains(separator)) {
            return Err(BoardError::Separator {
                row: at / cols + 1,
                col: at % cols + 1,
                face: faces[at].text().into(),
            });
        }
        Ok(Board { rows, cols, faces })
    }

    /// Builds a board from rows of faces, checking they are equally long.
    pub fn from_rows(rows: Vec<Vec<Face>>) -> Result<Board, BoardError> {
        let rows: Vec<Vec<Face>> = rows.into_iter().filter(|r| !r.is_empty()).collect();
        let expected = rows.first().map_or(0, Vec::len);
        if let Some((i, row)) = rows.iter().enumerate().find(|(_, r)| r.len() != expected) {
            return Err(BoardError::Ragged {
                row: i + 1,
                found: row.len(),
                expected,
            });
        }
        let n = rows.len();
        Board::new(n, expected, rows.into_iter().flatten().collect())
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The face at (row, col), zero-based.
    pub fn face(&self, row: usize, col: usize) -> &Face {
        &self.faces[row * self.cols + col]
    }

    /// All faces, row-major.
    pub fn faces(&self) -> &[Face] {
        &self.faces
    }

    /// The faces' text, a list a row (the `board` field of the JSON forms).
    pub fn face_rows(&self) -> Vec<Vec<&str>> {
        self.faces
            .chunks(self.cols)
            .map(|row| row.iter().map(Face::text).collect())
            .collect()
    }

    /// The board on one line, in the form that parses back to it: rows joined by `/`,
    /// faces separated by spaces when any face has more than one grapheme (or the
    /// board is one row, or faces written together would fuse into one grapheme, like
    /// a letter and a lone combining accent), otherwise written together
    /// (`ATEE/APYO/TINU/EDSE`). A one-row board starting with numbers (`7`, `3 4 A`)
    /// ends with `/`, so it does not read as a Lab 6 or Princeton header; a one-column
    /// board with a face of several graphemes is written in the Princeton form on one
    /// line (`2 1 Qu A`).
    ///
    /// ```
    /// use polyboggle::Board;
    ///
    /// let board: Board = "Qu A/B #".parse()?;
    /// assert_eq!(board.inline(), "Qu A/B #");
    /// assert_eq!(board.inline().parse::<Board>()?, board);
    /// # Ok::<(), polyboggle::BoardError>(())
    /// ```
    pub fn inline(&self) -> String {
        let fused = |row: &[Face]| {
            let joined: String = row.iter().map(Face::text).collect();
            joined.graphemes(true).count() != row.len()
        };
        let several = |face: &Face| face.text().graphemes(true).nth(1).is_some();
        let spaced = self.rows == 1
            || self.faces.iter().any(several)
            || self.faces.chunks(self.cols).any(fused);
        if self.cols == 1 && self.faces.iter().any(several) {
            // A row of one face of several graphemes would read as several faces:
            // write the Princeton form on one line instead.
            let faces: Vec<&str> = self.faces.iter().map(Face::text).collect();
            return format!("{} 1 {}", self.rows, faces.join(" "));
        }
        let join = if spaced { " " } else { "" };
        let mut text = self
            .faces
            .chunks(self.cols)
            .map(|row| row.iter().map(Face::text).collect::<Vec<_>>().join(join))
            .collect::<Vec<_>>()
            .join("/");
        let number = |face: &Face| face.text().parse::<usize>().is_ok();
        let header_like = self.rows == 1 && self.faces.iter().take(2).all(number);
        if header_like {
            text.push('/');
        }
        text
    }

    /// Sets the face of `cell` (row-major index), reusing the old face's memory.
    pub fn set_face(&mut self, cell: usize, face: &Face) {
        self.faces[cell].clone_from(face);
    }

    /// The cells next to `cell` (row-major index), in the 8-neighbourhood.
    pub fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = ((cell / self.cols) as isize, (cell % self.cols) as isize);
        (-1..=1)
            .flat_map(move |dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
            .filter(move |&(nr, nc)| {
                (nr, nc) != (r, c)
                    && (0..self.rows as isize).contains(&nr)
                    && (0..self.cols as isize).contains(&nc)
            })
            .map(move |(nr, nc)| nr as usize * self.cols + nc as usize)
    }
}

impl FromStr for Board {
    type Err = BoardError;

    /// Parses any of the board forms (see the module documentation).
    fn from_str(text: &str) -> Result<Board, BoardError> {
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let Some(first) = lines.first() else {
            return Err(BoardError::Empty);
        };
        let head: Vec<&str> = first.split_whitespace().collect();
        if let Some((rows, cols)) = princeton_on_one_line(&lines, &head) {
            let faces: Vec<Face> = head[2..].iter().map(|t| Face::new(t)).collect();
            return Board::new(rows, cols, faces);
        }
        let numbers: Option<Vec<usize>> = head.iter().map(|t| t.parse().ok()).collect();
        match numbers.as_deref() {
            Some(&[rows, cols]) => {
                let faces: Vec<Face> = text.split_whitespace().skip(2).map(Face::new).collect();
                Board::new(rows, cols, faces)
            }
            Some(&[n]) => {
                let rows: Vec<Vec<Face>> = lines[1..].iter().map(|l| parse_row(l)).collect();
                let found = rows.iter().map(Vec::len).sum();
                let Some(expected) = n.checked_mul(n) else {
                    return Err(BoardError::TooLarge(usize::MAX));
                };
                let count = BoardError::Count {
                    rows: n,
                    cols: n,
                    expected,
                    found,
                };
                if rows.is_empty() {
                    return Err(count);
                }
                let board = Board::from_rows(rows)?;
                if (board.rows, board.cols) != (n, n) {
                    return Err(count);
                }
                Ok(board)
            }
            _ if lines.len() == 1 && first.contains(['/', ',']) => {
                let mut rows: Vec<Vec<Face>> = first.split(['/', ',']).map(parse_row).collect();
                // One separator may end the board (a one-row board of numbers needs it).
                if rows.len() > 1 && rows.last().is_some_and(Vec::is_empty) {
                    rows.pop();
                }
                if let Some(i) = rows.iter().position(Vec::is_empty) {
                    return Err(BoardError::EmptyRow(i + 1));
                }
                Board::from_rows(rows)
            }
            _ if lines.len() == 1 && !first.contains(char::is_whitespace) => parse_bare(first),
            _ => Board::from_rows(lines.iter().map(|l| parse_row(l)).collect()),
        }
    }
}

/// The Princeton form written on one line (`2 1 Qu A`): `m n` and exactly `m*n` faces,
/// with no `/` or `,` (a one-row board of numbers written inline ends with `/`).
fn princeton_on_one_line(lines: &[&str], head: &[&str]) -> Option<(usize, usize)> {
    if lines.len() != 1 || lines[0].contains(['/', ',']) || head.len() < 3 {
        return None;
    }
    let (rows, cols) = (
        head[0].parse::<usize>().ok()?,
        head[1].parse::<usize>().ok()?,
    );
    let cells = rows.checked_mul(cols)?;
    (cells.checked_add(2)? == head.len()).then_some((rows, cols))
}

/// A bare string of N² graphemes: an N×N board, row by row.
fn parse_bare(text: &str) -> Result<Board, BoardError> {
    let faces: Vec<Face> = text.graphemes(true).map(Face::new).collect();
    let side = faces.len().isqrt();
    if side * side != faces.len() {
        return Err(BoardError::NotSquare(faces.len()));
    }
    Board::new(side, side, faces)
}

/// One row: whitespace-separated faces, or one grapheme a face when it has no spaces.
fn parse_row(row: &str) -> Vec<Face> {
    let row = row.trim();
    if row.contains(char::is_whitespace) {
        row.split_whitespace().map(Face::new).collect()
    } else {
        row.graphemes(true).map(Face::new).collect()
    }
}

impl fmt::Display for Board {
    /// Rows of faces, columns aligned by display width (wide CJK faces count two).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .faces
            .iter()
            .map(|face| face.text().width())
            .max()
            .unwrap_or(1);
        for r in 0..self.rows {
            let cells: Vec<String> = (0..self.cols)
                .map(|c| {
                    let text = self.face(r, c).text();
                    let pad = width - text.width();
                    format!("{text}{}", " ".repeat(pad))
                })
                .collect();
            writeln!(f, "{}", cells.join(" ").trim_end())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
