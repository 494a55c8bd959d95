//! Sorting a dictionary's keys in bounded memory: keys gather in a chunk until it
//! holds a memory budget's worth, then the chunk is sorted, its duplicates dropped,
//! and written to a temporary file as a sorted *run*; at the end the runs and the last
//! chunk are merged into one sorted stream of distinct keys, which the compiler feeds
//! straight into the FST builder. A list that fits the budget never touches the disk.
//!
//! Runs are unnamed temporary files (removed by the system when closed, even when the
//! program is killed), so nothing is ever left behind. At most [`MAX_RUNS`] are open at
//! once: when that many pile up they are merged into one, so a small budget over a
//! huge list still sorts in `O(n log n)` with a bounded number of open files.
//!
//! A run is a sequence of records: the word's length in graphemes (one byte), the
//! key's length in bytes (LEB128), the key.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};
use std::path::PathBuf;

use rayon::slice::ParallelSliceMut;

/// The most runs kept before they are merged into one.
pub const MAX_RUNS: usize = 16;
/// The buffer of each run while it is written or read.
const RUN_BUFFER: usize = 256 * 1024;
/// The bookkeeping each key costs in a chunk besides its bytes: an [`Entry`] and its
/// length in graphemes (1 byte).
const ENTRY_COST: usize = std::mem::size_of::<Entry>() + 1;

/// Keys gathered into sorted runs (see the module's documentation).
pub(crate) struct Sorter {
    budget: usize,
    folder: Option<PathBuf>,
    chunk: Chunk,
    runs: Vec<File>,
}

/// Keys in memory: their bytes end to end, each preceded by its grapheme length, and
/// an [`Entry`] for each.
#[derive(Default)]
struct Chunk {
    arena: Vec<u8>,
    entries: Vec<Entry>,
}

/// Where a key of a chunk is, and its first 8 bytes as a number, which orders most
/// pairs of keys without reading them.
#[derive(Clone, Copy)]
struct Entry {
    prefix: u64,
    start: u32,
    len: u32,
}

impl Entry {
    fn new(start: u32, key: &[u8]) -> Entry {
        let mut head = [0u8; 8];
        let n = key.len().min(8);
        head[..n].copy_from_slice(&key[..n]);
        Entry {
            // Zeros after a short key: it sorts before every key it starts.
            prefix: u64::from_be_bytes(head),
            start,
            len: key.len() as u32,
        }
    }
}

impl Chunk {
    fn key(&self, entry: Entry) -> &[u8] {
        key(&self.arena, entry)
    }

    fn grapheme_len(&self, entry: Entry) -> u8 {
        self.arena[entry.start as usize - 1]
    }

    fn size(&self) -> usize {
        self.arena.len() + self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Sorts the keys and drops repeated ones.
    fn sort(&mut self) {
        let Chunk { arena, entries } = self;
        entries.par_sort_unstable_by(|a, b| {
            (a.prefix.cmp(&b.prefix)).then_with(|| key(arena, *a).cmp(key(arena, *b)))
        });
        entries.dedup_by(|a, b| a.prefix == b.prefix && key(arena, *a) == key(arena, *b));
    }

    fn clear(&mut self) {
        self.arena.clear();
        self.entries.clear();
    }
}

fn key(arena: &[u8], entry: Entry) -> &[u8] {
    &arena[entry.start as usize..(entry.start + entry.len) as usize]
}

impl Sorter {
    /// A sorter that keeps about `budget` bytes of keys in memory and writes runs in
    /// `folder` (the system's temporary folder when `None`).
    pub fn new(budget: usize, folder: Option<PathBuf>) -> Sorter {
        Sorter {
            budget,
            folder,
            chunk: Chunk::default(),
            runs: Vec::new(),
        }
    }

    /// Keeps about `budget` bytes of keys in memory from now on.
    pub fn set_budget(&mut self, budget: usize) {
        self.budget = budget;
    }

    /// Writes runs in `folder` from now on.
    pub fn set_folder(&mut self, folder: PathBuf) {
        self.folder = Some(folder);
    }

