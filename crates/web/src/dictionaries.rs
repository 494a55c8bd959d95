//! [`Dictionaries`]: the dictionaries a server may use, opened once and shared.

use std::sync::OnceLock;

use polyboggle::defaults::DICTIONARY;
use polyboggle::lexicon::Lexicon;

use crate::ApiError;

/// The dictionaries a server may use, by name. The first is the default.
///
/// Each lexicon is opened once and lives as long as the process (a game in progress
/// borrows it, as [`polyboggle_play::game::Round`] does), so requests share it read-only.
pub struct Dictionaries {
    entries: Vec<(String, &'static Lexicon)>,
}

impl Dictionaries {
    /// The built-in English dictionary (ENABLE2K) alone, named `enable2k`.
    pub fn builtin() -> Dictionaries {
        static ENABLE2K: OnceLock<Lexicon> = OnceLock::new();
        let lexicon = ENABLE2K
            .get_or_init(|| Lexicon::builtin(DICTIONARY).expect("the built-in dictionary opens"));
        Dictionaries {
            entries: vec![(DICTIONARY.to_string(), lexicon)],
        }
    }

    /// Adds `lexicon` under `name` (letters, digits, `-` and `_`, at most 32), keeping
    /// it for the rest of the process.
    pub fn add(&mut self, name: &str, lexicon: Lexicon) -> Result<(), String> {
        let valid = (1..=32).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !valid {
            return Err(format!(
                "dictionary name '{name}': use 1 to 32 letters, digits, - or _"
            ));
        }
        if self.entries.iter().any(|(n, _)| n == name) {
            return Err(format!("dictionary name '{name}' is given twice"));
        }
        self.entries
            .push((name.to_string(), Box::leak(Box::new(lexicon))));
        Ok(())
    }

    /// The dictionary called `name`, or the default one for `None`.
    pub fn get(&self, name: Option<&str>) -> Result<(&str, &'static Lexicon), ApiError> {
        let found = match name {
            None => self.entries.first(),
            Some(name) => self.entries.iter().find(|(n, _)| n == name),
        };
        found.map(|(n, l)| (n.as_str(), *l)).ok_or_else(|| {
            ApiError::bad(format!(
                "unknown dictionary '{}' (there are: {})",
                name.unwrap_or_default(),
                self.names().collect::<Vec<_>>().join(", ")
            ))
        })
    }

    /// The names, the default first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(n, _)| n.as_str())
    }

    /// Each name with its lexicon, the default first.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &'static Lexicon)> {
        self.entries.iter().map(|(n, l)| (n.as_str(), *l))
    }
}
