//! `polyboggle serve`, the real binary on 127.0.0.1: its answers are the other
//! commands' to the byte, its options, its state file, and its connections. The
//! endpoints themselves are tested in-process by the web crate
//! (crates/web/tests/api.rs).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{bad, json, ok, polyboggle, repo, TestCommand, BINARY};
use polyboggle_web::Limits;
use serde_json::{json, Value};

const BOARD: &str = "ATEE/APYO/TINU/EDSE";

/// The real binary, serving on a free loopback port; killed when dropped.
struct Server {
    child: Child,
    address: String,
    /// What it prints after its first line.
    stdout: BufReader<std::process::ChildStdout>,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        Server::start_as(TestCommand::new(), args)
    }

    /// Starts `command` (the binary, maybe run as another user) with `serve` and `args`.
    fn start_as(mut command: TestCommand, args: &[&str]) -> Server {
        command.args(["serve", "--port", "0"]).args(args);
        command
            .command()
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        let mut child = command.spawn();
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

    /// `request` as a room's player (`Authorization: Bearer TOKEN`), as JSON.
    fn player(&self, method: &str, path: &str, token: &str, body: Value) -> (u16, Value) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let body = body.to_string();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let (status, text) = answer(&mut stream);
        (
            status,
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}")),
        )
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
        answer(&mut stream)
    }

    /// `request`, answered with an error: asserts status 400 and `{"error": one line}`;
    /// returns the line.
    fn error(&self, method: &str, path: &str, body: &str) -> String {
        let (status, text) = self.request(method, path, body);
        assert_eq!(status, 400, "{text}");
        let value: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(value.as_object().unwrap().len(), 1, "{text}");
        value["error"].as_str().unwrap().to_string()
    }
}

/// The answer to a request sent with `Connection: close`: the status and the body.
fn answer(stream: &mut TcpStream) -> (u16, String) {
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    let (head, body) = reply.split_once("\r\n\r\n").unwrap();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
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
        let mut command = TestCommand::new();
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
    assert!(bad(&["serve", "--room-prefix", "O1", "--port", "0"])
        .contains("--room-prefix O1: give one to three"));
    assert!(bad(&["serve", "--room-players", "1", "--port", "0"]).contains("--room-players"));
}

/// The router served in-process on a free loopback port within `limits`, on a runtime

#[test]
fn solve_is_served_as_the_cli_prints_it() {
    let server = Server::start(&["--no-languages"]);
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
        let (status, body) = server.request("POST", "/api/solve", &request.to_string());
        assert_eq!(status, 200, "{body}");
        let mut cli = vec!["solve", "--format", "json"];
        cli.extend_from_slice(args);
        assert_eq!(body, ok(&cli), "{request}");
    }
}

#[test]
fn bad_input_is_served_as_400_and_the_clis_own_line() {
    let server = Server::start(&["--no-languages"]);
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
        let line = server.error("POST", "/api/solve", &request.to_string());
        let mut cli = vec!["solve"];
        cli.extend_from_slice(args);
        let stderr = bad(&cli);
        assert_eq!(format!("polyboggle: {line}\n"), stderr, "{request}");
    }
}

