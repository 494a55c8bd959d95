//! The top-level classes of a space: each cell given one *bucket* of faces.
//!
//! A space's faces are sorted by how many dictionary words hold them, most first,
//! and cut into `k` buckets of about equal weight: the first buckets hold a few
//! frequent faces, the last many rare ones (a class of rare faces is dropped at
//! once; the frequent ones are where the work is). A top-level class picks a bucket
//! for every cell: `k^cells` of them, numbered as base-`k` numbers (cell 0 the
//! most significant digit). Classes that are turned or mirrored copies of a
//! smaller-numbered one hold the same boards turned or mirrored, so only canonical
//! classes (the smallest digits under every symmetry of the grid) are searched.

/// How many top-level classes the default cut makes at most (but always at least
/// two buckets): few and large classes, because a class's walk is paid once and
/// cells are forced on its trie for free, while a word path is walked again in
/// every class that holds it. 3x3 ENABLE2K >= 500, one thread: 1 bucket (one
/// class) 211 s and 12 GB; 2 buckets (102 canonical classes) 71 s; 3 buckets 119 s;
/// 4 buckets 230 s; 5 buckets 613 s (docs/prove.md).
pub const TOP_CLASSES: u64 = 4096;

/// The most top-level classes a space may have (canonical or not): their numbers
/// are `u64`s, and a sample draws among them.
pub const MOST_CLASSES: u128 = 1 << 62;

/// The default number of buckets for a grid of `cells` cells and `faces` faces:
/// the most with at most [`TOP_CLASSES`] classes, and at least two (one on grids
/// where two would pass [`MOST_CLASSES`]).
pub fn default_buckets(cells: usize, faces: usize) -> usize {
    let fits = |k: usize| {
        (k as u128)
            .checked_pow(cells as u32)
            .is_some_and(|n| n <= TOP_CLASSES as u128)
    };
    let mut k = 2;
    while k < faces && fits(k + 1) {
        k += 1;
    }
    let two_fit = 2u128
        .checked_pow(cells as u32)
        .is_some_and(|n| n <= MOST_CLASSES);
    k.min(faces.max(1)).min(if two_fit { k } else { 1 })
}

/// A space's buckets and the canonical top-level classes.
#[derive(Clone, Debug)]
pub struct Classes {
    /// Each bucket as a face bit set.
    pub buckets: Vec<u128>,
    /// Each cell's allowed faces (every class's sets lie within them).
    allowed: Vec<u128>,
    cells: usize,
}

impl Classes {
    /// `k` buckets (at least one, at most one a face) for faces
    /// `0..weights.len()`, sorted most frequent first, whose `weights` say how
    /// frequent; every cell may show the faces of `allowed`.
    pub fn new(weights: &[u64], allowed: u128, cells: usize, k: usize) -> Classes {
        let faces = weights.len();
        let k = k.clamp(1, faces.max(1));
        let total: u64 = weights.iter().map(|&w| w.max(1)).sum();
        let mut buckets = vec![0u128; k];
        let mut sum = 0u64;
        for (face, &weight) in weights.iter().enumerate() {
            // The bucket this face's weight falls in, keeping every bucket non-empty
            // (a face for each bucket left after it).
            let by_weight = (sum as u128 * k as u128 / total as u128) as usize;
            let at_least = k.saturating_sub(faces - face);
            let bucket = by_weight.max(at_least).min(k - 1);
            buckets[bucket] |= 1 << face;
            sum += weight.max(1);
        }
        buckets.retain(|&b| b != 0);
        Classes {
            buckets,
            allowed: vec![allowed; cells],
            cells,
        }
    }

    /// How many top-level classes there are, canonical or not (saturating).
    pub fn count(&self) -> u128 {
        (self.buckets.len() as u128)
            .checked_pow(self.cells as u32)
            .unwrap_or(u128::MAX)
    }

