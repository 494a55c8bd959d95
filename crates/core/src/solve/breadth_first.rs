//! Counting words breadth first, level by level: every path of n cells is extended
//! before any of n + 1 (boards of up to 64 cells, when only the words matter, not
//! their paths).
//!
//! The depth-first walk asks at every step "does a word end here?" and "does any
//! neighbour go on?", and the branch predictor loses about one of those coin tosses
//! a step. Here the paths of one length sit in an array. Each is extended by writing
//! a path for every candidate cell and moving the write index on only for those that
//! match, and each word end is written and kept the same way; the one branch left is
//! the loop over a path's candidates. A level's paths are also
//! independent of each other, so the processor fetches their automaton records side
//! by side, where the depth-first walk waits for each before it knows the next.

use super::cells::Cells;
use super::matching::Sixteen;
use crate::automaton::{Automaton, State, Transitions, ROOT};

/// A path that has just entered a cell, holding the cells in `used`: the record it
/// reaches and the output of the records before that one. A face that takes several
/// bytes to enter (a bit of `Cells::general`) is fed the rest when the path's turn
/// comes: the record is then the one its first byte leads to (exact automata) or the
/// one before the face (the others). Sixteen bytes, so a level's paths pack four to a
/// cache line and each is written with few stores.
#[derive(Clone, Copy, Default)]
struct Path {
    used: u64,
    /// The record, shifted up by [`CELL_BITS`], and the cell below it.
    at: u32,
    out: u32,
}

/// Bits of [`Path::at`] that hold the cell.
const CELL_BITS: u32 = 6;

/// Set in a word end's output when its path entered a face of several bytes (or
/// stepped byte by byte): the word's length is then not its path's cell count and
/// must be looked up. Outputs are word indices, so they stay below this bit when
/// the dictionary has fewer words ([`BreadthFirst::ends`] is not called otherwise), and
/// adding later records' outputs keeps it.
pub(super) const LOOK_UP: u32 = 1 << 31;

/// The most records an automaton may have for the level search (the rest of
/// [`Path::at`]); larger ones, far beyond any real dictionary, take the walk.
const MAX_RECORDS: usize = 1 << (32 - CELL_BITS);

/// Candidate cells written per round of the extension loop. Two a round mispredicts
/// a third as often, but the extra writes cost more than that saves (measured in
/// `docs/performance.md`).
const ROUND: usize = 1;

/// Reusable buffers of the level-by-level search.
pub(super) struct BreadthFirst {
    now: Vec<Path>,
    next: Vec<Path>,
    ends: Vec<u32>,
    /// The cells of each end's path, beside `ends` (kept only when asked: `MASKS`).
    used: Vec<u64>,
    /// Where each level's ends start in `ends`: the paths of `i + 1` cells from
    /// `starts[i]` on.
    starts: Vec<u32>,
    /// The most paths a level may hold. A level holds what the depth-first walk
    /// would visit one by one at that depth, so a pathological board (every cell
    /// `a`, a dictionary of long runs of `a`) could need gigabytes; past this the
    /// search gives up and the walk, whose memory is its depth, takes the board.
    pub(super) limit: usize,
}

impl Default for BreadthFirst {
    fn default() -> BreadthFirst {
        BreadthFirst {
            now: Vec::new(),
            next: Vec::new(),
            ends: Vec::new(),
            used: Vec::new(),
            starts: Vec::new(),
            limit: 1 << 20,
        }
    }
}

