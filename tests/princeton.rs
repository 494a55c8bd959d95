//! The Princeton assignment's boards, with the dictionaries shipped in `dictionaries/`.

use crate::common::{json, ok, repo};

fn score(board: &str, dict: &str) -> u64 {
    let out = ok(&[
        "solve",
        &repo(&format!("tests/data/princeton/{board}")),
        "--dict",
        &repo(dict),
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    v["score"].as_u64().unwrap()
}

#[test]
fn algs4_boards() {
    assert_eq!(score("board4x4.txt", "dictionaries/algs4.txt"), 33);
    assert_eq!(score("board-q.txt", "dictionaries/algs4.txt"), 84);
}

#[test]
fn every_points_board_scores_its_name_with_yawl() {
    let dir = tempfile::tempdir().unwrap();
    let yawl = dir.path().join("yawl.pbd");
    ok(&[
        "compile",
        &repo("dictionaries/yawl.txt"),
        "-o",
        yawl.to_str().unwrap(),
    ]);
    let mut checked = 0;
    for entry in std::fs::read_dir(repo("tests/data/princeton")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let Some(points) = name
            .strip_prefix("board-points")
            .and_then(|n| n.strip_suffix(".txt"))
        else {
            continue;
        };
        let out = ok(&[
            "solve",
            &repo(&format!("tests/data/princeton/{name}")),
            "--dict",
            yawl.to_str().unwrap(),
            "--format",
            "json",
        ]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["score"].as_u64(), Some(points.parse().unwrap()), "{name}");
        checked += 1;
    }
    assert_eq!(checked, 16);
}

/// The records as every published list writes them: bare N² letters (issue 15).
#[test]
fn bare_record_boards_score_their_records() {
    let v: serde_json::Value = json(&["solve", "perslatgsineters", "--format", "json"]);
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(4), Some(4)));
    assert_eq!(v["score"].as_u64(), Some(3625));

    let out = ok(&[
        "solve",
        "bestlatepirsseng",
        "--dict",
        &repo("dictionaries/yawl.txt"),
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["score"].as_u64(), Some(4540));
}

#[test]
fn bare_strings_must_be_square() {
    let v: serde_json::Value = json(&["solve", "ligdrmanesietildsracsepes", "--format", "json"]);
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(5), Some(5)));
    assert_eq!(v["score"].as_u64(), Some(10406));

    let line = crate::common::bad(&["solve", "perslatgsinetes"]);
    assert!(line.contains("15 letters"), "{line}");
    assert!(
        line.contains("ATEE/APYO") && line.contains("A T E E"),
        "{line}"
    );
    let line = crate::common::bad(&["dice", "check", "english-new-4x4", "perslatgsinetes"]);
    assert!(line.contains("not a square board"), "{line}");

    let v: serde_json::Value = json(&["solve", "C A T S", "--format", "json"]);
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(1), Some(4)));
}
