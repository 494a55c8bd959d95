//! Dictionaries: compiling word lists into FST files and opening them again.
//!
//! A compiled dictionary is one file: a small header; the solver's flat
//! [`automaton`] (the FST decoded into fixed-width arrays, so the
//! search needs no decoding at open or while it runs); the [`fst`] mapping each
//! normalized word to its index in sorted order; one byte per word giving its length
//! in grapheme clusters; and the automaton's transition bytes. The header records the
//! format version, the normalization [`Profile`], the word count, the shortest and
//! longest word and a CRC-32 of each block of every section, so a corrupt, truncated or
//! foreign file is refused before anything is read from a damaged block, instead of
//! giving wrong answers later.
//!
//! The layout, format version 4 (`docs/dictionary-format.md` has the whole story,
//! versions 2 and 3 included, which are still read):
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `PBOGDICT` |
//! | 8 | 4 | format version (little-endian `u32`, 4) |
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

use std::collections::BTreeMap;
use std::fs::File;
use std::io;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fst::raw::Fst;

use crate::automaton::{self, Automaton, State};
use crate::files::{ReadError, ReadFault};
use crate::normalize::{self, Profile, Rejection};
use crate::tiers::Tiers;

mod blocks;
mod lazy;
mod runs;

use blocks::{Blocks, Part, Sections};
pub use lazy::LazyLexicon;

/// The magic bytes that start every compiled dictionary.
pub const MAGIC: &[u8; 8] = b"PBOGDICT";
/// The format version this build writes: a CRC per block of each section, so that a
/// query checks only what it reads ([`LazyLexicon`]).
pub const FORMAT_VERSION: u32 = 4;
/// The oldest version this build reads: a dictionary without tiers, one CRC for the
/// whole file.
pub const PLAIN_VERSION: u32 = 2;
/// Version 2 with tiers.
pub const TIERED_VERSION: u32 = 3;
const FIXED_HEADER: usize = 76;
/// Version 3's header: version 2's, the tier table's size and the tier count.
const FIXED_HEADER_TIERED: usize = 88;
/// Version 4's header: version 3's (tier fields zero without tiers), the block size
/// and the number of block CRCs.
const FIXED_HEADER_BLOCKS: usize = 96;
const CHECKSUM_AT: Range<usize> = 48..52;

/// The built-in dictionaries, by name: ENABLE2K (public domain English).
const BUILTINS: &[(&str, &[u8])] = &[("enable2k", &ENABLE2K.0)];

/// Static bytes aligned like a memory map, so the automaton is used in place.
#[repr(C, align(8))]
struct Aligned<B: ?Sized>(B);

// `data/enable2k.pbd` links to `dictionaries/enable2k.pbd`, so the package holds it.
static ENABLE2K: &Aligned<[u8]> = &Aligned(*include_bytes!("../data/enable2k.pbd"));

/// The names [`Lexicon::builtin`] accepts.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTINS.iter().map(|(name, _)| *name)
}

/// What went wrong reading, compiling or writing a dictionary. Each variant names
/// the file (or the built-in) it concerns.
#[derive(Debug, thiserror::Error)]
pub enum LexiconError {
    /// The file could not be read (missing, a folder, not UTF-8 text...).
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The file does not start with the magic bytes.
    #[error("{origin}: not a compiled polyboggle dictionary (wrong magic bytes)")]
    NotADictionary {
        /// The file.
        origin: String,
    },
    /// The file was written by a different format version.
    #[error("{origin}: dictionary format version {found} is not supported (this polyboggle reads versions {PLAIN_VERSION} to {FORMAT_VERSION}); recompile it")]
    Version {
        /// The file.
        origin: String,
        /// The version stored in the file.
        found: u32,
    },
    /// The file is shorter (or longer) than its header says.
    #[error("{origin}: truncated or damaged: the header promises {expected} bytes but the file has {found}")]
    Truncated {
        /// The file.
        origin: String,
        /// The size the header describes.
        expected: u64,
        /// The actual size.
        found: u64,
    },
    /// The checksum does not match: some byte changed since the file was written.
    #[error("{origin}: corrupt: checksum mismatch (stored {stored:08x}, computed {computed:08x})")]
    Checksum {
        /// The file.
        origin: String,
        /// The checksum in the header.
        stored: u32,
        /// The checksum of the bytes.
        computed: u32,
    },
    /// A block of a section (format version 4) does not match its checksum, found the
    /// first time something read it.
    #[error("{origin}: corrupt: checksum mismatch in {part}, block {block} (stored {stored:08x}, computed {computed:08x})")]
    BlockChecksum {
        /// The file.
        origin: String,
        /// The section ("the FST", "the automaton's records", "the header"...).
        part: &'static str,
        /// The block's number in its section, from 0.
        block: usize,
        /// The checksum in the header.
        stored: u32,
        /// The checksum of the bytes.
        computed: u32,
    },
    /// The header or automaton is inconsistent.
    #[error("{origin}: corrupt: {what}")]
    Corrupt {
        /// The file.
        origin: String,
        /// What is inconsistent.
        what: String,
    },
    /// A tier list names no word of the dictionary (or no word at all).
    #[error("tiers {origin}: names no word of the dictionary")]
    NoTieredWords {
        /// The tier list(s).
        origin: String,
    },
    /// The sorted chunks of a large word list could not be written.
    #[error("{folder}: cannot write the sorted chunks of a large word list: {why}")]
    Sort {
        /// The folder they were written in.
        folder: String,
        /// Why not.
        why: String,
    },
    /// A word list yields no usable word.
    #[error("{origin}: no usable words ({read} read)")]
    NoWords {
        /// The file(s).
        origin: String,
        /// How many tokens were read.
        read: usize,
    },
    /// Neither a file nor a built-in name.
    #[error("dictionary '{name}': no such file or built-in dictionary (built-ins: {})", builtin_names().collect::<Vec<_>>().join(", "))]
    Unknown {
        /// What was asked for.
        name: String,
    },
}

/// The bytes behind a dictionary: a memory map, an owned buffer or static data.
enum Storage {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
    Static(&'static [u8]),
}

impl Storage {
    fn bytes(&self) -> &[u8] {
        match self {
            Storage::Mapped(map) => map,
            Storage::Owned(bytes) => bytes,
            Storage::Static(bytes) => bytes,
        }
    }
}

/// A range of a dictionary's bytes, shared without copying.
#[derive(Clone)]
struct Section {
    storage: Arc<Storage>,
    range: Range<usize>,
}

impl AsRef<[u8]> for Section {
    fn as_ref(&self) -> &[u8] {
        &self.storage.bytes()[self.range.clone()]
    }
}

/// A dictionary's header fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The format version.
    pub version: u32,
    /// How many words it holds.
    pub word_count: u64,
    /// The shortest word, in graphemes (0 when empty).
    pub min_len: u32,
    /// The longest word, in graphemes.
    pub max_len: u32,
    /// The normalization profile its words were compiled with.
    pub profile: Profile,
    /// The size of the whole file in bytes.
    pub file_size: u64,
    /// How many tiers its words are ranked in (0: none).
    pub tiers: u8,
}

/// An opened dictionary, every byte of it checked: its words' lengths and the solver's
/// automaton, which also answers lookups (the FST section, the same states in the
/// `fst` crate's form, is checked against the header when the file is opened).
///
/// Opening checks the whole file, in proportion to its size (about a millisecond for
/// 19 MB), so that the solver and everything else read it without a check per step. A
/// query that reads a sliver of a large dictionary opens it as a [`LazyLexicon`]
/// instead, which checks each block the first time it is read.
pub struct Lexicon {
    lengths: Section,
    /// Each word's tier, when the dictionary has tiers.
    tiers: Option<Section>,
    automaton_words: Words,
    automaton_bytes: Section,
    header: Header,
    /// The whole file, for the checks of its blocks.
    file: Section,
    /// Which blocks have passed their checks (all of them, in a `Lexicon`).
    blocks: Blocks,
}

/// The automaton's words: borrowed from the file when it is aligned (a memory map
/// always is), copied otherwise (static data may not be).
enum Words {
    InPlace(Section),
    Copied(Vec<u32>),
}

impl Words {
    fn new(section: Section) -> Words {
        match bytemuck::try_cast_slice::<u8, u32>(section.as_ref()) {
            Ok(_) if cfg!(target_endian = "little") => Words::InPlace(section),
            _ => Words::Copied(
                section
                    .as_ref()
                    .chunks_exact(4)
                    .map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes")))
                    .collect(),
            ),
        }
    }

    fn get(&self) -> &[u32] {
        match self {
            Words::InPlace(section) => bytemuck::cast_slice(section.as_ref()),
            Words::Copied(words) => words,
        }
    }
}

