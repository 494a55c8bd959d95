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
//! What a designer states ([`Objective`]) is scored against the start set's own
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

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rand::Rng;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use unicode_segmentation::UnicodeSegmentation;

use crate::stats::{jensen_shannon, RollFigures, Sampler, StatsError};
use crate::derive::count_lexicon_units;
use crate::set::DiceSet;
use polyboggle::board::Face;
use polyboggle::random;
use polyboggle::solve;

mod reach;

use reach::{Reach, Undo, Words};

/// What the search improves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Objective {
    /// Fewer poor rolls: raise the worst tenth of the rolls' words (the mean of
    /// that tail, which moves with the 5th percentile and the share under the floor).
    Poor,
    /// The fewest rolls under the floor: the share under it, weighed ten times as
    /// much as in [`Objective::Poor`], the worst tenth's words breaking ties.
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
    pub objective: Objective,
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
            objective: Objective::Poor,
            rolls: 3000,
            steps: 1500,
            time: None,
            seed: 1,
            units: Vec::new(),
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

/// The faces a design may use: keys, how dice print them, and the dictionary's
/// share of each.
struct Alphabet {
    keys: Vec<String>,
    shown: Vec<String>,
    share: Vec<f64>,
    /// Cumulative shares, to draw a unit by frequency.
    cumulative: Vec<f64>,
}

/// The most the search's value gains from fewer unreachable words than the
/// start's (a word earns 1/400 up to this).
const UNREACHABLE_REWARD: f64 = 10.0;

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
    if let Objective::Band(min, max) = brief.objective {
        if min > max {
            return Err(DesignError::Band(min, max));
        }
    }
    let grid = sampler.check(start, None)?;
    let alphabet = alphabet(start, sampler, &brief.units)?;
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
        let (candidate, moved) = mutate(&current, &alphabet, &mut rng);
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

/// A move: swap two faces on different dice, or trade a face's unit for another.
/// The moved set, and the faces (die, face) the move changed.
fn mutate(
    set: &DiceSet,
    alphabet: &Alphabet,
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
            if next.dice[a][fa] == alphabet.shown[unit] {
                continue;
            }
            next.dice[a][fa] = alphabet.shown[unit].clone();
            return (next, vec![(a, fa)]);
        }
    }
}

/// The search's rolls: which die faces each shows (where the dice land and which
/// face turns up depend on the seed alone, not on what the faces say), and what
/// each holds with the current set's faces.
struct Rolls {
    /// For each die and face, the rolls that show it.
    showing: Vec<Vec<Vec<usize>>>,
    /// Each roll's figures with the current set.
    figures: Vec<RollFigures>,
}

impl Rolls {
    /// The rolls of `set`, each solved.
    fn new(set: &DiceSet, judge: &Judge) -> Rolls {
        let cells = judge.grid.0 * judge.grid.1;
        let mut showing: Vec<Vec<Vec<usize>>> = set
            .dice
            .iter()
            .map(|die| vec![Vec::new(); die.len()])
            .collect();
        let mut shown = Vec::new();
        for roll in 0..judge.brief.rolls {
            set.shake(
                judge.brief.seed.wrapping_add(roll as u64),
                cells,
                &mut shown,
            );
            for &(d, f) in &shown {
                showing[d][f].push(roll);
            }
        }
        let all: Vec<usize> = (0..judge.brief.rolls).collect();
        let figures = judge
            .sampler
            .figures(set, judge.grid, judge.brief.seed, &all);
        Rolls { showing, figures }
    }

    /// Each roll's figures with `set`, which differs from the current set in the
    /// faces `moved` only: the rolls showing none of them are as they were.
    fn after(&self, set: &DiceSet, moved: &[(usize, usize)], judge: &Judge) -> Vec<RollFigures> {
        let mut changed: Vec<usize> = moved
            .iter()
            .flat_map(|&(d, f)| self.showing[d][f].iter().copied())
            .collect();
        changed.sort_unstable();
        changed.dedup();
        let fresh = judge
            .sampler
            .figures(set, judge.grid, judge.brief.seed, &changed);
        let mut figures = self.figures.clone();
        for (&roll, new) in changed.iter().zip(fresh) {
            figures[roll] = new;
        }
        figures
    }
}

