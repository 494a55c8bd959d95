//! Tiers: how common each word is, kept as a small number beside it in a compiled
//! dictionary, so a computer player can find only the words people know and a dice
//! designer can count common words.
//!
//! Tier 1 holds the commonest words, higher tiers rarer ones, and tier 0 the words no
//! tier list names. Tiers come from one of two sources:
//! - a **ranked list** (one word a line, most common first, optionally followed by a
//!   count that then orders the lines): its words fall into rank buckets,
//!   [`RANK_BOUNDS`] (the 1,000 commonest words are tier 1, the next 2,000 tier 2, ...);
//! - **several lists**, the commonest first (nursery rhymes, then a textbook's
//!   words, then common words): list `i` is tier `i + 1`, a word taking its first list.
//!
//! Words are normalized with the dictionary's profile, as the word list is. This
//! module only reads tier lists; [`crate::lexicon`] stores the tiers.
//!
//! ```
//! use polyboggle::tiers::{TierRange, Tiers};
//! use polyboggle::Profile;
//!
//! let tiers = Tiers::from_lists(&[("easy", "cat dog"), ("hard", "Dog emu")], &Profile::default())?;
//! assert_eq!((tiers.tier("dog"), tiers.tier("emu"), tiers.tier("yak")), (1, 2, 0));
//! let easy_to_medium: TierRange = "1..2".parse()?;
//! assert!(easy_to_medium.contains(2) && !easy_to_medium.contains(0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::str::FromStr;

use crate::{Lexicon, Profile};

/// The rank buckets of a ranked list: a word of rank `r` (0 the commonest) is in
/// the first tier whose bound exceeds `r`; ranks past the last bound are the last
/// tier.
pub const RANK_BOUNDS: [u64; 5] = [1_000, 3_000, 10_000, 30_000, 100_000];

/// The most tiers a dictionary may have.
pub const MAX_TIERS: usize = 250;

/// What is wrong with a tier list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TierError {
    /// A line of a ranked list whose count is not a number.
    #[error("{origin}: line {line}: expected a word and optionally a count, found '{text}'")]
    Line {
        /// The file.
        origin: String,
        /// The line, from 1.
        line: usize,
        /// The line's text.
        text: String,
    },
    /// More lists than tiers.
    #[error("{0} tier lists, at most {MAX_TIERS}")]
    TooMany(usize),
    /// A tier range that does not parse.
    #[error("tiers '{0}': expected A..B, A.., ..B or A (tiers from 1)")]
    Range(String),
}

/// Each word's tier, by key.
#[derive(Clone, Debug, Default)]
pub struct Tiers {
    by_key: HashMap<String, u8>,
    count: u8,
    origin: String,
}

impl Tiers {
    /// Reads a ranked list (`origin` names it in errors).
    pub fn ranked(text: &str, origin: &str, profile: &Profile) -> Result<Tiers, TierError> {
        let mut lines = Vec::new();
        let mut counted = true;
        for (n, line) in text.lines().enumerate() {
            let mut fields = line.split_whitespace();
            let Some(word) = fields.next() else { continue };
            if word.starts_with('#') {
                continue;
            }
            let count = match (fields.next(), fields.next()) {
                (None, _) => {
                    counted = false;
                    0.0
                }
                (Some(count), None) => count
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite())
                    .ok_or_else(|| TierError::Line {
                        origin: origin.into(),
                        line: n + 1,
                        text: line.trim().into(),
                    })?,
                _ => {
                    return Err(TierError::Line {
                        origin: origin.into(),
                        line: n + 1,
                        text: line.trim().into(),
                    })
                }
            };
            lines.push((word, count));
        }
        if counted {
            // Stable: equal counts keep the list's order.
            lines.sort_by(|a, b| b.1.total_cmp(&a.1));
        }
        let mut tiers = Tiers {
            count: RANK_BOUNDS.len() as u8 + 1,
            origin: origin.into(),
            ..Tiers::default()
        };
        for (word, _) in lines {
            // What no dictionary can hold (numbers, "don't") takes no rank.
            let key = profile.key(word);
            if crate::normalize::word_len(&key).is_err() {
                continue;
            }
            let rank = tiers.by_key.len() as u64;
            let tier = RANK_BOUNDS
                .iter()
                .position(|&b| rank < b)
                .unwrap_or(RANK_BOUNDS.len());
            tiers.by_key.entry(key).or_insert(tier as u8 + 1);
        }
        Ok(tiers)
    }

    /// Reads several lists, `(origin, text)`, the commonest first: list `i` is
    /// tier `i + 1`.
    pub fn from_lists(lists: &[(&str, &str)], profile: &Profile) -> Result<Tiers, TierError> {
        if lists.len() > MAX_TIERS {
            return Err(TierError::TooMany(lists.len()));
        }
        let mut tiers = Tiers {
            count: lists.len() as u8,
            origin: lists.iter().map(|l| l.0).collect::<Vec<_>>().join(", "),
            ..Tiers::default()
        };
        for (i, (_, text)) in lists.iter().enumerate() {
            for word in text.split_whitespace() {
                tiers.by_key.entry(profile.key(word)).or_insert(i as u8 + 1);
            }
        }
        Ok(tiers)
    }

    /// The tier of a normalized key: 0 when no list names it.
    pub fn tier(&self, key: &str) -> u8 {
        self.by_key.get(key).copied().unwrap_or(0)
    }

    /// How many tiers there are (tier 0 aside).
    pub fn count(&self) -> u8 {
        self.count
    }

    /// The lists' names, for messages.
    pub fn origin(&self) -> &str {
        &self.origin
    }
}

