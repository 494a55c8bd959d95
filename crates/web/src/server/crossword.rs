//! The crossword endpoints over HTTP (issue 68): `POST /api/crossword/{check, list,
//! fits, layout, export, import}` answer at once, off the runtime's threads (a list of
//! 300,000 words takes a moment to read, a layout up to its time budget); a fill runs
//! long, so `POST /api/crossword/fills` starts one (202 and its id), `GET
//! /api/crossword/fills/ID` tells how far it is or its result, `DELETE` stops it.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::{json, Body};
use crate::crossword::{self, Context};
use crate::{ApiError, App};

/// The largest body `POST /api/crossword/list` reads (a dropped list of 300,000 scored
/// words is about 4 MB).
pub const MAX_LIST_BODY: usize = 32 * 1024 * 1024;
/// The largest body the other crossword endpoints read (a grid, its clues, an ipuz).
pub const MAX_CROSSWORD_BODY: usize = 1024 * 1024;

/// The body's bytes, or why they could not be read, within `limit`.
fn body(bytes: Body, limit: usize) -> Result<axum::body::Bytes, ApiError> {
    bytes.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(
            413,
            format!("the request body is larger than {limit} bytes"),
        ),
        status => ApiError::new(status.as_u16(), "the request body could not be read"),
    })
}

/// Runs `op` on the request body on a blocking thread.
async fn blocking(
    app: Arc<App>,
    bytes: Body,
    limit: usize,
    op: fn(&App, &[u8]) -> Result<String, ApiError>,
) -> Response {
    let bytes = match body(bytes, limit) {
        Ok(b) => b,
        Err(e) => return json(Err(e)),
    };
    let answer = tokio::task::spawn_blocking(move || op(&app, &bytes)).await;
    json(answer.unwrap_or_else(|_| Err(ApiError::new(500, "the request failed"))))
}

fn context(app: &App) -> Context<'_> {
    Context {
        dicts: &app.dicts,
        lists: &app.crossword_lists,
    }
}

pub(super) async fn check(State(app): State<Arc<App>>, bytes: Body) -> Response {
    blocking(app, bytes, MAX_CROSSWORD_BODY, |_, b| crossword::check(b)).await
}

pub(super) async fn list(State(app): State<Arc<App>>, bytes: Body) -> Response {
    blocking(app, bytes, MAX_LIST_BODY, |app, b| {
        crossword::list(&app.crossword_lists, b)
    })
    .await
}

pub(super) async fn fits(State(app): State<Arc<App>>, bytes: Body) -> Response {
    blocking(app, bytes, MAX_CROSSWORD_BODY, |app, b| {
        crossword::fits(&context(app), b)
    })
    .await
}

pub(super) async fn layout(State(app): State<Arc<App>>, bytes: Body) -> Response {
    blocking(app, bytes, MAX_CROSSWORD_BODY, |_, b| crossword::layout(b)).await
}

pub(super) async fn export(State(app): State<Arc<App>>, bytes: Body) -> Response {
    blocking(app, bytes, MAX_CROSSWORD_BODY, |_, b| crossword::export(b)).await
}

pub(super) async fn import(State(app): State<Arc<App>>, bytes: Body) -> Response {
    blocking(app, bytes, MAX_CROSSWORD_BODY, |_, b| crossword::import(b)).await
}

/// `POST /api/crossword/fills`: a fill request, checked at once (422 for a grid or
/// list that is wrong), then run on a thread of its own: 202 `{"id"}`.
pub(super) async fn start_fill(State(app): State<Arc<App>>, bytes: Body) -> Response {
    let bytes = match body(bytes, MAX_CROSSWORD_BODY) {
        Ok(b) => b,
        Err(e) => return json(Err(e)),
    };
    let started = tokio::task::spawn_blocking(move || {
        let job = crossword::prepare_fill(&context(&app), &bytes)?;
        app.crossword_fills.start(job)
    })
    .await
    .unwrap_or_else(|_| Err(ApiError::new(500, "the request failed")));
    match started {
        Ok(id) => {
            let mut response = json(Ok(serde_json::json!({ "id": id }).to_string()));
            *response.status_mut() = StatusCode::ACCEPTED;
            response.into_response()
        }
        Err(e) => json(Err(e)),
    }
}

fn fill_id(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    path.map(|Path(id)| id)
        .map_err(|_| ApiError::new(404, "no such fill (malformed id)"))
}

pub(super) async fn fill_state(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    json(fill_id(id).and_then(|id| app.crossword_fills.view(&id)))
}

pub(super) async fn stop_fill(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    json(fill_id(id).and_then(|id| app.crossword_fills.stop(&id)))
}
