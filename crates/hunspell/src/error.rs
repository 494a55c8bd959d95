//! The crate's error type.

use std::path::PathBuf;

/// Everything that can go wrong while reading or expanding a dictionary.
///
/// Every variant displays as one line that names the file (and the line in
/// it, where there is one), e.g. `de.aff:12: bad condition "[ab": unclosed '['`,
/// or the option that was wrong, as `polyboggle compile` spells it.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be opened or read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating-system error.
        source: std::io::Error,
    },
    /// A line of an `.aff` or `.dic` file is malformed.
    #[error("{}:{line}: {message}", path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A line holds bytes the declared `SET` encoding does not allow.
    #[error("{}:{line}: {message}", path.display())]
    Encoding {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A stem produced more forms than [`crate::ExpandOptions::limit`] allows.
    #[error("{}:{line}: stem {stem:?} produced more than {limit} forms (Options::limit)", path.display())]
    TooManyForms {
        /// The `.dic` file.
        path: PathBuf,
        /// 1-based line of the stem.
        line: usize,
        /// The stem.
        stem: String,
        /// The limit that was hit.
        limit: usize,
    },
    /// Compound generation went past [`crate::Compounds::max_forms`].
    #[error("{}: compound generation stopped after {limit} forms (Compounds::max_forms); raise the limit or restrict max_len", path.display())]
    CompoundLimit {
        /// The `.dic` file.
        path: PathBuf,
        /// The limit that was hit.
        limit: usize,
    },
    /// Compounds of other than two parts ([`crate::ExpandOptions::for_compile`]).
    #[error("--compounds {0}: only two-part compounds are made (--compounds 2)")]
    CompoundParts(usize),
    /// A longest form of no letters ([`crate::ExpandOptions::for_compile`]).
    #[error("--max-form-len 0: a form has at least one letter")]
    NoLetters,
}

impl Error {
    pub(crate) fn parse(path: &std::path::Path, line: usize, message: impl Into<String>) -> Self {
        Error::Parse {
            path: path.to_path_buf(),
            line,
            message: message.into(),
        }
    }
    pub(crate) fn io(path: &std::path::Path, source: std::io::Error) -> Self {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// Shorthand for `Result<T, Error>`.
pub type Result<T> = std::result::Result<T, Error>;
