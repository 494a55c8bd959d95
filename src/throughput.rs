//! The scoring throughput `polyboggle bench` measures: many boards scored, boards per
//! second, and the process's peak memory (read from `/proc`, which is why this is the
//! command's and not the engine's).
//!
//! Boards are scored through a [`Scorer`] (the CPU solver on a pool of threads, or a
//! GPU), a batch of up to [`CHUNK`] boards a call. Rolled boards are packed into
//! batches before the clock starts; the timed part is only the scoring, once per
//! repeat. A boards file is streamed ([`run_file`]): read, parsed and packed a chunk
//! at a time while the scorer scores the chunk before, so memory stays the same
//! however long the file is.

use std::io::{self, BufRead};
use std::time::{Duration, Instant};

use serde::Serialize;

use polyboggle::batch::{self, Packed, Packer, Scorer};
use polyboggle::board::Board;
use polyboggle::boards::{self, BoardsFileError};
use polyboggle::files::{ReadError, TextLines};
use polyboggle::lexicon::Lexicon;
use polyboggle::solve::{Solver, Tally};

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
    /// What scored the boards: `cpu`, or `gpu: <device>`.
    pub backend: String,
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
        backend: String,
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
            backend,
        }
    }
}

/// What stops a streamed benchmark: a bad line, or the file itself.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// A line is not a board.
    #[error(transparent)]
    Board(#[from] BoardsFileError),
    /// The file could not be opened or read, or is not UTF-8 text.
    #[error(transparent)]
    Read(#[from] ReadError),
}

/// Boards read, parsed and scored at once (more when the scorer asks for more, as a
/// GPU does): few enough that memory does not grow with the file (a chunk is kept
/// as a byte a cell).
pub const CHUNK: usize = 65_536;

/// Scores every board of a boards file (the first `limit`, if given) `repeat` times
/// with `scorer`, reading [`CHUNK`] boards at a time (or the scorer's
/// [`Scorer::batch_hint`], when larger): `open` is called once per
/// repeat for a fresh reader. The next chunk is read and parsed while the scorer
/// scores the current one; the time reported is the scoring time, as for boards
/// held in memory, so the numbers compare. `threads` is the scorer's, for the report.
#[allow(clippy::too_many_arguments)]
pub fn run_file<R: BufRead + Send>(
    scorer: &dyn Scorer,
    lexicon: &Lexicon,
    open: impl FnMut() -> io::Result<R>,
    origin: &str,
    limit: Option<usize>,
    repeat: usize,
    open_time: Duration,
    threads: usize,
) -> Result<Report, StreamError> {
    let chunk = CHUNK.max(scorer.batch_hint());
    stream(
        scorer, lexicon, open, origin, limit, repeat, open_time, threads, chunk,
    )
}

/// [`run_file`], `chunk` boards at a time.
#[allow(clippy::too_many_arguments)]
fn stream<R: BufRead + Send>(
    scorer: &dyn Scorer,
    lexicon: &Lexicon,
    mut open: impl FnMut() -> io::Result<R>,
    origin: &str,
    limit: Option<usize>,
    repeat: usize,
    open_time: Duration,
    threads: usize,
    chunk: usize,
) -> Result<Report, StreamError> {
    let mut solver = Solver::new(lexicon, scorer.rules().clone());
    let (mut scored, mut words, mut total_score) = (0u64, 0u64, 0u64);
    let mut scoring = Duration::ZERO;
    let mut tallies = Vec::new();
    for _ in 0..repeat {
        let reader = open().map_err(|e| ReadError::io(origin, &e))?;
        let mut lines = Lines {
            lines: TextLines::new(reader, origin),
            origin,
            number: 0,
            taken: 0,
            limit: limit.unwrap_or(usize::MAX),
            chunk,
            letters: Vec::new(),
        };
        let mut current = lines.chunk()?;
        while current.boards() > 0 {
            let boards = current.boards() as u64;
            let packed = current.finish();
            // Score this chunk on another thread while this one reads the next.
            let (next, (sums, time)) = std::thread::scope(|scope| {
                let (solver, tallies) = (&mut solver, &mut tallies);
                let work = scope.spawn(move || timed(scorer, solver, &packed, tallies));
                let next = lines.chunk();
                (next, work.join().expect("a scoring thread panicked"))
            });
            scored += boards;
            words += sums.0;
            total_score += sums.1;
            scoring += time;
            current = next?;
        }
    }
    Ok(Report::new(
        scored,
        scoring,
        total_score,
        words,
        open_time,
        threads,
        scorer.backend(),
    ))
}

/// Words and points summed over `packed`'s boards, and the time their scoring took;
/// `tallies` is kept from call to call (the memory of millions of tallies).
fn timed(
    scorer: &dyn Scorer,
    solver: &mut Solver,
    packed: &[Packed],
    tallies: &mut Vec<Tally>,
) -> ((u64, u64), Duration) {
    let started = Instant::now();
    batch::tally_packed_into(scorer, solver, packed, tallies);
    let time = started.elapsed();
    (sum(tallies), time)
}

fn sum(tallies: &[Tally]) -> (u64, u64) {
    tallies
        .iter()
        .fold((0, 0), |(w, p), t| (w + t.words, p + t.points))
}

/// A boards file being read a chunk at a time.
struct Lines<'o, R> {
    lines: TextLines<R>,
    origin: &'o str,
    /// The line last read, from 1.
    number: usize,
    taken: usize,
    limit: usize,
    /// Boards a chunk.
    chunk: usize,
    /// A line's letters, when it is a board of one ASCII letter a face.
    letters: Vec<u8>,
}

