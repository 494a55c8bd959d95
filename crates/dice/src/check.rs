//! Checking a board against a set: can these dice show it? A matching of the
//! board's cells to distinct dice.

use crate::set::DiceSet;
use polyboggle::board::Board;
use polyboggle::normalize::Profile;

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
}
