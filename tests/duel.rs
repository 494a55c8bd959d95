//! `polyboggle duel`: the Lab 6 two-player protocol, transcript by transcript.

use crate::common::{ok, polyboggle, repo, run};

const WORDS: &str = "tape\npate\npeat\ntapes\nzebra\nseat\neats\n";

/// Plays `input` with a small dictionary in a temporary folder; returns stdout.
fn duel(input: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let dict = dir.path().join("words.txt");
    std::fs::write(&dict, WORDS).unwrap();
    polyboggle(["duel", "--dict", dict.to_str().unwrap()])
        .stdin(input)
        .stdout()
}

const BOARD: &str = "3\nTAS\nEPE\nXXT\n";

#[test]
fn every_message_in_order() {
    let input = format!("{BOARD}Tape\nTAPE\npat\nzebra\nqxzv\n???\nseat\nPeat\n???\n");
    assert_eq!(
        duel(&input),
        "Player 1 Score: 0\nCorrect.\n\
         Player 1 Score: 1\nTAPE is already found.\n\
         Player 1 Score: 1\npat is too short.\n\
         Player 1 Score: 1\nzebra is not on board.\n\
         Player 1 Score: 1\nqxzv is not a word.\n\
         Player 1 Score: 1\n\
         Player 2 Score: 0\nCorrect.\n\
         Player 2 Score: 1\nCorrect.\n\
         Player 2 Score: 2\n\
         Player 1 Score: 1\nPlayer 2 Score: 2\nPlayer 2 wins!\n\
         All possible words: PATE PEAT SEAT TAPE TAPES\n"
    );
}

#[test]
fn player_one_wins_and_both_may_find_a_word() {
    let out = duel(&format!("{BOARD}tapes\n???\ntapes\n???\n"));
    assert!(out.contains("Player 2 Score: 0\nCorrect.\n"), "{out}");
    let out = duel(&format!("{BOARD}tapes\n???\ntape\n???\n"));
    assert!(out.ends_with("Player 1 Score: 2\nPlayer 2 Score: 1\nPlayer 1 wins!\nAll possible words: PATE PEAT SEAT TAPE TAPES\n"), "{out}");
}

#[test]
fn a_tie() {
    let out = duel(&format!("{BOARD}???\n???\n"));
    assert_eq!(
        out,
        "Player 1 Score: 0\nPlayer 2 Score: 0\nPlayer 1 Score: 0\nPlayer 2 Score: 0\nIt's a tie!\n\
         All possible words: PATE PEAT SEAT TAPE TAPES\n"
    );
}

#[test]
fn the_order_of_checks() {
    // Too short beats not-a-word; not-a-word beats not-on-board; a word found by the
    // other player is still new to this one.
    let out = duel(&format!("{BOARD}xyz\nzzzz\n???\n"));
    assert!(out.contains("xyz is too short.\n"));
    assert!(out.contains("zzzz is not a word.\n"));
}

#[test]
fn end_of_input_mid_turn() {
    let out = duel(&format!("{BOARD}tape\n"));
    assert_eq!(
        out,
        "Player 1 Score: 0\nCorrect.\nPlayer 1 Score: 1\n\
         Player 1 Score: 1\nPlayer 2 Score: 0\nPlayer 1 wins!\n\
         All possible words: PATE PEAT SEAT TAPE TAPES\n"
    );
    let out = duel(&format!("{BOARD}???\npeat"));
    assert!(out.contains("Player 2 Score: 1\nPlayer 2 wins!\n"), "{out}");
}

#[test]
fn a_missing_board_is_an_error() {
    let out = run(&["duel"], "3\nABC\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "polyboggle: standard input: row 2 of 3 is missing\n"
    );
}

#[test]
fn uses_english_words_txt_in_the_working_directory() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("EnglishWords.txt"), "zzzz\n").unwrap();
    let text = polyboggle(["duel"])
        .current_dir(dir.path())
        .stdin("2\nZZ\nZZ\nzzzz\n")
        .stdout();
    assert!(text.starts_with("Player 1 Score: 0\nCorrect.\n"), "{text}");
}

#[test]
fn input_that_is_not_utf8_is_bad_input() {
    let err = polyboggle(["duel"]).stdin(b"3\nTAS\n\xff\xfe\n").refused();
    assert!(err.starts_with("polyboggle: standard input: "), "{err}");
}

#[test]
fn the_protocol_is_documented_in_help_and_docs() {
    let help = ok(&["duel", "--help"]);
    for part in [
        "Player P Score: S",
        "W is too short.",
        "W is not on board.",
        "It's a tie!",
        "All possible words:",
        "docs/duel.md",
    ] {
        assert!(help.contains(part), "duel --help lacks {part:?}:\n{help}");
    }
    // The transcript in docs/duel.md is what the binary answers, word for word.
    let doc = std::fs::read_to_string(repo("docs/duel.md")).unwrap();
    let transcript = &doc[doc.find("## A transcript").expect("a transcript section")..];
    let blocks: Vec<&str> = transcript
        .split("```text\n")
        .skip(1)
        .map(|b| &b[..b.find("```").unwrap()])
        .collect();
    let [input, output] = blocks[..] else {
        panic!("the transcript is an input block and an output block: {blocks:?}")
    };
    let out = run(&["duel"], input);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), output);
}

/// `duel ARGS` in `dir` with `input`: its exit code, stdout and stderr.
fn duel_in(dir: &std::path::Path, args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let out = polyboggle(["duel"])
        .args(args)
        .current_dir(dir)
        .stdin(input)
        .output();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

#[test]
fn lang_plays_a_built_language_or_says_how_to_build_it() {
    // dictionaries/build/hr.pbd in the current folder, the first place looked in.
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("hr.txt");
    std::fs::write(&list, "kuća\nkuće\nruka\n").unwrap();
    std::fs::create_dir_all(dir.path().join("dictionaries/build")).unwrap();
    let built = dir.path().join("dictionaries/build/hr.pbd");
    ok(&[
        "compile",
        list.to_str().unwrap(),
        "--lang",
        "hr",
        "-o",
        built.to_str().unwrap(),
    ]);
    let (code, out, err) = duel_in(dir.path(), &["--lang", "hr"], "2\nku\nća\nkuća\n???\n???\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("Player 1 Score: 0\nCorrect.\n"), "{out}");
    assert!(out.ends_with("All possible words: KUĆA\n"), "{out}");
    // --dict with --lang: the word list is read with the language's preset.
    let (code, out, err) = duel_in(
        dir.path(),
        &["--lang", "hr", "--dict", list.to_str().unwrap()],
        "2\nku\nća\n???\n???\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.ends_with("All possible words: KUĆA\n"), "{out}");

    // A tag the build script does not know, and (where this checkout has not built it)
    // one it does: one line, exit 2.
    let (code, _, err) = duel_in(dir.path(), &["--lang", "qq"], "");
    assert_eq!(code, Some(2));
    assert_eq!(
        err,
        "polyboggle: --lang qq: no dictionary; pass --dict (dictionaries/build-languages.sh \
         knows no language 'qq'; docs/languages.md lists those it does)\n"
    );
    let checkout = concat!(env!("CARGO_MANIFEST_DIR"), "/dictionaries/build");
    if polyboggle_languages::find_dictionary("gv", &[checkout.into()]).is_none() {
        let (code, _, err) = duel_in(dir.path(), &["--lang", "gv"], "");
        assert_eq!(code, Some(2));
        assert!(
            err.ends_with("--lang gv: no dictionary; pass --dict (dictionaries/build-languages.sh gv builds one)\n"),
            "{err}"
        );
    }
}
