//! What the commands read, resolved from their flags once (as ripgrep's `HiArgs`
//! resolves its low-level arguments): the flags `crate::args` parses become values
//! with named fields that say what was chosen; each refusal is a
//! [`Failure`](crate::Failure) naming the flag or the input.
//!
//! - [`Scoring`]: the dictionary and rules a command scores boards by; [`Search`]
//!   adds the board space `optimize` and `prove` search.
//! - [`Dictionary`]: which dictionary (`--dict`, the built-in, a built language's),
//!   opened whole or lazily; the normalization flags, `--tiers` and `--level`.
//! - [`Dice`]: which dice set (one the flags name, or a built-in the command picks),
//!   and the one way a set is read.
//! - Inputs read whole ([`Input`], boards), and the Hunspell and tier lists `compile`
//!   reads.
//! - Limits (`--threads`, `--time`, `--task-index`/`--tasks`) and the scorer
//!   `--backend` asks for.

mod dice;
mod dictionary;
mod input;
mod limits;
mod scorer;
mod scoring;
mod search;
mod word_lists;

pub use dice::Dice;
pub use dictionary::{language_folders, level, profile, tier_range, Dictionary};
pub use input::{read_board, read_input, Input};
pub use limits::{check_run_flags, check_seconds, check_threads};
pub use scorer::open_scorer;
pub use scoring::Scoring;
pub use search::Search;
pub use word_lists::{is_dic, open_hunspell, read_tiers};
