//! `roll` and `dice` (check, stats, design, derive, unreachable).

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

use super::common::{DictArgs, Format, ProfileArgs, RulesArgs};

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
    #[command(after_help = CHECK_HELP)]
    Check {
        /// A built-in dice set name or a dice file
        #[arg(value_name = "SET")]
        set: String,
        /// The board (any BOARD form)
        #[arg(value_name = "BOARD")]
        board: String,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
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
    Derive(DeriveArgs),
}

const CHECK_HELP: &str = "\
Exit status: text: 0 when the set can roll the board, 2 when it cannot (the cells no die
covers, named) or on bad input. JSON: the answer is {\"set\", \"board\", \"rows\",
\"cols\", \"can_roll\", \"uncovered\": [{\"row\", \"col\", \"face\", \"reason\"}]}
with exit 0 either way, so that a script tells \"cannot roll\" (can_roll false) from bad
input (exit 2, one line on stderr).";

#[derive(Args, Debug)]
pub struct DeriveArgs {
    /// UTF-8 word list
    #[arg(value_name = "WORDLIST")]
    pub wordlist: PathBuf,
    /// Number of dice
    #[arg(long, default_value_t = 16)]
    pub dice: usize,
    /// Faces per die
    #[arg(long, default_value_t = 6)]
    pub faces: usize,
    /// Multi-letter units counted as one face, e.g. CH,LL,RR
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub units: Vec<String>,
    /// Name written into the set
    #[arg(long)]
    pub name: Option<String>,
    /// Where to write the dice file
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
    #[command(flatten)]
    pub profile: ProfileArgs,
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
    /// Units that stay on the dice, e.g. DŽ,LJ,NJ: a face of each is put on the start
    /// set if it has none, and never traded away
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub pin: Vec<String>,
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
