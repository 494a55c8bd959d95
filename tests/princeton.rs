//! The Princeton assignment's boards, with the dictionaries shipped in `dictionaries/`.

mod common;

use common::{ok, repo};

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