/// Whether a string is a word, only the prefix of one, or neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// A word (and possibly also a prefix of longer words).
    Word,
    /// Not a word, but some word starts with it.
    Prefix,
    /// Neither.
    Absent,
}

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
        Lexicon::open_storage(Storage::Owned(bytes), origin, Integrity::Unchecked)
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

    fn from_storage(storage: Storage, origin: &str) -> Result<Lexicon, LexiconError> {
        Lexicon::open_storage(storage, origin, Integrity::Checked)
    }

    /// Opens and checks every block.
    fn open_storage(
        storage: Storage,
        origin: &str,
        integrity: Integrity,
    ) -> Result<Lexicon, LexiconError> {
        let lexicon = Lexicon::open_lazily(storage, origin, integrity)?;
        lexicon.blocks.check_all(lexicon.file.as_ref())?;
        Ok(lexicon)
    }

    /// Opens a dictionary, checking its header; a file of version 2 or 3 is checked
    /// whole, one of version 4 only as far as every later read needs (the block table,
    /// the automaton's byte classes, the ends of the FST). The caller checks the rest
    /// before reading it.
    fn open_lazily(
        storage: Storage,
        origin: &str,
        integrity: Integrity,
    ) -> Result<Lexicon, LexiconError> {
        let bytes = storage.bytes();
        let (header, ranges, scan) = parse_header(bytes, origin, integrity)?;
        let file_len = bytes.len();
        let storage = Arc::new(storage);
        let corrupt = |what: String| LexiconError::Corrupt {
            origin: origin.into(),
            what,
        };
        let section = |range: Range<usize>| Section {
            storage: storage.clone(),
            range,
        };
        let file = section(0..file_len);
        let mut blocks = match scan.table {
            Some((block, crcs)) => {
                Blocks::new(origin, &ranges, block, crcs, header.tiers, integrity)
            }
            None => Blocks::whole(origin),
        };
        // What opening reads: the automaton's prefix, the FST's first and last bytes.
        blocks.check_prefix(file.as_ref())?;
        let fst_len = ranges.fst.len();
        for at in [0, fst_len.saturating_sub(1)] {
            blocks.check_bytes(file.as_ref(), Part::Fst, at..fst_len.min(at + 1))?;
        }
        let fst =
            Fst::new(section(ranges.fst)).map_err(|e| corrupt(format!("bad automaton: {e}")))?;
        if fst.len() as u64 != header.word_count {
            return Err(corrupt(format!(
                "automaton holds {} words, header says {}",
                fst.len(),
                header.word_count
            )));
        }
        let tiers = (header.tiers > 0).then(|| section(ranges.tiers.clone()));
        if tiers.is_some() && scan.highest_tier > header.tiers {
            return Err(corrupt("a word's tier is past the tier count".into()));
        }
        let lexicon = Lexicon {
            lengths: section(ranges.lengths),
            tiers,
            automaton_words: Words::new(section(ranges.automaton_words)),
            automaton_bytes: section(ranges.automaton_bytes),
            header,
            file,
            blocks,
        };
        let (words, bytes) = (
            lexicon.automaton_words.get(),
            lexicon.automaton_bytes.as_ref(),
        );
        // The scan checked the records (the very bytes `words` holds or was copied
        // from), or each block's check will; what is left is quick.
        match scan.records_in_bounds {
            Some(true) => Automaton::with_checked_records(words, bytes),
            _ => Automaton::new(words, bytes),
        }
        .map_err(|e| corrupt(format!("bad solver automaton: {}", e.0)))?;
        Ok(lexicon)
    }

    /// The header: word count, profile, lengths, version and size.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The normalization profile of this dictionary's words.
    pub fn profile(&self) -> &Profile {
        &self.header.profile
    }

    /// How many words it holds.
    pub fn word_count(&self) -> usize {
        self.header.word_count as usize
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

    /// Classifies an already normalized key.
    ///
    /// Lookups walk the solver's automaton, whose every index was checked when the
    /// dictionary was opened, so no file that opens can make them panic (the `fst`
    /// crate trusts its bytes and panics on a damaged FST the checksum did not catch).
    pub fn lookup_key(&self, key: &[u8]) -> Lookup {
        // Every block of a `Lexicon` was checked when it was opened.
        self.try_lookup_key(key).unwrap_or(Lookup::Absent)
    }

    /// [`Lexicon::lookup_key`], checking each block of records it reads the first time.
    pub(crate) fn try_lookup_key(&self, key: &[u8]) -> Result<Lookup, LexiconError> {
        let automaton = self.automaton();
        self.check_root()?;
        let mut state = automaton::ROOT;
        for &b in key {
            self.check_step(&automaton, state)?;
            match automaton.step(state, b) {
                Some((next, _)) => state = next,
                None => return Ok(Lookup::Absent),
            }
        }
        Ok(if automaton.is_final(state) {
            Lookup::Word
        } else {
            Lookup::Prefix
        })
    }

    /// Checks the root's record block, the first time.
    #[inline]
    pub(crate) fn check_root(&self) -> Result<(), LexiconError> {
        self.blocks
            .check_records(self.file.as_ref(), automaton::ROOT, automaton::ROOT)
    }

    /// Checks, the first time, the blocks of the records that
    /// [`Automaton::children`] reads from `state` (whose own record has passed: the
    /// root, or a child of a state checked so).
    #[inline(always)]
    pub(crate) fn check_children(
        &self,
        automaton: &Automaton<'_>,
        state: State,
    ) -> Result<(), LexiconError> {
        let from = automaton.transitions(state);
        let count = from.classes.count_ones();
        if count == 0 {
            return Ok(());
        }
        let first = from.first();
        self.blocks
            .check_records(self.file.as_ref(), first, first + count - 1)
    }

    /// [`Lexicon::check_children`] for [`Automaton::step`], which in an automaton
    /// whose bytes share classes may scan past a state's transitions: there, the
    /// whole automaton is checked.
    #[inline(always)]
    fn check_step(&self, automaton: &Automaton<'_>, state: State) -> Result<(), LexiconError> {
        if automaton.is_exact() {
            self.check_children(automaton, state)
        } else {
            self.check_automaton()
        }
    }

    /// Checks every block of the automaton not yet checked.
    pub(crate) fn check_automaton(&self) -> Result<(), LexiconError> {
        self.blocks.check_part(self.file.as_ref(), Part::Records)
    }

    /// Checks every block of the file not yet checked.
    pub(crate) fn check_all(&self) -> Result<(), LexiconError> {
        self.blocks.check_all(self.file.as_ref())
    }

    /// [`Lexicon::tier`], checking the block it reads the first time.
    pub(crate) fn try_tier(&self, index: u64) -> Result<u8, LexiconError> {
        if self.tiers.is_some() && index < self.header.word_count {
            let at = index as usize;
            self.blocks
                .check_bytes(self.file.as_ref(), Part::Tiers, at..at + 1)?;
        }
        Ok(self.tier(index))
    }

    /// [`Lexicon::tier_sizes`], checking the whole tier table.
    pub(crate) fn try_tier_sizes(&self) -> Result<Vec<u64>, LexiconError> {
        self.blocks.check_part(self.file.as_ref(), Part::Tiers)?;
        Ok(self.tier_sizes())
    }

    /// The key of the word with this index, if any.
    pub fn word(&self, index: u64) -> Option<String> {
        if index >= self.header.word_count {
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
        (0..self.header.word_count).filter_map(|i| self.word(i))
    }

    /// The length in graphemes of the word with this index (0 for an index past the
    /// last word, which only a forged file's automaton can produce: the checksum ties
    /// the automaton to the word list, and a panic is no answer to a bad file).
    #[inline]
    pub fn word_len(&self, index: u64) -> usize {
        self.lengths
            .as_ref()
            .get(index as usize)
            .map_or(0, |&len| len as usize)
    }

    /// The tier of the word with this index: 1 the commonest, 0 when no tier list
    /// names it or the dictionary has no tiers (see [`crate::tiers`]).
    ///
    /// ```
    /// use polyboggle::tiers::Tiers;
    /// use polyboggle::{Compiler, Lexicon, Profile};
    ///
    /// let mut compiler = Compiler::new(Profile::default());
    /// compiler.add_text("cat dog emu yak");
    /// compiler.set_tiers(Tiers::from_lists(&[("easy", "dog"), ("hard", "emu")], &Profile::default())?);
    /// let lexicon = Lexicon::from_bytes(compiler.finish("t")?.0, "t")?;
    /// let tiers: Vec<u8> = (0..4).map(|i| lexicon.tier(i)).collect();
    /// assert_eq!(tiers, [0, 1, 2, 0]); // cat dog emu yak
    /// assert_eq!(lexicon.tier_sizes(), [2, 1, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn tier(&self, index: u64) -> u8 {
        self.tiers
            .as_ref()
            .and_then(|t| t.as_ref().get(index as usize).copied())
            .unwrap_or(0)
    }

    /// How many words each tier holds, from tier 0 (no tier) to the last; one entry
    /// (every word) when the dictionary has no tiers.
    pub fn tier_sizes(&self) -> Vec<u64> {
        let mut sizes = vec![0; self.header.tiers as usize + 1];
        match &self.tiers {
            Some(tiers) => tiers.as_ref().iter().for_each(|&t| sizes[t as usize] += 1),
            None => sizes[0] = self.header.word_count,
        }
        sizes
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

    /// Every word's length in graphemes, by index (for a device that counts
    /// words without calling back).
    pub fn lengths(&self) -> &[u8] {
        self.lengths.as_ref()
    }

    /// The solver's automaton (checked when the dictionary was opened).
    pub fn automaton(&self) -> Automaton<'_> {
        Automaton::trusted(self.automaton_words.get(), self.automaton_bytes.as_ref())
    }
}

