//! `polyboggle prove`: every board of a space scoring at least S, and the proof
//! that there is no other; its logs and summaries.

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use polyboggle::batch::CpuScorer;
use polyboggle::{Lexicon, Rules};
use polyboggle_optimize::{self as optimize, Objective, Settings, Space};
use polyboggle_prove::log::{self, LoggedBoard, ProofLogLine, ProofSummary};
use polyboggle_prove::{ClassReport, Proof};
use serde_json::json;

use crate::args::{Format, ProveArgs};
use crate::load::{check_run_flags, Dictionary, Scoring, Search};
use crate::output::stdout;
use crate::runlog::{self, RunLog};
use crate::Failure;

/// How long the optimizer looks for a threshold when `--min` is not given.
const OPTIMIZER_SECONDS: f64 = 5.0;

pub fn run(args: ProveArgs) -> Result<(), Failure> {
    if !args.summarize.is_empty() {
        return summarize(&args.summarize, args.format);
    }
    check_run_flags(&args.scale, args.time)?;
    if !(args.progress >= 0.0 && args.progress.is_finite()) {
        return Err(Failure::input(format!(
            "--progress {}: give seconds, 0 or more",
            args.progress
        )));
    }
    let size = match (&args.size, &args.space.dice) {
        (None, None) => Some("3x3"),
        (size, _) => size.as_deref(),
    };
    let Search {
        scoring: Scoring {
            dictionary,
            lexicon,
            rules,
        },
        space,
    } = Search::from_flags(&args.dict, &args.rules, size, &args.space)?;
    let threads = args.scale.threads();
    let min = match args.min {
        Some(min) => min,
        None => threshold(&lexicon, &rules, &space, threads),
    };
    if args.sample == Some(0) {
        return Err(Failure::input("--sample must be at least 1"));
    }
    let proof = Proof::with_cut(
        &lexicon,
        rules.clone(),
        &space,
        min,
        &args.buckets.unwrap_or_default(),
    )
    .map_err(Failure::input)?;
    let settings = describe(&proof, &space, &rules, &dictionary, &lexicon);

    let mut todo: Vec<u64> = match (args.scale.task_index, args.scale.tasks, args.sample) {
        (_, _, Some(n)) => proof.sample(n, args.seed),
        (Some(index), Some(tasks), None) => proof
            .classes()
            .iter()
            .enumerate()
            .filter(|(i, _)| i % tasks == index)
            .map(|(_, &c)| c)
            .collect(),
        _ => proof.classes().to_vec(),
    };
    let in_scope = todo.len() as u64;
    let task = args
        .scale
        .task_index
        .zip(args.scale.tasks)
        .map(|(k, n)| [k as u64, n as u64]);
    let mut lines: Vec<ProofLogLine> = Vec::new();
    if let Some(path) = args.scale.resumed_log() {
        lines = finished(path, &settings, task)?;
        let scope: HashSet<u64> = todo.iter().copied().collect();
        lines.retain(|line| scope.contains(&line.class));
        let done: HashSet<u64> = lines.iter().map(|line| line.class).collect();
        todo.retain(|c| !done.contains(c));
    }
    let log = RunLog::open(args.scale.log.as_deref(), task.is_some())?;

    let started = Instant::now();
    let deadline = args.time.map(|t| started + Duration::from_secs_f64(t));
    let stop = || deadline.is_some_and(|d| Instant::now() >= d);
    let progress = Progress::new(todo.len() as u64, std::io::stderr().is_terminal());
    let fresh: Mutex<Vec<ProofLogLine>> = Mutex::new(Vec::new());
    let sampled: Mutex<Vec<ClassReport>> = Mutex::new(Vec::new());
    let done = |report: &ClassReport| {
        let mut line = ProofLogLine::new(&proof, &settings, report);
        line.task = task;
        log.finished(&serde_json::to_string(&line).expect("log lines serialize"));
        progress.finished(report);
        fresh.lock().expect("no panic").push(line);
        sampled.lock().expect("no panic").push(report.clone());
    };
    std::thread::scope(|scope| {
        // Off a terminal, a line now and then: a class can run for minutes.
        let (quit, ticks) = std::sync::mpsc::channel::<()>();
        if args.progress > 0.0 && progress.bar.is_none() {
            let every = Duration::from_secs_f64(args.progress);
            let progress = &progress;
            scope.spawn(move || {
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                    ticks.recv_timeout(every)
                {
                    eprintln!("{}", progress.line());
                }
            });
        }
        proof.run(&todo, threads, &stop, &done);
        drop(quit);
    });
    progress.clear();
    log.close()?;
    if let Some([index, tasks]) = task {
        let left = todo.len() - fresh.lock().expect("no panic").len();
        if left > 0 && args.sample.is_none() {
            return Err(Failure::incomplete(format!(
                "incomplete: task {index} of {tasks} stopped with {left} of its {in_scope} \
                 classes left (its --log and --resume go on)"
            )));
        }
        return Ok(());
    }
    let seconds = started.elapsed().as_secs_f64();
    if args.sample.is_some() {
        let reports = sampled.into_inner().expect("no panic");
        let complete = reports.len() == in_scope as usize;
        let fresh = fresh.into_inner().expect("no panic");
        let summary = log::summarize(&fresh).ok();
        return print_estimate(
            &proof,
            &settings,
            &reports,
            summary.as_ref(),
            complete,
            seconds,
            args.format,
        );
    }
    lines.extend(fresh.into_inner().expect("no panic"));
    let summary = match log::summarize(&lines) {
        Ok(summary) => summary,
        // Nothing finished (an empty task, or --time ran out in the first classes).
        Err(_) => ProofSummary {
            settings,
            size: space_size(&space),
            min,
            of: proof.canonical_count(),
            done: 0,
            boards: Vec::new(),
            bounds: 0,
            scored: 0,
            max_dropped: 0,
            seconds: 0.0,
            tasks: None,
        },
    };
    let complete = summary.done == in_scope;
    print(&summary, complete, Some(seconds), args.format)?;
    not_proven(&summary, complete)
}

