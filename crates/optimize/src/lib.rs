//! polyboggle-optimize: best-board search, finding the boards of a [`Space`] that
//! maximize (or minimize) an [`Objective`].
//!
//! Two methods, both scoring their candidates a batch at a time through a
//! [`Scorer`]:
//!
//! - [`Method::Pool`], the default: a pool climber. It keeps the μ best boards seen;
//!   each round it scores every board one edit away from every pool board (each
//!   board once: boards equal under the grid's symmetries share a key, and a run
//!   remembers every key it has scored), keeps the best μ of old and new, and stops
//!   when a round changes nothing.
//! - [`Method::Anneal`]: simulated annealing, many chains in lockstep.
//!
//! Runs are independent: run `r` uses seed `seed + r`, so the same seed gives the
//! same boards on every machine and thread count (unless a time cap cuts a run
//! short). A run is one climb from a fresh random pool; with both a goal
//! (`until`) and a time cap it climbs again from a fresh pool until the goal is met
//! or the time is up.
//!
//! ```
//! use polyboggle::batch::CpuScorer;
//! use polyboggle_optimize::{self as optimize, Objective, Settings, Space};
//! use polyboggle::{Lexicon, Rules};
//!
//! let lexicon = Lexicon::from_words(["tea", "eat", "ate", "tee", "teat"], &Default::default())?;
//! let letters: Vec<String> = ["t", "e", "a"].map(String::from).to_vec();
//! let space = Space::letters(2, 2, &letters, lexicon.profile())?;
//! let settings = Settings { pool: 8, ..Settings::new(Objective::Score, Rules::hasbro()) };
//! let scorer = CpuScorer::new(&lexicon, settings.scoring_rules(), 1);
//! let runs = optimize::run(&lexicon, &space, &scorer, &settings, &[0], &|_| {});
//! assert_eq!(runs[0].best.score, 4); // tea, eat, ate, teat... on four dice
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod anneal;
mod objective;
mod pool;
mod report;
mod space;

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use objective::{Objective, ObjectiveError};
pub use report::{
    parse_log, summarize, Best, Found, LogLine, RunReport, Summary, SummaryError, TaskLeft,
};
pub use space::{
    alphabet, exclude, parse_letters, Candidate, Space, SpaceError, ALPHABET_LIMIT, MAX_CELLS,
};

use polyboggle::batch::{Batch, Scorer};
use polyboggle::board::Board;
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;
use polyboggle::solve::{Solver, Tally};

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exhaustive radius-1 pool climber.
    Pool,
    /// Simulated annealing.
    Anneal,
}

/// How an optimizer runs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// What to optimize.
    pub objective: Objective,
    /// The rules boards are reported under (and scored under, but for
    /// `long-words`).
    pub rules: Rules,
    /// Pool climbing or annealing.
    pub method: Method,
    /// Boards in the pool (annealing: chains).
    pub pool: usize,
    /// The base seed: run `r` uses `seed + r`.
    pub seed: u64,
    /// A cap on each run's time.
    pub time: Option<Duration>,
    /// Stop a run as soon as a board reaches this value.
    pub until: Option<u64>,
    /// Runs going at once (each scores its batches on the scorer's threads too).
    pub parallel_runs: usize,
}

impl Settings {
    /// Defaults: the pool climber, a pool of 250, seed 1, no caps, one run at a
    /// time.
    pub fn new(objective: Objective, rules: Rules) -> Settings {
        Settings {
            objective,
            rules,
            method: Method::Pool,
            pool: 250,
            seed: 1,
            time: None,
            until: None,
            parallel_runs: 1,
        }
    }

    /// The rules a [`Scorer`] for these settings must use.
    pub fn scoring_rules(&self) -> Rules {
        self.objective.scoring_rules(&self.rules)
    }

    /// The value at which a run stops: `until`, or the objective's own (a target
    /// hit exactly).
    pub fn goal(&self) -> Option<u64> {
        self.until.or(self.objective.natural_goal())
    }
}

