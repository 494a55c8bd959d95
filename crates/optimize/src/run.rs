//! The runs of a search ([`run`]): each on a worker thread with its own seed, its
//! climbs started again from a fresh pool while a goal and a time cap allow, its
//! boards scored a slice at a time and its progress told as it comes ([`Event`]).
//! How a climb moves is the method's (`pool`, `anneal`); what a run found is
//! `report`'s.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use polyboggle::batch::{Batch, Scorer};
use polyboggle::lexicon::Lexicon;
use polyboggle::solve::{Solver, Tally};

use crate::{anneal, pool, Best, Candidate, LogLine, Method, RunReport, Settings, Space};

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
pub(crate) struct RunState<'a> {
    pub(crate) space: &'a Space,
    scorer: &'a dyn Scorer,
    pub(crate) settings: &'a Settings,
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
    pub(crate) fn done(&self) -> bool {
        self.reached_goal() || self.out_of_time()
    }

    pub(crate) fn fitness(&self, tally: Tally) -> i64 {
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
    pub(crate) fn score(&mut self, candidates: &[Candidate]) -> Vec<Tally> {
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

    pub(crate) fn round_done(&self) {
        let best = self.best.as_ref().map_or(0, |(_, _, value)| *value);
        (self.observer)(&Event::Round {
            run: self.run,
            boards_scored: self.scored,
            best,
        });
    }
}

/// The run numbers task `index` of `tasks` runs, of `runs` in all: every
/// `tasks`-th, starting at `index`.
pub fn task_runs(runs: usize, index: usize, tasks: usize) -> Vec<usize> {
    (0..runs).filter(|r| r % tasks.max(1) == index).collect()
}
