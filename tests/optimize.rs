//! `polyboggle optimize` and `dice unreachable`: the library against brute force, and
//! the real binary's flags, logs and summaries.

use crate::common::{bad, json, ok, strip_times};
use polyboggle::batch::CpuScorer;
use polyboggle::{Board, Face, Lexicon, Profile, Rules, Solver};
use polyboggle_dice::DiceSet;
use polyboggle_optimize::{self as optimize, Method, Objective, Settings, Space};
use serde_json::Value;

/// A small lexicon over the letters a, e, t, s.
fn small_lexicon() -> Lexicon {
    let words = [
        "tea", "eat", "ate", "eta", "set", "sea", "see", "tee", "teas", "eats", "seat", "east",
        "sate", "seta", "teat", "test", "tests", "state", "taste", "tease", "setae", "estate",
        "testes", "sestet", "tat", "tats", "sat", "ass", "tass", "asset",
    ];
    Lexicon::from_words(words, &Profile::default()).unwrap()
}

/// The best value of every 3×3 board over `letters`, by enumeration.
fn brute_force(lexicon: &Lexicon, objective: Objective, letters: &[&str]) -> u64 {
    let rules = objective.scoring_rules(&Rules::hasbro());
    let mut solver = Solver::new(lexicon, rules);
    let n = letters.len();
    let mut best: Option<u64> = None;
    for code in 0..n.pow(9) {
        let mut c = code;
        let faces = (0..9)
            .map(|_| {
                let face = Face::new(letters[c % n]);
                c /= n;
                face
            })
            .collect();
        let board = Board::new(3, 3, faces).unwrap();
        let value = objective.value(solver.tally(&board));
        let better = best.is_none_or(|b| objective.fitness(value) > objective.fitness(b));
        if better {
            best = Some(value);
        }
    }
    best.unwrap()
}

#[test]
fn finds_the_true_optimum_of_a_tiny_space() {
    let lexicon = small_lexicon();
    let letters = ["a", "e", "t", "s"];
    let space = Space::letters(3, 3, &letters.map(String::from), lexicon.profile()).unwrap();
    for objective in [
        Objective::Score,
        Objective::Words,
        Objective::LongWords(5),
        Objective::MinScore,
        Objective::Target(40),
    ] {
        let truth = brute_force(&lexicon, objective, &letters);
        let settings = Settings {
            pool: 30,
            ..Settings::new(objective, Rules::hasbro())
        };
        let scorer = CpuScorer::new(&lexicon, settings.scoring_rules(), 2);
        let reports = optimize::run(&lexicon, &space, &scorer, &settings, &[0, 1, 2, 3], &|_| {});
        let best = reports
            .iter()
            .map(|r| r.best.value)
            .max_by_key(|&v| objective.fitness(v))
            .unwrap();
        assert_eq!(
            best, truth,
            "{objective}: the optimizer's best against brute force"
        );
        // The reported board really has the reported value.
        for report in &reports {
            let board: Board = report.best.board.parse().unwrap();
            let mut solver = Solver::new(&lexicon, settings.scoring_rules());
            assert_eq!(objective.value(solver.tally(&board)), report.best.value);
            let mut hasbro = Solver::new(&lexicon, Rules::hasbro());
            assert_eq!(hasbro.tally(&board).points, report.best.score);
        }
    }
}

#[test]
fn annealing_finds_good_boards_too() {
    let lexicon = small_lexicon();
    let letters = ["a", "e", "t", "s"];
    let space = Space::letters(3, 3, &letters.map(String::from), lexicon.profile()).unwrap();
    let truth = brute_force(&lexicon, Objective::Score, &letters);
    let settings = Settings {
        method: Method::Anneal,
        pool: 16,
        ..Settings::new(Objective::Score, Rules::hasbro())
    };
    let scorer = CpuScorer::new(&lexicon, settings.scoring_rules(), 1);
    let reports = optimize::run(&lexicon, &space, &scorer, &settings, &[0, 1], &|_| {});
    let best = reports.iter().map(|r| r.best.value).max().unwrap();
    assert!(
        best * 10 >= truth * 9,
        "annealing {best} vs optimum {truth}"
    );
}

