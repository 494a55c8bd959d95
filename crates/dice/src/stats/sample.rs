//! Rolling and solving: the [`Sampler`]'s pool of threads rolls a set with seeded
//! shakes and solves each roll, summing what the rolls held ([`Sample`]) or
//! counting the few figures a design weighs ([`RollFigures`]). What the sums mean
//! (percentiles, shares, faces against the dictionary) is the report's.

use rayon::prelude::*;

use super::error::StatsError;
use crate::error::DiceError;
use crate::set::DiceSet;
use polyboggle::board::{Board, Face};
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;
use polyboggle::solve::{self, Solver, Survey};

/// Solves rolls of dice sets on a pool of threads: [`measure`](super::measure) for many sets, or
/// for the many candidates of a design.
pub struct Sampler<'l> {
    pub(super) lexicon: &'l Lexicon,
    pub(super) rules: Rules,
    pub(super) pool: rayon::ThreadPool,
}

/// What a run of rolls held, roll by roll and in sums.
#[derive(Clone, Debug, Default)]
pub struct Sample {
    /// Words of each roll, in roll order.
    pub words: Vec<u32>,
    /// Points of each roll.
    pub points: Vec<u32>,
    /// The longest word of each roll, in letters.
    pub longest: Vec<u8>,
    /// Vowel faces of each roll.
    pub vowels: Vec<u8>,
    /// For each die and face, how often it was rolled and how often no word used it.
    pub shown: Vec<Vec<(u64, u64)>>,
    /// A bit for each dictionary word seen in some roll.
    pub seen: Vec<u64>,
}

/// What one roll holds, as [`Sampler::figures`] counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RollFigures {
    /// Words that count.
    pub words: u32,
    /// Cells showing a letter face (not a blank).
    pub letters: u32,
    /// Of those, the faces no word used.
    pub dead: u32,
}

impl Sample {
    /// Letter faces rolled, and those no word used: the dead-face rate's parts.
    pub fn dead(&self, set: &DiceSet) -> (u64, u64) {
        let mut counts = (0, 0);
        for (die, faces) in self.shown.iter().enumerate() {
            for (face, &(shown, dead)) in faces.iter().enumerate() {
                if !Face::new(&set.dice[die][face]).is_blank() {
                    counts.0 += shown;
                    counts.1 += dead;
                }
            }
        }
        counts
    }
}

/// A set's faces in one table, keyed once for all the rolls a worker solves
/// ([`Solver::survey_indexed`]): a rolled board is then a face index a cell.
struct FaceTable {
    /// Every die's faces, die after die.
    faces: Vec<Face>,
    /// Where each die's faces start in `faces`.
    first: Vec<usize>,
    /// A board of the rolled grid's shape.
    shape: Board,
}

impl FaceTable {
    /// The table of `faces` (a die's faces a row) for a `rows` × `cols` grid;
    /// `None` past 256 faces, which a byte cannot index.
    fn new(faces: &[Vec<Face>], rows: usize, cols: usize) -> Option<FaceTable> {
        let first: Vec<usize> = faces
            .iter()
            .scan(0, |at, die| {
                let first = *at;
                *at += die.len();
                Some(first)
            })
            .collect();
        let all: Vec<Face> = faces.iter().flatten().cloned().collect();
        if all.len() > 256 {
            return None;
        }
        let shape = Board::new(rows, cols, vec![Face::new("a"); rows * cols]).ok()?;
        Some(FaceTable {
            faces: all,
            first,
            shape,
        })
    }

    /// The table's index of face `face` of die `die`.
    #[inline]
    fn index(&self, die: usize, face: usize) -> u8 {
        (self.first[die] + face) as u8
    }
}

/// Each die's faces, as faces.
fn die_faces(set: &DiceSet) -> Vec<Vec<Face>> {
    set.dice
        .iter()
        .map(|die| die.iter().map(|f| Face::new(f)).collect())
        .collect()
}

/// One worker's solver and buffers: rolls a set and surveys the roll, through
/// the face table when there is one (a face's index), else face by face.
struct Roller<'a> {
    solver: Solver<'a>,
    table: Option<&'a FaceTable>,
    faces: &'a [Vec<Face>],
    grid: (usize, usize),
    shown: Vec<(usize, usize)>,
    indices: Vec<u8>,
}

