//! Checking a board against a set: can these dice show it? A matching of the
//! board's cells to distinct dice. And a set against a dictionary: does its
//! normalization fold two faces of one die into one letter?

use std::fmt;

use crate::set::DiceSet;
use polyboggle::board::{Board, Face};
use polyboggle::normalize::Profile;
use polyboggle::{solve, Rules};

/// Two faces of one die that a dictionary's normalization reads as one letter (an
/// `N` and an `Ñ` under a profile that strips accents): the die would show a
/// letter twice where its maker meant two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folded {
    /// The set's name.
    pub set: String,
    /// The die, counted from 1.
    pub die: usize,
    /// The two faces, as the set prints them.
    pub faces: (String, String),
    /// The one letter (key) both become.
    pub key: String,
}

impl fmt::Display for Folded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: die {} shows {} and {}, which this dictionary's normalization reads as one letter '{}' (use a dictionary compiled with a preset that keeps them apart, or a set made for this one)",
            self.set, self.die, self.faces.0, self.faces.1, self.key
        )
    }
}

impl std::error::Error for Folded {}

/// Why a board cannot be rolled with a set: the cells no die could be matched to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uncovered {
    /// (row, col, face, reason) of each cell left without a die.
    pub cells: Vec<(usize, usize, String, &'static str)>,
}

impl DiceSet {
    /// Can `board` be rolled with these dice? Matches cells to distinct dice
    /// (a bipartite matching); faces compare by their keys, and a bare `Q` matches
    /// `Qu`.
    pub fn check(&self, board: &Board) -> Result<(), Uncovered> {
        let profile = Profile::default();
        let key = |text: &str| match profile.key(text).as_str() {
            "q" => "qu".to_string(),
            "_" => "#".to_string(),
            k => k.to_string(),
        };
        let dice: Vec<Vec<String>> = self
            .dice
            .iter()
            .map(|die| die.iter().map(|f| key(f)).collect())
            .collect();
        let cells: Vec<String> = board.faces().iter().map(|f| key(f.text())).collect();
        let fits: Vec<Vec<usize>> = cells
            .iter()
            .map(|cell| {
                (0..dice.len())
                    .filter(|&d| dice[d].contains(cell))
                    .collect()
            })
            .collect();
        let mut die_cell: Vec<Option<usize>> = vec![None; dice.len()];
        let mut uncovered = Vec::new();
        for cell in 0..cells.len() {
            let mut seen = vec![false; dice.len()];
            if !augment(cell, &fits, &mut die_cell, &mut seen) {
                let reason = if fits[cell].is_empty() {
                    "no die shows this face"
                } else {
                    "too few dice show this face"
                };
                let face = board.faces()[cell].text().to_string();
                uncovered.push((cell / board.cols(), cell % board.cols(), face, reason));
            }
        }
        if uncovered.is_empty() {
            Ok(())
        } else {
            Err(Uncovered { cells: uncovered })
        }
    }
}

impl DiceSet {
    /// The first die with two different faces that `profile` (with `rules`' reading
    /// of a bare Q) folds into one letter, if any. Faces written the same on one die
    /// (`A A A E`) are a set's choice, not a fold.
    ///
    /// ```
    /// use polyboggle::normalize::Profile;
    /// use polyboggle::Rules;
    /// use polyboggle_dice::DiceSet;
    ///
    /// let set = DiceSet::parse("# name: es\n# grid: 1x2\nA N Ñ O\nE L LL S", "es.txt")?;
    /// let strip = Profile { strip_marks: true, ..Profile::default() };
    /// let folded = set.folded(&strip, &Rules::hasbro()).unwrap();
    /// assert_eq!((folded.die, folded.key.as_str()), (1, "n"));
    /// assert!(set.folded(&Profile::default(), &Rules::hasbro()).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn folded(&self, profile: &Profile, rules: &Rules) -> Option<Folded> {
        for (die, faces) in self.dice.iter().enumerate() {
            let keys: Vec<Vec<u8>> = faces
                .iter()
                .map(|face| solve::spelled_key(&Face::new(face), profile, rules))
                .collect();
            for a in 0..faces.len() {
                for b in a + 1..faces.len() {
                    if faces[a] != faces[b] && !keys[a].is_empty() && keys[a] == keys[b] {
                        return Some(Folded {
                            set: self.name.clone(),
                            die: die + 1,
                            faces: (faces[a].clone(), faces[b].clone()),
                            key: String::from_utf8_lossy(&keys[a]).into_owned(),
                        });
                    }
                }
            }
        }
        None
    }
}

/// Kuhn's augmenting path: tries to give `cell` a die, moving others if needed.
fn augment(
    cell: usize,
    fits: &[Vec<usize>],
    die_cell: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for &die in &fits[cell] {
        if seen[die] {
            continue;
        }
        seen[die] = true;
        if die_cell[die].is_none_or(|other| augment(other, fits, die_cell, seen)) {
            die_cell[die] = Some(cell);
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_names_uncovered_cells() {
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let board: Board = "ZZZZ/AAAA/AAAA/AAAA".parse().unwrap();
        let err = set.check(&board).unwrap_err();
        assert!(err
            .cells
            .iter()
            .any(|c| c.3 == "too few dice show this face"));
        let board: Board = "Ñ A/B C".parse().unwrap();
        let err = set.check(&board).unwrap_err();
        assert_eq!(err.cells, [(0, 0, "Ñ".into(), "no die shows this face")]);
    }

    #[test]
    fn a_fold_of_two_faces_on_one_die_is_found_and_named() {
        let set = DiceSet::builtin("spanish-designed-4x4").unwrap();
        let keep_n = Profile::for_language("es").unwrap();
        assert_eq!(set.folded(&keep_n, &Rules::hasbro()), None);
        // The same dice under a profile that strips every accent: some die shows
        // N and Ñ, which would then be one letter.
        let mut strip = keep_n.clone();
        strip.keep.clear();
        let mut with_both = set.clone();
        with_both.dice[0] = vec![
            "N".into(),
            "Ñ".into(),
            "A".into(),
            "A".into(),
            "E".into(),
            "S".into(),
        ];
        let folded = with_both.folded(&strip, &Rules::hasbro()).unwrap();
        assert_eq!((folded.die, folded.key.as_str()), (1, "n"));
        assert_eq!(folded.faces, ("N".into(), "Ñ".into()));
        assert!(folded
            .to_string()
            .starts_with("spanish-designed-4x4: die 1 shows N and Ñ"));
        // Faces written alike on one die are the set's choice.
        assert_eq!(
            DiceSet::builtin("bulgarian-designed-4x4")
                .unwrap()
                .folded(&keep_n, &Rules::hasbro()),
            None
        );
    }
}
