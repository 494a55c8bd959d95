//! `crossword`.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

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
    #[command(subcommand)]
    pub command: Option<CrosswordCommand>,
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

pub const FILL_HELP: &str = "\
GRID holds one row a line: # a black square, . an empty one, a letter a pre-filled one
(a theme entry); a square is one letter as its readers see it (a grapheme cluster), and
a right-to-left grid's lines list their squares right to left (reading order). --words
takes one entry a line, `word;score` (the scored lists constructors share) or a word
alone (score 50); --dict a compiled dictionary (every word scores 50). Every entry gets a
word of the list, no word twice, best scores first. Exit 2 on a bad grid or list (the
line names the row and column) or a grid that has no fill (naming an entry that cannot be
filled); exit 1 when --time runs out first.";

#[derive(Subcommand, Debug)]
pub enum CrosswordCommand {
    /// Fill a grid of black and empty squares (and theme entries) from a scored word list.
    #[command(after_help = FILL_HELP)]
    Fill(FillArgs),
    /// Make a symmetric black-square pattern, legal in its style, to fill.
    Pattern(PatternArgs),
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum FillFormat {
    Text,
    Json,
    Ipuz,
    Puz,
    Svg,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum StyleArg {
    /// Every square in an across and a down entry of 3 or more
    American,
    /// Unchecked squares allowed (in one entry only)
    British,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SymmetryArg {
    /// Unchanged by a half turn
    Rotational,
    /// Unchanged by a left-right mirror
    Mirror,
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("list").required(true).args(["words", "dict"])))]
pub struct FillArgs {
    /// The grid: a file, or - for standard input
    #[arg(value_name = "GRID")]
    pub grid: String,
    /// A word list, plain or scored (word;score a line)
    #[arg(long, value_name = "FILE")]
    pub words: Option<String>,
    /// A compiled dictionary (or a built-in name)
    #[arg(long, short = 'd', value_name = "D")]
    pub dict: Option<String>,
    /// Leave out words scoring below N
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub min_score: Option<i32>,
    /// Time budget in seconds [default: 60]
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// Seed of the search's random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Which grids are legal
    #[arg(long, value_enum, default_value = "american")]
    pub style: StyleArg,
    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    pub format: FillFormat,
    /// With --format svg: draw the letters too
    #[arg(long)]
    pub solution: bool,
    /// Write the output to FILE (atomically) instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub profile: ProfileArgs,
}

#[derive(Args, Debug)]
pub struct PatternArgs {
    /// Grid size, rows x columns
    #[arg(long, value_name = "RxC", default_value = "15x15")]
    pub size: String,
    /// Black squares to place (British style: beyond the lattice) [default: a sixth of
    /// the squares, a twelfth in British style]
    #[arg(long, value_name = "N")]
    pub blocks: Option<usize>,
    /// The longest entry, in squares [default: the grid's longer side]
    #[arg(long, value_name = "N")]
    pub max_len: Option<usize>,
    /// The pattern's symmetry
    #[arg(long, value_enum, default_value = "rotational")]
    pub symmetry: SymmetryArg,
    /// Which grids are legal
    #[arg(long, value_enum, default_value = "american")]
    pub style: StyleArg,
    /// Seed of the random choices
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Write the pattern to FILE (atomically) instead of standard output
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}
