//! The depth-first walk: from each cell, the face's bytes fed to the automaton, on to
//! each unused neighbour while some word goes that way, each word recorded once a
//! board (in [`Seen`]) with its path when asked. It touches nothing but the
//! automaton and the board's [`Cells`]; the solver turns what it records into words.

use super::cells::{Cells, Kind};
use crate::automaton::{Automaton, Node, Transitions};
use crate::board::MAX_CELLS;
use crate::lexicon::Lexicon;
use crate::tiers::TierRange;

/// A found word, as the walk records it: its index and where its path starts.
#[derive(Clone, Copy)]
pub(super) struct Hit {
    pub(super) word: u64,
    pub(super) path_start: u32,
}

/// The words a board has shown so far, to count each once: a small open-addressing
/// set that stays in the L1 cache (a mark per dictionary word would touch a new cache
/// line for almost every word found). Slots hold the board's generation in their high
/// half, so clearing is one increment.
pub(super) struct Seen {
    slots: Vec<u64>,
    len: usize,
    pub(super) generation: u32,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            slots: vec![0; 1024],
            len: 0,
            generation: 1,
        }
    }
}

impl Seen {
    /// Forgets every word (the next board begins).
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.slots.fill(0);
            self.generation = 1;
        }
    }

    /// Adds `word`: true when it was not there yet.
    #[inline]
    pub(super) fn insert(&mut self, word: u32) -> bool {
        let entry = (self.generation as u64) << 32 | word as u64;
        let mask = self.slots.len() - 1;
        // Fibonacci hashing: the top bits of a multiplication spread nearby indices.
        let shift = 64 - self.slots.len().trailing_zeros();
        let mut i = ((word as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> shift) as usize;
        loop {
            let slot = self.slots[i];
            if slot == entry {
                return false;
            }
            if (slot >> 32) as u32 != self.generation {
                self.slots[i] = entry;
                self.len += 1;
                if self.len * 2 > self.slots.len() {
                    self.grow();
                }
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table, keeping this board's words.
    #[cold]
    fn grow(&mut self) {
        let words: Vec<u32> = self
            .slots
            .iter()
            .filter(|&&slot| (slot >> 32) as u32 == self.generation)
            .map(|&slot| slot as u32)
            .collect();
        self.slots = vec![0; self.slots.len() * 2];
        self.len = 0;
        for word in words {
            self.insert(word);
        }
    }
}

/// The cells a path has used.
pub(super) trait CellSet: Copy {
    fn contains(&self, cell: usize) -> bool;
    fn flip(&mut self, cell: usize);
    /// All of them as one mask, when they fit in a u64.
    fn bits(&self) -> Option<u64>;
}

impl CellSet for u64 {
    #[inline(always)]
    fn bits(&self) -> Option<u64> {
        Some(*self)
    }

    #[inline(always)]
    fn contains(&self, cell: usize) -> bool {
        self & (1 << cell) != 0
    }

    #[inline(always)]
    fn flip(&mut self, cell: usize) {
        *self ^= 1 << cell;
    }
}

/// A bitset of cells for any board, one bit each.
#[derive(Clone, Copy)]
pub(super) struct Used([u64; MAX_CELLS / 64]);

impl Default for Used {
    fn default() -> Used {
        Used([0; MAX_CELLS / 64])
    }
}

impl CellSet for Used {
    #[inline(always)]
    fn bits(&self) -> Option<u64> {
        None
    }

    #[inline(always)]
    fn contains(&self, cell: usize) -> bool {
        self.0[cell / 64] & (1 << (cell % 64)) != 0
    }

    #[inline(always)]
    fn flip(&mut self, cell: usize) {
        self.0[cell / 64] ^= 1 << (cell % 64);
    }
}

/// The state of one board's depth-first search, keeping each word's path when
/// `PATHS`. The hot loop reads the board through one reference and takes few
/// arguments, so the recursion keeps them in registers.
pub(super) struct Walk<'a, const PATHS: bool> {
    /// With `PATHS`, for [`Solver::survey`]: the cells counted words pass through.
    pub(super) live: Option<Live<'a>>,
    pub(super) automaton: Automaton<'a>,
    pub(super) cells: &'a Cells,
    pub(super) seen: &'a mut Seen,
    /// The cells of the current path, `path[..depth]` (kept only with `PATHS`).
    pub(super) path: &'a mut [u16; MAX_CELLS],
    pub(super) depth: usize,
    /// Paths of found words, each preceded by its length.
    pub(super) paths: &'a mut Vec<u16>,
    pub(super) hits: &'a mut Vec<Hit>,
}

impl<const PATHS: bool> Walk<'_, PATHS> {
    /// Feeds `cell`'s face to the automaton from a state with transitions `from`,
    /// which has one on the face's first byte class: the state after the face and
    /// the output so far, or `None` when no word goes that way.
    #[inline(always)]
    fn enter(&self, cell: usize, from: Transitions, out: u32) -> Option<(Node, u32)> {
        let head = self.cells.heads[cell % MAX_CELLS];
        if head.kind != Kind::Simple {
            let (state, out) = self.cells.enter_bytes(self.automaton, cell, from, out)?;
            return Some((self.automaton.node(state), out));
        }
        let node = self
            .automaton
            .node(self.automaton.step_exact(from, head.class));
        Some((node, out.wrapping_add(node.output)))
    }

    /// Steps onto free cell `next` from a state with transitions `from` on its first
    /// byte class (output `out` so far, the cells in `used` taken): records the word
    /// it ends, and goes on while any free neighbour continues a word.
    #[inline(always)]
    pub(super) fn step<U: CellSet>(&mut self, next: usize, from: Transitions, out: u32, used: U) {
        let Some((node, out)) = self.enter(next, from, out) else {
            return;
        };
        if PATHS {
            self.path[self.depth % MAX_CELLS] = next as u16;
            self.depth += 1;
        }
        if node.is_final {
            self.record(out);
        }
        let from = node.transitions;
        if from.classes != 0 {
            let mut used = used;
            used.flip(next);
            match used.bits() {
                Some(bits) => {
                    // Small boards look at the neighbours now, so a cell none of
                    // them continues costs no call.
                    let cells = self.cells;
                    let live = cells.neighbour_bits[next % 64]
                        & !bits
                        & cells.matching.cells(from.classes);
                    if live != 0 {
                        self.visit_mask(from, out, bits, live);
                    }
                }
                None => self.visit_list(next, from, out, used),
            }
        }
        if PATHS {
            self.depth -= 1;
        }
    }

    /// Tries the cells in `live` (boards of up to 64 cells), which a path holding
    /// the cells in `used` reached with transitions `from` and output `out`.
    fn visit_mask(&mut self, from: Transitions, out: u32, used: u64, live: u64) {
        let mut live = live;
        while live != 0 {
            let next = live.trailing_zeros() as usize;
            live &= live - 1;
            self.step(next, from, out, used);
        }
    }

    /// Tries every free neighbour of `cell` whose first class `from` has (boards of
    /// any size), the path having reached `cell` with output `out`.
    fn visit_list<U: CellSet>(&mut self, cell: usize, from: Transitions, out: u32, used: U) {
        let cells = self.cells;
        let (start, end) = (
            cells.offsets[cell] as usize,
            cells.offsets[cell + 1] as usize,
        );
        for &next in &cells.neighbours[start..end] {
            let next = next as usize;
            if !used.contains(next) && from.classes & cells.heads[next].bit() != 0 {
                self.step(next, from, out, used);
            }
        }
    }

    /// Counts `word`, whose path is `path[..depth]`, unless the board already has it.
    #[inline]
    fn record(&mut self, word: u32) {
        if PATHS {
            if let Some(live) = &mut self.live {
                live.mark(word, &self.path[..self.depth]);
            }
        }
        if !self.seen.insert(word) {
            return;
        }
        let mut path_start = 0;
        if PATHS {
            self.paths.push(self.depth as u16);
            path_start = self.paths.len() as u32;
            self.paths.extend_from_slice(&self.path[..self.depth]);
        }
        self.hits.push(Hit {
            word: word as u64,
            path_start,
        });
    }
}

/// The cells that paths of counted words pass through, every path (not only the
/// first that spells a word).
pub(super) struct Live<'a> {
    pub(super) cells: &'a mut [bool],
    pub(super) lexicon: &'a Lexicon,
    pub(super) min_len: usize,
    /// Only words of these tiers count ([`super::Solver::with_tiers`]).
    pub(super) tiers: Option<TierRange>,
}

impl Live<'_> {
    /// `path` spells `word`: its cells are live if the word counts (long enough, and
    /// of the solver's tiers). A face spells at least one grapheme, so a path of
    /// `min_len` cells always does; only shorter ones look the length up.
    #[inline]
    fn mark(&mut self, word: u32, path: &[u16]) {
        let long = path.len() >= self.min_len || self.lexicon.word_len(word as u64) >= self.min_len;
        let tiered = match self.tiers {
            Some(range) => range.contains(self.lexicon.tier(word as u64)),
            None => true,
        };
        if long && tiered {
            for &cell in path {
                if let Some(live) = self.cells.get_mut(cell as usize) {
                    *live = true;
                }
            }
        }
    }
}
