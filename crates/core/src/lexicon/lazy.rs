//! Dictionaries opened for queries: the header checked when the file is opened, each
//! block of a section the first time something reads it.

use std::path::Path;

use super::builtin::BUILTINS;
use super::compile::Compiler;
use super::error::LexiconError;
use super::format::{Header, Integrity, MAGIC};
use super::open::{Lexicon, Lookup};
use super::storage::{map, Storage};
use super::wordlist::word_list_text;
use crate::Profile;

/// A dictionary opened for queries: opening checks the header and its table of block
/// checksums, not the sections, and each block is checked (its CRC, and the bounds of
/// the automaton's records) the first time a lookup or a
/// [`LazySearch`](crate::query::LazySearch) reads it. A query with a fixed prefix on
/// a 19 MB dictionary reads and checks a few blocks instead of the whole file.
///
/// Every read that can meet a damaged block returns a [`Result`]: nothing is answered
/// from a block that has not passed. [`LazyLexicon::verify`] checks the rest and
/// gives the [`Lexicon`] that the solver and everything else reads without a check
/// per step. A file of format version 2 or 3, which has one checksum for the whole
/// file, is checked whole when it is opened.
///
/// ```
/// use polyboggle::{LazyLexicon, Lookup};
///
/// let english = LazyLexicon::builtin("enable2k")?;
/// assert_eq!(english.lookup("QUIXOTI")?, Lookup::Prefix);
/// let english = english.verify()?; // every block: a Lexicon, for the solver
/// assert!(english.contains("quixotic"));
/// # Ok::<(), polyboggle::LexiconError>(())
/// ```
pub struct LazyLexicon {
    lexicon: Lexicon,
}

impl LazyLexicon {
    /// Opens a compiled dictionary file (memory-mapped; a pipe is read) and checks its
    /// header.
    pub fn open(path: &Path) -> Result<LazyLexicon, LexiconError> {
        let origin = path.display().to_string();
        LazyLexicon::from_storage(map(path, &origin)?, &origin)
    }

    /// Opens a compiled dictionary held in memory.
    pub fn from_bytes(bytes: Vec<u8>, origin: &str) -> Result<LazyLexicon, LexiconError> {
        LazyLexicon::from_storage(Storage::Owned(bytes), origin)
    }

    /// Opens a built-in dictionary by name (see [`super::builtin_names`]).
    pub fn builtin(name: &str) -> Result<LazyLexicon, LexiconError> {
        let (_, bytes) = BUILTINS
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| LexiconError::Unknown { name: name.into() })?;
        LazyLexicon::from_storage(Storage::Static(bytes), name)
    }

    /// Opens what `--dict` names, as [`Lexicon::load`] does: a compiled file, a plain
    /// UTF-8 word list (compiled in memory with `profile`), or a built-in name.
    pub fn load(name: &str, profile: &Profile) -> Result<LazyLexicon, LexiconError> {
        // A file of that name wins over a built-in of the same spelling (the binary
        // says so when both exist); a folder of that name does not hide a built-in.
        let path = Path::new(name);
        if path.is_dir() || !path.exists() {
            return LazyLexicon::builtin(name).map_err(|e| {
                match (e, crate::files::not_a_file(name)) {
                    (LexiconError::Unknown { .. }, Some(why)) => LexiconError::Read(why),
                    (e, _) => e,
                }
            });
        }
        // Map the file once: a compiled dictionary is used in place, a word list is
        // read from the same map.
        let storage = map(path, name)?;
        if storage.bytes().starts_with(MAGIC) {
            return LazyLexicon::from_storage(storage, name);
        }
        let text = word_list_text(storage.bytes(), name)?;
        let mut compiler = Compiler::new(profile.clone());
        compiler.add_text(text);
        let (bytes, _) = compiler.finish(name)?;
        LazyLexicon::from_bytes(bytes, name)
    }

    /// [`LazyLexicon::from_bytes`] without the checksum tests (of the header and of
    /// each block), so that fuzzing reaches the checks behind them. Only in test
    /// builds and with the `fuzzing` feature.
    #[cfg(any(test, feature = "fuzzing"))]
    #[doc(hidden)]
    pub fn from_bytes_unchecked(bytes: Vec<u8>, origin: &str) -> Result<LazyLexicon, LexiconError> {
        let lexicon = Lexicon::open_lazily(Storage::Owned(bytes), origin, Integrity::Unchecked)?;
        Ok(LazyLexicon { lexicon })
    }

    fn from_storage(storage: Storage, origin: &str) -> Result<LazyLexicon, LexiconError> {
        let lexicon = Lexicon::open_lazily(storage, origin, Integrity::Checked)?;
        Ok(LazyLexicon { lexicon })
    }

    /// Checks every block not yet checked: the [`Lexicon`] the solver and everything
    /// else reads.
    pub fn verify(self) -> Result<Lexicon, LexiconError> {
        self.check()?;
        Ok(self.lexicon)
    }

    /// Checks every block not yet checked, so that nothing read afterwards can meet a
    /// damaged one (before streaming out a large result, say: a damaged block found
    /// later could not take back what was shown).
    pub fn check(&self) -> Result<(), LexiconError> {
        self.lexicon.check_all()
    }

    /// The header: word count, profile, lengths, version and size.
    pub fn header(&self) -> &Header {
        self.lexicon.header()
    }

    /// The normalization profile of this dictionary's words.
    pub fn profile(&self) -> &Profile {
        self.lexicon.profile()
    }

    /// How many words it holds.
    pub fn word_count(&self) -> usize {
        self.lexicon.word_count()
    }

    /// Classifies `text` after normalizing it with this dictionary's profile (see
    /// [`Lexicon::lookup`]).
    pub fn lookup(&self, text: &str) -> Result<Lookup, LexiconError> {
        self.lexicon
            .try_lookup_key(self.profile().key(text).as_bytes())
    }

    /// Is `text` (normalized with this dictionary's profile) a word?
    pub fn contains(&self, text: &str) -> Result<bool, LexiconError> {
        Ok(self.lookup(text)? == Lookup::Word)
    }

    /// How many words each tier holds (see [`Lexicon::tier_sizes`]).
    pub fn tier_sizes(&self) -> Result<Vec<u64>, LexiconError> {
        self.lexicon.try_tier_sizes()
    }

    /// The dictionary, for the query walk, which checks each block it reads.
    pub(crate) fn lexicon(&self) -> &Lexicon {
        &self.lexicon
    }
}

impl std::fmt::Debug for LazyLexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LazyLexicon")
            .field("header", self.header())
            .finish()
    }
}
