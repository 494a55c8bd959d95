//! The solver: every dictionary word that a simple path of neighbouring dice spells.
//!
//! The search walks the dictionary's automaton state by state, a face at a time:
//! from each cell it feeds the face's bytes to the automaton; while the state is live
//! it moves on to unused neighbours, and it records a word whenever the state is
//! final. A dead prefix is dropped the moment the automaton has no transition for it,
//! before the neighbour is even entered.
//!
//! The automaton is the dictionary's FST in the flat form of [`crate::raw`]:
//! same states and outputs, fixed-width so a step is one record load. A word's index
//! is the sum of the outputs along its path, and each is counted once per board in a
//! small set that is cleared by bumping a generation. The paths go in one of two
//! orders, with the same steps and the same answers:
//!
//! - depth first, when the paths themselves are wanted ([`Solver::solve`])
//!   or the board is larger than 64 cells;
//! - level by level, when only the words count ([`Solver::tally`], the
//!   benchmark and the optimizer) on boards of up to 64 cells: all paths of one
//!   length, then all of the next, written without branches and with each record
//!   fetched ahead of its turn. It is the faster of the two by about a quarter.
//!
//! ```
//! use polyboggle::{Board, Lexicon, Rules, Solver};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let board: Board = "ATEE/APYO/TINU/EDSE".parse()?;
//! let mut solver = Solver::new(&lexicon, Rules::hasbro());
//! let solution = solver.solve(&board);
//! let pate = solution.words.iter().find(|f| f.word == "pate").unwrap();
//! assert_eq!(pate.path, [(1, 1), (0, 0), (0, 1), (0, 2)]);
//! assert_eq!(pate.points, 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod breadth_first;
mod cells;
mod found;
mod matching;
#[cfg(test)]
mod tests;
mod walk;

use breadth_first::{BreadthFirst, Ends, LOOK_UP};
use cells::Cells;
use walk::{CellSet, Hit, Live, Seen, Used, Walk};

use crate::automaton::{Automaton, ROOT};
use crate::board::{Board, Face, MAX_CELLS};
use crate::lexicon::Lexicon;
use crate::score::Rules;
use crate::tiers::TierRange;

pub use cells::{foreign_board, spelled_key};
pub use found::{Found, Solution, Survey, Tally};

/// Finds words on boards, reusing its buffers from one board to the next.
///
/// Create one per thread and dictionary; each [`Solver::solve`] or
/// [`Solver::tally`] call then allocates nothing in its search.
pub struct Solver<'l> {
    lexicon: &'l Lexicon,
    rules: Rules,
    /// Only the words of these tiers are found ([`Solver::with_tiers`]).
    tiers: Option<TierRange>,
    /// Points by grapheme length, 0 below the minimum (one entry per length 0..=255).
    points: Vec<u32>,
    seen: Seen,
    /// What a word of each grapheme length adds to a tally: 1 when it counts as a
    /// word, and its points.
    counts: Box<[(u64, u64); crate::normalize::MAX_WORD_LEN + 1]>,
    /// A bit per dictionary word, for the level search's count (empty until the
    /// first [`Solver::tally`]; zero between boards).
    marks: Vec<u64>,
    breadth_first: BreadthFirst,
    cells: Cells,
    path: Box<[u16; MAX_CELLS]>,
    paths: Vec<u16>,
    hits: Vec<Hit>,
    /// [`Solver::survey`]'s answer: the words' indices, and a flag a cell.
    surveyed: Vec<u64>,
    live: Vec<bool>,
}