/// What a search reports as it goes.
#[derive(Debug)]
pub enum Event<'a> {
    /// A round of a run ended.
    Round {
        /// The run.
        run: usize,
        /// Boards the run has scored.
        boards_scored: u64,
        /// The best value the run has seen.
        best: u64,
    },
    /// A run found a better board.
    Improved(&'a LogLine),
    /// A run finished.
    Finished(&'a RunReport),
}

/// Runs the runs numbered `runs` (run `r` with seed `settings.seed + r`) and
/// returns their reports in the order of `runs`. `observer` hears of every round,
/// improvement and finished run, from whichever thread made it.
pub fn run(
    lexicon: &Lexicon,
    space: &Space,
    scorer: &dyn Scorer,
    settings: &Settings,
    runs: &[usize],
    observer: &(dyn Fn(&Event) + Sync),
) -> Vec<RunReport> {
    let next = AtomicUsize::new(0);
    let reports = Mutex::new(vec![None; runs.len()]);
    let workers = settings.parallel_runs.clamp(1, runs.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut solver = Solver::new(lexicon, settings.rules.clone());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&number) = runs.get(i) else { break };
                    let report = one_run(space, scorer, settings, &mut solver, number, observer);
                    observer(&Event::Finished(&report));
                    reports.lock().expect("no run panics")[i] = Some(report);
                }
            });
        }
    });
    reports
        .into_inner()
        .expect("no run panics")
        .into_iter()
        .map(|r| r.expect("every run finished"))
        .collect()
}

fn one_run(
    space: &Space,
    scorer: &dyn Scorer,
    settings: &Settings,
    solver: &mut Solver,
    number: usize,
    observer: &(dyn Fn(&Event) + Sync),
) -> RunReport {
    let seed = settings.seed.wrapping_add(number as u64);
    let started = Instant::now();
    let mut state = RunState {
        space,
        scorer,
        settings,
        observer,
        run: number,
        seed,
        started,
        deadline: settings.time.map(|t| started + t),
        batch: Batch::new(space.shape().0, space.shape().1, space.faces().to_vec()),
        best: None,
        seconds_to_best: 0.0,
        scored: 0,
    };
    let restarts = settings.goal().is_some() && settings.time.is_some();
    let mut climbs = 0;
    loop {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(climbs);
        climbs += 1;
        match settings.method {
            Method::Pool => pool::climb(&mut state, &mut rng),
            Method::Anneal => anneal::anneal(&mut state, &mut rng),
        }
        if !restarts || state.done() {
            break;
        }
    }
    let (candidate, _, value) = state.best.expect("a run scores at least one board");
    let candidate = space.canonical_candidate(&candidate);
    let board = space.board(&candidate);
    let tally = solver.tally(&board);
    let dice = space.dice_set().map(|_| {
        let (_, cols) = space.shape();
        candidate
            .dice()
            .chunks(cols)
            .map(|row| row.iter().map(|&d| d as usize).collect())
            .collect()
    });
    RunReport {
        objective: settings.objective.to_string(),
        space: space.describe(),
        run: number,
        seed,
        best: Best {
            board: board.inline(),
            rows: board.rows(),
            cols: board.cols(),
            score: tally.points,
            words: tally.words,
            value,
            dice,
        },
        seconds_to_best: state.seconds_to_best,
        seconds: started.elapsed().as_secs_f64(),
        boards_scored: state.scored,
        climbs: climbs as usize,
        of: None,
        task: None,
    }
}

/// One run's progress, shared by its climbs.
struct RunState<'a> {
    space: &'a Space,
    scorer: &'a dyn Scorer,
    settings: &'a Settings,
    observer: &'a (dyn Fn(&Event) + Sync),
    run: usize,
    seed: u64,
    started: Instant,
    deadline: Option<Instant>,
    batch: Batch,
    /// The best board so far, its tally and its value.
    best: Option<(Candidate, Tally, u64)>,
    seconds_to_best: f64,
    scored: u64,
}

/// Boards scored between two looks at the clock.
const SLICE: usize = 8192;

