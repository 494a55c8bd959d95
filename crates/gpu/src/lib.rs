//! polyboggle-gpu: the GPU batch scorer, a [`Scorer`](polyboggle::batch::Scorer) that counts many boards' words
//! and points at once on an NVIDIA GPU, exactly as the CPU solver does, and
//! [`backend::open`], the choice between it and the CPU.
//!
//! The kernel (CUDA C embedded in the binary and compiled by NVRTC when a
//! [`GpuScorer`] starts; [`KernelDesign`] chooses between `kernel_shared.cu`'s
//! designs, the default, and the first, `kernel.cu`) runs one thread a board over
//! the dictionary's own automaton records ([`polyboggle::raw`]), so every language,
//! multi-byte face, `Qu` and blank works as on the CPU. A board with more distinct
//! words than a thread's table holds is marked and scored again on the CPU; so is
//! every board of more than [`tables::MAX_CELLS`] cells, and every batch whose faces
//! do not fit the kernel's face table.
//!
//! Nothing here needs CUDA to build or to run the rest of the program: the driver
//! library is loaded when a scorer starts, after [`probe`] has checked that it is
//! there (the CUDA bindings panic on a missing library), and NVRTC's only when a
//! kernel must be compiled (not one kept from an earlier run), after the same check;
//! [`GpuScorer::new`] answers an error, never a panic, where no GPU is usable.
//!
//! This crate owns the kernel, its inputs and the orchestration (launches, table
//! tags, overflow, fallbacks); it sits beside the core `polyboggle` crate so that
//! only a program that wants a GPU builds the CUDA bindings. Its settings are one
//! [`Tuning`], read from the environment once, when a scorer starts.
//!
//! The modules, leaves first: `error`, `design` (the kernels' sources, and which
//! one scores), `tuning`, [`tables`] (what the kernel reads, laid out on the host),
//! `launch` (one run of the kernel, and what runs it), `compile` (NVRTC and the
//! kept kernels), `device` (CUDA), `scorer` (batches into launches, the rest on the
//! CPU), [`backend`] (CPU or GPU); `host`, in the tests only, runs the kernels as
//! C++ on the CPU. Nothing imports back up.
#![deny(missing_docs)]

pub mod backend;
mod compile;
mod design;
mod device;
mod error;
#[cfg(test)]
mod host;
mod launch;
mod probe;
mod scorer;
pub mod tables;
mod tuning;

pub use design::{
    KernelDesign, KERNEL_CHAINED_NAMES, KERNEL_DEFERRED_NAMES, KERNEL_NAME, KERNEL_SHARED_NAMES,
    KERNEL_SHARED_SOURCE, KERNEL_SOURCE,
};
pub use error::GpuError;
pub use probe::probe;
pub use scorer::GpuScorer;
pub use tuning::Tuning;
