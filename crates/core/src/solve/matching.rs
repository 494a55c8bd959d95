//! Which of a board's cells a state can move to, for a whole state at once.
//!
//! A state's transitions are a 64-bit mask of byte classes; a cell can continue a word
//! from it when its face's first byte has one of those classes. Testing the cells one
//! by one costs a branch each, and that branch goes either way about as often: on a
//! 4×4 board it was a third of all mispredictions. Here the cells come out as a bit
//! mask without a branch on the board, so the walk only loops over cells that match.
//!
//! With SSSE3 (every x86-64 build from `.cargo/config.toml`'s `x86-64-v2`) sixteen
//! cells are looked up at once with a byte shuffle; elsewhere classes go in groups of
//! four, each with a table of the cells for every subset of the group. An x86-64 build
//! for a target without SSSE3 (what `cargo install` from a registry builds) still
//! uses the shuffle on boards of up to 16 cells when the CPU running it has SSSE3 and
//! POPCNT ([`Matching::detected_sixteen`], and `BreadthFirst::ends_ssse3` compiled for
//! them).

/// Boards of up to this many cells.
pub(super) const MAX: usize = 64;

/// The cells each class mask reaches, prepared for one board.
#[derive(Default)]
pub(super) struct Matching {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    inner: ssse3::Shuffle,
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    inner: Subsets,
    /// The shuffle's tables too, where the build lacks SSSE3 but the CPU has it.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "ssse3")))]
    detected: Option<ssse3::Shuffle>,
}

/// The shuffle's matching of a board of up to 16 cells, to call where SSSE3 is
/// enabled (uninhabited where there is no such shuffle).
#[cfg(target_arch = "x86_64")]
pub(super) use ssse3::Sixteen;
#[cfg(not(target_arch = "x86_64"))]
#[derive(Clone, Copy)]
pub(super) enum Sixteen {}

impl Matching {
    /// Prepares for a board whose cell `i` starts with class `classes[i]` (`None`
    /// when the cell can start nothing).
    pub(super) fn load(&mut self, classes: &[Option<u8>]) {
        let classes = &classes[..classes.len().min(MAX)];
        self.inner.load(classes);
        #[cfg(all(target_arch = "x86_64", not(target_feature = "ssse3")))]
        if ssse3::detected() {
            self.detected
                .get_or_insert_with(Default::default)
                .load(classes);
        }
    }

    /// The cells whose first class is in `mask`.
    #[inline(always)]
    pub(super) fn cells(&self, mask: u64) -> u64 {
        self.inner.cells(mask)
    }

    /// [`Matching::cells`] for a board of up to 16 cells, when this build has a
    /// faster form for them (SSSE3: one shuffle, no look at the board's size), to
    /// choose once a board rather than at every step.
    pub(super) fn sixteen(&self) -> Option<impl Fn(u64) -> u64 + Copy> {
        self.inner.sixteen()
    }

    /// The shuffle of a board of up to 16 cells, in any x86-64 build on a CPU with
    /// SSSE3 and POPCNT: for tests of `BreadthFirst::ends_ssse3` where the build would
    /// not call it.
    #[cfg(all(test, target_arch = "x86_64"))]
    pub(super) fn any_sixteen(&self) -> Option<Sixteen> {
        #[cfg(target_feature = "ssse3")]
        return self.inner.detected_sixteen().filter(|_| ssse3::detected());
        #[cfg(not(target_feature = "ssse3"))]
        return self.detected_sixteen();
    }

    /// Where [`Matching::sixteen`] is `None` only because the build lacks SSSE3: the
    /// shuffle for a board of up to 16 cells, when the CPU has SSSE3 and POPCNT.
    pub(super) fn detected_sixteen(&self) -> Option<Sixteen> {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "ssse3")))]
        return self
            .detected
            .as_ref()
            .and_then(ssse3::Shuffle::detected_sixteen);
        #[cfg(not(all(target_arch = "x86_64", not(target_feature = "ssse3"))))]
        None
    }
}

