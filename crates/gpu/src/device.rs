//! The kernel on a CUDA device: compile it with NVRTC, upload the dictionary once,
//! and run launches. Only called after [`crate::probe`] has found the libraries.
//!
//! Only the kernel the scorer runs ([`KernelDesign`]) is compiled, and only its entry
//! points for the board sizes a batch brings. Every setting (threads, blocks,
//! registers, frames, timing, the kept kernels) is the scorer's [`Tuning`], read
//! once when it starts.
//!
//! Launches are pipelined: a batch's boards go in launches of a million, each
//! through one of two slots of page-locked host memory, so that the host copies the
//! next launch's boards in (and the last one's results out) while the GPU runs.

use std::collections::VecDeque;
use std::sync::Arc;

use cudarc::driver::sys::CUresult;
use cudarc::driver::sys::{CUdevice_attribute, CUfunction_attribute};
use cudarc::driver::{
    CudaContext, CudaEvent, CudaFunction, CudaSlice, CudaStream, DriverError, LaunchConfig,
    PinnedHostSlice, PushKernelArg,
};
use cudarc::nvrtc::{compile_ptx_with_opts, Ptx};

use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;
use polyboggle::solve::Tally;

use crate::compile::{cache_file, compile_options, cubin, keep, one_line, Entry, VARIANT_CELLS};
use crate::design::{KernelDesign, KERNEL_NAME, KERNEL_SHARED_SOURCE, KERNEL_SOURCE};
use crate::error::GpuError;
use crate::launch::{unpack, Kernel, Launch};
use crate::tables::{self, KernelLexicon};
use crate::tuning::Tuning;

fn driver(what: &str) -> impl Fn(DriverError) -> GpuError + '_ {
    move |e| GpuError(format!("{what}: {e}"))
}

/// Compiles `source` (only `entry` when given) for the device of compute
/// capability `compute` on `ctx`, loads it and finds its function `name`. The PTX is
/// kept between runs in `cache` ([`cache_file`]): a later start loads it without
/// NVRTC (and the driver keeps its own machine code for it).
fn load(
    ctx: &Arc<CudaContext>,
    compute: (i32, i32),
    source: &str,
    entry: Option<Entry>,
    name: &str,
    cache: Option<&std::path::Path>,
) -> Result<CudaFunction, GpuError> {
    let (major, minor) = compute;
    let options = compile_options(major, minor, entry);
    let cached = cache_file(cache, source, &options.options);
    // A cached file that does not load (damaged, or from another NVRTC than the
    // driver takes) is compiled again, and replaced.
    let loaded = cached
        .as_ref()
        .and_then(|path| std::fs::read_to_string(path).ok())
        .and_then(|text| ctx.load_module(Ptx::from_src(text)).ok());
    let module = match loaded {
        Some(module) => module,
        None => {
            // The bindings panic where NVRTC is missing: look first.
            crate::probe::nvrtc()?;
            let ptx = compile_ptx_with_opts(source, options)
                .map_err(|e| GpuError(format!("the kernel does not compile: {}", one_line(&e))))?;
            let text = ptx.to_src();
            match ctx.load_module(ptx) {
                // PTX from an NVRTC newer than the driver does not load; machine code
                // for the device does, from any NVRTC of the driver's major version.
                Err(e) if e.0 == CUresult::CUDA_ERROR_UNSUPPORTED_PTX_VERSION => ctx
                    .load_module(Ptx::from_binary(cubin(source, major, minor, entry)?))
                    .map_err(driver("loading the kernel (driver older than NVRTC?)"))?,
                other => {
                    let module = other.map_err(driver("loading the kernel"))?;
                    if let Some(path) = cached {
                        keep(&path, &text);
                    }
                    module
                }
            }
        }
    };
    module
        .load_function(name)
        .map_err(driver("finding the kernel"))
}

/// Shared memory a block of the new kernel may take without asking the driver for
/// more (its static neighbour table aside).
const SHARED_PER_BLOCK: u32 = 47 * 1024;

