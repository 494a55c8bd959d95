//! `dice stats` and `dice design` through the real binary: reports that repeat,
//! sets compared on the same rolls, and bad input refused with one line.

use crate::common::{bad, interrupt, json, ok, polyboggle};

fn stats_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["dice", "stats", "--format", "json"];
    all.extend_from_slice(args);
    json(&all)
}

#[test]
fn stats_repeat_and_compare_sets_on_the_same_rolls() {
    let one = stats_json(&["english-new-4x4", "--rolls", "400", "--seed", "5"]);
    let set = &one["sets"][0];
    assert_eq!(set["set"], "english-new-4x4");
    assert_eq!(one["rolls"], 400);
    let words = &set["words"];
    assert!(words["p5"].as_u64() <= words["median"].as_u64());
    assert!(set["dead_faces"].as_f64().unwrap() > 0.0);
    assert!(set["unreachable_words"].as_u64().unwrap() > 0);
    // The same seed on one thread; and the set second after another: the same report.
    let again = stats_json(&[
        "english-classic-4x4",
        "english-new-4x4",
        "--rolls",
        "400",
        "--seed",
        "5",
        "--threads",
        "1",
    ]);
    assert_eq!(again["sets"][1], *set);
    assert_ne!(again["sets"][0]["words"], set["words"]);
    let other = stats_json(&["english-new-4x4", "--rolls", "400", "--seed", "6"]);
    assert_ne!(other["sets"][0]["words"], set["words"]);
}

#[test]
fn stats_text_and_plot() {
    let dir = tempfile::tempdir().unwrap();
    let plot = dir.path().join("words.svg");
    let text = ok(&[
        "dice",
        "stats",
        "english-new-4x4",
        "german-4x4",
        "--rolls",
        "200",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert!(text.contains("rolls under floor"), "{text}");
    assert!(text.contains("german-4x4"), "{text}");
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("english-new-4x4") && svg.contains("german-4x4"));
}

#[test]
fn stats_refuse_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let greek = dir.path().join("greek.txt");
    std::fs::write(&greek, "αβγ\nγάτα\n").unwrap();
    let plot = dir.path().join("p.svg");
    let p = plot.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &["english-new-4x4", "--size", "5x5", "--plot", p],
            "needs 25 dice",
        ),
        (
            &["english-new-4x4", "--dict", greek.to_str().unwrap()],
            "no face",
        ),
        (&["english-new-4x4", "--rolls", "0"], "--rolls 0"),
        (&["english-new-4x4", "--size", "4y4"], "bad grid size"),
        (&["no-such-set"], "unknown dice set"),
    ];
    for (args, says) in cases {
        let mut all = vec!["dice", "stats"];
        all.extend_from_slice(args);
        let line = bad(&all);
        assert!(line.contains(says), "{args:?}: {line}");
    }
    assert!(!plot.exists(), "nothing written");
}

#[test]
fn design_writes_a_valid_set_that_measures_as_reported() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("small.txt");
    let args = [
        "dice",
        "design",
        "--from",
        "english-new-4x4",
        "--steps",
        "25",
        "--rolls",
        "300",
        "--check-rolls",
        "500",
        "--seed",
        "4",
        "--format",
        "json",
        "-o",
        out.to_str().unwrap(),
    ];
    let report: serde_json::Value = json(&args);
    let text = std::fs::read_to_string(&out).unwrap();
    let set = polyboggle_dice::DiceSet::parse(&text, "small.txt").unwrap();
    assert_eq!(
        (set.name.as_str(), set.confidence.as_str()),
        ("small", "derived")
    );
    assert!(
        set.source.contains("dice design --from english-new-4x4"),
        "{text}"
    );
    assert!(set.note.contains("fresh rolls"), "{text}");
    assert!(set.dice.iter().all(|die| die.len() == 6));
    // Measured again with the seeds it names, the file says what the report said.
    let seed = report["designed"]["seed"].as_u64().unwrap().to_string();
    let again = stats_json(&[out.to_str().unwrap(), "--rolls", "500", "--seed", &seed]);
    assert_eq!(again["sets"][0]["words"], report["designed"]["words"]);
    assert_eq!(
        again["sets"][0]["unreachable_words"],
        report["designed"]["unreachable_words"]
    );
    // The same seed, the same set.
    let twin = dir.path().join("twin.txt");
    let mut args = args.to_vec();
    let twin_path = twin.to_str().unwrap();
    *args.last_mut().unwrap() = twin_path;
    ok(&args);
    let twin = polyboggle_dice::DiceSet::load(twin_path).unwrap();
    assert_eq!(twin.dice, set.dice);
}

