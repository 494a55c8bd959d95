use super::*;

use polyboggle::Profile;
use serde_json::Value;

/// A moment of the wall clock, `secs` after a fixed one.
fn t(secs: u64) -> Duration {
    Duration::from_secs(1_700_000_000 + secs)
}

fn view(room: &Room, player: usize, now: Duration) -> Value {
    serde_json::from_str(&room.view(player, now)).unwrap()
}

fn english(body: &str) -> (Dictionaries, String) {
    (Dictionaries::builtin(), body.to_string())
}

fn open(dicts: &Dictionaries, body: &str) -> Room {
    Room::open(dicts, "ABCDEF", body.as_bytes(), "token-host".into(), t(0)).unwrap()
}

const BOARD: &str = r#"{"name": "Ana", "board": "ATEE/APYO/TINU/EDSE", "timer": 60}"#;

#[test]
fn a_round_strikes_the_words_two_players_found_and_keeps_the_totals() {
    let (dicts, body) = english(BOARD);
    let mut room = open(&dicts, &body);
    let bo = room.join("Bo", "token-bo".into(), t(0)).unwrap();
    let cy = room.join("Cy", "token-cy".into(), t(0)).unwrap();
    assert_eq!(room.phase(t(0)), RoomPhase::Lobby);
    room.start(0, 3, t(0)).unwrap();
    assert_eq!(room.phase(t(1)), RoomPhase::Countdown);
    assert_eq!(
        view(&room, bo, t(1))["board"],
        Value::Null,
        "no board before the start"
    );
    assert!(room
        .word(bo, "tape", t(1))
        .unwrap_err()
        .message
        .contains("not started"));
    for (player, words) in [
        (0, &["tape", "pate", "dine"][..]),
        (bo, &["tape", "diet"]),
        (cy, &["dine", "edit"]),
    ] {
        for w in words {
            room.word(player, w, t(5)).unwrap();
        }
    }
    // Before the results, a player sees their own words and the others' counts.
    let during = view(&room, bo, t(10));
    assert_eq!(during["phase"], "playing");
    assert_eq!(during["words"].as_array().unwrap().len(), 2);
    assert_eq!(during["players"][0]["found"], 3);
    assert!(during["players"][0].get("words").is_none());
    // The end, with the grace for the network, then the results.
    assert_eq!(room.phase(t(3 + 60 + 1)), RoomPhase::Playing);
    let after = t(3 + 60) + GRACE;
    assert_eq!(room.phase(after), RoomPhase::Results);
    assert!(room
        .word(0, "nite", after)
        .unwrap_err()
        .message
        .contains("over"));
    let results = view(&room, cy, after);
    let scores: Vec<u64> = (0..3)
        .map(|p| results["players"][p]["score"].as_u64().unwrap())
        .collect();
    assert_eq!(scores, [1, 1, 1], "{results}");
    let ana_words = &results["players"][0]["words"];
    assert_eq!(ana_words[0]["struck"], true);
    assert_eq!(ana_words[0]["also"], serde_json::json!(["Bo"]));
    assert_eq!(ana_words[1]["struck"], false);
    assert_eq!(results["winners"], serde_json::json!(["p1", "p2", "p3"]));
    assert!(results["missed"]
        .as_array()
        .unwrap()
        .iter()
        .all(|w| w["word"] != "TAPE"));
    // The next round keeps the totals.
    assert!(room.start(bo, 0, after).unwrap_err().status == 403);
    room.start(0, 0, after).unwrap();
    let next = view(&room, 0, after);
    assert_eq!(
        (next["round"].as_u64(), next["players"][1]["total"].as_u64()),
        (Some(2), Some(1))
    );
    assert_eq!(next["players"][1]["found"], 0);
}

#[test]
fn all_scoring_scores_every_word() {
    let dicts = Dictionaries::builtin();
    let mut room = open(
        &dicts,
        r#"{"name": "Ana", "board": "ATEE/APYO/TINU/EDSE", "timer": 10, "scoring": "all"}"#,
    );
    let bo = room.join("Bo", "b".into(), t(0)).unwrap();
    room.start(0, 0, t(0)).unwrap();
    room.word(0, "tape", t(1)).unwrap();
    room.word(bo, "tape", t(1)).unwrap();
    let results = view(&room, 0, t(20));
    assert_eq!(results["players"][0]["score"], 1);
    assert_eq!(results["players"][0]["words"][0]["struck"], false);
}

#[test]
fn names_are_checked() {
    for (name, why) in [
        ("", "empty"),
        ("  ", "empty"),
        ("a\u{7}b", "control"),
        (&"ж".repeat(25), "at most 24"),
    ] {
        let e = player_name(name).unwrap_err();
        assert_eq!(e.status, 400);
        assert!(e.message.contains(why), "{name:?}: {}", e.message);
    }
    // Graphemes, not characters: 24 letters with a combining accent are a name.
    assert!(player_name(&"e\u{301}".repeat(24)).is_ok());
    assert!(player_name(&"e\u{301}".repeat(25)).is_err());
    // A name is text: markup is kept as typed (the page shows it as text).
    assert_eq!(
        player_name(" <svg onload=alert(1)> ").unwrap(),
        "<svg onload=alert(1)>"
    );
    let dicts = Dictionaries::builtin();
    let mut room = open(&dicts, BOARD);
    assert_eq!(room.join("Ana", "x".into(), t(0)).unwrap_err().status, 409);
}