/// The portable form: per group of four classes, the cells of each subset.
#[derive(Default)]
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "ssse3"),
    allow(dead_code)
)]
struct Subsets {
    /// (first class of the group, cells for each subset of its four classes).
    groups: Vec<(u32, [u64; 16])>,
}

#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "ssse3"),
    allow(dead_code)
)]
impl Subsets {
    fn load(&mut self, classes: &[Option<u8>]) {
        let mut cells = [[0u64; 4]; 16];
        let mut groups = 0u16;
        for (cell, class) in classes.iter().enumerate() {
            if let Some(class) = *class {
                cells[class as usize / 4][class as usize % 4] |= 1 << cell;
                groups |= 1 << (class / 4);
            }
        }
        self.groups.clear();
        for group in (0..16).filter(|g| groups & 1 << g != 0) {
            let mut table = [0u64; 16];
            for subset in 1..16usize {
                table[subset] =
                    table[subset & (subset - 1)] | cells[group][subset.trailing_zeros() as usize];
            }
            self.groups.push((group as u32 * 4, table));
        }
    }

    #[inline(always)]
    fn cells(&self, mask: u64) -> u64 {
        self.groups.iter().fold(0, |cells, (shift, table)| {
            cells | table[(mask >> shift) as usize & 15]
        })
    }

    fn sixteen(&self) -> Option<fn(u64) -> u64> {
        None
    }
}

