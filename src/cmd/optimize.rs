//! `polyboggle optimize`: best-board search, its logs and summaries.

use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use polyboggle::random;
use polyboggle_optimize::{
    self as optimize, Event, LogLine, Method, Objective, RunReport, Settings, Space,
};

use crate::args::{Format, MethodArg, OptimizeArgs};
use crate::load::{check_run_flags, open_scorer, Scoring, Search};
use crate::output::stdout;
use crate::runlog::{self, RunLog};
use crate::Failure;

pub fn run(args: OptimizeArgs) -> Result<(), Failure> {
    if !args.summarize.is_empty() {
        return summarize(&args.summarize, args.format);
    }
    let objective: Objective = args.objective.parse().map_err(Failure::input)?;
    check_numbers(&args)?;
    let Search {
        scoring: Scoring { lexicon, rules, .. },
        space,
    } = Search::from_flags(&args.dict, &args.rules, args.size.as_deref(), &args.space)?;
    let threads = args.scale.threads();
    let seed = match args.seed {
        Some(seed) => seed,
        None if args.scale.tasks.is_some() || args.scale.resume => {
            return Err(Failure::input(
                "--tasks and --resume need --seed (every task must use the same one)",
            ))
        }
        None => random::seed() % 1_000_000,
    };
    let settings = Settings {
        method: match args.method {
            MethodArg::Pool => Method::Pool,
            MethodArg::Anneal => Method::Anneal,
        },
        pool: args.pool,
        seed,
        time: args.time.map(Duration::from_secs_f64),
        until: args.until,
        parallel_runs: threads,
        ..Settings::new(objective, rules)
    };
    let mut runs = match (args.scale.task_index, args.scale.tasks) {
        (Some(index), Some(tasks)) => optimize::task_runs(args.runs, index, tasks),
        _ => (0..args.runs).collect(),
    };
    if let (Some(index), Some(tasks), true) =
        (args.scale.task_index, args.scale.tasks, runs.is_empty())
    {
        eprintln!(
            "note: task {index} of {tasks} has no runs (--runs {}: runs r with r mod {tasks} = {index})",
            args.runs
        );
    }
    // Each run logged says the search's size and split, for summaries and resumes.
    let task = args
        .scale
        .task_index
        .zip(args.scale.tasks)
        .map(|(k, n)| [k as u64, n as u64]);
    let placed = |report: &RunReport| RunReport {
        of: Some(args.runs),
        task,
        ..report.clone()
    };
    // Runs a resumed log has finished already: kept for the summary, not run again.
    let mut done: Vec<RunReport> = Vec::new();
    if let Some(log) = args.scale.resumed_log() {
        done = finished_runs(log, &settings, &space, args.runs, task)?;
        let numbers: HashSet<usize> = done.iter().map(|r| r.run).collect();
        runs.retain(|r| !numbers.contains(r));
        done.retain(|r| runs_of_task(&args).contains(&r.run));
    }
    let log = RunLog::open(args.scale.log.as_deref(), task.is_some())?;
    let json = |line: &LogLine| serde_json::to_string(line).expect("log lines serialize");

    let chosen = open_scorer(args.backend, &lexicon, settings.scoring_rules(), threads)?;
    let scorer = &*chosen.scorer;
    let progress = Progress::new(runs.len(), std::io::stdout().is_terminal());
    let observer = |event: &Event| match event {
        Event::Round {
            run,
            boards_scored,
            best,
        } => progress.round(*run, *boards_scored, *best),
        Event::Improved(line) => log.write(&json(line)),
        Event::Finished(report) => {
            log.finished(&json(&LogLine::Run(placed(report))));
            progress.finished(report);
        }
    };
    let started = Instant::now();
    let reports = optimize::run(&lexicon, &space, scorer, &settings, &runs, &observer);
    progress.clear();
    log.close()?;
    if task.is_some() {
        return Ok(());
    }
    done.extend(reports.iter().map(placed));
    let summary =
        optimize::summarize(done, Some(started.elapsed().as_secs_f64())).map_err(Failure::input)?;
    print_summary(&summary, args.format)
}

/// Numbers clap cannot check alone.
fn check_numbers(args: &OptimizeArgs) -> Result<(), Failure> {
    let positive = [("--pool", args.pool), ("--runs", args.runs)];
    for (flag, value) in positive {
        if value == 0 {
            return Err(Failure::input(format!("{flag} must be at least 1")));
        }
    }
    check_run_flags(&args.scale, args.time)
}

/// The runs this process's task owns.
fn runs_of_task(args: &OptimizeArgs) -> Vec<usize> {
    match (args.scale.task_index, args.scale.tasks) {
        (Some(index), Some(tasks)) => optimize::task_runs(args.runs, index, tasks),
        _ => (0..args.runs).collect(),
    }
}

/// The runs a log has finished for these settings (a log of other settings, or of
/// another split, is an error). A last line cut short by a crash is ignored.
fn finished_runs(
    path: &Path,
    settings: &Settings,
    space: &Space,
    of: usize,
    task: Option<[u64; 2]>,
) -> Result<Vec<RunReport>, Failure> {
    let text = runlog::read_resumed(path)?;
    let lines = optimize::parse_log(&text, &path.display().to_string()).map_err(Failure::input)?;
    let mut runs = Vec::new();
    for line in lines {
        let LogLine::Run(report) = line else { continue };
        if report.objective != settings.objective.to_string()
            || report.space != space.describe()
            || report.base_seed() != settings.seed
            || report.of.is_some_and(|n| n != of)
        {
            return Err(Failure::input(format!(
                "{}: run {} was made with other settings ({} over {}, seed {}{}); \
                 resume with the same --objective, board space, --seed and --runs, or use another --log",
                path.display(),
                report.run,
                report.objective,
                report.space,
                report.base_seed(),
                report.of.map_or(String::new(), |n| format!(", {n} runs")),
            )));
        }
        runlog::check_split(path, &format!("run {}", report.run), report.task, task)?;
        runs.push(report);
    }
    Ok(runs)
}