#[test]
fn a_room_is_full_at_its_players() {
    let dicts = Dictionaries::builtin();
    let mut room = open(&dicts, BOARD);
    room.limit_players(3);
    room.join("B", "b".into(), t(0)).unwrap();
    room.join("C", "c".into(), t(0)).unwrap();
    let e = room.join("D", "d".into(), t(0)).unwrap_err();
    assert_eq!(e.status, 409);
    assert!(e.message.contains("full"), "{}", e.message);
}

#[test]
fn faster_than_a_human_is_refused() {
    let dicts = Dictionaries::builtin();
    let mut room = open(&dicts, BOARD);
    room.start(0, 0, t(0)).unwrap();
    for _ in 0..WORDS_PER_SECOND {
        room.word(0, "zzzz", t(1)).unwrap();
    }
    let e = room.word(0, "tape", t(1)).unwrap_err();
    assert_eq!((e.status, e.retry_after), (429, Some(1)));
    assert!(room.word(0, "tape", t(2)).unwrap().contains("correct"));
}

#[test]
fn tokens_name_their_players_and_the_host_hands_off() {
    let dicts = Dictionaries::builtin();
    let mut room = open(&dicts, BOARD);
    let bo = room.join("Bo", "token-bo".into(), t(0)).unwrap();
    assert_eq!(room.player_of("token-bo"), Some(bo));
    assert_eq!(room.player_of("token-b"), None);
    assert_eq!(room.player_of(""), None);
    room.seen(bo, t(1), 1);
    // The host has no live connection and was last seen at 0: away after HOST_AWAY.
    assert!(!room.hand_off(t(5), HOST_AWAY));
    assert!(room.hand_off(t(0) + HOST_AWAY, HOST_AWAY));
    assert!(room.is_host(bo));
    // A player who leaves hands the host's place on at once.
    let cy = room.join("Cy", "c".into(), t(30)).unwrap();
    room.leave(bo, t(31));
    assert!(room.is_host(cy) || room.is_host(0));
    assert_eq!(
        room.player_of("token-bo"),
        None,
        "a player who left has no token"
    );
}

#[test]
fn a_saved_room_comes_back_with_its_words_and_its_end() {
    let dicts = Dictionaries::builtin();
    let mut room = open(&dicts, BOARD);
    let bo = room.join("Bo", "token-bo".into(), t(0)).unwrap();
    room.start(0, 0, t(0)).unwrap();
    room.word(0, "tape", t(1)).unwrap();
    room.word(bo, "pate", t(1)).unwrap();
    let saved = serde_json::to_string(&room.save()).unwrap();
    let back = Room::restore(&dicts, &serde_json::from_str(&saved).unwrap(), t(30)).unwrap();
    assert_eq!(
        back.view(bo, t(30)),
        room.view(bo, t(30))
            .replace(r#""here":false"#, r#""here":true"#)
    );
    assert_eq!(back.player_of("token-bo"), Some(bo));
    assert_eq!(back.phase(t(59)), RoomPhase::Playing);
    assert_eq!(back.phase(t(60) + GRACE), RoomPhase::Results);
}

#[test]
fn a_hebrew_room_is_right_to_left_and_folds_final_letters() {
    let mut dicts = Dictionaries::builtin();
    let hebrew = Profile::for_language("he").unwrap();
    // The game list's words as the build folds them (no final forms).
    let words = ["שלומ", "שלמ", "מלכ", "כלב"];
    dicts
        .add("he", Lexicon::from_words(words, &hebrew).unwrap())
        .unwrap();
    let body = r#"{"name": "דנה", "dict": "he", "board": "ש ל ו/כ ב מ/א ה ר", "timer": 30, "rules": "hasbro"}"#;
    let mut room = Room::open(&dicts, "HEBREW", body.as_bytes(), "a".into(), t(0)).unwrap();
    let other = room.join("יעל", "b".into(), t(0)).unwrap();
    room.start(0, 0, t(0)).unwrap();
    assert!(room.word(0, "שלומ", t(1)).unwrap().contains("correct"));
    assert!(room.word(other, "שלומ", t(1)).unwrap().contains("correct"));
    assert!(room.word(other, "מלכ", t(1)).unwrap().contains("correct"));
    let results = view(&room, 0, t(40));
    assert_eq!(results["rtl"], true);
    assert_eq!(results["players"][0]["words"][0]["struck"], true);
    assert_eq!(
        results["players"][1]["score"],
        results["players"][1]["words"][1]["points"]
    );
}

#[test]
fn a_croatian_room_traces_digraph_faces() {
    let mut dicts = Dictionaries::builtin();
    let croatian = Profile::for_language("hr").unwrap();
    dicts
        .add(
            "hr",
            Lexicon::from_words(["ljubav", "njiva", "džep"], &croatian).unwrap(),
        )
        .unwrap();
    let body = r#"{"name": "Ivo", "dict": "hr", "board": "LJ U B/NJ A V/DŽ E P", "timer": 30, "rules": "hasbro"}"#;
    let mut room = Room::open(&dicts, "HRVATS", body.as_bytes(), "a".into(), t(0)).unwrap();
    room.start(0, 0, t(0)).unwrap();
    let verdict: Value = serde_json::from_str(&room.word(0, "ljubav", t(1)).unwrap()).unwrap();
    assert_eq!(verdict["verdict"], "correct");
    // Four faces: LJ U B A... and V, traced cell by cell.
    assert_eq!(verdict["path"].as_array().unwrap().len(), 5, "{verdict}");
    assert_eq!(verdict["word"], "LJUBAV");
    let results = view(&room, 0, t(40));
    assert_eq!(results["board"][0][0], "LJ");
}
