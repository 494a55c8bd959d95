//! Tiers through the binary: `compile --tiers`, `dict info`, `dict search --tiers`,
//! `solve`/`bench --tiers`, `play --level`; old files still open, bad tier files
//! and damaged tiered files are refused on one line.

use polyboggle_play::level::BOARD_SHARES;

use crate::common::{bad, file, json, ok, polyboggle, repo, run};

/// A small dictionary in two tiers: `tea eat` common, `ate` rarer, `eta tae` in none.
fn tiered(dir: &tempfile::TempDir) -> String {
    let words = file(dir, "words.txt", "tea eat ate eta tae tee\n");
    let easy = file(dir, "easy.txt", "TEA\neat\nzebra\n");
    let harder = file(dir, "harder.txt", "ate\ntea\n");
    let out_s = dir.path().join("t.pbd").display().to_string();
    let summary = ok(&[
        "compile", &words, "--tiers", &easy, "--tiers", &harder, "-o", &out_s,
    ]);
    assert!(summary.contains("tiers 1: 2, 2: 1, none: 3"), "{summary}");
    out_s
}

#[test]
fn compile_info_and_search_by_tier() {
    let dir = tempfile::tempdir().unwrap();
    let dict = tiered(&dir);
    let info = ok(&["dict", "info", &dict]);
    assert!(
        info.contains("tiers:          1: 2, 2: 1, none: 3"),
        "{info}"
    );
    assert!(info.contains("format version: 5"), "{info}");
    let info = json(&["dict", "info", &dict, "--format", "json"]);
    assert_eq!(info["tiers"], serde_json::json!([3, 2, 1]));
    assert_eq!(
        ok(&["dict", "search", &dict, "*", "--tiers", "1"]),
        "EAT\nTEA\n"
    );
    assert_eq!(
        ok(&["dict", "search", &dict, "*", "--tiers", "2.."]),
        "ATE\n"
    );
    assert_eq!(
        ok(&[
            "dict",
            "search",
            &dict,
            "--anagram",
            "aet",
            "--tiers",
            "..2"
        ]),
        "ATE\nEAT\nTEA\n"
    );
    assert_eq!(ok(&["dict", "search", &dict, "*", "--count"]), "6\n");
}

#[test]
fn solve_bench_and_play_count_only_the_tiers() {
    let dir = tempfile::tempdir().unwrap();
    let dict = tiered(&dir);
    let solved = ok(&[
        "solve", "TE/AE", "--dict", &dict, "--tiers", "1", "--format", "json",
    ]);
    let solved: serde_json::Value = serde_json::from_str(&solved).unwrap();
    let words: Vec<&str> = solved["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(words, ["EAT", "TEA"]);
    assert_eq!(solved["score"], 2);
    let all = ok(&["solve", "TE/AE", "--dict", &dict]);
    assert!(all.ends_with("6 words, 6 points\n"), "{all}");

    let boards = dir.path().join("boards.txt");
    std::fs::write(&boards, "TEXX/AEXX/XXXX/XXXX\nTEEX/AXXX/XXXX/XXXX\n").unwrap();
    let boards = boards.display().to_string();
    let bench = ok(&[
        "bench",
        "--dict",
        &dict,
        "--boards-file",
        &boards,
        "--tiers",
        "1..2",
        "--format",
        "json",
    ]);
    let bench: serde_json::Value = serde_json::from_str(&bench).unwrap();
    assert_eq!(bench["tiers"]["boards"], 2);
    assert_eq!(bench["tiers"]["words"], 6, "{bench}");

    // The computer finds only tier 1 (EAT, TEA); the player may enter any word.
    let text = polyboggle([
        "play", "--dict", &dict, "--level", "easy", "--rules", "hasbro", "--seed", "1",
    ])
    .stdin("TEXX AEXX XXXX XXXX\neta\n\nn\n")
    .stdout();
    assert!(text.contains("You: 1 point: ETA\n"), "{text}");
    assert!(text.contains("Computer: 2 points: EAT TEA\n"), "{text}");
    // duel's summary lists the level's words only; a player may enter any word.
    let (words, easy, more) = (
        file(&dir, "d.txt", "tape pate peat tapes"),
        file(&dir, "e.txt", "tape"),
        file(&dir, "m.txt", "peat"),
    );
    let duel_dict = dir.path().join("duel.pbd").display().to_string();
    ok(&[
        "compile", &words, "--tiers", &easy, "--tiers", &more, "-o", &duel_dict,
    ]);
    let out = run(
        &["duel", "--dict", &duel_dict, "--level", "medium"],
        "2\nta\nep\npate\n???\n???\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Correct."), "{text}");
    assert!(
        text.ends_with("Player 1 wins!\nAll possible words: PEAT TAPE\n"),
        "{text}"
    );
    let out = run(
        &[
            "play", "--dict", &dict, "--level", "all", "--rules", "hasbro", "--seed", "1",
        ],
        "TEXX AEXX XXXX XXXX\n\nn\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Computer: 6 points: ATE EAT ETA TAE TEA TEE\n"),
        "{text}"
    );
}

