//! What the rolls add up to: the [`Stats`] of a set, its words and points a roll,
//! poor rolls, long words, dead faces, and its faces against the dictionary's
//! letters. Writing the report out (JSON, a plot) is apart, in `json` and `plot`.

use std::collections::HashMap;

use super::error::StatsError;
use super::sample::{Sample, Sampler};
use super::spread::Spread;
use crate::derive::count_lexicon_units;
use crate::set::DiceSet;
use crate::unreachable::unreachable;

/// What to measure.
#[derive(Clone, Debug)]
pub struct StatsOptions {
    /// How many rolls (at least 1).
    pub rolls: usize,
    /// Roll `i` uses seed `seed + i`.
    pub seed: u64,
    /// A grid other than the set's own (a smaller one rolled from a larger set).
    pub size: Option<(usize, usize)>,
    /// A roll with fewer words than this is a poor roll.
    pub floor: u64,
    /// The language's vowels (keys under the dictionary's profile); empty: no vowel
    /// figures.
    pub vowels: Vec<String>,
    /// Threads to solve on (0: one per core).
    pub threads: usize,
}

impl Default for StatsOptions {
    fn default() -> StatsOptions {
        StatsOptions {
            rolls: 100_000,
            seed: 1,
            size: None,
            floor: 45,
            vowels: Vec::new(),
            threads: 0,
        }
    }
}

/// One face of a set (faces with the same key together) and how it plays.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct FaceStats {
    /// The face as the set writes it (its first spelling).
    pub face: String,
    /// How many die faces show it.
    pub copies: usize,
    /// The share of the rolled cells that show it.
    pub shown: f64,
    /// The share of its showings that no word used (a dead face).
    pub dead: f64,
    /// Its share of the set's faces (blanks left out).
    pub set_share: f64,
    /// Its share of the dictionary's letters, the set's multi-letter faces counted as
    /// one letter where they occur.
    pub dict_share: f64,
}

/// Vowels: how many a roll shows.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Vowels {
    /// Vowel faces a roll, on average.
    pub mean: f64,
    /// The share of rolls with at most one vowel face.
    pub at_most_one: f64,
    /// The vowels' share of the set's faces.
    pub set_share: f64,
    /// Their share of the dictionary's letters.
    pub dict_share: f64,
}

/// How a set played over the rolls.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// The set's name.
    pub set: String,
    /// The grid rolled.
    pub rows: usize,
    /// The grid rolled.
    pub cols: usize,
    /// How many rolls.
    pub rolls: usize,
    /// The first roll's seed.
    pub seed: u64,
    /// Words a roll.
    pub words: Spread,
    /// Points a roll.
    pub points: Spread,
    /// The floor of a poor roll, in words.
    pub floor: u64,
    /// The share of rolls with fewer words than `floor`.
    pub under_floor: f64,
    /// The share of rolls with no word at all.
    pub none: f64,
    /// For L = 5..=10, the share of rolls holding a word of at least L letters.
    pub long_word: Vec<(usize, f64)>,
    /// The longest word of any roll, in letters.
    pub longest: usize,
    /// The share of the rolled letter faces no word used.
    pub dead_faces: f64,
    /// Each distinct face, most copies first.
    pub faces: Vec<FaceStats>,
    /// The dictionary's letters no face shows, with their share of its letters,
    /// most frequent first.
    pub missing: Vec<(String, f64)>,
    /// Jensen–Shannon divergence (bits, 0 to 1) between the faces' shares and the
    /// dictionary's letters' shares.
    pub divergence: f64,
    /// Vowel figures, when vowels were given.
    pub vowels: Option<Vowels>,
    /// Dictionary words no roll can show (what `dice unreachable` lists).
    pub unreachable_words: usize,
    /// The dictionary's words.
    pub dictionary_words: usize,
    /// Distinct words seen over all the rolls.
    pub distinct_words: usize,
    /// How many rolls had each number of words (index: words).
    pub histogram: Vec<u64>,
}

