//! The kernels checked against the CPU solver, through the harness (`super`):
//! random boards of every size in several scripts, overflowing tables, wrapping
//! tags and epochs, frames too few, and samples of the bench files.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use polyboggle::batch::{Batch, CpuScorer, Scorer};
use polyboggle::normalize::Profile;
use polyboggle::solve::Tally;
use polyboggle::{Face, Lexicon, Rules};

use super::{host_scorer, host_scorer_with};
use crate::design::KernelDesign;
use crate::scorer::GpuScorer;

fn leak(lexicon: Lexicon) -> &'static Lexicon {
    Box::leak(Box::new(lexicon))
}

/// `boards` random boards of `rows`×`cols` over `faces` (a fraction of them blank,
/// when `faces` has a blank).
fn random_batch(
    rng: &mut ChaCha8Rng,
    rows: usize,
    cols: usize,
    faces: &[&str],
    boards: usize,
) -> Batch {
    let table: Vec<Face> = faces.iter().map(|f| Face::new(f)).collect();
    let mut batch = Batch::new(rows, cols, table);
    let mut cells = vec![0u8; rows * cols];
    for _ in 0..boards {
        for cell in cells.iter_mut() {
            *cell = rng.gen_range(0..faces.len()) as u8;
        }
        batch.push(&cells);
    }
    batch
}

/// The harness and the CPU agree on every board of `batch`.
fn agree(scorer: &GpuScorer, cpu: &CpuScorer, batch: &Batch) -> u64 {
    let (got, want) = (scorer.tally(batch), cpu.tally(batch));
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "board {i}: {}", batch.board(i).inline());
    }
    want.iter().map(|t| t.words).sum()
}

/// Every kernel.
const DESIGNS: [KernelDesign; 4] = [
    KernelDesign::Old,
    KernelDesign::New,
    KernelDesign::Deferred,
    KernelDesign::Chained,
];

/// The designs of `kernel_shared.cu`.
const SHARED_DESIGNS: [KernelDesign; 3] = [
    KernelDesign::New,
    KernelDesign::Deferred,
    KernelDesign::Chained,
];

