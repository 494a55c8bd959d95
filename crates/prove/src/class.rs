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

/// Grids of at least this many cells are cut on vowels by default
/// ([`vowel_cut`]), when they have at least [`VOWEL_CUT_FACES`] faces; others
/// into equal-weight buckets ([`default_buckets`]).
pub const VOWEL_CUT_CELLS: usize = 16;

/// The fewest faces a vowel cut is made for: with fewer, classes of a face or two
/// a cell are too many and too small (a 4x4 proof over `aestr` makes a million
/// of them), and equal-weight buckets do better.
pub const VOWEL_CUT_FACES: usize = 16;

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

/// How a space's faces are cut into the buckets of top-level classes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Cut {
    /// The grid's default ([`default_buckets`] buckets of equal weight).
    #[default]
    Default,
    /// `k` buckets of about equal weight, the same at every cell.
    Weight(usize),
    /// Buckets named by their faces (each bucket the faces' text run together:
    /// `aeiou`, or `qu` for the face `Qu`): `cells` at every cell, `corners`
    /// (when given) at the four corners.
    Named {
        /// Every cell's buckets (the corners' too when `corners` is `None`).
        cells: Vec<String>,
        /// The corners' buckets.
        corners: Option<Vec<String>>,
    },
}

impl std::str::FromStr for Cut {
    type Err = String;

    /// `K` (buckets of equal weight), or buckets named by their faces, separated
    /// by spaces, with the corners' after `, corner:` —
    /// `aeijou bcdfgmpqvwxz hklnrsty, corner:aeiosuy bcdfghjklmnpqrtvwxz`.
    fn from_str(text: &str) -> Result<Cut, String> {
        let text = text.trim();
        if let Ok(k) = text.parse::<usize>() {
            return match k {
                0 => Err("--buckets must be at least 1".into()),
                k => Ok(Cut::Weight(k)),
            };
        }
        let (cells, corners) = match text.split_once(',') {
            Some((cells, rest)) => {
                let rest = rest.trim();
                let Some(corners) = rest.strip_prefix("corner:") else {
                    return Err(format!(
                        "--buckets {text:?}: after the comma, write `corner:` and the corners' buckets"
                    ));
                };
                (cells, Some(corners))
            }
            None => (text, None),
        };
        let list = |part: &str| -> Result<Vec<String>, String> {
            let buckets: Vec<String> = part.split_whitespace().map(String::from).collect();
            if buckets.is_empty() {
                return Err(format!("--buckets {text:?}: a list of buckets is empty"));
            }
            Ok(buckets)
        };
        Ok(Cut::Named {
            cells: list(cells)?,
            corners: corners.map(list).transpose()?,
        })
    }
}

/// A space's buckets and the canonical top-level classes.
///
/// Every cell has its own list of buckets (corners may be cut otherwise than the
/// other cells); cells that a symmetry of the grid maps onto each other have the
/// same list, so that a turned class is a class. Class numbers are mixed-radix
/// numbers, a digit a cell (cell 0 the most significant), the digit the bucket.
#[derive(Clone, Debug)]
pub struct Classes {
    /// Each cell's buckets, as face bit sets.
    cells: Vec<Vec<u128>>,
}

impl Classes {
    /// `k` buckets (at least one, at most one a face) for faces
    /// `0..weights.len()`, sorted most frequent first, whose `weights` say how
    /// frequent, the same at every cell; every cell may show the faces of `allowed`.
    pub fn new(weights: &[u64], allowed: u128, cells: usize, k: usize) -> Classes {
        let buckets = by_weight(weights, k);
        Classes::per_cell(vec![buckets; cells], allowed)
    }

    /// Classes whose cell `c` picks one of `buckets[c]` (each list a partition of
    /// the faces a cell may show), limited to the faces of `allowed`; buckets left
    /// empty are dropped.
    ///
    /// # Panics
    /// When a cell's buckets overlap (a face would be in two classes).
    pub fn per_cell(buckets: Vec<Vec<u128>>, allowed: u128) -> Classes {
        let cells = buckets
            .into_iter()
            .map(|list| {
                let mut seen = 0u128;
                for &b in &list {
                    assert_eq!(seen & b, 0, "buckets overlap");
                    seen |= b;
                }
                list.into_iter()
                    .map(|b| b & allowed)
                    .filter(|&b| b != 0)
                    .collect()
            })
            .collect();
        Classes { cells }
    }

