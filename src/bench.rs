//! Benchmarks: solving many boards and reporting boards per second.
//!
//! Boards are prepared before the clock starts (read from a file or rolled from a
//! dice set); the timed part is only [`Solver::tally`] over every board, once per
//! repeat, on one or more threads, each with its own solver.
//!
//! ```
//! use polyboggle::{bench, Lexicon, Rules};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let boards = bench::parse_boards("perslatgsineters\n", "inline")?;
//! let report = bench::run(&lexicon, &Rules::hasbro(), &boards, 1, 2, Default::default());
//! assert_eq!(report.boards, 2);
//! assert_eq!(report.total_score % 2, 0); // summed over both repeats
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::{Duration, Instant};

use serde::Serialize;

use crate::board::{Board, BoardError, Face};
use crate::dice::DiceSet;
use crate::lexicon::Lexicon;
use crate::score::Rules;
use crate::solve::Solver;

/// What a benchmark measured.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// Boards solved, over all repeats.
    pub boards: u64,
    /// Boards solved per second of wall-clock time.
    pub boards_per_sec: f64,
    /// Sum of every board's score, over all repeats.
    pub total_score: u64,
    /// Sum of every board's word count, over all repeats.
    pub words: u64,
    /// Time to open the dictionary, in milliseconds.
    pub open_ms: f64,
    /// Peak resident memory of the process, in megabytes (0 where unknown).
    pub peak_rss_mb: f64,
    /// Wall-clock seconds of solving.
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
}

/// A line of a boards file that is not a square board.
#[derive(Debug, thiserror::Error)]
#[error("{origin}, line {line}: {error}")]
pub struct BoardsFileError {
    origin: String,
    line: usize,
    error: BoardError,
}

/// Parses one board a line: an inline board with rows split by `/` or `,`
/// (`ATEE/APYO/TINU/EDSE`), or a square N×N board given as whitespace-separated
/// faces or one character a face (`perslatgsineters`). Under Hasbro rules a `q` face
/// reads `Qu` (the solver applies the rules).
pub fn parse_boards(text: &str, origin: &str) -> Result<Vec<Board>, BoardsFileError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| {
            let line = line.trim();
            let error = |error| BoardsFileError {
                origin: origin.into(),
                line: i + 1,
                error,
            };
            if line.contains(['/', ',']) || !line.contains(char::is_whitespace) {
                // Inline rows, or a bare N² letters (`perslatgsineters`).
                return line.parse().map_err(error);
            }
            // Whitespace-separated faces on one line: a square board.
            let faces: Vec<Face> = line.split_whitespace().map(Face::new).collect();
            let side = faces.len().isqrt();
            if side * side != faces.len() {
                return Err(error(BoardError::NotSquare(faces.len())));
            }
            Board::new(side, side, faces).map_err(error)
        })
        .collect()
}

/// Rolls `n` boards from `set`, board `i` with seed `seed + i`.
pub fn roll_boards(set: &DiceSet, n: usize, seed: u64) -> Vec<Board> {
    (0..n as u64)
        .map(|i| {
            set.roll(seed.wrapping_add(i), None)
                .expect("a set rolls its own size")
        })
        .collect()
}

/// Solves every board `repeat` times on `threads` threads and reports the speed.
pub fn run(
    lexicon: &Lexicon,
    rules: &Rules,
    boards: &[Board],
    threads: usize,
    repeat: usize,
    open: Duration,
) -> Report {
    let threads = threads.max(1);
    let chunk = boards.len().div_ceil(threads).max(1);
    let started = Instant::now();
    let (words, total_score) = std::thread::scope(|scope| {
        let workers: Vec<_> = boards
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut solver = Solver::new(lexicon, rules.clone());
                    let (mut words, mut points) = (0, 0);
                    for _ in 0..repeat {
                        for board in part {
                            let tally = solver.tally(board);
                            words += tally.words;
                            points += tally.points;
                        }
                    }
                    (words, points)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a solver thread panicked"))
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    let seconds = started.elapsed().as_secs_f64();
    let solved = (boards.len() * repeat) as u64;
    Report {
        boards: solved,
        boards_per_sec: solved as f64 / seconds.max(1e-9),
        total_score,
        words,
        open_ms: open.as_secs_f64() * 1e3,
        peak_rss_mb: peak_rss_mb(),
        seconds,
        threads,
    }
}

/// The process's peak resident set size (Linux: `VmHWM` in `/proc/self/status`).
pub fn peak_rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_letters_and_spaced_faces() {
        let boards = parse_boards("abcd\n\nQu A B C\nab/cd/ef\n", "f").unwrap();
        assert_eq!(boards.len(), 3);
        assert_eq!((boards[2].rows(), boards[2].cols()), (3, 2));
        assert_eq!(boards[1].face(0, 0).text(), "Qu");
        let err = parse_boards("abc\n", "f").unwrap_err();
        assert!(err.to_string().starts_with("f, line 1:"), "{err}");
    }

    #[test]
    fn threads_agree_with_one_thread() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let boards = roll_boards(&set, 50, 7);
        let one = run(&lexicon, &Rules::hasbro(), &boards, 1, 1, Duration::ZERO);
        let two = run(&lexicon, &Rules::hasbro(), &boards, 2, 2, Duration::ZERO);
        assert_eq!(two.total_score, 2 * one.total_score);
        assert_eq!(two.words, 2 * one.words);
        assert!(one.total_score > 0);
    }
}
