//! Board parsing, every form: whatever parses prints back (`inline`) to the same board,
//! and solving it gives only true answers.
#![no_main]

use libfuzzer_sys::fuzz_target;
use polyboggle::{Board, Rules};
use polyboggle_fuzz::{check_board_round_trip, check_solution, english, mixed, text};

fuzz_target!(|data: &[u8]| {
    let Some(text) = text(data) else { return };
    let Ok(board) = text.parse::<Board>() else {
        return;
    };
    check_board_round_trip(&board);
    for rules in [Rules::hasbro(), Rules::cs106b()] {
        check_solution(mixed(), &rules, &board, true);
    }
    // The English dictionary on large boards costs a lot of time per input: the
    // small ones are where the solver's specialised paths are.
    if board.faces().len() <= 64 {
        check_solution(english(), &Rules::hasbro(), &board, true);
    }
});
