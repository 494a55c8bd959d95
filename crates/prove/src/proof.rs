//! [`Proof`]: a proof's setup (space, dictionary, rules, threshold, top-level
//! classes and symmetries), its run over classes in parallel, and what it reports.
//! The search of one class is [`crate::search`]'s.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use rayon::prelude::*;

use polyboggle::board::{Board, Face};
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;
use polyboggle::solve;
use polyboggle_optimize::Space;

use crate::class::{self, Classes, Cut};
use crate::clock;
use crate::dice;
use crate::search::{self, Breaker, Outcome};

/// The most cells a proof's grid may have: the walk keeps its used cells in a `u64`.
pub const MAX_CELLS: usize = 64;
/// The most distinct faces a proof's space may have: a class's sets are `u128`.
pub const MAX_FACES: usize = 128;

/// Why a proof cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProveError {
    /// The grid has more cells than the bound handles.
    #[error("a {rows}x{cols} grid has {} cells: prove handles at most {MAX_CELLS}", rows * cols)]
    Size {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
    /// More distinct faces than a class's sets hold.
    #[error("the space has {0} distinct faces: prove handles at most {MAX_FACES}")]
    Faces(usize),
    /// The space holds more boards than its counts can hold.
    #[error("the space holds more than 2^128 boards ({faces} faces on {cells} cells): prove cannot count it")]
    TooLarge {
        /// Faces a cell may show.
        faces: usize,
        /// Cells.
        cells: usize,
    },
    /// More top-level classes than a class number holds.
    #[error("{buckets} buckets on {cells} cells make more than 2^62 top-level classes: use fewer --buckets")]
    Classes {
        /// Buckets a cell.
        buckets: usize,
        /// Cells.
        cells: usize,
    },
    /// A bucket named a face the space does not have.
    #[error("bucket {bucket:?}: {text:?} is not a face of the space (its faces: {faces})")]
    Bucket {
        /// The bucket as written.
        bucket: String,
        /// The part of it that named no face.
        text: String,
        /// The space's faces.
        faces: String,
    },
    /// A top-level class's word paths do not fit the orderly bound's keys.
    #[error("a top-level class of {faces} faces a cell on {cells} cells needs {bits}-bit word paths: prove handles at most 128 (use fewer faces or a smaller grid)")]
    KeyBits {
        /// Faces in the largest bucket.
        faces: usize,
        /// Cells.
        cells: usize,
        /// The bits a word path would take.
        bits: u32,
    },
}

/// A board the proof found at or above the threshold, one per symmetry class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proven {
    /// The board, turned to its canonical form.
    pub board: Board,
    /// Its score.
    pub score: u64,
    /// Its word count.
    pub words: u64,
}

/// What one top-level class's search found, for logs and progress.
#[derive(Clone, Debug)]
pub struct ClassReport {
    /// The top-level class's number.
    pub class: u64,
    /// What breaking it found and cost.
    pub outcome: Outcome,
    /// CPU seconds of the thread that broke it (wall seconds where the platform
    /// has no thread clock).
    pub seconds: f64,
}

/// A proof's result over the classes it was given.
#[derive(Clone, Debug)]
pub struct ProofResult {
    /// Every board scoring at least the threshold (canonical, best first).
    pub boards: Vec<Proven>,
    /// False when `stop` ended the search before every class was done.
    pub complete: bool,
    /// Top-level classes finished.
    pub classes_done: u64,
    /// Classes bounded, top-level and parts.
    pub bounds: u64,
    /// Boards scored exactly.
    pub scored: u64,
    /// The largest bound of a dropped class.
    pub max_dropped: u64,
    /// Thread-seconds spent in classes.
    pub cpu_seconds: f64,
    /// Wall seconds.
    pub seconds: f64,
}

/// A proof over one space, dictionary, rules and threshold.
pub struct Proof<'l> {
    breaker: Breaker<'l>,
    classes: Classes,
    /// Listed when first asked for (a sample does without).
    canonical: OnceLock<Vec<u64>>,
    symmetries: Vec<Vec<usize>>,
    /// The number of buckets when every cell is cut alike by weight.
    weight_buckets: Option<usize>,
}

