//! What scores a command's boards, resolved from its flags: [`Scoring`].

use polyboggle::{Lexicon, Rules};

use super::dictionary::Dictionary;
use crate::args::{DictArgs, RulesArgs};
use crate::Failure;

/// A command's dictionary and rules, resolved from its flags and read once (what
/// ripgrep's `HiArgs` is to its parsed flags): the commands that solve, bench and
/// measure dice sets take it whole, and `optimize` and `prove` in their [`Search`].
///
/// [`Search`]: super::Search
pub struct Scoring {
    /// Which dictionary the flags name.
    pub dictionary: Dictionary,
    /// That dictionary, read and every block of it checked.
    pub lexicon: Lexicon,
    /// The rules words score by.
    pub rules: Rules,
}

impl Scoring {
    /// `--dict` (the built-in without it; `--lang` and the normalization flags read a
    /// plain word list) and the rules flags (`hasbro` without them), the rules
    /// checked first.
    pub fn from_flags(dict: &DictArgs, rules: &RulesArgs) -> Result<Scoring, Failure> {
        let rules = rules.spec().rules()?;
        let dictionary = Dictionary::named(dict.dict.as_deref());
        let lexicon = dictionary.open(&dict.profile)?;
        Ok(Scoring {
            dictionary,
            lexicon,
            rules,
        })
    }
}
