//! `polyboggle play` through the real binary: with standard output not a terminal it
//! plays line by line, so a script can drive it.

use std::process::Command;

use crate::common::{bad, polyboggle, run, TestCommand, BINARY};

#[test]
fn a_scripted_game() {
    let text = polyboggle(["play", "--seed", "1"])
        .stdin("QQ\nATEE APYO TINU EDSE\npate\npat\n\nn\n")
        .stdout();
    assert!(
        text.starts_with("Enter: shake the dice, or type a custom board"),
        "{text}"
    );
    assert!(
        text.contains("A 4x4 board needs 16 letters; you typed 2. Try again."),
        "{text}"
    );
    assert!(
        text.contains("A T E E\nA P Y O\nT I N U\nE D S E\n"),
        "{text}"
    );
    assert!(text.contains("Correct.\n"), "{text}");
    assert!(text.contains("pat is too short.\n"), "{text}");
    assert!(text.contains("You: 1 point: PATE\n"), "{text}");
    assert!(text.contains("\nComputer: "), "{text}");
}

#[test]
fn a_language_of_syllable_faces_plays_words_of_two_faces() {
    // Hindi faces are syllables (a consonant with its vowel sign): words of two faces
    // count, as the syllables rules say, where the default cs106b rules want four.
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("hi.txt");
    std::fs::write(&list, "घर\nकल\nनल\nघरकल\n").unwrap();
    let board = "घ र क ल न ल क र घ र क ल न ल क र";
    let script = format!("{board}\nघर\nकल\n\nn\n");
    let played = |extra: &[&str]| {
        let mut args = vec!["play", "--lang", "hi", "--dice", "hindi-designed-4x4"];
        args.extend_from_slice(&["--dict", list.to_str().unwrap(), "--seed", "1"]);
        args.extend_from_slice(extra);
        polyboggle(&args).stdin(&script).stdout()
    };
    let text = played(&[]);
    assert!(text.contains("You: 2 points: कल घर\n"), "{text}");
    assert!(text.contains("Computer: 3 points: घरकल नल\n"), "{text}");
    // Named rules still win over the language's.
    let text = played(&["--rules", "cs106b"]);
    assert!(text.contains("घर is too short.\n"), "{text}");
}

#[test]
fn the_built_in_dictionary_has_levels() {
    // No --dict: the easy computer knows only tier 1, the nursery words.
    let text = polyboggle(["play", "--level", "easy", "--seed", "1"])
        .stdin("ATEE APYO TINU EDSE\npate\n\nn\n")
        .stdout();
    assert!(text.contains("You: 1 point: PATE\n"), "{text}");
    assert!(
        text.contains("Computer: 8 points: DINE ONES PAID SEND SIDE SNIPE TINY\n"),
        "{text}"
    );
    // At every level, the computer knows more.
    let out = run(&["play", "--seed", "1"], "ATEE APYO TINU EDSE\n\nn\n");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Computer: 154 points: AIDE AIDS "), "{text}");
}

#[test]
fn shaken_boards_follow_the_size() {
    let out = run(&["play", "--size", "5x5", "--seed", "4"], "\n\nn\n");
    let text = String::from_utf8(out.stdout).unwrap();
    let board: Vec<&str> = text.lines().skip(1).take(5).collect();
    assert!(
        board.iter().all(|row| row.split_whitespace().count() == 5),
        "{text}"
    );
    // The first shake is the board `roll` gives for the same seed.
    let rolled = run(&["roll", "english-big-original-5x5", "--seed", "4"], "");
    let rolled = String::from_utf8(rolled.stdout).unwrap();
    let rolled: Vec<&str> = rolled.lines().take(5).collect();
    let squeeze = |rows: &[&str]| -> Vec<String> {
        rows.iter()
            .map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(squeeze(&board), squeeze(&rolled), "{text}");
    assert!(bad(&["play", "--size", "7x3"]).contains("no default dice"));
    // Azerbaijani has a preset but no dice yet.
    assert!(bad(&["play", "--lang", "az"]).contains("no built-in dice"));
    // Finnish has dice, and no list the build script knows.
    assert!(bad(&["play", "--lang", "fi"]).ends_with(
        "--lang fi: no dictionary; pass --dict (no word list of Finnish is known to \
         dictionaries/build-languages.sh; docs/languages.md says why)\n"
    ));
}

#[test]
fn a_language_dictionary_is_found_from_any_folder() {
    // A copy of the program in BIN/, with dictionaries/build/it.pbd in the folder above
    // it (as a checkout's target/release/polyboggle has), run from an unrelated folder.
    let root = tempfile::tempdir().unwrap();
    let bin = root.path().join("target/release");
    let built = root.path().join("dictionaries/build");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(&built).unwrap();
    let program = bin.join("polyboggle");
    std::fs::copy(BINARY, &program).unwrap();
    // The copy, run as the kit runs the binary (its start waits out "Text file busy":
    // another test's child, forked meanwhile, may hold the fresh copy open a moment).
    let copy = || TestCommand::from_command(Command::new(&program));
    let list = root.path().join("parole.txt");
    std::fs::write(&list, "pane\nnapa\npena\n").unwrap();
    let it = built.join("it.pbd");
    copy()
        .args(["compile", "--lang", "it"])
        .arg(&list)
        .arg("-o")
        .arg(&it)
        .stdout();
    let elsewhere = tempfile::tempdir().unwrap();
    let play = || {
        copy()
            .args(["play", "--lang", "it", "--seed", "1"])
            .current_dir(elsewhere.path())
            .stdin("PANE AXXX XXXX XXXX\n\nn\n")
            .output()
    };
    let out = play();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The computer finds the words of the tiny Italian list, and only those.
    assert!(text.contains("\nComputer: 2 points: NAPA PANE\n"), "{text}");
    // Without the dictionary anywhere it would look, one line says what to do (the
    // checkout this test was built in is the last place looked: skip where a
    // developer has built Italian there).
    let checkout = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries/build/it.pbd");
    if std::path::Path::new(checkout).exists() {
        return;
    }
    std::fs::remove_file(&it).unwrap();
    let out = play();
    assert_eq!(out.status.code(), Some(2));
    let line = String::from_utf8_lossy(&out.stderr);
    assert!(line.contains("--lang it: no dictionary"), "{line}");
}
