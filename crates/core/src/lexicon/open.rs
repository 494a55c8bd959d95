//! Opening a dictionary: the header parsed and checked, each section located, the
//! whole file or (version 4) what opening reads checked; and the opened
//! [`Lexicon`]'s reads that need its sections, each block checked the first time
//! where it was opened lazily. [`LazyLexicon`](super::LazyLexicon) and the friendly
//! API in [`crate::lexicon`] are thin over it.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use fst::raw::Fst;

use super::blocks::{self, Blocks, Part, Sections};
use super::error::LexiconError;
use super::format::{header_len, read_u32, read_u64};
use super::format::{Header, Integrity, BLOCKS_VERSION, CHECKSUM_AT, FORMAT_VERSION, MAGIC};
use super::format::{
    FIXED_HEADER, FIXED_HEADER_BLOCKS, FIXED_HEADER_TIERED, PLAIN_VERSION, TIERED_VERSION,
};
use super::storage::{Section, Storage, Words};
use crate::automaton::{self, Automaton, State};
use crate::normalize::Profile;

/// An opened dictionary, every byte of it checked: its words' lengths and the solver's
/// automaton, which also answers lookups (the FST section, the same states in the
/// `fst` crate's form, is checked against the header when the file is opened).
///
/// Opening checks the whole file, in proportion to its size (about a millisecond for
/// 19 MB), so that the solver and everything else read it without a check per step. A
/// query that reads a sliver of a large dictionary opens it as a
/// [`LazyLexicon`](super::LazyLexicon) instead, which checks each block the first
/// time it is read.
pub struct Lexicon {
    lengths: Section,
    /// Each word's tier, when the dictionary has tiers.
    tiers: Option<Section>,
    pub(super) automaton_words: Words,
    automaton_bytes: Section,
    header: Header,
    /// The whole file, for the checks of its blocks.
    file: Section,
    /// Which blocks have passed their checks (all of them, in a `Lexicon`).
    pub(super) blocks: Blocks,
    /// Has the automaton passed [`Automaton::check_walks`] (always, in a `Lexicon`)?
    walks_end: AtomicBool,
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
    pub(super) fn from_storage(storage: Storage, origin: &str) -> Result<Lexicon, LexiconError> {
        Lexicon::open_storage(storage, origin, Integrity::Checked)
    }

    /// Opens and checks every block.
    pub(super) fn open_storage(
        storage: Storage,
        origin: &str,
        integrity: Integrity,
    ) -> Result<Lexicon, LexiconError> {
        let lexicon = Lexicon::open_lazily(storage, origin, integrity)?;
        lexicon.check_all()?;
        Ok(lexicon)
    }

