//! `polyboggle serve`: every endpoint, good and bad requests, and the limits. Most tests
//! call the router in-process; the last ones start the real binary on 127.0.0.1.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use crate::common::{bad, ok, repo};
use axum::body::Body;
use axum::http::Request;
use axum::Router;
use polyboggle::{Lexicon, Profile, Rules, Solver};
use polyboggle_dice::DiceSet;
use polyboggle_play::game::{Round, Verdict};
use polyboggle_web::{router, serve_within, App, Capacity, Dictionaries, Games, Limits, MAX_BODY};
use serde_json::{json, Value};
use tower::ServiceExt;

const BOARD: &str = "ATEE/APYO/TINU/EDSE";

/// A reply: status, content type, body.
struct Reply {
    status: u16,
    content_type: String,
    body: String,
    headers: axum::http::HeaderMap,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// Asserts an error reply: this status, `{"error": one line}`; returns the line.
    fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(self.content_type, "application/json");
        let value = self.json();
        let object = value.as_object().unwrap();
        assert_eq!(object.len(), 1, "{}", self.body);
        let line = object["error"].as_str().unwrap().to_string();
        assert!(!line.is_empty() && !line.contains('\n'), "{line:?}");
        line
    }
}

fn app() -> Router {
    router(Arc::new(App::new(Dictionaries::builtin())))
}

fn call(app: &Router, method: &str, uri: &str, body: impl Into<Body>) -> Reply {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let request = Request::builder()
            .method(method)
            .uri(uri)
            .body(body.into())
            .unwrap();
        let response = app.clone().oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let content_type = headers
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        Reply {
            status,
            content_type,
            body: String::from_utf8(bytes.to_vec()).unwrap(),
            headers,
        }
    })
}

fn post(app: &Router, uri: &str, body: Value) -> Reply {
    call(app, "POST", uri, body.to_string())
}

fn get(app: &Router, uri: &str) -> Reply {
    call(app, "GET", uri, Body::empty())
}

#[test]
fn solve_answers_exactly_what_the_cli_prints() {
    let app = app();
    let cases: &[(Value, &[&str])] = &[
        (json!({"board": BOARD}), &[BOARD]),
        (
            json!({"board": BOARD, "dict": "enable2k", "rules": "hasbro"}),
            &[BOARD, "--rules", "hasbro"],
        ),
        (
            json!({"board": BOARD, "rules": "cs106b"}),
            &[BOARD, "--rules", "cs106b"],
        ),
        (
            json!({"board": "Qu A I/T E R/S # N", "min_len": 4, "points": "0,0,0,0,1,2", "qu": false}),
            &[
                "Qu A I/T E R/S # N",
                "--min-len",
                "4",
                "--points",
                "0,0,0,0,1,2",
                "--qu",
                "off",
            ],
        ),
        (
            json!({"board": "4 4\nA T E E\nA P Y O\nT I N U\nE D S E\n"}),
            &["4 4\nA T E E\nA P Y O\nT I N U\nE D S E\n"],
        ),
    ];
    for (request, args) in cases {
        let reply = post(&app, "/api/solve", request.clone());
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert_eq!(reply.content_type, "application/json");
        let mut cli = vec!["solve", "--format", "json"];
        cli.extend_from_slice(args);
        assert_eq!(reply.body, ok(&cli), "{request}");
    }
}

#[test]
fn solution_json_is_the_contracts() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let board = BOARD.parse().unwrap();
    let solution = Solver::new(&lexicon, Rules::hasbro()).solve(&board);
    let value: Value = serde_json::from_str(&solution.to_json(&board, lexicon.profile())).unwrap();
    assert_eq!(value["count"], 156);
    assert_eq!(value["score"], solution.score);
    let aid = &value["words"][0];
    assert_eq!(
        aid,
        &json!({"word": "AID", "points": 1, "path": [[1, 0], [2, 1], [3, 1]]})
    );
}

#[test]
fn bad_input_gets_400_and_the_clis_own_line() {
    let app = app();
    let cases: &[(Value, &[&str])] = &[
        (json!({"board": "ATEE/AP"}), &["ATEE/AP"]),
        (json!({"board": ""}), &[""]),
        (json!({"board": "3 3\nA B C"}), &["3 3\nA B C"]),
        (
            json!({"board": BOARD, "rules": "scrabble"}),
            &[BOARD, "--rules", "scrabble"],
        ),
        (
            json!({"board": BOARD, "points": "1,x"}),
            &[BOARD, "--points", "1,x"],
        ),
    ];
    for (request, args) in cases {
        let line = post(&app, "/api/solve", request.clone()).error(400);
        let mut cli = vec!["solve"];
        cli.extend_from_slice(args);
        let stderr = bad(&cli);
        assert_eq!(format!("polyboggle: {line}\n"), stderr, "{request}");
    }
}

#[test]
fn malformed_requests_get_400_never_500() {
    let app = app();
    let bodies: &[&str] = &[
        "",
        "{",
        "null",
        "[]",
        "\"ATEE\"",
        r#"{"board": 7}"#,
        r#"{"board": "ABCD/EFGH", "rule": "hasbro"}"#,
        r#"{"board": "ABCD/EFGH"} trailing"#,
        r#"{"board": "ABCD/EFGH", "min_len": -1}"#,
        "\u{feff}\u{feff}{}",
        &"[".repeat(10_000),
    ];
    for body in bodies {
        let line = call(&app, "POST", "/api/solve", body.to_string()).error(400);
        assert!(line.starts_with("request body: "), "{line}");
    }
    let invalid_utf8 = call(&app, "POST", "/api/solve", vec![b'{', 0xff, b'}']);
    invalid_utf8.error(400);
    let missing = call(&app, "POST", "/api/solve", "{}").error(400);
    assert!(missing.contains("missing field `board`"), "{missing}");
}

#[test]
fn a_body_may_begin_with_a_byte_order_mark() {
    // Editors on Windows save one; the CLI skips it in every file it reads.
    let app = app();
    let body = format!("\u{feff}{}", json!({"board": BOARD}));
    let reply = call(&app, "POST", "/api/solve", body);
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.body, ok(&["solve", "--format", "json", BOARD]));
    let roll = call(&app, "POST", "/api/roll", "\u{feff}{\"seed\": 7}");
    assert_eq!(roll.json()["inline"], "RNRH/TTRR/OIIA/KBUT");
    let game = call(&app, "POST", "/api/games", "\u{feff}");
    assert_eq!(game.json()["phase"], "human");
    let id = game.json()["id"].as_str().unwrap().to_string();
    let guess = call(
        &app,
        "POST",
        &format!("/api/games/{id}/guess"),
        "\u{feff}{\"word\": \"zzqxv\"}",
    );
    assert_eq!(guess.json()["verdict"], "not-a-word");
}

#[test]
fn requests_name_dictionaries_never_paths() {
    let app = app();
    for name in [
        "enable2k.pbd",
        "dictionaries/enable2k.pbd",
        "/etc/passwd",
        "../Cargo.toml",
        "",
    ] {
        let line = post(&app, "/api/solve", json!({"board": BOARD, "dict": name})).error(400);
        assert_eq!(
            line,
            format!("unknown dictionary '{name}' (there are: enable2k)")
        );
    }
    // Boards are text, never file names: "Cargo.toml" is ten letters, not a square.
    let line = post(&app, "/api/solve", json!({"board": "Cargo.toml"})).error(400);
    assert!(line.contains("10 letters"), "{line}");
    let reply = post(&app, "/api/solve", json!({"board": repo("Cargo.toml")}));
    assert!(!reply.body.contains("POLYBOGGLE"), "{}", reply.body);
}

