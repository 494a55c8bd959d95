//! Scored word lists, the form constructors share: one entry a line, `word;score` or a
//! word alone (score [`PLAIN_SCORE`]). Spaces, hyphens, apostrophes and periods inside an
//! entry are dropped (`A LOT;50` is `ALOT`); an entry holding any other non-letter
//! (a digit) is skipped, and counted.

use std::fmt;

use unicode_normalization::char::is_combining_mark;

/// The score of a word given without one (the middle of the usual 0–100 scale).
pub const PLAIN_SCORE: i32 = 50;

/// One entry of a scored list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredWord {
    /// The entry's letters, as written (spaces and hyphens dropped).
    pub word: String,
    /// Its score: higher is better.
    pub score: i32,
}

/// A list that could not be read: the line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for ListError {}

/// A parsed list: its entries and how many lines were skipped (an entry with a digit or
/// another non-letter).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScoredList {
    /// The entries, in file order.
    pub words: Vec<ScoredWord>,
    /// Lines skipped.
    pub skipped: usize,
}

/// Parses a scored list. A score that is not a whole number is an error naming the
/// line; so is a list with no entry.
///
/// ```
/// use polyboggle_crossword::fill::{parse_scored_list, PLAIN_SCORE};
///
/// let list = parse_scored_list("lemon;60\nA LOT;45\nr2d2;50\nmelon\n")?;
/// let words: Vec<(&str, i32)> = list.words.iter().map(|w| (w.word.as_str(), w.score)).collect();
/// assert_eq!(words, [("lemon", 60), ("ALOT", 45), ("melon", PLAIN_SCORE)]);
/// assert_eq!(list.skipped, 1);
/// assert_eq!(parse_scored_list("cat;x").unwrap_err().to_string(), "line 1: score \"x\" is not a whole number");
/// # Ok::<(), polyboggle_crossword::fill::ListError>(())
/// ```
pub fn parse_scored_list(text: &str) -> Result<ScoredList, ListError> {
    let text = polyboggle::normalize::skip_byte_order_mark(text);
    let mut list = ScoredList::default();
    for (i, line) in text.lines().enumerate() {
        let (word, score) = match line.rsplit_once(';') {
            Some((word, score)) => {
                let score = score.trim();
                let parsed = score.parse::<i32>().map_err(|_| ListError {
                    line: i + 1,
                    reason: format!("score {score:?} is not a whole number"),
                })?;
                (word.trim(), parsed)
            }
            None => (line.trim(), PLAIN_SCORE),
        };
        if word.is_empty() {
            continue;
        }
        let word = if word.bytes().all(|b| b.is_ascii_alphabetic()) {
            word.to_string()
        } else {
            let kept: String = word
                .chars()
                .filter(|c| !matches!(c, ' ' | '-' | '\'' | '\u{2019}' | '.'))
                .collect();
            if kept.is_empty() || !kept.chars().all(is_letter) {
                list.skipped += 1;
                continue;
            }
            kept
        };
        list.words.push(ScoredWord { word, score });
    }
    if list.words.is_empty() {
        return Err(ListError {
            line: 1,
            reason: "no words (the list is empty)".into(),
        });
    }
    Ok(list)
}

/// Letters, combining marks, and the joiners Indic scripts need.
fn is_letter(c: char) -> bool {
    c.is_alphabetic() || is_combining_mark(c) || c == '\u{200C}' || c == '\u{200D}'
}