/// The dictionary on the device, and the function(s) that walk it: the old kernel's
/// one, or the new kernel's for boards of up to 16, 32 and 64 cells.
pub(crate) struct Cuda {
    stream: Arc<CudaStream>,
    design: KernelDesign,
    /// The old kernel's function, or the new kernel's for each of VARIANT_CELLS
    /// (compiled when first needed).
    functions: Vec<Option<CudaFunction>>,
    compute: (i32, i32),
    records: CudaSlice<u32>,
    record_bytes: CudaSlice<u8>,
    classes: CudaSlice<u8>,
    lengths: CudaSlice<u8>,
    points: CudaSlice<u32>,
    record_count: u32,
    exact: u32,
    word_count: u32,
    min_len: u32,
    word_bits: u32,
    /// Every thread's word table, `threads << table_bits` slots (old kernel).
    tables: Option<CudaSlice<u64>>,
    /// The new kernel's: every thread's hash set, `threads << table_bits` slots,
    /// and each thread's epoch.
    sets: Option<(CudaSlice<u32>, CudaSlice<u32>)>,
    table_bits: u32,
    threads: u32,
    block: u32,
    multiprocessors: u32,
    /// Two launches' boards and results, used in turn (one launch runs while the
    /// host fills the other), kept from one launch to the next.
    slots: [Option<Io>; 2],
    /// The slot the next launch takes.
    slot: usize,
    /// Launches submitted and not yet collected, oldest first.
    pending: VecDeque<Pending>,
    /// The scorer's settings.
    tuning: Tuning,
}

/// A launch on its way: its slot, its boards, the event its results' copy to the
/// host records, and its clock.
struct Pending {
    slot: usize,
    count: usize,
    done: CudaEvent,
    clock: Option<Clock>,
}

/// A launch's boards and results on the device, and page-locked copies of them on
/// the host (only page-locked memory copies in the background), grown when a launch
/// brings more boards than any before.
struct Io {
    boards: CudaSlice<u8>,
    words: CudaSlice<u32>,
    points: CudaSlice<u64>,
    next: CudaSlice<u32>,
    boards_host: PinnedHostSlice<u8>,
    words_host: PinnedHostSlice<u32>,
    points_host: PinnedHostSlice<u64>,
}

/// A launch's face table (info, bytes, classes) and neighbour sets on the device.
type LaunchInputs = (CudaSlice<u32>, CudaSlice<u8>, CudaSlice<u8>, CudaSlice<u64>);

/// Times of one launch's steps, when [`Tuning::times`] asks for them.
struct Clock {
    stream: Arc<CudaStream>,
    marks: Vec<(&'static str, CudaEvent)>,
    started: std::time::Instant,
}

impl Clock {
    fn start(stream: &Arc<CudaStream>, on: bool) -> Option<Clock> {
        if !on {
            return None;
        }
        let mut clock = Clock {
            stream: stream.clone(),
            marks: Vec::new(),
            started: std::time::Instant::now(),
        };
        clock.mark("start")?;
        Some(clock)
    }

    /// Records the point the stream has reached (`None`: timing is off or failed).
    fn mark(&mut self, what: &'static str) -> Option<()> {
        let timed = Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT);
        let event = self.stream.record_event(timed).ok()?;
        self.marks.push((what, event));
        Some(())
    }

    /// One line on stderr: each step's device time, and the wall time from the
    /// launch's submission to its collection.
    fn report(self, boards: u32) {
        let wall = self.started.elapsed().as_secs_f64() * 1e3;
        let steps: Vec<String> = self
            .marks
            .windows(2)
            .filter_map(|pair| {
                let ms = pair[0].1.elapsed_ms(&pair[1].1).ok()?;
                Some(format!("{} {ms:.2} ms", pair[1].0))
            })
            .collect();
        eprintln!(
            "gpu launch: {boards} boards, {}, wall {wall:.2} ms",
            steps.join(", ")
        );
    }
}

impl Drop for Cuda {
    fn drop(&mut self) {
        // The buffers' drops free without binding the context (cudarc 0.19): a
        // scorer dropped on a thread that never used CUDA would leak them.
        let _ = self.stream.context().bind_to_thread();
        // Nothing may still copy into the page-locked buffers freed with it.
        let _ = self.stream.synchronize();
    }
}

