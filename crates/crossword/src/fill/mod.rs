//! Crossword autofill: a grid of black squares, empty squares and pre-filled letters
//! (theme entries), filled from a scored word list so that every entry is a word of the
//! list, no word twice, in any script.
//!
//! A square holds one face: an extended grapheme cluster of a word's key under the
//! normalization [`Profile`], compared after [`fold_letter`] (a
//! Hebrew final form is its ordinary letter), as in the layout generator. The grid is in
//! reading order ([`Pattern`]); a grid whose list is mostly right to left is drawn
//! mirrored ([`Filled::to_crossword`]). Quality: words are tried best score first, so the
//! fill's entries are the best-scoring words the crossings allow; see `docs/crossword.md`.
//!
//! ```
//! use polyboggle_crossword::fill::{fill, parse_scored_list, FillOptions, Pattern, Style};
//!
//! let list = parse_scored_list("cat;60\ncow;50\ntoe;50\nwoe;40\ncar;50\ntar;30\n")?;
//! let grid = Pattern::parse("c..\n.#.\n...")?;
//! let options = FillOptions { style: Style::British, ..FillOptions::default() };
//! let filled = fill(&grid, &list.words, &options)?;
//! assert_eq!(filled.to_text(), "CAT\nO#O\nWOE\n");
//! assert_eq!(filled.mean_score(), 50.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod index;
mod list;
mod pattern;
mod search;

use std::collections::HashMap;
use std::fmt;
use std::ops::ControlFlow;
use std::time::Duration;

use unicode_segmentation::UnicodeSegmentation;

use polyboggle::Profile;

pub use index::{fits, Fits, WordIndex, FITS_TIME};
pub use list::{parse_scored_list, ListError, ScoredList, ScoredWord, PLAIN_SCORE};
pub use pattern::{Pattern, PatternError, Slot, Square, Style, Symmetry};

use crate::clock::Instant;
use crate::{fold_letter, is_rtl, Crossword, Direction, Placed};
use search::{Bucket, Outcome, Problem, SlotSpec};

/// How to fill a grid.
#[derive(Clone, Debug)]
pub struct FillOptions {
    /// Words scoring below this are not used (a pre-filled entry that is complete may be).
    pub min_score: i32,
    /// Time budget; `None` searches until a fill is found or proved impossible.
    pub time: Option<Duration>,
    /// Seed of the search's random choices.
    pub seed: u64,
    /// Which grids are legal.
    pub style: Style,
    /// How words become squares.
    pub profile: Profile,
}

impl Default for FillOptions {
    /// No minimum score, no time limit, seed 1, American style, the default profile.
    fn default() -> FillOptions {
        FillOptions {
            min_score: i32::MIN,
            time: None,
            seed: 1,
            style: Style::American,
            profile: Profile::default(),
        }
    }
}

/// Why a grid was not filled. Rows and columns count from 1 in the grid's reading order.
#[derive(Clone, Debug, PartialEq)]
pub enum FillError {
    /// The grid is ragged, holds a stray character, or is not legal in the style.
    Pattern(PatternError),
    /// A pre-filled square holds no face of the list's alphabet.
    NotInAlphabet {
        /// Row (1-based).
        row: usize,
        /// Column (1-based).
        col: usize,
        /// The square as typed.
        letter: String,
    },
    /// A pre-filled entry that no word of the list completes.
    NoCompletion {
        /// Its first square's row.
        row: usize,
        /// Its first square's column.
        col: usize,
        /// Across or down.
        direction: Direction,
        /// Its squares, `.` for the empty ones.
        pattern: String,
    },
    /// The search proved that no fill exists; the entry that ran out of words.
    NoFill {
        /// Its first square's row.
        row: usize,
        /// Its first square's column.
        col: usize,
        /// Across or down.
        direction: Direction,
        /// Its length.
        len: usize,
    },
    /// The time budget ran out first; the entry that ran out of words most often.
    TimedOut {
        /// Its first square's row.
        row: usize,
        /// Its first square's column.
        col: usize,
        /// Across or down.
        direction: Direction,
        /// The budget.
        seconds: f64,
    },
    /// The progress callback of [`fill_with`] asked to stop.
    Stopped {
        /// The time spent until then.
        seconds: f64,
    },
}

