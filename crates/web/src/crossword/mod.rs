//! Crossword construction for the page (issue 68): the work of every crossword
//! endpoint, shared by the server (`POST /api/crossword/...`) and the WebAssembly module
//! (`Local::crossword*`), so that both answer the same bytes, and the same bytes as the
//! command line (`polyboggle crossword fill --format json`, `polyboggle crossword
//! --format json`).
//!
//! Each operation takes a request body and answers a JSON text or an [`ApiError`]: 400
//! for a body that is not the JSON asked for, 422 for an input that is wrong (with
//! [`At`] naming the square or entry when one can be named: zero-based, the column in
//! reading order), 404 for a list that is not kept. A grid is the text form
//! `crossword fill` reads (rows joined by `\n`, `#` black, `.` empty, a letter
//! pre-filled), in reading order. Word lists are dropped once ([`list`]) and named by id
//! afterwards; [`Lists`] keeps them with their prepared indexes.
//!
//! ```
//! use std::ops::ControlFlow;
//! use polyboggle_web::crossword::{self, Context, Lists};
//! use polyboggle_web::Dictionaries;
//!
//! let (dicts, lists) = (Dictionaries::none(), Lists::default());
//! let cx = Context { dicts: &dicts, lists: &lists };
//! let list = crossword::list(&lists, br#"{"text": "cat;60\ncow;50\ntoe;50\nwoe;40\n"}"#).unwrap();
//! let id = serde_json::from_str::<serde_json::Value>(&list).unwrap()["id"].as_str().unwrap().to_string();
//! let body = serde_json::json!({"grid": "c..\n.#.\n...", "style": "british", "list": id});
//! let filled = crossword::fill(&cx, body.to_string().as_bytes(), &mut |_| ControlFlow::Continue(())).unwrap();
//! let filled: serde_json::Value = serde_json::from_str(&filled).unwrap();
//! assert_eq!(filled["grid"][2], serde_json::json!(["W", "O", "E"]));
//! ```

#[cfg(feature = "server")]
mod fills;
mod ipuz;
mod lists;

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use serde_json::{json, Value};

use polyboggle::spec::ProfileSpec;
use polyboggle::Profile;
use polyboggle_crossword::fill::{self, FillError, FillOptions, Pattern, Square, Style};
use polyboggle_crossword::{self as crossword, Crossword, Direction, LayoutOptions, Placed};

#[cfg(feature = "server")]
pub use fills::{Fills, FILL_KEPT, MAX_FILLS};
pub use lists::{Lists, Stored, MAX_LISTS, MAX_LIST_BYTES};
pub use polyboggle_crossword::fill::FillProgress;

use crate::{api, error::At, ApiError, Dictionaries};

/// The longest side of a grid a request may send.
pub const MAX_SIDE: usize = 64;
/// A fill's time budget when the request gives none, in seconds.
pub const DEFAULT_FILL_SECONDS: f64 = 60.0;
/// The longest time budget a fill may ask for, in seconds.
pub const MAX_FILL_SECONDS: f64 = 600.0;
/// The longest time budget a layout may ask for, in seconds (a server answers a
/// request within 10).
pub const MAX_LAYOUT_SECONDS: f64 = 8.0;
/// The most words a layout's list may hold (as `polyboggle crossword` takes).
pub const MAX_LAYOUT_WORDS: usize = 20_000;
/// How many words `fits` lists when the request does not say.
pub const DEFAULT_FITS: usize = 50;
/// The most words `fits` lists.
pub const MAX_FITS: usize = 1000;

/// What the operations over word lists read: the dictionaries (`dict: NAME`) and the
/// lists dropped (`list: ID`).
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// The dictionaries a request may name.
    pub dicts: &'a Dictionaries,
    /// The lists kept.
    pub lists: &'a Lists,
}

/// An input that is wrong: HTTP 422.
fn wrong(message: impl std::fmt::Display) -> ApiError {
    ApiError::new(422, message)
}

/// A fill's error, naming its square or entry.
fn fill_error(e: FillError) -> ApiError {
    let at = e.at();
    let err = wrong(&e);
    match at {
        Some((row, col, direction)) => err.at(At {
            row,
            col,
            direction: direction.map(Direction::name),
        }),
        None => err,
    }
}

#[derive(Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
enum StyleName {
    #[default]
    American,
    British,
}

