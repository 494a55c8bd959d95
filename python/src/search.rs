//! `optimize`: the best-board search.

use crate::board::{check_threads, lexicon_or_default};
use crate::common::{dice_error, PolyboggleError, Seed};
use crate::lexicon::Lexicon;
use crate::rules::{self, rules_doc};
use polyboggle::batch::CpuScorer;
use polyboggle_dice::DiceSet as CoreDiceSet;
use polyboggle_optimize::{self as search, Method, Objective, Settings, Space};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::{Duration, Instant};

/// Searches for the best boards, as `polyboggle optimize --format json` does, and
/// returns the same object as a dict (`best`, `runs`, `boards`, `seconds`...).
///
#[doc = rules_doc!()]
#[pyfunction]
#[pyo3(signature = (
    lexicon=None, size=None, dice=None, letters=None, exclude=None, objective="score",
    method="pool", pool=250, runs=1, time=None, until=None, seed=Seed(1), threads=None,
    **rules
), text_signature = "(lexicon=None, size=None, dice=None, letters=None, exclude=None, \
    objective='score', method='pool', pool=250, runs=1, time=None, until=None, seed=1, \
    threads=None, **rules)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn optimize(
    py: Python<'_>,
    lexicon: Option<Bound<'_, Lexicon>>,
    size: Option<&str>,
    dice: Option<&str>,
    letters: Option<&str>,
    exclude: Option<&str>,
    objective: &str,
    method: &str,
    pool: usize,
    runs: usize,
    time: Option<f64>,
    until: Option<u64>,
    seed: Seed,
    threads: Option<usize>,
    rules: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let objective: Objective = objective
        .parse()
        .map_err(|e: search::ObjectiveError| PolyboggleError::new_err(e.to_string()))?;
    let rules = rules::from_keywords("optimize", rules)?;
    let threads = check_threads(threads)?;
    for (name, value) in [("pool", pool), ("runs", runs)] {
        if value == 0 {
            return Err(PolyboggleError::new_err(format!(
                "{name} must be at least 1"
            )));
        }
    }
    let time = match time {
        Some(secs) if secs > 0.0 && secs <= 1e9 => Some(Duration::from_secs_f64(secs)),
        Some(secs) => {
            return Err(PolyboggleError::new_err(format!(
                "time {secs}: expected seconds, more than 0 and at most 1000000000"
            )))
        }
        None => None,
    };
    let method = match method {
        "pool" => Method::Pool,
        "anneal" => Method::Anneal,
        other => {
            return Err(PolyboggleError::new_err(format!(
                "method '{other}': expected pool or anneal"
            )))
        }
    };
    if letters.is_some() && dice.is_some() {
        return Err(PolyboggleError::new_err(
            "letters and dice: give one or the other",
        ));
    }
    let lexicon = lexicon_or_default(&lexicon);
    let size = size
        .map(polyboggle_dice::parse_size)
        .transpose()
        .map_err(dice_error)?;
    let profile = lexicon.profile();
    let space = match dice {
        Some(name) => {
            let set = CoreDiceSet::load(name).map_err(dice_error)?;
            let (rows, cols) = size.unwrap_or((set.rows, set.cols));
            Space::dice(&set, rows, cols, profile)
        }
        None => {
            let (rows, cols) = size.unwrap_or((4, 4));
            let mut faces = match letters {
                Some(text) => search::parse_letters(text),
                None => search::alphabet(lexicon, &rules, search::ALPHABET_LIMIT),
            };
            if let Some(text) = exclude {
                faces = search::exclude(&faces, &search::parse_letters(text), profile);
            }
            Space::letters(rows, cols, &faces, profile)
        }
    }
    .map_err(|e| PolyboggleError::new_err(e.to_string()))?;
    let settings = Settings {
        method,
        pool,
        seed: seed.0,
        time,
        until,
        parallel_runs: threads,
        ..Settings::new(objective, rules)
    };
    let summary = py.detach(|| {
        let scorer = CpuScorer::new(lexicon, settings.scoring_rules(), threads);
        let started = Instant::now();
        let numbers: Vec<usize> = (0..runs).collect();
        let reports = search::run(lexicon, &space, &scorer, &settings, &numbers, &|_| {});
        search::summarize(reports, Some(started.elapsed().as_secs_f64()))
    });
    let summary = summary.map_err(|e| PolyboggleError::new_err(e.to_string()))?;
    let mut value = serde_json::to_value(&summary).expect("summaries serialize");
    value["seed"] = seed.0.into();
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (value.to_string(),))?.unbind())
}