/// How far a fill has gone, as [`fill_with`] reports it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FillProgress {
    /// Decisions made (words tried at a slot).
    pub attempts: u64,
    /// Restarts.
    pub restarts: u64,
    /// Seconds since the fill began.
    pub seconds: f64,
}

impl FillError {
    /// The square the error is at, zero-based, in the grid's reading order, and the
    /// entry's direction when an entry is meant.
    pub fn at(&self) -> Option<(usize, usize, Option<Direction>)> {
        match self {
            FillError::Pattern(e) => Some((e.row - 1, e.col - 1, None)),
            FillError::NotInAlphabet { row, col, .. } => Some((row - 1, col - 1, None)),
            FillError::NoCompletion {
                row,
                col,
                direction,
                ..
            }
            | FillError::NoFill {
                row,
                col,
                direction,
                ..
            }
            | FillError::TimedOut {
                row,
                col,
                direction,
                ..
            } => Some((row - 1, col - 1, Some(*direction))),
            FillError::Stopped { .. } => None,
        }
    }
}

impl fmt::Display for FillError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FillError::Pattern(e) => e.fmt(f),
            FillError::NotInAlphabet { row, col, letter } => write!(
                f,
                "row {row}, column {col}: {letter:?} is no letter of the word list's alphabet"
            ),
            FillError::NoCompletion {
                row,
                col,
                direction,
                pattern,
            } => write!(
                f,
                "row {row}, column {col}: no word of the list (at the minimum score) completes \
                 the {direction} entry {pattern}"
            ),
            FillError::NoFill {
                row,
                col,
                direction,
                len,
            } => write!(
                f,
                "row {row}, column {col}: no fill: the {len}-square {direction} entry here \
                 cannot be filled with the others"
            ),
            FillError::TimedOut {
                row,
                col,
                direction,
                seconds,
            } => write!(
                f,
                "row {row}, column {col}: no fill found in {seconds} s; the {direction} entry \
                 here failed most often"
            ),
            FillError::Stopped { seconds } => {
                write!(f, "the fill was stopped after {seconds:.1} s")
            }
        }
    }
}

impl std::error::Error for FillError {}

impl From<PatternError> for FillError {
    fn from(e: PatternError) -> FillError {
        FillError::Pattern(e)
    }
}

/// One filled entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilledEntry {
    /// The word as printed (upper case).
    pub word: String,
    /// Its score in the list (`None` for a pre-filled entry the list lacks).
    pub score: Option<i32>,
    /// Its clue number.
    pub number: usize,
    /// Across or down.
    pub direction: Direction,
    /// Its squares (row, column) in reading order, zero-based, in the grid's reading
    /// order (see [`Pattern`]).
    pub cells: Vec<(usize, usize)>,
}

/// A filled grid.
#[derive(Clone, Debug, PartialEq)]
pub struct Filled {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
    /// The letters in reading order; `None` is black.
    pub grid: Vec<Vec<Option<String>>>,
    /// The entries by number, across before down.
    pub entries: Vec<FilledEntry>,
    /// Does the grid read right to left (most words of the list do)?
    pub rtl: bool,
    /// Decisions the search made.
    pub decisions: u64,
    /// Dead ends it backed out of.
    pub backtracks: u64,
    /// Restarts.
    pub restarts: u64,
    /// Time spent, setting up included.
    pub elapsed: Duration,
}

impl Filled {
    /// The mean score of the entries from the list.
    pub fn mean_score(&self) -> f64 {
        let scores: Vec<i64> = self
            .entries
            .iter()
            .filter_map(|e| e.score)
            .map(i64::from)
            .collect();
        scores.iter().sum::<i64>() as f64 / scores.len().max(1) as f64
    }