impl<'a> Roller<'a> {
    fn new(
        sampler: &Sampler<'a>,
        table: Option<&'a FaceTable>,
        faces: &'a [Vec<Face>],
        grid: (usize, usize),
    ) -> Roller<'a> {
        let mut solver = Solver::new(sampler.lexicon, sampler.rules.clone());
        if let Some(table) = table {
            solver.key_faces(&table.faces);
        }
        Roller {
            solver,
            table,
            faces,
            grid,
            shown: Vec::with_capacity(grid.0 * grid.1),
            indices: Vec::with_capacity(grid.0 * grid.1),
        }
    }

    /// The roll of `set` with `seed`: each cell's (die, face), and what the board holds.
    fn roll(&mut self, set: &DiceSet, seed: u64) -> (&[(usize, usize)], Survey<'_>) {
        let (rows, cols) = self.grid;
        set.shake(seed, rows * cols, &mut self.shown);
        let survey = match self.table {
            Some(table) => {
                self.indices.clear();
                let shown = self.shown.iter();
                self.indices.extend(shown.map(|&(d, f)| table.index(d, f)));
                self.solver.survey_indexed(&table.shape, &self.indices)
            }
            None => {
                let faces = self.faces;
                let rolled = self
                    .shown
                    .iter()
                    .map(|&(d, f)| faces[d][f].clone())
                    .collect();
                let board = Board::new(rows, cols, rolled).expect("a grid the set fits");
                self.solver.survey(&board)
            }
        };
        (&self.shown, survey)
    }
}

/// Rolls a worker solves before taking more.
const CHUNK: usize = 512;

impl<'l> Sampler<'l> {
    /// A sampler on `threads` threads (0: one per core).
    pub fn new(lexicon: &'l Lexicon, rules: Rules, threads: usize) -> Sampler<'l> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool starts");
        Sampler {
            lexicon,
            rules,
            pool,
        }
    }

    /// The dictionary.
    pub fn lexicon(&self) -> &'l Lexicon {
        self.lexicon
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The key of a face as a dice file writes it (`Qu`, `CH`), as the solver keys it
    /// under the dictionary's profile and the rules; empty when it spells nothing.
    pub(crate) fn written_face_key(&self, text: &str) -> String {
        let profile = self.lexicon.profile();
        String::from_utf8(solve::spelled_key(&Face::new(text), profile, &self.rules))
            .unwrap_or_default()
    }

    /// Checks that `set` can be rolled on the grid and shares letters with the
    /// dictionary: the grid rolled.
    pub fn check(
        &self,
        set: &DiceSet,
        size: Option<(usize, usize)>,
    ) -> Result<(usize, usize), StatsError> {
        let grid = set.grid(size)?;
        let faces: Vec<Face> = set.dice.iter().flatten().map(|f| Face::new(f)).collect();
        let all = Board::new(1, faces.len(), faces).map_err(|e| DiceError::Size(e.to_string()))?;
        if solve::foreign_board(&all, self.lexicon, &self.rules) {
            return Err(StatsError::Foreign {
                set: set.name.clone(),
            });
        }
        if let Some(folded) = set.folded(self.lexicon.profile(), &self.rules) {
            return Err(folded.into());
        }
        Ok(grid)
    }

