//! The Python package `polyboggle`: the core crate's dictionaries, boards and solver,
//! and the optimizer, as Python classes and functions (PyO3). Nothing here solves:
//! each function turns Python values into the library's, calls it, and turns the
//! answer back. Errors become Python exceptions carrying the command line's message.
//!
//! ```python
//! import polyboggle
//! solution = polyboggle.solve("ATEE/APYO/TINU/EDSE")
//! print(solution.score, [w.word for w in solution.words[:3]])
//! ```

use std::ops::ControlFlow;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use polyboggle::batch::{self, CpuScorer, Packed, Scorer};
use polyboggle::lexicon::{self, Lookup};
use polyboggle::query::{Options, Query, QueryError, Search};
use polyboggle::spec::{ProfileSpec, QuerySpec, RulesSpec};
use polyboggle::tiers::Tiers;
use polyboggle::{defaults, normalize, Board as CoreBoard, Face, Profile, Rules, Solver};
use polyboggle_dice::{stats, DiceSet as CoreDiceSet};
use polyboggle_optimize::{self as search, Method, Objective, Settings, Space};
use polyboggle_play::level::Level;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyList, PyString};
use rayon::prelude::*;

create_exception!(
    polyboggle,
    PolyboggleError,
    PyValueError,
    "Bad input: what the polyboggle command reports with exit code 2."
);
create_exception!(
    polyboggle,
    BoardError,
    PolyboggleError,
    "A board that cannot be read."
);
create_exception!(
    polyboggle,
    LexiconError,
    PolyboggleError,
    "A dictionary that cannot be opened or compiled."
);
create_exception!(
    polyboggle,
    RulesError,
    PolyboggleError,
    "Rules or scoring options that make no sense."
);
create_exception!(
    polyboggle,
    DiceError,
    PolyboggleError,
    "A dice set that cannot be read or rolled."
);

fn lexicon_error(e: lexicon::LexiconError) -> PyErr {
    LexiconError::new_err(e.to_string())
}

fn dice_error(e: polyboggle_dice::DiceError) -> PyErr {
    DiceError::new_err(e.to_string())
}

/// A seed as `--seed` takes it: a whole number from 0 to 2**64 - 1. Anything else
/// (a negative number, one too large, not a number) is a [`PolyboggleError`] that
/// says so, not the `OverflowError` or `TypeError` a plain `u64` argument raises.
struct Seed(u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(value: Borrowed<'a, 'py, PyAny>) -> PyResult<Seed> {
        value.extract::<u64>().map(Seed).map_err(|_| {
            let shown = value
                .repr()
                .map_or_else(|_| "?".to_string(), |r| r.to_string());
            PolyboggleError::new_err(format!(
                "seed {shown}: expected a whole number from 0 to {}",
                u64::MAX
            ))
        })
    }
}

/// The built-in ENABLE2K, opened once: what every function uses with no lexicon.
fn default_lexicon() -> &'static polyboggle::Lexicon {
    static BUILTIN: OnceLock<polyboggle::Lexicon> = OnceLock::new();
    BUILTIN.get_or_init(|| {
        polyboggle::Lexicon::builtin(defaults::DICTIONARY).expect("the built-in dictionary opens")
    })
}

/// A compiled dictionary: a word list under one normalization profile.
#[pyclass(module = "polyboggle", frozen)]
struct Lexicon {
    inner: polyboggle::Lexicon,
}

