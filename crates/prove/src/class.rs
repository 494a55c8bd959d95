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

/// How many top-level classes a space is cut into at most, by default: enough for
/// thousands of scale-out tasks and for progress, few enough to list them all.
pub const MOST_CLASSES: u64 = 1_500_000;

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
    /// Buckets for faces `0..weights.len()`, sorted most frequent first, whose
    /// `weights` say how frequent, making at most `most` classes (at least one);
    /// every cell may show the faces of `allowed`.
    pub fn new(weights: &[u64], allowed: u128, cells: usize, most: u64) -> Classes {
        let faces = weights.len();
        let mut k =
            ((most as f64).powf(1.0 / cells as f64).floor() as usize).clamp(1, faces.max(1));
        // Floating point may land a hair below an exact root.
        if ((k + 1) as f64).powi(cells as i32) <= most as f64 && k < faces {
            k += 1;
        }
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

    /// How many top-level classes there are, canonical or not.
    pub fn count(&self) -> u64 {
        (self.buckets.len() as u64).pow(self.cells as u32)
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
        let mut image = vec![0; self.cells];
        (0..self.count())
            .filter(|&index| {
                let digits = self.digits(index);
                symmetries.iter().all(|perm| {
                    for (to, &from) in image.iter_mut().zip(perm) {
                        *to = digits[from];
                    }
                    digits <= image
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_hold_every_face_once_and_are_never_empty() {
        let weights = [100, 90, 50, 10, 5, 1, 1, 1];
        let classes = Classes::new(&weights, 0xff, 9, MOST_CLASSES);
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
        let classes = Classes::new(&[1, 1], 0b11, 4, MOST_CLASSES);
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
        assert_eq!(classes.sets(0b0110), vec![0b01, 0b10, 0b10, 0b01]);
    }
}
