//! Words within an edit distance of a given word: Levenshtein distance counted in
//! letters (grapheme clusters), so `ñ` for `n` is one edit and `क्ष` one letter.
//!
//! The walk carries one row of the edit-distance table per letter of the word so
//! far (the classic trie search): a branch ends as soon as every entry of its row
//! exceeds the distance.

use super::faces::{self, Face};
use super::walk::Matcher;

/// The largest distance a fuzzy query accepts: beyond it most of a dictionary is
/// within reach of any short word, and the walk visits nearly all of it.
pub const MAX_DISTANCE: u32 = 4;

/// Words at most `distance` edits from `target`.
#[derive(Debug)]
pub(crate) struct Fuzzy {
    target: Face,
    distance: u8,
}

impl Fuzzy {
    /// `target` is a normalized key; `distance` at most [`MAX_DISTANCE`].
    pub fn new(target: &str, distance: u32) -> Fuzzy {
        debug_assert!(distance <= MAX_DISTANCE);
        Fuzzy {
            target: faces::clusters(target),
            distance: distance as u8,
        }
    }
}

impl Matcher for Fuzzy {
    /// The row: the distance from the word so far to each prefix of the target.
    type State = Vec<u8>;

    fn start(&self) -> Vec<u8> {
        (0..=self.target.len()).map(|i| i.min(255) as u8).collect()
    }

    fn step(&self, row: &Vec<u8>, cluster: &str) -> Option<Vec<u8>> {
        let mut next = Vec::with_capacity(row.len());
        next.push(row[0].saturating_add(1));
        for (j, letter) in self.target.iter().enumerate() {
            let substitute = row[j].saturating_add(u8::from(letter != cluster));
            let cost = substitute
                .min(row[j + 1].saturating_add(1))
                .min(next[j].saturating_add(1));
            next.push(cost);
        }
        next.iter().any(|&d| d <= self.distance).then_some(next)
    }

    fn accepts(&self, row: &Vec<u8>) -> bool {
        row.last().is_some_and(|&d| d <= self.distance)
    }
}
