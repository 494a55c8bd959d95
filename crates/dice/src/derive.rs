//! Deriving a set from a word list: faces in proportion to how often the
//! language's letters (and multi-letter units) occur in it.

use std::collections::HashMap;

use unicode_segmentation::UnicodeSegmentation;

use crate::error::DiceError;
use crate::format::is_one_line;
use crate::set::DiceSet;
use polyboggle::board::MAX_CELLS;
use polyboggle::normalize::Profile;

/// The set [`DiceSet::derive`] is asked for: its name, its size, and the multi-letter
/// units its faces may show.
#[derive(Clone, Copy, Debug)]
pub struct Derivation<'a> {
    /// The set's name, one line of text.
    pub name: &'a str,
    /// How many dice: a square (16, 25, 36) of at most a board's cells.
    pub dice: usize,
    /// Faces a die, at least 1.
    pub faces: usize,
    /// Multi-letter units (`CH`, `LL`, `Qu`), each counted as one face where it occurs.
    pub units: &'a [String],
}

impl DiceSet {
    /// Designs a set for a language from its word list (keyed with `profile`): counts
    /// the keys' graphemes (each of the asked-for units counting as one face where it
    /// occurs, longest first), gives each face a share of the `dice × faces` slots
    /// proportional to its frequency (largest remainders; every face seen at least 0.5
    /// slots' worth gets one), and deals the slots round-robin, most frequent first, so
    /// a face's copies land on different dice and every die mixes common and rare faces.
    ///
    /// ```
    /// use polyboggle::Profile;
    /// use polyboggle_dice::{DiceSet, Derivation};
    ///
    /// let units = ["CH".to_string()];
    /// let asked = Derivation { name: "es", dice: 4, faces: 6, units: &units };
    /// let set = DiceSet::derive(["chica", "chico", "loca"], &Profile::default(), &asked)?;
    /// assert_eq!((set.rows, set.cols, set.dice[0].len()), (2, 2, 6));
    /// assert!(set.dice.iter().flatten().any(|face| face == "Ch"));
    /// # Ok::<(), polyboggle_dice::DiceError>(())
    /// ```
    pub fn derive<'w>(
        words: impl IntoIterator<Item = &'w str>,
        profile: &Profile,
        asked: &Derivation<'_>,
    ) -> Result<DiceSet, DiceError> {
        let Derivation {
            name,
            dice,
            faces,
            units,
        } = *asked;
        let side = (dice as f64).sqrt() as usize;
        if dice == 0 || faces == 0 || side * side != dice {
            return Err(DiceError::Size(format!(
                "--dice {dice} must be a square (16, 25, 36) and --faces at least 1"
            )));
        }
        if !is_one_line(name) {
            return Err(DiceError::Size(format!(
                "set name {name:?}: a set's name is one line of text"
            )));
        }
        if dice > MAX_CELLS {
            return Err(DiceError::Size(format!(
                "--dice {dice}: a board holds at most {MAX_CELLS} cells"
            )));
        }
        let counts = count_units(words, profile, units);
        let total: u64 = counts.values().sum();
        if total == 0 {
            return Err(DiceError::Size("the word list has no usable words".into()));
        }
        let slots = dice * faces;
        let mut shares: Vec<(String, usize, f64)> = counts
            .into_iter()
            .map(|(face, n)| {
                let exact = n as f64 * slots as f64 / total as f64;
                (face, exact.floor() as usize, exact - exact.floor())
            })
            .collect();
        // Largest remainders take the slots the floors left free.
        shares.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)));
        let given: usize = shares.iter().map(|s| s.1).sum();
        for share in shares.iter_mut().take(slots - given) {
            share.1 += 1;
        }
        shares.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut set: Vec<Vec<String>> = vec![Vec::with_capacity(faces); dice];
        // Multi-letter faces read like "Qu", "Ch" on real dice.
        let display = |face: &str| {
            let mut graphemes = face.graphemes(true);
            let first = graphemes.next().unwrap_or_default();
            format!("{}{}", profile.display(first), graphemes.as_str())
        };
        let mut slot = 0;
        for (face, n, _) in &shares {
            for _ in 0..*n {
                set[slot % dice].push(display(face));
                slot += 1;
            }
        }
        Ok(DiceSet {
            name: name.into(),
            rows: side,
            cols: side,
            confidence: "derived".into(),
            source: "polyboggle dice derive (letter frequencies of a word list)".into(),
            note: String::new(),
            dice: set,
        })
    }
}

/// How often each face occurs in `words`' keys: each of `units` (keyed with
/// `profile`; `CH`, `LL`, `Qu`) counts as one face where it occurs, longest first,
/// every other grapheme as a face of its own. Words the dictionary would refuse are
/// skipped.
///
/// ```
/// use polyboggle_dice::count_units;
/// use polyboggle::Profile;
///
/// let counts = count_units(["chica", "loca"], &Profile::default(), &["CH".into()]);
/// assert_eq!((counts["ch"], counts["c"], counts["a"]), (1, 2, 2));
/// ```
pub fn count_units<'w>(
    words: impl IntoIterator<Item = &'w str>,
    profile: &Profile,
    units: &[String],
) -> HashMap<String, u64> {
    let mut tally = Tally::new(profile, units);
    for word in words {
        let key = profile.key(word);
        if polyboggle::normalize::word_len(&key).is_ok() {
            tally.add(&key);
        }
    }
    tally.counts()
}