impl std::fmt::Debug for Lexicon {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lexicon")
            .field("header", &self.header)
            .finish()
    }
}

/// A file's bytes: mapped read-only when it is a regular file, read whole when it is a
/// pipe (`--dict <(sort words.txt)`), which cannot be mapped; a device (`/dev/zero`,
/// which would never end) is refused.
fn map(path: &Path, origin: &str) -> Result<Storage, LexiconError> {
    let io_err = |e: io::Error| ReadError::io(origin, &e);
    if path.is_dir() {
        return Err(ReadError::new(origin, ReadFault::Folder).into());
    }
    #[cfg_attr(not(unix), allow(unused_mut))] // read from only to drain a pipe
    let mut file = File::open(path).map_err(io_err)?;
    let kind = file.metadata().map_err(io_err)?.file_type();
    if !kind.is_file() {
        #[cfg(unix)]
        if std::os::unix::fs::FileTypeExt::is_fifo(&kind) {
            let mut bytes = Vec::new();
            io::Read::read_to_end(&mut file, &mut bytes).map_err(io_err)?;
            return Ok(Storage::Owned(bytes));
        }
        return Err(ReadError::new(origin, ReadFault::NotAFile).into());
    }
    // SAFETY: the map is read-only; a file changed underneath by another process is
    // caught by the checksum only at open time, the usual caveat of mmap.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(io_err)?;
    Ok(Storage::Mapped(map))
}

fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

fn read_u64(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
}

/// What one pass over a file's bytes finds: its checksum, and, while each block is
/// in the cache, what the automaton's records and the tier table need checked. A file
/// of version 4 is not read whole at open: its blocks are checked as they are read.
struct Scan {
    checksum: u32,
    /// Do the automaton's transitions stay in bounds (`None`: the section's sizes are
    /// wrong, which [`Automaton::new`] then tells)?
    records_in_bounds: Option<bool>,
    /// The highest tier any word has.
    highest_tier: u8,
    /// Version 4: the block size and each block's CRC.
    table: Option<(usize, Vec<u32>)>,
}

/// Reads `bytes` once, in blocks small enough to stay in the cache for the checks
/// that follow the checksum over them (reading a large file twice costs twice the
/// time of memory).
fn scan(bytes: &[u8], ranges: &Ranges) -> Scan {
    const BLOCK: usize = 64 << 10; // a multiple of a record's 16 bytes
    let mut hasher = crc32fast::Hasher::new();
    let mut crc = |range: Range<usize>| {
        // Every byte but the checksum's own four.
        let skip = CHECKSUM_AT.start.clamp(range.start, range.end)
            ..CHECKSUM_AT.end.clamp(range.start, range.end);
        hasher.update(&bytes[range.start..skip.start]);
        hasher.update(&bytes[skip.end..range.end]);
    };
    let section = &bytes[ranges.automaton_words.clone()];
    let prefix = automaton::PREFIX_WORDS * 4;
    let records = (section.len() >= prefix).then(|| {
        let count = u32::from_le_bytes(section[..4].try_into().expect("4 bytes"));
        (
            ranges.automaton_words.start + prefix..ranges.automaton_words.end,
            count,
        )
    });
    let mut records_in_bounds = records.as_ref().map(|_| true);
    let mut done = 0;
    if let Some((range, count)) = records {
        crc(0..range.start);
        for start in range.clone().step_by(BLOCK) {
            let block = start..(start + BLOCK).min(range.end);
            crc(block.clone());
            let ok = automaton::records_in_bounds(&bytes[block], count);
            records_in_bounds = records_in_bounds.map(|all| all & ok);
        }
        done = range.end;
    }
    crc(done..ranges.tiers.start);
    let mut highest_tier = 0;
    for start in ranges.tiers.clone().step_by(BLOCK) {
        let block = start..(start + BLOCK).min(ranges.tiers.end);
        crc(block.clone());
        highest_tier = bytes[block].iter().fold(highest_tier, |a, &b| a.max(b));
    }
    Scan {
        checksum: hasher.finalize(),
        records_in_bounds,
        highest_tier,
        table: None,
    }
}

/// Where each section lies in the file.
type Ranges = Sections<Range<usize>>;

/// The header length for a keep-list and language tag of these sizes, after a
/// fixed part of `fixed` bytes.
fn header_len(fixed: usize, keep: usize, lang: usize) -> usize {
    (fixed + keep + lang).next_multiple_of(8)
}

/// Whether opening tests the checksum: always, except where fuzzing asks to reach
/// the section checks behind it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Integrity {
    Checked,
    #[cfg_attr(not(any(test, feature = "fuzzing")), allow(dead_code))]
    Unchecked,
}

/// Validates the header and returns it with the sections' ranges and, for a file of
/// version 2 or 3, what a pass over the whole file found (version 4: the block table).
fn parse_header(
    bytes: &[u8],
    origin: &str,
    integrity: Integrity,
) -> Result<(Header, Ranges, Scan), LexiconError> {
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return Err(LexiconError::NotADictionary {
            origin: origin.into(),
        });
    }
    let truncated = |expected: u64| LexiconError::Truncated {
        origin: origin.into(),
        expected,
        found: bytes.len() as u64,
    };
    if bytes.len() < FIXED_HEADER {
        return Err(truncated(FIXED_HEADER as u64));
    }
    let version = read_u32(bytes, 8);
    let fixed = match version {
        PLAIN_VERSION => FIXED_HEADER,
        TIERED_VERSION => FIXED_HEADER_TIERED,
        FORMAT_VERSION => FIXED_HEADER_BLOCKS,
        _ => {
            return Err(LexiconError::Version {
                origin: origin.into(),
                found: version,
            })
        }
    };
    if bytes.len() < fixed {
        return Err(truncated(fixed as u64));
    }
    let (tiers_len, tier_count) = match version {
        PLAIN_VERSION => (0, 0),
        _ => (read_u64(bytes, 76), read_u32(bytes, 84)),
    };
    let header_size = read_u32(bytes, 12) as u64;
    let word_count = read_u64(bytes, 16);
    let fst_len = read_u64(bytes, 32);
    let lengths_len = read_u64(bytes, 40);
    let words_len = read_u64(bytes, 60);
    let trans_count = read_u64(bytes, 68);
    let expected = [fst_len, lengths_len, words_len, trans_count, tiers_len]
        .into_iter()
        .try_fold(header_size, u64::checked_add)
        .unwrap_or(u64::MAX);
    if expected != bytes.len() as u64 {
        return Err(truncated(expected));
    }
    // The sections fit the file (their lengths add up to its size).
    let mut at = header_size as usize;
    let mut take = |len: u64| {
        let range = at..at + len as usize;
        at = range.end;
        range
    };
    let ranges = Ranges {
        automaton_words: take(words_len),
        fst: take(fst_len),
        lengths: take(lengths_len),
        automaton_bytes: take(trans_count),
        tiers: take(tiers_len),
    };
    let corrupt = |what: &str| LexiconError::Corrupt {
        origin: origin.into(),
        what: what.into(),
    };
    let mut scan = if version == FORMAT_VERSION {
        // The header's checksum covers the header and the block table in it; the
        // sections are checked block by block, as they are read.
        if (header_size as usize) < fixed {
            return Err(corrupt("inconsistent header"));
        }
        let header = &bytes[..header_size as usize];
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&header[..CHECKSUM_AT.start]);
        hasher.update(&header[CHECKSUM_AT.end..]);
        Scan {
            checksum: hasher.finalize(),
            records_in_bounds: Some(true),
            highest_tier: 0,
            table: None,
        }
    } else {
        scan(bytes, &ranges)
    };
    let stored = read_u32(bytes, CHECKSUM_AT.start);
    if stored != scan.checksum && integrity == Integrity::Checked {
        return Err(LexiconError::Checksum {
            origin: origin.into(),
            stored,
            computed: scan.checksum,
        });
    }
    let flags = read_u32(bytes, 52);
    let keep_len = u16::from_le_bytes([bytes[56], bytes[57]]) as usize;
    let lang_len = u16::from_le_bytes([bytes[58], bytes[59]]) as usize;
    let text_len = header_len(fixed, keep_len, lang_len);
    let header_fits = match version {
        FORMAT_VERSION => {
            let block = read_u32(bytes, 88);
            let crc_count = read_u32(bytes, 92) as usize;
            let valid_block =
                block.is_power_of_two() && (blocks::MIN_BLOCK..=blocks::MAX_BLOCK).contains(&block);
            let fits = valid_block
                && crc_count == blocks::count(&ranges, block as usize)
                && (text_len + 4 * crc_count).next_multiple_of(8) as u64 == header_size;
            if fits {
                let table = &bytes[text_len..text_len + 4 * crc_count];
                let crcs = table.chunks_exact(4).map(|c| read_u32(c, 0)).collect();
                scan.table = Some((block as usize, crcs));
            }
            fits
        }
        _ => text_len as u64 == header_size,
    };
    if !header_fits || flags > 3 || words_len % 4 != 0 {
        return Err(corrupt("inconsistent header"));
    }
    let tiers_fit = match version {
        PLAIN_VERSION => true,
        FORMAT_VERSION if (tiers_len, tier_count) == (0, 0) => true,
        _ => {
            tiers_len == word_count
                && tier_count > 0
                && tier_count <= crate::tiers::MAX_TIERS as u32
        }
    };
    if !tiers_fit {
        return Err(corrupt("the tier table does not match the word count"));
    }
    if lengths_len != word_count {
        return Err(corrupt("length table does not match the word count"));
    }
    let text = |range: Range<usize>| {
        std::str::from_utf8(&bytes[range])
            .map(str::to_string)
            .map_err(|_| corrupt("profile text is not UTF-8"))
    };
    let keep_end = fixed + keep_len;
    let profile = Profile {
        strip_marks: flags & 1 != 0,
        turkic: flags & 2 != 0,
        keep: text(fixed..keep_end)?,
        lang: text(keep_end..keep_end + lang_len)?,
    };
    let header = Header {
        version,
        word_count,
        min_len: read_u32(bytes, 24),
        max_len: read_u32(bytes, 28),
        profile,
        file_size: bytes.len() as u64,
        tiers: tier_count as u8,
    };
    Ok((header, ranges, scan))
}

