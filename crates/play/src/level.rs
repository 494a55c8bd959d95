//! Computer levels: which tiers the easy, medium and hard computer know in a
//! dictionary, so that a level feels alike in every language.
//!
//! A level is a share of a board's words. In English with the Princeton lists (three
//! lists, a tier each) the easy computer knows tier 1, the medium one tiers 1-2 and
//! the hard one tiers 1-3, and they find about 12%, 20% and 47% of the words on a
//! board (Hasbro rules). Where the tiers come from one ranked list (a frequency
//! list: tiers are rank buckets, [`RANK_BOUNDS`]), the same buckets hold very
//! different shares of a board in different languages: a dictionary of every
//! inflected form (Polish's 4.28 M words) has most of a board's words outside the
//! 10,000 commonest. So a ranked list's levels are
//! - **measured**, for the languages in [`RANKED_LEVELS`]: chosen from 1,000 rolled
//!   boards of each language's dice set (`scripts/level-tiers.py`, docs/levels.md);
//! - else **estimated** from the dictionary itself: the share of its 4-letter words
//!   each tier prefix holds stands in for the share of a board ([`Levels::estimate`];
//!   it agrees with the measured choice in 11 of the 12 languages measured).
//!
//! Any other dictionary (several lists, the Princeton ones) has tiers 1, 1-2 and 1-3.
//!
//! [`Level::tiers`] is the one mapping every front end uses (`play`, `duel`, the web
//! and static pages, the Python package).
//!
//! ```
//! use polyboggle_play::level::{Level, Levels};
//! use polyboggle::tiers::TierRange;
//!
//! // Polish's easy computer knows the 10,000 commonest words (tiers 1-3).
//! let polish = Levels::for_ranked_list("pl").unwrap();
//! assert_eq!(polish.tiers(Level::Easy), Some(TierRange::up_to(3)));
//! assert_eq!(polish.tiers(Level::All), None);
//! // A language not measured has no row.
//! assert_eq!(Levels::for_ranked_list("xx"), None);
//! ```

use std::fmt;
use std::ops::ControlFlow;

use polyboggle::query::{Query, QueryOptions, Search};
use polyboggle::tiers::{TierRange, RANK_BOUNDS};
use polyboggle::Lexicon;

/// How much a computer player knows: the commonest words (easy), more (medium), more
/// still (hard), or every word (all). Which tiers each level takes depends on the
/// dictionary: see [`Level::tiers`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// The commonest words: with the Princeton lists, those of nursery rhymes.
    Easy,
    /// More: and those of a textbook (*Algorithms*).
    Medium,
    /// More still: and the common words.
    Hard,
    /// Every word of the dictionary.
    All,
}

impl Level {
    /// Every level, the easiest first.
    pub const EVERY: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::All];

    /// The level's name, as `--level` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::All => "all",
        }
    }

    /// The level `name` names (`easy`, `medium`, `hard` or `all`, in any case), as
    /// every front end reads it (`play --level`, the web's games, Python).
    ///
    /// ```
    /// use polyboggle_play::level::{Level, LevelError};
    /// assert_eq!(Level::named("Easy"), Ok(Level::Easy));
    /// assert_eq!(Level::named("expert"), Err(LevelError::Unknown("expert".into())));
    /// ```
    pub fn named(name: &str) -> Result<Level, LevelError> {
        let lower = name.to_ascii_lowercase();
        Level::EVERY
            .into_iter()
            .find(|l| l.name() == lower)
            .ok_or_else(|| LevelError::Unknown(name.to_string()))
    }

    /// This level, if the computer can play it with `lexicon`: every level but `all`
    /// needs a dictionary with tiers.
    pub fn playable_with(self, lexicon: &Lexicon) -> Result<Level, LevelError> {
        if self != Level::All && lexicon.header().tiers == 0 {
            return Err(LevelError::NoTiers(self));
        }
        Ok(self)
    }

    /// The tiers the computer knows at this level in `lexicon` (`None`: every word):
    /// [`Levels::of`] the lexicon.
    ///
    /// ```
    /// use polyboggle_play::level::Level;
    /// use polyboggle::tiers::{TierRange, Tiers};
    /// use polyboggle::{Compiler, Lexicon, Profile};
    ///
    /// // One ranked list, in Polish: the easy computer knows tiers 1-3.
    /// let profile = Profile::for_language("pl").ok_or("no Polish profile")?;
    /// let mut compiler = Compiler::new(profile.clone());
    /// compiler.add_text("kot pies dom");
    /// compiler.set_tiers(Tiers::ranked("dom\nkot\n", "pl-freq.txt", &profile)?);
    /// let lexicon = Lexicon::from_bytes(compiler.finish("pl")?.0, "pl")?;
    /// assert_eq!(Level::Easy.tiers(&lexicon), Some(TierRange::up_to(3)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tiers(self, lexicon: &Lexicon) -> Option<TierRange> {
        Levels::of(lexicon).tiers(self)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The last tier the easy, medium and hard computer know, by language, where a
