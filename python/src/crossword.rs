//! `crossword_layout` and `crossword_fill`: `polyboggle crossword` and `polyboggle
//! crossword fill`. The inputs are read, bounded and rendered by the crossword crate's
//! `front` module, as the commands read them, so one word list, grid and seed give the
//! command's bytes.

use crate::common::{CrosswordError, FillTimeoutError, PolyboggleError, Seed};
use crate::lexicon::{profile, Lexicon};
use polyboggle_crossword::fill::{self, FillError, FillOptions, ScoredWord, Style};
use polyboggle_crossword::front::{self, Output};
use polyboggle_crossword::{generate, parse_pin, LayoutOptions, Pin};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};
use std::time::Duration;

/// The longest time budget, as `--time` takes it.
const MOST_SECONDS: f64 = 1e6;

/// A time budget in seconds, more than 0 and at most [`MOST_SECONDS`].
fn seconds(secs: f64) -> PyResult<Duration> {
    if secs > 0.0 && secs <= MOST_SECONDS {
        return Ok(Duration::from_secs_f64(secs));
    }
    Err(PolyboggleError::new_err(format!(
        "time {secs}: expected seconds, more than 0 and at most {MOST_SECONDS}"
    )))
}

/// `format=`: `"dict"` (`None` here) or one of the command's `--format`s.
fn output(format: &str, formats: &[&str]) -> PyResult<Option<Output>> {
    if format == "dict" {
        return Ok(None);
    }
    match Output::named(format) {
        Some(output) if formats.contains(&format) => Ok(Some(output)),
        _ => Err(PolyboggleError::new_err(format!(
            "format '{format}': expected dict, {}",
            formats.join(", ")
        ))),
    }
}

/// Refuses `solution=True` but with `format="svg"`, as `--solution` is refused.
fn check_solution(solution: bool, format: Option<Output>) -> PyResult<()> {
    if solution && format != Some(Output::Svg) {
        return Err(PolyboggleError::new_err(
            "solution goes with format 'svg' (the other formats always hold the letters)",
        ));
    }
    Ok(())
}

/// A list given as text (a file's contents) or as items, one line each: a string is
/// the line itself, a tuple its fields joined by `sep`. `fields` says what a tuple
/// holds, for the message that refuses another item.
fn list_text(
    given: &Bound<'_, PyAny>,
    sep: char,
    tuple: impl Fn(&Bound<'_, PyTuple>) -> PyResult<(String, String)>,
    fields: &str,
) -> PyResult<String> {
    if let Ok(text) = given.cast::<PyString>() {
        return Ok(text.to_cow()?.into_owned());
    }
    let mut text = String::new();
    for (i, item) in given.try_iter()?.enumerate() {
        let item = item?;
        let line = if let Ok(line) = item.cast::<PyString>() {
            line.to_cow()?.into_owned()
        } else if let Some((first, second)) =
            item.cast::<PyTuple>().ok().and_then(|t| tuple(t).ok())
        {
            if first.contains(sep) {
                return Err(CrosswordError::new_err(format!(
                    "words[{i}]: {first:?} holds {sep:?}"
                )));
            }
            format!("{first}{sep}{second}")
        } else {
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "words[{i}]: expected a string or a tuple ({fields}), not {}",
                item.repr()?
            )));
        };
        if line.contains(['\n', '\r']) {
            return Err(CrosswordError::new_err(format!(
                "words[{i}]: {line:?} holds a line break (one entry an item)"
            )));
        }
        text.push_str(&line);
        text.push('\n');
    }
    Ok(text)
}

/// A pin: `"WORD@ROW,COL,across"` as `--pin` takes it, or `(word, row, col,
/// direction)`, read by the same parser.
fn pin(given: &Bound<'_, PyAny>) -> PyResult<Pin> {
    let text = match given.cast::<PyString>() {
        Ok(text) => text.to_cow()?.into_owned(),
        Err(_) => {
            let (word, row, col, direction): (String, usize, usize, String) =
                given.extract().map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(
                        "a pin is 'WORD@ROW,COL,across|down' or (word, row, col, direction)",
                    )
                })?;
            format!("{word}@{row},{col},{direction}")
        }
    };
    parse_pin(&text).map_err(|e| CrosswordError::new_err(e.to_string()))
}

