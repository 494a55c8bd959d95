//! Rolling: the CS106B shake of a set's dice over a grid (see the crate
//! documentation for the fixed algorithm), one board or many.

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::error::DiceError;
use crate::set::DiceSet;
use polyboggle::board::{counted, Board, Face};
use polyboggle::random;

impl DiceSet {
    /// Rolls `n` boards of the set's own size, board `i` with seed `seed + i` (the
    /// boards `polyboggle bench` scores).
    ///
    /// ```
    /// use polyboggle_dice::DiceSet;
    /// let set = DiceSet::builtin("english-new-4x4")?;
    /// let boards = set.roll_boards(3, 7);
    /// assert_eq!(boards[0], set.roll(7, None)?);
    /// assert_eq!(boards.len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn roll_boards(&self, n: usize, seed: u64) -> Vec<Board> {
        (0..n as u64)
            .map(|i| {
                self.roll(seed.wrapping_add(i), None)
                    .expect("a set rolls its own size")
            })
            .collect()
    }

    /// Rolls a board: shuffles the dice over the grid and turns up one face each.
    /// `size` (rows, cols) may ask for a smaller grid than the set's own.
    pub fn roll(&self, seed: u64, size: Option<(usize, usize)>) -> Result<Board, DiceError> {
        let (rows, cols) = self.grid(size)?;
        let mut shown = Vec::new();
        self.shake(seed, rows * cols, &mut shown);
        let faces = shown
            .iter()
            .map(|&(die, face)| Face::new(&self.dice[die][face]))
            .collect();
        Board::new(rows, cols, faces).map_err(|e| DiceError::Size(e.to_string()))
    }

    /// The grid a roll fills: `size`, or the set's own; an error when the set has
    /// too few dice for it.
    pub fn grid(&self, size: Option<(usize, usize)>) -> Result<(usize, usize), DiceError> {
        let (rows, cols) = size.unwrap_or((self.rows, self.cols));
        let cells = rows.saturating_mul(cols);
        if rows == 0 || cols == 0 || cells > self.dice.len() {
            return Err(DiceError::Size(format!(
                "--size {rows}x{cols} needs {}; {} has {}",
                counted(cells, "die", "dice"),
                self.name,
                self.dice.len()
            )));
        }
        Ok((rows, cols))
    }

    /// What [`roll`](DiceSet::roll) turns up for `seed` on a grid of `cells` cells
    /// (at most the number of dice): (die, face) of each cell, row by row, in `shown`.
    ///
    /// ```
    /// use polyboggle_dice::DiceSet;
    ///
    /// let set = DiceSet::builtin("english-new-4x4")?;
    /// let mut shown = Vec::new();
    /// set.shake(42, 16, &mut shown);
    /// let board = set.roll(42, None)?;
    /// let (die, face) = shown[0];
    /// assert_eq!(board.faces()[0].text(), set.dice[die][face]);
    /// # Ok::<(), polyboggle_dice::DiceError>(())
    /// ```
    pub fn shake(&self, seed: u64, cells: usize, shown: &mut Vec<(usize, usize)>) {
        assert!(cells <= self.dice.len(), "one die a cell");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        shown.clear();
        shown.extend((0..self.dice.len()).map(|die| (die, 0)));
        for i in 0..shown.len() {
            let j = i + random::below(&mut rng, shown.len() - i);
            shown.swap(i, j);
        }
        shown.truncate(cells);
        for (die, face) in shown.iter_mut() {
            *face = random::below(&mut rng, self.dice[*die].len());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_grids_are_refused_not_overflowed() {
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let err = set
            .roll(1, Some((1 << 33, 1 << 33)))
            .unwrap_err()
            .to_string();
        assert!(err.contains("english-new-4x4 has 16"), "{err}");
        let text = "# name: t\n# grid: 99999999999x99999999999\nA\n";
        assert!(DiceSet::parse(text, "t").is_err());
    }

    #[test]
    fn rolls_are_reproducible_and_checkable() {
        for name in DiceSet::builtin_names() {
            let set = DiceSet::builtin(&name).unwrap();
            for seed in 0..20 {
                let board = set.roll(seed, None).unwrap();
                assert_eq!(board, set.roll(seed, None).unwrap());
                assert_eq!(set.check(&board), Ok(()), "{name} seed {seed}");
            }
        }
    }

    #[test]
    fn pinned_roll() {
        // If this changes, every seed users saved changes: never update it lightly.
        let board = DiceSet::builtin("english-new-4x4")
            .unwrap()
            .roll(1, None)
            .unwrap();
        let text: Vec<&str> = board.faces().iter().map(Face::text).collect();
        assert_eq!(text.join(" "), PINNED_SEED_1);
    }
    const PINNED_SEED_1: &str = "B X E S U N C A E N T H T T I S";

    /// The core crate's tests roll English boards from a file (it cannot depend on
    /// this crate): the file must hold exactly the boards these dice roll.
    #[test]
    fn the_core_crates_rolled_boards_are_these_dice_rolls() {
        let file = include_str!("../../core/tests/data/english-new-4x4-rolls.txt");
        let set = DiceSet::builtin("english-new-4x4").unwrap();
        let lines: Vec<&str> = file.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines.len(), 2016);
        for (seed, line) in lines.iter().enumerate() {
            let board: Board = line.parse().unwrap();
            assert_eq!(board, set.roll(seed as u64, None).unwrap(), "seed {seed}");
        }
    }
}
