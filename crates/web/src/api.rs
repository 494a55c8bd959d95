//! The stateless endpoints: solve a board, list and roll dice, list dictionaries.
//!
//! Each takes the request body's bytes and answers the JSON text the server sends, or
//! an [`ApiError`] whose message is the line the command line prints for the same bad
//! input. Boards are parsed by [`Board`]'s own parser (every form the CLI takes), then
//! held to the server's limits ([`MAX_BOARD_TEXT`], [`MAX_SIDE`], [`MAX_FACE_BYTES`]).

use std::sync::OnceLock;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use polyboggle::board::Board;
use polyboggle::defaults;
use polyboggle::dice::{self, DiceSet};
use polyboggle::score::{Points, Rules};
use polyboggle::solve::Solver;

use crate::{ApiError, Dictionaries};

/// The longest board text a request may send, in bytes.
pub const MAX_BOARD_TEXT: usize = 4096;
/// The most rows, and the most columns, of a board a request may send.
pub const MAX_SIDE: usize = 12;
/// The longest face a request's board may have, in bytes (`क्षा` is 12).
pub const MAX_FACE_BYTES: usize = 32;

/// Reads a JSON request body; an empty body reads as `{}`. A leading byte-order mark
/// is skipped, as the CLI skips it in the files it reads.
pub fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let body = body.strip_prefix("\u{feff}".as_bytes()).unwrap_or(body);
    let body = if body.iter().all(u8::is_ascii_whitespace) {
        b"{}"
    } else {
        body
    };
    serde_json::from_slice(body).map_err(|e| ApiError::bad(format!("request body: {e}")))
}

/// Parses a board sent in a request, in any of the CLI's forms, within the limits.
/// Errors read as the CLI's for an inline board: `board "TEXT": what is wrong`.
pub fn board(text: &str) -> Result<Board, ApiError> {
    if text.len() > MAX_BOARD_TEXT {
        return Err(ApiError::bad(format!(
            "board: {} bytes; the server takes at most {MAX_BOARD_TEXT}",
            text.len()
        )));
    }
    let origin = format!("board {text:?}");
    let board: Board = text
        .parse()
        .map_err(|e| ApiError::bad(format!("{origin}: {e}")))?;
    if board.rows() > MAX_SIDE || board.cols() > MAX_SIDE {
        return Err(ApiError::bad(format!(
            "{origin}: {}x{} is larger than this server's limit of {MAX_SIDE}x{MAX_SIDE}",
            board.rows(),
            board.cols()
        )));
    }
    if let Some(face) = board
        .faces()
        .iter()
        .find(|f| f.text().len() > MAX_FACE_BYTES)
    {
        return Err(ApiError::bad(format!(
            "{origin}: face '{}' is longer than {MAX_FACE_BYTES} bytes",
            face.text()
        )));
    }
    Ok(board)
}

/// Rules from a preset name and the CLI's overrides (`--min-len`, `--points`, `--qu`).
pub fn rules(
    preset: &str,
    min_len: Option<usize>,
    points: Option<&str>,
    qu: Option<bool>,
) -> Result<Rules, ApiError> {
    let mut rules = Rules::preset(preset).map_err(ApiError::bad)?;
    if let Some(points) = points {
        rules = rules.with_points(points.parse::<Points>().map_err(ApiError::bad)?);
    }
    if let Some(min_len) = min_len {
        rules.min_len = min_len;
    }
    if let Some(qu) = qu {
        rules.qu = qu;
    }
    Ok(rules)
}

/// `POST /api/solve`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    board: String,
    dict: Option<String>,
    rules: Option<String>,
    min_len: Option<usize>,
    points: Option<String>,
    qu: Option<bool>,
}

/// `POST /api/solve`: `{"board": "...", "dict": "NAME", "rules": "hasbro"}` (only
/// `board` is needed; `min_len`, `points` and `qu` override the rules as the CLI's
/// flags do). Answers exactly what `solve --format json` prints, newline included.
pub fn solve(dicts: &Dictionaries, body: &[u8]) -> Result<String, ApiError> {
    let request: SolveRequest = parse(body)?;
    let (_, lexicon) = dicts.get(request.dict.as_deref())?;
    let rules = rules(
        request.rules.as_deref().unwrap_or("hasbro"),
        request.min_len,
        request.points.as_deref(),
        request.qu,
    )?;
    let board = board(&request.board)?;
    let solution = Solver::new(lexicon, rules).solve(&board);
    let mut text = solution.to_json(&board, lexicon.profile());
    text.push('\n');
    Ok(text)
}

