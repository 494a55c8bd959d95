//! How a dice set plays: what many seeded rolls of it hold, measured by solving each.
//!
//! Roll `i` of a measurement uses seed `seed + i` (wrapping), the seed
//! [`DiceSet::roll`] takes: roll 17 of `--seed 1` is `polyboggle roll SET --seed 18`.
//! Two sets measured with the same seed are compared on the same shuffles (common
//! random numbers): sets of as many dice go to the same places and turn up the same
//! face numbers. The rolls are solved on every core ([`Sampler`]); every count is an
//! integer summed over them, so a seed gives the same report on any machine and any
//! number of threads.
//!
//! Percentiles are nearest-rank: `p5` is the smallest count at least 5% of the
//! rolls are at or below.
//!
//! ```
//! use polyboggle_dice::{stats, DiceSet};
//! use polyboggle::{Lexicon, Rules};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let set = DiceSet::builtin("english-new-4x4")?;
//! let options = stats::StatsOptions { rolls: 200, ..Default::default() };
//! let report = stats::measure(&set, &lexicon, &Rules::hasbro(), &options)?;
//! assert!(report.words.p5 <= report.words.median);
//! assert!(report.dead_faces > 0.0 && report.dead_faces < 1.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The module does not search for better sets: [`design`](super::design) does, by
//! measuring candidates with a [`Sampler`].

mod error;
mod json;
mod plot;
mod report;
mod sample;
mod spread;
#[cfg(test)]
mod tests;

pub use error::StatsError;
pub use plot::plot_svg;
pub(crate) use report::jensen_shannon;
pub use report::{vowel_keys, FaceStats, Stats, StatsOptions, Vowels};
pub use sample::{RollFigures, Sample, Sampler};
pub use spread::Spread;

use crate::set::DiceSet;
use polyboggle::lexicon::Lexicon;
use polyboggle::score::Rules;

/// Measures `set` over `options.rolls` rolls solved with `lexicon` under `rules`.
pub fn measure(
    set: &DiceSet,
    lexicon: &Lexicon,
    rules: &Rules,
    options: &StatsOptions,
) -> Result<Stats, StatsError> {
    let sampler = Sampler::new(lexicon, rules.clone(), options.threads);
    sampler.stats(set, options)
}