    /// Rolls `set` with seeds `seed`, `seed + 1`, ... `rolls` times on the grid
    /// `(rows, cols)` (which it must fit: see [`Sampler::check`]) and solves each
    /// roll. `vowels` are keys; a face whose key starts with one is a vowel face.
    pub fn sample(
        &self,
        set: &DiceSet,
        (rows, cols): (usize, usize),
        seed: u64,
        rolls: usize,
        vowels: &[String],
    ) -> Sample {
        let profile = self.lexicon.profile();
        let faces = die_faces(set);
        let vowel: Vec<Vec<bool>> = faces
            .iter()
            .map(|die| {
                die.iter()
                    .map(|face| {
                        let key = String::from_utf8(solve::spelled_key(face, profile, &self.rules))
                            .unwrap_or_default();
                        vowels
                            .iter()
                            .any(|v| !v.is_empty() && key.starts_with(v.as_str()))
                    })
                    .collect()
            })
            .collect();
        let words = self.lexicon.word_count();
        let table = FaceTable::new(&faces, rows, cols);
        let mut per_roll = vec![(0u32, 0u32, 0u8, 0u8); rolls];
        let empty = || Sample {
            shown: faces.iter().map(|die| vec![(0, 0); die.len()]).collect(),
            seen: vec![0; words.div_ceil(64)],
            ..Sample::default()
        };
        let totals = self.pool.install(|| {
            per_roll
                .par_chunks_mut(CHUNK)
                .enumerate()
                .map(|(chunk, out)| {
                    let mut sums = empty();
                    let mut roller = Roller::new(self, table.as_ref(), &faces, (rows, cols));
                    for (i, roll) in out.iter_mut().enumerate() {
                        let n = (chunk * CHUNK + i) as u64;
                        let (shown, survey) = roller.roll(set, seed.wrapping_add(n));
                        for (&(d, f), &live) in shown.iter().zip(survey.live) {
                            let entry = &mut sums.shown[d][f];
                            entry.0 += 1;
                            entry.1 += !live as u64;
                        }
                        for &word in survey.words {
                            if let Some(bits) = sums.seen.get_mut(word as usize / 64) {
                                *bits |= 1 << (word % 64);
                            }
                        }
                        let vowel_faces = shown.iter().filter(|&&(d, f)| vowel[d][f]).count();
                        *roll = (
                            survey.words.len() as u32,
                            survey.points.min(u32::MAX as u64) as u32,
                            survey.longest.min(255) as u8,
                            vowel_faces.min(255) as u8,
                        );
                    }
                    sums
                })
                .reduce(empty, |mut a, b| {
                    for (x, y) in a.shown.iter_mut().flatten().zip(b.shown.iter().flatten()) {
                        x.0 += y.0;
                        x.1 += y.1;
                    }
                    for (x, y) in a.seen.iter_mut().zip(&b.seen) {
                        *x |= y;
                    }
                    a
                })
        });
        Sample {
            words: per_roll.iter().map(|r| r.0).collect(),
            points: per_roll.iter().map(|r| r.1).collect(),
            longest: per_roll.iter().map(|r| r.2).collect(),
            vowels: per_roll.iter().map(|r| r.3).collect(),
            ..totals
        }
    }

    /// What each of the rolls `rolls` holds (roll `r` uses seed `seed + r`) of `set`
    /// on the grid `(rows, cols)` (which it must fit: see [`Sampler::check`]): the
    /// few figures a design weighs, in the order of `rolls`. The same rolls give the
    /// same figures however the work is split, so a design can solve again only
    /// the rolls a move changed.
    pub fn figures(
        &self,
        set: &DiceSet,
        (rows, cols): (usize, usize),
        seed: u64,
        rolls: &[usize],
    ) -> Vec<RollFigures> {
        let faces = die_faces(set);
        let blank: Vec<Vec<bool>> = faces
            .iter()
            .map(|die| die.iter().map(Face::is_blank).collect())
            .collect();
        let table = FaceTable::new(&faces, rows, cols);
        // A few chunks a thread, so an uneven one does not hold the others up.
        let chunk = rolls
            .len()
            .div_ceil(4 * self.pool.current_num_threads())
            .max(16);
        let chunks: Vec<Vec<RollFigures>> = self.pool.install(|| {
            rolls
                .par_chunks(chunk)
                .map(|rolls| {
                    let mut roller = Roller::new(self, table.as_ref(), &faces, (rows, cols));
                    rolls
                        .iter()
                        .map(|&roll| {
                            let (shown, survey) = roller.roll(set, seed.wrapping_add(roll as u64));
                            let (mut letters, mut dead) = (0, 0);
                            for (&(d, f), &live) in shown.iter().zip(survey.live) {
                                if !blank[d][f] {
                                    letters += 1;
                                    dead += !live as u32;
                                }
                            }
                            RollFigures {
                                words: survey.words.len() as u32,
                                letters,
                                dead,
                            }
                        })
                        .collect()
                })
                .collect()
        });
        chunks.into_iter().flatten().collect()
    }
}
