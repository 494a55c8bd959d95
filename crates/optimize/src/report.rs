//! What runs found, as printed, logged (one JSON line per event) and merged.
//!
//! A run's [`RunReport`] is self-contained: the objective and space it searched,
//! its seed, its best board and its counts. That is what lets runs made by many
//! processes on many machines be merged afterwards ([`summarize`]) into the same
//! [`Summary`] one process would have printed.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use polyboggle::board::Board;

use super::objective::Objective;

/// A run's best board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Best {
    /// The board in its inline form (rows joined by `/`), in the orientation that
    /// gives its canonical key.
    pub board: String,
    /// Rows of the grid.
    pub rows: usize,
    /// Columns of the grid.
    pub cols: usize,
    /// Its score under the rules asked for.
    pub score: u64,
    /// Its words under the rules asked for.
    pub words: u64,
    /// The objective's value.
    pub value: u64,
    /// Dice spaces: the die (its index in the set) in each cell, row by row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Vec<Vec<usize>>>,
}

/// One finished run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunReport {
    /// The objective, as `--objective` writes it.
    pub objective: String,
    /// The space searched ([`super::Space::describe`]).
    pub space: String,
    /// The run's number (0-based); its seed is the base seed plus it.
    pub run: usize,
    /// The run's seed.
    pub seed: u64,
    /// Its best board.
    pub best: Best,
    /// Seconds from the run's start to its best board.
    pub seconds_to_best: f64,
    /// Seconds the run took.
    pub seconds: f64,
    /// Distinct boards it scored.
    pub boards_scored: u64,
    /// Climbs from a fresh pool (more than one when it restarted to reach `--until`).
    pub climbs: usize,
    /// In a log: the runs of the whole search (`--runs`), so that a summary of
    /// some of its logs can say which runs are missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<usize>,
    /// In a log: the task that ran it, `[index, tasks]`, when the search was split
    /// (`--tasks N --task-index K`), so that a summary can name the tasks with runs
    /// left and a resumed task can refuse another split's log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<[u64; 2]>,
}

impl RunReport {
    /// The base seed of the search it belongs to (run `r`'s seed is the base plus `r`).
    pub fn base_seed(&self) -> u64 {
        self.seed.wrapping_sub(self.run as u64)
    }
}

/// One line of an optimizer's log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "lowercase")]
pub enum LogLine {
    /// A run found a better board.
    Improved {
        /// The run.
        run: usize,
        /// Its seed.
        seed: u64,
        /// The objective's value of the board.
        value: u64,
        /// The board, inline.
        board: String,
        /// Seconds into the run.
        seconds: f64,
        /// Boards the run had scored.
        boards_scored: u64,
    },
    /// A run finished.
    Run(RunReport),
}

/// A board that was the best of some runs.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FoundBoard {
    /// The board.
    #[serde(flatten)]
    pub best: Best,
    /// How many runs ended on it.
    pub found_in: usize,
}

/// A task of a split search with runs left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TaskLeft {
    /// The task's index.
    pub task: u64,
    /// Its runs not finished.
    pub left: usize,
}

/// Everything a set of runs found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// The objective.
    pub objective: String,
    /// The space searched.
    pub space: String,
    /// The base seed (run `r` used the base plus `r`).
    pub seed: u64,
    /// Is every run of the search there? (Logs from before runs were logged with
    /// the search's size cannot tell: they count as complete.)
    pub complete: bool,
    /// The runs of the search not in the logs, by number.
    pub missing_runs: Vec<usize>,
    /// When the search was split into tasks: each task with runs left.
    pub unfinished_tasks: Vec<TaskLeft>,
    /// The runs of the whole search, when the logs say.
    #[serde(skip)]
    pub of: Option<usize>,
    /// The number of tasks it was split into, when it was.
    #[serde(skip)]
    pub tasks: Option<u64>,
    /// Wall-clock seconds (merged logs: the runs' seconds added up).
    pub seconds: f64,
    /// Boards scored by all runs.
    pub boards_scored: u64,
    /// The best board of all runs.
    pub best: Best,
    /// Every run, by run number.
    pub runs: Vec<RunReport>,
    /// The distinct best boards, best first, with how many runs found each.
    pub boards: Vec<FoundBoard>,
}

