//! Breaking one class: bound it, drop it when the bound is below the threshold,
//! split it otherwise, and score what is left board by board.

use polyboggle::board::{Board, Face};
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;
use polyboggle::solve::Solver;

use crate::bound::{Scratch, Walker};
use crate::dice::Dice;
use crate::tree::Tree;

/// Classes of at most this many boards are scored board by board: an orderly
/// bound costs up to a millisecond on 3x3, the time of a few hundred solves, and a
/// class this small rarely prunes (256 measured ~10% faster than 4 on a 3x3
/// ENABLE2K sample).
const LEAF_BOARDS: u128 = 256;

/// What a worker needs to break classes of one proof.
pub struct Breaker<'l> {
    pub(crate) walker: Walker<'l>,
    pub(crate) lexicon: &'l Lexicon,
    pub(crate) rules: Rules,
    /// The faces bits stand for.
    pub(crate) faces: Vec<Face>,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// Dice spaces: which boards can be rolled.
    pub(crate) dice: Option<Dice>,
    /// The cells in the order they are forced (the walker's).
    order: Vec<usize>,
    pub(crate) min: u64,
}

/// A board that reached the threshold: its faces as indices, score and words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThresholdBoard {
    /// Face index of each cell, row-major.
    pub cells: Vec<u8>,
    /// Its score.
    pub score: u64,
    /// Its word count.
    pub words: u64,
}

/// What breaking a class found and cost.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Boards at or above the threshold.
    pub hits: Vec<ThresholdBoard>,
    /// Classes bounded (this one and every part it was split into).
    pub bounds: u64,
    /// Boards scored exactly.
    pub scored: u64,
    /// The largest bound of a class dropped for being below the threshold.
    pub max_dropped: u64,
    /// Automaton steps the bounds took.
    pub steps: u64,
    /// False when the stop flag cut the work short.
    pub complete: bool,
}

/// One thread's buffers.
pub struct Worker<'l> {
    scratch: Scratch,
    solver: Solver<'l>,
    board: Board,
    tree: Tree,
}