#[test]
fn a_seed_gives_the_same_result_on_any_thread_count() {
    let run = |threads: &str| {
        let mut v = json(&[
            "optimize",
            "--size",
            "3x3",
            "--exclude",
            "zqxjkwvfyb",
            "--runs",
            "3",
            "--pool",
            "20",
            "--seed",
            "11",
            "--threads",
            threads,
            "--format",
            "json",
        ]);
        strip_times(&mut v);
        v
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one["runs"].as_array().unwrap().len(), 3);
    assert_eq!(one["runs"][2]["seed"], 13);
    let best = &one["best"];
    assert_eq!(best["rows"], 3);
    let board: Board = best["board"].as_str().unwrap().parse().unwrap();
    let solved = json(&["solve", &board.inline(), "--format", "json"]);
    assert_eq!(solved["score"], best["score"]);
    assert_eq!(best["value"], best["score"]);
}

#[test]
fn dice_boards_can_be_rolled_and_hit_a_target_exactly() {
    let v = json(&[
        "optimize",
        "--dice",
        "english-new-4x4",
        "--objective",
        "target:500",
        "--pool",
        "40",
        "--seed",
        "5",
        "--format",
        "json",
    ]);
    let best = &v["best"];
    assert_eq!(best["score"], 500, "{v}");
    assert_eq!(best["value"], 0);
    let board = best["board"].as_str().unwrap();
    ok(&["dice", "check", "english-new-4x4", board]);
    // Which die sits in each cell: every die once.
    let set = DiceSet::builtin("english-new-4x4").unwrap();
    let parsed: Board = board.parse().unwrap();
    let mut dice: Vec<u64> = Vec::new();
    for (r, row) in best["dice"].as_array().unwrap().iter().enumerate() {
        for (c, die) in row.as_array().unwrap().iter().enumerate() {
            let die = die.as_u64().unwrap();
            let faces = &set.dice[die as usize];
            let face = parsed.face(r, c).text();
            assert!(
                faces.iter().any(|f| f == face),
                "die {die} cannot show {face}"
            );
            dice.push(die);
        }
    }
    dice.sort();
    assert_eq!(dice, (0..16).collect::<Vec<u64>>());
}

#[test]
fn text_summary_names_the_best_board_and_how_often_it_was_found() {
    let out = ok(&[
        "optimize",
        "--size",
        "2x2",
        "--letters",
        "a,e,t,s",
        "--runs",
        "4",
        "--seed",
        "1",
        "--pool",
        "10",
    ]);
    assert!(out.starts_with("score over 2x2 letters a,e,t,s\n"), "{out}");
    assert!(out.contains("4 runs, seed 1:"), "{out}");
    // On a 2x2 grid every cell touches every other: all boards of four distinct
    // letters tie, and every run ends on one of them.
    let found: usize = out
        .lines()
        .filter_map(|l| l.split_once("found in ")?.1.split_once('/'))
        .map(|(n, _)| n.parse::<usize>().unwrap())
        .sum();
    assert_eq!(found, 4, "{out}");
    let best = ok(&["solve", "eats", "--format", "json"]);
    let best = serde_json::from_str::<Value>(&best).unwrap()["score"]
        .as_u64()
        .unwrap();
    assert!(out.contains(&format!("\n{best:>7}  {best:>6}")), "{out}");
}

