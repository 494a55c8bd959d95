//! How long a form is, for [`ExpandOptions::max_len`](crate::ExpandOptions::max_len).
//!
//! A form's length in letters is its number of characters, except that a Hangul
//! syllable spelled in conjoining jamo (ko_KR's `.dic` is) counts as one letter, as it
//! does once NFC composes it into a syllable block: its vowel jamo counts one, its
//! initial and final consonant jamo nothing. The measure is a sum over characters, so
//! an affix rule changes a word's length by a fixed amount (its addition's letters less
//! its strip's), known before the word is built: that is what lets the expansion prune.

/// The length of `word` in letters (characters; a syllable in conjoining jamo is one).
///
/// ```
/// use polyboggle_hunspell::letters;
/// assert_eq!(letters("kéz"), 3);
/// assert_eq!(letters("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"), 2); // 한글
/// ```
#[inline]
pub fn letters(word: &str) -> usize {
    if word.is_ascii() {
        return word.len();
    }
    word.chars().map(weight).sum()
}

/// One character's letters: 0 for a conjoining initial or final consonant jamo (part
/// of the syllable its vowel counts), 1 otherwise.
#[inline]
fn weight(c: char) -> usize {
    match c {
        // choseong (initial consonants and their filler), Jamo Extended-A
        '\u{1100}'..='\u{115F}' | '\u{A960}'..='\u{A97F}' => 0,
        // jongseong (final consonants), Jamo Extended-B
        '\u{11A8}'..='\u{11FF}' | '\u{D7CB}'..='\u{D7FB}' => 0,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::letters;

    #[test]
    fn characters_and_jamo_syllables() {
        assert_eq!(letters(""), 0);
        assert_eq!(letters("szőlő"), 5);
        // 가 (two jamo), 각 (three), and a precomposed 각: one letter each
        assert_eq!(letters("\u{1100}\u{1161}"), 1);
        assert_eq!(letters("\u{1100}\u{1161}\u{11A8}"), 1);
        assert_eq!(letters("\u{AC01}"), 1);
        // additive: a suffix jamo that only closes the last syllable adds nothing
        assert_eq!(letters("\u{1100}\u{1161}\u{11AB}\u{1103}\u{1161}"), 2); // 간다
    }
}
