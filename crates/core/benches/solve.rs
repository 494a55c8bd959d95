//! Criterion benches: the solver on the shared 100,000-board files (first 2,000 boards
//! of each, ENABLE2K and YAWL), and opening a compiled dictionary.
//!
//! `cargo bench` needs `../shared/data/bench` beside the repository for the board
//! files; without it those benches are skipped with a note and only the rolled-board
//! and open benches run.

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use polyboggle::{Board, Compiler, Lexicon, Profile, Rules, Solver};

const BOARDS: usize = 2_000;

fn compiled(list: &str) -> Vec<u8> {
    let mut compiler = Compiler::new(Profile::default());
    compiler.add_text(&std::fs::read_to_string(list).expect("word list"));
    compiler.finish(list).expect("compiles").0
}

fn boards(file: &str) -> Option<Vec<Board>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/bench")
        .join(file);
    let text = std::fs::read_to_string(&path).ok()?;
    let mut boards = polyboggle::boards::parse(&text, file).ok()?;
    boards.truncate(BOARDS);
    Some(boards)
}

fn solve_all(c: &mut Criterion, name: &str, lexicon: &Lexicon, boards: &[Board]) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.sample_size(10);
    let mut solver = Solver::new(lexicon, Rules::hasbro());
    group.bench_function("tally", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|board| solver.tally(board).points)
                .sum::<u64>()
        })
    });
    group.finish();
}

fn solver(c: &mut Criterion) {
    let enable2k = Lexicon::builtin("enable2k").unwrap();
    let yawl_list = concat!(env!("CARGO_MANIFEST_DIR"), "/../../dictionaries/yawl.txt");
    let yawl = Lexicon::from_bytes(compiled(yawl_list), "yawl").unwrap();
    // The English dice rolled with seeds 1..=2000 (polyboggle-dice's tests check the file).
    let rolls = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/english-new-4x4-rolls.txt"
    );
    let text = std::fs::read_to_string(rolls).expect("the rolled boards");
    let rolled: Vec<Board> = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .skip(1)
        .take(BOARDS)
        .map(|line| line.parse().expect("a rolled board"))
        .collect();
    solve_all(c, "rolled-new-dice/enable2k", &enable2k, &rolled);
    for file in ["dice44_100k.txt", "uniform44_100k.txt"] {
        match boards(file) {
            Some(boards) => {
                solve_all(c, &format!("{file}/enable2k"), &enable2k, &boards);
                solve_all(c, &format!("{file}/yawl"), &yawl, &boards);
            }
            None => eprintln!("skipping {file}: ../shared/data/bench is missing"),
        }
    }
}

fn open(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("yawl.pbd");
    let list = concat!(env!("CARGO_MANIFEST_DIR"), "/../../dictionaries/yawl.txt");
    std::fs::write(&path, compiled(list)).unwrap();
    c.bench_function("open yawl.pbd", |b| {
        b.iter(|| Lexicon::open(&path).unwrap().word_count())
    });
    c.bench_function("open built-in enable2k", |b| {
        b.iter(|| Lexicon::builtin("enable2k").unwrap().word_count())
    });
}

criterion_group!(benches, solver, open);
criterion_main!(benches);
