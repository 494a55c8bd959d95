//! Designing dice sets by measurement: a simulated-annealing search over the faces
//! of a set, every candidate judged on the same seeded rolls.
//!
//! A candidate is the start set changed by a move: two faces on different dice
//! swap places, or one face trades its unit for another of the alphabet (drawn by
//! the dictionary's letter frequencies, so common letters are offered more). Each
//! candidate is rolled with seeds `seed`, `seed + 1`, ... (common random numbers:
//! a difference between two candidates is theirs, not the dice's luck) and
//! measured ([`Metrics`]). A move changes one or two die faces, and a roll that
//! shows neither holds what it held before, so only the rolls showing a changed
//! face are solved again (about a sixth to a third of them, for six-faced dice):
//! the figures are exactly those of solving every roll. The search keeps a move that improves the objective's
//! value, and one that worsens it with the annealing's falling probability. The
//! number of steps fixes the schedule, so a seed gives the same set on every
//! machine; a time limit can only stop it early.
//!
//! What a designer states ([`DesignGoal`]) is scored against the start set's own
//! figures: the search must not let the others get worse (more unreachable
//! words, more dead faces, a median further away than [`Brief::median_within`],
//! faces drifting from the dictionary's letters past [`Brief::drift`]), each a
//! penalty on the value.
//!
//! Unreachable words are counted here on every split of a word into the alphabet's
//! units (up to 32 a word), as [`unreachable`](super::unreachable) counts them, and
//! only for the words a move can change: those that gave a letter a die the move
//! took that letter's unit from, and those a unit that gained a die may complete
//! (see the `reach` module; a rejected move is undone). A dictionary of more than
//! 400,000 words (a word that splits several ways counting as many) is sampled for
//! this count (every k-th word standing for k), so a step over Polish's 4.3 million
//! words costs what one over 400,000 does; the final report counts every word.
//!
//! ```
//! use polyboggle_dice::design::{design, Brief};
//! use polyboggle_dice::{stats::Sampler, DiceSet};
//! use polyboggle::{Lexicon, Rules};
//!
//! let lexicon = Lexicon::builtin("enable2k")?;
//! let sampler = Sampler::new(&lexicon, Rules::hasbro(), 1);
//! let start = DiceSet::builtin("english-new-4x4")?;
//! let brief = Brief { rolls: 200, steps: 5, ..Brief::default() };
//! let found = design(&start, &sampler, &brief, &mut |_| {})?;
//! assert!(found.best.value >= found.start.value);
//! assert_eq!(found.set.dice.len(), 16);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::time::{Duration, Instant};

use rand::Rng;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::set::DiceSet;
use crate::stats::{Sampler, StatsError};
use polyboggle::random;

mod alphabet;
mod judge;
mod reach;
#[cfg(test)]
mod tests;

use alphabet::{alphabet, Alphabet};
use judge::{Judge, Rolls};
use reach::Words;

/// What the search improves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum DesignGoal {
    /// Fewer poor rolls: raise the worst tenth of the rolls' words (the mean of
    /// that tail, which moves with the 5th percentile and the share under the floor).
    Poor,
    /// The fewest rolls under the floor: the share under it, weighed ten times as
    /// much as in [`DesignGoal::Poor`], the worst tenth's words breaking ties.
    Floor,
    /// Rolls within a band of words: the share of rolls with `min..=max` words.
    Band(u64, u64),
    /// Fewer dead faces.
    Dead,
    /// Fewer unreachable words.
    Unreachable,
}

/// What to design.
#[derive(Clone, Debug)]
pub struct Brief {
    /// The objective.
    pub objective: DesignGoal,
    /// Rolls a candidate is measured on.
    pub rolls: usize,
    /// Search steps (candidates measured).
    pub steps: usize,
    /// Stop early after this long (the result then depends on the machine's speed).
    pub time: Option<Duration>,
    /// Seed of the search and of the rolls (`seed`, `seed + 1`, ...).
    pub seed: u64,
    /// Multi-letter units the faces may show besides the dictionary's letters
    /// (`CH`, `LL`; `Qu` where the rules read a bare Q as Qu).
    pub units: Vec<String>,
    /// Units that stay on the dice (`DŽ`, `LJ`, `NJ` for Croatian): the start set
    /// gets a face of each it lacks, and no trade takes such a face away (a swap
    /// moves it to another die). Each is a unit of [`Brief::units`] too.
    pub pinned: Vec<String>,
    /// A roll with fewer words is poor.
    pub floor: u64,
    /// The most the faces may drift from the dictionary's letter shares
    /// (Jensen–Shannon divergence, bits); `None`: no cap beyond the start's.
    pub drift: Option<f64>,
    /// How far the median words a roll may move from the start's, as a share of it
    /// (0.10: 10%); `None`: as far as the objective takes it.
    pub median_within: Option<f64>,
}

