//! polyboggle-languages: the product's catalogue of languages. Each language
//! `dictionaries/build-languages.sh` builds has a [`Language`] (its tag, names and
//! writing direction) and plays with a dice set ([`dice_for_language`]), a rules
//! preset ([`rules_for_language`], [`game_rules`]) and vowels
//! ([`vowels_for_language`]); [`DICTIONARY`] and [`DICE`] are used when none is named,
//! and [`how_to_build`] says how to build one that is missing.
//!
//! Built dictionaries (`TAG.pbd`) are found in the folders a program gives
//! ([`find_dictionary`], [`built_languages`]): this crate reads no environment and
//! knows no build machine's paths. The `polyboggle` command looks beside itself and in
//! its checkout ([`BUILD_FOLDER`] under each), the Python module in the folders of
//! [`FOLDERS_VARIABLE`] and under the current folder.
//!
//! ```
//! use polyboggle_languages as languages;
//!
//! assert_eq!(languages::DICE, "english-new-4x4");
//! assert_eq!(languages::dice_for_language("it"), Some("italian-paroliere-4x4"));
//! assert_eq!(languages::language("hr").map(|l| l.name), Some("Croatian"));
//! let folders = [std::path::PathBuf::from(languages::BUILD_FOLDER)];
//! for (tag, path) in languages::built_languages(&folders) {
//!     assert_eq!(languages::find_dictionary(&tag, &folders), Some(path));
//! }
//! ```
#![warn(missing_docs)]

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

/// The lists `dictionaries/build-languages.sh` builds twice: the game list under the
/// language's tag (the words a player of the language accepts: Hebrew's and Arabic's
/// forms without clitics, docs/game-lists.md) and every form of the Hunspell
/// expansion under `TAG-full`, for solvers and spell checkers.
pub const FULL_LISTS: &[&str] = &["he-full", "ar-full"];

/// The language tag whose dice, rules and vowels a tag plays by: `he` for `he-full`,
/// the tag itself otherwise.
fn game_tag(lang: &str) -> &str {
    match lang.strip_suffix("-full") {
        Some(tag) if FULL_LISTS.contains(&lang) => tag,
        _ => lang,
    }
}

/// The dice a language's players expect (a language tag such as `fr`), when a
/// built-in set exists. A `-full` list (`he-full`) plays with its language's set.
///
/// ```
/// use polyboggle_languages::dice_for_language;
/// assert_eq!(dice_for_language("he-full"), dice_for_language("he"));
/// ```
pub fn dice_for_language(lang: &str) -> Option<&'static str> {
    Some(match game_tag(lang) {
        "en" => DICE,
        "it" => "italian-paroliere-4x4",
        "fr" => "french-4x4",
        "de" => "german-4x4",
        "nl" => "dutch-4x4",
        "pl" => "polish-4x4",
        "es" => "spanish-fanmade-boggleparty-4x4",
        "fi" => "finnish-boggler-4x4-unverified",
        // Designed with `dice design` from the language's list (docs/languages.md,
        // docs/dice-sets.md): no published set exists.
        "pt" => "portuguese-designed-4x4",
        "ca" => "catalan-designed-4x4",
        "da" => "danish-designed-4x4",
        "no" => "norwegian-designed-4x4",
        "sv" => "swedish-designed-4x4",
        "fo" => "faroese-designed-4x4",
        "eo" => "esperanto-designed-4x4",
        "gl" => "galician-designed-4x4",
        "gv" => "manx-designed-4x4",
        "bg" => "bulgarian-designed-4x4",
        "uk" => "ukrainian-designed-4x4",
        "is" => "icelandic-designed-4x4",
        "et" => "estonian-designed-4x4",
        "lv" => "latvian-designed-4x4",
        "lt" => "lithuanian-designed-4x4",
        "cs" => "czech-designed-4x4",
        "sk" => "slovak-designed-4x4",
        "sl" => "slovenian-designed-4x4",
        "hr" => "croatian-designed-4x4",
        "bs" => "bosnian-designed-4x4",
        "sr" => "serbian-designed-4x4",
        "ru" => "russian-designed-4x4",
        "be" => "belarusian-designed-4x4",
        "kk" => "kazakh-designed-4x4",
        "uz" => "uzbek-designed-4x4",
        "el" => "greek-designed-4x4",
        "tr" => "turkish-designed-4x4",
        "ro" => "romanian-designed-4x4",
        "ga" => "irish-designed-4x4",
        "gd" => "gaelic-designed-4x4",
        "br" => "breton-designed-4x4",
        "oc" => "occitan-designed-4x4",
        "af" => "afrikaans-designed-4x4",
        "sq" => "albanian-designed-4x4",
        "id" => "indonesian-designed-4x4",
        "tl" => "tagalog-designed-4x4",
        "sw" => "swahili-designed-4x4",
        "hy" => "armenian-designed-4x4",
        "hu" => "hungarian-designed-4x4",
        "eu" => "basque-designed-4x4",
        "mn" => "mongolian-designed-4x4",
        "cy" => "welsh-designed-4x4",
        "he" => "hebrew-designed-4x4",
        "ar" => "arabic-designed-4x4",
        "fa" => "persian-designed-4x4",
        "hi" => "hindi-designed-4x4",
        "mr" => "marathi-designed-4x4",
        "ne" => "nepali-designed-4x4",
        "bn" => "bengali-designed-4x4",
        "gu" => "gujarati-designed-4x4",
        "te" => "telugu-designed-4x4",
        "ml" => "malayalam-designed-4x4",
        "ta" => "tamil-designed-4x4",
        "si" => "sinhala-designed-4x4",
        "th" => "thai-designed-4x4",
        "ko" => "korean-designed-4x4",
        "ka" => "georgian-designed-4x4",
        "mk" => "macedonian-designed-4x4",
        _ => return None,
    })
}