/// Exit code 3 after a summary that proves nothing yet.
fn not_proven(summary: &ProofSummary, complete: bool) -> Result<(), Failure> {
    if complete {
        return Ok(());
    }
    Err(Failure::incomplete(format!(
        "NOT PROVEN: {} of {} top-level classes missing",
        summary.missing(),
        summary.of
    )))
}

/// The best score a brief optimizer run finds: the threshold when none is given.
fn threshold(lexicon: &Lexicon, rules: &Rules, space: &Space, threads: usize) -> u64 {
    let settings = Settings {
        seed: 1,
        time: Some(Duration::from_secs_f64(OPTIMIZER_SECONDS)),
        parallel_runs: threads,
        ..Settings::new(Objective::Score, rules.clone())
    };
    let scorer = CpuScorer::new(lexicon, settings.scoring_rules(), threads);
    let runs: Vec<usize> = (0..threads).collect();
    let reports = optimize::run(lexicon, space, &scorer, &settings, &runs, &|_| {});
    let best = reports.iter().map(|r| r.best.score).max().unwrap_or(0);
    eprintln!("prove: no --min given; the optimizer's best in {OPTIMIZER_SECONDS} s is {best}, proving that nothing else reaches it");
    best
}

/// What a log line's settings say: everything that changes the answer or the
/// classes' numbers.
fn describe(
    proof: &Proof,
    space: &Space,
    rules: &Rules,
    dictionary: &Dictionary,
    lexicon: &Lexicon,
) -> String {
    format!(
        "{} | buckets {} | min {} | min-len {} points {:?} qu {} | dictionary {} ({} words{})",
        space.describe(),
        proof.cut_description(),
        proof.min(),
        rules.min_len,
        (0..=16).map(|len| rules.points(len)).collect::<Vec<_>>(),
        rules.qu,
        dictionary.name(),
        lexicon.word_count(),
        profile_note(lexicon.profile()),
    )
}

/// The profile's options that are on, for the settings line.
fn profile_note(profile: &polyboggle::Profile) -> String {
    let mut note = String::new();
    if !profile.lang.is_empty() {
        note += &format!(", lang {}", profile.lang);
    }
    if profile.strip_marks {
        note += &format!(", marks stripped but {:?}", profile.keep);
    }
    if profile.turkic {
        note += ", Turkic casing";
    }
    note
}

fn space_size(space: &Space) -> String {
    let (rows, cols) = space.shape();
    format!("{rows}x{cols}")
}

/// The classes a log has finished for these settings (a log of other settings or
/// of another split is an error; a missing log is an empty one).
fn finished(
    path: &Path,
    settings: &str,
    task: Option<[u64; 2]>,
) -> Result<Vec<ProofLogLine>, Failure> {
    let text = runlog::read_resumed(path)?;
    let lines = log::parse(&text, &path.display().to_string()).map_err(Failure::input)?;
    for line in &lines {
        runlog::check_split(path, &format!("class {}", line.class), line.task, task)?;
    }
    if let Some(other) = lines.iter().find(|line| line.settings != settings) {
        return Err(Failure::input(format!(
            "{}: class {} was proven with other settings ({}); resume with the same \
             space, --min, rules and dictionary, or use another --log",
            path.display(),
            other.class,
            other.settings
        )));
    }
    Ok(lines)
}

