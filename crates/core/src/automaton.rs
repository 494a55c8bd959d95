//! The solver's automaton: the dictionary's FST decoded into flat, fixed-width records.
//!
//! The FST is compact but variable-width: every step decodes a node's header and
//! searches its packed transitions. The solver steps millions of times a second, so
//! each compiled dictionary also carries the same automaton (same states, same
//! transitions, same outputs) in a form where one step is one record load:
//!
//! - every input byte has a class below 64. When the dictionary uses at most 64
//!   distinct bytes (English, Italian, Spanish, Greek...), each gets a class of its
//!   own and the automaton is *exact*; otherwise a byte's class is `b & 63`;
//! - a record stands for one transition *and the state it leads to*: four `u32`
//!   (16 bytes, four records a cache line) holding the target state's 64-bit class
//!   mask (bit `class(b)` set for each byte `b` it has a transition on), the index of
//!   its first outgoing record with the top bit set when the state is final, and the
//!   transition's own output. Record 0 stands for the root. A state's outgoing
//!   records are contiguous, shared by every transition into it, and sorted by
//!   `(class(b), b)`;
//! - a final state needs no output of its own: the dictionary maps each word to its
//!   rank, and a word comes before every longer word it starts, so the outputs along
//!   its path already add up to its rank (the `fst` builder then leaves final outputs
//!   at zero; [`encode`] checks it);
//! - so the record for byte `b` from record `r` is `first(r) + popcount(mask(r) below
//!   bit class(b))`. In an exact automaton that is the answer; otherwise the record's
//!   input byte (kept apart, one byte a record) is checked: where several bytes of
//!   one state share a class, that index is a lower bound and a short scan finds it.
//!   There a state's records can be more than its mask's bits, so the last record of
//!   each state's block carries `LAST` in its `first` word (format version 5):
//!   the scan, and every walk of a state's transitions, stops there.
//!
//! Walking from a record to the next touches only that next record, which already
//! says everything the following step needs. The section is derived from the FST when
//! a dictionary is compiled, covered by the file's checksum, and read in place from
//! the memory map. This module owns that derivation and the step; the walk itself is
//! [`crate::solve`]'s.

use std::collections::HashMap;

use fst::raw::{CompiledAddr, Fst};

/// The bit of a record's `first` word that marks its state final.
const FINAL: u32 = 1 << 31;
/// The bit of a record's `first` word that marks the last record of a state's block,
/// in an automaton whose bytes share classes (never set in an exact one). It says
/// where the record itself lies, not where it leads: records leading to one state
/// may differ in it.
pub(crate) const LAST: u32 = 1 << 30;
/// The bits of a record's `first` word that hold the index of the first record.
const FIRST: u32 = LAST - 1;
/// The most transitions a state can have: one per byte.
pub(crate) const MOST_TRANSITIONS: u32 = 256;
/// The class of a byte that no transition uses (exact automata only).
pub const NO_CLASS: u8 = u8::MAX;
/// Words before the records: record count, exact flag, 256 class bytes.
pub(crate) const PREFIX_WORDS: usize = 2 + 64;
const RECORD_WORDS: usize = 4;

/// A position in the automaton: the record of the transition that led there
/// ([`ROOT`] at the start).
pub type State = u32;

/// The root state.
pub const ROOT: State = 0;

/// Why an automaton section cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed(pub String);

/// The transitions leaving one state: a bit per byte class, and where their records
/// start.
#[derive(Clone, Copy, Debug)]
pub struct Transitions {
    /// Bit `c` is set when some transition's byte has class `c`.
    pub classes: u64,
    first: u32,
}

impl Transitions {
    /// Where the record of the transition on class `class` (below 64) is, in an
    /// exact automaton, when `classes` has that bit; some other record when it does
    /// not (for callers that compute first and check after).
    #[inline(always)]
    pub fn child(&self, class: u8) -> State {
        self.first + (self.classes & ((1 << (class & 63)) - 1)).count_ones()
    }

    /// [`Transitions::child`] with the class given as the mask of the classes below
    /// it (`(1 << class) - 1`), which a caller stepping to the same class many times
    /// computes once.
    #[inline(always)]
    pub fn child_below(&self, below: u64) -> State {
        self.first + (self.classes & below).count_ones()
    }

    /// The record of the first transition (meaningless when there is none).
    #[inline(always)]
    pub(crate) fn first(&self) -> State {
        self.first
    }
}

