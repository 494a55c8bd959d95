//! Which dice set a command rolls ([`Dice`]), and the one way it is read.

use std::path::Path;

use polyboggle_dice::DiceSet;
use polyboggle_languages::DICE;

use crate::Failure;

/// Which dice set a command rolls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dice<'a> {
    /// A set the flags name: a dice file, else a built-in set; a file wins over a
    /// built-in of its name, and says so.
    Named(&'a str),
    /// A built-in set the command picks itself (the default, a language's), never a
    /// file of that name.
    Builtin(&'a str),
}

impl<'a> Dice<'a> {
    /// `--dice SET`, or the default built-in set without it.
    pub fn named(name: Option<&'a str>) -> Dice<'a> {
        match name {
            Some(name) => Dice::Named(name),
            None => Dice::Builtin(DICE),
        }
    }

    /// The set's name as given or picked (a file's path, or a built-in's name).
    pub fn name(self) -> &'a str {
        match self {
            Dice::Named(name) | Dice::Builtin(name) => name,
        }
    }

    /// The set, read and checked.
    pub fn open(self) -> Result<DiceSet, Failure> {
        match self {
            Dice::Builtin(name) => Ok(DiceSet::builtin(name)?),
            Dice::Named(name) => {
                let set = DiceSet::load(name)?;
                let builtin = || {
                    DiceSet::builtin_names()
                        .iter()
                        .any(|b| b.eq_ignore_ascii_case(name))
                };
                if Path::new(name).is_file() && builtin() {
                    eprintln!(
                        "note: dice set '{name}': using the file {name}, not the built-in of that name"
                    );
                }
                Ok(set)
            }
        }
    }
}