#[test]
fn old_files_open_and_bad_tiers_are_refused() {
    // Files written before version 4 open as before.
    let info = ok(&["dict", "info", &repo("tests/data/format/v2.pbd")]);
    assert!(info.contains("format version: 2"), "{info}");
    assert!(!info.contains("tiers:"), "{info}");
    let info = ok(&["dict", "info", &repo("tests/data/format/v3.pbd")]);
    assert!(info.contains("format version: 3"), "{info}");
    assert!(info.contains("tiers:          1: 2,"), "{info}");
    let found = ok(&[
        "dict",
        "search",
        &repo("tests/data/format/v3.pbd"),
        "*",
        "--tiers",
        "1",
    ]);
    assert_eq!(found, "DOG\nYAK\n");

    let dir = tempfile::tempdir().unwrap();
    let dict = tiered(&dir);
    let mut bytes = std::fs::read(&dict).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    let damaged = dir.path().join("damaged.pbd");
    std::fs::write(&damaged, &bytes).unwrap();
    assert!(bad(&["dict", "info", &damaged.display().to_string()])
        .contains("corrupt: checksum mismatch"));

    let file = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path.display().to_string()
    };
    let words = file("w.txt", b"cat dog\n");
    let out = dir.path().join("o.pbd").display().to_string();
    let none = file("none.txt", b"zebra\n");
    let line = bad(&["compile", &words, "--tiers", &none, "-o", &out]);
    assert!(line.contains("names no word of the dictionary"), "{line}");
    let binary = file("bin.txt", b"cat\xff\n");
    let line = bad(&["compile", &words, "--tiers", &binary, "-o", &out]);
    assert!(
        line.contains("bin.txt: not UTF-8 (invalid byte at offset 3, line 1)"),
        "{line}"
    );
    let counted = file("counted.txt", b"cat 12\ndog lots\n");
    let line = bad(&["compile", &words, "--tiers", &counted, "-o", &out]);
    assert!(
        line.contains("line 2: expected a word and optionally a count"),
        "{line}"
    );
    assert!(!std::path::Path::new(&out).exists(), "nothing half-written");

    // A word list compiled on the fly has no tiers (the built-in has).
    let plain = repo("dictionaries/algs4.txt");
    for args in [
        &["dict", "search", &plain, "*", "--tiers", "1"][..],
        &["solve", "TE/AE", "--dict", &plain, "--tiers", "1..3"],
        &["bench", "--dict", &plain, "--boards", "1", "--tiers", "1"],
        &["play", "--dict", &plain, "--level", "easy"],
        &["duel", "--dict", &plain, "--level", "hard"],
    ] {
        let line = bad(args);
        assert!(
            line.contains(": this dictionary has no tiers (compile it with --tiers FILE"),
            "{args:?}: {line}"
        );
    }
    for args in [
        &["dict", "search", &dict, "*", "--tiers", "3..1"][..],
        &["dict", "search", &dict, "*", "--tiers", "x"],
    ] {
        bad(args);
    }
}

