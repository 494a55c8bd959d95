//! The kernel on a CUDA device: compile it with NVRTC, upload the dictionary once,
//! and run launches. Only called after [`super::probe`] has found the libraries.
//!
//! Tuning knobs, read when a scorer starts (for measuring on the device; the
//! defaults are what docs/gpu.md reports): `POLYBOGGLE_GPU_BLOCK` (threads a block,
//! default 128), `POLYBOGGLE_GPU_THREADS` (threads in all, default 512 a
//! multiprocessor, fewer when the tables would take over a quarter of free memory)
//! and `POLYBOGGLE_GPU_TABLE_BITS` (each thread's word table, 2^bits slots; lib.rs).

use std::sync::Arc;

use cudarc::driver::sys::CUdevice_attribute;
use cudarc::driver::sys::CUresult;
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DriverError, LaunchConfig, PushKernelArg,
};
use cudarc::nvrtc::{compile_ptx_with_opts, CompileOptions, Ptx};

use super::tables::Dictionary;
use super::{knob, GpuError, Kernel, Launch, KERNEL_NAME, KERNEL_SOURCE};
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;

fn driver(what: &str) -> impl Fn(DriverError) -> GpuError + '_ {
    move |e| GpuError(format!("{what}: {e}"))
}

/// The dictionary on the device, and the function that walks it.
pub(crate) struct Cuda {
    stream: Arc<CudaStream>,
    function: CudaFunction,
    records: CudaSlice<u32>,
    record_bytes: CudaSlice<u8>,
    classes: CudaSlice<u8>,
    lengths: CudaSlice<u8>,
    points: CudaSlice<u32>,
    record_count: u32,
    exact: u32,
    word_count: u32,
    min_len: u32,
    /// Every thread's word table, `threads << table_bits` slots.
    tables: Option<CudaSlice<u64>>,
    table_bits: u32,
    threads: u32,
    block: u32,
    multiprocessors: u32,
}

impl Drop for Cuda {
    fn drop(&mut self) {
        // The buffers' drops free without binding the context (cudarc 0.19): a
        // scorer dropped on a thread that never used CUDA would leak them.
        let _ = self.stream.context().bind_to_thread();
    }
}

// SAFETY: the stream, function and buffers belong to one context, which the driver
// lets any thread use; the scorer hands the kernel to one thread at a time (a mutex).
unsafe impl Send for Cuda {}