impl BreadthFirst {
    /// The outputs (word indices) of every path through `cells`' first `count`
    /// cells (at most 64, each with at most 8 neighbours) that spells a word: a word
    /// once per path that spells it, shortest paths first ([`Ends::starts`] says
    /// where each length starts), with [`LOOK_UP`] set where the path's cell count
    /// is not the word's length; `None` when a level outgrows [`BreadthFirst::limit`].
    /// The automaton's outputs must stay below [`LOOK_UP`].
    /// `matching` is the board's [`super::Matching::cells`], or a faster
    /// equivalent. `EXACT` is `automaton.is_exact()`: a path then holds the record
    /// its face's first byte leads to, found when the path is written, and only
    /// faces of several bytes step the rest at their turn; otherwise every face is
    /// stepped byte by byte at its turn, from the record before it.
    pub(super) fn ends<const EXACT: bool, const MASKS: bool>(
        &mut self,
        automaton: Automaton,
        cells: &Cells,
        count: usize,
        matching: impl Fn(u64) -> u64,
    ) -> Option<Ends<'_>> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("avx2")
        {
            // SAFETY: this processor has the instructions `ends_v3` may use.
            return unsafe { self.ends_v3::<EXACT, MASKS>(automaton, cells, count, matching) };
        }
        self.ends_portable::<EXACT, MASKS>(automaton, cells, count, matching)
    }

    /// [`BreadthFirst::ends`] compiled for processors with BMI1, BMI2 and AVX2 (the
    /// `x86-64-v3` level: Intel since 2013, AMD since 2015; the build targets
    /// `x86-64-v2`): a cell's bit found and the used cells masked in one
    /// instruction each, and three-operand vector instructions for the match.
    ///
    /// # Safety
    /// Only on a processor with BMI1, BMI2 and AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi1,bmi2,avx2")]
    #[inline(never)]
    unsafe fn ends_v3<const EXACT: bool, const MASKS: bool>(
        &mut self,
        automaton: Automaton,
        cells: &Cells,
        count: usize,
        matching: impl Fn(u64) -> u64,
    ) -> Option<Ends<'_>> {
        self.search::<EXACT, MASKS>(automaton, cells, count, matching)
    }

    /// [`BreadthFirst::ends`] for any processor.
    #[inline(never)]
    fn ends_portable<const EXACT: bool, const MASKS: bool>(
        &mut self,
        automaton: Automaton,
        cells: &Cells,
        count: usize,
        matching: impl Fn(u64) -> u64,
    ) -> Option<Ends<'_>> {
        self.search::<EXACT, MASKS>(automaton, cells, count, matching)
    }

    /// [`BreadthFirst::ends`] compiled for SSSE3 and POPCNT, with the shuffle's
    /// matching of a board of up to 16 cells: for builds whose target lacks them (a plain
    /// `x86-64` build, as `cargo install` from a registry makes), on CPUs that have
    /// them ([`super::Matching::detected_sixteen`]).
    ///
    /// # Safety
    /// The CPU must have SSSE3 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "ssse3,popcnt")]
    pub(super) unsafe fn ends_ssse3<const EXACT: bool, const MASKS: bool>(
        &mut self,
        automaton: Automaton,
        cells: &Cells,
        count: usize,
        sixteen: Sixteen,
    ) -> Option<Ends<'_>> {
        self.search::<EXACT, MASKS>(automaton, cells, count, |mask| sixteen.cells(mask))
    }

    /// No shuffle exists off x86-64: never called.
    #[cfg(not(target_arch = "x86_64"))]
    pub(super) unsafe fn ends_ssse3<const EXACT: bool, const MASKS: bool>(
        &mut self,
        _: Automaton,
        _: &Cells,
        _: usize,
        sixteen: Sixteen,
    ) -> Option<Ends<'_>> {
        match sixteen {}
    }

    /// The body of [`BreadthFirst::ends`], compiled into each of its forms.
    #[inline(always)]
    fn search<const EXACT: bool, const MASKS: bool>(
        &mut self,
        automaton: Automaton,
        cells: &Cells,
        count: usize,
        matching: impl Fn(u64) -> u64,
    ) -> Option<Ends<'_>> {
        // Most boards have no face of several bytes (no `Qu`): their loop need not
        // ask at every path.
        match cells.general {
            0 => self.search_with::<EXACT, false, MASKS>(automaton, cells, count, matching),
            _ => self.search_with::<EXACT, true, MASKS>(automaton, cells, count, matching),
        }
    }

    /// [`BreadthFirst::search`], for a board with faces of several bytes (`GENERAL`) or
    /// without.
    #[inline(always)]
    fn search_with<const EXACT: bool, const GENERAL: bool, const MASKS: bool>(
        &mut self,
        automaton: Automaton,
        cells: &Cells,
        count: usize,
        matching: impl Fn(u64) -> u64,
    ) -> Option<Ends<'_>> {
        debug_assert!(count <= 64 && EXACT == automaton.is_exact());
        debug_assert!(GENERAL || cells.general == 0);
        // `extend` writes up to 8 paths and a spare for each path of a level, into
        // room made for that many.
        if automaton.len() > MAX_RECORDS || cells.max_degree > 8 {
            return None;
        }
        let root = automaton.transitions(ROOT);
        let starts = (0..count)
            .filter(|&cell| root.classes & cells.heads[cell].bit() != 0)
            .fold(0u64, |set, cell| set | 1 << cell);
        // A path of one cell whose face is one byte is extended where it starts,
        // without being written and read back; the others (faces of several bytes,
        // or any face of an automaton that is not exact) take the loop as paths.
        let direct = if EXACT { starts & !cells.general } else { 0 };
        room(&mut self.now, 64 + ROUND);
        let mut now = extend::<EXACT>(
            automaton,
            &mut self.now,
            0,
            cells,
            ROOT,
            root,
            0,
            0,
            starts & !direct,
        );
        room(&mut self.next, (64 + now) * 8 + ROUND);
        room(&mut self.ends, 64 + now);
        if MASKS {
            room(&mut self.used, self.ends.len());
        }
        let (mut next, mut ends) = (0, 0);
        let mut left = direct;
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            let state = root.child_below(cells.below[cell]);
            // SAFETY: the cell's class is one of the root's (`starts`).
            let node = unsafe { automaton.node_unchecked(state) };
            // SAFETY: room for 64 ends was made above, one a cell.
            unsafe { *self.ends.get_unchecked_mut(ends) = node.output };
            if MASKS {
                // SAFETY: `used` has as much room as `ends`.
                unsafe { *self.used.get_unchecked_mut(ends) = 1 << cell };
            }
            ends += node.is_final as usize;
            let from = node.transitions;
            let live = cells.neighbour_bits[cell] & !(1 << cell) & matching(from.classes);
            next = extend::<EXACT>(
                automaton,
                &mut self.next,
                next,
                cells,
                state,
                from,
                node.output,
                1 << cell,
                live,
            );
        }
        self.starts.clear();
        self.starts.push(0);
        // The paths of one cell left, then each longer length in turn.
        loop {
            // Plain slices, so the loop keeps their addresses in registers.
            let (paths, found, used) = (&mut self.next[..], &mut self.ends[..], &mut self.used[..]);
            for path in &self.now[..now] {
                let cell = (path.at % (1 << CELL_BITS)) as usize;
                let state = path.at >> CELL_BITS;
                let (state, node, out) = if GENERAL && cells.general >> cell & 1 != 0 {
                    let entered = if EXACT {
                        let out = path.out.wrapping_add(automaton.node(state).output);
                        cells.enter_rest(automaton, cell, state, out)
                    } else {
                        let from = automaton.transitions(state);
                        cells.enter_bytes(automaton, cell, from, path.out)
                    };
                    match entered {
                        Some((state, out)) => (state, automaton.node(state), out | LOOK_UP),
                        None => continue,
                    }
                } else {
                    // SAFETY: `state` is the child `extend` found for this path's
                    // face, whose class its parent's transitions hold (the match),
                    // or a state a checked step returned.
                    let node = unsafe { automaton.node_unchecked(state) };
                    (state, node, path.out.wrapping_add(node.output))
                };
                debug_assert!(ends < found.len());
                // SAFETY: `self.ends` has room for one end per path of every level
                // so far, and `ends` counts at most that many.
                unsafe { *found.get_unchecked_mut(ends) = out };
                if MASKS {
                    debug_assert!(ends < used.len());
                    // SAFETY: `used` has as much room as `ends`.
                    unsafe { *used.get_unchecked_mut(ends) = path.used };
                }
                ends += node.is_final as usize;
                let from = node.transitions;
                let live = cells.neighbour_bits[cell] & !path.used & matching(from.classes);
                next = extend::<EXACT>(
                    automaton, paths, next, cells, state, from, out, path.used, live,
                );
            }
            std::mem::swap(&mut self.now, &mut self.next);
            now = next;
            if now == 0 {
                break;
            }
            if now > self.limit {
                return None;
            }
            self.starts.push(ends as u32);
            room(&mut self.next, now * 8 + ROUND);
            room(&mut self.ends, ends + now);
            if MASKS {
                room(&mut self.used, self.ends.len());
            }
            next = 0;
        }
        Some(Ends {
            words: &self.ends[..ends],
            used: if MASKS { &self.used[..ends] } else { &[] },
            starts: &self.starts,
        })
    }
}

