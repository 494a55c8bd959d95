//! The walk under every query: a depth-first search over a dictionary's automaton,
//! a grapheme cluster at a time, in key order, that a [`Matcher`] steers.
//!
//! The automaton reads bytes; queries speak of letters (grapheme clusters) and faces.
//! The walk assembles characters from bytes and clusters from characters (deciding
//! each boundary as `unicode-segmentation` does, with the whole key so far as
//! context), hands the matcher each finished cluster, and asks it before going
//! deeper whether a cluster that starts so can still lead to a match. A branch the
//! matcher refuses is never entered, so a query visits only the part of the
//! dictionary that can match it, not every word.
//!
//! A pattern such as `*ing` refuses nothing early: every prefix might still end in
//! `ing`. But the automaton is a graph in which countless prefixes lead to the same
//! state (every word ending `-ness` shares that ending's states), so the walk
//! remembers the (state, matcher state) pairs whose branch held no match and skips
//! them when another prefix leads there again. That is only sound where what lies
//! below depends on nothing else: after a letter no grapheme rule looks back past
//! (Latin, Greek, Cyrillic), with no tier or length bound that depends on the prefix.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use unicode_segmentation::GraphemeCursor;

use crate::automaton::{self, Automaton, State};
use crate::{Lexicon, LexiconError};

/// A query compiled to something the walk can steer by.
pub(crate) trait Matcher {
    /// What the matcher knows after some clusters.
    type State: Clone + Eq + Hash;
    /// The state before any cluster.
    fn start(&self) -> Self::State;
    /// The state after one more cluster, or `None` when nothing that starts with the
    /// clusters so far can match.
    fn step(&self, state: &Self::State, cluster: &str) -> Option<Self::State>;
    /// Does a word ending here match?
    fn accepts(&self, state: &Self::State) -> bool;
    /// Can a cluster that starts with `partial` be stepped from `state`? Only for
    /// pruning: `true` is always a safe answer.
    fn may_start(&self, _state: &Self::State, _partial: &str) -> bool {
        true
    }
    /// The first bytes a cluster stepped from `state` may begin with, a bit each
    /// (byte `b` is bit `b % 64` of word `b / 64`). Only for pruning: all set (the
    /// default) is always safe. The walk asks it where the next character surely
    /// starts a cluster, and skips a character below U+0300 whose first byte is not
    /// in it before reading any more of it.
    fn leads(&self, _state: &Self::State) -> Leads {
        [u64::MAX; 4]
    }
    /// Should the walk remember branches without a match? Worth it where states
    /// are small and repeat (patterns, regexes), not where they carry a whole row or
    /// rack.
    fn remembers(&self) -> bool {
        false
    }
}

/// A set of bytes, a bit each: see [`Matcher::leads`].
pub(crate) type Leads = [u64; 4];

/// A word the walk found.
#[derive(Clone, Copy, Debug)]
pub struct Hit<'k> {
    /// The word's key (normalized, as stored).
    pub key: &'k str,
    /// Its index in the dictionary's sorted order.
    pub index: u64,
    /// Its length in grapheme clusters.
    pub len: usize,
}

/// Which words a walk may report, besides the matcher's say.
pub(crate) struct Bounds<'f> {
    pub min_len: usize,
    pub max_len: usize,
    /// A last test on the word's index (tiers), when there is one.
    pub index: Option<&'f dyn Fn(u64) -> bool>,
}

/// No key is longer than this many bytes (a walk stops there).
const MAX_KEY_BYTES: usize = 8 * 1024;
/// A forged file's automaton may loop, or branch into more paths than it has words.
/// A walk of a dictionary whose automaton is not known to be sound yet (opened
/// lazily) checks it ([`Lexicon::check_walks`]) before it goes on past this many
/// nodes beyond one a record, or deeper than this many key bytes or than the
/// automaton's records (no path of an automaton without a cycle is longer): an
/// honest automaton rarely makes a walk go so far, and the check then costs less than
/// the walk so far.
const VISITS_BEFORE_CHECK: u64 = 1 << 16;
const KEY_BYTES_BEFORE_CHECK: usize = 512;
/// The most branches without a match a walk remembers.
const MAX_REMEMBERED: usize = 1 << 22;

