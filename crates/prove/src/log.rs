//! A proof's log: one JSON line per finished top-level class, so that a proof can
//! stop (Ctrl-C, `--time`, a lost machine) and go on with `--resume`, or run as
//! many tasks whose logs [`summarize`] adds up.
//!
//! Every line carries the proof's settings (space, threshold, rules, dictionary)
//! and how many top-level classes the whole proof has: a line from other settings
//! is refused, and a summary knows whether every class is there.

use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

use crate::proof::{ClassReport, Proof};

/// A board as a log holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedBoard {
    /// The canonical board, inline.
    pub board: String,
    /// Its score.
    pub score: u64,
    /// Its word count.
    pub words: u64,
}

/// One finished top-level class.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
// A line that is not one is refused in the words it was before the type's rename.
#[serde(expecting = "struct LogLine")]
pub struct ProofLogLine {
    /// What was proven: space, threshold, rules, dictionary.
    pub settings: String,
    /// The grid, `RxC`.
    pub size: String,
    /// The threshold.
    pub min: u64,
    /// Top-level classes of the whole proof (canonical ones).
    pub of: u64,
    /// This class's number.
    pub class: u64,
    /// Boards of the class scoring at least the threshold.
    pub boards: Vec<LoggedBoard>,
    /// Classes bounded.
    pub bounds: u64,
    /// Boards scored exactly.
    pub scored: u64,
    /// The largest bound of a dropped class.
    pub max_dropped: u64,
    /// Thread-seconds.
    pub seconds: f64,
    /// The task that broke it, `[index, tasks]`, when the proof was split into
    /// tasks (`--tasks N --task-index K`: so that a summary can say which task
    /// has classes left).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task: Option<[u64; 2]>,
}

impl ProofLogLine {
    /// The line for a finished class of `proof`.
    pub fn new(proof: &Proof, settings: &str, report: &ClassReport) -> ProofLogLine {
        let outcome = &report.outcome;
        let boards = outcome
            .hits
            .iter()
            .map(|hit| {
                let board = proof.hit_board(&proof.canonical_cells(&hit.cells));
                LoggedBoard {
                    board: board.inline(),
                    score: hit.score,
                    words: hit.words,
                }
            })
            .collect();
        let (rows, cols) = proof.shape();
        ProofLogLine {
            settings: settings.to_string(),
            size: format!("{rows}x{cols}"),
            min: proof.min(),
            of: proof.canonical_count(),
            class: report.class,
            boards,
            bounds: outcome.bounds,
            scored: outcome.scored,
            max_dropped: outcome.max_dropped,
            seconds: report.seconds,
            task: None,
        }
    }
}

/// Reads a log's lines; a last line cut short (the process was killed while
/// writing it) is ignored, any other bad line is an error naming it.
pub fn parse(text: &str, origin: &str) -> Result<Vec<ProofLogLine>, String> {
    let complete = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    complete
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            serde_json::from_str(line)
                .map_err(|e| format!("{origin}:{}: not a prove log line ({e})", i + 1))
        })
        .collect()
}

/// What a set of log lines adds up to.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofSummary {
    /// The settings every line shares.
    pub settings: String,
    /// The grid, `RxC`.
    pub size: String,
    /// The threshold.
    pub min: u64,
    /// Top-level classes of the whole proof.
    pub of: u64,
    /// Distinct classes finished.
    pub done: u64,
    /// Every board found, once, best first.
    pub boards: Vec<LoggedBoard>,
    /// Classes bounded.
    pub bounds: u64,
    /// Boards scored exactly.
    pub scored: u64,
    /// The largest bound of a dropped class.
    pub max_dropped: u64,
    /// Thread-seconds.
    pub seconds: f64,
    /// When the lines came from tasks (`--tasks N`): N, and each task with
    /// classes left, with how many (a task with no line at all among them).
    pub tasks: Option<(u64, Vec<(u64, u64)>)>,
}

impl ProofSummary {
    /// Is every top-level class finished?
    pub fn complete(&self) -> bool {
        self.done == self.of
    }

    /// Classes not finished yet.
    pub fn missing(&self) -> u64 {
        self.of - self.done.min(self.of)
    }
}

/// How many of `of` classes task `index` of `tasks` has: the canonical classes
/// whose place in the list is `index` mod `tasks`.
pub fn task_share(of: u64, index: u64, tasks: u64) -> u64 {
    if index >= of {
        0
    } else {
        (of - index).div_ceil(tasks)
    }
}