// SAFETY: the stream, function and buffers belong to one context, which the driver
// lets any thread use; the scorer hands the kernel to one thread at a time (a mutex).
unsafe impl Send for Cuda {}

impl Cuda {
    /// Starts on GPU 0: compiles the kernel `tuning` names for it (the old one where
    /// the new one cannot take the dictionary) and uploads the dictionary. Also gives
    /// the device's name and the kernel.
    pub(crate) fn start(
        lexicon: &Lexicon,
        rules: &Rules,
        tuning: &Tuning,
    ) -> Result<(Cuda, String), GpuError> {
        let dict = KernelLexicon::new(lexicon, rules);
        let design = if dict.fits_new_kernel() {
            tuning.design
        } else {
            KernelDesign::Old
        };
        let started = std::time::Instant::now();
        // The driver's first call (cuInit).
        let count = CudaContext::device_count().map_err(driver("counting devices"))?;
        if count < 1 {
            return Err(GpuError("the CUDA driver sees no device".into()));
        }
        let inited = started.elapsed();
        let times = tuning.times;
        let ctx = CudaContext::new(0).map_err(driver("opening GPU 0"))?;
        let opened = started.elapsed();
        let name = ctx.name().map_err(driver("naming GPU 0"))?;
        let (major, minor) = ctx
            .compute_capability()
            .map_err(driver("reading GPU 0's compute capability"))?;
        let multiprocessors = ctx
            .attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(driver("counting multiprocessors"))? as u32;
        // The old kernel's one function; the new kernel's for 4×4 boards, the others
        // when a batch first needs them (launch_new).
        let (compute, cache) = ((major, minor), tuning.cache.as_deref());
        let first = match design {
            KernelDesign::Old => load(&ctx, compute, KERNEL_SOURCE, None, KERNEL_NAME, cache)?,
            KernelDesign::New | KernelDesign::Deferred | KernelDesign::Chained => {
                let entry = Entry {
                    design,
                    variant: 0,
                    max_registers: tuning.max_registers,
                };
                let source = KERNEL_SHARED_SOURCE;
                load(&ctx, compute, source, Some(entry), entry.name(), cache)?
            }
        };
        let loaded = started.elapsed();
        let stream = ctx.default_stream();
        let upload = |what| driver(what);
        // The kernel never reads an empty array, but the driver refuses to allocate
        // one: keep a byte.
        let lengths = if dict.lengths.is_empty() {
            &[0][..]
        } else {
            dict.lengths
        };
        let cuda = Cuda {
            records: stream
                .clone_htod(dict.records)
                .map_err(upload("uploading"))?,
            record_bytes: stream
                .clone_htod(dict.record_bytes)
                .map_err(upload("uploading"))?,
            classes: stream
                .clone_htod(dict.classes)
                .map_err(upload("uploading"))?,
            lengths: stream.clone_htod(lengths).map_err(upload("uploading"))?,
            points: stream
                .clone_htod(&dict.points)
                .map_err(upload("uploading"))?,
            record_count: dict.record_count(),
            exact: dict.exact as u32,
            word_count: dict.lengths.len() as u32,
            min_len: dict.min_len,
            word_bits: tables::word_bits(dict.lengths.len()),
            stream,
            design,
            functions: vec![Some(first), None, None],
            compute: (major, minor),
            tables: None,
            sets: None,
            table_bits: 0,
            threads: 0,
            block: tuning.block.clamp(1, 1024),
            multiprocessors,
            slots: [None, None],
            slot: 0,
            pending: VecDeque::new(),
            tuning: tuning.clone(),
        };
        if times {
            let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
            eprintln!(
                "gpu start: driver {:.1} ms, context {:.1} ms, kernel {:.1} ms, dictionary {:.1} ms",
                ms(inited),
                ms(opened - inited),
                ms(loaded - opened),
                ms(started.elapsed() - loaded)
            );
        }
        Ok((
            cuda,
            format!("{name} (compute {major}.{minor}, {multiprocessors} SMs, {design} kernel)"),
        ))
    }