/// The units faces may show: the start set's faces, the dictionary's letters and
/// `units`, keyed as the solver keys faces; each with the dictionary's share.
fn alphabet(start: &DiceSet, sampler: &Sampler, units: &[String]) -> Result<Alphabet, DesignError> {
    let (lexicon, rules) = (sampler.lexicon(), sampler.rules());
    let profile = lexicon.profile();
    let key = |text: &str| {
        String::from_utf8(solve::face_key(&Face::new(text), profile, rules)).unwrap_or_default()
    };
    let mut shown: Vec<(String, String)> = Vec::new();
    let add = |text: &str, shown: &mut Vec<(String, String)>| {
        let k = key(text);
        if !k.is_empty() && !shown.iter().any(|(s, _)| *s == k) {
            shown.push((k, text.to_string()));
        }
    };
    for face in start.dice.iter().flatten() {
        add(face, &mut shown);
    }
    for unit in units {
        let k = key(unit);
        if k.is_empty() || !lexicon.words().any(|w| w.contains(k.as_str())) {
            return Err(DesignError::UnknownUnit(unit.clone()));
        }
        add(&display(unit, profile), &mut shown);
    }
    let multi: Vec<String> = shown
        .iter()
        .map(|(k, _)| k.clone())
        .filter(|k| k.graphemes(true).count() > 1)
        .collect();
    let counts: HashMap<String, u64> = count_lexicon_units(lexicon, &multi);
    // The dictionary's letters no face shows yet, as a die would print them (a
    // bare `q` under rules that read it `qu` is the `Qu` face).
    let mut letters: Vec<(&String, &u64)> = counts.iter().collect();
    letters.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    let total: u64 = counts.values().sum::<u64>().max(1);
    for (letter, &n) in letters {
        // Letters of one word in a hundred thousand are noise in a list.
        if n * 100_000 >= total {
            add(&display(letter, profile), &mut shown);
        }
    }
    let share: Vec<f64> = shown
        .iter()
        .map(|(k, _)| {
            let n = counts.get(k).copied().unwrap_or(0)
                + if rules.qu && k == "qu" {
                    counts.get("q").copied().unwrap_or(0)
                } else {
                    0
                };
            n as f64 / total as f64
        })
        .collect();
    let cumulative = share
        .iter()
        .scan(0.0, |sum, &s| {
            *sum += s;
            Some(*sum)
        })
        .collect();
    Ok(Alphabet {
        keys: shown.iter().map(|(k, _)| k.clone()).collect(),
        shown: shown.into_iter().map(|(_, s)| s).collect(),
        share,
        cumulative,
    })
}

/// A unit as dice print it: the first letter upper case (`Qu`, `Ch`).
fn display(unit: &str, profile: &polyboggle::normalize::Profile) -> String {
    let mut graphemes = unit.graphemes(true);
    let first = graphemes.next().unwrap_or_default();
    format!(
        "{}{}",
        profile.display(first),
        graphemes.as_str().to_lowercase()
    )
}

/// Measures candidates on the search's rolls.
struct Judge<'a, 'l> {
    sampler: &'a Sampler<'l>,
    brief: &'a Brief,
    grid: (usize, usize),
    alphabet: &'a Alphabet,
    words: &'a Words,
    /// The start set's figures, which the others must not fall below.
    reference: Option<Metrics>,
}

impl Judge<'_, '_> {
    /// The dice showing each unit of the alphabet in `set`, a bit each.
    fn showing(&self, set: &DiceSet) -> Vec<u64> {
        let mut showing = vec![0u64; self.alphabet.keys.len()];
        for (d, die) in set.dice.iter().enumerate() {
            for face in die {
                if let Some(u) = self.alphabet.shown.iter().position(|s| s == face) {
                    showing[u] |= 1 << (d % 64);
                }
            }
        }
        showing
    }

    /// The figures of `set`, whose rolls hold `figures` and which is at most one
    /// move from the set `reach` was of; `reach` moves to `set` (the [`Undo`]
    /// takes it back).
    fn metrics(
        &self,
        set: &DiceSet,
        figures: &[RollFigures],
        reach: &mut Reach,
    ) -> (Metrics, Undo) {
        let (letters, dead) = figures.iter().fold((0u64, 0u64), |(l, d), f| {
            (l + f.letters as u64, d + f.dead as u64)
        });
        let mut words: Vec<u32> = figures.iter().map(|f| f.words).collect();
        words.sort_unstable();
        let n = words.len();
        let at = |p: f64| words[((p * n as f64).ceil() as usize).clamp(1, n) - 1] as u64;
        let worst = (n / 10).max(1);
        let tail = words[..worst].iter().map(|&w| w as f64).sum::<f64>() / worst as f64;
        let under_floor =
            words.partition_point(|&w| (w as u64) < self.brief.floor) as f64 / n as f64;
        let in_band = match self.brief.objective {
            Objective::Band(min, max) => {
                words
                    .iter()
                    .filter(|&&w| (min..=max).contains(&(w as u64)))
                    .count() as f64
                    / n as f64
            }
            _ => 0.0,
        };
        // The faces' shares against the dictionary's.
        let mut copies = vec![0usize; self.alphabet.keys.len()];
        let mut faces = 0;
        for die in &set.dice {
            for face in die {
                if let Some(u) = self.alphabet.shown.iter().position(|s| s == face) {
                    copies[u] += 1;
                    faces += 1;
                }
            }
        }
        let pairs: Vec<(f64, f64)> = copies
            .iter()
            .zip(&self.alphabet.share)
            .map(|(&c, &s)| (c as f64 / faces.max(1) as f64, s))
            .collect();
        let mut metrics = Metrics {
            p5: at(0.05),
            median: at(0.5),
            tail,
            under_floor,
            in_band,
            dead: if letters == 0 {
                0.0
            } else {
                dead as f64 / letters as f64
            },
            unreachable: 0,
            drift: jensen_shannon(&pairs),
            value: 0.0,
        };
        let undo = self.words.update(reach, self.showing(set));
        metrics.unreachable = reach.unreachable;
        metrics.value = self.value(&metrics);
        (metrics, undo)
    }

