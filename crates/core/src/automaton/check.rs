//! Checking an automaton section before it is read: every index in bounds, every
//! walk finite and counted (the checks [`Automaton::new`] and
//! [`Automaton::check_walks`] make of a file's section).

use super::read::{Automaton, State, FINAL, FIRST, RECORD_WORDS};
use super::{Malformed, LAST, NO_CLASS, PREFIX_WORDS, ROOT};

impl<'a> Automaton<'a> {
    /// Views a section's words (see [`super::encode`]) after checking that every index in
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
pub(super) fn transitions_in_bounds(records: impl Iterator<Item = [u32; 3]>, count: u32) -> bool {
    let mut bad = false;
    for [low, high, first] in records {
        let mask = low as u64 | (high as u64) << 32;
        let first = first & FIRST;
        let end = first as u64 + mask.count_ones() as u64;
        bad |= (mask != 0) & ((first == 0) | (end > count as u64));
    }
    !bad
}