/// The normalization profile the CLI's `--lang`, `--strip-marks`, `--keep` and
/// `--turkic` ask for, with its messages.
fn profile(
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
            py.detach(|| -> Result<(), polyboggle_hunspell::Error> {
                let mut batch = Vec::new();
                for form in dictionary.expand()? {
                    batch.push(form?);
                    if batch.len() == 1 << 15 {
                        let words: Vec<&str> = batch.iter().map(String::as_str).collect();
                        compiler.add_words(&words);
                        batch.clear();
                    }
                }
                let words: Vec<&str> = batch.iter().map(String::as_str).collect();
                compiler.add_words(&words);
                Ok(())
            })
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
        let lower = level.to_ascii_lowercase();
        let Some(level) = Level::EVERY.into_iter().find(|l| l.name() == lower) else {
            return Err(PolyboggleError::new_err(format!(
                "level '{level}': expected easy, medium, hard or all"
            )));
        };
        if level != Level::All && self.inner.header().tiers == 0 {
            return Err(PolyboggleError::new_err(format!(
                "level {level}: this dictionary has no tiers (compile it with --tiers FILE)"
            )));
        }
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
    ) -> PyResult<Options> {
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
fn hunspell_dictionary(
    dic: &str,
    aff: Option<String>,
    compounds: Option<usize>,
    max_form_len: Option<usize>,
) -> PyResult<polyboggle_hunspell::Dictionary> {
    let dic = std::path::Path::new(dic);
    let aff = aff.map_or_else(|| dic.with_extension("aff"), Into::into);
    let mut options = polyboggle_hunspell::Options {
        max_len: max_form_len,
        ..Default::default()
    };
    match compounds {
        None => {}
        Some(2) => {
            options.compounds = Some(polyboggle_hunspell::Compounds::two(
                max_form_len.unwrap_or(40),
            ))
        }
        Some(n) => {
            return Err(LexiconError::new_err(format!(
                "compounds {n}: only two-part compounds are made (compounds=2)"
            )))
        }
    }
    polyboggle_hunspell::Dictionary::open_with(dic, &aff, options)
        .map_err(|e| LexiconError::new_err(e.to_string()))
}

/// Every word of a dictionary, in key order, read one at a time.
#[pyclass(module = "polyboggle")]
struct WordIterator {
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
fn query(
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

fn query_error(e: QueryError) -> PyErr {
    PolyboggleError::new_err(e.to_string())
}

/// A tier range as `--tiers` takes it (`"1..3"`, `"2.."`, `"..2"`, `"2"`), or one
/// tier as a number, as text for [`QuerySpec`] to check.
fn tier_text(value: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(value.str()?.to_cow()?.into_owned())
}

/// Tier lists as `compile --tiers` reads them: one string is a ranked list, a
/// sequence of strings is a list a tier.
fn read_tiers(given: &Bound<'_, PyAny>, profile: &Profile) -> PyResult<Tiers> {
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

/// A board: a grid of faces (`"Qu"`, `"CH"`, a blank `"#"`...).
#[pyclass(module = "polyboggle", frozen, eq)]
#[derive(PartialEq)]
struct Board {
    inner: CoreBoard,
}

/// A board from text in any form `polyboggle solve` reads, with its message.
fn parse_board(text: &str) -> Result<CoreBoard, String> {
    normalize::skip_byte_order_mark(text)
        .parse::<CoreBoard>()
        .map_err(|e| format!("board {text:?}: {e}"))
}

/// A board from a Python value: a `Board`, a string in any board form, or rows of
/// faces (a list of lists of strings).
fn to_board(value: &Bound<'_, PyAny>) -> PyResult<CoreBoard> {
    if let Ok(board) = value.cast::<Board>() {
        return Ok(board.get().inner.clone());
    }
    if let Ok(text) = value.cast::<PyString>() {
        return parse_board(&text.to_cow()?).map_err(BoardError::new_err);
    }
    let rows: Vec<Vec<String>> = value.extract().map_err(|_| {
        BoardError::new_err(
            "a board is a Board, a string (ATEE/APYO/TINU/EDSE) or rows of faces ([['A', 'T'], ...])",
        )
    })?;
    let rows = rows
        .iter()
        .map(|row| row.iter().map(|f| Face::new(f)).collect())
        .collect();
    CoreBoard::from_rows(rows).map_err(|e| BoardError::new_err(e.to_string()))
}

#[pymethods]
impl Board {
    /// A board from a string in any board form (inline `ATEE/APYO/TINU/EDSE`, a bare
    /// `perslatgsineters`, Princeton, Lab 6, rows) or from rows of faces.
    #[new]
    fn new(board: &Bound<'_, PyAny>) -> PyResult<Board> {
        Ok(Board {
            inner: to_board(board)?,
        })
    }

    /// A board rolled from a dice set (a built-in name or a file), as `polyboggle
    /// roll` does: the same seed gives the same board everywhere.
    #[staticmethod]
    #[pyo3(signature = (dice="english-new-4x4", seed=None, size=None))]
    fn roll(dice: &str, seed: Option<Seed>, size: Option<&str>) -> PyResult<Board> {
        let set = CoreDiceSet::load(dice).map_err(dice_error)?;
        let size = size
            .map(polyboggle_dice::parse_size)
            .transpose()
            .map_err(dice_error)?;
        let seed = seed.map_or_else(polyboggle::random::seed, |s| s.0);
        let inner = set.roll(seed, size).map_err(dice_error)?;
        Ok(Board { inner })
    }

    #[getter]
    fn rows(&self) -> usize {
        self.inner.rows()
    }

    #[getter]
    fn cols(&self) -> usize {
        self.inner.cols()
    }

    /// The faces, row by row (a blank is `"#"`).
    #[getter]
    fn faces(&self) -> Vec<Vec<String>> {
        self.inner
            .face_rows()
            .into_iter()
            .map(|row| row.into_iter().map(String::from).collect())
            .collect()
    }

    /// The inline form: rows joined by `/`.
    fn __str__(&self) -> String {
        self.inner.inline()
    }

    fn __repr__(&self) -> String {
        format!("polyboggle.Board({:?})", self.inner.inline())
    }
}

/// A word found on a board.
#[pyclass(module = "polyboggle", frozen, get_all)]
struct Word {
    /// The word as the CLI prints it (upper case).
    word: String,
    /// Its points under the rules.
    points: u32,
    /// One path spelling it: (row, col) of each die, zero-based, in order.
    path: Vec<(usize, usize)>,
}

#[pymethods]
impl Word {
    fn __repr__(&self) -> String {
        format!(
            "Word(word={:?}, points={}, path={:?})",
            self.word, self.points, self.path
        )
    }
}

/// Every word on a board, sorted by key, and the total. The `Word` objects and the
/// JSON are made when first asked for: a loop that wants only `.score` pays for
/// neither.
#[pyclass(module = "polyboggle", frozen)]
struct Solution {
    #[pyo3(get)]
    score: u64,
    found: Vec<polyboggle::Found>,
    board: CoreBoard,
    profile: Profile,
    words: PyOnceLock<Py<PyList>>,
}

#[pymethods]
impl Solution {
    /// The words, sorted by key.
    #[getter]
    fn words(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        let list = self.words.get_or_try_init(py, || {
            let words = self.found.iter().map(|found| Word {
                word: self.profile.display(&found.word),
                points: found.points,
                path: found.path.clone(),
            });
            PyList::new(
                py,
                words
                    .map(|w| Py::new(py, w))
                    .collect::<PyResult<Vec<_>>>()?,
            )
            .map(Bound::unbind)
        })?;
        Ok(list.clone_ref(py))
    }

    fn __len__(&self) -> usize {
        self.found.len()
    }

    /// The JSON `polyboggle solve --format json` prints for this board.
    fn to_json(&self) -> String {
        let solution = polyboggle::Solution {
            words: self.found.clone(),
            score: self.score,
        };
        solution.to_json(&self.board, &self.profile)
    }

    fn __repr__(&self) -> String {
        format!(
            "<polyboggle.Solution: {} words, {} points>",
            self.found.len(),
            self.score
        )
    }
}

/// The rules `--rules`, `--min-len`, `--points` and `--qu` ask for.
fn rules(
    preset: &str,
    min_len: Option<usize>,
    points: Option<&str>,
    qu: Option<bool>,
) -> PyResult<Rules> {
    let spec = RulesSpec {
        rules: Some(preset.to_string()),
        min_len,
        points: points.map(str::to_string),
        qu,
    };
    spec.rules().map_err(|e| RulesError::new_err(e.to_string()))
}

fn lexicon_or_default<'a>(lexicon: &'a Option<Bound<'_, Lexicon>>) -> &'a polyboggle::Lexicon {
    match lexicon {
        Some(lexicon) => &lexicon.get().inner,
        None => default_lexicon(),
    }
}

/// Every word on `board` (a `Board`, a string or rows of faces) under `rules`, from
/// `lexicon` (the built-in ENABLE2K when `None`).
#[pyfunction]
#[pyo3(signature = (board, lexicon=None, rules="hasbro", min_len=None, points=None, qu=None))]
fn solve(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    lexicon: Option<Bound<'_, Lexicon>>,
    rules: &str,
    min_len: Option<usize>,
    points: Option<&str>,
    qu: Option<bool>,
) -> PyResult<Solution> {
    let board = to_board(board)?;
    let rules = self::rules(rules, min_len, points, qu)?;
    let lexicon = lexicon_or_default(&lexicon);
    let solution = py.detach(|| Solver::new(lexicon, rules).solve(&board));
    Ok(Solution {
        score: solution.score,
        found: solution.words,
        board,
        profile: lexicon.profile().clone(),
        words: PyOnceLock::new(),
    })
}

/// The score of one board (what `solve(...).score` is, without finding the words'
/// paths): for loops over many boards that want only the number.
#[pyfunction]
#[pyo3(signature = (board, lexicon=None, rules="hasbro", min_len=None, points=None, qu=None))]
fn score(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    lexicon: Option<Bound<'_, Lexicon>>,
    rules: &str,
    min_len: Option<usize>,
    points: Option<&str>,
    qu: Option<bool>,
) -> PyResult<u64> {
    let board = to_board(board)?;
    let rules = self::rules(rules, min_len, points, qu)?;
    let lexicon = lexicon_or_default(&lexicon);
    Ok(py.detach(|| Solver::new(lexicon, rules).tally(&board).points))
}

/// The score of each board of `boards` (strings in any board form, or `Board`s),
/// in order, on `threads` threads (all cores when `None`), without the GIL.
#[pyfunction]
#[pyo3(signature = (boards, lexicon=None, rules="hasbro", min_len=None, points=None, qu=None, threads=None))]
#[allow(clippy::too_many_arguments)]
fn score_many(
    py: Python<'_>,
    boards: &Bound<'_, PyAny>,
    lexicon: Option<Bound<'_, Lexicon>>,
    rules: &str,
    min_len: Option<usize>,
    points: Option<&str>,
    qu: Option<bool>,
    threads: Option<usize>,
) -> PyResult<Vec<u64>> {
    let rules = self::rules(rules, min_len, points, qu)?;
    let threads = check_threads(threads)?;
    // Strings are read under the GIL, then parsed and scored without it.
    enum Given {
        Text(String),
        Board(CoreBoard),
    }
    let mut given = Vec::new();
    for item in boards.try_iter()? {
        let item = item?;
        given.push(match item.cast::<PyString>() {
            Ok(text) => Given::Text(text.to_cow()?.into_owned()),
            Err(_) => Given::Board(to_board(&item)?),
        });
    }
    let lexicon = lexicon_or_default(&lexicon);
    let scores = py.detach(|| -> Result<Vec<u64>, String> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool starts");
        let parsed = pool.install(|| {
            given
                .into_par_iter()
                .enumerate()
                .map(|(i, given)| match given {
                    Given::Text(text) => {
                        parse_board(&text).map_err(|e| format!("boards[{i}]: {e}"))
                    }
                    Given::Board(board) => Ok(board),
                })
                .collect::<Result<Vec<CoreBoard>, String>>()
        })?;
        let scorer = CpuScorer::new(lexicon, rules.clone(), threads);
        let mut solver = Solver::new(lexicon, rules);
        let packed: Vec<Packed> = batch::pack(&parsed);
        let tallies = batch::tally_packed(&scorer as &dyn Scorer, &mut solver, &packed);
        Ok(tallies.iter().map(|t| t.points).collect())
    });
    scores.map_err(BoardError::new_err)
}

/// `threads`, or one per core; 1 to 1024 as `--threads` takes.
fn check_threads(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        Some(t) if (1..=1024).contains(&t) => Ok(t),
        Some(t) => Err(PolyboggleError::new_err(format!(
            "threads {t}: expected 1 to 1024"
        ))),
    }
}

/// Searches for the best boards, as `polyboggle optimize --format json` does, and
/// returns the same object as a dict (`best`, `runs`, `boards`, `seconds`...).
#[pyfunction]
#[pyo3(signature = (
    lexicon=None, size=None, dice=None, letters=None, exclude=None, objective="score",
    method="pool", pool=250, runs=1, time=None, until=None, seed=Seed(1), threads=None,
    rules="hasbro", min_len=None, points=None, qu=None
), text_signature = "(lexicon=None, size=None, dice=None, letters=None, exclude=None, \
    objective='score', method='pool', pool=250, runs=1, time=None, until=None, seed=1, \
    threads=None, rules='hasbro', min_len=None, points=None, qu=None)")]
