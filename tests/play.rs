//! `polyboggle play` through the real binary: with standard output not a terminal it
//! plays line by line, so a script can drive it.

use crate::common::{bad, run};

#[test]
fn a_scripted_game() {
    let out = run(
        &["play", "--seed", "1"],
        "QQ\nATEE APYO TINU EDSE\npate\npat\n\nn\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
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
    assert!(bad(&["play", "--lang", "hi"]).contains("no built-in dice"));
}
