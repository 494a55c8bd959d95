//! The inputs of a crossword: word lists (one answer a line, an optional clue after a
//! tab), pins (`WORD@ROW,COL,across|down`), and the letters a word puts in its cells.
//!
//! Parsing is pure (text in, values or an error naming the line or pin out), so it can be
//! fuzzed on its own. Normalization happens later, in [`Letters::new`].

use std::fmt;
use std::str::FromStr;

use unicode_bidi::BidiClass;
use unicode_normalization::char::is_combining_mark;
use unicode_segmentation::UnicodeSegmentation;

use polyboggle::Profile;

/// Which way a word runs on the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Along a row: left to right, or right to left for a right-to-left script.
    Across,
    /// Down a column, top to bottom, in every script.
    Down,
}

impl Direction {
    /// `across` or `down`, as the contract spells it.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Across => "across",
            Direction::Down => "down",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One line of a word list: the answer as written and its clue, if the line gave one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The answer, trimmed, as written in the file.
    pub word: String,
    /// The clue after a tab, if any.
    pub clue: Option<String>,
    /// The line number in the file (1-based); 0 for a word that only a pin named.
    pub line: usize,
}

/// Why a word list was refused. Each variant names the line it is about.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WordListError {
    /// No line held a word.
    #[error("no words (the list is empty)")]
    Empty,
    /// A line held two words.
    #[error("line {line}: {word:?} holds a space (one word a line; a clue goes after a tab)")]
    Space {
        /// The 1-based line number.
        line: usize,
        /// The line's answer as written.
        word: String,
    },
    /// A line held a digit, a hyphen, an apostrophe or another non-letter.
    #[error("line {line}: {word:?} holds {found:?}, which is not a letter")]
    NotLetters {
        /// The 1-based line number.
        line: usize,
        /// The line's answer as written.
        word: String,
        /// The first character that is not a letter.
        found: char,
    },
    /// A line had a clue after a tab but no answer before it.
    #[error("line {line}: a clue with no word before the tab")]
    NoWord {
        /// The 1-based line number.
        line: usize,
    },
}

/// Parses a word list: one answer a line, optionally followed by a tab and its clue.
/// Blank lines are skipped; a byte-order mark is ignored. Duplicates are kept here (the
/// generator lists them as dropped, naming the line they repeat).
///
/// ```
/// use polyboggle_crossword::{parse_word_list, WordListError};
///
/// let entries = parse_word_list("shalom\tPeace, in Hebrew\n\nשלום\n")?;
/// assert_eq!(entries[0].clue.as_deref(), Some("Peace, in Hebrew"));
/// assert_eq!((entries[1].word.as_str(), entries[1].line), ("שלום", 3));
/// assert_eq!(
///     parse_word_list("cat\nr2d2\n").unwrap_err().to_string(),
///     "line 2: \"r2d2\" holds '2', which is not a letter"
/// );
/// # Ok::<(), WordListError>(())
/// ```
pub fn parse_word_list(text: &str) -> Result<Vec<Entry>, WordListError> {
    let text = polyboggle::normalize::skip_byte_order_mark(text);
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let (word, clue) = match line.split_once('\t') {
            Some((word, clue)) => (word.trim(), Some(clue.trim())),
            None => (line.trim(), None),
        };
        if word.is_empty() {
            if clue.is_some_and(|c| !c.is_empty()) {
                return Err(WordListError::NoWord { line: line_no });
            }
            continue;
        }
        check_letters(word, line_no)?;
        entries.push(Entry {
            word: word.to_string(),
            clue: clue.filter(|c| !c.is_empty()).map(String::from),
            line: line_no,
        });
    }
    if entries.is_empty() {
        return Err(WordListError::Empty);
    }
    Ok(entries)
}

fn check_letters(word: &str, line: usize) -> Result<(), WordListError> {
    if word.chars().any(char::is_whitespace) {
        return Err(WordListError::Space {
            line,
            word: word.into(),
        });
    }
    match word.chars().find(|&c| !is_letter(c)) {
        Some(found) => Err(WordListError::NotLetters {
            line,
            word: word.into(),
            found,
        }),
        None => Ok(()),
    }
}

/// Letters, combining marks, and the joiners Indic scripts need.
fn is_letter(c: char) -> bool {
    c.is_alphabetic() || is_combining_mark(c) || c == '\u{200C}' || c == '\u{200D}'
}

