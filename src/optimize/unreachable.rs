//! Words no roll of a dice set can show: the Princeton assignment's last challenge.
//!
//! A word is on some board rolled from a set when its letters split into faces
//! shown by distinct dice along a simple path. Any number of cells up to the whole
//! grid lies on a simple path (walk the rows back and forth), and the dice can be
//! placed anywhere, so only the dice matter: the word must split into at most
//! `cells` faces, each shown by a different die.
//!
//! ```
//! use polyboggle::dice::DiceSet;
//! use polyboggle::optimize::unreachable::unreachable;
//! use polyboggle::{Lexicon, Rules};
//!
//! let set = DiceSet::builtin("english-new-4x4")?;
//! let lexicon = Lexicon::from_words(["queen", "pizzazz", "abc"], &Default::default())?;
//! let words = unreachable(&set, 4, 4, &lexicon, &Rules::hasbro());
//! assert_eq!(words, ["pizzazz"]); // one die shows Z
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashSet;

use crate::dice::DiceSet;
use crate::lexicon::Lexicon;
use crate::score::Rules;

/// The keys of `lexicon`'s words that no `rows`×`cols` board rolled from `set`
/// can show, in the dictionary's order. A bare `Q` face reads `Qu` when the rules
/// say so; blank faces show nothing.
pub fn unreachable(
    set: &DiceSet,
    rows: usize,
    cols: usize,
    lexicon: &Lexicon,
    rules: &Rules,
) -> Vec<String> {
    let profile = lexicon.profile();
    // Each die's distinct face keys.
    let dice: Vec<Vec<Vec<u8>>> = set
        .dice
        .iter()
        .map(|die| {
            let mut keys: Vec<Vec<u8>> = Vec::new();
            for face in die {
                let face = crate::board::Face::new(face.trim());
                if face.is_blank() {
                    continue;
                }
                let mut key = profile.key(face.text()).into_bytes();
                if rules.qu && key == b"q" {
                    key.push(b'u');
                }
                if !key.is_empty() && !keys.contains(&key) {
                    keys.push(key);
                }
            }
            keys.sort();
            keys
        })
        .collect();
    // Dice with the same faces are interchangeable: only the first unused one of
    // each kind is tried.
    let twin: Vec<Option<usize>> = (0..dice.len())
        .map(|d| (0..d).rev().find(|&e| dice[e] == dice[d]))
        .collect();
    let search = Search {
        dice: &dice,
        twin: &twin,
        cells: (rows * cols).min(dice.len()),
    };
    lexicon
        .words()
        .filter(|word| !search.shows(word.as_bytes()))
        .collect()
}

struct Search<'a> {
    dice: &'a [Vec<Vec<u8>>],
    twin: &'a [Option<usize>],
    cells: usize,
}

impl Search<'_> {
    fn shows(&self, word: &[u8]) -> bool {
        let mut used = vec![false; self.dice.len()];
        let mut failed = HashSet::new();
        self.extend(word, 0, 0, &mut used, &mut failed)
    }

    /// Can `word[at..]` be spelled with the unused dice, `placed` dice down already?
    fn extend(
        &self,
        word: &[u8],
        at: usize,
        placed: usize,
        used: &mut Vec<bool>,
        failed: &mut HashSet<(usize, Vec<bool>)>,
    ) -> bool {
        if at == word.len() {
            return true;
        }
        if placed == self.cells || failed.contains(&(at, used.clone())) {
            return false;
        }
        for (d, faces) in self.dice.iter().enumerate() {
            if used[d] || self.twin[d].is_some_and(|t| !used[t]) {
                continue;
            }
            for face in faces {
                if word[at..].starts_with(face) {
                    used[d] = true;
                    let found = self.extend(word, at + face.len(), placed + 1, used, failed);
                    used[d] = false;
                    if found {
                        return true;
                    }
                }
            }
        }
        failed.insert((at, used.clone()));
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalize::Profile;

    fn set(text: &str) -> DiceSet {
        DiceSet::parse(text, "test").unwrap()
    }

    #[test]
    fn needs_distinct_dice_and_room_on_the_grid() {
        // Two dice: A/B and A/C, on a 1x2 grid.
        let dice = set("# name: t\n# grid: 1x2\nA B\nA C\n");
        let lexicon =
            Lexicon::from_words(["ab", "ac", "aa", "bc", "bb", "abc"], &Profile::default())
                .unwrap();
        let words = unreachable(&dice, 1, 2, &lexicon, &Rules::hasbro());
        // aa: both dice show A; bc: B and C are on different dice; ab: A from the
        // second die; bb: one die shows B; abc: three letters, two dice.
        assert_eq!(words, ["abc", "bb"]);
    }

    #[test]
    fn multi_letter_faces_and_qu() {
        let dice = set("# name: t\n# grid: 2x2\nQu X\nE X\nE X\nN X\n");
        let lexicon = Lexicon::from_words(["queen", "quen", "qen"], &Profile::default()).unwrap();
        let words = unreachable(&dice, 2, 2, &lexicon, &Rules::hasbro());
        assert_eq!(words, ["qen"]);
        let bare_q = set("# name: t\n# grid: 2x2\nQ X\nE X\nE X\nN X\n");
        assert_eq!(
            unreachable(&bare_q, 2, 2, &lexicon, &Rules::hasbro()),
            ["qen"],
            "a bare Q reads Qu under Hasbro rules"
        );
        assert_eq!(
            unreachable(&bare_q, 2, 2, &lexicon, &Rules::cs106b()),
            ["queen", "quen"]
        );
    }
}