/// `POST /api/board`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardRequest {
    board: String,
}

/// `POST /api/board`: `{"board": "..."}` in any CLI form; answers the faces the
/// server reads, `{"rows", "cols", "board": [[face, ...], ...], "inline"}`, or the
/// error `solve` would give (a page draws the board it solves with this).
pub fn parse_board(body: &[u8]) -> Result<String, ApiError> {
    let request: BoardRequest = parse(body)?;
    let board = board(&request.board)?;
    let value = json!({
        "rows": board.rows(), "cols": board.cols(),
        "board": board.face_rows(), "inline": board.inline(),
    });
    Ok(value.to_string())
}

/// `GET /api/dice`: `{"sets": [{"name", "rows", "cols", "confidence", "source",
/// "note"}, ...]}`, the built-in sets in `roll --list` order.
pub fn dice() -> &'static str {
    static LIST: OnceLock<String> = OnceLock::new();
    LIST.get_or_init(|| {
        let sets: Vec<Value> = DiceSet::builtin_names()
            .iter()
            .map(|name| {
                let set = DiceSet::builtin(name).expect("built-in sets parse");
                let mut fields = set.summary_json();
                fields.insert("name".into(), json!(set.name));
                fields.insert("note".into(), json!(set.note));
                Value::Object(fields)
            })
            .collect();
        json!({ "sets": sets }).to_string()
    })
}

/// `GET /api/dicts`: `{"dicts": [{"name", "words", "lang"}, ...]}`, the default first.
pub fn dicts(dicts: &Dictionaries) -> String {
    let list: Vec<Value> = dicts
        .iter()
        .map(|(name, lexicon)| {
            json!({
                "name": name,
                "words": lexicon.word_count(),
                "lang": lexicon.profile().lang,
            })
        })
        .collect();
    json!({ "dicts": list }).to_string()
}

/// `POST /api/roll`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RollRequest {
    set: Option<String>,
    seed: Option<u64>,
    size: Option<String>,
}

/// A built-in dice set by name (never a file: requests do not reach the disk).
pub fn builtin_set(name: &str) -> Result<DiceSet, ApiError> {
    DiceSet::builtin(name).map_err(|_| {
        ApiError::bad(format!(
            "unknown dice set '{name}' (GET /api/dice lists them)"
        ))
    })
}

/// A seed for a roll nobody chose: below a billion, short enough to read out and
/// exact in a page's script (whose numbers are doubles).
pub fn random_seed() -> u64 {
    polyboggle::random::seed() % 1_000_000_000
}

/// `POST /api/roll`: `{"set": "NAME", "seed": N, "size": "RxC"}`, all optional (the
/// set defaults to `english-new-4x4`, the seed to a random one). Answers what
/// `roll --format json` prints, plus `inline`, the board in the inline form.
pub fn roll(body: &[u8]) -> Result<String, ApiError> {
    let request: RollRequest = parse(body)?;
    let set = builtin_set(request.set.as_deref().unwrap_or(defaults::DICE))?;
    let size = request
        .size
        .as_deref()
        .map(dice::parse_size)
        .transpose()
        .map_err(ApiError::bad)?;
    if let Some((rows, cols)) = size {
        // Checked here, before rows × cols is computed.
        if rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(ApiError::bad(format!(
                "size {rows}x{cols}: this server rolls at most {MAX_SIDE}x{MAX_SIDE}"
            )));
        }
    }
    let seed = request.seed.unwrap_or_else(random_seed);
    let board = set.roll(seed, size).map_err(ApiError::bad)?;
    let mut fields = set.roll_json(seed, &board);
    fields.insert("inline".into(), json!(board.inline()));
    Ok(Value::Object(fields).to_string())
}