const ENGLISH: &[&str] = &[
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s",
    "t", "u", "v", "w", "x", "y", "z", "Qu", "Th", "In", "Er", "#", "e", "s", "a", "t", "r",
];

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn english_boards_of_every_size_agree_with_the_cpu() {
    let lexicon = leak(Lexicon::builtin("enable2k").unwrap());
    for (rules, design) in [Rules::hasbro(), Rules::cs106b()]
        .into_iter()
        .flat_map(|rules| DESIGNS.map(|design| (rules.clone(), design)))
    {
        let scorer = host_scorer(lexicon, rules.clone(), design);
        let cpu = CpuScorer::new(lexicon, rules, 2);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut words = 0;
        for (rows, cols) in [(3, 3), (4, 4), (5, 5), (6, 6), (2, 7), (1, 9), (8, 8)] {
            let boards = if rows * cols > 36 { 60 } else { 600 };
            words += agree(
                &scorer,
                &cpu,
                &random_batch(&mut rng, rows, cols, ENGLISH, boards),
            );
        }
        assert!(words > 10_000, "{words}");
    }
}

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn unicode_faces_and_inexact_automata_agree() {
    // Over 64 distinct bytes: the automaton is inexact, so the kernel checks bytes.
    let mut words: Vec<String> = Vec::new();
    let syllables = [
        "क्ष",
        "मा",
        "न",
        "क",
        "म",
        "ल",
        "र",
        "ह",
        "é",
        "ñ",
        "ch",
        "ll",
        "a",
        "o",
        "ı",
        "ß",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..4000 {
        let len = rng.gen_range(2..7);
        words.push(
            (0..len)
                .map(|_| syllables[rng.gen_range(0..syllables.len())])
                .collect(),
        );
    }
    for c in
        "abcdefghijklmnopqrstuvwxyz0123456789абвгдежзийклмнопрстуфхцчшщαβγδεζηθικλμνξοπρστυφχψω"
            .chars()
    {
        words.push(format!("x{c}{c}"));
    }
    let lexicon = leak(Lexicon::from_words(&words, &Profile::default()).unwrap());
    assert!(!lexicon.automaton().is_exact());
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    let mut faces: Vec<&str> = syllables.to_vec();
    faces.extend(["_", "Q", "xyz", "CH", "LL"]);
    for design in DESIGNS {
        let scorer = host_scorer(lexicon, Rules::hasbro(), design);
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut found = 0;
        for (rows, cols) in [(3, 3), (4, 4), (5, 5), (6, 6)] {
            let boards = if rows * cols > 25 { 100 } else { 500 };
            found += agree(
                &scorer,
                &cpu,
                &random_batch(&mut rng, rows, cols, &faces, boards),
            );
        }
        assert!(found > 500, "{design}: {found}");
    }
}

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn boards_that_overflow_the_table_are_exact() {
    // Thousands of words on one board: "aa".."a"×12 and every 3- to 6-letter
    // string over {a, b, c, d} would be too many; every string over a few letters
    // of lengths 3 to 7 is enough to pass 2,048 distinct words on a 4×4 board.
    let letters = ["a", "b", "c", "d", "e"];
    let mut words = Vec::new();
    for len in 3..=6u32 {
        for n in 0..letters.len().pow(len) {
            let mut n = n;
            let mut word = String::new();
            for _ in 0..len {
                word.push_str(letters[n % letters.len()]);
                n /= letters.len();
            }
            words.push(word);
        }
    }
    let lexicon = leak(Lexicon::from_words(&words, &Profile::default()).unwrap());
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let batch = random_batch(&mut rng, 4, 4, &letters, 40);
    let want = cpu.tally(&batch);
    assert!(
        want.iter().any(|t| t.words > 2048),
        "some board overflows a 4×4 table"
    );
    for design in DESIGNS {
        let scorer = host_scorer(lexicon, Rules::hasbro(), design);
        assert_eq!(scorer.tally(&batch), want, "{design}");
        // Again, so later launches' tags meet the earlier boards' entries.
        assert_eq!(scorer.tally(&batch), want, "{design}");
        let (failed, scored, overflowed) = scorer.health();
        assert!(!failed && scored == 80 && overflowed > 0, "{design}");
    }
}

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn tags_wrapping_clear_the_tables() {
    let lexicon = leak(Lexicon::builtin("enable2k").unwrap());
    let scorer = host_scorer(lexicon, Rules::hasbro(), KernelDesign::Old);
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let batch = random_batch(&mut rng, 4, 4, ENGLISH, 300);
    agree(&scorer, &cpu, &batch);
    scorer.state.lock().unwrap().tag_base = u32::MAX - 100;
    agree(&scorer, &cpu, &batch);
    assert!(scorer.state.lock().unwrap().tag_base < 1000);
    agree(&scorer, &cpu, &batch);
}

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn epochs_wrapping_wipe_the_tables() {
    // 28 bits of a word's rank leave 16 epochs: each thread wipes its table every
    // 15 boards, mid-launch and across launches.
    let lexicon = leak(Lexicon::builtin("enable2k").unwrap());
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    for design in SHARED_DESIGNS {
        let scorer = host_scorer_with(lexicon, Rules::hasbro(), design, Some(28), None);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for (rows, cols) in [(4, 4), (4, 4), (5, 5), (4, 4)] {
            agree(
                &scorer,
                &cpu,
                &random_batch(&mut rng, rows, cols, ENGLISH, 200),
            );
        }
    }
}

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn boards_deeper_than_the_frames_go_back_to_the_cpu() {
    // Three saved frames: any word of five cells or more sends its board back.
    let lexicon = leak(Lexicon::builtin("enable2k").unwrap());
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    for design in SHARED_DESIGNS {
        let scorer = host_scorer_with(lexicon, Rules::hasbro(), design, None, Some(3));
        let mut rng = ChaCha8Rng::seed_from_u64(10);
        agree(&scorer, &cpu, &random_batch(&mut rng, 4, 4, ENGLISH, 300));
        let (failed, scored, overflowed) = scorer.health();
        assert!(!failed && scored == 300, "{design}: {scored}");
        assert!(
            overflowed > 100 && overflowed < 300,
            "{design}: {overflowed} of 300 went back"
        );
    }
}

/// The boards of a bench file (`q` the Qu face) as one batch of 4×4 boards.
fn bench_batch(text: &str) -> Batch {
    let faces: Vec<Face> = (b'a'..=b'z')
        .map(|b| Face::new(&(b as char).to_string()))
        .collect();
    let mut batch = Batch::new(4, 4, faces);
    for line in text.lines() {
        let cells: Vec<u8> = line.bytes().map(|b| b - b'a').collect();
        assert_eq!(cells.len(), 16, "{line}");
        batch.push(&cells);
    }
    batch
}

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn a_sample_of_the_bench_boards_agrees() {
    // The first 1,000 boards of each bench file (../shared/data/bench).
    let lexicon = leak(Lexicon::builtin("enable2k").unwrap());
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    for design in DESIGNS {
        let scorer = host_scorer(lexicon, Rules::hasbro(), design);
        for sample in [
            include_str!("../testdata/dice44_1k.txt"),
            include_str!("../testdata/uniform44_1k.txt"),
        ] {
            let words = agree(&scorer, &cpu, &bench_batch(sample));
            assert!(words > 30_000, "{design}: {words}");
        }
        assert_eq!(scorer.health(), (false, 2_000, 0), "{design}");
    }
}

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn tallies_into_a_kept_vector_are_the_tallies() {
    // bench keeps one vector from chunk to chunk: what it held must not show.
    let lexicon = leak(Lexicon::builtin("enable2k").unwrap());
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    let scorer = host_scorer(lexicon, Rules::hasbro(), KernelDesign::Chained);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut kept = vec![
        Tally {
            words: 7,
            points: 7
        };
        1000
    ];
    for boards in [300, 50, 0, 120] {
        let batch = random_batch(&mut rng, 4, 4, ENGLISH, boards);
        scorer.tally_into(&batch, &mut kept);
        assert_eq!(kept, cpu.tally(&batch), "{boards} boards");
    }
    assert_eq!(scorer.health(), (false, 470, 0));
}

/// `../shared/data/PATH`, failing loudly where it is missing.
fn shared(path: &str) -> String {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| {
        panic!(
            "{}: {e}: this test needs the shared test data beside the repository",
            full.display()
        )
    })
}