fn summarize(paths: &[PathBuf], format: Format) -> Result<(), Failure> {
    let mut lines = Vec::new();
    for path in paths {
        let text = polyboggle::files::read_text(path)?;
        lines.extend(log::parse(&text, &path.display().to_string()).map_err(Failure::input)?);
    }
    let summary = log::summarize(&lines).map_err(Failure::input)?;
    print(&summary, summary.complete(), None, format)?;
    not_proven(&summary, summary.complete())
}

fn print(
    summary: &ProofSummary,
    complete: bool,
    seconds: Option<f64>,
    format: Format,
) -> Result<(), Failure> {
    let (min, size) = (summary.min, summary.size.as_str());
    let (rows, cols) = polyboggle_dice::parse_size(size).unwrap_or((0, 0));
    let mut out = stdout();
    if format == Format::Json {
        let boards = boards_json(&summary.boards, rows, cols);
        let value = json!({
            "size": size,
            "min": min,
            "complete": complete,
            "seconds": seconds.unwrap_or(summary.seconds),
            "cpu_seconds": summary.seconds,
            "classes_broken": summary.bounds,
            "max_bound_left": summary.max_dropped,
            "top_classes": summary.of,
            "top_classes_done": summary.done,
            "boards_scored": summary.scored,
            "missing_classes": summary.missing(),
            "unfinished_tasks": summary.tasks.as_ref().map(|(_, left)| {
                left.iter().map(|&(task, left)| json!({"task": task, "left": left})).collect::<Vec<_>>()
            }),
            "settings": summary.settings,
            "boards": boards,
        });
        writeln!(out, "{value}")?;
        return Ok(out.flush()?);
    }
    writeln!(out, "{}", summary.settings)?;
    if complete {
        writeln!(
            out,
            "proven: {} board{} (one per symmetry class) score {min} or more, and no other does",
            summary.boards.len(),
            if summary.boards.len() == 1 { "" } else { "s" }
        )?;
    } else {
        // A summary of task logs (no time of its own) is mended by rerunning tasks.
        let mend = match seconds {
            Some(_) => "run again with --log and --resume to go on",
            None => "rerun the tasks with classes left, with the same --tasks: docs/scale-out.md",
        };
        writeln!(
            out,
            "NOT PROVEN: {} of {} top-level classes done; the list below proves nothing ({mend})",
            summary.done, summary.of
        )?;
        writeln!(out, "{}", missing(summary))?;
    }
    writeln!(
        out,
        "{} classes bounded, {} boards scored, largest bound dropped {}; {:.1} CPU-s{}",
        summary.bounds,
        summary.scored,
        summary.max_dropped,
        summary.seconds,
        seconds.map_or(String::new(), |s| format!(", {s:.1} s")),
    )?;
    if !summary.boards.is_empty() {
        writeln!(out)?;
        writeln!(out, "{:>7}  {:>6}  board", "score", "words")?;
        write_boards(&mut out, &summary.boards)?;
    }
    Ok(out.flush()?)
}

/// The boards as the contract's JSON objects.
fn boards_json(boards: &[LoggedBoard], rows: usize, cols: usize) -> Vec<serde_json::Value> {
    boards
        .iter()
        .map(|b| json!({"board": b.board, "rows": rows, "cols": cols, "score": b.score, "words": b.words}))
        .collect()
}

/// The boards a line each: score, words, board.
fn write_boards(out: &mut impl Write, boards: &[LoggedBoard]) -> std::io::Result<()> {
    for board in boards {
        writeln!(
            out,
            "{:>7}  {:>6}  {}",
            board.score, board.words, board.board
        )?;
    }
    Ok(())
}

