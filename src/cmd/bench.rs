//! `polyboggle bench`: boards per second, on rolled boards or a boards file.

use std::io::{self, Write};
use std::time::Instant;

use polyboggle::bench;

use crate::args::{BenchArgs, Format};
use crate::load::{check_threads, load_dict, named_or_default_set, open_scorer, rules};
use crate::output::stdout;
use crate::Failure;

pub fn run(args: BenchArgs) -> Result<(), Failure> {
    check_threads(args.threads)?;
    if args.repeat == 0 || args.boards == Some(0) {
        return Err(Failure::input("--boards and --repeat must be at least 1"));
    }
    let rules = rules(&args.rules)?;
    let started = Instant::now();
    let lexicon = load_dict(args.dict.dict.as_deref(), &args.dict.profile)?;
    let open_time = started.elapsed();
    let set = match &args.boards_file {
        Some(_) => None,
        None => Some(named_or_default_set(args.dice.as_deref())?),
    };
    let chosen = open_scorer(args.backend, &lexicon, rules, args.threads)?;
    let scorer = &*chosen.scorer;
    let report = match (&args.boards_file, set) {
        (Some(path), _) => {
            // Streamed: the file is read a chunk at a time, never held whole.
            let origin = path.display().to_string();
            let open = || std::fs::File::open(path).map(io::BufReader::new);
            bench::run_file(
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
            let boards = bench::roll_boards(&set, args.boards.unwrap_or(10_000), args.seed);
            bench::run(
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
                "note: --boards {asked}: {} holds {scored} boards",
                path.display()
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
        Format::Json => writeln!(
            out,
            "{}",
            serde_json::to_string(&report).expect("plain data")
        )?,
        Format::Text => {
            writeln!(
                out,
                "{} boards x {} in {:.3} s on {on}: {:.0} boards/s",
                scored, args.repeat, report.seconds, report.boards_per_sec
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
        }
    }
    Ok(out.flush()?)
}
