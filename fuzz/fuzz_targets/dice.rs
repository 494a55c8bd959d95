//! Dice-set files and grid sizes: a parsed set writes back (`to_text`) to the same
//! set, rolls boards of its own size that it can roll (`check`), the same for a seed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboggle_dice::{parse_size, DiceSet};
use polyboggle_fuzz::{check_board_round_trip, text};

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else { return };
    if let Ok((rows, cols)) = parse_size(text) {
        assert!(rows > 0 && cols > 0);
        let set = DiceSet::builtin("english-new-4x4").expect("built in");
        let _ = set.roll(1, Some((rows, cols)));
    }
    let Ok(set) = DiceSet::parse(text, "fuzz.txt") else {
        return;
    };
    assert_eq!(set.dice.len(), set.rows * set.cols);
    let again = DiceSet::parse(&set.to_text(), "fuzz.txt")
        .unwrap_or_else(|e| panic!("to_text of {set:?} does not parse: {e}"));
    assert_eq!(again, set, "to_text does not write the same set");
    for seed in [0, 1, u64::MAX] {
        match set.roll(seed, None) {
            Ok(board) => {
                assert_eq!(set.roll(seed, None).ok(), Some(board.clone()));
                assert_eq!((board.rows(), board.cols()), (set.rows, set.cols));
                assert!(set.check(&board).is_ok(), "{board:?} from {set:?}");
                check_board_round_trip(&board);
            }
            Err(e) => {
                // A face that cannot be written on a board is refused, never a panic.
                let _ = e.to_string();
            }
        }
    }
});
