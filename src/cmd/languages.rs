//! `polyboggle languages [TAG...] [--built] [--format json]`: the table of languages
//! (crates/languages), each entry with every fact and, where it is built, its
//! dictionary file; `--fold` rewrites a word list by one language's fold.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use polyboggle_languages::{self as languages, Language};
use serde::Serialize;

use crate::args::{Format, LanguagesArgs};
use crate::load;
use crate::output::stdout;
use crate::Failure;

/// One entry as the JSON prints it: the table's facts, what follows from them, and
/// the built file.
#[derive(Serialize)]
struct Entry {
    #[serde(flatten)]
    language: &'static Language,
    /// What it plays with, resolved (a whole expansion's from its language's entry).
    play: Play,
    /// The compiled dictionary, where it is built.
    built: Option<PathBuf>,
}

pub fn run(args: LanguagesArgs) -> Result<(), Failure> {
    let chosen = chosen(&args.tags)?;
    if args.fold {
        let [language] = chosen[..] else {
            return Err(Failure::input(
                "--fold: name one language (polyboggle languages TAG --fold)",
            ));
        };
        return fold(language);
    }
    let built = languages::built_languages(&load::language_folders());
    let entries: Vec<Entry> = chosen
        .into_iter()
        .map(|language| Entry {
            language,
            play: Play::of(language.tag),
            built: built
                .iter()
                .find(|(tag, _)| tag == language.tag)
                .map(|(_, path)| path.clone()),
        })
        .filter(|entry| !args.built || entry.built.is_some())
        .collect();
    let mut out = stdout();
    match args.format {
        Format::Json => {
            serde_json::to_writer(&mut out, &serde_json::json!({ "languages": entries }))
                .map_err(std::io::Error::from)?;
            writeln!(out)?;
        }
        Format::Text => {
            for entry in &entries {
                writeln!(out, "{}", line(entry))?;
            }
        }
    }
    Ok(out.flush()?)
}

/// The languages named (all when none is), or one line naming the nearest tags of the
/// first one the table does not know.
fn chosen(tags: &[String]) -> Result<Vec<&'static Language>, Failure> {
    if tags.is_empty() {
        return Ok(languages::LANGUAGES.iter().collect());
    }
    tags.iter()
        .map(|tag| {
            languages::LANGUAGES
                .iter()
                .find(|l| l.tag.eq_ignore_ascii_case(tag))
                .ok_or_else(|| {
                    Failure::input(format!(
                        "languages: no language '{tag}'; nearest: {} (polyboggle languages lists them)",
                        languages::nearest_tags(tag).join(", ")
                    ))
                })
        })
        .collect()
}

/// An entry on one line: tag, names, script and direction, dice, and the built file.
fn line(entry: &Entry) -> String {
    let l = entry.language;
    let mut parts = vec![
        format!("{:<8}", l.tag),
        format!("{} ({})", l.name, l.native),
        format!(
            "{:?}{}",
            l.script,
            if l.rtl { ", right to left" } else { "" }
        ),
    ];
    if let Some(dice) = languages::dice_for_language(l.tag) {
        parts.push(format!("dice {dice}"));
    }
    if l.syllables {
        parts.push("syllable faces".into());
    }
    parts.push(match (&entry.built, l.source) {
        (Some(path), _) => format!("built: {}", path.display()),
        (None, Some(_)) => "not built".into(),
        (None, None) => "no word list".into(),
    });
    parts.join("  ")
}

/// A language's dice, rules and vowels as the front ends resolve them.
#[derive(Serialize)]
struct Play {
    /// The dice its players roll.
    dice: Option<&'static str>,
    /// The set its best boards are searched over.
    designed_dice: Option<&'static str>,
    /// The rules preset of `solve`, `optimize` and `prove` where it is not `hasbro`.
    rules: Option<&'static str>,
    /// The rules preset of a game (`play`, the web page).
    game_rules: &'static str,
    /// Its vowels, for `dice stats`.
    vowels: Option<&'static str>,
}

impl Play {
    fn of(tag: &str) -> Play {
        Play {
            dice: languages::dice_for_language(tag),
            designed_dice: languages::designed_dice_for_language(tag),
            rules: languages::rules_for_language(tag),
            game_rules: languages::game_rules(Some(tag)),
            vowels: languages::vowels_for_language(tag),
        }
    }
}

/// Standard input's words, one a line, rewritten by the language's fold (left as they
/// are where it has none; a word the fold leaves out is not printed).
fn fold(language: &Language) -> Result<(), Failure> {
    let mut out = stdout();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| Failure::input(format!("standard input: {e}")))?;
        let folded = match language.fold {
            Some(fold) => fold.apply(&line),
            None => Some(line),
        };
        if let Some(word) = folded {
            writeln!(out, "{word}")?;
        }
    }
    Ok(out.flush()?)
}