/// One state as its record describes it.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The transitions leaving the state.
    pub transitions: Transitions,
    /// Does a word end here?
    pub is_final: bool,
    /// The output of the transition that led here.
    pub output: u32,
}

/// A read-only view of an automaton section.
#[derive(Clone, Copy)]
pub struct Automaton<'a> {
    records: &'a [[u32; RECORD_WORDS]],
    bytes: &'a [u8],
    classes: &'a [u8],
    exact: bool,
}

impl<'a> Automaton<'a> {
    /// Views a section's words (see [`encode`]) after checking that every index in
    /// it stays in bounds, so no later step can panic or read the wrong record.
    pub fn new(words: &'a [u32], bytes: &'a [u8]) -> Result<Automaton<'a>, Malformed> {
        let automaton = Automaton::with_checked_records(words, bytes)?;
        let records = automaton.records.iter().map(|r| [r[0], r[1], r[2]]);
        if !transitions_in_bounds(records, words[0]) {
            return Err(Malformed(TRANSITIONS_PAST_THE_END.into()));
        }
        Ok(automaton)
    }

    /// [`Automaton::new`] for a section whose records [`records_in_bounds`] has
    /// already passed (in the same pass over the file as its checksum): checks the
    /// rest, the sizes and the byte classes.
    pub(crate) fn with_checked_records(
        words: &'a [u32],
        bytes: &'a [u8],
    ) -> Result<Automaton<'a>, Malformed> {
        let bad = |what: &str| Malformed(what.to_string());
        if words.len() < PREFIX_WORDS {
            return Err(bad("short section"));
        }
        let count = words[0] as usize;
        if count == 0
            || words[1] > 1
            || Some(words.len() - PREFIX_WORDS) != count.checked_mul(RECORD_WORDS)
            || bytes.len() != count
        {
            return Err(bad("section sizes do not add up"));
        }
        let automaton = Automaton::trusted(words, bytes);
        if automaton.classes.iter().any(|&c| c >= 64 && c != NO_CLASS) {
            return Err(bad("a byte class out of range"));
        }
        Ok(automaton)
    }

    /// Views a section already checked by [`Automaton::new`] (indexing stays
    /// bounds-checked, so a mistake panics rather than misreads).
    pub(crate) fn trusted(words: &'a [u32], bytes: &'a [u8]) -> Automaton<'a> {
        Automaton {
            records: bytemuck::cast_slice(&words[PREFIX_WORDS..]),
            bytes,
            classes: bytemuck::cast_slice(&words[2..PREFIX_WORDS]),
            exact: words[1] == 1,
        }
    }

    /// The class of byte `b` ([`NO_CLASS`] when no word has it).
    #[inline]
    pub fn class(&self, b: u8) -> u8 {
        self.classes[b as usize]
    }

    /// The transition from `state` on byte `b`: the next state and the transition's
    /// output.
    #[inline]
    pub fn step(&self, state: State, b: u8) -> Option<(State, u32)> {
        self.step_class(state, self.class(b), b)
    }

    /// [`Automaton::step`] with the byte's class already looked up.
    #[inline(always)]
    pub fn step_class(&self, state: State, class: u8, b: u8) -> Option<(State, u32)> {
        self.step_from(self.transitions(state), class, b)
    }

    /// What `state`'s record says about the transitions leaving it, to step from it
    /// several times without reading the record again.
    #[inline(always)]
    pub fn transitions(&self, state: State) -> Transitions {
        let record = &self.records[state as usize];
        Transitions {
            classes: record[0] as u64 | (record[1] as u64) << 32,
            first: record[2] & FIRST,
        }
    }

    /// The step on the byte of class `class` from a state that has a transition on
    /// it (`from.classes` has bit `class`), in an exact automaton, where the class
    /// alone finds the record.
    #[inline(always)]
    pub fn step_exact(&self, from: Transitions, class: u8) -> State {
        debug_assert!(self.exact && from.classes >> class & 1 == 1);
        from.child(class)
    }

    /// Asks the processor to start fetching `state`'s record, to be read a little
    /// later (any `state`: a hint, never a read).
    #[inline(always)]
    pub fn prefetch(&self, state: State) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let record = self.records.as_ptr().wrapping_add(state as usize);
            // SAFETY: a prefetch only hints the cache; it never faults or reads
            // into the program, whatever the address (SSE is in every x86-64).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(record.cast()) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = state;
    }

    /// Everything `state`'s record says, read at once.
    #[inline(always)]
    pub fn node(&self, state: State) -> Node {
        Automaton::decode(&self.records[state as usize])
    }

    /// [`Automaton::node`] without the bounds check, for the solver's hottest loop.
    ///
    /// # Safety
    /// `state` must be a record of this automaton: [`ROOT`], a state a checked step
    /// returned, or `from.child_below(below)` for transitions `from` read from a
    /// record and a class mask `below` whose class `from.classes` holds. Every
    /// automaton is built by [`Automaton::new`] (or viewed by `trusted` after it),
    /// which checks that each record's transitions end within the records, so
    /// such a child is one of them.
    #[inline(always)]
    pub(crate) unsafe fn node_unchecked(&self, state: State) -> Node {
        debug_assert!((state as usize) < self.records.len());
        // SAFETY: the caller's contract, above.
        Automaton::decode(unsafe { self.records.get_unchecked(state as usize) })
    }

    #[inline(always)]
    fn decode(record: &[u32; RECORD_WORDS]) -> Node {
        Node {
            transitions: Transitions {
                classes: record[0] as u64 | (record[1] as u64) << 32,
                first: record[2] & FIRST,
            },
            is_final: record[2] & FINAL != 0,
            output: record[3],
        }
    }

    /// The section as flat arrays, for a device that walks the same records:
    /// the records (four `u32` each), each record's input byte, and the class of
    /// every byte.
    pub fn raw(&self) -> (&'a [u32], &'a [u8], &'a [u8]) {
        (bytemuck::cast_slice(self.records), self.bytes, self.classes)
    }

    /// Does every byte have a class of its own (at most 64 distinct bytes)?
    pub fn is_exact(&self) -> bool {
        self.exact
    }

    /// [`Automaton::step_class`] from a state's [`Transitions`].
    #[inline(always)]
    pub fn step_from(&self, from: Transitions, class: u8, b: u8) -> Option<(State, u32)> {
        let mask = from.classes;
        let bit = 1u64.checked_shl(class as u32)?;
        if mask & bit == 0 {
            return None;
        }
        let mut i = from.first as usize + (mask & (bit - 1)).count_ones() as usize;
        if !self.exact {
            // Classes with several bytes make `i` a lower bound: records are sorted
            // by (class, byte) and the block holds at least one record of `class`,
            // so scan forward past lower classes, then through this class's bytes,
            // never past the block's last record.
            loop {
                let got = *self.bytes.get(i)?;
                let got_class = self.classes[got as usize];
                if got_class == class && got == b {
                    break;
                }
                if got_class > class
                    || got_class == class && got > b
                    || self.records.get(i)?[2] & LAST != 0
                {
                    return None;
                }
                i += 1;
            }
        }
        Some((i as State, self.records.get(i)?[3]))
    }

    /// Does a word end at `state`? (Its output is then the sum of the outputs along
    /// the way.)
    #[inline(always)]
    pub fn is_final(&self, state: State) -> bool {
        self.records[state as usize][2] & FINAL != 0
    }

    /// The transitions leaving `state`, as (input byte, next state, output), in record
    /// order (not always byte order).
    pub fn children(&self, state: State) -> impl Iterator<Item = (u8, State, u32)> + '_ {
        (self.transitions(state).first as usize..self.block_end(state) as usize)
            .map(|i| (self.bytes[i], i as State, self.records[i][3]))
    }

    /// Where the records of `state`'s transitions end (one past the last). In an
    /// exact automaton a bit of the mask each; otherwise up to the record marked
    /// `LAST`, at least one a class and at most `MOST_TRANSITIONS` (in a damaged
    /// file whose mark is missing, the records a class, which
    /// [`Automaton::check_walks`] refuses).
    pub fn block_end(&self, state: State) -> State {
        let from = self.transitions(state);
        let least = from.first + from.classes.count_ones();
        if self.exact || from.classes == 0 {
            return least;
        }
        let most = (from.first + MOST_TRANSITIONS).min(self.len() as u32);
        (least - 1..most)
            .find(|&i| self.records[i as usize][2] & LAST != 0)
            .map_or(least, |last| last + 1)
    }

    /// What names the state a record leads to (the same for every record leading
    /// there): its first record and final bit.
    #[inline(always)]
    pub(crate) fn state_id(record_first_word: u32) -> u32 {
        record_first_word & !LAST
    }

    /// The bytes some transition reads: the alphabet of the dictionary's keys.
    pub fn alphabet(&self) -> [bool; 256] {
        let mut used = [false; 256];
        if self.exact {
            for (b, &class) in self.classes.iter().enumerate() {
                used[b] = class != NO_CLASS;
            }
        } else {
            // Record 0 stands for the root, which no transition leads to.
            for &b in self.bytes.iter().skip(1) {
                used[b as usize] = true;
            }
        }
        used
    }

    /// Does any transition leave `state`?
    #[inline(always)]
    pub fn has_transitions(&self, state: State) -> bool {
        self.transitions(state).classes != 0
    }

    /// The number of records (transitions, plus one for the root).
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Is there no record at all? (Never, for a valid section.)
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Checks that every walk of the automaton ends, and ends soon: no transition
    /// leads back to a state above it (a cycle), every state leads to a word, and no
    /// more than `word_count` paths from the root end in a final state. A walk then
    /// visits at most the prefixes of `word_count` keys, however it branches. In an
    /// exact automaton each transition's output must also be the number of words
    /// before it below its state, so that a word's index is its rank and below
    /// `word_count`. Where bytes share a class, each state's records must be sorted
    /// by (class, byte), cover its mask's classes and no other, and end at the one
    /// record marked `LAST`; in an exact automaton no record is so marked.
    ///
    /// The bounds of every record must have been checked ([`Automaton::new`]). One
    /// pass over the states, depth first, each record read once, with eight bytes of
    /// memory a record (about 2 ms for ENABLE2K's 137,584 records, five times the
    /// check of its blocks' CRCs).
    pub fn check_walks(&self, word_count: u64) -> Result<(), Malformed> {
        let bad = |what: &str| Err(Malformed(what.to_string()));
        if word_count >= ON_PATH as u64 {
            return bad("more words than the outputs can rank");
        }
        let most = word_count;
        // A state is the block of records its transitions take, named by the first:
        // every record leading there must say the same of it (first record, final
        // bit, bits of the class mask) as the first one found, whose `first | FINAL` plus
        // the count is kept in the high half of the block's entry (0 before). The low
        // half: ON_PATH while the state's branch is walked, then the words at and
        // below it.
        let mut states = vec![0u64; self.records.len()];
        let key = |target: u32, count: u32| ((target + count) as u64) << 32;
        // The state whose records are being read (its block, the next record, the
        // words so far: its own and those below the records read), and those above.
        let target = self.records[ROOT as usize][2] & !LAST;
        // A dictionary holds a word, of one letter at least: the root has transitions
        // (and the index of the first is then checked to be in bounds).
        if !self.has_transitions(ROOT) {
            return bad("the root leads to no word");
        }
        let unsound = "a state's records are out of order or end in the wrong place";
        let (mut first, mut next) = (target & FIRST, target & FIRST);
        let Some(mut end) = self.sound_block_end(ROOT) else {
            return bad(unsound);
        };
        let mut words = (target >> 31) as u64;
        let mut path: Vec<(u32, u32, u32, u64)> = Vec::new();
        states[first as usize] =
            key(target, self.transitions(ROOT).classes.count_ones()) | ON_PATH as u64;
        loop {
            while next < end {
                let [low, high, target, output] = self.records[next as usize];
                if self.exact && output as u64 != words {
                    return bad("a transition's output is not the rank of its words");
                }
                if self.exact && target & LAST != 0 {
                    return bad("a record of an exact automaton is marked as a state's last");
                }
                let target = target & !LAST;
                if low | high == 0 {
                    if target & FINAL == 0 {
                        return bad("a state leads to no word");
                    }
                    words += 1;
                } else {
                    let block = target & FIRST;
                    // The mask's bits name the state beside its first record; where
                    // its records end is found (and checked) once, going down.
                    let count = low.count_ones() + high.count_ones();
                    let state = states[block as usize];
                    if state == 0 {
                        // Down into the state.
                        let Some(block_end) = self.sound_block_end(next) else {
                            return bad(unsound);
                        };
                        states[block as usize] = key(target, count) | ON_PATH as u64;
                        path.push((first, next, end, words));
                        (first, next, end) = (block, block, block_end);
                        words = (target >> 31) as u64;
                        continue;
                    }
                    if state >> 32 != key(target, count) >> 32 {
                        return bad("two transitions lead to one state and disagree on it");
                    }
                    if state as u32 == ON_PATH {
                        return bad("a transition leads back to a state above it");
                    }
                    words += state as u32 as u64;
                }
                if words > most {
                    return bad("more paths to a word than words");
                }
                next += 1;
            }
            // Back up: the state's words are known.
            let state = &mut states[first as usize];
            *state = *state & !(u32::MAX as u64) | words;
            let Some(above) = path.pop() else { break };
            let below = words;
            (first, next, end, words) = above;
            words += below;
            if words > most {
                return bad("more paths to a word than words");
            }
            next += 1;
        }
        match words == most {
            true => Ok(()),
            false => bad("the paths to a word are not the word count"),
        }
    }

    /// Where the records of `state`'s transitions end ([`Automaton::block_end`]),
    /// when they are as [`Automaton::check_walks`] needs them: always, in an exact
    /// automaton (whose records the check of outputs covers); otherwise sorted by
    /// (class, byte), of the mask's classes and all of them, and marked `LAST` on the
    /// last record only.
    fn sound_block_end(&self, state: State) -> Option<State> {
        let (from, end) = (self.transitions(state), self.block_end(state));
        if self.exact {
            return Some(end);
        }
        let mut seen = 0u64;
        let mut last_key = None;
        for i in from.first..end {
            let b = self.bytes[i as usize];
            let class = self.classes[b as usize];
            let is_last = self.records[i as usize][2] & LAST != 0;
            if class >= 64 || last_key >= Some((class, b)) || is_last != (i + 1 == end) {
                return None;
            }
            last_key = Some((class, b));
            seen |= 1 << class;
        }
        (seen == from.classes).then_some(end)
    }
}