/// dictionary's tiers come from one ranked list: the tiers whose share of the words
/// on 1,000 rolled 4×4 boards of the language's dice set (Hasbro rules) is closest
/// to English's with the Princeton lists (11.9%, 19.8%, 46.9%), measured and chosen
/// by `scripts/level-tiers.py` on the dictionaries `dictionaries/build-languages.sh`
/// builds (with wordfreq's lists). docs/levels.md has the measurements.
pub const RANKED_LEVELS: &[(&str, [u8; 3])] = &[
    ("ar", [3, 4, 5]),
    ("bg", [2, 3, 5]),
    ("bn", [3, 4, 5]),
    ("bs", [1, 2, 4]),
    ("ca", [2, 3, 5]),
    ("cs", [2, 3, 5]),
    ("da", [1, 2, 4]),
    ("de", [1, 2, 3]),
    ("el", [1, 3, 5]),
    ("en", [1, 2, 3]),
    ("es", [1, 2, 4]),
    ("fa", [2, 3, 4]),
    ("fr", [1, 2, 4]),
    ("he", [3, 4, 5]),
    ("hi", [1, 2, 4]),
    ("hr", [2, 3, 5]),
    ("hu", [3, 4, 5]),
    ("id", [1, 2, 4]),
    ("is", [2, 3, 5]),
    ("it", [1, 2, 3]),
    ("lt", [3, 4, 5]),
    ("lv", [2, 3, 5]),
    ("mk", [3, 4, 5]),
    ("nl", [1, 2, 4]),
    ("no", [2, 3, 5]),
    ("pl", [3, 4, 5]),
    ("pt", [2, 3, 4]),
    ("ro", [3, 4, 5]),
    ("ru", [3, 4, 5]),
    ("sk", [2, 3, 5]),
    ("sl", [2, 3, 5]),
    ("sv", [1, 2, 3]),
    ("ta", [1, 2, 3]),
    ("tl", [1, 2, 3]),
    ("tr", [2, 3, 5]),
    ("uk", [3, 4, 5]),
];

/// The share of a board's words the easy, medium and hard computer find in English
/// with the Princeton lists (ENABLE2K, tiers 1, 1-2, 1-3; 1,000 boards of
/// `english-new-4x4`, Hasbro rules): what a level means, in every language.
pub const BOARD_SHARES: [f64; 3] = [0.1186, 0.1983, 0.4688];

/// The word length whose share by tier [`Levels::estimate`] reads: a board's words
/// are mostly of 3 or 4 letters, and 4 count under both rules (docs/levels.md).
pub const ESTIMATE_LEN: usize = 4;

/// The fewest tiered words of [`ESTIMATE_LEN`] letters an estimate needs.
pub const ESTIMATE_MIN_WORDS: u64 = 100;

