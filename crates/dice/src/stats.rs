//! How a dice set plays: what many seeded rolls of it hold, measured by solving each.
//!
//! Roll `i` of a measurement uses seed `seed + i` (wrapping), the seed
//! [`DiceSet::roll`] takes: roll 17 of `--seed 1` is `polyboggle roll SET --seed 18`.
//! Two sets measured with the same seed are compared on the same shuffles (common
//! random numbers): sets of as many dice go to the same places and turn up the same
//! face numbers. The rolls are solved on every core ([`Sampler`]); every count is an
//! integer summed over them, so a seed gives the same report on any machine and any
//! number of threads.
//!
//! Percentiles are nearest-rank: `p5` is the smallest count at least 5% of the
//! rolls are at or below.
//!
//! ```
//! use polyboggle_dice::{stats, DiceSet};
//! use polyboggle::{Lexicon, Rules};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let set = DiceSet::builtin("english-new-4x4")?;
//! let options = stats::Options { rolls: 200, ..Default::default() };
//! let report = stats::measure(&set, &lexicon, &Rules::hasbro(), &options)?;
//! assert!(report.words.p5 <= report.words.median);
//! assert!(report.dead_faces > 0.0 && report.dead_faces < 1.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The module does not search for better sets: [`design`](super::design) does, by
//! measuring candidates with a [`Sampler`].

use std::collections::HashMap;

use rayon::prelude::*;

use crate::derive::count_lexicon_units;
use crate::error::DiceError;
use crate::set::DiceSet;
use crate::unreachable::unreachable;
use polyboggle::board::{Board, Face};
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;
use polyboggle::solve::{self, Solver, Survey};

/// What to measure.
#[derive(Clone, Debug)]
pub struct Options {
    /// How many rolls (at least 1).
    pub rolls: usize,
    /// Roll `i` uses seed `seed + i`.
    pub seed: u64,
    /// A grid other than the set's own (a smaller one rolled from a larger set).
    pub size: Option<(usize, usize)>,
    /// A roll with fewer words than this is a poor roll.
    pub floor: u64,
    /// The language's vowels (keys under the dictionary's profile); empty: no vowel
    /// figures.
    pub vowels: Vec<String>,
    /// Threads to solve on (0: one per core).
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rolls: 100_000,
            seed: 1,
            size: None,
            floor: 45,
            vowels: Vec::new(),
            threads: 0,
        }
    }
}

/// Why a set cannot be measured.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StatsError {
    /// No rolls asked for.
    #[error("--rolls 0: measure at least one roll")]
    NoRolls,
    /// The grid does not fit the set.
    #[error(transparent)]
    Dice(#[from] DiceError),
    /// No face of the set is made of letters the dictionary's words use.
    #[error("{set}: no face of the set is made of letters the dictionary's words use (a dictionary of another language?)")]
    Foreign {
        /// The set's name.
        set: String,
    },
}

/// A count's spread over the rolls.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Spread {
    /// The mean.
    pub mean: f64,
    /// The standard deviation.
    pub sd: f64,
    /// The smallest.
    pub min: u64,
    /// 5th percentile.
    pub p5: u64,
    /// 25th percentile.
    pub p25: u64,
    /// 50th percentile.
    pub median: u64,
    /// 75th percentile.
    pub p75: u64,
    /// 95th percentile.
    pub p95: u64,
    /// The largest.
    pub max: u64,
}

impl Spread {
    /// The spread of `values`, which it sorts.
    pub fn of(values: &mut [u32]) -> Spread {
        if values.is_empty() {
            return Spread::default();
        }
        values.sort_unstable();
        let n = values.len() as f64;
        let mean = values.iter().map(|&v| v as f64).sum::<f64>() / n;
        let var = values
            .iter()
            .map(|&v| (v as f64 - mean).powi(2))
            .sum::<f64>()
            / n;
        let at = |p: f64| values[((p * n).ceil() as usize).clamp(1, values.len()) - 1] as u64;
        Spread {
            mean,
            sd: var.sqrt(),
            min: values[0] as u64,
            p5: at(0.05),
            p25: at(0.25),
            median: at(0.5),
            p75: at(0.75),
            p95: at(0.95),
            max: *values.last().expect("not empty") as u64,
        }
    }
}