    /// Adds a key and its length in graphemes; writes a run when the chunk is full.
    pub fn push(&mut self, key: &[u8], grapheme_len: u8) -> io::Result<()> {
        let fits = |chunk: &Chunk| chunk.arena.len() + 1 + key.len() <= u32::MAX as usize;
        if !fits(&self.chunk) {
            self.spill()?;
        }
        let chunk = &mut self.chunk;
        chunk.arena.push(grapheme_len);
        let start = chunk.arena.len() as u32;
        chunk.arena.extend_from_slice(key);
        chunk.entries.push(Entry::new(start, key));
        if chunk.size() + ENTRY_COST >= self.budget {
            self.spill()?;
        }
        Ok(())
    }

    /// How many runs have been written (0 while everything fits in memory).
    #[cfg(test)]
    pub fn run_count(&self) -> usize {
        self.runs.len()
    }

    /// Sorts the chunk and writes it as a run; merges the runs into one when there
    /// are [`MAX_RUNS`] of them.
    fn spill(&mut self) -> io::Result<()> {
        self.chunk.sort();
        let mut run = self.new_run()?;
        for &entry in &self.chunk.entries {
            write_record(
                &mut run,
                self.chunk.key(entry),
                self.chunk.grapheme_len(entry),
            )?;
        }
        self.runs.push(finish_run(run)?);
        self.chunk.clear();
        if self.runs.len() >= MAX_RUNS {
            let runs = std::mem::take(&mut self.runs);
            let mut merged = self.new_run()?;
            let mut merge = Merge::new(runs.into_iter().map(Source::run).collect())?;
            while let Some((key, len)) = merge.next_key()? {
                write_record(&mut merged, key, len)?;
            }
            self.runs.push(finish_run(merged)?);
        }
        Ok(())
    }

    fn new_run(&self) -> io::Result<BufWriter<File>> {
        let file = match &self.folder {
            Some(folder) => tempfile::tempfile_in(folder)?,
            None => tempfile::tempfile()?,
        };
        Ok(BufWriter::with_capacity(RUN_BUFFER, file))
    }

    /// Every key pushed, sorted, each once.
    pub fn finish(mut self) -> io::Result<Merge> {
        self.chunk.sort();
        let mut sources: Vec<Source> = self.runs.into_iter().map(Source::run).collect();
        sources.push(Source::Memory {
            chunk: self.chunk,
            next: 0,
        });
        Merge::new(sources)
    }
}

fn write_record(out: &mut impl Write, key: &[u8], grapheme_len: u8) -> io::Result<()> {
    let mut head = [0u8; 11];
    head[0] = grapheme_len;
    let mut n = 1;
    let mut len = key.len() as u64;
    loop {
        let byte = (len & 0x7f) as u8;
        len >>= 7;
        head[n] = byte | if len > 0 { 0x80 } else { 0 };
        n += 1;
        if len == 0 {
            break;
        }
    }
    out.write_all(&head[..n])?;
    out.write_all(key)
}

fn finish_run(run: BufWriter<File>) -> io::Result<File> {
    let mut file = run.into_inner().map_err(|e| e.into_error())?;
    file.rewind()?;
    Ok(file)
}

/// One sorted input of a merge.
enum Source {
    Run {
        reader: BufReader<File>,
        key: Vec<u8>,
        grapheme_len: u8,
        done: bool,
    },
    Memory {
        chunk: Chunk,
        next: usize,
    },
}

impl Source {
    fn run(file: File) -> Source {
        Source::Run {
            reader: BufReader::with_capacity(RUN_BUFFER, file),
            key: Vec::new(),
            grapheme_len: 0,
            done: false,
        }
    }

    /// The current key, if any is left.
    fn current(&self) -> Option<(&[u8], u8)> {
        match self {
            Source::Run { done: true, .. } => None,
            Source::Run {
                key, grapheme_len, ..
            } => Some((key, *grapheme_len)),
            Source::Memory { chunk, next } => {
                let entry = *chunk.entries.get(*next)?;
                Some((chunk.key(entry), chunk.grapheme_len(entry)))
            }
        }
    }