    /// Opens a dictionary, checking its header; a file of version 2 or 3 is checked
    /// whole, one of version 4 only as far as every later read needs (the block table,
    /// the automaton's byte classes, the ends of the FST). The caller checks the rest
    /// before reading it.
    pub(super) fn open_lazily(
        storage: Storage,
        origin: &str,
        integrity: Integrity,
    ) -> Result<Lexicon, LexiconError> {
        let bytes = storage.bytes();
        let (header, ranges, scan) = parse_header(bytes, origin, integrity)?;
        let file_len = bytes.len();
        // A built-in dictionary is part of the binary, and its walks are known to end
        // (`lexicon::tests::every_builtin_passes_the_walks_check`): only files from
        // outside pay for the check.
        let builtin = matches!(storage, Storage::Static(_));
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
        checked_fst(section(ranges.fst), &header, origin)?;
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
            walks_end: AtomicBool::new(builtin),
        };
        let (words, bytes) = (
            lexicon.automaton_words.get(),
            lexicon.automaton_bytes.as_ref(),
        );
        // The scan checked the records (the very bytes `words` holds or was copied
        // from), or each block's check will; what is left is quick.
        let automaton = match scan.records_in_bounds {
            Some(true) => Automaton::with_checked_records(words, bytes),
            _ => Automaton::new(words, bytes),
        }
        .map_err(|e| corrupt(format!("bad solver automaton: {}", e.0)))?;
        // Before version 5, where bytes share classes, nothing says where a state's
        // records end: its walks would miss words. Refused, never answered short.
        if !automaton.is_exact() && lexicon.header.version < FORMAT_VERSION {
            return Err(LexiconError::Outdated {
                origin: origin.into(),
                found: lexicon.header.version,
            });
        }
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
            self.check_children(&automaton, state)?;
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
        // Where bytes share classes, the records run on to the one marked last,
        // which only reading them finds: check as far as the most a state can have.
        let last = match automaton.is_exact() {
            true => first + count - 1,
            false => (first + automaton::MOST_TRANSITIONS).min(automaton.len() as u32) - 1,
        };
        self.blocks.check_records(self.file.as_ref(), first, last)
    }

    /// Checks every block of the automaton not yet checked.
    pub(crate) fn check_automaton(&self) -> Result<(), LexiconError> {
        self.blocks.check_part(self.file.as_ref(), Part::Records)
    }

    /// Checks every block of the file not yet checked, and that every walk of the
    /// automaton ends.
    pub(crate) fn check_all(&self) -> Result<(), LexiconError> {
        self.blocks.check_all(self.file.as_ref())?;
        self.check_walks()
    }

    /// Checks the automaton's blocks not yet checked and, once, that every walk of it
    /// ends ([`Automaton::check_walks`]: no cycle, no more paths to a word than
    /// words). A forged file whose checksums were made to match can hold a cycle; a
    /// walk of a dictionary opened lazily calls this before it goes on past what an
    /// honest automaton of the same size could make it visit.
    pub(crate) fn check_walks(&self) -> Result<(), LexiconError> {
        if self.walks_end() {
            return Ok(());
        }
        self.check_automaton()?;
        self.automaton()
            .check_walks(self.header.word_count)
            .map_err(|e| LexiconError::Corrupt {
                origin: self.blocks.origin().into(),
                what: format!("bad solver automaton: {}", e.0),
            })?;
        self.walks_end.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// Has [`Lexicon::check_walks`] passed?
    #[inline]
    pub(crate) fn walks_end(&self) -> bool {
        self.walks_end.load(Ordering::Relaxed)
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

/// What one pass over a file's bytes finds: its checksum, and, while each block is
/// in the cache, what the automaton's records and the tier table need checked. A file
/// of version 4 is not read whole at open: its blocks are checked as they are read.
pub(super) struct Scan {
    checksum: u32,
    /// Do the automaton's transitions stay in bounds (`None`: the section's sizes are
    /// wrong, which [`Automaton::new`] then tells)?
    records_in_bounds: Option<bool>,
    /// The highest tier any word has.
    pub(super) highest_tier: u8,
    /// Versions 4 and 5: the block size and each block's CRC.
    pub(super) table: Option<(usize, Vec<u32>)>,
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

/// The FST section `data` as an FST, once its ends parse and it holds the header's
/// word count.
pub(super) fn checked_fst<D: AsRef<[u8]>>(
    data: D,
    header: &Header,
    origin: &str,
) -> Result<Fst<D>, LexiconError> {
    let corrupt = |what: String| LexiconError::Corrupt {
        origin: origin.into(),
        what,
    };
    let fst = Fst::new(data).map_err(|e| corrupt(format!("bad automaton: {e}")))?;
    if fst.len() as u64 != header.word_count {
        return Err(corrupt(format!(
            "automaton holds {} words, header says {}",
            fst.len(),
            header.word_count
        )));
    }
    Ok(fst)
}

/// Where each section lies in the file.
pub(super) type Ranges = Sections<Range<usize>>;

/// Validates the header and returns it with the sections' ranges and, for a file of
/// version 2 or 3, what a pass over the whole file found (version 4: the block table).
pub(super) fn parse_header(
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
        BLOCKS_VERSION | FORMAT_VERSION => FIXED_HEADER_BLOCKS,
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
    let mut scan = if version >= BLOCKS_VERSION {
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
        BLOCKS_VERSION | FORMAT_VERSION => {
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
        BLOCKS_VERSION | FORMAT_VERSION if (tiers_len, tier_count) == (0, 0) => true,
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
