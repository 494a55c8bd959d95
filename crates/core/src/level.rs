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
//! 10,000 commonest. So for a ranked list the level's tiers are looked up by the
//! dictionary's language in [`RANKED_LEVELS`], chosen from measurements on 1,000
//! rolled boards of each language (`scripts/level-tiers.py`, docs/levels.md); any
//! other dictionary (several lists, or a language not measured) has tiers 1, 1-2
//! and 1-3.
//!
//! [`Level::tiers`] is the one mapping every front end uses (`play`, `duel`, the web
//! and static pages, the Python package).
//!
//! ```
//! use polyboggle::level::{Level, Levels};
//! use polyboggle::tiers::TierRange;
//!
//! // Polish's easy computer knows the 10,000 commonest words (tiers 1-3).
//! let polish = Levels::for_ranked_list("pl");
//! assert_eq!(polish.tiers(Level::Easy), Some(TierRange::up_to(3)));
//! assert_eq!(polish.tiers(Level::All), None);
//! // A language not measured keeps tier 1, 1-2, 1-3.
//! assert_eq!(Levels::for_ranked_list("xx"), Levels::LISTS);
//! ```

use std::fmt;

use crate::tiers::{TierRange, RANK_BOUNDS};
use crate::Lexicon;

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

    /// The tiers the computer knows at this level in `lexicon` (`None`: every word):
    /// [`Levels::of`] the lexicon.
    ///
    /// ```
    /// use polyboggle::level::Level;
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
    ("de", [1, 2, 3]),
    ("el", [2, 3, 5]),
    ("en", [1, 2, 3]),
    ("es", [2, 3, 4]),
    ("fr", [1, 2, 4]),
    ("hi", [1, 2, 3]),
    ("it", [1, 2, 3]),
    ("nl", [2, 3, 4]),
    ("pl", [3, 4, 5]),
    ("pt", [2, 3, 4]),
    ("tr", [2, 3, 4]),
];

/// The last tier of the easy, medium and hard computer in one dictionary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels {
    /// The last tier of easy, medium and hard (each takes tiers 1 to it).
    pub last: [u8; 3],
}

impl Levels {
    /// Tier 1, tiers 1-2, tiers 1-3: the levels of several lists (the Princeton
    /// ones), and of a ranked list in a language [`RANKED_LEVELS`] does not name.
    pub const LISTS: Levels = Levels { last: [1, 2, 3] };

    /// The levels of `lexicon`: by its language when its tiers come from one ranked
    /// list ([`is_one_ranked_list`]), else [`Levels::LISTS`].
    pub fn of(lexicon: &Lexicon) -> Levels {
        if lexicon.header().tiers == 0 || !is_one_ranked_list(&lexicon.tier_sizes()) {
            return Levels::LISTS;
        }
        Levels::for_ranked_list(&lexicon.profile().lang)
    }