    /// The objective, less penalties for what got worse than the start.
    fn value(&self, m: &Metrics) -> f64 {
        let objective = aim(self.brief.objective, m);
        let Some(r) = self.reference else {
            return objective;
        };
        let mut penalty = 0.0;
        if self.brief.objective != Objective::Dead {
            // A point of dead faces costs as much as a word of the tail; any rise
            // past the start's costs more.
            penalty += 100.0 * m.dead + 400.0 * (m.dead - r.dead).max(0.0);
        }
        if self.brief.objective != Objective::Unreachable {
            penalty += (m.unreachable.saturating_sub(r.unreachable)) as f64 / 20.0;
            // Fewer unreachable words earn a little, and no more than a tenth of
            // a poor-roll share: a list of millions of rare forms (Polish,
            // Russian) must not buy fewer words a roll.
            let fewer = r.unreachable.saturating_sub(m.unreachable) as f64;
            penalty -= (fewer / 400.0).min(UNREACHABLE_REWARD);
        }
        if !matches!(self.brief.objective, Objective::Band(..)) {
            penalty += median_penalty(self.brief.median_within, m.median, r.median);
        }
        let cap = self.brief.drift.unwrap_or(r.drift.max(0.05));
        penalty += 1000.0 * (m.drift - cap).max(0.0);
        objective - penalty
    }
}

/// The objective's own value for figures `m`, before penalties: higher is better.
fn aim(objective: Objective, m: &Metrics) -> f64 {
    match objective {
        Objective::Poor => m.tail - 100.0 * m.under_floor,
        Objective::Floor => m.tail / 10.0 - 1000.0 * m.under_floor,
        Objective::Band(..) => 100.0 * m.in_band,
        Objective::Dead => -100.0 * m.dead,
        Objective::Unreachable => -(m.unreachable as f64) / 10.0,
    }
}

