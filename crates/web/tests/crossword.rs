//! The crossword endpoints over HTTP, in-process: each answers what
//! `polyboggle_web::crossword` answers (the page's module too), with the status the
//! contract gives; fills run in the background, report progress, and stop.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use polyboggle_web::crossword::{self, Context, Fills};
use polyboggle_web::{router, App, Dictionaries};
use serde_json::{json, Value};

use crate::common::{app, call, get, post};

const LIST: &str = "cat;60\ncow;50\ntoe;50\nwoe;40\ncar;50\ntar;30\n";
const RING: &str = "c..\n.#.\n...";

fn list_id(app: &axum::Router) -> String {
    let reply = post(app, "/api/crossword/list", json!({ "text": LIST }));
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()["id"].as_str().unwrap().to_string()
}

/// Polls a fill until it is no longer running.
fn finished(app: &axum::Router, id: &str) -> Value {
    let started = Instant::now();
    loop {
        let reply = get(app, &format!("/api/crossword/fills/{id}"));
        assert_eq!(reply.status, 200, "{}", reply.body);
        let state = reply.json();
        if state["state"] != "running" {
            return state;
        }
        assert!(started.elapsed() < Duration::from_secs(120), "{state}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_operations_answer_as_the_library_does() {
    let app = app();
    let reply = post(
        &app,
        "/api/crossword/check",
        json!({"grid": RING, "style": "british"}),
    );
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.body,
        crossword::check(
            json!({"grid": RING, "style": "british"})
                .to_string()
                .as_bytes()
        )
        .unwrap()
    );
    let id = list_id(&app);
    let fits = post(
        &app,
        "/api/crossword/fits",
        json!({"grid": RING, "style": "british", "list": id, "row": 0, "col": 0, "direction": "down"}),
    );
    assert_eq!(fits.status, 200, "{}", fits.body);
    assert_eq!(
        fits.json()["candidates"][0],
        json!({"word": "CAT", "score": 60})
    );
    let layout = post(
        &app,
        "/api/crossword/layout",
        json!({"words": "seven\nnine\nten\neleven\n", "size": "7x7"}),
    );
    assert_eq!(layout.status, 200);
    assert_eq!(layout.json()["placed"], 4);
    let export = post(
        &app,
        "/api/crossword/export",
        json!({"grid": "CAT\nO#O\nWOE", "style": "british", "format": "ipuz"}),
    );
    assert_eq!(export.status, 200);
    let ipuz = export.json()["text"].as_str().unwrap().to_string();
    let import = post(
        &app,
        "/api/crossword/import",
        json!({"text": ipuz, "format": "ipuz"}),
    );
    assert_eq!(import.json()["grid"], "CAT\nO#O\nWOE\n");
}

#[test]
fn bad_input_is_422_with_the_square_and_malformed_json_400() {
    let app = app();
    let reply = post(
        &app,
        "/api/crossword/list",
        json!({"text": "cat;50\ndog;lots\n"}),
    );
    assert_eq!(reply.status, 422);
    assert_eq!(
        reply.json(),
        json!({"error": "line 2: score \"lots\" is not a whole number"})
    );
    let reply = call(&app, "POST", "/api/crossword/check", "{\"grid\": ");
    assert_eq!(reply.status, 400);
    let id = list_id(&app);
    let reply = post(
        &app,
        "/api/crossword/fills",
        json!({"grid": "c..\n.#.\n...", "list": id}),
    );
    assert_eq!(reply.status, 422);
    let error = reply.json();
    assert!(error["error"]
        .as_str()
        .unwrap()
        .starts_with("row 1, column 2: an unchecked square"));
    assert_eq!(error["at"], json!({"row": 0, "col": 1}));
    let reply = post(
        &app,
        "/api/crossword/fits",
        json!({"grid": RING, "style": "british", "list": "0123", "row": 0, "col": 0, "direction": "down"}),
    );
    assert_eq!(reply.status, 404);
    let ipuz = post(
        &app,
        "/api/crossword/import",
        json!({"text": "{\"a\": }", "format": "ipuz"}),
    );
    assert_eq!(ipuz.status, 422);
    assert_eq!(ipuz.json()["error"], "line 1, column 7: expected value");
}

#[test]
fn a_list_may_be_larger_than_other_bodies() {
    let app = app();
    let text: String = (0..20_000)
        .map(|i| format!("w{}x;50\n", to_letters(i)))
        .collect();
    assert!(text.len() > 100_000);
    let reply = post(&app, "/api/crossword/list", json!({ "text": text }));
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.json()["words"], 20_000);
    let big = "#".repeat(2 * 1024 * 1024);
    let reply = post(&app, "/api/crossword/check", json!({ "grid": big }));
    assert_eq!(reply.status, 413);
}

