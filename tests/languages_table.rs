//! `polyboggle languages`: the one table of languages, as scripts read it, and the
//! check that no other file restates a language's facts.

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{bad, json, ok, polyboggle, repo, run};

fn table() -> Vec<Value> {
    json(&["languages", "--format", "json"])["languages"]
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn the_json_has_every_language_with_its_facts() {
    let table = table();
    let tag = |t: &str| table.iter().find(|l| l["tag"] == t).unwrap().clone();
    assert!(table.len() >= 67, "{} languages", table.len());
    let hebrew = tag("he");
    assert_eq!(hebrew["rtl"], true);
    assert_eq!(hebrew["script"], "Hebrew");
    assert_eq!(hebrew["fold"], "hebrew-final-letters");
    assert_eq!(hebrew["play"]["dice"], "hebrew-designed-4x4");
    let full = tag("he-full");
    assert_eq!(
        (full["full_of"].clone(), full["play"].clone()),
        ("he".into(), hebrew["play"].clone())
    );
    assert_eq!(tag("ko")["play"]["rules"], "syllables");
    assert_eq!(tag("fr")["play"]["rules"], Value::Null);
    assert_eq!(tag("es")["normalization"]["keep"], "ñ");
    assert_eq!(tag("tr")["normalization"]["turkic"], true);
    assert_eq!(tag("hu")["source"]["max_form_len"], 10);
    assert_eq!(
        tag("fi")["source"],
        Value::Null,
        "a preset and dice, no list"
    );
    // One entry a tag.
    let mut tags: Vec<&str> = table.iter().map(|l| l["tag"].as_str().unwrap()).collect();
    let count = tags.len();
    tags.dedup();
    assert_eq!(tags.len(), count);
}

#[test]
fn the_text_is_one_line_a_language_and_names_pick_them() {
    let all = ok(&["languages"]);
    assert_eq!(all.lines().count(), table().len());
    let two = ok(&["languages", "hr", "HE"]);
    let lines: Vec<&str> = two.lines().collect();
    assert_eq!(lines.len(), 2, "{two}");
    assert!(
        lines[0].starts_with("hr ") && lines[0].contains("Croatian (hrvatski)"),
        "{two}"
    );
    assert!(lines[1].contains("right to left"), "{two}");
}

#[test]
fn a_built_language_names_its_file() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("words.txt"), "kuća\nmost\n").unwrap();
    let pbd = dir.path().join("hr.pbd");
    ok(&[
        "compile",
        &dir.path().join("words.txt").display().to_string(),
        "-o",
        &pbd.display().to_string(),
        "--lang",
        "hr",
    ]);
    let json = polyboggle(["languages", "--built", "--format", "json"])
        .env("POLYBOGGLE_DICTIONARIES", dir.path())
        .json();
    let built: Vec<&Value> = json["languages"].as_array().unwrap().iter().collect();
    let croatian = built
        .iter()
        .find(|l| l["tag"] == "hr")
        .expect("hr is built");
    assert_eq!(croatian["built"], pbd.display().to_string());
    assert!(built.iter().all(|l| !l["built"].is_null()));
}

#[test]
fn an_unknown_tag_names_the_nearest() {
    let line = bad(&["languages", "hrr"]);
    assert!(
        line.contains("no language 'hrr'") && line.contains("nearest: hr"),
        "{line}"
    );
    let line = bad(&["languages", "--fold"]);
    assert!(line.contains("name one language"), "{line}");
}

#[test]
fn the_fold_rewrites_a_word_list_as_the_build_does() {
    let out = run(&["languages", "he", "--fold"], "שלום\nמלך\n");
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "שלומ\nמלכ\n");
    // Korean keeps the words made of syllable blocks only, composed.
    let out = run(
        &["languages", "ko", "--fold"],
        "\u{1112}\u{1161}\u{11AB}\nABC한\n",
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "한\n");
    // No fold: the words as they are.
    let out = run(&["languages", "fr", "--fold"], "Été\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "Été\n");
}

/// The files of the product's code and scripts, tests and comments aside: where a
/// language's facts must not be written again.
fn code_files() -> Vec<PathBuf> {
    let root = PathBuf::from(repo(""));
    let mut files = Vec::new();
    let mut folders: Vec<PathBuf> = [
        "src",
        "scripts",
        "dictionaries",
        "python/src",
        "python/polyboggle",
    ]
    .iter()
    .map(|f| root.join(f))
    .collect();
    for krate in fs::read_dir(root.join("crates")).unwrap() {
        let krate = krate.unwrap().path();
        if !krate.ends_with("languages") {
            folders.push(krate.join("src"));
        }
    }
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                if !["build", "tests", "node_modules"].contains(&name.as_str()) {
                    folders.push(path);
                }
            } else if ["rs", "py", "sh", "js", "mjs"]
                .iter()
                .any(|e| name.ends_with(&format!(".{e}")))
                && !name.starts_with("test_")
                && name != "tests.rs"
            {
                files.push(path);
            }
        }
    }
    files
}

/// A file's lines of code: comments and `#[cfg(test)]` modules left out.
fn code_lines(path: &Path) -> Vec<String> {
    let text = fs::read_to_string(path).unwrap_or_default();
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !["//", "#", "*", "/*"].iter().any(|c| l.starts_with(c)))
        .map(str::to_string)
        .collect()
}

#[test]
fn no_file_outside_the_table_restates_a_language() {
    let table = table();
    let mut found = Vec::new();
    for path in code_files() {
        let shown = path
            .strip_prefix(repo(""))
            .unwrap_or(&path)
            .display()
            .to_string();
        for line in code_lines(&path) {
            // A script reads the table from the command, never from the source.
            for source in ["crates/languages", "build-languages.sh\").read", "table='"] {
                if line.contains(source) {
                    found.push(format!("{shown}: reads {source}: {line}"));
                }
            }
            // Hebrew's final letters are folded in one place.
            if line.contains('ך') && line.contains('כ') {
                found.push(format!("{shown}: a fold: {line}"));
            }
            for l in &table {
                let tag = l["tag"].as_str().unwrap();
                let quoted = [format!("\"{tag}\""), format!("'{tag}'")];
                if !quoted.iter().any(|q| line.contains(q.as_str())) {
                    continue;
                }
                for fact in [&l["dice"], &l["designed_dice"]] {
                    if let Some(set) = fact.as_str().filter(|s| *s != "english-new-4x4") {
                        if line.contains(set) {
                            found.push(format!("{shown}: {tag}'s dice: {line}"));
                        }
                    }
                }
                if l["syllables"] == true && line.contains("syllables") {
                    found.push(format!("{shown}: {tag}'s rules: {line}"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "language facts outside crates/languages:\n{}",
        found.join("\n")
    );
}
