//! The orderly bound: the class's words grouped by the cells they use, in the
//! order the search forces cells, so that one choice of face per cell serves many
//! paths at once.
//!
//! The walk of [`crate::bound`] enumerates every path of the class that spells a
//! word, with the face it takes at each cell. Here each such *word path* is keyed
//! by its choices at the cells not yet forced — `(cell, face)` pairs sorted by the
//! cells' forcing order — and stored in a trie whose nodes add up the points of
//! the word paths ending there. The bound of a node is its points plus, for each
//! cell its children choose at, the best child of that cell:
//! `B(n) = points(n) + Σ_cell max_face B(child(cell, face))`.
//! For one board of the class, the word paths it has are those whose every pair
//! matches it; they sit at nodes whose keys match it, and below any node the
//! board follows one child per cell — so the board's path total, and with it its
//! score, is at most `B(root)`. Where max/no-mark lets every path pick its own
//! face at a free cell, this picks a face once for all the word paths under one
//! node whose lowest free cell it is; the next cell to force is always such a
//! lowest cell, at the root, for every word path that uses it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::tree::Tree;

/// A pair `(cell's rank in the forcing order, face)`, the rank in the high byte,
/// so keys sort by cell order.
pub type Key = u16;

/// A trie of word paths keyed by their free cells' choices.
#[derive(Default)]
pub struct Trie {
    nodes: Vec<Node>,
    children: HashMap<(u32, Key), u32, BuildHasherDefault<PairHasher>>,
}

#[derive(Clone, Copy)]
struct Node {
    points: u64,
    first_child: u32,
    next_sibling: u32,
    key: Key,
}

const NONE: u32 = u32::MAX;

impl Trie {
    /// Empties the trie, keeping its memory.
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.children.clear();
        self.nodes.push(Node {
            points: 0,
            first_child: NONE,
            next_sibling: NONE,
            key: 0,
        });
    }

    /// Adds a word path: its choices at free cells (any order; sorted here) and
    /// its points.
    pub fn insert(&mut self, keys: &mut [Key], points: u64) {
        keys.sort_unstable();
        let mut node = 0u32;
        for &key in keys.iter() {
            node = match self.children.get(&(node, key)) {
                Some(&child) => child,
                None => {
                    let child = self.nodes.len() as u32;
                    let parent = &mut self.nodes[node as usize];
                    let sibling = parent.first_child;
                    parent.first_child = child;
                    self.nodes.push(Node {
                        points: 0,
                        first_child: NONE,
                        next_sibling: sibling,
                        key,
                    });
                    self.children.insert((node, key), child);
                    child
                }
            };
        }
        self.nodes[node as usize].points += points;
    }

    /// The trie as an arena of [`Tree`] nodes with sorted child lists; returns the
    /// root's index.
    pub fn freeze(&self, tree: &mut Tree) -> u32 {
        self.freeze_node(0, tree)
    }

    fn freeze_node(&self, node: u32, tree: &mut Tree) -> u32 {
        let n = self.nodes[node as usize];
        let mut edges = Vec::new();
        let mut child = n.first_child;
        while child != NONE {
            let c = self.nodes[child as usize];
            edges.push((c.key, self.freeze_node(child, tree)));
            child = c.next_sibling;
        }
        edges.sort_unstable_by_key(|e| e.0);
        tree.push(n.points, &edges)
    }

    /// The bound of the whole trie.
    pub fn bound(&self) -> u64 {
        self.node_bound(0)
    }

    fn node_bound(&self, node: u32) -> u64 {
        let n = self.nodes[node as usize];
        // The best child of each cell (by rank), and which cells have one.
        let mut best = [0u64; 64];
        let mut cells = 0u64;
        let mut child = n.first_child;
        while child != NONE {
            let c = self.nodes[child as usize];
            let rank = (c.key >> 8) as usize;
            best[rank] = best[rank].max(self.node_bound(child));
            cells |= 1 << rank;
            child = c.next_sibling;
        }
        let mut total = n.points;
        while cells != 0 {
            total += best[cells.trailing_zeros() as usize];
            cells &= cells - 1;
        }
        total
    }
}

/// A fast hash for `(node, key)` pairs (no untrusted input reaches it).
#[derive(Default)]
pub struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(26) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_face_a_cell_serves_every_path_below() {
        let key = |rank: u16, face: u16| rank << 8 | face;
        let mut trie = Trie::default();
        trie.clear();
        // Two word paths choose face 0 at cell 0, one chooses face 1 there.
        trie.insert(&mut [key(0, 0)], 3);
        trie.insert(&mut [key(1, 5), key(0, 0)], 2);
        trie.insert(&mut [key(0, 1)], 4);
        // A path on forced cells only.
        trie.insert(&mut [], 1);
        // Cell 0 picks face 0 for both its paths: 1 + max(3 + 2, 4).
        assert_eq!(trie.bound(), 6);
        // Frozen, it bounds the same.
        let mut tree = Tree::default();
        let root = trie.freeze(&mut tree);
        assert_eq!(tree.bound(root), 6);
    }
}
