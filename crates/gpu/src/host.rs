//! The kernels' logic on the CPU, for machines without a GPU (CI): `kernel.cu` and
//! `kernel_shared.cu` compiled as plain C++ by the system compiler into shared
//! libraries, behind the same [`Kernel`] interface the device uses. The old kernel's
//! threads run one after the other; the new kernel's run at once, as OS threads in
//! two "blocks" that each share one buffer as their shared memory, so a thread that
//! strays out of its own frames spoils another's boards. [`GpuScorer`] over either
//! must agree with [`CpuScorer`](polyboggle::batch::CpuScorer) board for board
//! (`tests`).
//!
//! Ignored by a plain `cargo test` (they need a C++ compiler, `c++` or `$CXX`);
//! `.ci/run` runs them, and they fail loudly where no compiler works. Those that read
//! the bench files in ../shared/data say so.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::Command;

use polyboggle::solve::Tally;
use polyboggle::{Lexicon, Rules};

use crate::design::{KernelDesign, KERNEL_SHARED_SOURCE, KERNEL_SOURCE};
use crate::error::GpuError;
use crate::launch::{unpack, Kernel, Launch, IN_FLIGHT};
use crate::scorer::GpuScorer;
use crate::tables::{self, KernelLexicon};
use crate::tuning::Tuning;

mod tests;

/// A harness kernel runs a launch at once, when it is submitted.
trait RunNow: Send {
    /// Each of `launch`'s boards' words and points.
    fn run(&mut self, launch: &Launch) -> Result<(Vec<u32>, Vec<u64>), GpuError>;
    fn clear_tables(&mut self) -> Result<(), GpuError>;
    fn design(&self) -> KernelDesign;
}

/// Boards in one of the harness's launches.
const HARNESS_LAUNCH: usize = 37;

/// A harness kernel behind the device's interface: each launch's results wait,
/// in order, until collected.
struct Harness<K> {
    kernel: K,
    done: VecDeque<(Vec<u32>, Vec<u64>)>,
}

impl<K> Harness<K> {
    fn new(kernel: K) -> Self {
        Harness {
            kernel,
            done: VecDeque::new(),
        }
    }
}

impl<K: RunNow> Kernel for Harness<K> {
    fn submit(&mut self, launch: &Launch) -> Result<(), GpuError> {
        // As the device: no more than IN_FLIGHT uncollected.
        assert!(
            self.done.len() < IN_FLIGHT,
            "a launch submitted over the limit"
        );
        let results = self.kernel.run(launch)?;
        self.done.push_back(results);
        Ok(())
    }

    fn collect(&mut self, out: &mut Vec<Tally>) -> Result<usize, GpuError> {
        let (words, points) = self.done.pop_front().expect("a launch to collect");
        Ok(unpack(&words, &points, out))
    }

    fn clear_tables(&mut self) -> Result<(), GpuError> {
        assert!(
            self.done.is_empty(),
            "tables cleared with launches in flight"
        );
        self.kernel.clear_tables()
    }

    fn design(&self) -> KernelDesign {
        self.kernel.design()
    }
}

/// What the harness adds to the old kernel: a way to say which "thread" runs.
const HARNESS: &str = r#"
#include "kernel.cu"
extern "C" void pb_set_thread(unsigned thread, unsigned threads) {
    pb_thread = thread;
    pb_threads = threads;
}
"#;

/// What the harness adds to the new kernel: where the calling OS thread stands in
/// the grid, and its block's shared memory.
const SHARED_HARNESS: &str = r#"
#include "kernel_shared.cu"
extern "C" void pb_set_thread(unsigned thread, unsigned lane, unsigned block_dim,
                              unsigned long long *shared) {
    pb_thread = thread;
    pb_lane = lane;
    pb_block_dim = block_dim;
    pb_shared = shared;
}
"#;

/// `pb_score`'s parameters, in order.
type ScoreFn = unsafe extern "C" fn(
    *const u32, // records
    *const u8,  // record_bytes
    *const u8,  // classes
    u32,        // record_count
    u32,        // exact
    *const u8,  // lengths
    u32,        // word_count
    *const u32, // points
    u32,        // min_len
    *const u32, // face_info
    *const u8,  // face_bytes
    *const u8,  // face_classes
    *const u64, // neighbours
    u32,        // cells
    *const u8,  // boards
    u32,        // board_count
    *mut u64,   // tables
    u32,        // slot_bits
    u32,        // word_limit
    u32,        // tag_base
    *mut u32,   // next_board
    *mut u32,   // words_out
    *mut u64,   // points_out
);
type SetThreadFn = unsafe extern "C" fn(u32, u32);

