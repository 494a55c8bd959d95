//! The product's defaults, in one place: the dictionary and dice used when none is
//! named, the dice a board size or a language calls for, and where a language's
//! compiled dictionary is looked for. The CLI and the web server both read them here.
//!
//! ```
//! use polyboggle::{defaults, Lexicon};
//!
//! let lexicon = Lexicon::builtin(defaults::DICTIONARY)?;
//! assert_eq!(defaults::DICE, "english-new-4x4");
//! assert_eq!(defaults::dice_for_language("it"), Some("italian-paroliere-4x4"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};

/// The built-in dictionary used when no other is named (ENABLE2K).
pub const DICTIONARY: &str = "enable2k";

/// The built-in dice set used when none is named.
pub const DICE: &str = "english-new-4x4";

/// The built-in dice set for a board size, where there is one.
pub fn dice_for_size(rows: usize, cols: usize) -> Option<&'static str> {
    match (rows, cols) {
        (4, 4) => Some(DICE),
        (5, 5) => Some("english-big-original-5x5"),
        _ => None,
    }
}

/// The dice a language's players expect (a language tag such as `fr`), when a
/// built-in set exists.
pub fn dice_for_language(lang: &str) -> Option<&'static str> {
    Some(match lang {
        "en" => DICE,
        "it" => "italian-paroliere-4x4",
        "fr" => "french-4x4",
        "de" => "german-4x4",
        "nl" => "dutch-4x4",
        "pl" => "polish-4x4",
        "es" => "spanish-fanmade-boggleparty-4x4",
        "fi" => "finnish-boggler-4x4-unverified",
        // Designed with `dice design` from the language's list (docs/languages.md):
        // no published set exists.
        "bg" => "bulgarian-designed-4x4",
        "ca" => "catalan-designed-4x4",
        "hr" => "croatian-designed-4x4",
        "cs" => "czech-designed-4x4",
        "da" => "danish-designed-4x4",
        "lt" => "lithuanian-designed-4x4",
        "no" => "norwegian-designed-4x4",
        "ro" => "romanian-designed-4x4",
        "sr" => "serbian-designed-4x4",
        "sk" => "slovak-designed-4x4",
        "sv" => "swedish-designed-4x4",
        "uk" => "ukrainian-designed-4x4",
        _ => return None,
    })
}

/// The rules preset a language plays by when none is named, where it is not the
/// front end's own default: `syllables` (a word of two faces counts) for scripts
/// whose faces are syllables, an Indic consonant with its vowel sign or a Hangul
/// block, where a word of three faces is already a long one.
///
/// ```
/// use polyboggle::defaults::rules_for_language;
/// assert_eq!(rules_for_language("hi"), Some("syllables"));
/// assert_eq!(rules_for_language("fr"), None);
/// ```
pub fn rules_for_language(lang: &str) -> Option<&'static str> {
    match lang {
        "hi" | "mr" | "ne" | "bn" | "gu" | "te" | "ml" | "ta" | "si" | "ko" => Some("syllables"),
        _ => None,
    }
}

