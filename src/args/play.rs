//! The games: `duel`, `play`, `serve`.

#[cfg(feature = "web")]
use std::path::PathBuf;

use clap::Args;

use super::common::{DictArgs, LevelArg};

#[derive(Args, Debug)]
pub struct DuelArgs {
    /// Dictionary [default: ./EnglishWords.txt if present, else the built-in]
    #[arg(long, short = 'd', value_name = "D")]
    pub dict: Option<String>,
    /// Play in a language: its dictionary built by dictionaries/build-languages.sh
    /// (docs/languages.md), or its preset for the word list --dict names
    #[arg(long, value_name = "TAG")]
    pub lang: Option<String>,
    /// The summary's words: easy, medium, hard (tier 1, 1-2, 1-3, or deeper for a ranked
    /// list in some languages: `dict info`) or all; players may enter any word (levels
    /// need a dictionary with tiers: the built-in has them, others are compiled with
    /// --tiers)
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
    /// Rules preset: cs106b (4+ letters, length-3 points), hasbro or syllables [default:
    /// cs106b, or syllables for a --lang whose faces are syllables: Hindi, Korean...]
    #[arg(long, value_name = "NAME")]
    pub rules: Option<String>,
    /// End each of your turns after SECS seconds (--timer alone: 3 minutes)
    #[arg(long, value_name = "SECS", num_args = 0..=1, default_missing_value = "180")]
    pub timer: Option<u64>,
    /// What the computer knows: easy, medium, hard (tier 1, 1-2, 1-3, or deeper for a
    /// ranked list in some languages: `dict info`) or all words; you may enter any word
    /// (levels need a dictionary with tiers: the built-in has them, others are compiled
    /// with --tiers)
    #[arg(long, value_enum, default_value = "all")]
    pub level: LevelArg,
    /// Seed for shaking the dice (random when omitted)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Play a room's rounds beside players in browsers: its link
    /// (http://HOST:PORT/#/room/CODE, as the page shows it); each line typed is a word
    /// (start: the host starts a round; quit: leave)
    #[arg(long, value_name = "URL", requires = "name")]
    pub join: Option<String>,
    /// Your name in the room (--join)
    #[arg(long, value_name = "NAME", requires = "join")]
    pub name: Option<String>,
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
    /// Serve only enable2k and the --dict ones: not every language built by
    /// dictionaries/build-languages.sh, each named by its tag (hr, he, ...)
    #[arg(long)]
    pub no_languages: bool,
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
    /// The most rooms open at once (several players on one board); when all are
    /// open, a new room gets 503
    #[arg(long, value_name = "N", default_value_t = 5_000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_rooms: u64,
    /// The most players in one room
    #[arg(long, value_name = "N", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(2..=64))]
    pub room_players: u64,
    /// What every room code this server makes starts with (one to three letters), so
    /// that a proxy in front of several servers routes a room to its own
    /// (docs/rooms-scale-out.md)
    #[arg(long, value_name = "LETTERS")]
    pub room_prefix: Option<String>,
    /// The most connections open at once (each live room connection is one more)
    #[arg(long, value_name = "N", default_value_t = 512,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections: u64,
    /// Seconds between writes of --state while serving (0: only when stopping)
    #[arg(long, value_name = "SECS", default_value_t = 30, requires = "state",
          value_parser = clap::value_parser!(u64).range(0..=86_400))]
    pub snapshot: u64,
}

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
