//! The integration tests, one binary (as in ripgrep): most drive the real `polyboggle`
//! binary ([`common::run`]); some call the library crates the way a program that
//! depends on them would. Tests that read `../shared/data` or need Debian's
//! `parallel` are `#[ignore]`d with the reason, and `.ci/run` runs them; tests that
//! need an NVIDIA GPU (`gpu::device`) run on the device machine
//! (`scripts/gpu-device-check.sh`).

mod common;

mod boards;
mod completions;
mod crossword;
mod crossword_fill;
mod dice_design;
mod dict_blocks;
mod dict_compile;
mod dict_scripts;
mod dict_search;
mod dict_tiers;
mod duel;
mod file_errors;
mod forged;
#[cfg(feature = "gpu")]
mod gpu;
mod hunspell;
mod languages;
mod optimize;
mod play;
mod princeton;
mod proptest_solver;
mod prove;
mod readme;
mod reliability;
mod scale_out;
mod shared_data;
mod solve_cli;
#[cfg(feature = "web")]
mod web;