    /// How many canonical classes there are: the orbits of the classes under
    /// `symmetries` (Burnside: the average over the symmetries of the classes each
    /// leaves unchanged, `k^cycles`).
    pub fn canonical_count(&self, symmetries: &[Vec<usize>]) -> u128 {
        let k = self.buckets.len() as u128;
        let fixed: u128 = symmetries
            .iter()
            .map(|perm| {
                let mut seen = vec![false; perm.len()];
                let mut cycles = 0;
                for start in 0..perm.len() {
                    if !seen[start] {
                        cycles += 1;
                        let mut c = start;
                        while !seen[c] {
                            seen[c] = true;
                            c = perm[c];
                        }
                    }
                }
                k.pow(cycles)
            })
            .sum();
        fixed / symmetries.len() as u128
    }

    /// Is class `index` the smallest of its turned and mirrored copies?
    pub fn is_canonical(&self, index: u64, symmetries: &[Vec<usize>]) -> bool {
        let digits = self.digits(index);
        let mut image = vec![0; self.cells];
        symmetries.iter().all(|perm| {
            for (to, &from) in image.iter_mut().zip(perm) {
                *to = digits[from];
            }
            digits <= image
        })
    }

    /// The bucket of each cell in class `index`.
    pub fn digits(&self, index: u64) -> Vec<usize> {
        let k = self.buckets.len() as u64;
        let mut digits = vec![0; self.cells];
        let mut rest = index;
        for digit in digits.iter_mut().rev() {
            *digit = (rest % k) as usize;
            rest /= k;
        }
        digits
    }

    /// The face sets of class `index`.
    pub fn sets(&self, index: u64) -> Vec<u128> {
        self.digits(index)
            .iter()
            .zip(&self.allowed)
            .map(|(&d, &allowed)| self.buckets[d] & allowed)
            .collect()
    }

    /// The classes no symmetry maps to a smaller one, in order.
    pub fn canonical(&self, symmetries: &[Vec<usize>]) -> Vec<u64> {
        (0..self.count() as u64)
            .filter(|&index| self.is_canonical(index, symmetries))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_hold_every_face_once_and_are_never_empty() {
        let weights = [100, 90, 50, 10, 5, 1, 1, 1];
        let classes = Classes::new(&weights, 0xff, 9, 4);
        let mut all = 0u128;
        for &b in &classes.buckets {
            assert_ne!(b, 0);
            assert_eq!(all & b, 0);
            all |= b;
        }
        assert_eq!(all, 0xff);
        // Frequent faces come in small buckets, rare ones in large.
        assert!(classes.buckets[0].count_ones() <= classes.buckets.last().unwrap().count_ones());
    }

    #[test]
    fn canonical_classes_are_one_per_symmetry_orbit() {
        // A 2x2 grid with 2 buckets: 16 classes, 6 up to the 8 symmetries
        // (none, one, two adjacent, two diagonal, three, four in bucket 1).
        let classes = Classes::new(&[1, 1], 0b11, 4, 2);
        let symmetries = vec![
            vec![0, 1, 2, 3],
            vec![1, 0, 3, 2],
            vec![2, 3, 0, 1],
            vec![3, 2, 1, 0],
            vec![0, 2, 1, 3],
            vec![3, 1, 2, 0],
            vec![1, 3, 0, 2],
            vec![2, 0, 3, 1],
        ];
        assert_eq!(classes.count(), 16);
        assert_eq!(classes.canonical(&symmetries).len(), 6);
        assert_eq!(classes.canonical_count(&symmetries), 6);
        assert_eq!(classes.sets(0b0110), vec![0b01, 0b10, 0b10, 0b01]);
    }

    #[test]
    fn the_default_cut_makes_few_large_classes() {
        assert_eq!(default_buckets(9, 26), 2);
        assert_eq!(default_buckets(12, 26), 2);
        assert_eq!(default_buckets(16, 26), 2);
        assert_eq!(default_buckets(4, 26), 8);
        assert_eq!(default_buckets(4, 5), 5);
        assert_eq!(default_buckets(64, 26), 1);
    }
}
