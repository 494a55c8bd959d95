//! A version 4 dictionary's block checksums: every section cut in fixed-size blocks,
//! a CRC-32 per block in the header, and a bit per block once it has been checked.
//!
//! A query on a large dictionary reads a sliver of it; checking the whole file first
//! would cost more than the query (a 19 MB file takes over a millisecond at the speed
//! of memory). So the header carries one CRC per block, the header's own CRC covers
//! that table, and a block is checked the first time anything reads it: its CRC, and
//! for the automaton's records the bounds of their transitions (what
//! [`Automaton::trusted`](crate::automaton::Automaton) relies on). Nothing is ever
//! answered from a block that has not passed.
//!
//! The automaton's records and their input bytes are cut at the same records: record
//! block `k` holds records `k·R..(k+1)·R` (`R` = block size / 16) and input-byte
//! block `k` their bytes, and both are checked together, so that a step of the walk
//! costs one bit test. This module owns the cutting (the writer and the reader share
//! it) and the checks; [`super::format`] owns the header that holds the table.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::error::LexiconError;
use super::format::Integrity;
use crate::automaton::{self, PREFIX_WORDS};

/// The block size [`super::Compiler`] writes: 16 KiB, 1,024 records. Any power of two
/// from [`MIN_BLOCK`] to [`MAX_BLOCK`] is read.
pub(super) const BLOCK: u32 = 16 << 10;
/// The smallest block size: 64 records, so that a state's transitions (at most 64
/// records) span at most two record blocks.
pub(super) const MIN_BLOCK: u32 = 1 << 10;
/// The largest block size.
pub(super) const MAX_BLOCK: u32 = 1 << 30;

/// The parts of a file that are cut in blocks, in file order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    /// The automaton's record count, exact flag and byte classes: one block.
    Prefix,
    /// The automaton's records.
    Records,
    /// The FST.
    Fst,
    /// The length table.
    Lengths,
    /// The automaton's transition input bytes, cut at the records' blocks.
    Bytes,
    /// The tier table (no blocks without tiers).
    Tiers,
}

const PARTS: [Part; 6] = [
    Part::Prefix,
    Part::Records,
    Part::Fst,
    Part::Lengths,
    Part::Bytes,
    Part::Tiers,
];

impl Part {
    /// How the part is named in messages.
    fn name(self) -> &'static str {
        match self {
            Part::Prefix => "the automaton's byte classes",
            Part::Records => "the automaton's records",
            Part::Fst => "the FST",
            Part::Lengths => "the length table",
            Part::Bytes => "the automaton's transition bytes",
            Part::Tiers => "the tier table",
        }
    }

    /// The size of the part's blocks, for files cut in `block`-byte blocks.
    fn block_size(self, block: usize) -> usize {
        match self {
            Part::Prefix => PREFIX_WORDS * 4,
            Part::Bytes => block / 16,
            _ => block,
        }
    }
}

/// The sections of a file, as the writer holds them or the reader finds them.
pub(super) struct Sections<T> {
    /// The automaton's words (prefix, then records).
    pub automaton_words: T,
    pub fst: T,
    pub lengths: T,
    pub automaton_bytes: T,
    pub tiers: T,
}

impl Sections<Range<usize>> {
    /// Each part's byte range, in file order.
    fn parts(&self) -> [Range<usize>; 6] {
        let words = &self.automaton_words;
        let prefix_end = (words.start + PREFIX_WORDS * 4).min(words.end);
        [
            words.start..prefix_end,
            prefix_end..words.end,
            self.fst.clone(),
            self.lengths.clone(),
            self.automaton_bytes.clone(),
            self.tiers.clone(),
        ]
    }
}

/// How many CRCs a file whose sections have these ranges has, cut in `block`-byte
/// blocks.
pub(super) fn count(sections: &Sections<Range<usize>>, block: usize) -> usize {
    let parts = sections.parts();
    PARTS
        .iter()
        .zip(&parts)
        .map(|(part, range)| range.len().div_ceil(part.block_size(block)))
        .sum()
}

/// The CRC of each block of `sections`, in table order (what the writer stores).
pub(super) fn checksums(sections: &Sections<&[u8]>, block: usize) -> Vec<u32> {
    let words = sections.automaton_words;
    let (prefix, records) = words.split_at((PREFIX_WORDS * 4).min(words.len()));
    let parts = [
        prefix,
        records,
        sections.fst,
        sections.lengths,
        sections.automaton_bytes,
        sections.tiers,
    ];
    PARTS
        .iter()
        .zip(parts)
        .flat_map(|(part, bytes)| bytes.chunks(part.block_size(block)))
        .map(crc32fast::hash)
        .collect()
}

