//! Queries over a dictionary, as word-game makers ask them: patterns (`c?t`, `*ing`,
//! `[aeiou]??s`), regular expressions, words within an edit distance, anagrams and
//! builds from a rack with blanks; each limited by length (in letters, grapheme
//! clusters) and streamed in key order.
//!
//! Every query is normalized with the dictionary's own [`Profile`] (`AÑO` and `año`
//! ask the same of a Spanish dictionary) and speaks of *faces*: a letter, or a unit
//! of several letters printed on one die face, such as Spanish `ch`
//! ([`language_units`]). Each query walks the dictionary's automaton and leaves
//! every branch that cannot match, so a query with a fixed prefix or a small rack
//! touches a sliver of the dictionary. This module owns queries; it does not know
//! about boards.
//!
//! ```
//! use polyboggle::query::{Options, Query, Search};
//! use polyboggle::Lexicon;
//!
//! let english = Lexicon::builtin("enable2k")?;
//! let search = Search::new(&english, &Query::Pattern("QU?Z".into()), &Options::default())?;
//! assert_eq!(search.keys(), ["quiz"]);
//! let anagrams = Search::new(&english, &Query::Anagram("tacos".into()), &Options::default())?;
//! assert_eq!(anagrams.keys(), ["ascot", "coast", "coats", "costa", "tacos"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod faces;
mod fuzzy;
mod pattern;
mod rack;
mod regex;
mod walk;

use std::ops::ControlFlow;

pub use faces::language_units;
pub use fuzzy::MAX_DISTANCE;
pub use rack::MAX_RACK;
pub use walk::Hit;

use crate::tiers::TierRange;
use crate::{normalize, Lexicon, Profile};
use faces::Units;
use walk::Bounds;

/// What to look for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Query {
    /// `?` one face, `*` any run of letters, `[...]` one face of a choice, letters
    /// as they are. `[CH]` in Spanish is the face `ch`; `[c,h]` is `c` or `h`.
    Pattern(String),
    /// A regular expression (Rust `regex` syntax) that must match the whole word.
    Regex(String),
    /// Words at most `distance` edits (in letters) from `word`.
    Fuzzy {
        /// The word to be near.
        word: String,
        /// The most insertions, deletions and substitutions, at most [`MAX_DISTANCE`].
        distance: u32,
    },
    /// Words that use every face of the rack (`?` a blank).
    Anagram(String),
    /// Words that use some of the rack's faces, each at most once (`?` a blank).
    Build(String),
}

/// Limits on what a query reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The shortest word, in letters (grapheme clusters).
    pub min_len: usize,
    /// The longest word, in letters.
    pub max_len: usize,
    /// The multi-letter faces, as typed; `None` for the dictionary language's own
    /// ([`language_units`]).
    pub units: Option<Vec<String>>,
    /// Only words of these tiers (the dictionary must have tiers).
    pub tiers: Option<TierRange>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            min_len: 0,
            max_len: usize::MAX,
            units: None,
            tiers: None,
        }
    }
}

/// Why a query cannot run. Each message quotes the input at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// A malformed pattern.
    #[error("pattern '{pattern}': {why}")]
    Pattern {
        /// The pattern as given.
        pattern: String,
        /// What is wrong with it.
        why: String,
    },
    /// A malformed or oversized regular expression.
    #[error("regex '{regex}': {why}")]
    Regex {
        /// The regex as given.
        regex: String,
        /// What is wrong with it.
        why: String,
    },
    /// A rack that is empty, too large, or holds what is not a letter.
    #[error("rack '{rack}': {why}")]
    Rack {
        /// The rack as given.
        rack: String,
        /// What is wrong with it.
        why: String,
    },
    /// A fuzzy query's word that is not letters.
    #[error("fuzzy word '{0}': not letters")]
    Word(String),
    /// A distance beyond [`MAX_DISTANCE`].
    #[error("distance {0}: expected 0 to {MAX_DISTANCE}")]
    Distance(u32),
    /// A unit that is not letters.
    #[error("unit '{0}': not letters")]
    Unit(String),
    /// Tiers asked of a dictionary that has none.
    #[error("--tiers: this dictionary has no tiers (compile it with --tiers FILE)")]
    NoTiers,
    /// A shortest length above the longest.
    #[error("lengths: the shortest ({min}) is longer than the longest ({max})")]
    Lengths {
        /// The shortest length asked for.
        min: usize,
        /// The longest.
        max: usize,
    },
}