/// Why a level cannot be played: each front end says it in its own words (the flag,
/// or the request's field).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    /// No level has this name.
    #[error("level '{0}': expected easy, medium, hard or all")]
    Unknown(String),
    /// The level needs tiers the dictionary does not have.
    #[error("level {}: this dictionary has no tiers (compile it with --tiers FILE)", .0.name())]
    NoTiers(Level),
}

/// Where a dictionary's levels come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Several lists, or too few words to estimate from: tiers 1, 1-2, 1-3.
    Lists,
    /// One ranked list in a language measured on boards ([`RANKED_LEVELS`]).
    Measured,
    /// One ranked list, estimated from the dictionary ([`Levels::estimate`]).
    Estimated,
}

impl Source {
    /// `lists`, `measured` or `estimated`.
    pub fn name(self) -> &'static str {
        match self {
            Source::Lists => "lists",
            Source::Measured => "measured",
            Source::Estimated => "estimated",
        }
    }
}

/// The last tier of the easy, medium and hard computer in one dictionary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels {
    /// The last tier of easy, medium and hard (each takes tiers 1 to it).
    pub last: [u8; 3],
    /// How they were chosen.
    pub source: Source,
}

impl Levels {
    /// Tier 1, tiers 1-2, tiers 1-3: the levels of several lists (the Princeton
    /// ones).
    pub const LISTS: Levels = Levels {
        last: [1, 2, 3],
        source: Source::Lists,
    };

    /// The levels of `lexicon`. Where its tiers come from one ranked list
    /// ([`is_one_ranked_list`]): its language's row of [`RANKED_LEVELS`], else
    /// [`Levels::estimate`]; else (or with too few words to estimate from)
    /// [`Levels::LISTS`].
    pub fn of(lexicon: &Lexicon) -> Levels {
        if lexicon.header().tiers == 0 || !is_one_ranked_list(&lexicon.tier_sizes()) {
            return Levels::LISTS;
        }
        Levels::for_ranked_list(&lexicon.profile().lang)
            .or_else(|| Levels::estimate(lexicon))
            .unwrap_or(Levels::LISTS)
    }

    /// The measured levels of a dictionary in language `lang` (`pl`, `pt-BR`: the
    /// first subtag counts) whose tiers come from one ranked list; `None` for a
    /// language [`RANKED_LEVELS`] does not name.
    pub fn for_ranked_list(lang: &str) -> Option<Levels> {
        let primary = lang.split(['-', '_']).next().unwrap_or("");
        RANKED_LEVELS
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(primary))
            .map(|&(_, last)| Levels {
                last,
                source: Source::Measured,
            })
    }

    /// Levels estimated from the dictionary alone: the share of its words of
    /// [`ESTIMATE_LEN`] letters that tiers 1..k hold, for each k, stands in for the
    /// share of a board's words, and [`closest`] picks the tiers nearest
    /// [`BOARD_SHARES`]. `None` with fewer than [`ESTIMATE_MIN_WORDS`] such words in
    /// tiers, or fewer than three tiers that add any.
    ///
    /// ```
    /// use polyboggle_play::level::Levels;
    /// use polyboggle::tiers::Tiers;
    /// use polyboggle::{Compiler, Lexicon, Profile};
    ///
    /// let mut compiler = Compiler::new(Profile::default());
    /// compiler.add_text("tape peat pate");
    /// compiler.set_tiers(Tiers::ranked("tape\npeat\n", "f", &Profile::default())?);
    /// let lexicon = Lexicon::from_bytes(compiler.finish("t")?.0, "t")?;
    /// assert_eq!(Levels::estimate(&lexicon), None); // too few words to tell
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn estimate(lexicon: &Lexicon) -> Option<Levels> {
        let count = lexicon.header().tiers as usize;
        let options = QueryOptions {
            min_len: ESTIMATE_LEN,
            max_len: ESTIMATE_LEN,
            ..QueryOptions::default()
        };
        let search = Search::new(lexicon, &Query::Pattern("*".into()), &options).ok()?;
        let mut by_tier = vec![0u64; count + 1];
        search.for_each(|hit| {
            by_tier[lexicon.tier(hit.index) as usize] += 1;
            ControlFlow::Continue(())
        });
        let all: u64 = by_tier.iter().sum();
        if all == 0 || all - by_tier[0] < ESTIMATE_MIN_WORDS {
            return None;
        }
        let shares: Vec<f64> = by_tier[1..]
            .iter()
            .scan(0, |sum, &n| {
                *sum += n;
                Some(*sum as f64 / all as f64)
            })
            .collect();
        closest(&shares, BOARD_SHARES).map(|last| Levels {
            last,
            source: Source::Estimated,
        })
    }

    /// The tiers the computer knows at `level`; `None` for every word.
    pub fn tiers(&self, level: Level) -> Option<TierRange> {
        match level {
            Level::Easy => Some(TierRange::up_to(self.last[0])),
            Level::Medium => Some(TierRange::up_to(self.last[1])),
            Level::Hard => Some(TierRange::up_to(self.last[2])),
            Level::All => None,
        }
    }
}