/// The dice set designed for a language from its own word list (`dice design`,
/// docs/dice-sets.md): its faces are the language's units, the faces a search for the
/// language's best boards may put on any cell (`optimize --lang`, `prove --lang`).
/// Where players roll a published set ([`dice_for_language`]), this is the set
/// designed beside it; elsewhere the two are one.
///
/// ```
/// use polyboggle_languages::designed_dice_for_language;
/// assert_eq!(designed_dice_for_language("de"), Some("german-designed-4x4"));
/// assert_eq!(designed_dice_for_language("hr"), Some("croatian-designed-4x4"));
/// ```
pub fn designed_dice_for_language(lang: &str) -> Option<&'static str> {
    match game_tag(lang) {
        "en" => Some("english-designed-4x4"),
        "it" => Some("italian-designed-4x4"),
        "fr" => Some("french-designed-4x4"),
        "de" => Some("german-designed-4x4"),
        "nl" => Some("dutch-designed-4x4"),
        "pl" => Some("polish-designed-4x4"),
        "es" => Some("spanish-designed-4x4"),
        tag => dice_for_language(tag),
    }
}

/// The rules preset a language plays by when none is named, where it is not the
/// front end's own default: `syllables` (a word of two faces counts) for scripts
/// whose faces are syllables, an Indic consonant with its vowel sign or a Hangul
/// block, where a word of three faces is already a long one.
///
/// ```
/// use polyboggle_languages::rules_for_language;
/// assert_eq!(rules_for_language("hi"), Some("syllables"));
/// assert_eq!(rules_for_language("fr"), None);
/// ```
pub fn rules_for_language(lang: &str) -> Option<&'static str> {
    match game_tag(lang) {
        "hi" | "mr" | "ne" | "bn" | "gu" | "te" | "ml" | "ta" | "si" | "ko" => Some("syllables"),
        _ => None,
    }
}

/// The rules preset a game plays by when none is named (`play`, `duel`'s levels, the
/// web page's games): the language's own ([`rules_for_language`]), else `cs106b`.
///
/// ```
/// use polyboggle_languages::game_rules;
/// assert_eq!(game_rules(Some("ko")), "syllables");
/// assert_eq!((game_rules(Some("fr")), game_rules(None)), ("cs106b", "cs106b"));
/// ```
pub fn game_rules(lang: Option<&str>) -> &'static str {
    lang.and_then(rules_for_language).unwrap_or("cs106b")
}

