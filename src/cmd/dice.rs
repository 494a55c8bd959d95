//! `polyboggle dice check`, `dice derive` and `dice unreachable`: what a dice set can
//! roll, a set derived from a word list, and the words no roll can show.

use std::io::Write;

use polyboggle::{files, lexicon};
use polyboggle_dice::{self as dice, unreachable::unreachable, Derivation, DiceSet};
use serde_json::json;

use crate::args::{DeriveArgs, DictArgs, Format, RulesArgs};
use crate::load::{profile, read_board, Dice, Scoring};
use crate::output::{counted, stdout};
use crate::Failure;

pub fn check(set: &str, board: &str, format: Format) -> Result<(), Failure> {
    let set = Dice::Named(set).open()?;
    let board = read_board(Some(board))?;
    let checked = set.check(&board);
    if format == Format::Json {
        let uncovered: Vec<_> = match &checked {
            Ok(()) => Vec::new(),
            Err(uncovered) => uncovered
                .cells
                .iter()
                .map(|(row, col, face, reason)| {
                    json!({"row": row, "col": col, "face": face, "reason": reason})
                })
                .collect(),
        };
        let value = json!({
            "set": set.name, "board": board.inline(), "rows": board.rows(),
            "cols": board.cols(), "can_roll": checked.is_ok(), "uncovered": uncovered,
        });
        let mut out = stdout();
        writeln!(out, "{value}")?;
        return Ok(out.flush()?);
    }
    match checked {
        Ok(()) => {
            println!("yes: {} can roll this board", set.name);
            Ok(())
        }
        Err(uncovered) => {
            let cells: Vec<String> = uncovered
                .cells
                .iter()
                .map(|(r, c, face, why)| format!("({r},{c}) {face}: {why}"))
                .collect();
            Err(Failure::input(format!(
                "{} cannot roll this board: {}",
                set.name,
                cells.join("; ")
            )))
        }
    }
}

pub fn derive(args: &DeriveArgs) -> Result<(), Failure> {
    let profile = profile(&args.profile)?;
    let origin = args.wordlist.display().to_string();
    let bytes = polyboggle::files::read(&args.wordlist)?;
    let text = lexicon::word_list_text(&bytes, &origin)?;
    let output = &args.output;
    let name = match args.name.clone() {
        Some(name) if !dice::is_one_line(&name) => {
            return Err(Failure::input(format!(
                "--name {name:?}: a set's name is one line of text"
            )))
        }
        Some(name) => name,
        None => {
            let stem = output
                .file_stem()
                .map_or("derived".into(), |s| s.to_string_lossy().into_owned());
            if !dice::is_one_line(&stem) {
                return Err(Failure::input(format!(
                    "{}: the set is named after the file, and {stem:?} is not one line of text; give a name with --name",
                    output.display()
                )));
            }
            stem
        }
    };
    let asked = Derivation {
        name: &name,
        dice: args.dice,
        faces: args.faces,
        units: &args.units,
    };
    let set = DiceSet::derive(text.split_whitespace(), &profile, &asked)?;
    files::write_atomically(output, set.to_text().as_bytes())?;
    let dice = match args.dice {
        1 => "1 die".to_string(),
        n => format!("{n} dice"),
    };
    let faces = counted(args.faces as u64, "face");
    println!("{}: {dice} of {faces}", output.display());
    Ok(())
}

pub fn unreachable_words(
    set: &str,
    dict: &DictArgs,
    rules_args: &RulesArgs,
    size: Option<&str>,
    format: Format,
) -> Result<(), Failure> {
    let set = Dice::Named(set).open()?;
    let (rows, cols) = match size {
        Some(size) => dice::parse_size(size)?,
        None => (set.rows, set.cols),
    };
    if rows.saturating_mul(cols) > set.dice.len() {
        return Err(Failure::input(format!(
            "a {rows}x{cols} board needs {} {}; {} has {}",
            rows.saturating_mul(cols),
            if (rows, cols) == (1, 1) {
                "die"
            } else {
                "dice"
            },
            set.name,
            set.dice.len()
        )));
    }
    let Scoring { lexicon, rules, .. } = Scoring::from_flags(dict, rules_args)?;
    let words = unreachable(&set, rows, cols, &lexicon, &rules);
    let mut out = stdout();
    match format {
        Format::Json => {
            let value = json!({
                "set": set.name, "rows": rows, "cols": cols,
                "dictionary_words": lexicon.word_count(),
                "unreachable": words.len(), "words": words,
            });
            writeln!(out, "{value}")?;
        }
        Format::Text => {
            for word in &words {
                writeln!(out, "{}", lexicon.profile().display(word))?;
            }
            writeln!(
                out,
                "{} of {} can never be shown by a {rows}x{cols} roll of {}",
                words.len(),
                counted(lexicon.word_count() as u64, "word"),
                set.name
            )?;
        }
    }
    Ok(out.flush()?)
}