    /// Uploads what a launch on slot `slot` reads besides the dictionary: its face
    /// table (info, bytes, classes) and `neighbours`, returned as the kernel's
    /// arguments (freed in the stream's order, so after the kernel), and its boards
    /// (into the slot); marks the clock.
    fn upload(
        &mut self,
        slot: usize,
        launch: &Launch,
        neighbours: &[u64],
        clock: &mut Option<Clock>,
    ) -> Result<LaunchInputs, GpuError> {
        let up = driver("uploading a batch");
        let (stream, faces) = (&self.stream, launch.faces);
        let inputs = (
            stream.clone_htod(&faces.info).map_err(&up)?,
            stream.clone_htod(&faces.bytes).map_err(&up)?,
            stream.clone_htod(&faces.classes).map_err(&up)?,
            stream.clone_htod(neighbours).map_err(&up)?,
        );
        self.upload_boards(slot, launch)?;
        if let Some(clock) = clock.as_mut() {
            clock.mark("upload");
        }
        Ok(inputs)
    }

    /// Copies `launch`'s boards into slot `slot` (grown when need be), on to the
    /// device in the background, and zeroes its board counter.
    fn upload_boards(&mut self, slot: usize, launch: &Launch) -> Result<(), GpuError> {
        let up = driver("uploading a batch");
        let (bytes, count) = (launch.boards.len(), launch.count as usize);
        let fits = self.slots[slot]
            .as_ref()
            .is_some_and(|io| io.boards.len() >= bytes && io.words.len() >= count);
        if !fits {
            let started = std::time::Instant::now();
            self.slots[slot] = None;
            let stream = &self.stream;
            let ctx = stream.context();
            // Flags 0, not cudarc's write-combined default: the results are read on
            // the host.
            // SAFETY: every element is written before it is read: the boards below,
            // the results by the copies back (submit), read once they are done.
            let (boards_host, words_host, points_host) = unsafe {
                (
                    ctx.alloc_pinned_with_flags::<u8>(bytes, 0).map_err(&up)?,
                    ctx.alloc_pinned_with_flags::<u32>(count, 0).map_err(&up)?,
                    ctx.alloc_pinned_with_flags::<u64>(count, 0).map_err(&up)?,
                )
            };
            self.slots[slot] = Some(Io {
                boards: stream.alloc_zeros::<u8>(bytes).map_err(&up)?,
                words: stream.alloc_zeros::<u32>(count).map_err(&up)?,
                points: stream.alloc_zeros::<u64>(count).map_err(&up)?,
                next: stream.alloc_zeros::<u32>(1).map_err(&up)?,
                boards_host,
                words_host,
                points_host,
            });
            if self.tuning.times {
                let ms = started.elapsed().as_secs_f64() * 1e3;
                eprintln!(
                    "gpu slot {slot}: {count} boards, page-locked and on the device, in {ms:.1} ms"
                );
            }
        }
        let io = self.slots[slot].as_mut().expect("made above");
        // The slot's last launch was collected (submit's check), so nothing reads
        // its page-locked boards now.
        let staged = &mut io.boards_host.as_mut_slice().map_err(&up)?[..bytes];
        staged.copy_from_slice(launch.boards);
        self.stream
            .memcpy_htod(&*staged, &mut io.boards.slice_mut(..bytes))
            .map_err(&up)?;
        self.stream.memset_zeros(&mut io.next).map_err(&up)
    }

    /// Queues the copy of slot `slot`'s `count` results to the host, and records
    /// when it is done.
    fn download(&mut self, slot: usize, count: usize) -> Result<CudaEvent, GpuError> {
        let down = driver("running the kernel");
        let io = self.slots[slot].as_mut().expect("upload_boards made it");
        let words = &mut io.words_host.as_mut_slice().map_err(&down)?[..count];
        self.stream
            .memcpy_dtoh(&io.words.slice(..count), words)
            .map_err(&down)?;
        let points = &mut io.points_host.as_mut_slice().map_err(&down)?[..count];
        self.stream
            .memcpy_dtoh(&io.points.slice(..count), points)
            .map_err(&down)?;
        self.stream.record_event(None).map_err(&down)
    }

