//! Words within an edit distance of a given word: Levenshtein distance counted in
//! letters (grapheme clusters), so `ñ` for `n` is one edit and `क्ष` one letter.
//!
//! The walk carries what it knows of the edit-distance table's row for the word so
//! far (the classic trie search), but only the row's *band*: after `i` letters the
//! distance to the target's first `j` letters is at least `|i - j|`, so only the
//! `2d + 1` entries with `j` within `d` of `i` can be at most the distance `d`, and
//! every entry above `d` is as good as `d + 1`. The state is then a few bytes,
//! whatever the target's length: a step costs a handful of comparisons and
//! allocates nothing, and a branch ends as soon as its band holds nothing within
//! the distance. Before the walk enters a letter it asks whether any letter that
//! starts so could keep the band alive (a look along the band, not a step), so a
//! dead letter costs no visit.

use std::cmp::Ordering;

use super::faces::{self, Face};
use super::walk::Matcher;

/// The largest distance a fuzzy query accepts: beyond it most of a dictionary is
/// within reach of any short word, and the walk visits nearly all of it.
pub const MAX_DISTANCE: u32 = 4;

/// The widest band: the entries within [`MAX_DISTANCE`] of the diagonal.
const BAND: usize = 2 * MAX_DISTANCE as usize + 1;

/// Words at most `distance` edits from `target`.
#[derive(Debug)]
pub(crate) struct Fuzzy {
    target: Face,
    /// Each target letter's first character, to tell most letters apart without
    /// comparing strings.
    first: Vec<char>,
    distance: u8,
}

/// The band of the row after `letters` letters: entry `k` is the distance to the
/// target's first `letters + k - d` letters, capped at `d + 1` (also where there
/// are no such letters); entries past `2d` are unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Row {
    letters: u32,
    band: [u8; BAND],
}

impl Fuzzy {
    /// `target` is a normalized key; `distance` at most [`MAX_DISTANCE`].
    pub fn new(target: &str, distance: u32) -> Fuzzy {
        debug_assert!(distance <= MAX_DISTANCE);
        let target = faces::clusters(target);
        Fuzzy {
            first: target
                .iter()
                .map(|l| l.chars().next().unwrap_or('\0'))
                .collect(),
            target,
            distance: distance as u8,
        }
    }

    /// Entries within the distance, as band positions `0..width`.
    fn width(&self) -> usize {
        2 * self.distance as usize + 1
    }

    /// The row after one more letter that costs `cost(j)` to put for the target's
    /// `j`th letter (0 or 1); `None` when no entry is within the distance.
    fn next(&self, row: &Row, cost: impl Fn(usize) -> u8) -> Option<Row> {
        let d = self.distance as usize;
        let cap = self.distance + 1;
        let letters = row.letters as usize + 1;
        let mut next = Row {
            letters: row.letters + 1,
            band: [cap; BAND],
        };
        let mut alive = false;
        for k in 0..self.width() {
            // The entry for the target's first `j` letters.
            let Some(j) = (letters + k).checked_sub(d) else {
                continue;
            };
            if j > self.target.len() {
                break;
            }
            // Put the letter for the target's `j`th (the old band's entry `k`), or
            // add it (the old entry `k + 1`), or drop the target's `j`th (the new
            // entry `k - 1`).
            let mut best = row.band.get(k + 1).map_or(cap, |&e| e + 1);
            if j > 0 {
                best = best.min(row.band[k] + cost(j - 1));
            }
            if k > 0 {
                best = best.min(next.band[k - 1] + 1);
            }
            let best = best.min(cap);
            next.band[k] = best;
            alive |= best < cap;
        }
        alive.then_some(next)
    }
}

impl Matcher for Fuzzy {
    type State = Row;

    fn start(&self) -> Row {
        let d = self.distance as usize;
        let mut band = [self.distance + 1; BAND];
        for (k, entry) in band.iter_mut().enumerate().take(self.width()).skip(d) {
            if k - d <= self.target.len() {
                *entry = (k - d) as u8;
            }
        }
        Row { letters: 0, band }
    }

    fn step(&self, row: &Row, cluster: &str) -> Option<Row> {
        let first = cluster.chars().next().unwrap_or('\0');
        self.next(row, |j| {
            u8::from(self.first[j] != first || self.target[j] != cluster)
        })
    }

    fn accepts(&self, row: &Row) -> bool {
        // The entry for the whole target: `letters + k - d` is its length.
        let k = (self.target.len() + self.distance as usize).checked_sub(row.letters as usize);
        k.is_some_and(|k| k < self.width() && row.band[k] <= self.distance)
    }

    /// Could a letter that starts with `partial` keep the row alive? Adding a
    /// letter costs one edit, so an entry below the distance survives any letter,
    /// and one at the distance only as a match: the letter must be the target's
    /// next on that entry's diagonal (the target's letter `letters + k - d`).
    fn may_start(&self, row: &Row, partial: &str) -> bool {
        let first = partial.chars().next().unwrap_or('\0');
        let d = self.distance as usize;
        (0..self.width()).any(|k| match row.band[k].cmp(&self.distance) {
            Ordering::Less => true,
            Ordering::Equal => (row.letters as usize + k)
                .checked_sub(d)
                .filter(|&j| j < self.target.len())
                .is_some_and(|j| self.first[j] == first && self.target[j].starts_with(partial)),
            Ordering::Greater => false,
        })
    }
}

/// The edit distance between two words of letters by the plain dynamic programme:
/// the reference the fuzzy walk is tested and fuzzed against.
#[cfg(any(test, feature = "fuzzing"))]
#[doc(hidden)]
pub fn edit_distance<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.iter().enumerate() {
        let mut next = vec![i + 1];
        for (j, y) in b.iter().enumerate() {
            next.push(
                (row[j] + usize::from(x != y))
                    .min(row[j + 1] + 1)
                    .min(next[j] + 1),
            );
        }
        row = next;
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distance_within(target: &str, word: &str, distance: u32) -> bool {
        let fuzzy = Fuzzy::new(target, distance);
        let mut row = fuzzy.start();
        for letter in faces::clusters(word) {
            match fuzzy.step(&row, &letter) {
                Some(next) => row = next,
                None => return false,
            }
        }
        fuzzy.accepts(&row)
    }

    #[test]
    fn counts_edits_in_letters_past_the_band() {
        assert!(distance_within("kot", "kot", 0));
        assert!(!distance_within("kot", "kit", 0));
        assert!(distance_within("kot", "kit", 1));
        assert!(distance_within("kot", "", 3));
        assert!(!distance_within("kot", "", 2));
        assert!(distance_within("", "abcd", 4));
        assert!(!distance_within("", "abcde", 4));
        // A long target: the band slides along it.
        assert!(distance_within(
            "konstantynopolitańczykowianeczka",
            "konstantynopolitanczykowianeczek",
            3
        ));
        assert!(!distance_within(
            "konstantynopolitańczykowianeczka",
            "konstantynopolitanczykowianeczek",
            2
        ));
        assert!(distance_within("aक्षb", "ab", 1));
        assert!(!distance_within("aक्षb", "a्b", 1));
    }
}
