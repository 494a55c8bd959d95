//! The GPU backend (issue 16). Two kinds of tests:
//!
//! - the command line without a GPU (every machine): `--backend gpu` is one line and
//!   exit 2, `auto` falls back to the CPU with one line, `--counts` agrees with the
//!   full output;
//! - exactness on the device: every board's words and points equal the CPU's (the
//!   bench totals, random boards of 3×3 to 6×6 with multi-letter faces and blanks in
//!   English, Italian and Hindi, boards that overflow the GPU's tables) and a seed
//!   gives the same optimizer result on both ([`device`]). They are ignored, with
//!   the reason, where they cannot run (CI has no GPU) and fail loudly when run
//!   without a usable GPU; `scripts/gpu-device-check.sh` runs them on the device
//!   machine. The kernel's logic is also checked without a GPU, as C++, by the GPU
//!   crate's own tests (crates/gpu/src/host.rs).

use crate::common::{bad, ok, polyboggle, run, shared};
use crate::throughput;
use polyboggle::batch::{Batch, CpuScorer, Scorer};
use polyboggle::{Face, Lexicon, Profile, Rules};
use polyboggle_gpu::{self as gpu, GpuScorer};
use polyboggle_optimize::{self as optimize, Objective, Settings, Space};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn usable() -> bool {
    gpu::probe().is_ok()
        && GpuScorer::new(&Lexicon::builtin("enable2k").unwrap(), Rules::hasbro(), 1).is_ok()
}

#[test]
fn backend_gpu_is_one_line_where_no_gpu_is_usable() {
    if usable() {
        // The device machine: the same commands score on the GPU.
        let out = run(&["bench", "--backend", "gpu", "--boards", "50"], "");
        assert!(out.status.success(), "{out:?}");
        let out = run(&["bench", "--backend", "auto", "--boards", "50"], "");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("note: scoring on the GPU ("), "{stderr}");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards.txt");
    std::fs::write(&boards, "perslatgsineters\n").unwrap();
    let boards = boards.to_str().unwrap();
    for args in [
        &["bench", "--backend", "gpu", "--boards", "10"][..],
        &["bench", "--backend", "gpu", "--boards-file", boards],
        &[
            "optimize",
            "--backend",
            "gpu",
            "--size",
            "2x2",
            "--seed",
            "1",
        ],
        &["solve", "--batch", boards, "--counts", "--backend", "gpu"],
    ] {
        let line = bad(args);
        assert!(
            line.starts_with("polyboggle: --backend gpu: no usable GPU: "),
            "{line}"
        );
    }
    let line = bad(&["solve", "ATEE/APYO/TINU/EDSE", "--backend", "gpu"]);
    assert!(line.contains("--counts"), "{line}");
    // auto: the CPU, said in one line.
    let out = run(
        &[
            "bench",
            "--backend",
            "auto",
            "--boards",
            "50",
            "--format",
            "json",
        ],
        "",
    );
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("note: scoring on the CPU (no usable GPU: "),
        "{stderr}"
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["backend"], "cpu");
}

#[test]
fn an_unknown_kernel_is_one_line() {
    // Read before any CUDA call: the same line with or without a GPU.
    let out = polyboggle(["bench", "--backend", "gpu", "--boards", "10"])
        .env("POLYBOGGLE_GPU_KERNEL", "fast")
        .output();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "polyboggle: --backend gpu: no usable GPU: POLYBOGGLE_GPU_KERNEL=fast: expected old, new, deferred or chained\n"
    );
}

