//! Command-line arguments, as `clap` derives them. No work happens here.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use polyboggle::spec::{ProfileSpec, QuerySpec, RulesSpec};

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
    #[command(after_help = DUEL_HELP)]
    Duel(DuelArgs),
    /// Play against the computer in the terminal (the CS106B game).
    Play(PlayArgs),
    /// Search for the best boards (highest score, most words, a target score...).
    #[command(after_help = OPTIMIZE_HELP)]
    Optimize(Box<OptimizeArgs>),
    /// Serve the game and the solver as a web page, with a JSON API, on this machine.
    #[cfg(feature = "web")]
    Serve(ServeArgs),
    /// Prove which boards are the best: every board of a space scoring at least S.
    #[command(after_help = PROVE_HELP)]
    Prove(Box<ProveArgs>),
    /// Print a shell completion script (bash, zsh, fish or powershell).
    Completions(CompletionsArgs),
    /// Print the manual page, every command in one (roff: polyboggle man | man -l -).
    Man,
    /// Lay out a word list as a crossword grid (right-to-left scripts included).
    #[command(after_help = CROSSWORD_HELP)]
    Crossword(CrosswordArgs),
}

impl Command {
    /// Does this command write a file (so a signal must not leave a partial one)?
    pub fn writes_files(&self) -> bool {
        match self {
            Command::Compile(_) | Command::Dice(DiceCommand::Derive { .. }) => true,
            Command::Crossword(args) => args.output.is_some(),
            Command::Dice(DiceCommand::Stats(args)) => args.plot.is_some(),
            Command::Dice(DiceCommand::Design(_)) => true,
            _ => false,
        }
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
    /// Boards rollable from this dice set (a built-in name or a dice file)
    #[arg(long, value_name = "SET")]
    pub dice: Option<String>,
}

/// Threads, and a long search cut into tasks that log and resume (`optimize`'s
/// runs, `prove`'s top-level classes; docs/scale-out.md).
#[derive(Args, Debug, Clone)]
pub struct ScaleArgs {
    /// Worker threads [default: one per core]
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Do only the work units u (optimize: runs, prove: top-level classes) with u mod
    /// N = K (use with --tasks)
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

impl RulesArgs {
    /// The request these flags make, checked by the library as every front end's is.
    pub fn spec(&self) -> RulesSpec {
        RulesSpec {
            rules: Some(self.rules.clone()),
            min_len: self.min_len,
            points: self.points.clone(),
            qu: self.qu.map(|qu| qu == OnOff::On),
        }
    }
}

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

#[derive(Args, Debug)]
pub struct CompileArgs {
    /// Word lists: UTF-8 text, whitespace-separated words (- for standard input), or
    /// Hunspell dictionaries (NAME.dic, its NAME.aff beside it), expanded into every
    /// word form
    #[arg(required = true, value_name = "WORDLIST")]
    pub wordlists: Vec<PathBuf>,
    #[command(flatten)]
    pub hunspell: HunspellArgs,
    /// Where to write the compiled dictionary
    #[arg(short, long, value_name = "OUT")]
    pub output: PathBuf,
    /// Rank words in tiers: one ranked list (a word a line, most common first, or word
    /// and count) cut at ranks 1k, 3k, 10k, 30k, 100k; or several lists, commonest first,
    /// a tier each (repeat --tiers)
    #[arg(long, value_name = "FILE")]
    pub tiers: Vec<PathBuf>,
    /// Memory for sorting words: MiB, or a number with K, M or G; a larger list is
    /// sorted in chunks on disk, in OUT's folder
    #[arg(long, value_name = "SIZE", default_value = "64M")]
    pub memory: ByteSize,
    #[command(flatten)]
    pub profile: ProfileArgs,
}

/// How a Hunspell dictionary (`.dic` + `.aff`) is expanded into word forms.
#[derive(Args, Debug, Clone, Default)]
pub struct HunspellArgs {
    /// The affix file of a .dic given [default: the .aff beside it]
    #[arg(long, value_name = "FILE")]
    pub aff: Option<PathBuf>,
    /// Also make compounds of this many parts (only 2) from a .dic's compound flags
    /// [default: none]
    #[arg(long, value_name = "N")]
    pub compounds: Option<usize>,
    /// Only forms of at most this many letters (a .dic whose affixes chain without
    /// end, such as Hungarian's, expands in minutes instead of days)
    #[arg(long, value_name = "N")]
    pub max_form_len: Option<usize>,
}

/// A size in bytes, written as MiB (`64`) or with a unit (`512K`, `64M`, `2G`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteSize(pub usize);

impl std::str::FromStr for ByteSize {
    type Err = String;

