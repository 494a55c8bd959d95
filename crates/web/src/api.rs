//! The stateless endpoints: solve a board, list and roll dice, list dictionaries and
//! search one.
//!
//! Each takes the request body's bytes and answers the JSON text the server sends, or
//! an [`ApiError`] whose message is the line the command line prints for the same bad
//! input. Boards are parsed by [`Board`]'s own parser (every form the CLI takes), then
//! held to the server's limits ([`MAX_BOARD_TEXT`], [`MAX_SIDE`], [`MAX_FACE_BYTES`]).

use std::ops::ControlFlow;
use std::sync::OnceLock;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

use polyboggle::board::Board;
use polyboggle::query::Search;
use polyboggle::score::Rules;
use polyboggle::solve::Solver;
use polyboggle::spec::{QuerySpec, RulesSpec};
use polyboggle_dice::{self as dice, DiceSet};
use polyboggle_languages::{self as languages, Language};

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

/// The rules preset `name`d, as `--rules` takes it.
pub fn preset(name: &str) -> Result<Rules, ApiError> {
    let spec = RulesSpec {
        rules: Some(name.to_string()),
        ..RulesSpec::default()
    };
    spec.rules().map_err(ApiError::bad)
}

/// `POST /api/solve`: the board and dictionary, and the rules as the CLI's flags
/// give them ([`RulesSpec`]).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    board: String,
    dict: Option<String>,
    #[serde(flatten)]
    rules: RulesSpec,
}

