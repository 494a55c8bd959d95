//! Which classes of a dice space hold a board that can be rolled.
//!
//! A board can be rolled when each cell gets a die of its own that shows the
//! cell's face: a perfect matching of cells to dice. A class (a set of faces per
//! cell) holds a rollable board exactly when cells can be matched to distinct dice
//! each having *some* face of the cell's set, and the search drops every class
//! that cannot: its boards are not in the space, whatever they score.

/// A dice set as the search sees it: for each face, the dice that have it.
#[derive(Clone, Debug)]
pub struct Dice {
    /// `holders[f]`: bit `d` set when die `d` has face `f`.
    holders: Vec<u128>,
}

impl Dice {
    /// Dice given as face indices (at most 128 dice).
    pub fn new(dice: &[Vec<u8>], faces: usize) -> Dice {
        assert!(dice.len() <= 128);
        let mut holders = vec![0u128; faces];
        for (d, die) in dice.iter().enumerate() {
            for &face in die {
                holders[face as usize] |= 1 << d;
            }
        }
        Dice { holders }
    }

    /// The dice that have some face of `set`.
    fn dice_for(&self, set: u128) -> u128 {
        let mut dice = 0;
        let mut rest = set;
        while rest != 0 {
            dice |= self.holders[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        dice
    }

    /// Can each cell get a die of its own with a face of the cell's set?
    pub fn can_roll(&self, sets: &[u128]) -> bool {
        let options: Vec<u128> = sets.iter().map(|&s| self.dice_for(s)).collect();
        // Kuhn's augmenting paths: owner[d] is the cell die d is given to.
        let mut owner = [u8::MAX; 128];
        for cell in 0..options.len() {
            let mut seen = 0u128;
            if !augment(cell, &options, &mut owner, &mut seen) {
                return false;
            }
        }
        true
    }
}

/// Finds a die for `cell`, moving earlier cells to other dice if need be.
fn augment(cell: usize, options: &[u128], owner: &mut [u8; 128], seen: &mut u128) -> bool {
    let mut rest = options[cell] & !*seen;
    while rest != 0 {
        let die = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        *seen |= 1 << die;
        let held = owner[die];
        if held == u8::MAX || augment(held as usize, options, owner, seen) {
            owner[die] = cell as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_rolls_when_every_cell_gets_a_die_of_its_own() {
        // Die 0 has faces 0 and 1, die 1 has face 1 only.
        let dice = Dice::new(&[vec![0, 1], vec![1]], 3);
        assert!(dice.can_roll(&[0b01, 0b10]));
        assert!(dice.can_roll(&[0b10, 0b01])); // cell 0 takes die 1, cell 1 die 0
        assert!(!dice.can_roll(&[0b01, 0b01])); // one die has face 0
        assert!(!dice.can_roll(&[0b100, 0b10])); // no die has face 2
        assert!(dice.can_roll(&[0b11, 0b11]));
    }
}
