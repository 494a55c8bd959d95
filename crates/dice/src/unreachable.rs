//! Words no roll of a dice set can show: the Princeton assignment's last challenge.
//!
//! A word is on some board rolled from a set when its letters split into faces
//! shown by distinct dice along a simple path. Any number of cells up to the whole
//! grid lies on a simple path (walk the rows back and forth), and the dice can be
//! placed anywhere, so only the dice matter: the word must split into at most
//! `cells` faces, each shown by a different die. Each way of splitting the word into
//! faces the set has is tried, and a bipartite matching says whether distinct dice
//! can show those faces.
//!
//! ```
//! use polyboggle_dice::DiceSet;
//! use polyboggle_dice::unreachable::unreachable;
//! use polyboggle::{Lexicon, Rules};
//!
//! let set = DiceSet::builtin("english-new-4x4")?;
//! let lexicon = Lexicon::from_words(["queen", "pizzazz", "abc"], &Default::default())?;
//! let words = unreachable(&set, 4, 4, &lexicon, &Rules::hasbro());
//! assert_eq!(words, ["pizzazz"]); // one die shows Z
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::set::DiceSet;
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;

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
                let face = polyboggle::board::Face::new(face.trim());
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
    // Every distinct face, and the dice that show it.
    let mut faces: Vec<(Vec<u8>, Vec<usize>)> = Vec::new();
    for (d, die) in dice.iter().enumerate() {
        for key in die {
            match faces.iter_mut().find(|(k, _)| k == key) {
                Some((_, shown_by)) => shown_by.push(d),
                None => faces.push((key.clone(), vec![d])),
            }
        }
    }
    let mut starting: Vec<Vec<usize>> = vec![Vec::new(); 256];
    for (face, (key, _)) in faces.iter().enumerate() {
        starting[key[0] as usize].push(face);
    }
    let search = Search {
        faces: &faces,
        starting: &starting,
        dice: dice.len(),
        cells: rows.saturating_mul(cols).min(dice.len()),
    };
    let mut split = Vec::new();
    lexicon
        .words()
        .filter(|word| !search.split(word.as_bytes(), &mut split))
        .collect()
}

struct Search<'a> {
    /// Each distinct face's key and the dice that show it.
    faces: &'a [(Vec<u8>, Vec<usize>)],
    /// The faces whose key starts with each byte.
    starting: &'a [Vec<usize>],
    dice: usize,
    cells: usize,
}

impl Search<'_> {
    /// Does some split of `word[at..]` into faces (after those in `split`) have a
    /// die for each face?
    fn split(&self, word: &[u8], split: &mut Vec<usize>) -> bool {
        split.clear();
        self.extend(word, 0, split)
    }

    fn extend(&self, word: &[u8], at: usize, split: &mut Vec<usize>) -> bool {
        if at == word.len() {
            return self.matched(split);
        }
        if split.len() == self.cells {
            return false;
        }
        for &face in &self.starting[word[at] as usize] {
            if word[at..].starts_with(&self.faces[face].0) {
                split.push(face);
                if self.extend(word, at + self.faces[face].0.len(), split) {
                    return true;
                }
                split.pop();
            }
        }
        false
    }

    /// Can each face of `split` get its own die? (A bipartite matching, found by
    /// augmenting paths.)
    fn matched(&self, split: &[usize]) -> bool {
        // Sets of up to 64 dice (every real one) match on the stack.
        let (mut small_owner, mut small_visited) = ([None; 64], [false; 64]);
        let (mut big_owner, mut big_visited) = (Vec::new(), Vec::new());
        let (owner, visited) = match self.dice <= 64 {
            true => (&mut small_owner[..], &mut small_visited[..]),
            false => {
                big_owner.resize(self.dice, None);
                big_visited.resize(self.dice, false);
                (&mut big_owner[..], &mut big_visited[..])
            }
        };
        (0..split.len()).all(|i| {
            visited.fill(false);
            self.augment(i, split, owner, visited)
        })
    }

    fn augment(
        &self,
        i: usize,
        split: &[usize],
        owner: &mut [Option<usize>],
        visited: &mut [bool],
    ) -> bool {
        for &d in &self.faces[split[i]].1 {
            if visited[d] {
                continue;
            }
            visited[d] = true;
            let free = match owner[d] {
                None => true,
                Some(j) => self.augment(j, split, owner, visited),
            };
            if free {
                owner[d] = Some(i);
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboggle::normalize::Profile;

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