    /// The levels of a dictionary in language `lang` (`pl`, `pt-BR`: the first
    /// subtag counts) whose tiers come from one ranked list.
    pub fn for_ranked_list(lang: &str) -> Levels {
        let primary = lang.split(['-', '_']).next().unwrap_or("");
        RANKED_LEVELS
            .iter()
            .find(|(tag, _)| tag.eq_ignore_ascii_case(primary))
            .map_or(Levels::LISTS, |&(_, last)| Levels { last })
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
mod tests {
    use super::*;
    use crate::tiers::Tiers;
    use crate::{Compiler, Profile};

    #[test]
    fn the_table_names_each_language_once_with_rising_tiers() {
        for (i, (tag, last)) in RANKED_LEVELS.iter().enumerate() {
            assert!(
                RANKED_LEVELS[..i].iter().all(|(t, _)| t != tag),
                "{tag} twice"
            );
            assert!(
                last[0] >= 1 && last[0] < last[1] && last[1] < last[2],
                "{tag}"
            );
            assert!(last[2] as usize <= RANK_BOUNDS.len() + 1, "{tag}");
        }
    }

    #[test]
    fn a_ranked_list_takes_its_languages_levels() {
        assert_eq!(Levels::for_ranked_list("pl").last, [3, 4, 5]);
        assert_eq!(Levels::for_ranked_list("PT-br").last, [2, 3, 4]);
        assert_eq!(Levels::for_ranked_list("fr_CA").last, [1, 2, 4]);
        for unknown in ["", "ru", "xx-pl"] {
            assert_eq!(Levels::for_ranked_list(unknown), Levels::LISTS, "{unknown}");
        }
        let polish = Levels::for_ranked_list("pl");
        let tiers: Vec<_> = Level::EVERY.iter().map(|&l| polish.tiers(l)).collect();
        assert_eq!(
            tiers,
            [
                Some(TierRange::up_to(3)),
                Some(TierRange::up_to(4)),
                Some(TierRange::up_to(5)),
                None
            ]
        );
        assert_eq!(polish.to_string(), "easy 1..3, medium 1..4, hard 1..5");
        assert_eq!(Levels::LISTS.to_string(), "easy 1, medium 1..2, hard 1..3");
    }

    #[test]
    fn ranked_lists_are_told_from_several_lists_by_their_sizes() {
        // Tier 0, then the rank buckets: 1,000, 2,000, 7,000, 20,000, 70,000, the rest.
        assert!(is_one_ranked_list(&[
            5, 1_000, 2_000, 7_000, 20_000, 70_000, 9
        ]));
        assert!(is_one_ranked_list(&[0, 3, 0, 0, 0, 0, 0]));
        // Princeton's three lists; six lists with a tier too big for its bucket.
        assert!(!is_one_ranked_list(&[150_586, 1_571, 5_357, 16_014]));
        assert!(!is_one_ranked_list(&[0, 1_001, 1, 1, 1, 1, 1]));
        assert!(!is_one_ranked_list(&[0, 1, 2_001, 1, 1, 1, 1]));
        assert!(!is_one_ranked_list(&[7]));
    }

    fn compile(lang: &str, words: &str, tiers: impl FnOnce(&Profile) -> Tiers) -> Lexicon {
        let profile = Profile::for_language(lang).unwrap();
        let mut compiler = Compiler::new(profile.clone());
        compiler.add_text(words);
        compiler.set_tiers(tiers(&profile));
        Lexicon::from_bytes(compiler.finish("t").unwrap().0, "t").unwrap()
    }

    /// `n` written in letters, a word of at least three.
    fn letters(mut n: usize) -> String {
        let mut word = String::from("ab");
        loop {
            word.push((b'a' + (n % 26) as u8) as char);
            n /= 26;
            if n == 0 {
                return word;
            }
        }
    }

    #[test]
    fn a_lexicon_picks_its_levels_by_its_tiers_and_language() {
        let polish = compile("pl", "kot dom", |p| {
            Tiers::ranked("dom\nkot", "f", p).unwrap()
        });
        assert_eq!(Levels::of(&polish).last, [3, 4, 5]);
        let russian = compile("ru", "кот дом", |p| {
            Tiers::ranked("дом", "f", p).unwrap()
        });
        assert_eq!(Levels::of(&russian), Levels::LISTS);
        // Six lists in Polish are no ranked list when a tier overflows its bucket.
        let big: String = (0..1_001).map(|i| format!("{} ", letters(i))).collect();
        let words = format!("{big} kot");
        let lists = |p: &Profile| {
            let six = [
                ("1", big.as_str()),
                ("2", "kot"),
                ("3", ""),
                ("4", ""),
                ("5", ""),
                ("6", ""),
            ];
            Tiers::from_lists(&six, p).unwrap()
        };
        assert_eq!(Levels::of(&compile("pl", &words, lists)), Levels::LISTS);
        let princeton = |p: &Profile| Tiers::from_lists(&[("n", "kot"), ("a", "dom")], p).unwrap();
        let lexicon = compile("pl", "kot dom", princeton);
        assert_eq!(Level::Medium.tiers(&lexicon), Some(TierRange::up_to(2)));
    }
}
