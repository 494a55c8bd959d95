//! The file format's fixed parts: magic bytes, versions, the header's fields and
//! where they lie. The whole layout is in [`crate::lexicon`]'s first comment and in
//! `docs/dictionary-format.md`; [`super::compile`] writes it and [`super::open`] reads
//! it. This module reads and writes nothing itself.

use std::ops::Range;

use crate::normalize::Profile;

/// The magic bytes that start every compiled dictionary.
pub const MAGIC: &[u8; 8] = b"PBOGDICT";
/// The format version this build writes: version 4's layout, where an automaton
/// whose bytes share classes marks the last record of each state's block, so that
/// every walk sees every transition (earlier versions' walks could miss some).
pub const FORMAT_VERSION: u32 = 5;
/// The first version with a CRC per block of each section, so that a query checks
/// only what it reads ([`LazyLexicon`](super::LazyLexicon)).
pub const BLOCKS_VERSION: u32 = 4;
/// The oldest version this build reads: a dictionary without tiers, one CRC for the
/// whole file.
pub const PLAIN_VERSION: u32 = 2;
/// Version 2 with tiers.
pub const TIERED_VERSION: u32 = 3;
pub(super) const FIXED_HEADER: usize = 76;
/// Version 3's header: version 2's, the tier table's size and the tier count.
pub(super) const FIXED_HEADER_TIERED: usize = 88;
/// Version 4's header: version 3's (tier fields zero without tiers), the block size
/// and the number of block CRCs.
pub(super) const FIXED_HEADER_BLOCKS: usize = 96;
pub(super) const CHECKSUM_AT: Range<usize> = 48..52;

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

/// The header length for a keep-list and language tag of these sizes, after a
/// fixed part of `fixed` bytes.
pub(super) fn header_len(fixed: usize, keep: usize, lang: usize) -> usize {
    (fixed + keep + lang).next_multiple_of(8)
}

/// Whether opening tests the checksum: always, except where fuzzing asks to reach
/// the section checks behind it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Integrity {
    Checked,
    #[cfg_attr(not(any(test, feature = "fuzzing")), allow(dead_code))]
    Unchecked,
}

/// The little-endian `u32` at `at`.
pub(super) fn read_u32(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

/// The little-endian `u64` at `at`.
pub(super) fn read_u64(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
}