#[test]
fn counts_are_the_full_lines_without_their_words() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("boards.txt");
    std::fs::write(
        &path,
        "perslatgsineters\nATEE/APYO/TINU/EDSE\nQu a b/c # d\nSERSP/LATGN/INESE/RTERO/DISAC\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let full = ok(&["solve", "--batch", file]);
    for backend in ["cpu", "auto"] {
        let counts = ok(&["solve", "--batch", file, "--counts", "--backend", backend]);
        assert_eq!(counts.lines().count(), 4);
        for (line, count) in full.lines().zip(counts.lines()) {
            let (head, _) = line.split_once(r#","words":"#).unwrap();
            assert_eq!(format!("{head}}}"), count);
        }
    }
}

/// Exactness on the device: ignored where no GPU is usable (CI); `.ci/run` skips
/// them (`--skip gpu::device::`), `scripts/gpu-device-check.sh` runs them.
mod device {
    use super::*;

    /// A GPU scorer; a test that needs one fails, saying why, where none is usable.
    fn gpu_scorer(lexicon: &Lexicon, rules: Rules) -> GpuScorer<'_> {
        let scorer = GpuScorer::new(lexicon, rules, 0)
            .unwrap_or_else(|e| panic!("this test needs a usable GPU: {e}"));
        println!("scoring on {}", scorer.device());
        scorer
    }

    /// `boards` random boards of `rows`×`cols` over `faces`.
    fn random_batch(
        rng: &mut ChaCha8Rng,
        rows: usize,
        cols: usize,
        faces: &[&str],
        boards: usize,
    ) -> Batch {
        let mut batch = Batch::new(rows, cols, faces.iter().map(|f| Face::new(f)).collect());
        let mut cells = vec![0u8; rows * cols];
        for _ in 0..boards {
            cells
                .iter_mut()
                .for_each(|c| *c = rng.gen_range(0..faces.len()) as u8);
            batch.push(&cells);
        }
        batch
    }

    /// The GPU and the CPU agree on every board; the boards' words in all.
    fn agree(gpu: &GpuScorer, cpu: &CpuScorer, batch: &Batch) -> u64 {
        let (got, want) = (gpu.tally(batch), cpu.tally(batch));
        for (i, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(g, w, "board {i}: {}", batch.board(i).inline());
        }
        assert_eq!(got.len(), want.len());
        assert_on_the_gpu(gpu);
        want.iter().map(|t| t.words).sum()
    }

    /// 100,000 random boards in all, 3×3 to 6×6, for each dictionary.
    fn random_boards_agree(lexicon: &Lexicon, faces: &[&str], rules: Rules) {
        let gpu = gpu_scorer(lexicon, rules.clone());
        let cpu = CpuScorer::new(lexicon, rules, 0);
        let mut rng = ChaCha8Rng::seed_from_u64(16);
        let mut words = 0;
        for (rows, cols) in [(3, 3), (4, 4), (5, 5), (6, 6), (4, 6), (8, 8)] {
            let boards = if rows * cols > 36 { 2_000 } else { 20_000 };
            words += agree(
                &gpu,
                &cpu,
                &random_batch(&mut rng, rows, cols, faces, boards),
            );
        }
        println!("{words} words found on 102,000 boards, every board exact");
        assert!(words > 0);
    }

    const LATIN: &[&str] = &[
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r",
        "s", "t", "u", "v", "w", "x", "y", "z", "Qu", "Th", "In", "Er", "CH", "#", "e", "s", "a",
        "t", "o",
    ];

    #[test]
    #[ignore = "needs an NVIDIA GPU: scripts/gpu-device-check.sh runs it"]
    fn random_english_boards_are_exact_on_the_gpu() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        random_boards_agree(&lexicon, LATIN, Rules::hasbro());
        random_boards_agree(&lexicon, LATIN, Rules::cs106b());
    }

    #[test]
    #[ignore = "needs an NVIDIA GPU and ../shared/data: scripts/gpu-device-check.sh runs it"]
    fn random_italian_boards_are_exact_on_the_gpu() {
        let text =
            std::fs::read_to_string(shared("princeton/dictionary-zingarelli2005.txt")).unwrap();
        let lexicon = Lexicon::from_words(text.split_whitespace(), &Profile::default()).unwrap();
        random_boards_agree(&lexicon, LATIN, Rules::hasbro());
    }

    #[test]
    #[ignore = "needs an NVIDIA GPU: scripts/gpu-device-check.sh runs it"]
    fn random_hindi_boards_are_exact_on_the_gpu() {
        // Syllable faces of several code points (क्ष is three code points, nine bytes),
        // over an automaton of more than 64 distinct bytes, so classes are shared.
        let syllables = [
            "क्ष",
            "मा",
            "न",
            "क",
            "म",
            "ल",
            "र",
            "ह",
            "त",
            "प",
            "स",
            "ि",
            "ी",
            "ा",
            "ज",
            "ग",
            "द",
            "ब",
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut words: Vec<String> = (0..30_000)
            .map(|_| {
                let len = rng.gen_range(2..7);
                (0..len)
                    .map(|_| syllables[rng.gen_range(0..syllables.len())])
                    .collect()
            })
            .collect();
        words.extend(
            "abcdefghijklmnopqrstuvwxyz0123456789αβγδεζηθικλμνξοπρστυφχψω"
                .chars()
                .map(|c| format!("{c}{c}{c}")),
        );
        let lexicon = Lexicon::from_words(&words, &Profile::default()).unwrap();
        assert!(!lexicon.automaton().is_exact());
        let mut faces = syllables.to_vec();
        faces.extend(["_", "a", "α"]);
        random_boards_agree(&lexicon, &faces, Rules::hasbro());
    }

    #[test]
    #[ignore = "needs an NVIDIA GPU: scripts/gpu-device-check.sh runs it"]
    fn boards_that_overflow_the_gpu_tables_are_exact() {
        // Every string of 3 to 6 letters over a-e is a word: a random 4×4 board of
        // those letters holds thousands, more than a thread's table.
        let letters = ["a", "b", "c", "d", "e"];
        let mut words = Vec::new();
        for len in 3..=6u32 {
            for n in 0..5usize.pow(len) {
                words.push(
                    (0..len)
                        .map(|k| letters[n / 5usize.pow(k) % 5])
                        .collect::<String>(),
                );
            }
        }
        let lexicon = Lexicon::from_words(&words, &Profile::default()).unwrap();
        let gpu = gpu_scorer(&lexicon, Rules::hasbro());
        let cpu = CpuScorer::new(&lexicon, Rules::hasbro(), 0);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for (rows, cols) in [(4, 4), (5, 5)] {
            let batch = random_batch(&mut rng, rows, cols, &letters, 200);
            assert!(cpu.tally(&batch).iter().any(|t| t.words > 4096));
            agree(&gpu, &cpu, &batch);
        }
    }

    #[test]
    #[ignore = "needs an NVIDIA GPU and ../shared/data: scripts/gpu-device-check.sh runs it"]
    fn bench_totals_match_the_cross_check_on_the_gpu() {
        let enable = Lexicon::builtin("enable2k").unwrap();
        let text = std::fs::read_to_string(shared("princeton/dictionary-yawl.txt")).unwrap();
        let yawl = Lexicon::from_words(text.split_whitespace(), &Profile::default()).unwrap();
        let cases = [
            ("bench/dice44_100k.txt", &enable, (9_849_936, 14_080_868)),
            ("bench/uniform44_100k.txt", &enable, (3_444_515, 4_114_420)),
            ("bench/dice44_100k.txt", &yawl, (13_020_104, 18_872_129)),
            ("bench/uniform44_100k.txt", &yawl, (4_527_704, 5_456_234)),
        ];
        for (file, lexicon, expected) in cases {
            let gpu = gpu_scorer(lexicon, Rules::hasbro());
            let path = shared(file);
            let open = || std::fs::File::open(&path).map(std::io::BufReader::new);
            let report =
                throughput::run_file(&gpu, lexicon, open, file, None, 1, Default::default(), 0)
                    .unwrap();
            assert_eq!(
                (report.boards, report.words, report.total_score),
                (100_000, expected.0, expected.1),
                "{file}"
            );
            assert_on_the_gpu(&gpu);
            println!("{file}: {:.0} boards/s", report.boards_per_sec);
        }
    }

    #[test]
    #[ignore = "needs an NVIDIA GPU: scripts/gpu-device-check.sh runs it"]
    fn a_seed_gives_the_same_optimizer_result_on_cpu_and_gpu() {
        let lexicon = Lexicon::builtin("enable2k").unwrap();
        let letters = optimize::exclude(
            &optimize::alphabet(&lexicon, &Rules::hasbro(), optimize::ALPHABET_LIMIT),
            &optimize::parse_letters("zqxjkwvfyb"),
            lexicon.profile(),
        );
        for (size, method) in [
            ((4, 4), optimize::Method::Pool),
            ((3, 3), optimize::Method::Anneal),
        ] {
            let space = Space::letters(size.0, size.1, &letters, lexicon.profile()).unwrap();
            let settings = Settings {
                pool: 30,
                seed: 5,
                method,
                until: Some(10_000),
                ..Settings::new(Objective::Score, Rules::hasbro())
            };
            let gpu = gpu_scorer(&lexicon, settings.scoring_rules());
            let cpu = CpuScorer::new(&lexicon, settings.scoring_rules(), 0);
            let on = |scorer: &dyn Scorer| {
                let runs = optimize::run(&lexicon, &space, scorer, &settings, &[0, 1], &|_| {});
                runs.into_iter()
                    .map(|r| (r.best.board, r.best.score, r.best.words, r.boards_scored))
                    .collect::<Vec<_>>()
            };
            assert_eq!(on(&gpu), on(&cpu), "{size:?} {method:?}");
            assert_on_the_gpu(&gpu);
        }
    }

    /// The GPU scored boards and never fell back to the CPU (which would make a
    /// comparison with the CPU pass on its own).
    fn assert_on_the_gpu(gpu: &GpuScorer) {
        let (failed, scored, overflowed) = gpu.health();
        assert!(!failed, "the GPU failed: the CPU scored these boards");
        assert!(scored > 0, "no board was scored on the GPU");
        println!("{scored} boards on the GPU so far, {overflowed} overflowed to the CPU");
    }
}