#[test]
fn limits_on_bodies_and_boards() {
    let app = app();
    let huge = format!(r#"{{"board": "{}"}}"#, "A".repeat(MAX_BODY));
    let line = call(&app, "POST", "/api/solve", huge).error(413);
    assert_eq!(line, "the request body is larger than 65536 bytes");

    let long = json!({"board": "AB/".repeat(2000)});
    assert!(post(&app, "/api/solve", long)
        .error(400)
        .starts_with("board: 6000 bytes; the server takes at most 4096"));

    let row = "A".repeat(13);
    let wide = vec![row.as_str(); 13].join("/");
    let line = post(&app, "/api/solve", json!({"board": wide})).error(400);
    assert!(
        line.ends_with("13x13 is larger than this server's limit of 12x12"),
        "{line}"
    );

    let twelve = vec!["ESTR"; 36].join("").chars().collect::<Vec<_>>();
    let rows: Vec<String> = twelve.chunks(12).map(|c| c.iter().collect()).collect();
    let reply = post(&app, "/api/solve", json!({"board": rows.join("/")}));
    assert_eq!(reply.status, 200, "the largest board solves");

    let face = "X".repeat(33);
    let line = post(
        &app,
        "/api/solve",
        json!({"board": format!("{face} A/B C")}),
    )
    .error(400);
    assert!(line.contains("is longer than 32 bytes"), "{line}");

    let guess = json!({"word": "A".repeat(300)});
    let game = post(&app, "/api/games", json!({"seed": 1})).json();
    let line = post(
        &app,
        &format!("/api/games/{}/guess", game["id"].as_str().unwrap()),
        guess,
    )
    .error(400);
    assert!(line.contains("a guess has at most 256"), "{line}");
}

#[test]
fn dice_lists_the_built_in_sets() {
    let reply = get(&app(), "/api/dice");
    assert_eq!(reply.status, 200);
    let sets = reply.json()["sets"].as_array().unwrap().clone();
    let listed: Vec<String> = ok(&["roll", "--list"])
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect();
    let names: Vec<&str> = sets.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, listed);
    let new = sets
        .iter()
        .find(|s| s["name"] == "english-new-4x4")
        .unwrap();
    assert_eq!(
        (new["rows"].as_u64(), new["cols"].as_u64()),
        (Some(4), Some(4))
    );
    assert_eq!(new["confidence"], "published");
}

#[test]
fn roll_is_the_clis_roll() {
    let app = app();
    for (set, seed) in [
        ("english-new-4x4", 7),
        ("english-superbig-6x6", 3),
        ("german-fanmade-multiletter-4x4", 1),
    ] {
        let reply = post(&app, "/api/roll", json!({"set": set, "seed": seed})).json();
        let cli: Value = serde_json::from_str(&ok(&[
            "roll",
            set,
            "--seed",
            &seed.to_string(),
            "--format",
            "json",
        ]))
        .unwrap();
        for key in ["set", "seed", "rows", "cols", "board", "dice"] {
            assert_eq!(reply[key], cli[key], "{set} {key}");
        }
        // The inline form reads back as the same board.
        let inline: polyboggle::Board = reply["inline"].as_str().unwrap().parse().unwrap();
        let rolled = DiceSet::builtin(set).unwrap().roll(seed, None).unwrap();
        assert_eq!(inline, rolled);
    }
    let sized = post(
        &app,
        "/api/roll",
        json!({"set": "english-big-original-5x5", "seed": 2, "size": "4x4"}),
    )
    .json();
    assert_eq!(sized["rows"], 4);
    // No body: a random roll of the default set, with the seed it used.
    let random = call(&app, "POST", "/api/roll", Body::empty()).json();
    assert_eq!(random["set"], "english-new-4x4");
    assert!(random["seed"].as_u64().unwrap() < 1_000_000_000);

    let line = post(
        &app,
        "/api/roll",
        json!({"set": "dice-sets/english-new-4x4.txt"}),
    )
    .error(400);
    assert_eq!(
        line,
        "unknown dice set 'dice-sets/english-new-4x4.txt' (GET /api/dice lists them)"
    );
    let line = post(
        &app,
        "/api/roll",
        json!({"set": "english-new-4x4", "size": "5x5"}),
    )
    .error(400);
    assert_eq!(line, "--size 5x5 needs 25 dice; english-new-4x4 has 16");
    post(&app, "/api/roll", json!({"seed": -1})).error(400);
    // rows × cols would overflow: refused before it is computed.
    let line = post(&app, "/api/roll", json!({"size": "4294967296x4294967296"})).error(400);
    assert_eq!(
        line,
        "size 4294967296x4294967296: this server rolls at most 12x12"
    );
    let line = post(
        &app,
        "/api/solve",
        json!({"board": "4294967296 4294967296"}),
    )
    .error(400);
    // The board parser refuses it first (a count that overflows is too large).
    assert!(line.contains("at most 1024 are supported"), "{line}");
}