    /// Makes sure the tables hold `threads << bits` slots (wanted threads, fewer
    /// when memory is short).
    fn ensure_tables(&mut self, bits: u32) -> Result<(), GpuError> {
        if self.tables.is_some() && bits <= self.table_bits {
            return Ok(());
        }
        // Bind first: cudarc 0.19 frees a CudaSlice on drop (cuMemFreeAsync) without
        // binding its context, and this may be the thread's first CUDA call (bench
        // scores each chunk on a new thread).
        let ctx = self.stream.context().clone();
        ctx.bind_to_thread()
            .map_err(driver("making GPU 0 current on this thread"))?;
        self.tables = None;
        // The pool hands freed memory back to the device at a synchronization.
        self.stream
            .synchronize()
            .map_err(driver("freeing the word tables"))?;
        let (free, _) = ctx.mem_get_info().map_err(driver("reading free memory"))?;
        let per_thread = 8u64 << bits;
        let affordable = (free as u64 / 4 / per_thread).max(self.block as u64);
        // 512 a multiprocessor: on an H100, 1.8× the boards/s of 1,024 (less
        // local memory in flight for the caches; docs/gpu.md).
        let wanted = self.tuning.threads.unwrap_or(self.multiprocessors * 512) as u64;
        let threads = wanted.min(affordable).div_ceil(self.block as u64) * self.block as u64;
        let slots = (threads << bits) as usize;
        self.tables = Some(
            self.stream
                .alloc_zeros::<u64>(slots)
                .map_err(driver("allocating the word tables"))?,
        );
        self.table_bits = bits;
        self.threads = threads as u32;
        Ok(())
    }
}

impl Kernel for Cuda {
    fn submit(&mut self, launch: &Launch) -> Result<(), GpuError> {
        assert!(
            self.pending.len() < self.slots.len(),
            "a launch submitted while both slots are in flight"
        );
        let slot = self.slot;
        self.slot = (slot + 1) % self.slots.len();
        let mut clock = Clock::start(&self.stream, self.tuning.times);
        // The kernel's own inputs (face tables, neighbours) are uploaded and freed
        // in the stream's order, so they live until the kernel is done.
        match self.design {
            KernelDesign::Old => self.launch_old(slot, launch, &mut clock)?,
            KernelDesign::New | KernelDesign::Deferred | KernelDesign::Chained => {
                self.launch_new(slot, launch, &mut clock)?
            }
        }
        if let Some(clock) = clock.as_mut() {
            clock.mark("kernel");
        }
        let count = launch.count as usize;
        let done = self.download(slot, count)?;
        if let Some(clock) = clock.as_mut() {
            clock.mark("download");
        }
        self.pending.push_back(Pending {
            slot,
            count,
            done,
            clock,
        });
        Ok(())
    }

    fn collect(&mut self, out: &mut Vec<Tally>) -> Result<usize, GpuError> {
        let down = driver("running the kernel");
        let pending = self.pending.pop_front().expect("a launch to collect");
        pending.done.synchronize().map_err(&down)?;
        if let Some(clock) = pending.clock {
            clock.report(pending.count as u32);
        }
        let io = self.slots[pending.slot].as_ref().expect("submit filled it");
        let words = &io.words_host.as_slice().map_err(&down)?[..pending.count];
        let points = &io.points_host.as_slice().map_err(&down)?[..pending.count];
        Ok(unpack(words, points, out))
    }

    fn clear_tables(&mut self) -> Result<(), GpuError> {
        if let Some(tables) = self.tables.as_mut() {
            self.stream
                .memset_zeros(tables)
                .map_err(driver("clearing the word tables"))?;
        }
        if let Some((sets, epochs)) = self.sets.as_mut() {
            self.stream
                .memset_zeros(sets)
                .map_err(driver("clearing the word tables"))?;
            self.stream
                .memset_zeros(epochs)
                .map_err(driver("clearing the word tables"))?;
        }
        Ok(())
    }

    fn design(&self) -> KernelDesign {
        self.design
    }
}

