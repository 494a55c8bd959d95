//! polyboggle-optimize: best-board search, finding the boards of a [`Space`] that
//! maximize (or minimize) an [`Objective`].
//!
//! Two methods, both scoring their candidates a batch at a time through a
//! [`Scorer`](polyboggle::batch::Scorer):
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
#![deny(missing_docs)]

mod anneal;
mod objective;
mod pool;
mod report;
mod run;
mod seen;
mod settings;
mod space;

pub use objective::{Objective, ObjectiveError};
pub use report::{
    parse_log, report_board, summarize, Best, FoundBoard, LogLine, RunReport, Summary,
    SummaryError, TaskLeft,
};
pub use run::{run, task_runs, Event};
pub use settings::{Method, Settings};
pub use space::{
    alphabet, exclude, parse_letters, Candidate, Space, SpaceError, ALPHABET_LIMIT, MAX_CELLS,
};