    /// Each cell's buckets.
    pub fn buckets(&self) -> &[Vec<u128>] {
        &self.cells
    }

    /// How many top-level classes there are, canonical or not (saturating).
    pub fn count(&self) -> u128 {
        self.cells
            .iter()
            .fold(1u128, |n, list| n.saturating_mul(list.len() as u128))
    }

    /// How many canonical classes there are: the orbits of the classes under
    /// `symmetries` (Burnside: the average over the symmetries of the classes each
    /// leaves unchanged, the product over its cycles of a cycle's bucket count).
    pub fn canonical_count(&self, symmetries: &[Vec<usize>]) -> u128 {
        let fixed: u128 = symmetries
            .iter()
            .map(|perm| {
                let mut seen = vec![false; perm.len()];
                let mut fixed = 1u128;
                for start in 0..perm.len() {
                    if !seen[start] {
                        fixed = fixed.saturating_mul(self.cells[start].len() as u128);
                        let mut c = start;
                        while !seen[c] {
                            seen[c] = true;
                            c = perm[c];
                        }
                    }
                }
                fixed
            })
            .sum();
        fixed / symmetries.len() as u128
    }

    /// Is class `index` the smallest of its turned and mirrored copies?
    pub fn is_canonical(&self, index: u64, symmetries: &[Vec<usize>]) -> bool {
        let digits = self.digits(index);
        let mut image = vec![0; self.cells.len()];
        symmetries.iter().all(|perm| {
            for (to, &from) in image.iter_mut().zip(perm) {
                *to = digits[from];
            }
            digits <= image
        })
    }

    /// The bucket of each cell in class `index`.
    pub fn digits(&self, index: u64) -> Vec<usize> {
        let mut digits = vec![0; self.cells.len()];
        let mut rest = index;
        for (digit, list) in digits.iter_mut().zip(&self.cells).rev() {
            let k = list.len() as u64;
            *digit = (rest % k) as usize;
            rest /= k;
        }
        digits
    }

    /// The face sets of class `index`.
    pub fn sets(&self, index: u64) -> Vec<u128> {
        self.digits(index)
            .iter()
            .zip(&self.cells)
            .map(|(&d, list)| list[d])
            .collect()
    }

    /// The classes no symmetry maps to a smaller one, in order.
    pub fn canonical(&self, symmetries: &[Vec<usize>]) -> Vec<u64> {
        (0..self.count() as u64)
            .filter(|&index| self.is_canonical(index, symmetries))
            .collect()
    }
}

/// `k` buckets of about equal weight of faces `0..weights.len()`, sorted most
/// frequent first: a few frequent faces in the first, many rare ones in the last.
pub fn by_weight(weights: &[u64], k: usize) -> Vec<u128> {
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
    buckets
}