/// A word placed by hand: its first letter (in reading order) at `row`, `col`
/// (zero-based, as in the JSON output), running `direction`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pin {
    /// The word, as typed.
    pub word: String,
    /// Row of the first letter, zero-based from the top.
    pub row: usize,
    /// Column of the first letter, zero-based from the left as drawn. For a right-to-left
    /// word placed across, this is its right-most cell.
    pub col: usize,
    /// Across or down.
    pub direction: Direction,
}

/// Why a `--pin` was refused; names the pin as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--pin {pin:?}: {reason}")]
pub struct PinError {
    /// The pin as written.
    pub pin: String,
    /// What is wrong with it.
    pub reason: String,
}

/// Parses a pin: `WORD@ROW,COL,across|down` (also `a`/`d`; zero-based row and column).
///
/// ```
/// use polyboggle_crossword::{parse_pin, Direction};
///
/// let pin = parse_pin("shalom@0,3,across")?;
/// assert_eq!((pin.row, pin.col, pin.direction), (0, 3, Direction::Across));
/// assert!(parse_pin("shalom@0,3").is_err());
/// # Ok::<(), polyboggle_crossword::PinError>(())
/// ```
pub fn parse_pin(text: &str) -> Result<Pin, PinError> {
    let fail = |reason: &str| PinError {
        pin: text.to_string(),
        reason: reason.to_string(),
    };
    const SHAPE: &str = "expected WORD@ROW,COL,across|down";
    let (word, place) = text.rsplit_once('@').ok_or_else(|| fail(SHAPE))?;
    let word = word.trim();
    if word.is_empty() {
        return Err(fail("no word before '@'"));
    }
    if let Err(e) = check_letters(word, 0) {
        let reason = match e {
            WordListError::NotLetters { found, .. } => format!("{found:?} is not a letter"),
            _ => "the word holds a space".to_string(),
        };
        return Err(fail(&reason));
    }
    let parts: Vec<&str> = place.split(',').map(str::trim).collect();
    let [row, col, direction] = parts[..] else {
        return Err(fail(SHAPE));
    };
    let number = |s: &str, what: &str| {
        s.parse::<usize>()
            .map_err(|_| fail(&format!("{what} {s:?} is not a number (zero-based)")))
    };
    let direction = match direction.to_ascii_lowercase().as_str() {
        "across" | "a" => Direction::Across,
        "down" | "d" => Direction::Down,
        _ => {
            return Err(fail(&format!(
                "direction {direction:?} is not across or down"
            )))
        }
    };
    Ok(Pin {
        word: word.to_string(),
        row: number(row, "row")?,
        col: number(col, "column")?,
        direction,
    })
}

impl FromStr for Pin {
    type Err = PinError;
    fn from_str(s: &str) -> Result<Pin, PinError> {
        parse_pin(s)
    }
}

/// A word's cells: one extended grapheme cluster of its normalized key per cell, shown
/// in upper case, and compared after the crossword folds ([`fold_letter`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letters {
    /// The normalized key (the dictionary key under the profile).
    pub key: String,
    /// Each cell's letter as printed (upper case).
    pub shown: Vec<String>,
    /// Each cell's letter as compared at a crossing.
    pub folded: Vec<String>,
    /// Does the word run right to left (its first strong character is R or AL)?
    pub rtl: bool,
}

impl Letters {
    /// Splits `word` into cells under `profile`.
    ///
    /// ```
    /// use polyboggle_crossword::Letters;
    /// use polyboggle::Profile;
    ///
    /// let hindi = Letters::new("क्षमा", &Profile::default());
    /// assert_eq!(hindi.shown, ["क्ष", "मा"]);
    /// let hebrew = Letters::new("שלום", &Profile::default());
    /// assert!(hebrew.rtl);
    /// assert_eq!(hebrew.folded[3], "מ"); // final mem compares as mem
    /// assert_eq!(Letters::new("Straße", &Profile::default()).shown.len(), 7);
    /// ```
    pub fn new(word: &str, profile: &Profile) -> Letters {
        let key = profile.key(word);
        let cells: Vec<&str> = key.graphemes(true).collect();
        Letters {
            shown: cells.iter().map(|c| profile.display(c)).collect(),
            folded: cells.iter().map(|c| fold_letter(c)).collect(),
            rtl: is_rtl(&key),
            key,
        }
    }
}

