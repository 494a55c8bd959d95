//! `polyboggle languages`: the table of languages.

use clap::Args;

use super::Format;

#[derive(Args, Debug)]
pub struct LanguagesArgs {
    /// Only these languages (tags: hr, he-full, ...); every language when none is named
    pub tags: Vec<String>,
    /// Only the languages with a built dictionary
    #[arg(long)]
    pub built: bool,
    /// Rewrite standard input's words, one a line, by the language's fold (as the
    /// build script does before compiling), to standard output; needs one TAG
    #[arg(long, conflicts_with_all = ["built", "format"])]
    pub fold: bool,
    /// Output format
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}
