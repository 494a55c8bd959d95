//! `Lexicon`: compiling (Hunspell dictionaries too), opening and querying dictionaries.

use crate::common::{lexicon_error, LexiconError, PolyboggleError};
use polyboggle::lexicon::Lookup;
use polyboggle::query::{Query, QueryError, QueryOptions, Search};
use polyboggle::spec::{ProfileSpec, QuerySpec};
use polyboggle::tiers::Tiers;
use polyboggle::Profile;
use polyboggle_languages as languages;
use polyboggle_play::level::Level;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use std::ops::ControlFlow;
use std::path::PathBuf;

/// The folders a built language's dictionary (`TAG.pbd`) is looked for in, first
/// first: `folders` when given; otherwise those `POLYBOGGLE_DICTIONARIES` lists
/// (separated as `PATH` is), then `dictionaries/build` under the current folder.
fn language_folders(folders: Option<Vec<PathBuf>>) -> Vec<PathBuf> {
    folders.unwrap_or_else(|| {
        let listed = std::env::var_os(languages::FOLDERS_VARIABLE)
            .map(|list| std::env::split_paths(&list).collect::<Vec<_>>())
            .unwrap_or_default();
        let here = PathBuf::from(languages::BUILD_FOLDER);
        listed.into_iter().chain([here]).collect()
    })
}

/// A compiled dictionary: a word list under one normalization profile.
#[pyclass(module = "polyboggle", frozen)]
pub(crate) struct Lexicon {
    pub(crate) inner: polyboggle::Lexicon,
}

/// The normalization profile the CLI's `--lang`, `--strip-marks`, `--keep` and
/// `--turkic` ask for, with its messages.
pub(crate) fn profile(
    lang: Option<&str>,
    strip_marks: bool,
    keep: Option<&str>,
    turkic: bool,
) -> PyResult<Profile> {
    let spec = ProfileSpec {
        lang: lang.map(str::to_string),
        strip_marks,
        keep: keep.map(str::to_string),
        turkic,
    };
    spec.profile()
        .map_err(|e| LexiconError::new_err(e.to_string()))
}

#[pymethods]
impl Lexicon {
    /// Compiles `words` (a string of whitespace-separated words, or an iterable of
    /// words) under a normalization profile, in memory. `tiers`, as `compile --tiers`
    /// reads them: a ranked list (a string, a word and optionally a count a line, the
    /// commonest first) or several lists (strings of words), the commonest first.
    ///
    /// `hunspell` names a Hunspell dictionary (`NAME.dic`, read with `aff` or the
    /// `NAME.aff` beside it) whose every word form is compiled too, as
    /// `polyboggle compile NAME.dic` does (`compounds=2` adds two-part compounds,
    /// `max_form_len` bounds the forms); `words` may then be empty.
    #[staticmethod]
    #[pyo3(signature = (words=None, lang=None, strip_marks=false, keep=None, turkic=false, tiers=None, hunspell=None, aff=None, compounds=None, max_form_len=None))]
    #[allow(clippy::too_many_arguments)]
    fn compile(
        py: Python<'_>,
        words: Option<&Bound<'_, PyAny>>,
        lang: Option<&str>,
        strip_marks: bool,
        keep: Option<&str>,
        turkic: bool,
        tiers: Option<&Bound<'_, PyAny>>,
        hunspell: Option<&Bound<'_, PyAny>>,
        aff: Option<&Bound<'_, PyAny>>,
        compounds: Option<usize>,
        max_form_len: Option<usize>,
    ) -> PyResult<Lexicon> {
        let profile = profile(lang, strip_marks, keep, turkic)?;
        let tiers = tiers.map(|given| read_tiers(given, &profile)).transpose()?;
        let mut compiler = polyboggle::Compiler::new(profile);
        if let Some(tiers) = tiers {
            compiler.set_tiers(tiers);
        }
        match words {
            None => {}
            Some(words) if words.is_instance_of::<PyString>() => {
                compiler.add_text(&words.cast::<PyString>()?.to_cow()?);
            }
            Some(words) => {
                for word in words.try_iter()? {
                    compiler.add(&word?.cast::<PyString>()?.to_cow()?);
                }
            }
        }
        if let Some(dic) = hunspell {
            let dic: String = dic.str()?.extract()?;
            let aff: Option<String> = aff.map(|a| a.str()?.extract()).transpose()?;
            let dictionary = hunspell_dictionary(&dic, aff, compounds, max_form_len)?;
            py.detach(|| dictionary.expand_in_batches(|words| compiler.add_words(words)))
                .map_err(|e| LexiconError::new_err(e.to_string()))?;
        } else if aff.is_some() || compounds.is_some() || max_form_len.is_some() {
            return Err(LexiconError::new_err(
                "aff, compounds and max_form_len go with hunspell (a .dic file)",
            ));
        }
        let (bytes, _) = py
            .detach(|| compiler.finish("words"))
            .map_err(lexicon_error)?;
        Lexicon::from_compiled(bytes, "words")
    }

