//! `polyboggle solve`, `compile` and `dict` through the real binary.

use crate::common::{bad, json, ok, polyboggle, repo, run};
use serde_json::Value;

#[test]
fn solves_with_the_built_in_dictionary_and_no_flags() {
    let out = ok(&["solve", "ATEE/APYO/TINU/EDSE"]);
    assert!(
        out.starts_with("A T E E\nA P Y O\nT I N U\nE D S E\n"),
        "{out}"
    );
    assert!(out.contains("  1  PATE\n"));
    assert!(out.trim_end().ends_with("156 words, 221 points"), "{out}");
}

#[test]
fn json_output_follows_the_contract() {
    let v = json(&["solve", "ATEE/APYO/TINU/EDSE", "--format", "json"]);
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(4), Some(4)));
    let words = v["words"].as_array().unwrap();
    assert_eq!(v["count"].as_u64().unwrap() as usize, words.len());
    let total: u64 = words.iter().map(|w| w["points"].as_u64().unwrap()).sum();
    assert_eq!(v["score"].as_u64(), Some(total));
    let pate = words.iter().find(|w| w["word"] == "PATE").unwrap();
    assert_eq!(
        pate["path"],
        serde_json::json!([[1, 1], [0, 0], [0, 1], [0, 2]])
    );
    let keys: Vec<String> = words
        .iter()
        .map(|w| w["word"].as_str().unwrap().to_lowercase())
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted, "words are sorted by key");
}

#[test]
fn reads_the_board_from_standard_input() {
    let out = run(
        &["solve", "--format", "json"],
        "4 4\nA T E E\nA P Y O\nT I N U\nE D S E\n",
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["score"].as_u64(), Some(221));
    let dash = run(&["solve", "-", "--format", "json"], "ATEE/APYO/TINU/EDSE");
    assert_eq!(
        serde_json::from_slice::<Value>(&dash.stdout).unwrap()["score"].as_u64(),
        Some(221)
    );
}

#[test]
fn cs106b_rules_and_overrides() {
    let hasbro = json(&["solve", "ATEE/APYO/TINU/EDSE", "--format", "json"]);
    let cs = json(&[
        "solve",
        "ATEE/APYO/TINU/EDSE",
        "--rules",
        "cs106b",
        "--format",
        "json",
    ]);
    for w in cs["words"].as_array().unwrap() {
        let word = w["word"].as_str().unwrap();
        assert!(word.len() >= 4);
        assert_eq!(w["points"].as_u64().unwrap(), word.len() as u64 - 3);
    }
    assert!(cs["count"].as_u64() < hasbro["count"].as_u64());
    let flat = json(&[
        "solve",
        "ATEE/APYO/TINU/EDSE",
        "--points",
        "0,0,0,1",
        "--min-len",
        "4",
        "--format",
        "json",
    ]);
    assert_eq!(flat["score"], flat["count"]);
    // Q reads Qu under Hasbro rules, and not with --qu off.
    let quit = |qu: &str| {
        json(&["solve", "Q I/T X", "--qu", qu, "--format", "json"])["count"]
            .as_u64()
            .unwrap()
    };
    assert!(quit("on") >= 1);
    assert_eq!(quit("off"), 0);
}

#[test]
fn compiles_and_inspects_a_dictionary() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("words.txt");
    std::fs::write(&list, "Niño nino AÑO año don't\nárbol\n").unwrap();
    let out = dir.path().join("es.pbd");
    let summary = ok(&[
        "compile",
        list.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
        "--lang",
        "es",
    ]);
    assert!(
        summary.contains("4 words (6 read, 1 duplicate, 1 rejected)"),
        "{summary}"
    );
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        2,
        "no temporary file left behind"
    );
    let info = ok(&["dict", "info", out.to_str().unwrap()]);
    assert!(info.contains("words:          4"), "{info}");
    assert!(info.contains("accents stripped except on ñ"), "{info}");
    let lookup = ok(&[
        "dict",
        "lookup",
        out.to_str().unwrap(),
        "ÁRBOL",
        "ni",
        "xyz",
    ]);
    assert_eq!(
        lookup,
        "ÁRBOL\tarbol\tword\nni\tni\tprefix\nxyz\txyz\tabsent\n"
    );
    let found = json(&[
        "solve",
        "N I N/Ñ O X",
        "--dict",
        out.to_str().unwrap(),
        "--format",
        "json",
    ]);
    let words: Vec<&str> = found["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(words, ["NINO", "NIÑO"]);
}

