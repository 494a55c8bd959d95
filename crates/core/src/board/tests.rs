use super::*;

fn texts(board: &Board) -> Vec<&str> {
    board.faces().iter().map(Face::text).collect()
}

#[test]
fn parses_princeton() {
    let board: Board = "2 3\nA  Qu B\nC D\tE\n".parse().unwrap();
    assert_eq!((board.rows(), board.cols()), (2, 3));
    assert_eq!(texts(&board), ["A", "Qu", "B", "C", "D", "E"]);
    assert_eq!(
        "1 29\n".parse::<Board>(),
        Err(BoardError::Count {
            rows: 1,
            cols: 29,
            expected: 29,
            found: 0
        })
    );
    assert_eq!("0 4\n".parse::<Board>(), Err(BoardError::Empty));
}

#[test]
fn parses_lab6() {
    let board: Board = "3\nabc\ndef\nghi\n".parse().unwrap();
    assert_eq!((board.rows(), board.cols()), (3, 3));
    assert_eq!(board.face(2, 0).text(), "g");
    assert!(matches!(
        "3\nabc\ndef\n".parse::<Board>(),
        Err(BoardError::Count { .. })
    ));
    assert!(matches!(
        "2\nab\nabc\n".parse::<Board>(),
        Err(BoardError::Ragged { row: 2, .. })
    ));
}

#[test]
fn parses_rows_and_inline() {
    let rows: Board = "LL A\nM #\n".parse().unwrap();
    assert_eq!(texts(&rows), ["LL", "A", "M", "#"]);
    assert!(rows.face(1, 1).is_blank());
    let inline: Board = "ab,c_".parse().unwrap();
    assert!(inline.face(1, 1).is_blank());
    let hindi: Board = "क्ष मा/न _".parse().unwrap();
    assert_eq!(hindi.face(0, 0).text(), "क्ष");
    let graphemes: Board = "क्षमा/नम".parse().unwrap();
    assert_eq!((graphemes.rows(), graphemes.cols()), (2, 2));
    assert_eq!(graphemes.face(0, 0).text(), "क्ष");
    assert_eq!(
        "ab/abc".parse::<Board>(),
        Err(BoardError::Ragged {
            row: 2,
            found: 3,
            expected: 2
        })
    );
    assert_eq!("  \n".parse::<Board>(), Err(BoardError::Empty));
    assert_eq!("ATEE//APYO".parse::<Board>(), Err(BoardError::EmptyRow(2)));
    assert_eq!(",AB,CD".parse::<Board>(), Err(BoardError::EmptyRow(1)));
    assert_eq!("AB/CD/".parse::<Board>().map(|b| b.rows()), Ok(2));
}

#[test]
fn a_bare_square_string_is_a_square_board() {
    let board: Board = "perslatgsineters".parse().unwrap();
    assert_eq!((board.rows(), board.cols()), (4, 4));
    assert_eq!(board.face(1, 0).text(), "l");
    let five: Board = "ligdrmanesietildsracsepes".parse().unwrap();
    assert_eq!((five.rows(), five.cols()), (5, 5));
    // Graphemes, not characters: nine Devanagari clusters are 3×3.
    let hindi: Board = "क्षमानकमलघरज".parse().unwrap();
    assert_eq!((hindi.rows(), hindi.cols()), (3, 3));
    assert_eq!(hindi.face(0, 0).text(), "क्ष");
    let single: Board = "a".parse().unwrap();
    assert_eq!((single.rows(), single.cols()), (1, 1));
    assert_eq!(
        "abcdefghijklmno".parse::<Board>(),
        Err(BoardError::NotSquare(15))
    );
    let err = "abc".parse::<Board>().unwrap_err().to_string();
    assert!(
        err.contains("ATEE/APYO") && err.contains("A T E E"),
        "{err}"
    );
    // Spaces still make one row; rows on lines still make rows.
    let row: Board = "A T E E".parse().unwrap();
    assert_eq!((row.rows(), row.cols()), (1, 4));
    let lines: Board = "ATEE\nAPYO\n".parse().unwrap();
    assert_eq!((lines.rows(), lines.cols()), (2, 4));
}