    fn from_str(text: &str) -> Result<ByteSize, String> {
        let (number, shift) = match text.trim().to_ascii_uppercase() {
            t if t.ends_with('K') => (t[..t.len() - 1].to_string(), 10),
            t if t.ends_with('M') => (t[..t.len() - 1].to_string(), 20),
            t if t.ends_with('G') => (t[..t.len() - 1].to_string(), 30),
            t => (t, 20),
        };
        number
            .parse::<usize>()
            .ok()
            .filter(|&n| n > 0)
            .and_then(|n| n.checked_mul(1 << shift))
            .map(ByteSize)
            .ok_or_else(|| format!("expected a size such as 64, 512K, 64M or 2G, found '{text}'"))
    }
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
    /// Words matching a pattern (? one face, * any run, [...] a choice of faces), a
    /// regex, a fuzzy word, or an anagram or build of a rack (? a blank).
    #[command(after_help = SEARCH_HELP)]
    Search(Box<SearchArgs>),
    /// Every word of D, one a line, in order.
    Words {
        /// A compiled file, a plain word list, or a built-in name
        #[arg(value_name = "D")]
        dict: String,
        #[command(flatten)]
        profile: ProfileArgs,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Every word form of a Hunspell dictionary (NAME.dic with NAME.aff), one a line.
    Expand {
        /// The .dic file
        #[arg(value_name = "DIC")]
        dic: PathBuf,
        /// Only the forms of this stem (as the .dic writes it)
        #[arg(long, value_name = "WORD")]
        stem: Option<String>,
        #[command(flatten)]
        hunspell: HunspellArgs,
    },
    /// The words of A that B does not hold (under B's normalization).
    Diff {
        /// A compiled file, a plain word list, or a built-in name
        #[arg(value_name = "A")]
        a: String,
        /// The dictionary to subtract
        #[arg(value_name = "B")]
        b: String,
        /// Print only how many
        #[arg(long)]
        count: bool,
        #[command(flatten)]
        profile: ProfileArgs,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
}

pub const SEARCH_HELP: &str = "\
QUERY forms (normalized like D's words; faces of several letters as on a die):
  pattern     c?t  *ing  [aeiou]??s  le[CH]e     ? one face, * any run, [...] one face
              [c,h] is c or h; [CH] in Spanish (units ch ll rr qu) is the face CH
  --regex     'qu.*(z|x)'                        must match the whole word
  --fuzzy     boggle --distance 2                 edits counted in letters
  --anagram   AEINRST?                           every face of the rack, ? a blank
  --build     AEINRST?                           some faces of the rack, each once";

/// `dict search`: a query and its limits.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// A compiled file, a plain word list, or a built-in name
    #[arg(value_name = "D")]
    pub dict: String,
    /// A pattern, or with a flag below a regex, a word or a rack
    #[arg(value_name = "QUERY")]
    pub query: String,
    /// QUERY is a regular expression (Rust regex syntax), matching whole words
    #[arg(long, group = "kind")]
    pub regex: bool,
    /// QUERY is a word: find the words within --distance edits of it
    #[arg(long, group = "kind")]
    pub fuzzy: bool,
    /// With --fuzzy: the most edits (insertions, deletions, substitutions), 0 to 4
    #[arg(long, value_name = "N", default_value = "1", requires = "fuzzy")]
    pub distance: u32,
    /// QUERY is a rack: the words using every face of it (? a blank)
    #[arg(long, group = "kind")]
    pub anagram: bool,
    /// QUERY is a rack: the words using some of its faces, each once (? a blank)
    #[arg(long, group = "kind")]
    pub build: bool,
    /// The shortest word, in letters (grapheme clusters)
    #[arg(long, value_name = "N")]
    pub min_len: Option<usize>,
    /// The longest word, in letters
    #[arg(long, value_name = "N")]
    pub max_len: Option<usize>,
    /// Multi-letter faces, e.g. CH,LL,RR ('' for none) [default: D's language's]
    #[arg(long, value_name = "LIST")]
    pub units: Option<String>,
    /// Stop after N words
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
    /// Only words of these tiers: A..B, A.., ..B or A (a dictionary compiled with --tiers)
    #[arg(long, value_name = "A..B")]
    pub tiers: Option<String>,
    /// Print only how many words match
    #[arg(long)]
    pub count: bool,
    #[command(flatten)]
    pub profile: ProfileArgs,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

impl SearchArgs {
    /// The query these flags make: QUERY read as --regex, --fuzzy, --anagram or
    /// --build says, a pattern otherwise.
    pub fn spec(&self) -> QuerySpec {
        let text = Some(self.query.clone());
        let mut spec = QuerySpec {
            min_len: self.min_len,
            max_len: self.max_len,
            units: self.units.as_deref().map(QuerySpec::units),
            tiers: self.tiers.clone(),
            ..QuerySpec::default()
        };
        if self.regex {
            spec.regex = text;
        } else if self.fuzzy {
            spec.fuzzy = text;
            spec.distance = Some(self.distance);
        } else if self.anagram {
            spec.anagram = text;
        } else if self.build {
            spec.build = text;
        } else {
            spec.pattern = text;
        }
        spec
    }
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
    /// The dictionary words no board rolled from SET can show.
    Unreachable {
        /// A built-in dice set name or a dice file
        #[arg(value_name = "SET")]
        set: String,
        #[command(flatten)]
        dict: DictArgs,
        #[command(flatten)]
        rules: RulesArgs,
        /// Grid size [default: the set's own]
        #[arg(long, value_name = "RxC")]
        size: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// How SET plays: words, points, poor rolls, dead faces... over many seeded rolls,
    /// several sets on the same shuffles.
    Stats(DiceStatsArgs),
    /// Design a set that plays better: a search over faces, judged by rolls.
    #[command(after_help = DESIGN_HELP)]
    Design(Box<DiceDesignArgs>),
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
pub struct DiceStatsArgs {
    /// Built-in dice set names or dice files, compared on the same rolls
    #[arg(value_name = "SET", required = true)]
    pub sets: Vec<String>,
    #[command(flatten)]
    pub dict: DictArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// How many rolls
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub rolls: usize,
    /// Roll i uses seed S + i (the seed `roll --seed` takes)
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Grid size [default: each set's own]
    #[arg(long, value_name = "RxC")]
    pub size: Option<String>,
    /// A roll with fewer words is a poor roll
    #[arg(long, default_value_t = 45, value_name = "W")]
    pub floor: u64,
    /// The vowels, e.g. aeiou [default: --lang's, English's with the built-in dictionary]
    #[arg(long, value_name = "LETTERS")]
    pub vowels: Option<String>,
    /// Worker threads [default: one per core]
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Draw the words a roll of every set as an SVG picture
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum DesignObjective {
    /// Fewer poor rolls: raise the worst tenth of the rolls' words
    Poor,
    /// The fewest rolls under --floor words (the worst tenth's words break ties)
    Floor,
    /// Rolls within --words A..B
    Band,
    /// Fewer dead faces
    Dead,
    /// Fewer unreachable words
    Unreachable,
}

#[derive(Args, Debug)]
pub struct DiceDesignArgs {
    #[command(flatten)]
    pub dict: DictArgs,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Start from this set (a built-in name or a dice file) [default: one derived from the dictionary]
    #[arg(long, value_name = "SET")]
    pub from: Option<String>,
    /// Dice of a set derived from the dictionary (without --from)
    #[arg(long, default_value_t = 16, value_name = "N", conflicts_with = "from")]
    pub dice: usize,
    /// Faces a die (without --from)
    #[arg(long, default_value_t = 6, value_name = "F", conflicts_with = "from")]
    pub faces: usize,
    /// Multi-letter units faces may show, e.g. CH,LL,RR
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub units: Vec<String>,
    /// What to improve [default: poor, or band with --words]
    #[arg(long, value_enum)]
    pub objective: Option<DesignObjective>,
    /// A band of words a roll, e.g. 80..160
    #[arg(long, value_name = "A..B")]
    pub words: Option<String>,
    /// A roll with fewer words is a poor roll
    #[arg(long, default_value_t = 45, value_name = "W")]
    pub floor: u64,
    /// Cap on the faces' drift from the letter frequencies (Jensen-Shannon, bits)
    #[arg(long, value_name = "BITS")]
    pub drift: Option<f64>,
    /// Let the median words a roll move freely (by default it stays within 10% of the
    /// start set's: the same game, fewer poor rolls)
    #[arg(long)]
    pub free_median: bool,
    /// Rolls each candidate is measured on
    #[arg(long, default_value_t = 3000, value_name = "N")]
    pub rolls: usize,
    /// Search steps (the same seed and steps give the same set)
    #[arg(long, default_value_t = 1500, value_name = "N")]
    pub steps: usize,
    /// Stop the search after SECS seconds
    #[arg(long, value_name = "SECS")]
    pub time: Option<f64>,
    /// Fresh rolls the final set (and the start set) are measured on
    #[arg(long, default_value_t = 100_000, value_name = "N")]
    pub check_rolls: usize,
    /// Seed of the search
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// Name written into the set [default: the file's name]
    #[arg(long)]
    pub name: Option<String>,
    /// Worker threads [default: one per core]
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
    /// Where to write the dice file
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

pub const DESIGN_HELP: &str = "\
Simulated annealing from the start set: a step swaps two faces between dice or trades
a face's unit for another (drawn by letter frequency). Every candidate is measured on
the same --rolls rolls (seeds S, S+1, ...); the other figures may not get worse than
the start's (dead faces, unreachable words, median within 10%). The best set is
measured again on --check-rolls fresh rolls beside the start set, and written with
its figures and this command in its header.";

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

#[derive(Args, Debug)]
pub struct DuelArgs {
    /// Dictionary [default: ./EnglishWords.txt if present, else the built-in]
    #[arg(long, short = 'd', value_name = "D")]
    pub dict: Option<String>,
    /// The summary's words: easy, medium, hard (tier 1, 1-2, 1-3, or deeper for a ranked
    /// list in some languages: `dict info`) or all; players may enter any word (levels
    /// need a dictionary compiled with --tiers)
    #[arg(long, value_enum, default_value = "all")]
    pub level: LevelArg,
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
    /// What the computer knows: easy, medium, hard (tier 1, 1-2, 1-3, or deeper for a
    /// ranked list in some languages: `dict info`) or all words; you may enter any word
    /// (levels need a dictionary compiled with --tiers)
    #[arg(long, value_enum, default_value = "all")]
    pub level: LevelArg,
    /// Seed for shaking the dice (random when omitted)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

#[cfg(feature = "web")]
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (127.0.0.1: this machine only)
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Port to listen on (0: any free port; the URL printed says which)
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Another dictionary requests may name: NAME=PATH (a compiled file or a word list)
    #[arg(long, short = 'd', value_name = "NAME=PATH")]
    pub dict: Vec<String>,
    /// Open the page in a browser (xdg-open)
    #[arg(long)]
    pub open: bool,
    /// Keep the games across restarts in FILE: read back at start, written every
    /// --snapshot seconds and when SIGTERM or Ctrl-C stops the server
    #[arg(long, value_name = "FILE")]
    pub state: Option<PathBuf>,
    /// The most games kept at once; when all are in play, a new game gets 503
    #[arg(long, value_name = "N", default_value_t = 20_000,
          value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub max_games: u32,
    /// Seconds between writes of --state while serving (0: only when stopping)
    #[arg(long, value_name = "SECS", default_value_t = 30, requires = "state",
          value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub snapshot: u64,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    pub shell: Shell,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
    Powershell,
}

pub const CROSSWORD_HELP: &str = "\
WORDS holds one answer a line (UTF-8), optionally a tab and its clue. A cell is one letter
as its readers see it (a grapheme cluster under the normalization flags); words of a
right-to-left script run right to left across. The search places the most words, then
leaves the fewest black squares, then makes the most crossings; every word left out is
named with its reason. The same --seed gives the same layout when the search finishes
before --time. The SVG puzzle (without --solution) lists the clues under the grid, and
the words that have none, so it can be solved on paper.";

pub const DUEL_HELP: &str = "\
The protocol, a line at a time (CS106B rules: words of 4+ letters, length - 3 points):
  in:  the board: a line N, then N lines of N letters (blank lines before N are skipped)
  in:  player 1's words, one a line, then a line ???; then player 2's, then ???
  out: Player P Score: S, before each line of a turn is read
  out: after each word: Correct. | W is too short. | W is not a word. |
       W is not on board. | W is already found.   (W as typed; checked in that order)
  out: at the end: both scores, Player 1 wins! | Player 2 wins! | It's a tie!,
       then All possible words: WORD WORD ... (sorted, upper case)
End of input at any point after the board ends the game with the summary. A bad or
missing board is one line on stderr and exit code 2. A word found by one player is new
to the other. Example:
  printf '2\\nta\\nep\\ntape\\n???\\npeat\\n???\\n' | polyboggle duel
docs/duel.md has a full transcript.";

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

#[cfg(test)]
mod tests {
    use super::*;

    fn command(args: &[&str]) -> Command {
        let all = std::iter::once("polyboggle").chain(args.iter().copied());
        Cli::try_parse_from(all).unwrap().command
    }

    #[test]
    fn every_command_that_writes_a_file_says_so() {
        // Those writes must have their temporary files removed on Ctrl-C.
        assert!(command(&["compile", "w.txt", "-o", "d.pbd"]).writes_files());
        assert!(command(&["dice", "derive", "w.txt", "-o", "s.txt"]).writes_files());
        assert!(command(&["crossword", "w.txt", "-o", "c.svg"]).writes_files());
        assert!(!command(&["crossword", "w.txt"]).writes_files());
        assert!(!command(&["solve", "ATEE/APYO/TINU/EDSE"]).writes_files());
    }
}