/// Returns the text of a word list, or says where it stops being UTF-8.
/// A byte-order mark at the start is skipped.
pub fn word_list_text<'a>(bytes: &'a [u8], origin: &str) -> Result<&'a str, ReadError> {
    let text = crate::files::text(bytes, origin)?;
    Ok(crate::normalize::skip_byte_order_mark(text))
}

/// What a compilation read, kept and refused.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompileReport {
    /// Tokens read.
    pub read: usize,
    /// Distinct words kept.
    pub kept: usize,
    /// Tokens that normalized to a word already kept.
    pub duplicates: usize,
    /// Refused tokens by reason, with one example each.
    pub rejected: BTreeMap<Rejection, (usize, String)>,
    /// Shortest and longest kept word, in graphemes.
    pub min_len: usize,
    /// See `min_len`.
    pub max_len: usize,
    /// Kept words by tier, from tier 0 (no tier); empty without tiers.
    pub tiers: Vec<u64>,
}

/// Builds a compiled dictionary from words, one at a time.
///
/// Keys are sorted in memory up to a budget ([`Compiler::set_memory`], 64 MiB by
/// default); past it they are sorted in chunks written to temporary files and merged
/// straight into the FST builder, so a list of tens of millions of words compiles in
/// bounded memory. Either way the bytes written are the same.
///
/// ```
/// use polyboggle::{Compiler, Lexicon, Profile};
///
/// let mut compiler = Compiler::new(Profile::default());
/// compiler.add_text("apple\nBanana banana\ndon't\n");
/// let (bytes, report) = compiler.finish("fruit.txt")?;
/// assert_eq!((report.read, report.kept, report.duplicates), (4, 2, 1));
/// let lexicon = Lexicon::from_bytes(bytes, "fruit.pbd")?;
/// assert!(lexicon.contains("BANANA"));
/// # Ok::<(), polyboggle::LexiconError>(())
/// ```
pub struct Compiler {
    profile: Profile,
    keys: runs::Sorter,
    /// Where runs are written, for messages.
    folder: Option<PathBuf>,
    /// The first failure to write a run: [`Compiler::finish`] reports it.
    failed: Option<io::Error>,
    report: CompileReport,
    tiers: Option<Tiers>,
}

/// How many bytes of keys [`Compiler`] sorts in memory unless told otherwise.
pub const DEFAULT_SORT_MEMORY: usize = 64 << 20;

impl Compiler {
    /// Starts an empty compilation with this profile.
    pub fn new(profile: Profile) -> Compiler {
        Compiler {
            profile,
            keys: runs::Sorter::new(DEFAULT_SORT_MEMORY, None),
            folder: None,
            failed: None,
            report: CompileReport::default(),
            tiers: None,
        }
    }

    /// Sorts about `bytes` of keys in memory at a time (at least one key); a larger
    /// list is sorted in chunks on disk.
    ///
    /// ```
    /// use polyboggle::{Compiler, Profile};
    ///
    /// let compile = |memory: usize| {
    ///     let mut compiler = Compiler::new(Profile::default());
    ///     compiler.set_memory(memory);
    ///     compiler.add_text("kot pies Kot żółw kot");
    ///     compiler.finish("pets.txt").map(|(bytes, _)| bytes)
    /// };
    /// // Sorted on disk, four bytes of keys at a time: the same dictionary.
    /// assert_eq!(compile(4)?, compile(64 << 20)?);
    /// # Ok::<(), polyboggle::LexiconError>(())
    /// ```
    pub fn set_memory(&mut self, bytes: usize) {
        self.keys.set_budget(bytes);
    }

    /// Writes the sorted chunks of a large list in `folder` (by default the system's
    /// temporary folder). They are unnamed files, gone when the compiler is.
    pub fn set_sort_folder(&mut self, folder: &Path) {
        self.folder = Some(folder.to_path_buf());
        self.keys.set_folder(folder.to_path_buf());
    }

    /// Ranks the words in tiers (see [`crate::tiers`]); the file is then format
    /// version 3. [`Compiler::finish`] refuses tiers that name none of the words.
    pub fn set_tiers(&mut self, tiers: Tiers) {
        self.tiers = Some(tiers);
    }

    /// Adds one word (normalized here). Refused words are counted in the report.
    pub fn add(&mut self, word: &str) {
        let key = self.profile.key(word);
        let len = normalize::word_len(&key);
        self.record(word, key, len);
    }

    /// Adds words normalized in parallel, recorded in order (so the report's
    /// examples are the same as one at a time).
    fn add_all(&mut self, words: &[&str]) {
        use rayon::prelude::*;
        let profile = &self.profile;
        let keys: Vec<(String, Result<usize, Rejection>)> = words
            .par_iter()
            .with_min_len(1024)
            .map(|word| {
                let key = profile.key(word);
                let len = normalize::word_len(&key);
                (key, len)
            })
            .collect();
        for (word, (key, len)) in words.iter().zip(keys) {
            self.record(word, key, len);
        }
    }

    fn record(&mut self, word: &str, key: String, len: Result<usize, Rejection>) {
        self.report.read += 1;
        match len {
            Ok(len) if self.failed.is_none() => {
                if let Err(e) = self.keys.push(key.as_bytes(), len as u8) {
                    self.failed = Some(e);
                }
            }
            Ok(_) => {}
            Err(why) => {
                let entry = self
                    .report
                    .rejected
                    .entry(why)
                    .or_insert_with(|| (0, word.to_string()));
                entry.0 += 1;
            }
        }
    }

    /// Adds every whitespace-separated token of `text`.
    pub fn add_text(&mut self, text: &str) {
        let mut words = text.split_whitespace().peekable();
        let mut batch = Vec::new();
        while words.peek().is_some() {
            batch.clear();
            batch.extend(words.by_ref().take(1 << 16));
            self.add_all(&batch);
        }
    }

