//! Shared test helpers: the brute-force reference solver (each word checked by its own
//! depth-first search, sharing no code with the solver), and the shared test data
//! beside the repository. The root's integration tests use them too (through a
//! `#[path]` module), so they are written once.
#![allow(dead_code)]

pub mod lines;

use std::collections::BTreeSet;
use std::path::Path;

use polyboggle::{Board, Profile, Rules};
use unicode_segmentation::UnicodeSegmentation;

/// A file of `../shared/data`, beside the workspace's root (whichever package's tests
/// ask); panics loudly when it is missing.
pub fn shared(path: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .find(|dir| dir.join("crates/core/Cargo.toml").is_file())
        .expect("the tests run in the polyboggle workspace");
    let full = root.join("../shared/data").join(path);
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
