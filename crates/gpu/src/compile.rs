//! The kernel's compilation: NVRTC's options for one entry point of a design
//! ([`Entry`]), the device's own machine code where its driver is older than NVRTC
//! ([`cubin`]), and the compiled kernels kept between runs ([`cache_file`]). No
//! device here: `device` loads what this compiles.

use std::path::{Path, PathBuf};

use cudarc::nvrtc::CompileOptions;

use crate::design::KernelDesign;
use crate::error::GpuError;

/// The largest boards each of the new kernel's entry points takes, in every design
/// ([`Entry`]: compiled with `-DPB_CELLS=n`).
pub(crate) const VARIANT_CELLS: [u32; 3] = [16, 32, 64];

/// One of `kernel_shared.cu`'s entry points, compiled alone: the design's
/// ([`KernelDesign::shared_names`]) for boards of up to `VARIANT_CELLS[variant]` cells.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry {
    pub(crate) design: KernelDesign,
    pub(crate) variant: usize,
    /// Registers a thread may use ([`crate::Tuning::max_registers`]).
    pub(crate) max_registers: Option<u32>,
}

impl Entry {
    /// The function's name.
    pub(crate) fn name(self) -> &'static str {
        self.design
            .shared_names()
            .expect("a design of kernel_shared.cu")[self.variant]
    }

    /// The options that leave only this entry point in the source, and the
    /// registers it may use, when capped.
    fn options(self) -> Vec<String> {
        let mut options = vec![
            format!("-DPB_CELLS={}", VARIANT_CELLS[self.variant]),
            format!("-DPB_DESIGN={}", self.design.shared_index()),
        ];
        options.extend(self.max_registers.map(|n| format!("-DPB_MAXREG={n}")));
        options
    }
}

/// Where the PTX of `source` compiled with `options` is kept between runs: in
/// `cache`'s `gpu/` ([`crate::Tuning::cache`]), named by a hash of the source, the
/// options and this build's version. `None` without a cache.
pub(crate) fn cache_file(
    cache: Option<&Path>,
    source: &str,
    options: &[String],
) -> Option<PathBuf> {
    Some(cache_name(cache?, source, options))
}

/// The file in `dir` for `source` compiled with `options` by this build.
fn cache_name(dir: &Path, source: &str, options: &[String]) -> PathBuf {
    use std::hash::{Hash, Hasher};
    // The standard hasher with its fixed keys: the same name in every run of a build.
    let mut hasher = std::hash::DefaultHasher::new();
    (source, options, env!("CARGO_PKG_VERSION")).hash(&mut hasher);
    dir.join("gpu")
        .join(format!("kernel-{:016x}.ptx", hasher.finish()))
}

/// Writes `text` to `path` (a temporary file, then a rename, so another run never
/// reads half of it); a cache that cannot be written is only a slower start.
pub(crate) fn keep(path: &Path, text: &str) {
    let Some(dir) = path.parent() else { return };
    let temporary = path.with_extension(format!("{}.tmp", std::process::id()));
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&temporary, text))
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
}

/// NVRTC's options for a device of compute capability `major.minor`, and which of
/// the new kernel's entry points: `entry`, or all (NVRTC optimizes by default and
/// refuses `-O3`).
pub(crate) fn compile_options(major: i32, minor: i32, entry: Option<Entry>) -> CompileOptions {
    let mut options = vec![format!("--gpu-architecture=compute_{major}{minor}")];
    options.extend(entry.into_iter().flat_map(Entry::options));
    CompileOptions {
        options,
        name: Some("polyboggle_kernel.cu".into()),
        ..Default::default()
    }
}

/// The kernel compiled to the device's own machine code (`sm_XY`, a CUBIN).
pub(crate) fn cubin(
    source: &str,
    major: i32,
    minor: i32,
    entry: Option<Entry>,
) -> Result<Vec<u8>, GpuError> {
    use cudarc::nvrtc::{result, sys};
    let fail = |e: result::NvrtcError| {
        GpuError(format!(
            "the kernel does not compile to sm_{major}{minor}: {e}"
        ))
    };
    let src = std::ffi::CString::new(source).expect("no NUL in a kernel's source");
    let prog = result::create_program(&src, None).map_err(fail)?;
    // SAFETY: `prog` was just created and is destroyed once, below.
    let out = unsafe {
        let mut options = vec![format!("--gpu-architecture=sm_{major}{minor}")];
        options.extend(entry.into_iter().flat_map(Entry::options));
        result::compile_program(prog, &options).and_then(|()| {
            let mut size = 0usize;
            sys::nvrtcGetCUBINSize(prog, &mut size).result()?;
            let mut cubin = vec![0u8; size];
            sys::nvrtcGetCUBIN(prog, cubin.as_mut_ptr().cast()).result()?;
            Ok(cubin)
        })
    };
    // SAFETY: as above.
    let _ = unsafe { result::destroy_program(prog) };
    out.map_err(fail)
}

