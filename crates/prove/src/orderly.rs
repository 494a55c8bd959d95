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
//!
//! A word path is packed into one integer ([`PackedPath`]): a field per free cell, the
//! first cell to force in the highest bits, holding the index of the face the path
//! takes there or all ones when it does not enter the cell; its points in the low
//! bits. Sorted as numbers, the word paths come in trie order — a cell's faces in
//! order, then the paths that skip the cell — so the trie is built in one pass
//! over a sorted array (sorting slices of pairs and inserting key by key measured
//! 27% and 12% of a 3x3 proof).

use std::ops::{BitOr, BitXor, Shl, Shr};

use crate::tree::{Key, Tree};

/// An integer a word path is packed into: `u64` or `u128`.
pub trait PackedPath:
    Copy
    + Ord
    + Default
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Its width in bits.
    const BITS: u32;
    /// Its lowest 64 bits.
    fn low(self) -> u64;
    /// The value `value`.
    fn from_low(value: u64) -> Self;
    /// The value with the lowest `bits` bits set.
    fn ones(bits: u32) -> Self;
}

impl PackedPath for u64 {
    const BITS: u32 = 64;
    fn low(self) -> u64 {
        self
    }
    fn from_low(value: u64) -> u64 {
        value
    }
    fn ones(bits: u32) -> u64 {
        u64::MAX.checked_shr(64 - bits).unwrap_or(0)
    }
}

impl PackedPath for u128 {
    const BITS: u32 = 128;
    fn low(self) -> u64 {
        self as u64
    }
    fn from_low(value: u64) -> u128 {
        value as u128
    }
    fn ones(bits: u32) -> u128 {
        u128::MAX.checked_shr(128 - bits).unwrap_or(0)
    }
}

/// Where a class's free cells sit in a packed word path.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// By rank in the forcing order: the field of that cell (width 0: forced).
    pub fields: Vec<Field>,
    /// The low bits: a word path's word (its index in the dictionary) when
    /// `words`, else its points.
    pub low_bits: u32,
    /// Whether word paths carry their word, so that a word spelled by several
    /// paths through the same cells with the same faces counts once; only where
    /// the word fits (else its points, each path counted).
    pub words: bool,
}

/// One cell's field in a packed word path.
#[derive(Clone, Copy, Debug, Default)]
pub struct Field {
    /// Its lowest bit.
    pub shift: u32,
    /// Its width: values `0..2^width - 1` are the cell's faces, all ones "not
    /// entered".
    pub width: u32,
}

impl Layout {
    /// The bits a word path takes: fields and word.
    pub fn bits(&self) -> u32 {
        self.low_bits + self.fields.iter().map(|f| f.width).sum::<u32>()
    }

    /// The packed word path that enters no free cell.
    pub fn empty<K: PackedPath>(&self) -> K {
        K::ones(self.bits()) ^ K::ones(self.low_bits)
    }
}

/// Builds the trie of the packed word paths `paths` (sorted, no two the same)
/// into `tree` and returns its root; `face(rank, index)` names the face of index
/// `index` at the cell of rank `rank`, `points(low)` what a word path's low bits
/// score.
pub fn build<K: PackedPath>(
    paths: &[K],
    layout: &Layout,
    face: &dyn Fn(usize, usize) -> u8,
    points: &dyn Fn(u64) -> u64,
    tree: &mut Tree,
) -> u32 {
    let mut edges = Vec::new();
    Builder {
        layout,
        face,
        points,
        edges: &mut edges,
    }
    .node(paths, 0, tree)
}

struct Builder<'a> {
    layout: &'a Layout,
    face: &'a dyn Fn(usize, usize) -> u8,
    points: &'a dyn Fn(u64) -> u64,
    /// Child lists being built, innermost last.
    edges: &'a mut Vec<(Key, u32)>,
}

impl Builder<'_> {
    /// The node of `paths` (sorted), which agree on every field of rank below
    /// `rank` and enter none of those cells past the node's own key.
    fn node<K: PackedPath>(&mut self, paths: &[K], rank: usize, tree: &mut Tree) -> u32 {
        let base = self.edges.len();
        let mut rest = paths;
        for (r, field) in self.layout.fields.iter().enumerate().skip(rank) {
            if field.width == 0 || rest.is_empty() {
                continue;
            }
            let value = |p: &K| (*p >> field.shift).low() & ((1 << field.width) - 1);
            let absent = (1 << field.width) - 1;
            // The cell's faces in order, then the paths that do not enter it.
            loop {
                let v = value(&rest[0]);
                if v == absent {
                    break;
                }
                let run = rest.partition_point(|p| value(p) <= v);
                let child = self.node(&rest[..run], r + 1, tree);
                let key = (r as Key) << 8 | (self.face)(r, v as usize) as Key;
                self.edges.push((key, child));
                rest = &rest[run..];
                if rest.is_empty() {
                    break;
                }
            }
        }
        // What is left enters no free cell past the node's key: it ends here,
        // each word once (see the module's doc).
        let mask = u64::ones(self.layout.low_bits);
        let points = rest.iter().map(|p| (self.points)(p.low() & mask)).sum();
        let node = tree.push(points, &self.edges[base..]);
        self.edges.truncate(base);
        node
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_face_a_cell_serves_every_path_below() {
        // Two free cells of ranks 0 and 1, two bits each; points in four bits.
        let layout = Layout {
            fields: vec![Field { shift: 6, width: 2 }, Field { shift: 4, width: 2 }],
            low_bits: 4,
            words: true,
        };
        let empty: u64 = layout.empty();
        assert_eq!(empty, 0b1111_0000);
        let path = |cell0: Option<u64>, cell1: Option<u64>, points: u64| {
            let mut p = empty | points;
            if let Some(f) = cell0 {
                p ^= (3 ^ f) << 6;
            }
            if let Some(f) = cell1 {
                p ^= (3 ^ f) << 4;
            }
            p
        };
        let mut paths = vec![
            // Two word paths choose face 0 at cell 0, one chooses face 1 there.
            path(Some(0), None, 3),
            path(Some(0), Some(2), 2),
            path(Some(1), None, 4),
            // A path on forced cells only.
            path(None, None, 1),
        ];
        paths.sort_unstable();
        let mut tree = Tree::default();
        // Word `w` scores `w` points.
        let root = build(&paths, &layout, &|_, i| i as u8, &|w| w, &mut tree);
        // Cell 0 picks face 0 for both its paths: 1 + max(3 + 2, 4).
        assert_eq!(tree.bound(root), 6);
        // Cell 0 forced to face 1: 1 + 4, the face-0 paths gone.
        let (best, faces) = tree.choices(root, 0);
        assert_eq!((best, faces.len()), (5, 2));
        let forced = tree.force(root, 0, Some(faces[1].1));
        assert_eq!(tree.bound(forced), 5);
    }

    #[test]
    fn ones_fills_the_low_bits() {
        assert_eq!(u64::ones(0), 0);
        assert_eq!(u64::ones(64), u64::MAX);
        assert_eq!(u128::ones(70), (1u128 << 70) - 1);
    }
}