/// Why runs cannot be summarized together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SummaryError {
    /// No finished run.
    #[error("no finished run to summarize")]
    Empty,
    /// Runs of different objectives or spaces.
    #[error(
        "run {run} searched {found}, but run {first_run} searched {first}: they cannot be merged"
    )]
    Mixed {
        /// The first run's number.
        first_run: usize,
        /// What it searched.
        first: String,
        /// The disagreeing run's number.
        run: usize,
        /// What it searched.
        found: String,
    },
    /// Runs logged as parts of differently sized or differently split searches.
    #[error(
        "run {run} was logged as {found}, but run {first_run} as {first}: logs of two splits cannot be merged"
    )]
    Split {
        /// The first run's number.
        first_run: usize,
        /// Its part of the search.
        first: String,
        /// The disagreeing run's number.
        run: usize,
        /// Its part of the search.
        found: String,
    },
    /// An objective in a log that does not parse.
    #[error("{0}")]
    Objective(String),
}

/// A run's place in its search as a log line says it: `of N runs`, `in N tasks`.
fn split(run: &RunReport) -> String {
    let runs = run.of.map_or("?".to_string(), |n| n.to_string());
    match run.task {
        Some([_, tasks]) => format!("one of {runs} runs in {tasks} tasks"),
        None => format!("one of {runs} runs, not split"),
    }
}

/// Merges finished runs into a summary. A run number met twice (a log written by
/// a resumed task, or merged twice) counts once. `seconds` is the wall-clock time
/// when known; `None` adds up the runs' own times. Runs that name the search's
/// size (`of`) let the summary say which runs, and which tasks, are missing.
pub fn summarize(runs: Vec<RunReport>, seconds: Option<f64>) -> Result<Summary, SummaryError> {
    let mut by_number: BTreeMap<usize, RunReport> = BTreeMap::new();
    for run in runs {
        by_number.entry(run.run).or_insert(run);
    }
    let mut runs: Vec<RunReport> = by_number.into_values().collect();
    let first = runs.first().ok_or(SummaryError::Empty)?;
    let what = |r: &RunReport| format!("{} over {}, seed {}", r.objective, r.space, r.base_seed());
    if let Some(other) = runs.iter().find(|r| what(r) != what(first)) {
        return Err(SummaryError::Mixed {
            first_run: first.run,
            first: what(first),
            run: other.run,
            found: what(other),
        });
    }
    // Lines from before the split was logged agree with any split.
    let of = runs.iter().find_map(|r| r.of);
    let tasks = runs.iter().find_map(|r| r.task.map(|[_, n]| n));
    let sized = runs.iter().find(|r| r.of.is_some() || r.task.is_some());
    if let Some(other) = runs.iter().find(|r| {
        r.of.is_some_and(|n| Some(n) != of) || r.task.is_some_and(|[_, n]| Some(n) != tasks)
    }) {
        let first = sized.expect("a run with a size");
        return Err(SummaryError::Split {
            first_run: first.run,
            first: split(first),
            run: other.run,
            found: split(other),
        });
    }
    let seed = first.base_seed();
    let missing_runs: Vec<usize> = match of {
        Some(of) => {
            let done: std::collections::BTreeSet<usize> = runs.iter().map(|r| r.run).collect();
            (0..of).filter(|r| !done.contains(r)).collect()
        }
        None => Vec::new(),
    };
    let unfinished_tasks = match tasks {
        Some(tasks) => (0..tasks)
            .map(|task| TaskLeft {
                task,
                left: missing_runs
                    .iter()
                    .filter(|&&r| r as u64 % tasks == task)
                    .count(),
            })
            .filter(|t| t.left > 0)
            .collect(),
        None => Vec::new(),
    };
    // The summary holds the search's size and split once, not in every run.
    for run in &mut runs {
        run.of = None;
        run.task = None;
    }
    let first = &runs[0];
    let objective: Objective = first
        .objective
        .parse()
        .map_err(|e: super::ObjectiveError| SummaryError::Objective(e.to_string()))?;
    let mut boards: Vec<FoundBoard> = Vec::new();
    for run in &runs {
        match boards.iter_mut().find(|f| f.best.board == run.best.board) {
            Some(found) => found.found_in += 1,
            None => boards.push(FoundBoard {
                best: run.best.clone(),
                found_in: 1,
            }),
        }
    }
    boards.sort_by(|a, b| {
        let fit = |f: &FoundBoard| objective.fitness(f.best.value);
        fit(b)
            .cmp(&fit(a))
            .then(b.found_in.cmp(&a.found_in))
            .then(a.best.board.cmp(&b.best.board))
    });
    Ok(Summary {
        objective: first.objective.clone(),
        space: first.space.clone(),
        seed,
        complete: missing_runs.is_empty(),
        missing_runs,
        unfinished_tasks,
        of,
        tasks,
        seconds: seconds.unwrap_or_else(|| runs.iter().map(|r| r.seconds).sum()),
        boards_scored: runs.iter().map(|r| r.boards_scored).sum(),
        best: boards[0].best.clone(),
        boards,
        runs,
    })
}

