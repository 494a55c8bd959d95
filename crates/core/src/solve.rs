//! The solver: every dictionary word that a simple path of neighbouring dice spells.
//!
//! The search walks the dictionary's automaton state by state, a face at a time:
//! from each cell it feeds the face's bytes to the automaton; while the state is live
//! it moves on to unused neighbours, and it records a word whenever the state is
//! final. A dead prefix is dropped the moment the automaton has no transition for it,
//! before the neighbour is even entered.
//!
//! The automaton is the dictionary's FST in the flat form of [`crate::automaton`]:
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

mod levels;
mod matching;

use levels::{Ends, Levels, LOOK_UP};
use matching::Matching;

use crate::automaton::{Automaton, Node, State, Transitions, NO_CLASS, ROOT};
use crate::board::{Board, Face, MAX_CELLS};
use crate::lexicon::Lexicon;
use crate::normalize::Profile;
use crate::score::Rules;

/// A word found on a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The word's key (normalized with the dictionary's profile).
    pub word: String,
    /// Its points under the rules.
    pub points: u32,
    /// One path that spells it: (row, col) of each die, in spelling order.
    pub path: Vec<(usize, usize)>,
}

/// Every word on a board, sorted by key, with the total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solution {
    /// The words, sorted by key.
    pub words: Vec<Found>,
    /// The sum of their points.
    pub score: u64,
}

impl Solution {
    /// The solution as the user contract's JSON object, on one line: the text
    /// `solve --format json` prints and `POST /api/solve` answers. Its fields are
    /// `cols`, `count`, `rows`, `score` and `words`, each word with its `path`
    /// (`[row, col]` pairs, spelling order), `points` and `word` (upper case, as
    /// `profile` displays its key), keys in that order.
    ///
    /// Written directly rather than through `serde_json::Value`, which costs several
    /// times the solve itself on a board of a few hundred words.
    ///
    /// ```
    /// use polyboggle::{Board, Lexicon, Rules, Solver};
    ///
    /// let lexicon = Lexicon::builtin("enable2k")?;
    /// let board: Board = "ATEE/APYO/TINU/EDSE".parse()?;
    /// let solution = Solver::new(&lexicon, Rules::hasbro()).solve(&board);
    /// let text = solution.to_json(&board, lexicon.profile());
    /// assert!(text.starts_with(r#"{"cols":4,"count":156,"rows":4,"score":221,"words":[{"path":[[1,0],[2,1],[3,1]],"points":1,"word":"AID"},"#));
    /// let json: serde_json::Value = serde_json::from_str(&text)?;
    /// assert_eq!(json["words"].as_array().unwrap().len(), solution.words.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_json(&self, board: &Board, profile: &Profile) -> String {
        use std::fmt::Write as _;
        let mut out = String::with_capacity(80 + self.words.len() * 64);
        let _ = write!(
            out,
            r#"{{"cols":{},"count":{},"rows":{},"score":{},"words":["#,
            board.cols(),
            self.words.len(),
            board.rows(),
            self.score
        );
        for (i, found) in self.words.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(r#"{"path":["#);
            for (j, (r, c)) in found.path.iter().enumerate() {
                let comma = if j > 0 { "," } else { "" };
                let _ = write!(out, "{comma}[{r},{c}]");
            }
            let word = serde_json::to_string(&profile.display(&found.word))
                .expect("a string always serializes");
            let _ = write!(out, r#"],"points":{},"word":{word}}}"#, found.points);
        }
        out.push_str("]}");
        out
    }
}

/// Words and points of a board, without the words themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// How many distinct words count.
    pub words: u64,
    /// Their total points.
    pub points: u64,
}

/// A found word, as the walk records it: its index and where its path starts.
#[derive(Clone, Copy)]
struct Hit {
    word: u64,
    path_start: u32,
}

/// A board prepared for one dictionary: face keys as bytes and neighbour lists.
struct Cells {
    /// All faces' key bytes, back to back.
    bytes: Vec<u8>,
    /// The automaton's class of each byte in `bytes`.
    classes: Vec<u8>,
    /// `bytes[spans[i].0..spans[i].1]` is cell i's key; blank cells are empty.
    spans: Vec<(u32, u32)>,
    /// How each cell's face starts (the board's first cells; a fixed length, so
    /// the walk's lookups need no bounds check).
    heads: Box<[Head; MAX_CELLS]>,
    /// `neighbours[offsets[i]..offsets[i + 1]]` are cell i's neighbours.
    neighbours: Vec<u16>,
    offsets: Vec<u32>,
    /// Each cell's neighbours as a bit mask (boards of up to 64 cells).
    neighbour_bits: [u64; 64],
    /// For each of the first 64 cells, the mask of the byte classes below its first
    /// one (0 for a dead face): the level search's step is `first + popcount(mask &
    /// below)`, with no look at the face. One more entry, 0, for the 64 that
    /// `trailing_zeros` gives an empty set, so that needs no masking either.
    below: [u64; 65],
    /// The first 64 cells whose face is not [`Kind::Simple`], a bit each.
    general: u64,
    /// The class each of the first 64 cells starts with, for [`Matching`] (`None`
    /// for a dead face).
    starts: [Option<u8>; 64],
    /// The most neighbours any cell has.
    max_degree: usize,
    /// Keyed faces of a batch's face table (each face's head and span).
    table: Vec<(Head, (u32, u32))>,
    /// Which cells a state's class mask can move to (boards of up to 64 cells).
    matching: Matching,
    shape: (usize, usize),
}