#[test]
fn design_refuses_bad_input_and_leaves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.txt");
    let o = out.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (&["--words", "160..80"], "least is above the most"),
        (
            &["--objective", "floor", "--words", "80..160"],
            "--words goes with --objective band",
        ),
        (&["--units", "JQ"], "unit 'JQ'"),
        (&["--rolls", "0"], "at least 1"),
        (
            &["--from", "english-new-4x4", "--words", "a..b"],
            "expected A..B",
        ),
    ];
    for (extra, says) in cases {
        let mut args = vec!["dice", "design", "-o", o];
        args.extend_from_slice(extra);
        let line = bad(&args);
        assert!(line.contains(says), "{extra:?}: {line}");
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn an_interrupted_design_leaves_no_file() {
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.txt");
    let mut design = polyboggle([
        "dice",
        "design",
        "--from",
        "english-new-4x4",
        "--steps",
        "100000",
    ]);
    design.args(["-o", out.to_str().unwrap()]);
    design.command().stdout(Stdio::null()).stderr(Stdio::null());
    let mut child = design.spawn();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    interrupt(&child);
    let status = child.wait().unwrap();
    assert!(!status.success());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn free_median_lets_the_median_move_past_its_allowance() {
    // Raising the worst rolls raises the median with them: by default the search
    // holds it within 10% of the start's (on its own rolls); --free-median does not.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.txt");
    let medians = |free: bool| {
        let mut args = vec![
            "dice",
            "design",
            "--from",
            "english-new-4x4",
            "--steps",
            "150",
            "--rolls",
            "300",
            "--check-rolls",
            "100",
            "--seed",
            "4",
            "--format",
            "json",
            "-o",
            out.to_str().unwrap(),
        ];
        if free {
            args.push("--free-median");
        }
        let report: serde_json::Value = json(&args);
        let search = &report["search"];
        (
            search["start"]["median"].as_f64().unwrap(),
            search["best"]["median"].as_f64().unwrap(),
        )
    };
    let (start, held) = medians(false);
    assert!(held <= start * 1.10, "held: {start} -> {held}");
    let (again, free) = medians(true);
    assert_eq!(again, start, "the same rolls");
    assert!(free > start * 1.20, "free: {start} -> {free}");
}

#[test]
fn a_profile_that_folds_two_faces_of_one_die_is_refused_with_one_line() {
    // A Spanish die with N and Ñ, measured with a dictionary whose normalization
    // strips every accent: the die would show n twice.
    let dir = tempfile::tempdir().unwrap();
    let set = dir.path().join("es.txt");
    let dict = dir.path().join("es-words.txt");
    std::fs::write(
        &set,
        "# name: es-fold\n# grid: 2x2\nA N Ñ O E S\nC A S A O L\nL O S A E R\nM A R E S O\n",
    )
    .unwrap();
    std::fs::write(&dict, "casa\nmar\nolas\naño\nleo\nrosa\n").unwrap();
    let (set, dict) = (set.to_str().unwrap(), dict.to_str().unwrap());
    for args in [
        vec![
            "dice",
            "stats",
            set,
            "--dict",
            dict,
            "--strip-marks",
            "--rolls",
            "10",
        ],
        vec![
            "play",
            "--dice",
            set,
            "--dict",
            dict,
            "--strip-marks",
            "--seed",
            "1",
        ],
    ] {
        let line = bad(&args);
        assert!(
            line.contains("die 1 shows N and Ñ") && line.contains("one letter 'n'"),
            "{args:?}: {line}"
        );
    }
    // Keeping ñ apart, the same set measures.
    ok(&[
        "dice", "stats", set, "--dict", dict, "--lang", "es", "--rolls", "10",
    ]);
}