#[test]
fn roll_is_served_as_the_cli_rolls() {
    let server = Server::start(&["--no-languages"]);
    let (_, dice) = server.json("GET", "/api/dice", json!({}));
    let listed: Vec<String> = ok(&["roll", "--list"])
        .lines()
        .map(|l| l.split('\t').next().unwrap().to_string())
        .collect();
    let names: Vec<&str> = dice["sets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, listed);
    for (set, seed) in [
        ("english-new-4x4", 7),
        ("english-superbig-6x6", 3),
        ("german-fanmade-multiletter-4x4", 1),
    ] {
        let (status, reply) = server.json("POST", "/api/roll", json!({"set": set, "seed": seed}));
        assert_eq!(status, 200, "{reply}");
        let cli: Value = json(&["roll", set, "--seed", &seed.to_string(), "--format", "json"]);
        for key in ["set", "seed", "rows", "cols", "board", "dice"] {
            assert_eq!(reply[key], cli[key], "{set} {key}");
        }
    }
}

/// `polyboggle serve` with `tiered`, a small dictionary compiled with two tier lists
/// (cat dog; emu), and `algs`, a word list with no tiers: the server and the compiled
/// file's path.
fn search_server(dir: &tempfile::TempDir) -> (Server, String) {
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
    let server = Server::start(&[
        "--no-languages",
        "--dict",
        &format!("tiered={compiled}"),
        "--dict",
        &format!("algs={}", repo("dictionaries/algs4.txt")),
    ]);
    (server, compiled)
}

#[test]
fn the_served_computer_knows_what_solve_finds_in_its_tiers() {
    // The built-in has tiers: the easy computer knows the words `solve --tiers 1` finds.
    let server = Server::start(&["--no-languages"]);
    let (_, easy) = server.json(
        "POST",
        "/api/games",
        json!({"board": BOARD, "level": "easy"}),
    );
    let id = easy["id"].as_str().unwrap();
    let (_, ended) = server.json("POST", &format!("/api/games/{id}/end"), json!({}));
    let tier_1 = ok(&[
        "solve", BOARD, "--rules", "cs106b", "--tiers", "1", "--format", "json",
    ]);
    let tier_1: Value = serde_json::from_str(&tier_1).unwrap();
    assert_eq!(ended["computer"]["words"], tier_1["words"]);
    assert!(ended["possible"]["count"].as_u64() > tier_1["count"].as_u64());
}

/// DIR/dictionaries/build/TAG.pbd, `words` compiled with the language's preset as
/// dictionaries/build-languages.sh compiles a language's list.
fn built_language(dir: &Path, tag: &str, words: &str) -> PathBuf {
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
fn search_is_served_as_dict_search_prints_it() {
    let dir = tempfile::tempdir().unwrap();
    let (server, tiered) = search_server(&dir);
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
        let (status, body) =
            server.request("GET", &format!("/api/dicts/{dict}/search?{query}"), "");
        assert_eq!(status, 200, "{query}: {body}");
        let path = if *dict == "tiered" {
            tiered.as_str()
        } else {
            dict
        };
        let mut cli = vec!["dict", "search", path, "--format", "json"];
        cli.extend_from_slice(args);
        assert_eq!(body, ok(&cli), "{query}");
    }
}

#[test]
fn a_bad_search_is_served_as_400_and_the_clis_line() {
    let dir = tempfile::tempdir().unwrap();
    let (server, _) = search_server(&dir);
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
        let line = server.error("GET", &format!("/api/dicts/enable2k/search?{query}"), "");
        let mut cli = vec!["dict", "search", "enable2k"];
        cli.extend_from_slice(args);
        assert_eq!(format!("polyboggle: {line}\n"), bad(&cli), "{query}");
    }
    // Tiers of a dictionary without them (the built-in has them).
    let plain = repo("dictionaries/algs4.txt");
    let line = server.error("GET", "/api/dicts/algs/search?pattern=c%3Ft&tiers=1..2", "");
    assert_eq!(
        format!("polyboggle: {line}\n"),
        bad(&["dict", "search", &plain, "c?t", "--tiers", "1..2"])
    );
}

