//! `polyboggle bench`: boards per second, on rolled boards or a boards file.

use std::io::{self, Write};
use std::time::Instant;

use polyboggle::tiers::TierRange;
use polyboggle::{boards, Board, Lexicon, Rules, Solver};
use rayon::prelude::*;

use crate::args::{BenchArgs, Format};
use crate::load::{check_threads, open_scorer, read_input, tier_range, Dice, Input, Scoring};
use crate::output::{counted, stdout};
use crate::throughput;
use crate::Failure;

pub fn run(args: BenchArgs) -> Result<(), Failure> {
    check_threads(args.threads)?;
    if args.repeat == 0 || args.boards == Some(0) {
        return Err(Failure::input("--boards and --repeat must be at least 1"));
    }
    let started = Instant::now();
    let Scoring { lexicon, rules, .. } = Scoring::from_flags(&args.dict, &args.rules)?;
    let open_time = started.elapsed();
    let tiers = tier_range(args.tiers.as_deref(), lexicon.header())?;
    let set = match &args.boards_file {
        Some(_) => None,
        None => Some(Dice::named(args.dice.as_deref()).open()?),
    };
    // The same boards again, solved in full, for the words of the tiers alone.
    let tiered = match (tiers, &args.boards_file, &set) {
        (None, ..) => None,
        (Some(range), Some(path), _) => {
            let Input { origin, bytes } = read_input(path)?;
            let text = polyboggle::lexicon::word_list_text(&bytes, &origin)?;
            let mut all = boards::parse(text, &origin).map_err(Failure::input)?;
            all.truncate(args.boards.unwrap_or(usize::MAX));
            Some((range, tier_count(&lexicon, &rules, &all, range)))
        }
        (Some(range), None, Some(set)) => {
            let rolled = set.roll_boards(args.boards.unwrap_or(10_000), args.seed);
            Some((range, tier_count(&lexicon, &rules, &rolled, range)))
        }
        (Some(_), None, None) => unreachable!("a dice set when there is no boards file"),
    };
    let chosen = open_scorer(args.backend, &lexicon, rules, args.threads)?;
    let scorer = &*chosen.scorer;
    let report = match (&args.boards_file, set) {
        (Some(path), _) => {
            // Streamed: the file is read a chunk at a time, never held whole.
            let origin = path.display().to_string();
            let open = || std::fs::File::open(path).map(io::BufReader::new);
            throughput::run_file(
                scorer,
                &lexicon,
                open,
                &origin,
                args.boards,
                args.repeat,
                open_time,
                args.threads,
            )
            .map_err(Failure::input)?
        }
        (None, set) => {
            let set = set.expect("a dice set when there is no boards file");
            let boards = set.roll_boards(args.boards.unwrap_or(10_000), args.seed);
            throughput::run(
                scorer,
                &lexicon,
                &boards,
                args.repeat,
                open_time,
                args.threads,
            )
        }
    };
    let scored = report.boards / args.repeat as u64;
    if let (Some(asked), Some(path)) = (args.boards, &args.boards_file) {
        if scored < asked as u64 {
            eprintln!(
                "note: --boards {asked}: {} holds {}",
                path.display(),
                counted(scored, "board")
            );
        }
    }
    // The report's backend: a GPU that failed mid-run says so there.
    let on = match report.backend.as_str() {
        "cpu" => format!("{} thread(s)", args.threads),
        other => other.to_string(),
    };
    let mut out = stdout();
    match args.format {
        Format::Json => {
            let mut value = serde_json::to_value(&report).expect("plain data");
            if let Some((range, (boards, words, score))) = tiered {
                value["tiers"] = serde_json::json!({
                    "first": range.first, "last": range.last, "boards": boards,
                    "words": words, "total_score": score,
                });
            }
            writeln!(out, "{value}")?
        }
        Format::Text => {
            writeln!(
                out,
                "{} x {} in {:.3} s on {on}: {:.0} boards/s",
                counted(scored, "board"),
                args.repeat,
                report.seconds,
                report.boards_per_sec
            )?;
            writeln!(
                out,
                "words {} ({:.1}/board), total score {} ({:.1}/board)",
                report.words,
                report.words as f64 / report.boards as f64,
                report.total_score,
                report.total_score as f64 / report.boards as f64
            )?;
            writeln!(
                out,
                "dictionary open {:.2} ms, peak memory {:.1} MB",
                report.open_ms, report.peak_rss_mb
            )?;
            if let Some((range, (boards, words, score))) = tiered {
                writeln!(
                    out,
                    "tiers {}..{}: words {words} ({:.1}/board), total score {score} ({:.1}/board)",
                    range.first,
                    range.last,
                    words as f64 / boards.max(1) as f64,
                    score as f64 / boards.max(1) as f64
                )?;
            }
        }
    }
    Ok(out.flush()?)
}

/// The boards, their words of `range` and those words' points, each board solved
/// once on all cores.
fn tier_count(
    lexicon: &Lexicon,
    rules: &Rules,
    boards: &[Board],
    range: TierRange,
) -> (u64, u64, u64) {
    let (words, score) = boards
        .par_iter()
        .map_init(
            || Solver::new(lexicon, rules.clone()).with_tiers(range),
            |solver, board| {
                let tally = solver.tally(board);
                (tally.words, tally.points)
            },
        )
        .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    (boards.len() as u64, words, score)
}
