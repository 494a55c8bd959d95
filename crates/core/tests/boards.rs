//! Boards files: lines of letters take a fast path (`boards::letters`, packed by byte)
//! that must read every line exactly as the board parser does, and leave it every line
//! it cannot be sure of (the command's bench reads files both ways: tests/bench.rs).

mod common;

use polyboggle::batch::{self, Packer};
use polyboggle::{boards, Board, Face};
use proptest::prelude::*;

use common::lines::{line, of_letters, runs};

#[test]
fn letters_pack_like_the_boards_they_spell() {
    // 41 boards of 6 new faces each fill 246 of a table's 256.
    let named = |rows, cols, first: usize| {
        let faces = (first..first + rows * cols).map(|i| Face::new(&format!("y{i}")));
        Board::new(rows, cols, faces.collect()).unwrap()
    };
    let mut boards: Vec<Board> = (0..41).map(|i| named(2, 3, 6 * i)).collect();
    let lines = [
        // 6 new letters fit (252 faces), 6 more do not: a new batch...
        "abc/def",
        "ghi/jkl",
        // ...which the next boards join: letters met, and new ones.
        "lkj/ihg",
        "gQq/Aaz",
        // Faces that are not letters, between letter boards.
        "g#h/Qu i j",
        "zzz/zzz",
        "ab/cd",
        "perslatgsineters",
    ];
    boards.extend(lines.iter().map(|l| l.parse::<Board>().unwrap()));
    boards.push(named(17, 17, 1000));
    boards.push("ABCD".parse().unwrap());
    let slow = batch::pack(&boards);
    let mut fast = Packer::default();
    let mut letters = Vec::new();
    for board in &boards {
        match boards::letters(&board.inline(), &mut letters) {
            Some((rows, cols)) => fast.add_letters(rows, cols, &letters),
            None => fast.add(board),
        }
    }
    assert_eq!(fast.boards(), boards.len());
    let (slow, fast) = (runs(&slow), runs(&fast.finish()));
    assert_eq!(fast, slow);
    assert_eq!(slow.len(), 6, "{slow:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn the_fast_path_reads_a_line_as_the_parser_does(line in line()) {
        let mut letters = Vec::new();
        let parsed = boards::parse_line(&line, "f", 1);
        match boards::letters(&line, &mut letters) {
            Some((rows, cols)) => {
                let board = parsed.expect("the fast path takes boards only");
                prop_assert_eq!((board.rows(), board.cols()), (rows, cols));
                let faces: Vec<&str> = board.faces().iter().map(Face::text).collect();
                let spelled = faces.concat();
                prop_assert_eq!(spelled.as_bytes(), &letters[..]);
                prop_assert!(of_letters(&board));
            }
            // What it leaves: not a board, faces that are not one ASCII letter, or
            // faces split by spaces.
            None => prop_assert!(match parsed {
                Ok(board) => !of_letters(&board) || line.trim().contains(char::is_whitespace),
                Err(_) => true,
            }, "{:?}", line),
        }
    }
}
