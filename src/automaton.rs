//! The solver's automaton: the dictionary's FST decoded into flat, fixed-width arrays.
//!
//! The FST is compact but variable-width: every step decodes a node's header and
//! searches its packed transitions. The solver steps millions of times a second, so
//! each compiled dictionary also carries the same automaton (same states, same
//! transitions, same outputs) in a form a step can read with a few loads:
//!
//! - a node is four `u32`: a 64-bit mask with bit `b & 63` set for each input byte `b`
//!   it has a transition on, the index of its first transition, and its final output
//!   (`u32::MAX` when the state is not final);
//! - transitions are sorted by `(b & 63, b)`, so the transition for `b` is at
//!   `first + popcount(mask below bit b & 63)`; its byte is checked, and the rare
//!   bytes that share `b & 63` within one node follow it;
//! - a transition is two `u32` (target node, output) plus its input byte.
//!
//! Lower-case ASCII letters map to distinct bits, so English never collides. The
//! section is derived from the FST when a dictionary is compiled, covered by the
//! file's checksum, and read in place from the memory map. This module owns that
//! derivation and the step; the walk itself is [`crate::solve`]'s.

use std::collections::HashMap;

use fst::raw::{CompiledAddr, Fst};

/// Marks a node that is not final.
const NOT_FINAL: u32 = u32::MAX;
const NODE_WORDS: usize = 4;
const TRANS_WORDS: usize = 2;

/// A state of the automaton (the root is 0).
pub type State = u32;

/// Why an automaton section cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed(pub String);

/// A read-only view of an automaton section.
#[derive(Clone, Copy)]
pub struct Automaton<'a> {
    nodes: &'a [u32],
    trans: &'a [u32],
    bytes: &'a [u8],
}

#[inline]
fn class_bit(b: u8) -> u64 {
    1u64 << (b & 63)
}

impl<'a> Automaton<'a> {
    /// Views a section's words (see [`encode`]) after checking that every index in
    /// it stays in bounds, so no later step can panic or read the wrong node.
    pub fn new(words: &'a [u32], bytes: &'a [u8]) -> Result<Automaton<'a>, Malformed> {
        let bad = |what: &str| Malformed(what.to_string());
        let (&node_count, rest) = words.split_first().ok_or_else(|| bad("empty section"))?;
        let (&trans_count, rest) = rest.split_first().ok_or_else(|| bad("short section"))?;
        let (node_count, trans_count) = (node_count as usize, trans_count as usize);
        let node_words = node_count.checked_mul(NODE_WORDS).ok_or_else(|| bad("size"))?;
        let trans_words = trans_count.checked_mul(TRANS_WORDS).ok_or_else(|| bad("size"))?;
        if node_count == 0 || rest.len() != node_words + trans_words || bytes.len() != trans_count {
            return Err(bad("section sizes do not add up"));
        }
        let automaton = Automaton {
            nodes: &rest[..node_words],
            trans: &rest[node_words..],
            bytes,
        };
        for node in automaton.nodes.chunks_exact(NODE_WORDS) {
            let mask = node[0] as u64 | (node[1] as u64) << 32;
            let first = node[2] as usize;
            let end = first + mask.count_ones() as usize;
            if end > trans_count {
                return Err(bad("a node's transitions run past the end"));
            }
        }
        if automaton
            .trans
            .chunks_exact(TRANS_WORDS)
            .any(|t| t[0] as usize >= node_count)
        {
            return Err(bad("a transition leads to no node"));
        }
        Ok(automaton)
    }

    /// Views a section already checked by [`Automaton::new`] (indexing stays
    /// bounds-checked, so a mistake panics rather than misreads).
    pub(crate) fn trusted(words: &'a [u32], bytes: &'a [u8]) -> Automaton<'a> {
        let node_words = words[0] as usize * NODE_WORDS;
        Automaton {
            nodes: &words[2..2 + node_words],
            trans: &words[2 + node_words..],
            bytes,
        }
    }

    /// The transition from `state` on byte `b`: the next state and its output.
    #[inline(always)]
    pub fn step(&self, state: State, b: u8) -> Option<(State, u32)> {
        let node = &self.nodes[state as usize * NODE_WORDS..state as usize * NODE_WORDS + NODE_WORDS];
        let mask = node[0] as u64 | (node[1] as u64) << 32;
        let bit = class_bit(b);
        if mask & bit == 0 {
            return None;
        }
        let mut i = node[2] as usize + (mask & (bit - 1)).count_ones() as usize;
        // Bytes sharing `b & 63` sit together, in byte order.
        loop {
            let got = *self.bytes.get(i)?;
            if got == b {
                let t = &self.trans[i * TRANS_WORDS..i * TRANS_WORDS + TRANS_WORDS];
                return Some((t[0], t[1]));
            }
            if got & 63 != b & 63 || got > b {
                return None;
            }
            i += 1;
        }
    }

    /// The final output of `state`, if it is final.
    #[inline(always)]
    pub fn final_output(&self, state: State) -> Option<u32> {
        let out = self.nodes[state as usize * NODE_WORDS + 3];
        (out != NOT_FINAL).then_some(out)
    }

    /// Does any transition leave `state`?
    #[inline(always)]
    pub fn has_transitions(&self, state: State) -> bool {
        let i = state as usize * NODE_WORDS;
        self.nodes[i] | self.nodes[i + 1] != 0
    }

    /// The number of states.
    pub fn len(&self) -> usize {
        self.nodes.len() / NODE_WORDS
    }

    /// Is there no state at all? (Never, for a valid section.)
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }
}

