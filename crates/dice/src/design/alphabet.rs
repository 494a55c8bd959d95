//! The faces a design may use: the start set's, the dictionary's letters and the
//! units asked for, keyed as the solver keys faces, each with the dictionary's
//! share of it (what a trade draws by, and what the faces' drift is measured
//! against).

use std::collections::HashMap;

use unicode_segmentation::UnicodeSegmentation;

use super::DesignError;
use crate::derive::count_lexicon_units;
use crate::set::DiceSet;
use crate::stats::Sampler;

/// The faces a design may use: keys, how dice print them, and the dictionary's
/// share of each.
pub(super) struct Alphabet {
    pub(super) keys: Vec<String>,
    pub(super) shown: Vec<String>,
    pub(super) share: Vec<f64>,
    /// Cumulative shares, to draw a unit by frequency.
    pub(super) cumulative: Vec<f64>,
}

/// The units faces may show: the start set's faces, the dictionary's letters and
/// `units`, keyed as the solver keys faces; each with the dictionary's share.
pub(super) fn alphabet(
    start: &DiceSet,
    sampler: &Sampler,
    units: &[String],
) -> Result<Alphabet, DesignError> {
    let lexicon = sampler.lexicon();
    let (profile, rules) = (lexicon.profile(), sampler.rules());
    let key = |text: &str| sampler.written_face_key(text);
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