#[test]
fn a_plain_word_list_works_as_dict() {
    let algs4 = repo("dictionaries/algs4.txt");
    let v = json(&[
        "solve",
        &repo("tests/data/princeton/board4x4.txt"),
        "--dict",
        &algs4,
        "--format",
        "json",
    ]);
    assert_eq!(v["score"].as_u64(), Some(33));
}

#[test]
fn one_word_and_one_point_are_singular() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("words.txt");
    std::fs::write(&list, "cat\nmouse\n").unwrap();
    let out = ok(&["solve", "C/A/T", "--dict", list.to_str().unwrap()]);
    assert!(out.trim_end().ends_with("\n1 word, 1 point"), "{out}");
    let none = ok(&["solve", "D/O/G", "--dict", list.to_str().unwrap()]);
    assert!(none.trim_end().ends_with("\n0 words, 0 points"), "{none}");
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_first_word_or_face() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("words.txt");
    std::fs::write(&list, "\u{feff}cat\ndog\n").unwrap();
    let board = dir.path().join("board.txt");
    std::fs::write(&board, "\u{feff}C A T\nD O G\n").unwrap();
    let list = list.to_str().unwrap();
    let out = ok(&["solve", board.to_str().unwrap(), "--dict", list]);
    assert!(out.contains("CAT") && out.contains("DOG"), "{out}");
    let compiled = dir.path().join("w.pbd");
    let report = ok(&["compile", list, "-o", compiled.to_str().unwrap()]);
    assert!(report.contains(": 2 words ("), "{report}");
    assert!(report.contains(" 0 rejected"), "{report}");
}

#[test]
fn compile_and_batch_read_standard_input_for_a_dash() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("w.pbd");
    let compiled = run(
        &["compile", "-", "-o", out.to_str().unwrap()],
        "cat dog\ntac\n",
    );
    assert!(
        compiled.status.success(),
        "{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    assert!(String::from_utf8_lossy(&compiled.stdout).contains(": 3 words"));
    let solved = run(
        &[
            "solve",
            "--batch",
            "-",
            "--counts",
            "--dict",
            out.to_str().unwrap(),
        ],
        "CA/TX\ndo/gx\n",
    );
    let text = String::from_utf8(solved.stdout).unwrap();
    let counts: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let words: Vec<u64> = counts
        .iter()
        .map(|v| v["count"].as_u64().unwrap())
        .collect();
    assert_eq!(words, [2, 1], "{text}");
}

/// A pipe cannot be memory-mapped: the word list is read instead.
#[cfg(target_os = "linux")]
#[test]
fn pipes_work_as_dict_board_and_dice_but_devices_do_not() {
    let out = run(&["solve", "C/A/T", "--dict", "/dev/stdin"], "cat\ndog\n");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.trim_end().ends_with("1 word, 1 point"), "{text}");
    let board = run(&["solve", "/dev/stdin"], "ATEE/APYO/TINU/EDSE\n");
    let text = String::from_utf8_lossy(&board.stdout);
    assert!(text.trim_end().ends_with("156 words, 221 points"), "{text}");
    // A dice file from a pipe, opening with a byte-order mark.
    let set = "\u{feff}# name: pair\n# grid: 1x2\nA B\nC D\n";
    let rolled = run(
        &["roll", "/dev/stdin", "--seed", "1", "--format", "json"],
        set,
    );
    let v: Value = serde_json::from_slice(&rolled.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&rolled.stderr)));
    assert_eq!(
        (v["set"].as_str(), v["cols"].as_u64()),
        (Some("pair"), Some(2))
    );
    assert!(bad(&["solve", "ABC", "--dict", "/dev/zero"]).contains("not a file or a pipe"));
}

