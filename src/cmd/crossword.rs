//! `polyboggle crossword`: read a word list and pins, lay them out, print or write the
//! layout; `--bench` lays out every list of a folder at several time budgets. `fill` and
//! `pattern` are in `crossword_fill`; what the three share is in `crossword_input`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use polyboggle::{files, Profile};
use polyboggle_crossword::front::{self, Output};
use polyboggle_crossword::{self as crossword, Crossword, LayoutOptions};
use polyboggle_dice as dice;

use super::crossword_input::{check_solution, read_text};
use crate::args::{CrosswordArgs, CrosswordFormat};
use crate::Failure;

/// Lays out the word list `args` names, or with `--bench` every list of a folder.
pub fn run(args: CrosswordArgs) -> Result<(), Failure> {
    let profile = crate::load::profile(&args.profile)?;
    let time = args
        .time
        .map(|secs| crate::load::check_seconds(secs, 1e6))
        .transpose()?;
    check_solution(args.solution, args.format == CrosswordFormat::Svg)?;
    if args.bench {
        if args.format != CrosswordFormat::Text {
            return Err(Failure::input(
                "--bench prints a table of medians; --format applies to one layout",
            ));
        }
        return bench(args.words.as_deref(), time, &profile);
    }
    let (rows, cols) = dice::parse_size(&args.size)?;
    if let Some(e) = front::side_error(rows, cols) {
        return Err(Failure::input(format!("--size {e}")));
    }
    let path = args.words.as_deref().unwrap_or("-");
    let (text, origin) = read_text(path)?;
    let entries = front::read_word_list(&text, &origin).map_err(Failure::input)?;
    let pins = args
        .pin
        .iter()
        .map(|p| crossword::parse_pin(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(Failure::input)?;
    let options = LayoutOptions {
        size: (rows, cols),
        auto: args.auto,
        time: Some(time.unwrap_or(Duration::from_secs(1))),
        seed: args.seed,
        pins,
        profile,
        ..LayoutOptions::default()
    };
    let layout = crossword::generate(&entries, &options).map_err(Failure::input)?;
    let format = match args.format {
        CrosswordFormat::Text => Output::Text,
        CrosswordFormat::Json => Output::Json,
        CrosswordFormat::Ipuz => Output::Ipuz,
        CrosswordFormat::Svg => Output::Svg,
    };
    let rendered = front::layout_output(&layout, format, args.solution).map_err(Failure::input)?;
    let mut out = crate::output::stdout();
    match &args.output {
        Some(file) => {
            files::write_atomically(file, &rendered)?;
            writeln!(out, "{}: {}", file.display(), layout.summary())?;
        }
        None => out.write_all(&rendered)?,
    }
    Ok(out.flush()?)
}

/// One layout of the benchmark.
struct Run {
    placed: usize,
    black: usize,
    crossings: usize,
    attempts_per_sec: f64,
    complete: bool,
}

/// Lays out every `*.txt` list of `folder` (13×17, seed 1) at each budget and prints
/// medians per list family (`en-20`, `he-30`...).
fn bench(folder: Option<&str>, time: Option<Duration>, profile: &Profile) -> Result<(), Failure> {
    let folder = PathBuf::from(folder.unwrap_or("../shared/data/crossword"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map_err(|e| Failure::input(format!("{}: {e}", folder.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort_by_key(|p| {
        let (_, lang, size, name) = family_key(p);
        (lang, size, name)
    });
    if files.is_empty() {
        return Err(Failure::input(format!(
            "{}: no word lists (*.txt)",
            folder.display()
        )));
    }
    let budgets = match time {
        Some(t) => vec![t],
        None => [0.1, 1.0, 10.0].map(Duration::from_secs_f64).to_vec(),
    };
    let mut out = crate::output::stdout();
    writeln!(
        out,
        "{:<8} {:>6} {:>5}  {:>7} {:>6} {:>9} {:>11}  finished",
        "set", "budget", "lists", "placed", "black", "crossings", "attempts/s"
    )?;
    let mut start = 0;
    while start < files.len() {
        let family = family_key(&files[start]).0;
        let end = start
            + files[start..]
                .iter()
                .take_while(|p| family_key(p).0 == family)
                .count();
        let mut lists = Vec::new();
        for file in &files[start..end] {
            let (text, origin) = read_text(&file.display().to_string())?;
            let entries = crossword::parse_word_list(&text)
                .map_err(|e| Failure::input(format!("{origin}: {e}")))?;
            lists.push(entries);
        }
        for &budget in &budgets {
            let runs: Vec<Run> = lists
                .iter()
                .map(|entries| {
                    let options = LayoutOptions {
                        time: Some(budget),
                        profile: profile.clone(),
                        ..LayoutOptions::default()
                    };
                    let c: Crossword =
                        crossword::generate(entries, &options).expect("no pins to refuse");
                    Run {
                        placed: c.words.len(),
                        black: c.black,
                        crossings: c.crossings,
                        attempts_per_sec: c.attempts as f64 / c.elapsed.as_secs_f64(),
                        complete: c.complete,
                    }
                })
                .collect();
            let median = |f: &dyn Fn(&Run) -> f64| {
                let mut v: Vec<f64> = runs.iter().map(f).collect();
                v.sort_by(f64::total_cmp);
                v[v.len() / 2]
            };
            writeln!(
                out,
                "{family:<8} {:>5}s {:>5}  {:>7} {:>6} {:>9} {:>11.0}  {}/{}",
                budget.as_secs_f64(),
                runs.len(),
                median(&|r| r.placed as f64),
                median(&|r| r.black as f64),
                median(&|r| r.crossings as f64),
                median(&|r| r.attempts_per_sec),
                runs.iter().filter(|r| r.complete).count(),
                runs.len()
            )?;
            out.flush()?;
        }
        start = end;
    }
    Ok(out.flush()?)
}

/// `en-20-3.txt` → ("en-20", "en", 20, "en-20-3"): lists sort by language, then size.
fn family_key(path: &Path) -> (String, String, usize, String) {
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let family = name.rsplit_once('-').map_or(name.as_str(), |(f, _)| f);
    let (lang, size) = match family.rsplit_once('-') {
        Some((lang, n)) => (lang, n.parse().unwrap_or(0)),
        None => (family, 0),
    };
    (family.to_string(), lang.to_string(), size, name.clone())
}