impl RunState<'_> {
    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    fn reached_goal(&self) -> bool {
        match (self.settings.goal(), &self.best) {
            (Some(goal), Some((_, _, value))) => self.settings.objective.reached(*value, goal),
            _ => false,
        }
    }

    /// Should the run stop now?
    fn done(&self) -> bool {
        self.reached_goal() || self.out_of_time()
    }

    fn fitness(&self, tally: Tally) -> i64 {
        let objective = &self.settings.objective;
        objective.fitness(objective.value(tally))
    }

    /// Scores `candidates` in order, a slice at a time, and offers each to the
    /// run's best. Stops early (returning fewer tallies) when time is up or the
    /// goal is reached.
    ///
    /// A scorer that wants more boards a call (a GPU) gets several slices at once,
    /// but they are offered and checked a slice at a time as before: the boards
    /// scored past the slice where a run stops are dropped, so a seed gives the
    /// same result on every backend.
    fn score(&mut self, candidates: &[Candidate]) -> Vec<Tally> {
        let group = self.scorer.batch_hint().max(SLICE) / SLICE * SLICE;
        let mut tallies = Vec::with_capacity(candidates.len());
        for part in candidates.chunks(group) {
            if self.done() {
                break;
            }
            self.batch.clear();
            for candidate in part {
                self.batch.push(&candidate.cells);
            }
            let scored = self.scorer.tally(&self.batch);
            let slices = part.chunks(SLICE).zip(scored.chunks(SLICE));
            for (k, (slice, scored)) in slices.enumerate() {
                // The first slice of a part was checked above, before scoring.
                if k > 0 && self.done() {
                    return tallies;
                }
                self.scored += scored.len() as u64;
                for (candidate, &tally) in slice.iter().zip(scored) {
                    self.offer(candidate, tally);
                }
                tallies.extend_from_slice(scored);
            }
        }
        tallies
    }

    /// Keeps `candidate` if it beats the run's best (ties keep the first).
    fn offer(&mut self, candidate: &Candidate, tally: Tally) {
        let fitness = self.fitness(tally);
        if matches!(&self.best, Some((_, best, _)) if self.fitness(*best) >= fitness) {
            return;
        }
        let value = self.settings.objective.value(tally);
        self.best = Some((candidate.clone(), tally, value));
        self.seconds_to_best = self.started.elapsed().as_secs_f64();
        let line = LogLine::Improved {
            run: self.run,
            seed: self.seed,
            value,
            board: self
                .space
                .board(&self.space.canonical_candidate(candidate))
                .inline(),
            seconds: self.seconds_to_best,
            boards_scored: self.scored,
        };
        (self.observer)(&Event::Improved(&line));
    }

    fn round_done(&self) {
        let best = self.best.as_ref().map_or(0, |(_, _, value)| *value);
        (self.observer)(&Event::Round {
            run: self.run,
            boards_scored: self.scored,
            best,
        });
    }
}

/// A set of canonical board keys, each remembered by a 64-bit fingerprint.
///
/// Two boards sharing a fingerprint would make the second look scored already;
/// with a million keys the odds of that are about one in ten million, and it can
/// only make a search skip a board, never report a wrong score.
#[derive(Default)]
struct Seen(HashSet<u64, BuildHasherDefault<Fingerprinted>>);

impl Seen {
    /// Remembers `key`; false if it was already there.
    fn insert(&mut self, key: &[u8]) -> bool {
        self.insert_fingerprint(fingerprint(key))
    }

    /// Remembers a key by its [`fingerprint`]; false if it was already there.
    fn insert_fingerprint(&mut self, fingerprint: u64) -> bool {
        self.0.insert(fingerprint)
    }
}

/// A hash of a key: FNV-1a over its bytes, then a 64-bit finalizer so every bit
/// of the result depends on every byte.
fn fingerprint(key: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in key {
        h = (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

/// The hasher for fingerprints: they are hashes already.
#[derive(Default)]
struct Fingerprinted(u64);

impl Hasher for Fingerprinted {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | b as u64;
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// The run numbers task `index` of `tasks` runs, of `runs` in all: every
/// `tasks`-th, starting at `index`.
pub fn task_runs(runs: usize, index: usize, tasks: usize) -> Vec<usize> {
    (0..runs).filter(|r| r % tasks.max(1) == index).collect()
}

/// The board a report names, parsed back.
pub fn report_board(best: &Best) -> Option<Board> {
    best.board.parse().ok()
}
