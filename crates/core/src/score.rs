//! Scoring rules: which words count and what each is worth.
//!
//! Two presets follow the user contract: [`Rules::hasbro`] (3+ letters; 3-4:1, 5:2,
//! 6:3, 7:5, 8+:11; a bare `Q` face reads `Qu`) and [`Rules::cs106b`] (4+ letters;
//! length − 3 points; `Q` is a plain letter). Lengths count grapheme clusters of the
//! word itself, never dice.
//!
//! ```
//! use polyboggle::Rules;
//!
//! let hasbro = Rules::hasbro();
//! assert_eq!((hasbro.points(3), hasbro.points(5), hasbro.points(12)), (1, 2, 11));
//! assert_eq!(hasbro.points(2), 0);
//! let custom = Rules::hasbro().with_points("0,0,0,1,2,3".parse()?);
//! assert_eq!(custom.points(9), 3); // the last entry repeats
//! # Ok::<(), polyboggle::RulesError>(())
//! ```

use std::fmt;
use std::str::FromStr;

/// Points by word length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Points {
    /// Points for length 0, 1, 2, ...; the last entry repeats for longer words.
    Table(Vec<u32>),
    /// Length minus this many points (never below zero).
    LengthMinus(u32),
}

impl Points {
    fn get(&self, len: usize) -> u32 {
        match self {
            Points::Table(table) => table.get(len).or(table.last()).copied().unwrap_or(0),
            Points::LengthMinus(n) => (len as u32).saturating_sub(*n),
        }
    }
}

/// A bad `--points` list or rules name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// An entry of the list is not a whole number.
    #[error("--points: '{0}' is not a whole number (expected a list like 0,0,0,1,1,2,3,5,11)")]
    BadPoints(String),
    /// Not a known preset.
    #[error("unknown rules '{0}' (expected hasbro, cs106b or syllables)")]
    UnknownPreset(String),
}

impl FromStr for Points {
    type Err = RulesError;

    fn from_str(list: &str) -> Result<Points, RulesError> {
        let table = list
            .split(',')
            .map(|t| {
                t.trim()
                    .parse()
                    .map_err(|_| RulesError::BadPoints(t.trim().into()))
            })
            .collect::<Result<Vec<u32>, _>>()?;
        Ok(Points::Table(table))
    }
}

/// Which words count and how many points each is worth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The shortest word that counts, in graphemes.
    pub min_len: usize,
    /// Points by length.
    pub points: Points,
    /// Does a bare `Q` face read `Qu`?
    pub qu: bool,
}

impl Rules {
    /// Hasbro's rules (the default).
    pub fn hasbro() -> Rules {
        Rules {
            min_len: 3,
            points: Points::Table(vec![0, 0, 0, 1, 1, 2, 3, 5, 11]),
            qu: true,
        }
    }

    /// The Stanford CS106B rules.
    pub fn cs106b() -> Rules {
        Rules {
            min_len: 4,
            points: Points::LengthMinus(3),
            qu: false,
        }
    }

    /// Hasbro's rules counted in syllables, for scripts whose faces are syllables
    /// (an Indic consonant with its vowel sign, a Hangul block): a word of two faces
    /// counts, as one of three letters does in English, and each length scores what
    /// Hasbro gives a word one face longer (2 and 3 faces: 1 point, 4: 2, 5: 3, 6: 5,
    /// 7 or more: 11).
    pub fn syllables() -> Rules {
        Rules {
            min_len: 2,
            points: Points::Table(vec![0, 0, 1, 1, 2, 3, 5, 11]),
            qu: true,
        }
    }

    /// A preset by name: `hasbro`, `cs106b` or `syllables`.
    pub fn preset(name: &str) -> Result<Rules, RulesError> {
        match name.to_ascii_lowercase().as_str() {
            "hasbro" => Ok(Rules::hasbro()),
            "cs106b" => Ok(Rules::cs106b()),
            "syllables" => Ok(Rules::syllables()),
            _ => Err(RulesError::UnknownPreset(name.into())),
        }
    }

    /// These rules with another points table.
    pub fn with_points(mut self, points: Points) -> Rules {
        self.points = points;
        self
    }

    /// Points for a word of `len` graphemes: zero below the minimum length.
    pub fn points(&self, len: usize) -> u32 {
        if len < self.min_len {
            0
        } else {
            self.points.get(len)
        }
    }

    /// Does a word of `len` graphemes count?
    pub fn counts(&self, len: usize) -> bool {
        len >= self.min_len
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::hasbro()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "min {} letters, Qu {}",
            self.min_len,
            if self.qu { "on" } else { "off" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hasbro_table() {
        let r = Rules::hasbro();
        let pts: Vec<u32> = (0..10).map(|n| r.points(n)).collect();
        assert_eq!(pts, [0, 0, 0, 1, 1, 2, 3, 5, 11, 11]);
    }

    #[test]
    fn cs106b_is_length_minus_three() {
        let r = Rules::cs106b();
        assert_eq!((r.points(3), r.points(4), r.points(10)), (0, 1, 7));
        assert!(!r.counts(3));
        assert!(!r.qu);
    }

    #[test]
    fn syllables_is_hasbro_one_face_shorter() {
        let r = Rules::syllables();
        let pts: Vec<u32> = (0..10).map(|n| r.points(n)).collect();
        assert_eq!(pts, [0, 0, 1, 1, 2, 3, 5, 11, 11, 11]);
        assert!(r.counts(2) && !r.counts(1));
        assert_eq!(Rules::preset("syllables").unwrap(), r);
    }

    #[test]
    fn bad_points_name_the_entry() {
        assert_eq!(
            "1,x,3".parse::<Points>(),
            Err(RulesError::BadPoints("x".into()))
        );
        assert!(Rules::preset("scrabble").is_err());
        assert_eq!(Rules::preset("CS106B").unwrap(), Rules::cs106b());
    }
}