/// [`Automaton::check_walks`]'s mark of a state whose branch is being walked.
const ON_PATH: u32 = u32::MAX;

const TRANSITIONS_PAST_THE_END: &str = "a state's transitions run past the end";

/// Do the transitions of each record (`records`: the section's records as stored,
/// 16 little-endian bytes each) stay within the `count` records of the section?
pub(crate) fn records_in_bounds(records: &[u8], count: u32) -> bool {
    let Ok(records) = bytemuck::try_cast_slice::<u8, [u8; 16]>(records) else {
        return false;
    };
    let word =
        |r: &[u8; 16], at: usize| u32::from_le_bytes([r[at], r[at + 1], r[at + 2], r[at + 3]]);
    // First without counting bits, which is three times faster: a state whose
    // transitions start at least 64 records before the end ends them in bounds.
    let limit = count.saturating_sub(64);
    let (mut bad, mut near) = (false, false);
    for record in records {
        let has = (word(record, 0) | word(record, 4)) != 0;
        let first = word(record, 8) & FIRST;
        bad |= has & (first == 0);
        near |= has & (first > limit);
    }
    let records = records.iter().map(|r| [word(r, 0), word(r, 4), word(r, 8)]);
    !bad && (!near || transitions_in_bounds(records, count))
}

/// Does each state whose record is `[mask low, mask high, first]` start its
/// transitions after the root's record and end them by the last of `count`? Without
/// branches, so that it runs at the speed of memory.
#[inline(always)]
fn transitions_in_bounds(records: impl Iterator<Item = [u32; 3]>, count: u32) -> bool {
    let mut bad = false;
    for [low, high, first] in records {
        let mask = low as u64 | (high as u64) << 32;
        let first = first & FIRST;
        let end = first as u64 + mask.count_ones() as u64;
        bad |= (mask != 0) & ((first == 0) | (end > count as u64));
    }
    !bad
}

