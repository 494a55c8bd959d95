//! Dictionaries: compiling word lists into FST files and opening them again.
//!
//! A compiled dictionary is one file: a small header; the solver's flat
//! [`raw`](crate::raw) (the FST decoded into fixed-width arrays, so the
//! search needs no decoding at open or while it runs); the [`fst`] mapping each
//! normalized word to its index in sorted order; one byte per word giving its length
//! in grapheme clusters; and the automaton's transition bytes. The header records the
//! format version, the normalization [`Profile`], the word count, the shortest and
//! longest word and a CRC-32 of each block of every section, so a corrupt, truncated or
//! foreign file is refused before anything is read from a damaged block, instead of
//! giving wrong answers later.
//!
//! The layout, format version 5 (version 4's, with each state's last record marked
//! where bytes share a class: [`raw`](crate::raw); `docs/dictionary-format.md` has the
//! whole story, versions 2 to 4 included, which are still read):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `PBOGDICT` |
//! | 8 | 4 | format version (little-endian `u32`, 5) |
//! | 12 | 4 | header length `H` in bytes, block table included |
//! | 16 | 8 | word count `N` |
//! | 24 | 4 | shortest word, in graphemes |
//! | 28 | 4 | longest word, in graphemes |
//! | 32 | 8 | FST length `F` in bytes |
//! | 40 | 8 | length-table size in bytes (equals `N`) |
//! | 48 | 4 | CRC-32 of the header's `H` bytes except these four |
//! | 52 | 4 | profile flags: bit 0 strip marks, bit 1 Turkic |
//! | 56 | 2 | keep-list length `K` in bytes |
//! | 58 | 2 | language-tag length `L` in bytes |
//! | 60 | 8 | automaton words size `A` in bytes |
//! | 68 | 8 | automaton transition count `T` |
//! | 76 | 8 | tier-table size `W` (`N`, or 0 without tiers) |
//! | 84 | 4 | tier count (0 without tiers) |
//! | 88 | 4 | block size `B` |
//! | 92 | 4 | block count `C` |
//! | 96 | K + L | keep-list and language tag, UTF-8, then zeros up to a multiple of 8 |
//! | then | 4 C | a CRC-32 per block of each section (`blocks`), zeros up to `H` |
//! | H | A | automaton: node and transition words (little-endian `u32`) |
//! | H + A | F | the FST (`fst::Map`: word → index) |
//! | H + A + F | N | grapheme length of each word, by index |
//! | H + A + F + N | T | automaton: transition input bytes |
//! | H + A + F + N + T | W | each word's tier, by index |
//!
//! A [`Lexicon`] checks every block when it is opened; a [`LazyLexicon`] checks the
//! header, and each block the first time a query reads it.
//!
//! This module owns reading and writing that format. It does not know about boards.
//!
//! ```
//! use polyboggle::{Lexicon, Profile};
//!
//! let lexicon = Lexicon::from_words(["cat", "Cats", "dog", "CAT"], &Profile::default())?;
//! assert_eq!(lexicon.word_count(), 3);
//! assert!(lexicon.contains("CAT"));
//! assert!(lexicon.is_prefix("ca"));
//! # Ok::<(), polyboggle::LexiconError>(())
//! ```

mod blocks;
mod builtin;
mod compile;
mod error;
mod format;
mod lazy;
mod open;
mod runs;
mod storage;
#[cfg(test)]
mod tests;
mod upgrade;
mod wordlist;

use std::path::Path;

use crate::automaton;
use crate::normalize::Profile;
use storage::Storage;

pub use builtin::builtin_names;
pub use compile::{CompileReport, Compiled, Compiler, DEFAULT_SORT_MEMORY};
pub use error::LexiconError;
pub use format::{Header, BLOCKS_VERSION, FORMAT_VERSION, MAGIC, PLAIN_VERSION, TIERED_VERSION};
pub use lazy::LazyLexicon;
pub use open::{Lexicon, Lookup};
pub use wordlist::word_list_text;

/// The compiled dictionary at `path` rewritten in this build's format version
/// ([`FORMAT_VERSION`]), with its header as it was; `None` when it has that version
/// already. Its words, lengths, tiers and profile are kept, each checked against its
/// checksum; the solver's automaton is derived again from its FST. This is how a file
/// that [`Lexicon::open`] refuses as [`LexiconError::Outdated`] is rebuilt (`polyboggle
/// dict upgrade`).
///
/// ```
/// use polyboggle::{lexicon, Compiler, Profile};
///
/// let mut compiler = Compiler::new(Profile::default());
/// compiler.add_text("cat dog");
/// let (bytes, _) = compiler.finish("pets")?;
/// let path = std::env::temp_dir().join(format!("pets-{}.pbd", std::process::id()));
/// std::fs::write(&path, bytes)?;
/// assert!(lexicon::upgrade(&path)?.is_none()); // written by this build already
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn upgrade(path: &Path) -> Result<Option<(Header, Compiled)>, LexiconError> {
    let origin = path.display().to_string();
    let storage = storage::map(path, &origin)?;
    upgrade::upgrade(&storage, &origin)
}

