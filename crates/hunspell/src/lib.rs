//! Expands Hunspell dictionaries (`.aff` + `.dic`) into every word form they
//! accept, streamed stem by stem.
//!
//! The rules follow Hunspell's own checker (`AffixMgr::affix_check`): a form
//! is produced exactly when Hunspell would derive it from a stem. That covers
//! prefixes, suffixes, cross products, twofold suffixes (continuation
//! classes; twofold prefixes under `COMPLEXPREFIXES`), `CIRCUMFIX`,
//! `NEEDAFFIX`/`PSEUDOROOT` on stems and affixes, `ONLYINCOMPOUND`,
//! `FORBIDDENWORD`, `IGNORE`, `FULLSTRIP`, `AF` aliases and all `FLAG` modes.
//! Compounds are off by default; [`Compounds`] turns on two-part compounds.
//!
//! ```
//! use polyboggle_hunspell::HunspellDictionary;
//! let dir = tempfile::tempdir().unwrap();
//! let aff = dir.path().join("t.aff");
//! let dic = dir.path().join("t.dic");
//! std::fs::write(&aff, "SET UTF-8\n\
//!     PFX U Y 1\nPFX U 0 un .\n\
//!     SFX S Y 2\nSFX S 0 s [^y]\nSFX S y ies y\n").unwrap();
//! std::fs::write(&dic, "2\ndo/US\nfly/S\n").unwrap();
//! let d = HunspellDictionary::open(&dic, &aff).unwrap();
//! let words: Vec<String> = d.expand().unwrap().collect::<Result<_, _>>().unwrap();
//! assert_eq!(words, ["do", "dos", "undo", "undos", "flies", "fly"]);
//! ```
//!
//! Forms come out stem by stem in batches (the bare stem with its single
//! affixes, then one batch per suffix rule the stem can take), each batch
//! sorted and without duplicates. The same form may come again from another
//! batch or another stem: sort downstream. Memory stays flat whatever the
//! number of forms: only the affix tables, the (few) forbidden words and one
//! batch are held.
#![deny(missing_docs)]

pub mod aff;
mod compile;
mod compound;
pub mod condition;
pub mod dic;
mod dictionary;
pub mod encoding;
mod error;
mod expand;
pub mod flags;
mod fxhash;
mod iconv;
mod letters;
mod options;

pub use aff::{Aff, AffixRule};
pub use compile::{Expanded, FORMS_AT_ONCE, MAX_COMPOUND_LEN};
pub use dic::{DicEntry, DicReader};
pub use dictionary::{Expand, HunspellDictionary};
pub use error::{Error, Result};
pub use flags::{Flag, FlagMode, FlagSet};
pub use letters::letters;
pub use options::{Compounds, ExpandOptions};