/// Decodes `fst` into an automaton section: little-endian `u32` words (record count,
/// exact flag, class table, records), then each record's input byte (0 for the root).
pub fn encode<D: AsRef<[u8]>>(fst: &Fst<D>) -> (Vec<u32>, Vec<u8>) {
    let (classes, exact) = classes(fst);
    // First pass: number the states and give each a block of records.
    struct Block {
        mask: u64,
        first: u32,
        edges: Vec<(u8, CompiledAddr, u32)>,
    }
    // Depth-first order puts a state's block right after its parent's, so the records
    // along one word sit close together in memory.
    let mut ids: HashMap<CompiledAddr, usize> = HashMap::new();
    let mut stack = vec![fst.root().addr()];
    let mut blocks: Vec<Block> = Vec::new();
    let mut next_record = 1u32;
    while let Some(addr) = stack.pop() {
        if ids.contains_key(&addr) {
            continue;
        }
        ids.insert(addr, blocks.len());
        let node = fst.node(addr);
        let mut edges: Vec<(u8, CompiledAddr, u32)> = node
            .transitions()
            .map(|t| (t.inp, t.addr, t.out.value() as u32))
            .collect();
        edges.sort_by_key(|&(b, ..)| (classes[b as usize], b));
        stack.extend(edges.iter().rev().map(|&(_, addr, _)| addr));
        let mask = edges
            .iter()
            .fold(0u64, |m, &(b, ..)| m | 1 << classes[b as usize]);
        assert_eq!(
            node.final_output().value(),
            0,
            "a word's rank is the sum of the outputs on its path"
        );
        let mut first = if edges.is_empty() { 0 } else { next_record };
        if node.is_final() {
            first |= FINAL;
        }
        next_record += edges.len() as u32;
        assert!(next_record < LAST, "over 2^30 transitions");
        blocks.push(Block { mask, first, edges });
    }
    // Second pass: a record per transition, carrying its target's block.
    let mut records: Vec<u32> = Vec::with_capacity(next_record as usize * RECORD_WORDS);
    let mut bytes: Vec<u8> = Vec::with_capacity(next_record as usize);
    let mut push = |block: &Block, out: u32, b: u8, last: bool| {
        records.extend([
            block.mask as u32,
            (block.mask >> 32) as u32,
            block.first | if last { LAST } else { 0 },
            out,
        ]);
        bytes.push(b);
    };
    push(&blocks[0], 0, 0, false);
    for block in &blocks {
        for (i, &(b, addr, out)) in block.edges.iter().enumerate() {
            let last = !exact && i + 1 == block.edges.len();
            push(&blocks[ids[&addr]], out, b, last);
        }
    }
    let mut words = vec![bytes.len() as u32, exact as u32];
    words.extend(
        classes
            .chunks_exact(4)
            .map(|c| u32::from_ne_bytes(c.try_into().expect("4"))),
    );
    words.extend(records);
    (words, bytes)
}