impl Cuda {
    /// Starts on GPU 0: compiles the kernel for it and uploads the dictionary. Also
    /// gives the device's name.
    pub(crate) fn start(lexicon: &Lexicon, rules: &Rules) -> Result<(Cuda, String), GpuError> {
        let count = CudaContext::device_count().map_err(driver("counting devices"))?;
        if count < 1 {
            return Err(GpuError("the CUDA driver sees no device".into()));
        }
        let ctx = CudaContext::new(0).map_err(driver("opening GPU 0"))?;
        let name = ctx.name().map_err(driver("naming GPU 0"))?;
        let (major, minor) = ctx
            .compute_capability()
            .map_err(driver("reading GPU 0's compute capability"))?;
        let multiprocessors = ctx
            .attribute(CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
            .map_err(driver("counting multiprocessors"))? as u32;
        let ptx = compile_ptx_with_opts(KERNEL_SOURCE, compile_options(major, minor))
            .map_err(|e| GpuError(format!("the kernel does not compile: {}", one_line(&e))))?;
        let module = match ctx.load_module(ptx) {
            // PTX from an NVRTC newer than the driver does not load; machine code
            // for the device does, from any NVRTC of the driver's major version.
            Err(e) if e.0 == CUresult::CUDA_ERROR_UNSUPPORTED_PTX_VERSION => ctx
                .load_module(Ptx::from_binary(cubin(major, minor)?))
                .map_err(driver("loading the kernel (driver older than NVRTC?)"))?,
            other => other.map_err(driver("loading the kernel"))?,
        };
        let function = module
            .load_function(KERNEL_NAME)
            .map_err(driver("finding the kernel"))?;
        let stream = ctx.default_stream();
        let dict = Dictionary::new(lexicon, rules);
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
            stream,
            function,
            tables: None,
            table_bits: 0,
            threads: 0,
            block: knob("POLYBOGGLE_GPU_BLOCK").unwrap_or(128).min(1024),
            multiprocessors,
        };
        Ok((
            cuda,
            format!("{name} (compute {major}.{minor}, {multiprocessors} SMs)"),
        ))
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
        let wanted = knob("POLYBOGGLE_GPU_THREADS").unwrap_or(self.multiprocessors * 512) as u64;
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

/// NVRTC's options for a device of compute capability `major.minor` (NVRTC optimizes
/// by default and refuses `-O3`).
fn compile_options(major: i32, minor: i32) -> CompileOptions {
    CompileOptions {
        options: vec![format!("--gpu-architecture=compute_{major}{minor}")],
        name: Some("polyboggle_kernel.cu".into()),
        ..Default::default()
    }
}

/// The kernel compiled to the device's own machine code (`sm_XY`, a CUBIN).
fn cubin(major: i32, minor: i32) -> Result<Vec<u8>, GpuError> {
    use cudarc::nvrtc::{result, sys};
    let fail = |e: result::NvrtcError| {
        GpuError(format!(
            "the kernel does not compile to sm_{major}{minor}: {e}"
        ))
    };
    let src = std::ffi::CString::new(KERNEL_SOURCE).expect("no NUL in kernel.cu");
    let prog = result::create_program(&src, None).map_err(fail)?;
    // SAFETY: `prog` was just created and is destroyed once, below.
    let out = unsafe {
        result::compile_program(prog, &[format!("--gpu-architecture=sm_{major}{minor}")]).and_then(
            |()| {
                let mut size = 0usize;
                sys::nvrtcGetCUBINSize(prog, &mut size).result()?;
                let mut cubin = vec![0u8; size];
                sys::nvrtcGetCUBIN(prog, cubin.as_mut_ptr().cast()).result()?;
                Ok(cubin)
            },
        )
    };
    // SAFETY: as above.
    let _ = unsafe { result::destroy_program(prog) };
    out.map_err(fail)
}

/// A compile error's log on one line (the contract's one line on stderr).
fn one_line(error: &cudarc::nvrtc::CompileError) -> String {
    let text = match error {
        cudarc::nvrtc::CompileError::CompileError { log, .. } => log.to_string_lossy().into_owned(),
        other => format!("{other:?}"),
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Kernel for Cuda {
    fn run(&mut self, launch: &Launch) -> Result<(Vec<u32>, Vec<u64>), GpuError> {
        self.ensure_tables(launch.slot_bits)?;
        let stream = self.stream.clone();
        let up = driver("uploading a batch");
        let faces = launch.faces;
        let face_info = stream.clone_htod(&faces.info).map_err(&up)?;
        let face_bytes = stream.clone_htod(&faces.bytes).map_err(&up)?;
        let face_classes = stream.clone_htod(&faces.classes).map_err(&up)?;
        let neighbours = stream.clone_htod(launch.neighbours).map_err(&up)?;
        let boards = stream.clone_htod(launch.boards).map_err(&up)?;
        let next = stream.alloc_zeros::<u32>(1).map_err(&up)?;
        let count = launch.count as usize;
        let mut words = stream.alloc_zeros::<u32>(count).map_err(&up)?;
        let mut points = stream.alloc_zeros::<u64>(count).map_err(&up)?;
        let tables = self.tables.as_mut().expect("ensure_tables allocated them");
        // No more threads than boards (rounded up to whole blocks).
        let block = self.block;
        let threads = self.threads.min(launch.count.div_ceil(block) * block);
        let config = LaunchConfig {
            grid_dim: (threads / block, 1, 1),
            block_dim: (block, 1, 1),
            shared_mem_bytes: 0,
        };
        let mut args = stream.launch_builder(&self.function);
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
            .arg(&boards)
            .arg(&launch.count)
            .arg(tables)
            .arg(&launch.slot_bits)
            .arg(&launch.word_limit)
            .arg(&launch.tag_base)
            .arg(&next)
            .arg(&mut words)
            .arg(&mut points);
        // SAFETY: the arguments match pb_score's parameters one for one, in type and
        // order; every array is as long as the kernel reads (boards: count × cells;
        // tables: threads << slot_bits; face arrays: as Faces lays them out).
        unsafe { args.launch(config) }.map_err(driver("launching the kernel"))?;
        let words = stream
            .clone_dtoh(&words)
            .map_err(driver("running the kernel"))?;
        let points = stream
            .clone_dtoh(&points)
            .map_err(driver("running the kernel"))?;
        Ok((words, points))
    }

    fn clear_tables(&mut self) -> Result<(), GpuError> {
        if let Some(tables) = self.tables.as_mut() {
            self.stream
                .memset_zeros(tables)
                .map_err(driver("clearing the word tables"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NVRTC's library: `POLYBOGGLE_NVRTC_LIB` (a path to libnvrtc.so.13, as the
    /// `nvidia-cuda-nvrtc` wheel installs it; scripts/nvrtc-check.sh sets it), loaded
    /// by path so that the bindings' later load by name finds it; or whatever the
    /// bindings find themselves.
    fn nvrtc_loaded() -> Result<(), String> {
        if let Ok(path) = std::env::var("POLYBOGGLE_NVRTC_LIB") {
            // SAFETY: NVRTC is a library meant to be loaded; kept loaded for the
            // rest of the process.
            let lib = unsafe { libloading::Library::new(&path) }
                .map_err(|e| format!("POLYBOGGLE_NVRTC_LIB={path}: {e}"))?;
            std::mem::forget(lib);
        }
        // SAFETY: only tries to load the library, as the bindings would.
        if unsafe { cudarc::nvrtc::sys::is_culib_present() } {
            Ok(())
        } else {
            Err("no NVRTC library (set POLYBOGGLE_NVRTC_LIB, or run scripts/nvrtc-check.sh)".into())
        }
    }

    #[test]
    #[ignore = "needs NVRTC: scripts/nvrtc-check.sh runs it"]
    fn the_kernel_compiles_with_nvrtc() {
        if let Err(why) = nvrtc_loaded() {
            panic!("this test needs NVRTC (scripts/nvrtc-check.sh installs it): {why}");
        }
        // The architectures of the GPUs this project meets (H100 and H200 are 9.0).
        // The very options a scorer compiles with.
        for (major, minor) in [(8, 0), (9, 0)] {
            let arch = format!("compute_{major}{minor}");
            let ptx = match compile_ptx_with_opts(KERNEL_SOURCE, compile_options(major, minor)) {
                Ok(ptx) => ptx.to_src(),
                Err(e) => panic!("kernel.cu does not compile for {arch}: {}", one_line(&e)),
            };
            assert!(ptx.contains(".entry pb_score"), "{arch}: no pb_score entry");
            println!("kernel.cu compiles for {arch}: {} bytes of PTX", ptx.len());
            let sass = cubin(major, minor).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                sass.starts_with(b"\x7fELF"),
                "sm_{major}{minor}: not a CUBIN"
            );
            println!(
                "kernel.cu compiles for sm_{major}{minor}: {} bytes of CUBIN",
                sass.len()
            );
        }
    }
}
