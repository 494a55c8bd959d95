//! Normalization profiles: how words, dice faces and typed guesses become keys.
//!
//! Every dictionary stores one [`Profile`] in its header, and everything compared
//! against that dictionary (board faces, guesses) passes through the same profile.
//! The key of a string `s` is `NFC(fold(NFC(s)))`, where `fold` is full Unicode case
//! folding (so `ß` becomes `ss` and `ς` becomes `σ`). Optional steps: Turkic casing
//! (`I` → `ı`, `İ` → `i` before folding) and stripping combining accents
//! (U+0300–U+036F) except on the characters of a keep-list (such as `ñ` for Spanish).
//!
//! This module does not know about dictionaries or boards; it only maps strings.
//!
//! ```
//! use polyboggle::Profile;
//!
//! let spanish = Profile { strip_marks: true, keep: "ñ".into(), ..Profile::default() };
//! assert_eq!(spanish.key("Canción"), "cancion");
//! assert_eq!(spanish.key("AÑO"), "año");
//! assert_eq!(Profile::default().key("Straße"), "strasse");
//! ```

use unicode_normalization::char::is_combining_mark;
use unicode_normalization::UnicodeNormalization;
use unicode_segmentation::UnicodeSegmentation;

/// `text` without the byte-order mark that may open a file (it belongs to the
/// encoding, not to the first word, face or line).
pub fn skip_byte_order_mark(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// A normalization profile: the options that turn text into dictionary keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Profile {
    /// Drop combining accents (U+0300–U+036F) after folding.
    pub strip_marks: bool,
    /// Characters whose accents survive `strip_marks` (for example `ñ`), as typed;
    /// they are folded like everything else before use.
    pub keep: String,
    /// Turkic casing: `I` folds to `ı` and `İ` to `i`.
    pub turkic: bool,
    /// The language tag the profile was chosen for (`it`, `es`, ...), if any.
    /// Informational only: it never changes a key.
    pub lang: String,
}

impl Profile {
    /// Returns the dictionary key of `text` under this profile.
    pub fn key(&self, text: &str) -> String {
        // ASCII folds to ASCII lower case and has no marks to strip: skip the tables.
        if text.is_ascii() && !self.turkic {
            return text.to_ascii_lowercase();
        }
        let nfc = composed(text.to_string());
        let cased = if self.turkic {
            nfc.replace('I', "ı").replace('İ', "i")
        } else {
            nfc
        };
        let folded = composed(caseless::default_case_fold_str(&cased));
        if !self.strip_marks {
            return folded;
        }
        let keep = self.keep_set();
        let mut out = String::with_capacity(folded.len());
        for c in folded.chars() {
            if keep.contains(&c) {
                out.push(c);
            } else {
                out.extend(std::iter::once(c).nfd().filter(|&m| !is_strippable_mark(m)));
            }
        }
        out.nfc().collect()
    }

    /// The keep-list as folded, composed characters.
    fn keep_set(&self) -> Vec<char> {
        let folded = Profile {
            strip_marks: false,
            keep: String::new(),
            ..self.clone()
        }
        .key(&self.keep);
        folded
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect()
    }

    /// Do the two profiles make the same keys? (The language tag is informational,
    /// and the keep-list counts only when accents are stripped.)
    pub fn same_keys(&self, other: &Profile) -> bool {
        self.strip_marks == other.strip_marks
            && self.turkic == other.turkic
            && (!self.strip_marks || self.keep_set() == other.keep_set())
    }

    /// Shows a key in upper case, the way words are printed (Turkic-aware).
    ///
    /// ```
    /// use polyboggle::Profile;
    /// let turkish = Profile { turkic: true, ..Profile::default() };
    /// assert_eq!(turkish.display("istanbul"), "İSTANBUL");
    /// assert_eq!(Profile::default().display("queue"), "QUEUE");
    /// ```
    pub fn display(&self, key: &str) -> String {
        if self.turkic {
            key.chars()
                .map(|c| match c {
                    'i' => "İ".to_string(),
                    'ı' => "I".to_string(),
                    c => c.to_uppercase().collect(),
                })
                .collect()
        } else {
            // Georgian is written in one case: Mtavruli, its upper case since Unicode
            // 11, is a style for titles, so letters of Mkhedruli show as they are.
            key.chars()
                .map(|c| match c {
                    '\u{10D0}'..='\u{10FF}' => c.to_string(),
                    c => c.to_uppercase().collect(),
                })
                .collect()
        }
    }