impl<'l> Solver<'l> {
    /// A solver for `lexicon` under `rules`.
    pub fn new(lexicon: &'l Lexicon, rules: Rules) -> Solver<'l> {
        let points = (0..=crate::normalize::MAX_WORD_LEN)
            .map(|len| rules.points(len))
            .collect();
        let counts = Box::new(std::array::from_fn(|len| {
            ((len >= rules.min_len) as u64, rules.points(len) as u64)
        }));
        Solver {
            lexicon,
            rules,
            tiers: None,
            points,
            seen: Seen::default(),
            counts,
            marks: Vec::new(),
            breadth_first: BreadthFirst::default(),
            cells: Cells::default(),
            path: Box::new([0; MAX_CELLS]),
            paths: Vec::new(),
            hits: Vec::new(),
            surveyed: Vec::new(),
            live: Vec::new(),
        }
    }

    /// The rules this solver scores with.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Finds only the words whose tier is in `range` (see [`crate::tiers`]): the
    /// others are neither found by [`Solver::solve`] nor counted by
    /// [`Solver::tally`] or [`Solver::survey`], and their paths make no die live. A
    /// dictionary without tiers has every word in tier 0, which no range holds.
    ///
    /// Words out of the range are dropped as the depth-first walk's are for being
    /// too short, so a solver with tiers always walks depth first: the level search
    /// does not look words up.
    ///
    /// ```
    /// use polyboggle::tiers::Tiers;
    /// use polyboggle::{Compiler, Lexicon, Profile, Rules, Solver};
    ///
    /// let mut compiler = Compiler::new(Profile::default());
    /// compiler.add_text("tea eat ate eta tae");
    /// compiler.set_tiers(Tiers::from_lists(&[("common", "tea eat ate")], &Profile::default())?);
    /// let lexicon = Lexicon::from_bytes(compiler.finish("t")?.0, "t")?;
    /// let mut common = Solver::new(&lexicon, Rules::hasbro()).with_tiers("1".parse()?);
    /// let solution = common.solve(&"TE/AE".parse()?);
    /// let words: Vec<&str> = solution.words.iter().map(|f| f.word.as_str()).collect();
    /// assert_eq!((words, solution.score), (vec!["ate", "eat", "tea"], 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_tiers(mut self, range: TierRange) -> Solver<'l> {
        self.tiers = Some(range);
        self
    }

    /// Every word on `board`, with a path and points each, sorted by key.
    pub fn solve(&mut self, board: &Board) -> Solution {
        self.cells.load(board, self.lexicon, &self.rules);
        self.search::<true>(board.faces().len());
        let cols = board.cols();
        let mut words: Vec<Found> = self
            .hits
            .iter()
            .map(|hit| {
                let len = self.lexicon.word_len(hit.word);
                let start = hit.path_start as usize;
                let path = &self.paths[start..start + self.paths[start - 1] as usize];
                let word = path
                    .iter()
                    .map(|&cell| self.cells.key(cell as usize))
                    .collect::<Vec<&[u8]>>()
                    .concat();
                Found {
                    word: String::from_utf8(word).expect("faces are UTF-8"),
                    points: self.points[len],
                    path: path
                        .iter()
                        .map(|&cell| (cell as usize / cols, cell as usize % cols))
                        .collect(),
                }
            })
            .collect();
        words.sort_unstable_by(|a, b| a.word.cmp(&b.word));
        let score = words.iter().map(|f| f.points as u64).sum();
        Solution { words, score }
    }

