//! The kernels: their CUDA C sources and entry points, and [`KernelDesign`], the choice
//! of which one scores, with what each design's word tables hold. Nothing here
//! touches a device or reads the environment ([`crate::Tuning`] does, once).

use crate::error::GpuError;
use crate::tables;

/// The old kernel's CUDA C source (also compiled as C++ by the tests).
pub const KERNEL_SOURCE: &str = include_str!("kernel.cu");

/// The old kernel's entry point.
pub const KERNEL_NAME: &str = "pb_score";

/// The new kernel's CUDA C source (also compiled as C++ by the tests).
pub const KERNEL_SHARED_SOURCE: &str = include_str!("kernel_shared.cu");

/// The new kernel's entry points, for boards of up to 16, 32 and 64 cells.
pub const KERNEL_SHARED_NAMES: [&str; 3] = ["pb_search16", "pb_search32", "pb_search64"];

/// The new kernel's entry points with deferred probes ([`KernelDesign::Deferred`]).
pub const KERNEL_DEFERRED_NAMES: [&str; 3] = ["pb_deferred16", "pb_deferred32", "pb_deferred64"];

/// The new kernel's entry points with deferred probes and chained pops
/// ([`KernelDesign::Chained`]).
pub const KERNEL_CHAINED_NAMES: [&str; 3] = ["pb_chained16", "pb_chained32", "pb_chained64"];

/// Which kernel scores: [`Tuning::design`](crate::Tuning::design), from
/// `POLYBOGGLE_GPU_KERNEL=old|new|deferred|chained` (default `new`, the fastest
/// measured; docs/gpu.md has the measurements), so that one device run can measure
/// them side by side.
///
/// ```
/// use polyboggle_gpu::KernelDesign;
///
/// assert_eq!("old".parse::<KernelDesign>()?, KernelDesign::Old);
/// assert_eq!(KernelDesign::New.to_string(), "new");
/// assert_eq!("deferred".parse::<KernelDesign>()?, KernelDesign::Deferred);
/// assert_eq!(KernelDesign::Chained.to_string(), "chained");
/// let err = "fast".parse::<KernelDesign>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "no usable GPU: POLYBOGGLE_GPU_KERNEL=fast: expected old, new, deferred or chained"
/// );
/// # Ok::<(), polyboggle_gpu::GpuError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KernelDesign {
    /// `kernel.cu`: each thread's search stack in local memory, `u64` word tables
    /// tagged with the launch's board numbers.
    Old,
    /// `kernel_shared.cu`: saved frames in shared memory, the board bit-parallel in
    /// registers, `u32` hash sets tagged with each thread's epoch.
    New,
    /// `kernel_shared.cu` with each found word's hash-set probe deferred to the
    /// thread's next turn, where it overlaps that turn's record read (and words too
    /// short to count left out of the set). Not yet measured on a GPU.
    Deferred,
    /// [`KernelDesign::Deferred`], and each saved frame marked when its state has
    /// candidate cells left, so that a pop passes the frames that have none in one
    /// turn without reading their records. Not yet measured on a GPU.
    Chained,
}

impl KernelDesign {
    /// Slots (a power of two) of each thread's word table for boards of `cells`.
    pub(crate) fn slot_bits(self, cells: usize) -> u32 {
        match self {
            KernelDesign::Old => tables::slot_bits(cells),
            KernelDesign::New | KernelDesign::Deferred | KernelDesign::Chained => {
                tables::hash_bits(cells)
            }
        }
    }

    /// Distinct words a board may have before it goes back to the CPU.
    pub(crate) fn word_limit(self, slot_bits: u32) -> u32 {
        match self {
            KernelDesign::Old => 1 << (slot_bits - 1),
            KernelDesign::New | KernelDesign::Deferred | KernelDesign::Chained => {
                3 << (slot_bits - 2)
            }
        }
    }

    /// The entry points of `kernel_shared.cu` this design runs, by board size (none
    /// for the old kernel).
    pub(crate) fn shared_names(self) -> Option<[&'static str; 3]> {
        match self {
            KernelDesign::Old => None,
            KernelDesign::New => Some(KERNEL_SHARED_NAMES),
            KernelDesign::Deferred => Some(KERNEL_DEFERRED_NAMES),
            KernelDesign::Chained => Some(KERNEL_CHAINED_NAMES),
        }
    }

    /// `PB_DESIGN` in `kernel_shared.cu`: which of its designs a compile keeps.
    pub(crate) fn shared_index(self) -> u32 {
        match self {
            KernelDesign::Old | KernelDesign::New => 0,
            KernelDesign::Deferred => 1,
            KernelDesign::Chained => 2,
        }
    }
}

impl std::str::FromStr for KernelDesign {
    type Err = GpuError;

    fn from_str(name: &str) -> Result<KernelDesign, GpuError> {
        match name {
            "old" => Ok(KernelDesign::Old),
            "new" => Ok(KernelDesign::New),
            "deferred" => Ok(KernelDesign::Deferred),
            "chained" => Ok(KernelDesign::Chained),
            _ => Err(GpuError(format!(
                "POLYBOGGLE_GPU_KERNEL={name}: expected old, new, deferred or chained"
            ))),
        }
    }
}

impl std::fmt::Display for KernelDesign {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            KernelDesign::Old => "old",
            KernelDesign::New => "new",
            KernelDesign::Deferred => "deferred",
            KernelDesign::Chained => "chained",
        })
    }
}