    /// Opens a dictionary as `--dict` names one: a compiled file, a plain word list
    /// (compiled in memory under the profile given), or a built-in name.
    #[staticmethod]
    #[pyo3(signature = (path, lang=None, strip_marks=false, keep=None, turkic=false))]
    fn open(
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        lang: Option<&str>,
        strip_marks: bool,
        keep: Option<&str>,
        turkic: bool,
    ) -> PyResult<Lexicon> {
        let profile = profile(lang, strip_marks, keep, turkic)?;
        let path: String = path.str()?.extract()?;
        let inner = py
            .detach(|| polyboggle::Lexicon::load(&path, &profile))
            .map_err(lexicon_error)?;
        Ok(Lexicon { inner })
    }

    /// A built-in dictionary (`"enable2k"`).
    #[staticmethod]
    #[pyo3(signature = (name="enable2k"))]
    fn builtin(name: &str) -> PyResult<Lexicon> {
        let inner = polyboggle::Lexicon::builtin(name).map_err(lexicon_error)?;
        Ok(Lexicon { inner })
    }

    /// The languages built by `dictionaries/build-languages.sh` that `language` finds:
    /// `(tag, path)` pairs sorted by tag, each tag's first file in the folders looked in
    /// ([`language_folders`]).
    #[staticmethod]
    #[pyo3(signature = (folders=None))]
    fn languages(folders: Option<Vec<PathBuf>>) -> Vec<(String, String)> {
        languages::built_languages(&language_folders(folders))
            .into_iter()
            .map(|(tag, path)| (tag, path.display().to_string()))
            .collect()
    }

    /// The dictionary `dictionaries/build-languages.sh` built for a language (`"hr"`),
    /// from the first of the folders looked in ([`language_folders`]) that has it; a
    /// `LexiconError` saying how to build it when none is found.
    #[staticmethod]
    #[pyo3(signature = (tag, folders=None))]
    fn language(py: Python<'_>, tag: &str, folders: Option<Vec<PathBuf>>) -> PyResult<Lexicon> {
        let path =
            languages::find_dictionary(tag, &language_folders(folders)).ok_or_else(|| {
                LexiconError::new_err(format!(
                    "no dictionary for language '{tag}' ({})",
                    languages::how_to_build(tag)
                ))
            })?;
        let inner = py
            .detach(|| polyboggle::Lexicon::open(&path))
            .map_err(lexicon_error)?;
        Ok(Lexicon { inner })
    }

    /// A compiled dictionary from its bytes (what `polyboggle compile` writes).
    #[staticmethod]
    fn from_bytes(data: &Bound<'_, PyBytes>) -> PyResult<Lexicon> {
        Lexicon::from_compiled(data.as_bytes().to_vec(), "bytes")
    }

    /// How many words.
    fn __len__(&self) -> usize {
        self.inner.word_count()
    }

    /// Is `word` in the dictionary (under its normalization)?
    fn __contains__(&self, word: &str) -> bool {
        self.inner.contains(word)
    }