/// What a sample of top-level classes says about the whole proof's CPU time.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Canonical top-level classes of the whole proof.
    pub classes: u64,
    /// Classes timed.
    pub sampled: usize,
    /// Their mean thread-seconds.
    pub mean: f64,
    /// The whole proof's thread-seconds: `mean × classes`.
    pub cpu_seconds: f64,
    /// A 95% interval of it (bootstrap percentiles of the mean).
    pub low: f64,
    /// The interval's top.
    pub high: f64,
}

impl<'l> Proof<'l> {
    /// Sets up the proof that every board of `space` scoring `min` or more under
    /// `rules` with `lexicon` is in its result, with the default top-level cut
    /// ([`class::default_buckets`]).
    pub fn new(
        lexicon: &'l Lexicon,
        rules: Rules,
        space: &Space,
        min: u64,
    ) -> std::result::Result<Proof<'l>, ProveError> {
        Proof::with_buckets(lexicon, rules, space, min, None)
    }

    /// [`Proof::new`] with top-level classes of `buckets` buckets a cell (1: the
    /// whole space is one class; `None`: the default). The answer is the same;
    /// how the work is cut up changes.
    pub fn with_buckets(
        lexicon: &'l Lexicon,
        rules: Rules,
        space: &Space,
        min: u64,
        buckets: Option<usize>,
    ) -> std::result::Result<Proof<'l>, ProveError> {
        let cut = buckets.map_or(Cut::Default, Cut::Weight);
        Proof::with_cut(lexicon, rules, space, min, &cut)
    }

    /// [`Proof::new`] with top-level classes cut as `cut` says. The answer is the
    /// same; how the work is cut up changes.
    pub fn with_cut(
        lexicon: &'l Lexicon,
        rules: Rules,
        space: &Space,
        min: u64,
        cut: &Cut,
    ) -> std::result::Result<Proof<'l>, ProveError> {
        let (rows, cols) = space.shape();
        let cells = rows * cols;
        if cells > MAX_CELLS {
            return Err(ProveError::Size { rows, cols });
        }
        let space_faces = space.faces();
        if space_faces.len() > MAX_FACES {
            return Err(ProveError::Faces(space_faces.len()));
        }
        // The faces a cell may show, in the space's numbering.
        let allowed: Vec<u8> = match (space.free_letters(), space.dice_faces()) {
            (Some(letters), _) => letters.to_vec(),
            (None, Some(dice)) => {
                let mut all: Vec<u8> = dice.iter().flatten().copied().collect();
                all.sort_unstable();
                all.dedup();
                all
            }
            (None, None) => unreachable!("a space is letters or dice"),
        };
        let boards = (allowed.len() as u128).checked_pow(cells as u32);
        if boards.is_none() {
            return Err(ProveError::TooLarge {
                faces: allowed.len(),
                cells,
            });
        }
        // Renumber the allowed faces most frequent first: buckets and halves cut
        // along that order.
        let weights = face_weights(lexicon, &rules, space_faces);
        let mut order = allowed.clone();
        order.sort_by_key(|&f| (std::cmp::Reverse(weights[f as usize]), f));
        let renumber: HashMap<u8, u8> = order
            .iter()
            .enumerate()
            .map(|(new, &old)| (old, new as u8))
            .collect();
        let faces: Vec<Face> = order
            .iter()
            .map(|&f| space_faces[f as usize].clone())
            .collect();
        let dice = space.dice_faces().map(|dice| {
            let renumbered: Vec<Vec<u8>> = dice
                .iter()
                .map(|die| die.iter().map(|f| renumber[f]).collect())
                .collect();
            dice::Dice::new(&renumbered, faces.len())
        });
        let sorted_weights: Vec<u64> = order.iter().map(|&f| weights[f as usize]).collect();
        let all = class::all_faces(faces.len());
        let keys: Vec<Vec<u8>> = faces
            .iter()
            .map(|face| solve::spelled_key(face, lexicon.profile(), &rules))
            .collect();
        let mut weight_buckets = None;
        let classes = match cut {
            Cut::Default => {
                let vowel_cut = (cells >= class::VOWEL_CUT_CELLS
                    && faces.len() >= class::VOWEL_CUT_FACES)
                    .then(|| {
                        let vowels = class::vowels(lexicon.words(), &keys);
                        class::vowel_cut(&sorted_weights, vowels, rows, cols)
                    })
                    .flatten();
                match vowel_cut {
                    Some(lists) => Classes::per_cell(lists, all),
                    None => {
                        let k = class::default_buckets(cells, faces.len());
                        let classes = Classes::new(&sorted_weights, all, cells, k);
                        weight_buckets = Some(classes.buckets()[0].len());
                        classes
                    }
                }
            }
            Cut::Weight(k) => {
                let classes = Classes::new(&sorted_weights, all, cells, *k);
                weight_buckets = Some(classes.buckets()[0].len());
                classes
            }
            Cut::Named {
                cells: inner,
                corners,
            } => {
                let inner = named_buckets(inner, &keys, lexicon, &rules)?;
                let corners = match corners {
                    Some(list) => named_buckets(list, &keys, lexicon, &rules)?,
                    None => inner.clone(),
                };
                Classes::per_cell(class::corners_apart(rows, cols, &inner, &corners), all)
            }
        };
        if classes.count() > class::MOST_CLASSES {
            let buckets = classes.buckets().iter().map(Vec::len).max().unwrap_or(1);
            return Err(ProveError::Classes { buckets, cells });
        }
        let symmetries = space.symmetries().to_vec();
        let breaker = Breaker::new(lexicon, rules, faces, rows, cols, dice, min);
        let widest = classes
            .buckets()
            .iter()
            .flatten()
            .map(|b| b.count_ones())
            .max()
            .unwrap_or(0) as usize;
        let bits = breaker.walker.key_bits(widest);
        if bits > 128 {
            return Err(ProveError::KeyBits {
                faces: widest,
                cells,
                bits,
            });
        }
        Ok(Proof {
            breaker,
            classes,
            canonical: OnceLock::new(),
            symmetries,
            weight_buckets,
        })
    }

    /// The canonical top-level classes, in order: what a whole proof searches
    /// (listed on the first call: every class is looked at).
    pub fn classes(&self) -> &[u64] {
        self.canonical
            .get_or_init(|| self.classes.canonical(&self.symmetries))
    }

    /// How many canonical top-level classes there are, without listing them.
    pub fn canonical_count(&self) -> u64 {
        self.classes.canonical_count(&self.symmetries) as u64
    }

    /// `n` canonical top-level classes drawn at random (all of them when there
    /// are no more than `n`), each class as likely as any other, in order.
    pub fn sample(&self, n: usize, seed: u64) -> Vec<u64> {
        if self.canonical_count() <= n as u64 {
            return self.classes().to_vec();
        }
        let mut rng = SplitMix(seed);
        let count = self.classes.count() as u64;
        let mut drawn = BTreeSet::new();
        while drawn.len() < n {
            // Uniform over all classes, kept when canonical: uniform over orbits
            // of 8 (nearly all); a symmetric class's orbit is smaller, and its
            // canonical member is drawn as often as any other's.
            let class = rng.below(count);
            if self.classes.is_canonical(class, &self.symmetries) {
                drawn.insert(class);
            }
        }
        drawn.into_iter().collect()
    }

    /// The whole proof's CPU time as a sample of its classes gives it.
    pub fn estimate(&self, reports: &[ClassReport]) -> Estimate {
        let classes = self.canonical_count();
        let seconds: Vec<f64> = reports.iter().map(|r| r.seconds).collect();
        let n = seconds.len().max(1);
        let mean = seconds.iter().fold(0.0, |a, s| a + s) / n as f64;
        // Bootstrap: the means of 2,000 resamples, their 2.5th and 97.5th
        // percentiles (the times are far from normal: a few classes take most).
        let mut rng = SplitMix(0x5eed);
        let mut means: Vec<f64> = (0..2000)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        seconds
                            .get(rng.below(n as u64) as usize)
                            .copied()
                            .unwrap_or(0.0)
                    })
                    .sum::<f64>()
                    / n as f64
            })
            .collect();
        means.sort_by(f64::total_cmp);
        Estimate {
            classes,
            sampled: seconds.len(),
            mean,
            cpu_seconds: mean * classes as f64,
            low: means[50] * classes as f64,
            high: means[1949] * classes as f64,
        }
    }

    /// The buckets top-level classes are made of, as faces: the first cell's
    /// (every cell's where all are cut alike).
    pub fn buckets(&self) -> Vec<Vec<&Face>> {
        self.faces_of(&self.classes.buckets()[0])
    }

    /// The buckets of each cell, as faces.
    pub fn cell_buckets(&self) -> Vec<Vec<Vec<&Face>>> {
        self.classes
            .buckets()
            .iter()
            .map(|list| self.faces_of(list))
            .collect()
    }

    /// How the buckets read: `3` for three buckets of equal weight alike at every
    /// cell, else each distinct list of buckets as their faces (`aeiou|bcd...`),
    /// the corners' after a comma where they differ.
    pub fn cut_description(&self) -> String {
        if let Some(k) = self.weight_buckets {
            return k.to_string();
        }
        let lists = self.classes.buckets();
        let text = |list: &Vec<u128>| -> String {
            self.faces_of(list)
                .iter()
                .map(|bucket| {
                    bucket
                        .iter()
                        .map(|f| f.text().to_lowercase())
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|")
        };
        let mut distinct: Vec<&Vec<u128>> = Vec::new();
        for list in lists {
            if !distinct.contains(&list) {
                distinct.push(list);
            }
        }
        distinct
            .iter()
            .map(|l| text(l))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn faces_of(&self, list: &[u128]) -> Vec<Vec<&Face>> {
        list.iter()
            .map(|&b| {
                (0..128)
                    .filter(|&f| b >> f & 1 == 1)
                    .map(|f| &self.breaker.faces[f])
                    .collect()
            })
            .collect()
    }

    /// Rows and columns of the grid.
    pub fn shape(&self) -> (usize, usize) {
        (self.breaker.rows, self.breaker.cols)
    }

    /// The threshold: every board scoring this or more is listed.
    pub fn min(&self) -> u64 {
        self.breaker.min
    }

    /// How many top-level classes the space has before symmetry.
    pub fn class_count(&self) -> u64 {
        self.classes.count() as u64
    }

    /// Breaks top-level class `class` with one thread's `worker`.
    pub fn break_class(
        &self,
        class: u64,
        worker: &mut search::Worker<'l>,
        stop: &dyn Fn() -> bool,
    ) -> ClassReport {
        let clock = clock::ThreadClock::start();
        let sets = self.classes.sets(class);
        let outcome = self.breaker.break_class(&sets, worker, stop);
        ClassReport {
            class,
            outcome,
            seconds: clock.seconds(),
        }
    }

    /// A thread's buffers.
    pub fn worker(&self) -> search::Worker<'l> {
        self.breaker.worker()
    }

    /// Breaks `classes` on `threads` threads until done or until `stop` says so,
    /// calling `done` with each finished class.
    pub fn run(
        &self,
        classes: &[u64],
        threads: usize,
        stop: &(dyn Fn() -> bool + Sync),
        done: &(dyn Fn(&ClassReport) + Sync),
    ) -> ProofResult {
        let started = Instant::now();
        let reports: Mutex<Vec<ClassReport>> = Mutex::new(Vec::new());
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
            .expect("a thread pool");
        pool.install(|| {
            classes.par_iter().for_each_init(
                || self.worker(),
                |worker, &class| {
                    if stop() {
                        return;
                    }
                    let report = self.break_class(class, worker, stop);
                    if report.outcome.complete {
                        done(&report);
                        reports.lock().expect("no panic").push(report);
                    }
                },
            )
        });
        let reports = reports.into_inner().expect("no panic");
        let mut result = self.merge(reports.iter());
        result.complete = reports.len() == classes.len();
        result.seconds = started.elapsed().as_secs_f64();
        result
    }

    /// Adds up class reports (from this run or from logs).
    pub fn merge<'a>(&self, reports: impl Iterator<Item = &'a ClassReport>) -> ProofResult {
        let mut result = ProofResult {
            boards: Vec::new(),
            complete: true,
            classes_done: 0,
            bounds: 0,
            scored: 0,
            max_dropped: 0,
            cpu_seconds: 0.0,
            seconds: 0.0,
        };
        let mut seen: HashMap<Vec<u8>, ()> = HashMap::new();
        for report in reports {
            let o = &report.outcome;
            result.classes_done += 1;
            result.bounds += o.bounds;
            result.scored += o.scored;
            result.max_dropped = result.max_dropped.max(o.max_dropped);
            result.cpu_seconds += report.seconds;
            for hit in &o.hits {
                let key = self.canonical_cells(&hit.cells);
                if seen.insert(key.clone(), ()).is_none() {
                    result.boards.push(Proven {
                        board: self.board(&key),
                        score: hit.score,
                        words: hit.words,
                    });
                }
            }
        }
        result.boards.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then_with(|| a.board.inline().cmp(&b.board.inline()))
        });
        result
    }

    /// The smallest of a board's images under the grid's symmetries, compared by
    /// face text (so the same board gets the same key in every run).
    pub(crate) fn canonical_cells(&self, cells: &[u8]) -> Vec<u8> {
        let text = |cells: &[u8]| -> Vec<&str> {
            cells
                .iter()
                .map(|&f| self.breaker.faces[f as usize].text())
                .collect()
        };
        let mut best = cells.to_vec();
        for perm in &self.symmetries[1..] {
            let image: Vec<u8> = perm.iter().map(|&from| cells[from]).collect();
            if text(&image) < text(&best) {
                best = image;
            }
        }
        best
    }

    /// The board of face indices `cells`.
    fn board(&self, cells: &[u8]) -> Board {
        let faces = cells
            .iter()
            .map(|&f| self.breaker.faces[f as usize].clone())
            .collect();
        Board::new(self.breaker.rows, self.breaker.cols, faces).expect("the grid's shape")
    }

    /// A board found in a log, by its faces' indices.
    pub fn hit_board(&self, cells: &[u8]) -> Board {
        self.board(cells)
    }
}

