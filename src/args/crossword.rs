//! `crossword`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::common::ProfileArgs;

pub const CROSSWORD_HELP: &str = "\
WORDS holds one answer a line (UTF-8), optionally a tab and its clue. A cell is one letter
as its readers see it (a grapheme cluster under the normalization flags); words of a
right-to-left script run right to left across. The search places the most words, then
leaves the fewest black squares, then makes the most crossings; every word left out is
named with its reason. The same --seed gives the same layout when the search finishes
before --time. The SVG puzzle (without --solution) lists the clues under the grid, and
the words that have none, so it can be solved on paper.";

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum CrosswordFormat {
    Text,
    Json,
    Ipuz,
    Svg,
}

#[derive(Args, Debug)]
pub struct CrosswordArgs {
    /// The word list: a file, or - for standard input (with --bench: a folder of lists)
    #[arg(value_name = "WORDS", required_unless_present = "bench")]
    pub words: Option<String>,
    /// Grid size, rows x columns
    #[arg(
        long,
        value_name = "RxC",
        default_value = "13x17",
        conflicts_with = "auto"
    )]
    pub size: String,
    /// Grow the grid until every word fits, then crop it to the letters
    #[arg(long, conflicts_with = "pin")]
    pub auto: bool,
    /// Time budget in seconds; the search may finish sooner [default: 1]
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// Seed of the search's random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Place WORD by hand: its first letter (in reading order) at ROW,COL (zero-based),
    /// across or down; repeatable
    #[arg(long, value_name = "WORD@ROW,COL,across|down")]
    pub pin: Vec<String>,
    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    pub format: CrosswordFormat,
    /// With --format svg: draw the letters too
    #[arg(long)]
    pub solution: bool,
    /// Write the output to FILE (atomically) instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Benchmark: lay out every list of the folder WORDS [default: ../shared/data/crossword]
    /// at 0.1, 1 and 10 seconds (or at --time only, when given)
    #[arg(long, conflicts_with_all = ["pin", "output", "auto"])]
    pub bench: bool,
    #[command(flatten)]
    pub profile: ProfileArgs,
}