    /// Adds every whitespace-separated token read from `reader` (a word list that
    /// `origin` names in messages), a block at a time, so a list larger than memory
    /// can be read. A byte-order mark at the start is skipped; bytes that are not UTF-8
    /// are refused in [`crate::files`]' words, with their offset and line.
    ///
    /// ```
    /// use polyboggle::{Compiler, Profile};
    ///
    /// let mut compiler = Compiler::new(Profile::default());
    /// compiler.add_reader(&b"\xef\xbb\xbfkot pies\nkot"[..], "pets.txt")?;
    /// let err = compiler.add_reader(&b"kot\np\xffies\n"[..], "bad.txt").unwrap_err();
    /// assert_eq!(err.to_string(), "bad.txt: not UTF-8 (invalid byte at offset 5, line 2)");
    /// # Ok::<(), polyboggle::LexiconError>(())
    /// ```
    pub fn add_reader(&mut self, reader: impl io::Read, origin: &str) -> Result<(), LexiconError> {
        let mut words = WordBlocks::new(reader, origin);
        while let Some(text) = words.next_block()? {
            self.add_text(text);
            if self.failed.is_some() {
                break;
            }
        }
        Ok(())
    }

    /// Sorts, removes duplicates and writes the dictionary's bytes.
    pub fn finish(self, origin: &str) -> Result<(Vec<u8>, CompileReport), LexiconError> {
        let (compiled, report) = self.compile(origin)?;
        Ok((compiled.into_bytes(), report))
    }

    /// Sorts, removes duplicates and builds the dictionary's sections, to be written
    /// without gathering them in one buffer ([`Compiled::write_to`]).
    pub fn compile(self, origin: &str) -> Result<(Compiled, CompileReport), LexiconError> {
        let folder = self.folder.clone();
        let sort_error = |e: io::Error| LexiconError::Sort {
            folder: folder
                .as_deref()
                .unwrap_or(&std::env::temp_dir())
                .display()
                .to_string(),
            why: match e.kind() {
                io::ErrorKind::NotFound => "no such folder".into(),
                _ => ReadError::io("", &e).fault.to_string(),
            },
        };
        if let Some(e) = self.failed {
            return Err(sort_error(e));
        }
        let mut report = self.report;
        let mut keys = self.keys.finish().map_err(sort_error)?;
        let mut builder = fst::MapBuilder::memory();
        let mut lengths = Vec::new();
        let mut tier_bytes = self.tiers.as_ref().map(|_| Vec::new());
        let (mut min_len, mut max_len) = (usize::MAX, 0);
        while let Some((key, len)) = keys.next_key().map_err(sort_error)? {
            builder
                .insert(key, lengths.len() as u64)
                .expect("keys are sorted and distinct");
            lengths.push(len);
            (min_len, max_len) = (min_len.min(len as usize), max_len.max(len as usize));
            if let (Some(tiers), Some(bytes)) = (&self.tiers, &mut tier_bytes) {
                bytes.push(std::str::from_utf8(key).map_or(0, |key| tiers.tier(key)));
            }
        }
        drop(keys);
        report.kept = lengths.len();
        let rejected: usize = report.rejected.values().map(|(n, _)| n).sum();
        report.duplicates = report.read - rejected - report.kept;
        if lengths.is_empty() {
            return Err(LexiconError::NoWords {
                origin: origin.into(),
                read: report.read,
            });
        }
        (report.min_len, report.max_len) = (min_len, max_len);
        if let (Some(tiers), Some(bytes)) = (&self.tiers, &tier_bytes) {
            report.tiers = vec![0; tiers.count() as usize + 1];
            bytes.iter().for_each(|&t| report.tiers[t as usize] += 1);
            if report.tiers[0] == lengths.len() as u64 || tiers.count() == 0 {
                return Err(LexiconError::NoTieredWords {
                    origin: tiers.origin().into(),
                });
            }
        }

        let fst_bytes = builder.into_inner().expect("writing to memory cannot fail");
        let fst = Fst::new(fst_bytes).expect("the builder writes a valid FST");
        let (automaton_words, automaton_bytes) = automaton::encode(&fst);
        let fst_bytes = fst.into_inner();

        let profile = &self.profile;
        let (keep, lang) = (profile.keep.as_bytes(), profile.lang.as_bytes());
        let automaton_words = words_le(automaton_words);
        let tier_bytes = tier_bytes.unwrap_or_default();
        let block = blocks::BLOCK as usize;
        let crcs = blocks::checksums(
            &Sections {
                automaton_words: bytemuck::cast_slice(&automaton_words),
                fst: &fst_bytes,
                lengths: &lengths,
                automaton_bytes: &automaton_bytes,
                tiers: &tier_bytes,
            },
            block,
        );
        let table_at = header_len(FIXED_HEADER_BLOCKS, keep.len(), lang.len());
        let header_len = (table_at + 4 * crcs.len()).next_multiple_of(8);
        let tier_count = self.tiers.as_ref().map_or(0, |tiers| tiers.count() as u32);
        let mut header = Vec::with_capacity(header_len);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(&(header_len as u32).to_le_bytes());
        header.extend_from_slice(&(lengths.len() as u64).to_le_bytes());
        header.extend_from_slice(&(report.min_len as u32).to_le_bytes());
        header.extend_from_slice(&(report.max_len as u32).to_le_bytes());
        header.extend_from_slice(&(fst_bytes.len() as u64).to_le_bytes());
        header.extend_from_slice(&(lengths.len() as u64).to_le_bytes());
        header.extend_from_slice(&[0; 4]); // checksum, filled in below
        let flags = profile.strip_marks as u32 | (profile.turkic as u32) << 1;
        header.extend_from_slice(&flags.to_le_bytes());
        header.extend_from_slice(&(keep.len() as u16).to_le_bytes());
        header.extend_from_slice(&(lang.len() as u16).to_le_bytes());
        header.extend_from_slice(&(automaton_words.len() as u64 * 4).to_le_bytes());
        header.extend_from_slice(&(automaton_bytes.len() as u64).to_le_bytes());
        header.extend_from_slice(&(tier_bytes.len() as u64).to_le_bytes());
        header.extend_from_slice(&tier_count.to_le_bytes());
        header.extend_from_slice(&blocks::BLOCK.to_le_bytes());
        header.extend_from_slice(&(crcs.len() as u32).to_le_bytes());
        header.extend_from_slice(keep);
        header.extend_from_slice(lang);
        header.resize(table_at, 0);
        header.extend(crcs.iter().flat_map(|crc| crc.to_le_bytes()));
        header.resize(header_len, 0);
        let mut hasher = crc32fast::Hasher::new();
        hasher.update(&header[..CHECKSUM_AT.start]);
        hasher.update(&header[CHECKSUM_AT.end..]);
        header[CHECKSUM_AT].copy_from_slice(&hasher.finalize().to_le_bytes());
        let compiled = Compiled {
            header,
            automaton_words,
            fst: fst_bytes,
            lengths,
            automaton_bytes,
            tiers: tier_bytes,
        };
        Ok((compiled, report))
    }
}

/// The automaton's words as the file stores them: little-endian.
fn words_le(mut words: Vec<u32>) -> Vec<u32> {
    words.iter_mut().for_each(|w| *w = w.to_le());
    words
}

/// A compiled dictionary's sections, ready to write ([`Compiler::compile`]).
pub struct Compiled {
    header: Vec<u8>,
    /// Little-endian words.
    automaton_words: Vec<u32>,
    fst: Vec<u8>,
    lengths: Vec<u8>,
    automaton_bytes: Vec<u8>,
    tiers: Vec<u8>,
}

impl Compiled {
    /// The sections in file order.
    fn sections(&self) -> [&[u8]; 6] {
        [
            &self.header,
            bytemuck::cast_slice(&self.automaton_words),
            &self.fst,
            &self.lengths,
            &self.automaton_bytes,
            &self.tiers,
        ]
    }

    /// The size of the file in bytes.
    pub fn len(&self) -> u64 {
        self.sections().iter().map(|s| s.len() as u64).sum()
    }

    /// Never: a dictionary has at least a header.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Writes the file's bytes.
    pub fn write_to(&self, out: &mut dyn io::Write) -> io::Result<()> {
        self.sections()
            .into_iter()
            .try_for_each(|section| out.write_all(section))
    }

    /// The file's bytes in one buffer.
    pub fn into_bytes(self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(self.len() as usize);
        self.sections()
            .into_iter()
            .for_each(|section| bytes.extend_from_slice(section));
        bytes
    }
}

