//! What several commands share: boards, formats, levels, backends, board spaces,
//! scaling, the dictionary and its normalization, the rules.

use std::path::PathBuf;

use polyboggle::spec::{ProfileSpec, RulesSpec};

use clap::{Args, ValueEnum};

pub const BOARD_HELP: &str = "\
BOARD forms (a file path, an inline string, or - / nothing for standard input):
  Princeton   first tokens `m n`, then m*n faces:     4 4  A T E E  A P Y O ...
  Lab 6       a line N, then N lines of N letters
  Rows        whitespace-separated faces, a row a line: LL A M A
  Inline      rows split by / or , :                   ATEE/APYO/TINU/EDSE, 'Qu A/B C'
  Bare        N*N letters, no / , or spaces: N x N      perslatgsineters (4x4)
              (a one-row board is written with spaces:  'A T E E')
A blank cell is # or _.";

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    Easy,
    Medium,
    Hard,
    All,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

/// Where boards are scored (bench, solve --batch --counts, optimize).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum BackendArg {
    /// The CPU solver
    Cpu,
    /// An NVIDIA GPU (CUDA driver and NVRTC 13); an error where none is usable
    Gpu,
    /// The GPU when one is usable, else the CPU (one line on stderr says which)
    Auto,
}

impl BackendArg {
    pub fn backend(self) -> polyboggle::backend::Backend {
        use polyboggle::backend::Backend;
        match self {
            BackendArg::Cpu => Backend::Cpu,
            BackendArg::Gpu => Backend::Gpu,
            BackendArg::Auto => Backend::Auto,
        }
    }
}

/// The boards a search covers, when not every face everywhere (`optimize`, `prove`).
#[derive(Args, Debug, Clone)]
pub struct SpaceArgs {
    /// Faces a cell may show: letters (`abcdef`) or a comma list (`a,b,ch,ll`)
    /// [default: the dictionary's alphabet, Qu for Q under Hasbro rules]
    #[arg(long, value_name = "L", conflicts_with = "dice")]
    pub letters: Option<String>,
    /// Faces never to use, e.g. zqxjkw
    #[arg(long, value_name = "L", conflicts_with = "dice")]
    pub exclude: Option<String>,
    /// Boards rollable from this dice set (a built-in name or a dice file); bare, with
    /// --lang: the set the language's players roll
    #[arg(long, value_name = "SET", num_args = 0..=1, default_missing_value = "")]
    pub dice: Option<String>,
}

/// Threads, and a long search cut into tasks that log and resume (`optimize`'s
/// runs, `prove`'s top-level classes; docs/scale-out.md).
#[derive(Args, Debug, Clone)]
pub struct ScaleArgs {
    /// Worker threads [default: one per core]
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Do only the work units u with u mod N = K (optimize: run u; prove: the u-th
    /// top-level class in the search's order, not its logged number; use with --tasks)
    #[arg(long, value_name = "K", requires = "tasks")]
    pub task_index: Option<usize>,
    /// Split the work units among N tasks; prints one JSON line per finished unit
    #[arg(long, value_name = "N", requires = "task_index")]
    pub tasks: Option<usize>,
    /// Append a JSON line to FILE as each unit finishes (optimize: each improvement too)
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Skip the units already finished in --log
    #[arg(long, requires = "log")]
    pub resume: bool,
}

impl ScaleArgs {
    /// The log to resume from: `--log`, when `--resume` is given.
    pub fn resumed_log(&self) -> Option<&std::path::Path> {
        self.resume
            .then(|| self.log.as_deref().expect("clap: --resume requires --log"))
    }

    /// `--threads`, or one per core.
    pub fn threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

/// Which dictionary, and how to normalize a plain word list given as one.
#[derive(Args, Debug, Clone)]
pub struct DictArgs {
    /// Dictionary: a compiled file, a plain word list, or a built-in name [default: enable2k]
    #[arg(long, short = 'd', value_name = "D")]
    pub dict: Option<String>,
    #[command(flatten)]
    pub profile: ProfileArgs,
}

/// Normalization flags, for compiling (or for a plain word list given as --dict).
#[derive(Args, Debug, Clone, Default)]
pub struct ProfileArgs {
    /// Language preset for the normalization profile (es, tr, el, ru, hi, ...)
    #[arg(long, value_name = "TAG")]
    pub lang: Option<String>,
    /// Strip accents (combining marks U+0300-U+036F) after case folding
    #[arg(long)]
    pub strip_marks: bool,
    /// Letters whose accents survive --strip-marks, e.g. --keep ñ
    #[arg(long, value_name = "LETTERS")]
    pub keep: Option<String>,
    /// Turkic casing: I folds to ı, İ to i
    #[arg(long)]
    pub turkic: bool,
}

impl ProfileArgs {
    /// The request these flags make, checked by the library as every front end's is.
    pub fn spec(&self) -> ProfileSpec {
        ProfileSpec {
            lang: self.lang.clone(),
            strip_marks: self.strip_marks,
            keep: self.keep.clone(),
            turkic: self.turkic,
        }
    }
}

/// Scoring: a preset and its overrides.
#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// Rules preset: hasbro (3+ letters, Qu), cs106b (4+ letters, length-3 points) or syllables (2+ faces, for syllable faces: Hindi, Korean) [default: hasbro; optimize and prove with --lang: the language's own]
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// Shortest word that counts, in letters (grapheme clusters)
    #[arg(long, value_name = "N")]
    pub min_len: Option<usize>,
    /// Points for length 0,1,2,... (the last entry repeats), e.g. 0,0,0,1,1,2,3,5,11
    #[arg(long, value_name = "LIST")]
    pub points: Option<String>,
    /// Does a bare Q face read Qu?
    #[arg(long, value_name = "on|off")]
    pub qu: Option<OnOff>,
}

impl RulesArgs {
    /// The request these flags make, checked by the library as every front end's is.
    pub fn spec(&self) -> RulesSpec {
        RulesSpec {
            rules: self.rules.clone(),
            min_len: self.min_len,
            points: self.points.clone(),
            qu: self.qu.map(|qu| qu == OnOff::On),
        }
    }
}
