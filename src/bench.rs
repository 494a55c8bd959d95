//! Benchmarks: solving many boards and reporting boards per second.
//!
//! Rolled boards are prepared before the clock starts; the timed part is only
//! [`Solver::tally`] over every board, once per repeat, on one or more threads, each
//! with its own solver. A boards file is streamed ([`run_file`]): read and parsed a
//! chunk of lines at a time while the threads solve the chunk before, so memory
//! stays the same however long the file is.
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

use std::io::{self, BufRead};
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

impl Report {
    /// A report of `boards` solved in `solving`, with the rate and peak memory
    /// worked out.
    fn new(
        boards: u64,
        solving: Duration,
        total_score: u64,
        words: u64,
        open: Duration,
        threads: usize,
    ) -> Report {
        let seconds = solving.as_secs_f64();
        Report {
            boards,
            boards_per_sec: boards as f64 / seconds.max(1e-9),
            total_score,
            words,
            open_ms: open.as_secs_f64() * 1e3,
            peak_rss_mb: peak_rss_mb(),
            seconds,
            threads,
        }
    }
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
        .map(|(i, line)| parse_line(line, origin, i + 1))
        .collect()
}

/// One line of a boards file (see [`parse_boards`]); `line` counts from 1.
fn parse_line(line: &str, origin: &str, number: usize) -> Result<Board, BoardsFileError> {
    let line = line.trim();
    let error = |error| BoardsFileError {
        origin: origin.into(),
        line: number,
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
}

/// What stops a streamed benchmark: a bad line, or the file itself.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// A line is not a board.
    #[error(transparent)]
    Board(#[from] BoardsFileError),
    /// The file could not be opened.
    #[error("{origin}: {source}")]
    Open {
        /// The file.
        origin: String,
        /// What happened.
        source: io::Error,
    },
    /// The file could not be read (or is not UTF-8 text).
    #[error("{origin}, line {line}: {source}")]
    Io {
        /// The file.
        origin: String,
        /// The line being read (from 1).
        line: usize,
        /// What happened.
        source: io::Error,
    },
}

/// Boards read and parsed at once from a boards file: enough to keep the threads
/// busy between reads, few enough that memory does not grow with the file.
pub const CHUNK: usize = 4096;

/// Solves every board of a boards file (the first `limit`, if given) `repeat` times on
/// `threads` threads, reading [`CHUNK`] boards at a time: `open` is called once per
/// repeat for a fresh reader. The next chunk is read and parsed while the threads
/// solve the current one; the time reported is the solving time (each chunk's
/// slowest thread), as for boards held in memory, so the numbers compare.
///
/// ```
/// use polyboggle::{bench, Lexicon, Rules};
///
/// let lexicon = Lexicon::builtin("enable2k")?;
/// let text = "perslatgsineters\nATEE/APYO/TINU/EDSE\n";
/// let open = || Ok(text.as_bytes());
/// let rules = Rules::hasbro();
/// let report = bench::run_file(&lexicon, &rules, open, "inline", None, 2, 3, Default::default())?;
/// assert_eq!(report.boards, 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[allow(clippy::too_many_arguments)]
pub fn run_file<R: BufRead>(
    lexicon: &Lexicon,
    rules: &Rules,
    mut open: impl FnMut() -> io::Result<R>,
    origin: &str,
    limit: Option<usize>,
    threads: usize,
    repeat: usize,
    open_time: Duration,
) -> Result<Report, StreamError> {
    let threads = threads.max(1);
    let mut solvers: Vec<Solver> = (0..threads)
        .map(|_| Solver::new(lexicon, rules.clone()))
        .collect();
    let (mut solved, mut words, mut total_score) = (0u64, 0u64, 0u64);
    let mut solving = Duration::ZERO;
    for _ in 0..repeat {
        let reader = open().map_err(|source| StreamError::Open {
            origin: origin.into(),
            source,
        })?;
        let mut lines = Lines {
            reader,
            origin,
            number: 0,
            taken: 0,
            limit: limit.unwrap_or(usize::MAX),
            text: String::new(),
        };
        let mut current = lines.chunk()?;
        while !current.is_empty() {
            // Solve this chunk on the threads while this thread reads the next one.
            let (next, (w, p, time)) = std::thread::scope(|scope| {
                let part = current.len().div_ceil(threads).max(1);
                let workers: Vec<_> = solvers
                    .iter_mut()
                    .zip(current.chunks(part))
                    .map(|(solver, boards)| scope.spawn(move || tally_all(solver, boards)))
                    .collect();
                let next = lines.chunk();
                let sums = workers
                    .into_iter()
                    .map(|w| w.join().expect("a solver thread panicked"))
                    .fold((0, 0, Duration::ZERO), |a, b| {
                        (a.0 + b.0, a.1 + b.1, a.2.max(b.2))
                    });
                (next, sums)
            });
            solved += current.len() as u64;
            words += w;
            total_score += p;
            solving += time;
            current = next?;
        }
    }
    Ok(Report::new(
        solved,
        solving,
        total_score,
        words,
        open_time,
        threads,
    ))
}

/// Words and points of every board, with one solver, and the time it took.
fn tally_all(solver: &mut Solver, boards: &[Board]) -> (u64, u64, Duration) {
    let started = Instant::now();
    let (words, points) = boards.iter().fold((0, 0), |(words, points), board| {
        let tally = solver.tally(board);
        (words + tally.words, points + tally.points)
    });
    (words, points, started.elapsed())
}

/// A boards file being read a chunk at a time.
struct Lines<'o, R> {
    reader: R,
    origin: &'o str,
    number: usize,
    taken: usize,
    limit: usize,
    text: String,
}