#[test]
fn board_reads_any_cli_form() {
    let app = app();
    let reply = post(&app, "/api/board", json!({"board": "क्ष मा/न ह"})).json();
    assert_eq!(reply["board"], json!([["क्ष", "मा"], ["न", "ह"]]));
    // Each face is one grapheme (a conjunct like क्ष is one), so the inline form
    // needs no spaces, and reads back as the same board.
    assert_eq!(reply["inline"], "क्षमा/नह");
    let again = post(&app, "/api/board", json!({"board": reply["inline"]})).json();
    assert_eq!(again["board"], reply["board"]);
    let reply = post(&app, "/api/board", json!({"board": "2\nAB\nC#\n"})).json();
    assert_eq!(reply["board"], json!([["A", "B"], ["C", "#"]]));
    assert_eq!(reply["inline"], "AB/C#");
    let line = post(&app, "/api/board", json!({"board": "AB/C"})).error(400);
    assert_eq!(line, r#"board "AB/C": row 2 has 1 face, but row 1 has 2"#);
}

#[test]
fn dicts_lists_every_dictionary_the_server_may_use() {
    let mut dicts = Dictionaries::builtin();
    let hindi = Lexicon::from_words(["क्षमा", "कमल"], &Profile::default()).unwrap();
    dicts.add("hi", hindi).unwrap();
    assert!(dicts
        .add("hi", Lexicon::builtin("enable2k").unwrap())
        .is_err());
    assert!(dicts
        .add("../x", Lexicon::builtin("enable2k").unwrap())
        .is_err());
    let app = router(Arc::new(App::new(dicts)));
    let reply = get(&app, "/api/dicts").json();
    // The page turns its Computer menu on where `tiers` has more than tier 0: the
    // built-in's three tiers, not a dictionary without tiers.
    assert_eq!(reply["dicts"][0]["name"], "enable2k");
    assert_eq!(
        reply["dicts"][0]["tiers"],
        json!([150_586, 1_571, 5_357, 16_014])
    );
    // "hi" is Hindi's tag: the list says so, though the words were compiled plain.
    let hindi = json!({"tag": "hi", "name": "Hindi", "native": "हिन्दी", "rtl": false,
                       "dice": "hindi-designed-4x4", "rules": "syllables"});
    assert_eq!(
        reply["dicts"][1],
        json!({"name": "hi", "words": 2, "lang": "", "tiers": [2], "language": hindi})
    );
    assert_eq!(reply["dicts"][0]["language"]["name"], "English");
    assert_eq!(reply["dicts"][0]["language"]["rules"], json!(null));
    // A game in Hindi with no rules named plays by its syllables rules (2+ faces);
    // named rules still win.
    let game = post(
        &app,
        "/api/games",
        json!({"dict": "hi", "board": "क्ष मा/क म"}),
    )
    .json();
    assert_eq!(
        (game["rules"].as_str(), game["min_len"].as_u64()),
        (Some("syllables"), Some(2))
    );
    let game = post(
        &app,
        "/api/games",
        json!({"dict": "hi", "board": "क्ष मा/क म", "rules": "hasbro"}),
    )
    .json();
    assert_eq!(
        (game["rules"].as_str(), game["min_len"].as_u64()),
        (Some("hasbro"), Some(3))
    );
    let game = post(&app, "/api/games", json!({"board": "AB/CD"})).json();
    assert_eq!(game["rules"], "cs106b");
    let solved = post(
        &app,
        "/api/solve",
        json!({"board": "क्ष मा न/ह र म/क म ल", "dict": "hi", "min_len": 2}),
    )
    .json();
    let words: Vec<&str> = solved["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(words, ["कमल", "क्षमा"]);
}

/// DIR/dictionaries/build/TAG.pbd, `words` compiled with the language's preset as
/// dictionaries/build-languages.sh compiles a language's list.
fn built_language(dir: &std::path::Path, tag: &str, words: &str) -> std::path::PathBuf {
    let built = dir.join("dictionaries/build");
    std::fs::create_dir_all(&built).unwrap();
    let list = dir.join(format!("{tag}.txt"));
    std::fs::write(&list, words).unwrap();
    let compiled = built.join(format!("{tag}.pbd"));
    ok(&[
        "compile",
        list.to_str().unwrap(),
        "--lang",
        tag,
        "-o",
        compiled.to_str().unwrap(),
    ]);
    compiled
}

#[test]
fn built_languages_are_served_by_their_tags() {
    let dir = tempfile::tempdir().unwrap();
    let hr = built_language(dir.path(), "hr", "kuća\nkuće\nruka\n");
    let he = built_language(dir.path(), "he", "שלום\nשלם\n");
    let damaged = dir.path().join("dictionaries/build/xx.pbd");
    std::fs::write(&damaged, "PBOGDICT and nothing more").unwrap();
    let mut dicts = Dictionaries::builtin();
    // A dictionary given by name (serve --dict he=...) keeps that name.
    let given = Lexicon::from_words(["אבג"], &Profile::for_language("he").unwrap()).unwrap();
    dicts.add("he", given).unwrap();
    let built = vec![
        ("he".to_string(), he),
        ("hr".to_string(), hr),
        ("xx".to_string(), damaged.clone()),
    ];
    let notes = dicts.add_languages(&built);
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert!(
        notes[0].starts_with(&format!("{}: not served: ", damaged.display())),
        "{notes:?}"
    );
    let app = router(Arc::new(App::new(dicts)));

    let list = get(&app, "/api/dicts").json();
    let names: Vec<&str> = list["dicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["enable2k", "he", "hr"]);
    assert_eq!(
        list["dicts"][1]["words"], 1,
        "the given he, not the built one"
    );
    assert_eq!(list["dicts"][1]["language"]["rtl"], true);
    assert_eq!(
        list["dicts"][2],
        json!({"name": "hr", "words": 3, "lang": "hr", "tiers": [3],
               "language": {"tag": "hr", "name": "Croatian", "native": "hrvatski",
                            "rtl": false, "dice": "croatian-designed-4x4", "rules": null}})
    );

    // Opened when first named; solved as the CLI solves it.
    let solved = post(
        &app,
        "/api/solve",
        json!({"board": "K U/Ć A", "dict": "hr"}),
    )
    .json();
    assert_eq!(solved["words"][0]["word"], "KUĆA");
    let found = get(&app, "/api/dicts/hr/search?pattern=ku*").json();
    assert_eq!(found, json!({"words": ["KUĆA", "KUĆE"]}));
    // A game in a language rolls its dice unless another set is named.
    let game = new_game(&app, json!({"dict": "hr", "seed": 1}));
    assert_eq!(game["set"], "croatian-designed-4x4");
    let game = new_game(
        &app,
        json!({"dict": "hr", "seed": 1, "set": "english-new-4x4"}),
    );
    assert_eq!(game["set"], "english-new-4x4");

    // A language not built here: one line with the command that builds it.
    let line = post(&app, "/api/solve", json!({"board": BOARD, "dict": "sl"})).error(400);
    assert_eq!(
        line,
        "unknown dictionary 'sl': Slovenian is not served here \
         (dictionaries/build-languages.sh sl builds one; there are: enable2k, he, hr)"
    );
    let line = post(&app, "/api/games", json!({"dict": "sl"})).error(400);
    assert!(
        line.contains("dictionaries/build-languages.sh sl builds one"),
        "{line}"
    );
}

#[test]
fn a_built_language_changed_under_the_server_is_refused_not_misread() {
    let dir = tempfile::tempdir().unwrap();
    let hr = built_language(dir.path(), "hr", "kuća\nkuće\n");
    let mut dicts = Dictionaries::builtin();
    assert!(dicts
        .add_languages(&[("hr".to_string(), hr.clone())])
        .is_empty());
    built_language(dir.path(), "hr", "kuća\nkuće\nruka\n");
    let app = router(Arc::new(App::new(dicts)));
    let line = post(&app, "/api/solve", json!({"board": BOARD, "dict": "hr"})).error(500);
    assert_eq!(
        line,
        format!(
            "dictionary 'hr': {} has changed since the server started: restart it",
            hr.display()
        )
    );
}

/// A server over the built-in dictionary and `tiered`, a small one compiled by the
/// CLI with two tier lists (cat dog; emu): the app and the file's path.
fn search_app(dir: &tempfile::TempDir) -> (Router, String) {
    let file = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let (words, easy, hard) = (
        file("words.txt", "cat dog emu yak gnu ox"),
        file("easy.txt", "cat dog"),
        file("hard.txt", "emu"),
    );
    let compiled = dir.path().join("tiered.pbd").display().to_string();
    ok(&[
        "compile", &words, "-o", &compiled, "--tiers", &easy, "--tiers", &hard,
    ]);
    let mut dicts = Dictionaries::builtin();
    let tiered = Lexicon::load(&compiled, &Profile::default()).unwrap();
    dicts.add("tiered", tiered).unwrap();
    (router(Arc::new(App::new(dicts))), compiled)
}

/// A server over the built-in dictionary and `algs4`, a word list with no tiers: the
/// app and the list's path.
fn untiered_app() -> (Router, String) {
    let path = repo("dictionaries/algs4.txt");
    let mut dicts = Dictionaries::builtin();
    let plain = Lexicon::load(&path, &Profile::default()).unwrap();
    dicts.add("algs4", plain).unwrap();
    (router(Arc::new(App::new(dicts))), path)
}

#[test]
fn search_answers_exactly_what_dict_search_prints() {
    let dir = tempfile::tempdir().unwrap();
    let (app, tiered) = search_app(&dir);
    let cases: &[(&str, &str, &[&str])] = &[
        ("enable2k", "pattern=c%3Ft", &["c?t"]),
        (
            "enable2k",
            "pattern=*ing&limit=7",
            &["*ing", "--limit", "7"],
        ),
        (
            "enable2k",
            "pattern=%5Baeiou%5D%3F%3Fs&max_len=4",
            &["[aeiou]??s", "--max-len", "4"],
        ),
        (
            "enable2k",
            "regex=%5E(re%7Cun)do.%24",
            &["^(re|un)do.$", "--regex"],
        ),
        (
            "enable2k",
            "fuzzy=tigger&distance=2",
            &["tigger", "--fuzzy", "--distance", "2"],
        ),
        ("enable2k", "anagram=tacos", &["tacos", "--anagram"]),
        (
            "enable2k",
            "anagram=tacos&count=true",
            &["tacos", "--anagram", "--count"],
        ),
        (
            "enable2k",
            "build=retain%3F&min_len=7",
            &["retain?", "--build", "--min-len", "7"],
        ),
        ("enable2k", "pattern=zzz", &["zzz"]),
        ("enable2k", "pattern=*&limit=0", &["*", "--limit", "0"]),
        (
            "enable2k",
            "pattern=c%3Ft&tiers=1",
            &["c?t", "--tiers", "1"],
        ),
        ("tiered", "pattern=*&tiers=1..2", &["*", "--tiers", "1..2"]),
        ("tiered", "pattern=*&tiers=2", &["*", "--tiers", "2"]),
        (
            "tiered",
            "pattern=%3F%3F%3F&units=",
            &["???", "--units", ""],
        ),
    ];
    for (dict, query, args) in cases {
        // The CLI has no limit; the server's default is 100 words.
        let query = match query.contains("limit") {
            true => query.to_string(),
            false => format!("{query}&limit=10000"),
        };
        let reply = get(&app, &format!("/api/dicts/{dict}/search?{query}"));
        assert_eq!(reply.status, 200, "{query}: {}", reply.body);
        assert_eq!(reply.content_type, "application/json");
        let path = if *dict == "tiered" {
            tiered.as_str()
        } else {
            dict
        };
        let mut cli = vec!["dict", "search", path, "--format", "json"];
        cli.extend_from_slice(args);
        assert_eq!(reply.body, ok(&cli), "{query}");
    }
    // No limit named: the server's default, at most.
    let every = get(&app, "/api/dicts/enable2k/search?pattern=*").json();
    assert_eq!(
        every["words"].as_array().unwrap().len() as u64,
        polyboggle_web::api::DEFAULT_SEARCH_WORDS
    );
}

#[test]
fn a_bad_search_gets_400_and_the_clis_line() {
    let dir = tempfile::tempdir().unwrap();
    let (app, _) = search_app(&dir);
    let cases: &[(&str, &[&str])] = &[
        ("pattern=c%5Bt", &["c[t"]),
        ("regex=(", &["(", "--regex"]),
        (
            "fuzzy=cat&distance=9",
            &["cat", "--fuzzy", "--distance", "9"],
        ),
        ("anagram=", &["", "--anagram"]),
        ("build=ab1", &["ab1", "--build"]),
        ("pattern=c%3Ft&tiers=x", &["c?t", "--tiers", "x"]),
        (
            "pattern=c%3Ft&min_len=5&max_len=3",
            &["c?t", "--min-len", "5", "--max-len", "3"],
        ),
    ];
    for (query, args) in cases {
        let line = get(&app, &format!("/api/dicts/enable2k/search?{query}")).error(400);
        let mut cli = vec!["dict", "search", "enable2k"];
        cli.extend_from_slice(args);
        assert_eq!(format!("polyboggle: {line}\n"), bad(&cli), "{query}");
    }
    // Tiers of a dictionary without them (the built-in has them).
    let (plain_app, plain) = untiered_app();
    let line = get(
        &plain_app,
        "/api/dicts/algs4/search?pattern=c%3Ft&tiers=1..2",
    )
    .error(400);
    assert_eq!(
        format!("polyboggle: {line}\n"),
        bad(&["dict", "search", &plain, "c?t", "--tiers", "1..2"])
    );
    assert!(line.contains("this dictionary has no tiers"), "{line}");
    for (query, start) in [
        ("", "query: give exactly one"),
        ("pattern=a&anagram=b", "query: give exactly one"),
        ("pattern=a&distance=1", "distance: only with fuzzy"),
        (
            "pattern=a&limit=10001",
            "limit 10001: this server answers at most 10000",
        ),
        ("pattern=a&limit=-1", "query string: "),
        ("pattern=a&color=red", "query string: unknown field `color`"),
        ("pattern=a&count=maybe", "query string: "),
    ] {
        let line = get(&app, &format!("/api/dicts/enable2k/search?{query}")).error(400);
        assert!(line.starts_with(start), "{query}: {line}");
    }
    let unknown = get(&app, "/api/dicts/nope/search?pattern=a").error(404);
    assert_eq!(
        unknown,
        "unknown dictionary 'nope' (there are: enable2k, tiered)"
    );
    get(&app, "/api/dicts/enable2k/search").error(400);
    call(&app, "POST", "/api/dicts/enable2k/search?pattern=a", "").error(405);
}

#[test]
fn the_computer_knows_the_words_of_its_level() {
    let dir = tempfile::tempdir().unwrap();
    let (app, _) = search_app(&dir);
    let computer = |level: Option<&str>| {
        let mut request = json!({"board": "CAT/DOG/EMU/YAK", "dict": "tiered", "rules": "hasbro"});
        if let Some(level) = level {
            request["level"] = json!(level);
        }
        let view = new_game(&app, request);
        let id = view["id"].as_str().unwrap();
        let ended = post(&app, &format!("/api/games/{id}/end"), json!({})).json();
        let words: Vec<String> = ended["computer"]["words"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["word"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(
            ended["possible"]["count"], 4,
            "every word is still possible"
        );
        (view["level"].as_str().unwrap().to_string(), words)
    };
    // Tier 1 is cat and dog, tier 2 emu, yak in none: the library's Level::tiers.
    assert_eq!(
        computer(Some("easy")),
        ("easy".into(), vec!["CAT".into(), "DOG".into()])
    );
    assert_eq!(computer(Some("medium")).1, ["CAT", "DOG", "EMU"]);
    assert_eq!(computer(Some("Hard")).1, ["CAT", "DOG", "EMU"]);
    let all = ["CAT", "DOG", "EMU", "YAK"].map(String::from).to_vec();
    assert_eq!(computer(None), ("all".into(), all.clone()));
    assert_eq!(computer(Some("all")).1, all);
    // The default dictionary, the built-in, has tiers: its easy computer knows the
    // words `solve --tiers 1` finds.
    let easy = new_game(&app, json!({"board": BOARD, "level": "easy"}));
    assert_eq!(
        (&easy["dict"], &easy["level"]),
        (&json!("enable2k"), &json!("easy"))
    );
    let id = easy["id"].as_str().unwrap();
    let ended = post(&app, &format!("/api/games/{id}/end"), json!({})).json();
    let tier_1 = ok(&[
        "solve", BOARD, "--rules", "cs106b", "--tiers", "1", "--format", "json",
    ]);
    let tier_1: Value = serde_json::from_str(&tier_1).unwrap();
    assert_eq!(ended["computer"]["words"], tier_1["words"]);
    assert!(ended["possible"]["count"].as_u64() > tier_1["count"].as_u64());
    let every = new_game(&app, json!({"board": BOARD, "level": "all"}));
    assert_eq!(every["level"], "all");
    // A dictionary without tiers has no levels.
    let (plain_app, _) = untiered_app();
    let request = json!({"board": BOARD, "dict": "algs4", "level": "easy"});
    let untiered = post(&plain_app, "/api/games", request).error(400);
    assert_eq!(
        untiered,
        "level easy: the dictionary algs4 has no tiers (compile it with --tiers FILE, or play level all)"
    );
    let unknown = post(
        &app,
        "/api/games",
        json!({"board": BOARD, "level": "expert"}),
    )
    .error(400);
    assert_eq!(
        unknown,
        "level 'expert': expected easy, medium, hard or all"
    );
}

/// Starts a seeded CS106B game; returns its view.
fn new_game(app: &Router, request: Value) -> Value {
    let reply = post(app, "/api/games", request);
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

#[test]
fn a_game_is_judged_as_the_terminal_game_judges() {
    let app = app();
    let game = new_game(&app, json!({"set": "english-new-4x4", "seed": 7}));
    let id = game["id"].as_str().unwrap();
    assert_eq!(id.len(), 32);
    assert_eq!(game["phase"], "human");
    assert_eq!(
        (game["rules"].as_str(), game["min_len"].as_u64()),
        (Some("cs106b"), Some(4))
    );
    let rolled = DiceSet::builtin("english-new-4x4")
        .unwrap()
        .roll(7, None)
        .unwrap();
    assert_eq!(game["board"], json!(rolled.face_rows()));
    assert_eq!(game["possible"], Value::Null);

    // The same guesses through the library's judge.
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let mut round = Round::new(&lexicon, &rolled, Rules::cs106b(), 2);
    let all: Vec<_> = round.all_words().cloned().collect();
    let word = all[0].word.clone();
    let guesses = [word.as_str(), word.as_str(), "tit", "zzqxv", "quixotic"];
    let verdicts = [
        "correct",
        "already-found",
        "too-short",
        "not-a-word",
        "not-on-board",
    ];
    let guess_uri = format!("/api/games/{id}/guess");
    for (guess, name) in guesses.iter().zip(verdicts) {
        let reply = post(&app, &guess_uri, json!({"word": guess})).json();
        let verdict = round.guess(0, guess);
        let shown = guess.to_uppercase();
        assert_eq!(reply["verdict"], name, "{guess}");
        assert_eq!(reply["message"], verdict.message(&shown));
        assert_eq!(reply["word"], shown);
        if let Verdict::Correct(points) = verdict {
            assert_eq!(reply["points"], points);
            let path: Vec<[usize; 2]> = all[0].path.iter().map(|&(r, c)| [r, c]).collect();
            assert_eq!(reply["path"], json!(path));
        } else {
            assert_eq!(reply["path"], Value::Null);
        }
        assert_eq!(reply["score"], round.score(0));
    }
    let line = post(&app, &guess_uri, json!({"word": "  "})).error(400);
    assert!(line.starts_with("word: empty"), "{line}");

    // The computer takes the rest.
    let results = post(&app, &format!("/api/games/{id}/end"), json!({})).json();
    assert_eq!(results["phase"], "results");
    assert_eq!(results["human"]["words"].as_array().unwrap().len(), 1);
    let computer = results["computer"]["words"].as_array().unwrap();
    assert_eq!(computer.len(), all.len() - 1);
    let total: u64 = all.iter().map(|f| f.points as u64).sum();
    assert_eq!(
        results["possible"],
        json!({"count": all.len(), "score": total})
    );
    assert_eq!(
        results["human"]["score"].as_u64().unwrap()
            + results["computer"]["score"].as_u64().unwrap(),
        total
    );
    assert_eq!(results["winner"], "computer");
    assert_eq!(results["message"], "The computer wins.");
    assert!(computer
        .iter()
        .all(|w| w["path"].as_array().unwrap().len() >= 2));

    // After the turn: guesses are refused, ending again shows the same, the view too.
    let line = post(&app, &guess_uri, json!({"word": word})).error(409);
    assert!(line.starts_with("the turn is over"), "{line}");
    let again = post(&app, &format!("/api/games/{id}/end"), json!({})).json();
    assert_eq!(again, results);
    assert_eq!(get(&app, &format!("/api/games/{id}")).json(), results);

    // Forgotten on request.
    assert_eq!(
        call(&app, "DELETE", &format!("/api/games/{id}"), Body::empty()).json()["deleted"],
        true
    );
    get(&app, &format!("/api/games/{id}")).error(404);
    post(&app, &guess_uri, json!({"word": "tart"})).error(404);
    call(&app, "DELETE", &format!("/api/games/{id}"), Body::empty()).error(404);
}

#[test]
fn game_options_and_their_errors() {
    let app = app();
    let custom = new_game(
        &app,
        json!({"board": BOARD, "rules": "hasbro", "timer": 180}),
    );
    assert_eq!(
        (custom["set"].clone(), custom["seed"].clone()),
        (Value::Null, Value::Null)
    );
    assert_eq!(custom["min_len"], 3);
    assert_eq!(custom["timer"], 180);
    assert!(custom["time_left"].as_f64().unwrap() > 170.0);
    let id = custom["id"].as_str().unwrap();
    let reply = post(
        &app,
        &format!("/api/games/{id}/guess"),
        json!({"word": "pat"}),
    )
    .json();
    assert_eq!(
        (reply["verdict"].as_str(), reply["points"].as_u64()),
        (Some("correct"), Some(1))
    );

    let big = new_game(&app, json!({"set": "english-superbig-6x6"}));
    assert_eq!(
        (big["rows"].as_u64(), big["cols"].as_u64()),
        (Some(6), Some(6))
    );
    assert!(big["seed"].as_u64().is_some());

    let errors = [
        (
            json!({"board": BOARD, "seed": 3}),
            "give either a board or a dice set and seed, not both",
        ),
        (
            json!({"timer": 0}),
            "timer: 0 seconds; give 1 to 3600, or no timer",
        ),
        (
            json!({"rules": "scrabble"}),
            "unknown rules 'scrabble' (expected hasbro, cs106b or syllables)",
        ),
        (
            json!({"set": "nope"}),
            "unknown dice set 'nope' (GET /api/dice lists them)",
        ),
        (
            json!({"dict": "nope"}),
            "unknown dictionary 'nope' (there are: enable2k)",
        ),
        (
            json!({"board": "AB/C"}),
            r#"board "AB/C": row 2 has 1 face, but row 1 has 2"#,
        ),
    ];
    for (request, message) in errors {
        assert_eq!(post(&app, "/api/games", request).error(400), message);
    }
    get(&app, "/api/games/0123").error(404);
    get(&app, "/api/games/%FF%FE").error(404);
    post(&app, "/api/games/%FF/guess", json!({"word": "tart"})).error(404);
    post(&app, "/api/games/0123/end", json!({})).error(404);
}

#[test]
fn the_server_keeps_the_clock() {
    let app = app();
    let game = new_game(&app, json!({"seed": 7, "timer": 1}));
    let id = game["id"].as_str().unwrap();
    std::thread::sleep(Duration::from_millis(1100));
    let view = get(&app, &format!("/api/games/{id}")).json();
    assert_eq!(view["phase"], "results");
    assert_eq!(view["message"], "Time is up. The computer wins.");
    assert_eq!(view["time_left"], Value::Null);
    post(
        &app,
        &format!("/api/games/{id}/guess"),
        json!({"word": "tart"}),
    )
    .error(409);
}

#[test]
fn a_full_server_refuses_new_games_and_keeps_every_one() {
    let app = Arc::new(App {
        dicts: Dictionaries::builtin(),
        games: Games::with_capacity(Capacity::games(3)),
    });
    let router = router(app.clone());
    let ids: Vec<String> = (0..3)
        .map(|seed| new_game(&router, json!({"seed": seed, "timer": 60}))["id"].to_string())
        .map(|id| id.trim_matches('"').to_string())
        .collect();
    let reply = post(&router, "/api/games", json!({"seed": 9}));
    let line = reply.error(503);
    assert!(
        line.starts_with("the server is full: 3 games in progress, none idle long enough"),
        "{line}"
    );
    // The soonest a game may expire: its 60 s timer and 10 minutes of quiet.
    let retry: u64 = reply.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((655..=661).contains(&retry), "{retry}");
    assert!(line.ends_with(&format!("try again in {retry} s")), "{line}");
    for id in &ids {
        assert_eq!(get(&router, &format!("/api/games/{id}")).status, 200);
    }
    // A game deleted makes room, and its id says what happened to it.
    call(
        &router,
        "DELETE",
        &format!("/api/games/{}", ids[0]),
        Body::empty(),
    );
    new_game(&router, json!({"seed": 9}));
    let line = get(&router, &format!("/api/games/{}", ids[0])).error(404);
    assert_eq!(line, format!("game '{}' was deleted", ids[0]));
    let line = get(&router, "/api/games/0123abcd").error(404);
    assert_eq!(line, "no game '0123abcd' (unknown id)");
    assert_eq!(app.games.len(), 3);
}

#[test]
fn the_page_and_its_files() {
    let app = app();
    let page = get(&app, "/");
    assert_eq!(page.status, 200);
    assert_eq!(page.content_type, "text/html; charset=utf-8");
    assert!(page.body.contains("<title>polyboggle</title>"));
    let csp = page.headers["content-security-policy"].to_str().unwrap();
    assert!(csp.starts_with("default-src 'self'"), "{csp}");
    // Nothing from elsewhere: no CDN, no fonts, no network but the server's API.
    for (path, kind) in [("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let reply = get(&app, path);
        assert_eq!(reply.status, 200);
        assert!(reply.content_type.starts_with(kind));
        let text = reply.body.replace("'http://www.w3.org/2000/svg'", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path}"
        );
        // Relative, so that the static page (crates/wasm/build.sh) is the same file.
        assert!(
            page.body.contains(&format!("\"{}\"", &path[1..])),
            "the page loads {path}"
        );
    }
    assert!(!page.body.contains("https://"));

    assert_eq!(get(&app, "/nope").error(404), "no such page or endpoint");
    assert_eq!(
        get(&app, "/api/solve").error(405),
        "this endpoint does not take that method"
    );
    call(&app, "PUT", "/api/dice", Body::empty()).error(405);
}

/// The real binary, serving on a free loopback port; killed when dropped.
struct Server {
    child: Child,
    address: String,
    /// What it prints after its first line.
    stdout: BufReader<std::process::ChildStdout>,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        Server::start_as(Command::new(env!("CARGO_BIN_EXE_polyboggle")), args)
    }

    /// Starts `command` (the binary, maybe run as another user) with `serve` and `args`.
    fn start_as(mut command: Command, args: &[&str]) -> Server {
        let mut child = command
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        stdout.read_line(&mut line).unwrap();
        if line.is_empty() {
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            panic!("the server did not start: {err}");
        }
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"));
        let address = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        assert!(address.starts_with("127.0.0.1:"), "{address}");
        Server {
            child,
            address,
            stdout,
        }
    }

    /// Sends SIGTERM; answers the exit code, stdout's lines after the first, and stderr,
    /// once it has exited (within 15 s).
    fn stop(mut self) -> (Option<i32>, String, String) {
        let pid = self.child.id() as libc::pid_t;
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
        let began = std::time::Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(began.elapsed() < Duration::from_secs(15), "still running");
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut out = String::new();
        self.stdout.read_to_string(&mut out).unwrap();
        let mut err = String::new();
        let stderr = self.child.stderr.take();
        stderr.unwrap().read_to_string(&mut err).unwrap();
        (status.code(), out, err)
    }

    /// `request`, the body read as JSON.
    fn json(&self, method: &str, path: &str, body: Value) -> (u16, Value) {
        let (status, text) = self.request(method, path, &body.to_string());
        let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        (status, value)
    }

    /// One HTTP/1.1 request on its own connection; the status and the body.
    fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.address,
            body.len()
        )
        .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        let (head, body) = reply.split_once("\r\n\r\n").unwrap();
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, body.to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_binary_serves_on_loopback_with_named_dictionaries() {
    let hindi = repo("tests/e2e/hindi.txt");
    let server = Server::start(&["--dict", &format!("hi={hindi}")]);
    let (status, page) = server.request("GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("polyboggle"));
    let (status, body) = server.request(
        "POST",
        "/api/solve",
        r#"{"board": "क्ष मा न/ह र म/क म ल", "dict": "hi", "min_len": 2}"#,
    );
    assert_eq!(status, 200);
    assert_eq!(
        body,
        ok(&[
            "solve",
            "क्ष मा न/ह र म/क म ल",
            "--dict",
            &hindi,
            "--min-len",
            "2",
            "--format",
            "json"
        ])
    );
    // A request whose body never comes is cut off without holding up the others.
    let mut stalled = TcpStream::connect(&server.address).unwrap();
    write!(
        stalled,
        "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{{"
    )
    .unwrap();

    // Many clients at once all get the right answer.
    let expected = ok(&["solve", BOARD, "--format", "json"]);
    std::thread::scope(|scope| {
        for _ in 0..8 {
            scope.spawn(|| {
                for _ in 0..10 {
                    let (status, body) =
                        server.request("POST", "/api/solve", &json!({"board": BOARD}).to_string());
                    assert_eq!(status, 200);
                    assert_eq!(body, expected);
                }
            });
        }
    });
    drop(stalled);
}

#[test]
fn the_binary_offers_every_built_language_unless_told_not_to() {
    // The current folder is the first place looked in: its hr wins over any other.
    let dir = tempfile::tempdir().unwrap();
    built_language(dir.path(), "hr", "kuća\nkuće\nruka\n");
    let start = |args: &[&str]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_polyboggle"));
        command.current_dir(dir.path());
        Server::start_as(command, args)
    };
    let server = start(&[]);
    let (_, list) = server.json("GET", "/api/dicts", json!({}));
    let hr = list["dicts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["name"] == "hr")
        .unwrap_or_else(|| panic!("{list}"));
    assert_eq!(
        (hr["words"].as_u64(), hr["lang"].as_str()),
        (Some(3), Some("hr"))
    );
    let (status, solved) = server.json(
        "POST",
        "/api/solve",
        json!({"board": "K U/Ć A", "dict": "hr"}),
    );
    assert_eq!((status, &solved["words"][0]["word"]), (200, &json!("KUĆA")));
    let (code, out, err) = server.stop();
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(" built languages ("), "{out}");

    let server = start(&["--no-languages"]);
    let (_, list) = server.json("GET", "/api/dicts", json!({}));
    assert_eq!(list["dicts"].as_array().unwrap().len(), 1, "{list}");
    let (status, answer) = server.json("POST", "/api/solve", json!({"board": BOARD, "dict": "hr"}));
    assert_eq!(status, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("Croatian is not served here (dictionaries/build-languages.sh hr builds one"),
        "{answer}"
    );
}

#[test]
fn serve_refuses_bad_options_in_one_line() {
    assert!(bad(&["serve", "--dict", "nameonly"]).contains("--dict nameonly: expected NAME=PATH"));
    assert!(
        bad(&["serve", "--dict", "x=/no/such/file.pbd", "--port", "0"])
            .contains("/no/such/file.pbd")
    );
    assert!(bad(&[
        "serve",
        "--dict",
        "a b=dictionaries/enable2k.pbd",
        "--port",
        "0"
    ])
    .contains("use 1 to 32 letters"));
    assert!(bad(&["serve", "--host", "192.0.2.1", "--port", "0"]).contains("cannot listen on"));
}

/// The router served in-process on a free loopback port within `limits`, on a runtime
/// of its own; stops when dropped.
struct Local {
    address: std::net::SocketAddr,
    _runtime: tokio::runtime::Runtime,
}

impl Local {
    fn start(limits: Limits) -> Local {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let address = listener.local_addr().unwrap();
        runtime.spawn(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            let app = Arc::new(App::new(Dictionaries::builtin()));
            serve_within(listener, app, limits).await
        });
        Local {
            address,
            _runtime: runtime,
        }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        stream
    }
}

/// Reads one HTTP/1.1 answer with a `Content-Length` from a kept-alive connection.
fn read_answer(stream: &mut TcpStream) -> (u16, String) {
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    let mut length = 0;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = value.trim().parse().unwrap();
        }
        head.push_str(&line);
        if line == "\r\n" || line.is_empty() {
            break;
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, String::from_utf8(body).unwrap())
}

/// How long until the server closes `stream` (reading and dropping whatever it sends),
/// or `None` if it is still open after `bound`.
fn closed_within(stream: &mut TcpStream, bound: Duration) -> Option<Duration> {
    let start = std::time::Instant::now();
    let mut buf = [0; 1024];
    loop {
        let left = bound.checked_sub(start.elapsed())?;
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .unwrap();
        match stream.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return Some(start.elapsed())
            }
            Err(_) => return None,
        }
    }
}

#[test]
fn stalled_connections_are_closed() {
    let limits = Limits {
        header_time: Duration::from_secs(2),
        idle_time: Duration::from_secs(1),
        max_connections: 64,
    };
    let server = Local::start(limits);
    let bound = Duration::from_secs(8);
    std::thread::scope(|scope| {
        // A client that connects and sends nothing: closed once idle.
        let silent = scope.spawn(|| closed_within(&mut server.connect(), bound));
        // One that sends its headers a line every 250 ms, never idle: closed when the
        // time for the head is up.
        let trickle = scope.spawn(|| {
            let mut stream = server.connect();
            let mut writer = stream.try_clone().unwrap();
            writer.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").unwrap();
            let stop = std::sync::atomic::AtomicBool::new(false);
            std::thread::scope(|inner| {
                inner.spawn(|| {
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(250));
                        if writer.write_all(b"X-Slow: 1\r\n").is_err() {
                            break;
                        }
                    }
                });
                let closed = closed_within(&mut stream, bound);
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
                closed
            })
        });
        // A kept-alive connection: two requests answered, then closed once idle.
        let kept = scope.spawn(|| {
            let mut stream = server.connect();
            for _ in 0..2 {
                stream
                    .write_all(b"GET /api/dicts HTTP/1.1\r\nHost: x\r\n\r\n")
                    .unwrap();
                let (status, body) = read_answer(&mut stream);
                assert_eq!((status, body.contains("enable2k")), (200, true), "{body}");
                std::thread::sleep(Duration::from_millis(300));
            }
            closed_within(&mut stream, bound)
        });
        let silent = silent.join().unwrap().expect("a silent client is closed");
        let trickle = trickle.join().unwrap().expect("a slow head is cut off");
        let kept = kept
            .join()
            .unwrap()
            .expect("an idle kept-alive one is closed");
        // Lower bounds: no limit fires early (the trickle outlives the idle time, so the
        // head's time cut it off). Upper bounds leave room for a busy machine.
        let one = Duration::from_millis(900);
        assert!(
            silent >= one && silent < Duration::from_secs(6),
            "{silent:?}"
        );
        assert!(
            trickle >= Duration::from_millis(1900) && trickle < Duration::from_secs(7),
            "{trickle:?}"
        );
        assert!(
            kept >= Duration::from_millis(500) && kept < Duration::from_secs(6),
            "{kept:?}"
        );
    });
}