    /// A one-line description, as `dict info` prints it.
    pub fn describe(&self) -> String {
        let mut parts = vec!["NFC + full case folding".to_string()];
        if self.turkic {
            parts.push("Turkic casing".into());
        }
        if self.strip_marks {
            if self.keep.is_empty() {
                parts.push("accents stripped".into());
            } else {
                parts.push(format!("accents stripped except on {}", self.keep));
            }
        }
        if !self.lang.is_empty() {
            parts.push(format!("language {}", self.lang));
        }
        parts.join(", ")
    }
}

impl Profile {
    /// The preset profile for a language tag (`es`, `tr`, ...; see [`language_tags`]).
    ///
    /// ```
    /// use polyboggle::Profile;
    /// let spanish = Profile::for_language("es").unwrap();
    /// assert_eq!(spanish.key("Niño Canción"), "niño cancion");
    /// assert_eq!(Profile::for_language("el").unwrap().key("ΌΡΟΣ"), "οροσ");
    /// assert!(Profile::for_language("xx").is_none());
    /// // A language's whole expansion beside its game list is read alike.
    /// assert_eq!(Profile::for_language("he-full"), Profile::for_language("he"));
    /// ```
    pub fn for_language(tag: &str) -> Option<Profile> {
        let tag = tag.to_ascii_lowercase();
        let tag = tag.strip_suffix("-full").unwrap_or(&tag);
        let known = polyboggle_languages::LANGUAGES
            .iter()
            .find(|l| l.tag == tag && l.full_of.is_none())?;
        let preset = known.normalization;
        Some(Profile {
            strip_marks: preset.strip_marks,
            keep: preset.keep.into(),
            turkic: preset.turkic,
            lang: known.tag.into(),
        })
    }
}

/// The language tags [`Profile::for_language`] knows.
pub fn language_tags() -> impl Iterator<Item = &'static str> {
    polyboggle_languages::LANGUAGES
        .iter()
        .filter(|l| l.full_of.is_none())
        .map(|l| l.tag)
}

fn is_strippable_mark(c: char) -> bool {
    ('\u{0300}'..='\u{036F}').contains(&c)
}

/// Why a word was refused at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rejection {
    /// Nothing left after normalization.
    Empty,
    /// Holds a character that is neither a letter nor a combining mark (digits,
    /// apostrophes, hyphens...): no die can show it.
    NotLetters,
    /// Longer than [`MAX_WORD_LEN`] graphemes.
    TooLong,
}

impl Rejection {
    /// A short reason, for compile summaries.
    pub fn reason(self) -> &'static str {
        match self {
            Rejection::Empty => "empty after normalization",
            Rejection::NotLetters => "not only letters (digits, apostrophes, hyphens...)",
            Rejection::TooLong => "longer than 255 letters",
        }
    }
}

/// The longest word a dictionary can hold, in grapheme clusters.
pub const MAX_WORD_LEN: usize = 255;

/// Checks that a key can be a dictionary word and returns its length in graphemes.
pub fn word_len(key: &str) -> Result<usize, Rejection> {
    if key.is_empty() {
        return Err(Rejection::Empty);
    }
    if !key.chars().all(is_word_char) {
        return Err(Rejection::NotLetters);
    }
    let len = grapheme_len(key);
    if len > MAX_WORD_LEN {
        return Err(Rejection::TooLong);
    }
    Ok(len)
}

/// Letters, combining marks, and the joiners Indic scripts need.
fn is_word_char(c: char) -> bool {
    c.is_alphabetic() || is_combining_mark(c) || c == '\u{200C}' || c == '\u{200D}'
}

/// `text` in NFC: itself when a quick check says it already is (most words).
fn composed(text: String) -> String {
    match unicode_normalization::is_nfc_quick(text.chars()) {
        unicode_normalization::IsNormalized::Yes => text,
        _ => text.nfc().collect(),
    }
}