/// A word list read a block at a time: each block ends at whitespace (or at the end of
/// the input), so no word is cut, and is checked to be UTF-8.
struct WordBlocks<'a, R> {
    reader: R,
    origin: &'a str,
    /// Bytes read and not yet handed out (the start of a word cut by a read, then the
    /// block handed out last, which the next call drops).
    buffer: Vec<u8>,
    /// How much of `buffer` the last block was.
    handed: usize,
    /// Bytes of the input before `buffer`, and the lines they end.
    offset: usize,
    lines: usize,
    started: bool,
    ended: bool,
}

/// How much a word list is read at a time.
const READ_BLOCK: usize = 1 << 20;

impl<'a, R: io::Read> WordBlocks<'a, R> {
    fn new(reader: R, origin: &'a str) -> Self {
        WordBlocks {
            reader,
            origin,
            buffer: Vec::new(),
            handed: 0,
            offset: 0,
            lines: 0,
            started: false,
            ended: false,
        }
    }

    /// The next block of text, `None` at the end.
    fn next_block(&mut self) -> Result<Option<&str>, ReadError> {
        self.drop_handed();
        loop {
            if !self.ended {
                self.fill()?;
            }
            if !self.started && (self.buffer.len() >= 3 || self.ended) {
                self.started = true;
                if self.buffer.starts_with(b"\xef\xbb\xbf") {
                    self.handed = 3;
                    self.drop_handed();
                }
            }
            let (valid, error) = match std::str::from_utf8(&self.buffer) {
                Ok(_) => (self.buffer.len(), None),
                Err(e) => (e.valid_up_to(), Some(e)),
            };
            // A sequence cut by the read is completed by the next one.
            if let Some(e) = error {
                if e.error_len().is_some() || self.ended {
                    let lines = self.buffer[..valid].iter().filter(|&&b| b == b'\n');
                    let fault = ReadFault::NotUtf8 {
                        offset: self.offset + valid,
                        line: self.lines + lines.count() + 1,
                    };
                    return Err(ReadError::new(self.origin, fault));
                }
            }
            let text = std::str::from_utf8(&self.buffer[..valid]).expect("checked above");
            let end = if self.ended && error.is_none() {
                valid
            } else {
                match text.char_indices().rev().find(|(_, c)| c.is_whitespace()) {
                    Some((at, c)) => at + c.len_utf8(),
                    None => 0,
                }
            };
            if end > 0 || self.ended {
                self.handed = end;
                if end == 0 {
                    return Ok(None);
                }
                let text = std::str::from_utf8(&self.buffer[..end]).expect("checked above");
                return Ok(Some(text));
            }
        }
    }

    /// Forgets the block handed out last.
    fn drop_handed(&mut self) {
        let handed = &self.buffer[..self.handed];
        self.lines += handed.iter().filter(|&&b| b == b'\n').count();
        self.offset += self.handed;
        self.buffer.drain(..self.handed);
        self.handed = 0;
    }

    /// Reads up to a block more (`ended` at the end of the input).
    fn fill(&mut self) -> Result<(), ReadError> {
        let have = self.buffer.len();
        self.buffer.resize(have + READ_BLOCK, 0);
        let read = loop {
            match self.reader.read(&mut self.buffer[have..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.buffer.truncate(have);
                    return Err(ReadError::io(self.origin, &e));
                }
            }
        };
        self.buffer.truncate(have + read);
        self.ended = read == 0;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compiled(words: &[&str]) -> Vec<u8> {
        let mut compiler = Compiler::new(Profile::default());
        for w in words {
            compiler.add(w);
        }
        compiler.finish("test").unwrap().0
    }

    #[test]
    fn round_trips_words_and_lengths() {
        let lexicon = Lexicon::from_bytes(compiled(&["queue", "Straße", "क्षमा"]), "t").unwrap();
        assert_eq!(
            lexicon.words().collect::<Vec<_>>(),
            ["queue", "strasse", "क्षमा"]
        );
        assert_eq!(lexicon.word_len(0), 5);
        assert_eq!(lexicon.word_len(2), 2);
        assert_eq!(lexicon.header().min_len, 2);
        assert_eq!(lexicon.header().max_len, 7);
        assert_eq!(lexicon.lookup("STRASS"), Lookup::Prefix);
        assert_eq!(lexicon.lookup("straße"), Lookup::Word);
        assert_eq!(lexicon.lookup("x"), Lookup::Absent);
    }

    #[test]
    fn stores_the_profile() {
        let profile = Profile {
            strip_marks: true,
            keep: "ñ".into(),
            turkic: true,
            lang: "xx".into(),
        };
        let mut compiler = Compiler::new(profile.clone());
        compiler.add("año");
        let lexicon = Lexicon::from_bytes(compiler.finish("t").unwrap().0, "t").unwrap();
        assert_eq!(lexicon.profile(), &profile);
    }

    #[test]
    fn refuses_every_truncation() {
        let bytes = compiled(&["cat", "dog", "mouse"]);
        for len in 0..bytes.len() {
            let err = Lexicon::from_bytes(bytes[..len].to_vec(), "t").unwrap_err();
            assert!(
                matches!(
                    err,
                    LexiconError::Truncated { .. } | LexiconError::NotADictionary { .. }
                ),
                "length {len}: {err}"
            );
        }
    }

    #[test]
    fn refuses_every_flipped_byte() {
        let bytes = compiled(&["cat", "dog", "mouse"]);
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(
                Lexicon::from_bytes(bad, "t").is_err(),
                "flip at {at} accepted"
            );
        }
    }

    /// A mutated file (found by the fuzz target `lexicon`, checksum bypassed) whose
    /// automaton leads to word ranks past the end of the word list.
    #[test]
    fn a_rank_past_the_last_word_has_no_length() {
        let lexicon = Lexicon::from_bytes(compiled(&["cat", "dog"]), "t").unwrap();
        assert_eq!((lexicon.word_len(1), lexicon.word_len(67108865)), (3, 0));
        let mut bytes = compiled(&["cat", "dog"]);
        bytes[CHECKSUM_AT].copy_from_slice(&[0; 4]);
        assert!(Lexicon::from_bytes(bytes.clone(), "t").is_err());
        assert!(Lexicon::from_bytes_unchecked(bytes, "t").is_ok());
        let found = include_bytes!("../../../tests/data/fuzz/lexicon-rank-past-the-end.pbd");
        let lexicon = Lexicon::from_bytes_unchecked(found.to_vec(), "t").unwrap();
        let mut solver = crate::Solver::new(&lexicon, crate::Rules::hasbro());
        for board in ["ATEE/APYO/TINU/EDSE", "क्ष मा न/मक ल क/a b c"] {
            solver.solve(&board.parse().unwrap());
        }
    }

    /// A mutated file (found by the fuzz target `lexicon`, checksum bypassed) whose
    /// FST section sends the `fst` crate's node decoder out of bounds: lookups and
    /// words come from the checked automaton instead.
    #[test]
    fn a_damaged_fst_section_cannot_panic_a_lookup() {
        let found = include_bytes!("../../../tests/data/fuzz/lexicon-damaged-fst.pbd");
        assert!(Lexicon::from_bytes(found.to_vec(), "t").is_err());
        let lexicon = Lexicon::from_bytes_unchecked(found.to_vec(), "t").unwrap();
        for word in ["a", "ab", "queue", "क्षमा", "", "ısık"] {
            lexicon.lookup(word);
        }
        assert!(lexicon.words().count() <= lexicon.word_count());
    }

    /// A mutated file (fuzz target `lexicon`, checksum bypassed) whose automaton loops,
    /// accepting long runs of letters: every simple path of a board is then a prefix,
    /// so a 4×4 board took the fuzzer past its time limit. It opens and solves small
    /// boards without a panic; only the checksum keeps such files out in use.
    #[test]
    fn a_looping_automaton_solves_without_a_panic() {
        let found = include_bytes!("../../../tests/data/fuzz/lexicon-accepts-every-path.pbd");
        assert!(Lexicon::from_bytes(found.to_vec(), "t").is_err());
        let lexicon = Lexicon::from_bytes_unchecked(found.to_vec(), "t").unwrap();
        let mut solver = crate::Solver::new(&lexicon, crate::Rules::hasbro());
        for board in ["ATE/APY/TIN", "pea/ttp/eat"] {
            solver.solve(&board.parse().unwrap());
        }
    }

    #[test]
    fn words_come_back_by_index() {
        let words = ["a", "ab", "abc", "b", "queue", "क्षमा", "ísık"];
        let lexicon = Lexicon::from_words(words, &Profile::default()).unwrap();
        let mut keys: Vec<String> = words.iter().map(|w| Profile::default().key(w)).collect();
        keys.sort();
        assert_eq!(lexicon.words().collect::<Vec<_>>(), keys);
        assert_eq!(lexicon.word(7), None);
        let english = Lexicon::builtin("enable2k").unwrap();
        assert_eq!(english.word(0).as_deref(), Some("aa"));
        let last = english.word_count() as u64 - 1;
        assert_eq!(english.word(last).as_deref(), Some("zyzzyvas"));
        assert_eq!(english.lookup("zyzzyva"), Lookup::Word);
        assert_eq!(english.lookup("zyzzyv"), Lookup::Prefix);
    }

