//! The kernel's logic on the CPU, for machines without a GPU (CI): `kernel.cu`
//! compiled as plain C++ by the system compiler into a shared library, its threads
//! run one after the other, behind the same [`Kernel`] interface the device uses.
//! [`GpuScorer`] over it must agree with [`CpuScorer`] board for board.
//!
//! Ignored by a plain `cargo test` (they need a C++ compiler, `c++` or `$CXX`);
//! `.ci/run` runs them, and they fail loudly where no compiler works.

use std::path::PathBuf;
use std::process::Command;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::tables::Dictionary;
use super::{GpuError, GpuScorer, Kernel, Launch, KERNEL_SOURCE};
use polyboggle::batch::{Batch, CpuScorer, Scorer};
use polyboggle::normalize::Profile;
use polyboggle::{Face, Lexicon, Rules};

/// What the harness adds to the kernel: a way to say which "thread" runs.
const HARNESS: &str = r#"
#include "kernel.cu"
extern "C" void pb_set_thread(unsigned thread, unsigned threads) {
    pb_thread = thread;
    pb_threads = threads;
}
"#;

/// `pb_score`'s parameters, in order.
type ScoreFn = unsafe extern "C" fn(
    *const u32, // records
    *const u8,  // record_bytes
    *const u8,  // classes
    u32,        // record_count
    u32,        // exact
    *const u8,  // lengths
    u32,        // word_count
    *const u32, // points
    u32,        // min_len
    *const u32, // face_info
    *const u8,  // face_bytes
    *const u8,  // face_classes
    *const u64, // neighbours
    u32,        // cells
    *const u8,  // boards
    u32,        // board_count
    *mut u64,   // tables
    u32,        // slot_bits
    u32,        // word_limit
    u32,        // tag_base
    *mut u32,   // next_board
    *mut u32,   // words_out
    *mut u64,   // points_out
);
type SetThreadFn = unsafe extern "C" fn(u32, u32);

/// The compiled harness (the library stays loaded while any kernel uses it).
struct Compiled {
    library: libloading::Library,
    _dir: tempfile::TempDir,
}

/// Compiles the harness once a test process; a test fails, saying why, where no C++
/// compiler works.
fn compiled() -> &'static Compiled {
    static COMPILED: std::sync::OnceLock<Compiled> = std::sync::OnceLock::new();
    COMPILED.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary folder");
        std::fs::write(dir.path().join("kernel.cu"), KERNEL_SOURCE).unwrap();
        std::fs::write(dir.path().join("harness.cpp"), HARNESS).unwrap();
        let out: PathBuf = dir.path().join("libharness.so");
        let compiler = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
        let status = Command::new(&compiler)
            .args(["-O2", "-shared", "-fPIC", "-std=c++14", "-Wall", "-Werror"])
            .arg(dir.path().join("harness.cpp"))
            .arg("-o")
            .arg(&out)
            .status();
        match status {
            Ok(s) if s.success() => {}
            Ok(s) => panic!("kernel.cu does not compile as C++ ({compiler}: {s})"),
            Err(e) => {
                panic!("these tests need a C++ compiler ({compiler}: {e}); install g++ or set CXX")
            }
        }
        // SAFETY: the library was just built from kernel.cu and the harness above.
        let library = unsafe { libloading::Library::new(&out) }.expect("the harness loads");
        Compiled { library, _dir: dir }
    })
}

/// The kernel in the harness, with its own word tables.
struct HostKernel {
    score: ScoreFn,
    set_thread: SetThreadFn,
    dict: Dictionary<'static>,
    threads: u32,
    tables: Vec<u64>,
}

