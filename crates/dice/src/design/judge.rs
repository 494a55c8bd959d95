//! Judging candidates: the search's rolls (solved once, then again only where a
//! move changed a face they show), each candidate's [`Metrics`] over them, and the
//! objective's value less the penalties for what got worse than the start.

use super::alphabet::Alphabet;
use super::reach::{Reach, Undo, Words};
use super::{Brief, DesignGoal, Metrics};
use crate::set::DiceSet;
use crate::stats::{jensen_shannon, RollFigures, Sampler};

/// The most the search's value gains from fewer unreachable words than the
/// start's (a word earns 1/400 up to this).
const UNREACHABLE_REWARD: f64 = 10.0;

/// The search's rolls: which die faces each shows (where the dice land and which
/// face turns up depend on the seed alone, not on what the faces say), and what
/// each holds with the current set's faces.
pub(super) struct Rolls {
    /// For each die and face, the rolls that show it.
    showing: Vec<Vec<Vec<usize>>>,
    /// Each roll's figures with the current set.
    pub(super) figures: Vec<RollFigures>,
}

impl Rolls {
    /// The rolls of `set`, each solved.
    pub(super) fn new(set: &DiceSet, judge: &Judge) -> Rolls {
        let cells = judge.grid.0 * judge.grid.1;
        let mut showing: Vec<Vec<Vec<usize>>> = set
            .dice
            .iter()
            .map(|die| vec![Vec::new(); die.len()])
            .collect();
        let mut shown = Vec::new();
        for roll in 0..judge.brief.rolls {
            set.shake(
                judge.brief.seed.wrapping_add(roll as u64),
                cells,
                &mut shown,
            );
            for &(d, f) in &shown {
                showing[d][f].push(roll);
            }
        }
        let all: Vec<usize> = (0..judge.brief.rolls).collect();
        let figures = judge
            .sampler
            .figures(set, judge.grid, judge.brief.seed, &all);
        Rolls { showing, figures }
    }

    /// Each roll's figures with `set`, which differs from the current set in the
    /// faces `moved` only: the rolls showing none of them are as they were.
    pub(super) fn after(
        &self,
        set: &DiceSet,
        moved: &[(usize, usize)],
        judge: &Judge,
    ) -> Vec<RollFigures> {
        let mut changed: Vec<usize> = moved
            .iter()
            .flat_map(|&(d, f)| self.showing[d][f].iter().copied())
            .collect();
        changed.sort_unstable();
        changed.dedup();
        let fresh = judge
            .sampler
            .figures(set, judge.grid, judge.brief.seed, &changed);
        let mut figures = self.figures.clone();
        for (&roll, new) in changed.iter().zip(fresh) {
            figures[roll] = new;
        }
        figures
    }
}

/// Measures candidates on the search's rolls.
pub(super) struct Judge<'a, 'l> {
    pub(super) sampler: &'a Sampler<'l>,
    pub(super) brief: &'a Brief,
    pub(super) grid: (usize, usize),
    pub(super) alphabet: &'a Alphabet,
    pub(super) words: &'a Words,
    /// The start set's figures, which the others must not fall below.
    pub(super) reference: Option<Metrics>,
}

impl Judge<'_, '_> {
    /// The dice showing each unit of the alphabet in `set`, a bit each.
    pub(super) fn showing(&self, set: &DiceSet) -> Vec<u64> {
        let mut showing = vec![0u64; self.alphabet.keys.len()];
        for (d, die) in set.dice.iter().enumerate() {
            for face in die {
                if let Some(u) = self.alphabet.shown.iter().position(|s| s == face) {
                    showing[u] |= 1 << (d % 64);
                }
            }
        }
        showing
    }

