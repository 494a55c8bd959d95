//! What the kernel reads, laid out on the host: the dictionary's arrays, a batch's
//! face table and a shape's neighbour masks. Plain data, no device: the CUDA
//! launcher (the `device` module) uploads it, and the tests' C++ harness reads it in
//! place.

use polyboggle::batch::Batch;
use polyboggle::lexicon::Lexicon;
use polyboggle::normalize::MAX_WORD_LEN;
use polyboggle::raw::NO_CLASS;
use polyboggle::score::Rules;

/// Boards of up to this many cells are scored by the kernel (a cell set is one
/// `u64`); larger ones by the CPU.
pub const MAX_CELLS: usize = 64;

/// The words count the kernel writes for a board whose table overflowed.
pub const OVERFLOW: u32 = u32::MAX;

/// The dictionary and the rules, as the kernel reads them: the automaton's records, the
/// words' lengths and the points a length scores.
pub struct KernelLexicon<'l> {
    /// The automaton's records, four `u32` each (record 0 is the root).
    pub records: &'l [u32],
    /// Each record's input byte.
    pub record_bytes: &'l [u8],
    /// The class of every byte (256 entries).
    pub classes: &'l [u8],
    /// Does every byte have a class of its own?
    pub exact: bool,
    /// Every word's length in graphemes, by rank.
    pub lengths: &'l [u8],
    /// Points by length (256 entries, 0 below the minimum).
    pub points: Vec<u32>,
    /// Shortest word that counts (capped at 256: no word is longer than 255).
    pub min_len: u32,
}

impl<'l> KernelLexicon<'l> {
    /// `lexicon`'s automaton and lengths, scored by `rules`.
    pub fn new(lexicon: &'l Lexicon, rules: &Rules) -> KernelLexicon<'l> {
        let automaton = lexicon.automaton();
        let (records, record_bytes, classes) = automaton.raw();
        KernelLexicon {
            records,
            record_bytes,
            classes,
            exact: automaton.is_exact(),
            lengths: lexicon.lengths(),
            points: (0..=MAX_WORD_LEN).map(|len| rules.points(len)).collect(),
            min_len: rules.min_len.min(MAX_WORD_LEN + 1) as u32,
        }
    }

    /// The number of records.
    pub fn record_count(&self) -> u32 {
        self.record_bytes.len() as u32
    }

    /// Can the new kernel walk this dictionary? Its saved frames hold a record's
    /// index in 26 bits, and its hash entries a word's rank in at most 24 (the
    /// other 8 or more count boards). Past that (over 67 M records or 16 M words),
    /// the old kernel scores.
    pub fn fits_new_kernel(&self) -> bool {
        self.record_bytes.len() <= 1 << 26 && word_bits(self.lengths.len()) <= 24
    }
}

/// A batch's faces as the kernel reads them: for face `f`, `info[f]` is
/// `start | len << 16 | class << 24` of its key's bytes in `bytes` (and their
/// classes in `classes`), `class` the first byte's; `len` 0 when no word can use
/// the face (blank, empty key, or a byte no word has).
pub struct Faces {
    /// One entry per face of the table, padded to 256.
    pub info: Vec<u32>,
    /// All keys' bytes, back to back.
    pub bytes: Vec<u8>,
    /// Each byte's class.
    pub classes: Vec<u8>,
}

/// Why a batch's faces do not fit the kernel's face table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLong;

impl Faces {
    /// The faces of `batch`, normalized as the solver does (the dictionary's
    /// profile, then `Q` read as `Qu` when the rules say so). `None` when a key is
    /// over 255 bytes or all keys over 65535 bytes (the CPU scores such a batch).
    pub fn new(batch: &Batch, lexicon: &Lexicon, rules: &Rules) -> Option<Faces> {
        let profile = lexicon.profile();
        let automaton = lexicon.automaton();
        let mut faces = Faces {
            info: vec![0; 256],
            bytes: Vec::new(),
            classes: Vec::new(),
        };
        for (f, face) in batch.faces().iter().enumerate() {
            let start = faces.bytes.len();
            if face.is_blank() {
                continue;
            }
            let mut key = profile.key(face.text());
            if rules.qu && key == "q" {
                key.push('u');
            }
            if key.len() > 255 || start + key.len() > 0xFFFF {
                return None;
            }
            let classes: Vec<u8> = key.bytes().map(|b| automaton.class(b)).collect();
            if key.is_empty() || classes.contains(&NO_CLASS) {
                continue;
            }
            faces.info[f] = start as u32 | (key.len() as u32) << 16 | (classes[0] as u32) << 24;
            faces.bytes.extend_from_slice(key.as_bytes());
            faces.classes.extend(classes);
        }
        // The kernel never reads an empty array; keep one byte.
        if faces.bytes.is_empty() {
            faces.bytes.push(0);
            faces.classes.push(NO_CLASS);
        }
        Some(faces)
    }
}

/// Each cell's neighbours as a bit mask, on a `rows`×`cols` grid of at most
/// [`MAX_CELLS`] cells (the eight around it, as [`polyboggle::Board::neighbours`]).
pub fn neighbours(rows: usize, cols: usize) -> Vec<u64> {
    assert!(rows * cols <= MAX_CELLS);
    let mut masks = vec![0u64; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            for (dr, dc) in [
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ] {
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                if (0..rows as isize).contains(&nr) && (0..cols as isize).contains(&nc) {
                    masks[r * cols + c] |= 1 << (nr as usize * cols + nc as usize);
                }
            }
        }
    }
    masks
}

