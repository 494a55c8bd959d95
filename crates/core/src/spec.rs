//! Requests as every front end takes them: the normalization profile, the rules and
//! a dictionary query, given as plain fields (the CLI's flags, the web API's JSON and
//! query strings, Python's keyword arguments) and checked here once, so that an
//! option added here works in all of them and an error has one wording.
//!
//! Each spec deserializes with serde (every field optional) and turns into what the
//! engine takes with one call. Errors speak the CLI's flags (`--lang`, `--tiers`), the
//! form the documentation uses everywhere.
//!
//! ```
//! use polyboggle::spec::{ProfileSpec, QuerySpec, RulesSpec};
//! use polyboggle::query::Query;
//!
//! let profile = ProfileSpec { lang: Some("es".into()), ..ProfileSpec::default() }.profile()?;
//! assert_eq!(profile.key("Niño"), "niño");
//!
//! let rules: RulesSpec = serde_json::from_str(r#"{"rules": "cs106b", "min_len": 5}"#)?;
//! assert_eq!(rules.rules()?.min_len, 5);
//!
//! let query = QuerySpec { fuzzy: Some("boggle".into()), ..QuerySpec::default() };
//! assert!(matches!(query.query()?, Query::Fuzzy { distance: 1, .. }));
//! let both = QuerySpec { pattern: Some("c?t".into()), ..query };
//! assert_eq!(
//!     both.query().unwrap_err().to_string(),
//!     "query: give exactly one of pattern, regex, fuzzy, anagram or build"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Deserialize;

use crate::lexicon::Header;
use crate::normalize::Profile;
use crate::query::{Query, QueryOptions};
use crate::score::{Points, Rules, RulesError};
use crate::tiers::{TierError, TierRange};

/// Why a request was refused: one line, naming the option as the CLI spells it.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// A rules preset or points table that does not parse.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// A tier range that does not parse.
    #[error("--{0}")]
    Tiers(#[from] TierError),
    /// Any other refusal, its message whole.
    #[error("{0}")]
    Invalid(String),
}

/// The normalization profile a plain word list is read with: a language preset and
/// the options on top of it (the CLI's `--lang`, `--strip-marks`, `--keep`,
/// `--turkic`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ProfileSpec {
    /// A language tag whose preset to start from (`es`, `tr`, ...).
    pub lang: Option<String>,
    /// Strip accents after case folding.
    pub strip_marks: bool,
    /// Letters whose accents survive `strip_marks`.
    pub keep: Option<String>,
    /// Turkic casing.
    pub turkic: bool,
}

impl ProfileSpec {
    /// The profile asked for, or why there is none.
    pub fn profile(&self) -> Result<Profile, SpecError> {
        let mut profile = match &self.lang {
            Some(tag) => Profile::for_language(tag).ok_or_else(|| {
                SpecError::Invalid(format!(
                    "--lang: unknown language '{tag}' (nearest: {}; polyboggle languages lists them)",
                    polyboggle_languages::nearest_tags(tag).join(", ")
                ))
            })?,
            None => Profile::default(),
        };
        profile.strip_marks |= self.strip_marks;
        profile.turkic |= self.turkic;
        if let Some(keep) = &self.keep {
            if !profile.strip_marks {
                return Err(SpecError::Invalid(format!(
                    "--keep {keep}: nothing strips accents to keep them from; add --strip-marks"
                )));
            }
            profile.keep = keep.clone();
        }
        Ok(profile)
    }

    /// Does it ask for anything beyond the default profile?
    pub fn is_given(&self) -> bool {
        self.lang.is_some() || self.strip_marks || self.keep.is_some() || self.turkic
    }
}