/// A language's vowels, one grapheme each, as its words' keys spell them (accents
/// kept: a dictionary that strips them never shows those), for `dice stats`.
///
/// ```
/// use polyboggle_languages::vowels_for_language;
/// assert_eq!(vowels_for_language("en"), Some("aeiou"));
/// assert_eq!(vowels_for_language("xx"), None);
/// ```
pub fn vowels_for_language(lang: &str) -> Option<&'static str> {
    Some(match game_tag(lang) {
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

/// A language `dictionaries/build-languages.sh` builds a dictionary for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language {
    /// Its tag, as the script, `--lang` and the dictionary's file name spell it (`hr`).
    pub tag: &'static str,
    /// Its name in English (`Croatian`).
    pub name: &'static str,
    /// Its name in itself (`hrvatski`), as its speakers write it in running text.
    pub native: &'static str,
    /// Is it written right to left (Hebrew, Arabic, Persian)?
    pub rtl: bool,
}

const fn ltr(tag: &'static str, name: &'static str, native: &'static str) -> Language {
    Language {
        tag,
        name,
        native,
        rtl: false,
    }
}

const fn rtl(tag: &'static str, name: &'static str, native: &'static str) -> Language {
    Language {
        tag,
        name,
        native,
        rtl: true,
    }
}

/// Every language `dictionaries/build-languages.sh` knows, in its table's order
/// (docs/languages.md lists them with their sources).
pub const LANGUAGES: &[Language] = &[
    ltr("en", "English", "English"),
    ltr("de", "German", "Deutsch"),
    ltr("fr", "French", "français"),
    ltr("es", "Spanish", "español"),
    ltr("it", "Italian", "italiano"),
    ltr("pt", "Portuguese", "português"),
    ltr("nl", "Dutch", "Nederlands"),
    ltr("pl", "Polish", "polski"),
    ltr("ca", "Catalan", "català"),
    ltr("da", "Danish", "dansk"),
    ltr("no", "Norwegian (Bokmål)", "norsk bokmål"),
    ltr("sv", "Swedish", "svenska"),
    ltr("fo", "Faroese", "føroyskt"),
    ltr("eo", "Esperanto", "Esperanto"),
    ltr("gl", "Galician", "galego"),
    ltr("gv", "Manx", "Gaelg"),
    ltr("bg", "Bulgarian", "български"),
    ltr("uk", "Ukrainian", "українська"),
    ltr("is", "Icelandic", "íslenska"),
    ltr("et", "Estonian", "eesti"),
    ltr("lv", "Latvian", "latviešu"),
    ltr("lt", "Lithuanian", "lietuvių"),
    ltr("cs", "Czech", "čeština"),
    ltr("sk", "Slovak", "slovenčina"),
    ltr("sl", "Slovenian", "slovenščina"),
    ltr("hr", "Croatian", "hrvatski"),
    ltr("bs", "Bosnian", "bosanski"),
    ltr("sr", "Serbian", "српски"),
    ltr("ru", "Russian", "русский"),
    ltr("be", "Belarusian", "беларуская"),
    ltr("kk", "Kazakh", "қазақ тілі"),
    // The Debian list is in Cyrillic, so the name is too.
    ltr("uz", "Uzbek", "ўзбекча"),
    ltr("el", "Greek", "Ελληνικά"),
    ltr("tr", "Turkish", "Türkçe"),
    ltr("ro", "Romanian", "română"),
    ltr("ga", "Irish", "Gaeilge"),
    ltr("gd", "Scottish Gaelic", "Gàidhlig"),
    ltr("br", "Breton", "brezhoneg"),
    ltr("oc", "Occitan", "occitan"),
    ltr("af", "Afrikaans", "Afrikaans"),
    ltr("sq", "Albanian", "shqip"),
    ltr("id", "Indonesian", "Bahasa Indonesia"),
    ltr("tl", "Tagalog", "Tagalog"),
    ltr("sw", "Swahili", "Kiswahili"),
    ltr("hy", "Armenian", "հայերեն"),
    ltr("hu", "Hungarian", "magyar"),
    ltr("eu", "Basque", "euskara"),
    ltr("mn", "Mongolian", "монгол"),
    ltr("ko", "Korean", "한국어"),
    ltr("cy", "Welsh", "Cymraeg"),
    rtl("he", "Hebrew", "עברית"),
    rtl("he-full", "Hebrew (every form)", "עברית"),
    rtl("ar", "Arabic", "العربية"),
    rtl("ar-full", "Arabic (every form)", "العربية"),
    rtl("fa", "Persian", "فارسی"),
    ltr("hi", "Hindi", "हिन्दी"),
    ltr("mr", "Marathi", "मराठी"),
    ltr("ne", "Nepali", "नेपाली"),
    ltr("bn", "Bengali", "বাংলা"),
    ltr("gu", "Gujarati", "ગુજરાતી"),
    ltr("te", "Telugu", "తెలుగు"),
    ltr("ml", "Malayalam", "മലയാളം"),
    ltr("ta", "Tamil", "தமிழ்"),
    ltr("si", "Sinhala", "සිංහල"),
    ltr("th", "Thai", "ไทย"),
    ltr("ka", "Georgian", "ქართული"),
    ltr("mk", "Macedonian", "македонски"),
];

/// The language of a tag `dictionaries/build-languages.sh` knows (`hr`, or `hr-HR`:
/// what follows the first `-` or `_` is a region, and case does not matter; a tag
/// the table has whole, such as `he-full`, is itself).
///
/// ```
/// use polyboggle_languages::language;
///
/// let hebrew = language("he").unwrap();
/// assert_eq!((hebrew.name, hebrew.native, hebrew.rtl), ("Hebrew", "עברית", true));
/// assert_eq!(language("HR_hr").map(|l| l.tag), Some("hr"));
/// assert_eq!(language("he-full").map(|l| l.tag), Some("he-full"));
/// assert_eq!(language("xx"), None);
/// ```
pub fn language(tag: &str) -> Option<&'static Language> {
    let primary = tag.split(['-', '_']).next().unwrap_or_default();
    LANGUAGES
        .iter()
        .find(|l| l.tag.eq_ignore_ascii_case(tag))
        .or_else(|| {
            LANGUAGES
                .iter()
                .find(|l| l.tag.eq_ignore_ascii_case(primary))
        })
}