#[allow(clippy::too_many_arguments)]
fn optimize(
    py: Python<'_>,
    lexicon: Option<Bound<'_, Lexicon>>,
    size: Option<&str>,
    dice: Option<&str>,
    letters: Option<&str>,
    exclude: Option<&str>,
    objective: &str,
    method: &str,
    pool: usize,
    runs: usize,
    time: Option<f64>,
    until: Option<u64>,
    seed: Seed,
    threads: Option<usize>,
    rules: &str,
    min_len: Option<usize>,
    points: Option<&str>,
    qu: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let objective: Objective = objective
        .parse()
        .map_err(|e: search::ObjectiveError| PolyboggleError::new_err(e.to_string()))?;
    let rules = self::rules(rules, min_len, points, qu)?;
    let threads = check_threads(threads)?;
    for (name, value) in [("pool", pool), ("runs", runs)] {
        if value == 0 {
            return Err(PolyboggleError::new_err(format!(
                "{name} must be at least 1"
            )));
        }
    }
    let time = match time {
        Some(secs) if secs > 0.0 && secs <= 1e9 => Some(Duration::from_secs_f64(secs)),
        Some(secs) => {
            return Err(PolyboggleError::new_err(format!(
                "time {secs}: expected seconds, more than 0 and at most 1000000000"
            )))
        }
        None => None,
    };
    let method = match method {
        "pool" => Method::Pool,
        "anneal" => Method::Anneal,
        other => {
            return Err(PolyboggleError::new_err(format!(
                "method '{other}': expected pool or anneal"
            )))
        }
    };
    if letters.is_some() && dice.is_some() {
        return Err(PolyboggleError::new_err(
            "letters and dice: give one or the other",
        ));
    }
    let lexicon = lexicon_or_default(&lexicon);
    let size = size
        .map(polyboggle_dice::parse_size)
        .transpose()
        .map_err(dice_error)?;
    let profile = lexicon.profile();
    let space = match dice {
        Some(name) => {
            let set = CoreDiceSet::load(name).map_err(dice_error)?;
            let (rows, cols) = size.unwrap_or((set.rows, set.cols));
            Space::dice(&set, rows, cols, profile)
        }
        None => {
            let (rows, cols) = size.unwrap_or((4, 4));
            let mut faces = match letters {
                Some(text) => search::parse_letters(text),
                None => search::alphabet(lexicon, &rules, search::ALPHABET_LIMIT),
            };
            if let Some(text) = exclude {
                faces = search::exclude(&faces, &search::parse_letters(text), profile);
            }
            Space::letters(rows, cols, &faces, profile)
        }
    }
    .map_err(|e| PolyboggleError::new_err(e.to_string()))?;
    let settings = Settings {
        method,
        pool,
        seed: seed.0,
        time,
        until,
        parallel_runs: threads,
        ..Settings::new(objective, rules)
    };
    let summary = py.detach(|| {
        let scorer = CpuScorer::new(lexicon, settings.scoring_rules(), threads);
        let started = Instant::now();
        let numbers: Vec<usize> = (0..runs).collect();
        let reports = search::run(lexicon, &space, &scorer, &settings, &numbers, &|_| {});
        search::summarize(reports, Some(started.elapsed().as_secs_f64()))
    });
    let summary = summary.map_err(|e| PolyboggleError::new_err(e.to_string()))?;
    let mut value = serde_json::to_value(&summary).expect("summaries serialize");
    value["seed"] = seed.0.into();
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (value.to_string(),))?.unbind())
}