#[test]
fn stalled_connections_cannot_lock_others_out() {
    // Timeouts far beyond the test: only the cap on connections frees them here.
    let limits = Limits {
        header_time: Duration::from_secs(120),
        idle_time: Duration::from_secs(120),
        max_connections: 16,
    };
    let server = Local::start(limits);
    let mut stalled: Vec<TcpStream> = (0..200)
        .map(|i| {
            let mut stream = server.connect();
            if i % 2 == 0 {
                stream.write_all(b"POST /api/solve HTTP/1.1\r\nHo").unwrap();
            }
            stream
        })
        .collect();
    // Every new client is still answered, at once.
    let expected = ok(&["solve", "--format", "json", BOARD]);
    for _ in 0..5 {
        let start = std::time::Instant::now();
        let mut stream = server.connect();
        let body = json!({"board": BOARD}).to_string();
        write!(
            stream,
            "POST /api/solve HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        assert_eq!(read_answer(&mut stream), (200, expected.clone()));
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{:?}",
            start.elapsed()
        );
    }
    // The server holds at most 16: the others were closed to make room.
    std::thread::sleep(Duration::from_millis(300));
    let mut open = 0;
    for stream in &mut stalled {
        if closed_within(stream, Duration::from_millis(5)).is_none() {
            open += 1;
        }
    }
    assert!(open <= 16, "{open} stalled connections still open");
}