/// The crossword fold of one cell, applied after the profile: Hebrew final forms
/// compare as their other forms (the table of languages' fold,
/// [`polyboggle_languages::final_letter_as_other`]). Case folding has already made
/// Greek final `ς` into `σ` and German `ß` into `ss` (two cells, as German puzzles
/// write it).
pub fn fold_letter(cell: &str) -> String {
    cell.chars()
        .map(polyboggle_languages::final_letter_as_other)
        .collect()
}

/// Right to left when the first character with a strong direction is R or AL.
pub fn is_rtl(text: &str) -> bool {
    for c in text.chars() {
        match unicode_bidi::bidi_class(c) {
            BidiClass::R | BidiClass::AL => return true,
            BidiClass::L => return false,
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_list_errors_name_the_line() {
        assert_eq!(parse_word_list(""), Err(WordListError::Empty));
        assert_eq!(parse_word_list("\u{feff}\n  \n"), Err(WordListError::Empty));
        assert_eq!(
            parse_word_list("cat\nice cream\n").unwrap_err().to_string(),
            "line 2: \"ice cream\" holds a space (one word a line; a clue goes after a tab)"
        );
        assert_eq!(
            parse_word_list("don't").unwrap_err(),
            WordListError::NotLetters {
                line: 1,
                word: "don't".into(),
                found: '\''
            }
        );
        assert_eq!(
            parse_word_list("cat\n\tclue"),
            Err(WordListError::NoWord { line: 2 })
        );
    }

    #[test]
    fn clues_follow_a_tab() {
        let entries = parse_word_list("\u{feff}dog\t  A pet \ncat\t\n").unwrap();
        assert_eq!(entries[0].word, "dog");
        assert_eq!(entries[0].clue.as_deref(), Some("A pet"));
        assert_eq!(entries[1].clue, None);
    }

    #[test]
    fn pins_parse_or_say_why_not() {
        let pin = parse_pin("שלום@2,10,down").unwrap();
        assert_eq!(pin.word, "שלום");
        assert_eq!((pin.row, pin.col, pin.direction), (2, 10, Direction::Down));
        assert_eq!(parse_pin("cat@1,2,A").unwrap().direction, Direction::Across);
        for (bad, says) in [
            ("cat", "expected WORD@ROW,COL"),
            ("@1,2,across", "no word"),
            ("cat@1,2", "expected WORD@ROW,COL"),
            ("cat@x,2,down", "row \"x\" is not a number"),
            ("cat@1,-2,down", "column \"-2\" is not a number"),
            ("cat@1,2,up", "direction \"up\""),
            ("c4t@1,2,down", "'4' is not a letter"),
        ] {
            let err = parse_pin(bad).unwrap_err().to_string();
            assert!(err.starts_with(&format!("--pin {bad:?}: ")), "{err}");
            assert!(err.contains(says), "{bad}: {err}");
        }
    }

    proptest::proptest! {
        /// The parsers never panic, and what they accept holds no blank or non-letter.
        #[test]
        fn parsers_take_any_text(text in "\\PC{0,40}", raw in proptest::collection::vec(proptest::num::u8::ANY, 0..40)) {
            let lossy = String::from_utf8_lossy(&raw);
            for input in [text.as_str(), &lossy] {
                if let Ok(entries) = parse_word_list(input) {
                    for e in entries {
                        proptest::prop_assert!(e.line >= 1 && !e.word.is_empty());
                        proptest::prop_assert!(e.word.chars().all(is_letter));
                    }
                }
                if let Ok(pin) = parse_pin(input) {
                    proptest::prop_assert!(pin.word.chars().all(is_letter));
                }
                let _ = parse_pin(&format!("{input}@1,2,down"));
            }
        }
    }

    #[test]
    fn cells_are_grapheme_clusters() {
        let p = Profile::default();
        assert_eq!(Letters::new("Straße", &p).shown.concat(), "STRASSE");
        let greek = Letters::new("λόγος", &Profile::for_language("el").unwrap());
        assert_eq!(greek.folded, ["λ", "ο", "γ", "ο", "σ"]);
        assert_eq!(Letters::new("नुक्सान", &p).shown, ["नु", "क्सा", "न"]);
        assert!(is_rtl("سلام") && !is_rtl("abc") && !is_rtl("123"));
    }
}
