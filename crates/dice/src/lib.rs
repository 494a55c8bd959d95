//! Dice sets: what each die shows, rolling boards from them, checking and designing them.
//!
//! A dice set is a small text file that people can write by hand:
//!
//! ```text
//! # name: english-new-4x4
//! # grid: 4x4
//! # confidence: published
//! # source: where the faces come from
//! # note: anything worth knowing
//! A A E E G N
//! H I M N U Qu
//! ...
//! ```
//!
//! Header lines are `# key: value` (`name` and `grid` are needed; `confidence`,
//! `source`, `note` are kept for people). Then one die a line, its faces separated
//! by single spaces. A face is any grapheme string (`Qu`, `CH`, `SCH`, `क्ष`);
//! `#` is a blank face. Every die has the same number of faces, and the grid has
//! one cell per die (a smaller grid may be rolled from a larger set).
//!
//! Rolling is the CS106B shake: a Fisher–Yates shuffle of the dice over the grid's
//! positions, then one random face per die, drawn from a ChaCha8 generator seeded with
//! the given number. The algorithm (including how a number below `n` is drawn) is
//! fixed here, so a seed gives the same board on every platform and version.
//!
//! ```
//! use polyboggle_dice::DiceSet;
//!
//! let set = DiceSet::builtin("english-new-4x4")?;
//! let board = set.roll(42, None)?;
//! assert_eq!(board, set.roll(42, None)?);
//! assert!(set.check(&board).is_ok());
//! # Ok::<(), polyboggle_dice::DiceError>(())
//! ```

#![deny(missing_docs)]

mod check;
mod derive;
mod error;
mod format;
mod json;
mod roll;
mod set;

pub mod design;
pub mod stats;
pub mod unreachable;

pub use check::{Folded, Uncovered};
pub use derive::{count_units, Derivation};
pub use error::DiceError;
pub use format::{is_one_line, parse_size};
pub use set::DiceSet;