impl From<StyleName> for Style {
    fn from(s: StyleName) -> Style {
        match s {
            StyleName::American => Style::American,
            StyleName::British => Style::British,
        }
    }
}

fn direction(name: &str) -> Result<Direction, ApiError> {
    match name {
        "across" => Ok(Direction::Across),
        "down" => Ok(Direction::Down),
        other => Err(wrong(format!(
            "direction {other:?}: expected \"across\" or \"down\""
        ))),
    }
}

/// A grid as `crossword fill` reads it, within [`MAX_SIDE`].
fn grid(text: &str) -> Result<Pattern, ApiError> {
    let pattern = Pattern::parse(text).map_err(|e| fill_error(e.into()))?;
    if pattern.rows > MAX_SIDE || pattern.cols > MAX_SIDE {
        return Err(wrong(format!(
            "{}x{}: at most {MAX_SIDE} rows and columns",
            pattern.rows, pattern.cols
        )));
    }
    Ok(pattern)
}

/// The normalization profile of `lang` (the default one without).
fn profile(lang: Option<&str>) -> Result<Profile, ApiError> {
    let spec = ProfileSpec {
        lang: lang.map(String::from),
        ..ProfileSpec::default()
    };
    spec.profile().map_err(wrong)
}

/// Seconds within (0, `most`], as `--time` takes them.
fn seconds(secs: f64, most: f64) -> Result<Duration, ApiError> {
    if secs > 0.0 && secs <= most {
        return Ok(Duration::from_secs_f64(secs));
    }
    Err(wrong(format!(
        "time {secs}: expected seconds, more than 0 and at most {most}"
    )))
}

/// The words a request names: a list kept (`list`) or a dictionary (`dict`).
fn words(cx: &Context, list: Option<&str>, dict: Option<&str>) -> Result<Arc<Stored>, ApiError> {
    match (list, dict) {
        (Some(id), None) => cx.lists.get(id),
        (None, Some(name)) => cx.lists.dictionary(cx.dicts, name),
        (Some(_), Some(_)) => Err(wrong("give a list or a dict, not both")),
        (None, None) => Err(wrong(
            "no words: give a list (the id crossword list answered) or a dict",
        )),
    }
}

/// `check`.
#[derive(Deserialize)]
struct CheckRequest {
    grid: String,
    #[serde(default)]
    style: StyleName,
    #[serde(default)]
    rtl: bool,
}

/// `check`: `{grid, style, rtl}` → `{rows, cols, rtl, legal, error, slots}`: whether the
/// grid is legal in the style (`error`: `null` or `{message, row, col}`, the CLI's line
/// and its square), and its entries numbered as the CLI numbers them (`{number,
/// direction, row, col, len}`; runs of two squares too while the grid is not legal). A
/// grid that is not legal is an answer, not an error: the page shows it as it is drawn.
pub fn check(body: &[u8]) -> Result<String, ApiError> {
    let request: CheckRequest = api::parse(body)?;
    let error = |e: &fill::PatternError| json!({"message": e.to_string(), "row": e.row - 1, "col": e.col - 1});
    let value = match Pattern::parse(&request.grid) {
        Err(e) => json!({
            "rows": 0, "cols": 0, "rtl": request.rtl, "legal": false,
            "error": error(&e), "slots": [],
        }),
        Ok(pattern) => {
            let (legal, err) = match pattern.slots(request.style.into()) {
                Ok(_) => (true, Value::Null),
                Err(e) => (false, error(&e)),
            };
            let entries = pattern.entries();
            let numbers = pattern.numbers(&entries);
            let slots: Vec<Value> = entries
                .iter()
                .map(|s| {
                    json!({
                        "number": numbers[s.cells[0]], "direction": s.direction.name(),
                        "row": s.cells[0] / pattern.cols, "col": s.cells[0] % pattern.cols,
                        "len": s.cells.len(),
                    })
                })
                .collect();
            json!({
                "rows": pattern.rows, "cols": pattern.cols, "rtl": request.rtl,
                "legal": legal, "error": err, "slots": slots,
            })
        }
    };
    Ok(value.to_string())
}

/// `list`.
#[derive(Deserialize)]
struct ListRequest {
    text: String,
    lang: Option<String>,
}

