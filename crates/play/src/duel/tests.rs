use super::*;
use polyboggle::normalize::Profile;

fn play(input: &str) -> String {
    let lexicon = Lexicon::from_words(
        ["tape", "pate", "peat", "tapes", "zebra"],
        &Profile::default(),
    )
    .unwrap();
    let mut out = Vec::new();
    duel(&lexicon, input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn checks_in_order_and_scores() {
    let out = play("2\nta\nep\nTape\ntape\npat\nzebra\nxyzw\n???\npeat\n???\n");
    assert_eq!(
        out,
        "Player 1 Score: 0\nCorrect.\nPlayer 1 Score: 1\ntape is already found.\n\
         Player 1 Score: 1\npat is too short.\nPlayer 1 Score: 1\nzebra is not on board.\n\
         Player 1 Score: 1\nxyzw is not a word.\nPlayer 1 Score: 1\n\
         Player 2 Score: 0\nCorrect.\nPlayer 2 Score: 1\n\
         Player 1 Score: 1\nPlayer 2 Score: 1\nIt's a tie!\nAll possible words: PATE PEAT TAPE\n"
    );
}

#[test]
fn end_of_input_mid_turn_ends_the_game() {
    let out = play("2\nta\nep\npate\n");
    assert!(out.ends_with(
        "Player 1 Score: 1\nPlayer 1 Score: 1\nPlayer 2 Score: 0\nPlayer 1 wins!\nAll possible words: PATE PEAT TAPE\n"
    ), "{out}");
}
