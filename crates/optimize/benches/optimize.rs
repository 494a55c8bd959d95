//! Criterion benches for the optimizer's hot path: one pool-climbing round near the
//! top, i.e. every board one edit away from the ENABLE2K record board, scored through
//! the batch interface on one thread; and one whole small climb.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use polyboggle::batch::{Batch, CpuScorer, Scorer};
use polyboggle::{Face, Lexicon, Rules};
use polyboggle_optimize::{self as optimize, Objective, Settings, Space};

fn neighbours_of_the_record(c: &mut Criterion) {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let letters: Vec<String> = "abcdefghilmnoprstuvy".chars().map(String::from).collect();
    let faces: Vec<Face> = letters.iter().map(|l| Face::new(l)).collect();
    let id = |c: char| letters.iter().position(|l| l.starts_with(c)).unwrap() as u8;
    let record: Vec<u8> = "perslatgsineters".chars().map(id).collect();
    // Every one-letter change and every swap of two different letters.
    let mut batch = Batch::new(4, 4, faces);
    for cell in 0..16 {
        for letter in 0..letters.len() as u8 {
            if letter != record[cell] {
                let mut next = record.clone();
                next[cell] = letter;
                batch.push(&next);
            }
        }
    }
    for a in 0..16 {
        for b in a + 1..16 {
            if record[a] != record[b] {
                let mut next = record.clone();
                next.swap(a, b);
                batch.push(&next);
            }
        }
    }
    let scorer = CpuScorer::new(&lexicon, Rules::hasbro(), 1);
    let mut group = c.benchmark_group("optimize");
    group.throughput(Throughput::Elements(batch.len() as u64));
    group.sample_size(10);
    group.bench_function("record_neighbours_1_thread", |b| {
        b.iter(|| scorer.tally(&batch).iter().map(|t| t.points).sum::<u64>())
    });
    group.finish();
}

fn small_climb(c: &mut Criterion) {
    let lexicon = Lexicon::builtin("enable2k").unwrap();
    let letters: Vec<String> = "aeilnorst".chars().map(String::from).collect();
    let space = Space::letters(3, 3, &letters, lexicon.profile()).unwrap();
    let settings = Settings {
        pool: 50,
        ..Settings::new(Objective::Score, Rules::hasbro())
    };
    let scorer = CpuScorer::new(&lexicon, settings.scoring_rules(), 1);
    let mut group = c.benchmark_group("optimize");
    group.sample_size(10);
    group.bench_function("climb_3x3_pool_50", |b| {
        b.iter(|| {
            optimize::run(&lexicon, &space, &scorer, &settings, &[0], &|_| {})[0]
                .best
                .value
        })
    });
    group.finish();
}

criterion_group!(benches, neighbours_of_the_record, small_climb);
criterion_main!(benches);
