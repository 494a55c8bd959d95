//! `Board`, `Word`, `Solution`, and solving and scoring boards.

use crate::common::{default_lexicon, dice_error, BoardError, PolyboggleError, Seed};
use crate::lexicon::Lexicon;
use crate::rules::{self, rules_doc};
use polyboggle::batch::{self, CpuScorer, Packed, Scorer};
use polyboggle::{normalize, Board as CoreBoard, Face, Profile, Solver};
use polyboggle_dice::DiceSet as CoreDiceSet;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString};
use rayon::prelude::*;

/// A board: a grid of faces (`"Qu"`, `"CH"`, a blank `"#"`...).
#[pyclass(module = "polyboggle", frozen, eq)]
#[derive(PartialEq)]
pub(crate) struct Board {
    pub(crate) inner: CoreBoard,
}

/// A board from text in any form `polyboggle solve` reads, with its message.
pub(crate) fn parse_board(text: &str) -> Result<CoreBoard, String> {
    normalize::skip_byte_order_mark(text)
        .parse::<CoreBoard>()
        .map_err(|e| format!("board {text:?}: {e}"))
}

/// A board from a Python value: a `Board`, a string in any board form, or rows of
/// faces (a list of lists of strings).
pub(crate) fn to_board(value: &Bound<'_, PyAny>) -> PyResult<CoreBoard> {
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
pub(crate) struct Word {
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
pub(crate) struct Solution {
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

pub(crate) fn lexicon_or_default<'a>(
    lexicon: &'a Option<Bound<'_, Lexicon>>,
) -> &'a polyboggle::Lexicon {
    match lexicon {
        Some(lexicon) => &lexicon.get().inner,
        None => default_lexicon(),
    }
}

/// Every word on `board` (a `Board`, a string or rows of faces) under the rules, from
/// `lexicon` (the built-in ENABLE2K when `None`).
///
#[doc = rules_doc!()]
#[pyfunction]
#[pyo3(signature = (board, lexicon=None, **rules))]
pub(crate) fn solve(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    lexicon: Option<Bound<'_, Lexicon>>,
    rules: Option<&Bound<'_, PyDict>>,
) -> PyResult<Solution> {
    let board = to_board(board)?;
    let rules = rules::from_keywords("solve", rules)?;
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
///
#[doc = rules_doc!()]
#[pyfunction]
#[pyo3(signature = (board, lexicon=None, **rules))]
pub(crate) fn score(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    lexicon: Option<Bound<'_, Lexicon>>,
    rules: Option<&Bound<'_, PyDict>>,
) -> PyResult<u64> {
    let board = to_board(board)?;
    let rules = rules::from_keywords("score", rules)?;
    let lexicon = lexicon_or_default(&lexicon);
    Ok(py.detach(|| Solver::new(lexicon, rules).tally(&board).points))
}

/// The score of each board of `boards` (strings in any board form, or `Board`s),
/// in order, on `threads` threads (all cores when `None`), without the GIL.
///
#[doc = rules_doc!()]
#[pyfunction]
#[pyo3(signature = (boards, lexicon=None, *, threads=None, **rules))]
pub(crate) fn score_many(
    py: Python<'_>,
    boards: &Bound<'_, PyAny>,
    lexicon: Option<Bound<'_, Lexicon>>,
    threads: Option<usize>,
    rules: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<u64>> {
    let rules = rules::from_keywords("score_many", rules)?;
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
pub(crate) fn check_threads(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        Some(t) if (1..=1024).contains(&t) => Ok(t),
        Some(t) => Err(PolyboggleError::new_err(format!(
            "threads {t}: expected 1 to 1024"
        ))),
    }
}
