//! What a search (`optimize`, `prove`) reads: its [`Scoring`] and the board space
//! its flags name ([`Search`]).

use polyboggle::lexicon::{Lexicon, Lookup};
use polyboggle::Rules;
use polyboggle_languages as languages;
use polyboggle_optimize::{self as optimize, Space};

use super::dice::Dice;
use super::dictionary::Dictionary;
use super::scoring::Scoring;
use crate::args::{DictArgs, RulesArgs, SpaceArgs};
use crate::Failure;

/// What a search reads: the dictionary and rules, and the boards it covers.
pub struct Search {
    /// The dictionary and the rules.
    pub scoring: Scoring,
    /// The boards searched.
    pub space: Space,
}

impl Search {
    /// The dictionary, rules and board space of a search. `--lang TAG` without
    /// `--dict` stands for the language: its built dictionary (or one line saying how
    /// to build it), its rules preset unless `--rules` names one, and the faces of its
    /// designed dice set on any cell unless `--letters`, `--exclude` or `--dice` say
    /// otherwise; a bare `--dice` is the set its players roll. With `--dict`, `--lang`
    /// is the normalization preset of a plain word list, as everywhere.
    pub fn from_flags(
        dict: &DictArgs,
        rules_args: &RulesArgs,
        size: Option<&str>,
        space_args: &SpaceArgs,
    ) -> Result<Search, Failure> {
        let lang = dict.profile.lang.as_deref();
        let language = lang.filter(|_| dict.dict.is_none());
        let dictionary = match language {
            Some(lang) => Dictionary::built(lang)?,
            None => Dictionary::named(dict.dict.as_deref()),
        };
        let lexicon = dictionary.open(&dict.profile)?;
        let preset = lang.and_then(languages::rules_for_language);
        let rules = rules_args.spec().rules_or(preset.unwrap_or("hasbro"))?;
        let dice = match space_args.dice.as_deref() {
            Some("") => Some(Dice::Builtin(
                lang.and_then(languages::dice_for_language).ok_or_else(|| {
                    Failure::input(
                        "--dice without a set names the one a language rolls: add --lang TAG",
                    )
                })?,
            )),
            Some(set) => Some(Dice::Named(set)),
            None => None,
        };
        let mut letters = space_args.letters.clone();
        let mut faces_of = None;
        let free = letters.is_none() && space_args.exclude.is_none() && dice.is_none();
        if let (Some(lang), true) = (language, free) {
            if let Some(set) = languages::designed_dice_for_language(lang) {
                let faces = Dice::Builtin(set).open()?.dice.concat();
                let mut faces: Vec<String> = faces.into_iter().filter(|f| f != "#").collect();
                faces.sort();
                faces.dedup();
                letters = Some(faces.join(","));
                faces_of = Some(set);
            }
        }
        let faces = Faces {
            size,
            letters: letters.as_deref(),
            exclude: space_args.exclude.as_deref(),
            dice,
        };
        let space = space(&lexicon, &rules, &faces)?;
        // A space whose faces start no word has nothing to find: say so, not "0 points".
        if !space
            .faces()
            .iter()
            .any(|face| lexicon.lookup(face.text()) != Lookup::Absent)
        {
            let what = match (dice, faces_of) {
                (Some(set), _) => format!("--dice {}", set.name()),
                (None, Some(set)) => format!("--lang {}: the faces of {set}", lang.unwrap_or("")),
                (None, None) => "--letters".to_string(),
            };
            return Err(Failure::input(format!(
                "{what}: no face starts a word of the dictionary {}: nothing to search",
                dictionary.name()
            )));
        }
        Ok(Search {
            scoring: Scoring {
                dictionary,
                lexicon,
                rules,
            },
            space,
        })
    }
}

/// The faces a search's cells may show, as its flags resolve: a dice set's, or free
/// letters less some, on a grid.
struct Faces<'a> {
    /// `--size RxC` [default: 4x4, or the dice set's own].
    size: Option<&'a str>,
    /// The letters a cell may show [default: the dictionary's alphabet].
    letters: Option<&'a str>,
    /// Letters never shown.
    exclude: Option<&'a str>,
    /// The dice set whose rollable boards are searched, instead of free letters.
    dice: Option<Dice<'a>>,
}

/// The board space of `optimize` and `prove`: a dice set's rollable boards, or free
/// letters (the dictionary's alphabet unless the letters are named, less those
/// excluded) on a grid.
fn space(lexicon: &Lexicon, rules: &Rules, faces: &Faces<'_>) -> Result<Space, Failure> {
    let size = faces.size.map(polyboggle_dice::parse_size).transpose()?;
    let profile = lexicon.profile();
    if let Some(dice) = faces.dice {
        let set = dice.open()?;
        let (rows, cols) = size.unwrap_or((set.rows, set.cols));
        return Space::dice(&set, rows, cols, profile).map_err(Failure::input);
    }
    let (rows, cols) = size.unwrap_or((4, 4));
    let mut letters = match faces.letters {
        Some(text) => optimize::parse_letters(text),
        None => optimize::alphabet(lexicon, rules, optimize::ALPHABET_LIMIT),
    };
    if let Some(text) = faces.exclude {
        letters = optimize::exclude(&letters, &optimize::parse_letters(text), profile);
    }
    Space::letters(rows, cols, &letters, profile).map_err(Failure::input)
}