/// A language's vowels, one grapheme each, as its words' keys spell them (accents
/// kept: a dictionary that strips them never shows those), for `dice stats`.
///
/// ```
/// use polyboggle::defaults::vowels_for_language;
/// assert_eq!(vowels_for_language("en"), Some("aeiou"));
/// assert_eq!(vowels_for_language("xx"), None);
/// ```
pub fn vowels_for_language(lang: &str) -> Option<&'static str> {
    Some(match lang {
        "en" => "aeiou",
        "it" => "aeiouàèéìíòóùú",
        "es" => "aeiouáéíóúü",
        "fr" => "aeiouyàâæèéêëîïôœùûü",
        "de" => "aeiouäöü",
        "nl" => "aeiouy",
        "pt" => "aeiouáâãàéêíóôõú",
        "pl" => "aeiouyąę",
        "fi" => "aeiouyäö",
        "tr" => "aeıioöuü",
        "el" => "αεηιουωάέήίόύώϊϋΐΰ",
        "ru" => "аеёиоуыэюя",
        "hi" => "अआइईउऊऋएऐओऔ",
        "ca" => "aeiou",
        "da" => "aeiouyæøå",
        "no" => "aeiouyæøå",
        "sv" => "aeiouyåäö",
        "is" => "aeiouyáéíóúýæö",
        "fo" => "aeiouyáíóúýæø",
        "et" => "aeiouõäöü",
        "lv" => "aeiouāēīū",
        "lt" => "aeiouyąęėįųū",
        "cs" => "aeiouyáéěíóúůý",
        "sk" => "aeiouyáäéíóôúý",
        "sl" => "aeiou",
        "hr" => "aeiou",
        "bs" => "aeiou",
        "ro" => "aeiou",
        "hu" => "aáeéiíoóöőuúüű",
        "eu" => "aeiou",
        "gl" => "aeiou",
        "ga" => "aeiou",
        "gd" => "aeiou",
        "cy" => "aeiouwy",
        "br" => "aeiouy",
        "oc" => "aeiou",
        "af" => "aeiouy",
        "eo" => "aeiou",
        "sq" => "aeiouyë",
        "id" => "aeiou",
        "tl" => "aeiou",
        "sw" => "aeiou",
        "gv" => "aeiouy",
        "sr" => "аеиоу",
        "bg" => "аъеиоуюя",
        "uk" => "аеєиіїоуюя",
        "be" => "аеёіоуыэюя",
        "kk" => "аәеиоөұүыіэюя",
        "uz" => "аеиоуўэюяё",
        "mn" => "аеёиоөуүыэюя",
        "mk" => "аеиоу",
        "ka" => "აეიოუ",
        "hy" => "աեէըիոօ",
        // Abjads: the letters that also write vowels (matres lectionis).
        "he" => "אהוי",
        "ar" => "اوي",
        "fa" => "اآوی",
        // Indic scripts: the independent vowels (a consonant's vowel sign is part of
        // its face's cluster).
        "mr" => "अआइईउऊऋएऐओऔ",
        "ne" => "अआइईउऊऋएऐओऔ",
        "bn" => "অআইঈউঊঋএঐওঔ",
        "gu" => "અઆઇઈઉઊઋએઐઓઔ",
        "te" => "అఆఇఈఉఊఋఎఏఐఒఓఔ",
        "ml" => "അആഇഈഉഊഋഎഏഐഒഓഔ",
        "ta" => "அஆஇஈஉஊஎஏஐஒஓஔ",
        "si" => "අආඇඈඉඊඋඌඑඒඓඔඕඖ",
        _ => return None,
    })
}

/// Where `dictionaries/build-languages.sh` puts a language's compiled dictionary,
/// relative to a checkout of the repository.
fn language_dictionary_name(lang: &str) -> String {
    format!("dictionaries/build/{lang}.pbd")
}

/// The compiled dictionary of a language (`dictionaries/build/LANG.pbd`), looked for
/// under the current folder, then under each folder above the running program (a
/// checkout's `target/release/polyboggle` finds the checkout's), then in the checkout
/// this library was built from. `None` when none of them has it.
pub fn language_dictionary(lang: &str) -> Option<PathBuf> {
    let name = language_dictionary_name(lang);
    let program = std::env::current_exe().ok();
    let above_program = program
        .iter()
        .flat_map(|exe| exe.ancestors().skip(1))
        .map(Path::to_path_buf);
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2);
    std::iter::once(PathBuf::from("."))
        .chain(above_program)
        .chain(built_from.map(Path::to_path_buf))
        .map(|dir| dir.join(&name))
        .find(|path| path.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_language_built_nowhere_has_no_dictionary() {
        // The checkout this crate was built from always holds the ENABLE2K word list
        // beside where the languages are built; a name that is nowhere is None.
        assert_eq!(language_dictionary("no-such-language"), None);
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .nth(2)
            .unwrap();
        assert!(root.join("dictionaries/enable2k.txt").is_file());
    }
}