/// Scoring: a preset and its overrides (the CLI's `--rules`, `--min-len`, `--points`,
/// `--qu`). The preset is `hasbro` when none is named.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RulesSpec {
    /// The preset: `hasbro` or `cs106b` (`None`: `hasbro`).
    pub rules: Option<String>,
    /// The shortest word that counts, in grapheme clusters.
    pub min_len: Option<usize>,
    /// Points for lengths 0, 1, 2, ... (`0,0,0,1,1,2,3,5,11`; the last repeats).
    pub points: Option<String>,
    /// Does a bare Q face read Qu?
    pub qu: Option<bool>,
}

impl RulesSpec {
    /// The rules asked for, or why there are none.
    pub fn rules(&self) -> Result<Rules, SpecError> {
        self.rules_or("hasbro")
    }

    /// The rules asked for, with the preset `default` when none is named: a game's
    /// rules are its language's preset, else `cs106b` (`polyboggle_languages::game_rules`).
    ///
    /// ```
    /// use polyboggle::spec::RulesSpec;
    ///
    /// let spec = RulesSpec::default();
    /// assert_eq!(spec.rules_or("syllables")?.min_len, 2);
    /// let named = RulesSpec { rules: Some("cs106b".into()), ..spec };
    /// assert_eq!(named.rules_or("syllables")?.min_len, 4);
    /// # Ok::<(), polyboggle::spec::SpecError>(())
    /// ```
    pub fn rules_or(&self, default: &str) -> Result<Rules, SpecError> {
        let mut rules = Rules::preset(self.rules.as_deref().unwrap_or(default))?;
        if let Some(points) = &self.points {
            rules = rules.with_points(points.parse::<Points>()?);
        }
        if let Some(min_len) = self.min_len {
            rules.min_len = min_len;
        }
        if let Some(qu) = self.qu {
            rules.qu = qu;
        }
        Ok(rules)
    }
}

/// A dictionary query: exactly one of a pattern, a regular expression, a word to be
/// near, letters to anagram or letters to build from, and the limits on the words it
/// finds (the CLI's `dict search`, the web API's search, Python's `Lexicon.search`).
/// Read from a URL's query string, where every value is text, its numbers may be
/// text (`"2"`) and `units` a list as `--units` writes it (`"ch,ll"`).
///
/// ```
/// use polyboggle::spec::QuerySpec;
///
/// let spec: QuerySpec = serde_json::from_str(r#"{"fuzzy": "cat", "distance": "2", "units": "c,a t"}"#)?;
/// assert_eq!((spec.distance, spec.units), (Some(2), Some(vec!["c".into(), "a".into(), "t".into()])));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct QuerySpec {
    /// A pattern: `?` one face, `*` any run, `[CH]` a face of several letters.
    pub pattern: Option<String>,
    /// A regular expression over whole words.
    pub regex: Option<String>,
    /// A word: find the words within `distance` edits of it.
    pub fuzzy: Option<String>,
    /// The edits `fuzzy` allows (1 when not given; only with `fuzzy`).
    #[serde(deserialize_with = "text::number")]
    pub distance: Option<u32>,
    /// Faces: the words that use all of them (`?` a blank).
    pub anagram: Option<String>,
    /// Faces: the words that use some of them, each at most once.
    pub build: Option<String>,
    /// The shortest word, in grapheme clusters.
    #[serde(deserialize_with = "text::number")]
    pub min_len: Option<usize>,
    /// The longest word, in grapheme clusters.
    #[serde(deserialize_with = "text::number")]
    pub max_len: Option<usize>,
    /// The faces a word may be made of (see [`QuerySpec::units`]).
    #[serde(deserialize_with = "text::units")]
    pub units: Option<Vec<String>>,
    /// A tier range (`1..3`, `2..`, `..2`, `2`): the dictionary must have tiers.
    pub tiers: Option<String>,
}