/// `list`: `{text, lang}` (a dropped list: `word;score` lines or plain words) → `{id,
/// words, skipped}`; the list is kept under `id` for the other operations, its index for
/// `fits` made now under `lang`'s profile (the first `fits` then answers at once). A bad
/// line is an error naming it.
pub fn list(lists: &Lists, body: &[u8]) -> Result<String, ApiError> {
    let request: ListRequest = api::parse(body)?;
    let profile = profile(request.lang.as_deref())?;
    let stored = lists.add(&request.text)?;
    stored.index(&profile);
    Ok(json!({
        "id": stored.id, "words": stored.list.words.len(), "skipped": stored.list.skipped,
    })
    .to_string())
}

/// `fill`.
#[derive(Deserialize)]
struct FillRequest {
    grid: String,
    #[serde(default)]
    style: StyleName,
    list: Option<String>,
    dict: Option<String>,
    min_score: Option<i32>,
    time: Option<f64>,
    seed: Option<u64>,
    lang: Option<String>,
}

/// A fill read and checked, ready to run ([`FillJob::run`]): the server answers a
/// request that is wrong at once, before it queues the fill.
pub struct FillJob {
    pattern: Pattern,
    words: Arc<Stored>,
    options: FillOptions,
}

/// Reads a fill request (`{grid, style, list | dict, min_score, time, seed, lang}`) and
/// checks it: the grid parses and is legal, the words are there, the time is within
/// [`MAX_FILL_SECONDS`] ([`DEFAULT_FILL_SECONDS`] without one).
pub fn prepare_fill(cx: &Context, body: &[u8]) -> Result<FillJob, ApiError> {
    let request: FillRequest = api::parse(body)?;
    let pattern = grid(&request.grid)?;
    let style: Style = request.style.into();
    pattern.slots(style).map_err(|e| fill_error(e.into()))?;
    let time = seconds(
        request.time.unwrap_or(DEFAULT_FILL_SECONDS),
        MAX_FILL_SECONDS,
    )?;
    let options = FillOptions {
        min_score: request.min_score.unwrap_or(i32::MIN),
        time: Some(time),
        seed: request.seed.unwrap_or(1),
        style,
        profile: profile(request.lang.as_deref())?,
    };
    let words = words(cx, request.list.as_deref(), request.dict.as_deref())?;
    Ok(FillJob {
        pattern,
        words,
        options,
    })
}

impl FillJob {
    /// Fills the grid, telling `progress` how far it has gone about every 250 ms (it
    /// stops the fill by answering `Break`: then 409). Answers exactly what `crossword
    /// fill --format json` prints for the same grid, list and seed (newline included;
    /// `seconds` is the time it took).
    pub fn run(
        &self,
        progress: &mut dyn FnMut(&FillProgress) -> ControlFlow<()>,
    ) -> Result<String, ApiError> {
        match fill::fill_with(
            &self.pattern,
            &self.words.list.words,
            &self.options,
            progress,
        ) {
            Ok(filled) => Ok(format!("{}\n", filled.to_json())),
            Err(e @ FillError::Stopped { .. }) => Err(ApiError::new(409, e)),
            Err(e) => Err(fill_error(e)),
        }
    }
}

/// `fill`: [`prepare_fill`] then [`FillJob::run`].
pub fn fill(
    cx: &Context,
    body: &[u8],
    progress: &mut dyn FnMut(&FillProgress) -> ControlFlow<()>,
) -> Result<String, ApiError> {
    prepare_fill(cx, body)?.run(progress)
}

/// `fits`.
#[derive(Deserialize)]
struct FitsRequest {
    grid: String,
    #[serde(default)]
    style: StyleName,
    list: Option<String>,
    dict: Option<String>,
    min_score: Option<i32>,
    lang: Option<String>,
    row: usize,
    col: usize,
    direction: String,
    limit: Option<usize>,
}