/// The new kernel's entry points' parameters, in order (`PB_PARAMS`).
type SearchFn = unsafe extern "C" fn(
    *const u32, // records
    *const u8,  // record_bytes
    *const u8,  // classes
    u32,        // record_count
    u32,        // exact
    *const u8,  // lengths
    u32,        // word_count
    *const u32, // points
    u32,        // min_len
    *const u32, // face_info
    *const u8,  // face_bytes
    *const u8,  // face_classes
    *const u64, // neighbours (by position)
    u32,        // cells
    *const u8,  // boards
    u32,        // board_count
    *mut u32,   // tables
    u32,        // stride_bits
    u32,        // slot_bits
    u32,        // word_limit
    u32,        // word_bits
    *mut u32,   // epochs
    u32,        // frame_cap
    *mut u32,   // next_board
    *mut u32,   // words_out
    *mut u64,   // points_out
);
type SetLaneFn = unsafe extern "C" fn(u32, u32, u32, *mut u64);

/// A compiled harness (the library stays loaded while any kernel uses it).
struct Compiled {
    library: libloading::Library,
    _dir: tempfile::TempDir,
}

/// Compiles a design's harness once a test process; a test fails, saying why, where
/// no C++ compiler works.
fn compiled(design: KernelDesign) -> &'static Compiled {
    static OLD: std::sync::OnceLock<Compiled> = std::sync::OnceLock::new();
    static NEW: std::sync::OnceLock<Compiled> = std::sync::OnceLock::new();
    let (cell, file, source, harness) = match design {
        KernelDesign::Old => (&OLD, "kernel.cu", KERNEL_SOURCE, HARNESS),
        // Every design of kernel_shared.cu, each in its own entry points.
        KernelDesign::New | KernelDesign::Deferred | KernelDesign::Chained => (
            &NEW,
            "kernel_shared.cu",
            KERNEL_SHARED_SOURCE,
            SHARED_HARNESS,
        ),
    };
    cell.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::write(dir.path().join(file), source).unwrap();
        std::fs::write(dir.path().join("harness.cpp"), harness).unwrap();
        let out: PathBuf = dir.path().join("libharness.so");
        let compiler = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
        let status = Command::new(&compiler)
            .args(["-O2", "-shared", "-fPIC", "-std=c++14", "-Wall", "-Werror"])
            .arg(dir.path().join("harness.cpp"))
            .arg("-o")
            .arg(&out)
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => panic!("{file} does not compile as C++ ({compiler}: {s})"),
            Err(e) => {
                panic!("these tests need a C++ compiler ({compiler}: {e}); install g++ or set CXX")
            }
        }
        // SAFETY: the library was just built from kernel.cu and the harness above.
        let library = unsafe { libloading::Library::new(&out) }.expect("the harness loads");
        Compiled { library, _dir: dir }
    })
}

/// The kernel in the harness, with its own word tables.
struct HostKernel {
    score: ScoreFn,
    set_thread: SetThreadFn,
    dict: KernelLexicon<'static>,
    threads: u32,
    tables: Vec<u64>,
}

impl RunNow for HostKernel {
    fn run(&mut self, launch: &Launch) -> Result<(Vec<u32>, Vec<u64>), GpuError> {
        let slots = (self.threads as usize) << launch.slot_bits;
        if self.tables.len() < slots {
            self.tables.resize(slots, 0);
        }
        let count = launch.count as usize;
        let (mut words, mut points) = (vec![0u32; count], vec![0u64; count]);
        let mut next = 0u32;
        let d = &self.dict;
        for thread in 0..self.threads {
            // SAFETY: the arrays are as long as the kernel reads (see Launch and
            // Faces); the harness only reads and writes through them.
            unsafe {
                (self.set_thread)(thread, self.threads);
                (self.score)(
                    d.records.as_ptr(),
                    d.record_bytes.as_ptr(),
                    d.classes.as_ptr(),
                    d.record_count(),
                    d.exact as u32,
                    d.lengths.as_ptr(),
                    d.lengths.len() as u32,
                    d.points.as_ptr(),
                    d.min_len,
                    launch.faces.info.as_ptr(),
                    launch.faces.bytes.as_ptr(),
                    launch.faces.classes.as_ptr(),
                    launch.neighbours.as_ptr(),
                    launch.cells,
                    launch.boards.as_ptr(),
                    launch.count,
                    self.tables.as_mut_ptr(),
                    launch.slot_bits,
                    launch.word_limit,
                    launch.tag_base,
                    &mut next,
                    words.as_mut_ptr(),
                    points.as_mut_ptr(),
                );
            }
        }
        Ok((words, points))
    }

