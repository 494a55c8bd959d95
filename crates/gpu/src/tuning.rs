//! [`Tuning`]: every setting of a GPU scorer beyond the dictionary and the rules, in
//! one value read once, when the scorer starts ([`Tuning::from_env`]), or given by
//! the caller ([`GpuScorer::with_tuning`](crate::GpuScorer::with_tuning)). Nothing
//! else in this crate reads the environment.

use std::ffi::OsString;
use std::path::PathBuf;

use crate::design::KernelDesign;
use crate::error::GpuError;

/// A GPU scorer's settings. The defaults are what docs/gpu.md measured; the others
/// are for measuring on a device (scripts/gpu-device-check.sh sets them through
/// the environment).
///
/// ```
/// use polyboggle_gpu::{KernelDesign, Tuning};
///
/// let mut tuning = Tuning::default();
/// assert_eq!((tuning.design, tuning.block, tuning.threads), (KernelDesign::New, 128, None));
/// tuning.design = KernelDesign::Old;
/// tuning.table_bits = Some(11);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tuning {
    /// Which kernel scores (`POLYBOGGLE_GPU_KERNEL=old|new|deferred|chained`;
    /// default [`KernelDesign::New`]). The old one scores wherever the new one cannot
    /// take the dictionary.
    pub design: KernelDesign,
    /// Threads a block, 1 to 1,024 (`POLYBOGGLE_GPU_BLOCK`; default 128). The new
    /// kernel takes fewer, but at least 32, where its shared memory would pass
    /// 47 KiB a block.
    pub block: u32,
    /// Threads in all (`POLYBOGGLE_GPU_THREADS`); `None`: 512 a multiprocessor for
    /// the old kernel, as many as fit at once for the new one. Fewer where the word
    /// tables would take over a quarter of the device's free memory.
    pub threads: Option<u32>,
    /// Every thread's word table holds 2^bits slots, 6 to 16, whatever the board
    /// size (`POLYBOGGLE_GPU_TABLE_BITS`; others are ignored); `None`: by board size.
    pub table_bits: Option<u32>,
    /// Boards a batch should bring (`POLYBOGGLE_GPU_BATCH`: the scorer's
    /// [`batch_hint`](polyboggle::batch::Scorer::batch_hint)); `None`: four
    /// launches' worth, so that the GPU idles only before a batch's first launch and
    /// after its last.
    pub batch: Option<usize>,
    /// The new kernel's shared memory as a percentage of each multiprocessor's L1,
    /// at most 100 (`POLYBOGGLE_GPU_CARVEOUT`; the rest caches the dictionary's
    /// records); `None`: the driver's choice.
    pub carveout: Option<u32>,
    /// Registers a thread of the new kernel may use (`POLYBOGGLE_GPU_MAXREG`: a
    /// `__maxnreg__`, which the driver's compiler keeps); `None`: the compiler's
    /// choice.
    pub max_registers: Option<u32>,
    /// Frames a thread of the new kernel saves, at most the board's cells
    /// (`POLYBOGGLE_GPU_FRAMES`): fewer leave room for more threads, and a board
    /// whose search goes deeper is scored on the CPU; `None`: the board's cells.
    pub frames: Option<u32>,
    /// The start-up's parts and each launch's copies and kernel timed on stderr
    /// (`POLYBOGGLE_GPU_TIMES=1`).
    pub times: bool,
    /// The folder whose `gpu/` keeps compiled kernels between runs, so that a
    /// later start loads them without NVRTC; `None`: compiled at every start.
    /// [`Tuning::from_env`]: `$POLYBOGGLE_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/polyboggle`, else `~/.cache/polyboggle`; none with
    /// `POLYBOGGLE_GPU_CACHE=0`. [`Tuning::default`]: none.
    pub cache: Option<PathBuf>,
}

impl Default for Tuning {
    /// The measured defaults, and no kernel cache (nothing read from the
    /// environment).
    fn default() -> Tuning {
        Tuning {
            design: KernelDesign::New,
            block: 128,
            threads: None,
            table_bits: None,
            batch: None,
            carveout: None,
            max_registers: None,
            frames: None,
            times: false,
            cache: None,
        }
    }
}

impl Tuning {
    /// The settings the environment's `POLYBOGGLE_GPU_*` variables ask for (the
    /// fields' documentation names them), the defaults for those unset. A number
    /// that is not a positive integer counts as unset; an unknown kernel is the one
    /// error.
    pub fn from_env() -> Result<Tuning, GpuError> {
        Tuning::from_vars(|name| std::env::var_os(name))
    }