impl Cuda {
    /// Queues a launch of the old kernel (`kernel.cu`) on slot `slot`.
    fn launch_old(
        &mut self,
        slot: usize,
        launch: &Launch,
        clock: &mut Option<Clock>,
    ) -> Result<(), GpuError> {
        self.ensure_tables(launch.slot_bits)?;
        let stream = self.stream.clone();
        let (face_info, face_bytes, face_classes, neighbours) =
            self.upload(slot, launch, launch.neighbours, clock)?;
        let io = self.slots[slot].as_mut().expect("upload_boards made it");
        let tables = self.tables.as_mut().expect("ensure_tables allocated them");
        // No more threads than boards (rounded up to whole blocks).
        let block = self.block;
        let threads = self.threads.min(launch.count.div_ceil(block) * block);
        let config = LaunchConfig {
            grid_dim: (threads / block, 1, 1),
            block_dim: (block, 1, 1),
            shared_mem_bytes: 0,
        };
        let function = self.functions[0].as_ref().expect("start loaded it");
        let mut args = stream.launch_builder(function);
        args.arg(&self.records)
            .arg(&self.record_bytes)
            .arg(&self.classes)
            .arg(&self.record_count)
            .arg(&self.exact)
            .arg(&self.lengths)
            .arg(&self.word_count)
            .arg(&self.points)
            .arg(&self.min_len)
            .arg(&face_info)
            .arg(&face_bytes)
            .arg(&face_classes)
            .arg(&neighbours)
            .arg(&launch.cells)
            .arg(&io.boards)
            .arg(&launch.count)
            .arg(tables)
            .arg(&launch.slot_bits)
            .arg(&launch.word_limit)
            .arg(&launch.tag_base)
            .arg(&mut io.next)
            .arg(&mut io.words)
            .arg(&mut io.points);
        // SAFETY: the arguments match pb_score's parameters one for one, in type and
        // order; every array is as long as the kernel reads (boards: count × cells;
        // tables: threads << slot_bits; face arrays: as Faces lays them out).
        unsafe { args.launch(config) }.map_err(driver("launching the kernel"))?;
        Ok(())
    }