/// Where one part's blocks lie: its bytes in the file, their size, and the index of
/// its first CRC in the table.
#[derive(Clone, Debug)]
struct Cut {
    range: Range<usize>,
    size: usize,
    first: usize,
}

impl Cut {
    fn blocks(&self) -> usize {
        self.range.len().div_ceil(self.size)
    }

    /// The file bytes of block `k`.
    fn block(&self, k: usize) -> Range<usize> {
        let start = self.range.start + k * self.size;
        start..(start + self.size).min(self.range.end)
    }
}

/// A file's block table and which blocks have passed their checks. Shared by every
/// thread reading the dictionary: a bit is set once its block has passed, and two
/// threads checking the same block at once both pass or both fail.
pub(super) struct Blocks {
    origin: String,
    /// One CRC per block, in table order; empty for a file of version 2 or 3, which is
    /// checked whole when it is opened.
    crcs: Vec<u32>,
    cuts: [Cut; 6],
    /// Bit `i` of word `i / 64`: block `i` of the table has passed.
    passed: Box<[AtomicU64]>,
    /// Has every block passed (so that no check needs to look)?
    all_passed: AtomicBool,
    /// Has every block of each part passed?
    part_passed: [AtomicBool; 6],
    /// log2 of the records in a record block.
    record_shift: u32,
    /// The automaton's record count (from its prefix, checked at open).
    record_count: u32,
    /// The highest tier a word may have.
    tier_count: u8,
    integrity: Integrity,
}