/// `fits`: `{grid, style, list | dict, min_score, lang, row, col, direction, limit}` →
/// `{row, col, direction, len, pattern, total, candidates: [{word, score}]}`: the
/// entry through the square (`row`, `col`: its first square), its squares as typed
/// (`.` empty), how many words arc consistency leaves it in the grid as typed
/// (`total`), and the best of those (at most `limit`, default [`DEFAULT_FITS`]) that,
/// written in, leave every other entry a word ([`fill::fits`]); `cut`: the time allowed
/// ([`fill::FITS_TIME`]) ran out first, so fewer are listed.
pub fn fits(cx: &Context, body: &[u8]) -> Result<String, ApiError> {
    let request: FitsRequest = api::parse(body)?;
    let pattern = grid(&request.grid)?;
    let direction = direction(&request.direction)?;
    let limit = request.limit.unwrap_or(DEFAULT_FITS).min(MAX_FITS);
    let profile = profile(request.lang.as_deref())?;
    let stored = words(cx, request.list.as_deref(), request.dict.as_deref())?;
    let index = stored.index(&profile);
    let found = fill::fits(
        &pattern,
        &index,
        request.style.into(),
        request.min_score.unwrap_or(i32::MIN),
        (request.row, request.col),
        direction,
        limit,
    )
    .map_err(fill_error)?;
    let candidates: Vec<Value> = found
        .candidates
        .iter()
        .map(|(word, score)| json!({"word": word, "score": score}))
        .collect();
    Ok(json!({
        "row": found.start.0, "col": found.start.1, "direction": found.direction.name(),
        "len": found.len,
        "pattern": found.pattern, "total": found.total, "candidates": candidates,
        "cut": found.cut,
    })
    .to_string())
}

/// `layout`.
#[derive(Deserialize)]
struct LayoutRequest {
    words: String,
    size: Option<String>,
    #[serde(default)]
    auto: bool,
    time: Option<f64>,
    seed: Option<u64>,
    lang: Option<String>,
}

/// `layout`: `{words, size, auto, time, seed, lang}` (`words`: answer[TAB clue] lines,
/// as `polyboggle crossword` reads them; `size` `RxC`, default 13x17; `time` default 1
/// s) → exactly what `polyboggle crossword --format json` prints (newline included).
pub fn layout(body: &[u8]) -> Result<String, ApiError> {
    let request: LayoutRequest = api::parse(body)?;
    let (rows, cols) =
        polyboggle_dice::parse_size(request.size.as_deref().unwrap_or("13x17")).map_err(wrong)?;
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(wrong(format!(
            "size {rows}x{cols}: at most {MAX_SIDE} rows and columns"
        )));
    }
    let entries = crossword::parse_word_list(&request.words).map_err(wrong)?;
    if entries.len() > MAX_LAYOUT_WORDS {
        return Err(wrong(format!(
            "{} words; at most {MAX_LAYOUT_WORDS}",
            entries.len()
        )));
    }
    let options = LayoutOptions {
        size: (rows, cols),
        auto: request.auto,
        time: Some(seconds(request.time.unwrap_or(1.0), MAX_LAYOUT_SECONDS)?),
        seed: request.seed.unwrap_or(1),
        profile: profile(request.lang.as_deref())?,
        ..LayoutOptions::default()
    };
    let layout = crossword::generate(&entries, &options).map_err(wrong)?;
    Ok(format!("{}\n", layout.to_json()))
}

/// A clue of `export`'s request or `import`'s answer.
#[derive(Deserialize)]
struct Clue {
    number: usize,
    direction: String,
    clue: String,
}

/// `export`.
#[derive(Deserialize)]
struct ExportRequest {
    grid: String,
    #[serde(default)]
    style: StyleName,
    #[serde(default)]
    rtl: bool,
    #[serde(default)]
    clues: Vec<Clue>,
    format: String,
    lang: Option<String>,
}

/// `export`: `{grid, style, rtl, clues, format, lang}` → `{format, text}` (`puz`:
/// `{format, base64}`), the grid (filled or not: an empty square has no letter) with its
/// clues rendered by the command line's renderers: `ipuz`, `puz`, `svg` (the puzzle),
/// `svg-solution` (with the letters). For a filled grid without clues, the same bytes
/// as `crossword fill --format F`.
pub fn export(body: &[u8]) -> Result<String, ApiError> {
    let request: ExportRequest = api::parse(body)?;
    let pattern = grid(&request.grid)?;
    let profile = profile(request.lang.as_deref())?;
    let mut clues = Vec::new();
    for c in &request.clues {
        clues.push((c.number, direction(&c.direction)?, c.clue.as_str()));
    }
    let crossword = to_crossword(
        &pattern,
        request.style.into(),
        request.rtl,
        &profile,
        &clues,
    )?;
    let format = request.format.as_str();
    let text = match format {
        "ipuz" => format!("{:#}\n", crossword.to_ipuz()),
        "svg" => crossword.to_svg(false),
        "svg-solution" => crossword.to_svg(true),
        "puz" => {
            let bytes = crossword.to_puz().map_err(|e| {
                wrong(&e).at(At {
                    row: e.row - 1,
                    col: e.col - 1,
                    direction: None,
                })
            })?;
            return Ok(json!({"format": format, "base64": base64(&bytes)}).to_string());
        }
        other => {
            return Err(wrong(format!(
                "format {other:?}: expected ipuz, puz, svg or svg-solution"
            )))
        }
    };
    Ok(json!({"format": format, "text": text}).to_string())
}

