//! `solve`.

use std::path::PathBuf;

use clap::Args;

use super::common::{BackendArg, DictArgs, Format, RulesArgs};

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The board: a file, an inline string, or - for standard input
    pub board: Option<String>,
    #[command(flatten)]
    pub dict: DictArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Output format [default: text; --batch always prints JSON lines]
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// Solve a board rolled from this dice set instead of reading one
    #[arg(long, value_name = "DICESET", conflicts_with = "board")]
    pub roll: Option<String>,
    /// Seed for --roll (random when omitted)
    #[arg(long, value_name = "N", requires = "roll")]
    pub seed: Option<u64>,
    /// A dice file for --roll, instead of a built-in set
    #[arg(long, value_name = "FILE")]
    pub dice: Option<PathBuf>,
    /// Solve every board of FILE (- for standard input; one a line: inline rows, or N*N letters) on all
    /// cores, printing one JSON line per board in input order
    #[arg(long, value_name = "FILE", conflicts_with_all = ["board", "roll"])]
    pub batch: Option<PathBuf>,
    /// With --batch: print each board's word count and score only
    /// ({"cols","count","rows","score"}), scored by --backend
    #[arg(long, requires = "batch")]
    pub counts: bool,
    /// With --batch --counts: where to score (words and paths are always listed on the CPU)
    #[arg(long, value_enum, default_value = "cpu")]
    pub backend: BackendArg,
    /// Only words of these tiers: A..B, A.., ..B or A (a dictionary compiled with --tiers)
    #[arg(long, value_name = "A..B")]
    pub tiers: Option<String>,
}
