//! Which dictionary a command reads ([`Dictionary`], from `--dict` and `--lang`), the
//! normalization its flags ask for, where built languages are found, and what the
//! dictionary lets the flags ask of it (`--tiers`, `--level`).

use std::path::{Path, PathBuf};

use polyboggle::lexicon::{self, Header, LazyLexicon, Lexicon};
use polyboggle::tiers::TierRange;
use polyboggle::{spec, Profile};
use polyboggle_languages::{self as languages, DICTIONARY};
use polyboggle_play::level::Level;

use crate::args::{LevelArg, ProfileArgs};
use crate::Failure;

/// The normalization profile the flags ask for (a plain word list's; a compiled
/// dictionary keeps its own).
pub fn profile(args: &ProfileArgs) -> Result<Profile, Failure> {
    Ok(args.spec().profile()?)
}

/// Which dictionary a command reads, as its flags name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dictionary {
    /// No `--dict`: the built-in English dictionary, even when a file of its name
    /// sits in the current folder.
    Builtin,
    /// `--dict D`: a compiled file, a plain word list or a built-in name; a file wins
    /// over a built-in of its name, and says so.
    Named(String),
    /// The dictionary `dictionaries/build-languages.sh` built for a language: its
    /// file, in the [`language_folders`].
    Built(PathBuf),
}

impl Dictionary {
    /// `--dict`, or the built-in without it.
    pub fn named(dict: Option<&str>) -> Dictionary {
        match dict {
            Some(name) => Dictionary::Named(name.to_string()),
            None => Dictionary::Builtin,
        }
    }

    /// The built dictionary of language `lang` (`--lang TAG` standing for the
    /// language), or one line saying how to build it.
    pub fn built(lang: &str) -> Result<Dictionary, Failure> {
        languages::find_dictionary(lang, &language_folders())
            .map(Dictionary::Built)
            .ok_or_else(|| {
                Failure::input(format!(
                    "--lang {lang}: no dictionary; pass --dict ({})",
                    languages::how_to_build(lang)
                ))
            })
    }

    /// The name messages give it: the built-in's, the one given, or the built file's.
    pub fn name(&self) -> String {
        match self {
            Dictionary::Builtin => DICTIONARY.to_string(),
            Dictionary::Named(name) => name.clone(),
            Dictionary::Built(file) => file.display().to_string(),
        }
    }

    /// The dictionary read, every block of it checked; `args` normalize a plain word
    /// list.
    pub fn open(&self, args: &ProfileArgs) -> Result<Lexicon, Failure> {
        Ok(self.open_lazily(args)?.verify()?)
    }

    /// The dictionary with its header checked: the rest is checked a block at a time
    /// as a query reads it.
    pub fn open_lazily(&self, args: &ProfileArgs) -> Result<LazyLexicon, Failure> {
        let wanted = profile(args)?;
        let name = self.name();
        let lexicon = match self {
            Dictionary::Builtin => LazyLexicon::builtin(DICTIONARY)?,
            Dictionary::Named(_) | Dictionary::Built(_) => {
                let lexicon = LazyLexicon::load(&name, &wanted)?;
                let builtin = || lexicon::builtin_names().any(|b| b.eq_ignore_ascii_case(&name));
                if Path::new(&name).is_file() && builtin() {
                    eprintln!(
                        "note: dictionary '{name}': using the file {name}, not the built-in of that name"
                    );
                }
                lexicon
            }
        };
        // A compiled dictionary keeps the profile it was compiled with: flags asking for
        // another one do nothing, and saying so beats a silent surprise.
        if args.spec().is_given() && !lexicon.profile().same_keys(&wanted) {
            eprintln!(
                "note: dictionary '{name}' is compiled with its own normalization ({}); \
                 --lang, --strip-marks, --keep and --turkic apply to plain word lists",
                lexicon.profile().describe()
            );
        }
        Ok(lexicon)
    }
}

/// The folders a built language's dictionary (`TAG.pbd`) is looked for in, first
/// first: those `POLYBOGGLE_DICTIONARIES` lists, then `dictionaries/build` under the
/// current folder and under each folder above the running program (beside an installed
/// program; a checkout's `target/release/polyboggle` finds the checkout's). A debug
/// build looks last in the checkout it was built from; a release build knows no build
/// machine's paths.
pub fn language_folders() -> Vec<PathBuf> {
    let listed = std::env::var_os(languages::FOLDERS_VARIABLE)
        .map(|list| std::env::split_paths(&list).collect::<Vec<_>>())
        .unwrap_or_default();
    let program = std::env::current_exe().ok();
    let above_program = program
        .iter()
        .flat_map(|exe| exe.ancestors().skip(1).map(Path::to_path_buf));
    #[cfg(debug_assertions)]
    let built_from = Some(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    #[cfg(not(debug_assertions))]
    let built_from: Option<PathBuf> = None;
    let roots = std::iter::once(PathBuf::from("."))
        .chain(above_program)
        .chain(built_from);
    listed
        .into_iter()
        .chain(roots.map(|root| root.join(languages::BUILD_FOLDER)))
        .collect()
}

/// The `--tiers A..B` of a command, checked against the dictionary: `None` when not
/// given; refused when the dictionary has no tiers.
pub fn tier_range(text: Option<&str>, header: &Header) -> Result<Option<TierRange>, Failure> {
    Ok(spec::tier_range(text, header)?)
}

/// A computer `--level`, checked against the dictionary (any level but `all` needs
/// tiers).
pub fn level(arg: LevelArg, lexicon: &Lexicon) -> Result<Level, Failure> {
    let level = match arg {
        LevelArg::Easy => Level::Easy,
        LevelArg::Medium => Level::Medium,
        LevelArg::Hard => Level::Hard,
        LevelArg::All => Level::All,
    };
    level.playable_with(lexicon).map_err(|_| {
        Failure::input(format!(
            "--level {}: this dictionary has no tiers (compile it with --tiers FILE, or play --level all)",
            level.name()
        ))
    })
}
