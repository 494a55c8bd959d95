//! polyboggle-web: the web page and its JSON API, served by `polyboggle serve`.
//!
//! [`App`] is what every request shares: the [`Dictionaries`] the server may use (the
//! built-in one and those named on its command line, each opened once and shared
//! read-only) and the [`Games`] in progress. [`router`] wraps it in HTTP; [`serve`] runs
//! that router on a listener.
//!
//! Each endpoint's work is a plain function from the request body's bytes to a JSON
//! text or an [`ApiError`] ([`api::solve`], [`api::roll`], [`Games::create`],
//! [`Games::guess`], ...), so tests and fuzzers call them without a server. The router
//! adds only what HTTP needs: a cap on bodies ([`MAX_BODY`]), a time limit per request,
//! JSON errors for every failure (never a bare 500), and the page itself ([`page`]),
//! compiled into the binary.
//!
//! Requests never reach the file system: a dictionary is named, never given by path,
//! and dice sets are the built-in ones.
//!
//! ```
//! use polyboggle_web::{api, Dictionaries};
//!
//! let dicts = Dictionaries::builtin();
//! let reply = api::solve(&dicts, br#"{"board": "ATEE/APYO/TINU/EDSE"}"#).unwrap();
//! let json: serde_json::Value = serde_json::from_str(&reply).unwrap();
//! assert_eq!((json["rows"].as_u64(), json["cols"].as_u64()), (Some(4), Some(4)));
//!
//! let err = api::solve(&dicts, br#"{"board": "ATEE/AP"}"#).unwrap_err();
//! assert_eq!((err.status, err.message.as_str()),
//!            (400, r#"board "ATEE/AP": row 2 has 2 faces, but row 1 has 4"#));
//! ```

pub mod api;
pub mod games;
pub mod page;

use std::io;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

pub use games::Games;

use polyboggle::defaults::DICTIONARY;
use polyboggle::lexicon::Lexicon;

/// The largest request body the server reads, in bytes (64 KiB).
pub const MAX_BODY: usize = 64 * 1024;

/// How long one request may take, reading its body included.
pub const REQUEST_TIME_LIMIT: Duration = Duration::from_secs(10);

/// A failed request: its HTTP status and one line saying why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status (400 for bad input, 404, 409, 413...).
    pub status: u16,
    /// One line, the same the command line prints for the same input.
    pub message: String,
}

impl ApiError {
    /// An error with this status; line breaks in `message` become spaces.
    pub fn new(status: u16, message: impl std::fmt::Display) -> ApiError {
        let message = message.to_string().replace(['\r', '\n'], " ");
        ApiError { status, message }
    }

    /// Bad input: HTTP 400.
    pub fn bad(message: impl std::fmt::Display) -> ApiError {
        ApiError::new(400, message)
    }

    /// The error as the body the server sends: `{"error": "..."}`.
    pub fn to_json(&self) -> String {
        serde_json::json!({ "error": self.message }).to_string()
    }
}

/// The dictionaries a server may use, by name. The first is the default.
///
/// Each lexicon is opened once and lives as long as the process (a game in progress
/// borrows it, as [`polyboggle::game::Round`] does), so requests share it read-only.
pub struct Dictionaries {
    entries: Vec<(String, &'static Lexicon)>,
}

impl Dictionaries {
    /// The built-in English dictionary (ENABLE2K) alone, named `enable2k`.
    pub fn builtin() -> Dictionaries {
        static ENABLE2K: OnceLock<Lexicon> = OnceLock::new();
        let lexicon = ENABLE2K
            .get_or_init(|| Lexicon::builtin(DICTIONARY).expect("the built-in dictionary opens"));
        Dictionaries {
            entries: vec![(DICTIONARY.to_string(), lexicon)],
        }
    }

    /// Adds `lexicon` under `name` (letters, digits, `-` and `_`, at most 32), keeping
    /// it for the rest of the process.
    pub fn add(&mut self, name: &str, lexicon: Lexicon) -> Result<(), String> {
        let valid = (1..=32).contains(&name.len())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !valid {
            return Err(format!(
                "dictionary name '{name}': use 1 to 32 letters, digits, - or _"
            ));
        }
        if self.entries.iter().any(|(n, _)| n == name) {
            return Err(format!("dictionary name '{name}' is given twice"));
        }
        self.entries
            .push((name.to_string(), Box::leak(Box::new(lexicon))));
        Ok(())
    }