/// `POST /api/solve`: `{"board": "...", "dict": "NAME", "rules": "hasbro"}` (only
/// `board` is needed; `min_len`, `points` and `qu` override the rules as the CLI's
/// flags do). Answers exactly what `solve --format json` prints, newline included.
pub fn solve(dicts: &Dictionaries, body: &[u8]) -> Result<String, ApiError> {
    let request: SolveRequest = parse(body)?;
    let (_, lexicon) = dicts.get(request.dict.as_deref())?;
    let rules = request.rules.rules().map_err(ApiError::bad)?;
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

/// `GET /api/dicts`: `{"dicts": [{"name", "words", "lang", "tiers", "language"}, ...]}`,
/// the default first; `tiers` is how many words each tier holds, tier 0 (none) first, as
/// `dict info` says (`[words]` for a dictionary without tiers: its computer has no
/// levels). `language` is the language the dictionary is for, when known (a built
/// language's, its preset's, or its name's when that is a language's tag; `enable2k`
/// is English): `{"tag", "name", "native", "rtl", "dice", "rules"}`, its names in
/// English and in itself, whether it is written right to left, its built-in dice set (or
/// null) and the rules preset it plays by where that is not the default (`syllables`
/// for Hindi or Korean, whose faces are syllables; else null); else null.
///
/// ```
/// use polyboggle_web::{api, Dictionaries};
///
/// let list: serde_json::Value = serde_json::from_str(&api::dicts(&Dictionaries::builtin()))?;
/// let english = &list["dicts"][0]["language"];
/// assert_eq!((english["tag"].as_str(), english["dice"].as_str()),
///            (Some("en"), Some("english-new-4x4")));
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn dicts(dicts: &Dictionaries) -> String {
    let list: Vec<Value> = dicts
        .headers()
        .map(|(name, header)| {
            let language = dicts.language(name).map(language);
            // A damaged file (its tier table) still lists, with its words alone: the
            // request that names it answers why it cannot be used.
            let tiers = dicts
                .tier_sizes(name)
                .unwrap_or_else(|_| vec![header.word_count]);
            json!({
                "name": name,
                "words": header.word_count,
                "lang": header.profile.lang,
                "tiers": tiers,
                "language": language,
            })
        })
        .collect();
    json!({ "dicts": list }).to_string()
}

/// A language as the page takes it: `{"tag", "name", "native", "rtl", "dice",
/// "rules"}` (`GET /api/dicts`' `language`, and the static page's list of languages).
///
/// ```
/// let hebrew = polyboggle_web::api::language(polyboggle_languages::language("he-full").unwrap());
/// assert_eq!((hebrew["rtl"].as_bool(), hebrew["dice"].as_str()), (Some(true), Some("hebrew-designed-4x4")));
/// ```
pub fn language(l: &Language) -> Value {
    json!({
        "tag": l.tag, "name": l.name, "native": l.native, "rtl": l.rtl,
        "dice": languages::dice_for_language(l.tag),
        "rules": languages::rules_for_language(l.tag),
    })
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
    let set = builtin_set(request.set.as_deref().unwrap_or(languages::DICE))?;
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

/// The most words a search answers (`limit` may ask for fewer).
pub const MAX_SEARCH_WORDS: u64 = 10_000;
/// The words a search answers when it names no `limit`.
pub const DEFAULT_SEARCH_WORDS: u64 = 100;

/// `GET /api/dicts/NAME/search?...`: one query, as `dict search` takes it
/// ([`QuerySpec`]), and how many of its words to answer.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchRequest {
    #[serde(flatten)]
    query: QuerySpec,
    limit: Option<u64>,
    count: Option<bool>,
}

/// `GET /api/dicts/NAME/search?QUERY`: the words of the dictionary `name` that match
/// one query of the URL's query string `query` (`pattern=c?t`, `regex=...`,
/// `fuzzy=tigger&distance=2`, `anagram=tacos` or `build=retain?`), limited by
/// `min_len`, `max_len`, `tiers` (`1..3`) and `units` (`ch,ll`) as `dict search`'s
/// flags limit it. Answers what `dict search --format json` prints, byte for byte:
/// `{"words": [...]}` with at most `limit` words (default [`DEFAULT_SEARCH_WORDS`], at
/// most [`MAX_SEARCH_WORDS`]), or with `count=true` `{"count": N}` of every match.
/// A bad query gets 400 and the CLI's line; an unknown dictionary 404.
///
/// ```
/// use polyboggle_web::{api, Dictionaries};
///
/// let dicts = Dictionaries::builtin();
/// assert_eq!(api::search(&dicts, "enable2k", "pattern=c%3Ft").unwrap(),
///            "{\"words\": [\"CAT\", \"COT\", \"CUT\"]}\n");
/// assert_eq!(api::search(&dicts, "enable2k", "anagram=tacos&count=true").unwrap(),
///            "{\"count\":5}\n");
/// let err = api::search(&dicts, "enable2k", "regex=(").unwrap_err();
/// assert_eq!(err.status, 400);
/// assert!(err.message.starts_with("regex '(': "), "{}", err.message);
/// ```
pub fn search(dicts: &Dictionaries, name: &str, query: &str) -> Result<String, ApiError> {
    let (_, lexicon) = dicts
        .get(Some(name))
        .map_err(|e| ApiError::new(404, e.message))?;
    let request: SearchRequest = serde_urlencoded::from_str(query)
        .map_err(|e| ApiError::bad(format!("query string: {e}")))?;
    let limit = request.limit.unwrap_or(DEFAULT_SEARCH_WORDS);
    if limit > MAX_SEARCH_WORDS {
        return Err(ApiError::bad(format!(
            "limit {limit}: this server answers at most {MAX_SEARCH_WORDS} words (count=true counts them all)"
        )));
    }
    let spec = request.query;
    let query = spec.query().map_err(ApiError::bad)?;
    let options = spec.options(lexicon.header()).map_err(ApiError::bad)?;
    let search = Search::new(lexicon, &query, &options).map_err(ApiError::bad)?;
    if request.count == Some(true) {
        return Ok(format!("{}\n", json!({ "count": search.count() })));
    }
    // Written as `dict search --format json` writes it.
    let mut text = String::from("{\"words\": [");
    let mut taken = 0;
    if limit > 0 {
        search.for_each(|hit| {
            if taken > 0 {
                text.push_str(", ");
            }
            text.push_str(&Value::from(lexicon.profile().display(hit.key)).to_string());
            taken += 1;
            match taken >= limit {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        });
    }
    text.push_str("]}\n");
    Ok(text)
}