#[test]
fn the_binary_closes_a_silent_connection() {
    let server = Server::start(&[]);
    let mut silent = TcpStream::connect(&server.address).unwrap();
    let idle = Limits::default().idle_time;
    let closed = closed_within(&mut silent, idle + Duration::from_secs(20))
        .expect("the binary closes a connection that sends nothing");
    assert!(closed >= idle - Duration::from_millis(200), "{closed:?}");
}

#[test]
fn a_stopped_server_writes_its_games_and_the_next_one_resumes_them() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("games.json");
    let state_arg = state.to_str().unwrap();
    let server = Server::start(&["--state", state_arg]);
    let (_, timed) = server.json("POST", "/api/games", json!({"board": BOARD, "timer": 300}));
    let timed = timed["id"].as_str().unwrap().to_string();
    for word in ["type", "pate", "dine"] {
        let path = format!("/api/games/{timed}/guess");
        assert_eq!(server.json("POST", &path, json!({ "word": word })).0, 200);
    }
    let (_, over) = server.json("POST", "/api/games", json!({"seed": 7}));
    let over = over["id"].as_str().unwrap().to_string();
    server.json("POST", &format!("/api/games/{over}/end"), json!({}));
    let before: Vec<Value> = [&timed, &over]
        .iter()
        .map(|id| server.json("GET", &format!("/api/games/{id}"), json!({})).1)
        .collect();

    // A request under way when the signal comes (its head sent, its body not yet) is
    // answered, and its guess is kept.
    let mut slow = TcpStream::connect(&server.address).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let body = r#"{"word": "tide"}"#;
    write!(
        slow,
        "POST /api/games/{timed}/guess HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let pid = server.child.id() as libc::pid_t;
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        slow.write_all(body.as_bytes()).unwrap();
        read_answer(&mut slow)
    });
    let (code, out, err) = server.stop();
    let (status, answer) = writer.join().unwrap();
    assert_eq!(status, 200, "{answer}");
    assert!(answer.contains(r#""verdict":"correct""#), "{answer}");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("SIGTERM: stopping"), "{out}");
    assert!(
        out.contains(&format!("wrote 2 games to {state_arg}")),
        "{out}"
    );
    assert!(err.is_empty(), "{err}");
    let _ = pid;

    // The next server with the same file answers the same games, clocks included.
    let server = Server::start(&["--state", state_arg]);
    for (id, before) in [&timed, &over].iter().zip(&before) {
        let (status, after) = server.json("GET", &format!("/api/games/{id}"), json!({}));
        assert_eq!(status, 200, "{after}");
        for field in [
            "board", "phase", "computer", "winner", "possible", "dict", "rules",
        ] {
            assert_eq!(before[field], after[field], "{field}");
        }
        match (before["time_left"].as_f64(), after["time_left"].as_f64()) {
            (Some(b), Some(a)) => assert!(a <= b && b - a < 5.0, "{b} {a}"),
            (b, a) => assert_eq!(b, a),
        }
    }
    let (_, after) = server.json("GET", &format!("/api/games/{timed}"), json!({}));
    let words: Vec<&str> = after["human"]["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(words, ["DINE", "PATE", "TIDE", "TYPE"]);
    let path = format!("/api/games/{timed}/guess");
    let (_, again) = server.json("POST", &path, json!({"word": "type"}));
    assert_eq!(again["verdict"], "already-found");
    let (code, out, _) = server.stop();
    assert_eq!(code, Some(0));
    assert!(out.contains("wrote 2 games"), "{out}");
}

#[test]
fn a_damaged_state_file_is_set_aside_and_the_server_starts_empty() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("games.json");
    std::fs::write(&state, "{\"format\": \"polyboggle serve state\", \"vers").unwrap();
    let server = Server::start(&["--state", state.to_str().unwrap()]);
    assert_eq!(server.request("GET", "/api/dicts", "").0, 200);
    let (code, _, err) = server.stop();
    assert_eq!(code, Some(0));
    let aside = dir.path().join("games.json.refused");
    assert_eq!(
        err,
        format!(
            "polyboggle: {}: damaged (EOF while parsing a string at line 1 column 42); set aside as {}, starting with no games\n",
            state.display(),
            aside.display()
        )
    );
    assert!(std::fs::read_to_string(&aside).unwrap().ends_with("\"vers"));
    // The file now holds the new server's (empty) state.
    let text = std::fs::read_to_string(&state).unwrap();
    assert!(text.contains(r#""games":[]"#), "{text}");
}

#[test]
fn serve_refuses_bad_state_options_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().display().to_string();
    let cases: &[(&[&str], &str)] = &[
        (&["--max-games", "0"], "0 is not in 1..=10000000"),
        (
            &["--max-games", "many"],
            "--max-games: many is not a whole number",
        ),
        (
            &["--snapshot", "-3", "--state", "x"],
            "--snapshot: -3 is not a whole number",
        ),
        (&["--snapshot", "5"], "--state <FILE>"),
        (
            &["--state", &folder],
            &format!("{folder}: a folder, not a file"),
        ),
        (&["--state", ""], "--state"),
        (
            &["--state", &format!("{folder}/no/games.json")],
            &format!("cannot write in {folder}/no: no such folder"),
        ),
    ];
    for (args, expected) in cases {
        let mut all = vec!["serve", "--port", "0"];
        all.extend_from_slice(args);
        let line = bad(&all);
        assert!(line.contains(expected), "{args:?}: {line}");
    }
}

/// The user the permission tests run the binary as: root may read and write anything.
const TEST_USER: &str = "pbtest";

/// `polyboggle`, copied where `TEST_USER` may run it, run as that user.
fn as_test_user(dir: &std::path::Path) -> Command {
    let known = Command::new("id").arg(TEST_USER).output().unwrap();
    assert!(
        known.status.success(),
        "this test needs a non-root user {TEST_USER}: create it with `useradd -m {TEST_USER}` (.ci/run does)"
    );
    let binary = dir.join("polyboggle");
    std::fs::copy(env!("CARGO_BIN_EXE_polyboggle"), &binary).unwrap();
    // setpriv runs the binary itself as the user (runuser would stand between, and
    // answer SIGTERM for it).
    let mut command = Command::new("setpriv");
    command
        .args([
            "--reuid",
            TEST_USER,
            "--regid",
            TEST_USER,
            "--clear-groups",
            "--",
        ])
        .arg(binary);
    command
}

#[test]
#[ignore = "needs a non-root user pbtest (created by .ci/run)"]
fn a_state_file_the_server_may_not_read_or_write_is_told_in_one_line() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let mode = |path: &std::path::Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    mode(dir.path(), 0o755);
    let run = |state: &std::path::Path| {
        let out = as_test_user(dir.path())
            .args(["serve", "--port", "0", "--state"])
            .arg(state)
            .output()
            .unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        stderr
    };
    // A folder it may not write in (root's, 0755).
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    mode(&locked, 0o755);
    let state = locked.join("games.json");
    assert_eq!(
        run(&state),
        format!(
            "polyboggle: {}: cannot write in {}: permission denied\n",
            state.display(),
            locked.display()
        )
    );
    // A file it may not read (root's, 0600), in a folder it may write in: never
    // overwritten unread.
    let open = dir.path().join("open");
    std::fs::create_dir(&open).unwrap();
    mode(&open, 0o777);
    let state = open.join("games.json");
    std::fs::write(&state, "secret").unwrap();
    mode(&state, 0o600);
    assert_eq!(
        run(&state),
        format!("polyboggle: {}: permission denied\n", state.display())
    );
    assert_eq!(std::fs::read_to_string(&state).unwrap(), "secret");
    // And where it may, it serves.
    let mine = open.join("mine.json");
    let server = Server::start_as(
        as_test_user(dir.path()),
        &["--state", mine.to_str().unwrap()],
    );
    server.json("POST", "/api/games", json!({"seed": 1}));
    let (code, out, err) = server.stop();
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("wrote 1 game to"), "{out}");
}