/// A range of tiers, `A..B` (both included), `A..`, `..B` or `A`. Tier 0, the words
/// no list names, is in no range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierRange {
    /// The first tier.
    pub first: u8,
    /// The last tier.
    pub last: u8,
}

impl TierRange {
    /// Every tier from 1 up to `last`.
    pub fn up_to(last: u8) -> TierRange {
        TierRange { first: 1, last }
    }

    /// Is `tier` in the range?
    pub fn contains(&self, tier: u8) -> bool {
        tier != 0 && (self.first..=self.last).contains(&tier)
    }
}

impl FromStr for TierRange {
    type Err = TierError;

    fn from_str(text: &str) -> Result<TierRange, TierError> {
        let bad = || TierError::Range(text.into());
        let number = |s: &str, empty: u8| -> Result<u8, TierError> {
            match s.trim() {
                "" => Ok(empty),
                s => s.parse::<u8>().ok().filter(|&n| n >= 1).ok_or_else(bad),
            }
        };
        let (first, last) = match text.split_once("..") {
            Some((a, b)) => (number(a, 1)?, number(b.trim_start_matches('='), u8::MAX)?),
            None if !text.trim().is_empty() => {
                let n = number(text, 1)?;
                (n, n)
            }
            None => return Err(bad()),
        };
        if first > last {
            return Err(bad());
        }
        Ok(TierRange { first, last })
    }
}

/// Is the word with this key in `range`? (False for a key that is not a word.)
pub fn key_in(lexicon: &Lexicon, key: &str, range: TierRange) -> bool {
    lexicon
        .index_of(key.as_bytes())
        .is_some_and(|index| range.contains(lexicon.tier(index)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranked_lists_fall_into_buckets_by_count_or_order() {
        let text: String = (0..3_500)
            .map(|i| format!("w{}\n", to_letters(i)))
            .collect();
        let tiers = Tiers::ranked(&text, "t", &Profile::default()).unwrap();
        assert_eq!(tiers.tier(&format!("w{}", to_letters(0))), 1);
        assert_eq!(tiers.tier(&format!("w{}", to_letters(999))), 1);
        assert_eq!(tiers.tier(&format!("w{}", to_letters(1_000))), 2);
        assert_eq!(tiers.tier(&format!("w{}", to_letters(3_499))), 3);
        let counted = Tiers::ranked(
            "rare 1\ncommon 900\n# a comment\n",
            "t",
            &Profile::default(),
        )
        .unwrap();
        assert_eq!((counted.tier("common"), counted.tier("rare")), (1, 1));
        assert_eq!(counted.tier("absent"), 0);
    }

    /// `n` written in letters, `a` for 0 (for lists of made-up words).
    fn to_letters(mut n: usize) -> String {
        let mut s = String::new();
        loop {
            s.push((b'a' + (n % 26) as u8) as char);
            n /= 26;
            if n == 0 {
                return s;
            }
        }
    }

    #[test]
    fn bad_lines_and_ranges_are_named() {
        let err = Tiers::ranked("cat 12\ndog many\n", "f.txt", &Profile::default()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "f.txt: line 2: expected a word and optionally a count, found 'dog many'"
        );
        for bad in ["", "0", "3..1", "a..b", "1..2..3", "300"] {
            assert!(bad.parse::<TierRange>().is_err(), "{bad}");
        }
        assert_eq!(
            "2".parse::<TierRange>().unwrap(),
            TierRange { first: 2, last: 2 }
        );
        assert_eq!("..3".parse::<TierRange>().unwrap(), TierRange::up_to(3));
        assert_eq!(
            "2..".parse::<TierRange>().unwrap(),
            TierRange {
                first: 2,
                last: 255
            }
        );
    }
}
