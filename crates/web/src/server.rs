//! The HTTP side: the router over the endpoints' work, its limits, and the loop that
//! serves it (the feature `server`), until a signal stops it gracefully
//! ([`serve_until`], [`shutdown_signal`]).

use std::future::Future;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, RawQuery, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use crate::{api, connections, page, ApiError, App, Limits};

mod crossword;
mod rooms;

/// The largest request body the server reads, in bytes (64 KiB).
pub const MAX_BODY: usize = 64 * 1024;

/// How long one request may take, reading its body included.
pub const REQUEST_TIME_LIMIT: Duration = Duration::from_secs(10);

/// How long a stopping server waits for the requests running to finish: as long as
/// one may take.
pub const DRAIN_LIMIT: Duration = REQUEST_TIME_LIMIT;

/// The page and the API as an `axum` router (see `docs/web.md` for the endpoints).
pub fn router(app: Arc<App>) -> Router {
    let mut router = Router::new()
        .route("/", get(|| async { page::INDEX.response() }))
        .route("/style.css", get(|| async { page::STYLE.response() }));
    for (path, script) in page::SCRIPTS {
        router = router.route(path, get(move || async move { script.response() }));
    }
    router
        .route(
            "/api/dice",
            get(|| async { json(Ok(api::dice().to_string())) }),
        )
        .route("/api/dicts", get(dicts))
        .route("/api/dicts/{name}/search", get(search))
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
        .route("/api/rooms", post(rooms::open))
        .route("/api/rooms/{code}", get(rooms::view))
        .route("/api/rooms/{code}/join", post(rooms::join))
        .route("/api/rooms/{code}/start", post(rooms::start))
        .route("/api/rooms/{code}/words", post(rooms::word))
        .route("/api/rooms/{code}/leave", post(rooms::leave))
        .route("/api/rooms/{code}/live", get(rooms::live))
        .route(
            "/api/crossword/check",
            post(crossword::check).layer(crossword_body()),
        )
        .route(
            "/api/crossword/list",
            post(crossword::list).layer(DefaultBodyLimit::max(crossword::MAX_LIST_BODY)),
        )
        .route(
            "/api/crossword/fits",
            post(crossword::fits).layer(crossword_body()),
        )
        .route(
            "/api/crossword/layout",
            post(crossword::layout).layer(crossword_body()),
        )
        .route(
            "/api/crossword/export",
            post(crossword::export).layer(crossword_body()),
        )
        .route(
            "/api/crossword/import",
            post(crossword::import).layer(crossword_body()),
        )
        .route(
            "/api/crossword/fills",
            post(crossword::start_fill).layer(crossword_body()),
        )
        .route(
            "/api/crossword/fills/{id}",
            get(crossword::fill_state).delete(crossword::stop_fill),
        )
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

/// The crossword endpoints read larger bodies than the others (an ipuz, a grid with its
/// clues).
fn crossword_body() -> DefaultBodyLimit {
    DefaultBodyLimit::max(crossword::MAX_CROSSWORD_BODY)
}

/// Serves [`router`] on `listener` within the default [`Limits`], until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, app: Arc<App>) -> io::Result<()> {
    serve_within(listener, app, Limits::default()).await
}

/// Serves [`router`] on `listener` within `limits` (tests give short ones).
pub async fn serve_within(
    listener: tokio::net::TcpListener,
    app: Arc<App>,
    limits: Limits,
) -> io::Result<()> {
    connections::serve(listener, router(app), limits).await
}

/// Serves [`router`] on `listener` within `limits` until `shutdown` ends, then stops
/// gracefully: no new connection is accepted, the requests running are answered (for
/// at most [`DRAIN_LIMIT`]), and every connection closes. The games are left as they
/// are: the caller closes and saves them ([`crate::Games::close`], [`crate::Games::save`]).
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    app: Arc<App>,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<connections::Drained> {
    connections::serve_until(listener, router(app), limits, shutdown, DRAIN_LIMIT).await
}

/// Keeps the clock of every room (after a restart: each round in progress goes on to
/// its saved end, and its live connections are told when it comes). Call it on the
/// runtime that serves.
pub fn keep_room_clocks(app: &Arc<App>) {
    for code in app.rooms.codes() {
        if let Ok(kept) = app.rooms.get(&code) {
            tokio::spawn(rooms::keep_clock(kept));
        }
    }
}

/// Ends when the process is asked to stop: SIGTERM or SIGINT (Ctrl-C); answers its
/// name. Where signals cannot be watched, never ends.
pub async fn shutdown_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let (Ok(mut term), Ok(mut int)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) else {
            return std::future::pending().await;
        };
        tokio::select! {
            _ = term.recv() => "SIGTERM",
            _ = int.recv() => "SIGINT",
        }
    }
    #[cfg(not(unix))]
    {
        match tokio::signal::ctrl_c().await {
            Ok(()) => "Ctrl-C",
            Err(_) => std::future::pending().await,
        }
    }
}

/// A JSON reply: the text with 200, or the error's status and `{"error": ...}` (and
/// `Retry-After` when it says when to ask again).
pub(crate) fn json(reply: Result<String, ApiError>) -> Response {
    let (status, body, retry_after) = match reply {
        Ok(text) => (StatusCode::OK, text, None),
        Err(e) => (
            StatusCode::from_u16(e.status).unwrap_or(StatusCode::BAD_REQUEST),
            e.to_json(),
            e.retry_after,
        ),
    };
    let mut response = (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response();
    if let Some(secs) = retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, secs.into());
    }
    response
}

/// The body's bytes, or why they could not be read (too large, cut off).
pub(crate) fn body(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
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

pub(crate) type Body = Result<Bytes, BytesRejection>;

async fn dicts(State(app): State<Arc<App>>) -> Response {
    json(Ok(api::dicts(&app.dicts)))
}

/// A search walks the dictionary off the runtime's threads: a slow one (a leading
/// wildcard over a large list) holds up no other request, and the time limit answers
/// for it.
async fn search(
    State(app): State<Arc<App>>,
    name: Result<Path<String>, PathRejection>,
    RawQuery(query): RawQuery,
) -> Response {
    let Ok(Path(name)) = name else {
        return json(Err(ApiError::new(
            404,
            "no such dictionary (malformed name)",
        )));
    };
    let query = query.unwrap_or_default();
    let answer = tokio::task::spawn_blocking(move || api::search(&app.dicts, &name, &query));
    json(
        answer
            .await
            .unwrap_or_else(|_| Err(ApiError::new(500, "the search failed"))),
    )
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
