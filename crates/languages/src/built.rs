//! The built dictionaries (`TAG.pbd`) in the folders a program gives: this crate
//! reads no environment and knows no build machine's paths.

use std::path::{Path, PathBuf};

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
/// file counts, whether or not [`language`](crate::language) knows its tag.
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
}