impl Default for Brief {
    fn default() -> Brief {
        Brief {
            objective: DesignGoal::Poor,
            rolls: 3000,
            steps: 1500,
            time: None,
            seed: 1,
            units: Vec::new(),
            pinned: Vec::new(),
            floor: 45,
            drift: None,
            median_within: Some(0.10),
        }
    }
}

/// Why a design cannot start.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum DesignError {
    /// The start set cannot be measured with the dictionary.
    #[error(transparent)]
    Stats(#[from] StatsError),
    /// A unit no word of the dictionary holds.
    #[error("unit '{0}': no word of the dictionary holds it")]
    UnknownUnit(String),
    /// A band whose least is above its most.
    #[error("--words {0}..{1}: the least is above the most")]
    Band(u64, u64),
    /// Nothing to search.
    #[error("--rolls and --steps must be at least 1")]
    Empty,
}

/// A candidate's figures over the search's rolls, and the objective's value.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Metrics {
    /// 5th percentile of words a roll.
    pub p5: u64,
    /// Median words a roll.
    pub median: u64,
    /// Mean words of the worst tenth of the rolls.
    pub tail: f64,
    /// Share of rolls under the floor.
    pub under_floor: f64,
    /// Share of rolls in the band (the objective's, else 0).
    pub in_band: f64,
    /// Share of the rolled letter faces no word used.
    pub dead: f64,
    /// Words no roll can show (estimated from a sample past 400,000 words).
    pub unreachable: usize,
    /// Jensen–Shannon divergence of the faces from the dictionary's letters.
    pub drift: f64,
    /// The objective's value, penalties included: higher is better.
    pub value: f64,
}

/// A step of the search, for progress reports.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Steps done.
    pub step: usize,
    /// Of how many.
    pub steps: usize,
    /// The best candidate so far.
    pub best: Metrics,
    /// Seconds since the start.
    pub seconds: f64,
}

/// What the search found.
#[derive(Clone, Debug)]
pub struct Design {
    /// The best set (named and sourced as the start set; the caller renames it).
    pub set: DiceSet,
    /// The start set's figures.
    pub start: Metrics,
    /// The best set's figures, on the same rolls.
    pub best: Metrics,
    /// Steps taken.
    pub steps: usize,
    /// Seconds taken.
    pub seconds: f64,
}

