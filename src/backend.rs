//! Which [`Scorer`] a command scores with: the CPU, a GPU, or the GPU when one is
//! usable (`--backend cpu|gpu|auto`).
//!
//! ```
//! use polyboggle::backend::{self, Backend};
//! use polyboggle::{Lexicon, Rules};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let chosen = backend::open(Backend::Cpu, &lexicon, Rules::hasbro(), 1)?;
//! assert_eq!(chosen.description, "cpu");
//! assert!(chosen.note.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::str::FromStr;

use crate::batch::{CpuScorer, Scorer};
use crate::gpu::{GpuError, GpuScorer};
use crate::lexicon::Lexicon;
use crate::score::Rules;

/// Where boards are scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Backend {
    /// The CPU solver, on a pool of threads.
    #[default]
    Cpu,
    /// A GPU; an error where none is usable.
    Gpu,
    /// A GPU when one is usable, else the CPU.
    Auto,
}

impl FromStr for Backend {
    type Err = String;

    fn from_str(text: &str) -> Result<Backend, String> {
        match text {
            "cpu" => Ok(Backend::Cpu),
            "gpu" => Ok(Backend::Gpu),
            "auto" => Ok(Backend::Auto),
            other => Err(format!("unknown backend '{other}' (cpu, gpu or auto)")),
        }
    }
}

/// A scorer, what it runs on, and what to tell the user about the choice.
pub struct Chosen<'l> {
    /// The scorer.
    pub scorer: Box<dyn Scorer + 'l>,
    /// `cpu`, or `gpu: <device>`.
    pub description: String,
    /// One line for stderr when the choice was automatic (which backend, and why
    /// not the GPU).
    pub note: Option<String>,
}

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
    let cpu = |rules| Chosen {
        scorer: Box::new(CpuScorer::new(lexicon, rules, threads)),
        description: "cpu".into(),
        note: None,
    };
    match backend {
        Backend::Cpu => Ok(cpu(rules)),
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
                ..cpu(rules)
            }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_falls_back() {
        assert_eq!("auto".parse(), Ok(Backend::Auto));
        assert!("tpu"
            .parse::<Backend>()
            .unwrap_err()
            .contains("cpu, gpu or auto"));
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let auto = open(Backend::Auto, &lexicon, Rules::hasbro(), 1).unwrap();
        let note = auto.note.unwrap();
        assert!(!note.contains('\n'), "{note}");
        if crate::gpu::probe().is_err() {
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
    }
}