/// The faces that act as vowels in `words`, by Sukhotin's algorithm: faces
/// (`keys`, byte strings) that follow one another least are told apart from the
/// rest, with no list of vowels for the language. Each word is read as faces
/// (the longest key first); every pair of unlike faces side by side counts.
/// Starting with every face a consonant, the consonant that most often stands
/// beside consonants becomes a vowel, and its pairs stop counting for the others,
/// until no consonant stands beside consonants more than beside vowels.
pub fn vowels<W: AsRef<[u8]>>(words: impl Iterator<Item = W>, keys: &[Vec<u8>]) -> u128 {
    let n = keys.len();
    let mut pairs = vec![vec![0i64; n]; n];
    let mut faces = Vec::new();
    for word in words {
        let word = word.as_ref();
        faces.clear();
        let mut at = 0;
        while at < word.len() {
            match longest_face(keys, &word[at..]) {
                Some(f) => {
                    faces.push(f);
                    at += keys[f].len();
                }
                None => at += 1,
            }
        }
        for w in faces.windows(2) {
            if w[0] != w[1] {
                pairs[w[0]][w[1]] += 1;
                pairs[w[1]][w[0]] += 1;
            }
        }
    }
    let mut sums: Vec<i64> = pairs.iter().map(|row| row.iter().sum()).collect();
    let mut vowels = 0u128;
    loop {
        let best = (0..n)
            .filter(|&f| vowels >> f & 1 == 0 && sums[f] > 0)
            .max_by_key(|&f| (sums[f], std::cmp::Reverse(f)));
        let Some(v) = best else { break };
        vowels |= 1 << v;
        for f in 0..n {
            if vowels >> f & 1 == 0 {
                sums[f] -= 2 * pairs[f][v];
            }
        }
    }
    // Sukhotin takes a consonant of digraphs for a vowel now and then (English
    // `h`, of `ch sh th`): a vowel stands beside consonants most of the time.
    for _ in 0..2 {
        let share = |f: usize| {
            let all: i64 = pairs[f].iter().sum();
            let beside: i64 = (0..n)
                .filter(|&g| vowels >> g & 1 == 1)
                .map(|g| pairs[f][g])
                .sum();
            beside as f64 / all.max(1) as f64
        };
        vowels = (0..n)
            .filter(|&f| vowels >> f & 1 == 1 && share(f) < VOWEL_SHARE)
            .fold(0, |set, f| set | 1 << f);
    }
    vowels
}

/// The face whose key (of `keys`, byte strings) is the longest that `text` starts
/// with, if any.
pub(crate) fn longest_face(keys: &[Vec<u8>], text: &[u8]) -> Option<usize> {
    (0..keys.len())
        .filter(|&f| !keys[f].is_empty() && text.starts_with(&keys[f]))
        .max_by_key(|&f| keys[f].len())
}

/// All of `faces` faces as a bit set.
pub fn all_faces(faces: usize) -> u128 {
    u128::MAX.checked_shr(128 - faces as u32).unwrap_or(0)
}

/// Each cell's buckets on a `rows`×`cols` grid: `corner` at the four corners,
/// `inner` everywhere else.
pub fn corners_apart(rows: usize, cols: usize, inner: &[u128], corner: &[u128]) -> Vec<Vec<u128>> {
    (0..rows * cols)
        .map(|c| {
            let (r, col) = (c / cols, c % cols);
            let at_corner = (r == 0 || r + 1 == rows) && (col == 0 || col + 1 == cols);
            if at_corner { corner } else { inner }.to_vec()
        })
        .collect()
}

/// A vowel stands beside another vowel in fewer than this share of its pairs
/// (ENABLE2K: `e` 0.11, `y` 0.22, `h` 0.48, consonants 0.5-0.9).
const VOWEL_SHARE: f64 = 0.4;