impl QuerySpec {
    /// The faces of a list written as the CLI's `--units` takes it: separated by
    /// commas or white space.
    ///
    /// ```
    /// assert_eq!(polyboggle::spec::QuerySpec::units("ch, a b"), ["ch", "a", "b"]);
    /// ```
    pub fn units(list: &str) -> Vec<String> {
        list.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|unit| !unit.is_empty())
            .map(str::to_string)
            .collect()
    }

    /// The one query asked for, or why there is not exactly one.
    pub fn query(&self) -> Result<Query, SpecError> {
        if self.distance.is_some() && self.fuzzy.is_none() {
            return Err(SpecError::Invalid(
                "distance: only with fuzzy (the word to be near)".into(),
            ));
        }
        let given = [
            self.pattern.clone().map(Query::Pattern),
            self.regex.clone().map(Query::Regex),
            self.fuzzy.clone().map(|word| Query::Fuzzy {
                word,
                distance: self.distance.unwrap_or(1),
            }),
            self.anagram.clone().map(Query::Anagram),
            self.build.clone().map(Query::Build),
        ];
        let mut given = given.into_iter().flatten();
        match (given.next(), given.next()) {
            (Some(query), None) => Ok(query),
            _ => Err(SpecError::Invalid(
                "query: give exactly one of pattern, regex, fuzzy, anagram or build".into(),
            )),
        }
    }

    /// The query's limits over a dictionary with this header (a tier range needs a
    /// dictionary with tiers).
    pub fn options(&self, header: &Header) -> Result<QueryOptions, SpecError> {
        Ok(QueryOptions {
            min_len: self.min_len.unwrap_or(0),
            max_len: self.max_len.unwrap_or(usize::MAX),
            units: self.units.clone(),
            tiers: tier_range(self.tiers.as_deref(), header)?,
        })
    }
}

/// A tier range as `--tiers` gives it, checked against a dictionary's header: `None`
/// when none is given.
pub fn tier_range(text: Option<&str>, header: &Header) -> Result<Option<TierRange>, SpecError> {
    let Some(text) = text else {
        return Ok(None);
    };
    let range: TierRange = text.parse()?;
    if header.tiers == 0 {
        return Err(SpecError::Invalid(format!(
            "--tiers {text}: this dictionary has no tiers (compile it with --tiers FILE)"
        )));
    }
    Ok(Some(range))
}

/// Values as a URL's query string gives them, all text: a number may be written as
/// text, and a list of faces as `--units` writes it.
mod text {
    use std::fmt;
    use std::marker::PhantomData;
    use std::str::FromStr;

    use serde::de::{self, Deserializer, Unexpected, Visitor};
    use serde::Deserialize;

    /// A whole number, or text that is one (`"2"`).
    pub(super) fn number<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
    where
        D: Deserializer<'de>,
        T: FromStr + TryFrom<u64>,
        T::Err: fmt::Display,
    {
        deserializer.deserialize_any(Number(PhantomData))
    }

    struct Number<T>(PhantomData<T>);

    impl<'de, T> Visitor<'de> for Number<T>
    where
        T: FromStr + TryFrom<u64>,
        T::Err: fmt::Display,
    {
        type Value = Option<T>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a whole number")
        }

        fn visit_u64<E: de::Error>(self, n: u64) -> Result<Self::Value, E> {
            match T::try_from(n) {
                Ok(n) => Ok(Some(n)),
                Err(_) => Err(E::invalid_value(Unexpected::Unsigned(n), &self)),
            }
        }