/// A compile error's log on one line (the contract's one line on stderr).
pub(crate) fn one_line(error: &cudarc::nvrtc::CompileError) -> String {
    let text = match error {
        cudarc::nvrtc::CompileError::CompileError { log, .. } => log.to_string_lossy().into_owned(),
        other => format!("{other:?}"),
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use cudarc::nvrtc::compile_ptx_with_opts;

    use super::*;
    use crate::design::{
        KERNEL_CHAINED_NAMES, KERNEL_DEFERRED_NAMES, KERNEL_NAME, KERNEL_SHARED_NAMES,
        KERNEL_SHARED_SOURCE, KERNEL_SOURCE,
    };

    /// One name for one source and set of options, another for any change; a kept
    /// file reads back whole.
    #[test]
    fn cached_kernels_are_named_by_what_they_compile() {
        let dir = std::env::temp_dir().join(format!("pb-cache-{}", std::process::id()));
        let options = |cells: &str| vec!["--gpu-architecture=compute_90".into(), cells.into()];
        let a = cache_name(&dir, "source", &options("-DPB_CELLS=16"));
        assert_eq!(a, cache_name(&dir, "source", &options("-DPB_CELLS=16")));
        assert_ne!(a, cache_name(&dir, "source", &options("-DPB_CELLS=32")));
        assert_ne!(a, cache_name(&dir, "source ", &options("-DPB_CELLS=16")));
        keep(&a, ".version 9.0");
        assert_eq!(std::fs::read_to_string(&a).unwrap(), ".version 9.0");
        let left: Vec<_> = std::fs::read_dir(a.parent().unwrap()).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file left");
        std::fs::remove_dir_all(&dir).unwrap();
    }

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
            let shared_names = [
                KERNEL_SHARED_NAMES,
                KERNEL_DEFERRED_NAMES,
                KERNEL_CHAINED_NAMES,
            ]
            .concat();
            for (file, source, names) in [
                ("kernel.cu", KERNEL_SOURCE, &[KERNEL_NAME][..]),
                ("kernel_shared.cu", KERNEL_SHARED_SOURCE, &shared_names[..]),
            ] {
                let ptx = match compile_ptx_with_opts(source, compile_options(major, minor, None)) {
                    Ok(ptx) => ptx.to_src(),
                    Err(e) => panic!("{file} does not compile for {arch}: {}", one_line(&e)),
                };
                for name in names {
                    assert!(
                        ptx.contains(&format!(".entry {name}")),
                        "{file}, {arch}: no {name} entry"
                    );
                }
                println!("{file} compiles for {arch}: {} bytes of PTX", ptx.len());
                let sass = cubin(source, major, minor, None).unwrap_or_else(|e| panic!("{e}"));
                assert!(
                    sass.starts_with(b"\x7fELF"),
                    "{file}, sm_{major}{minor}: not a CUBIN"
                );
                println!(
                    "{file} compiles for sm_{major}{minor}: {} bytes of CUBIN",
                    sass.len()
                );
            }
            // One entry point at a time, as a scorer compiles them.
            for design in [
                KernelDesign::New,
                KernelDesign::Deferred,
                KernelDesign::Chained,
            ] {
                for variant in 0..VARIANT_CELLS.len() {
                    let entry = Entry {
                        design,
                        variant,
                        max_registers: None,
                    };
                    let name = entry.name();
                    let options = compile_options(major, minor, Some(entry));
                    let ptx = compile_ptx_with_opts(KERNEL_SHARED_SOURCE, options)
                        .unwrap_or_else(|e| panic!("{name}, {arch}: {}", one_line(&e)))
                        .to_src();
                    let entries = ptx.matches(".entry ").count();
                    assert!(
                        ptx.contains(&format!(".entry {name}")) && entries == 1,
                        "{name}"
                    );
                }
            }
            // A register cap (Tuning::max_registers) reaches the PTX, where the
            // driver keeps it.
            let entry = Entry {
                design: KernelDesign::Deferred,
                variant: 0,
                max_registers: Some(56),
            };
            let options = compile_options(major, minor, Some(entry));
            let ptx = compile_ptx_with_opts(KERNEL_SHARED_SOURCE, options)
                .unwrap_or_else(|e| panic!("PB_MAXREG, {arch}: {}", one_line(&e)))
                .to_src();
            assert!(
                ptx.contains(".maxnreg 56"),
                "{arch}: no register cap in the PTX"
            );
        }
    }
}