    #[test]
    fn reports_rejections_and_duplicates() {
        let mut compiler = Compiler::new(Profile::default());
        compiler.add_text("a A b2 x-ray ok");
        let (_, report) = compiler.finish("t").unwrap();
        assert_eq!(report.read, 5);
        assert_eq!(report.kept, 2);
        assert_eq!(report.duplicates, 1);
        assert_eq!(report.rejected[&Rejection::NotLetters].0, 2);
    }

    #[test]
    fn the_built_in_dictionary_matches_its_word_list() {
        let text = include_str!("../../../dictionaries/enable2k.txt");
        let mut compiler = Compiler::new(Profile::default());
        compiler.add_text(text);
        let (bytes, _) = compiler.finish("enable2k.txt").unwrap();
        assert!(
            bytes == BUILTINS[0].1,
            "dictionaries/enable2k.pbd is stale: run polyboggle compile dictionaries/enable2k.txt -o dictionaries/enable2k.pbd"
        );
    }

    #[test]
    fn opened_files_and_built_ins_use_the_automaton_in_place() {
        let builtin = Lexicon::builtin("enable2k").unwrap();
        assert!(matches!(builtin.automaton_words, Words::InPlace(_)));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("d.pbd");
        crate::files::write_atomically(&path, &compiled(&["cat", "dog"])).unwrap();
        let opened = Lexicon::open(&path).unwrap();
        assert!(matches!(opened.automaton_words, Words::InPlace(_)));
    }

    fn tiered(words: &[&str], lists: &[(&str, &str)]) -> Result<Vec<u8>, LexiconError> {
        let mut compiler = Compiler::new(Profile::default());
        for w in words {
            compiler.add(w);
        }
        compiler.set_tiers(Tiers::from_lists(lists, &Profile::default()).unwrap());
        compiler.finish("test").map(|(bytes, _)| bytes)
    }

    #[test]
    fn tiers_round_trip() {
        let bytes = tiered(
            &["cat", "dog", "emu", "Yak"],
            &[("a", "DOG yak"), ("b", "emu dog")],
        )
        .unwrap();
        let lexicon = Lexicon::from_bytes(bytes, "t").unwrap();
        assert_eq!(lexicon.header().version, 4);
        assert_eq!(lexicon.header().tiers, 2);
        let tiers: Vec<u8> = (0..4).map(|i| lexicon.tier(i)).collect();
        assert_eq!(tiers, [0, 1, 2, 1]);
        assert_eq!(lexicon.tier_sizes(), [1, 2, 1]);
        assert_eq!(lexicon.index_of(b"emu"), Some(2));
        assert_eq!(lexicon.index_of(b"em"), None);
        // Everything else reads as it does without tiers.
        assert_eq!(
            lexicon.words().collect::<Vec<_>>(),
            ["cat", "dog", "emu", "yak"]
        );
        assert_eq!(lexicon.lookup("YAK"), Lookup::Word);
        let plain = Lexicon::from_bytes(compiled(&["cat", "dog"]), "t").unwrap();
        assert_eq!(
            (plain.header().version, plain.tier(0), plain.tier_sizes()),
            (4, 0, vec![2])
        );
    }

