//! Writing an automaton section: the FST decoded into records, at compile time.

use std::collections::HashMap;

use fst::raw::{CompiledAddr, Fst};

use super::read::{FINAL, RECORD_WORDS};
use super::{LAST, NO_CLASS};

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
