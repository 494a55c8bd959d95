//! The rooms' endpoints over HTTP, and their live connection (a WebSocket): each
//! request names its player by `Authorization: Bearer TOKEN` (a WebSocket may pass
//! `?token=`), and every change is pushed to the room's live connections.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, RawQuery, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use super::{body, json, Body};
use crate::room::{Room, RoomPhase, HOST_AWAY};
use crate::room_store::{bearer, wall_clock, Kept, RoomEvent};
use crate::solo::MAX_GUESS_BYTES;
use crate::{api, ApiError, App};

type Code = Path<String>;

fn token(headers: &HeaderMap) -> Option<&str> {
    bearer(
        headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok()),
    )
}

pub(super) async fn open(State(app): State<Arc<App>>, bytes: Body) -> Response {
    json(body(bytes).and_then(|b| app.rooms.open(&app.dicts, &b)))
}

pub(super) async fn join(State(app): State<Arc<App>>, Path(code): Code, bytes: Body) -> Response {
    json(body(bytes).and_then(|b| app.rooms.join(&code, &b)))
}

pub(super) async fn view(
    State(app): State<Arc<App>>,
    Path(code): Code,
    headers: HeaderMap,
) -> Response {
    json(
        app.rooms
            .player(&code, token(&headers))
            .map(|(kept, player)| {
                let now = wall_clock();
                let mut room = kept.room();
                room.seen(player, now, 0);
                room.view(player, now)
            }),
    )
}

/// `POST /api/rooms/CODE/start`'s body: `{"countdown": SECONDS}` (optional; an empty
/// body is `{}`).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Start {
    countdown: Option<u64>,
}

pub(super) async fn start(
    State(app): State<Arc<App>>,
    Path(code): Code,
    headers: HeaderMap,
    bytes: Body,
) -> Response {
    let started = (|| {
        let (kept, player) = app.rooms.player(&code, token(&headers))?;
        let b = body(bytes)?;
        let request: Start = if b.iter().all(u8::is_ascii_whitespace) {
            Start::default()
        } else {
            api::parse(&b)?
        };
        let now = wall_clock();
        let view = {
            let mut room = kept.room();
            room.start(
                player,
                request.countdown.unwrap_or(crate::room::DEFAULT_COUNTDOWN),
                now,
            )?;
            room.view(player, now)
        };
        Ok::<_, ApiError>((kept, view))
    })();
    json(started.map(|(kept, view)| {
        kept.tell(RoomEvent::Changed);
        tokio::spawn(keep_clock(kept));
        view
    }))
}

/// Tells the room's live connections each time its phase changes (the start, the
/// end), until no change is left.
pub(crate) async fn keep_clock(kept: Arc<Kept>) {
    loop {
        let next = kept.room().next_change(wall_clock());
        let Some(at) = next else { return };
        let wait = at.saturating_sub(wall_clock()) + Duration::from_millis(20);
        tokio::time::sleep(wait).await;
        kept.tell(RoomEvent::Changed);
    }
}

/// A word's body: `{"word": "..."}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Word {
    word: String,
}

fn word_of(b: &[u8]) -> Result<String, ApiError> {
    let request: Word = api::parse(b)?;
    checked_word(&request.word)
}

/// A word as sent (over HTTP or the live connection), trimmed: not empty, at most
/// [`MAX_GUESS_BYTES`].
fn checked_word(word: &str) -> Result<String, ApiError> {
    let word = word.trim();
    if word.is_empty() {
        return Err(ApiError::bad("word: empty"));
    }
    if word.len() > MAX_GUESS_BYTES {
        return Err(ApiError::bad(format!(
            "word: {} bytes; a word has at most {MAX_GUESS_BYTES}",
            word.len()
        )));
    }
    Ok(word.to_string())
}

/// Judges a player's word and tells the others its new count.
fn judge(kept: &Kept, player: usize, word: &str) -> Result<String, ApiError> {
    let (verdict, found, id) = {
        let mut room = kept.room();
        let before = room.found(player);
        let verdict = room.word(player, word, wall_clock())?;
        let found = room.found(player);
        (
            verdict,
            (found != before).then_some(found),
            room.players()[player].id.clone(),
        )
    };
    if let Some(found) = found {
        kept.tell(RoomEvent::Found { player, id, found });
    }
    Ok(verdict)
}

pub(super) async fn word(
    State(app): State<Arc<App>>,
    Path(code): Code,
    headers: HeaderMap,
    bytes: Body,
) -> Response {
    json(
        app.rooms
            .player(&code, token(&headers))
            .and_then(|(kept, player)| {
                let word = word_of(&body(bytes)?)?;
                judge(&kept, player, &word)
            }),
    )
}

pub(super) async fn leave(
    State(app): State<Arc<App>>,
    Path(code): Code,
    headers: HeaderMap,
) -> Response {
    json(
        app.rooms
            .player(&code, token(&headers))
            .map(|(kept, player)| {
                kept.room().leave(player, wall_clock());
                kept.tell(RoomEvent::Changed);
                r#"{"left":true}"#.to_string()
            }),
    )
}