/// Searches for a set better than `start` at `brief`'s objective.
pub fn design(
    start: &DiceSet,
    sampler: &Sampler,
    brief: &Brief,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Design, DesignError> {
    if brief.rolls == 0 || brief.steps == 0 {
        return Err(DesignError::Empty);
    }
    if let DesignGoal::Band(min, max) = brief.objective {
        if min > max {
            return Err(DesignError::Band(min, max));
        }
    }
    let grid = sampler.check(start, None)?;
    let units: Vec<String> = brief.units.iter().chain(&brief.pinned).cloned().collect();
    let alphabet = alphabet(start, sampler, &units)?;
    let (start, pinned) = &pin(start, &alphabet, sampler, &brief.pinned);
    let words = Words::new(
        sampler.lexicon(),
        &alphabet.keys,
        start.dice.len(),
        grid.0 * grid.1,
    );
    let judge = Judge {
        sampler,
        brief,
        grid,
        alphabet: &alphabet,
        words: &words,
        reference: None,
    };
    let started = Instant::now();
    let mut current = start.clone();
    let mut rolls = Rolls::new(&current, &judge);
    let mut reach = words.reach(judge.showing(&current));
    let (first, _) = judge.metrics(&current, &rolls.figures, &mut reach);
    let judge = Judge {
        reference: Some(first),
        ..judge
    };
    let mut current_metrics = Metrics {
        value: judge.value(&first),
        ..first
    };
    let start_metrics = current_metrics;
    let (mut best, mut best_metrics) = (current.clone(), current_metrics);
    let mut rng = ChaCha8Rng::seed_from_u64(brief.seed ^ 0x5EED_D1CE);
    // The temperature falls from a few words to a tenth of one.
    let (hot, cold) = (2.0f64, 0.05f64);
    let mut steps = 0;
    for step in 0..brief.steps {
        if brief.time.is_some_and(|t| started.elapsed() >= t) {
            break;
        }
        steps = step + 1;
        let temperature = hot * (cold / hot).powf(step as f64 / brief.steps as f64);
        let (candidate, moved) = mutate(&current, &alphabet, pinned, &mut rng);
        // Only the rolls that show a changed face hold anything new.
        let figures = rolls.after(&candidate, &moved, &judge);
        let (metrics, undo) = judge.metrics(&candidate, &figures, &mut reach);
        let delta = metrics.value - current_metrics.value;
        if delta >= 0.0 || rng.gen::<f64>() < (delta / temperature).exp() {
            current = candidate;
            rolls.figures = figures;
            current_metrics = metrics;
            if metrics.value > best_metrics.value {
                best = current.clone();
                best_metrics = metrics;
            }
        } else {
            words.undo(&mut reach, undo);
        }
        progress(&Progress {
            step: steps,
            steps: brief.steps,
            best: best_metrics,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    // Each die's faces in a fixed order, as people write them.
    for die in &mut best.dice {
        die.sort();
    }
    best.dice.sort();
    Ok(Design {
        set: best,
        start: start_metrics,
        best: best_metrics,
        steps,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// The start set with a face of each pinned unit it lacks (on a die with no pinned
/// face yet, in place of the face the dictionary needs least), and the faces, as
/// they print, that no trade may take away.
fn pin(
    start: &DiceSet,
    alphabet: &Alphabet,
    sampler: &Sampler,
    pinned: &[String],
) -> (DiceSet, Vec<String>) {
    let mut set = start.clone();
    let mut faces = Vec::new();
    for unit in pinned {
        let key = sampler.written_face_key(unit);
        let held: Vec<String> = set
            .dice
            .iter()
            .flatten()
            .filter(|face| sampler.written_face_key(face) == key)
            .cloned()
            .collect();
        if held.is_empty() {
            let share = |face: &str| {
                let k = sampler.written_face_key(face);
                let at = alphabet.keys.iter().position(|x| *x == k);
                at.map_or(0.0, |i| alphabet.share[i])
            };
            let free = |die: &Vec<String>| !die.iter().any(|f| faces.contains(f));
            let (die, face) = (0..set.dice.len())
                .filter(|&d| free(&set.dice[d]))
                .flat_map(|d| (0..set.dice[d].len()).map(move |f| (d, f)))
                .min_by(|&(a, fa), &(b, fb)| {
                    share(&set.dice[a][fa]).total_cmp(&share(&set.dice[b][fb]))
                })
                .unwrap_or((0, 0));
            let shown = alphabet.keys.iter().position(|x| *x == key);
            set.dice[die][face] = shown.map_or(unit.clone(), |i| alphabet.shown[i].clone());
            faces.push(set.dice[die][face].clone());
        } else {
            faces.extend(held);
        }
    }
    (set, faces)
}

/// A move: swap two faces on different dice, or trade a face's unit for another
/// (never a `pinned` face's). The moved set, and the faces (die, face) the move
/// changed.
fn mutate(
    set: &DiceSet,
    alphabet: &Alphabet,
    pinned: &[String],
    rng: &mut ChaCha8Rng,
) -> (DiceSet, Vec<(usize, usize)>) {
    let mut next = set.clone();
    let dice = next.dice.len();
    let faces = next.dice[0].len();
    loop {
        let (a, fa) = (random::below(rng, dice), random::below(rng, faces));
        if random::below(rng, 2) == 0 && dice > 1 {
            let b = (a + 1 + random::below(rng, dice - 1)) % dice;
            let fb = random::below(rng, faces);
            if next.dice[a][fa] == next.dice[b][fb] {
                continue;
            }
            let face = std::mem::take(&mut next.dice[a][fa]);
            next.dice[a][fa] = std::mem::replace(&mut next.dice[b][fb], face);
            return (next, vec![(a, fa), (b, fb)]);
        } else {
            let x: f64 = rng.gen::<f64>() * alphabet.cumulative.last().copied().unwrap_or(1.0);
            let unit = alphabet
                .cumulative
                .partition_point(|&c| c <= x)
                .min(alphabet.shown.len() - 1);
            if next.dice[a][fa] == alphabet.shown[unit] || pinned.contains(&next.dice[a][fa]) {
                continue;
            }
            next.dice[a][fa] = alphabet.shown[unit].clone();
            return (next, vec![(a, fa)]);
        }
    }
}