    /// The figures of `set`, whose rolls hold `figures` and which is at most one
    /// move from the set `reach` was of; `reach` moves to `set` (the [`Undo`]
    /// takes it back).
    pub(super) fn metrics(
        &self,
        set: &DiceSet,
        figures: &[RollFigures],
        reach: &mut Reach,
    ) -> (Metrics, Undo) {
        let (letters, dead) = figures.iter().fold((0u64, 0u64), |(l, d), f| {
            (l + f.letters as u64, d + f.dead as u64)
        });
        let mut words: Vec<u32> = figures.iter().map(|f| f.words).collect();
        words.sort_unstable();
        let n = words.len();
        let at = |p: f64| words[((p * n as f64).ceil() as usize).clamp(1, n) - 1] as u64;
        let worst = (n / 10).max(1);
        let tail = words[..worst].iter().map(|&w| w as f64).sum::<f64>() / worst as f64;
        let under_floor =
            words.partition_point(|&w| (w as u64) < self.brief.floor) as f64 / n as f64;
        let in_band = match self.brief.objective {
            DesignGoal::Band(min, max) => {
                words
                    .iter()
                    .filter(|&&w| (min..=max).contains(&(w as u64)))
                    .count() as f64
                    / n as f64
            }
            _ => 0.0,
        };
        // The faces' shares against the dictionary's.
        let mut copies = vec![0usize; self.alphabet.keys.len()];
        let mut faces = 0;
        for die in &set.dice {
            for face in die {
                if let Some(u) = self.alphabet.shown.iter().position(|s| s == face) {
                    copies[u] += 1;
                    faces += 1;
                }
            }
        }
        let pairs: Vec<(f64, f64)> = copies
            .iter()
            .zip(&self.alphabet.share)
            .map(|(&c, &s)| (c as f64 / faces.max(1) as f64, s))
            .collect();
        let mut metrics = Metrics {
            p5: at(0.05),
            median: at(0.5),
            tail,
            under_floor,
            in_band,
            dead: if letters == 0 {
                0.0
            } else {
                dead as f64 / letters as f64
            },
            unreachable: 0,
            drift: jensen_shannon(&pairs),
            value: 0.0,
        };
        let undo = self.words.update(reach, self.showing(set));
        metrics.unreachable = reach.unreachable;
        metrics.value = self.value(&metrics);
        (metrics, undo)
    }

    /// The objective, less penalties for what got worse than the start.
    pub(super) fn value(&self, m: &Metrics) -> f64 {
        let objective = aim(self.brief.objective, m);
        let Some(r) = self.reference else {
            return objective;
        };
        let mut penalty = 0.0;
        if self.brief.objective != DesignGoal::Dead {
            // A point of dead faces costs as much as a word of the tail; any rise
            // past the start's costs more.
            penalty += 100.0 * m.dead + 400.0 * (m.dead - r.dead).max(0.0);
        }
        if self.brief.objective != DesignGoal::Unreachable {
            penalty += (m.unreachable.saturating_sub(r.unreachable)) as f64 / 20.0;
            // Fewer unreachable words earn a little, and no more than a tenth of
            // a poor-roll share: a list of millions of rare forms (Polish,
            // Russian) must not buy fewer words a roll.
            let fewer = r.unreachable.saturating_sub(m.unreachable) as f64;
            penalty -= (fewer / 400.0).min(UNREACHABLE_REWARD);
        }
        if !matches!(self.brief.objective, DesignGoal::Band(..)) {
            penalty += median_penalty(self.brief.median_within, m.median, r.median);
        }
        let cap = self.brief.drift.unwrap_or(r.drift.max(0.05));
        penalty += 1000.0 * (m.drift - cap).max(0.0);
        objective - penalty
    }
}

/// The objective's own value for figures `m`, before penalties: higher is better.
pub(super) fn aim(objective: DesignGoal, m: &Metrics) -> f64 {
    match objective {
        DesignGoal::Poor => m.tail - 100.0 * m.under_floor,
        DesignGoal::Floor => m.tail / 10.0 - 1000.0 * m.under_floor,
        DesignGoal::Band(..) => 100.0 * m.in_band,
        DesignGoal::Dead => -100.0 * m.dead,
        DesignGoal::Unreachable => -(m.unreachable as f64) / 10.0,
    }
}

/// What a median `median` words a roll costs against the start's `start` when it
/// may move by the share `within` of it (`None`: free, `--free-median`): 200 a
/// whole start's median past the allowance.
pub(super) fn median_penalty(within: Option<f64>, median: u64, start: u64) -> f64 {
    match within {
        Some(within) if start > 0 => {
            let off = (median as f64 - start as f64).abs() / start as f64;
            200.0 * (off - within).max(0.0)
        }
        _ => 0.0,
    }
}