    /// The dictionary called `name`, or the default one for `None`.
    pub fn get(&self, name: Option<&str>) -> Result<(&str, &'static Lexicon), ApiError> {
        let found = match name {
            None => self.entries.first(),
            Some(name) => self.entries.iter().find(|(n, _)| n == name),
        };
        found.map(|(n, l)| (n.as_str(), *l)).ok_or_else(|| {
            ApiError::bad(format!(
                "unknown dictionary '{}' (this server has: {})",
                name.unwrap_or_default(),
                self.names().collect::<Vec<_>>().join(", ")
            ))
        })
    }

    /// The names, the default first.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(n, _)| n.as_str())
    }

    /// Each name with its lexicon, the default first.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &'static Lexicon)> {
        self.entries.iter().map(|(n, l)| (n.as_str(), *l))
    }
}

/// What the server's requests share.
pub struct App {
    /// The dictionaries requests may name.
    pub dicts: Dictionaries,
    /// The games in progress.
    pub games: Games,
}

impl App {
    /// A server state over these dictionaries, with no games yet.
    pub fn new(dicts: Dictionaries) -> App {
        App {
            dicts,
            games: Games::new(),
        }
    }
}

/// The page and the API as an `axum` router (see `docs/web.md` for the endpoints).
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(|| async { page::INDEX.response() }))
        .route("/app.js", get(|| async { page::SCRIPT.response() }))
        .route("/style.css", get(|| async { page::STYLE.response() }))
        .route(
            "/api/dice",
            get(|| async { json(Ok(api::dice().to_string())) }),
        )
        .route("/api/dicts", get(dicts))
        .route("/api/solve", post(solve))
        .route(
            "/api/board",
            post(|bytes: Body| async { json(body(bytes).and_then(|b| api::parse_board(&b))) }),
        )
        .route("/api/roll", post(roll))
        .route("/api/games", post(new_game))
        .route("/api/games/{id}", get(game).delete(delete_game))
        .route("/api/games/{id}/guess", post(guess))
        .route("/api/games/{id}/end", post(end))
        .fallback(|| async { json(Err(ApiError::new(404, "no such page or endpoint"))) })
        .method_not_allowed_fallback(|| async {
            json(Err(ApiError::new(
                405,
                "this endpoint does not take that method",
            )))
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(time_limit))
        .with_state(app)
}

/// Serves [`router`] on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, app: Arc<App>) -> io::Result<()> {
    axum::serve(listener, router(app)).await
}

/// A JSON reply: the text with 200, or the error's status and `{"error": ...}`.
fn json(reply: Result<String, ApiError>) -> Response {
    let (status, body) = match reply {
        Ok(text) => (StatusCode::OK, text),
        Err(e) => (
            StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST),
            e.to_json(),
        ),
    };
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

/// The body's bytes, or why they could not be read (too large, cut off).
fn body(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            413,
            format!("the request body is larger than {MAX_BODY} bytes"),
        ),
        status => ApiError::new(status.as_u16(), "the request body could not be read"),
    })
}

async fn time_limit(request: Request, next: Next) -> Response {
    match tokio::time::timeout(REQUEST_TIME_LIMIT, next.run(request)).await {
        Ok(response) => response,
        Err(_) => json(Err(ApiError::new(
            408,
            format!(
                "the request took longer than {} seconds",
                REQUEST_TIME_LIMIT.as_secs()
            ),
        ))),
    }
}

type Body = Result<Bytes, BytesRejection>;

async fn dicts(State(app): State<Arc<App>>) -> Response {
    json(Ok(api::dicts(&app.dicts)))
}

async fn solve(State(app): State<Arc<App>>, bytes: Body) -> Response {
    json(body(bytes).and_then(|b| api::solve(&app.dicts, &b)))
}

async fn roll(bytes: Body) -> Response {
    json(body(bytes).and_then(|b| api::roll(&b)))
}

async fn new_game(State(app): State<Arc<App>>, bytes: Body) -> Response {
    json(body(bytes).and_then(|b| app.games.create(&app.dicts, &b)))
}

/// A game's id from the path (a malformed one reads as no such game).
fn game_id(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    path.map(|Path(id)| id)
        .map_err(|_| ApiError::new(404, "no such game (malformed id)"))
}

type Id = Result<Path<String>, PathRejection>;

async fn game(State(app): State<Arc<App>>, id: Id) -> Response {
    json(game_id(id).and_then(|id| app.games.view(&id)))
}

async fn delete_game(State(app): State<Arc<App>>, id: Id) -> Response {
    json(game_id(id).and_then(|id| app.games.delete(&id)))
}

async fn guess(State(app): State<Arc<App>>, id: Id, bytes: Body) -> Response {
    json(game_id(id).and_then(|id| body(bytes).and_then(|b| app.games.guess(&id, &b))))
}

async fn end(State(app): State<Arc<App>>, id: Id) -> Response {
    json(game_id(id).and_then(|id| app.games.end(&id)))
}
