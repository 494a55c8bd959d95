//! `DiceSet` and the built-in dice sets.

use crate::board::{check_threads, lexicon_or_default, Board};
use crate::common::{dice_error, DiceError, Seed};
use crate::lexicon::Lexicon;
use crate::rules::{self, rules_doc};
use polyboggle_dice::{stats, DiceSet as CoreDiceSet};
use polyboggle_languages as languages;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A dice set: a built-in name or a file, as `--dice` names one.
#[pyclass(module = "polyboggle", frozen)]
pub(crate) struct DiceSet {
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
    ///
    #[doc = rules_doc!()]
    #[pyo3(signature = (
        lexicon=None, rolls=100_000, seed=Seed(1), size=None, floor=45, vowels=None,
        threads=None, **rules
    ), text_signature = "($self, lexicon=None, rolls=100000, seed=1, size=None, floor=45, \
    vowels=None, threads=None, **rules)")]
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
        rules: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let rules = rules::from_keywords("DiceSet.stats", rules)?;
        let threads = check_threads(threads)?;
        let size = size
            .map(polyboggle_dice::parse_size)
            .transpose()
            .map_err(dice_error)?;
        let builtin = lexicon.is_none();
        let lexicon = lexicon_or_default(&lexicon);
        let vowels = match vowels {
            Some(letters) => letters,
            None if builtin => languages::vowels_for_language("en").unwrap_or(""),
            None => languages::vowels_for_language(&lexicon.profile().lang).unwrap_or(""),
        };
        let options = stats::StatsOptions {
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
pub(crate) fn dice_sets() -> Vec<String> {
    CoreDiceSet::builtin_names()
}