/// One face of a set (faces with the same key together) and how it plays.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct FaceStats {
    /// The face as the set writes it (its first spelling).
    pub face: String,
    /// How many die faces show it.
    pub copies: usize,
    /// The share of the rolled cells that show it.
    pub shown: f64,
    /// The share of its showings that no word used (a dead face).
    pub dead: f64,
    /// Its share of the set's faces (blanks left out).
    pub set_share: f64,
    /// Its share of the dictionary's letters, the set's multi-letter faces counted as
    /// one letter where they occur.
    pub dict_share: f64,
}

/// Vowels: how many a roll shows.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Vowels {
    /// Vowel faces a roll, on average.
    pub mean: f64,
    /// The share of rolls with at most one vowel face.
    pub at_most_one: f64,
    /// The vowels' share of the set's faces.
    pub set_share: f64,
    /// Their share of the dictionary's letters.
    pub dict_share: f64,
}

/// How a set played over the rolls.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// The set's name.
    pub set: String,
    /// The grid rolled.
    pub rows: usize,
    /// The grid rolled.
    pub cols: usize,
    /// How many rolls.
    pub rolls: usize,
    /// The first roll's seed.
    pub seed: u64,
    /// Words a roll.
    pub words: Spread,
    /// Points a roll.
    pub points: Spread,
    /// The floor of a poor roll, in words.
    pub floor: u64,
    /// The share of rolls with fewer words than `floor`.
    pub under_floor: f64,
    /// The share of rolls with no word at all.
    pub none: f64,
    /// For L = 5..=10, the share of rolls holding a word of at least L letters.
    pub long_word: Vec<(usize, f64)>,
    /// The longest word of any roll, in letters.
    pub longest: usize,
    /// The share of the rolled letter faces no word used.
    pub dead_faces: f64,
    /// Each distinct face, most copies first.
    pub faces: Vec<FaceStats>,
    /// The dictionary's letters no face shows, with their share of its letters,
    /// most frequent first.
    pub missing: Vec<(String, f64)>,
    /// Jensen–Shannon divergence (bits, 0 to 1) between the faces' shares and the
    /// dictionary's letters' shares.
    pub divergence: f64,
    /// Vowel figures, when vowels were given.
    pub vowels: Option<Vowels>,
    /// Dictionary words no roll can show (what `dice unreachable` lists).
    pub unreachable_words: usize,
    /// The dictionary's words.
    pub dictionary_words: usize,
    /// Distinct words seen over all the rolls.
    pub distinct_words: usize,
    /// How many rolls had each number of words (index: words).
    pub histogram: Vec<u64>,
}

impl Stats {
    /// The report as JSON (the keys of the user contract's `dice stats --format json`).
    pub fn to_json(&self) -> serde_json::Value {
        let long: serde_json::Map<String, serde_json::Value> = self
            .long_word
            .iter()
            .map(|(len, share)| (len.to_string(), (*share).into()))
            .collect();
        let missing: Vec<serde_json::Value> = self
            .missing
            .iter()
            .map(|(face, share)| serde_json::json!({"face": face, "dict_share": share}))
            .collect();
        serde_json::json!({
            "set": self.set, "rows": self.rows, "cols": self.cols,
            "rolls": self.rolls, "seed": self.seed,
            "words": self.words, "points": self.points,
            "floor": self.floor, "under_floor": self.under_floor, "none": self.none,
            "long_word": long, "longest": self.longest,
            "dead_faces": self.dead_faces,
            "unreachable_words": self.unreachable_words,
            "dictionary_words": self.dictionary_words,
            "distinct_words": self.distinct_words,
            "divergence": self.divergence,
            "vowels": self.vowels,
            "faces": self.faces, "missing": missing,
        })
    }
}

/// The keys of `letters`' graphemes under `profile`, for [`Options::vowels`].
///
/// ```
/// use polyboggle_dice::stats::vowel_keys;
/// assert_eq!(vowel_keys("AEÉ", &Default::default()), ["a", "e", "é"]);
/// ```
pub fn vowel_keys(letters: &str, profile: &polyboggle::normalize::Profile) -> Vec<String> {
    unicode_segmentation::UnicodeSegmentation::graphemes(letters, true)
        .map(|g| profile.key(g))
        .filter(|k| !k.is_empty())
        .collect()
}