    /// The filled grid in the input's form: one row a line, `#` black, the letters in
    /// reading order.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in &self.grid {
            for cell in row {
                out.push_str(cell.as_deref().unwrap_or("#"));
            }
            out.push('\n');
        }
        out
    }

    /// One line: size, entries, mean score, search effort.
    pub fn summary(&self) -> String {
        format!(
            "{}x{}: filled {} entries, mean score {:.2}; {} decisions, {} backtracks, {} restarts in {:.3} s",
            self.rows,
            self.cols,
            self.entries.len(),
            self.mean_score(),
            self.decisions,
            self.backtracks,
            self.restarts,
            self.elapsed.as_secs_f64()
        )
    }

    /// The fill as a [`Crossword`], in display order (a right-to-left grid mirrored,
    /// numbered from the right), to render it as the layout generator does (JSON, ipuz,
    /// SVG, `.puz`).
    pub fn to_crossword(&self) -> Crossword {
        let shown = |(r, c): (usize, usize)| {
            if self.rtl {
                (r, self.cols - 1 - c)
            } else {
                (r, c)
            }
        };
        let mut grid = self.grid.clone();
        if self.rtl {
            for row in &mut grid {
                row.reverse();
            }
        }
        let words = self
            .entries
            .iter()
            .map(|e| Placed {
                word: e.word.clone(),
                clue: None,
                number: e.number,
                direction: e.direction,
                rtl: self.rtl && e.direction == Direction::Across,
                pinned: false,
                cells: e.cells.iter().map(|&rc| shown(rc)).collect(),
            })
            .collect();
        let mut crossings = 0;
        let mut seen = vec![0u8; self.rows * self.cols];
        for e in &self.entries {
            for &(r, c) in &e.cells {
                seen[r * self.cols + c] += 1;
                if seen[r * self.cols + c] == 2 {
                    crossings += 1;
                }
            }
        }
        Crossword {
            rows: self.rows,
            cols: self.cols,
            words,
            dropped: Vec::new(),
            black: grid.iter().flatten().filter(|c| c.is_none()).count(),
            grid,
            crossings,
            complete: true,
            attempts: self.decisions,
            elapsed: self.elapsed,
            rtl: self.rtl,
        }
    }

    /// The layout generator's JSON ([`Crossword::to_json`]) plus `mean_score`,
    /// `backtracks`, `restarts` and each word's `score`.
    pub fn to_json(&self) -> serde_json::Value {
        let crossword = self.to_crossword();
        let mut v = crossword.to_json();
        for (w, e) in v["words"]
            .as_array_mut()
            .expect("words")
            .iter_mut()
            .zip(&self.entries)
        {
            w["score"] = e.score.into();
        }
        v["mean_score"] = self.mean_score().into();
        v["backtracks"] = self.backtracks.into();
        v["restarts"] = self.restarts.into();
        v
    }
}

/// The source of a complete pre-filled entry that is not in the list.
const THEME: usize = usize::MAX;

/// A word of the list as squares.
struct Faces {
    ids: Vec<u16>,
    score: i32,
    /// Its place in the list.
    source: usize,
}

/// The list's alphabet: each face (folded) and its number.
struct Alphabet {
    ascii: [u16; 128],
    ids: HashMap<String, u16>,
    count: usize,
}

impl Default for Alphabet {
    fn default() -> Alphabet {
        Alphabet {
            ascii: [0; 128],
            ids: HashMap::new(),
            count: 0,
        }
    }
}

impl Alphabet {
    fn id_ascii(&mut self, b: u8) -> u16 {
        let slot = &mut self.ascii[b as usize & 127];
        if *slot == 0 {
            self.count += 1;
            *slot = self.count as u16;
        }
        *slot - 1
    }

    fn id(&mut self, face: &str) -> Option<u16> {
        if face.len() == 1 && face.is_ascii() {
            return Some(self.id_ascii(face.as_bytes()[0]));
        }
        if let Some(&id) = self.ids.get(face) {
            return Some(id);
        }
        if self.count >= u16::MAX as usize - 1 {
            return None;
        }
        self.count += 1;
        self.ids.insert(face.to_string(), self.count as u16 - 1);
        Some(self.count as u16 - 1)
    }

    fn get(&self, face: &str) -> Option<u16> {
        if face.len() == 1 && face.is_ascii() {
            return self.ascii[face.as_bytes()[0] as usize].checked_sub(1);
        }
        self.ids.get(face).copied()
    }
}

