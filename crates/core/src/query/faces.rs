//! Faces: how a query's letters are cut into what a die shows.
//!
//! A face is one letter (grapheme cluster) or a unit of several letters printed on one
//! die face, as `CH` on Spanish dice or `Qu` on English ones. Each language has its
//! units ([`language_units`]); a query may name others. A word *spells* a sequence of
//! faces when the faces' letters, joined, are the word: `chico` spells `ch i c o` and
//! `c h i c o`. Units only ever add ways to spell a word.

use unicode_segmentation::UnicodeSegmentation;

use crate::normalize;
use crate::Profile;

/// The letters of several characters in a language's traditional alphabet, by
/// language tag (none for a tag not listed): the units a query's `?`, blanks and
/// racks read as one face. `Qu` on dice is a convention for `Q`, not a letter of
/// English, so English has none (name it with
/// [`QueryOptions::units`](super::QueryOptions)).
///
/// | tag | units |
/// |---|---|
/// | `es` | `ch`, `ll`, `rr` |
/// | `ca` | `ll`, `ny` |
/// | `cs` | `ch` |
/// | `sk` | `ch`, `dz`, `dž` |
/// | `nl` | `ij` |
/// | `hu` | `cs`, `dz`, `dzs`, `gy`, `ly`, `ny`, `sz`, `ty`, `zs` |
/// | `cy` | `ch`, `dd`, `ff`, `ng`, `ll`, `ph`, `rh`, `th` |
///
/// ```
/// assert_eq!(polyboggle::query::language_units("es"), ["ch", "ll", "rr"]);
/// assert!(polyboggle::query::language_units("en").is_empty());
/// ```
pub fn language_units(lang: &str) -> &'static [&'static str] {
    match lang.to_ascii_lowercase().as_str() {
        "es" => &["ch", "ll", "rr"],
        "ca" => &["ll", "ny"],
        "cs" => &["ch"],
        "sk" => &["ch", "dz", "dž"],
        "nl" => &["ij"],
        "hu" => &["cs", "dz", "dzs", "gy", "ly", "ny", "sz", "ty", "zs"],
        "cy" => &["ch", "dd", "ff", "ng", "ll", "ph", "rh", "th"],
        _ => &[],
    }
}

/// A face as its letters' keys, one string a grapheme cluster.
pub(crate) type Face = Vec<String>;

/// The grapheme clusters of a key.
pub(crate) fn clusters(key: &str) -> Face {
    key.graphemes(true).map(str::to_string).collect()
}

/// The multi-letter units a query cuts text with, longest first.
#[derive(Clone, Debug, Default)]
pub(crate) struct Units(Vec<Face>);

impl Units {
    /// Normalizes `units` with `profile`; single letters are dropped (every letter is
    /// a face already). A unit that is not letters is refused with its text.
    pub fn new<S: AsRef<str>>(units: &[S], profile: &Profile) -> Result<Units, String> {
        let mut faces = Vec::new();
        for unit in units {
            let key = profile.key(unit.as_ref());
            normalize::word_len(&key).map_err(|_| unit.as_ref().to_string())?;
            let face = clusters(&key);
            if face.len() > 1 && !faces.contains(&face) {
                faces.push(face);
            }
        }
        faces.sort_by_key(|f: &Face| std::cmp::Reverse(f.len()));
        Ok(Units(faces))
    }

    /// The units, longest first.
    pub fn faces(&self) -> &[Face] {
        &self.0
    }

    /// Cuts a normalized key into faces: at each letter the longest unit that starts
    /// there, else the letter.
    pub fn cut(&self, key: &str) -> Vec<Face> {
        let letters = clusters(key);
        let mut faces = Vec::new();
        let mut at = 0;
        while at < letters.len() {
            let len = self
                .0
                .iter()
                .find(|unit| letters[at..].starts_with(unit))
                .map_or(1, |unit| unit.len());
            faces.push(letters[at..at + len].to_vec());
            at += len;
        }
        faces
    }
}

/// Reads faces as a query writes them (a rack, a bracket's choices), after
/// normalization: separated by commas or spaces, each piece is one face (`ch,a,o`);
/// written together, cut by the units (`chao` is `ch a o` in Spanish, `c h a o` in
/// English). `?` (a blank) is left to the caller: it comes back as the face `?`.
pub(crate) fn read_faces(
    text: &str,
    profile: &Profile,
    units: &Units,
) -> Result<Vec<Face>, String> {
    let separated = text.contains(|c: char| c == ',' || c.is_whitespace());
    let mut faces = Vec::new();
    for piece in text.split(|c: char| c == ',' || c.is_whitespace()) {
        if piece.is_empty() {
            continue;
        }
        // Blanks stand apart from letters: `a?b` is a, blank, b.
        for (i, part) in piece.split('?').enumerate() {
            if i > 0 {
                faces.push(vec!["?".to_string()]);
            }
            if part.is_empty() {
                continue;
            }
            let key = profile.key(part);
            normalize::word_len(&key).map_err(|_| part.to_string())?;
            if separated && !piece.contains('?') {
                faces.push(clusters(&key));
            } else {
                faces.extend(units.cut(&key));
            }
        }
    }
    Ok(faces)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spanish() -> (Profile, Units) {
        let profile = Profile::for_language("es").unwrap();
        let units = Units::new(language_units("es"), &profile).unwrap();
        (profile, units)
    }

    fn shown(faces: &[Face]) -> Vec<String> {
        faces.iter().map(|f| f.concat()).collect()
    }

    #[test]
    fn cuts_by_the_longest_unit() {
        let (profile, units) = spanish();
        assert_eq!(shown(&units.cut("chorro")), ["ch", "o", "rr", "o"]);
        let german = Units::new(&["ch", "sch", "qu"], &Profile::default()).unwrap();
        assert_eq!(shown(&german.cut("schach")), ["sch", "a", "ch"]);
        let faces = read_faces("CHAÑO", &profile, &units).unwrap();
        assert_eq!(shown(&faces), ["ch", "a", "ñ", "o"]);
    }

    #[test]
    fn separators_make_each_piece_one_face() {
        let (profile, units) = spanish();
        assert_eq!(
            shown(&read_faces("c,h a", &profile, &units).unwrap()),
            ["c", "h", "a"]
        );
        let english = Units::default();
        let faces = read_faces("th, e", &Profile::default(), &english).unwrap();
        assert_eq!(shown(&faces), ["th", "e"]);
        assert_eq!(
            shown(&read_faces("a?b??", &profile, &units).unwrap()),
            ["a", "?", "b", "?", "?"]
        );
    }

    #[test]
    fn refuses_what_is_not_letters() {
        let (profile, units) = spanish();
        assert_eq!(read_faces("ab3", &profile, &units).unwrap_err(), "ab3");
        assert!(Units::new(&["c-h"], &profile).is_err());
    }
}
