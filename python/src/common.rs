//! What every part of the module shares: its exceptions, the errors turned into
//! them, seeds, and the built-in dictionary.

use polyboggle::lexicon::{self};
use pyo3::create_exception;
use pyo3::exceptions::{PyTimeoutError, PyValueError};
use pyo3::prelude::*;
use std::sync::OnceLock;

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
create_exception!(
    polyboggle,
    CrosswordError,
    PolyboggleError,
    "A crossword word list, grid or pin that cannot be used, or a grid with no fill."
);
create_exception!(
    polyboggle,
    FillTimeoutError,
    PyTimeoutError,
    "The time budget ran out before a fill was found: what `polyboggle crossword fill` \
     reports with exit code 3."
);

pub(crate) fn lexicon_error(e: lexicon::LexiconError) -> PyErr {
    LexiconError::new_err(e.to_string())
}

pub(crate) fn dice_error(e: polyboggle_dice::DiceError) -> PyErr {
    DiceError::new_err(e.to_string())
}

/// A seed as `--seed` takes it: a whole number from 0 to 2**64 - 1. Anything else
/// (a negative number, one too large, not a number) is a [`PolyboggleError`] that
/// says so, not the `OverflowError` or `TypeError` a plain `u64` argument raises.
pub(crate) struct Seed(pub(crate) u64);

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
pub(crate) fn default_lexicon() -> &'static polyboggle::Lexicon {
    static BUILTIN: OnceLock<polyboggle::Lexicon> = OnceLock::new();
    BUILTIN.get_or_init(|| {
        polyboggle::Lexicon::builtin(polyboggle_languages::DICTIONARY)
            .expect("the built-in dictionary opens")
    })
}