/// A word's key under the profile and its squares (grapheme clusters of the key).
fn squares(word: &str, profile: &Profile) -> (String, Vec<String>) {
    let key = profile.key(word);
    let cells = key.graphemes(true).map(String::from).collect();
    (key, cells)
}

/// The face numbers of a word's squares, registering new faces; `None` past the
/// alphabet's limit.
fn face_ids(key: &str, alphabet: &mut Alphabet) -> Option<Vec<u16>> {
    if key.is_ascii() {
        return Some(key.bytes().map(|b| alphabet.id_ascii(b)).collect());
    }
    key.graphemes(true)
        .map(|g| alphabet.id(&fold_letter(g)))
        .collect()
}

/// The words of `words` as faces, by length (only the lengths `wanted` says), the
/// alphabet they make, and whether most of them read right to left.
fn faces_by_len(
    words: &[ScoredWord],
    profile: &Profile,
    wanted: &[bool],
) -> (Alphabet, bool, Vec<Vec<Faces>>) {
    let mut alphabet = Alphabet::default();
    let mut rtl_words = 0usize;
    let mut by_len: Vec<Vec<Faces>> = (0..wanted.len()).map(|_| Vec::new()).collect();
    for (source, w) in words.iter().enumerate() {
        let key = profile.key(&w.word);
        if !key.is_ascii() && is_rtl(&key) {
            rtl_words += 1;
        }
        let Some(ids) = face_ids(&key, &mut alphabet) else {
            continue;
        };
        if ids.len() < wanted.len() && wanted[ids.len()] {
            by_len[ids.len()].push(Faces {
                ids,
                score: w.score,
                source,
            });
        }
    }
    (alphabet, rtl_words * 2 > words.len(), by_len)
}

/// One length's words deduplicated (the best score kept), best score first.
fn best_first(list: &mut Vec<Faces>) {
    list.sort_by(|a, b| a.ids.cmp(&b.ids).then(b.score.cmp(&a.score)));
    list.dedup_by(|a, b| a.ids == b.ids);
    list.sort_by(|a, b| b.score.cmp(&a.score).then(a.ids.cmp(&b.ids)));
}

/// Fills `pattern` from `words` under `options`.
pub fn fill(
    pattern: &Pattern,
    words: &[ScoredWord],
    options: &FillOptions,
) -> Result<Filled, FillError> {
    fill_with(pattern, words, options, &mut |_| ControlFlow::Continue(()))
}

