//! `optimize --lang` and `prove --lang`: a built language in one flag (its dictionary,
//! its rules, the faces of its designed dice set, and a bare `--dice` for the set its
//! players roll), and the one-line refusals around it.

use std::path::Path;

use polyboggle_languages::{find_dictionary, LANGUAGES};

use crate::common::{polyboggle, TestCommand};

/// A folder of built languages for the tests: `hr` (Croatian words, some spelled with
/// the LJ and NJ faces) and `el` (Greek words, which no Croatian face starts).
fn built() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let compile = |tag: &str, words: &str| {
        let list = dir.path().join(format!("{tag}.txt"));
        std::fs::write(&list, words).unwrap();
        let out = dir.path().join(format!("{tag}.pbd"));
        let args = [
            "compile",
            list.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ];
        with_built(dir.path(), &args).stdout();
    };
    compile(
        "hr",
        "ljubav\nkonj\nkonji\nnjega\nkuća\nkuće\nrijeka\nsestra\nstol\nstolac\nmore\nrame\n",
    );
    compile("el", "αλφα\nβήτα\nγάμμα\nδέλτα\n");
    dir
}

/// `polyboggle ARGS` with the built languages of `folder` first.
fn with_built(folder: &Path, args: &[&str]) -> TestCommand {
    let mut cmd = polyboggle(args);
    cmd.env("POLYBOGGLE_DICTIONARIES", folder);
    cmd
}

#[test]
fn a_language_searches_its_designed_faces_with_its_dictionary() {
    let dir = built();
    let v = with_built(
        dir.path(),
        &[
            "optimize", "--lang", "hr", "--runs", "1", "--seed", "1", "--pool", "5", "--format",
            "json",
        ],
    )
    .json();
    let space = v["space"].as_str().unwrap();
    // Croatian's designed set: its units LJ, NJ and DŽ are faces, any face on any cell.
    assert!(space.starts_with("4x4 "), "{space}");
    for unit in ["lj", "nj", "dž"] {
        assert!(space.to_lowercase().contains(unit), "{space}");
    }
    let best = &v["best"];
    assert!(best["score"].as_u64().unwrap() > 0, "{v}");
    // The board re-scores to the same figure with the same dictionary and rules.
    let dict = dir.path().join("hr.pbd");
    let solved = with_built(
        dir.path(),
        &[
            "solve",
            best["board"].as_str().unwrap(),
            "--dict",
            dict.to_str().unwrap(),
            "--format",
            "json",
        ],
    )
    .json();
    assert_eq!(solved["score"], best["score"]);
    assert_eq!(solved["count"], best["words"]);
}

#[test]
fn a_bare_dice_flag_rolls_the_languages_own_set() {
    let dir = built();
    let v = with_built(
        dir.path(),
        &[
            "optimize", "--lang", "hr", "--dice", "--runs", "1", "--seed", "1", "--pool", "5",
            "--format", "json",
        ],
    )
    .json();
    assert_eq!(v["space"], "4x4 dice croatian-designed-4x4");
    let proof = with_built(
        dir.path(),
        &[
            "prove", "--lang", "hr", "--size", "2x2", "--min", "1", "--format", "json",
        ],
    )
    .json();
    assert_eq!(proof["complete"], true, "{proof}");
    let settings = proof["settings"].as_str().unwrap();
    assert!(settings.contains("hr.pbd"), "{settings}");
}

#[test]
fn a_language_that_is_not_built_says_how_to_build_it() {
    let dir = built();
    // A language built neither here nor in the checkout this binary was built from.
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).join("dictionaries/build");
    let folders = [
        dir.path().to_path_buf(),
        checkout,
        "dictionaries/build".into(),
    ];
    let missing = LANGUAGES
        .iter()
        .find(|l| find_dictionary(l.tag, &folders).is_none())
        .expect("some language is not built here: this test needs one");
    let line = with_built(
        dir.path(),
        &["optimize", "--lang", missing.tag, "--runs", "1"],
    )
    .refused();
    assert!(
        line.contains(&format!("dictionaries/build-languages.sh {}", missing.tag)),
        "{line}"
    );
    let line = with_built(dir.path(), &["prove", "--lang", missing.tag]).refused();
    assert!(
        line.starts_with(&format!("polyboggle: --lang {}:", missing.tag)),
        "{line}"
    );
}

#[test]
fn a_space_whose_faces_start_no_word_is_refused() {
    let dir = built();
    // Greek words, Croatian faces: nothing to find.
    let el = dir.path().join("el.pbd");
    let el = el.to_str().unwrap();
    let line = with_built(
        dir.path(),
        &["optimize", "--dict", el, "--dice", "croatian-designed-4x4"],
    )
    .refused();
    assert!(
        line.contains("--dice croatian-designed-4x4: no face starts a word"),
        "{line}"
    );
    let line = with_built(
        dir.path(),
        &["prove", "--dict", el, "--letters", "abc", "--size", "2x2"],
    )
    .refused();
    assert!(line.contains("--letters: no face starts a word"), "{line}");
    // A bare --dice names a language's set: without --lang there is none.
    let line = with_built(dir.path(), &["optimize", "--dice", "--runs", "1"]).refused();
    assert!(line.contains("add --lang TAG"), "{line}");
}