#[test]
fn notes_and_lists_a_new_user_would_look_for() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    // roll --list as JSON lines.
    let list = ok(&["roll", "--list", "--format", "json"]);
    let first: Value = serde_json::from_str(list.lines().next().unwrap()).unwrap();
    assert!(first["set"].is_string() && first["rows"].is_u64(), "{list}");
    // A random seed is said, so the board can be rolled again.
    let rolled = run(&["solve", "--roll", "english-new-4x4"], "");
    let note = String::from_utf8_lossy(&rolled.stderr);
    assert!(note.starts_with("note: rolled with --seed "), "{note}");
    // More boards asked for than the file holds.
    std::fs::write(path("two.txt"), "abcdefghijklmnop\nperslatgsineters\n").unwrap();
    let bench = run(
        &["bench", "--boards-file", &path("two.txt"), "--boards", "5"],
        "",
    );
    let note = String::from_utf8_lossy(&bench.stderr);
    assert!(note.contains("two.txt holds 2 boards"), "{note}");
    // A task slice with no runs.
    let args = [
        "optimize",
        "--tasks",
        "2",
        "--task-index",
        "1",
        "--runs",
        "1",
        "--seed",
        "1",
    ];
    let task = run(&args, "");
    assert!(String::from_utf8_lossy(&task.stderr).contains("task 1 of 2 has no runs"));
    // A rejected word is shown cut, not whole.
    std::fs::write(path("long.txt"), format!("{}\ncat\n", "a".repeat(300))).unwrap();
    let report = ok(&["compile", &path("long.txt"), "-o", &path("l.pbd")]);
    assert!(
        report.contains(&format!("\"{}\"…", "a".repeat(40))),
        "{report}"
    );
    assert!(bad(&["play", "--timer", "0"]).contains("--timer 0"));
}

#[test]
fn defaults_are_the_built_ins_even_beside_files_of_their_names() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("enable2k"), "zzz\n").unwrap();
    std::fs::write(dir.path().join("english-new-4x4"), "not a dice file\n").unwrap();
    let out = polyboggle(["solve", "ATEE/APYO/TINU/EDSE"])
        .current_dir(dir.path())
        .output();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.trim_end().ends_with("156 words, 221 points"), "{text}");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // --lang en asks for the keys the built-in has: no note about profiles.
    let en = run(&["solve", "ATEE/APYO/TINU/EDSE", "--lang", "en"], "");
    assert!(
        en.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&en.stderr)
    );
    let es = run(&["solve", "ATEE/APYO/TINU/EDSE", "--lang", "es"], "");
    assert!(String::from_utf8_lossy(&es.stderr).starts_with("note: dictionary 'enable2k'"));
    let bench = polyboggle(["bench", "--boards", "10", "--format", "json"])
        .current_dir(dir.path())
        .output();
    assert!(
        bench.status.success(),
        "{}",
        String::from_utf8_lossy(&bench.stderr)
    );
}

#[test]
fn odd_shapes() {
    let algs4 = repo("dictionaries/algs4.txt");
    let long = json(&[
        "solve",
        &repo("tests/data/princeton/board-antidisestablishmentarianisms.txt"),
        "--dict",
        &algs4,
        "--format",
        "json",
    ]);
    assert_eq!(
        (long["rows"].as_u64(), long["cols"].as_u64()),
        (Some(1), Some(29))
    );
    let one = json(&["solve", "A", "--format", "json"]);
    assert_eq!(one["count"].as_u64(), Some(0));
    let tall: String = ["S", "T", "R", "E", "A", "M"]
        .iter()
        .cycle()
        .take(32)
        .cloned()
        .collect::<Vec<_>>()
        .join("/");
    let v = json(&["solve", &tall, "--format", "json"]);
    assert_eq!(
        (v["rows"].as_u64(), v["cols"].as_u64()),
        (Some(32), Some(1))
    );
    assert!(v["words"]
        .as_array()
        .unwrap()
        .iter()
        .any(|w| w["word"] == "STREAM"));
    let ten = "ABCDEFGHIJ/".repeat(10);
    assert_eq!(
        json(&["solve", ten.trim_end_matches('/'), "--format", "json"])["rows"].as_u64(),
        Some(10)
    );
}