impl<'l> Breaker<'l> {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        lexicon: &'l Lexicon,
        rules: Rules,
        faces: Vec<Face>,
        rows: usize,
        cols: usize,
        dice: Option<Dice>,
        min: u64,
    ) -> Breaker<'l> {
        let walker = Walker::new(lexicon, &rules, &faces, rows, cols);
        let order = walker.forcing_order();
        Breaker {
            walker,
            lexicon,
            rules,
            faces,
            rows,
            cols,
            dice,
            order,
            min,
        }
    }

    /// Buffers for one thread.
    pub fn worker(&self) -> Worker<'l> {
        Worker {
            scratch: Scratch::default(),
            solver: Solver::new(self.lexicon, self.rules.clone()),
            board: Board::new(
                self.rows,
                self.cols,
                vec![Face::blank(); self.rows * self.cols],
            )
            .expect("the grid's shape"),
            tree: Tree::default(),
        }
    }

    /// Breaks the class `sets` (a face bit set per cell) completely, unless `stop`
    /// turns true on the way.
    pub fn break_class(
        &self,
        sets: &[u128],
        worker: &mut Worker,
        stop: &dyn Fn() -> bool,
    ) -> Outcome {
        let mut outcome = Outcome {
            complete: true,
            ..Outcome::default()
        };
        let mut sets = sets.to_vec();
        worker.tree.clear();
        let rollable = self.dice.as_ref().is_none_or(|dice| dice.can_roll(&sets));
        let count = boards(&sets);
        if !rollable || count == 0 {
            // Nothing to bound.
        } else if count <= LEAF_BOARDS {
            // Too small to be worth a walk.
            self.score_each(&mut sets, 0, worker, &mut outcome);
        } else {
            // One walk for the whole class; every part after it is forced on the trie.
            let root = self
                .walker
                .orderly_tree(&sets, &mut worker.scratch, &mut worker.tree);
            outcome.bounds += 1;
            let bound = worker.tree.bound(root);
            if bound < self.min {
                outcome.max_dropped = bound;
            } else {
                self.split(&mut sets, root, worker, &mut outcome, stop);
            }
        }
        outcome.steps = worker.scratch.steps;
        worker.scratch.steps = 0;
        outcome
    }

    /// Splits the class `sets` (more boards than a leaf, its bound at least the
    /// threshold), whose orderly trie is rooted at `root` in the worker's tree,
    /// by forcing its next cell to each face on the trie. A part is bounded before
    /// it is made: first off the root (the root's bound with the cell's best child
    /// replaced by the face's), then exactly ([`Tree::forced_bound`]); only a part
    /// that reaches the threshold and holds more than a leaf's boards is merged.
    fn split(
        &self,
        sets: &mut [u128],
        root: u32,
        worker: &mut Worker,
        outcome: &mut Outcome,
        stop: &dyn Fn() -> bool,
    ) {
        if stop() {
            outcome.complete = false;
            return;
        }
        let bound = worker.tree.bound(root);
        let cell = self.cell_to_split(sets);
        let rank = self.walker.rank(cell);
        let (best, faces) = worker.tree.choices(root, rank);
        let set = sets[cell];
        let mut rest = set;
        while rest != 0 {
            let face = rest.trailing_zeros() as u8;
            sets[cell] = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if let Some(dice) = &self.dice {
                if !dice.can_roll(sets) {
                    continue;
                }
            }
            let count = boards(sets);
            if count == 0 {
                continue;
            }
            outcome.bounds += 1;
            let child = faces.iter().find(|f| f.0 == face).map(|f| f.1);
            // Read off the root only where no bound saturated (a difference).
            let read_off = if worker.tree.saturated(root) {
                u64::MAX
            } else {
                bound - best + child.map_or(0, |c| worker.tree.bound(c))
            };
            let part = if read_off < self.min {
                read_off
            } else {
                worker.tree.forced_bound(root, rank, child)
            };
            if part < self.min {
                outcome.max_dropped = outcome.max_dropped.max(part);
                continue;
            }
            if count <= LEAF_BOARDS {
                self.score_each(sets, 0, worker, outcome);
                continue;
            }
            let mark = worker.tree.mark();
            let forced = worker.tree.force(root, rank, child);
            debug_assert_eq!(worker.tree.bound(forced), part.min(crate::tree::SATURATED));
            self.split(sets, forced, worker, outcome, stop);
            worker.tree.truncate(mark);
            if !outcome.complete {
                break;
            }
        }
        sets[cell] = set;
    }

    /// The cell whose set splits next: the busiest cell (most neighbours, the
    /// first of those) that still has a choice — the walker's forcing order, the
    /// order the orderly bound keys its trie by, so the cell forced next is the
    /// one whose face the bound already chooses once for all paths. Forcing cells
    /// in this fixed order measured 6x faster on 3x3 than halving the largest set
    /// even with the max/no-mark bound (docs/prove.md).
    fn cell_to_split(&self, sets: &[u128]) -> usize {
        *self
            .order
            .iter()
            .find(|&&c| sets[c].count_ones() > 1)
            .expect("a class of several boards has a set to split")
    }

    /// Scores every board of a small class, from cell `from` on.
    fn score_each(
        &self,
        sets: &mut [u128],
        from: usize,
        worker: &mut Worker,
        outcome: &mut Outcome,
    ) {
        let Some(cell) = (from..sets.len()).find(|&c| sets[c].count_ones() > 1) else {
            return self.score_one(sets, worker, outcome);
        };
        let set = sets[cell];
        let mut rest = set;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            sets[cell] = bit;
            self.score_each(sets, cell + 1, worker, outcome);
        }
        sets[cell] = set;
    }

    fn score_one(&self, sets: &[u128], worker: &mut Worker, outcome: &mut Outcome) {
        if let Some(dice) = &self.dice {
            if !dice.can_roll(sets) {
                return;
            }
        }
        for (cell, set) in sets.iter().enumerate() {
            let face = &self.faces[set.trailing_zeros() as usize];
            worker.board.set_face(cell, face);
        }
        let tally = worker.solver.tally(&worker.board);
        outcome.scored += 1;
        if tally.points >= self.min {
            outcome.hits.push(ThresholdBoard {
                cells: sets.iter().map(|s| s.trailing_zeros() as u8).collect(),
                score: tally.points,
                words: tally.words,
            });
        }
    }
}

/// How many boards a class holds (saturating).
pub fn boards(sets: &[u128]) -> u128 {
    sets.iter()
        .fold(1u128, |n, s| n.saturating_mul(s.count_ones() as u128))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_class_counts_its_boards() {
        assert_eq!(boards(&[0b11, 0b111, 0b1]), 6);
        assert_eq!(boards(&[0b11, 0]), 0);
        assert_eq!(boards(&[u128::MAX; 64]), u128::MAX);
    }
}