// The friendly API: opening and asking, over the reads in `open.rs`.
impl Lexicon {
    /// Opens a compiled dictionary file (memory-mapped; a pipe is read) and checks its
    /// header and every checksum.
    pub fn open(path: &Path) -> Result<Lexicon, LexiconError> {
        LazyLexicon::open(path)?.verify()
    }

    /// Opens a compiled dictionary held in memory.
    pub fn from_bytes(bytes: Vec<u8>, origin: &str) -> Result<Lexicon, LexiconError> {
        Lexicon::from_storage(Storage::Owned(bytes), origin)
    }

    /// [`Lexicon::from_bytes`] without the checksum test, so that fuzzing reaches the
    /// section checks behind it (a random change almost never keeps the CRC right).
    /// Only in test builds and with the `fuzzing` feature: nothing a user runs can skip
    /// the checksum.
    #[cfg(any(test, feature = "fuzzing"))]
    #[doc(hidden)]
    pub fn from_bytes_unchecked(bytes: Vec<u8>, origin: &str) -> Result<Lexicon, LexiconError> {
        Lexicon::open_storage(Storage::Owned(bytes), origin, format::Integrity::Unchecked)
    }

    /// Opens a built-in dictionary by name (see [`builtin_names`]).
    ///
    /// ```
    /// let english = polyboggle::Lexicon::builtin("enable2k")?;
    /// assert!(english.contains("quixotic"));
    /// # Ok::<(), polyboggle::LexiconError>(())
    /// ```
    pub fn builtin(name: &str) -> Result<Lexicon, LexiconError> {
        LazyLexicon::builtin(name)?.verify()
    }

    /// Compiles words in memory (see [`Compiler`] for the details and a report).
    pub fn from_words<I, S>(words: I, profile: &Profile) -> Result<Lexicon, LexiconError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let mut compiler = Compiler::new(profile.clone());
        for word in words {
            compiler.add(word.as_ref());
        }
        let (bytes, _) = compiler.finish("<memory>")?;
        Lexicon::from_bytes(bytes, "<memory>")
    }

    /// Opens what `--dict` names: a compiled file, a plain UTF-8 word list (compiled
    /// in memory with `profile`), or a built-in name. An existing file is preferred to
    /// a built-in of the same name.
    pub fn load(name: &str, profile: &Profile) -> Result<Lexicon, LexiconError> {
        LazyLexicon::load(name, profile)?.verify()
    }

    /// Is `text` (normalized with this dictionary's profile) a word?
    pub fn contains(&self, text: &str) -> bool {
        self.lookup(text) == Lookup::Word
    }

    /// Does some word start with `text` (normalized)? True for words themselves.
    pub fn is_prefix(&self, text: &str) -> bool {
        self.lookup(text) != Lookup::Absent
    }

    /// Classifies `text` after normalizing it with this dictionary's profile.
    pub fn lookup(&self, text: &str) -> Lookup {
        self.lookup_key(self.profile().key(text).as_bytes())
    }

    /// The key of the word with this index, if any.
    pub fn word(&self, index: u64) -> Option<String> {
        if index >= self.header().word_count {
            return None;
        }
        // A word's rank is the sum of the outputs along its path, and a state's
        // outputs grow with its transitions' bytes: follow the largest output not past
        // what is left. A damaged automaton may loop; no path is longer than the
        // automaton itself.
        let automaton = self.automaton();
        let (mut state, mut rest, mut key) = (automaton::ROOT, index, Vec::new());
        for _ in 0..automaton.len() {
            if rest == 0 && automaton.is_final(state) {
                return String::from_utf8(key).ok();
            }
            let (byte, next, output) = automaton
                .children(state)
                .filter(|&(.., output)| output as u64 <= rest)
                .max_by_key(|&(.., output)| output)?;
            key.push(byte);
            state = next;
            rest -= output as u64;
        }
        None
    }

    /// Every word's key, in sorted order.
    pub fn words(&self) -> impl Iterator<Item = String> + '_ {
        (0..self.header().word_count).filter_map(|i| self.word(i))
    }

    /// The index of a normalized key, when it is a word.
    pub fn index_of(&self, key: &[u8]) -> Option<u64> {
        let automaton = self.automaton();
        let (mut state, mut index) = (automaton::ROOT, 0u64);
        for &b in key {
            let (next, output) = automaton.step(state, b)?;
            state = next;
            index += output as u64;
        }
        automaton.is_final(state).then_some(index)
    }
}

impl std::fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lexicon")
            .field("header", self.header())
            .finish()
    }
}