impl Blocks {
    /// The table of a file whose sections lie at `sections`, cut in `block`-byte
    /// blocks (a power of two the header was checked to hold), with `crcs` as
    /// stored; nothing checked yet.
    pub(super) fn new(
        origin: &str,
        sections: &Sections<Range<usize>>,
        block: usize,
        crcs: Vec<u32>,
        tier_count: u8,
        integrity: Integrity,
    ) -> Blocks {
        let ranges = sections.parts();
        let mut first = 0;
        let cuts: [Cut; 6] = std::array::from_fn(|i| {
            let cut = Cut {
                range: ranges[i].clone(),
                size: PARTS[i].block_size(block),
                first,
            };
            first += cut.blocks();
            cut
        });
        debug_assert_eq!(first, crcs.len(), "the header checked the table's size");
        Blocks {
            origin: origin.into(),
            passed: (0..crcs.len().div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
            all_passed: AtomicBool::new(false),
            part_passed: Default::default(),
            crcs,
            cuts,
            record_shift: (block / 16).trailing_zeros(),
            record_count: 0,
            tier_count,
            integrity,
        }
    }

    /// The table of a file checked whole when it was opened (versions 2 and 3): every
    /// check passes.
    pub(super) fn whole(origin: &str) -> Blocks {
        let none = Cut {
            range: 0..0,
            size: 1,
            first: 0,
        };
        Blocks {
            origin: origin.into(),
            crcs: Vec::new(),
            cuts: [0; 6].map(|_| none.clone()),
            passed: Box::new([]),
            all_passed: AtomicBool::new(true),
            part_passed: Default::default(),
            record_shift: 0,
            record_count: 0,
            tier_count: 0,
            integrity: Integrity::Checked,
        }
    }

    /// Has every block passed (a file of version 2 or 3 was checked whole at open)?
    #[inline(always)]
    fn is_whole(&self) -> bool {
        self.all_passed.load(Ordering::Relaxed)
    }

    fn passed(&self, i: usize) -> bool {
        self.passed[i / 64].load(Ordering::Relaxed) >> (i % 64) & 1 == 1
    }

    /// Checks the automaton's prefix (the record count, the exact flag and the
    /// classes), which every step reads, and keeps the record count for the bounds
    /// check of the records.
    pub(super) fn check_prefix(&mut self, file: &[u8]) -> Result<(), LexiconError> {
        if self.is_whole() {
            return Ok(());
        }
        self.check_block(file, Part::Prefix, 0)?;
        let prefix = &file[self.cuts[0].range.clone()];
        if let Some(count) = prefix.get(..4) {
            self.record_count = u32::from_le_bytes(count.try_into().expect("4 bytes"));
        }
        Ok(())
    }

    /// Checks the blocks holding records `first..=last` and their input bytes.
    #[inline(always)]
    pub(super) fn check_records(
        &self,
        file: &[u8],
        first: u32,
        last: u32,
    ) -> Result<(), LexiconError> {
        if self.is_whole() {
            return Ok(());
        }
        let cut = &self.cuts[1];
        let (a, b) = (
            (first >> self.record_shift) as usize,
            (last >> self.record_shift) as usize,
        );
        // A state's records span two blocks at most where their bytes have classes
        // of their own (64 records); in an automaton whose bytes share classes, up
        // to 256 records may span more.
        if b <= a + 1 && self.passed(cut.first + a) && self.passed(cut.first + b) {
            return Ok(());
        }
        self.check_record_blocks(file, a..b + 1)
    }

    #[cold]
    fn check_record_blocks(&self, file: &[u8], blocks: Range<usize>) -> Result<(), LexiconError> {
        for k in blocks {
            self.check_block(file, Part::Records, k)?;
        }
        Ok(())
    }

    /// Checks the blocks of `part` (lengths or tiers) holding bytes `range` of it.
    pub(super) fn check_bytes(
        &self,
        file: &[u8],
        part: Part,
        range: Range<usize>,
    ) -> Result<(), LexiconError> {
        if self.is_whole() || range.is_empty() {
            return Ok(());
        }
        let cut = &self.cuts[part as usize];
        let blocks = range.start / cut.size..(range.end - 1) / cut.size + 1;
        for k in blocks.start..blocks.end.min(cut.blocks()) {
            if !self.passed(cut.first + k) {
                self.check_block(file, part, k)?;
            }
        }
        Ok(())
    }

    /// The file, as messages name it.
    pub(super) fn origin(&self) -> &str {
        &self.origin
    }

    /// Checks every block not yet checked.
    pub(super) fn check_all(&self, file: &[u8]) -> Result<(), LexiconError> {
        for part in PARTS {
            self.check_part(file, part)?;
        }
        self.all_passed.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// Checks every block of `part` not yet checked.
    pub(super) fn check_part(&self, file: &[u8], part: Part) -> Result<(), LexiconError> {
        if self.is_whole() || self.part_passed[part as usize].load(Ordering::Relaxed) {
            return Ok(());
        }
        let cut = &self.cuts[part as usize];
        for k in 0..cut.blocks() {
            if !self.passed(cut.first + k) {
                self.check_block(file, part, k)?;
            }
        }
        self.part_passed[part as usize].store(true, Ordering::Relaxed);
        Ok(())
    }

    /// Checks block `k` of `part` (a record block with its input bytes), and marks it
    /// passed.
    fn check_block(&self, file: &[u8], part: Part, k: usize) -> Result<(), LexiconError> {
        if part == Part::Bytes {
            return self.check_block(file, Part::Records, k);
        }
        let cut = &self.cuts[part as usize];
        let corrupt = |what: &str| LexiconError::Corrupt {
            origin: self.origin.clone(),
            what: what.into(),
        };
        if k >= cut.blocks() {
            // Only a section too short for what the header says is in it.
            return Err(corrupt("section sizes do not add up"));
        }
        let range = cut.block(k);
        self.check_crc(file, part, k)?;
        let bytes = &file[range];
        match part {
            Part::Records => {
                // The input bytes of the same records are read with them.
                self.check_crc(file, Part::Bytes, k)?;
                if !automaton::records_in_bounds(bytes, self.record_count) {
                    return Err(corrupt(
                        "bad solver automaton: a state's transitions run past the end",
                    ));
                }
                self.mark(self.cuts[Part::Bytes as usize].first + k);
            }
            Part::Tiers if bytes.iter().any(|&t| t > self.tier_count) => {
                return Err(corrupt("a word's tier is past the tier count"));
            }
            _ => {}
        }
        self.mark(cut.first + k);
        Ok(())
    }

    /// Compares block `k` of `part` with its CRC.
    fn check_crc(&self, file: &[u8], part: Part, k: usize) -> Result<(), LexiconError> {
        let cut = &self.cuts[part as usize];
        let Some(&stored) = self.crcs.get(cut.first + k) else {
            return Ok(()); // no such block: nothing was read from it
        };
        let computed = crc32fast::hash(&file[cut.block(k)]);
        if stored != computed && self.integrity == Integrity::Checked {
            return Err(LexiconError::BlockChecksum {
                origin: self.origin.clone(),
                part: part.name(),
                block: k,
                stored,
                computed,
            });
        }
        Ok(())
    }

    /// The file bytes of each block of `part`.
    #[cfg(test)]
    pub(super) fn cuts_of(&self, part: Part) -> Vec<Range<usize>> {
        let cut = &self.cuts[part as usize];
        (0..cut.blocks()).map(|k| cut.block(k)).collect()
    }

    fn mark(&self, i: usize) {
        self.passed[i / 64].fetch_or(1 << (i % 64), Ordering::Relaxed);
    }
}
