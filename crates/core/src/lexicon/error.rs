//! The one error type of reading, compiling and writing dictionaries.

use super::builtin::builtin_names;
use super::format::{FORMAT_VERSION, PLAIN_VERSION};
use crate::files::ReadError;

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
    /// The file was written before format version 5 and its automaton's bytes share
    /// classes: its walks would miss words. `polyboggle dict upgrade` rewrites it.
    #[error("{origin}: written in format version {found}, whose word listings and searches miss words when a dictionary has over 64 distinct bytes; rebuild it with: polyboggle dict upgrade {origin}")]
    Outdated {
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
