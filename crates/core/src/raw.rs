//! The low level, for code that walks a dictionary itself: the automaton's records as
//! [`Lexicon::automaton`](crate::Lexicon::automaton) hands them out, and the step from
//! one to the next. A GPU kernel ([`Automaton::raw`]'s arrays) and the prover's bound
//! walk it; everything else goes through [`Solver`](crate::Solver) and
//! [`query`](crate::query). The layout is the file's (docs/dictionary-format.md); the
//! module is what `fst::raw` is to `fst`.
//!
//! # The automaton
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
//! the memory map. The engine owns that derivation and the step; the walk itself is
//! [`crate::solve`]'s.
//!
//! # Walking it
//!
//! ```
//! use polyboggle::raw::ROOT;
//! use polyboggle::Lexicon;
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let automaton = lexicon.automaton();
//! let mut state = ROOT;
//! for b in "cat".bytes() {
//!     state = automaton.step(state, b).expect("a prefix of a word").0;
//! }
//! assert!(automaton.is_final(state));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::automaton::{
    encode, Automaton, Malformed, Node, State, Transitions, NO_CLASS, ROOT,
};