/// What [`BreadthFirst::ends`] found: word ends, shortest paths first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ends<'a> {
    /// A word index per path that spells a word, with [`LOOK_UP`] set where the
    /// path's cell count is not the word's length.
    pub words: &'a [u32],
    /// The cells of each end's path, a bit a cell, beside `words` (empty unless
    /// the search was asked to keep them).
    pub used: &'a [u64],
    /// Where the paths of each length start in `words`: those of `i + 1` cells
    /// from `starts[i]` on.
    pub starts: &'a [u32],
}

impl Ends<'_> {
    /// The ends of paths of `cells` cells.
    pub fn of_length(&self, cells: usize) -> &[u32] {
        let start = self
            .starts
            .get(cells - 1)
            .map_or(self.words.len(), |&s| s as usize);
        let stop = self
            .starts
            .get(cells)
            .map_or(self.words.len(), |&s| s as usize);
        &self.words[start..stop]
    }
}

/// Grows `buffer` to at least `len` entries (never shrinks it).
fn room<T: Copy + Default>(buffer: &mut Vec<T>, len: usize) {
    if buffer.len() < len {
        buffer.resize(len.next_power_of_two(), T::default());
    }
}

/// Writes, from `paths[n]` on, a path for each cell in `live` that goes on from the
/// path holding `used` at record `state` (transitions `from`, output `out`); returns
/// the new count. `paths` has room for `n` plus the cells in `live` plus a round.
/// With `EXACT` a path holds the record its face's first byte leads to, otherwise
/// `state`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn extend<const EXACT: bool>(
    automaton: Automaton,
    paths: &mut [Path],
    mut n: usize,
    cells: &Cells,
    state: State,
    from: Transitions,
    out: u32,
    used: u64,
    mut live: u64,
) -> usize {
    debug_assert!(n + live.count_ones() as usize + ROUND <= paths.len());
    loop {
        for _ in 0..ROUND {
            // With `live` empty this writes a path for "cell 64" and does not keep
            // it.
            let cell = live.trailing_zeros() as usize;
            let keep = (live != 0) as usize;
            live &= live.wrapping_sub(1);
            let state = if EXACT {
                from.child_below(cells.below[cell])
            } else {
                state
            };
            automaton.prefetch(state);
            let path = Path {
                used: used | 1u64.wrapping_shl(cell as u32),
                at: state << CELL_BITS | cell as u32,
                out,
            };
            // SAFETY: the caller made room for every cell of `live` and a round
            // more, and `n` moves on once per cell of `live`.
            unsafe { *paths.get_unchecked_mut(n) = path };
            n += keep;
        }
        if live == 0 {
            return n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Lexicon, Rules};

    /// The tests run where the dispatched build is chosen; the portable one must
    /// find the same ends, in the same order.
    #[test]
    fn the_portable_and_dispatched_searches_agree() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let automaton = lexicon.automaton();
        let mut cells = Cells::default();
        let (mut portable, mut dispatched) = (BreadthFirst::default(), BreadthFirst::default());
        let mut found = 0;
        for seed in 0..200 {
            let board = crate::rolled::english(seed);
            cells.load(&board, &lexicon, &Rules::hasbro());
            let all = |mask| cells.matching.cells(mask);
            let one = portable.ends_portable::<true, false>(automaton, &cells, 16, all);
            let other = dispatched.ends::<true, false>(automaton, &cells, 16, all);
            assert_eq!(one, other, "board {seed}");
            found += one.map_or(0, |ends| ends.words.len());
        }
        assert!(found > 10_000, "{found}");
    }
}
