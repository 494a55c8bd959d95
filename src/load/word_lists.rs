//! The word lists `compile` reads beside plain ones: Hunspell dictionaries (a `.dic`
//! with its `.aff`) and `--tiers` lists.

use std::path::{Path, PathBuf};

use polyboggle::files;
use polyboggle::lexicon;
use polyboggle::tiers::Tiers;
use polyboggle::Profile;
use polyboggle_hunspell::{Dictionary, Options};

use super::input::{read_input, Input};
use crate::args::HunspellArgs;
use crate::Failure;

/// Is `path` a Hunspell dictionary (a `.dic`, read with its `.aff`)?
pub fn is_dic(path: &Path) -> bool {
    path.extension()
        .is_some_and(|ext| ext.eq_ignore_ascii_case("dic"))
}

/// The Hunspell dictionary `dic`, its affix file `--aff` or the `.aff` beside it,
/// opened (both read and checked) for expansion as the flags ask.
pub fn open_hunspell(dic: &Path, args: &HunspellArgs) -> Result<Dictionary, Failure> {
    let aff = args
        .aff
        .clone()
        .unwrap_or_else(|| dic.with_extension("aff"));
    let options = Options::for_compile(args.compounds, args.max_form_len)?;
    for (path, what) in [(dic, ".dic"), (aff.as_path(), ".aff")] {
        if !path.is_file() {
            files::open(path)?;
            return Err(Failure::input(format!(
                "{}: not a {what} file",
                path.display()
            )));
        }
    }
    Ok(Dictionary::open_with(dic, &aff, options)?)
}

/// Reads `--tiers` files: one is a ranked list, several are a tier each.
pub fn read_tiers(paths: &[PathBuf], profile: &Profile) -> Result<Option<Tiers>, Failure> {
    if paths.is_empty() {
        return Ok(None);
    }
    let mut inputs: Vec<Input> = Vec::new();
    for path in paths {
        inputs.push(read_input(path)?);
    }
    let mut texts = Vec::new();
    for Input { origin, bytes } in &inputs {
        texts.push((origin.as_str(), lexicon::word_list_text(bytes, origin)?));
    }
    let tiers = match texts[..] {
        [(origin, text)] => Tiers::ranked(text, origin, profile),
        _ => Tiers::from_lists(&texts, profile),
    };
    Ok(Some(tiers.map_err(Failure::input)?))
}