/// A grid (letters in reading order, some squares maybe empty) as a [`Crossword`] in
/// display order, as [`fill::Filled::to_crossword`] makes one.
fn to_crossword(
    pattern: &Pattern,
    style: Style,
    rtl: bool,
    profile: &Profile,
    clues: &[(usize, Direction, &str)],
) -> Result<Crossword, ApiError> {
    let slots = pattern.slots(style).map_err(|e| fill_error(e.into()))?;
    let numbers = pattern.numbers(&slots);
    let cols = pattern.cols;
    let letters: Vec<Option<String>> = pattern
        .squares
        .iter()
        .map(|s| match s {
            Square::Black => None,
            Square::Empty => Some(String::new()),
            Square::Given(g) => Some(profile.display(&profile.key(g))),
        })
        .collect();
    let shown = |cell: usize| {
        let (r, c) = (cell / cols, cell % cols);
        if rtl {
            (r, cols - 1 - c)
        } else {
            (r, c)
        }
    };
    let mut grid: Vec<Vec<Option<String>>> = letters.chunks(cols).map(<[_]>::to_vec).collect();
    if rtl {
        for row in &mut grid {
            row.reverse();
        }
    }
    let mut seen = vec![0u8; pattern.squares.len()];
    let mut crossings = 0;
    let words = slots
        .iter()
        .map(|s| {
            for &c in &s.cells {
                seen[c] += 1;
                if seen[c] == 2 {
                    crossings += 1;
                }
            }
            let number = numbers[s.cells[0]];
            Placed {
                word: s
                    .cells
                    .iter()
                    .map(|&c| match letters[c].as_deref() {
                        Some("") | None => ".",
                        Some(l) => l,
                    })
                    .collect(),
                clue: clues
                    .iter()
                    .find(|(n, d, _)| *n == number && *d == s.direction)
                    .map(|(_, _, clue)| clue.to_string()),
                number,
                direction: s.direction,
                rtl: rtl && s.direction == Direction::Across,
                pinned: false,
                cells: s.cells.iter().map(|&c| shown(c)).collect(),
            }
        })
        .collect();
    Ok(Crossword {
        rows: pattern.rows,
        cols,
        words,
        dropped: Vec::new(),
        black: grid.iter().flatten().filter(|c| c.is_none()).count(),
        grid,
        crossings,
        complete: true,
        attempts: 0,
        elapsed: Duration::ZERO,
        rtl,
    })
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `import`.
#[derive(Deserialize)]
struct ImportRequest {
    text: String,
    format: String,
}

/// `import`: `{text, format: "ipuz" | "text"}` → `{grid, rtl, rows, cols, clues:
/// [{number, direction, clue}]}`: the grid in the text form, reading order. A `.ipuz`
/// that does not parse is one line saying where (`line 3, column 14: ...` for its JSON,
/// or the field: `puzzle, row 3: 14 squares, dimensions say 15`).
pub fn import(body: &[u8]) -> Result<String, ApiError> {
    let request: ImportRequest = api::parse(body)?;
    let imported = match request.format.as_str() {
        "ipuz" => ipuz::parse(&request.text, MAX_SIDE).map_err(wrong)?,
        "text" => {
            let pattern = grid(&request.text)?;
            ipuz::Imported::from_pattern(&pattern)
        }
        other => return Err(wrong(format!("format {other:?}: expected ipuz or text"))),
    };
    // The grid must read back as a grid.
    let text = imported.grid_text();
    grid(&text)?;
    let clues: Vec<Value> = imported
        .clues
        .iter()
        .map(|(n, d, clue)| json!({"number": n, "direction": d.name(), "clue": clue}))
        .collect();
    Ok(json!({
        "grid": text, "rtl": imported.rtl, "rows": imported.rows, "cols": imported.cols,
        "clues": clues,
    })
    .to_string())
}

#[cfg(test)]
mod tests;