    /// The words on `board` as lexicon indices, their points, the longest's length
    /// and the cells they use: what statistics over many boards need, without the
    /// strings and paths [`Solver::solve`] builds.
    ///
    /// ```
    /// use polyboggle::{Board, Lexicon, Rules, Solver};
    ///
    /// let lexicon = Lexicon::from_words(["cat", "act", "tax"], &Default::default())?;
    /// let board: Board = "CAT/ZZX".parse()?;
    /// let mut solver = Solver::new(&lexicon, Rules::hasbro());
    /// let survey = solver.survey(&board);
    /// // CAT and TAX (no path spells ACT): two words, two points, three letters.
    /// assert_eq!((survey.words.len(), survey.points, survey.longest), (2, 2, 3));
    /// // The Zs are used by no word: dead faces.
    /// assert_eq!(survey.live, [true, true, true, false, false, true]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn survey(&mut self, board: &Board) -> Survey<'_> {
        self.cells.load(board, self.lexicon, &self.rules);
        self.survey_loaded(board.faces().len())
    }

    /// [`Solver::survey`] of a board of `shape`'s shape whose cell i shows face
    /// `cells[i]` of the table last given to [`Solver::key_faces`].
    pub fn survey_indexed(&mut self, shape: &Board, cells: &[u8]) -> Survey<'_> {
        self.cells.load_indexed(shape, cells);
        self.survey_loaded(cells.len())
    }

    /// [`Solver::survey`] of the board of `count` cells `self.cells` holds: by the
    /// level search with each word end's cells where it can (as
    /// [`Solver::tally`]), else by the walk.
    fn survey_loaded(&mut self, count: usize) -> Survey<'_> {
        self.surveyed.clear();
        self.live.clear();
        self.live.resize(count, false);
        let leveled = count <= 64
            && self.tiers.is_none()
            && self.cells.max_degree <= 8
            && self.lexicon.lengths().len() <= LOOK_UP as usize;
        let ends = match leveled {
            true => breadth_first_ends::<true>(
                &mut self.breadth_first,
                self.lexicon.automaton(),
                &self.cells,
                count,
            ),
            false => None,
        };
        let (mut points, mut longest) = (0, 0);
        match ends {
            Some(ends) => {
                let lengths = self.lexicon.lengths();
                if self.marks.len() * 64 < lengths.len() {
                    self.marks = vec![0; lengths.len().div_ceil(64)];
                }
                let mut live = 0u64;
                for cells in 1..=ends.starts.len() {
                    let (start, stop) = (
                        ends.starts[cells - 1] as usize,
                        ends.starts
                            .get(cells)
                            .map_or(ends.words.len(), |&s| s as usize),
                    );
                    for (&end, &used) in ends.words[start..stop].iter().zip(&ends.used[start..stop])
                    {
                        let word = (end & !LOOK_UP) as usize;
                        let Some(&len) = lengths.get(word) else {
                            debug_assert!(false, "a word index past the dictionary");
                            continue;
                        };
                        let len = match end & LOOK_UP {
                            0 => cells,
                            _ => len as usize,
                        };
                        if self.counts[len].0 == 0 {
                            continue;
                        }
                        // Every path of a counted word makes its cells live.
                        live |= used;
                        let bit = 1 << (word % 64);
                        if self.marks[word / 64] & bit == 0 {
                            self.marks[word / 64] |= bit;
                            self.surveyed.push(word as u64);
                            points += self.counts[len].1;
                            longest = longest.max(len);
                        }
                    }
                }
                for &word in &self.surveyed {
                    self.marks[word as usize / 64] = 0;
                }
                for (cell, flag) in self.live.iter_mut().enumerate() {
                    *flag = live >> cell & 1 != 0;
                }
            }
            None => return self.survey_walked(count),
        }
        Survey {
            words: &self.surveyed,
            points,
            longest,
            live: &self.live,
        }
    }

    /// [`Solver::survey`] by the depth-first walk, on the board `self.cells`
    /// holds.
    fn survey_walked(&mut self, count: usize) -> Survey<'_> {
        self.surveyed.clear();
        self.live.clear();
        self.live.resize(count, false);
        self.search::<true>(count);
        let (mut points, mut longest) = (0, 0);
        for hit in &self.hits {
            let len = self.lexicon.word_len(hit.word);
            points += self.points[len] as u64;
            longest = longest.max(len);
            self.surveyed.push(hit.word);
        }
        Survey {
            words: &self.surveyed,
            points,
            longest,
            live: &self.live,
        }
    }

    /// How many words `board` holds and their total points.
    pub fn tally(&mut self, board: &Board) -> Tally {
        self.cells.load(board, self.lexicon, &self.rules);
        self.tally_loaded(board.faces().len())
    }

    /// Prepares to tally boards that show the faces of `faces` (a
    /// [`crate::batch::Batch`]'s table), keying each face once for them all.
    pub fn key_faces(&mut self, faces: &[Face]) {
        self.cells.load_table(faces, self.lexicon, &self.rules);
    }

    /// [`Solver::tally`] of a board of `shape`'s shape whose cell i shows face
    /// `cells[i]` of the table last given to [`Solver::key_faces`].
    pub fn tally_indexed(&mut self, shape: &Board, cells: &[u8]) -> Tally {
        self.cells.load_indexed(shape, cells);
        self.tally_loaded(cells.len())
    }

    /// [`Solver::tally`] of the board of `count` cells `self.cells` holds.
    fn tally_loaded(&mut self, count: usize) -> Tally {
        // The level-by-level search extends a path by up to 8 cells at a time, and
        // its word ends keep a bit of their own (`LOOK_UP`).
        if count > 64
            || self.tiers.is_some()
            || self.cells.max_degree > 8
            || self.lexicon.lengths().len() > LOOK_UP as usize
        {
            return self.tally_walked(count);
        }
        let (automaton, cells) = (self.lexicon.automaton(), &self.cells);
        let ends = breadth_first_ends::<false>(&mut self.breadth_first, automaton, cells, count);
        let Some(ends) = ends else {
            return self.tally_walked(count);
        };
        // Each word counts once: a bit per dictionary word, set as the word is
        // counted and cleared after, word by word. A path of one-byte faces spells
        // a word of as many ASCII letters as it has cells, so only the ends marked
        // `LOOK_UP` read the word's length from the lexicon's table (a cache miss
        // for most words).
        let lengths = self.lexicon.lengths();
        if self.marks.len() * 64 < lengths.len() {
            self.marks = vec![0; lengths.len().div_ceil(64)];
        }
        let (marks, counts) = (&mut self.marks[..], &*self.counts);
        let (mut words, mut points) = (0u64, 0u64);
        for cells in 1..=ends.starts.len() {
            // Words as short as these paths count nothing (two-letter words under
            // Hasbro rules): only the paths whose words are longer need a look.
            let short = counts[cells as u8 as usize] == (0, 0);
            for &end in ends.of_length(cells) {
                if short && end & LOOK_UP == 0 {
                    continue;
                }
                let word = (end & !LOOK_UP) as usize;
                if word >= lengths.len() {
                    debug_assert!(false, "a word index past the dictionary");
                    continue;
                }
                // Lengths are bytes and paths have at most 64 cells: no bounds check.
                let len = match end & LOOK_UP {
                    0 => cells as u8,
                    _ => lengths[word],
                };
                // SAFETY: `marks` has a bit for every word of the dictionary.
                let mark = unsafe { marks.get_unchecked_mut(word / 64) };
                let bit = 1 << (word % 64);
                let new = (*mark & bit == 0) as u64;
                *mark |= bit;
                let (count, worth) = counts[len as usize];
                words += count & new.wrapping_neg();
                points += worth & new.wrapping_neg();
            }
        }
        for &end in ends.words {
            if let Some(mark) = self.marks.get_mut((end & !LOOK_UP) as usize / 64) {
                *mark = 0;
            }
        }
        Tally { words, points }
    }

    /// [`Solver::tally`] by the depth-first walk, on the board `self.cells` holds.
    fn tally_walked(&mut self, count: usize) -> Tally {
        self.search::<false>(count);
        let points = self
            .hits
            .iter()
            .map(|hit| self.points[self.lexicon.word_len(hit.word)] as u64)
            .sum();
        Tally {
            words: self.hits.len() as u64,
            points,
        }
    }

    /// Runs the depth-first search over the board of `count` cells `self.cells` holds, leaving the
    /// words found in `self.hits` (and their paths in `self.paths` when `PATHS`).
    fn search<const PATHS: bool>(&mut self, count: usize) {
        self.seen.clear();
        self.hits.clear();
        self.paths.clear();
        // Boards of up to 64 cells (every real one) keep their used cells in a
        // register-sized mask.
        if count <= 64 {
            self.walk::<PATHS, _>(count, 0u64);
        } else {
            self.walk::<PATHS, _>(count, Used::default());
        }
        // Words shorter than the rules allow are dropped here, not in the walk,
        // where looking up each one's length would stall it.
        let (lexicon, min_len) = (self.lexicon, self.rules.min_len);
        self.hits
            .retain(|hit| lexicon.word_len(hit.word) >= min_len);
        if let Some(range) = self.tiers {
            self.hits
                .retain(|hit| range.contains(lexicon.tier(hit.word)));
        }
    }

    fn walk<const PATHS: bool, U: CellSet>(&mut self, cells: usize, used: U) {
        // Only a survey sizes `live` to the board: it marks cells then.
        let live = (PATHS && self.live.len() == cells).then_some(Live {
            cells: &mut self.live[..],
            lexicon: self.lexicon,
            min_len: self.rules.min_len,
            tiers: self.tiers,
        });
        let mut walk = Walk::<PATHS> {
            live,
            automaton: self.lexicon.automaton(),
            cells: &self.cells,
            seen: &mut self.seen,
            path: &mut self.path,
            depth: 0,
            paths: &mut self.paths,
            hits: &mut self.hits,
        };
        let root = walk.automaton.transitions(ROOT);
        for cell in 0..cells {
            if root.classes & walk.cells.heads[cell].bit() != 0 {
                walk.step(cell, root, 0, used);
            }
        }
    }
}