/// The command that builds a language's dictionary, or, for a tag the script does not
/// know, where the languages it knows are listed: the end of the line a front end
/// prints when a language is not built.
///
/// ```
/// use polyboggle_languages::how_to_build;
///
/// assert_eq!(how_to_build("hr"), "dictionaries/build-languages.sh hr builds one");
/// assert!(how_to_build("xx").contains("knows no language 'xx'"));
/// ```
pub fn how_to_build(lang: &str) -> String {
    match language(lang) {
        Some(known) if known.tag == lang => {
            format!("dictionaries/build-languages.sh {lang} builds one")
        }
        _ => format!(
            "dictionaries/build-languages.sh knows no language '{lang}'; docs/languages.md lists those it does"
        ),
    }
}

/// Where `dictionaries/build-languages.sh` puts the compiled dictionaries, relative to
/// a checkout of the repository (or to a folder a program is installed in).
pub const BUILD_FOLDER: &str = "dictionaries/build";

/// The environment variable the Python module (and the `polyboggle` command, first)
/// reads for more folders of built dictionaries: a list of folders, separated as
/// `PATH` separates them, each holding `TAG.pbd` files.
pub const FOLDERS_VARIABLE: &str = "POLYBOGGLE_DICTIONARIES";

/// Can `lang` be a dictionary's file name? Letters, digits and `-` (never a path).
fn is_tag(lang: &str) -> bool {
    (1..=32).contains(&lang.len()) && lang.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// The compiled dictionary of a language (`LANG.pbd`) in the first of `folders` that
/// has it. `None` when none of them has it, or when `lang` could not be a file's name
/// (letters, digits and `-` only).
///
/// ```
/// use polyboggle_languages::find_dictionary;
///
/// let dir = tempfile::tempdir()?;
/// std::fs::write(dir.path().join("hr.pbd"), b"")?;
/// let folders = [dir.path().join("missing"), dir.path().to_path_buf()];
/// assert_eq!(find_dictionary("hr", &folders), Some(dir.path().join("hr.pbd")));
/// assert_eq!(find_dictionary("../hr", &folders), None);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn find_dictionary(lang: &str, folders: &[PathBuf]) -> Option<PathBuf> {
    if !is_tag(lang) {
        return None;
    }
    folders
        .iter()
        .map(|dir| dir.join(format!("{lang}.pbd")))
        .find(|path| path.is_file())
}

/// Every language built in `folders`, with the file [`find_dictionary`] finds: each
/// `TAG.pbd` of each folder, the first found of a tag winning, sorted by tag. Any such
/// file counts, whether or not [`language`] knows its tag.
pub fn built_languages(folders: &[PathBuf]) -> Vec<(String, PathBuf)> {
    built_in(folders.iter().map(PathBuf::as_path))
}