        fn visit_i64<E: de::Error>(self, n: i64) -> Result<Self::Value, E> {
            match u64::try_from(n) {
                Ok(n) => self.visit_u64(n),
                Err(_) => Err(E::invalid_value(Unexpected::Signed(n), &self)),
            }
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
            text.parse().map(Some).map_err(E::custom)
        }

        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_some<D: Deserializer<'de>>(self, inner: D) -> Result<Self::Value, D::Error> {
            inner.deserialize_any(self)
        }
    }

    /// A list of faces, or text that lists them as `--units` does (`"ch,ll"`).
    pub(super) fn units<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Vec<String>>, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Units {
            List(Vec<String>),
            Text(String),
        }
        Ok(
            Option::<Units>::deserialize(deserializer)?.map(|units| match units {
                Units::List(list) => list,
                Units::Text(text) => super::QuerySpec::units(&text),
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lexicon;

    #[test]
    fn a_profile_starts_from_its_language_and_adds_the_options() {
        let spec = ProfileSpec {
            lang: Some("tr".into()),
            strip_marks: true,
            keep: Some("ç".into()),
            ..ProfileSpec::default()
        };
        let profile = spec.profile().unwrap();
        assert!(profile.turkic && profile.strip_marks);
        assert_eq!(profile.key("IÇé"), "ıçe");
        assert!(spec.is_given() && !ProfileSpec::default().is_given());
        let unknown = ProfileSpec {
            lang: Some("xx".into()),
            ..ProfileSpec::default()
        };
        let message = unknown.profile().unwrap_err().to_string();
        assert!(
            message.starts_with("--lang: unknown language 'xx' (nearest: "),
            "{message}"
        );
        let keep = ProfileSpec {
            keep: Some("ñ".into()),
            ..ProfileSpec::default()
        };
        assert_eq!(
            keep.profile().unwrap_err().to_string(),
            "--keep ñ: nothing strips accents to keep them from; add --strip-marks"
        );
    }

    #[test]
    fn rules_start_from_their_preset_and_take_each_override() {
        let rules = RulesSpec::default().rules().unwrap();
        assert_eq!(rules, Rules::hasbro());
        let spec: RulesSpec =
            serde_json::from_str(r#"{"rules": "CS106B", "points": "0,1", "qu": false}"#).unwrap();
        let rules = spec.rules().unwrap();
        assert_eq!((rules.min_len, rules.qu, rules.points(7)), (4, false, 1));
        for (json, message) in [
            (r#"{"rules": "chess"}"#, "unknown rules 'chess'"),
            (
                r#"{"points": "1,x"}"#,
                "--points: 'x' is not a whole number",
            ),
        ] {
            let spec: RulesSpec = serde_json::from_str(json).unwrap();
            let err = spec.rules().unwrap_err().to_string();
            assert!(err.starts_with(message), "{err}");
        }
        assert!(serde_json::from_str::<RulesSpec>(r#"{"rule": "x"}"#).is_err());
    }

    #[test]
    fn a_query_is_exactly_one_and_its_options_are_checked() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let spec = QuerySpec {
            anagram: Some("tca".into()),
            min_len: Some(2),
            units: Some(QuerySpec::units("c,a t")),
            ..QuerySpec::default()
        };
        assert_eq!(spec.query().unwrap(), Query::Anagram("tca".into()));
        let options = spec.options(lexicon.header()).unwrap();
        assert_eq!((options.min_len, options.max_len), (2, usize::MAX));
        assert_eq!(options.units.unwrap(), ["c", "a", "t"]);
        let distance = QuerySpec {
            pattern: Some("a".into()),
            distance: Some(2),
            ..QuerySpec::default()
        };
        assert_eq!(
            distance.query().unwrap_err().to_string(),
            "distance: only with fuzzy (the word to be near)"
        );
        let none = QuerySpec::default().query().unwrap_err().to_string();
        assert!(none.starts_with("query: give exactly one"));
        let tiered = QuerySpec {
            tiers: Some("1..2".into()),
            ..spec.clone()
        };
        assert_eq!(
            tiered.options(lexicon.header()).unwrap().tiers,
            Some(TierRange { first: 1, last: 2 })
        );
        let untiered = Lexicon::from_words(["cat", "dog"], &Profile::default()).unwrap();
        assert_eq!(
            tiered.options(untiered.header()).unwrap_err().to_string(),
            "--tiers 1..2: this dictionary has no tiers (compile it with --tiers FILE)"
        );
        let backwards = QuerySpec {
            tiers: Some("3..1".into()),
            ..spec
        };
        let err = backwards.options(lexicon.header()).unwrap_err().to_string();
        assert!(err.starts_with("--tiers '3..1': expected"), "{err}");
    }
}
