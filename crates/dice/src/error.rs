//! The crate's one error: what is wrong with a dice file, a set's name, a grid size
//! or a roll. (A board the dice cannot show is not an error of this kind: see
//! [`Uncovered`](crate::Uncovered).)

/// What is wrong with a dice set, a size or a check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// Not a built-in name nor a readable file.
    #[error("unknown dice set '{0}' (see `polyboggle roll --list`, or give a dice file)")]
    Unknown(String),
    /// A file could not be read.
    #[error("{origin}: {message}")]
    Io {
        /// The file.
        origin: String,
        /// What happened.
        message: String,
    },
    /// A line of a dice file is wrong.
    #[error("{origin}, line {line}: {message}")]
    Syntax {
        /// The file.
        origin: String,
        /// The line (from 1).
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A grid size that is malformed or needs more dice than the set has.
    #[error("{0}")]
    Size(String),
}
