//! Boards files: lines of letters take a fast path (`boards::letters`, packed by byte)
//! that must read every line exactly as the board parser does, and leave it every line
//! it cannot be sure of; the benchmark's totals must not tell the two apart.

mod common;

use std::sync::LazyLock;

use polyboggle::batch::{self, CpuScorer, Packed, Packer};
use polyboggle::{bench, boards, Board, Face, Lexicon, Rules};
use proptest::prelude::*;

static ENABLE2K: LazyLock<Lexicon> = LazyLock::new(|| Lexicon::builtin("enable2k").unwrap());

const LETTERS: &[&str] = &["a", "e", "s", "t", "r", "q", "Q", "E", "S", "Z"];

/// What may be swapped into a line of letters: row separators, spaces, blanks, digits,
/// and non-ASCII letters, marks and spaces, which must send a line to the parser.
const PIECES: &[&str] = &[
    "/",
    ",",
    " ",
    "\t",
    "#",
    "_",
    "1",
    "Qu",
    "ñ",
    "é",
    "\u{301}",
    "क्ष",
    "ई",
    "\u{a0}",
];

/// A board of letters as a boards file writes it: bare (square or not), or rows split
/// by `/` or `,`, maybe ending with one, maybe padded with spaces.
fn letters_line() -> impl Strategy<Value = String> {
    let shape = (1usize..=5, 1usize..=5);
    let form = prop::sample::select(&["", "/", ","][..]);
    (shape, form, any::<bool>(), any::<bool>()).prop_flat_map(|((rows, cols), split, end, pad)| {
        prop::collection::vec(prop::sample::select(LETTERS), rows * cols).prop_map(move |letters| {
            let rows: Vec<String> = letters.chunks(cols).map(|row| row.concat()).collect();
            let mut line = rows.join(split);
            if end {
                line.push_str(split);
            }
            match pad {
                true => format!("  {line}\t"),
                false => line,
            }
        })
    })
}

fn line() -> impl Strategy<Value = String> {
    let noisy = (
        letters_line(),
        any::<prop::sample::Index>(),
        prop::sample::select(PIECES),
    )
        .prop_map(|(line, at, piece)| {
            let mut chars: Vec<String> = line.chars().map(String::from).collect();
            let at = at.index(chars.len());
            chars[at] = piece.to_string();
            chars.concat()
        });
    let pieces = prop::sample::select([LETTERS, PIECES].concat());
    let scraps = prop::collection::vec(pieces, 0..20).prop_map(|p| p.concat());
    prop_oneof![4 => letters_line(), 3 => noisy, 1 => scraps]
}

/// Is the board one ASCII letter a face?
fn of_letters(board: &Board) -> bool {
    let letter = |f: &Face| f.text().len() == 1 && f.text().as_bytes()[0].is_ascii_alphabetic();
    board.faces().iter().all(letter)
}

/// Each run's shape, face table and cells (a board alone: its inline form).
fn runs(packed: &[Packed]) -> Vec<String> {
    packed
        .iter()
        .map(|run| match run {
            Packed::Batch(b) => {
                let faces: Vec<&str> = b.faces().iter().map(Face::text).collect();
                format!("{:?} {faces:?} {:?}", b.shape(), b.cells())
            }
            Packed::Alone(b) => b.inline(),
        })
        .collect()
}

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_fast_path_packs_and_scores_a_file_as_the_parser_does(
        lines in prop::collection::vec(line(), 1..12)
    ) {
        let text = lines.join("\n");
        let open = || Ok(text.as_bytes());
        let scorer = CpuScorer::new(&ENABLE2K, Rules::hasbro(), 1);
        let streamed = bench::run_file(&scorer, &ENABLE2K, open, "f", None, 1, Default::default(), 1);
        match boards::parse(&text, "f") {
            Ok(parsed) => {
                let held = bench::run(&scorer, &ENABLE2K, &parsed, 1, Default::default(), 1);
                let streamed = streamed.unwrap();
                prop_assert_eq!(
                    (streamed.boards, streamed.words, streamed.total_score),
                    (held.boards, held.words, held.total_score)
                );
                // The same batches, face tables and cells.
                let mut fast = Packer::default();
                let mut letters = Vec::new();
                for line in lines.iter().filter(|l| !l.trim().is_empty()) {
                    match boards::letters(line, &mut letters) {
                        Some((rows, cols)) => fast.add_letters(rows, cols, &letters),
                        None => fast.add(&boards::parse_line(line, "f", 1).unwrap()),
                    }
                }
                prop_assert_eq!(runs(&fast.finish()), runs(&batch::pack(&parsed)));
            }
            Err(err) => prop_assert_eq!(streamed.unwrap_err().to_string(), err.to_string()),
        }
    }
}

#[test]
#[ignore = "reads ../shared/data"]
fn bench_totals_on_the_benchmark_files_are_the_parsers() {
    let scorer = CpuScorer::new(&ENABLE2K, Rules::hasbro(), 1);
    for file in ["bench/dice44_100k.txt", "bench/uniform44_100k.txt"] {
        let path = crate::common::shared(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let first: Vec<&str> = text.lines().take(2000).collect();
        let mut letters = Vec::new();
        let all_fast = first
            .iter()
            .all(|l| boards::letters(l, &mut letters).is_some());
        assert!(all_fast, "{file}: every line takes the fast path");
        let parsed = boards::parse(&first.join("\n"), file).unwrap();
        let held = bench::run(&scorer, &ENABLE2K, &parsed, 1, Default::default(), 1);
        let open = || std::fs::File::open(&path).map(std::io::BufReader::new);
        let streamed = bench::run_file(
            &scorer,
            &ENABLE2K,
            open,
            file,
            Some(2000),
            1,
            Default::default(),
            1,
        )
        .unwrap();
        assert_eq!(
            (streamed.boards, streamed.words, streamed.total_score),
            (held.boards, held.words, held.total_score),
            "{file}"
        );
        assert_eq!(held.boards, 2000);
        assert!(held.total_score > 0);
    }
}