/// The keys of `letters`' graphemes under `profile`, for [`StatsOptions::vowels`].
///
/// ```
/// use polyboggle_dice::stats::vowel_keys;
/// assert_eq!(vowel_keys("AEÉ", &Default::default()), ["a", "e", "é"]);
/// ```
pub fn vowel_keys(letters: &str, profile: &polyboggle::normalize::Profile) -> Vec<String> {
    unicode_segmentation::UnicodeSegmentation::graphemes(letters, true)
        .map(|g| profile.key(g))
        .filter(|k| !k.is_empty())
        .collect()
}

impl Sampler<'_> {
    /// [`measure`](super::measure) with this sampler's dictionary, rules and threads.
    pub fn stats(&self, set: &DiceSet, options: &StatsOptions) -> Result<Stats, StatsError> {
        if options.rolls == 0 {
            return Err(StatsError::NoRolls);
        }
        let (rows, cols) = self.check(set, options.size)?;
        // The rolls, and two passes over the dictionary's words (its letters, and
        // the words out of reach), all at once: the passes fill the cores the rolls'
        // last chunks leave idle.
        let (mut sample, (counts, unreachable_words)) = self.pool.install(|| {
            rayon::join(
                || {
                    self.sample(
                        set,
                        (rows, cols),
                        options.seed,
                        options.rolls,
                        &options.vowels,
                    )
                },
                || {
                    rayon::join(
                        || self.letter_counts(set),
                        || unreachable(set, rows, cols, self.lexicon, &self.rules).len(),
                    )
                },
            )
        });
        let rolls = options.rolls as f64;
        let share = |n: usize| n as f64 / rolls;
        let under_floor = share(
            sample
                .words
                .iter()
                .filter(|&&w| (w as u64) < options.floor)
                .count(),
        );
        let none = share(sample.words.iter().filter(|&&w| w == 0).count());
        let long_word = (5..=10)
            .map(|len| {
                let n = sample
                    .longest
                    .iter()
                    .filter(|&&l| l as usize >= len)
                    .count();
                (len, share(n))
            })
            .collect();
        let longest = sample.longest.iter().copied().max().unwrap_or(0) as usize;
        let mut histogram =
            vec![0u64; sample.words.iter().copied().max().unwrap_or(0) as usize + 1];
        for &w in &sample.words {
            histogram[w as usize] += 1;
        }
        let (letters, dead) = sample.dead(set);
        let (faces, missing, divergence) = self.faces(set, &sample, &counts);
        let vowels = (!options.vowels.is_empty()).then(|| {
            let is_vowel = |face: &str| {
                let key = self.written_face_key(face);
                options
                    .vowels
                    .iter()
                    .any(|v| !v.is_empty() && key.starts_with(v.as_str()))
            };
            let vowel_faces: Vec<&FaceStats> = faces.iter().filter(|f| is_vowel(&f.face)).collect();
            Vowels {
                mean: sample.vowels.iter().map(|&v| v as f64).sum::<f64>() / rolls,
                at_most_one: share(sample.vowels.iter().filter(|&&v| v <= 1).count()),
                set_share: vowel_faces.iter().map(|f| f.set_share).sum(),
                dict_share: vowel_faces.iter().map(|f| f.dict_share).sum::<f64>()
                    + missing
                        .iter()
                        .filter(|(f, _)| is_vowel(f))
                        .map(|(_, s)| s)
                        .sum::<f64>(),
            }
        });
        Ok(Stats {
            set: set.name.clone(),
            rows,
            cols,
            rolls: options.rolls,
            seed: options.seed,
            words: Spread::of(&mut sample.words),
            points: Spread::of(&mut sample.points),
            floor: options.floor,
            under_floor,
            none,
            long_word,
            longest,
            dead_faces: if letters == 0 {
                0.0
            } else {
                dead as f64 / letters as f64
            },
            faces,
            missing,
            divergence,
            vowels,
            unreachable_words,
            dictionary_words: self.lexicon.word_count(),
            distinct_words: sample.seen.iter().map(|b| b.count_ones() as usize).sum(),
            histogram,
        })
    }

    /// The dictionary's letters, the set's multi-letter faces counted as one.
    fn letter_counts(&self, set: &DiceSet) -> HashMap<String, u64> {
        let mut units: Vec<String> = set
            .dice
            .iter()
            .flatten()
            .map(|face| self.written_face_key(face))
            .filter(|k| {
                unicode_segmentation::UnicodeSegmentation::graphemes(k.as_str(), true).count() > 1
            })
            .collect();
        units.sort();
        units.dedup();
        count_lexicon_units(self.lexicon, &units)
    }

    /// The set's faces against the dictionary's letters (`counts`): each face's
    /// figures, the dictionary's letters no face shows, and the divergence of the
    /// two shares.
    fn faces(
        &self,
        set: &DiceSet,
        sample: &Sample,
        counts: &HashMap<String, u64>,
    ) -> (Vec<FaceStats>, Vec<(String, f64)>, f64) {
        let profile = self.lexicon.profile();
        let key = |face: &str| self.written_face_key(face);
        // Faces by key: spelling, copies, shown, dead.
        let mut by_key: Vec<(String, String, usize, u64, u64)> = Vec::new();
        for (die, faces) in set.dice.iter().enumerate() {
            for (face, text) in faces.iter().enumerate() {
                let k = key(text);
                if k.is_empty() {
                    continue;
                }
                let (shown, dead) = sample.shown[die][face];
                match by_key.iter_mut().find(|e| e.0 == k) {
                    Some(entry) => {
                        entry.2 += 1;
                        entry.3 += shown;
                        entry.4 += dead;
                    }
                    None => by_key.push((k, text.clone(), 1, shown, dead)),
                }
            }
        }
        let letters: u64 = counts.values().sum::<u64>().max(1);
        let copies: usize = by_key.iter().map(|e| e.2).sum::<usize>().max(1);
        let rolled: u64 = by_key.iter().map(|e| e.3).sum::<u64>().max(1);
        let mut faces: Vec<FaceStats> = by_key
            .iter()
            .map(|(k, text, n, shown, dead)| FaceStats {
                face: text.clone(),
                copies: *n,
                shown: *shown as f64 / rolled as f64,
                dead: if *shown == 0 {
                    0.0
                } else {
                    *dead as f64 / *shown as f64
                },
                set_share: *n as f64 / copies as f64,
                dict_share: counts.get(k).copied().unwrap_or(0) as f64 / letters as f64,
            })
            .collect();
        faces.sort_by(|a, b| b.copies.cmp(&a.copies).then(a.face.cmp(&b.face)));
        let mut missing: Vec<(String, f64)> = counts
            .iter()
            .filter(|(k, _)| !by_key.iter().any(|e| &e.0 == *k))
            .map(|(k, &n)| (profile.display(k), n as f64 / letters as f64))
            .collect();
        missing.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut pairs: Vec<(f64, f64)> =
            faces.iter().map(|f| (f.set_share, f.dict_share)).collect();
        pairs.extend(missing.iter().map(|(_, s)| (0.0, *s)));
        (faces, missing, jensen_shannon(&pairs))
    }
}

/// The Jensen–Shannon divergence, in bits, of two distributions given as pairs of
/// probabilities of the same outcomes.
pub(crate) fn jensen_shannon(pairs: &[(f64, f64)]) -> f64 {
    let kl = |p: f64, m: f64| if p > 0.0 { p * (p / m).log2() } else { 0.0 };
    pairs
        .iter()
        .map(|&(p, q)| {
            let m = (p + q) / 2.0;
            (kl(p, m) + kl(q, m)) / 2.0
        })
        .sum::<f64>()
        .clamp(0.0, 1.0)
}
