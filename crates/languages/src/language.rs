//! What one language is: the typed entry of the table ([`crate::LANGUAGES`]), and the
//! `const` builder its entries are written with.

use serde::Serialize;

use crate::Fold;

/// One language of the table: every fact the product knows of it, in one place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Language {
    /// Its tag, as `--lang`, the build script and the dictionary's file name spell it
    /// (`hr`; `he-full` for a language's whole expansion beside its game list).
    pub tag: &'static str,
    /// Its name in English (`Croatian`).
    pub name: &'static str,
    /// Its name in itself (`hrvatski`), as its speakers write it in running text.
    pub native: &'static str,
    /// The script its words are written in.
    pub script: Script,
    /// Is it written right to left (Hebrew, Arabic, Persian)?
    pub rtl: bool,
    /// How its words, faces and guesses become keys (`--lang`'s preset).
    pub normalization: Normalization,
    /// Are its faces syllables (an Indic consonant with its vowel sign, a Hangul
    /// block), so that a word of two faces counts (the `syllables` rules)?
    pub syllables: bool,
    /// The dice its players roll, where a built-in set exists.
    pub dice: Option<&'static str>,
    /// The set designed from its own word list (`dice design`), where it is not
    /// the `dice` field: the faces a search for its best boards may put anywhere.
    pub designed_dice: Option<&'static str>,
    /// Its vowels, one grapheme each, as its keys spell them (for `dice stats`).
    pub vowels: Option<&'static str>,
    /// Where its word list comes from, for `dictionaries/build-languages.sh`; `None`
    /// for a language with a preset and no list to build (Finnish, Azerbaijani).
    pub source: Option<WordSource>,
    /// A rewrite its words need that no normalization option does.
    pub fold: Option<Fold>,
    /// For a whole expansion (`he-full`): the language whose game list it stands
    /// beside, and whose dice and rules it plays by.
    pub full_of: Option<&'static str>,
    /// The tag `wordfreq` knows it by, where it has a list (it would quietly answer
    /// a tag it lacks with a neighbour's words).
    pub wordfreq: Option<&'static str>,
}

/// The script a language is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[allow(missing_docs)] // each variant is the script's Unicode name
pub enum Script {
    Latin,
    Cyrillic,
    Greek,
    Armenian,
    Georgian,
    Hebrew,
    Arabic,
    Devanagari,
    Bengali,
    Gujarati,
    Telugu,
    Malayalam,
    Tamil,
    Sinhala,
    Thai,
    Hangul,
}

/// A language's normalization preset: the options its players expect on top of NFC
/// and full case folding (the core crate's `Profile` reads it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Normalization {
    /// Are accents stripped (`é` reads `e`)?
    pub strip_marks: bool,
    /// The letters whose accents are letters of their own (`ñ`), when stripping.
    pub keep: &'static str,
    /// Turkic casing (`I` → `ı`, `İ` → `i`).
    pub turkic: bool,
}

/// Where a language's word list comes from, as `dictionaries/build-languages.sh`
/// reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct WordSource {
    /// The Debian packages that hold it (`npm` for a list fetched with npm).
    pub packages: &'static [&'static str],
    /// The list: `plain:FILE[:ENCODING]`, `hunspell:NAME`, `aspell:NAME`,
    /// `apertium:FILE` or `npm:PACKAGE@VERSION` (docs/languages.md).
    pub words: &'static str,
    /// Are words seen only capitalized left out as proper nouns? (Not where every
    /// noun is capitalized, as in German, nor in a script without case.)
    pub drop_proper_nouns: bool,
    /// Options of `polyboggle dict expand` (and `--leave-out=RULES`, read by the
    /// build script): empty for none.
    pub expand_options: &'static str,
    /// `--max-form-len N` of [`expand_options`](Self::expand_options): the longest
    /// form kept, where the whole expansion does not end.
    pub max_form_len: Option<usize>,
}

/// An entry with a name and script and nothing else: the table's entries start here.
pub(crate) const fn lang(
    tag: &'static str,
    name: &'static str,
    native: &'static str,
    script: Script,
) -> Language {
    Language {
        tag,
        name,
        native,
        script,
        rtl: false,
        normalization: Normalization {
            strip_marks: false,
            keep: "",
            turkic: false,
        },
        syllables: false,
        dice: None,
        designed_dice: None,
        vowels: None,
        source: None,
        fold: None,
        full_of: None,
        wordfreq: None,
    }
}

/// The table's builder: each method sets one fact.
impl Language {
    pub(crate) const fn rtl(mut self) -> Self {
        self.rtl = true;
        self
    }

    pub(crate) const fn full_of(mut self, tag: &'static str) -> Self {
        self.full_of = Some(tag);
        self
    }

    pub(crate) const fn turkic(mut self) -> Self {
        self.normalization.turkic = true;
        self
    }

    pub(crate) const fn strip_marks(mut self) -> Self {
        self.normalization.strip_marks = true;
        self
    }

    pub(crate) const fn strip_marks_except(mut self, keep: &'static str) -> Self {
        self.normalization.strip_marks = true;
        self.normalization.keep = keep;
        self
    }

    pub(crate) const fn syllables(mut self) -> Self {
        self.syllables = true;
        self
    }

    pub(crate) const fn dice(mut self, set: &'static str) -> Self {
        self.dice = Some(set);
        self
    }

    pub(crate) const fn designed(mut self, set: &'static str) -> Self {
        self.designed_dice = Some(set);
        self
    }

    pub(crate) const fn vowels(mut self, vowels: &'static str) -> Self {
        self.vowels = Some(vowels);
        self
    }

    pub(crate) const fn source(
        mut self,
        packages: &'static [&'static str],
        words: &'static str,
    ) -> Self {
        self.source = Some(WordSource {
            packages,
            words,
            drop_proper_nouns: true,
            expand_options: "",
            max_form_len: None,
        });
        self
    }

    pub(crate) const fn keep_proper_nouns(mut self) -> Self {
        if let Some(source) = &mut self.source {
            source.drop_proper_nouns = false;
        }
        self
    }

    pub(crate) const fn expand_options(mut self, options: &'static str) -> Self {
        if let Some(source) = &mut self.source {
            source.expand_options = options;
        }
        self
    }

    pub(crate) const fn max_form_len(mut self, letters: usize) -> Self {
        if let Some(source) = &mut self.source {
            source.max_form_len = Some(letters);
        }
        self
    }

    pub(crate) const fn fold(mut self, fold: Fold) -> Self {
        self.fold = Some(fold);
        self
    }

    pub(crate) const fn wordfreq(mut self, tag: &'static str) -> Self {
        self.wordfreq = Some(tag);
        self
    }
}