/// One character leaving a state: its UTF-8 bytes, the state after them and the
/// outputs collected on the way but for the last byte's: that one is read from the
/// state's record when the walk enters it, so a character the matcher refuses
/// costs no read of its record.
#[derive(Clone, Copy)]
pub(super) struct CharEdge {
    pub(super) bytes: [u8; 4],
    pub(super) len: u8,
    /// The character the bytes spell (set once they are all read).
    pub(super) letter: char,
    pub(super) state: State,
    pub(super) output: u64,
}

/// A branch without a match: the node (low 32 bits), the pending letter plus one
/// (0 when the matcher's state is the one after it; next 32 bits), the matcher's
/// state's number (high 64 bits).
type DeadKey = u128;

/// Walks `lexicon` under `matcher`, calling `visit` on each match in key order until
/// it breaks. Each block of records is checked the first time the walk reads it (a
/// no-op for a [`Lexicon`], checked whole when opened); a damaged one ends the walk
/// with its error.
pub(crate) fn walk<M: Matcher + Sync>(
    lexicon: &Lexicon,
    matcher: &M,
    bounds: &Bounds<'_>,
    visit: &mut dyn FnMut(Hit<'_>) -> ControlFlow<()>,
) -> Result<(), LexiconError>
where
    M::State: Send,
{
    walk_with(
        lexicon,
        matcher,
        bounds,
        visit,
        Some(SPLIT_AFTER),
        MAX_BUFFERED,
    )
}

/// [`walk`], going on with a second thread once it has run `split_after` (see
/// [`Walk::split`]; never when `None`), which holds at most `buffered` words.
fn walk_with<M: Matcher + Sync>(
    lexicon: &Lexicon,
    matcher: &M,
    bounds: &Bounds<'_>,
    visit: &mut dyn FnMut(Hit<'_>) -> ControlFlow<()>,
    split_after: Option<Duration>,
    buffered: usize,
) -> Result<(), LexiconError>
where
    M::State: Send,
{
    lexicon.check_root()?;
    let mut walk = Walk::new(lexicon, matcher, bounds, visit, None);
    let start = matcher.start();
    // WebAssembly in a browser has no threads and no clock (`Instant::now` panics
    // there): one thread walks the whole.
    let splits = bounds.index.is_none()
        && !walk.automaton.is_final(automaton::ROOT)
        && !cfg!(target_family = "wasm");
    let _ = match split_after.filter(|_| splits) {
        Some(after) => walk.split(&start, after, buffered),
        None => walk.node(automaton::ROOT, 0, &start, 0, 0),
    };
    walk.fault.map_or(Ok(()), Err)
}

/// How long a walk runs alone before a second thread (where the process has two
/// cores) shares the rest: a query that takes less is not worth a thread.
const SPLIT_AFTER: Duration = Duration::from_millis(2);

/// Words a split walk holds ahead of their turn, at most: a branch that would pass
/// it stops, and is walked again in its turn.
const MAX_BUFFERED: usize = 1 << 18;

pub(super) struct Walk<'w, 'v, M: Matcher> {
    /// The dictionary, whose blocks are checked as the walk reads them.
    pub(super) lexicon: &'w Lexicon,
    /// The damaged block that ended the walk.
    pub(super) fault: Option<LexiconError>,
    pub(super) automaton: Automaton<'w>,
    pub(super) matcher: &'w M,
    pub(super) bounds: &'w Bounds<'w>,
    max_len: usize,
    /// The key so far: complete characters only, between calls to `node`.
    key: String,
    /// Each depth's character edges, kept to be reused.
    scratch: Vec<Vec<CharEdge>>,
    pub(super) visit: &'v mut dyn FnMut(Hit<'_>) -> ControlFlow<()>,
    /// Whether to remember branches without a match (see the module's comment).
    remember: bool,
    /// Branches without a match (see [`Walk::memo_key`]).
    dead: HashSet<DeadKey, BuildHasherDefault<Quick>>,
    /// A number for each matcher state the memo has met, so that its keys are
    /// small and quick to hash whatever the matcher's states are.
    numbers: HashMap<M::State, u64, BuildHasherDefault<Quick>>,
    /// The automaton's records as words, to name nodes.
    records: &'w [u32],
    /// Matches so far, to tell whether a branch had any.
    hits: u64,
    /// Set by the other thread of a split walk when this one's words are no longer
    /// wanted.
    cancel: Option<&'w AtomicBool>,
    /// Nodes to visit before the automaton's walks must be known to end (`u64::MAX`
    /// once they are), and the deepest key before then: see [`VISITS_BEFORE_CHECK`].
    unchecked_visits: u64,
    unchecked_depth: usize,
}

impl<'w, 'v, M: Matcher> Walk<'w, 'v, M> {
    pub(super) fn new(
        lexicon: &'w Lexicon,
        matcher: &'w M,
        bounds: &'w Bounds<'w>,
        visit: &'v mut dyn FnMut(Hit<'_>) -> ControlFlow<()>,
        cancel: Option<&'w AtomicBool>,
    ) -> Self {
        let longest = lexicon.header().max_len as usize;
        let records = lexicon.automaton().len();
        let unchecked_visits = match lexicon.walks_end() {
            true => u64::MAX,
            false => records as u64 + VISITS_BEFORE_CHECK,
        };
        Walk {
            remember: matcher.remembers()
                && bounds.min_len <= 1
                && bounds.max_len >= longest
                && bounds.index.is_none(),
            dead: HashSet::default(),
            numbers: HashMap::default(),
            hits: 0,
            automaton: lexicon.automaton(),
            records: lexicon.automaton().raw().0,
            matcher,
            bounds,
            max_len: bounds.max_len.min(longest),
            key: String::with_capacity(64),
            scratch: Vec::new(),
            visit,
            lexicon,
            fault: None,
            cancel,
            unchecked_visits,
            unchecked_depth: KEY_BYTES_BEFORE_CHECK.min(records),
        }
    }

    /// The root's words below `edges` (characters leaving the root, whose clusters
    /// the matcher may start), in order.
    pub(super) fn below_root(&mut self, edges: &[CharEdge], start: &M::State) -> ControlFlow<()> {
        for edge in edges {
            self.key.clear();
            self.key.push(edge.letter);
            if self.max_len >= 1 {
                self.node(edge.state, self.rank_after(0, edge), start, 0, 1)?;
            }
        }
        self.key.clear();
        ControlFlow::Continue(())
    }

    /// Visits the state reached by `self.key`. `matched` is the matcher's state after
    /// every finished cluster; the key's last cluster, from byte `pending` on (none
    /// when `pending` is the key's length), may still grow. `clusters` counts the
    /// finished clusters and the pending one.
    fn node(
        &mut self,
        state: State,
        rank: u64,
        matched: &M::State,
        pending: usize,
        clusters: usize,
    ) -> ControlFlow<()> {
        // The records this node's transitions lead to are read below: check them.
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return ControlFlow::Break(());
        }
        if let Err(e) = self.lexicon.check_children(&self.automaton, state) {
            self.fault = Some(e);
            return ControlFlow::Break(());
        }
        if self.unchecked_visits != u64::MAX {
            self.unchecked_visits = self.unchecked_visits.saturating_sub(1);
            if self.unchecked_visits == 0 || self.key.len() >= self.unchecked_depth {
                if let Err(e) = self.lexicon.check_walks() {
                    self.fault = Some(e);
                    return ControlFlow::Break(());
                }
                self.unchecked_visits = u64::MAX;
            }
        }
        let (key, done) = match self.memo_key(state, matched, pending) {
            None => return self.branch(state, rank, matched, pending, clusters, None),
            // The letter alone leaves the matcher nothing: no match below.
            Some((_, Some(None))) => return ControlFlow::Continue(()),
            Some(found) => found,
        };
        if self.dead.contains(&key) {
            return ControlFlow::Continue(());
        }
        let hits = self.hits;
        let flow = self.branch(state, rank, matched, pending, clusters, done);
        if flow.is_continue() && self.hits == hits && self.dead.len() < MAX_REMEMBERED {
            self.dead.insert(key);
        }
        flow
    }

    /// What decides the branch below `state` when the walk remembers: the node (the
    /// automaton's state, whichever transition led there) and what the matcher knows.
    ///
    /// The pending cluster must be one letter after which no grapheme rule looks
    /// back. When every character leaving the node is below U+0300 (none extends a
    /// cluster), that letter is a cluster of its own: the key holds the matcher's
    /// state after it, which is also returned, and the letter itself does not
    /// matter. Otherwise the key holds the letter and the state before it.
    fn memo_key(
        &mut self,
        state: State,
        matched: &M::State,
        pending: usize,
    ) -> Option<(DeadKey, Option<Option<M::State>>)> {
        if !self.remember || self.numbers.len() >= MAX_REMEMBERED {
            return None;
        }
        let letter = last_char(&self.key[pending..])?;
        let node = self.node_id(state);
        let alone = letter < '\u{300}'
            && self
                .automaton
                .children(state)
                .all(|(byte, _, _)| byte < 0xcc);
        Some(if alone {
            let mut buf = [0; 4];
            let done = self.matcher.step(matched, letter.encode_utf8(&mut buf));
            // A key without the state when there is none: such a key is never used.
            let number = done.as_ref().map_or(0, |done| self.number(done));
            (dead_key(node, 0, number), Some(done))
        } else {
            let number = self.number(matched);
            (dead_key(node, letter as u32 + 1, number), None)
        })
    }

    /// The matcher state's number, given it the first time it is met.
    fn number(&mut self, state: &M::State) -> u64 {
        let next = self.numbers.len() as u64;
        if let Some(&number) = self.numbers.get(state) {
            return number;
        }
        self.numbers.insert(state.clone(), next);
        next
    }

    /// The automaton's node `state` leads to: the record word naming its first
    /// transition and whether it is final, the same for every transition into it.
    fn node_id(&self, state: State) -> u32 {
        Automaton::state_id(self.records[state as usize * 4 + 2])
    }

    /// [`Walk::node`] after the check of what is remembered.
    fn branch(
        &mut self,
        state: State,
        rank: u64,
        matched: &M::State,
        pending: usize,
        clusters: usize,
        mut finished: Option<Option<M::State>>,
    ) -> ControlFlow<()> {
        // The state after the pending cluster, worked out once for every branch that
        // starts a new cluster (and for a word ending here), unless the caller did.
        let matcher = self.matcher;
        let finish = |key: &str| -> Option<M::State> {
            if pending == key.len() {
                return Some(matched.clone());
            }
            matcher.step(matched, &key[pending..])
        };
        if self.automaton.is_final(state) && clusters >= self.bounds.min_len {
            let done = finished.get_or_insert_with(|| finish(&self.key));
            if let Some(done) = done {
                let index_ok = self.bounds.index.is_none_or(|f| f(rank));
                if index_ok && self.matcher.accepts(done) {
                    self.hits += 1;
                    (self.visit)(Hit {
                        key: &self.key,
                        index: rank,
                        len: clusters,
                    })?;
                }
            }
        }
        if self.key.len() >= MAX_KEY_BYTES || !self.automaton.has_transitions(state) {
            return ControlFlow::Continue(());
        }

        let depth = self.key.len();
        // A character below U+0300 after one below U+0300 (but CR) starts a cluster:
        // one the matcher cannot start from here is skipped by its first byte.
        let leads = match self.key.chars().next_back() {
            Some(last) if last >= '\u{300}' || last == '\r' => None,
            _ => Some(
                finished
                    .get_or_insert_with(|| finish(&self.key))
                    .as_ref()
                    .map_or([0; 4], |done| self.matcher.leads(done)),
            ),
        };
        let mut edges = self.take_scratch(depth);
        if let Err(e) = self.char_edges(state, leads.as_ref(), &mut edges) {
            self.fault = Some(e);
            self.scratch[depth] = edges;
            return ControlFlow::Break(());
        }
        let mut flow = ControlFlow::Continue(());
        for edge in &edges {
            let starts_cluster = starts_cluster(&self.key, edge.letter);
            self.key.push(edge.letter);
            if starts_cluster {
                let done = finished.get_or_insert_with(|| finish(&self.key[..depth]));
                let new_clusters = clusters + 1;
                if let Some(done) = done.as_ref() {
                    if new_clusters <= self.max_len
                        && self.matcher.may_start(done, &self.key[depth..])
                    {
                        flow = self.node(
                            edge.state,
                            self.rank_after(rank, edge),
                            done,
                            depth,
                            new_clusters,
                        );
                    }
                }
            } else if self.matcher.may_start(matched, &self.key[pending..]) {
                flow = self.node(
                    edge.state,
                    self.rank_after(rank, edge),
                    matched,
                    pending,
                    clusters,
                );
            }
            self.key.truncate(depth);
            if flow.is_break() {
                break;
            }
        }
        self.scratch[depth] = edges;
        flow
    }

    /// The rank at the state `edge` leads to, from the rank at the state it leaves.
    fn rank_after(&self, rank: u64, edge: &CharEdge) -> u64 {
        rank + edge.output + self.automaton.node(edge.state).output as u64
    }

    fn take_scratch(&mut self, depth: usize) -> Vec<CharEdge> {
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Vec::new);
        }
        let mut edges = std::mem::take(&mut self.scratch[depth]);
        edges.clear();
        edges
    }

    /// The characters leaving `state`, in byte order (so the walk goes in key order),
    /// but those below U+0300 whose first byte is not in `leads`.
    pub(super) fn char_edges(
        &self,
        state: State,
        leads: Option<&Leads>,
        edges: &mut Vec<CharEdge>,
    ) -> Result<(), LexiconError> {
        // The walk reads the records of the states its characters lead to (their
        // outputs, their own edges): ask for them all at once, not one miss at a time.
        // Bytes 0x00 to 0xCB begin the characters below U+0300.
        let refused = |byte: u8| {
            leads.is_some_and(|l| byte < 0xcc && l[byte as usize / 64] >> (byte % 64) & 1 == 0)
        };
        for (byte, next, _) in self.automaton.children(state) {
            if !refused(byte) {
                self.automaton.prefetch(next);
            }
        }
        for (byte, next, _) in self.automaton.children(state) {
            if refused(byte) {
                continue;
            }
            let len = match byte {
                0x00..=0x7f => 1,
                0xc0..=0xdf => 2,
                0xe0..=0xef => 3,
                0xf0..=0xf7 => 4,
                _ => continue, // not the start of a character: a damaged file
            };
            let mut edge = CharEdge {
                bytes: [byte, 0, 0, 0],
                len,
                letter: '\0',
                state: next,
                output: 0,
            };
            self.continue_char(&mut edge, 1, edges)?;
        }
        if !self.automaton.is_exact() {
            // Records are in (class, byte) order there, not byte order.
            edges.sort_unstable_by_key(|e| e.bytes);
        }
        Ok(())
    }

    /// Follows the continuation bytes of a character whose first `have` bytes `edge`
    /// holds.
    fn continue_char(
        &self,
        edge: &mut CharEdge,
        have: u8,
        edges: &mut Vec<CharEdge>,
    ) -> Result<(), LexiconError> {
        if have == edge.len {
            let letter = match edge.bytes[0] {
                ascii @ 0..0x80 => Some(ascii as char),
                _ => std::str::from_utf8(&edge.bytes[..have as usize])
                    .ok()
                    .and_then(|text| text.chars().next()),
            };
            // Bytes that spell no character (a damaged file) lead to no word.
            if let Some(letter) = letter {
                edges.push(CharEdge { letter, ..*edge });
            }
            return Ok(());
        }
        let state = edge.state;
        self.lexicon.check_children(&self.automaton, state)?;
        let output = edge.output + self.automaton.node(state).output as u64;
        for (byte, next, _) in self.automaton.children(state) {
            if byte & 0xc0 != 0x80 {
                continue;
            }
            edge.bytes[have as usize] = byte;
            edge.state = next;
            edge.output = output;
            self.continue_char(edge, have + 1, edges)?;
        }
        edge.bytes[have as usize] = 0;
        Ok(())
    }
}