    /// `"word"`, `"prefix"` (only the start of longer words) or `None`.
    fn lookup(&self, word: &str) -> Option<&'static str> {
        match self.inner.lookup(word) {
            Lookup::Word => Some("word"),
            Lookup::Prefix => Some("prefix"),
            Lookup::Absent => None,
        }
    }

    /// Its normalization profile, described as `polyboggle dict info` does.
    #[getter]
    fn profile(&self) -> String {
        self.inner.profile().describe()
    }

    /// How many words each tier holds, from tier 0 (words no tier list names) to the
    /// last, as `polyboggle dict info --format json` reports them: `[len(self)]` for
    /// a dictionary without tiers.
    #[getter]
    fn tier_sizes(&self) -> Vec<u64> {
        self.inner.tier_sizes()
    }

    /// The tier of `word` (1 the commonest, 0 for a word no tier list names or a
    /// dictionary without tiers), or `None` when it is not a word.
    fn tier(&self, word: &str) -> Option<u8> {
        let key = self.inner.profile().key(word);
        self.inner
            .index_of(key.as_bytes())
            .map(|index| self.inner.tier(index))
    }

    /// The tiers the computer knows at `level` (`"easy"`, `"medium"`, `"hard"` or
    /// `"all"`) in this dictionary, as `play --level` takes them: `(first, last)`, or
    /// `None` for every word (`polyboggle_play::level`: deeper tiers for a ranked list in a
    /// language whose dictionary holds every inflected form).
    fn level_tiers(&self, level: &str) -> PyResult<Option<(u8, u8)>> {
        let level = Level::named(level)
            .and_then(|level| level.playable_with(&self.inner))
            .map_err(|e| PolyboggleError::new_err(e.to_string()))?;
        Ok(level.tiers(&self.inner).map(|r| (r.first, r.last)))
    }

    /// The words that match one query, as `polyboggle dict search` prints them
    /// (upper case, in key order): a `pattern` (`?` one face, `*` any run, `[...]` a
    /// choice), or a `regex`, the words within `distance` edits of `fuzzy`, the
    /// `anagram`s of a rack or the words one can `build` from it (`?` a blank).
    /// At most `limit` words.
    #[pyo3(signature = (
        pattern=None, *, regex=None, fuzzy=None, distance=None, anagram=None, build=None,
        min_len=None, max_len=None, tiers=None, units=None, limit=None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        py: Python<'_>,
        pattern: Option<String>,
        regex: Option<String>,
        fuzzy: Option<String>,
        distance: Option<u32>,
        anagram: Option<String>,
        build: Option<String>,
        min_len: Option<usize>,
        max_len: Option<usize>,
        tiers: Option<&Bound<'_, PyAny>>,
        units: Option<Vec<String>>,
        limit: Option<u64>,
    ) -> PyResult<Vec<String>> {
        let query = query(pattern, regex, fuzzy, distance, anagram, build)?;
        let options = self.options(min_len, max_len, tiers, units)?;
        let limit = limit.unwrap_or(u64::MAX);
        let profile = self.inner.profile();
        py.detach(|| {
            let search = Search::new(&self.inner, &query, &options)?;
            let mut words = Vec::new();
            if limit > 0 {
                search.for_each(|hit| {
                    words.push(profile.display(hit.key));
                    match words.len() as u64 >= limit {
                        true => ControlFlow::Break(()),
                        false => ControlFlow::Continue(()),
                    }
                });
            }
            Ok(words)
        })
        .map_err(query_error)
    }

    /// How many words match the query (`search`'s arguments but `limit`), as
    /// `polyboggle dict search --count` prints it.
    #[pyo3(signature = (
        pattern=None, *, regex=None, fuzzy=None, distance=None, anagram=None, build=None,
        min_len=None, max_len=None, tiers=None, units=None
    ))]
    #[allow(clippy::too_many_arguments)]
    fn count(
        &self,
        py: Python<'_>,
        pattern: Option<String>,
        regex: Option<String>,
        fuzzy: Option<String>,
        distance: Option<u32>,
        anagram: Option<String>,
        build: Option<String>,
        min_len: Option<usize>,
        max_len: Option<usize>,
        tiers: Option<&Bound<'_, PyAny>>,
        units: Option<Vec<String>>,
    ) -> PyResult<u64> {
        let query = query(pattern, regex, fuzzy, distance, anagram, build)?;
        let options = self.options(min_len, max_len, tiers, units)?;
        py.detach(|| Ok(Search::new(&self.inner, &query, &options)?.count()))
            .map_err(query_error)
    }

    /// Every word, in key order, as `polyboggle dict words` prints them: an iterator
    /// that reads the dictionary as it goes.
    fn words(slf: &Bound<'_, Self>) -> WordIterator {
        WordIterator {
            lexicon: slf.clone().unbind(),
            next: 0,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "<polyboggle.Lexicon of {} words, {}>",
            self.inner.word_count(),
            self.inner.profile().describe()
        )
    }
}