impl Kernel for HostKernel {
    fn run(&mut self, launch: &Launch) -> Result<(Vec<u32>, Vec<u64>), GpuError> {
        let slots = (self.threads as usize) << launch.slot_bits;
        if self.tables.len() < slots {
            self.tables.resize(slots, 0);
        }
        let count = launch.count as usize;
        let (mut words, mut points) = (vec![0u32; count], vec![0u64; count]);
        let mut next = 0u32;
        let d = &self.dict;
        for thread in 0..self.threads {
            // SAFETY: the arrays are as long as the kernel reads (see Launch and
            // Faces); the harness only reads and writes through them.
            unsafe {
                (self.set_thread)(thread, self.threads);
                (self.score)(
                    d.records.as_ptr(),
                    d.record_bytes.as_ptr(),
                    d.classes.as_ptr(),
                    d.record_count(),
                    d.exact as u32,
                    d.lengths.as_ptr(),
                    d.lengths.len() as u32,
                    d.points.as_ptr(),
                    d.min_len,
                    launch.faces.info.as_ptr(),
                    launch.faces.bytes.as_ptr(),
                    launch.faces.classes.as_ptr(),
                    launch.neighbours.as_ptr(),
                    launch.cells,
                    launch.boards.as_ptr(),
                    launch.count,
                    self.tables.as_mut_ptr(),
                    launch.slot_bits,
                    launch.word_limit,
                    launch.tag_base,
                    &mut next,
                    words.as_mut_ptr(),
                    points.as_mut_ptr(),
                );
            }
        }
        Ok((words, points))
    }

    fn clear_tables(&mut self) -> Result<(), GpuError> {
        self.tables.fill(0);
        Ok(())
    }
}

/// A GPU scorer over the harness; `None` where it could not be built.
fn host_scorer(lexicon: &'static Lexicon, rules: Rules) -> GpuScorer<'static> {
    let compiled = compiled();
    // SAFETY: the symbols have the types above (kernel.cu and HARNESS).
    let (score, set_thread) = unsafe {
        (
            *compiled.library.get::<ScoreFn>(b"pb_score").unwrap(),
            *compiled
                .library
                .get::<SetThreadFn>(b"pb_set_thread")
                .unwrap(),
        )
    };
    let kernel = HostKernel {
        score,
        set_thread,
        dict: Dictionary::new(lexicon, &rules),
        threads: 3,
        tables: Vec::new(),
    };
    GpuScorer::with_kernel(lexicon, rules, 2, Box::new(kernel), "host".into())
}

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

const ENGLISH: &[&str] = &[
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s",
    "t", "u", "v", "w", "x", "y", "z", "Qu", "Th", "In", "Er", "#", "e", "s", "a", "t", "r",
];

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn english_boards_of_every_size_agree_with_the_cpu() {
    let lexicon = leak(Lexicon::builtin("enable2k").unwrap());
    for rules in [Rules::hasbro(), Rules::cs106b()] {
        let scorer = host_scorer(lexicon, rules.clone());
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
    let scorer = host_scorer(lexicon, Rules::hasbro());
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    let mut faces: Vec<&str> = syllables.to_vec();
    faces.extend(["_", "Q", "xyz", "CH", "LL"]);
    let mut found = 0;
    for (rows, cols) in [(3, 3), (4, 4), (5, 5)] {
        found += agree(
            &scorer,
            &cpu,
            &random_batch(&mut rng, rows, cols, &faces, 500),
        );
    }
    assert!(found > 500, "{found}");
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
    let scorer = host_scorer(lexicon, Rules::hasbro());
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let batch = random_batch(&mut rng, 4, 4, &letters, 40);
    let want = cpu.tally(&batch);
    assert!(
        want.iter().any(|t| t.words > 2048),
        "some board overflows a 4×4 table"
    );
    assert_eq!(scorer.tally(&batch), want);
    // Again, so later launches' tags meet the earlier boards' entries.
    assert_eq!(scorer.tally(&batch), want);
}

#[test]
#[ignore = "needs a C++ compiler: .ci/run runs it"]
fn tags_wrapping_clear_the_tables() {
    let lexicon = leak(Lexicon::builtin("enable2k").unwrap());
    let scorer = host_scorer(lexicon, Rules::hasbro());
    let cpu = CpuScorer::new(lexicon, Rules::hasbro(), 2);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let batch = random_batch(&mut rng, 4, 4, ENGLISH, 300);
    agree(&scorer, &cpu, &batch);
    scorer.state.lock().unwrap().tag_base = u32::MAX - 100;
    agree(&scorer, &cpu, &batch);
    assert!(scorer.state.lock().unwrap().tag_base < 1000);
    agree(&scorer, &cpu, &batch);
}