impl fmt::Display for Levels {
    /// `easy 1, medium 1..2, hard 1..3` (tiers of each level).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let range = |last: u8| match last {
            1 => "1".to_string(),
            last => format!("1..{last}"),
        };
        write!(
            f,
            "easy {}, medium {}, hard {}",
            range(self.last[0]),
            range(self.last[1]),
            range(self.last[2])
        )
    }
}

/// The three tiers, rising, whose `shares` (the share of tiers 1..k, for k from 1)
/// are closest to `targets`: the least sum of squared log ratios, the lower tiers on
/// a tie. Only tiers that add to the share count. `None` when fewer than three do.
/// (`scripts/level-tiers.py` chooses [`RANKED_LEVELS`] the same way, from boards.)
///
/// ```
/// use polyboggle_play::level::{closest, BOARD_SHARES};
///
/// // Polish: tiers 1..k hold 2.2%, 4.3%, 9.3%, 20.7%, 45.7%, 45.7% of a board's words.
/// let polish = [0.022, 0.043, 0.093, 0.207, 0.457, 0.457];
/// assert_eq!(closest(&polish, BOARD_SHARES), Some([3, 4, 5]));
/// assert_eq!(closest(&[0.1, 0.1, 0.1], BOARD_SHARES), None);
/// ```
pub fn closest(shares: &[f64], targets: [f64; 3]) -> Option<[u8; 3]> {
    let useful: Vec<usize> = (0..shares.len())
        .filter(|&k| shares[k] > if k == 0 { 0.0 } else { shares[k - 1] })
        .collect();
    let error = |k: usize, target: f64| (shares[k] / target).ln().powi(2);
    let mut best: Option<(f64, [usize; 3])> = None;
    for (i, &easy) in useful.iter().enumerate() {
        for (j, &medium) in useful.iter().enumerate().skip(i + 1) {
            for &hard in &useful[j + 1..] {
                let sum =
                    error(easy, targets[0]) + error(medium, targets[1]) + error(hard, targets[2]);
                if best.is_none_or(|(least, _)| sum < least) {
                    best = Some((sum, [easy, medium, hard]));
                }
            }
        }
    }
    best.map(|(_, tiers)| tiers.map(|k| k as u8 + 1))
}

/// Could these tier sizes (words by tier, from tier 0, as
/// [`Lexicon::tier_sizes`] gives them) come from one ranked list? A ranked list has
/// one tier more than [`RANK_BOUNDS`], and no tier holds more words than its rank
/// bucket; several lists (the Princeton ones: three tiers) are told apart by either.
pub fn is_one_ranked_list(sizes: &[u64]) -> bool {
    if sizes.len() != RANK_BOUNDS.len() + 2 {
        return false;
    }
    RANK_BOUNDS.iter().enumerate().all(|(i, &bound)| {
        let width = bound - if i == 0 { 0 } else { RANK_BOUNDS[i - 1] };
        sizes[i + 1] <= width
    })
}

#[cfg(test)]
mod tests;
