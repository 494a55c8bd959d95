//! `dice stats` and `dice design` through the real binary: reports that repeat,
//! sets compared on the same rolls, and bad input refused with one line.

use crate::common::{bad, ok};

fn stats_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["dice", "stats", "--format", "json"];
    all.extend_from_slice(args);
    serde_json::from_str(&ok(&all)).unwrap()
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