fn dead_key(node: u32, letter: u32, number: u64) -> DeadKey {
    node as u128 | (letter as u128) << 32 | (number as u128) << 64
}

/// A quick hash for the remembered branches (FxHash's multiply and rotate): their
/// keys are small integers and bit sets, and no adversary chooses them.
#[derive(Default)]
struct Quick(u64);

impl Hasher for Quick {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The pending cluster's one character, when it is a letter after which the
/// grapheme rules need no more context: ASCII, Latin, Greek, Cyrillic (no
/// prepended, regional-indicator, emoji or Indic conjunct character is below
/// U+0530).
fn last_char(pending: &str) -> Option<char> {
    let mut chars = pending.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c < '\u{530}' && c.is_alphabetic() => Some(c),
        _ => None,
    }
}

/// Does the character `next` start a new grapheme cluster after `key`?
fn starts_cluster(key: &str, next: char) -> bool {
    let Some(last) = key.chars().next_back() else {
        return true;
    };
    // Two characters below U+0300 (ASCII, Latin) share a cluster only as CR LF: no
    // combining mark, joiner or prepended character is among them.
    if last < '\u{300}' && next < '\u{300}' {
        return !(last == '\r' && next == '\n');
    }
    let mut joined = String::with_capacity(key.len() + next.len_utf8());
    joined.push_str(key);
    joined.push(next);
    GraphemeCursor::new(key.len(), joined.len(), true)
        .is_boundary(&joined, 0)
        .unwrap_or(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Profile;
    use unicode_segmentation::UnicodeSegmentation;

    /// Accepts everything, and records the clusters it was handed.
    struct Everything;

    impl Matcher for Everything {
        type State = Vec<String>;
        fn start(&self) -> Vec<String> {
            Vec::new()
        }
        fn step(&self, state: &Vec<String>, cluster: &str) -> Option<Vec<String>> {
            let mut state = state.clone();
            state.push(cluster.to_string());
            Some(state)
        }
        fn accepts(&self, _: &Vec<String>) -> bool {
            true
        }
    }

    /// The shortcut for letters below U+0300 says what the grapheme rules say.
    #[test]
    fn boundaries_below_combining_marks_agree_with_unicode() {
        let below: Vec<char> = (0..0x300).filter_map(char::from_u32).collect();
        let after = below
            .iter()
            .step_by(5)
            .chain(&['\n', '\r', '\u{301}', '\u{200d}']);
        for &first in &below {
            for &next in after.clone() {
                let pair = format!("{first}{next}");
                let apart = pair.graphemes(true).count() == 2;
                assert_eq!(starts_cluster(&first.to_string(), next), apart, "{pair:?}");
            }
        }
    }

    #[test]
    fn visits_every_word_in_order_with_its_index_and_clusters() {
        let words = ["queue", "क्षमा", "añо", "ab", "a\u{301}b", "ıi̇", "zz"];
        let lexicon = Lexicon::from_words(words, &Profile::default()).unwrap();
        let bounds = Bounds {
            min_len: 0,
            max_len: usize::MAX,
            index: None,
        };
        let mut seen = Vec::new();
        walk(&lexicon, &Everything, &bounds, &mut |hit| {
            seen.push((hit.key.to_string(), hit.index, hit.len));
            ControlFlow::Continue(())
        })
        .unwrap();
        let expected: Vec<_> = lexicon
            .words()
            .enumerate()
            .map(|(i, w)| {
                let len = w.graphemes(true).count();
                (w, i as u64, len)
            })
            .collect();
        assert_eq!(seen, expected);
    }

    /// Every hit of a walk, in order, stopping after `limit`.
    fn hits(
        lexicon: &Lexicon,
        split_after: Option<Duration>,
        buffered: usize,
        limit: usize,
    ) -> Vec<(String, u64, usize)> {
        let bounds = Bounds {
            min_len: 0,
            max_len: usize::MAX,
            index: None,
        };
        let mut seen = Vec::new();
        walk_with(
            lexicon,
            &Everything,
            &bounds,
            &mut |hit| {
                seen.push((hit.key.to_string(), hit.index, hit.len));
                match seen.len() < limit {
                    true => ControlFlow::Continue(()),
                    false => ControlFlow::Break(()),
                }
            },
            split_after,
            buffered,
        )
        .unwrap();
        seen
    }

    /// Two threads give what one gives: every word, or the first few, whether the
    /// second thread's words fit its buffer or it has to walk them again, whether the
    /// split comes at once or after some of the root's branches (a time, so wherever
    /// the machine's speed puts it).
    #[test]
    fn a_split_walk_gives_what_one_thread_gives() {
        let english = Lexicon::builtin("enable2k").unwrap();
        let mut words: Vec<String> = english.words().step_by(23).collect();
        words.extend(["क्षमा", "añо", "a\u{301}b", "ıi̇", "ñandú", "ßa", "zz"].map(String::from));
        let lexicon = Lexicon::from_words(&words, &Profile::default()).unwrap();
        let all = hits(&lexicon, None, 0, usize::MAX);
        assert_eq!(all.len(), lexicon.word_count());
        for limit in [usize::MAX, 1, 10, all.len() / 2, all.len() - 1] {
            let one = hits(&lexicon, None, 0, limit);
            assert_eq!(one, all[..limit.min(all.len())]);
            for after in [0, 300].map(Duration::from_micros) {
                for buffered in [MAX_BUFFERED, 3, 0] {
                    assert_eq!(
                        hits(&lexicon, Some(after), buffered, limit),
                        one,
                        "limit {limit}, after {after:?}, buffer {buffered}"
                    );
                }
            }
        }
    }
}