#[test]
fn tasks_and_logs_merge_into_the_single_process_summary() {
    let dir = tempfile::tempdir().unwrap();
    let common = [
        "optimize",
        "--size",
        "3x3",
        "--exclude",
        "zqxjkwvfyb",
        "--runs",
        "5",
        "--pool",
        "15",
        "--seed",
        "3",
        "--threads",
        "1",
    ];
    let mut single = json(&[&common[..], &["--format", "json"]].concat());
    let mut logs = Vec::new();
    for task in ["0", "1"] {
        let log = dir.path().join(format!("task{task}.ndjson"));
        let out = ok(&[
            &common[..],
            &[
                "--tasks",
                "2",
                "--task-index",
                task,
                "--log",
                log.to_str().unwrap(),
            ],
        ]
        .concat());
        // One JSON line per finished run on standard output.
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), if task == "0" { 3 } else { 2 });
        assert!(lines.iter().all(|l| l["event"] == "run"));
        logs.push(log.to_str().unwrap().to_string());
    }
    let mut merged = json(&[
        "optimize",
        "--summarize",
        &logs[0],
        &logs[1],
        "--format",
        "json",
    ]);
    strip_times(&mut single);
    strip_times(&mut merged);
    // The same summary, seed and all.
    assert_eq!(merged["seed"], 3);
    assert_eq!(merged, single);

    // Resuming a finished log runs nothing new.
    let log = &logs[0];
    let before = std::fs::read_to_string(log).unwrap();
    let resume_as = |tasks: &'static str| {
        let task = [
            "--tasks",
            tasks,
            "--task-index",
            "0",
            "--log",
            log,
            "--resume",
        ];
        [&common[..], &task[..]].concat()
    };
    ok(&resume_as("2"));
    assert_eq!(std::fs::read_to_string(log).unwrap(), before);
    // ... and refuses a log of other settings.
    let line = bad(&[
        "optimize", "--size", "3x3", "--runs", "5", "--seed", "4", "--log", log, "--resume",
    ]);
    assert!(line.contains("other settings"), "{line}");
    // ... and a log of another split: a resubmitted task keeps the job's --tasks.
    let line = bad(&resume_as("3"));
    assert!(line.contains("by task 0 of 2"), "{line}");
    // A summary of one task's log names the runs missing and exits 3.
    let out = crate::common::run(&["optimize", "--summarize", log], "");
    assert_eq!(out.status.code(), Some(3));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("3 of 5 runs, seed 3:"), "{text}");
    assert!(
        text.contains("INCOMPLETE: 2 runs missing: 1, 3; 1 of 2 tasks have runs left: 1 (2)"),
        "{text}"
    );
}

#[test]
fn bad_flags_get_one_line_and_exit_2() {
    let line = bad(&["optimize", "--objective", "best"]);
    assert!(line.contains("unknown objective 'best'"), "{line}");
    let line = bad(&["optimize", "--size", "0x4"]);
    assert!(line.contains("bad grid size"), "{line}");
    // A cell count that overflows (found by the optimize fuzz target).
    let line = bad(&["optimize", "--size", "18446744073709551615"]);
    assert!(line.contains("at most 1024 cells"), "{line}");
    let line = bad(&["optimize", "--dice", "english-new-4x4", "--size", "5x5"]);
    assert!(
        line.contains("needs 25 dice; english-new-4x4 has 16"),
        "{line}"
    );
    let line = bad(&["optimize", "--letters", "a"]);
    assert!(line.contains("at least two distinct faces"), "{line}");
    let line = bad(&["optimize", "--pool", "0"]);
    assert!(line.contains("--pool must be at least 1"), "{line}");
    let line = bad(&[
        "optimize",
        "--tasks",
        "2",
        "--task-index",
        "2",
        "--seed",
        "1",
    ]);
    assert!(line.contains("not below --tasks"), "{line}");
    let line = bad(&["optimize", "--tasks", "2", "--task-index", "0"]);
    assert!(line.contains("need --seed"), "{line}");
    let line = bad(&["optimize", "--time=-3"]);
    assert!(line.contains("--time"), "{line}");
    let line = bad(&["optimize", "--summarize", "/nonexistent/log.ndjson"]);
    assert!(line.contains("/nonexistent/log.ndjson"), "{line}");
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.ndjson");
    std::fs::write(&junk, "not json\n").unwrap();
    let line = bad(&["optimize", "--summarize", junk.to_str().unwrap()]);
    assert!(line.contains("line 1"), "{line}");
}

#[test]
fn unreachable_words_of_a_dice_set() {
    let dir = tempfile::tempdir().unwrap();
    let words = dir.path().join("words.txt");
    std::fs::write(&words, "queen\npizzazz\ncat\nmississippi\n").unwrap();
    let v = json(&[
        "dice",
        "unreachable",
        "english-new-4x4",
        "--dict",
        words.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(v["dictionary_words"], 4);
    assert_eq!(v["unreachable"], 2, "{v}");
    assert_eq!(v["words"], serde_json::json!(["mississippi", "pizzazz"]));
    let text = ok(&[
        "dice",
        "unreachable",
        "english-new-4x4",
        "--dict",
        words.to_str().unwrap(),
    ]);
    assert!(text.contains("PIZZAZZ\n"), "{text}");
    assert!(text
        .trim_end()
        .ends_with("2 of 4 words can never be shown by a 4x4 roll of english-new-4x4"));
    let line = bad(&["dice", "unreachable", "english-new-4x4", "--size", "5x5"]);
    assert!(line.contains("needs 25 dice"), "{line}");
}