fn to_letters(mut i: usize) -> String {
    let mut s = String::new();
    loop {
        s.push((b'a' + (i % 26) as u8) as char);
        i /= 26;
        if i == 0 {
            return s;
        }
    }
}

#[test]
fn a_fill_runs_in_the_background_and_answers_what_the_library_does() {
    let app = app();
    let id = list_id(&app);
    let request = json!({"grid": RING, "style": "british", "list": id, "seed": 2});
    let reply = post(&app, "/api/crossword/fills", request.clone());
    assert_eq!(reply.status, 202, "{}", reply.body);
    let fill = reply.json()["id"].as_str().unwrap().to_string();
    let state = finished(&app, &fill);
    assert_eq!(state["state"], "done", "{state}");
    // The library's answer for the same request, over the same list.
    let lists = crossword::Lists::default();
    let dicts = Dictionaries::none();
    let cx = Context {
        dicts: &dicts,
        lists: &lists,
    };
    lists.add(LIST).unwrap();
    let expected = crossword::fill(&cx, request.to_string().as_bytes(), &mut |_| {
        ControlFlow::Continue(())
    })
    .unwrap();
    let mut expected: Value = serde_json::from_str(&expected).unwrap();
    let mut result = state["result"].clone();
    result["seconds"] = Value::Null;
    expected["seconds"] = Value::Null;
    assert_eq!(result, expected);
    // Forgotten once deleted.
    let reply = call(&app, "DELETE", &format!("/api/crossword/fills/{fill}"), "");
    assert_eq!(reply.status, 200);
    assert_eq!(
        get(&app, &format!("/api/crossword/fills/{fill}")).status,
        404
    );
}

#[test]
fn a_fill_with_no_fill_names_the_entry() {
    let app = app();
    let id = list_id(&app);
    let request = json!({"grid": "...\n...\n...", "list": id, "min_score": 60});
    let reply = post(&app, "/api/crossword/fills", request);
    assert_eq!(reply.status, 202, "{}", reply.body);
    let state = finished(&app, reply.json()["id"].as_str().unwrap());
    assert_eq!(state["state"], "failed");
    assert!(
        state["error"]
            .as_str()
            .unwrap()
            .contains("cannot be filled"),
        "{state}"
    );
    assert_eq!(state["at"]["direction"], "across");
}

#[test]
fn a_long_fill_reports_progress_and_stops() {
    let app = app();
    // The built-in dictionary on a 15×15 grid takes seconds in a debug build.
    let grid = std::fs::read_to_string(crate::common::repo(
        "tests/data/crossword/grids/american-15-04.txt",
    ))
    .unwrap();
    let reply = post(
        &app,
        "/api/crossword/fills",
        json!({"grid": grid, "dict": "enable2k", "time": 60}),
    );
    assert_eq!(reply.status, 202, "{}", reply.body);
    let fill = reply.json()["id"].as_str().unwrap().to_string();
    std::thread::sleep(Duration::from_millis(700));
    let state = get(&app, &format!("/api/crossword/fills/{fill}")).json();
    if state["state"] == "running" {
        assert!(state["attempts"].as_u64().is_some() && state["seconds"].as_f64().is_some());
        let reply = call(&app, "DELETE", &format!("/api/crossword/fills/{fill}"), "");
        assert_eq!(reply.json(), json!({"state": "stopped"}));
        assert_eq!(finished(&app, &fill), json!({"state": "stopped"}));
    }
}

#[test]
fn a_full_server_answers_503() {
    let mut app = App::new(Dictionaries::builtin());
    app.crossword_fills = Fills::new(1);
    let app = router(Arc::new(app));
    let grid = std::fs::read_to_string(crate::common::repo(
        "tests/data/crossword/grids/american-15-04.txt",
    ))
    .unwrap();
    let request = json!({"grid": grid, "dict": "enable2k", "time": 30});
    let first = post(&app, "/api/crossword/fills", request.clone());
    assert_eq!(first.status, 202);
    let second = post(&app, "/api/crossword/fills", request);
    if finished_quickly(&app, &first) {
        return;
    }
    assert_eq!(second.status, 503, "{}", second.body);
    assert!(second.headers.get("retry-after").is_some());
    let id = first.json()["id"].as_str().unwrap().to_string();
    call(&app, "DELETE", &format!("/api/crossword/fills/{id}"), "");
}

/// Did the first fill end before the second was asked for (a fast machine)?
fn finished_quickly(app: &axum::Router, first: &crate::common::Reply) -> bool {
    let id = first.json()["id"].as_str().unwrap().to_string();
    get(app, &format!("/api/crossword/fills/{id}")).json()["state"] != "running"
}