    #[test]
    fn a_damaged_tiered_file_is_refused() {
        let bytes = tiered(&["cat", "dog", "mouse"], &[("a", "dog")]).unwrap();
        for len in 0..bytes.len() {
            assert!(
                Lexicon::from_bytes(bytes[..len].to_vec(), "t").is_err(),
                "length {len}"
            );
        }
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(
                Lexicon::from_bytes(bad, "t").is_err(),
                "flip at {at} accepted"
            );
        }
        // A tier past the count, checksum bypassed, is still refused.
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() = 9;
        assert!(Lexicon::from_bytes_unchecked(bad, "t").is_err());
    }

    #[test]
    fn tiers_that_name_no_word_are_refused() {
        let err = tiered(&["cat"], &[("zoo.txt", "zebra")]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "tiers zoo.txt: names no word of the dictionary"
        );
    }

    #[test]
    fn an_unknown_version_asks_for_a_recompile() {
        let mut bytes = compiled(&["cat"]);
        bytes[8] = 5;
        let err = Lexicon::from_bytes(bytes, "new.pbd").unwrap_err();
        assert_eq!(
            err.to_string(),
            "new.pbd: dictionary format version 5 is not supported (this polyboggle reads versions 2 to 4); recompile it"
        );
    }

    /// Files written by builds before version 4 (`tests/data/format`: the same nine
    /// words, the second with two in tier 1) open, lazily or not, and read the same.
    #[test]
    fn versions_2_and_3_still_open() {
        let v2 = include_bytes!("../../../tests/data/format/v2.pbd").to_vec();
        let v3 = include_bytes!("../../../tests/data/format/v3.pbd").to_vec();
        let words = [
            "cat",
            "cats",
            "dog",
            "emu",
            "queue",
            "strasse",
            "yak",
            "żółw",
            "क्षमा",
        ];
        for (bytes, version) in [(v2, 2), (v3, 3)] {
            let lexicon = Lexicon::from_bytes(bytes.clone(), "old").unwrap();
            assert_eq!(lexicon.header().version, version);
            assert_eq!(lexicon.words().collect::<Vec<_>>(), words);
            let tiers: Vec<u8> = (0..9).map(|i| lexicon.tier(i)).collect();
            let expected = match version {
                2 => [0; 9],
                _ => [0, 0, 1, 0, 0, 0, 1, 0, 0],
            };
            assert_eq!(tiers, expected);
            let lazy = LazyLexicon::from_bytes(bytes.clone(), "old").unwrap();
            assert_eq!(lazy.lookup("ŻÓŁW").unwrap(), Lookup::Word);
            // One checksum for the whole file: checked whole at open, lazily or not.
            let mut bad = bytes;
            let middle = bad.len() / 2;
            bad[middle] ^= 1;
            let err = LazyLexicon::from_bytes(bad, "old").unwrap_err();
            assert!(matches!(err, LexiconError::Checksum { .. }), "{err}");
        }
    }

    /// Everything a dictionary can be asked lazily, as far as its blocks allow: the
    /// answers or the first error.
    fn ask_everything(lazy: &LazyLexicon, words: &[String]) -> Result<String, LexiconError> {
        use crate::query::{LazySearch, Options, Query};
        let mut seen = String::new();
        for query in ["*", "a*", "?a*", "*s"] {
            let search = LazySearch::new(lazy, &Query::Pattern(query.into()), &Options::default())
                .expect("a valid query");
            seen += &search.keys()?.join(" ");
        }
        for word in words.iter().take(50) {
            seen += &format!("{:?}", lazy.lookup(word)?);
        }
        if lazy.header().tiers > 0 {
            let tier_1 = Options {
                tiers: Some("1".parse().expect("a tier range")),
                ..Options::default()
            };
            let search = LazySearch::new(lazy, &Query::Pattern("*".into()), &tier_1);
            seen += &search.expect("a valid query").keys()?.join(" ");
        }
        seen += &format!("{:?}", lazy.tier_sizes()?);
        Ok(seen)
    }

    /// A dictionary of several blocks a section, with tiers, and its word list.
    fn several_blocks() -> (Vec<u8>, Vec<String>) {
        let text = include_str!("../../../dictionaries/enable2k.txt");
        let words: Vec<String> = text
            .split_whitespace()
            .step_by(20)
            .map(String::from)
            .collect();
        let mut compiler = Compiler::new(Profile::default());
        compiler.add_text(&words.join(" "));
        let common: String = words.iter().step_by(7).map(|w| format!("{w}\n")).collect();
        compiler.set_tiers(Tiers::ranked(&common, "tiers", &Profile::default()).unwrap());
        (compiler.finish("t").unwrap().0, words)
    }

    #[test]
    fn a_lazy_dictionary_checks_only_the_blocks_it_reads() {
        let (bytes, words) = several_blocks();
        let whole = LazyLexicon::from_bytes(bytes.clone(), "t").unwrap();
        let expected = ask_everything(&whole, &words).unwrap();
        let lexicon = whole.verify().unwrap();
        let records = lexicon.blocks.cuts_of(Part::Records);
        assert!(records.len() >= 4, "{records:?}");
        // A flipped byte in the last block of records: a lookup of an early word
        // does not read it, a search of every word does.
        let mut bad = bytes.clone();
        bad[records.last().unwrap().start + 5] ^= 0x40;
        let lazy = LazyLexicon::from_bytes(bad, "t").unwrap();
        assert_eq!(lazy.lookup(&words[0]).unwrap(), Lookup::Word);
        let err = ask_everything(&lazy, &words).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("t: corrupt: checksum mismatch in the automaton's records, block"),
            "{err}"
        );
        assert!(lazy.verify().is_err());
        // A flipped byte anywhere: refused when opened whole, and lazily either at
        // open, or on the first read of its block; never a different answer.
        let mut rng = 0x9e3779b97f4a7c15u64;
        for _ in 0..300 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let at = (rng % bytes.len() as u64) as usize;
            let mut bad = bytes.clone();
            bad[at] ^= 1 << (rng >> 61);
            assert!(
                Lexicon::from_bytes(bad.clone(), "t").is_err(),
                "flip at {at}"
            );
            let Ok(lazy) = LazyLexicon::from_bytes(bad, "t") else {
                continue;
            };
            match ask_everything(&lazy, &words) {
                Ok(seen) => assert_eq!(seen, expected, "flip at {at}"),
                Err(e) => assert!(e.to_string().starts_with("t: corrupt: "), "{e}"),
            }
            assert!(lazy.check().is_err(), "flip at {at}");
        }
    }

    #[test]
    fn every_flipped_byte_of_a_lazy_dictionary_is_refused_on_first_use() {
        let bytes = tiered(&["cat", "dog", "mouse", "ab", "abc"], &[("a", "dog")]).unwrap();
        let words: Vec<String> = ["ab", "abc", "cat", "dog", "mouse", "x"]
            .map(String::from)
            .into();
        let expected = ask_everything(
            &LazyLexicon::from_bytes(bytes.clone(), "t").unwrap(),
            &words,
        );
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            let refused = match LazyLexicon::from_bytes(bad, "t") {
                Err(_) => true,
                Ok(lazy) => {
                    let asked = ask_everything(&lazy, &words);
                    assert!(asked.is_err() || asked.as_ref().ok() == expected.as_ref().ok());
                    asked.is_err() || lazy.check().is_err()
                }
            };
            assert!(refused, "flip at {at} accepted");
        }
    }

    /// A reader that hands out its bytes a few at a time, cutting words and UTF-8
    /// sequences wherever `cuts` says.
    struct Trickle<'a> {
        bytes: &'a [u8],
        cuts: std::iter::Cycle<std::slice::Iter<'a, usize>>,
    }

    impl io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = (*self.cuts.next().unwrap())
                .min(buf.len())
                .min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    /// Compiles `text` with a sort budget of `memory` bytes (tiers from `tiers` when
    /// given), reading it in pieces of `cuts` bytes when `cuts` is not empty.
    fn compile_with(
        text: &str,
        memory: Option<usize>,
        tiers: Option<&str>,
        cuts: &[usize],
    ) -> Result<(Vec<u8>, CompileReport), LexiconError> {
        let mut compiler = Compiler::new(Profile::default());
        if let Some(memory) = memory {
            compiler.set_memory(memory);
        }
        if let Some(tiers) = tiers {
            compiler.set_tiers(Tiers::ranked(tiers, "tiers", &Profile::default()).unwrap());
        }
        if cuts.is_empty() {
            compiler.add_text(text);
        } else {
            let reader = Trickle {
                bytes: text.as_bytes(),
                cuts: cuts.iter().cycle(),
            };
            compiler.add_reader(reader, "list")?;
        }
        compiler.finish("list")
    }

    const UNICODE_WORDS: &[&str] = &[
        "kot",
        "KOT",
        "kót",
        "żółw",
        "ŻÓŁW",
        "Straße",
        "strasse",
        "क्षमा",
        "क्ष",
        "ııı",
        "İz",
        "ĳs",
        "ǅemal",
        "x-ray",
        "e\u{301}te",
        "éte",
        "ab",
        "b",
        "a",
        "ñu",
        "queue",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Sorted in chunks on disk (budgets down to a key at a time), read in
        /// pieces that cut words and characters: the very bytes and report of a
        /// compile in memory, with and without tiers.
        #[test]
        fn chunked_compiles_equal_in_memory_ones(
            picks in proptest::collection::vec((0..UNICODE_WORDS.len(), 0..4usize, 0..100u32), 1..300),
            memory in 1..400usize,
            cuts in proptest::collection::vec(1..9usize, 1..5),
            tiered in proptest::bool::ANY,
        ) {
            let separators = [" ", "\n", "\u{3000}", "\r\n"];
            let mut text = String::new();
            for &(word, sep, suffix) in &picks {
                text.push_str(UNICODE_WORDS[word]);
                if suffix % 3 == 0 {
                    // More distinct words: the suffix's digits as letters.
                    let digits = suffix.to_string();
                    text.extend(digits.bytes().map(|d| (d - b'0' + b'a') as char));
                }
                text.push_str(separators[sep]);
            }
            let tiers = tiered.then_some("KOT\nżółw\nb\n");
            let in_memory = compile_with(&text, None, tiers, &[]);
            let chunked = compile_with(&text, Some(memory), tiers, &[]);
            let streamed = compile_with(&text, Some(memory), tiers, &cuts);
            match (in_memory, chunked, streamed) {
                (Ok(a), Ok(b), Ok(c)) => {
                    proptest::prop_assert!(a == b, "memory {memory}");
                    proptest::prop_assert!(a == c, "memory {memory}, cuts {cuts:?}");
                }
                (Err(a), Err(b), Err(c)) => {
                    proptest::prop_assert_eq!(a.to_string(), b.to_string());
                    proptest::prop_assert_eq!(a.to_string(), c.to_string());
                }
                (a, b, c) => proptest::prop_assert!(false, "{:?} {:?} {:?}", a.err(), b.err(), c.err()),
            }
        }

        /// Bad UTF-8 read in pieces is told where [`crate::files::text`] tells it.
        #[test]
        fn bad_utf8_in_any_piece_is_told_at_its_offset(
            before in "[a-zé \n]{0,60}",
            bad in proptest::sample::select(vec![&b"\xff"[..], b"\xc3", b"\xe0\x80", b"\xed\xa0\x80"]),
            after in "[a-z \n]{0,10}",
            cuts in proptest::collection::vec(1..9usize, 1..5),
        ) {
            let mut bytes = before.clone().into_bytes();
            bytes.extend_from_slice(bad);
            bytes.extend_from_slice(after.as_bytes());
            let expected = crate::files::text(&bytes, "list").unwrap_err().to_string();
            let mut compiler = Compiler::new(Profile::default());
            compiler.set_memory(16);
            let reader = Trickle { bytes: &bytes, cuts: cuts.iter().cycle() };
            let err = compiler.add_reader(reader, "list").unwrap_err();
            proptest::prop_assert_eq!(err.to_string(), expected);
        }
    }

    #[test]
    fn a_large_list_is_sorted_on_disk_with_the_same_result() {
        let text = include_str!("../../../dictionaries/enable2k.txt");
        let mut compiler = Compiler::new(Profile::default());
        compiler.set_memory(100_000);
        compiler.add_text(text);
        // Enough runs to be merged into one along the way.
        assert!(compiler.keys.run_count() >= 1);
        let (bytes, report) = compiler.finish("enable2k.txt").unwrap();
        assert!(bytes == BUILTINS[0].1);
        assert_eq!(
            report.kept,
            Lexicon::builtin("enable2k").unwrap().word_count()
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_counted_in_offsets() {
        let (_, report) = compile_with("\u{feff}kot pies", None, None, &[1]).unwrap();
        assert_eq!((report.read, report.kept), (2, 2));
        let mut compiler = Compiler::new(Profile::default());
        let err = compiler
            .add_reader(&b"\xef\xbb\xbfab\ncd\xff"[..], "l")
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "l: not UTF-8 (invalid byte at offset 8, line 2)"
        );
    }

    #[test]
    fn a_sort_folder_that_cannot_be_written_is_one_error() {
        let mut compiler = Compiler::new(Profile::default());
        compiler.set_sort_folder(Path::new("/no/such/folder"));
        compiler.set_memory(10);
        compiler.add_text("kot pies kot żółw");
        let err = compiler.finish("list").unwrap_err();
        assert_eq!(
            err.to_string(),
            "/no/such/folder: cannot write the sorted chunks of a large word list: no such folder"
        );
    }

    #[test]
    fn an_empty_list_is_an_error() {
        let err = Compiler::new(Profile::default())
            .finish("e.txt")
            .unwrap_err();
        assert_eq!(err.to_string(), "e.txt: no usable words (0 read)");
    }
}