/// Parses a log's lines; `origin` names it in errors.
pub fn parse_log(text: &str, origin: &str) -> Result<Vec<LogLine>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line)
                .map_err(|e| format!("{origin}, line {}: not an optimizer log line ({e})", i + 1))
        })
        .collect()
}

/// The board a report names, parsed back.
pub fn report_board(best: &Best) -> Option<Board> {
    best.board.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(number: usize, board: &str, value: u64) -> RunReport {
        RunReport {
            objective: "score".into(),
            space: "2x2 letters a,b".into(),
            run: number,
            seed: 1 + number as u64,
            best: Best {
                board: board.into(),
                rows: 2,
                cols: 2,
                score: value,
                words: value,
                value,
                dice: None,
            },
            seconds_to_best: 0.5,
            seconds: 1.0,
            boards_scored: 10,
            climbs: 1,
            of: None,
            task: None,
        }
    }

    #[test]
    fn merges_runs_and_counts_boards() {
        let summary = summarize(
            vec![
                run(2, "ab/ba", 5),
                run(0, "ab/ba", 5),
                run(1, "aa/bb", 3),
                run(0, "x", 9),
            ],
            None,
        )
        .unwrap();
        assert_eq!(summary.runs.len(), 3, "run 0 counted once");
        assert_eq!(summary.best.board, "ab/ba");
        assert_eq!(summary.boards[0].found_in, 2);
        assert_eq!(summary.boards[1].best.board, "aa/bb");
        assert_eq!(summary.boards_scored, 30);
        assert_eq!(summary.seconds, 3.0);
    }

    #[test]
    fn refuses_mixed_runs_and_bad_lines() {
        let mut other = run(1, "ab/ba", 5);
        other.objective = "words".into();
        let err = summarize(vec![run(0, "ab/ba", 5), other], None).unwrap_err();
        assert!(err.to_string().contains("cannot be merged"), "{err}");
        assert_eq!(summarize(vec![], None), Err(SummaryError::Empty));
        let err = parse_log("{\"event\": \"nope\"}\n", "log.ndjson").unwrap_err();
        assert!(err.starts_with("log.ndjson, line 1:"), "{err}");
    }

    #[test]
    fn a_summary_of_some_tasks_logs_names_the_runs_and_tasks_missing() {
        // 5 runs in 2 tasks: task 0 has runs 0, 2, 4; task 1 runs 1, 3.
        let logged = |number: usize| RunReport {
            of: Some(5),
            task: Some([number as u64 % 2, 2]),
            ..run(number, "ab/ba", 5)
        };
        let summary = summarize(vec![logged(0), logged(2), logged(1)], None).unwrap();
        assert!(!summary.complete);
        assert_eq!(summary.seed, 1);
        assert_eq!(summary.missing_runs, [3, 4]);
        let left: Vec<(u64, usize)> = summary
            .unfinished_tasks
            .iter()
            .map(|t| (t.task, t.left))
            .collect();
        assert_eq!(left, [(0, 1), (1, 1)]);
        assert!(summary
            .runs
            .iter()
            .all(|r| r.of.is_none() && r.task.is_none()));
        let all = summarize((0..5).map(logged).collect(), None).unwrap();
        assert!(all.complete && all.unfinished_tasks.is_empty());
    }

    #[test]
    fn logs_of_another_seed_or_split_are_refused() {
        let other_seed = RunReport {
            seed: 100,
            ..run(1, "ab/ba", 5)
        };
        let err = summarize(vec![run(0, "ab/ba", 5), other_seed], None).unwrap_err();
        assert!(err.to_string().contains("seed 99"), "{err}");
        let in_tasks = |number: usize, tasks: u64| RunReport {
            of: Some(8),
            task: Some([number as u64 % tasks, tasks]),
            ..run(number, "ab/ba", 5)
        };
        let err = summarize(vec![in_tasks(1, 8), in_tasks(3, 2)], None).unwrap_err();
        assert!(err.to_string().contains("in 8 tasks"), "{err}");
        // A line from before the split was logged merges with any.
        assert!(summarize(vec![in_tasks(1, 8), run(2, "ab/ba", 5)], None).is_ok());
    }

    #[test]
    fn log_lines_round_trip() {
        let line = LogLine::Run(run(4, "ab/ba", 5));
        let text = serde_json::to_string(&line).unwrap();
        assert!(text.starts_with("{\"event\":\"run\""), "{text}");
        assert_eq!(parse_log(&text, "log").unwrap(), vec![line]);
    }
}
