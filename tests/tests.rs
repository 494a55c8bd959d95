//! The command's integration tests, one binary (as in ripgrep): they drive the real
//! `polyboggle` binary through one kit ([`common::TestCommand`]), and a few call the
//! library crates the way a program that depends on them would (the GPU's exactness,
//! the shared data). A library crate's own tests are in its folder (`crates/*/tests`,
//! run by `cargo test -p` that crate). Tests that read `../shared/data` or need
//! Debian's `parallel` are `#[ignore]`d with the reason, and `.ci/run` runs them; tests
//! that need an NVIDIA GPU (`gpu::device`) run on the device machine
//! (`scripts/gpu-device-check.sh`).

mod common;

// The command's scoring throughput, which its tests call as a library.
#[path = "../src/throughput.rs"]
mod throughput;

mod architecture;
mod bench_files;
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
mod lang_search;
mod languages;
mod languages_table;
mod optimize;
mod play;
mod princeton;
mod prove;
mod readme;
mod reliability;
mod scale_out;
#[cfg(feature = "web")]
mod serve;
mod shared_data;
mod solve_cli;
