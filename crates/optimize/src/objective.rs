//! What an optimizer is after: a board's value, and which way is better.

use std::fmt;
use std::str::FromStr;

use polyboggle::score::{Points, Rules};
use polyboggle::solve::Tally;

/// What to optimize.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// The highest score (the default).
    Score,
    /// The lowest score.
    MinScore,
    /// The most words.
    Words,
    /// The most words of at least this many letters.
    LongWords(usize),
    /// A score of exactly this many points (the value is the distance to it).
    Target(u64),
}

/// An objective that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown objective '{0}' (expected score, min-score, words, long-words:N or target:T)")]
pub struct ObjectiveError(String);

impl FromStr for Objective {
    type Err = ObjectiveError;

    fn from_str(text: &str) -> Result<Objective, ObjectiveError> {
        let bad = || ObjectiveError(text.to_string());
        let (name, arg) = match text.trim().split_once(':') {
            Some((name, arg)) => (name, Some(arg.trim())),
            None => (text.trim(), None),
        };
        let number = |arg: Option<&str>| arg.and_then(|a| a.parse::<u64>().ok()).ok_or_else(bad);
        match (name.to_ascii_lowercase().as_str(), arg) {
            ("score", None) => Ok(Objective::Score),
            ("min-score", None) => Ok(Objective::MinScore),
            ("words", None) => Ok(Objective::Words),
            ("long-words", arg) => match number(arg)? {
                0 => Err(bad()),
                n if n > 255 => Err(bad()),
                n => Ok(Objective::LongWords(n as usize)),
            },
            ("target", arg) => Ok(Objective::Target(number(arg)?)),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Objective::Score => write!(f, "score"),
            Objective::MinScore => write!(f, "min-score"),
            Objective::Words => write!(f, "words"),
            Objective::LongWords(n) => write!(f, "long-words:{n}"),
            Objective::Target(t) => write!(f, "target:{t}"),
        }
    }
}

impl Objective {
    /// The rules candidates are scored with: the user's, except for
    /// `long-words:N`, which gives one point to each word of N letters or more.
    pub fn scoring_rules(&self, rules: &Rules) -> Rules {
        match *self {
            Objective::LongWords(n) => {
                let mut table = vec![0; n];
                table.push(1);
                Rules {
                    min_len: rules.min_len.max(n),
                    points: Points::Table(table),
                    qu: rules.qu,
                }
            }
            _ => rules.clone(),
        }
    }

    /// The objective's value of a board scored with [`Objective::scoring_rules`]: its
    /// score, its word count, its long words, or its distance to the target.
    pub fn value(&self, tally: Tally) -> u64 {
        match *self {
            Objective::Score | Objective::MinScore | Objective::LongWords(_) => tally.points,
            Objective::Words => tally.words,
            Objective::Target(t) => tally.points.abs_diff(t),
        }
    }

    /// Is a larger value better?
    pub fn maximizes(&self) -> bool {
        matches!(
            self,
            Objective::Score | Objective::Words | Objective::LongWords(_)
        )
    }

    /// A number that is larger the better the value is.
    pub fn fitness(&self, value: u64) -> i64 {
        let value = value.min(i64::MAX as u64) as i64;
        if self.maximizes() {
            value
        } else {
            -value
        }
    }

    /// Has `value` reached `goal` (at least it, or at most it when smaller is better)?
    pub fn reached(&self, value: u64, goal: u64) -> bool {
        if self.maximizes() {
            value >= goal
        } else {
            value <= goal
        }
    }

    /// The value at which a run may stop without being told: 0 for a target (hit
    /// exactly), none otherwise.
    pub fn natural_goal(&self) -> Option<u64> {
        match self {
            Objective::Target(_) => Some(0),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_every_objective() {
        for text in ["score", "min-score", "words", "long-words:8", "target:2500"] {
            let objective: Objective = text.parse().unwrap();
            assert_eq!(objective.to_string(), text);
        }
        for bad in ["", "best", "target", "target:x", "long-words:0", "score:3"] {
            let err = bad.parse::<Objective>().unwrap_err().to_string();
            assert!(err.contains("expected score, min-score"), "{err}");
        }
    }

    #[test]
    fn values_and_directions() {
        let tally = Tally {
            words: 10,
            points: 30,
        };
        assert_eq!(Objective::Words.value(tally), 10);
        assert_eq!(Objective::Target(25).value(tally), 5);
        assert_eq!(Objective::Target(40).value(tally), 10);
        assert!(Objective::Target(25).fitness(5) > Objective::Target(25).fitness(10));
        assert!(Objective::Score.fitness(30) > Objective::Score.fitness(29));
        assert!(Objective::MinScore.fitness(0) > Objective::MinScore.fitness(1));
        assert!(Objective::MinScore.reached(0, 0));
        assert!(!Objective::Score.reached(3624, 3625));
    }

    #[test]
    fn long_words_score_one_point_each() {
        let rules = Objective::LongWords(8).scoring_rules(&Rules::hasbro());
        assert_eq!(rules.points(7), 0);
        assert_eq!(rules.points(8), 1);
        assert_eq!(rules.points(15), 1);
        assert_eq!(rules.min_len, 8);
    }
}
