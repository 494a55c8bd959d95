//! [`Dictionaries`]: the dictionaries a server may use, opened once and shared, and the
//! language each is for.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use polyboggle::lexicon::{Header, LazyLexicon, Lexicon};
use polyboggle_languages::{self as languages, Language, DICTIONARY};

use crate::ApiError;

/// The dictionaries a server may use, by name. The first is the default.
///
/// Each lexicon is opened once and lives as long as the process (a game in progress
/// borrows it, as [`polyboggle_play::game::Round`] does), so requests share it read-only.
/// A file added with [`Dictionaries::add_file`] (a built language's, say) has only its
/// header read at first: every block is checked, and the lexicon kept, the first time a
/// request names it, so that a server offering dozens of languages starts at once.
pub struct Dictionaries {
    entries: Vec<Entry>,
}

struct Entry {
    name: String,
    /// The language it is for, when known (see [`Dictionaries::language`]).
    language: Option<&'static Language>,
    header: Header,
    lexicon: Opening,
    /// How many words each tier holds, once asked for.
    tier_sizes: OnceLock<Result<Vec<u64>, String>>,
}

enum Opening {
    Open(&'static Lexicon),
    /// A file whose header was read; opened and checked whole when first used.
    Later {
        path: PathBuf,
        opened: OnceLock<Result<&'static Lexicon, String>>,
    },
}

impl Dictionaries {
    /// No dictionary yet: the first one added is the default. The static page starts so,
    /// with no dictionary in its module, and adds each as its bytes arrive.
    pub fn none() -> Dictionaries {
        Dictionaries {
            entries: Vec::new(),
        }
    }

    /// The built-in English dictionary (ENABLE2K) alone, named `enable2k`.
    pub fn builtin() -> Dictionaries {
        static ENABLE2K: OnceLock<Lexicon> = OnceLock::new();
        let lexicon = ENABLE2K
            .get_or_init(|| Lexicon::builtin(DICTIONARY).expect("the built-in dictionary opens"));
        Dictionaries {
            entries: vec![Entry {
                name: DICTIONARY.to_string(),
                language: languages::language("en"),
                header: lexicon.header().clone(),
                lexicon: Opening::Open(lexicon),
                tier_sizes: OnceLock::new(),
            }],
        }
    }

    /// Adds `lexicon` under `name` (letters, digits, `-` and `_`, at most 32), keeping
    /// it for the rest of the process.
    pub fn add(&mut self, name: &str, lexicon: Lexicon) -> Result<(), String> {
        self.check_name(name)?;
        let header = lexicon.header().clone();
        self.push(
            name,
            header,
            Opening::Open(Box::leak(Box::new(lexicon))),
            None,
        );
        Ok(())
    }

    /// Adds `lexicon` under `name` as [`Dictionaries::add`] does, for the language
    /// tagged `lang` when its header may not say (`enable2k` is English).
    pub fn add_for(&mut self, name: &str, lexicon: Lexicon, lang: &str) -> Result<(), String> {
        self.check_name(name)?;
        let header = lexicon.header().clone();
        let lexicon = Opening::Open(Box::leak(Box::new(lexicon)));
        self.push(name, header, lexicon, languages::language(lang));
        Ok(())
    }

    /// Adds the compiled dictionary at `path` under `name`, reading only its header
    /// now: it is opened, every block checked, the first time a request names it.
    /// `lang` is the language it is for (a built language's tag), when its header may
    /// not say.
    ///
    /// ```
    /// use polyboggle::{Compiler, Profile};
    /// use polyboggle_web::{api, Dictionaries};
    ///
    /// let mut compiler = Compiler::new(Profile::for_language("hr").ok_or("no preset")?);
    /// compiler.add_text("kuća\nkuće\n");
    /// let dir = tempfile::tempdir()?;
    /// let path = dir.path().join("hr.pbd");
    /// std::fs::write(&path, compiler.finish("hr")?.0)?;
    ///
    /// let mut dicts = Dictionaries::builtin();
    /// dicts.add_file("hr", &path, Some("hr"))?;
    /// assert_eq!(dicts.language("hr").map(|l| l.name), Some("Croatian"));
    /// let reply = api::solve(&dicts, r#"{"board": "K U/Ć A", "dict": "hr"}"#.as_bytes())
    ///     .map_err(|e| e.message)?;
    /// assert!(reply.contains("KUĆA"), "{reply}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_file(&mut self, name: &str, path: &Path, lang: Option<&str>) -> Result<(), String> {
        self.check_name(name)?;
        let header = LazyLexicon::open(path)
            .map_err(|e| e.to_string())?
            .header()
            .clone();
        let opening = Opening::Later {
            path: path.to_path_buf(),
            opened: OnceLock::new(),
        };
        self.push(name, header, opening, lang.and_then(languages::language));
        Ok(())
    }

