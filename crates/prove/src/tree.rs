//! The orderly trie frozen into an arena, and forcing a cell on it by merging.
//!
//! A class's walk is done once ([`crate::bound::Walker::orderly_tree`]); forcing its next cell
//! (the lowest-ranked free cell, which only the root chooses at) to face `f` then
//! needs no walk: the forced class's trie is the root without that cell's children,
//! merged with the child for `f` — two nodes merge into one with the sum of their
//! points and their children merged key by key. Nodes are never changed once made,
//! so a merged node shares every subtree it did not change, and forcing the next
//! face of the same cell starts again from the same root. Each node keeps its bound
//! (`points + Σ_cell max_face bound(child)`), computed when it is made.

/// A pair `(cell's rank in the forcing order, face)`, the rank in the high byte,
/// so keys sort by cell order: how the trie names its edges.
pub type Key = u16;

/// Nodes and their sorted child lists, added to as cells are forced; the search
/// truncates it back (a stack) when it leaves a forced part.
pub struct Tree {
    nodes: Vec<Node>,
    /// `edges[node.first..node.first + node.len]`: a node's children, by key.
    edges: Vec<(Key, u32)>,
    /// Child lists being merged, innermost last.
    stack: Vec<(Key, u32)>,
    /// The children of nodes whose merge is being bounded, innermost merge
    /// last: `key << 32 | node`, so that they sort by key.
    gather: Vec<u64>,
    /// One cell's keys being compared: the summed bound of each key's children,
    /// and where they sit in `gather`.
    runs: Vec<(u64, u32, u32)>,
}

/// 16 bytes, four to a cache line: merging is bound by the loads of nodes (24
/// bytes measured 5-8% slower on 3x4, and 25% more memory). Points and bounds
/// saturate at [`SATURATED`] (see [`Tree::saturated`]).
#[derive(Clone, Copy, Debug)]
struct Node {
    points: u32,
    bound: u32,
    first: u32,
    len: u32,
}

/// Leaves of fewer points than this are shared (nodes `0..LEAVES`): 37% of a 3x4
/// class's trie are leaves, all of them of few points, and a shared leaf stays in
/// the cache for every merge that meets it.
const LEAVES: u32 = 64;

/// A node's points or bound that did not fit in 32 bits: *at least* this much.
/// No threshold comes near it, so a saturated bound is never below one; only a
/// difference of two bounds must not be taken ([`Tree::saturated`]).
pub const SATURATED: u64 = u32::MAX as u64;

fn narrow(value: u64) -> u32 {
    value.min(SATURATED) as u32
}

/// Where the arena stood, to go back to.
#[derive(Clone, Copy)]
pub struct Mark {
    nodes: usize,
    edges: usize,
}

impl Default for Tree {
    /// An arena holding only the shared leaves.
    fn default() -> Tree {
        let mut tree = Tree {
            nodes: Vec::new(),
            edges: Vec::new(),
            stack: Vec::new(),
            gather: Vec::new(),
            runs: Vec::new(),
        };
        tree.add_leaves();
        tree
    }
}