#[test]
fn every_bad_input_is_one_line_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).display().to_string();
    std::fs::write(path("ragged.txt"), "A B C\nD E\n").unwrap();
    std::fs::write(path("binary.txt"), [0xff, 0xfe, 0x00, 0x41]).unwrap();
    std::fs::write(path("empty.txt"), "1234 '' --\n").unwrap();

    assert!(bad(&["solve", &repo("tests/data/princeton/board0x4.txt")])
        .contains("board0x4.txt: the board is empty"));
    assert!(bad(&["solve", &path("ragged.txt")])
        .contains("ragged.txt: row 2 has 2 faces, but row 1 has 3"));
    assert!(bad(&["solve", "AB/C"]).contains("row 2 has 1 face, but row 1 has 2"));
    assert!(bad(&["solve", "2 2\nA B C"]).contains("the header says 2×2 (4 faces) but 3 follow"));
    assert!(bad(&["solve", "ABC", "--dict", "no-such-dict"])
        .contains("dictionary 'no-such-dict': no such file or built-in"));
    assert!(bad(&["solve", "ABC", "--dict", "missing/words.txt"]).contains("missing/words.txt"));
    assert!(bad(&["solve", "ABC", "--dict", &path("binary.txt")])
        .contains("binary.txt: not UTF-8 (invalid byte at offset 0, line 1)"));
    assert!(bad(&["solve", "ABC", "--dict", &path("empty.txt")]).contains("no usable words"));
    let folder = dir.path().display().to_string();
    assert!(bad(&["solve", "ABC", "--dict", &folder]).contains("a folder, not a file"));
    assert!(bad(&["solve", "ABC", "--rules", "scrabble"]).contains("unknown rules 'scrabble'"));
    assert!(bad(&["solve", "ABC", "--points", "1,two"]).contains("'two' is not a whole number"));
    assert!(bad(&["solve", "ABC", "--qu", "maybe"]).contains("maybe"));
    assert!(bad(&["solve", "ABC", "--lang", "klingon"]).contains("unknown language 'klingon'"));
    assert!(bad(&["solve", "--roll", "no-such-set"]).contains("unknown dice set 'no-such-set'"));
    assert!(bad(&["compile", &path("nope.txt"), "-o", &path("out.pbd")]).contains("nope.txt"));
    assert!(
        bad(&["compile", &path("empty.txt"), "-o", &path("out.pbd")]).contains("no usable words")
    );
    assert!(!dir.path().join("out.pbd").exists());
    assert!(bad(&["frobnicate"]).contains("frobnicate"));
    assert!(bad(&["bench", "--threads", "0"]).contains("--threads 0: expected 1 to 1024"));
    assert!(bad(&["bench", "--threads", "100000"]).contains("--threads 100000: expected 1 to 1024"));
    assert!(bad(&["optimize", "--threads", "5000"]).contains("expected 1 to 1024"));
    assert!(bad(&["bench", "--boards", "0"]).contains("--boards and --repeat must be at least 1"));
    // A mistyped file name or a folder is not read as an inline board.
    assert!(bad(&["solve", "missingboard.txt"]).contains("missingboard.txt: no such file"));
    assert!(bad(&["solve", &folder]).contains(": a folder, not a file"));
    assert!(bad(&["roll", &folder]).contains("a folder, not a file"));
    assert!(bad(&["solve", "ATEE//APYO"]).contains("row 2 is empty"));
    // Flags that only mean something beside another.
    assert!(bad(&["solve", "ABC", "--seed", "3"]).contains("--seed goes with --roll"));
    assert!(bad(&["solve", "ABC", "--counts"]).contains("--counts goes with --batch"));
    assert!(bad(&["solve", "ABC", "--keep", "ñ"]).contains("add --strip-marks"));
    // Clap's own errors keep what they list, on one line.
    let missing = bad(&["compile", &path("ragged.txt")]);
    assert!(
        missing.contains("not provided: --output <OUT>"),
        "{missing}"
    );
    assert!(bad(&["solve", "ABC", "--format", "xml"]).contains("[possible values: text, json]"));
    // A huge input echoed back is cut, never the reason after it.
    let long = "a".repeat(10_000);
    let cut = bad(&["solve", &long]);
    assert!(
        cut.len() < 500
            && cut.contains("characters in all")
            && cut
                .trim_end()
                .ends_with("the board has 10000 cells; at most 1024 are supported"),
        "{cut}"
    );
    let rows = vec!["A".repeat(100); 100].join("/");
    let cut = bad(&["solve", &rows]);
    assert!(
        cut.len() < 500 && cut.contains("(10099 characters in all): the board has 10000 cells"),
        "{cut}"
    );
    let ragged = format!("A/{}", "B ".repeat(400));
    let cut = bad(&["dice", "check", "english-new-4x4", &ragged]);
    assert!(
        cut.len() < 500
            && cut.contains("(802 characters in all): row 2 has 400 faces, but row 1 has 1"),
        "{cut}"
    );
    // A long line from elsewhere loses its middle, not the reason at its end.
    let query = "[".repeat(400);
    let cut = bad(&["dict", "search", "enable2k", &query]);
    assert!(
        cut.len() < 500
            && cut
                .trim_end()
                .ends_with("' is never closed (837 characters in all)"),
        "{cut}"
    );
    assert!(bad(&["crossword", "w.txt", "--time", "1e300"]).contains("--time 1e300: expected"));
    assert!(bad(&["optimize", "--time", "1e300"]).contains("--time 1e300: expected seconds"));
    assert!(bad(&["optimize", "--time", "-1"]).contains("--time -1: expected seconds"));
    assert!(bad(&["bench", "--boards-file", &path("ragged.txt")]).contains("ragged.txt, line 1"));
    assert!(bad(&["solve", "--batch", &path("nope.txt")]).contains("nope.txt"));
}