    fn clear_tables(&mut self) -> Result<(), GpuError> {
        self.tables.fill(0);
        Ok(())
    }

    fn design(&self) -> KernelDesign {
        KernelDesign::Old
    }
}

/// The new kernel (any of its designs) in the harness: `blocks` blocks of `block_dim` OS
/// threads, with their hash sets and epochs.
struct SharedHostKernel {
    design: KernelDesign,
    search: [SearchFn; 3],
    set_lane: SetLaneFn,
    dict: KernelLexicon<'static>,
    blocks: u32,
    block_dim: u32,
    /// `threads << stride_bits` slots, and each thread's epoch.
    sets: Vec<u32>,
    epochs: Vec<u32>,
    stride_bits: u32,
    /// Overrides, to reach the rare paths: bits of a word's rank in a hash entry
    /// (more: fewer epochs before a wipe), frames a thread may save.
    word_bits: u32,
    frame_cap: Option<u32>,
}

/// Bytes past a block's shared memory that must stay untouched.
const GUARD: usize = 64;
const GUARD_BYTE: u64 = 0xA5A5_A5A5_A5A5_A5A5;

impl RunNow for SharedHostKernel {
    fn run(&mut self, launch: &Launch) -> Result<(Vec<u32>, Vec<u64>), GpuError> {
        let threads = (self.blocks * self.block_dim) as usize;
        if self.sets.is_empty() || launch.slot_bits > self.stride_bits {
            // As the device: (re)allocated tables start empty, epochs at zero.
            self.stride_bits = self.stride_bits.max(launch.slot_bits);
            self.sets = vec![0; threads << self.stride_bits];
            self.epochs = vec![0; threads];
        }
        let cells = launch.cells;
        let frame_cap = self.frame_cap.unwrap_or(cells.max(1));
        // Frames of 8 bytes, then a face entry of 4 a cell, for each thread.
        let shared_words =
            (self.block_dim * frame_cap) as usize + (self.block_dim * cells).div_ceil(2) as usize;
        let mut shared: Vec<Vec<u64>> = (0..self.blocks)
            .map(|_| {
                let mut block = vec![0u64; shared_words + GUARD];
                block[shared_words..].fill(GUARD_BYTE);
                block
            })
            .collect();
        let positions = tables::by_position(launch.neighbours);
        let search = self.search[match cells {
            0..=16 => 0,
            17..=32 => 1,
            _ => 2,
        }];
        let count = launch.count as usize;
        let (mut words, mut points) = (vec![0u32; count], vec![0u64; count]);
        let next = std::sync::atomic::AtomicU32::new(0);
        // Addresses, to share the arrays with the threads (each writes only its own
        // slots, boards and epoch, as on the device).
        let sets = self.sets.as_mut_ptr() as usize;
        let epochs = self.epochs.as_mut_ptr() as usize;
        let words_out = words.as_mut_ptr() as usize;
        let points_out = points.as_mut_ptr() as usize;
        let next = next.as_ptr() as usize;
        let blocks: Vec<usize> = shared.iter_mut().map(|b| b.as_mut_ptr() as usize).collect();
        let (d, set_lane, block_dim) = (&self.dict, self.set_lane, self.block_dim);
        let (stride_bits, word_bits) = (self.stride_bits, self.word_bits);
        std::thread::scope(|scope| {
            for (block, &memory) in blocks.iter().enumerate() {
                for lane in 0..block_dim {
                    let positions = &positions;
                    scope.spawn(move || {
                        // SAFETY: the arrays are as long as the kernel reads (Launch,
                        // Faces, by_position; sets: threads << stride_bits; shared:
                        // frame_cap frames and `cells` entries a thread); the threads
                        // write disjoint parts of them, as on the device.
                        unsafe {
                            set_lane(
                                block as u32 * block_dim + lane,
                                lane,
                                block_dim,
                                memory as *mut u64,
                            );
                            search(
                                d.records.as_ptr(),
                                d.record_bytes.as_ptr(),
                                d.classes.as_ptr(),
                                d.record_count(),
                                d.exact as u32,
                                d.lengths.as_ptr(),
                                d.lengths.len() as u32,
                                d.points.as_ptr(),
                                d.min_len,
                                launch.faces.info.as_ptr(),
                                launch.faces.bytes.as_ptr(),
                                launch.faces.classes.as_ptr(),
                                positions.as_ptr(),
                                launch.cells,
                                launch.boards.as_ptr(),
                                launch.count,
                                sets as *mut u32,
                                stride_bits,
                                launch.slot_bits,
                                launch.word_limit,
                                word_bits,
                                epochs as *mut u32,
                                frame_cap,
                                next as *mut u32,
                                words_out as *mut u32,
                                points_out as *mut u64,
                            );
                        }
                    });
                }
            }
        });
        for block in &shared {
            assert!(
                block[shared_words..].iter().all(|&w| w == GUARD_BYTE),
                "the kernel wrote past its shared memory"
            );
        }
        Ok((words, points))
    }