impl Tree {
    /// Empties the arena (but for the shared leaves).
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.edges.clear();
        self.add_leaves();
    }

    /// The shared leaves: node `p` for `p < LEAVES` is the leaf of `p` points.
    fn add_leaves(&mut self) {
        self.nodes.extend((0..LEAVES).map(|points| Node {
            points,
            bound: points,
            first: 0,
            len: 0,
        }));
    }

    /// Adds a node with `points` and the children `edges` (sorted by key, each
    /// child already in the arena); returns its index. A leaf of few points is not
    /// added: every such leaf is one node, made once.
    pub fn push(&mut self, points: u64, edges: &[(Key, u32)]) -> u32 {
        if edges.is_empty() && points < LEAVES as u64 {
            return points as u32;
        }
        let mut bound = points;
        let mut i = 0;
        while i < edges.len() {
            // One cell's children are adjacent: keys sort by rank first.
            let rank = edges[i].0 >> 8;
            let mut best = 0;
            while i < edges.len() && edges[i].0 >> 8 == rank {
                best = best.max(self.nodes[edges[i].1 as usize].bound);
                i += 1;
            }
            bound += best as u64;
        }
        let first = self.edges.len() as u32;
        self.edges.extend_from_slice(edges);
        self.nodes.push(Node {
            points: narrow(points),
            bound: narrow(bound),
            first,
            len: edges.len() as u32,
        });
        (self.nodes.len() - 1) as u32
    }

    /// The bound of the class whose trie `node` roots (at least [`SATURATED`]
    /// when it equals it).
    pub fn bound(&self, node: u32) -> u64 {
        self.nodes[node as usize].bound as u64
    }

    /// Whether `node`'s bound saturated: it is then only known to be at least
    /// [`SATURATED`], and no bound may be subtracted from it.
    pub fn saturated(&self, node: u32) -> bool {
        self.bound(node) == SATURATED
    }

    fn children(&self, node: u32) -> &[(Key, u32)] {
        let n = self.nodes[node as usize];
        &self.edges[n.first as usize..(n.first + n.len) as usize]
    }

    /// Where the arena stands now.
    pub fn mark(&self) -> Mark {
        Mark {
            nodes: self.nodes.len(),
            edges: self.edges.len(),
        }
    }

    /// Forgets every node made since `mark`.
    pub fn truncate(&mut self, mark: Mark) {
        self.nodes.truncate(mark.nodes);
        self.edges.truncate(mark.edges);
    }

    /// The root's choice at the cell of rank `rank`: its best child's bound, and the
    /// child for each face.
    pub fn choices(&self, root: u32, rank: u8) -> (u64, Vec<(u8, u32)>) {
        let mut best = 0;
        let mut faces = Vec::new();
        for &(key, child) in self.children(root) {
            if (key >> 8) as u8 == rank {
                best = best.max(self.bound(child));
                faces.push((key as u8, child));
            }
        }
        (best, faces)
    }

    /// The trie of the class with the cell of rank `rank` (the lowest-ranked free
    /// cell: only the root chooses at it) forced to the face whose child is
    /// `child` (`None`: no word path takes that face there).
    pub fn force(&mut self, root: u32, rank: u8, child: Option<u32>) -> u32 {
        let base = self.stack.len();
        let r = self.nodes[root as usize];
        // The cell's children come first at the root: no free cell ranks lower.
        let mut kept = r.first;
        while kept < r.first + r.len && (self.edges[kept as usize].0 >> 8) as u8 <= rank {
            debug_assert_eq!((self.edges[kept as usize].0 >> 8) as u8, rank);
            kept += 1;
        }
        let rest = (kept, r.first + r.len - kept);
        let (first, len) = child.map_or((0, 0), |c| {
            let c = self.nodes[c as usize];
            (c.first, c.len)
        });
        self.merge_lists(rest, (first, len));
        let points = r.points as u64 + child.map_or(0, |c| self.nodes[c as usize].points as u64);
        self.finish(points, base)
    }

    /// The bound of [`Tree::force`]'s class, without making it: exactly the bound
    /// of the node `force` would make, opening about 30 times fewer pairs of
    /// nodes than the merge makes (3x4 ENABLE2K), so that the parts whose bound
    /// is below the threshold (most of them) are dropped without a merge.
    pub fn forced_bound(&mut self, root: u32, rank: u8, child: Option<u32>) -> u64 {
        let base = self.gather.len();
        let after = (rank as u64 + 1) << 40;
        let r = self.nodes[root as usize];
        let mut points = r.points as u64;
        for &(key, node) in &self.edges[r.first as usize..(r.first + r.len) as usize] {
            let wide = (key as u64) << 32 | node as u64;
            if wide >= after {
                self.gather.push(wide);
            }
        }
        if let Some(c) = child {
            let c = self.nodes[c as usize];
            points += c.points as u64;
            self.push_children(c);
        }
        let bound = points + self.best_of_gathered(base);
        self.gather.truncate(base);
        bound
    }

    /// Adds `node`'s children to `gather`.
    fn push_children(&mut self, node: Node) {
        let edges = &self.edges[node.first as usize..(node.first + node.len) as usize];
        self.gather.extend(
            edges
                .iter()
                .map(|&(key, child)| (key as u64) << 32 | child as u64),
        );
    }

    /// The bound of the merge of the nodes in `gather[lo..hi]` (the low 32 bits).
    fn merged_bound(&mut self, lo: usize, hi: usize) -> u64 {
        let base = self.gather.len();
        let mut points = 0;
        for i in lo..hi {
            let node = self.nodes[self.gather[i] as u32 as usize];
            points += node.points as u64;
            self.push_children(node);
        }
        let bound = points + self.best_of_gathered(base);
        self.gather.truncate(base);
        bound
    }

    /// `Σ_cell max_face` of the merged bounds of the children in `gather[base..]`:
    /// each key's children merged. `B(a + b) ≤ B(a) + B(b)`, so a key whose summed
    /// bound is at most the best its cell has already found is never opened.
    fn best_of_gathered(&mut self, base: usize) -> u64 {
        let end = self.gather.len();
        // Child lists are sorted runs: a stable sort merges them in linear time.
        self.gather[base..end].sort();
        let mut total = 0;
        let mut i = base;
        while i < end {
            let rank = self.gather[i] >> 40;
            let first_run = self.runs.len();
            while i < end && self.gather[i] >> 40 == rank {
                let key = self.gather[i] >> 32;
                let start = i;
                let mut upper = 0;
                while i < end && self.gather[i] >> 32 == key {
                    upper += self.nodes[self.gather[i] as u32 as usize].bound as u64;
                    i += 1;
                }
                self.runs.push((upper, start as u32, i as u32));
            }
            let last_run = self.runs.len();
            self.runs[first_run..].sort_unstable_by_key(|run| std::cmp::Reverse(run.0));
            let mut best = 0;
            for r in first_run..last_run {
                let (upper, start, stop) = self.runs[r];
                if upper <= best {
                    break;
                }
                let value = if stop - start == 1 {
                    upper
                } else {
                    self.merged_bound(start as usize, stop as usize)
                };
                best = best.max(value);
            }
            self.runs.truncate(first_run);
            total += best;
        }
        total
    }

    /// Makes a node of `points` and the child list on the stack from `base`.
    fn finish(&mut self, points: u64, base: usize) -> u32 {
        let edges = std::mem::take(&mut self.stack);
        let node = self.push(points, &edges[base..]);
        self.stack = edges;
        self.stack.truncate(base);
        node
    }

    /// A node with `node`'s children (the same edges, not copied) and `points`
    /// more: its bound is `node`'s plus `points`.
    fn add_points(&mut self, node: Node, points: u32) -> u32 {
        let total = node.points as u64 + points as u64;
        if node.len == 0 && total < LEAVES as u64 {
            return total as u32;
        }
        self.nodes.push(Node {
            points: narrow(total),
            bound: narrow(node.bound as u64 + points as u64),
            ..node
        });
        (self.nodes.len() - 1) as u32
    }

    /// Pushes onto the stack the merge of two sorted child lists, each given as
    /// `(first edge, length)`; children of the same key merged.
    fn merge_lists(&mut self, a: (u32, u32), b: (u32, u32)) {
        let (mut i, a_end) = (a.0, a.0 + a.1);
        let (mut j, b_end) = (b.0, b.0 + b.1);
        while i < a_end && j < b_end {
            let (ea, eb) = (self.edges[i as usize], self.edges[j as usize]);
            match ea.0.cmp(&eb.0) {
                std::cmp::Ordering::Less => {
                    self.stack.push(ea);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    self.stack.push(eb);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    let merged = self.merge(ea.1, eb.1);
                    self.stack.push((ea.0, merged));
                    i += 1;
                    j += 1;
                }
            }
        }
        self.stack
            .extend_from_slice(&self.edges[i as usize..a_end as usize]);
        self.stack
            .extend_from_slice(&self.edges[j as usize..b_end as usize]);
    }

    /// One node for two: points added, children merged.
    fn merge(&mut self, a: u32, b: u32) -> u32 {
        let (na, nb) = (self.nodes[a as usize], self.nodes[b as usize]);
        // A childless side adds only its points: the other's child list (never
        // changed once made) and choices stand as they are.
        if nb.len == 0 {
            return self.add_points(na, nb.points);
        }
        if na.len == 0 {
            return self.add_points(nb, na.points);
        }
        let base = self.stack.len();
        self.merge_lists((na.first, na.len), (nb.first, nb.len));
        self.finish(na.points as u64 + nb.points as u64, base)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forcing_merges_the_chosen_child_into_the_root() {
        let key = |rank: u16, face: u16| rank << 8 | face;
        let mut tree = Tree::default();
        // Leaves: a word path choosing (1, 7) worth 4, another worth 2.
        let leaf4 = tree.push(4, &[]);
        let leaf2 = tree.push(2, &[]);
        let leaf3 = tree.push(3, &[]);
        // Cell 0 face 0 leads to cell 1 face 7 (2 more); the root also has cell 1
        // face 7 (4) and face 8 (3) directly.
        let under = tree.push(1, &[(key(1, 7), leaf2)]);
        let root = tree.push(
            0,
            &[(key(0, 0), under), (key(1, 7), leaf4), (key(1, 8), leaf3)],
        );
        // Unforced: max over cell 0 (3) + max over cell 1 (4).
        assert_eq!(tree.bound(root), 7);
        // Cell 0 forced to face 0: 1 + max(4 + 2, 3) — the face-7 paths share a choice.
        let forced = tree.force(root, 0, Some(under));
        assert_eq!(tree.bound(forced), 7);
        // Forced to a face with no word path: just cell 1's choice.
        let mark = tree.mark();
        let other = tree.force(root, 0, None);
        assert_eq!(tree.bound(other), 4);
        tree.truncate(mark);
        assert_eq!(tree.bound(forced), 7);
    }

    #[test]
    fn leaves_of_few_points_are_shared_and_outlive_truncation() {
        let key = |rank: u16, face: u16| rank << 8 | face;
        let mut tree = Tree::default();
        let three = tree.push(3, &[]);
        assert_eq!(tree.push(3, &[]), three);
        let mark = tree.mark();
        let big = tree.push(LEAVES as u64, &[]);
        assert_ne!(big, three);
        // Merging two shared leaves makes the shared leaf of their sum.
        let x = tree.push(0, &[(key(2, 0), three)]);
        let a = tree.push(1, &[(key(1, 0), x)]);
        let b = tree.push(2, &[(key(2, 0), three), (key(2, 1), big)]);
        let root = tree.push(0, &[(key(0, 0), a), (key(1, 0), b)]);
        let nodes = tree.nodes.len();
        let forced = tree.force(root, 0, Some(a));
        // 1 + (2 + max(3 + 3, 64)) = 67; the merged leaf 3 + 3 is shared leaf 6.
        assert_eq!(tree.bound(forced), 67);
        assert_eq!(tree.nodes.len(), nodes + 2, "b merged with x, and the root");
        tree.truncate(mark);
        assert_eq!(tree.bound(three), 3);
        tree.clear();
        assert_eq!(tree.push(3, &[]), three);
    }

    #[test]
    fn merging_with_a_childless_node_shares_the_other_child_list() {
        let key = |rank: u16, face: u16| rank << 8 | face;
        let mut tree = Tree::default();
        let five = tree.push(5, &[]);
        let nine = tree.push(LEAVES as u64 + 9, &[]);
        // Under face 0 of cell 0: 2 points, then cell 2 worth 5; the root also
        // holds the bare cell-1 paths `a` (a leaf of 64 + 9) and `b` (with children).
        let under = tree.push(2, &[(key(1, 0), nine), (key(2, 0), five)]);
        let b = tree.push(1, &[(key(2, 1), five)]);
        let root = tree.push(0, &[(key(0, 0), under), (key(1, 0), b), (key(2, 0), five)]);
        let edges = tree.edges.len();
        let forced = tree.force(root, 0, Some(under));
        // 2 + (the leaf 73 merged with b: 73 + 1 + 5) + (5 + 5 at cell 2) = 91.
        assert_eq!(tree.bound(forced), 2 + 79 + 10);
        assert_eq!(tree.bound(forced), tree.forced_bound(root, 0, Some(under)));
        // Only the forced root's two children were written; b's list is shared.
        assert_eq!(tree.edges.len(), edges + 2);
        let merged = tree.children(forced)[0].1;
        assert_eq!(tree.children(merged), tree.children(b));
        assert_eq!(tree.nodes[merged as usize].points, LEAVES + 9 + 1);
    }

    #[test]
    fn a_bound_past_32_bits_saturates_upward() {
        let key = |rank: u16, face: u16| rank << 8 | face;
        let mut tree = Tree::default();
        let huge = tree.push(SATURATED + 10, &[]);
        let small = tree.push(7, &[]);
        assert!(tree.saturated(huge));
        // Never below what it stands for: a sum with it saturates too.
        let root = tree.push(5, &[(key(0, 0), huge), (key(0, 1), small)]);
        assert!(tree.saturated(root));
        assert_eq!(tree.bound(root), SATURATED);
        // Forcing the small face away from the huge one is exact again.
        assert_eq!(tree.forced_bound(root, 0, Some(small)), 12);
        let forced = tree.force(root, 0, Some(small));
        assert!(!tree.saturated(forced));
        assert_eq!(tree.bound(forced), 12);
    }
}
