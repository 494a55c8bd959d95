//! Lines of a boards file for property tests: letters, and the pieces that must send a
//! line to the board parser (the core's boards tests and the command's bench tests).

use polyboggle::batch::Packed;
use polyboggle::{Board, Face};
use proptest::prelude::*;

pub const LETTERS: &[&str] = &["a", "e", "s", "t", "r", "q", "Q", "E", "S", "Z"];

/// What may be swapped into a line of letters: row separators, spaces, blanks, digits,
/// and non-ASCII letters, marks and spaces, which must send a line to the parser.
pub const PIECES: &[&str] = &[
    "/",
    ",",
    " ",
    "\t",
    "#",
    "_",
    "1",
    "Qu",
    "ñ",
    "é",
    "\u{301}",
    "क्ष",
    "ई",
    "\u{a0}",
];

/// A board of letters as a boards file writes it: bare (square or not), or rows split
/// by `/` or `,`, maybe ending with one, maybe padded with spaces.
pub fn letters_line() -> impl Strategy<Value = String> {
    let shape = (1usize..=5, 1usize..=5);
    let form = prop::sample::select(&["", "/", ","][..]);
    (shape, form, any::<bool>(), any::<bool>()).prop_flat_map(|((rows, cols), split, end, pad)| {
        prop::collection::vec(prop::sample::select(LETTERS), rows * cols).prop_map(move |letters| {
            let rows: Vec<String> = letters.chunks(cols).map(|row| row.concat()).collect();
            let mut line = rows.join(split);
            if end {
                line.push_str(split);
            }
            match pad {
                true => format!("  {line}\t"),
                false => line,
            }
        })
    })
}

pub fn line() -> impl Strategy<Value = String> {
    let noisy = (
        letters_line(),
        any::<prop::sample::Index>(),
        prop::sample::select(PIECES),
    )
        .prop_map(|(line, at, piece)| {
            let mut chars: Vec<String> = line.chars().map(String::from).collect();
            let at = at.index(chars.len());
            chars[at] = piece.to_string();
            chars.concat()
        });
    let pieces = prop::sample::select([LETTERS, PIECES].concat());
    let scraps = prop::collection::vec(pieces, 0..20).prop_map(|p| p.concat());
    prop_oneof![4 => letters_line(), 3 => noisy, 1 => scraps]
}

/// Is the board one ASCII letter a face?
pub fn of_letters(board: &Board) -> bool {
    let letter = |f: &Face| f.text().len() == 1 && f.text().as_bytes()[0].is_ascii_alphabetic();
    board.faces().iter().all(letter)
}

/// Each run's shape, face table and cells (a board alone: its inline form).
pub fn runs(packed: &[Packed]) -> Vec<String> {
    packed
        .iter()
        .map(|run| match run {
            Packed::Batch(b) => {
                let faces: Vec<&str> = b.faces().iter().map(Face::text).collect();
                format!("{:?} {faces:?} {:?}", b.shape(), b.cells())
            }
            Packed::Alone(b) => b.inline(),
        })
        .collect()
}
