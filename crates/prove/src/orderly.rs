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

use crate::tree::Tree;

/// A pair `(cell's rank in the forcing order, face)`, the rank in the high byte,
/// so keys sort by cell order.
pub type Key = u16;

/// The word paths of a class, each as its sorted keys and points: a trie once
/// sorted and [frozen](WordPaths::freeze) (sorting a flat list and building the
/// trie from it touches memory in order, where inserting key by key into a hash
/// trie measured 41% of a 3x4 proof).
#[derive(Default)]
pub struct WordPaths {
    /// Every word path's keys, back to back.
    keys: Vec<Key>,
    paths: Vec<Path>,
}

#[derive(Clone, Copy)]
struct Path {
    start: u32,
    len: u32,
    points: u64,
}

impl WordPaths {
    /// Forgets every word path, keeping the memory.
    pub fn clear(&mut self) {
        self.keys.clear();
        self.paths.clear();
    }

    /// Adds a word path: its choices at free cells (any order; sorted here) and
    /// its points.
    pub fn insert(&mut self, keys: &mut [Key], points: u64) {
        keys.sort_unstable();
        self.paths.push(Path {
            start: self.keys.len() as u32,
            len: keys.len() as u32,
            points,
        });
        self.keys.extend_from_slice(keys);
    }

    fn keys_of(&self, path: &Path) -> &[Key] {
        &self.keys[path.start as usize..(path.start + path.len) as usize]
    }

    /// The trie of the word paths, built into `tree`: its root. A node is a key
    /// prefix; its points are those of the word paths whose keys are exactly
    /// that prefix.
    pub fn freeze(&mut self, tree: &mut Tree) -> u32 {
        let mut paths = std::mem::take(&mut self.paths);
        paths.sort_unstable_by(|a, b| self.keys_of(a).cmp(self.keys_of(b)));
        let root = self.build(&paths, 0, tree);
        self.paths = paths;
        root
    }

    /// The node for `paths` (sorted, sharing their first `depth` keys).
    fn build(&self, paths: &[Path], depth: usize, tree: &mut Tree) -> u32 {
        // Paths that end here sort first: a prefix comes before its extensions.
        let ending = paths.iter().take_while(|p| p.len as usize == depth).count();
        let points = paths[..ending].iter().map(|p| p.points).sum();
        let mut edges = Vec::new();
        let mut rest = &paths[ending..];
        while let Some(first) = rest.first() {
            let key = self.keys_of(first)[depth];
            let same = rest
                .iter()
                .take_while(|p| self.keys_of(p)[depth] == key)
                .count();
            edges.push((key, self.build(&rest[..same], depth + 1, tree)));
            rest = &rest[same..];
        }
        tree.push(points, &edges)
    }

    /// The bound of the class the word paths are from (builds a trie to read it).
    pub fn bound(&mut self) -> u64 {
        let mut tree = Tree::default();
        let root = self.freeze(&mut tree);
        tree.bound(root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_face_a_cell_serves_every_path_below() {
        let key = |rank: u16, face: u16| rank << 8 | face;
        let mut trie = WordPaths::default();
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