impl Lexicon {
    /// A query's limits, as `dict search` takes them: `tiers` is a range (`"1..3"`,
    /// `"2.."`) or one tier (`2`), and needs a dictionary with tiers.
    fn options(
        &self,
        min_len: Option<usize>,
        max_len: Option<usize>,
        tiers: Option<&Bound<'_, PyAny>>,
        units: Option<Vec<String>>,
    ) -> PyResult<QueryOptions> {
        let tiers = tiers.map(tier_text).transpose()?;
        let spec = QuerySpec {
            min_len,
            max_len,
            units,
            tiers,
            ..QuerySpec::default()
        };
        spec.options(self.inner.header())
            .map_err(|e| PolyboggleError::new_err(e.to_string()))
    }

    fn from_compiled(bytes: Vec<u8>, origin: &str) -> PyResult<Lexicon> {
        let inner = polyboggle::Lexicon::from_bytes(bytes, origin).map_err(lexicon_error)?;
        Ok(Lexicon { inner })
    }
}

/// A Hunspell dictionary opened for expansion as `compile NAME.dic` opens one.
pub(crate) fn hunspell_dictionary(
    dic: &str,
    aff: Option<String>,
    compounds: Option<usize>,
    max_form_len: Option<usize>,
) -> PyResult<polyboggle_hunspell::HunspellDictionary> {
    let dic = std::path::Path::new(dic);
    let aff = aff.map_or_else(|| dic.with_extension("aff"), Into::into);
    let options = polyboggle_hunspell::ExpandOptions::for_compile(compounds, max_form_len)
        .map_err(|e| LexiconError::new_err(e.to_string()))?;
    polyboggle_hunspell::HunspellDictionary::open_with(dic, &aff, options)
        .map_err(|e| LexiconError::new_err(e.to_string()))
}

/// Every word of a dictionary, in key order, read one at a time.
#[pyclass(module = "polyboggle")]
pub(crate) struct WordIterator {
    lexicon: Py<Lexicon>,
    next: u64,
}

#[pymethods]
impl WordIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> Option<String> {
        let lexicon = &self.lexicon.bind(py).get().inner;
        let key = lexicon.word(self.next)?;
        self.next += 1;
        Some(lexicon.profile().display(&key))
    }

    fn __length_hint__(&self, py: Python<'_>) -> usize {
        let words = self.lexicon.bind(py).get().inner.word_count() as u64;
        words.saturating_sub(self.next) as usize
    }
}

/// The one query of `search`'s keyword arguments, or the error that says there is
/// not exactly one.
pub(crate) fn query(
    pattern: Option<String>,
    regex: Option<String>,
    fuzzy: Option<String>,
    distance: Option<u32>,
    anagram: Option<String>,
    build: Option<String>,
) -> PyResult<Query> {
    let spec = QuerySpec {
        pattern,
        regex,
        fuzzy,
        distance,
        anagram,
        build,
        ..QuerySpec::default()
    };
    spec.query()
        .map_err(|e| PolyboggleError::new_err(e.to_string()))
}

pub(crate) fn query_error(e: QueryError) -> PyErr {
    PolyboggleError::new_err(e.to_string())
}

/// A tier range as `--tiers` takes it (`"1..3"`, `"2.."`, `"..2"`, `"2"`), or one
/// tier as a number, as text for [`QuerySpec`] to check.
pub(crate) fn tier_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(value.str()?.to_cow()?.into_owned())
}

/// Tier lists as `compile --tiers` reads them: one string is a ranked list, a
/// sequence of strings is a list a tier.
pub(crate) fn read_tiers(given: &Bound<'_, PyAny>, profile: &Profile) -> PyResult<Tiers> {
    let tiers = if let Ok(text) = given.cast::<PyString>() {
        Tiers::ranked(&text.to_cow()?, "tiers", profile)
    } else {
        let lists: Vec<String> = given.extract().map_err(|_| {
            LexiconError::new_err(
                "tiers: a ranked list (a string) or lists of words, the commonest first",
            )
        })?;
        let named: Vec<(String, &str)> = lists
            .iter()
            .enumerate()
            .map(|(i, list)| (format!("tiers[{i}]"), list.as_str()))
            .collect();
        let named: Vec<(&str, &str)> = named.iter().map(|(n, l)| (n.as_str(), *l)).collect();
        Tiers::from_lists(&named, profile)
    };
    tiers.map_err(|e| LexiconError::new_err(e.to_string()))
}
