//! How a search runs: its [`Method`] and the [`Settings`] of every run.

use std::time::Duration;

use polyboggle::score::Rules;

use crate::Objective;

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

    /// The rules a [`Scorer`](polyboggle::batch::Scorer) for these settings must use.
    pub fn scoring_rules(&self) -> Rules {
        self.objective.scoring_rules(&self.rules)
    }

    /// The value at which a run stops: `until`, or the objective's own (a target
    /// hit exactly).
    pub fn goal(&self) -> Option<u64> {
        self.until.or(self.objective.natural_goal())
    }
}
