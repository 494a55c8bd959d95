//! `compile` (word lists and Hunspell dictionaries) and `dict` (info, lookup, search,
//! words, expand, diff).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use polyboggle::spec::QuerySpec;

use super::common::{Format, ProfileArgs};

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
    /// Only forms of at most this many letters (characters; a Hangul syllable spelled
    /// in jamo is one). The expansion is pruned, so a .dic of billions of forms, such
    /// as Hungarian's, expands in seconds; the forms are those of the whole expansion
    /// that are this short
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
    /// Rewrite a compiled dictionary of an older format version in this one (its words,
    /// tiers and profile kept; the solver's automaton derived again).
    Upgrade {
        /// The compiled file
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// Where to write the upgraded dictionary [default: FILE itself, replaced
        /// once the new one is written]
        #[arg(short, long, value_name = "OUT")]
        output: Option<PathBuf>,
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
