//! polyboggle-gpu: the GPU batch scorer, a [`Scorer`] that counts many boards' words
//! and points at once on an NVIDIA GPU, exactly as the CPU solver does, and
//! [`backend::open`], the choice between it and the CPU.
//!
//! The kernel (CUDA C embedded in the binary and compiled by NVRTC when a
//! [`GpuScorer`] starts; [`Design`] chooses between `kernel_shared.cu`, the default,
//! and the first, `kernel.cu`) runs one thread a board over the dictionary's own
//! automaton records ([`polyboggle::automaton`]), so every language, multi-byte face, `Qu`
//! and blank works as on the CPU. A board with more distinct words than a thread's
//! table holds is marked and scored again on the CPU; so is every board of more than
//! [`tables::MAX_CELLS`] cells, and every batch whose faces do not fit the kernel's
//! face table.
//!
//! Nothing here needs CUDA to build or to run the rest of the program: the driver
//! library is loaded when a scorer starts, after [`probe`] has checked that it is
//! there (the CUDA bindings panic on a missing library), and NVRTC's only when a
//! kernel must be compiled (not one kept from an earlier run), after the same check;
//! [`GpuScorer::new`] answers an error, never a panic, where no GPU is usable.
//!
//! This crate owns the kernel, its inputs and the orchestration (launches, table
//! tags, overflow, fallbacks); it sits beside the core `polyboggle` crate so that
//! only a program that wants a GPU builds the CUDA bindings.

pub mod backend;
mod device;
#[cfg(test)]
mod host;
mod probe;
pub mod tables;

use std::sync::Mutex;

use polyboggle::batch::{Batch, CpuScorer, Scorer};
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;
use polyboggle::solve::Tally;

pub use probe::probe;
use tables::{Faces, OVERFLOW};

/// The old kernel's CUDA C source (also compiled as C++ by the tests).
pub const KERNEL_SOURCE: &str = include_str!("kernel.cu");

/// The old kernel's entry point.
pub const KERNEL_NAME: &str = "pb_score";

/// The new kernel's CUDA C source (also compiled as C++ by the tests).
pub const KERNEL_SHARED_SOURCE: &str = include_str!("kernel_shared.cu");

/// The new kernel's entry points, for boards of up to 16, 32 and 64 cells.
pub const KERNEL_SHARED_NAMES: [&str; 3] = ["pb_search16", "pb_search32", "pb_search64"];

/// The new kernel's entry points with deferred probes ([`Design::Deferred`]).
pub const KERNEL_DEFERRED_NAMES: [&str; 3] = ["pb_deferred16", "pb_deferred32", "pb_deferred64"];

/// The new kernel's entry points with deferred probes and chained pops
/// ([`Design::Chained`]).
pub const KERNEL_CHAINED_NAMES: [&str; 3] = ["pb_chained16", "pb_chained32", "pb_chained64"];

/// Which kernel scores: `POLYBOGGLE_GPU_KERNEL=old|new|deferred|chained` (default `new`: exact
/// on an H200 in every device test and bench total, and 2.2× the old one's boards a
/// second; docs/gpu.md), read when a scorer starts, so that one device run can
/// measure them side by side.
///
/// ```
/// use polyboggle_gpu::Design;
///
/// assert_eq!("old".parse::<Design>()?, Design::Old);
/// assert_eq!(Design::New.to_string(), "new");
/// assert_eq!("deferred".parse::<Design>()?, Design::Deferred);
/// assert_eq!(Design::Chained.to_string(), "chained");
/// let err = "fast".parse::<Design>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "no usable GPU: POLYBOGGLE_GPU_KERNEL=fast: expected old, new, deferred or chained"
/// );
/// # Ok::<(), polyboggle_gpu::GpuError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Design {
    /// `kernel.cu`: each thread's search stack in local memory, `u64` word tables
    /// tagged with the launch's board numbers (issue 16).
    Old,
    /// `kernel_shared.cu`: saved frames in shared memory, the board bit-parallel in
    /// registers, `u32` hash sets tagged with each thread's epoch (issue 35).
    New,
    /// `kernel_shared.cu` with each found word's hash-set probe deferred to the
    /// thread's next turn, where it overlaps that turn's record read (and words too
    /// short to count left out of the set). Not yet measured on a GPU.
    Deferred,
    /// [`Design::Deferred`], and each saved frame marked when its state has
    /// candidate cells left, so that a pop passes the frames that have none in one
    /// turn without reading their records. Not yet measured on a GPU.
    Chained,
}