#[test]
fn the_built_in_shows_its_tiers_and_levels() {
    let info = ok(&["dict", "info", "enable2k"]);
    assert!(
        info.contains("tiers:          1: 1571, 2: 5357, 3: 16014, none: 150586\n"),
        "{info}"
    );
    assert!(
        info.contains("levels:         easy 1, medium 1..2, hard 1..3 (lists; play --level)\n"),
        "{info}"
    );
    let json = ok(&["dict", "info", "enable2k", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        json["tiers"],
        serde_json::json!([150_586, 1_571, 5_357, 16_014])
    );
    assert_eq!(
        json["levels"],
        serde_json::json!({"easy": [1, 1], "medium": [1, 2], "hard": [1, 3], "source": "lists"})
    );
    assert_eq!(
        ok(&["dict", "search", "enable2k", "c?t", "--tiers", "1"]),
        "CAT\nCUT\n"
    );
}

/// The built-in is ENABLE2K with the Princeton lists as tiers, as the levels were
/// measured with: on the same 1,000 boards, easy, medium and hard find the shares of
/// a board's words `BOARD_SHARES` gives (the figures in docs/levels.md).
#[test]
fn the_built_in_tiers_find_the_measured_shares() {
    let share = |tiers: &str| -> f64 {
        let json = ok(&[
            "bench",
            "--dice",
            "english-new-4x4",
            "--boards",
            "1000",
            "--seed",
            "1",
            "--rules",
            "hasbro",
            "--tiers",
            tiers,
            "--format",
            "json",
        ]);
        let json: serde_json::Value = serde_json::from_str(&json).unwrap();
        json["tiers"]["words"].as_f64().unwrap() / json["words"].as_f64().unwrap()
    };
    let shares = ["1", "1..2", "1..3"].map(share);
    for (share, measured) in shares.iter().zip(BOARD_SHARES) {
        assert!(
            (share - measured).abs() < 0.00005,
            "{shares:?}, measured {BOARD_SHARES:?}"
        );
    }
}

/// A ranked list in Polish, where the dictionary holds every inflected form: the levels
/// take deeper tiers (easy 1..3, medium 1..4, hard 1..5, `polyboggle_play::level`) than the
/// same list with no language (1, 1..2, 1..3), in `play`, `duel` and `dict info`.
#[test]
fn a_ranked_list_in_polish_takes_deeper_tiers() {
    let dir = tempfile::tempdir().unwrap();
    let words = dir.path().join("words.txt");
    std::fs::write(&words, "tea eat ate eta tae tee teat\n").unwrap();
    // TEAT at rank 2,000 (tier 2), TEA at 5,000 (tier 3), EAT at 20,000 (tier 4), ATE at 50,000 (tier 5): the
    // other ranks are words the dictionary does not hold.
    let mut ranked = String::new();
    for rank in 0..50_001 {
        ranked.push_str(match rank {
            2_000 => "teat\n",
            5_000 => "tea\n",
            20_000 => "eat\n",
            50_000 => "ate\n",
            _ => "",
        });
        if ![2_000, 5_000, 20_000, 50_000].contains(&rank) {
            ranked.push_str(&format!("x{}\n", letters(rank)));
        }
    }
    let list = dir.path().join("pl-freq.txt");
    std::fs::write(&list, ranked).unwrap();
    let compile = |lang: Option<&str>, name: &str| {
        let out = dir.path().join(name).display().to_string();
        let (words, list) = (words.display().to_string(), list.display().to_string());
        let mut args = vec!["compile", &words, "--tiers", &list, "-o", &out];
        if let Some(lang) = lang {
            args.extend(["--lang", lang]);
        }
        let summary = ok(&args);
        assert!(
            summary.contains("tiers 1: 0, 2: 1, 3: 1, 4: 1, 5: 1"),
            "{summary}"
        );
        out
    };
    let polish = compile(Some("pl"), "pl.pbd");
    let plain = compile(None, "plain.pbd");

    let computer = |dict: &str, level: &str| -> String {
        let text = polyboggle([
            "play", "--dict", dict, "--level", level, "--rules", "hasbro", "--seed", "1",
        ])
        .stdin("TEXX AEXX XXXX XXXX\n\nn\n")
        .stdout();
        let line = text
            .lines()
            .find(|l| l.starts_with("Computer: "))
            .unwrap_or("");
        line.split(": ").last().unwrap_or("").to_string()
    };
    assert_eq!(computer(&polish, "easy"), "TEA");
    assert_eq!(computer(&polish, "medium"), "EAT TEA");
    assert_eq!(computer(&polish, "hard"), "ATE EAT TEA");
    assert_eq!(computer(&plain, "easy"), "");
    assert_eq!(computer(&plain, "hard"), "TEA");

    // duel's summary (CS106B rules: 4+ letters) at easy: TEAT, tier 2.
    let duel = |dict: &str| {
        let out = run(
            &["duel", "--dict", dict, "--level", "easy"],
            "2\nte\nat\n???\n???\n",
        );
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(
        duel(&polish).ends_with("All possible words: TEAT\n"),
        "{}",
        duel(&polish)
    );
    assert!(
        duel(&plain).ends_with("All possible words: \n"),
        "{}",
        duel(&plain)
    );

    let info = ok(&["dict", "info", &polish]);
    assert!(
        info.contains("levels:         easy 1..3, medium 1..4, hard 1..5 (measured; play --level)"),
        "{info}"
    );
    let info: serde_json::Value = json(&["dict", "info", &plain, "--format", "json"]);
    assert_eq!(info["levels"]["hard"], serde_json::json!([1, 3]));
    assert_eq!(
        info["levels"]["source"], "lists",
        "too few words to estimate from"
    );
}

/// `n` in letters.
fn letters(mut n: usize) -> String {
    let mut word = String::new();
    loop {
        word.push((b'a' + (n % 26) as u8) as char);
        n /= 26;
        if n == 0 {
            return word;
        }
    }
}
