//! Shared test helpers: the real binary, and a brute-force reference solver.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use polyboggle::{Board, Profile, Rules};
use unicode_segmentation::UnicodeSegmentation;

/// Runs `polyboggle` with `args` and `stdin`.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_polyboggle"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Runs `polyboggle`, expects success, returns standard output.
pub fn ok(args: &[&str]) -> String {
    let out = run(args, "");
    assert!(
        out.status.success(),
        "polyboggle {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `polyboggle`, expects exit code 2 and one line on stderr; returns that line.
pub fn bad(args: &[&str]) -> String {
    let out = run(args, "");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "polyboggle {args:?}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "polyboggle {args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

/// The repository's own files.
pub fn repo(path: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

/// A file of `../shared/data`; panics loudly when it is missing.
pub fn shared(path: &str) -> String {
    let full = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(path);
    assert!(
        full.is_file(),
        "{} is missing: this test needs the shared test data beside the repository",
        full.display()
    );
    full.display().to_string()
}

/// The brute-force reference: the set of `words` (keys under `profile`) that a simple
/// path of neighbouring faces spells, each checked by its own depth-first search.
pub fn reference(
    board: &Board,
    words: &[String],
    profile: &Profile,
    rules: &Rules,
) -> BTreeSet<String> {
    let faces: Vec<Option<String>> = board
        .faces()
        .iter()
        .map(|f| {
            if f.is_blank() {
                return None;
            }
            let key = profile.key(f.text());
            let key = if rules.qu && key == "q" {
                "qu".to_string()
            } else {
                key
            };
            (!key.is_empty()).then_some(key)
        })
        .collect();
    words
        .iter()
        .map(|w| profile.key(w))
        .filter(|k| k.graphemes(true).count() >= rules.min_len)
        .filter(|k| {
            (0..faces.len())
                .any(|cell| spells(board, &faces, cell, k, &mut vec![false; faces.len()]))
        })
        .collect()
}

fn spells(
    board: &Board,
    faces: &[Option<String>],
    cell: usize,
    rest: &str,
    used: &mut [bool],
) -> bool {
    let Some(face) = &faces[cell] else {
        return false;
    };
    if used[cell] || !rest.starts_with(face.as_str()) {
        return false;
    }
    let rest = &rest[face.len()..];
    if rest.is_empty() {
        return true;
    }
    used[cell] = true;
    let found = board
        .neighbours(cell)
        .any(|next| spells(board, faces, next, rest, used));
    used[cell] = false;
    found
}

/// Checks that `path` is a simple path of neighbours spelling `word`.
pub fn path_spells(
    board: &Board,
    path: &[(usize, usize)],
    word: &str,
    profile: &Profile,
    rules: &Rules,
) -> bool {
    let cells: Vec<usize> = path.iter().map(|&(r, c)| r * board.cols() + c).collect();
    let distinct: BTreeSet<usize> = cells.iter().copied().collect();
    let adjacent = cells
        .windows(2)
        .all(|w| board.neighbours(w[0]).any(|n| n == w[1]));
    let spelled: String = path
        .iter()
        .map(|&(r, c)| {
            let key = profile.key(board.face(r, c).text());
            if rules.qu && key == "q" {
                "qu".to_string()
            } else {
                key
            }
        })
        .collect();
    distinct.len() == cells.len() && adjacent && spelled == word
}

/// `v` without its wall-clock fields (`seconds`, `seconds_to_best`), which differ
/// from run to run, at any depth.
pub fn strip_times(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(map) => {
            map.remove("seconds");
            map.remove("seconds_to_best");
            map.values_mut().for_each(strip_times);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(strip_times),
        _ => {}
    }
}