/// A dice set: a built-in name or a file, as `--dice` names one.
#[pyclass(module = "polyboggle", frozen)]
struct DiceSet {
    inner: CoreDiceSet,
}

#[pymethods]
impl DiceSet {
    /// The set `name` names: a built-in set or a dice file.
    #[new]
    fn new(name: &str) -> PyResult<DiceSet> {
        let inner = CoreDiceSet::load(name).map_err(dice_error)?;
        Ok(DiceSet { inner })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.inner.name
    }

    #[getter]
    fn rows(&self) -> usize {
        self.inner.rows
    }

    #[getter]
    fn cols(&self) -> usize {
        self.inner.cols
    }

    /// The faces, a list a die.
    #[getter]
    fn dice(&self) -> Vec<Vec<String>> {
        self.inner.dice.clone()
    }

    /// A board rolled from the set, as `Board.roll` does.
    #[pyo3(signature = (seed=None, size=None))]
    fn roll(&self, seed: Option<Seed>, size: Option<&str>) -> PyResult<Board> {
        let size = size
            .map(polyboggle_dice::parse_size)
            .transpose()
            .map_err(dice_error)?;
        let seed = seed.map_or_else(polyboggle::random::seed, |s| s.0);
        let inner = self.inner.roll(seed, size).map_err(dice_error)?;
        Ok(Board { inner })
    }