/// Adds up log lines of one proof (a class twice counts once); lines of other
/// settings are an error.
pub fn summarize(lines: &[ProofLogLine]) -> Result<ProofSummary, String> {
    let Some(first) = lines.first() else {
        return Err("no finished classes in the logs".to_string());
    };
    let mut classes: BTreeMap<u64, &ProofLogLine> = BTreeMap::new();
    for line in lines {
        if line.settings != first.settings || line.of != first.of {
            return Err(format!(
                "the logs hold two proofs: {:?} and {:?}",
                first.settings, line.settings
            ));
        }
        classes.entry(line.class).or_insert(line);
    }
    // Lines from before tasks were logged, or from one whole-proof process, fit any split.
    let split = lines.iter().find_map(|line| line.task);
    if let Some(other) = lines.iter().find(|line| {
        line.task
            .is_some_and(|[_, n]| Some(n) != split.map(|[_, n]| n))
    }) {
        let [index, tasks] = split.expect("a line with a task");
        let [other_index, other_tasks] = other.task.expect("a line with a task");
        return Err(format!(
            "class {} was logged by task {other_index} of {other_tasks}, another by task {index} \
             of {tasks}: logs of two splits cannot be merged",
            other.class
        ));
    }
    let mut boards: HashMap<&str, &LoggedBoard> = HashMap::new();
    let mut summary = ProofSummary {
        settings: first.settings.clone(),
        size: first.size.clone(),
        min: first.min,
        of: first.of,
        done: classes.len() as u64,
        boards: Vec::new(),
        bounds: 0,
        scored: 0,
        max_dropped: 0,
        seconds: 0.0,
        tasks: None,
    };
    if let Some([_, tasks]) = split {
        let mut done: BTreeMap<u64, u64> = BTreeMap::new();
        for line in classes.values() {
            if let Some([index, _]) = line.task {
                *done.entry(index).or_default() += 1;
            }
        }
        let left = (0..tasks)
            .map(|k| {
                let share = task_share(first.of, k, tasks);
                (k, share - done.get(&k).copied().unwrap_or(0).min(share))
            })
            .filter(|&(_, left)| left > 0)
            .collect();
        summary.tasks = Some((tasks, left));
    }
    for line in classes.values() {
        summary.bounds += line.bounds;
        summary.scored += line.scored;
        summary.max_dropped = summary.max_dropped.max(line.max_dropped);
        summary.seconds += line.seconds;
        for board in &line.boards {
            boards.entry(&board.board).or_insert(board);
        }
    }
    summary.boards = boards.into_values().cloned().collect();
    summary
        .boards
        .sort_by(|a, b| b.score.cmp(&a.score).then_with(|| a.board.cmp(&b.board)));
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(class: u64, boards: &[(&str, u64)]) -> ProofLogLine {
        ProofLogLine {
            settings: "2x2".into(),
            size: "2x2".into(),
            min: 5,
            of: 3,
            class,
            boards: boards
                .iter()
                .map(|&(b, s)| LoggedBoard {
                    board: b.into(),
                    score: s,
                    words: 1,
                })
                .collect(),
            bounds: 10,
            scored: 2,
            max_dropped: class,
            seconds: 1.0,
            task: None,
        }
    }

    #[test]
    fn a_summary_counts_each_class_and_board_once() {
        let lines = [
            line(0, &[("AB/CD", 5)]),
            line(2, &[("AE/CD", 7), ("AB/CD", 5)]),
            line(2, &[]),
        ];
        let summary = summarize(&lines).unwrap();
        assert_eq!(summary.done, 2);
        assert!(!summary.complete());
        assert_eq!(summary.boards.len(), 2);
        assert_eq!(summary.boards[0].board, "AE/CD");
        assert_eq!(summary.max_dropped, 2);
    }

    #[test]
    fn a_summary_of_task_logs_says_which_task_has_classes_left() {
        // 3 classes in 2 tasks: task 0 has two (places 0 and 2), task 1 one.
        assert_eq!((task_share(3, 0, 2), task_share(3, 1, 2)), (2, 1));
        assert_eq!(task_share(3, 5, 8), 0);
        let mut a = line(0, &[]);
        a.task = Some([0, 2]);
        let mut b = line(1, &[]);
        b.task = Some([1, 2]);
        let summary = summarize(&[a.clone(), b]).unwrap();
        assert_eq!(summary.missing(), 1);
        assert_eq!(summary.tasks, Some((2, vec![(0, 1)])));
        // Task 1 wrote nothing yet: it has its whole share left.
        let summary = summarize(&[a]).unwrap();
        assert_eq!(summary.tasks, Some((2, vec![(0, 1), (1, 1)])));
        // Lines from before tasks were logged read as before.
        let text = serde_json::to_string(&line(0, &[])).unwrap();
        assert!(!text.contains("task"));
    }

    #[test]
    fn logs_of_two_splits_are_refused() {
        let mut a = line(0, &[]);
        a.task = Some([0, 8]);
        let mut b = line(1, &[]);
        b.task = Some([1, 2]);
        let err = summarize(&[a.clone(), b]).unwrap_err();
        assert!(
            err.contains("task 1 of 2") && err.contains("two splits"),
            "{err}"
        );
        // A whole-proof process's line fits any split.
        assert!(summarize(&[a, line(1, &[])]).is_ok());
    }

    #[test]
    fn logs_of_two_proofs_are_refused_and_a_cut_last_line_ignored() {
        let mut other = line(1, &[]);
        other.settings = "3x3".into();
        assert!(summarize(&[line(0, &[]), other])
            .unwrap_err()
            .contains("two proofs"));
        let text = serde_json::to_string(&line(0, &[])).unwrap() + "\n{\"settings\":";
        assert_eq!(parse(&text, "log").unwrap().len(), 1);
        assert!(parse("nonsense\n", "log")
            .unwrap_err()
            .starts_with("log:1:"));
    }
    #[test]
    fn a_line_of_another_shape_is_refused_in_the_words_it_was() {
        // The type was `LogLine`: serde's message still names it so.
        let err = parse("5\n", "log").unwrap_err();
        assert!(err.contains("expected struct LogLine"), "{err}");
    }
}
