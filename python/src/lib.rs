//! The Python package `polyboggle`: the core crate's dictionaries, boards and solver,
//! the optimizer, and crossword layouts and fills, as Python classes and functions
//! (PyO3). Nothing here solves: each function turns Python values into the library's,
//! calls it, and turns the answer back. Errors become Python exceptions carrying the
//! command line's message.
//!
//! ```python
//! import polyboggle
//! solution = polyboggle.solve("ATEE/APYO/TINU/EDSE")
//! print(solution.score, [w.word for w in solution.words[:3]])
//! ```

mod board;
mod common;
mod crossword;
mod dice;
mod lexicon;
mod rules;
mod search;

use pyo3::prelude::*;

use crate::board::{score, score_many, solve, Board, Solution, Word};
use crate::common::{
    BoardError, CrosswordError, DiceError, FillTimeoutError, LexiconError, PolyboggleError,
    RulesError,
};
use crate::crossword::{crossword_fill, crossword_layout};
use crate::dice::{dice_sets, DiceSet};
use crate::lexicon::{Lexicon, WordIterator};
use crate::search::optimize;

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
    m.add_function(wrap_pyfunction!(crossword_layout, m)?)?;
    m.add_function(wrap_pyfunction!(crossword_fill, m)?)?;
    m.add("PolyboggleError", py.get_type::<PolyboggleError>())?;
    m.add("BoardError", py.get_type::<BoardError>())?;
    m.add("LexiconError", py.get_type::<LexiconError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("DiceError", py.get_type::<DiceError>())?;
    m.add("CrosswordError", py.get_type::<CrosswordError>())?;
    m.add("FillTimeoutError", py.get_type::<FillTimeoutError>())?;
    Ok(())
}