/// [`count_units`] over a dictionary's words, which are keys already: nothing is
/// normalized again.
pub(crate) fn count_lexicon_units(
    lexicon: &polyboggle::lexicon::Lexicon,
    units: &[String],
) -> HashMap<String, u64> {
    let mut tally = Tally::new(lexicon.profile(), units);
    for word in lexicon.words() {
        tally.add(&word);
    }
    tally.counts()
}

/// Face counts of keys, as [`count_units`] counts them.
struct Tally {
    /// The units, keyed, longest first.
    units: Vec<String>,
    /// ASCII letters are counted in an array, the others in the map: no string is
    /// made for a letter already counted.
    ascii: [u64; 128],
    counts: HashMap<String, u64>,
}

impl Tally {
    fn new(profile: &Profile, units: &[String]) -> Tally {
        let mut units: Vec<String> = units
            .iter()
            .map(|u| profile.key(u))
            .filter(|u| !u.is_empty())
            .collect();
        units.sort_by_key(|u| std::cmp::Reverse(u.len()));
        Tally {
            units,
            ascii: [0; 128],
            counts: HashMap::new(),
        }
    }

    /// Counts the faces of one key.
    fn add(&mut self, key: &str) {
        let mut rest = key;
        while let Some(&first) = rest.as_bytes().first() {
            let unit = match self.units.iter().find(|u| rest.starts_with(u.as_str())) {
                Some(unit) => unit.as_str(),
                // An ASCII letter followed by another (or nothing) is a grapheme.
                None if first.is_ascii_alphabetic()
                    && rest
                        .as_bytes()
                        .get(1)
                        .is_none_or(|b| b.is_ascii_alphabetic()) =>
                {
                    self.ascii[first as usize] += 1;
                    rest = &rest[1..];
                    continue;
                }
                None => rest.graphemes(true).next().expect("non-empty"),
            };
            match self.counts.get_mut(unit) {
                Some(n) => *n += 1,
                None => {
                    self.counts.insert(unit.to_string(), 1);
                }
            }
            rest = &rest[unit.len()..];
        }
    }

    fn counts(mut self) -> HashMap<String, u64> {
        for (byte, &n) in self.ascii.iter().enumerate() {
            if n > 0 {
                *self
                    .counts
                    .entry((byte as u8 as char).to_string())
                    .or_default() += n;
            }
        }
        self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_size;

    #[test]
    fn derive_follows_frequencies() {
        let words = ["chacha", "llama", "calle", "casa", "chico", "lleno"];
        let units = ["CH".to_string(), "LL".to_string()];
        let asked = Derivation {
            name: "es",
            dice: 4,
            faces: 6,
            units: &units,
        };
        let set = DiceSet::derive(words, &Profile::default(), &asked).unwrap();
        assert_eq!(set.dice.len(), 4);
        assert!(set.dice.iter().all(|d| d.len() == 6));
        let all: Vec<&String> = set.dice.iter().flatten().collect();
        assert!(all.iter().any(|f| f.as_str() == "Ch"));
        assert!(all.iter().any(|f| f.as_str() == "Ll"));
        assert!(all.iter().filter(|f| f.as_str() == "A").count() >= 4);
        let reparsed = DiceSet::parse(&set.to_text(), "es.txt").unwrap();
        assert_eq!(reparsed, set);
    }

    #[test]
    fn sets_larger_than_a_board_are_refused_not_rolled() {
        let words = ["alpha", "beta", "gamma"];
        let units: [String; 0] = [];
        let asked = |name, dice| Derivation {
            name,
            dice,
            faces: 2,
            units: &units,
        };
        let big = DiceSet::derive(words, &Profile::default(), &asked("big", 1089));
        assert_eq!(
            big.unwrap_err().to_string(),
            "--dice 1089: a board holds at most 1024 cells"
        );
        let ok = DiceSet::derive(words, &Profile::default(), &asked("ok", 1024)).unwrap();
        assert!(ok.roll(1, None).is_ok());
        // A file written by hand (or by an older version) with a grid too large.
        let mut text = ok.to_text().replace("grid: 32x32", "grid: 33x33");
        for _ in 0..65 {
            text.push_str("A B\n");
        }
        let err = DiceSet::parse(&text, "big.txt").unwrap_err().to_string();
        assert!(
            err.contains("grid 33x33: a board holds at most 1024 cells"),
            "{err}"
        );
        let named = DiceSet::derive(words, &Profile::default(), &asked("a\nb", 4));
        assert!(named.unwrap_err().to_string().contains("one line"));
        assert!(parse_size("0x0")
            .unwrap_err()
            .to_string()
            .contains("start at 1"));
    }
}
