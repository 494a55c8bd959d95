use super::*;

#[test]
fn tallies_into_a_kept_vector_are_the_tallies() {
    // bench keeps one vector from chunk to chunk: what it held must not show.
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let scorer = CpuScorer::new(&lexicon, Rules::hasbro(), 2);
    let mut solver = Solver::new(&lexicon, Rules::hasbro());
    let mut kept = vec![
        Tally {
            words: 7,
            points: 7
        };
        500
    ];
    let three = Board::new(
        3,
        3,
        "abcdefghi"
            .chars()
            .map(|c| Face::new(&c.to_string()))
            .collect(),
    )
    .unwrap();
    for (n, odd) in [(120, false), (3, true), (0, true), (40, false)] {
        let mut boards: Vec<Board> = crate::rolled::english_boards(n as usize, 0);
        if odd {
            boards.push(three.clone()); // another shape: two runs
        }
        let packed = pack(&boards);
        tally_packed_into(&scorer, &mut solver, &packed, &mut kept);
        let want: Vec<Tally> = boards.iter().map(|b| solver.tally(b)).collect();
        assert_eq!(kept, want, "{n} boards");
        assert_eq!(tally_packed(&scorer, &mut solver, &packed), want);
    }
}

#[test]
fn agrees_with_the_solver_board_by_board() {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let mut table: Vec<String> = Vec::new();
    let mut boards = Vec::new();
    for seed in 0..300 {
        let board = crate::rolled::english(seed);
        let ids: Vec<u8> = board
            .faces()
            .iter()
            .map(|f| match table.iter().position(|t| t == f.text()) {
                Some(i) => i as u8,
                None => {
                    table.push(f.text().to_string());
                    (table.len() - 1) as u8
                }
            })
            .collect();
        boards.push((board, ids));
    }
    let mut batch = Batch::new(4, 4, table.iter().map(|t| Face::new(t)).collect());
    for (_, ids) in &boards {
        batch.push(ids);
    }
    assert_eq!(batch.len(), 300);
    let tallies = CpuScorer::new(&lexicon, Rules::hasbro(), 2).tally(&batch);
    let mut solver = Solver::new(&lexicon, Rules::hasbro());
    for (i, (board, _)) in boards.iter().enumerate() {
        assert_eq!(batch.board(i), *board);
        assert_eq!(tallies[i], solver.tally(board), "board {i}");
    }
    assert!(tallies.iter().any(|t| t.points > 0));
}

#[test]
fn agrees_with_the_solver_on_blanks_several_byte_faces_and_large_boards() {
    // Faces keyed once for a chunk must read as faces keyed board by board:
    // blanks, Qu, two-letter and accented faces, an exact automaton and one
    // whose classes hold several bytes, boards under and over 64 cells.
    let words = [
        "quête", "été", "chat", "tache", "achat", "quetes", "thé", "ete",
    ];
    let profile = crate::normalize::Profile::default();
    let exact = Lexicon::from_words(words, &profile).unwrap();
    // Latin, Cyrillic and Hebrew alphabets: more than 64 distinct bytes.
    let many = [
        "abcdefghijklmnopqrstuvwxyz",
        "абвгдежзийклмнопрстуфхцчшщъыьэюя",
        "אבגדהוזחטיכלמנסעפצקרשת",
    ];
    let inexact = Lexicon::from_words(words.iter().chain(&many), &profile).unwrap();
    assert!(exact.automaton().is_exact() && !inexact.automaton().is_exact());
    let table = [
        "Qu", "Q", "E", "é", "ê", "T", "CH", "A", "#", "H", "S", "te",
    ];
    let faces: Vec<Face> = table.iter().map(|t| Face::new(t)).collect();
    for (rows, cols) in [(4, 4), (3, 5), (9, 9)] {
        let mut batch = Batch::new(rows, cols, faces.clone());
        let mut state = 12345u64;
        for _ in 0..200 {
            let cells: Vec<u8> = (0..rows * cols)
                .map(|_| {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((state >> 33) % table.len() as u64) as u8
                })
                .collect();
            batch.push(&cells);
        }
        for (lexicon, rules) in [
            (&exact, Rules::hasbro()),
            (&exact, Rules::cs106b()),
            (&inexact, Rules::hasbro()),
        ] {
            let tallies = CpuScorer::new(lexicon, rules.clone(), 2).tally(&batch);
            let mut solver = Solver::new(lexicon, rules);
            for (i, tally) in tallies.iter().enumerate() {
                assert_eq!(
                    *tally,
                    solver.tally(&batch.board(i)),
                    "{rows}x{cols} board {i}"
                );
            }
            assert!(tallies.iter().any(|t| t.words > 0));
        }
    }
}

/// Faces `tag0`, `tag1`, ...: boards over as many distinct faces as wanted.
fn tagged(rows: usize, cols: usize, tag: &str, first: usize) -> Board {
    let faces = (first..first + rows * cols)
        .map(|i| Face::new(&format!("{tag}{i}")))
        .collect();
    Board::new(rows, cols, faces).unwrap()
}

#[test]
fn packing_splits_where_the_shape_changes_or_the_face_table_fills() {
    let boards = vec![
        "ab/cd".parse::<Board>().unwrap(),
        "ba/dc".parse().unwrap(),
        // Another shape: a new batch.
        "abc/def".parse().unwrap(),
        // 17×17 distinct faces: more than a batch holds, scored alone.
        tagged(17, 17, "x", 0),
        // 2×3 again, then 41 boards of 6 new faces each: 252 faces.
        "abc/def".parse().unwrap(),
    ];
    let mut boards = boards;
    boards.extend((0..41).map(|i| tagged(2, 3, "y", 6 * i)));
    // A face repeated within a board counts once: 253 faces, still one batch...
    boards.push("www/www".parse().unwrap());
    // ...and 6 more would pass 256: a new batch.
    boards.push(tagged(2, 3, "z", 0));
    let packed = pack(&boards);
    let shapes: Vec<String> = packed
        .iter()
        .map(|p| match p {
            Packed::Batch(b) => format!("{}x{}:{}:{}", b.rows, b.cols, b.len(), b.faces.len()),
            Packed::Alone(b) => format!("alone {}x{}", b.rows(), b.cols()),
        })
        .collect();
    assert_eq!(
        shapes,
        ["2x2:2:4", "2x3:1:6", "alone 17x17", "2x3:43:253", "2x3:1:6"]
    );
    let mut again = Vec::new();
    for run in &packed {
        match run {
            Packed::Batch(b) => again.extend((0..b.len()).map(|i| b.board(i))),
            Packed::Alone(b) => again.push(b.clone()),
        }
    }
    assert_eq!(again, boards, "every board, in order");
}
