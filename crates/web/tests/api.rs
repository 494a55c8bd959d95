//! Every endpoint, called in-process through the router: good and bad requests, the
//! limits, the games and the page. That the served answers are the command line's,
//! byte for byte, is checked through the real binary (the root's `tests/serve.rs`).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::common::{app, call, get, post, repo, BOARD};
use axum::body::Body;
use axum::Router;
use polyboggle::tiers::Tiers;
use polyboggle::{Compiler, Lexicon, Profile, Rules, Solver};
use polyboggle_dice::DiceSet;
use polyboggle_play::game::{Round, Verdict};
use polyboggle_web::{router, App, Capacity, Dictionaries, Games, MAX_BODY};
use serde_json::{json, Value};

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
    let plain = post(&app, "/api/solve", json!({"board": BOARD}));
    assert_eq!(reply.body, plain.body);
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
    let path = repo("Cargo.toml").display().to_string();
    let reply = post(&app, "/api/solve", json!({"board": path}));
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
    // What `roll --list` lists too.
    let listed = DiceSet::builtin_names();
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
fn roll_rolls_the_named_set_with_the_seed() {
    let app = app();
    for (set, seed) in [
        ("english-new-4x4", 7),
        ("english-superbig-6x6", 3),
        ("german-fanmade-multiletter-4x4", 1),
    ] {
        let reply = post(&app, "/api/roll", json!({"set": set, "seed": seed})).json();
        assert_eq!((&reply["set"], &reply["seed"]), (&json!(set), &json!(seed)));
        // The inline form reads back as the library's roll of that set and seed.
        let inline: polyboggle::Board = reply["inline"].as_str().unwrap().parse().unwrap();
        let rolled = DiceSet::builtin(set).unwrap().roll(seed, None).unwrap();
        assert_eq!(inline, rolled);
        assert_eq!(
            (reply["rows"].as_u64(), reply["cols"].as_u64()),
            (Some(rolled.rows() as u64), Some(rolled.cols() as u64))
        );
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

/// DIR/dictionaries/build/TAG.pbd: `words` compiled with the language's profile, as
/// `compile --lang TAG` (and dictionaries/build-languages.sh) compiles a language's list.
fn built_language(dir: &Path, tag: &str, words: &str) -> PathBuf {
    let built = dir.join("dictionaries/build");
    std::fs::create_dir_all(&built).unwrap();
    let compiled = built.join(format!("{tag}.pbd"));
    compile(words, Profile::for_language(tag).unwrap(), &[], &compiled);
    compiled
}

/// Compiles `words` under `profile`, ranked by the `tiers` lists (each `(origin,
/// text)`, none for no tiers), into the file `out`.
fn compile(words: &str, profile: Profile, tiers: &[(&str, &str)], out: &Path) {
    let mut compiler = Compiler::new(profile.clone());
    if !tiers.is_empty() {
        compiler.set_tiers(Tiers::from_lists(tiers, &profile).unwrap());
    }
    compiler.add_text(words);
    let (compiled, _) = compiler.compile("words").unwrap();
    std::fs::write(out, compiled.into_bytes()).unwrap();
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

/// A server over the built-in dictionary and `tiered`, a small one compiled with two
/// tier lists (cat dog; emu), as `compile --tiers` compiles it.
fn search_app(dir: &tempfile::TempDir) -> Router {
    let compiled = dir.path().join("tiered.pbd");
    let tiers = [("easy.txt", "cat dog"), ("hard.txt", "emu")];
    compile(
        "cat dog emu yak gnu ox",
        Profile::default(),
        &tiers,
        &compiled,
    );
    let mut dicts = Dictionaries::builtin();
    let tiered = Lexicon::load(compiled.to_str().unwrap(), &Profile::default()).unwrap();
    dicts.add("tiered", tiered).unwrap();
    router(Arc::new(App::new(dicts)))
}

/// A server over the built-in dictionary and `algs4`, a word list with no tiers.
fn untiered_app() -> Router {
    let mut dicts = Dictionaries::builtin();
    let path = repo("dictionaries/algs4.txt").display().to_string();
    let plain = Lexicon::load(&path, &Profile::default()).unwrap();
    dicts.add("algs4", plain).unwrap();
    router(Arc::new(App::new(dicts)))
}

#[test]
fn search_answers_at_most_the_default_number_of_words() {
    let reply = get(&app(), "/api/dicts/enable2k/search?pattern=*");
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.content_type, "application/json");
    assert_eq!(
        reply.json()["words"].as_array().unwrap().len() as u64,
        polyboggle_web::api::DEFAULT_SEARCH_WORDS
    );
}

#[test]
fn a_bad_search_gets_400_and_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let app = search_app(&dir);
    // Tiers of a dictionary without them (the built-in has them).
    let line = get(
        &untiered_app(),
        "/api/dicts/algs4/search?pattern=c%3Ft&tiers=1..2",
    )
    .error(400);
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
    let app = search_app(&dir);
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
    // The default dictionary, the built-in, has tiers (the root's tests/serve.rs checks
    // that its easy computer knows the words `solve --tiers 1` finds).
    let easy = new_game(&app, json!({"board": BOARD, "level": "easy"}));
    assert_eq!(
        (&easy["dict"], &easy["level"]),
        (&json!("enable2k"), &json!("easy"))
    );
    let id = easy["id"].as_str().unwrap();
    let ended = post(&app, &format!("/api/games/{id}/end"), json!({})).json();
    let known = ended["computer"]["words"].as_array().unwrap().len() as u64;
    assert!(0 < known && known < ended["possible"]["count"].as_u64().unwrap());
    let every = new_game(&app, json!({"board": BOARD, "level": "all"}));
    assert_eq!(every["level"], "all");
    // A dictionary without tiers has no levels.
    let plain_app = untiered_app();
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
        rooms: Default::default(),
        crossword_lists: Default::default(),
        crossword_fills: Default::default(),
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
