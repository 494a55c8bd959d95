//! Where boards are scored: the names a user picks from (`--backend cpu|gpu|auto`) and
//! the scorer a command ends up with. The CPU scorer is [`crate::batch::CpuScorer`];
//! the GPU one lives beside this crate, in `polyboggle-gpu`, whose `backend::open`
//! makes the choice (this crate alone only ever scores on the CPU: [`cpu`]).
//!
//! ```
//! use polyboggle::backend::{self, Backend};
//! use polyboggle::{Lexicon, Rules};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! assert_eq!("auto".parse(), Ok(Backend::Auto));
//! let chosen = backend::cpu(&lexicon, Rules::hasbro(), 1);
//! assert_eq!(chosen.description, "cpu");
//! assert!(chosen.note.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::str::FromStr;

use crate::batch::{CpuScorer, Scorer};
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

/// The CPU scorer of `lexicon` under `rules`, on `threads` threads (0: one per core).
pub fn cpu(lexicon: &Lexicon, rules: Rules, threads: usize) -> Chosen<'_> {
    Chosen {
        scorer: Box::new(CpuScorer::new(lexicon, rules, threads)),
        description: "cpu".into(),
        note: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_name_and_refuses_others() {
        assert_eq!("cpu".parse(), Ok(Backend::Cpu));
        assert_eq!("gpu".parse(), Ok(Backend::Gpu));
        assert_eq!("auto".parse(), Ok(Backend::Auto));
        let err = "tpu".parse::<Backend>().unwrap_err();
        assert_eq!(err, "unknown backend 'tpu' (cpu, gpu or auto)");
    }
}
