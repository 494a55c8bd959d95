//! `polyboggle crossword fill` (fill a grid from a scored word list) and
//! `polyboggle crossword pattern` (make a symmetric black-square pattern).

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use polyboggle::files;
use polyboggle_crossword::fill::{
    self, FillError, FillOptions, Pattern, ScoredWord, Style, Symmetry,
};
use polyboggle_crossword::front::{self, Output, MAX_SIDE};
use polyboggle_dice as dice;

use super::crossword_input::{check_solution, read_text};
use crate::args::{FillArgs, FillFormat, PatternArgs, StyleArg, SymmetryArg};
use crate::Failure;

/// The default time budget.
const DEFAULT_SECONDS: u64 = 60;

fn style(arg: StyleArg) -> Style {
    match arg {
        StyleArg::American => Style::American,
        StyleArg::British => Style::British,
    }
}

pub fn run_fill(args: FillArgs) -> Result<(), Failure> {
    let profile = crate::load::profile(&args.profile)?;
    let time = match args.time {
        Some(secs) => crate::load::check_seconds(secs, 1e6)?,
        None => Duration::from_secs(DEFAULT_SECONDS),
    };
    check_solution(args.solution, args.format == FillFormat::Svg)?;
    let (grid_text, grid_origin) = read_text(&args.grid)?;
    let pattern = front::read_grid(&grid_text, &grid_origin).map_err(Failure::input)?;
    let words: Vec<ScoredWord> = match (&args.words, &args.dict) {
        (Some(path), _) => {
            let (text, origin) = read_text(path)?;
            fill::parse_scored_list(&text)
                .map_err(|e| Failure::input(format!("{origin}: {e}")))?
                .words
        }
        (None, dict) => {
            let lexicon = crate::load::Dictionary::named(dict.as_deref()).open(&args.profile)?;
            lexicon
                .words()
                .map(|word| ScoredWord {
                    word,
                    score: fill::PLAIN_SCORE,
                })
                .collect()
        }
    };
    let options = FillOptions {
        min_score: args.min_score.unwrap_or(i32::MIN),
        time: Some(time),
        seed: args.seed,
        style: style(args.style),
        profile,
    };
    let filled = fill::fill(&pattern, &words, &options).map_err(|e| match e {
        FillError::TimedOut { .. } => Failure::incomplete(format!("{grid_origin}: {e}")),
        e => Failure::input(format!("{grid_origin}: {e}")),
    })?;
    let format = match args.format {
        FillFormat::Text => Output::Text,
        FillFormat::Json => Output::Json,
        FillFormat::Ipuz => Output::Ipuz,
        FillFormat::Svg => Output::Svg,
        FillFormat::Puz => {
            if args.output.is_none() {
                return Err(Failure::input(
                    "--format puz is binary: write it to a file with -o FILE.puz",
                ));
            }
            Output::Puz
        }
    };
    let rendered = front::fill_output(&filled, format, args.solution).map_err(Failure::input)?;
    write_out(args.output.as_deref(), &rendered, &filled.summary())
}

pub fn run_pattern(args: PatternArgs) -> Result<(), Failure> {
    let (rows, cols) = dice::parse_size(&args.size)?;
    if rows > MAX_SIDE || cols > MAX_SIDE || rows < 3 || cols < 3 {
        return Err(Failure::input(format!(
            "--size {rows}x{cols}: from 3 to {MAX_SIDE} rows and columns"
        )));
    }
    let style = style(args.style);
    let blocks = args.blocks.unwrap_or(match style {
        Style::American => rows * cols / 6,
        Style::British => rows * cols / 12,
    });
    let symmetry = match args.symmetry {
        SymmetryArg::Rotational => Symmetry::Rotational,
        SymmetryArg::Mirror => Symmetry::Mirror,
    };
    let max_len = args.max_len.unwrap_or(rows.max(cols));
    let pattern = Pattern::symmetric(rows, cols, blocks, max_len, symmetry, style, args.seed)
        .ok_or_else(|| {
            Failure::input(format!(
                "no legal {rows}x{cols} pattern with {blocks} black squares and entries of at \
                 most {max_len} turned up; try other --blocks, --max-len or --seed"
            ))
        })?;
    let slots = pattern.slots(style).map_err(Failure::input)?;
    let summary = format!("{rows}x{cols}: {} entries", slots.len());
    write_out(
        args.output.as_deref(),
        pattern.to_text().as_bytes(),
        &summary,
    )
}

/// Writes `bytes` to `file` (atomically, then prints the summary) or standard output.
fn write_out(file: Option<&Path>, bytes: &[u8], summary: &str) -> Result<(), Failure> {
    let mut out = crate::output::stdout();
    match file {
        Some(file) => {
            files::write_atomically(file, bytes)?;
            writeln!(out, "{}: {summary}", file.display())?;
        }
        None => out.write_all(bytes)?,
    }
    Ok(out.flush()?)
}