    /// Queues a launch of the new kernel (`kernel_shared.cu`) on slot `slot`: the
    /// entry point for the board's size, blocks that keep their shared memory under
    /// [`SHARED_PER_BLOCK`], as many threads as the device holds at once.
    fn launch_new(
        &mut self,
        slot: usize,
        launch: &Launch,
        clock: &mut Option<Clock>,
    ) -> Result<(), GpuError> {
        // This may be the thread's first CUDA call (bench scores each chunk on a new
        // thread): the occupancy query below does not bind the context itself.
        self.stream
            .context()
            .bind_to_thread()
            .map_err(driver("making GPU 0 current on this thread"))?;
        let cells = launch.cells;
        let variant = VARIANT_CELLS
            .iter()
            .position(|&n| cells <= n)
            .expect("no board over MAX_CELLS reaches the kernel");
        if self.functions[variant].is_none() {
            let entry = Entry {
                design: self.design,
                variant,
                max_registers: self.tuning.max_registers,
            };
            let (ctx, source) = (self.stream.context(), KERNEL_SHARED_SOURCE);
            let cache = self.tuning.cache.as_deref();
            self.functions[variant] = Some(load(
                ctx,
                self.compute,
                source,
                Some(entry),
                entry.name(),
                cache,
            )?);
        }
        let function = self.functions[variant].clone().expect("loaded above");
        if let Some(percent) = self.tuning.carveout {
            // For measuring: shared memory's share of each SM's L1 (the rest caches
            // the dictionary's records); the driver's choice otherwise.
            let carveout = CUfunction_attribute::CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT;
            function
                .set_attribute(carveout, percent.min(100) as i32)
                .map_err(driver("setting the shared memory carveout"))?;
        }
        // Every frame a path can need: never deeper than the board's cells. Fewer
        // (Tuning::frames, for measuring) leave room for more threads; a board that
        // needs more goes back to the CPU.
        let frame_cap = self.tuning.frames.map_or(cells, |n| n.min(cells)).max(1);
        let per_thread = frame_cap * 8 + cells * 4;
        let wanted = self.block;
        let block = wanted.min(SHARED_PER_BLOCK / per_thread / 32 * 32).max(32);
        let shared = block * per_thread;
        let per_sm = function
            .occupancy_max_active_blocks_per_multiprocessor(block, shared as usize, None)
            .map_err(driver("asking the kernel's occupancy"))?
            .max(1);
        let wanted = self
            .tuning
            .threads
            .unwrap_or(self.multiprocessors * per_sm * block);
        self.ensure_sets(launch.slot_bits, wanted, block)?;
        let stream = self.stream.clone();
        let positions = tables::by_position(launch.neighbours);
        let (face_info, face_bytes, face_classes, neighbours) =
            self.upload(slot, launch, &positions, clock)?;
        let io = self.slots[slot].as_mut().expect("upload_boards made it");
        let (sets, epochs) = self.sets.as_mut().expect("ensure_sets allocated them");
        // Whole blocks, no more threads than the sets have or the boards need.
        let threads = (self.threads / block * block).min(launch.count.div_ceil(block) * block);
        let config = LaunchConfig {
            grid_dim: (threads / block, 1, 1),
            block_dim: (block, 1, 1),
            shared_mem_bytes: shared,
        };
        let stride_bits = self.table_bits;
        let mut args = stream.launch_builder(&function);
        args.arg(&self.records)
            .arg(&self.record_bytes)
            .arg(&self.classes)
            .arg(&self.record_count)
            .arg(&self.exact)
            .arg(&self.lengths)
            .arg(&self.word_count)
            .arg(&self.points)
            .arg(&self.min_len)
            .arg(&face_info)
            .arg(&face_bytes)
            .arg(&face_classes)
            .arg(&neighbours)
            .arg(&launch.cells)
            .arg(&io.boards)
            .arg(&launch.count)
            .arg(sets)
            .arg(&stride_bits)
            .arg(&launch.slot_bits)
            .arg(&launch.word_limit)
            .arg(&self.word_bits)
            .arg(epochs)
            .arg(&frame_cap)
            .arg(&mut io.next)
            .arg(&mut io.words)
            .arg(&mut io.points);
        // SAFETY: the arguments match pb_search's parameters one for one, in type and
        // order; every array is as long as the kernel reads (boards: count × cells;
        // sets: threads << stride_bits, epochs: threads; neighbours: by_position's;
        // face arrays: as Faces lays them out), and the shared memory holds
        // frame_cap frames and `cells` face entries a thread.
        unsafe { args.launch(config) }.map_err(driver("launching the kernel"))?;
        Ok(())
    }

    /// Makes sure the new kernel's hash sets hold `wanted` threads (fewer when
    /// memory is short, whole blocks) of `bits` slots each, and their epochs;
    /// all zero when (re)allocated.
    fn ensure_sets(&mut self, bits: u32, wanted: u32, block: u32) -> Result<(), GpuError> {
        let wanted = wanted.max(block);
        if self.sets.is_some() && bits <= self.table_bits && wanted <= self.threads {
            return Ok(());
        }
        let bits = bits.max(self.table_bits);
        let wanted = wanted.max(self.threads);
        // Bind first, as in ensure_tables.
        let ctx = self.stream.context().clone();
        ctx.bind_to_thread()
            .map_err(driver("making GPU 0 current on this thread"))?;
        self.sets = None;
        self.stream
            .synchronize()
            .map_err(driver("freeing the word tables"))?;
        let (free, _) = ctx.mem_get_info().map_err(driver("reading free memory"))?;
        let per_thread = 4u64 << bits;
        let affordable = (free as u64 / 4 / per_thread).max(block as u64);
        let threads = (wanted as u64).min(affordable).max(block as u64);
        let started = std::time::Instant::now();
        let alloc = |n: usize| {
            self.stream
                .alloc_zeros::<u32>(n)
                .map_err(driver("allocating the word tables"))
        };
        self.sets = Some((alloc((threads << bits) as usize)?, alloc(threads as usize)?));
        if self.tuning.times {
            let mb = (threads << bits) as f64 * 4.0 / 1e6;
            let ms = started.elapsed().as_secs_f64() * 1e3;
            eprintln!("gpu hash sets: {threads} threads, {mb:.0} MB, in {ms:.1} ms");
        }
        self.table_bits = bits;
        self.threads = threads as u32;
        Ok(())
    }
}