impl Design {
    /// The design `POLYBOGGLE_GPU_KERNEL` asks for (unset: [`Design::New`]).
    pub fn from_env() -> Result<Design, GpuError> {
        match std::env::var("POLYBOGGLE_GPU_KERNEL") {
            Err(_) => Ok(Design::New),
            Ok(name) => name.parse(),
        }
    }

    /// Slots (a power of two) of each thread's word table for boards of `cells`.
    fn slot_bits(self, cells: usize) -> u32 {
        match self {
            Design::Old => tables::slot_bits(cells),
            Design::New | Design::Deferred | Design::Chained => tables::hash_bits(cells),
        }
    }

    /// Distinct words a board may have before it goes back to the CPU.
    fn word_limit(self, slot_bits: u32) -> u32 {
        match self {
            Design::Old => 1 << (slot_bits - 1),
            Design::New | Design::Deferred | Design::Chained => 3 << (slot_bits - 2),
        }
    }

    /// The entry points of `kernel_shared.cu` this design runs, by board size (none
    /// for the old kernel).
    fn shared_names(self) -> Option<[&'static str; 3]> {
        match self {
            Design::Old => None,
            Design::New => Some(KERNEL_SHARED_NAMES),
            Design::Deferred => Some(KERNEL_DEFERRED_NAMES),
            Design::Chained => Some(KERNEL_CHAINED_NAMES),
        }
    }

    /// `PB_DESIGN` in `kernel_shared.cu`: which of its designs a compile keeps.
    fn shared_index(self) -> u32 {
        match self {
            Design::Old | Design::New => 0,
            Design::Deferred => 1,
            Design::Chained => 2,
        }
    }
}

impl std::str::FromStr for Design {
    type Err = GpuError;

    fn from_str(name: &str) -> Result<Design, GpuError> {
        match name {
            "old" => Ok(Design::Old),
            "new" => Ok(Design::New),
            "deferred" => Ok(Design::Deferred),
            "chained" => Ok(Design::Chained),
            _ => Err(GpuError(format!(
                "POLYBOGGLE_GPU_KERNEL={name}: expected old, new, deferred or chained"
            ))),
        }
    }
}

impl std::fmt::Display for Design {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            Design::Old => "old",
            Design::New => "new",
            Design::Deferred => "deferred",
            Design::Chained => "chained",
        })
    }
}

/// Why no GPU scorer could start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no usable GPU: {0}")]
pub struct GpuError(pub String);

/// A tuning knob: an environment variable's number, when set and positive.
pub(crate) fn knob(name: &str) -> Option<u32> {
    std::env::var(name).ok()?.parse().ok().filter(|&n| n > 0)
}

/// `POLYBOGGLE_GPU_TIMES=1`: a scorer's start-up parts and each launch's copies and
/// kernel timed on stderr, for measuring.
pub(crate) fn times() -> bool {
    std::env::var("POLYBOGGLE_GPU_TIMES").is_ok_and(|v| v == "1")
}

/// Boards in one launch at most: a million, long enough (about 16 ms for 4×4
/// boards on an H200) that the last boards' tail stays small, short enough that a
/// batch of several launches keeps the GPU busy while the host copies the next
/// launch's boards in and the last one's results out.
const LAUNCH: usize = 1 << 20;

/// Launches submitted and not yet collected, at most: the one running and the next.
const IN_FLIGHT: usize = 2;

/// One launch's inputs beyond the dictionary.
pub(crate) struct Launch<'a> {
    faces: &'a Faces,
    neighbours: &'a [u64],
    cells: u32,
    boards: &'a [u8],
    count: u32,
    slot_bits: u32,
    word_limit: u32,
    tag_base: u32,
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
    fn design(&self) -> Design;
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

