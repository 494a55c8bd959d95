//! Test boards: the English dice (`english-new-4x4`) rolled with seeds 0, 1, 2, ...,
//! read from `tests/data/english-new-4x4-rolls.txt`. The dice live in the crate
//! `polyboggle-dice`, which depends on this one; its tests check the file against its
//! rolls, so the boards here are the boards `DiceSet::roll(seed, None)` gives.

use crate::board::Board;

const ROLLS: &str = include_str!("../tests/data/english-new-4x4-rolls.txt");

/// The board the English dice roll with `seed` (below 2,016).
pub(crate) fn english(seed: u64) -> Board {
    let line = ROLLS
        .lines()
        .filter(|line| !line.starts_with('#'))
        .nth(seed as usize)
        .expect("the file holds seeds 0..2016");
    line.parse().expect("a rolled board parses")
}

/// `n` boards rolled with seeds `seed`, `seed + 1`, ... (as `roll_boards` gives them).
pub(crate) fn english_boards(n: usize, seed: u64) -> Vec<Board> {
    (0..n as u64).map(|i| english(seed + i)).collect()
}