#[derive(Deserialize)]
pub(super) struct LiveQuery {
    token: Option<String>,
}

/// `GET /api/rooms/CODE/live`: the WebSocket. The token is checked before the upgrade,
/// so a bad one is a plain 401.
pub(super) async fn live(
    State(app): State<Arc<App>>,
    Path(code): Code,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let query: Option<LiveQuery> = query.and_then(|q| serde_urlencoded::from_str(&q).ok());
    let token = token(&headers)
        .map(str::to_string)
        .or(query.and_then(|q| q.token));
    let (kept, player) = match app.rooms.player(&code, token.as_deref()) {
        Ok(found) => found,
        Err(e) => return json(Err(e)),
    };
    let Ok(upgrade) = upgrade else {
        return json(Err(ApiError::new(
            400,
            "this endpoint is a WebSocket: connect with one",
        )));
    };
    // A player sends words and pings: small buffers (the default 128 KiB each way,
    // zeroed on the first read, made 8,000 connections cost 1.1 GB: docs/performance.md).
    upgrade
        .max_message_size(4096)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .on_upgrade(move |socket| connected(socket, kept, player))
        .into_response()
}

/// What a live connection sends: the room as its player sees it.
fn room_message(room: &Room, player: usize) -> Message {
    let view = room.view(player, wall_clock());
    Message::Text(format!(r#"{{"type":"room","room":{view}}}"#).into())
}

/// What a change is told as: the room as its player sees it, or, once the round is
/// over, that its results are there (`{"type": "results", "round": N}`), to be asked
/// for with `GET /api/rooms/CODE`: a connection keeps a buffer the size of the largest
/// message it was sent, and the results are the largest (8,000 players' connections
/// holding 25 KB each were 200 MB: docs/performance.md).
fn news(room: &Room, player: usize) -> Message {
    let now = wall_clock();
    match room.phase(now) {
        RoomPhase::Results => {
            let round = room.round().unwrap_or(0);
            Message::Text(format!(r#"{{"type":"results","round":{round}}}"#).into())
        }
        _ => room_message(room, player),
    }
}

/// One player's live connection: the room on connect and on every change, each
/// player's count as it changes; words may come in on it too (`{"type": "word",
/// "word": "..."}`, answered `{"type": "verdict", ...}`).
async fn connected(socket: WebSocket, kept: Arc<Kept>, player: usize) {
    let mut events = kept.listen();
    let first = {
        let mut room = kept.room();
        room.seen(player, wall_clock(), 1);
        room_message(&room, player)
    };
    kept.tell(RoomEvent::Changed);
    let (mut out, mut incoming) = socket.split();
    if out.send(first).await.is_err() {
        return gone(kept, player).await;
    }
    loop {
        let message = tokio::select! {
            event = events.recv() => match event {
                Ok(RoomEvent::Found { player: p, id, found }) if p != player => {
                    Message::Text(format!(r#"{{"type":"found","player":"{id}","found":{found}}}"#).into())
                }
                Ok(RoomEvent::Found { .. }) => continue,
                Ok(RoomEvent::Changed) | Err(RecvError::Lagged(_)) => news(&kept.room(), player),
                Err(RecvError::Closed) => break,
            },
            received = incoming.next() => match received {
                Some(Ok(Message::Text(text))) => reply(&kept, player, text.as_str()),
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Binary(_))) => continue,
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            },
        };
        if out.send(message).await.is_err() {
            break;
        }
    }
    gone(kept, player).await
}

/// The answer to a message a player sent on its live connection.
fn reply(kept: &Kept, player: usize, text: &str) -> Message {
    #[derive(Deserialize)]
    #[serde(tag = "type", rename_all = "lowercase")]
    enum Sent {
        Word { word: String },
        Ping,
    }
    let answer = match serde_json::from_str::<Sent>(text) {
        Ok(Sent::Word { word }) => checked_word(&word)
            .and_then(|word| judge(kept, player, &word))
            .map(|verdict| format!(r#"{{"type":"verdict",{}"#, &verdict[1..])),
        Ok(Sent::Ping) => Ok(r#"{"type":"pong"}"#.to_string()),
        Err(e) => Err(ApiError::bad(format!("not a message: {e}"))),
    };
    let text = answer.unwrap_or_else(|e| {
        serde_json::json!({"type": "error", "status": e.status, "error": e.message}).to_string()
    });
    Message::Text(text.into())
}

/// A live connection closed: the others are told, and if the host does not come back
/// within [`HOST_AWAY`], another player becomes host.
async fn gone(kept: Arc<Kept>, player: usize) {
    kept.room().seen(player, wall_clock(), -1);
    kept.tell(RoomEvent::Changed);
    if kept.room().is_host(player) {
        tokio::time::sleep(HOST_AWAY + Duration::from_millis(50)).await;
        if kept.room().hand_off(wall_clock(), HOST_AWAY) {
            kept.tell(RoomEvent::Changed);
        }
    }
}
