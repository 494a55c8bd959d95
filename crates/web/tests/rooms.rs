//! Rooms over HTTP, in-process, and their live connection on a loopback port: who may
//! do what, that a refusal changes nothing, and that the news comes over the socket.

use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use polyboggle_web::{router, App, Dictionaries};
use serde_json::{json, Value};
use tower::ServiceExt;

use crate::common::BOARD;

struct Reply {
    status: u16,
    body: Value,
}

fn call(app: &Router, method: &str, uri: &str, token: Option<&str>, body: Value) -> Reply {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(token) = token {
            request = request.header("Authorization", format!("Bearer {token}"));
        }
        let text = if body.is_null() {
            String::new()
        } else {
            body.to_string()
        };
        let response = app
            .clone()
            .oneshot(request.body(Body::from(text)).unwrap())
            .await
            .unwrap();
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        Reply {
            status,
            body: serde_json::from_slice(&bytes).unwrap(),
        }
    })
}

/// A room of Ana (the host) and Bo: its code and their tokens.
fn room(app: &Router) -> (String, String, String) {
    let opened = call(
        app,
        "POST",
        "/api/rooms",
        None,
        json!({"name": "Ana", "board": BOARD, "timer": 60}),
    );
    assert_eq!(opened.status, 200, "{}", opened.body);
    let code = opened.body["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 6);
    assert_eq!(opened.body["player"], "p1");
    let ana = opened.body["token"].as_str().unwrap().to_string();
    assert_eq!(ana.len(), 32, "128 bits in hex");
    let joined = call(
        app,
        "POST",
        &format!("/api/rooms/{code}/join"),
        None,
        json!({"name": "Bo"}),
    );
    assert_eq!(joined.body["player"], "p2");
    let bo = joined.body["token"].as_str().unwrap().to_string();
    assert_ne!(ana, bo);
    (code, ana, bo)
}

fn error(reply: &Reply, status: u16) -> String {
    assert_eq!(reply.status, status, "{}", reply.body);
    let object = reply.body.as_object().unwrap();
    assert_eq!(object.len(), 1, "{}", reply.body);
    object["error"].as_str().unwrap().to_string()
}

#[test]
fn refusals_are_one_line_and_change_nothing() {
    let app = router(Arc::new(App::new(Dictionaries::builtin())));
    let (code, ana, bo) = room(&app);
    let before = call(
        &app,
        "GET",
        &format!("/api/rooms/{code}"),
        Some(&ana),
        Value::Null,
    )
    .body;
    assert!(error(
        &call(&app, "GET", "/api/rooms/ZZZZZZ", Some(&ana), Value::Null),
        404
    )
    .contains("no room"));
    assert!(error(
        &call(
            &app,
            "GET",
            &format!("/api/rooms/{code}"),
            None,
            Value::Null
        ),
        401
    )
    .contains("Bearer"));
    let forged = "0".repeat(32);
    error(
        &call(
            &app,
            "GET",
            &format!("/api/rooms/{code}"),
            Some(&forged),
            Value::Null,
        ),
        401,
    );
    error(
        &call(
            &app,
            "POST",
            &format!("/api/rooms/{code}/words"),
            Some(&forged),
            json!({"word": "tape"}),
        ),
        401,
    );
    assert!(error(
        &call(
            &app,
            "POST",
            &format!("/api/rooms/{code}/start"),
            Some(&bo),
            json!({"countdown": 0})
        ),
        403
    )
    .contains("host"));
    for name in [String::new(), "x".repeat(25), "a\u{1b}[31m".to_string()] {
        let join = format!("/api/rooms/{code}/join");
        error(
            &call(&app, "POST", &join, None, json!({ "name": name })),
            400,
        );
    }
    error(
        &call(
            &app,
            "POST",
            "/api/rooms",
            None,
            json!({"name": "Ana", "scoring": "unique"}),
        ),
        400,
    );
    let after = call(
        &app,
        "GET",
        &format!("/api/rooms/{code}"),
        Some(&ana),
        Value::Null,
    )
    .body;
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("now_ms");
        v
    };
    assert_eq!(strip(before), strip(after));
}

