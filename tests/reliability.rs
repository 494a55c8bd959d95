//! Issue 13's promises through the real binary: streamed boards files, files preferred
//! to built-ins of the same name, atomic writes, and a warning for a board in a
//! script the dictionary does not use.

use std::path::Path;
use std::process::Stdio;

use crate::common::{bad, interrupt, json, polyboggle, run, TestCommand};
use serde_json::Value;

/// `polyboggle ARGS` in `dir`.
fn in_dir(dir: &Path, args: &[&str]) -> TestCommand {
    let mut cmd = polyboggle(args);
    cmd.current_dir(dir);
    cmd
}

fn bench_file(dir: &Path, lines: usize) -> Value {
    let path = dir.join(format!("boards-{lines}.txt"));
    std::fs::write(
        &path,
        "perslatgsineters\nATEE/APYO/TINU/EDSE\n".repeat(lines / 2),
    )
    .unwrap();
    let file = path.to_str().unwrap();
    json(&["bench", "--boards-file", file, "--format", "json"])
}

#[test]
fn bench_streams_its_boards_file() {
    let dir = tempfile::tempdir().unwrap();
    let small = bench_file(dir.path(), 1_000);
    let large = bench_file(dir.path(), 100_000);
    assert_eq!(large["boards"].as_u64(), Some(100_000));
    assert_eq!(
        large["total_score"].as_u64().unwrap(),
        100 * small["total_score"].as_u64().unwrap()
    );
    // Held whole, 100,000 boards of 16 faces take tens of megabytes more than 1,000.
    let (small_mb, large_mb) = (
        small["peak_rss_mb"].as_f64().unwrap(),
        large["peak_rss_mb"].as_f64().unwrap(),
    );
    assert!(
        large_mb - small_mb < 8.0,
        "peak memory grew with the file: {small_mb} MB for 1,000 boards, {large_mb} MB for 100,000"
    );
    let limited: Value = json(&[
        "bench",
        "--boards-file",
        dir.path().join("boards-1000.txt").to_str().unwrap(),
        "--boards",
        "10",
        "--repeat",
        "2",
        "--format",
        "json",
    ]);
    assert_eq!(limited["boards"].as_u64(), Some(20));
}

#[test]
fn a_bad_line_deep_in_a_boards_file_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("boards.txt");
    std::fs::write(&path, "perslatgsineters\n".repeat(5000) + "abc\n").unwrap();
    let out = run(&["bench", "--boards-file", path.to_str().unwrap()], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("boards.txt, line 5001:"), "{stderr}");
    let missing = run(&["bench", "--boards-file", "no/such/boards.txt"], "");
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn a_file_wins_over_a_built_in_of_the_same_name() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("enable2k"), "zebra\nquartz\n").unwrap();
    let out = in_dir(
        dir.path(),
        &["dict", "info", "enable2k", "--format", "json"],
    )
    .success();
    let info: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(info["words"].as_u64(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("using the file enable2k"), "{stderr}");

    let dice = "# name: mine\n# grid: 2x2\nZ Z\nZ Z\nZ Z\nZ Z\n";
    std::fs::write(dir.path().join("english-new-4x4"), dice).unwrap();
    let out = in_dir(dir.path(), &["roll", "english-new-4x4", "--seed", "1"]).success();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Z Z\nZ Z\n");
    assert!(String::from_utf8_lossy(&out.stderr).contains("not the built-in"));

    // A folder of that name does not hide the built-in.
    let other = tempfile::tempdir().unwrap();
    std::fs::create_dir(other.path().join("enable2k")).unwrap();
    let info = in_dir(
        other.path(),
        &["dict", "info", "enable2k", "--format", "json"],
    )
    .json();
    assert!(info["words"].as_u64().unwrap() > 100_000);
}

#[test]
fn a_board_in_another_script_is_warned_about() {
    let out = run(&["solve", "क्ष मा/न म"], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("warning:") && stderr.contains("'enable2k'"),
        "{stderr}"
    );
    let english = run(&["solve", "ATEE/APYO/TINU/EDSE"], "");
    assert!(english.stderr.is_empty());
    let blank = run(&["solve", "# #/# #"], "");
    assert!(
        blank.stderr.is_empty(),
        "no letters at all is not another script"
    );
}

/// Only the finished file, or nothing: never a partial one or a temporary beside it.
fn assert_clean(dir: &Path, output: &str) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(!name.ends_with(".partial"), "left behind: {name}");
    }
    let path = dir.join(output);
    if path.exists() {
        let bytes = std::fs::read(&path).unwrap();
        polyboggle::Lexicon::from_bytes(bytes, output).expect("a whole dictionary");
    }
}

#[test]
fn compile_writes_atomically() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("words.txt");
    std::fs::write(&list, "cat\ndog\n").unwrap();
    // Over an existing dictionary, with a list that fails: the old file stays.
    in_dir(dir.path(), &["compile", "words.txt", "-o", "d.pbd"]).stdout();
    std::fs::write(dir.path().join("empty.txt"), "1 2 3\n").unwrap();
    let failed = in_dir(dir.path(), &["compile", "empty.txt", "-o", "d.pbd"]).output();
    assert_eq!(failed.status.code(), Some(2));
    assert_clean(dir.path(), "d.pbd");
    let d = dir.path().join("d.pbd");
    let old = polyboggle::Lexicon::open(&d).unwrap();
    assert_eq!(old.word_count(), 2);
    // Into a folder that does not exist: nothing anywhere.
    let out = in_dir(dir.path(), &["compile", "words.txt", "-o", "no/such/d.pbd"]).output();
    assert_eq!(out.status.code(), Some(2));
    assert_clean(dir.path(), "d.pbd");
}

#[test]
fn an_interrupted_compile_leaves_no_partial_file() {
    let dir = tempfile::tempdir().unwrap();
    let text = include_str!("../dictionaries/enable2k.txt");
    std::fs::write(dir.path().join("big.txt"), text.repeat(3)).unwrap();
    // Whenever the signal lands (reading, building, writing, after), the folder
    // holds the whole dictionary or none of it.
    for delay_ms in [50, 150, 300, 600] {
        let out = dir.path().join(format!("d{delay_ms}.pbd"));
        let mut compile = in_dir(
            dir.path(),
            &["compile", "big.txt", "-o", out.to_str().unwrap()],
        );
        compile
            .command()
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        let mut child = compile.spawn();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        interrupt(&child);
        child.wait().unwrap();
        assert_clean(dir.path(), &format!("d{delay_ms}.pbd"));
    }
}

#[test]
fn a_princeton_board_on_one_line_solves() {
    let v = json(&["solve", "2 2 Qu A T E", "--format", "json"]);
    assert_eq!((v["rows"].as_u64(), v["cols"].as_u64()), (Some(2), Some(2)));
    let err = bad(&["solve", "2 2\na/ b c d"]);
    assert!(err.contains("contains `/`, `,` or a space"), "{err}");
}
