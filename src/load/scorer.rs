//! The scorer `--backend` asks for: the CPU's threads, or a GPU where one is usable.

#[cfg(not(feature = "gpu"))]
use polyboggle::backend::Backend;
use polyboggle::backend::Chosen;
use polyboggle::{Lexicon, Rules};

use crate::args::BackendArg;
use crate::Failure;

/// The scorer `backend` asks for; an automatic choice is said in one line on stderr.
pub fn open_scorer(
    backend: BackendArg,
    lexicon: &Lexicon,
    rules: Rules,
    threads: usize,
) -> Result<Chosen<'_>, Failure> {
    #[cfg(feature = "gpu")]
    let chosen = polyboggle_gpu::backend::open(backend.backend(), lexicon, rules, threads)
        .map_err(|e| Failure::input(format!("--backend gpu: {e}")))?;
    #[cfg(not(feature = "gpu"))]
    let chosen = {
        const WHY: &str = "no usable GPU: this polyboggle was built without the gpu feature";
        match backend.backend() {
            Backend::Cpu => polyboggle::backend::cpu(lexicon, rules, threads),
            Backend::Gpu => return Err(Failure::input(format!("--backend gpu: {WHY}"))),
            Backend::Auto => Chosen {
                note: Some(format!("note: scoring on the CPU ({WHY})")),
                ..polyboggle::backend::cpu(lexicon, rules, threads)
            },
        }
    };
    if let Some(note) = &chosen.note {
        eprintln!("{note}");
    }
    Ok(chosen)
}