    fn clear_tables(&mut self) -> Result<(), GpuError> {
        self.sets.fill(0);
        self.epochs.fill(0);
        Ok(())
    }

    fn design(&self) -> KernelDesign {
        self.design
    }
}

/// A GPU scorer over a design's harness.
fn host_scorer(
    lexicon: &'static Lexicon,
    rules: Rules,
    design: KernelDesign,
) -> GpuScorer<'static> {
    host_scorer_with(lexicon, rules, design, None, None)
}

/// [`host_scorer`], the new kernel with `word_bits` and `frame_cap` overridden.
fn host_scorer_with(
    lexicon: &'static Lexicon,
    rules: Rules,
    design: KernelDesign,
    word_bits: Option<u32>,
    frame_cap: Option<u32>,
) -> GpuScorer<'static> {
    let dict = KernelLexicon::new(lexicon, &rules);
    let kernel: Box<dyn Kernel> = match design {
        KernelDesign::Old => Box::new(Harness::new(old_kernel(dict))),
        KernelDesign::New | KernelDesign::Deferred | KernelDesign::Chained => {
            let library = &compiled(design).library;
            let names = design.shared_names().expect("kernel_shared.cu's");
            // SAFETY: the symbols have the types above (kernel_shared.cu, the harness).
            let (search, set_lane) = unsafe {
                let search = names.map(|name| *library.get::<SearchFn>(name.as_bytes()).unwrap());
                (search, *library.get::<SetLaneFn>(b"pb_set_thread").unwrap())
            };
            assert!(dict.fits_new_kernel());
            Box::new(Harness::new(SharedHostKernel {
                design,
                search,
                set_lane,
                word_bits: word_bits.unwrap_or(tables::word_bits(dict.lengths.len())),
                dict,
                blocks: 2,
                block_dim: 3,
                sets: Vec::new(),
                epochs: Vec::new(),
                stride_bits: 0,
                frame_cap,
            }))
        }
    };
    // Launches of a few boards, so that every batch of more runs the device's
    // order: the next launch submitted before the last is collected.
    let tuning = Tuning::default();
    GpuScorer::with_kernel(lexicon, rules, 2, kernel, "host".into(), tuning)
        .with_launch(HARNESS_LAUNCH)
}

/// The old kernel in its harness.
fn old_kernel(dict: KernelLexicon<'static>) -> HostKernel {
    let compiled = compiled(KernelDesign::Old);
    // SAFETY: the symbols have the types above (kernel.cu and HARNESS).
    let (score, set_thread) = unsafe {
        (
            *compiled.library.get::<ScoreFn>(b"pb_score").unwrap(),
            *compiled
                .library
                .get::<SetThreadFn>(b"pb_set_thread")
                .unwrap(),
        )
    };
    HostKernel {
        score,
        set_thread,
        dict,
        threads: 3,
        tables: Vec::new(),
    }
}
