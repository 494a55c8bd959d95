//! The choice `--backend cpu|gpu|auto` asks for: the CPU scorer, a GPU scorer, or the
//! GPU when one is usable ([`polyboggle::backend`] names the choices).
//!
//! ```
//! use polyboggle::backend::Backend;
//! use polyboggle::{Lexicon, Rules};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let chosen = polyboggle_gpu::backend::open(Backend::Cpu, &lexicon, Rules::hasbro(), 1)?;
//! assert_eq!(chosen.description, "cpu");
//! assert!(chosen.note.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use polyboggle::backend::{self, Backend, Chosen};
use polyboggle::batch::Scorer;
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;

use crate::error::GpuError;
use crate::scorer::GpuScorer;

/// Opens the scorer `backend` asks for, scoring `lexicon` under `rules`, with
/// `threads` CPU threads (0: one per core; a GPU scorer uses them for the boards it
/// hands back). Only [`Backend::Gpu`] fails: with one line saying why no GPU is
/// usable.
pub fn open(
    backend: Backend,
    lexicon: &Lexicon,
    rules: Rules,
    threads: usize,
) -> Result<Chosen<'_>, GpuError> {
    match backend {
        Backend::Cpu => Ok(backend::cpu(lexicon, rules, threads)),
        Backend::Gpu => {
            let gpu = GpuScorer::new(lexicon, rules, threads)?;
            Ok(Chosen {
                description: gpu.backend(),
                scorer: Box::new(gpu),
                note: None,
            })
        }
        Backend::Auto => match GpuScorer::new(lexicon, rules.clone(), threads) {
            Ok(gpu) => Ok(Chosen {
                description: gpu.backend(),
                note: Some(format!("note: scoring on the GPU ({})", gpu.device())),
                scorer: Box::new(gpu),
            }),
            Err(e) => Ok(Chosen {
                note: Some(format!("note: scoring on the CPU ({e})")),
                ..backend::cpu(lexicon, rules, threads)
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_falls_back_to_the_cpu_with_a_note() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let auto = open(Backend::Auto, &lexicon, Rules::hasbro(), 1).unwrap();
        let note = auto.note.unwrap();
        assert!(!note.contains('\n'), "{note}");
        match crate::GpuScorer::new(&lexicon, Rules::hasbro(), 1) {
            Err(_) => {
                assert_eq!(auto.description, "cpu");
                assert!(
                    note.starts_with("note: scoring on the CPU (no usable GPU: "),
                    "{note}"
                );
                let err = open(Backend::Gpu, &lexicon, Rules::hasbro(), 1)
                    .err()
                    .unwrap();
                assert!(err.to_string().starts_with("no usable GPU: "), "{err}");
            }
            Ok(_) => assert!(auto.description.starts_with("gpu: "), "{note}"),
        }
    }
}