/// What a scorer keeps between batches.
struct State {
    kernel: Box<dyn Kernel>,
    /// The tag of the next launch's first board (tags only grow, so a table never
    /// needs clearing between boards or launches).
    tag_base: u32,
    /// The device failed: the CPU scores from then on.
    failed: bool,
    /// Boards the device scored, and those of them it handed back (overflow).
    scored: u64,
    overflowed: u64,
}

/// The GPU scorer. Batches of boards of up to [`tables::MAX_CELLS`] cells are
/// scored on the GPU; everything else, and the rare board that overflows its
/// table, on the CPU, so every tally is exact.
pub struct GpuScorer<'l> {
    lexicon: &'l Lexicon,
    rules: Rules,
    cpu: CpuScorer<'l>,
    state: Mutex<State>,
    device: String,
    /// `POLYBOGGLE_GPU_TABLE_BITS` (6 to 16), for measuring: every thread's table
    /// holds 2^bits slots whatever the board size.
    table_bits: Option<u32>,
    /// Boards in one launch at most ([`LAUNCH`]; fewer in the tests' harness).
    launch: usize,
}

impl<'l> GpuScorer<'l> {
    /// A scorer on GPU 0 for `lexicon` under `rules`, with `threads` CPU threads
    /// for the boards the GPU leaves (0: one per core). Fails with a one-line reason
    /// when no GPU is usable: no driver, no device, no NVRTC, or a kernel that does
    /// not compile or load.
    pub fn new(lexicon: &'l Lexicon, rules: Rules, threads: usize) -> Result<Self, GpuError> {
        // The knob first: a wrong value is the same one line with or without a GPU.
        let design = Design::from_env()?;
        let started = std::time::Instant::now();
        probe()?;
        if times() {
            let ms = started.elapsed().as_secs_f64() * 1e3;
            eprintln!("gpu probe: the driver's library in {ms:.1} ms");
        }
        let (kernel, device) = device::Cuda::start(lexicon, &rules, design)?;
        Ok(GpuScorer::with_kernel(
            lexicon,
            rules,
            threads,
            Box::new(kernel),
            device,
        ))
    }

    pub(crate) fn with_kernel(
        lexicon: &'l Lexicon,
        rules: Rules,
        threads: usize,
        kernel: Box<dyn Kernel>,
        device: String,
    ) -> Self {
        GpuScorer {
            lexicon,
            cpu: CpuScorer::new(lexicon, rules.clone(), threads),
            rules,
            state: Mutex::new(State {
                kernel,
                tag_base: 1,
                failed: false,
                scored: 0,
                overflowed: 0,
            }),
            device,
            table_bits: knob("POLYBOGGLE_GPU_TABLE_BITS").filter(|b| (6..=16).contains(b)),
            launch: LAUNCH,
        }
    }

    /// The same scorer with launches of at most `boards` boards.
    #[cfg(test)]
    pub(crate) fn with_launch(mut self, boards: usize) -> Self {
        self.launch = boards.clamp(1, LAUNCH);
        self
    }

    /// Has the device failed (everything since scored on the CPU), boards the
    /// device scored, and how many of them overflowed to the CPU: for tests, which
    /// would otherwise pass on the CPU fallback alone.
    pub fn health(&self) -> (bool, u64, u64) {
        let state = self.state.lock().expect("no thread panics holding the GPU");
        (state.failed, state.scored, state.overflowed)
    }

    /// Which kernel scores (the old one where the new one cannot take the
    /// dictionary).
    pub fn design(&self) -> Design {
        self.state
            .lock()
            .expect("no thread panics holding the GPU")
            .kernel
            .design()
    }

    /// The device's name, as the driver gives it, and the kernel.
    pub fn device(&self) -> &str {
        &self.device
    }

    /// Scores `batch` on the device into `out` (empty): how many boards overflowed,
    /// or `None` when the device failed (said once, and the CPU scores from then on).
    fn tally_on_device(
        &self,
        batch: &Batch,
        faces: &Faces,
        state: &mut State,
        out: &mut Vec<Tally>,
    ) -> Option<usize> {
        match self.launch_all(batch, faces, state, out) {
            Ok(over) => {
                state.scored += out.len() as u64;
                Some(over)
            }
            Err(e) => self.fail(state, e),
        }
    }

