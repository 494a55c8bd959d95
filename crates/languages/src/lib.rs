//! polyboggle-languages: the product's one table of languages. Every fact of a
//! language is one typed [`Language`] entry of [`LANGUAGES`]: its tag, names, script
//! and direction, its normalization preset, whether its faces are syllables, its dice
//! (published and designed), vowels, the source its word list is built from, the
//! rewrite its words need ([`Fold`]) and its `wordfreq` tag. The command prints the
//! table (`polyboggle languages --format json`), and every front end, the build
//! script and the scripts read it from there.
//!
//! Built dictionaries (`TAG.pbd`) are found in the folders a program gives
//! ([`find_dictionary`], [`built_languages`]): this crate reads no environment and
//! knows no build machine's paths. The `polyboggle` command looks beside itself
//! ([`BUILD_FOLDER`] under it), the Python module in the folders of
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
#![deny(missing_docs)]

mod built;
mod fold;
mod language;
mod lookup;
mod table;

pub use built::{built_languages, find_dictionary, BUILD_FOLDER, FOLDERS_VARIABLE};
pub use fold::{final_letter_as_other, Fold};
pub use language::{Language, Normalization, Script, WordSource};
pub use lookup::{
    designed_dice_for_language, dice_for_language, dice_for_size, full_lists, game_rules,
    how_to_build, language, nearest_tags, rules_for_language, vowels_for_language, DICE,
    DICTIONARY,
};
pub use table::LANGUAGES;

#[cfg(test)]
mod tests;
