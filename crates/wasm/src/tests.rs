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

/// A JSON answer without its `seconds` (the time a search took, the one field that
/// differs from run to run).
fn timeless(text: &str) -> Value {
    let mut v = json(text);
    v["seconds"] = Value::Null;
    v
}

#[test]
fn a_crossword_fill_is_the_command_lines() {
    // The CLI's answer for this grid, list and seed, kept beside the grids:
    //   polyboggle crossword fill tests/data/crossword/grids/british-13-01.txt \
    //     --words dictionaries/enable2k.txt --style british --seed 1 --format json
    let expected =
        include_str!("../../../tests/data/crossword/cli/fill-british-13-01-enable2k.json");
    let local = Local::new();
    let list = include_str!("../../../dictionaries/enable2k.txt");
    let body = serde_json::json!({ "text": list }).to_string();
    let listed = json(&local.crossword_list(&body).unwrap());
    assert_eq!(listed["words"], 173528);
    let grid = include_str!("../../../tests/data/crossword/grids/british-13-01.txt");
    let request =
        serde_json::json!({"grid": grid, "style": "british", "list": listed["id"], "seed": 1});
    let mut reports = Vec::new();
    let filled = local
        .crossword_fill_with(&request.to_string(), &mut |p| reports.push(p.to_string()))
        .unwrap();
    assert_eq!(timeless(&filled), timeless(expected));
    // Byte for byte, but for the time it took.
    let strip = |t: &str| {
        let at = t.find("\"seconds\":").unwrap();
        let end = at + t[at..].find([',', '}']).unwrap();
        format!("{}{}", &t[..at], &t[end..])
    };
    assert_eq!(strip(&filled), strip(expected));
    for r in &reports {
        let r = json(r);
        assert!(
            r["attempts"].is_u64() && r["restarts"].is_u64() && r["seconds"].is_f64(),
            "{r}"
        );
    }
    // The server's function answers the same.
    let lists = polyboggle_web::crossword::Lists::default();
    lists.add(list).unwrap();
    let dicts = Dictionaries::none();
    let cx = polyboggle_web::crossword::Context {
        dicts: &dicts,
        lists: &lists,
    };
    let served = polyboggle_web::crossword::fill(&cx, request.to_string().as_bytes(), &mut |_| {
        std::ops::ControlFlow::Continue(())
    })
    .unwrap();
    assert_eq!(timeless(&served), timeless(&filled));
}

#[test]
fn a_crossword_layout_is_the_command_lines() {
    //   head -8 tests/data/crossword/en-20-1.txt | polyboggle crossword - --auto --seed 1 --format json
    let expected = include_str!("../../../tests/data/crossword/cli/layout-en-20-1-head8-auto.json");
    let words: String = include_str!("../../../tests/data/crossword/en-20-1.txt")
        .lines()
        .take(8)
        .map(|l| format!("{l}\n"))
        .collect();
    // The search ends on its own (`complete`): a longer budget than the CLI's 1 s
    // changes nothing but lets a debug build finish.
    let request =
        serde_json::json!({"words": words, "auto": true, "seed": 1, "time": 8}).to_string();
    let laid = Local::new().crossword_layout(&request).unwrap();
    assert_eq!(timeless(&laid), timeless(expected));
    assert_eq!(
        timeless(&polyboggle_web::crossword::layout(request.as_bytes()).unwrap()),
        timeless(&laid)
    );
}

#[test]
fn the_crossword_operations_answer_as_the_servers_do() {
    let local = english();
    let lists = polyboggle_web::crossword::Lists::default();
    let dicts = Dictionaries::builtin();
    let cx = polyboggle_web::crossword::Context {
        dicts: &dicts,
        lists: &lists,
    };
    use polyboggle_web::crossword as cw;
    let check = r#"{"grid": "...\n.#.\n...", "style": "british"}"#;
    assert_eq!(
        local.crossword_check(check).unwrap(),
        cw::check(check.as_bytes()).unwrap()
    );
    let list = r#"{"text": "cat;60\ncow;50\ntoe;50\nwoe;40\n"}"#;
    let id = local.crossword_list(list).unwrap();
    assert_eq!(id, cw::list(&lists, list.as_bytes()).unwrap());
    let id = json(&id)["id"].as_str().unwrap().to_string();
    for source in [
        serde_json::json!({"list": id}),
        serde_json::json!({"dict": "enable2k"}),
    ] {
        let mut fits = serde_json::json!({"grid": "c..\n.#.\n...", "style": "british",
                                          "row": 0, "col": 0, "direction": "across"});
        fits.as_object_mut()
            .unwrap()
            .extend(source.as_object().unwrap().clone());
        let fits = fits.to_string();
        assert_eq!(
            local.crossword_fits(&fits).unwrap(),
            cw::fits(&cx, fits.as_bytes()).unwrap()
        );
    }
    let export = r#"{"grid": "CAT\nO#O\nWOE", "style": "british", "format": "puz"}"#;
    assert_eq!(
        local.crossword_export(export).unwrap(),
        cw::export(export.as_bytes()).unwrap()
    );
    let import = r#"{"text": "c..\n.#.\n...", "format": "text"}"#;
    assert_eq!(
        local.crossword_import(import).unwrap(),
        cw::import(import.as_bytes()).unwrap()
    );
    let err = local
        .crossword_fits(r#"{"grid": "c..\n.#.\n...", "style": "british", "dict": "enable2k", "row": 1, "col": 1, "direction": "down"}"#)
        .unwrap_err();
    assert_eq!(err.status(), 422);
    assert_eq!(err.at().as_deref(), Some(r#"{"col":1,"row":1}"#));
}