/// The default cut of grids of 16 cells or more, where equal-weight buckets make
/// millions of classes that each mix vowels and consonants: vowels against
/// consonants at the corners (three neighbours), and at every other cell vowels,
/// the frequent consonants and the rare ones (the faces sorted most frequent
/// first, `vowels` a bit set of them). `None` when the faces have no vowels and
/// consonants to tell apart.
pub fn vowel_cut(
    weights: &[u64],
    vowels: u128,
    rows: usize,
    cols: usize,
) -> Option<Vec<Vec<u128>>> {
    let faces = weights.len();
    let all = all_faces(faces);
    let consonants = all & !vowels;
    if vowels == 0 || consonants.count_ones() < 2 {
        return None;
    }
    // The consonants in two of about equal weight, the frequent first.
    let total: u64 = (0..faces)
        .filter(|&f| consonants >> f & 1 == 1)
        .map(|f| weights[f].max(1))
        .sum();
    let (mut frequent, mut sum) = (0u128, 0u64);
    for f in (0..faces).filter(|&f| consonants >> f & 1 == 1) {
        if sum * 2 < total || frequent == 0 {
            frequent |= 1 << f;
        }
        sum += weights[f].max(1);
    }
    let rare = consonants & !frequent;
    let inner: Vec<u128> = [vowels, frequent, rare]
        .into_iter()
        .filter(|&b| b != 0)
        .collect();
    Some(corners_apart(rows, cols, &inner, &[vowels, consonants]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_hold_every_face_once_and_are_never_empty() {
        let weights = [100, 90, 50, 10, 5, 1, 1, 1];
        let buckets = by_weight(&weights, 4);
        let mut all = 0u128;
        for &b in &buckets {
            assert_ne!(b, 0);
            assert_eq!(all & b, 0);
            all |= b;
        }
        assert_eq!(all, 0xff);
        // Frequent faces come in small buckets, rare ones in large.
        assert!(buckets[0].count_ones() <= buckets.last().unwrap().count_ones());
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
    fn corners_cut_otherwise_count_their_canonical_classes() {
        // 3x3: corners of 2 buckets, the rest of 3; Burnside against listing.
        let symmetries = polyboggle_optimize::Space::letters(
            3,
            3,
            &["a".to_string(), "b".to_string(), "c".to_string()],
            &Default::default(),
        )
        .unwrap()
        .symmetries()
        .to_vec();
        let inner = vec![0b001, 0b010, 0b100];
        let corner = vec![0b001, 0b110];
        let lists = (0..9)
            .map(|c| {
                if [0, 2, 6, 8].contains(&c) {
                    corner.clone()
                } else {
                    inner.clone()
                }
            })
            .collect();
        let classes = Classes::per_cell(lists, 0b111);
        assert_eq!(classes.count(), 2u128.pow(4) * 3u128.pow(5));
        let canonical = classes.canonical(&symmetries);
        assert_eq!(
            canonical.len() as u128,
            classes.canonical_count(&symmetries)
        );
        // Every class's sets are a corner's or a cell's buckets, as it should.
        for &c in &canonical {
            let sets = classes.sets(c);
            assert!(corner.contains(&sets[0]) && inner.contains(&sets[4]));
        }
    }

    #[test]
    fn vowels_are_told_from_consonants_without_a_list() {
        let words = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../dictionaries/enable2k.txt"
        ))
        .unwrap()
        .to_lowercase();
        let letters = "abcdefghijklmnopqrstuvwxyz";
        let keys: Vec<Vec<u8>> = letters.bytes().map(|b| vec![b]).collect();
        let vowels = vowels(words.split_whitespace(), &keys);
        let found: String = letters
            .chars()
            .enumerate()
            .filter(|&(i, _)| vowels >> i & 1 == 1)
            .map(|(_, c)| c)
            .collect();
        assert_eq!(found, "aeiouy");
    }

    #[test]
    fn a_vowel_cut_gives_corners_two_buckets_and_other_cells_three() {
        // Faces most frequent first: e s i a r n t o; vowels e i a o.
        let weights = [90, 80, 70, 60, 50, 40, 30, 20];
        let vowels = 0b1000_1101;
        let lists = vowel_cut(&weights, vowels, 4, 4).unwrap();
        assert_eq!(lists[0], vec![0b1000_1101, 0b0111_0010]);
        assert_eq!(lists[5], vec![0b1000_1101, 0b0001_0010, 0b0110_0000]);
        assert_eq!(lists[1], lists[5]);
        assert!(vowel_cut(&weights, 0, 4, 4).is_none());
    }

    #[test]
    fn a_cut_reads_as_a_number_or_named_buckets() {
        assert_eq!("3".parse(), Ok(Cut::Weight(3)));
        assert!("0".parse::<Cut>().unwrap_err().contains("at least 1"));
        assert_eq!(
            "aeiou srntl, corner:aeiou".parse(),
            Ok(Cut::Named {
                cells: vec!["aeiou".into(), "srntl".into()],
                corners: Some(vec!["aeiou".into()]),
            })
        );
        assert!("aeiou, bcd".parse::<Cut>().unwrap_err().contains("corner:"));
        assert!("aeiou, corner:"
            .parse::<Cut>()
            .unwrap_err()
            .contains("empty"));
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