/// The level search's word ends on the board of `count` cells that `cells` holds
/// ([`BreadthFirst::ends`] with the fastest matching this board and processor allow),
/// each end's cells beside it when `MASKS`.
#[inline(always)]
fn breadth_first_ends<'v, const MASKS: bool>(
    breadth_first: &'v mut BreadthFirst,
    automaton: Automaton,
    cells: &Cells,
    count: usize,
) -> Option<Ends<'v>> {
    let exact = automaton.is_exact();
    match (cells.matching.sixteen(), cells.matching.detected_sixteen()) {
        (Some(sixteen), _) => match exact {
            true => breadth_first.ends::<true, MASKS>(automaton, cells, count, sixteen),
            false => breadth_first.ends::<false, MASKS>(automaton, cells, count, sixteen),
        },
        // SAFETY: `detected_sixteen` is `Some` only on a CPU with SSSE3 and POPCNT.
        (None, Some(sixteen)) => unsafe {
            match exact {
                true => breadth_first.ends_ssse3::<true, MASKS>(automaton, cells, count, sixteen),
                false => breadth_first.ends_ssse3::<false, MASKS>(automaton, cells, count, sixteen),
            }
        },
        (None, None) => {
            let all = |mask| cells.matching.cells(mask);
            match exact {
                true => breadth_first.ends::<true, MASKS>(automaton, cells, count, all),
                false => breadth_first.ends::<false, MASKS>(automaton, cells, count, all),
            }
        }
    }
}
