//! The scoring of a round several players played on one board: `classic` strikes every
//! word two or more players found (Boggle's own rule: "duplicates are removed from the
//! players' lists"), `all` scores every word. One function for the server's rooms and
//! the static page's rooms without a server, so that both score a round alike.
//!
//! ```
//! use polyboggle_web::scoring::{score, Scoring};
//!
//! let lists = vec![
//!     vec![("tape".to_string(), 1), ("pate".to_string(), 1)],
//!     vec![("tape".to_string(), 1), ("yeti".to_string(), 1)],
//! ];
//! let classic = score(&lists, Scoring::Classic);
//! assert_eq!((classic[0].score, classic[1].score), (1, 1));
//! assert!(classic[0].words[0].struck && classic[0].words[0].also == [1]);
//! assert_eq!(score(&lists, Scoring::All)[0].score, 2);
//! ```

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

/// How a round's words score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// A word found by two or more players is struck from every list; the rest score.
    #[default]
    Classic,
    /// Every word scores.
    All,
}

impl Scoring {
    /// The scoring a request names (`classic`, `all`), or why not.
    pub fn named(name: &str) -> Result<Scoring, String> {
        match name.to_ascii_lowercase().as_str() {
            "classic" => Ok(Scoring::Classic),
            "all" => Ok(Scoring::All),
            _ => Err(format!(
                "scoring: '{name}' is not a scoring; give classic (words found by two or more players are struck) or all"
            )),
        }
    }

    /// Its name, as a request gives it.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Classic => "classic",
            Scoring::All => "all",
        }
    }
}

/// One word of a player's list, scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StruckWord {
    /// The word's key.
    pub key: String,
    /// What it is worth by the rules.
    pub points: u32,
    /// Struck: another player found it too (classic scoring).
    pub struck: bool,
    /// The other players who found it, by their index.
    pub also: Vec<usize>,
}

/// One player's list, scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StruckList {
    /// The words, in the order they were found.
    pub words: Vec<StruckWord>,
    /// The points of the words not struck.
    pub score: u64,
}

/// Scores each player's list of `(key, points)` (in the order found; a key twice in
/// one list counts once) by `scoring`.
pub fn score(lists: &[Vec<(String, u32)>], scoring: Scoring) -> Vec<StruckList> {
    let mut finders: HashMap<&str, Vec<usize>> = HashMap::new();
    for (player, list) in lists.iter().enumerate() {
        for (key, _) in list {
            let who = finders.entry(key.as_str()).or_default();
            if who.last() != Some(&player) {
                who.push(player);
            }
        }
    }
    lists
        .iter()
        .enumerate()
        .map(|(player, list)| {
            let mut seen = std::collections::HashSet::new();
            let words: Vec<StruckWord> = list
                .iter()
                .filter(|(key, _)| seen.insert(key.as_str()))
                .map(|(key, points)| {
                    let also: Vec<usize> = finders[key.as_str()]
                        .iter()
                        .copied()
                        .filter(|&p| p != player)
                        .collect();
                    StruckWord {
                        key: key.clone(),
                        points: *points,
                        struck: scoring == Scoring::Classic && !also.is_empty(),
                        also,
                    }
                })
                .collect();
            let score = words
                .iter()
                .filter(|w| !w.struck)
                .map(|w| u64::from(w.points))
                .sum();
            StruckList { words, score }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The rule as the handout states it, word by word: a word scores unless another
    /// player's list has it too.
    fn brute_force(lists: &[Vec<(String, u32)>], scoring: Scoring) -> Vec<u64> {
        (0..lists.len())
            .map(|p| {
                let mut mine: Vec<&(String, u32)> = Vec::new();
                for w in &lists[p] {
                    if !mine.iter().any(|m| m.0 == w.0) {
                        mine.push(w);
                    }
                }
                mine.iter()
                    .filter(|(key, _)| {
                        scoring == Scoring::All
                            || !(0..lists.len())
                                .any(|q| q != p && lists[q].iter().any(|(k, _)| k == key))
                    })
                    .map(|(_, points)| u64::from(*points))
                    .sum()
            })
            .collect()
    }

    fn points(key: &str) -> u32 {
        key.chars().count() as u32 - 2
    }

    proptest! {
        #[test]
        fn scores_equal_the_brute_force(
            lists in prop::collection::vec(
                prop::collection::vec(prop::sample::select(vec!["tape", "pate", "yeti", "עברית", "ljubav", "क्षमा"]), 0..6),
                1..5,
            )
        ) {
            let lists: Vec<Vec<(String, u32)>> = lists
                .iter()
                .map(|l| l.iter().map(|k| (k.to_string(), points(k))).collect())
                .collect();
            for scoring in [Scoring::Classic, Scoring::All] {
                let scored: Vec<u64> = score(&lists, scoring).iter().map(|l| l.score).collect();
                prop_assert_eq!(scored, brute_force(&lists, scoring));
            }
        }
    }

    #[test]
    fn a_word_twice_in_one_list_is_one_word_and_not_struck_by_itself() {
        let lists = vec![vec![("tape".to_string(), 1), ("tape".to_string(), 1)]];
        let scored = score(&lists, Scoring::Classic);
        assert_eq!(scored[0].words.len(), 1);
        assert_eq!((scored[0].score, scored[0].words[0].struck), (1, false));
    }

    #[test]
    fn names_are_read_and_refused() {
        assert_eq!(Scoring::named("ALL"), Ok(Scoring::All));
        assert!(Scoring::named("unique")
            .unwrap_err()
            .contains("give classic"));
    }
}