/// The number of extended grapheme clusters in `s`: the length of a word.
pub fn grapheme_len(s: &str) -> usize {
    // Below U+0300 (Latin, IPA) no character joins its neighbour in a cluster except
    // CR LF, and a word has no controls: one character, one grapheme.
    if s.chars().all(|c| c < '\u{300}' && !c.is_control()) {
        return s.chars().count();
    }
    s.graphemes(true).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The shortcuts (a quick NFC check, one grapheme a character below U+0300)
        /// agree with the full algorithms.
        #[test]
        fn shortcuts_agree_with_the_full_algorithms(s in "[\\u{0}-\\u{2ff}\\u{300}-\\u{36f}ąęśćżźółńÅİı]{0,12}") {
            proptest::prop_assert_eq!(grapheme_len(&s), s.graphemes(true).count());
            let nfc: String = s.nfc().collect();
            proptest::prop_assert_eq!(composed(s), nfc);
        }
    }

    #[test]
    fn folds_case_fully() {
        let p = Profile::default();
        assert_eq!(p.key("QUEUE"), "queue");
        assert_eq!(p.key("Straße"), "strasse");
        assert_eq!(p.key("ΟΔΟΣ"), "οδοσ");
        assert_eq!(p.key("οδος"), "οδοσ");
        // Accents survive by default, composed.
        assert_eq!(p.key("Cafe\u{301}"), "café");
    }

    #[test]
    fn turkic_casing() {
        let p = Profile {
            turkic: true,
            ..Profile::default()
        };
        assert_eq!(p.key("ISPARTA"), "ısparta");
        assert_eq!(p.key("İSTANBUL"), "istanbul");
        assert_eq!(Profile::default().key("İ"), "i\u{307}");
        assert_eq!(p.display("ılık"), "ILIK");
    }

    #[test]
    fn strips_marks_but_keeps_listed() {
        let p = Profile {
            strip_marks: true,
            keep: "Ñ".into(),
            ..Profile::default()
        };
        assert_eq!(p.key("PIÑATA"), "piñata");
        assert_eq!(p.key("Árbol"), "arbol");
        assert_eq!(p.key("pin\u{303}a"), "piña");
        let greek = Profile {
            strip_marks: true,
            ..Profile::default()
        };
        assert_eq!(greek.key("ΆΛΦΑ"), "αλφα");
    }

    #[test]
    fn devanagari_is_untouched_by_stripping() {
        let p = Profile {
            strip_marks: true,
            ..Profile::default()
        };
        assert_eq!(p.key("क्षमा"), "क्षमा");
        assert_eq!(grapheme_len("क्षमा"), 2);
    }

    #[test]
    fn each_preset_folds_what_its_players_fold_and_keeps_its_letters() {
        let key = |lang: &str, text: &str| Profile::for_language(lang).unwrap().key(text);
        // Croatian and Bosnian: č ć đ š ž are tiles of their own, a loanword's é is not.
        assert_eq!(key("hr", "ČAĐA Café"), "čađa cafe");
        assert_eq!(key("bs", "Šećer"), "šećer");
        assert_eq!(key("sl", "Čaša ćevap"), "čaša cevap");
        // Hungarian, Czech, Slovak: every accented vowel is a letter.
        assert_eq!(key("hu", "ŐRÜLT"), "őrült");
        assert_eq!(key("sk", "Ďateľ"), "ďateľ");
        // Romanian plays without its diacritics; Basque, Galician, Tagalog keep ñ.
        assert_eq!(key("ro", "Știință"), "stiinta");
        assert_eq!(key("eu", "Ñandú"), "ñandu");
        // Belarusian ў and Bulgarian й stay; ё reads е.
        assert_eq!(key("be", "Ўёж"), "ўеж");
        assert_eq!(key("bg", "Йо́д"), "йод");
        // Georgian shows as it is written, in Mkhedruli (not in Mtavruli capitals).
        let georgian = Profile::for_language("ka").unwrap();
        assert_eq!(georgian.key("ᲛᲘᲠᲘ"), "მირი");
        assert_eq!(georgian.display("მირი"), "მირი");
        assert_eq!(georgian.display("მირი ok"), "მირი OK");
        // Macedonian ѓ and ќ are letters (г and к with an acute under NFD); ѐ is е.
        assert_eq!(key("mk", "ЃУБРЕ Ќе ѐ"), "ѓубре ќе е");
        // Korean jamo compose into syllables; Persian and Armenian keep theirs.
        assert_eq!(key("ko", "\u{1112}\u{1161}\u{11AB}"), "한");
        assert_eq!(key("hy", "ԵՐԵՎԱՆ"), "երեվան");
        assert!(language_tags().count() >= 60);
    }

    #[test]
    fn rejects_non_letters() {
        assert_eq!(word_len("don't"), Err(Rejection::NotLetters));
        assert_eq!(word_len("abc1"), Err(Rejection::NotLetters));
        assert_eq!(word_len(""), Err(Rejection::Empty));
        assert_eq!(word_len("queue"), Ok(5));
        assert_eq!(word_len(&"a".repeat(256)), Err(Rejection::TooLong));
    }
}
