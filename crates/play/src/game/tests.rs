use super::*;

fn game(lexicon: &Lexicon) -> Play<'_> {
    Play::new(
        lexicon,
        DiceSet::builtin("english-new-4x4").unwrap(),
        Rules::cs106b(),
        1,
    )
}

#[test]
fn play_refuses_bad_custom_boards_and_asks_again() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let mut play = game(&lexicon);
    play.input("ABC");
    assert_eq!(play.phase(), Phase::Setup);
    assert_eq!(
        play.message(),
        "A 4x4 board needs 16 letters; you typed 3. Try again."
    );
    play.input("ATEE APYO TIN1 EDSE");
    assert_eq!(play.phase(), Phase::Setup);
    assert!(
        play.message().starts_with("'1' is not a letter"),
        "{}",
        play.message()
    );
    play.input("ATEEAPYOTINUEDSE");
    assert_eq!(play.phase(), Phase::Human);
    assert_eq!(play.board().unwrap().face(1, 2).text(), "Y");
}

#[test]
fn play_judges_highlights_and_hands_over() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let mut play = game(&lexicon);
    play.input("A T E E A P Y O T I N U E D S E");
    for (guess, message) in [
        ("pat", "pat is too short."),
        ("xqzt", "xqzt is not a word."),
        ("zebra", "zebra is not on board."),
        ("PATE", "Correct."),
    ] {
        play.input(guess);
        assert_eq!(play.message(), message);
    }
    assert_eq!(play.highlight(), [(1, 1), (0, 0), (0, 1), (0, 2)]);
    play.input("pate");
    assert_eq!(play.message(), "pate is already found.");
    assert!(play.highlight().is_empty());
    assert_eq!(
        (play.score(HUMAN), play.words(HUMAN)),
        (1, vec!["PATE".to_string()])
    );
    play.input("");
    assert_eq!(play.phase(), Phase::Results);
    assert!(!play.words(COMPUTER).contains(&"PATE".to_string()));
    assert!(play.score(COMPUTER) > 10);
    assert_eq!(play.message(), "The computer wins. Play again? (y/n)");
    play.input("y");
    assert_eq!(play.phase(), Phase::Setup);
    play.input("");
    assert_eq!(play.phase(), Phase::Human, "an empty line shakes the dice");
    play.input("");
    play.input("n");
    assert_eq!(play.phase(), Phase::Over);
}

#[test]
fn play_timer_ends_the_turn() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let mut play = game(&lexicon).with_timer(Duration::ZERO);
    play.input("");
    play.tick();
    assert_eq!(play.phase(), Phase::Results);
    assert!(play.message().starts_with("Time is up."));
}