/// The `TAG.pbd` files of `folders`, the first of each tag winning, sorted by tag.
fn built_in<'a>(folders: impl Iterator<Item = &'a Path>) -> Vec<(String, PathBuf)> {
    let mut found: Vec<(String, PathBuf)> = Vec::new();
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(folder) else {
            continue;
        };
        let mut here: Vec<(String, PathBuf)> = entries
            .filter_map(Result::ok)
            .filter_map(|entry| {
                let name = entry.file_name().into_string().ok()?;
                let tag = name.strip_suffix(".pbd")?;
                let path = folder.join(&name);
                (is_tag(tag) && path.is_file()).then(|| (tag.to_string(), path))
            })
            .collect();
        here.retain(|(tag, _)| !found.iter().any(|(t, _)| t == tag));
        found.append(&mut here);
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::fs;

    #[test]
    fn the_first_folder_with_a_tag_wins_and_the_list_is_sorted() {
        let dir = tempfile::tempdir().unwrap();
        let (first, second) = (dir.path().join("a"), dir.path().join("b"));
        for (folder, files) in [
            (
                &first,
                &["hr.pbd", "he.pbd", "notes.txt", "ar-freq.txt"][..],
            ),
            (&second, &["hr.pbd", "de.pbd", "bad name.pbd"][..]),
        ] {
            fs::create_dir(folder).unwrap();
            for file in files {
                fs::write(folder.join(file), b"").unwrap();
            }
        }
        // A folder named like a dictionary is none.
        fs::create_dir(second.join("fr.pbd")).unwrap();
        let missing = dir.path().join("missing");
        let folders = [missing, first.clone(), second.clone()];
        let found = built_languages(&folders);
        assert_eq!(
            found,
            vec![
                ("de".to_string(), second.join("de.pbd")),
                ("he".to_string(), first.join("he.pbd")),
                ("hr".to_string(), first.join("hr.pbd")),
            ]
        );
        for (tag, path) in found {
            assert_eq!(find_dictionary(&tag, &folders), Some(path), "{tag}");
        }
        assert_eq!(find_dictionary("no-such-language", &folders), None);
        assert_eq!(built_languages(&[]), []);
    }

    #[test]
    fn a_path_is_no_language() {
        let folders = [PathBuf::from(BUILD_FOLDER)];
        assert_eq!(find_dictionary("../build/hr", &folders), None);
        assert_eq!(find_dictionary("", &folders), None);
        assert!(!is_tag("hr.pbd") && is_tag("pt-BR"));
    }

    #[test]
    fn the_languages_are_the_build_scripts() {
        // The script's table, one `tag|...` line a language, is the list's source.
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .nth(2)
            .unwrap();
        let Ok(script) = fs::read_to_string(root.join("dictionaries/build-languages.sh")) else {
            return; // a packaged crate has no script
        };
        let table = script
            .split("table='")
            .nth(1)
            .unwrap()
            .split('\'')
            .next()
            .unwrap();
        let tags: Vec<&str> = table
            .lines()
            .filter_map(|line| line.split_once('|').map(|(tag, _)| tag))
            .collect();
        let ours: Vec<&str> = LANGUAGES.iter().map(|l| l.tag).collect();
        assert_eq!(ours, tags);
        let rtl: Vec<&str> = LANGUAGES.iter().filter(|l| l.rtl).map(|l| l.tag).collect();
        assert_eq!(rtl, ["he", "he-full", "ar", "ar-full", "fa"]);
    }

    #[test]
    fn a_full_list_plays_as_its_language() {
        for full in FULL_LISTS {
            let tag = full.strip_suffix("-full").unwrap();
            let (game, every) = (language(tag).unwrap(), language(full).unwrap());
            assert_eq!((every.tag, every.rtl), (*full, game.rtl));
            assert_eq!(every.native, game.native);
            assert!(dice_for_language(full).is_some());
            assert_eq!(dice_for_language(full), dice_for_language(tag));
            assert_eq!(rules_for_language(full), rules_for_language(tag));
            assert_eq!(vowels_for_language(full), vowels_for_language(tag));
            assert_eq!(
                how_to_build(full),
                format!("dictionaries/build-languages.sh {full} builds one")
            );
        }
        // Only the tags the script builds twice: a region is still a region.
        assert_eq!(game_tag("xx-full"), "xx-full");
        assert_eq!(language("he-IL").map(|l| l.tag), Some("he"));
        assert_eq!(dice_for_language("fr-full"), None);
    }

    #[test]
    fn every_named_set_is_built_in_and_fits() {
        use polyboggle_dice::DiceSet;

        for lang in ["en", "it", "fr", "de", "nl", "pl", "es", "fi"] {
            let set = DiceSet::builtin(dice_for_language(lang).unwrap()).unwrap();
            assert_eq!((set.rows, set.cols), (4, 4), "{lang}");
        }
        for known in LANGUAGES {
            let sets = [
                dice_for_language(known.tag),
                designed_dice_for_language(known.tag),
            ];
            for name in sets.into_iter().flatten() {
                assert!(DiceSet::builtin(name).is_ok(), "{}: {name}", known.tag);
            }
        }
        assert_eq!(dice_for_language("xx"), None);
        for (rows, cols) in [(4, 4), (5, 5)] {
            let set = DiceSet::builtin(dice_for_size(rows, cols).unwrap()).unwrap();
            assert_eq!((set.rows, set.cols), (rows, cols));
        }
        assert_eq!(dice_for_size(6, 6), None);
    }
}