/// Gives each byte the transitions use a class: its rank when there are at most 64
/// of them (exact), else `b & 63`.
fn classes<D: AsRef<[u8]>>(fst: &Fst<D>) -> ([u8; 256], bool) {
    let mut used = [false; 256];
    let mut stack = vec![fst.root().addr()];
    let mut seen = std::collections::HashSet::new();
    while let Some(addr) = stack.pop() {
        if seen.insert(addr) {
            for t in fst.node(addr).transitions() {
                used[t.inp as usize] = true;
                stack.push(t.addr);
            }
        }
    }
    let mut classes = [NO_CLASS; 256];
    let distinct = used.iter().filter(|&&u| u).count();
    if distinct <= 64 {
        let mut rank = 0;
        for b in 0..256 {
            if used[b] {
                classes[b] = rank;
                rank += 1;
            }
        }
        (classes, true)
    } else {
        for (b, class) in classes.iter_mut().enumerate() {
            *class = (b & 63) as u8;
        }
        (classes, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The quick check of a file's records (no bit counts where they cannot
        /// matter) agrees with the plain one, near the end of the records too.
        #[test]
        fn the_quick_bounds_check_agrees_with_the_plain_one(
            records in proptest::collection::vec((0..4u64, 0..80u32, proptest::bool::ANY), 1..40),
            count in 1..100u32,
            bits in proptest::collection::vec(0..64u32, 0..70),
        ) {
            let mut bytes = Vec::new();
            let mut plain = Vec::new();
            for (i, &(kind, from_end, is_final)) in records.iter().enumerate() {
                // No transitions, one, a few, or many (bits from `bits`).
                let take = [0, 1, 3, 70][kind as usize].min(bits.len());
                let mask = bits.iter().skip(i % 3).take(take).fold(0u64, |m, &b| m | 1 << b);
                let first = count.saturating_sub(from_end) | if is_final { FINAL } else { 0 };
                let words = [mask as u32, (mask >> 32) as u32, first, 7];
                bytes.extend(words.iter().flat_map(|w| w.to_le_bytes()));
                plain.push([words[0], words[1], words[2]]);
            }
            let quick = records_in_bounds(&bytes, count);
            proptest::prop_assert_eq!(quick, transitions_in_bounds(plain.into_iter(), count));
            proptest::prop_assert!(!records_in_bounds(&bytes[1..], count));
        }
    }

    fn fst(words: &[&str]) -> Fst<Vec<u8>> {
        let mut sorted = words.to_vec();
        sorted.sort();
        let map =
            fst::Map::from_iter(sorted.iter().enumerate().map(|(i, w)| (*w, i as u64))).unwrap();
        map.into_fst()
    }

    fn lookup(a: &Automaton, word: &str) -> Option<u32> {
        let mut state = ROOT;
        let mut out = 0;
        for &b in word.as_bytes() {
            let (next, o) = a.step(state, b)?;
            state = next;
            out += o;
        }
        a.is_final(state).then_some(out)
    }

    #[test]
    fn steps_match_the_fst() {
        // After "a", `d` (0x64) and the lead byte 0xE4 of "中" share bit 36.
        let words = [
            "cat", "cats", "dog", "ad", "a中", "a中d", "a䀀", "क", "कd", "é", "ñ", "z",
        ];
        let fst = fst(&words);
        let (w, b) = encode(&fst);
        let a = Automaton::new(&w, &b).unwrap();
        let mut sorted = words.to_vec();
        sorted.sort();
        for (i, word) in sorted.iter().enumerate() {
            assert_eq!(lookup(&a, word), Some(i as u32), "{word}");
        }
        for absent in ["ca", "catz", "do", "x", "a", "ae", "a一", "a中e"] {
            assert_eq!(lookup(&a, absent), None, "{absent}");
        }
        assert!(!a.has_transitions(a.step(ROOT, b'z').unwrap().0));
    }

    #[test]
    fn inexact_automata_check_bytes() {
        // Over 64 distinct bytes: classes are `b & 63`, so 'd' and 'D'... collide.
        let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let mut words: Vec<String> = alphabet.chars().map(|c| format!("x{c}")).collect();
        words.extend(["ad", "a中", "a中d", "a䀀"].map(String::from));
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let fst = fst(&refs);
        let (w, b) = encode(&fst);
        assert_eq!(w[1], 0, "not exact");
        let a = Automaton::new(&w, &b).unwrap();
        let mut sorted = refs.clone();
        sorted.sort();
        for (i, word) in sorted.iter().enumerate() {
            assert_eq!(lookup(&a, word), Some(i as u32), "{word}");
        }
        for absent in ["x", "xé", "a一", "a中e", "\u{7f}"] {
            assert_eq!(lookup(&a, absent), None, "{absent}");
        }
    }

    /// The record a key's path ends on.
    fn record(a: &Automaton, key: &str) -> usize {
        key.bytes().fold(ROOT, |s, b| a.step(s, b).unwrap().0) as usize
    }

    #[test]
    fn sound_automata_pass_the_walks_check() {
        let exact = [
            "cat", "cats", "dog", "ad", "a中", "a中d", "क", "कd", "é", "z",
        ];
        let (w, b) = encode(&fst(&exact));
        let a = Automaton::new(&w, &b).unwrap();
        assert_eq!(a.check_walks(exact.len() as u64), Ok(()));
        // The paths to a word are counted exactly where every byte has a class.
        assert!(a.check_walks(exact.len() as u64 + 1).is_err());
        assert!(a.check_walks(exact.len() as u64 - 1).is_err());
        let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let mut words: Vec<String> = alphabet.chars().map(|c| format!("x{c}")).collect();
        words.extend(["ad", "a中", "a中d", "a䀀"].map(String::from));
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let (w, b) = encode(&fst(&refs));
        let a = Automaton::new(&w, &b).unwrap();
        assert!(!a.is_exact());
        assert_eq!(a.check_walks(words.len() as u64), Ok(()));
        // Every path is seen there too, so the count is exact.
        assert!(a.check_walks(words.len() as u64 + 1).is_err());
        assert!(a.check_walks(words.len() as u64 - 1).is_err());
    }

    /// Where bytes share a class (`d` and the first byte of `中` and `䀀` after
    /// `a`), a state's records are more than its mask's bits: the walk of its
    /// children sees them all, and a step never scans into the next state's.
    #[test]
    fn inexact_states_list_every_transition() {
        let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let mut words: Vec<String> = alphabet.chars().map(|c| format!("x{c}")).collect();
        words.extend(["ad", "a中", "a中d", "a䀀", "ab", "aé"].map(String::from));
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let (w, b) = encode(&fst(&refs));
        let a = Automaton::new(&w, &b).unwrap();
        assert!(!a.is_exact());
        let after_a = a.step(ROOT, b'a').unwrap().0;
        let mut bytes: Vec<u8> = a.children(after_a).map(|(b, ..)| b).collect();
        bytes.sort();
        assert_eq!(bytes, [b'b', b'd', 0xC3, 0xE4]);
        assert_eq!(a.block_end(after_a) - a.transitions(after_a).first(), 4);
        let after_x = a.step(ROOT, b'x').unwrap().0;
        assert_eq!(a.children(after_x).count(), alphabet.len());
        // The last record of each block, and only it, is marked.
        for state in [ROOT, after_a, after_x] {
            let (first, end) = (a.transitions(state).first(), a.block_end(state));
            for i in first..end {
                let marked = a.records[i as usize][2] & LAST != 0;
                assert_eq!(marked, i + 1 == end, "record {i}");
            }
        }
        // An exact automaton marks none.
        let (w, b) = encode(&fst(&["cat", "dog", "a中"]));
        let exact = Automaton::new(&w, &b).unwrap();
        assert!(exact.records.iter().all(|r| r[2] & LAST == 0));
    }

    #[test]
    fn a_misplaced_last_mark_fails_the_walks_check() {
        let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        let mut words: Vec<String> = alphabet.chars().map(|c| format!("x{c}")).collect();
        words.extend(["ad", "a中", "a䀀"].map(String::from));
        let refs: Vec<&str> = words.iter().map(String::as_str).collect();
        let (w, b) = encode(&fst(&refs));
        let a = Automaton::new(&w, &b).unwrap();
        let after_x = a.step(ROOT, b'x').unwrap().0;
        let first = a.transitions(after_x).first() as usize;
        // The mark moved from the last of `x`'s records to its first.
        let mut moved = w.clone();
        moved[PREFIX_WORDS + RECORD_WORDS * first + 2] |= LAST;
        let end = first + alphabet.len() - 1;
        moved[PREFIX_WORDS + RECORD_WORDS * end + 2] &= !LAST;
        let check = Automaton::new(&moved, &b)
            .unwrap()
            .check_walks(words.len() as u64);
        assert!(check.is_err());
        // A mark in an exact automaton.
        let (mut w, b) = encode(&fst(&["cat", "dog"]));
        w[PREFIX_WORDS + RECORD_WORDS + 2] |= LAST;
        let check = Automaton::new(&w, &b).unwrap().check_walks(2);
        assert_eq!(
            check.unwrap_err().0,
            "a record of an exact automaton is marked as a state's last"
        );
    }

    #[test]
    fn forged_automata_fail_the_walks_check() {
        let words = ["cat", "cats", "dog", "dogs", "act"];
        let (w, b) = encode(&fst(&words));
        let a = Automaton::new(&w, &b).unwrap();
        let at = |key: &str| PREFIX_WORDS + RECORD_WORDS * record(&a, key);
        let check = |w: &[u32]| Automaton::new(w, &b).unwrap().check_walks(5).unwrap_err().0;
        // The `t` of `cat` leads back to the root: a cycle.
        let mut cycle = w.clone();
        cycle.copy_within(PREFIX_WORDS..PREFIX_WORDS + 3, at("cat"));
        assert_eq!(check(&cycle), "a transition leads back to a state above it");
        // The same, final: a record that disagrees with the root's on its state.
        cycle[at("cat") + 2] |= FINAL;
        assert_eq!(
            check(&cycle),
            "two transitions lead to one state and disagree on it"
        );
        // `a` leads where `c` does: `cat` and `cats` before `cat`'s output says.
        let mut fork = w.clone();
        fork.copy_within(at("c")..at("c") + 3, at("a"));
        assert_eq!(
            check(&fork),
            "a transition's output is not the rank of its words"
        );
        // A state that leads nowhere.
        let mut dead = w.clone();
        dead[at("act") + 2] &= !FINAL;
        assert_eq!(check(&dead), "a state leads to no word");
    }

    /// A root without transitions (its first record anywhere) is no dictionary
    /// (fuzz/seeds/lexicon/root-without-transitions).
    #[test]
    fn a_root_without_transitions_fails_the_walks_check() {
        let (mut w, b) = encode(&fst(&["ab", "b"]));
        w[PREFIX_WORDS] = 0;
        w[PREFIX_WORDS + 1] = 0;
        w[PREFIX_WORDS + 2] = 0x1000_0001;
        let a = Automaton::new(&w, &b).unwrap();
        assert_eq!(a.check_walks(2).unwrap_err().0, "the root leads to no word");
    }

    #[test]
    fn rejects_out_of_bounds_sections() {
        let (mut w, b) = encode(&fst(&["ab", "b"]));
        assert!(Automaton::new(&w, &b).is_ok());
        assert!(Automaton::new(&w[..w.len() - 1], &b).is_err());
        w[PREFIX_WORDS + 2] = 1000; // the root's first record

        assert!(Automaton::new(&w, &b).is_err());
    }
}
