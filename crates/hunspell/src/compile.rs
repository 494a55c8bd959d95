//! What compiling a dictionary from a Hunspell one takes, written once for every front
//! end (`polyboggle compile NAME.dic`, Python's `Lexicon.compile(hunspell=...)`): the
//! options as the user gives them, and the forms handed over in batches while the
//! next ones are expanded. The compiler itself is the caller's: this crate depends on
//! nothing.

use std::sync::mpsc::sync_channel;

use crate::{Compounds, Error, ExpandOptions, HunspellDictionary, Result};

/// The longest compound made when no longest form is given, in letters: a 6x6
/// board's 36, and then some.
pub const MAX_COMPOUND_LEN: usize = 40;

/// Forms handed over at a time by [`HunspellDictionary::expand_in_batches`].
pub const FORMS_AT_ONCE: usize = 1 << 15;

/// What [`HunspellDictionary::expand_in_batches`] handed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expanded {
    /// Forms, counted as handed over (the same form may come more than once).
    pub forms: u64,
    /// Compounds among them; `None` when compounds are off.
    pub compounds: Option<u64>,
}

impl ExpandOptions {
    /// The options a dictionary is compiled with: compounds of `compounds` parts
    /// (only 2; `None`, none), each at most `max_form_len` letters or else
    /// [`MAX_COMPOUND_LEN`], and only forms of at most `max_form_len` letters.
    ///
    /// ```
    /// use polyboggle_hunspell::ExpandOptions;
    /// let options = ExpandOptions::for_compile(Some(2), None).unwrap();
    /// assert_eq!(options.compounds.unwrap().max_len, 40);
    /// assert!(ExpandOptions::for_compile(Some(3), None).is_err());
    /// assert!(ExpandOptions::for_compile(None, Some(0)).is_err());
    /// ```
    pub fn for_compile(
        compounds: Option<usize>,
        max_form_len: Option<usize>,
    ) -> Result<ExpandOptions> {
        let mut options = ExpandOptions {
            max_len: max_form_len,
            ..ExpandOptions::default()
        };
        if let Some(parts) = compounds {
            if parts != 2 {
                return Err(Error::CompoundParts(parts));
            }
            options.compounds = Some(Compounds::two(max_form_len.unwrap_or(MAX_COMPOUND_LEN)));
        }
        if max_form_len == Some(0) {
            return Err(Error::NoLetters);
        }
        Ok(options)
    }
}

impl HunspellDictionary {
    /// Hands every form to `add`, [`FORMS_AT_ONCE`] at a time, in the order
    /// [`HunspellDictionary::expand`] yields them: another thread expands while this one runs
    /// `add` (a compiler normalizing and sorting, say), with at most two batches
    /// waiting between them, so memory stays bounded.
    ///
    /// ```
    /// use polyboggle_hunspell::{HunspellDictionary, ExpandOptions};
    /// let dir = tempfile::tempdir().unwrap();
    /// let (aff, dic) = (dir.path().join("t.aff"), dir.path().join("t.dic"));
    /// std::fs::write(&aff, "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n").unwrap();
    /// std::fs::write(&dic, "2\ncat/S\ndog\n").unwrap();
    /// let d = HunspellDictionary::open_with(&dic, &aff, ExpandOptions::for_compile(None, None).unwrap()).unwrap();
    /// let mut words = Vec::new();
    /// let expanded = d.expand_in_batches(|batch| words.extend(batch.iter().map(|w| w.to_string()))).unwrap();
    /// assert_eq!((words.len() as u64, expanded.compounds), (expanded.forms, None));
    /// assert_eq!(words, ["cat", "cats", "dog"]);
    /// ```
    pub fn expand_in_batches(&self, mut add: impl FnMut(&[&str])) -> Result<Expanded> {
        let (send, receive) = sync_channel::<Vec<String>>(2);
        let mut forms = 0;
        let compounds = std::thread::scope(|scope| {
            let expanding = scope.spawn(move || -> Result<u64> {
                let mut expand = self.expand()?;
                let mut batch = Vec::with_capacity(FORMS_AT_ONCE);
                for form in expand.by_ref() {
                    batch.push(form?);
                    if batch.len() == FORMS_AT_ONCE
                        && send.send(std::mem::take(&mut batch)).is_err()
                    {
                        break;
                    }
                }
                if !batch.is_empty() {
                    let _ = send.send(batch);
                }
                Ok(expand.compounds() as u64)
            });
            for batch in receive {
                let words: Vec<&str> = batch.iter().map(String::as_str).collect();
                add(&words);
                forms += batch.len() as u64;
            }
            expanding
                .join()
                .expect("the expanding thread does not panic")
        })?;
        Ok(Expanded {
            forms,
            compounds: self.options().compounds.map(|_| compounds),
        })
    }
}