/// What a median `median` words a roll costs against the start's `start` when it
/// may move by the share `within` of it (`None`: free, `--free-median`): 200 a
/// whole start's median past the allowance.
fn median_penalty(within: Option<f64>, median: u64, start: u64) -> f64 {
    match within {
        Some(within) if start > 0 => {
            let off = (median as f64 - start as f64).abs() / start as f64;
            200.0 * (off - within).max(0.0)
        }
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::unreachable::unreachable;

    #[test]
    fn a_median_costs_only_past_its_allowance_and_nothing_when_free() {
        assert_eq!(median_penalty(Some(0.10), 108, 100), 0.0);
        assert_eq!(median_penalty(Some(0.10), 92, 100), 0.0);
        assert!((median_penalty(Some(0.10), 130, 100) - 40.0).abs() < 1e-9);
        assert!((median_penalty(Some(0.10), 70, 100) - 40.0).abs() < 1e-9);
        assert_eq!(median_penalty(None, 130, 100), 0.0, "--free-median");
        assert_eq!(
            median_penalty(Some(0.10), 50, 0),
            0.0,
            "a start of no words"
        );
    }
    use polyboggle::{Lexicon, Rules};

    #[test]
    fn the_floor_objective_trades_tail_words_for_fewer_poor_rolls() {
        let base = Metrics {
            tail: 30.0,
            under_floor: 0.03,
            ..Metrics::default()
        };
        // One roll in a hundred fewer under the floor, five words off the worst tenth.
        let fewer_poor = Metrics {
            tail: 25.0,
            under_floor: 0.02,
            ..base
        };
        assert!(aim(Objective::Floor, &fewer_poor) > aim(Objective::Floor, &base));
        assert!(aim(Objective::Poor, &fewer_poor) < aim(Objective::Poor, &base));
        // At the same share under the floor, a fuller tail still wins.
        let fuller = Metrics { tail: 31.0, ..base };
        assert!(aim(Objective::Floor, &fuller) > aim(Objective::Floor, &base));
    }

    #[test]
    fn the_quick_unreachable_count_agrees_with_dice_unreachable() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let sampler = Sampler::new(&lexicon, Rules::hasbro(), 2);
        // The 5x5 set's In, Th, Er, He and An overlap its letters: words split
        // several ways.
        for (name, cells) in [
            ("english-new-4x4", 16),
            ("english-classic-4x4", 16),
            ("english-big-2012-5x5", 25),
        ] {
            let set = DiceSet::builtin(name).unwrap();
            let side = if cells == 25 { 5 } else { 4 };
            let alphabet = alphabet(&set, &sampler, &[]).unwrap();
            let words = Words::new(&lexicon, &alphabet.keys, set.dice.len(), cells);
            let brief = Brief::default();
            let judge = Judge {
                sampler: &sampler,
                brief: &brief,
                grid: (side, side),
                alphabet: &alphabet,
                words: &words,
                reference: None,
            };
            let mut reach = words.reach(judge.showing(&set));
            let whole = reach.unreachable;
            assert_eq!(
                whole,
                unreachable(&set, side, side, &lexicon, &Rules::hasbro()).len(),
                "{name}"
            );
            // A few moves away, counted again in full and from the set's reach.
            let mut moved = set.clone();
            moved.dice[0][0] = "K".into();
            moved.dice[3].swap(0, 1);
            let before = moved.dice[5][2].clone();
            moved.dice[5][2] = moved.dice[9][4].clone();
            moved.dice[9][4] = before;
            // A multi-letter face lost: its words must split another way.
            for face in moved.dice.iter_mut().flatten() {
                if face == "In" {
                    *face = "N".into();
                }
            }
            let undo = words.update(&mut reach, judge.showing(&moved));
            assert_eq!(
                reach.unreachable,
                unreachable(&moved, side, side, &lexicon, &Rules::hasbro()).len(),
                "{name} moved"
            );
            words.undo(&mut reach, undo);
            assert_eq!(reach.unreachable, whole, "{name} moved back");
        }
    }

    #[test]
    fn moves_kept_and_taken_back_count_what_a_fresh_count_does() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let sampler = Sampler::new(&lexicon, Rules::hasbro(), 2);
        let set = DiceSet::builtin("english-big-2012-5x5").unwrap();
        let alphabet = alphabet(&set, &sampler, &["QU".into()]).unwrap();
        let words = Words::new(&lexicon, &alphabet.keys, set.dice.len(), 25);
        let brief = Brief::default();
        let judge = Judge {
            sampler: &sampler,
            brief: &brief,
            grid: (5, 5),
            alphabet: &alphabet,
            words: &words,
            reference: None,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut current = set.clone();
        let mut reach = words.reach(judge.showing(&current));
        for step in 0..300 {
            let (candidate, _) = mutate(&current, &alphabet, &mut rng);
            let before = reach.unreachable;
            let undo = words.update(&mut reach, judge.showing(&candidate));
            if step % 3 == 0 {
                words.undo(&mut reach, undo);
                assert_eq!(reach.unreachable, before, "step {step} taken back");
            } else {
                current = candidate;
            }
            if step % 25 == 0 {
                let fresh = words.reach(judge.showing(&current));
                assert_eq!(reach.unreachable, fresh.unreachable, "step {step}");
            }
        }
        assert_eq!(
            reach.unreachable,
            unreachable(&current, 5, 5, &lexicon, &Rules::hasbro()).len()
        );
    }

    #[test]
    fn a_seed_gives_the_same_set_and_the_rules_hold() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let sampler = Sampler::new(&lexicon, Rules::hasbro(), 2);
        let start = DiceSet::builtin("english-new-4x4").unwrap();
        let brief = Brief {
            rolls: 300,
            steps: 40,
            seed: 3,
            ..Brief::default()
        };
        let a = design(&start, &sampler, &brief, &mut |_| {}).unwrap();
        let b = design(&start, &sampler, &brief, &mut |_| {}).unwrap();
        assert_eq!(a.set, b.set);
        assert!(a.best.value >= a.start.value);
        assert_ne!(a.set.dice, start.dice);
        let reread = DiceSet::parse(&a.set.to_text(), "designed.txt").unwrap();
        assert_eq!(reread, a.set);
        assert!(a.set.dice.iter().all(|die| die.len() == 6));
        let bad = Brief {
            objective: Objective::Band(9, 3),
            ..brief.clone()
        };
        assert_eq!(
            design(&start, &sampler, &bad, &mut |_| {}).unwrap_err(),
            DesignError::Band(9, 3)
        );
        let unit = Brief {
            units: vec!["JQ".into()],
            ..brief
        };
        assert!(matches!(
            design(&start, &sampler, &unit, &mut |_| {}),
            Err(DesignError::UnknownUnit(_))
        ));
    }
}