/// A query compiled for one dictionary, ready to run (as often as wanted).
#[derive(Debug)]
pub struct Search<'l> {
    lexicon: &'l Lexicon,
    matcher: Compiled,
    options: Options,
}

#[derive(Debug)]
enum Compiled {
    Pattern(pattern::Pattern),
    Regex(Box<regex::Regex>),
    Fuzzy(fuzzy::Fuzzy),
    Rack(rack::Rack),
}

impl<'l> Search<'l> {
    /// Compiles `query` under `lexicon`'s profile and language units.
    pub fn new(
        lexicon: &'l Lexicon,
        query: &Query,
        options: &Options,
    ) -> Result<Search<'l>, QueryError> {
        if options.min_len > options.max_len {
            return Err(QueryError::Lengths {
                min: options.min_len,
                max: options.max_len,
            });
        }
        if options.tiers.is_some() && lexicon.header().tiers == 0 {
            return Err(QueryError::NoTiers);
        }
        let profile = lexicon.profile();
        let units = match &options.units {
            Some(units) => Units::new(units, profile),
            None => Units::new(language_units(&profile.lang), profile),
        }
        .map_err(QueryError::Unit)?;
        let matcher = compile(query, profile, &units)?;
        Ok(Search {
            lexicon,
            matcher,
            options: options.clone(),
        })
    }

    /// Calls `visit` with each matching word, in key order, until it breaks.
    pub fn for_each(&self, mut visit: impl FnMut(Hit<'_>) -> ControlFlow<()>) {
        let in_tiers = |index| {
            let range = self.options.tiers.expect("a range when tested");
            range.contains(self.lexicon.tier(index))
        };
        let bounds = Bounds {
            min_len: self.options.min_len,
            max_len: self.options.max_len,
            index: self
                .options
                .tiers
                .map(|_| &in_tiers as &dyn Fn(u64) -> bool),
        };
        let visit: &mut dyn FnMut(Hit<'_>) -> ControlFlow<()> = &mut visit;
        match &self.matcher {
            Compiled::Pattern(m) => walk::walk(self.lexicon, m, &bounds, visit),
            Compiled::Regex(m) => walk::walk(self.lexicon, &**m, &bounds, visit),
            Compiled::Fuzzy(m) => walk::walk(self.lexicon, m, &bounds, visit),
            Compiled::Rack(m) => walk::walk(self.lexicon, m, &bounds, visit),
        }
    }

    /// Every matching word's key, in order.
    pub fn keys(&self) -> Vec<String> {
        let mut keys = Vec::new();
        self.for_each(|hit| {
            keys.push(hit.key.to_string());
            ControlFlow::Continue(())
        });
        keys
    }

    /// How many words match.
    pub fn count(&self) -> u64 {
        let mut count = 0;
        self.for_each(|_| {
            count += 1;
            ControlFlow::Continue(())
        });
        count
    }
}

fn compile(query: &Query, profile: &Profile, units: &Units) -> Result<Compiled, QueryError> {
    Ok(match query {
        Query::Pattern(text) => {
            let bad = |why| QueryError::Pattern {
                pattern: text.clone(),
                why,
            };
            let tokens = pattern::parse(text, profile, units).map_err(bad)?;
            Compiled::Pattern(pattern::Pattern::new(&tokens, units).map_err(bad)?)
        }
        Query::Regex(text) => {
            let regex = regex::Regex::new(text, profile).map_err(|why| QueryError::Regex {
                regex: text.clone(),
                why,
            })?;
            Compiled::Regex(Box::new(regex))
        }
        Query::Fuzzy { word, distance } => {
            if *distance > MAX_DISTANCE {
                return Err(QueryError::Distance(*distance));
            }
            let key = profile.key(word);
            normalize::word_len(&key).map_err(|_| QueryError::Word(word.clone()))?;
            Compiled::Fuzzy(fuzzy::Fuzzy::new(&key, *distance))
        }
        Query::Anagram(text) | Query::Build(text) => {
            let bad = |why: String| QueryError::Rack {
                rack: text.clone(),
                why,
            };
            let faces = faces::read_faces(text, profile, units)
                .map_err(|part| bad(format!("'{part}' is not letters or '?'")))?;
            let every_face = matches!(query, Query::Anagram(_));
            let rack = rack::Rack::new(&faces, units.faces(), every_face).ok_or_else(|| {
                bad(if faces.is_empty() {
                    "no faces (write letters, '?' for a blank)".to_string()
                } else {
                    format!("{} faces, at most {MAX_RACK}", faces.len())
                })
            })?;
            Compiled::Rack(rack)
        }
    })
}

#[cfg(test)]
mod tests;
