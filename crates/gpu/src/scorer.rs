//! [`GpuScorer`]: batches split into launches on the device, the rest (boards too
//! large, faces that do not fit, boards handed back, a failed device) scored on the
//! CPU, so that every tally is exact. The kernel's own work is the device's
//! ([`crate::device`]) or the tests' harness's; the settings are one [`Tuning`],
//! read when the scorer starts.

use std::sync::Mutex;

use polyboggle::batch::{Batch, CpuScorer, Scorer};
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;
use polyboggle::solve::Tally;

use crate::design::KernelDesign;
use crate::device;
use crate::error::GpuError;
use crate::launch::{Kernel, Launch, IN_FLIGHT, LAUNCH};
use crate::probe::probe;
use crate::tables::{self, Faces, OVERFLOW};
use crate::tuning::Tuning;

/// What a scorer keeps between batches.
pub(crate) struct State {
    kernel: Box<dyn Kernel>,
    /// The tag of the next launch's first board (tags only grow, so a table never
    /// needs clearing between boards or launches).
    pub(crate) tag_base: u32,
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
    pub(crate) state: Mutex<State>,
    device: String,
    /// The settings, in their ranges ([`Tuning::checked`]).
    tuning: Tuning,
    /// Boards in one launch at most ([`LAUNCH`]; fewer in the tests' harness).
    launch: usize,
}

impl<'l> GpuScorer<'l> {
    /// A scorer on GPU 0 for `lexicon` under `rules`, with `threads` CPU threads
    /// for the boards the GPU leaves (0: one per core). Fails with a one-line reason
    /// when no GPU is usable: no driver, no device, no NVRTC, or a kernel that does
    /// not compile or load. Its settings are the environment's
    /// ([`Tuning::from_env`]), read here and never again.
    pub fn new(lexicon: &'l Lexicon, rules: Rules, threads: usize) -> Result<Self, GpuError> {
        // The settings first: a wrong one is the same one line with or without a GPU.
        let tuning = Tuning::from_env()?;
        GpuScorer::with_tuning(lexicon, rules, threads, tuning)
    }

    /// [`GpuScorer::new`] with the settings `tuning` gives, the environment unread.
    pub fn with_tuning(
        lexicon: &'l Lexicon,
        rules: Rules,
        threads: usize,
        tuning: Tuning,
    ) -> Result<Self, GpuError> {
        let tuning = tuning.checked();
        let started = std::time::Instant::now();
        probe()?;
        if tuning.times {
            let ms = started.elapsed().as_secs_f64() * 1e3;
            eprintln!("gpu probe: the driver's library in {ms:.1} ms");
        }
        let (kernel, device) = device::Cuda::start(lexicon, &rules, &tuning)?;
        Ok(GpuScorer::with_kernel(
            lexicon,
            rules,
            threads,
            Box::new(kernel),
            device,
            tuning,
        ))
    }

    /// A scorer over `kernel` (the device's, or the tests' harness), on the device
    /// named `device`.
    pub(crate) fn with_kernel(
        lexicon: &'l Lexicon,
        rules: Rules,
        threads: usize,
        kernel: Box<dyn Kernel>,
        device: String,
        tuning: Tuning,
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
            tuning: tuning.checked(),
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
    pub fn design(&self) -> KernelDesign {
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
        let slot_bits = self.tuning.table_bits.unwrap_or(design.slot_bits(cells));
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

    /// Four launches of `LAUNCH` boards ([`Tuning::batch`], for measuring): the
    /// GPU idles only before a batch's first launch and after its last.
    fn batch_hint(&self) -> usize {
        self.tuning.batch.unwrap_or(4 * LAUNCH)
    }

    fn backend(&self) -> String {
        if self.health().0 {
            format!("cpu (the GPU {} failed)", self.device)
        } else {
            format!("gpu: {}", self.device)
        }
    }
}