/// A grid size: `(rows, cols)` or `"RxC"`, at most [`front::MAX_SIDE`] a side.
fn grid_size(given: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    let (rows, cols) = match given.cast::<PyString>() {
        Ok(text) => polyboggle_dice::parse_size(&text.to_cow()?)
            .map_err(|e| CrosswordError::new_err(e.to_string()))?,
        Err(_) => {
            let (rows, cols): (usize, usize) = given.extract().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err("size: (rows, cols) or 'RxC'")
            })?;
            if rows == 0 || cols == 0 {
                return Err(CrosswordError::new_err(format!(
                    "size ({rows}, {cols}): rows and columns start at 1"
                )));
            }
            (rows, cols)
        }
    };
    match front::side_error(rows, cols) {
        Some(e) => Err(CrosswordError::new_err(format!("size {e}"))),
        None => Ok((rows, cols)),
    }
}

/// The rendered bytes as Python: a `dict` from the JSON, `bytes` for `.puz`, else text.
fn rendered(py: Python<'_>, bytes: Vec<u8>, format: Option<Output>) -> PyResult<Py<PyAny>> {
    match format {
        Some(Output::Puz) => Ok(PyBytes::new(py, &bytes).into_any().unbind()),
        _ => {
            let text = String::from_utf8(bytes).expect("the text formats are UTF-8");
            match format {
                None => Ok(py.import("json")?.call_method1("loads", (text,))?.unbind()),
                Some(_) => Ok(PyString::new(py, &text).into_any().unbind()),
            }
        }
    }
}

/// Lays out a word list as a crossword, as `polyboggle crossword WORDS` does:
/// `format="json"`, `"text"`, `"ipuz"` or `"svg"` returns what the command prints for
/// that `--format` (a `str`), `"dict"` (the default) the JSON object parsed.
///
/// `words`: the list's text (one answer a line, optionally a tab and its clue), or its
/// lines as items: a string (the line) or `(answer, clue)`; item `i` is line `i + 1`
/// in errors and in the reasons words are left out. `size` is `(rows, cols)` or
/// `"RxC"` (default 13×17); `auto` grows the grid until every word fits, then crops it.
/// `pins` are `"WORD@ROW,COL,across|down"` or `(word, row, col, direction)`. The
/// normalization (`lang`, `strip_marks`, `keep`, `turkic`) is `--lang`'s and the
/// others'. The search runs without the GIL; the same seed gives the same layout when
/// it finishes before `time`.
#[pyfunction]
#[pyo3(signature = (
    words, *, size=None, auto=false, time=1.0, seed=Seed(1), pins=None, lang=None,
    strip_marks=false, keep=None, turkic=false, format="dict", solution=false
), text_signature = "(words, *, size=None, auto=False, time=1.0, seed=1, pins=None, \
    lang=None, strip_marks=False, keep=None, turkic=False, format='dict', solution=False)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn crossword_layout(
    py: Python<'_>,
    words: &Bound<'_, PyAny>,
    size: Option<&Bound<'_, PyAny>>,
    auto: bool,
    time: f64,
    seed: Seed,
    pins: Option<&Bound<'_, PyAny>>,
    lang: Option<&str>,
    strip_marks: bool,
    keep: Option<&str>,
    turkic: bool,
    format: &str,
    solution: bool,
) -> PyResult<Py<PyAny>> {
    let profile = profile(lang, strip_marks, keep, turkic)?;
    let time = seconds(time)?;
    let format = output(format, &["text", "json", "ipuz", "svg"])?;
    check_solution(solution, format)?;
    if auto && size.is_some() {
        return Err(PolyboggleError::new_err(
            "size and auto: give one or the other (auto grows the grid)",
        ));
    }
    let size = size.map(grid_size).transpose()?.unwrap_or((13, 17));
    let pins = match pins {
        Some(pins) if pins.is_instance_of::<PyString>() => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "pins: a sequence of pins (pins=[\"WORD@ROW,COL,across\"]), not one string",
            ))
        }
        Some(pins) => pins
            .try_iter()?
            .map(|p| pin(&p?))
            .collect::<PyResult<_>>()?,
        None => Vec::new(),
    };
    if auto && !pins.is_empty() {
        return Err(PolyboggleError::new_err(
            "pins and auto: pins need a fixed size",
        ));
    }
    let text = list_text(
        words,
        '\t',
        |pair| pair.extract::<(String, String)>(),
        "answer, clue",
    )?;
    let entries = front::read_word_list(&text, "words").map_err(CrosswordError::new_err)?;
    let options = LayoutOptions {
        size,
        auto,
        time: Some(time),
        seed: seed.0,
        pins,
        profile,
        ..LayoutOptions::default()
    };
    let bytes = py
        .detach(|| {
            let layout = generate(&entries, &options).map_err(|e| e.to_string())?;
            front::layout_output(&layout, format.unwrap_or(Output::Json), solution)
                .map_err(|e| e.to_string())
        })
        .map_err(CrosswordError::new_err)?;
    rendered(py, bytes, format)
}

