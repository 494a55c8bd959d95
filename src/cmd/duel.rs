//! `polyboggle duel`: the Lab 6 two-player game over standard input and output.

use std::io::{self, Write};
use std::path::Path;

use polyboggle::{defaults, Lexicon, Profile};
use polyboggle_play::duel;

use crate::args::DuelArgs;
use crate::load::level;
use crate::output::stdout;
use crate::Failure;

pub fn run(args: DuelArgs) -> Result<(), Failure> {
    let lexicon = match args.dict.as_deref() {
        Some(name) => Lexicon::load(name, &Profile::default())?,
        // The Lab 6 programs read EnglishWords.txt from the current folder.
        None if Path::new("EnglishWords.txt").is_file() => {
            Lexicon::load("EnglishWords.txt", &Profile::default())?
        }
        None => Lexicon::builtin(defaults::DICTIONARY)?,
    };
    let level = level(args.level, &lexicon)?;
    let stdin = io::stdin();
    let mut out = stdout();
    duel::duel_at(&lexicon, level, stdin.lock(), &mut out).map_err(|e| match e {
        duel::DuelError::Io(e) => Failure::from(e),
        other => Failure::input(other),
    })?;
    Ok(out.flush()?)
}