/// Buckets named by their faces' text (`keys`: each face's key, in the proof's
/// numbering), as bit sets; faces no bucket names join the last bucket.
fn named_buckets(
    names: &[String],
    keys: &[Vec<u8>],
    lexicon: &Lexicon,
    rules: &Rules,
) -> std::result::Result<Vec<u128>, ProveError> {
    let listed = || {
        keys.iter()
            .map(|k| String::from_utf8_lossy(k).into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut buckets = Vec::new();
    let mut named = 0u128;
    for name in names {
        let text = solve::spelled_key(&Face::new(name), lexicon.profile(), rules);
        let mut bucket = 0u128;
        let mut at = 0;
        while at < text.len() {
            // The longest face key that starts here.
            let found = class::longest_face(keys, &text[at..]).map(|f| (f, keys[f].len()));
            // Under the Qu rule, `q` names the face `Qu`.
            let qu = || {
                let f = keys.iter().position(|k| k == b"qu")?;
                (rules.qu && text[at] == b'q').then_some((f, 1))
            };
            let Some((f, len)) = found.or_else(qu) else {
                return Err(ProveError::Bucket {
                    bucket: name.clone(),
                    text: String::from_utf8_lossy(&text[at..]).into_owned(),
                    faces: listed(),
                });
            };
            bucket |= 1 << f;
            at += len;
        }
        bucket &= !named;
        named |= bucket;
        if bucket != 0 {
            buckets.push(bucket);
        }
    }
    let all = class::all_faces(keys.len());
    match buckets.last_mut() {
        Some(last) => *last |= all & !named,
        None => buckets.push(all),
    }
    Ok(buckets)
}

/// How many dictionary words hold each face's key: the order buckets and splits
/// follow.
fn face_weights(lexicon: &Lexicon, rules: &Rules, faces: &[Face]) -> Vec<u64> {
    let keys: Vec<String> = faces
        .iter()
        .map(|face| {
            String::from_utf8(solve::spelled_key(face, lexicon.profile(), rules))
                .unwrap_or_default()
        })
        .collect();
    let mut weights = vec![0u64; faces.len()];
    for word in lexicon.words() {
        for (weight, key) in weights.iter_mut().zip(&keys) {
            if !key.is_empty() && word.contains(key.as_str()) {
                *weight += 1;
            }
        }
    }
    weights
}

/// A small seeded generator (SplitMix64) for samples that repeat run to run.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (nearly uniform: `n` is far below 2^64).
    fn below(&mut self, n: u64) -> u64 {
        ((self.next() as u128 * n as u128) >> 64) as u64
    }
}