    /// How the set plays over `rolls` seeded rolls (roll i uses seed `seed + i`), as
    /// `polyboggle dice stats --format json` reports it: the dict of one of its
    /// `sets`. Vowels: `vowels` (letters), else the lexicon's language's (English's
    /// for the built-in dictionary).
    #[pyo3(signature = (
        lexicon=None, rolls=100_000, seed=Seed(1), size=None, floor=45, vowels=None,
        threads=None, rules="hasbro", min_len=None, points=None, qu=None
    ), text_signature = "($self, lexicon=None, rolls=100000, seed=1, size=None, floor=45, \
    vowels=None, threads=None, rules='hasbro', min_len=None, points=None, qu=None)")]
    #[allow(clippy::too_many_arguments)]
    fn stats(
        &self,
        py: Python<'_>,
        lexicon: Option<Bound<'_, Lexicon>>,
        rolls: usize,
        seed: Seed,
        size: Option<&str>,
        floor: u64,
        vowels: Option<&str>,
        threads: Option<usize>,
        rules: &str,
        min_len: Option<usize>,
        points: Option<&str>,
        qu: Option<bool>,
    ) -> PyResult<Py<PyAny>> {
        let rules = self::rules(rules, min_len, points, qu)?;
        let threads = check_threads(threads)?;
        let size = size
            .map(polyboggle_dice::parse_size)
            .transpose()
            .map_err(dice_error)?;
        let builtin = lexicon.is_none();
        let lexicon = lexicon_or_default(&lexicon);
        let vowels = match vowels {
            Some(letters) => letters,
            None if builtin => defaults::vowels_for_language("en").unwrap_or(""),
            None => defaults::vowels_for_language(&lexicon.profile().lang).unwrap_or(""),
        };
        let options = stats::Options {
            rolls,
            seed: seed.0,
            size,
            floor,
            vowels: stats::vowel_keys(vowels, lexicon.profile()),
            threads,
        };
        let report = py
            .detach(|| stats::measure(&self.inner, lexicon, &rules, &options))
            .map_err(|e| DiceError::new_err(e.to_string()))?;
        let json = py.import("json")?;
        Ok(json
            .call_method1("loads", (report.to_json().to_string(),))?
            .unbind())
    }

    fn __len__(&self) -> usize {
        self.inner.dice.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<polyboggle.DiceSet {}: {} dice, {}x{}>",
            self.inner.name,
            self.inner.dice.len(),
            self.inner.rows,
            self.inner.cols
        )
    }
}

/// The names of the built-in dice sets.
#[pyfunction]
fn dice_sets() -> Vec<String> {
    CoreDiceSet::builtin_names()
}

#[pymodule]
#[pyo3(name = "polyboggle")]
fn polyboggle_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Lexicon>()?;
    m.add_class::<Board>()?;
    m.add_class::<Solution>()?;
    m.add_class::<Word>()?;
    m.add_class::<WordIterator>()?;
    m.add_class::<DiceSet>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(score_many, m)?)?;
    m.add_function(wrap_pyfunction!(optimize, m)?)?;
    m.add_function(wrap_pyfunction!(dice_sets, m)?)?;
    m.add("PolyboggleError", py.get_type::<PolyboggleError>())?;
    m.add("BoardError", py.get_type::<BoardError>())?;
    m.add("LexiconError", py.get_type::<LexiconError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("DiceError", py.get_type::<DiceError>())?;
    Ok(())
}