impl<R: BufRead> Lines<'_, R> {
    /// The next (up to) `chunk` boards, packed; none at the end of the file or
    /// the limit.
    fn chunk(&mut self) -> Result<Packer, StreamError> {
        let mut boards = Packer::default();
        while boards.boards() < self.chunk && self.taken < self.limit {
            self.number += 1;
            let Some(text) = self.lines.next_line()? else {
                break;
            };
            let line = match self.number {
                1 => polyboggle::normalize::skip_byte_order_mark(text),
                _ => text,
            };
            if line.trim().is_empty() {
                continue;
            }
            // Most lines are letters, packed without building a `Board`.
            match boards::letters(line, &mut self.letters) {
                Some((rows, cols)) => boards.add_letters(rows, cols, &self.letters),
                None => boards.add(&boards::parse_line(line, self.origin, self.number)?),
            }
            self.taken += 1;
        }
        Ok(boards)
    }
}

/// Scores every board `repeat` times with `scorer` and reports the speed (`threads`
/// is the scorer's, for the report).
pub fn run(
    scorer: &dyn Scorer,
    lexicon: &Lexicon,
    boards: &[Board],
    repeat: usize,
    open: Duration,
    threads: usize,
) -> Report {
    let mut packer = Packer::default();
    let mut packed = Vec::new();
    for chunk in boards.chunks(CHUNK.max(scorer.batch_hint())) {
        for board in chunk {
            packer.add(board);
        }
        packed.extend(std::mem::take(&mut packer).finish());
    }
    let mut solver = Solver::new(lexicon, scorer.rules().clone());
    let (mut words, mut total_score) = (0, 0);
    let mut scoring = Duration::ZERO;
    let mut tallies = Vec::new();
    for _ in 0..repeat {
        // A run at a time, each into the same tallies.
        for run in &packed {
            let run = std::slice::from_ref(run);
            let ((w, p), time) = timed(scorer, &mut solver, run, &mut tallies);
            words += w;
            total_score += p;
            scoring += time;
        }
    }
    let scored = (boards.len() * repeat) as u64;
    let backend = scorer.backend();
    Report::new(scored, scoring, total_score, words, open, threads, backend)
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
    use polyboggle::batch::CpuScorer;
    use polyboggle::board::Face;
    use polyboggle::score::Rules;
    use polyboggle_dice::DiceSet;

    /// `n` boards the English dice roll with seeds `seed`, `seed + 1`, ...
    fn english_boards(n: usize, seed: u64) -> Vec<Board> {
        DiceSet::builtin("english-new-4x4")
            .unwrap()
            .roll_boards(n, seed)
    }

    fn scorer(lexicon: &Lexicon, threads: usize) -> CpuScorer<'_> {
        CpuScorer::new(lexicon, Rules::hasbro(), threads)
    }

    /// Words and points board by board with one solver, the reference.
    fn solved(lexicon: &Lexicon, boards: &[Board]) -> (u64, u64) {
        let mut solver = Solver::new(lexicon, Rules::hasbro());
        sum(&boards.iter().map(|b| solver.tally(b)).collect::<Vec<_>>())
    }

    #[test]
    fn a_streamed_file_scores_like_the_boards_in_memory() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        // Chunks of 1,000 boards (a test in debug mode cannot afford 65,536).
        let chunk = 1000;
        let mut boards = english_boards(chunk + 10, 3);
        // Another shape, many faces, and a board of more faces than a batch holds.
        boards.insert(7, "Qu a b/c # d".parse().unwrap());
        let wide: Vec<String> = (0..300).map(|i| format!("x{i}")).collect();
        boards.insert(
            chunk - 1,
            Board::new(15, 20, wide.iter().map(|f| Face::new(f)).collect()).unwrap(),
        );
        let text: String = boards.iter().map(|b| b.inline() + "\n\n").collect();
        let scorer = scorer(&lexicon, 2);
        let held = run(&scorer, &lexicon, &boards, 2, Duration::ZERO, 2);
        let (words, points) = solved(&lexicon, &boards);
        assert_eq!((held.words, held.total_score), (2 * words, 2 * points));
        let open = || Ok(text.as_bytes());
        let streamed = run_file(&scorer, &lexicon, open, "f", None, 2, Duration::ZERO, 2).unwrap();
        assert_eq!(
            (streamed.boards, streamed.words, streamed.total_score),
            (held.boards, held.words, held.total_score)
        );
        let first = run_file(&scorer, &lexicon, open, "f", Some(5), 1, Duration::ZERO, 2).unwrap();
        let five = run(&scorer, &lexicon, &boards[..5], 1, Duration::ZERO, 2);
        assert_eq!((first.boards, first.words), (5, five.words));
        let bad = format!("{text}abc\n");
        let open = || Ok(bad.as_bytes());
        let err = stream(
            &scorer,
            &lexicon,
            open,
            "f",
            None,
            1,
            Duration::ZERO,
            2,
            chunk,
        );
        let err = err.unwrap_err();
        let line = (chunk + 12) * 2 + 1;
        assert!(
            err.to_string().starts_with(&format!("f, line {line}:")),
            "{err}"
        );
    }

    #[test]
    fn totals_are_summed_over_the_repeats() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let boards = boards::parse("perslatgsineters\n", "inline").unwrap();
        let report = run(
            &scorer(&lexicon, 1),
            &lexicon,
            &boards,
            2,
            Duration::ZERO,
            1,
        );
        assert_eq!((report.boards, report.total_score), (2, 2 * 3625));
        let text = "perslatgsineters\nATEE/APYO/TINU/EDSE\n";
        let open = || Ok(text.as_bytes());
        let scorer = scorer(&lexicon, 2);
        let report = run_file(
            &scorer,
            &lexicon,
            open,
            "inline",
            None,
            3,
            Duration::ZERO,
            2,
        );
        let report = report.unwrap();
        assert_eq!((report.boards, report.total_score), (6, 3 * (3625 + 221)));
    }

    #[test]
    fn threads_agree_with_one_thread() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let boards = english_boards(50, 7);
        let one = run(
            &scorer(&lexicon, 1),
            &lexicon,
            &boards,
            1,
            Duration::ZERO,
            1,
        );
        let two = run(
            &scorer(&lexicon, 2),
            &lexicon,
            &boards,
            2,
            Duration::ZERO,
            2,
        );
        assert_eq!(two.total_score, 2 * one.total_score);
        assert_eq!(two.words, 2 * one.words);
        assert_eq!((one.words, one.total_score), solved(&lexicon, &boards));
        assert!(one.total_score > 0);
    }
}