/// [`fill`], telling `progress` how far it has gone about every 250 ms; when it answers
/// `Break`, the fill stops ([`FillError::Stopped`]). The same seed gives the same fill
/// whatever `progress` does, short of stopping it.
///
/// ```
/// use std::ops::ControlFlow;
/// use polyboggle_crossword::fill::{fill, fill_with, parse_scored_list, FillOptions, Pattern, Style};
///
/// let list = parse_scored_list("cat;60\ncow;50\ntoe;50\nwoe;40\ncar;50\ntar;30\n")?;
/// let grid = Pattern::parse("c..\n.#.\n...")?;
/// let options = FillOptions { style: Style::British, ..FillOptions::default() };
/// let mut reports = 0;
/// let filled = fill_with(&grid, &list.words, &options, &mut |_| {
///     reports += 1;
///     ControlFlow::Continue(())
/// })?;
/// assert_eq!(filled, fill(&grid, &list.words, &options).map(|f| polyboggle_crossword::fill::Filled { elapsed: filled.elapsed, ..f })?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn fill_with(
    pattern: &Pattern,
    words: &[ScoredWord],
    options: &FillOptions,
    progress: &mut dyn FnMut(&FillProgress) -> ControlFlow<()>,
) -> Result<Filled, FillError> {
    let started = Instant::now();
    let deadline = options.time.map(|t| started + t);
    let slots = pattern.slots(options.style)?;
    let profile = &options.profile;

    // The list as faces; only lengths some slot has are kept.
    let mut wanted = vec![false; pattern.rows.max(pattern.cols) + 1];
    for s in &slots {
        wanted[s.cells.len()] = true;
    }
    let (alphabet, rtl, mut by_len) = faces_by_len(words, profile, &wanted);
    let alphabet_size = alphabet.count.max(1);

    // Pre-filled squares as faces.
    let mut given: Vec<Option<u16>> = vec![None; pattern.squares.len()];
    for (i, square) in pattern.squares.iter().enumerate() {
        if let Square::Given(g) = square {
            let (_, cells) = squares(g, profile);
            let id = match cells.as_slice() {
                [one] => alphabet.get(&fold_letter(one)),
                _ => None,
            };
            given[i] = Some(id.ok_or_else(|| FillError::NotInAlphabet {
                row: i / pattern.cols + 1,
                col: i % pattern.cols + 1,
                letter: g.clone(),
            })?);
        }
    }

    // A complete pre-filled entry is kept as it is, in the list or not (theme entries
    // often are not): one the list lacks joins its length's words, usable only there.
    let mut themes = vec![0usize; wanted.len()];
    for s in &slots {
        let ids: Option<Vec<u16>> = s.cells.iter().map(|&c| given[c]).collect();
        if let Some(ids) = ids {
            if !by_len[ids.len()].iter().any(|f| f.ids == ids) {
                themes[ids.len()] += 1;
                by_len[ids.len()].push(Faces {
                    ids,
                    score: i32::MIN,
                    source: THEME,
                });
            }
        }
    }

    // Buckets: one per length used, words deduplicated (best score kept), best first.
    let mut bucket_of = vec![usize::MAX; wanted.len()];
    let mut buckets = Vec::new();
    let mut sources: Vec<Vec<usize>> = Vec::new();
    for (len, mut list) in by_len.into_iter().enumerate() {
        if !wanted[len] {
            continue;
        }
        best_first(&mut list);
        let letters: Vec<u16> = list.iter().flat_map(|f| f.ids.iter().copied()).collect();
        let scores = list.iter().map(|f| f.score).collect();
        bucket_of[len] = buckets.len();
        buckets.push(Bucket::new(len, alphabet_size, letters, scores));
        sources.push(list.into_iter().map(|f| f.source).collect());
    }

    // Slots: initial words and crossings.
    let mut at_cell: Vec<[Option<(u32, u32)>; 2]> = vec![[None; 2]; pattern.squares.len()];
    for (t, s) in slots.iter().enumerate() {
        let d = (s.direction == Direction::Down) as usize;
        for (p, &cell) in s.cells.iter().enumerate() {
            at_cell[cell][d] = Some((t as u32, p as u32));
        }
    }
    let mut specs = Vec::with_capacity(slots.len());
    let mut prefix_cache: HashMap<usize, Vec<u32>> = HashMap::new();
    for s in &slots {
        let len = s.cells.len();
        let b = &buckets[bucket_of[len]];
        let d = (s.direction == Direction::Down) as usize;
        let cross = s.cells.iter().map(|&cell| at_cell[cell][1 - d]).collect();
        let fixed: Vec<(usize, u16)> = s
            .cells
            .iter()
            .enumerate()
            .filter_map(|(p, &cell)| given[cell].map(|a| (p, a)))
            .collect();
        let good = b
            .scores
            .partition_point(|&sc| sc >= options.min_score)
            .min(b.words() - themes[len]);
        let options_here: Vec<u32> = if fixed.is_empty() {
            prefix_cache
                .entry(len)
                .or_insert_with(|| (0..good as u32).collect())
                .clone()
        } else {
            let matches = |w: u32| fixed.iter().all(|&(p, a)| b.letter(w, p) == a);
            if fixed.len() == len {
                // A complete theme entry: any word of the list, whatever its score.
                (0..b.words() as u32)
                    .filter(|&w| matches(w))
                    .take(1)
                    .collect()
            } else {
                // Walk the postings of the rarest pre-filled letter.
                let (p, a) = *fixed
                    .iter()
                    .min_by_key(|&&(p, a)| {
                        let k = p * alphabet_size + a as usize;
                        b.start[k + 1] - b.start[k]
                    })
                    .expect("a pre-filled square");
                let k = p * alphabet_size + a as usize;
                b.post[b.start[k] as usize..b.start[k + 1] as usize]
                    .iter()
                    .copied()
                    .filter(|&w| (w as usize) < good && matches(w))
                    .collect()
            }
        };
        if options_here.is_empty() && !fixed.is_empty() {
            let (row, col) = (s.cells[0] / pattern.cols + 1, s.cells[0] % pattern.cols + 1);
            let text: String = s
                .cells
                .iter()
                .map(|&cell| match &pattern.squares[cell] {
                    Square::Given(g) => g.as_str(),
                    _ => ".",
                })
                .collect();
            return Err(FillError::NoCompletion {
                row,
                col,
                direction: s.direction,
                pattern: text,
            });
        }
        specs.push(SlotSpec {
            bucket: bucket_of[len],
            options: options_here,
            cross,
        });
    }
    let problem = Problem {
        alphabet: alphabet_size,
        buckets: buckets.iter().collect(),
        slots: specs,
    };
    let mut report = |stats: search::Stats| {
        progress(&FillProgress {
            attempts: stats.decisions,
            restarts: stats.restarts,
            seconds: started.elapsed().as_secs_f64(),
        })
    };
    let (outcome, stats) = search::solve(&problem, deadline, options.seed, &mut report);
    let where_is = |t: usize| {
        let s = &slots[t];
        (
            s.cells[0] / pattern.cols + 1,
            s.cells[0] % pattern.cols + 1,
            s.direction,
        )
    };
    let chosen = match outcome {
        Outcome::Filled(words) => words,
        Outcome::NoFill { slot } => {
            let (row, col, direction) = where_is(slot);
            return Err(FillError::NoFill {
                row,
                col,
                direction,
                len: slots[slot].cells.len(),
            });
        }
        Outcome::TimedOut { slot } => {
            let (row, col, direction) = where_is(slot);
            return Err(FillError::TimedOut {
                row,
                col,
                direction,
                seconds: options.time.map_or(0.0, |t| t.as_secs_f64()),
            });
        }
        Outcome::Stopped => {
            return Err(FillError::Stopped {
                seconds: started.elapsed().as_secs_f64(),
            })
        }
    };

    // The grid: each square shows its across word's letter, or the folded letter where
    // the two words write it differently (a Hebrew final form crossing its ordinary form).
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; pattern.cols]; pattern.rows];
    let numbers = pattern.numbers(&slots);
    let mut entries = Vec::with_capacity(slots.len());
    for (t, s) in slots.iter().enumerate() {
        let bucket = problem.slots[t].bucket;
        let w = chosen[t] as usize;
        let source = sources[bucket][w];
        let shown: Vec<String> = if source == THEME {
            s.cells
                .iter()
                .map(|&c| match &pattern.squares[c] {
                    Square::Given(g) => profile.display(&profile.key(g)),
                    _ => unreachable!("a theme entry is pre-filled"),
                })
                .collect()
        } else {
            let (_, cells) = squares(&words[source].word, profile);
            cells.iter().map(|c| profile.display(c)).collect()
        };
        for (&cell, letter) in s.cells.iter().zip(&shown) {
            let there = &mut grid[cell / pattern.cols][cell % pattern.cols];
            match there {
                Some(old) if old != letter => *old = profile.display(&fold_letter(old)),
                Some(_) => {}
                None => *there = Some(letter.clone()),
            }
        }
        entries.push(FilledEntry {
            word: shown.concat(),
            score: (source != THEME).then(|| problem.buckets[bucket].scores[w]),
            number: numbers[s.cells[0]],
            direction: s.direction,
            cells: s
                .cells
                .iter()
                .map(|&c| (c / pattern.cols, c % pattern.cols))
                .collect(),
        });
    }
    // Unchecked squares of a British grid are in one entry; pre-filled ones keep theirs.
    for (i, square) in pattern.squares.iter().enumerate() {
        let cell = &mut grid[i / pattern.cols][i % pattern.cols];
        if *square != Square::Black && cell.is_none() {
            if let Square::Given(g) = square {
                *cell = Some(profile.display(&profile.key(g)));
            }
        }
    }
    entries.sort_by_key(|e| (e.number, e.direction));
    Ok(Filled {
        rows: pattern.rows,
        cols: pattern.cols,
        grid,
        entries,
        rtl,
        decisions: stats.decisions,
        backtracks: stats.backtracks,
        restarts: stats.restarts,
        elapsed: started.elapsed(),
    })
}