/// Is there a face on `board`, and is none of them made of bytes `lexicon`'s words
/// use? Then no word can be found, and the caller may say why (a Hindi board with
/// an English dictionary), rather than report a bare "0 words".
///
/// ```
/// use polyboggle::{solve, Board, Lexicon, Rules};
///
/// let english = Lexicon::builtin("enable2k")?;
/// let hindi: Board = "क्ष मा/न _".parse()?;
/// assert!(solve::foreign_board(&hindi, &english, &Rules::hasbro()));
/// assert!(!solve::foreign_board(&"ATEE/APYO/TINU/EDSE".parse()?, &english, &Rules::hasbro()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn foreign_board(board: &Board, lexicon: &Lexicon, rules: &Rules) -> bool {
    let alphabet = lexicon.automaton().alphabet();
    let mut faces = board.faces().iter().filter(|f| !f.is_blank()).peekable();
    faces.peek().is_some()
        && faces.all(|face| {
            let mut key = lexicon.profile().key(face.text());
            if rules.qu && key == "q" {
                key.push('u');
            }
            !key.bytes().all(|b| alphabet[b as usize])
        })
}

/// The bytes the solver feeds the automaton for `face`: its key under `profile`,
/// `qu` for a bare `Q` when the rules read it so, nothing for a blank.
///
/// ```
/// use polyboggle::{solve, Face, Profile, Rules};
///
/// let profile = Profile::default();
/// assert_eq!(solve::face_key(&Face::new("Q"), &profile, &Rules::hasbro()), b"qu");
/// assert_eq!(solve::face_key(&Face::new("Q"), &profile, &Rules::cs106b()), b"q");
/// assert_eq!(solve::face_key(&Face::new("CH"), &profile, &Rules::hasbro()), b"ch");
/// assert!(solve::face_key(&Face::blank(), &profile, &Rules::hasbro()).is_empty());
/// ```
pub fn face_key(face: &Face, profile: &Profile, rules: &Rules) -> Vec<u8> {
    if face.is_blank() {
        return Vec::new();
    }
    let mut key = profile.key(face.text()).into_bytes();
    if rules.qu && key == b"q" {
        key.push(b'u');
    }
    key
}

/// Finds words on boards, reusing its buffers from one board to the next.
///
/// Create one per thread and dictionary; each [`Solver::solve`] or
/// [`Solver::tally`] call then allocates nothing in its search.
pub struct Solver<'l> {
    lexicon: &'l Lexicon,
    rules: Rules,
    /// Points by grapheme length, 0 below the minimum (one entry per length 0..=255).
    points: Vec<u32>,
    seen: Seen,
    /// What a word of each grapheme length adds to a tally: 1 when it counts as a
    /// word, and its points.
    counts: Box<[(u64, u64); crate::normalize::MAX_WORD_LEN + 1]>,
    /// A bit per dictionary word, for the level search's count (empty until the
    /// first [`Solver::tally`]; zero between boards).
    marks: Vec<u64>,
    levels: Levels,
    cells: Cells,
    path: Box<[u16; MAX_CELLS]>,
    paths: Vec<u16>,
    hits: Vec<Hit>,
    /// [`Solver::survey`]'s answer: the words' indices, and a flag a cell.
    surveyed: Vec<u64>,
    live: Vec<bool>,
}

/// What [`Solver::survey`] finds on a board: [`Solver::solve`]'s words as lexicon
/// indices, without building them, and which dice the words use.
#[derive(Clone, Copy, Debug)]
pub struct Survey<'s> {
    /// The index in the lexicon of each word that counts, once each, in no order.
    pub words: &'s [u64],
    /// Their total points.
    pub points: u64,
    /// The longest one's length in graphemes (0 when there is none).
    pub longest: usize,
    /// A flag a cell, row by row: does some path of a word that counts pass through
    /// it? (A cell no word uses is a dead face.)
    pub live: &'s [bool],
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
            points,
            seen: Seen::default(),
            counts,
            marks: Vec::new(),
            levels: Levels::default(),
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
            && self.cells.max_degree <= 8
            && self.lexicon.lengths().len() <= LOOK_UP as usize;
        let ends = match leveled {
            true => level_ends::<true>(
                &mut self.levels,
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
            || self.cells.max_degree > 8
            || self.lexicon.lengths().len() > LOOK_UP as usize
        {
            return self.tally_walked(count);
        }
        let (automaton, cells) = (self.lexicon.automaton(), &self.cells);
        let ends = level_ends::<false>(&mut self.levels, automaton, cells, count);
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
    }

    fn walk<const PATHS: bool, U: CellSet>(&mut self, cells: usize, used: U) {
        // Only a survey sizes `live` to the board: it marks cells then.
        let live = (PATHS && self.live.len() == cells).then_some(Live {
            cells: &mut self.live[..],
            lexicon: self.lexicon,
            min_len: self.rules.min_len,
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
/// ([`Levels::ends`] with the fastest matching this board and processor allow),
/// each end's cells beside it when `MASKS`.
#[inline(always)]
fn level_ends<'v, const MASKS: bool>(
    levels: &'v mut Levels,
    automaton: Automaton,
    cells: &Cells,
    count: usize,
) -> Option<Ends<'v>> {
    let exact = automaton.is_exact();
    match (cells.matching.sixteen(), cells.matching.detected_sixteen()) {
        (Some(sixteen), _) => match exact {
            true => levels.ends::<true, MASKS>(automaton, cells, count, sixteen),
            false => levels.ends::<false, MASKS>(automaton, cells, count, sixteen),
        },
        // SAFETY: `detected_sixteen` is `Some` only on a CPU with SSSE3 and POPCNT.
        (None, Some(sixteen)) => unsafe {
            match exact {
                true => levels.ends_ssse3::<true, MASKS>(automaton, cells, count, sixteen),
                false => levels.ends_ssse3::<false, MASKS>(automaton, cells, count, sixteen),
            }
        },
        (None, None) => {
            let all = |mask| cells.matching.cells(mask);
            match exact {
                true => levels.ends::<true, MASKS>(automaton, cells, count, all),
                false => levels.ends::<false, MASKS>(automaton, cells, count, all),
            }
        }
    }
}

/// The words a board has shown so far, to count each once: a small open-addressing
/// set that stays in the L1 cache (a mark per dictionary word would touch a new cache
/// line for almost every word found). Slots hold the board's generation in their high
/// half, so clearing is one increment.
struct Seen {
    slots: Vec<u64>,
    len: usize,
    generation: u32,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            slots: vec![0; 1024],
            len: 0,
            generation: 1,
        }
    }
}

