//! Reading an automaton section in place: a state's record, a step from it, its
//! transitions. [`super::check`] makes the views; [`super::encode`] writes sections.

/// The bit of a record's `first` word that marks its state final.
pub(super) const FINAL: u32 = 1 << 31;
/// The bit of a record's `first` word that marks the last record of a state's block,
/// in an automaton whose bytes share classes (never set in an exact one). It says
/// where the record itself lies, not where it leads: records leading to one state
/// may differ in it.
pub(crate) const LAST: u32 = 1 << 30;
/// The bits of a record's `first` word that hold the index of the first record.
pub(super) const FIRST: u32 = LAST - 1;
/// The most transitions a state can have: one per byte.
pub(crate) const MOST_TRANSITIONS: u32 = 256;
/// The class of a byte that no transition uses (exact automata only).
pub const NO_CLASS: u8 = u8::MAX;
/// Words before the records: record count, exact flag, 256 class bytes.
pub(crate) const PREFIX_WORDS: usize = 2 + 64;
pub(super) const RECORD_WORDS: usize = 4;

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
    pub(super) first: u32,
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
    pub(super) records: &'a [[u32; RECORD_WORDS]],
    pub(super) bytes: &'a [u8],
    pub(super) classes: &'a [u8],
    pub(super) exact: bool,
}

impl<'a> Automaton<'a> {
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
    pub(super) fn decode(record: &[u32; RECORD_WORDS]) -> Node {
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
}