/// A sample's estimate of the whole proof, and the boards it met.
fn print_estimate(
    proof: &Proof,
    settings: &str,
    reports: &[ClassReport],
    summary: Option<&ProofSummary>,
    complete: bool,
    seconds: f64,
    format: Format,
) -> Result<(), Failure> {
    let estimate = proof.estimate(reports);
    let boards = summary.map_or(&[][..], |s| &s.boards[..]);
    let hours = |s: f64| s / 3600.0;
    let mut out = stdout();
    if format == Format::Json {
        let (rows, cols) = proof.shape();
        let boards = boards_json(boards, rows, cols);
        let value = json!({
            "size": format!("{rows}x{cols}"),
            "min": proof.min(),
            "complete": complete,
            "seconds": seconds,
            "sampled": estimate.sampled,
            "top_classes": estimate.classes,
            "buckets": proof.buckets().len(),
            "cut": proof.cut_description(),
            "sample_cpu_seconds": reports.iter().map(|r| r.seconds).sum::<f64>(),
            "mean_class_seconds": estimate.mean,
            "estimated_cpu_seconds": estimate.cpu_seconds,
            "estimated_cpu_seconds_low": estimate.low,
            "estimated_cpu_seconds_high": estimate.high,
            "settings": settings,
            "boards": boards,
        });
        writeln!(out, "{value}")?;
        return Ok(out.flush()?);
    }
    let mut times: Vec<f64> = reports.iter().map(|r| r.seconds).collect();
    times.sort_by(f64::total_cmp);
    let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
    let max = times.last().copied().unwrap_or(0.0);
    writeln!(out, "{settings}")?;
    writeln!(
        out,
        "sample: {} of {} top-level classes ({} buckets), {:.1} CPU-s in {seconds:.1} s; a class: mean {:.3} s, median {median:.3} s, max {max:.3} s",
        estimate.sampled,
        estimate.classes,
        proof.buckets().len(),
        times.iter().sum::<f64>(),
        estimate.mean,
    )?;
    if reports.is_empty() {
        writeln!(
            out,
            "no sampled class finished: no estimate (give --time more, or use more --buckets)"
        )?;
        return Ok(out.flush()?);
    }
    if !complete {
        writeln!(
            out,
            "the sample was cut short: the estimate is from the classes that finished, and too low"
        )?;
    }
    writeln!(
        out,
        "estimated whole proof: {:.0} CPU-s, 95% interval {:.0}-{:.0} ({:.2} CPU-hours, {:.2}-{:.2})",
        estimate.cpu_seconds,
        estimate.low,
        estimate.high,
        hours(estimate.cpu_seconds),
        hours(estimate.low),
        hours(estimate.high),
    )?;
    writeln!(
        out,
        "boards scoring {} or more met in the sample: {} (a sample proves nothing)",
        proof.min(),
        boards.len()
    )?;
    write_boards(&mut out, boards)?;
    Ok(out.flush()?)
}

/// What a summary lacks: the classes left, their cost at the mean so far, and
/// the tasks they belong to.
fn missing(summary: &ProofSummary) -> String {
    let left = summary.missing();
    let mut text = format!("missing: {left} classes");
    if summary.done > 0 {
        let hours = summary.seconds / summary.done as f64 * left as f64 / 3600.0;
        text += &format!(" (about {hours:.1} CPU-hours at the mean class time so far)");
    }
    if let Some((tasks, unfinished)) = &summary.tasks {
        let listed: Vec<String> = unfinished
            .iter()
            .take(20)
            .map(|(task, left)| format!("{task} ({left})"))
            .collect();
        let more = unfinished.len().saturating_sub(listed.len());
        text += &format!(
            "; {} of {tasks} tasks have classes left: {}{}",
            unfinished.len(),
            listed.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        );
    }
    text
}

/// The progress line on a terminal: classes done of all, boards found, bounds a
/// second, time left.
struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    classes: u64,
    done: AtomicU64,
    bounds: AtomicU64,
    found: AtomicU64,
}

impl Progress {
    fn new(classes: u64, on_terminal: bool) -> Progress {
        Progress {
            bar: runlog::progress_bar(
                classes,
                "{elapsed_precise} classes {pos}/{len} (ETA {eta}) {wide_msg}",
                on_terminal,
            ),
            started: Instant::now(),
            classes,
            done: AtomicU64::new(0),
            bounds: AtomicU64::new(0),
            found: AtomicU64::new(0),
        }
    }

    /// How it is going, in one line for a log: classes done, boards found,
    /// bounds, elapsed time, the time left at this pace, and peak memory.
    fn line(&self) -> String {
        let done = self.done.load(Ordering::Relaxed);
        let elapsed = self.started.elapsed().as_secs_f64();
        let left = match done {
            0 => "unknown".to_string(),
            d => clock(elapsed * (self.classes - d) as f64 / d as f64),
        };
        format!(
            "prove: {done}/{} classes, {} boards found, {} bounds, {} elapsed, {left} left, peak memory {:.0} MB",
            self.classes,
            self.found.load(Ordering::Relaxed),
            self.bounds.load(Ordering::Relaxed),
            clock(elapsed),
            crate::throughput::peak_rss_mb(),
        )
    }

    fn finished(&self, report: &ClassReport) {
        self.done.fetch_add(1, Ordering::Relaxed);
        let bounds = self
            .bounds
            .fetch_add(report.outcome.bounds, Ordering::Relaxed)
            + report.outcome.bounds;
        let found = self
            .found
            .fetch_add(report.outcome.hits.len() as u64, Ordering::Relaxed)
            + report.outcome.hits.len() as u64;
        if let Some(bar) = &self.bar {
            let rate = bounds as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!("· boards found {found} · {rate:.0} bounds/s"));
            bar.inc(1);
        }
    }

    fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Seconds as `h:mm:ss`.
fn clock(seconds: f64) -> String {
    let s = seconds.round() as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}