#[test]
fn corrupt_and_truncated_dictionaries_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.pbd");
    ok(&[
        "compile",
        &repo("dictionaries/algs4.txt"),
        "-o",
        good.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&good).unwrap();

    let truncated = dir.path().join("truncated.pbd");
    std::fs::write(&truncated, &bytes[..bytes.len() / 2]).unwrap();
    assert!(bad(&["solve", "ABC", "--dict", truncated.to_str().unwrap()]).contains("truncated"));

    let flipped = dir.path().join("flipped.pbd");
    let mut damaged = bytes.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x01;
    std::fs::write(&flipped, &damaged).unwrap();
    assert!(bad(&["dict", "info", flipped.to_str().unwrap()]).contains("checksum mismatch"));

    let future = dir.path().join("future.pbd");
    let mut newer = bytes.clone();
    newer[8] = 99;
    std::fs::write(&future, &newer).unwrap();
    assert!(bad(&["dict", "info", future.to_str().unwrap()])
        .contains("format version 99 is not supported"));
}

#[test]
fn help_names_every_command() {
    let help = ok(&["--help"]);
    for command in [
        "solve",
        "compile",
        "dict",
        "roll",
        "dice",
        "bench",
        "duel",
        "play",
        "optimize",
        "serve",
        "crossword",
    ] {
        assert!(help.contains(command), "{command} missing from --help");
    }
    assert!(ok(&["solve", "--help"]).contains("Princeton"));
}

#[test]
fn batch_solves_every_line_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("boards.txt");
    // A line of N*N letters is an N×N board; other lines read as inline boards.
    let boards = [
        ("ATEE/APYO/TINU/EDSE", "ATEE/APYO/TINU/EDSE"),
        ("perslatgsineters", "pers/latg/sine/ters"),
        ("Qu A/B C", "Qu A/B C"),
        ("abcd", "ab/cd"),
    ];
    let lines: Vec<&str> = boards.iter().map(|b| b.0).collect();
    std::fs::write(&file, lines.join("\n")).unwrap();
    let out = ok(&["solve", "--batch", file.to_str().unwrap()]);
    let results: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(results.len(), boards.len());
    for (result, (line, inline)) in results.iter().zip(boards) {
        let alone = json(&["solve", inline, "--format", "json"]);
        assert_eq!(result, &alone, "{line}");
    }
    // JSON lines whatever the format: asking for text is refused, not ignored.
    let file = file.to_str().unwrap();
    assert_eq!(ok(&["solve", "--batch", file, "--format", "json"]), out);
    assert!(bad(&["solve", "--batch", file, "--format", "text"]).contains("JSON line"));
}
