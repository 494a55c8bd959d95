//! Helpers shared by the integration tests.
#![allow(dead_code)]

use polyboggle_hunspell::{ExpandOptions, HunspellDictionary};
use std::path::PathBuf;

/// Writes `aff` and `dic` to a temp dir (kept alive by the returned guard).
pub fn files(aff: &[u8], dic: &[u8]) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("t.aff");
    let d = dir.path().join("t.dic");
    std::fs::write(&a, aff).unwrap();
    std::fs::write(&d, dic).unwrap();
    (dir, a, d)
}

/// All forms, sorted and de-duplicated.
pub fn forms_with(aff: &str, dic: &str, o: ExpandOptions) -> Vec<String> {
    let (_g, a, d) = files(aff.as_bytes(), dic.as_bytes());
    let dict = HunspellDictionary::open_with(&d, &a, o).unwrap();
    let mut v: Vec<String> = dict.expand().unwrap().map(|w| w.unwrap()).collect();
    v.sort();
    v.dedup();
    v
}

/// All forms with default options.
pub fn forms(aff: &str, dic: &str) -> Vec<String> {
    forms_with(aff, dic, ExpandOptions::default())
}

/// Sorted owned list from string literals.
pub fn list(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}