#[test]
#[ignore = "reads ../shared/data"]
fn the_bench_files_agree_board_by_board_with_every_design_of_the_new_kernel() {
    let enable = leak(Lexicon::builtin("enable2k").unwrap());
    let yawl = leak(
        Lexicon::from_words(
            shared("princeton/dictionary-yawl.txt").split_whitespace(),
            &Profile::default(),
        )
        .unwrap(),
    );
    let dice = bench_batch(&shared("bench/dice44_100k.txt"));
    let uniform = bench_batch(&shared("bench/uniform44_100k.txt"));
    // The cross-check totals of bench/README.md.
    let cases = [
        (&dice, enable, (9_849_936, 14_080_868)),
        (&uniform, enable, (3_444_515, 4_114_420)),
        (&dice, yawl, (13_020_104, 18_872_129)),
        (&uniform, yawl, (4_527_704, 5_456_234)),
    ];
    for (batch, lexicon, expected) in cases {
        let want = CpuScorer::new(lexicon, Rules::hasbro(), 2).tally(batch);
        for design in SHARED_DESIGNS {
            let scorer = host_scorer(lexicon, Rules::hasbro(), design);
            let got = scorer.tally(batch);
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(g, w, "{design}, board {i}: {}", batch.board(i).inline());
            }
            let words = got.iter().map(|t| t.words).sum::<u64>();
            let points = got.iter().map(|t| t.points).sum::<u64>();
            assert_eq!(
                (got.len(), words, points),
                (100_000, expected.0, expected.1),
                "{design}"
            );
            assert_eq!(scorer.health(), (false, 100_000, 0), "{design}");
        }
    }
}