/// Fills a grid from a scored word list, as `polyboggle crossword fill GRID` does:
/// `format="json"`, `"text"`, `"ipuz"` or `"svg"` returns what the command prints for
/// that `--format` (a `str`), `"puz"` the Across Lite file it writes (`bytes`), `"dict"`
/// (the default) the JSON object parsed.
///
/// `grid`: its text, one row a line (`#` black, `.` empty, a letter pre-filled).
/// `words`: the list's text (`word;score` or a word alone a line, as `--words` reads a
/// file), its lines as items (a string, or `(word, score)`; item `i` is line `i + 1`
/// in errors), or a `Lexicon` (every word scoring 50, as `--dict`). The normalization
/// (`lang`...) is `--lang`'s, for a `Lexicon` too. The search runs without the GIL. A
/// grid with no fill is a `CrosswordError` naming the entry; `time` running out first
/// is a `FillTimeoutError`.
#[pyfunction]
#[pyo3(signature = (
    grid, words, *, min_score=None, time=60.0, seed=Seed(1), style="american", lang=None,
    strip_marks=false, keep=None, turkic=false, format="dict", solution=false
), text_signature = "(grid, words, *, min_score=None, time=60.0, seed=1, style='american', \
    lang=None, strip_marks=False, keep=None, turkic=False, format='dict', solution=False)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn crossword_fill(
    py: Python<'_>,
    grid: &str,
    words: &Bound<'_, PyAny>,
    min_score: Option<i32>,
    time: f64,
    seed: Seed,
    style: &str,
    lang: Option<&str>,
    strip_marks: bool,
    keep: Option<&str>,
    turkic: bool,
    format: &str,
    solution: bool,
) -> PyResult<Py<PyAny>> {
    let profile = profile(lang, strip_marks, keep, turkic)?;
    let time = seconds(time)?;
    let format = output(format, &["text", "json", "ipuz", "svg", "puz"])?;
    check_solution(solution, format)?;
    let style = match style {
        "american" => Style::American,
        "british" => Style::British,
        other => {
            return Err(PolyboggleError::new_err(format!(
                "style '{other}': expected american or british"
            )))
        }
    };
    let pattern = front::read_grid(grid, "grid").map_err(CrosswordError::new_err)?;
    let lexicon = words.cast::<Lexicon>().ok().map(|l| l.get());
    let listed = match lexicon {
        Some(_) => Vec::new(),
        None => {
            let text = list_text(
                words,
                ';',
                |pair| {
                    let (word, score) = pair.extract::<(String, i32)>()?;
                    Ok((word, score.to_string()))
                },
                "word, score",
            )?;
            fill::parse_scored_list(&text)
                .map_err(|e| CrosswordError::new_err(format!("words: {e}")))?
                .words
        }
    };
    let options = FillOptions {
        min_score: min_score.unwrap_or(i32::MIN),
        time: Some(time),
        seed: seed.0,
        style,
        profile,
    };
    let filled = py.detach(|| {
        let from_lexicon: Vec<ScoredWord>;
        let words = match lexicon {
            Some(lexicon) => {
                from_lexicon = lexicon
                    .inner
                    .words()
                    .map(|word| ScoredWord {
                        word,
                        score: fill::PLAIN_SCORE,
                    })
                    .collect();
                &from_lexicon
            }
            None => &listed,
        };
        fill::fill(&pattern, words, &options)
    });
    let filled = filled.map_err(|e| match e {
        FillError::TimedOut { .. } => FillTimeoutError::new_err(format!("grid: {e}")),
        e => CrosswordError::new_err(format!("grid: {e}")),
    })?;
    let bytes = front::fill_output(&filled, format.unwrap_or(Output::Json), solution)
        .map_err(|e| CrosswordError::new_err(e.to_string()))?;
    rendered(py, bytes, format)
}