#[cfg(target_arch = "x86_64")]
mod ssse3 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_cvtsi64_si128, _mm_movemask_epi8,
        _mm_shuffle_epi8,
    };

    /// Sixteen cells a vector: for each cell, which byte of the mask holds its class
    /// (0x80, which the shuffle turns into 0, for cells that start nothing) and the
    /// class's bit within that byte. Held inline, so the walk reaches them without
    /// following a pointer.
    #[derive(Clone, Copy)]
    pub(super) struct Shuffle {
        chunks: [(__m128i, __m128i); super::MAX / 16],
        len: usize,
    }

    impl Default for Shuffle {
        fn default() -> Shuffle {
            let zero = bytemuck::cast([0u8; 16]);
            Shuffle {
                chunks: [(zero, zero); super::MAX / 16],
                len: 0,
            }
        }
    }

    /// Is the shuffle usable here: SSSE3 (and POPCNT, which `BreadthFirst::ends_ssse3`
    /// is compiled for) on this CPU? (std caches the answer.)
    #[cfg_attr(target_feature = "ssse3", allow(dead_code))]
    pub(super) fn detected() -> bool {
        std::arch::is_x86_feature_detected!("ssse3")
            && std::arch::is_x86_feature_detected!("popcnt")
    }

    /// The tables of a board of up to 16 cells: its matching, for code compiled with
    /// SSSE3.
    #[derive(Clone, Copy)]
    pub(crate) struct Sixteen {
        byte: __m128i,
        bit: __m128i,
    }

    impl Sixteen {
        /// The cells whose first class is in `mask`.
        #[target_feature(enable = "ssse3")]
        #[inline]
        pub(crate) fn cells(self, mask: u64) -> u64 {
            one(self.byte, self.bit, mask)
        }
    }

    // Outside SSSE3 builds, `cells` and `sixteen` are unused: the shuffle serves
    // only through `detected_sixteen`, after `detected`; in them, the reverse.
    impl Shuffle {
        /// [`Sixteen`] for a board of up to 16 cells.
        #[cfg_attr(target_feature = "ssse3", allow(dead_code))]
        pub(super) fn detected_sixteen(&self) -> Option<Sixteen> {
            let (byte, bit) = self.chunks[0];
            (self.len == 1).then_some(Sixteen { byte, bit })
        }

        pub(super) fn load(&mut self, classes: &[Option<u8>]) {
            self.len = 0;
            for chunk in classes.chunks(16) {
                let (mut byte, mut bit) = ([0x80u8; 16], [1u8; 16]);
                for (i, class) in chunk.iter().enumerate() {
                    if let Some(class) = *class {
                        (byte[i], bit[i]) = (class / 8, 1 << (class % 8));
                    }
                }
                self.chunks[self.len] = (bytemuck::cast(byte), bytemuck::cast(bit));
                self.len += 1;
            }
        }

        #[inline(always)]
        #[cfg_attr(not(target_feature = "ssse3"), allow(dead_code))]
        pub(super) fn cells(&self, mask: u64) -> u64 {
            // SAFETY: a `Shuffle` is `Matching`'s `inner`, the only caller, only when
            // the whole build targets SSSE3, so every CPU that runs it has them.
            unsafe { cells(&self.chunks[..self.len.min(super::MAX / 16)], mask) }
        }

        #[cfg_attr(not(target_feature = "ssse3"), allow(dead_code))]
        pub(super) fn sixteen(&self) -> Option<impl Fn(u64) -> u64 + Copy> {
            let (byte, bit) = self.chunks[0];
            // SAFETY: as in `cells`.
            (self.len == 1).then_some(move |mask| unsafe { one(byte, bit, mask) })
        }
    }

    /// The cells of one chunk of sixteen whose class is in `mask`.
    #[target_feature(enable = "ssse3")]
    #[inline]
    fn one(byte: __m128i, bit: __m128i, mask: u64) -> u64 {
        let bytes = _mm_shuffle_epi8(_mm_cvtsi64_si128(mask as i64), byte);
        let hit = _mm_cmpeq_epi8(_mm_and_si128(bytes, bit), bit);
        _mm_movemask_epi8(hit) as u32 as u64
    }

    #[target_feature(enable = "ssse3")]
    #[inline]
    fn cells(chunks: &[(__m128i, __m128i)], mask: u64) -> u64 {
        if let [(byte, bit)] = *chunks {
            // Boards of up to 16 cells, the usual ones: no loop.
            return one(byte, bit, mask);
        }
        let mut cells = 0;
        for (i, &(byte, bit)) in chunks.iter().enumerate() {
            cells |= one(byte, bit, mask) << (16 * i);
        }
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn naive(classes: &[Option<u8>], mask: u64) -> u64 {
        classes
            .iter()
            .enumerate()
            .fold(0, |cells, (cell, class)| match class {
                Some(class) if mask >> class & 1 == 1 => cells | 1 << cell,
                _ => cells,
            })
    }

    #[test]
    fn both_forms_agree_with_a_test_per_cell() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let (mut matching, mut subsets) = (Matching::default(), Subsets::default());
        for _ in 0..500 {
            let len = rng.gen_range(1..=MAX);
            let classes: Vec<Option<u8>> = (0..len)
                .map(|_| rng.gen_bool(0.9).then(|| rng.gen_range(0..64)))
                .collect();
            matching.load(&classes);
            subsets.load(&classes);
            for _ in 0..20 {
                let mask = rng.gen::<u64>() & rng.gen::<u64>();
                let want = naive(&classes, mask);
                assert_eq!(matching.cells(mask), want, "{classes:?} {mask:#x}");
                if let Some(sixteen) = matching.sixteen() {
                    assert!(len <= 16);
                    assert_eq!(sixteen(mask), want, "{classes:?} {mask:#x}");
                }
                #[cfg(target_arch = "x86_64")]
                if ssse3::detected() {
                    let mut shuffle = ssse3::Shuffle::default();
                    shuffle.load(&classes);
                    if let Some(sixteen) = shuffle.detected_sixteen() {
                        assert!(len <= 16);
                        // SAFETY: the CPU has SSSE3 (detected).
                        assert_eq!(unsafe { sixteen.cells(mask) }, want);
                    }
                }
                assert_eq!(subsets.cells(mask), want, "{classes:?} {mask:#x}");
            }
        }
    }
}
