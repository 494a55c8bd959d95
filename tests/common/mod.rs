//! Shared test helpers: the real binary, the brute-force reference solver and the
//! shared test data.
#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

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

// The brute-force reference solver and the shared data, written once beside the
// core crate's tests.
#[path = "../../crates/core/tests/common/mod.rs"]
mod library;
pub use library::{lines, reference, shared};

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
