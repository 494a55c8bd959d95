//! `polyboggle duel`: the Lab 6 two-player game over standard input and output.

use std::io::{self, Write};
use std::path::Path;

use polyboggle::spec::RulesSpec;
use polyboggle::{Lexicon, Profile};
use polyboggle_languages::{self as languages, DICTIONARY};
use polyboggle_play::duel;

use crate::args::{DuelArgs, ProfileArgs};
use crate::load::{level, Dictionary};
use crate::output::stdout;
use crate::Failure;

pub fn run(args: DuelArgs) -> Result<(), Failure> {
    let lang = args.lang.as_deref();
    let profile = ProfileArgs {
        lang: args.lang.clone(),
        ..ProfileArgs::default()
    };
    let lexicon = match (args.dict.as_deref(), lang) {
        // A word list is read with the language's preset, as `play --lang` reads it.
        (Some(name), _) => Dictionary::Named(name.to_string()).open(&profile)?,
        // The Lab 6 programs read EnglishWords.txt from the current folder.
        (None, None | Some("en")) if Path::new("EnglishWords.txt").is_file() => {
            Lexicon::load("EnglishWords.txt", &Profile::default())?
        }
        (None, None | Some("en")) => Lexicon::builtin(DICTIONARY)?,
        (None, Some(lang)) => Dictionary::built(lang)?.open(&profile)?,
    };
    let level = level(args.level, &lexicon)?;
    let rules = RulesSpec::default().rules_or(languages::game_rules(lang))?;
    let stdin = io::stdin();
    let mut out = stdout();
    duel::duel_at(&lexicon, level, rules, stdin.lock(), &mut out).map_err(|e| match e {
        duel::DuelError::Io(e) => Failure::from(e),
        other => Failure::input(other),
    })?;
    Ok(out.flush()?)
}
