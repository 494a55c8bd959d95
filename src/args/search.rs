//! The searches for good boards: `optimize`, `prove`, `bench`.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::common::{BackendArg, DictArgs, Format, RulesArgs, ScaleArgs, SpaceArgs};

pub const OPTIMIZE_HELP: &str = "\
Each run climbs from a fresh random pool: every round scores every board one edit
away from every pool board (boards equal under rotation or reflection once), keeps
the best, and stops when the pool stops changing. Run r uses seed S + r: the same
seed gives the same boards on any machine and thread count, unless --time cuts a run.
With both --until and --time, a run that stops short climbs again from a new pool.

Examples:
  polyboggle optimize --exclude zqxjkw --until 3625 --seed 1
  polyboggle optimize --dict yawl.pbd --size 5x5 --runs 4 --time 600
  polyboggle optimize --dice english-new-4x4 --objective target:3000
  polyboggle optimize --objective long-words:8 --runs 10 --format json
  polyboggle optimize --runs 100 --seed 7 --tasks 8 --task-index 3 --log t3.ndjson
  polyboggle optimize --summarize logs/*.ndjson";

pub const PROVE_HELP: &str = "\
A proof lists every board of the space scoring at least --min (one per symmetry
class) and shows that no other board does: branch and bound over board classes
(docs/prove.md). It stops early only on --time or a signal; the list then proves
nothing, and --log + --resume goes on where it stopped.
Examples:
  polyboggle prove --size 3x3 --min 500
  polyboggle prove --size 2x3 --letters aestrl --min 20 --format json
  polyboggle prove --size 3x3 --min 500 --log p.ndjson --resume      # after Ctrl-C
  parallel polyboggle prove --size 3x4 --min 1500 --tasks 8 --task-index {} \\
           --log logs/{}.ndjson ::: $(seq 0 7)
  polyboggle prove --summarize logs/*.ndjson";

#[derive(Args, Debug)]
pub struct ProveArgs {
    #[command(flatten)]
    pub dict: DictArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Grid size [default: 3x3, or the dice set's own]
    #[arg(long, value_name = "RxC")]
    pub size: Option<String>,
    #[command(flatten)]
    pub space: SpaceArgs,
    /// List every board scoring at least S [default: the best score a brief
    /// optimizer run finds]
    #[arg(long, value_name = "S")]
    pub min: Option<u64>,
    /// Stop after SECS seconds (the list then proves nothing; --resume goes on)
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    #[command(flatten)]
    pub scale: ScaleArgs,
    /// Add up the finished classes of these logs, and search nothing
    #[arg(long, value_name = "LOG", num_args = 1.., conflicts_with_all = ["dice", "letters", "resume", "tasks", "min"])]
    pub summarize: Vec<PathBuf>,
    /// Off a terminal, a progress line on stderr every SECS seconds (0: none)
    #[arg(long, value_name = "SECS", default_value_t = 60.0)]
    pub progress: f64,
    /// Cut the space into top-level classes: K buckets of equal weight a cell,
    /// or buckets named by their faces ("aeiou srntl bcd..., corner:aeiou bcd...")
    /// [default: up to 3x4, the most buckets making at most 4,096 classes; from
    /// 4x4 on, vowels | frequent | rare consonants, corners vowels | consonants]
    #[arg(long, value_name = "K|FACES")]
    pub buckets: Option<polyboggle_prove::Cut>,
    /// Break N random top-level classes and estimate the whole proof's CPU time
    /// (a 95% interval); proves nothing
    #[arg(long, value_name = "N", conflicts_with_all = ["tasks", "resume", "summarize"])]
    pub sample: Option<usize>,
    /// The sample's random seed
    #[arg(long, value_name = "S", default_value_t = 1, requires = "sample")]
    pub seed: u64,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// Exhaustive radius-1 pool climbing
    Pool,
    /// Simulated annealing
    Anneal,
}

#[derive(Args, Debug)]
pub struct OptimizeArgs {
    #[command(flatten)]
    pub dict: DictArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Grid size [default: 4x4, or the dice set's own]
    #[arg(long, value_name = "RxC")]
    pub size: Option<String>,
    #[command(flatten)]
    pub space: SpaceArgs,
    /// score, min-score, words, long-words:N (words of N+ letters) or target:T
    #[arg(long, default_value = "score", value_name = "OBJ")]
    pub objective: String,
    /// Search method
    #[arg(long, value_enum, default_value = "pool")]
    pub method: MethodArg,
    /// Boards in the pool (anneal: chains)
    #[arg(long, default_value_t = 250, value_name = "N")]
    pub pool: usize,
    /// Independent runs
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub runs: usize,
    /// Stop each run after SECS seconds
    #[arg(long, value_name = "SECS", allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// Stop a run as soon as a board reaches this value
    #[arg(long, value_name = "V")]
    pub until: Option<u64>,
    /// Base seed: run r uses S + r [default: random, printed]
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    #[command(flatten)]
    pub scale: ScaleArgs,
    /// Where boards are scored: the same seed gives the same boards on each
    #[arg(long, value_enum, default_value = "cpu")]
    pub backend: BackendArg,
    /// Merge the finished runs of these logs into one summary, and search nothing
    #[arg(long, value_name = "LOG", num_args = 1.., conflicts_with_all = ["dice", "letters", "resume", "tasks"])]
    pub summarize: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub dict: DictArgs,
    /// Also count the words of these tiers alone, A..B (solving each board once more)
    #[arg(long, value_name = "A..B")]
    pub tiers: Option<String>,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Roll boards from this dice set [default: english-new-4x4]
    #[arg(long, value_name = "DICESET", conflicts_with = "boards_file")]
    pub dice: Option<String>,
    /// Read boards from a file, one a line (16 letters with q = Qu, or spaced faces)
    #[arg(long, value_name = "FILE")]
    pub boards_file: Option<PathBuf>,
    /// How many boards (default: 10000 rolled, or all of --boards-file)
    #[arg(long, value_name = "N")]
    pub boards: Option<usize>,
    /// Worker threads
    #[arg(long, default_value_t = 1, value_name = "T")]
    pub threads: usize,
    /// Seed for rolled boards
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Passes over the boards
    #[arg(long, default_value_t = 1, value_name = "R")]
    pub repeat: usize,
    /// Where boards are scored
    #[arg(long, value_enum, default_value = "cpu")]
    pub backend: BackendArg,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}