/// Measures `set` over `options.rolls` rolls solved with `lexicon` under `rules`.
pub fn measure(
    set: &DiceSet,
    lexicon: &Lexicon,
    rules: &Rules,
    options: &Options,
) -> Result<Stats, StatsError> {
    let sampler = Sampler::new(lexicon, rules.clone(), options.threads);
    sampler.stats(set, options)
}

/// Solves rolls of dice sets on a pool of threads: [`measure`] for many sets, or
/// for the many candidates of a design.
pub struct Sampler<'l> {
    lexicon: &'l Lexicon,
    rules: Rules,
    pool: rayon::ThreadPool,
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
pub(crate) struct FaceTable {
    /// Every die's faces, die after die.
    pub(crate) faces: Vec<Face>,
    /// Where each die's faces start in `faces`.
    first: Vec<usize>,
    /// A board of the rolled grid's shape.
    pub(crate) shape: Board,
}

impl FaceTable {
    /// The table of `faces` (a die's faces a row) for a `rows` × `cols` grid;
    /// `None` past 256 faces, which a byte cannot index.
    pub(crate) fn new(faces: &[Vec<Face>], rows: usize, cols: usize) -> Option<FaceTable> {
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
    pub(crate) fn index(&self, die: usize, face: usize) -> u8 {
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
                        let key = String::from_utf8(solve::face_key(face, profile, &self.rules))
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

    /// [`measure`] with this sampler's dictionary, rules and threads.
    pub fn stats(&self, set: &DiceSet, options: &Options) -> Result<Stats, StatsError> {
        if options.rolls == 0 {
            return Err(StatsError::NoRolls);
        }
        let (rows, cols) = self.check(set, options.size)?;
        // The rolls, and two passes over the dictionary's words (its letters, and
        // the words out of reach), all at once: the passes fill the cores the rolls'
        // last chunks leave idle.
        let (mut sample, (counts, unreachable_words)) = self.pool.install(|| {
            rayon::join(
                || {
                    self.sample(
                        set,
                        (rows, cols),
                        options.seed,
                        options.rolls,
                        &options.vowels,
                    )
                },
                || {
                    rayon::join(
                        || self.letter_counts(set),
                        || unreachable(set, rows, cols, self.lexicon, &self.rules).len(),
                    )
                },
            )
        });
        let rolls = options.rolls as f64;
        let share = |n: usize| n as f64 / rolls;
        let under_floor = share(
            sample
                .words
                .iter()
                .filter(|&&w| (w as u64) < options.floor)
                .count(),
        );
        let none = share(sample.words.iter().filter(|&&w| w == 0).count());
        let long_word = (5..=10)
            .map(|len| {
                let n = sample
                    .longest
                    .iter()
                    .filter(|&&l| l as usize >= len)
                    .count();
                (len, share(n))
            })
            .collect();
        let longest = sample.longest.iter().copied().max().unwrap_or(0) as usize;
        let mut histogram =
            vec![0u64; sample.words.iter().copied().max().unwrap_or(0) as usize + 1];
        for &w in &sample.words {
            histogram[w as usize] += 1;
        }
        let (letters, dead) = sample.dead(set);
        let (faces, missing, divergence) = self.faces(set, &sample, &counts);
        let vowels = (!options.vowels.is_empty()).then(|| {
            let is_vowel = |face: &str| {
                let key = String::from_utf8(solve::face_key(
                    &Face::new(face),
                    self.lexicon.profile(),
                    &self.rules,
                ))
                .unwrap_or_default();
                options
                    .vowels
                    .iter()
                    .any(|v| !v.is_empty() && key.starts_with(v.as_str()))
            };
            let vowel_faces: Vec<&FaceStats> = faces.iter().filter(|f| is_vowel(&f.face)).collect();
            Vowels {
                mean: sample.vowels.iter().map(|&v| v as f64).sum::<f64>() / rolls,
                at_most_one: share(sample.vowels.iter().filter(|&&v| v <= 1).count()),
                set_share: vowel_faces.iter().map(|f| f.set_share).sum(),
                dict_share: vowel_faces.iter().map(|f| f.dict_share).sum::<f64>()
                    + missing
                        .iter()
                        .filter(|(f, _)| is_vowel(f))
                        .map(|(_, s)| s)
                        .sum::<f64>(),
            }
        });
        Ok(Stats {
            set: set.name.clone(),
            rows,
            cols,
            rolls: options.rolls,
            seed: options.seed,
            words: Spread::of(&mut sample.words),
            points: Spread::of(&mut sample.points),
            floor: options.floor,
            under_floor,
            none,
            long_word,
            longest,
            dead_faces: if letters == 0 {
                0.0
            } else {
                dead as f64 / letters as f64
            },
            faces,
            missing,
            divergence,
            vowels,
            unreachable_words,
            dictionary_words: self.lexicon.word_count(),
            distinct_words: sample.seen.iter().map(|b| b.count_ones() as usize).sum(),
            histogram,
        })
    }

    /// The set's face keys, as the solver keys them.
    fn face_key(&self, face: &str) -> String {
        let profile = self.lexicon.profile();
        String::from_utf8(solve::face_key(&Face::new(face), profile, &self.rules))
            .unwrap_or_default()
    }

    /// The dictionary's letters, the set's multi-letter faces counted as one.
    fn letter_counts(&self, set: &DiceSet) -> HashMap<String, u64> {
        let mut units: Vec<String> = set
            .dice
            .iter()
            .flatten()
            .map(|face| self.face_key(face))
            .filter(|k| {
                unicode_segmentation::UnicodeSegmentation::graphemes(k.as_str(), true).count() > 1
            })
            .collect();
        units.sort();
        units.dedup();
        count_lexicon_units(self.lexicon, &units)
    }

    /// The set's faces against the dictionary's letters (`counts`): each face's
    /// figures, the dictionary's letters no face shows, and the divergence of the
    /// two shares.
    fn faces(
        &self,
        set: &DiceSet,
        sample: &Sample,
        counts: &HashMap<String, u64>,
    ) -> (Vec<FaceStats>, Vec<(String, f64)>, f64) {
        let profile = self.lexicon.profile();
        let key = |face: &str| self.face_key(face);
        // Faces by key: spelling, copies, shown, dead.
        let mut by_key: Vec<(String, String, usize, u64, u64)> = Vec::new();
        for (die, faces) in set.dice.iter().enumerate() {
            for (face, text) in faces.iter().enumerate() {
                let k = key(text);
                if k.is_empty() {
                    continue;
                }
                let (shown, dead) = sample.shown[die][face];
                match by_key.iter_mut().find(|e| e.0 == k) {
                    Some(entry) => {
                        entry.2 += 1;
                        entry.3 += shown;
                        entry.4 += dead;
                    }
                    None => by_key.push((k, text.clone(), 1, shown, dead)),
                }
            }
        }
        let letters: u64 = counts.values().sum::<u64>().max(1);
        let copies: usize = by_key.iter().map(|e| e.2).sum::<usize>().max(1);
        let rolled: u64 = by_key.iter().map(|e| e.3).sum::<u64>().max(1);
        let mut faces: Vec<FaceStats> = by_key
            .iter()
            .map(|(k, text, n, shown, dead)| FaceStats {
                face: text.clone(),
                copies: *n,
                shown: *shown as f64 / rolled as f64,
                dead: if *shown == 0 {
                    0.0
                } else {
                    *dead as f64 / *shown as f64
                },
                set_share: *n as f64 / copies as f64,
                dict_share: counts.get(k).copied().unwrap_or(0) as f64 / letters as f64,
            })
            .collect();
        faces.sort_by(|a, b| b.copies.cmp(&a.copies).then(a.face.cmp(&b.face)));
        let mut missing: Vec<(String, f64)> = counts
            .iter()
            .filter(|(k, _)| !by_key.iter().any(|e| &e.0 == *k))
            .map(|(k, &n)| (profile.display(k), n as f64 / letters as f64))
            .collect();
        missing.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut pairs: Vec<(f64, f64)> =
            faces.iter().map(|f| (f.set_share, f.dict_share)).collect();
        pairs.extend(missing.iter().map(|(_, s)| (0.0, *s)));
        (faces, missing, jensen_shannon(&pairs))
    }
}

/// The words a roll of each set, drawn as one SVG picture: a line a set (the share
/// of rolls with each number of words, in bins), the floor dashed, and a legend with
/// each set's 5th percentile, median and poor-roll share.
///
/// ```
/// use polyboggle_dice::{stats, DiceSet};
/// use polyboggle::{Lexicon, Rules};
///
/// let lexicon = Lexicon::builtin("enable2k")?;
/// let set = DiceSet::builtin("english-new-4x4")?;
/// let options = stats::Options { rolls: 50, ..Default::default() };
/// let report = stats::measure(&set, &lexicon, &Rules::hasbro(), &options)?;
/// let svg = stats::plot_svg(&[report]);
/// assert!(svg.starts_with("<svg") && svg.contains("english-new-4x4"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn plot_svg(sets: &[Stats]) -> String {
    use std::fmt::Write as _;
    const COLOURS: [&str; 6] = [
        "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
    ];
    let (width, height, left, right, top, bottom) = (760.0, 420.0, 60.0, 20.0, 20.0, 50.0);
    let legend = 18.0 * sets.len() as f64;
    let plot_h = height - top - bottom;
    let total_h = height + legend;
    // The x axis reaches the largest 99.5th percentile, so one freak roll does not
    // squash the picture; bins of a width that gives about 60 of them.
    let reach = sets
        .iter()
        .map(|s| {
            let mut left = (s.rolls as f64 * 0.005) as u64;
            let mut w = s.histogram.len();
            while w > 1 && left >= s.histogram[w - 1] {
                left -= s.histogram[w - 1];
                w -= 1;
            }
            w as u64
        })
        .max()
        .unwrap_or(1)
        .max(10);
    let bin = (reach as f64 / 60.0).ceil().max(1.0) as u64;
    let bins = reach.div_ceil(bin) as usize + 1;
    let shares: Vec<Vec<f64>> = sets
        .iter()
        .map(|s| {
            let mut out = vec![0.0; bins];
            for (w, &n) in s.histogram.iter().enumerate() {
                let b = (w as u64 / bin) as usize;
                out[b.min(bins - 1)] += n as f64 / s.rolls.max(1) as f64;
            }
            out
        })
        .collect();
    let top_share = shares
        .iter()
        .flatten()
        .copied()
        .fold(0.0, f64::max)
        .max(1e-9);
    let x = |w: f64| left + (w / (bins as u64 * bin) as f64) * (width - left - right);
    let y = |s: f64| top + plot_h - s / top_share * plot_h;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total_h}" viewBox="0 0 {width} {total_h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let (x0, y0) = (left, top + plot_h);
    let _ = writeln!(
        svg,
        r#"<path d="M{x0} {top} V{y0} H{}" stroke="black" fill="none"/>"#,
        width - right
    );
    for i in 0..=5 {
        let w = (bins as u64 * bin) as f64 * i as f64 / 5.0;
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{:.0}</text>"#,
            x(w),
            y0 + 16.0,
            w
        );
        let s = top_share * i as f64 / 5.0;
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="end">{:.1}%</text>"#,
            x0 - 4.0,
            y(s) + 4.0,
            s * 100.0
        );
    }
    let _ = writeln!(
        svg,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">words a roll ({} a bin)</text>"#,
        (left + width - right) / 2.0,
        y0 + 34.0,
        bin
    );
    if let Some(floor) = sets.first().map(|s| s.floor as f64) {
        let _ = writeln!(
            svg,
            r#"<path d="M{:.1} {top} V{y0}" stroke="gray" stroke-dasharray="4 3"/><text x="{:.1}" y="{:.1}" fill="gray">floor {floor}</text>"#,
            x(floor),
            x(floor) + 4.0,
            top + 12.0
        );
    }
    for (i, (set, shares)) in sets.iter().zip(&shares).enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let points: Vec<String> = shares
            .iter()
            .enumerate()
            .map(|(b, &s)| format!("{:.1},{:.1}", x((b as f64 + 0.5) * bin as f64), y(s)))
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#,
            points.join(" ")
        );
        let ly = height + 18.0 * i as f64;
        let _ = writeln!(
            svg,
            r#"<rect x="{left}" y="{:.1}" width="14" height="4" fill="{colour}"/><text x="{:.1}" y="{:.1}">{}: p5 {}, median {}, under {} words {:.1}%</text>"#,
            ly - 4.0,
            left + 20.0,
            ly,
            xml_text(&set.set),
            set.words.p5,
            set.words.median,
            set.floor,
            set.under_floor * 100.0
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// `text` with XML's special characters escaped.
fn xml_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The Jensen–Shannon divergence, in bits, of two distributions given as pairs of
/// probabilities of the same outcomes.
pub(crate) fn jensen_shannon(pairs: &[(f64, f64)]) -> f64 {
    let kl = |p: f64, m: f64| if p > 0.0 { p * (p / m).log2() } else { 0.0 };
    pairs
        .iter()
        .map(|&(p, q)| {
            let m = (p + q) / 2.0;
            (kl(p, m) + kl(q, m)) / 2.0
        })
        .sum::<f64>()
        .clamp(0.0, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spreads_are_nearest_rank() {
        let mut values: Vec<u32> = (1..=100).rev().collect();
        let s = Spread::of(&mut values);
        assert_eq!(
            (s.min, s.p5, s.p25, s.median, s.p75, s.p95, s.max),
            (1, 5, 25, 50, 75, 95, 100)
        );
        assert!((s.mean - 50.5).abs() < 1e-9);
        let one = Spread::of(&mut [7]);
        assert_eq!((one.p5, one.median, one.max, one.sd), (7, 7, 7, 0.0));
    }

    #[test]
    fn divergence_is_zero_for_equal_and_one_for_disjoint() {
        assert!(jensen_shannon(&[(0.5, 0.5), (0.5, 0.5)]).abs() < 1e-12);
        assert!((jensen_shannon(&[(1.0, 0.0), (0.0, 1.0)]) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_stats_are_the_rolled_boards_solved_one_by_one() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let rules = Rules::hasbro();
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let options = Options {
            rolls: 300,
            seed: 9,
            floor: 60,
            vowels: ["a", "e", "i", "o", "u"].map(String::from).to_vec(),
            ..Options::default()
        };
        let stats = measure(&set, &lexicon, &rules, &options).unwrap();
        let mut solver = Solver::new(&lexicon, rules.clone());
        let (mut words, mut points, mut seen) =
            (Vec::new(), Vec::new(), std::collections::HashSet::new());
        let (mut long7, mut poor, mut longest) = (0, 0, 0);
        for i in 0..300 {
            let board = set.roll(9 + i, None).unwrap();
            let solution = solver.solve(&board);
            words.push(solution.words.len() as u32);
            points.push(solution.score as u32);
            poor += (solution.words.len() < 60) as usize;
            let len = solution
                .words
                .iter()
                .map(|f| polyboggle::normalize::word_len(&f.word).unwrap())
                .max()
                .unwrap_or(0);
            long7 += (len >= 7) as usize;
            longest = longest.max(len);
            seen.extend(solution.words.into_iter().map(|f| f.word));
        }
        assert_eq!(stats.words, Spread::of(&mut words));
        assert_eq!(stats.points, Spread::of(&mut points));
        assert_eq!(stats.under_floor, poor as f64 / 300.0);
        assert_eq!(stats.long_word[2], (7, long7 as f64 / 300.0));
        assert_eq!(stats.longest, longest);
        assert_eq!(stats.distinct_words, seen.len());
        assert_eq!(stats.histogram.iter().sum::<u64>(), 300);
        let shown: f64 = stats.faces.iter().map(|f| f.shown).sum();
        assert!((shown - 1.0).abs() < 1e-9);
        let unreachable = unreachable(&set, 4, 4, &lexicon, &rules).len();
        assert_eq!(stats.unreachable_words, unreachable);
        let vowels = stats.vowels.unwrap();
        assert!(vowels.mean > 3.0 && vowels.mean < 8.0, "{vowels:?}");
        // One thread or many, the same report.
        let single = measure(
            &set,
            &lexicon,
            &rules,
            &Options {
                threads: 1,
                ..options
            },
        )
        .unwrap();
        assert_eq!(single, stats);
    }

    #[test]
    fn bad_inputs_are_refused() {
        let lexicon = Lexicon::from_words(["alpha", "beta"], &Default::default()).unwrap();
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let rules = Rules::hasbro();
        let none = Options {
            rolls: 0,
            ..Options::default()
        };
        assert_eq!(
            measure(&set, &lexicon, &rules, &none),
            Err(StatsError::NoRolls)
        );
        let big = Options {
            size: Some((5, 5)),
            ..Options::default()
        };
        assert!(measure(&set, &lexicon, &rules, &big)
            .unwrap_err()
            .to_string()
            .contains("needs 25 dice"));
        let greek = Lexicon::from_words(["αβγ"], &Default::default()).unwrap();
        let small = Options {
            rolls: 10,
            ..Options::default()
        };
        assert!(matches!(
            measure(&set, &greek, &rules, &small),
            Err(StatsError::Foreign { .. })
        ));
    }
}
