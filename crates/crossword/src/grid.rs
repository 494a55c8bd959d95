//! The grid the search fills: which letter each cell holds and which across and down
//! word passes through it. Placing keeps the crossword rules true at every step:
//! letters agree at crossings, a word's ends touch only black squares or the edge, and
//! a new letter has no neighbour beside it across the word's direction, so every run
//! of two or more letters is exactly one placed word.
//!
//! Words are sequences of small letter ids in display order: an across word of a
//! right-to-left script is stored reversed, so the grid itself only knows left to right.

use super::Direction;

/// No word here.
const NONE: u16 = u16::MAX;

/// Where a word sits: its top-left cell as drawn, and its direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Spot {
    pub row: usize,
    pub col: usize,
    pub dir: Direction,
}

/// A word as the grid sees it: letter ids left to right (across) and top to bottom (down).
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    pub across: Vec<u16>,
    pub down: Vec<u16>,
}

impl Shape {
    pub fn seq(&self, dir: Direction) -> &[u16] {
        match dir {
            Direction::Across => &self.across,
            Direction::Down => &self.down,
        }
    }

    pub fn len(&self) -> usize {
        self.down.len()
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Grid {
    pub rows: usize,
    pub cols: usize,
    /// Letter id + 1 per cell; 0 is a black square.
    letter: Vec<u16>,
    across: Vec<u16>,
    down: Vec<u16>,
    /// Each word's spot, when placed.
    pub spots: Vec<Option<Spot>>,
    pub placed: usize,
    pub crossings: usize,
    pub filled: usize,
}

impl Grid {
    pub fn new(rows: usize, cols: usize, words: usize) -> Grid {
        Grid {
            rows,
            cols,
            letter: vec![0; rows * cols],
            across: vec![NONE; rows * cols],
            down: vec![NONE; rows * cols],
            spots: vec![None; words],
            placed: 0,
            crossings: 0,
            filled: 0,
        }
    }

    /// The cell `i` letters along a word starting at `spot`.
    #[inline]
    fn cell(&self, spot: Spot, i: usize) -> usize {
        match spot.dir {
            Direction::Across => spot.row * self.cols + spot.col + i,
            Direction::Down => (spot.row + i) * self.cols + spot.col,
        }
    }

    #[inline]
    fn slot(&self, dir: Direction) -> &[u16] {
        match dir {
            Direction::Across => &self.across,
            Direction::Down => &self.down,
        }
    }

    /// The letter id in a cell (display coordinates), if any.
    #[cfg(test)]
    pub fn letter_at(&self, row: usize, col: usize) -> Option<u16> {
        self.letter[row * self.cols + col].checked_sub(1)
    }

    /// Is any letter on the grid?
    pub fn is_empty(&self) -> bool {
        self.filled == 0
    }

    /// Can `seq` go at `spot`? Returns its crossings (cells it shares with words of the
    /// other direction), or `None` when a rule forbids it.
    pub fn fits(&self, seq: &[u16], spot: Spot) -> Option<usize> {
        let n = seq.len();
        let (r, c) = (spot.row, spot.col);
        let (before, after) = match spot.dir {
            Direction::Across => {
                if r >= self.rows || c + n > self.cols {
                    return None;
                }
                (
                    (c > 0).then(|| r * self.cols + c - 1),
                    (c + n < self.cols).then(|| r * self.cols + c + n),
                )
            }
            Direction::Down => {
                if c >= self.cols || r + n > self.rows {
                    return None;
                }
                (
                    (r > 0).then(|| (r - 1) * self.cols + c),
                    (r + n < self.rows).then(|| (r + n) * self.cols + c),
                )
            }
        };
        if before.is_some_and(|b| self.letter[b] != 0) || after.is_some_and(|a| self.letter[a] != 0)
        {
            return None;
        }
        let same = self.slot(spot.dir);
        let mut crossings = 0;
        for (i, &want) in seq.iter().enumerate() {
            let cell = self.cell(spot, i);
            let have = self.letter[cell];
            if have != 0 {
                if have != want + 1 || same[cell] != NONE {
                    return None;
                }
                crossings += 1;
            } else if self.has_side_neighbour(cell, spot.dir) {
                return None;
            }
        }
        Some(crossings)
    }

    /// Does an empty `cell` have a letter beside it, across `dir`?
    #[inline]
    fn has_side_neighbour(&self, cell: usize, dir: Direction) -> bool {
        let (r, c) = (cell / self.cols, cell % self.cols);
        match dir {
            Direction::Across => {
                (r > 0 && self.letter[cell - self.cols] != 0)
                    || (r + 1 < self.rows && self.letter[cell + self.cols] != 0)
            }
            Direction::Down => {
                (c > 0 && self.letter[cell - 1] != 0)
                    || (c + 1 < self.cols && self.letter[cell + 1] != 0)
            }
        }
    }

    /// Places word `w` (already checked with [`fits`](Grid::fits)).
    pub fn place(&mut self, w: usize, seq: &[u16], spot: Spot) {
        for (i, &id) in seq.iter().enumerate() {
            let cell = self.cell(spot, i);
            if self.letter[cell] == 0 {
                self.letter[cell] = id + 1;
                self.filled += 1;
            } else {
                self.crossings += 1;
            }
            match spot.dir {
                Direction::Across => self.across[cell] = w as u16,
                Direction::Down => self.down[cell] = w as u16,
            }
        }
        self.spots[w] = Some(spot);
        self.placed += 1;
    }

    /// Can word `w` be lifted without leaving two letters side by side that no word
    /// explains (two crossing words that touch only through it)?
    pub fn can_remove(&self, w: usize, len: usize) -> bool {
        let Some(spot) = self.spots[w] else {
            return false;
        };
        let other = self.slot(other(spot.dir));
        let mut kept_before = false;
        for i in 0..len {
            let kept = other[self.cell(spot, i)] != NONE;
            if kept && kept_before {
                return false;
            }
            kept_before = kept;
        }
        true
    }

    /// Lifts word `w` off the grid.
    pub fn remove(&mut self, w: usize, len: usize) {
        let Some(spot) = self.spots[w].take() else {
            return;
        };
        for i in 0..len {
            let cell = self.cell(spot, i);
            let other_word = match spot.dir {
                Direction::Across => {
                    self.across[cell] = NONE;
                    self.down[cell]
                }
                Direction::Down => {
                    self.down[cell] = NONE;
                    self.across[cell]
                }
            };
            if other_word == NONE {
                self.letter[cell] = 0;
                self.filled -= 1;
            } else {
                self.crossings -= 1;
            }
        }
        self.placed -= 1;
    }

    /// The words crossing word `w`.
    pub fn crossing_words(&self, w: usize, len: usize) -> impl Iterator<Item = usize> + '_ {
        let spot = self.spots[w];
        (0..len).filter_map(move |i| {
            let spot = spot?;
            let other = self.slot(other(spot.dir))[self.cell(spot, i)];
            (other != NONE).then_some(other as usize)
        })
    }

    /// Every spot where `seq` could cross the letters already placed, with its
    /// crossings; each spot once (found through its first crossing).
    pub fn crossing_spots(&self, seq: &[u16], dir: Direction, mut visit: impl FnMut(Spot, usize)) {
        {
            // Letters of the word, folded into 64 bits: most cells are skipped at once.
            let mask = seq.iter().fold(0u64, |m, &l| m | 1 << ((l + 1) % 64));
            let same = self.slot(dir);
            for (cell, (&have, &slot)) in self.letter.iter().zip(same).enumerate() {
                if have == 0 || slot != NONE || mask >> (have % 64) & 1 == 0 {
                    continue;
                }
                let (r, c) = (cell / self.cols, cell % self.cols);
                for (i, &want) in seq.iter().enumerate() {
                    if want + 1 != have {
                        continue;
                    }
                    let spot = match dir {
                        Direction::Across if c >= i => Spot {
                            row: r,
                            col: c - i,
                            dir,
                        },
                        Direction::Down if r >= i => Spot {
                            row: r - i,
                            col: c,
                            dir,
                        },
                        _ => continue,
                    };
                    // Count the spot only through its first crossing.
                    let earlier = (0..i).any(|j| self.letter[self.cell(spot, j)] != 0);
                    if earlier {
                        continue;
                    }
                    if let Some(crossings) = self.fits(seq, spot) {
                        visit(spot, crossings);
                    }
                }
            }
        }
    }

    /// How snugly a word at `spot` would pack: for each of its cells, the letters two
    /// cells away across its direction, an edge counting as one (parallel words one
    /// black square apart waste the least room).
    pub fn packing(&self, spot: Spot, len: usize) -> usize {
        let mut snug = 0;
        for i in 0..len {
            let cell = self.cell(spot, i);
            let (r, c) = (cell / self.cols, cell % self.cols);
            let (pos, limit, stride) = match spot.dir {
                Direction::Across => (r, self.rows, self.cols),
                Direction::Down => (c, self.cols, 1),
            };
            for side in [
                pos.checked_sub(2).map(|_| cell - 2 * stride),
                (pos + 2 < limit).then(|| cell + 2 * stride),
            ] {
                snug += side.map_or(1, |n| (self.letter[n] != 0) as usize);
            }
            if pos == 0 || pos + 1 == limit {
                snug += 1;
            }
        }
        snug
    }

    /// Black squares inside the bounding box of the letters (all cells when empty).
    pub fn cropped_black(&self) -> usize {
        match self.bounds() {
            Some((r0, r1, c0, c1)) => (r1 - r0 + 1) * (c1 - c0 + 1) - self.filled,
            None => self.rows * self.cols,
        }
    }

    /// The rows and columns holding letters: (first row, last row, first col, last col).
    pub fn bounds(&self) -> Option<(usize, usize, usize, usize)> {
        let mut b: Option<(usize, usize, usize, usize)> = None;
        for (cell, &l) in self.letter.iter().enumerate() {
            if l == 0 {
                continue;
            }
            let (r, c) = (cell / self.cols, cell % self.cols);
            b = Some(match b {
                None => (r, r, c, c),
                Some((r0, r1, c0, c1)) => (r0.min(r), r1.max(r), c0.min(c), c1.max(c)),
            });
        }
        b
    }
}

pub(crate) fn other(dir: Direction) -> Direction {
    match dir {
        Direction::Across => Direction::Down,
        Direction::Down => Direction::Across,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(s: &str) -> Vec<u16> {
        s.bytes().map(|b| (b - b'a') as u16).collect()
    }

    fn at(row: usize, col: usize, dir: Direction) -> Spot {
        Spot { row, col, dir }
    }

    #[test]
    fn crossings_agree_and_neighbours_stay_apart() {
        let mut g = Grid::new(5, 5, 4);
        g.place(0, &seq("cat"), at(1, 1, Direction::Across));
        // Crossing on the A.
        assert_eq!(g.fits(&seq("ton"), at(0, 2, Direction::Down)), None);
        assert_eq!(g.fits(&seq("bad"), at(0, 2, Direction::Down)), Some(1));
        // Side by side with CAT: forbidden.
        assert_eq!(g.fits(&seq("dog"), at(2, 1, Direction::Across)), None);
        // Touching CAT's end: forbidden.
        assert_eq!(g.fits(&seq("ox"), at(1, 4, Direction::Down)), None);
        // Parallel over the same cells: forbidden.
        assert_eq!(g.fits(&seq("cat"), at(1, 1, Direction::Across)), None);
        // Off the grid.
        assert_eq!(g.fits(&seq("bad"), at(3, 2, Direction::Down)), None);
        g.place(1, &seq("bad"), at(0, 2, Direction::Down));
        assert_eq!((g.placed, g.crossings, g.filled), (2, 1, 5));
        assert_eq!(g.crossing_words(1, 3).collect::<Vec<_>>(), [0]);
        g.remove(1, 3);
        let mut found = Vec::new();
        g.crossing_spots(&seq("tad"), Direction::Across, |spot, n| {
            found.push((spot, n))
        });
        assert!(found.is_empty());
        g.crossing_spots(&seq("tad"), Direction::Down, |spot, n| {
            found.push((spot, n))
        });
        let down = Direction::Down;
        assert_eq!(found, [(at(0, 2, down), 1), (at(1, 3, down), 1)]);
        g.place(1, &seq("bad"), at(0, 2, Direction::Down));
        g.remove(0, 3);
        assert_eq!((g.placed, g.crossings, g.filled), (1, 0, 3));
        assert_eq!(g.letter_at(1, 2), Some(0));
        assert_eq!(g.letter_at(1, 1), None);
    }

    #[test]
    fn a_word_holding_two_touching_crossers_stays() {
        // AB across; A down ends on it, B down starts on it: lifting AB would leave
        // the two letters side by side.
        let mut g = Grid::new(4, 4, 3);
        g.place(0, &seq("ab"), at(1, 1, Direction::Across));
        g.place(1, &seq("ca"), at(0, 1, Direction::Down));
        g.place(2, &seq("bd"), at(1, 2, Direction::Down));
        assert!(!g.can_remove(0, 2));
        assert!(g.can_remove(1, 2));
    }
}