    /// Moves to the next key (the first, for a run not read yet).
    fn advance(&mut self) -> io::Result<()> {
        match self {
            Source::Run {
                reader,
                key,
                grapheme_len,
                done,
            } => {
                let mut byte = [0u8];
                if reader.read(&mut byte)? == 0 {
                    *done = true;
                    return Ok(());
                }
                *grapheme_len = byte[0];
                let mut len = 0u64;
                for shift in (0..64).step_by(7) {
                    reader.read_exact(&mut byte)?;
                    len |= ((byte[0] & 0x7f) as u64) << shift;
                    if byte[0] & 0x80 == 0 {
                        break;
                    }
                }
                key.resize(len as usize, 0);
                reader.read_exact(key)
            }
            Source::Memory { next, .. } => {
                *next += 1;
                Ok(())
            }
        }
    }
}

/// Sorted inputs merged into one sorted stream of distinct keys.
pub(crate) struct Merge {
    sources: Vec<Source>,
    /// The key given last (`None` before the first).
    last: Option<Vec<u8>>,
    /// Which source gave the last key (moved past at the next call).
    taken: Option<usize>,
}

impl Merge {
    fn new(mut sources: Vec<Source>) -> io::Result<Merge> {
        for source in &mut sources {
            if let Source::Run { .. } = source {
                source.advance()?;
            }
        }
        Ok(Merge {
            sources,
            last: None,
            taken: None,
        })
    }

    /// The next distinct key and its length in graphemes, in byte order.
    pub fn next_key(&mut self) -> io::Result<Option<(&[u8], u8)>> {
        loop {
            if let Some(i) = self.taken.take() {
                self.sources[i].advance()?;
            }
            // A linear scan: there are at most MAX_RUNS + 1 sources.
            let mut least: Option<(usize, &[u8])> = None;
            for (i, source) in self.sources.iter().enumerate() {
                if let Some((key, _)) = source.current() {
                    if least.is_none_or(|(_, best)| key < best) {
                        least = Some((i, key));
                    }
                }
            }
            let Some((i, key)) = least else {
                return Ok(None);
            };
            self.taken = Some(i);
            match &mut self.last {
                Some(last) if last.as_slice() == key => continue,
                Some(last) => {
                    last.clear();
                    last.extend_from_slice(key);
                }
                None => self.last = Some(key.to_vec()),
            }
            let (key, len) = self.sources[i].current().expect("the source has a key");
            return Ok(Some((key, len)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(keys: &[&str], budget: usize) -> (Vec<(String, u8)>, usize) {
        let mut sorter = Sorter::new(budget, None);
        for key in keys {
            sorter.push(key.as_bytes(), key.len() as u8).unwrap();
        }
        let runs = sorter.run_count();
        let mut merge = sorter.finish().unwrap();
        let mut out = Vec::new();
        while let Some((key, len)) = merge.next_key().unwrap() {
            out.push((String::from_utf8(key.to_vec()).unwrap(), len));
        }
        (out, runs)
    }

    #[test]
    fn runs_merge_to_the_sorted_distinct_keys() {
        let keys: Vec<String> = (0..2000)
            .map(|i| format!("k{}", (i * 7919) % 1500))
            .collect();
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let (in_memory, none) = sorted(&keys, usize::MAX);
        assert_eq!(none, 0);
        let mut expected: Vec<&str> = keys.clone();
        expected.sort();
        expected.dedup();
        let got: Vec<&str> = in_memory.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(got, expected);
        // Small budgets write runs, and past MAX_RUNS merge them; the result is the same.
        for budget in [64, 1000, 20_000] {
            let (chunked, runs) = sorted(&keys, budget);
            assert!(runs > 0 && runs <= MAX_RUNS, "budget {budget}: {runs} runs");
            let got: Vec<&str> = chunked.iter().map(|(k, _)| k.as_str()).collect();
            assert_eq!(got, expected, "budget {budget}");
            // Each key keeps the length it was pushed with.
            assert!(chunked.iter().all(|(key, len)| *len as usize == key.len()));
        }
    }

    #[test]
    fn an_empty_sorter_yields_nothing() {
        assert_eq!(sorted(&[], 10), (vec![], 0));
        assert_eq!(sorted(&["", ""], 10).0, vec![("".to_string(), 0)]);
    }

    #[test]
    fn a_missing_folder_is_an_error() {
        let mut sorter = Sorter::new(10, Some("/no/such/folder".into()));
        assert!(sorter.push(b"abcdefghijkl", 1).is_err());
    }
}