    /// [`GpuScorer::tally_on_device`]'s launches: `batch`'s boards in launches of
    /// [`LAUNCH`], the next submitted before the last is collected, so that the GPU
    /// runs one while the host copies around it.
    fn launch_all(
        &self,
        batch: &Batch,
        faces: &Faces,
        state: &mut State,
        out: &mut Vec<Tally>,
    ) -> Result<usize, GpuError> {
        let (rows, cols) = batch.shape();
        let cells = rows * cols;
        let neighbours = tables::neighbours(rows, cols);
        let design = state.kernel.design();
        let slot_bits = self.table_bits.unwrap_or(design.slot_bits(cells));
        out.reserve(batch.len());
        let (mut in_flight, mut over) = (0, 0);
        for boards in batch.cells().chunks(self.launch * cells) {
            let count = (boards.len() / cells) as u32;
            if state.tag_base.checked_add(count).is_none() {
                // Tags only grow; before they wrap, every table is emptied (with
                // nothing running that uses them).
                for _ in 0..std::mem::take(&mut in_flight) {
                    over += state.kernel.collect(out)?;
                }
                state.kernel.clear_tables()?;
                state.tag_base = 1;
            }
            let launch = Launch {
                faces,
                neighbours: &neighbours,
                cells: cells as u32,
                boards,
                count,
                slot_bits,
                word_limit: design.word_limit(slot_bits),
                tag_base: state.tag_base,
            };
            state.kernel.submit(&launch)?;
            state.tag_base += count;
            in_flight += 1;
            if in_flight == IN_FLIGHT {
                over += state.kernel.collect(out)?;
                in_flight -= 1;
            }
        }
        for _ in 0..in_flight {
            over += state.kernel.collect(out)?;
        }
        Ok(over)
    }

    #[cold]
    fn fail(&self, state: &mut State, error: GpuError) -> Option<usize> {
        eprintln!(
            "warning: the GPU failed ({}); scoring on the CPU from now on",
            error.0
        );
        state.failed = true;
        None
    }
}

impl Scorer for GpuScorer<'_> {
    fn tally(&self, batch: &Batch) -> Vec<Tally> {
        let mut out = Vec::new();
        self.tally_into(batch, &mut out);
        out
    }

    fn tally_into(&self, batch: &Batch, tallies: &mut Vec<Tally>) {
        tallies.clear();
        let (rows, cols) = batch.shape();
        if batch.is_empty() || rows * cols > tables::MAX_CELLS {
            return self.cpu.tally_into(batch, tallies);
        }
        let Some(faces) = Faces::new(batch, self.lexicon, &self.rules) else {
            return self.cpu.tally_into(batch, tallies);
        };
        let scored = {
            let mut state = self.state.lock().expect("no thread panics holding the GPU");
            if state.failed {
                None
            } else {
                self.tally_on_device(batch, &faces, &mut state, tallies)
            }
        };
        let Some(overflowed) = scored else {
            // What a failed device left is scored again, all of it.
            return self.cpu.tally_into(batch, tallies);
        };
        if overflowed > 0 {
            // Boards whose table overflowed: scored again, exactly, on the CPU.
            let over: Vec<usize> = (0..tallies.len())
                .filter(|&i| tallies[i].words == OVERFLOW as u64)
                .collect();
            let mut state = self.state.lock().expect("no thread panics holding the GPU");
            state.overflowed += over.len() as u64;
            drop(state);
            let mut again = Batch::new(rows, cols, batch.faces().to_vec());
            let n = rows * cols;
            for &i in &over {
                again.push(&batch.cells()[i * n..(i + 1) * n]);
            }
            for (&i, tally) in over.iter().zip(self.cpu.tally(&again)) {
                tallies[i] = tally;
            }
        }
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Four launches of `LAUNCH` boards (`POLYBOGGLE_GPU_BATCH`, for measuring):
    /// the GPU idles only before a batch's first launch and after its last.
    fn batch_hint(&self) -> usize {
        knob("POLYBOGGLE_GPU_BATCH").map_or(4 * LAUNCH, |n| n as usize)
    }

    fn backend(&self) -> String {
        if self.health().0 {
            format!("cpu (the GPU {} failed)", self.device)
        } else {
            format!("gpu: {}", self.device)
        }
    }
}