#[test]
fn inline_form_parses_back() {
    for text in [
        "perslatgsineters",
        "ATEE/APYO/TINU/EDSE",
        "Qu A B/C SCH #",
        "A B C",
        "a",
        "क्ष मा/न _",
        "ab/cd/ef",
    ] {
        let board: Board = text.parse().unwrap();
        assert_eq!(board.inline().parse::<Board>().unwrap(), board, "{text}");
    }
    let board: Board = "perslatgsineters".parse().unwrap();
    assert_eq!(board.inline(), "pers/latg/sine/ters");
}

// Inputs found by the fuzz target `board` (docs/reliability.md).
#[test]
fn awkward_boards_print_back_to_themselves() {
    for text in [
        // One column of faces of several graphemes.
        "2 1\npesla\0#\0\nt\0\0\0\0\0\0\0\0Eineteers",
        "2 1\nQu\nA\n",
        // One-row boards of numbers (not a Lab 6 or Princeton header).
        "1\n7\n",
        "3 4/",
        "1 1 x/",
        // A lone accent after a letter, and two regional indicators: written
        // together they would fuse into one grapheme.
        "2 2\na \u{301} b c",
        "2 2\n\u{1F1FA} \u{1F1F8} a b",
        // One face of several graphemes (control characters are graphemes too).
        "1 1 =\u{f}\u{7} ",
        "1 1\n=\u{f}\u{7}",
        "1 1\nQu",
    ] {
        let board: Board = text.parse().unwrap();
        let line = board.inline();
        assert_eq!(line.parse::<Board>(), Ok(board), "{text:?} -> {line:?}");
    }
    let column: Board = "Qu A".parse::<Board>().unwrap();
    assert_eq!(column.inline(), "Qu A");
    assert_eq!("2 1\nQu\nA".parse::<Board>().unwrap().inline(), "2 1 Qu A");
    assert_eq!("3 4/".parse::<Board>().unwrap().inline(), "3 4/");
    assert_eq!("1 1\nQu".parse::<Board>().unwrap().inline(), "1 1 Qu");
}

#[test]
fn faces_with_row_separators_are_refused() {
    assert_eq!(
        "2 2\na/ b c d".parse::<Board>(),
        Err(BoardError::Separator {
            row: 1,
            col: 1,
            face: "a/".into()
        })
    );
    let err = "1\n,".parse::<Board>().unwrap_err().to_string();
    assert!(err.contains("row 1, face 1"), "{err}");
}

#[test]
fn huge_headers_are_refused_not_overflowed() {
    let big = "99999999999 99999999999\na b".parse::<Board>();
    assert_eq!(big, Err(BoardError::TooLarge(usize::MAX)));
    let lab6 = "9999999999\nab\ncd".parse::<Board>();
    assert_eq!(lab6, Err(BoardError::TooLarge(usize::MAX)));
}

#[test]
fn neighbours_stay_on_the_board() {
    let board: Board = "abc/def/ghi".parse().unwrap();
    let mut n: Vec<usize> = board.neighbours(0).collect();
    n.sort();
    assert_eq!(n, [1, 3, 4]);
    assert_eq!(board.neighbours(4).count(), 8);
    let line: Board = "a b c d".parse().unwrap();
    assert_eq!(line.neighbours(3).collect::<Vec<_>>(), [2]);
}

#[test]
fn displays_aligned() {
    let board: Board = "Qu A/B SCH".parse().unwrap();
    assert_eq!(board.to_string(), "Qu  A\nB   SCH\n");
    let wide: Board = "山 A/B C".parse().unwrap();
    assert_eq!(wide.to_string(), "山 A\nB  C\n");
}