/// Decodes `fst` into an automaton section: little-endian `u32` words (node count,
/// transition count, nodes, transitions), then the transitions' input bytes.
pub fn encode<D: AsRef<[u8]>>(fst: &Fst<D>) -> (Vec<u32>, Vec<u8>) {
    let mut ids: HashMap<CompiledAddr, State> = HashMap::new();
    let mut order: Vec<CompiledAddr> = Vec::new();
    let root = fst.root().addr();
    ids.insert(root, 0);
    order.push(root);
    let mut nodes: Vec<u32> = Vec::new();
    let mut trans: Vec<u32> = Vec::new();
    let mut bytes: Vec<u8> = Vec::new();
    let mut next = 0;
    while next < order.len() {
        let node = fst.node(order[next]);
        next += 1;
        let mut edges: Vec<(u8, CompiledAddr, u64)> = node
            .transitions()
            .map(|t| (t.inp, t.addr, t.out.value()))
            .collect();
        edges.sort_by_key(|&(b, ..)| (b & 63, b));
        let mut mask = 0u64;
        let first = bytes.len() as u32;
        for (b, addr, out) in edges {
            mask |= class_bit(b);
            let id = *ids.entry(addr).or_insert_with(|| {
                order.push(addr);
                (order.len() - 1) as State
            });
            trans.extend([id, out as u32]);
            bytes.push(b);
        }
        let fin = if node.is_final() {
            node.final_output().value() as u32
        } else {
            NOT_FINAL
        };
        nodes.extend([mask as u32, (mask >> 32) as u32, first, fin]);
    }
    let mut words = vec![(nodes.len() / NODE_WORDS) as u32, bytes.len() as u32];
    words.extend(nodes);
    words.extend(trans);
    (words, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fst(words: &[&str]) -> Fst<Vec<u8>> {
        let mut sorted = words.to_vec();
        sorted.sort();
        let map = fst::Map::from_iter(sorted.iter().enumerate().map(|(i, w)| (*w, i as u64))).unwrap();
        map.into_fst()
    }

    fn lookup(a: &Automaton, word: &str) -> Option<u32> {
        let mut state = 0;
        let mut out = 0;
        for &b in word.as_bytes() {
            let (next, o) = a.step(state, b)?;
            state = next;
            out += o;
        }
        a.final_output(state).map(|f| out + f)
    }

    #[test]
    fn steps_match_the_fst() {
        // After "a", `d` (0x64) and the lead byte 0xE4 of "中" share bit 36.
        let words = ["cat", "cats", "dog", "ad", "a中", "a中d", "a䀀", "क", "कd", "é", "ñ", "z"];
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
        assert!(!a.has_transitions(a.step(0, b'z').unwrap().0));
    }

    #[test]
    fn rejects_out_of_bounds_sections() {
        let (mut w, b) = encode(&fst(&["ab", "b"]));
        assert!(Automaton::new(&w, &b).is_ok());
        assert!(Automaton::new(&w[..w.len() - 1], &b).is_err());
        let last = w.len() - 2;
        w[last] = 1000;
        assert!(Automaton::new(&w, &b).is_err());
    }
}