    /// Adds every built language not yet served under its tag
    /// ([`languages::built_languages`], or a list of the same form), each opened when first
    /// used; a name already taken (a `--dict` of that name) keeps its dictionary. Answers
    /// a line for each file that could not be added, and why.
    pub fn add_languages(&mut self, built: &[(String, PathBuf)]) -> Vec<String> {
        let mut notes = Vec::new();
        for (tag, path) in built {
            if self.entries.iter().any(|e| e.name == *tag) {
                continue;
            }
            if let Err(why) = self.add_file(tag, path, Some(tag)) {
                notes.push(format!("{}: not served: {why}", path.display()));
            }
        }
        notes
    }

    fn check_name(&self, name: &str) -> Result<(), String> {
        let valid = (1..=32).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !valid {
            return Err(format!(
                "dictionary name '{name}': use 1 to 32 letters, digits, - or _"
            ));
        }
        if self.entries.iter().any(|e| e.name == name) {
            return Err(format!("dictionary name '{name}' is given twice"));
        }
        Ok(())
    }

    fn push(
        &mut self,
        name: &str,
        header: Header,
        lexicon: Opening,
        language: Option<&'static Language>,
    ) {
        // A dictionary's language: the one it was added for, else its header's preset,
        // else its name when that is a language's tag (`--dict fr=french.txt`).
        let language = language
            .or_else(|| languages::language(&header.profile.lang))
            .or_else(|| languages::language(name).filter(|l| l.tag == name));
        self.entries.push(Entry {
            name: name.to_string(),
            language,
            header,
            lexicon,
            tier_sizes: OnceLock::new(),
        });
    }

    fn entry(&self, name: Option<&str>) -> Result<&Entry, ApiError> {
        let found = match name {
            None => self.entries.first(),
            Some(name) => self.entries.iter().find(|e| e.name == name),
        };
        found.ok_or_else(|| {
            let name = name.unwrap_or_default();
            let known = self.names().collect::<Vec<_>>().join(", ");
            match languages::language(name).filter(|l| l.tag == name) {
                // A language not built where the server looked: say how to build it.
                Some(language) => ApiError::bad(format!(
                    "unknown dictionary '{name}': {} is not served here ({}; there are: {known})",
                    language.name,
                    languages::how_to_build(name)
                )),
                None => ApiError::bad(format!("unknown dictionary '{name}' (there are: {known})")),
            }
        })
    }

    /// The dictionary called `name`, or the default one for `None`; a dictionary added
    /// as a file is opened (every block checked) the first time, which fails with HTTP
    /// 500 when the file is damaged or has changed since it was added.
    pub fn get(&self, name: Option<&str>) -> Result<(&str, &'static Lexicon), ApiError> {
        let entry = self.entry(name)?;
        let lexicon = match &entry.lexicon {
            Opening::Open(lexicon) => Ok(*lexicon),
            Opening::Later { path, opened } => opened
                .get_or_init(|| {
                    let lexicon = Lexicon::open(path).map_err(|e| e.to_string())?;
                    if *lexicon.header() != entry.header {
                        return Err(format!(
                            "{} has changed since the server started: restart it",
                            path.display()
                        ));
                    }
                    Ok(&*Box::leak(Box::new(lexicon)))
                })
                .clone(),
        };
        lexicon
            .map(|lexicon| (entry.name.as_str(), lexicon))
            .map_err(|why| ApiError::new(500, format!("dictionary '{}': {why}", entry.name)))
    }

    /// How many words each tier of `name` holds, tier 0 (none) first (see
    /// [`Lexicon::tier_sizes`]); for a dictionary not opened yet, read from its tier
    /// table alone.
    pub fn tier_sizes(&self, name: &str) -> Result<Vec<u64>, ApiError> {
        let entry = self.entry(Some(name))?;
        entry
            .tier_sizes
            .get_or_init(|| match &entry.lexicon {
                Opening::Open(lexicon) => Ok(lexicon.tier_sizes()),
                Opening::Later { opened, .. } if opened.get().is_some_and(Result::is_ok) => {
                    Ok(self.get(Some(name)).map_err(|e| e.message)?.1.tier_sizes())
                }
                Opening::Later { path, .. } => LazyLexicon::open(path)
                    .and_then(|lexicon| lexicon.tier_sizes())
                    .map_err(|e| format!("dictionary '{name}': {e}")),
            })
            .clone()
            .map_err(|why| ApiError::new(500, why))
    }

    /// The language `name` is for, when known: the one it was added for, its header's
    /// preset, or its name when that is a language's tag (`enable2k` is English).
    pub fn language(&self, name: &str) -> Option<&'static Language> {
        self.entries
            .iter()
            .find(|e| e.name == name)
            .and_then(|e| e.language)
    }

    /// The names, the default first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.name.as_str())
    }

    /// Each name with its header (read when it was added: nothing is opened), the
    /// default first.
    pub fn headers(&self) -> impl Iterator<Item = (&str, &Header)> {
        self.entries.iter().map(|e| (e.name.as_str(), &e.header))
    }
}