impl Seen {
    /// Forgets every word (the next board begins).
    fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(0);
            self.generation = 1;
        }
    }

    /// Adds `word`: true when it was not there yet.
    #[inline]
    fn insert(&mut self, word: u32) -> bool {
        let entry = (self.generation as u64) << 32 | word as u64;
        let mask = self.slots.len() - 1;
        // Fibonacci hashing: the top bits of a multiplication spread nearby indices.
        let shift = 64 - self.slots.len().trailing_zeros();
        let mut i = ((word as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize;
        loop {
            let slot = self.slots[i];
            if slot == entry {
                return false;
            }
            if (slot >> 32) as u32 != self.generation {
                self.slots[i] = entry;
                self.len += 1;
                if self.len * 2 > self.slots.len() {
                    self.grow();
                }
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table, keeping this board's words.
    #[cold]
    fn grow(&mut self) {
        let words: Vec<u32> = self
            .slots
            .iter()
            .filter(|&&slot| (slot >> 32) as u32 == self.generation)
            .map(|&slot| slot as u32)
            .collect();
        self.slots = vec![0; self.slots.len() * 2];
        self.len = 0;
        for word in words {
            self.insert(word);
        }
    }
}

/// The cells a path has used.
trait CellSet: Copy {
    fn contains(&self, cell: usize) -> bool;
    fn flip(&mut self, cell: usize);
    /// All of them as one mask, when they fit in a u64.
    fn bits(&self) -> Option<u64>;
}

impl CellSet for u64 {
    #[inline(always)]
    fn bits(&self) -> Option<u64> {
        Some(*self)
    }

    #[inline(always)]
    fn contains(&self, cell: usize) -> bool {
        self & (1 << cell) != 0
    }

    #[inline(always)]
    fn flip(&mut self, cell: usize) {
        *self ^= 1 << cell;
    }
}

/// A bitset of cells for any board, one bit each.
#[derive(Clone, Copy)]
struct Used([u64; MAX_CELLS / 64]);

impl Default for Used {
    fn default() -> Used {
        Used([0; MAX_CELLS / 64])
    }
}

impl CellSet for Used {
    #[inline(always)]
    fn bits(&self) -> Option<u64> {
        None
    }

    #[inline(always)]
    fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] & (1 << (cell % 64)) != 0
    }

    #[inline(always)]
    fn flip(&mut self, cell: usize) {
        self.0[cell / 64] ^= 1 << (cell % 64);
    }
}

/// How a cell's face starts: enough to step most faces without reading their bytes.
#[derive(Clone, Copy, Default)]
struct Head {
    byte: u8,
    class: u8,
    kind: Kind,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Kind {
    /// No word can use the face: it is blank, normalizes to nothing, or holds a byte
    /// no word has.
    #[default]
    Dead,
    /// One byte in an exact automaton: the class alone says where to go.
    Simple,
    /// Anything else: step byte by byte.
    General,
}

impl Head {
    /// The bit of the face's first byte class in a state's mask (0 for a dead face,
    /// which then never matches).
    #[inline(always)]
    fn bit(self) -> u64 {
        ((self.kind != Kind::Dead) as u64) << self.class
    }

    /// The classes below the face's first one (0 for a dead face): see
    /// [`Cells::below`].
    #[inline(always)]
    fn below(self) -> u64 {
        match self.kind {
            Kind::Dead => 0,
            _ => (1u64 << self.class) - 1,
        }
    }

    /// The class the face starts with, unless it is dead.
    #[inline(always)]
    fn start(self) -> Option<u8> {
        (self.kind != Kind::Dead).then_some(self.class)
    }
}

impl Default for Cells {
    fn default() -> Cells {
        Cells {
            bytes: Vec::new(),
            classes: Vec::new(),
            spans: Vec::new(),
            heads: Box::new([Head::default(); MAX_CELLS]),
            neighbours: Vec::new(),
            offsets: Vec::new(),
            neighbour_bits: [0; 64],
            below: [0; 65],
            general: 0,
            starts: [None; 64],
            max_degree: 0,
            table: Vec::new(),
            matching: Matching::default(),
            shape: (0, 0),
        }
    }
}

impl Cells {
    /// Normalizes `board`'s faces with the dictionary's profile and the rules' Qu
    /// reading, and builds the neighbour lists (reused when the shape is unchanged).
    fn load(&mut self, board: &Board, lexicon: &Lexicon, rules: &Rules) {
        self.bytes.clear();
        self.classes.clear();
        self.spans.clear();
        self.general = 0;
        for (cell, face) in board.faces().iter().enumerate() {
            let (head, span) = self.add_face(face, lexicon, rules);
            self.set(cell, head);
            self.spans.push(span);
        }
        self.finish(board);
    }

    /// Keys a table of faces once for many boards that show them
    /// ([`Cells::load_indexed`]), as [`Cells::load`] keys a board's.
    fn load_table(&mut self, faces: &[Face], lexicon: &Lexicon, rules: &Rules) {
        self.bytes.clear();
        self.classes.clear();
        self.table.clear();
        for face in faces {
            let entry = self.add_face(face, lexicon, rules);
            self.table.push(entry);
        }
    }

    /// Loads a board of `shape`'s shape whose cell i shows face `cells[i]` of the
    /// table [`Cells::load_table`] keyed.
    fn load_indexed(&mut self, shape: &Board, cells: &[u8]) {
        debug_assert_eq!(cells.len(), shape.faces().len());
        self.spans.clear();
        self.general = 0;
        for (cell, &face) in cells.iter().enumerate() {
            let (head, span) = self.table[face as usize];
            self.set(cell, head);
            self.spans.push(span);
        }
        self.finish(shape);
    }

    /// Appends `face`'s key bytes and their classes: how the face starts, and where
    /// its bytes are.
    fn add_face(&mut self, face: &Face, lexicon: &Lexicon, rules: &Rules) -> (Head, (u32, u32)) {
        let profile = lexicon.profile();
        let automaton = lexicon.automaton();
        let start = self.bytes.len() as u32;
        if !face.is_blank() {
            let text = face.text();
            if text.is_ascii() && !profile.turkic {
                // What Profile::key does for ASCII, without allocating.
                self.bytes
                    .extend(text.bytes().map(|b| b.to_ascii_lowercase()));
            } else {
                self.bytes.extend_from_slice(profile.key(text).as_bytes());
            }
            if rules.qu && &self.bytes[start as usize..] == b"q" {
                self.bytes.push(b'u');
            }
        }
        let key = &self.bytes[start as usize..];
        self.classes.extend(key.iter().map(|&b| automaton.class(b)));
        let classes = &self.classes[start as usize..];
        let head = match (key.first(), classes.first()) {
            (Some(&byte), Some(&class)) if !classes.contains(&NO_CLASS) => Head {
                byte,
                class,
                kind: if key.len() == 1 && automaton.is_exact() {
                    Kind::Simple
                } else {
                    Kind::General
                },
            },
            _ => Head::default(),
        };
        (head, (start, self.bytes.len() as u32))
    }

    /// Cell `cell` shows a face that starts as `head` (`general` cleared first).
    #[inline(always)]
    fn set(&mut self, cell: usize, head: Head) {
        self.heads[cell] = head;
        if cell < 64 {
            self.below[cell] = head.below();
            self.general |= ((head.kind == Kind::General) as u64) << cell;
            self.starts[cell] = head.start();
        }
    }

    /// What follows from `board`'s faces once [`Cells::set`] has seen each: the
    /// match tables, and the neighbours when the shape changed.
    fn finish(&mut self, board: &Board) {
        let count = board.faces().len();
        if count <= matching::MAX {
            self.matching.load(&self.starts[..count]);
        }
        let shape = (board.rows(), board.cols());
        if shape != self.shape {
            self.shape = shape;
            self.neighbours.clear();
            self.offsets.clear();
            for cell in 0..board.faces().len() {
                self.offsets.push(self.neighbours.len() as u32);
                self.neighbours
                    .extend(board.neighbours(cell).map(|n| n as u16));
            }
            self.offsets.push(self.neighbours.len() as u32);
            self.max_degree = self
                .offsets
                .windows(2)
                .map(|w| (w[1] - w[0]) as usize)
                .max()
                .unwrap_or(0);
            // Neighbours as bit masks too, for boards whose cells fit in a u64.
            for cell in 0..board.faces().len().min(64) {
                self.neighbour_bits[cell] = board
                    .neighbours(cell)
                    .fold(0u64, |m, n| m | 1u64 << (n % 64));
            }
        }
    }

    /// Feeds `cell`'s face to `automaton` a byte at a time from a state with
    /// transitions `from` (output `out` so far): the state after the face and the
    /// output with its record's, or `None` when no word goes that way. For faces of several
    /// bytes (`Qu`) and automata whose classes hold several bytes; kept out of line
    /// so the walks' hot loops do not carry what it needs.
    #[inline(never)]
    fn enter_bytes(
        &self,
        automaton: Automaton,
        cell: usize,
        from: Transitions,
        out: u32,
    ) -> Option<(State, u32)> {
        let head = self.heads[cell % MAX_CELLS];
        let (state, o) = automaton.step_from(from, head.class, head.byte)?;
        self.enter_rest(automaton, cell, state, out.wrapping_add(o))
    }

    /// [`Cells::enter_bytes`] from `state`, the record its face's first byte leads
    /// to (output `out` so far, that record's included).
    #[inline(never)]
    fn enter_rest(
        &self,
        automaton: Automaton,
        cell: usize,
        mut state: State,
        mut out: u32,
    ) -> Option<(State, u32)> {
        let (start, end) = self.spans[cell];
        for i in start as usize + 1..end as usize {
            let (b, class) = (self.bytes[i], self.classes[i]);
            let (next, o) = automaton.step_class(state, class, b)?;
            state = next;
            out = out.wrapping_add(o);
        }
        Some((state, out))
    }

    #[inline]
    fn key(&self, cell: usize) -> &[u8] {
        let (start, end) = self.spans[cell];
        &self.bytes[start as usize..end as usize]
    }
}

/// The state of one board's depth-first search, keeping each word's path when
/// `PATHS`. The hot loop reads the board through one reference and takes few
/// arguments, so the recursion keeps them in registers.
struct Walk<'a, const PATHS: bool> {
    /// With `PATHS`, for [`Solver::survey`]: the cells counted words pass through.
    live: Option<Live<'a>>,
    automaton: Automaton<'a>,
    cells: &'a Cells,
    seen: &'a mut Seen,
    /// The cells of the current path, `path[..depth]` (kept only with `PATHS`).
    path: &'a mut [u16; MAX_CELLS],
    depth: usize,
    /// Paths of found words, each preceded by its length.
    paths: &'a mut Vec<u16>,
    hits: &'a mut Vec<Hit>,
}

impl<const PATHS: bool> Walk<'_, PATHS> {
    /// Feeds `cell`'s face to the automaton from a state with transitions `from`,
    /// which has one on the face's first byte class: the state after the face and
    /// the output so far, or `None` when no word goes that way.
    #[inline(always)]
    fn enter(&self, cell: usize, from: Transitions, out: u32) -> Option<(Node, u32)> {
        let head = self.cells.heads[cell % MAX_CELLS];
        if head.kind != Kind::Simple {
            let (state, out) = self.cells.enter_bytes(self.automaton, cell, from, out)?;
            return Some((self.automaton.node(state), out));
        }
        let node = self
            .automaton
            .node(self.automaton.step_exact(from, head.class));
        Some((node, out.wrapping_add(node.output)))
    }

    /// Steps onto free cell `next` from a state with transitions `from` on its first
    /// byte class (output `out` so far, the cells in `used` taken): records the word
    /// it ends, and goes on while any free neighbour continues a word.
    #[inline(always)]
    fn step<U: CellSet>(&mut self, next: usize, from: Transitions, out: u32, used: U) {
        let Some((node, out)) = self.enter(next, from, out) else {
            return;
        };
        if PATHS {
            self.path[self.depth % MAX_CELLS] = next as u16;
            self.depth += 1;
        }
        if node.is_final {
            self.record(out);
        }
        let from = node.transitions;
        if from.classes != 0 {
            let mut used = used;
            used.flip(next);
            match used.bits() {
                Some(bits) => {
                    // Small boards look at the neighbours now, so a cell none of
                    // them continues costs no call.
                    let cells = self.cells;
                    let live = cells.neighbour_bits[next % 64]
                        & !bits
                        & cells.matching.cells(from.classes);
                    if live != 0 {
                        self.visit_mask(from, out, bits, live);
                    }
                }
                None => self.visit_list(next, from, out, used),
            }
        }
        if PATHS {
            self.depth -= 1;
        }
    }

    /// Tries the cells in `live` (boards of up to 64 cells), which a path holding
    /// the cells in `used` reached with transitions `from` and output `out`.
    fn visit_mask(&mut self, from: Transitions, out: u32, used: u64, live: u64) {
        let mut live = live;
        while live != 0 {
            let next = live.trailing_zeros() as usize;
            live &= live - 1;
            self.step(next, from, out, used);
        }
    }

    /// Tries every free neighbour of `cell` whose first class `from` has (boards of
    /// any size), the path having reached `cell` with output `out`.
    fn visit_list<U: CellSet>(&mut self, cell: usize, from: Transitions, out: u32, used: U) {
        let cells = self.cells;
        let (start, end) = (
            cells.offsets[cell] as usize,
            cells.offsets[cell + 1] as usize,
        );
        for &next in &cells.neighbours[start..end] {
            let next = next as usize;
            if !used.contains(next) && from.classes & cells.heads[next].bit() != 0 {
                self.step(next, from, out, used);
            }
        }
    }

    /// Counts `word`, whose path is `path[..depth]`, unless the board already has it.
    #[inline]
    fn record(&mut self, word: u32) {
        if PATHS {
            if let Some(live) = &mut self.live {
                live.mark(word, &self.path[..self.depth]);
            }
        }
        if !self.seen.insert(word) {
            return;
        }
        let mut path_start = 0;
        if PATHS {
            self.paths.push(self.depth as u16);
            path_start = self.paths.len() as u32;
            self.paths.extend_from_slice(&self.path[..self.depth]);
        }
        self.hits.push(Hit {
            word: word as u64,
            path_start,
        });
    }
}

/// The cells that paths of counted words pass through, every path (not only the
/// first that spells a word).
struct Live<'a> {
    cells: &'a mut [bool],
    lexicon: &'a Lexicon,
    min_len: usize,
}