/// How big each thread's word table is for boards of `cells` cells: 2^bits slots,
/// half of which may fill before a board overflows. A 4×4 board holds at most about
/// 1,200 words; boards over the limit are rare and re-scored on the CPU.
pub fn slot_bits(cells: usize) -> u32 {
    match cells {
        0..=16 => 12,
        17..=25 => 13,
        _ => 14,
    }
}

/// The new kernel's neighbour sets (`kernel_shared.cu`), from [`neighbours`]' masks:
/// cells renumbered to positions `w * (c % 4) + c / 4` (`w` = 8 for boards of up to
/// 32 cells, 16 up to 64), so that the kernel combines its bit-parallel matches of
/// four cells at a time with shifts. Entry `p` is position `p`'s neighbours; the
/// last (`4 w`) is every cell, the neighbours of the search's root.
pub fn by_position(neighbours: &[u64]) -> Vec<u64> {
    assert!(neighbours.len() <= MAX_CELLS);
    let w = if neighbours.len() <= 32 { 8 } else { 16 };
    let position = |c: usize| w * (c % 4) + c / 4;
    let mut sets = vec![0u64; 4 * w + 1];
    for (c, &mask) in neighbours.iter().enumerate() {
        sets[position(c)] = (0..neighbours.len())
            .filter(|&n| mask >> n & 1 == 1)
            .fold(0, |set, n| set | 1 << position(n));
        sets[4 * w] |= 1 << position(c);
    }
    sets
}

/// How big each thread's hash set is in the new kernel for boards of `cells` cells:
/// 2^bits `u32` slots, three quarters of which may fill before a board goes back to
/// the host (1,536 words on a 4×4 board, where the richest known have about 1,400).
pub fn hash_bits(cells: usize) -> u32 {
    match cells {
        0..=16 => 11,
        17..=25 => 12,
        _ => 13,
    }
}

/// The bits of a word's rank in the new kernel's hash entries (`epoch << bits |
/// rank`), for a dictionary of `word_count` words: at least 1.
pub fn word_bits(word_count: usize) -> u32 {
    (usize::BITS - word_count.leading_zeros()).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use polyboggle::Board;

    #[test]
    fn neighbours_are_the_boards() {
        for (rows, cols) in [(1, 1), (1, 5), (3, 3), (4, 4), (5, 7), (8, 8)] {
            let text = vec!["a".repeat(cols); rows].join("/");
            let text = if rows == 1 {
                vec!["a"; cols].join(" ")
            } else {
                text
            };
            let board: Board = text.parse().unwrap();
            let masks = neighbours(rows, cols);
            for (cell, &mask) in masks.iter().enumerate() {
                let expected = board.neighbours(cell).fold(0u64, |m, n| m | 1 << n);
                assert_eq!(mask, expected, "{rows}x{cols} cell {cell}");
            }
        }
    }

    #[test]
    fn positions_keep_the_neighbours() {
        for (rows, cols) in [(1, 1), (4, 4), (5, 5), (3, 7), (6, 6), (8, 8), (1, 33)] {
            let cells = rows * cols;
            let masks = neighbours(rows, cols);
            let sets = by_position(&masks);
            let w = if cells <= 32 { 8 } else { 16 };
            let position = |c: usize| w * (c % 4) + c / 4;
            assert_eq!(sets.len(), 4 * w + 1);
            assert_eq!(sets[4 * w].count_ones() as usize, cells);
            for (c, &mask) in masks.iter().enumerate() {
                assert_eq!(sets[position(c)].count_ones(), mask.count_ones());
                for n in 0..cells {
                    assert_eq!(
                        sets[position(c)] >> position(n) & 1,
                        mask >> n & 1,
                        "{rows}x{cols}: cells {c} and {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn word_bits_hold_every_rank() {
        assert_eq!(word_bits(0), 1);
        assert_eq!(word_bits(1), 1);
        assert_eq!(word_bits(2), 2);
        assert_eq!(word_bits(172_823), 18);
        assert!(172_822 < 1 << word_bits(172_823));
    }
}
