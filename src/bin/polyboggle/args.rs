//! Command-line arguments, as `clap` derives them. No work happens here.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Solve, play and optimize Boggle-style word grids in any language.
#[derive(Parser, Debug)]
#[command(name = "polyboggle", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find every word on a board.
    #[command(after_help = BOARD_HELP)]
    Solve(SolveArgs),
    /// Compile word lists into a memory-mapped FST dictionary.
    Compile(CompileArgs),
    /// Inspect a dictionary.
    #[command(subcommand)]
    Dict(DictCommand),
    /// Roll a board from a dice set.
    Roll(RollArgs),
    /// Work with dice sets: check a board against one, or derive one from a word list.
    #[command(subcommand)]
    Dice(DiceCommand),
    /// Measure solving speed over many boards.
    Bench(BenchArgs),
    /// Two players on standard input/output (the Lab 6 console protocol).
    Duel(DuelArgs),
    /// Play against the computer in the terminal (the CS106B game).
    Play(PlayArgs),
}

impl Command {
    /// Does this command write a file (so a signal must not leave a partial one)?
    pub fn writes_files(&self) -> bool {
        matches!(
            self,
            Command::Compile(_) | Command::Dice(DiceCommand::Derive { .. })
        )
    }
}

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
pub enum OnOff {
    On,
    Off,
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

/// Scoring: a preset and its overrides.
#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// Rules preset: hasbro (3+ letters, Qu) or cs106b (4+ letters, length-3 points)
    #[arg(long, default_value = "hasbro", value_name = "NAME")]
    pub rules: String,
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

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The board: a file, an inline string, or - for standard input
    pub board: Option<String>,
    #[command(flatten)]
    pub dict: DictArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Output format
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Solve a board rolled from this dice set instead of reading one
    #[arg(long, value_name = "DICESET", conflicts_with = "board")]
    pub roll: Option<String>,
    /// Seed for --roll (random when omitted)
    #[arg(long, value_name = "N", requires = "roll")]
    pub seed: Option<u64>,
    /// A dice file for --roll, instead of a built-in set
    #[arg(long, value_name = "FILE")]
    pub dice: Option<PathBuf>,
    /// Solve every board of FILE (one a line: inline rows, or N*N letters) on all
    /// cores, printing one JSON line per board in input order
    #[arg(long, value_name = "FILE", conflicts_with_all = ["board", "roll"])]
    pub batch: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct CompileArgs {
    /// Word lists: UTF-8 text, whitespace-separated words
    #[arg(required = true, value_name = "WORDLIST")]
    pub wordlists: Vec<PathBuf>,
    /// Where to write the compiled dictionary
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    #[command(flatten)]
    pub profile: ProfileArgs,
}

#[derive(Subcommand, Debug)]
pub enum DictCommand {
    /// Show a dictionary's header: words, profile, format version, size.
    Info {
        /// A compiled file, a plain word list, or a built-in name
        #[arg(value_name = "D")]
        dict: String,
        #[command(flatten)]
        profile: ProfileArgs,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Is each WORD a word, a prefix, or neither (under D's normalization)?
    Lookup {
        /// A compiled file, a plain word list, or a built-in name
        #[arg(value_name = "D")]
        dict: String,
        /// Words to look up
        #[arg(required = true, value_name = "WORD")]
        words: Vec<String>,
        #[command(flatten)]
        profile: ProfileArgs,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
}

#[derive(Args, Debug)]
pub struct RollArgs {
    /// A built-in dice set name or a dice file
    #[arg(value_name = "DICESET", required_unless_present = "list")]
    pub set: Option<String>,
    /// List the built-in dice sets
    #[arg(long)]
    pub list: bool,
    /// Seed: the same seed gives the same board on every machine
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Grid size (defaults to the set's own)
    #[arg(long, value_name = "RxC")]
    pub size: Option<String>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Subcommand, Debug)]
pub enum DiceCommand {
    /// Can BOARD be rolled with SET? Says which cells no die can cover when not.
    Check {
        /// A built-in dice set name or a dice file
        #[arg(value_name = "SET")]
        set: String,
        /// The board (any BOARD form)
        #[arg(value_name = "BOARD")]
        board: String,
    },
    /// Design a dice set from a word list's letter frequencies.
    Derive {
        /// UTF-8 word list
        #[arg(value_name = "WORDLIST")]
        wordlist: PathBuf,
        /// Number of dice
        #[arg(long, default_value_t = 16)]
        dice: usize,
        /// Faces per die
        #[arg(long, default_value_t = 6)]
        faces: usize,
        /// Multi-letter units counted as one face, e.g. CH,LL,RR
        #[arg(long, value_name = "LIST", value_delimiter = ',')]
        units: Vec<String>,
        /// Name written into the set
        #[arg(long)]
        name: Option<String>,
        /// Where to write the dice file
        #[arg(short, long, value_name = "FILE")]
        output: PathBuf,
        #[command(flatten)]
        profile: ProfileArgs,
    },
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(flatten)]
    pub dict: DictArgs,
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
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Args, Debug)]
pub struct DuelArgs {
    /// Dictionary [default: ./EnglishWords.txt if present, else the built-in]
    #[arg(long, short = 'd', value_name = "D")]
    pub dict: Option<String>,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub dict: DictArgs,
    /// Dice set, a built-in name or a file [default: from --size or --lang]
    #[arg(long, value_name = "DICESET")]
    pub dice: Option<String>,
    /// Board size: 4x4 (New Boggle dice) or 5x5 (Big Boggle dice)
    #[arg(long, value_name = "RxC")]
    pub size: Option<String>,
    /// Rules preset: cs106b (4+ letters, length-3 points) or hasbro
    #[arg(long, default_value = "cs106b", value_name = "NAME")]
    pub rules: String,
    /// End each of your turns after SECS seconds (--timer alone: 3 minutes)
    #[arg(long, value_name = "SECS", num_args = 0..=1, default_missing_value = "180")]
    pub timer: Option<u64>,
    /// Seed for shaking the dice (random when omitted)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}