impl<R: BufRead> Lines<'_, R> {
    /// The next (up to) [`CHUNK`] boards; empty at the end of the file or the limit.
    fn chunk(&mut self) -> Result<Vec<Board>, StreamError> {
        let mut boards = Vec::with_capacity(CHUNK);
        while boards.len() < CHUNK && self.taken < self.limit {
            self.text.clear();
            self.number += 1;
            let read = self
                .reader
                .read_line(&mut self.text)
                .map_err(|source| StreamError::Io {
                    origin: self.origin.into(),
                    line: self.number,
                    source,
                })?;
            if read == 0 {
                break;
            }
            if self.text.trim().is_empty() {
                continue;
            }
            boards.push(parse_line(&self.text, self.origin, self.number)?);
            self.taken += 1;
        }
        Ok(boards)
    }
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
    let solved = (boards.len() * repeat) as u64;
    Report::new(solved, started.elapsed(), total_score, words, open, threads)
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
    fn a_streamed_file_scores_like_the_boards_in_memory() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let boards = roll_boards(&set, CHUNK * 2 + 10, 3);
        let text: String = boards.iter().map(|b| b.inline() + "\n\n").collect();
        let rules = Rules::hasbro();
        let held = run(&lexicon, &rules, &boards, 1, 2, Duration::ZERO);
        let open = || Ok(text.as_bytes());
        let streamed = run_file(&lexicon, &rules, open, "f", None, 3, 2, Duration::ZERO).unwrap();
        assert_eq!(
            (streamed.boards, streamed.words, streamed.total_score),
            (held.boards, held.words, held.total_score)
        );
        let first = run_file(&lexicon, &rules, open, "f", Some(5), 2, 1, Duration::ZERO).unwrap();
        let five = run(&lexicon, &rules, &boards[..5], 1, 1, Duration::ZERO);
        assert_eq!((first.boards, first.words), (5, five.words));
        let bad = format!("{text}abc\n");
        let open = || Ok(bad.as_bytes());
        let err = run_file(&lexicon, &rules, open, "f", None, 2, 1, Duration::ZERO).unwrap_err();
        let line = (CHUNK * 2 + 10) * 2 + 1;
        assert!(
            err.to_string().starts_with(&format!("f, line {line}:")),
            "{err}"
        );
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
