//! Tests on the shared test data beside the repository (`../shared/data`): dictionaries
//! that may not be redistributed and the large benchmark files. Ignored by a plain
//! `cargo test`; CI runs them with `--include-ignored`, and they fail loudly when the
//! data is missing.

use std::collections::BTreeSet;

use crate::common::{ok, reference, shared};
use polyboggle::{Board, Lexicon, Profile, Rules, Solver};
use polyboggle_dice::DiceSet;

fn word_list(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .split_whitespace()
        .map(String::from)
        .collect()
}

/// The solver and the brute-force reference agree on `boards`.
fn agree(dict: &str, profile: &Profile, rules: &Rules, boards: &[Board]) -> usize {
    let words = word_list(dict);
    let lexicon = Lexicon::from_words(&words, profile).unwrap();
    let kept: Vec<String> = lexicon.words().collect();
    let mut solver = Solver::new(&lexicon, rules.clone());
    let mut total = 0;
    for board in boards {
        let found: BTreeSet<String> = solver
            .solve(board)
            .words
            .into_iter()
            .map(|f| f.word)
            .collect();
        assert_eq!(found, reference(board, &kept, profile, rules), "{board}");
        total += found.len();
    }
    total
}

fn rolled(set: &str, n: u64) -> Vec<Board> {
    let set = DiceSet::builtin(set).unwrap();
    (0..n).map(|seed| set.roll(seed, None).unwrap()).collect()
}

#[test]
#[ignore = "reads ../shared/data"]
fn cs106b_lexicon_and_rules() {
    let dict = shared("cs106b/dictionary.txt");
    assert_eq!(word_list(&dict).len(), 127_145);
    let mut boards = rolled("english-new-4x4", 20);
    boards.push("ATEE/APYO/TINU/EDSE".parse().unwrap());
    boards.push("Q U I T/# E E N/S # T S/A B C D".parse().unwrap());
    let found = agree(&dict, &Profile::default(), &Rules::cs106b(), &boards);
    assert!(found > 100);
    let solve = |board: &str| {
        ok(&[
            "solve", board, "--dict", &dict, "--rules", "cs106b", "--format", "json",
        ])
    };
    // Q is a plain letter: "quit" needs a U die after the Q.
    assert!(!solve("QITX/XXXX").contains("QUIT"));
    assert!(solve("QUIT/XXXX").contains("\"QUIT\""));
    // A blank cell matches nothing, not even in the middle of a word.
    let out = solve("QU#T/XXXX");
    assert!(!out.contains("QUIT"));
}

#[test]
#[ignore = "reads ../shared/data"]
fn twl06_and_sowpods_agree_with_the_reference() {
    let boards = rolled("english-big-original-5x5", 5);
    for dict in [
        "princeton/dictionary-twl06.txt",
        "princeton/dictionary-sowpods.txt",
    ] {
        assert!(
            agree(
                &shared(dict),
                &Profile::default(),
                &Rules::hasbro(),
                &boards
            ) > 100
        );
    }
}

#[test]
#[ignore = "reads ../shared/data"]
fn italian_paroliere_with_zingarelli() {
    let dict = shared("princeton/dictionary-zingarelli2005.txt");
    let words = word_list(&dict);
    assert_eq!(words.len(), 584_983);
    let profile = Profile::for_language("it").unwrap();
    let boards = rolled("italian-paroliere-4x4", 10);
    assert!(agree(&dict, &profile, &Rules::hasbro(), &boards) > 100);
}

#[test]
#[ignore = "reads ../shared/data"]
fn every_princeton_board_with_every_dictionary() {
    let dir = shared("princeton/board4x4.txt");
    let dir = std::path::Path::new(&dir).parent().unwrap();
    let boards: Vec<Board> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("board")
                && !p.ends_with("board0x4.txt")
        })
        .map(|p| std::fs::read_to_string(p).unwrap().parse().unwrap())
        .collect();
    assert!(boards.len() >= 29);
    for dict in [
        "dictionary-algs4.txt",
        "dictionary-16q.txt",
        "dictionary-2letters.txt",
        "dictionary-common.txt",
    ] {
        agree(
            &dir.join(dict).display().to_string(),
            &Profile::default(),
            &Rules::hasbro(),
            &boards,
        );
    }
}

fn bench_total(file: &str, dict: &str) -> (u64, u64) {
    let out = ok(&[
        "bench",
        "--boards-file",
        &shared(file),
        "--dict",
        dict,
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["boards"].as_u64(), Some(100_000));
    (
        v["words"].as_u64().unwrap(),
        v["total_score"].as_u64().unwrap(),
    )
}

#[test]
#[ignore = "reads ../shared/data"]
fn benchmark_totals_match_the_cross_check() {
    let dir = tempfile::tempdir().unwrap();
    let yawl = dir.path().join("yawl.pbd");
    ok(&[
        "compile",
        &shared("princeton/dictionary-yawl.txt"),
        "-o",
        yawl.to_str().unwrap(),
    ]);
    let yawl = yawl.to_str().unwrap();
    assert_eq!(
        bench_total("bench/dice44_100k.txt", "enable2k"),
        (9_849_936, 14_080_868)
    );
    assert_eq!(
        bench_total("bench/uniform44_100k.txt", "enable2k"),
        (3_444_515, 4_114_420)
    );
    assert_eq!(
        bench_total("bench/dice44_100k.txt", yawl),
        (13_020_104, 18_872_129)
    );
    assert_eq!(
        bench_total("bench/uniform44_100k.txt", yawl),
        (4_527_704, 5_456_234)
    );
}
