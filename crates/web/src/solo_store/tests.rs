use super::*;
use serde_json::Value;

fn start(games: &Games, body: &str) -> String {
    let dicts = Dictionaries::builtin();
    let view: Value =
        serde_json::from_str(&games.create(&dicts, body.as_bytes()).unwrap()).unwrap();
    view["id"].as_str().unwrap().to_string()
}

/// Moves the store's clock on by `by`.
fn age(games: &Games, by: Duration) {
    *games.skipped.lock().unwrap() += by;
}

#[test]
fn a_full_store_refuses_new_games_and_drops_none() {
    let games = Games::with_capacity(Capacity::games(3));
    let dicts = Dictionaries::builtin();
    let ids: Vec<String> = (0..3)
        .map(|seed| start(&games, &format!(r#"{{"seed": {seed}}}"#)))
        .collect();
    let err = games.create(&dicts, br#"{"seed": 9}"#).unwrap_err();
    assert_eq!(err.status, 503);
    assert!(
        err.message.starts_with("the server is full: 3 games"),
        "{}",
        err.message
    );
    let wait = err.retry_after.unwrap();
    assert!((3500..=3601).contains(&wait), "{wait}");
    for id in &ids {
        games.view(id).unwrap();
    }
}

#[test]
fn the_budget_counts_bytes_too() {
    let dicts = Dictionaries::builtin();
    let games = Games::with_capacity(Capacity {
        games: 100,
        bytes: 12_000,
    });
    // A board of many words holds more than one of few.
    let err = games
        .create(&dicts, br#"{"board": "PERS/LATG/SINE/TERS"}"#)
        .unwrap_err();
    assert_eq!(err.status, 400);
    assert!(
        err.message.contains("more than this server's whole budget"),
        "{}",
        err.message
    );
    start(&games, r#"{"board": "AB/CD"}"#);
    start(&games, r#"{"board": "AB/CD"}"#);
    assert!(games.lock().bytes <= 12_000);
}

#[test]
fn idle_games_expire_and_say_so() {
    let games = Games::with_capacity(Capacity::games(2));
    let dicts = Dictionaries::builtin();
    let untimed = start(&games, r#"{"seed": 1}"#);
    let timed = start(&games, r#"{"seed": 2, "timer": 60}"#);
    // Idle 20 minutes: the timed game (60 s + 10 minutes) has expired, the other not.
    age(&games, Duration::from_secs(20 * 60));
    assert_eq!(games.sweep(), 1);
    games.view(&untimed).unwrap();
    let err = games.view(&timed).unwrap_err();
    assert_eq!(err.status, 404);
    assert_eq!(
        err.message,
        format!(
            "game '{timed}' has expired: it had no request for 11 minutes, so it was forgotten"
        )
    );
    // A full store forgets an expired game to make room, never an active one.
    start(&games, r#"{"seed": 3}"#);
    assert_eq!(games.create(&dicts, b"{}").unwrap_err().status, 503);
    age(&games, UNTIMED_IDLE);
    start(&games, r#"{"seed": 4}"#);
    assert!(games
        .view(&untimed)
        .unwrap_err()
        .message
        .contains("an hour"));

    let err = games.view("0123abcd").unwrap_err();
    assert_eq!(err.message, "no game '0123abcd' (unknown id)");
    let id = start(&games, "{}");
    games.delete(&id).unwrap();
    assert_eq!(
        games.view(&id).unwrap_err().message,
        format!("game '{id}' was deleted")
    );
}

#[test]
fn a_closed_store_takes_no_changes() {
    let games = Games::new();
    let dicts = Dictionaries::builtin();
    let id = start(&games, r#"{"seed": 1}"#);
    games.close();
    let err = games.guess(&id, br#"{"word": "tart"}"#).unwrap_err();
    assert_eq!((err.status, err.retry_after), (503, Some(RESTART_RETRY)));
    assert_eq!(games.create(&dicts, b"{}").unwrap_err().status, 503);
    games.view(&id).unwrap();
}

#[test]
fn a_saved_store_resumes_with_its_words_and_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.json");
    let dicts = Dictionaries::builtin();
    let games = Games::new();
    let body = r#"{"board": "ATEE/APYO/TINU/EDSE", "timer": 300}"#;
    let timed = start(&games, body);
    let over = start(
        &games,
        r#"{"board": "ATEE/APYO/TINU/#DSE", "level": "all"}"#,
    );
    for word in ["type", "pate", "dine"] {
        games
            .guess(&timed, json!({ "word": word }).to_string().as_bytes())
            .unwrap();
    }
    games.guess(&over, br#"{"word": "tiny"}"#).unwrap();
    games.end(&over).unwrap();
    assert!(games.changed());
    assert_eq!(games.save(&dicts, &path).unwrap(), 2);
    assert!(!games.changed());

    let again = Games::new();
    let resumed = again.resume(&dicts, &path).unwrap();
    assert_eq!(
        resumed,
        Resumed {
            games: 2,
            notes: vec![]
        }
    );
    for id in [&timed, &over] {
        let (before, after): (Value, Value) = (
            serde_json::from_str(&games.view(id).unwrap()).unwrap(),
            serde_json::from_str(&again.view(id).unwrap()).unwrap(),
        );
        assert_eq!(before["human"], after["human"]);
        assert_eq!(before["computer"], after["computer"]);
        assert_eq!(before["phase"], after["phase"]);
        assert_eq!(before["message"], after["message"]);
        assert_eq!(before["board"], after["board"]);
        let left = |v: &Value| v["time_left"].as_f64();
        match (left(&before), left(&after)) {
            (Some(b), Some(a)) => assert!((b - a).abs() < 1.0 && a > 295.0, "{b} {a}"),
            (b, a) => assert_eq!(b, a),
        }
    }
    let err = again.guess(&timed, br#"{"word": "type"}"#).unwrap();
    assert!(err.contains("already-found"), "{err}");
    // No file yet: nothing to resume.
    let none = Games::new()
        .resume(&dicts, &dir.path().join("none.json"))
        .unwrap();
    assert_eq!(none, Resumed::default());
}

#[test]
fn a_damaged_file_is_set_aside_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.json");
    let dicts = Dictionaries::builtin();
    let refuse = |text: &str| {
        std::fs::write(&path, text).unwrap();
        let games = Games::new();
        let resumed = games.resume(&dicts, &path).unwrap();
        assert_eq!(resumed.games, 0);
        assert!(games.is_empty());
        assert!(!path.exists());
        assert_eq!(resumed.notes.len(), 1, "{:?}", resumed.notes);
        resumed.notes[0].clone()
    };
    let note = refuse(r#"{"format": "polyboggle serve state", "version": 1, "dicts": [], "ga"#);
    assert!(
        note.starts_with(&format!("{}: damaged (", path.display())),
        "{note}"
    );
    let aside = dir.path().join("games.json.refused");
    let tail = format!("; set aside as {}, starting with no games", aside.display());
    assert!(note.ends_with(&tail), "{note}");
    let note = refuse(r#"{"format": "polyboggle serve state", "version": 99}"#);
    assert!(
        note.contains("state format version 99, but this server reads version 1"),
        "{note}"
    );
    assert!(note.contains("games.json.refused.2"), "{note}");
    let note = refuse("a word list\n");
    assert!(
        note.contains("not a state file of polyboggle serve"),
        "{note}"
    );
    let other = r#"{"format": "polyboggle serve state", "version": 1,
        "dicts": [{"name": "enable2k", "words": 12, "bytes": 3400, "tiers": 0}], "games": []}"#;
    let note = refuse(other);
    assert!(
        note.contains("written for another dictionary 'enable2k' (12 words"),
        "{note}"
    );
    // Each refused file is still there, under its own name.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "games.json.refused",
            "games.json.refused.2",
            "games.json.refused.3",
            "games.json.refused.4"
        ]
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("games.json.refused.4")).unwrap(),
        other
    );
}

#[test]
fn games_over_a_dictionary_not_served_are_dropped_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.json");
    let mut dicts = Dictionaries::builtin();
    let small = polyboggle::Lexicon::from_words(["tape", "type"], &Default::default()).unwrap();
    dicts.add("small", small).unwrap();
    let games = Games::new();
    let body = br#"{"board": "ATEE/APYO/TINU/EDSE", "dict": "small"}"#;
    let view: Value = serde_json::from_str(&games.create(&dicts, body).unwrap()).unwrap();
    let id = view["id"].as_str().unwrap().to_string();
    start(&games, "{}");
    games.save(&dicts, &path).unwrap();

    let again = Games::new();
    let resumed = again.resume(&Dictionaries::builtin(), &path).unwrap();
    assert_eq!(resumed.games, 1);
    assert_eq!(
        resumed.notes,
        ["1 game over the dictionary 'small' dropped: it is not served now"]
    );
    let err = again.view(&id).unwrap_err();
    assert!(
        err.message
            .contains("its dictionary 'small' is not served now"),
        "{}",
        err.message
    );
}