#[test]
fn the_binary_closes_a_silent_connection() {
    let server = Server::start(&[]);
    let mut silent = TcpStream::connect(&server.address).unwrap();
    let idle = Limits::default().idle_time;
    silent
        .set_read_timeout(Some(idle + Duration::from_secs(20)))
        .unwrap();
    let began = Instant::now();
    // Whatever it sends before closing, then the end of the stream (or a reset).
    match silent.read_to_end(&mut Vec::new()) {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {}
        Err(e) => panic!("the binary closes a connection that sends nothing: {e}"),
    }
    let closed = began.elapsed();
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
        "POST /api/games/{timed}/guess HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )
    .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let pid = server.child.id() as libc::pid_t;
    let writer = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        slow.write_all(body.as_bytes()).unwrap();
        answer(&mut slow)
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
fn a_room_stopped_mid_round_comes_back_with_its_players_words_and_end() {
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("games.json");
    let state_arg = state.to_str().unwrap();
    let server = Server::start(&["--state", state_arg]);
    let (_, opened) = server.json(
        "POST",
        "/api/rooms",
        json!({"name": "Ana", "board": BOARD, "timer": 120}),
    );
    let code = opened["code"].as_str().unwrap().to_string();
    let ana = opened["token"].as_str().unwrap().to_string();
    let (_, joined) = server.json(
        "POST",
        &format!("/api/rooms/{code}/join"),
        json!({"name": "Bo"}),
    );
    let bo = joined["token"].as_str().unwrap().to_string();
    let (status, _) = server.player(
        "POST",
        &format!("/api/rooms/{code}/start"),
        &ana,
        json!({"countdown": 0}),
    );
    assert_eq!(status, 200);
    for (token, word) in [(&ana, "tape"), (&bo, "tape"), (&bo, "dine")] {
        let (status, verdict) = server.player(
            "POST",
            &format!("/api/rooms/{code}/words"),
            token,
            json!({ "word": word }),
        );
        assert_eq!(
            (status, verdict["verdict"].as_str()),
            (200, Some("correct")),
            "{verdict}"
        );
    }
    let (_, before) = server.player("GET", &format!("/api/rooms/{code}"), &bo, Value::Null);
    let (code_exit, out, err) = server.stop();
    assert_eq!(code_exit, Some(0), "{err}");
    assert!(
        out.contains(&format!("and 1 room to {state_arg}.rooms")),
        "{out}"
    );

    let server = Server::start(&["--state", state_arg]);
    let (status, after) = server.player("GET", &format!("/api/rooms/{code}"), &bo, Value::Null);
    assert_eq!(status, 200, "{after}");
    for field in [
        "phase",
        "board",
        "players",
        "words",
        "ends_at_ms",
        "host",
        "round",
    ] {
        assert_eq!(before[field], after[field], "{field}");
    }
    assert_eq!(after["words"].as_array().unwrap().len(), 2);
    // The tokens are the same, and the round goes on where it was.
    let (_, again) = server.player(
        "POST",
        &format!("/api/rooms/{code}/words"),
        &ana,
        json!({"word": "tape"}),
    );
    assert_eq!(again["verdict"], "already-found");
    let (status, _) = server.player("GET", &format!("/api/rooms/{code}"), "forged", Value::Null);
    assert_eq!(status, 401);
}

#[test]
fn a_terminal_plays_a_room_beside_the_others() {
    let server = Server::start(&[]);
    let (_, opened) = server.json(
        "POST",
        "/api/rooms",
        json!({"name": "Ana", "board": BOARD, "timer": 3}),
    );
    let code = opened["code"].as_str().unwrap().to_string();
    let ana = opened["token"].as_str().unwrap().to_string();
    let link = format!("http://{}/#/room/{code}", server.address);
    // Bo joins from a terminal while the room waits, then types two words once the
    // host has started; the command ends after the results.
    let mut bo = polyboggle(["play", "--join", &link, "--name", "Bo"]);
    let words = "\ntape\npate\nqqqq\n";
    let starter = {
        let (address, code, ana) = (server.address.clone(), code.clone(), ana.clone());
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            let body = r#"{"countdown":0}"#;
            let mut stream = TcpStream::connect(&address).unwrap();
            write!(stream, "POST /api/rooms/{code}/start HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {ana}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len()).unwrap();
            answer(&mut stream)
        })
    };
    std::thread::sleep(Duration::from_millis(800));
    let out = bo.stdin(words).timeout(Duration::from_secs(30)).stdout();
    assert_eq!(starter.join().unwrap().0, 200);
    assert!(out.contains(&format!("Joined room {code}")), "{out}");
    assert!(out.contains("Correct."), "{out}");
    assert!(out.contains("QQQQ is not a word."), "{out}");
    assert!(out.contains("Bo: 2 points"), "{out}");
    let (_, results) = server.player("GET", &format!("/api/rooms/{code}"), &ana, Value::Null);
    assert_eq!(results["phase"], "results");
    let words: Vec<&str> = results["players"][1]["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(words, ["TAPE", "PATE"]);
    // A link that names no room is one line.
    let line = polyboggle([
        "play",
        "--join",
        "https://example.org/#/room/ABCDEF",
        "--name",
        "Bo",
    ])
    .refused();
    assert!(line.contains("only http://"), "{line}");
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
fn as_test_user(dir: &std::path::Path) -> TestCommand {
    let known = Command::new("id").arg(TEST_USER).output().unwrap();
    assert!(
        known.status.success(),
        "this test needs a non-root user {TEST_USER}: create it with `useradd -m {TEST_USER}` (.ci/run does)"
    );
    let binary = dir.join("polyboggle");
    std::fs::copy(BINARY, &binary).unwrap();
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
    TestCommand::from_command(command)
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
        as_test_user(dir.path())
            .args(["serve", "--port", "0", "--state"])
            .arg(state)
            .refused()
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
