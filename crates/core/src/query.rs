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
//! use polyboggle::query::{Query, QueryOptions, Search};
//! use polyboggle::Lexicon;
//!
//! let english = Lexicon::builtin("enable2k")?;
//! let options = QueryOptions::default();
//! let search = Search::new(&english, &Query::Pattern("QU?Z".into()), &options)?;
//! assert_eq!(search.keys(), ["quiz"]);
//! let anagrams = Search::new(&english, &Query::Anagram("tacos".into()), &options)?;
//! assert_eq!(anagrams.keys(), ["ascot", "coast", "coats", "costa", "tacos"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod faces;
mod fuzzy;
mod pattern;
mod rack;
mod regex;
mod split;
mod walk;

use std::ops::ControlFlow;

pub use faces::language_units;
#[cfg(any(test, feature = "fuzzing"))]
#[doc(hidden)]
pub use fuzzy::edit_distance;
pub use fuzzy::MAX_DISTANCE;
pub use rack::MAX_RACK;
pub use walk::Hit;

use crate::tiers::TierRange;
use crate::{normalize, LazyLexicon, Lexicon, LexiconError, Profile};
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
pub struct QueryOptions {
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

impl Default for QueryOptions {
    fn default() -> QueryOptions {
        QueryOptions {
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
    options: QueryOptions,
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
        options: &QueryOptions,
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
    pub fn for_each(&self, visit: impl FnMut(Hit<'_>) -> ControlFlow<()>) {
        // Never fails: every block of a `Lexicon` was checked when it was opened.
        let _ = self.run(visit);
    }

    /// [`Search::for_each`], checking each block of the dictionary the first time
    /// it is read; a damaged block ends the search with its error.
    fn run(&self, mut visit: impl FnMut(Hit<'_>) -> ControlFlow<()>) -> Result<(), LexiconError> {
        // A damaged block of the tier table: the word is left out, and the walk
        // stops before the next one.
        let fault = std::cell::RefCell::new(None);
        let in_tiers = |index| {
            let range = self.options.tiers.expect("a range when tested");
            match self.lexicon.try_tier(index) {
                Ok(tier) => range.contains(tier),
                Err(e) => {
                    fault.borrow_mut().get_or_insert(e);
                    false
                }
            }
        };
        let mut visit = |hit: Hit<'_>| match fault.borrow().is_some() {
            true => ControlFlow::Break(()),
            false => visit(hit),
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
        let walked = match &self.matcher {
            Compiled::Pattern(m) => walk::walk(self.lexicon, m, &bounds, visit),
            Compiled::Regex(m) => walk::walk(self.lexicon, &**m, &bounds, visit),
            Compiled::Fuzzy(m) => walk::walk(self.lexicon, m, &bounds, visit),
            Compiled::Rack(m) => walk::walk(self.lexicon, m, &bounds, visit),
        };
        match fault.into_inner() {
            Some(e) => Err(e),
            None => walked,
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

/// A [`Search`] of a [`LazyLexicon`]: each block of the dictionary is checked the
/// first time the walk reads it, so a query with a fixed prefix reads and checks a
/// sliver of a large file; a damaged block ends the search with its error, and
/// nothing is ever answered from a block that has not passed.
///
/// ```
/// use polyboggle::query::{LazySearch, Query, QueryOptions};
/// use polyboggle::LazyLexicon;
///
/// let english = LazyLexicon::builtin("enable2k")?;
/// let options = QueryOptions::default();
/// let search = LazySearch::new(&english, &Query::Pattern("QU?Z".into()), &options)?;
/// assert_eq!(search.keys()?, ["quiz"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct LazySearch<'l> {
    search: Search<'l>,
}

impl<'l> LazySearch<'l> {
    /// Compiles `query` under `lexicon`'s profile and language units.
    pub fn new(
        lexicon: &'l LazyLexicon,
        query: &Query,
        options: &QueryOptions,
    ) -> Result<LazySearch<'l>, QueryError> {
        let search = Search::new(lexicon.lexicon(), query, options)?;
        Ok(LazySearch { search })
    }

    /// Calls `visit` with each matching word, in key order, until it breaks or a
    /// damaged block is found (the words visited before it were read from blocks
    /// that passed).
    pub fn for_each(
        &self,
        visit: impl FnMut(Hit<'_>) -> ControlFlow<()>,
    ) -> Result<(), LexiconError> {
        self.search.run(visit)
    }

    /// Every matching word's key, in order.
    pub fn keys(&self) -> Result<Vec<String>, LexiconError> {
        let mut keys = Vec::new();
        self.for_each(|hit| {
            keys.push(hit.key.to_string());
            ControlFlow::Continue(())
        })?;
        Ok(keys)
    }

    /// How many words match.
    pub fn count(&self) -> Result<u64, LexiconError> {
        let mut count = 0;
        self.for_each(|_| {
            count += 1;
            ControlFlow::Continue(())
        })?;
        Ok(count)
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
