//! Is a GPU usable here? Asked before any CUDA call, because the CUDA bindings
//! (`cudarc` with dynamic loading) panic when the driver or NVRTC library, or one of
//! the functions they call, is missing, and a release build aborts on a panic.
//!
//! The probe opens the libraries under the names the bindings will try, in their
//! order, and looks up every function the scorer's path calls. It never panics;
//! what it cannot see (no device, a driver too old for the kernel) comes back later
//! as an ordinary error from the driver. NVRTC is looked for only when a kernel must
//! be compiled ([`nvrtc`]): a start that finds its kernel kept from an earlier run
//! neither needs it nor pays for loading it (a 140 MB library).

use std::sync::OnceLock;

use crate::error::GpuError;

/// The driver functions a [`super::GpuScorer`] calls, through the bindings.
const DRIVER_SYMBOLS: &[&str] = &[
    "cuInit",
    "cuDeviceGet",
    "cuDeviceGetCount",
    "cuDeviceGetAttribute",
    "cuDeviceGetName",
    "cuDevicePrimaryCtxRetain",
    "cuDevicePrimaryCtxRelease_v2",
    "cuCtxSetCurrent",
    "cuCtxGetCurrent",
    "cuCtxSynchronize",
    "cuGetErrorName",
    "cuGetErrorString",
    "cuModuleLoadData",
    "cuModuleGetFunction",
    "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
    "cuModuleUnload",
    "cuLaunchKernel",
    "cuMemAlloc_v2",
    "cuMemAllocAsync",
    "cuMemFree_v2",
    "cuMemFreeAsync",
    "cuMemGetInfo_v2",
    "cuMemcpyHtoDAsync_v2",
    "cuMemcpyDtoHAsync_v2",
    "cuMemsetD8Async",
    "cuStreamSynchronize",
    "cuStreamWaitEvent",
    "cuEventCreate",
    "cuEventRecord",
    "cuEventDestroy_v2",
    "cuEventSynchronize",
];

/// The NVRTC functions the kernel's compilation calls.
const NVRTC_SYMBOLS: &[&str] = &[
    "nvrtcCreateProgram",
    "nvrtcCompileProgram",
    "nvrtcDestroyProgram",
    "nvrtcGetPTX",
    "nvrtcGetPTXSize",
    "nvrtcGetProgramLog",
    "nvrtcGetProgramLogSize",
    "nvrtcGetCUBIN",
    "nvrtcGetCUBINSize",
];

/// Checks that the CUDA driver library loads and has every function the GPU scorer
/// calls; the answer is worked out once a process. `Err` says, in one line, which
/// library or function is missing.
pub fn probe() -> Result<(), GpuError> {
    static ANSWER: OnceLock<Result<(), GpuError>> = OnceLock::new();
    ANSWER
        .get_or_init(|| library("CUDA driver", &["cuda", "nvcuda"], DRIVER_SYMBOLS))
        .clone()
}

/// [`probe`] for NVRTC, the run-time compiler, before the first compile.
pub(crate) fn nvrtc() -> Result<(), GpuError> {
    static ANSWER: OnceLock<Result<(), GpuError>> = OnceLock::new();
    ANSWER
        .get_or_init(|| library("NVRTC", &["nvrtc"], NVRTC_SYMBOLS))
        .clone()
}

/// Opens the first library of `names` that loads, as the bindings will, and checks
/// it has `symbols`.
fn library(what: &str, names: &[&str], symbols: &[&str]) -> Result<(), GpuError> {
    let candidates: Vec<String> = names
        .iter()
        .flat_map(|name| cudarc::get_lib_name_candidates(name))
        .collect();
    // SAFETY: loading a shared library runs its initializers; the CUDA driver and
    // NVRTC are libraries meant to be loaded this way, and the bindings would load
    // the very same file next.
    let found = candidates
        .iter()
        .find_map(|name| unsafe { libloading::Library::new(name) }.ok());
    let Some(lib) = found else {
        let tried = candidates.first().map_or("", String::as_str);
        return Err(GpuError(format!(
            "the {what} library is not installed ({tried} and {} other names not found)",
            candidates.len().saturating_sub(1)
        )));
    };
    for symbol in symbols {
        // SAFETY: only the symbol's address is looked up, never called.
        let present = unsafe { lib.get::<*const ()>(symbol.as_bytes()) }.is_ok();
        if !present {
            return Err(GpuError(format!(
                "the {what} library has no {symbol} (too old for CUDA 13?)"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_without_panicking() {
        // On a machine without CUDA this is the error path; with CUDA, the
        // libraries' check. Either way no panic, and an error is one line.
        match probe().and_then(|()| nvrtc()) {
            Ok(()) => println!("probe: CUDA driver and NVRTC found"),
            Err(e) => {
                let text = e.to_string();
                assert!(!text.contains('\n'), "{text}");
                println!("probe: {text}");
            }
        }
    }

    #[test]
    fn a_missing_library_is_an_error() {
        let err = library("test", &["polyboggle-no-such-library"], &[]).unwrap_err();
        assert!(err.0.contains("not installed"), "{err}");
    }
}
