//! Compiling a word list: normalizing, sorting (in memory or in chunks on disk,
//! [`super::runs`]), building the FST and the solver's automaton, and writing the
//! file's sections and header.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use fst::raw::Fst;

use super::blocks::{self, Sections};
use super::error::LexiconError;
use super::format::{header_len, CHECKSUM_AT, FIXED_HEADER_BLOCKS, FORMAT_VERSION, MAGIC};
use super::runs;
use super::wordlist::WordBlocks;
use crate::automaton;
use crate::files::ReadError;
use crate::normalize::{self, Profile, Rejection};
use crate::tiers::Tiers;

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
    pub(super) keys: runs::Sorter,
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

    /// Adds words (each whole, spaces and all), normalized in parallel and recorded
    /// in order (so the report's examples are the same as one at a time).
    ///
    /// ```
    /// use polyboggle::{Compiler, Profile};
    ///
    /// let mut compiler = Compiler::new(Profile::default());
    /// compiler.add_words(&["Kot", "kot", "two words"]);
    /// let (_, report) = compiler.finish("pets")?;
    /// assert_eq!((report.read, report.kept, report.duplicates), (3, 1, 1));
    /// # Ok::<(), polyboggle::LexiconError>(())
    /// ```
    pub fn add_words(&mut self, words: &[&str]) {
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
            self.add_words(&batch);
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
        let tier_count = self.tiers.as_ref().map_or(0, |tiers| tiers.count() as u32);
        let parts = Parts {
            fst,
            lengths,
            tiers: tier_bytes.unwrap_or_default(),
            tier_count,
            lengths_range: (report.min_len as u32, report.max_len as u32),
        };
        Ok((Compiled::assemble(&self.profile, parts), report))
    }
}

/// What a dictionary file is built from, besides its profile: the FST, each word's
/// length, each word's tier (empty without tiers) and the tier count, the shortest
/// and longest word.
pub(super) struct Parts {
    pub(super) fst: Fst<Vec<u8>>,
    pub(super) lengths: Vec<u8>,
    pub(super) tiers: Vec<u8>,
    pub(super) tier_count: u32,
    pub(super) lengths_range: (u32, u32),
}

impl Compiled {
    /// Derives the solver's automaton from the FST and lays out the file: sections,
    /// block table, header.
    pub(super) fn assemble(profile: &Profile, parts: Parts) -> Compiled {
        let Parts {
            fst,
            lengths,
            tiers: tier_bytes,
            tier_count,
            lengths_range: (min_len, max_len),
        } = parts;
        let (automaton_words, automaton_bytes) = automaton::encode(&fst);
        let fst_bytes = fst.into_inner();

        let (keep, lang) = (profile.keep.as_bytes(), profile.lang.as_bytes());
        let automaton_words = words_le(automaton_words);
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
        let mut header = Vec::with_capacity(header_len);
        header.extend_from_slice(MAGIC);
        header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        header.extend_from_slice(&(header_len as u32).to_le_bytes());
        header.extend_from_slice(&(lengths.len() as u64).to_le_bytes());
        header.extend_from_slice(&min_len.to_le_bytes());
        header.extend_from_slice(&max_len.to_le_bytes());
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
        Compiled {
            header,
            automaton_words,
            fst: fst_bytes,
            lengths,
            automaton_bytes,
            tiers: tier_bytes,
        }
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
