//! A launch: one run of the kernel over up to [`LAUNCH`] boards of a batch, what it
//! reads beyond the dictionary ([`Launch`]), and [`Kernel`], what runs it (the CUDA
//! device, or the tests' C++ harness). The scorer splits batches into launches; the
//! device and the harness only run them.

use polyboggle::solve::Tally;

use crate::design::KernelDesign;
use crate::error::GpuError;
use crate::tables::{Faces, OVERFLOW};

/// Boards in one launch at most: a million, long enough (about 16 ms for 4×4
/// boards on an H200) that the last boards' tail stays small, short enough that a
/// batch of several launches keeps the GPU busy while the host copies the next
/// launch's boards in and the last one's results out.
pub(crate) const LAUNCH: usize = 1 << 20;

/// Launches submitted and not yet collected, at most: the one running and the next.
pub(crate) const IN_FLIGHT: usize = 2;

/// One launch's inputs beyond the dictionary.
pub(crate) struct Launch<'a> {
    pub(crate) faces: &'a Faces,
    pub(crate) neighbours: &'a [u64],
    pub(crate) cells: u32,
    pub(crate) boards: &'a [u8],
    pub(crate) count: u32,
    pub(crate) slot_bits: u32,
    pub(crate) word_limit: u32,
    pub(crate) tag_base: u32,
}

/// Something that runs the kernel: the CUDA device, or the tests' C++ harness.
pub(crate) trait Kernel: Send {
    /// Starts the kernel over `launch`'s boards (a device runs it in the background,
    /// its boards copied: `launch` may go once this returns). At most [`IN_FLIGHT`]
    /// launches are submitted and not yet collected.
    fn submit(&mut self, launch: &Launch) -> Result<(), GpuError>;

    /// Waits for the oldest launch not yet collected and appends each of its
    /// boards' words ([`OVERFLOW`] when its table overflowed) and points to `out`
    /// ([`unpack`]); says how many overflowed.
    fn collect(&mut self, out: &mut Vec<Tally>) -> Result<usize, GpuError>;

    /// Empties every thread's table (when the tags are about to wrap; nothing in
    /// flight).
    fn clear_tables(&mut self) -> Result<(), GpuError>;

    /// Which kernel this is.
    fn design(&self) -> KernelDesign;
}

/// Appends a launch's results, each board's words and points, to `out` as tallies;
/// says how many boards the kernel handed back ([`OVERFLOW`]), so that a batch
/// without any is not searched for them.
pub(crate) fn unpack(words: &[u32], points: &[u64], out: &mut Vec<Tally>) -> usize {
    let mut over = 0;
    out.extend(words.iter().zip(points).map(|(&words, &points)| {
        over += (words == OVERFLOW) as usize;
        Tally {
            words: words as u64,
            points,
        }
    }));
    over
}
