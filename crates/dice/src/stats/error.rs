//! Why a set cannot be measured.

use crate::error::DiceError;

/// Why a set cannot be measured.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StatsError {
    /// No rolls asked for.
    #[error("--rolls 0: measure at least one roll")]
    NoRolls,
    /// The grid does not fit the set.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// No face of the set is made of letters the dictionary's words use.
    #[error("{set}: no face of the set is made of letters the dictionary's words use (a dictionary of another language?)")]
    Foreign {
        /// The set's name.
        set: String,
    },
    /// The dictionary's normalization folds two faces of one die together.
    #[error(transparent)]
    Folded(#[from] crate::check::Folded),
}
