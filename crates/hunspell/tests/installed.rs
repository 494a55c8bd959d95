//! Against the real `hunspell` binary and Debian's dictionaries.
//!
//! Run with `cargo test --release -- --ignored`. Needs:
//! `apt-get install hunspell hunspell-en-us hunspell-hr hunspell-tr hunspell-pl hunspell-ru hunspell-hu hunspell-de-de hunspell-cs hunspell-eu hunspell-mn hunspell-ko`.
//! Fails (does not skip) when they are missing.

use polyboggle_hunspell::{letters, ExpandOptions, HunspellDictionary};
use std::io::Write;
use std::process::{Command, Stdio};

const DICTS: &[(&str, &str)] = &[
    ("en_US", "hunspell-en-us"),
    ("hr_HR", "hunspell-hr"),
    ("tr_TR", "hunspell-tr"),
    ("pl_PL", "hunspell-pl"),
    ("ru_RU", "hunspell-ru"),
    ("hu_HU", "hunspell-hu"),
    ("de_DE", "hunspell-de-de"),
    ("cs_CZ", "hunspell-cs"),
];

/// Forms `hunspell -l` rejects (words with characters hunspell's tokenizer
/// splits on are left out of the sample).
fn rejected(name: &str, words: &[String]) -> Vec<String> {
    let mut child = Command::new("hunspell")
        .args([
            "-d",
            &format!("/usr/share/hunspell/{name}"),
            "-i",
            "utf-8",
            "-l",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("cannot run `hunspell`: apt-get install hunspell");
    let mut stdin = child.stdin.take().unwrap();
    let input = words.join("\n") + "\n";
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "hunspell failed for {name}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
#[ignore = "needs hunspell and hunspell-* packages (apt-get install hunspell hunspell-en-us hunspell-hr hunspell-tr hunspell-pl hunspell-ru hunspell-hu hunspell-de-de hunspell-cs)"]
fn generated_forms_are_accepted_by_hunspell() {
    assert_installed(DICTS);
    for (name, _) in DICTS {
        let d = HunspellDictionary::open_dic(format!("/usr/share/hunspell/{name}.dic")).unwrap();
        // every 37th of the first 300,000 forms, plain words only
        let sample: Vec<String> = d
            .expand()
            .unwrap()
            .take(300_000)
            .map(Result::unwrap)
            .step_by(37)
            .filter(|w| w.chars().all(char::is_alphabetic))
            .collect();
        assert!(
            sample.len() > 1000,
            "{name}: only {} forms sampled",
            sample.len()
        );
        let bad = rejected(name, &sample);
        assert!(
            bad.is_empty(),
            "{name}: hunspell rejects {} of {} sampled forms, e.g. {:?}",
            bad.len(),
            sample.len(),
            &bad[..bad.len().min(10)]
        );
        eprintln!("{name}: {} sampled forms, all accepted", sample.len());
    }
}

/// Dictionaries whose full expansion does not end, expanded under the bound
/// `dictionaries/build-languages.sh` gives them (ko_KR in syllables).
const BOUNDED: &[(&str, &str, usize)] = &[
    ("hu_HU", "hunspell-hu", 10),
    ("eu", "hunspell-eu", 12),
    ("mn_MN", "hunspell-mn", 14),
    ("ko", "hunspell-ko", 5),
];

#[test]
#[ignore = "needs hunspell and hunspell-hu, hunspell-eu, hunspell-mn, hunspell-ko"]
fn bounded_forms_are_accepted_by_hunspell() {
    let dicts: Vec<(&str, &str)> = BOUNDED.iter().map(|&(n, p, _)| (n, p)).collect();
    assert_installed(&dicts);
    for &(name, _, max_len) in BOUNDED {
        let options = ExpandOptions {
            max_len: Some(max_len),
            ..ExpandOptions::default()
        };
        let dic = format!("/usr/share/hunspell/{name}.dic");
        let d =
            HunspellDictionary::open_with(&dic, format!("/usr/share/hunspell/{name}.aff"), options)
                .unwrap();
        // every 997th of the first 3,000,000 forms: under the bound they reach far
        // into the .dic
        let forms: Vec<String> = d
            .expand()
            .unwrap()
            .take(3_000_000)
            .map(Result::unwrap)
            .step_by(997)
            .collect();
        let long: Vec<&String> = forms.iter().filter(|w| letters(w) > max_len).collect();
        assert!(long.is_empty(), "{name}: longer than {max_len}: {long:?}");
        let sample: Vec<String> = forms
            .into_iter()
            .filter(|w| w.chars().all(char::is_alphabetic))
            .collect();
        assert!(
            sample.len() > 1000,
            "{name}: only {} forms sampled",
            sample.len()
        );
        let bad = rejected(name, &sample);
        assert!(
            bad.is_empty(),
            "{name}: hunspell rejects {} of {} sampled forms, e.g. {:?}",
            bad.len(),
            sample.len(),
            &bad[..bad.len().min(10)]
        );
        eprintln!(
            "{name} (at most {max_len} letters): {} sampled forms, all accepted",
            sample.len()
        );
    }
}

/// Fails, naming the package, when a dictionary is not installed.
fn assert_installed(dicts: &[(&str, &str)]) {
    let mut missing = Vec::new();
    for (name, pkg) in dicts {
        let dic = format!("/usr/share/hunspell/{name}.dic");
        if !std::path::Path::new(&dic).exists() {
            missing.push(format!("{dic} (apt-get install {pkg})"));
        }
    }
    assert!(
        missing.is_empty(),
        "missing dictionaries: {}",
        missing.join(", ")
    );
}