    /// [`Tuning::from_env`] over the variables `var` reads.
    fn from_vars(var: impl Fn(&str) -> Option<OsString>) -> Result<Tuning, GpuError> {
        let text = |name: &str| var(name).and_then(|v| v.into_string().ok());
        let number = |name: &str| text(name)?.parse::<u32>().ok().filter(|&n| n > 0);
        let design = match text("POLYBOGGLE_GPU_KERNEL") {
            None => KernelDesign::New,
            Some(name) => name.parse()?,
        };
        let cache = match text("POLYBOGGLE_GPU_CACHE").as_deref() {
            Some("0") => None,
            _ => cache_dir(&var),
        };
        let tuning = Tuning {
            design,
            block: number("POLYBOGGLE_GPU_BLOCK").unwrap_or(128),
            threads: number("POLYBOGGLE_GPU_THREADS"),
            table_bits: number("POLYBOGGLE_GPU_TABLE_BITS"),
            batch: number("POLYBOGGLE_GPU_BATCH").map(|n| n as usize),
            carveout: number("POLYBOGGLE_GPU_CARVEOUT"),
            max_registers: number("POLYBOGGLE_GPU_MAXREG"),
            frames: number("POLYBOGGLE_GPU_FRAMES"),
            times: text("POLYBOGGLE_GPU_TIMES").as_deref() == Some("1"),
            cache,
        };
        Ok(tuning.checked())
    }

    /// The same settings within their ranges: a block of 1 to 1,024 threads, table
    /// bits of 6 to 16 (others dropped), a carveout of at most 100%, and no zero
    /// counts (dropped: the defaults).
    pub(crate) fn checked(self) -> Tuning {
        let positive = |n: Option<u32>| n.filter(|&n| n > 0);
        Tuning {
            block: self.block.clamp(1, 1024),
            threads: positive(self.threads),
            table_bits: self.table_bits.filter(|b| (6..=16).contains(b)),
            batch: self.batch.filter(|&n| n > 0),
            carveout: self.carveout.map(|percent| percent.min(100)),
            max_registers: positive(self.max_registers),
            frames: positive(self.frames),
            ..self
        }
    }
}

/// The cache's folder, from the environment `var` reads.
fn cache_dir(var: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let env = |name| var(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    env("POLYBOGGLE_CACHE_DIR")
        .or_else(|| env("XDG_CACHE_HOME").map(|d| d.join("polyboggle")))
        .or_else(|| env("HOME").map(|d| d.join(".cache").join("polyboggle")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader of an environment that holds only `pairs`.
    fn only(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<OsString> {
        move |name: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| OsString::from(v))
        }
    }

    #[test]
    fn the_cache_folder_follows_the_environment() {
        let dir = |pairs| cache_dir(only(pairs)).map(|d| d.display().to_string());
        assert_eq!(dir(&[("HOME", "/h")]), Some("/h/.cache/polyboggle".into()));
        let xdg = &[("HOME", "/h"), ("XDG_CACHE_HOME", "/x")];
        assert_eq!(dir(xdg), Some("/x/polyboggle".into()));
        let own = &[
            ("HOME", "/h"),
            ("POLYBOGGLE_CACHE_DIR", "/p"),
            ("XDG_CACHE_HOME", ""),
        ];
        assert_eq!(dir(own), Some("/p".into()));
        assert_eq!(dir(&[("HOME", "")]), None);
    }

    #[test]
    fn an_empty_environment_is_the_defaults_with_a_cache() {
        let tuning = Tuning::from_vars(only(&[("HOME", "/h")])).unwrap();
        let cache = Some(PathBuf::from("/h/.cache/polyboggle"));
        assert_eq!(
            tuning,
            Tuning {
                cache,
                ..Tuning::default()
            }
        );
    }

    #[test]
    fn every_variable_reaches_its_setting() {
        let tuning = Tuning::from_vars(only(&[
            ("POLYBOGGLE_GPU_KERNEL", "chained"),
            ("POLYBOGGLE_GPU_BLOCK", "4096"),
            ("POLYBOGGLE_GPU_THREADS", "33792"),
            ("POLYBOGGLE_GPU_TABLE_BITS", "10"),
            ("POLYBOGGLE_GPU_BATCH", "1048576"),
            ("POLYBOGGLE_GPU_CARVEOUT", "150"),
            ("POLYBOGGLE_GPU_MAXREG", "56"),
            ("POLYBOGGLE_GPU_FRAMES", "10"),
            ("POLYBOGGLE_GPU_TIMES", "1"),
            ("POLYBOGGLE_GPU_CACHE", "0"),
            ("HOME", "/h"),
        ]))
        .unwrap();
        let want = Tuning {
            design: KernelDesign::Chained,
            block: 1024,
            threads: Some(33792),
            table_bits: Some(10),
            batch: Some(1 << 20),
            carveout: Some(100),
            max_registers: Some(56),
            frames: Some(10),
            times: true,
            cache: None,
        };
        assert_eq!(tuning, want);
    }

    #[test]
    fn numbers_out_of_range_are_unset() {
        let tuning = Tuning::from_vars(only(&[
            ("POLYBOGGLE_GPU_BLOCK", "0"),
            ("POLYBOGGLE_GPU_THREADS", "-5"),
            ("POLYBOGGLE_GPU_TABLE_BITS", "20"),
            ("POLYBOGGLE_GPU_FRAMES", "many"),
            ("POLYBOGGLE_GPU_TIMES", "yes"),
        ]))
        .unwrap();
        assert_eq!(tuning, Tuning::default());
    }

    #[test]
    fn an_unknown_kernel_is_the_one_error() {
        let err = Tuning::from_vars(only(&[("POLYBOGGLE_GPU_KERNEL", "fast")])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "no usable GPU: POLYBOGGLE_GPU_KERNEL=fast: expected old, new, deferred or chained"
        );
    }
}