#[test]
fn before_the_results_nobody_sees_another_players_words() {
    let app = router(Arc::new(App::new(Dictionaries::builtin())));
    let (code, ana, bo) = room(&app);
    let started = call(
        &app,
        "POST",
        &format!("/api/rooms/{code}/start"),
        Some(&ana),
        json!({"countdown": 0}),
    );
    assert_eq!(started.body["phase"], "playing");
    let verdict = call(
        &app,
        "POST",
        &format!("/api/rooms/{code}/words"),
        Some(&ana),
        json!({"word": "detinues"}),
    );
    assert_eq!(verdict.body["verdict"], "correct", "{}", verdict.body);
    let seen = call(
        &app,
        "GET",
        &format!("/api/rooms/{code}"),
        Some(&bo),
        Value::Null,
    );
    assert!(!seen.body.to_string().contains("DETINUES"), "{}", seen.body);
    assert_eq!(seen.body["players"][0]["found"], 1);
    let own = call(
        &app,
        "GET",
        &format!("/api/rooms/{code}"),
        Some(&ana),
        Value::Null,
    );
    assert_eq!(own.body["words"][0]["word"], "DETINUES");
}

#[test]
fn the_live_connection_pushes_the_changes() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let app = Arc::new(App::new(Dictionaries::builtin()));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(polyboggle_web::serve(listener, app.clone()));
        let router = router(app.clone());
        let (code, ana, bo) = tokio::task::spawn_blocking(move || room(&router))
            .await
            .unwrap();
        // A token that is no player's is refused before the upgrade.
        let refused = tokio_tungstenite::connect_async(format!(
            "ws://{address}/api/rooms/{code}/live?token=nope"
        ))
        .await;
        assert!(refused.is_err());
        let (mut socket, _) = tokio_tungstenite::connect_async(format!(
            "ws://{address}/api/rooms/{code}/live?token={bo}"
        ))
        .await
        .unwrap();
        let next =
            |text: Message| -> Value { serde_json::from_str(text.to_text().unwrap()).unwrap() };
        let first = next(socket.next().await.unwrap().unwrap());
        assert_eq!(
            (first["type"].as_str(), first["room"]["phase"].as_str()),
            (Some("room"), Some("lobby"))
        );
        // The host starts: the room comes with its board.
        let client = reqwest_free_post(
            address,
            &format!("/api/rooms/{code}/start"),
            &ana,
            r#"{"countdown":0}"#,
        )
        .await;
        assert!(client.starts_with("HTTP/1.1 200"), "{client}");
        let mut view = Value::Null;
        while view["phase"] != "playing" {
            let message = next(socket.next().await.unwrap().unwrap());
            if message["type"] == "room" {
                view = message["room"].clone();
            }
        }
        assert_eq!(view["board"][0][0], "A");
        // A word over the socket gets its verdict; another's word its count.
        socket
            .send(Message::Text(r#"{"type":"word","word":"tape"}"#.into()))
            .await
            .unwrap();
        let verdict = loop {
            let message = next(socket.next().await.unwrap().unwrap());
            if message["type"] == "verdict" {
                break message;
            }
        };
        assert_eq!(
            (verdict["verdict"].as_str(), verdict["found"].as_u64()),
            (Some("correct"), Some(1))
        );
        reqwest_free_post(
            address,
            &format!("/api/rooms/{code}/words"),
            &ana,
            r#"{"word":"pate"}"#,
        )
        .await;
        let count = loop {
            let message = next(socket.next().await.unwrap().unwrap());
            if message["type"] == "found" {
                break message;
            }
        };
        assert_eq!(count, json!({"type": "found", "player": "p1", "found": 1}));
    });
}

/// A POST over a plain TCP connection, its whole answer as text.
async fn reqwest_free_post(
    address: std::net::SocketAddr,
    path: &str,
    token: &str,
    body: &str,
) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
}