impl Live<'_> {
    /// `path` spells `word`: its cells are live if the word counts. A face spells at
    /// least one grapheme, so a path of `min_len` cells always does; only shorter
    /// ones look the length up.
    #[inline]
    fn mark(&mut self, word: u32, path: &[u16]) {
        if path.len() >= self.min_len || self.lexicon.word_len(word as u64) >= self.min_len {
            for &cell in path {
                if let Some(live) = self.cells.get_mut(cell as usize) {
                    *live = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalize::Profile;

    /// Every simple path of `board`, its cells and the key it spells, extended only
    /// while some word starts with the key.
    fn brute_paths(board: &Board, lexicon: &Lexicon, rules: &Rules) -> Vec<(Vec<usize>, Vec<u8>)> {
        fn extend(
            board: &Board,
            keys: &[Vec<u8>],
            lexicon: &Lexicon,
            path: &mut Vec<usize>,
            key: Vec<u8>,
            out: &mut Vec<(Vec<usize>, Vec<u8>)>,
        ) {
            if lexicon.lookup_key(&key) == crate::lexicon::Lookup::Absent {
                return;
            }
            out.push((path.clone(), key.clone()));
            let last = *path.last().unwrap();
            for next in board.neighbours(last) {
                if !path.contains(&next) && !keys[next].is_empty() {
                    path.push(next);
                    extend(
                        board,
                        keys,
                        lexicon,
                        path,
                        [&key[..], &keys[next]].concat(),
                        out,
                    );
                    path.pop();
                }
            }
        }
        let keys: Vec<Vec<u8>> = board
            .faces()
            .iter()
            .map(|f| face_key(f, lexicon.profile(), rules))
            .collect();
        let mut out = Vec::new();
        for cell in 0..keys.len() {
            if !keys[cell].is_empty() {
                extend(
                    board,
                    &keys,
                    lexicon,
                    &mut vec![cell],
                    keys[cell].clone(),
                    &mut out,
                );
            }
        }
        out
    }

    #[test]
    fn a_survey_finds_what_every_path_spells() {
        use rand::{Rng, SeedableRng};
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
        let letters = ["E", "A", "S", "T", "R", "I", "N", "O", "L", "Qu", "Z", "#"];
        let mut dead = 0;
        for rules in [Rules::hasbro(), Rules::cs106b()] {
            let mut solver = Solver::new(&lexicon, rules.clone());
            for _ in 0..150 {
                let (rows, cols) = (rng.gen_range(2..=4), rng.gen_range(2..=4));
                let faces = (0..rows * cols)
                    .map(|_| Face::new(letters[rng.gen_range(0..letters.len())]))
                    .collect();
                let board = Board::new(rows, cols, faces).unwrap();
                let mut words = std::collections::BTreeSet::new();
                let mut live = vec![false; rows * cols];
                for (path, key) in brute_paths(&board, &lexicon, &rules) {
                    let key = String::from_utf8(key).unwrap();
                    let len = crate::normalize::word_len(&key).unwrap();
                    if lexicon.lookup_key(key.as_bytes()) == crate::lexicon::Lookup::Word
                        && rules.counts(len)
                    {
                        path.iter().for_each(|&c| live[c] = true);
                        words.insert(key);
                    }
                }
                let solution = solver.solve(&board);
                let survey = solver.survey(&board);
                let mut got: Vec<String> = survey
                    .words
                    .iter()
                    .map(|&w| lexicon.word(w).unwrap())
                    .collect();
                got.sort();
                assert_eq!(got, words.iter().cloned().collect::<Vec<_>>(), "{board:?}");
                assert_eq!(survey.live, live, "{board:?}");
                assert_eq!(survey.points, solution.score);
                let longest = words.iter().map(|w| crate::normalize::word_len(w).unwrap());
                assert_eq!(survey.longest, longest.max().unwrap_or(0));
                dead += live.iter().filter(|&&l| !l).count();
            }
        }
        assert!(dead > 50, "the boards have dead faces to find: {dead}");
    }

    /// `Levels::ends` compiled for SSSE3 (what a build without it runs on a CPU
    /// with it) finds what the build's own matching finds, path for path.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_search_compiled_for_ssse3_finds_what_the_build_finds() {
        use rand::{Rng, SeedableRng};
        assert!(
            std::arch::is_x86_feature_detected!("ssse3"),
            "every x86-64-v2 CPU has SSSE3"
        );
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let mut solver = Solver::new(&lexicon, Rules::hasbro());
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
        let mut boards: Vec<String> = [
            "perslatgsineters",
            "Qu A T/E R S/T I N",
            "ab/cd",
            "eeeeeeeeeeeeeeee",
        ]
        .map(String::from)
        .to_vec();
        for _ in 0..200 {
            let (rows, cols) = (rng.gen_range(2..=4), rng.gen_range(2..=4));
            let rows: Vec<String> = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| rng.gen_range(b'a'..=b'z') as char)
                        .collect()
                })
                .collect();
            boards.push(rows.join("/"));
        }
        let mut found = 0;
        for text in &boards {
            let board: Board = text.parse().unwrap();
            solver.cells.load(&board, &lexicon, &solver.rules);
            let (automaton, cells, count) =
                (lexicon.automaton(), &solver.cells, board.faces().len());
            let sixteen = cells
                .matching
                .any_sixteen()
                .expect("a board of up to 16 cells");
            assert!(automaton.is_exact());
            let mut want = solver
                .levels
                .ends::<true, false>(automaton, cells, count, |mask| cells.matching.cells(mask))
                .map(|ends| ends.words.to_vec());
            // SAFETY: the CPU has SSSE3 (asserted) and POPCNT (x86-64-v2, as above).
            let mut got = unsafe {
                solver
                    .levels
                    .ends_ssse3::<true, false>(automaton, cells, count, sixteen)
            }
            .map(|ends| ends.words.to_vec());
            for ends in [&mut want, &mut got].into_iter().flatten() {
                ends.sort_unstable();
            }
            assert_eq!(got, want, "{text}");
            found += want.is_some_and(|w| !w.is_empty()) as usize;
        }
        assert!(found > 150, "only {found} boards had words");
    }

    fn words(list: &[&str], board: &str, rules: Rules) -> Vec<String> {
        let lexicon = Lexicon::from_words(list, &Profile::default()).unwrap();
        let board: Board = board.parse().unwrap();
        let mut solver = Solver::new(&lexicon, rules);
        solver
            .solve(&board)
            .words
            .into_iter()
            .map(|f| f.word)
            .collect()
    }

    /// The contract's JSON as `serde_json` writes it, what `to_json` must equal.
    fn json_by_value(solution: &Solution, board: &Board, profile: &Profile) -> String {
        let words: Vec<_> = solution
            .words
            .iter()
            .map(|f| {
                let path: Vec<[usize; 2]> = f.path.iter().map(|&(r, c)| [r, c]).collect();
                serde_json::json!({"word": profile.display(&f.word), "points": f.points, "path": path})
            })
            .collect();
        serde_json::json!({
            "rows": board.rows(), "cols": board.cols(), "count": solution.words.len(),
            "score": solution.score, "words": words,
        })
        .to_string()
    }

    #[test]
    fn json_text_is_what_serde_json_writes() {
        let english = Lexicon::builtin("enable2k").unwrap();
        let hindi = Lexicon::from_words(["क्षमा", "कमल", "नमक"], &Profile::default()).unwrap();
        let turkish = Profile {
            turkic: true,
            ..Profile::default()
        };
        let istanbul = Lexicon::from_words(["istanbul", "ıs"], &turkish).unwrap();
        let cases = [
            (&english, "ATEE/APYO/TINU/EDSE"),
            (&english, "SERSP/LATGN/INESE/RTERO/DISAC"),
            (&english, "Qu A I/T E R/S # N"),
            (&english, "ZZ/ZZ"),
            (&hindi, "क्ष मा न/ह र म/क म ल"),
            (&istanbul, "I S T/N A B/U L #"),
        ];
        for (lexicon, text) in cases {
            let board: Board = text.parse().unwrap();
            for rules in [Rules::hasbro(), Rules::cs106b()] {
                let solution = Solver::new(lexicon, rules).solve(&board);
                assert_eq!(
                    solution.to_json(&board, lexicon.profile()),
                    json_by_value(&solution, &board, lexicon.profile()),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn finds_words_along_simple_paths_only() {
        let found = words(
            &["aba", "abab", "cab", "bac", "dab"],
            "ab/cd",
            Rules::hasbro(),
        );
        // "abab" would reuse a die; "dab" and "bac" are paths (all cells touch).
        assert_eq!(found, ["bac", "cab", "dab"]);
    }

    #[test]
    fn multi_letter_faces_and_qu() {
        let list = ["queen", "quest", "schule", "sch"];
        assert_eq!(words(&list, "Q E/N E", Rules::hasbro()), ["queen"]);
        assert!(words(&list, "Q E/N E", Rules::cs106b()).is_empty());
        assert_eq!(words(&list, "SCH U/E L", Rules::cs106b()), ["schule"]);
    }

    /// The solver's worst case, met by the fuzz target `compile` (docs/reliability.md):
    /// one letter on every cell and a word repeating it, so every simple path spells a
    /// prefix. It costs millions of steps on 4×4, but stays bounded and right.
    #[test]
    fn a_board_of_one_letter_and_a_word_repeating_it() {
        let profile = Profile {
            turkic: true,
            ..Profile::default()
        };
        let word = format!("a{}dmiration", "I".repeat(17));
        let lexicon = Lexicon::from_words([word.as_str(), "aıı"], &profile).unwrap();
        let board: Board = "a ı ı ı/ı ı ı ı/ı ı ı ı/ı ı ı ı".parse().unwrap();
        let solution = Solver::new(&lexicon, Rules::hasbro()).solve(&board);
        let found: Vec<&str> = solution.words.iter().map(|f| f.word.as_str()).collect();
        assert_eq!(found, ["aıı"]);
        let tally = Solver::new(&lexicon, Rules::hasbro()).tally(&board);
        assert_eq!((tally.words, tally.points), (1, 1));
    }

    #[test]
    fn blank_cells_block_paths() {
        assert_eq!(words(&["abc"], "a b c", Rules::hasbro()), ["abc"]);
        assert!(words(&["abc"], "a # b c", Rules::hasbro()).is_empty());
        assert!(words(&["abc"], "a _ b c", Rules::hasbro()).is_empty());
    }

    #[test]
    fn boards_over_64_cells_agree_with_small_ones() {
        let list = ["stream", "tea", "team", "ream", "mast", "steam", "mats"];
        let small = "STREA/MSTRE/AMSTR/EAMST/REAMS".to_string();
        // 9×9 = 81 cells takes the general bitset; the same pattern tiles it.
        let rows: Vec<String> = (0..9)
            .map(|r| {
                (0..9)
                    .map(|c| "STREAM".as_bytes()[(r * 9 + c) % 6] as char)
                    .collect()
            })
            .collect();
        let big = rows.join("/");
        let small_words = words(&list, &small, Rules::hasbro());
        let big_words = words(&list, &big, Rules::hasbro());
        assert_eq!(small_words, ["mast", "ream", "tea"]);
        assert!(
            small_words.iter().all(|w| big_words.contains(w)),
            "{big_words:?}"
        );
        assert!(big_words.contains(&"stream".to_string()), "{big_words:?}");
    }

    #[test]
    fn counts_each_word_once_and_reuses_marks() {
        let lexicon = Lexicon::from_words(["aaa"], &Profile::default()).unwrap();
        let board: Board = "aa/aa".parse().unwrap();
        let mut solver = Solver::new(&lexicon, Rules::hasbro());
        for _ in 0..3 {
            assert_eq!(
                solver.tally(&board),
                Tally {
                    words: 1,
                    points: 1
                }
            );
        }
    }

    #[test]
    fn a_word_through_a_face_of_several_letters_counts_its_letters() {
        // "quake" takes 4 cells and scores as 5 letters, "cheat" 4 cells with `CH`,
        // and "qua" 2 cells, too few for a word of its own.
        let lexicon =
            Lexicon::from_words(["quake", "cheat", "take", "qua"], &Profile::default()).unwrap();
        let mut solver = Solver::new(&lexicon, Rules::hasbro());
        for (board, words, points) in [
            ("Qu A/E K", 2, 3),
            ("CH E/T A", 1, 2),
            ("Qu A T/X K E/X X X", 3, 4),
        ] {
            let board: Board = board.parse().unwrap();
            let tally = solver.tally(&board);
            assert_eq!((tally.words, tally.points), (words, points), "{board}");
            assert_eq!(solver.solve(&board).score, points, "{board}");
        }
    }

    #[test]
    fn many_ends_of_few_words() {
        // Thousands of paths spell each word: the search's buffers grow many times
        // over, and each word still counts once, on a board of 25 cells (counted
        // level by level) and one of 81 (depth first).
        let list = ["aa", "aaa", "aaaa", "aaaaa", "aaaaaa"];
        let lexicon = Lexicon::from_words(list, &Profile::default()).unwrap();
        let mut solver = Solver::new(&lexicon, Rules::hasbro());
        let expected = Tally {
            words: 4,
            points: 1 + 1 + 2 + 3,
        };
        for side in [5, 9] {
            let board: Board = vec!["a".repeat(side); side].join("/").parse().unwrap();
            assert_eq!(solver.tally(&board), expected, "{side}×{side}");
            assert_eq!(solver.solve(&board).words.len(), 4, "{side}×{side}");
            assert_eq!(solver.tally(&board), expected, "{side}×{side}");
        }
        // A level wider than the limit hands the board to the depth-first walk.
        let board: Board = "aaaaa/aaaaa/aaaaa/aaaaa/aaaaa".parse().unwrap();
        let levels = &mut solver.levels;
        let automaton = lexicon.automaton();
        solver.cells.load(&board, &lexicon, &Rules::hasbro());
        let cells = &solver.cells;
        let all = |mask| cells.matching.cells(mask);
        assert!(levels
            .ends::<true, false>(automaton, cells, 25, all)
            .is_some());
        levels.limit = 100;
        assert!(levels
            .ends::<true, false>(automaton, cells, 25, all)
            .is_none());
        assert_eq!(solver.tally(&board), expected);
    }

    #[test]
    fn seen_words_grow_and_clear() {
        let mut seen = Seen::default();
        for round in 0..3 {
            // More words than the first table holds, spread and adjacent.
            let words: Vec<u32> = (0..5000).map(|i| i * 7919 % 200_003 + round).collect();
            assert!(words.iter().all(|&w| seen.insert(w)), "round {round}");
            assert!(words.iter().all(|&w| !seen.insert(w)), "round {round}");
            seen.clear();
        }
        seen.generation = u32::MAX;
        seen.clear();
        assert!(seen.insert(1) && !seen.insert(1));
    }

    #[test]
    fn a_survey_by_levels_is_the_walk_s() {
        // Qu (a face of several bytes) on the English dice, and Greek's two-byte
        // letters, whose word lengths the level search looks up.
        let english = Lexicon::builtin("enable2k").unwrap();
        let greek = Lexicon::from_words(
            ["αλφα", "βητα", "γαλα", "λαβη", "αλας", "ηλια", "τα", "ατα"],
            &Profile::default(),
        )
        .unwrap();
        let greek_board: Board = "Α Λ Φ Α/Β Η Τ Α/Γ Α Λ Σ/Ι Α Β Η".parse().unwrap();
        let mut cases: Vec<(&Lexicon, Board)> = (0..300)
            .map(|seed| (&english, crate::rolled::english(seed)))
            .collect();
        cases.push((&greek, greek_board));
        let mut live = 0;
        for (lexicon, board) in cases {
            let mut solver = Solver::new(lexicon, Rules::hasbro());
            let leveled = solver.survey(&board);
            let mut words = leveled.words.to_vec();
            words.sort_unstable();
            let leveled = (
                words,
                leveled.points,
                leveled.longest,
                leveled.live.to_vec(),
            );
            solver.cells.load(&board, lexicon, &Rules::hasbro());
            let walked = solver.survey_walked(board.faces().len());
            let mut words = walked.words.to_vec();
            words.sort_unstable();
            let walked = (words, walked.points, walked.longest, walked.live.to_vec());
            assert_eq!(leveled, walked, "{board}");
            live += walked.3.iter().filter(|&&l| l).count();
        }
        assert!(live > 300 * 12, "{live}");
    }

    #[test]
    fn paths_spell_the_word() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let board: Board = "ATEE/APYO/TINU/EDSE".parse().unwrap();
        let solution = Solver::new(&lexicon, Rules::hasbro()).solve(&board);
        for found in &solution.words {
            let spelled: String = found
                .path
                .iter()
                .map(|&(r, c)| board.face(r, c).text().to_lowercase())
                .collect();
            assert_eq!(spelled, found.word);
        }
    }
}