fn summarize(paths: &[PathBuf], format: Format) -> Result<(), Failure> {
    let mut runs = Vec::new();
    for path in paths {
        let text = polyboggle::files::read_text(path)?;
        let lines =
            optimize::parse_log(&text, &path.display().to_string()).map_err(Failure::input)?;
        runs.extend(lines.into_iter().filter_map(|line| match line {
            LogLine::Run(report) => Some(report),
            LogLine::Improved { .. } => None,
        }));
    }
    let summary = optimize::summarize(runs, None).map_err(Failure::input)?;
    print_summary(&summary, format)?;
    if summary.complete {
        return Ok(());
    }
    Err(Failure::incomplete(format!(
        "incomplete: {} of {} runs missing",
        summary.missing_runs.len(),
        summary.of.unwrap_or(0)
    )))
}

/// Prints a summary; one with runs missing says which.
fn print_summary(summary: &optimize::Summary, format: Format) -> Result<(), Failure> {
    let mut out = stdout();
    if format == Format::Json {
        let value = serde_json::to_value(summary).expect("summaries serialize");
        writeln!(out, "{value}")?;
        return Ok(out.flush()?);
    }
    let runs = summary.runs.len();
    let rate = summary.boards_scored as f64 / summary.seconds.max(1e-9);
    writeln!(out, "{} over {}", summary.objective, summary.space)?;
    let of = match summary.of {
        Some(of) if !summary.complete => format!(" of {of}"),
        _ => String::new(),
    };
    writeln!(
        out,
        "{runs}{of} run{}, seed {}: {} boards scored in {:.1} s ({} boards/s)",
        if runs == 1 && of.is_empty() { "" } else { "s" },
        summary.seed,
        thousands(summary.boards_scored),
        summary.seconds,
        thousands(rate as u64),
    )?;
    if !summary.complete {
        writeln!(out, "{}", missing(summary))?;
    }
    writeln!(out)?;
    writeln!(out, "{:>7}  {:>6}  {:>6}  board", "value", "score", "words")?;
    for found in summary.boards.iter().take(10) {
        let best = &found.best;
        writeln!(
            out,
            "{:>7}  {:>6}  {:>6}  {}   found in {}/{runs} run{}",
            best.value,
            best.score,
            best.words,
            best.board,
            found.found_in,
            if runs == 1 { "" } else { "s" },
        )?;
        if let Some(dice) = &best.dice {
            let rows: Vec<String> = dice
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .collect();
            writeln!(out, "{:>25}dice by cell: {}", "", rows.join(" / "))?;
        }
    }
    if summary.boards.len() > 10 {
        writeln!(out, "  ... {} more boards", summary.boards.len() - 10)?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "{:>4}  {:>10}  {:>7}  {:>8}  {:>8}  {:>10}",
        "run", "seed", "value", "to best", "seconds", "boards"
    )?;
    for run in &summary.runs {
        writeln!(
            out,
            "{:>4}  {:>10}  {:>7}  {:>7.1}s  {:>7.1}s  {:>10}",
            run.run,
            run.seed,
            run.best.value,
            run.seconds_to_best,
            run.seconds,
            thousands(run.boards_scored)
        )?;
    }
    Ok(out.flush()?)
}

/// What an incomplete summary lacks: the runs, and the tasks that owe them.
fn missing(summary: &optimize::Summary) -> String {
    let listed = |items: Vec<String>| {
        let more = items.len().saturating_sub(20);
        let mut text = items[..items.len().min(20)].join(", ");
        if more > 0 {
            text += &format!(" and {more} more");
        }
        text
    };
    let runs = summary.missing_runs.iter().map(usize::to_string).collect();
    let count = summary.missing_runs.len();
    let mut text = format!(
        "INCOMPLETE: {count} run{} missing: {}",
        if count == 1 { "" } else { "s" },
        listed(runs)
    );
    if let Some(tasks) = summary.tasks {
        let left: Vec<String> = summary
            .unfinished_tasks
            .iter()
            .map(|t| format!("{} ({})", t.task, t.left))
            .collect();
        text += &format!(
            "; {} of {tasks} tasks have runs left: {}",
            left.len(),
            listed(left)
        );
    }
    text
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The progress line on a terminal: runs done, best so far, boards a second.
struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    state: Mutex<(u64, Option<u64>)>,
}

impl Progress {
    fn new(runs: usize, on_terminal: bool) -> Progress {
        Progress {
            bar: runlog::progress_bar(
                runs as u64,
                "{elapsed_precise} runs {pos}/{len} {wide_msg}",
                on_terminal,
            ),
            started: Instant::now(),
            state: Mutex::new((0, None)),
        }
    }

    fn round(&self, run: usize, _scored_in_run: u64, best: u64) {
        let Some(bar) = &self.bar else { return };
        let state = self.state.lock().expect("no panic");
        let rate = state.0 as f64 / self.started.elapsed().as_secs_f64().max(1e-9);
        bar.set_message(format!(
            "run {run}: best {best} · all runs: best {} · {} boards/s",
            state.1.map_or("-".into(), |b| b.to_string()),
            thousands(rate as u64)
        ));
    }

    fn finished(&self, report: &RunReport) {
        let mut state = self.state.lock().expect("no panic");
        state.0 += report.boards_scored;
        state.1 = Some(
            state
                .1
                .map_or(report.best.value, |b| b.max(report.best.value)),
        );
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
