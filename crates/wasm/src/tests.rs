//! The page's backend on the host: the same calls the page makes.

use super::*;
use polyboggle_web::{api, Dictionaries};
use serde_json::Value;

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

/// A page with English, as the static page adds it (enable2k.pbd beside it).
fn english() -> Local {
    let mut local = Local::new();
    let bytes = include_bytes!("../../core/data/enable2k.pbd");
    let mut written = Bytes::new(bytes.len());
    for chunk in bytes.chunks(65536) {
        written.push(chunk);
    }
    assert_eq!(written.length(), bytes.len());
    local
        .open_dictionary("enable2k", written, Some("en".into()))
        .unwrap();
    local
}

#[test]
fn answers_as_the_server_does() {
    let local = english();
    let solved = local.solve(r#"{"board": "ATEE/APYO/TINU/EDSE"}"#).unwrap();
    let dicts = Dictionaries::builtin();
    let served = api::solve(&dicts, br#"{"board": "ATEE/APYO/TINU/EDSE"}"#).unwrap();
    assert_eq!(solved, served);
    assert!(solved.starts_with(r#"{"cols":4,"count":156,"rows":4,"score":221,"#));
    let rolled = json(
        &local
            .roll(r#"{"set": "english-new-4x4", "seed": 1}"#)
            .unwrap(),
    );
    assert_eq!(rolled["board"][0], serde_json::json!(["B", "X", "E", "S"]));
    assert_eq!(local.dice(), api::dice());
    let found = local.search("enable2k", "build=tacos&min_len=5").unwrap();
    assert_eq!(
        found,
        api::search(&dicts, "enable2k", "build=tacos&min_len=5").unwrap()
    );
    assert_eq!(
        found,
        "{\"words\": [\"ASCOT\", \"COAST\", \"COATS\", \"COSTA\", \"TACOS\"]}\n"
    );
    assert_eq!(local.search("nope", "pattern=a").unwrap_err().status(), 404);
    let err = local.solve(r#"{"board": "ATEE/AP"}"#).unwrap_err();
    assert_eq!(
        (err.status(), err.message()),
        (
            400,
            r#"board "ATEE/AP": row 2 has 2 faces, but row 1 has 4"#.to_string()
        )
    );
}

#[test]
fn plays_a_game_with_the_pages_clock() {
    let mut local = english();
    let t0 = 1.7e12;
    let view = json(
        &local
            .new_game(r#"{"board": "ATEE/APYO/TINU/EDSE", "timer": 60}"#, t0)
            .unwrap(),
    );
    let id = view["id"].as_str().unwrap().to_string();
    assert_eq!(view["time_left"], 60.0);
    let reply = json(
        &local
            .guess(&id, r#"{"word": "type"}"#, t0 + 1000.0)
            .unwrap(),
    );
    assert_eq!(reply["verdict"], "correct");
    let short = json(&local.guess(&id, r#"{"word": "tea"}"#, t0).unwrap());
    assert_eq!(short["verdict"], "too-short");
    // After the time and its grace, a guess finds the turn over.
    let late = local.guess(&id, r#"{"word": "yeti"}"#, t0 + 62_500.0);
    assert_eq!(late.unwrap_err().status(), 409);
    let view = json(&local.game(&id, t0 + 63_000.0).unwrap());
    assert_eq!(view["phase"], "results");
    assert!(view["message"].as_str().unwrap().starts_with("Time is up."));
    assert_eq!(local.game("nope", t0).unwrap_err().status(), 404);
    assert_eq!(
        local.forget(&id).unwrap(),
        format!(r#"{{"deleted":true,"id":"{id}"}}"#)
    );
}

#[test]
fn a_recorded_game_comes_back() {
    let mut local = english();
    let t0 = 1.7e12;
    let body = r#"{"set": "english-new-4x4", "seed": 7, "timer": 120}"#;
    let id = json(&local.new_game(body, t0).unwrap())["id"]
        .as_str()
        .unwrap()
        .to_string();
    let word = json(
        &local
            .solve(r#"{"board": "RNRH/TTRR/OIIA/KBUT", "rules": "cs106b"}"#)
            .unwrap(),
    )["words"][0]["word"]
        .as_str()
        .unwrap()
        .to_string();
    local
        .guess(&id, &format!(r#"{{"word": "{word}"}}"#), t0 + 5000.0)
        .unwrap();
    local.guess(&id, r#"{"word": "zzz"}"#, t0 + 6000.0).unwrap();
    let before = json(&local.game(&id, t0 + 10_000.0).unwrap());
    let record =
        format!(r#"{{"game": {body}, "at": {t0}, "guesses": ["{word}", "zzz"], "ended": null}}"#);
    let mut reloaded = english();
    let after = json(&reloaded.resume(&id, &record, t0 + 10_000.0).unwrap());
    assert_eq!(before, after);
    let late = json(&reloaded.resume(&id, &record, t0 + 121_000.0).unwrap());
    assert_eq!(late["phase"], "results");
}

#[test]
fn a_room_without_a_server_plays_on_the_links_clock_and_scores_as_the_server() {
    let mut local = english();
    let t0 = 1.7e12;
    let body = r#"{"name": "Ana", "board": "ATEE/APYO/TINU/EDSE", "timer": 60}"#;
    let view = json(&local.room_open("k", body, t0 + 5000.0, t0).unwrap());
    assert_eq!(
        (view["phase"].as_str(), view["starts_in"].as_f64()),
        (Some("countdown"), Some(5.0))
    );
    assert!(view["board"].is_null());
    let early = local.room_word("k", "tape", t0 + 1000.0).unwrap_err();
    assert_eq!(early.status(), 409);
    let reply = json(&local.room_word("k", "tape", t0 + 6000.0).unwrap());
    assert_eq!(
        (reply["verdict"].as_str(), reply["found"].as_u64()),
        (Some("correct"), Some(1))
    );
    let view = json(&local.room_view("k", t0 + 7000.0).unwrap());
    assert_eq!(view["phase"], "playing");
    assert_eq!(view["words"][0]["word"], "TAPE");
    assert_eq!(
        json(&local.room_view("k", t0 + 68_000.0).unwrap())["phase"],
        "results"
    );

    // The lists scored together: the server's own Room, every word judged.
    let settings = r#"{"board": "ATEE/APYO/TINU/EDSE", "timer": 60, "scoring": "classic"}"#;
    let lists = r#"[{"name": "Ana", "words": ["tape", "pate", "zzzz"]},
                    {"name": "Bo", "words": ["TAPE", "type", "type"]}]"#;
    let results = json(&local.room_results(settings, lists).unwrap());
    assert_eq!(results["phase"], "results");
    let players = results["players"].as_array().unwrap();
    assert_eq!(
        (players[0]["score"].as_u64(), players[1]["score"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(players[0]["words"][0]["struck"], true);
    assert_eq!(players[0]["words"][0]["also"][0], "Bo");
    assert_eq!(players[1]["words"].as_array().unwrap().len(), 2);
    assert_eq!(results["winners"], serde_json::json!(["p1", "p2"]));
    let many: Vec<String> = (0..100).map(|_| "tape".to_string()).collect();
    let lists = serde_json::json!([{"name": "Cy", "words": many}]).to_string();
    assert_eq!(
        json(&local.room_results(settings, &lists).unwrap())["players"][0]["score"],
        1
    );
    assert_eq!(
        local.room_results(settings, "[]").unwrap_err().status(),
        400
    );
}

#[test]
fn a_compiled_dictionary_is_added() {
    let mut compiler = polyboggle::Compiler::new(Default::default());
    compiler.add_text("tea eat ate");
    let (bytes, _) = compiler.finish("three.txt").unwrap();
    let mut local = english();
    let dicts = json(&local.add_dictionary("three", bytes, None).unwrap());
    assert_eq!(dicts["dicts"][1]["words"], 3);
    let solved = json(
        &local
            .solve(r#"{"board": "TE/AX", "dict": "three"}"#)
            .unwrap(),
    );
    assert_eq!(solved["score"], 3);
    let err = local
        .add_dictionary("x", b"not a dictionary".to_vec(), None)
        .unwrap_err();
    assert!(err.message().starts_with('x'), "{}", err.message());
    let total = local
        .score_lines("perslatgsineters\n\nATEE/APYO/TINU/EDSE\n", "hasbro")
        .unwrap();
    assert_eq!(total, r#"{"boards":2,"score":3846}"#);
}

#[test]
fn english_comes_in_as_bytes_and_a_damaged_file_is_refused() {
    let local = english();
    let dicts = json(&local.dicts());
    assert_eq!(dicts["dicts"][0]["name"], "enable2k");
    assert_eq!(dicts["dicts"][0]["language"]["tag"], "en");
    assert_eq!(dicts["dicts"][0]["tiers"].as_array().unwrap().len(), 4);
    let mut damaged = include_bytes!("../../core/data/enable2k.pbd").to_vec();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x55;
    let mut local = Local::new();
    let err = local
        .add_dictionary("en", damaged, Some("en".into()))
        .unwrap_err();
    assert_eq!(err.status(), 400);
    assert!(err.message().contains("checksum"), "{}", err.message());
    assert_eq!(
        local.solve(r#"{"board": "AB/CD"}"#).unwrap_err().status(),
        400
    );
    let all = json(&languages());
    let hebrew = all.as_array().unwrap().iter().find(|l| l["tag"] == "he");
    assert_eq!(hebrew.unwrap()["rtl"], true);
}
