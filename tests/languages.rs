//! Boards in many languages and scripts, solved through the real binary with a word
//! list and a language preset; the expected words come from the brute-force reference.

use std::collections::BTreeSet;

use crate::common::{bad, ok, reference};
use polyboggle::{Board, Profile, Rules};

struct Case {
    lang: &'static str,
    board: &'static str,
    words: &'static str,
    /// Words that must be among those found (as the binary prints them).
    must: &'static [&'static str],
}

const CASES: &[Case] = &[
    Case {
        lang: "es",
        board: "LL A M A/CH O Ñ O/RR E S T/C A N C",
        words:
            "llama llamo año niño caña cañas choro chorro perro cama amo ama ñoño Canción RES res",
        must: &["LLAMA", "AÑO"],
    },
    Case {
        lang: "it",
        board: "Qu A D R/E R O T/C I T À/P E S O",
        words: "quadro città CITTA peso pesò tre torre otre dorata arte perché",
        must: &["QUADRO", "CITTA"],
    },
    Case {
        lang: "de",
        board: "SCH Ö N E/T R A ß/U L E N/B Ä R S",
        words: "schön schöne Straße STRASSE bär bären Bären rasen nase schon",
        must: &["SCHÖNE", "BÄREN"],
    },
    Case {
        lang: "fr",
        board: "É T É S/C O L E/F Ê T E/R I Z A",
        words: "été étés école fête fêtes côte tel elle riz",
        must: &["ECOLE", "FETE"],
    },
    Case {
        lang: "hi",
        board: "क्ष मा न/ह र म/क म ल",
        words: "क्षमा कमल नमक हरा मान हम रमा मानक",
        must: &["क्षमा", "कमल"],
    },
    Case {
        lang: "el",
        board: "Ο Δ Ό Σ/Ν Ε Α Π/Λ Ι Μ Ε/Κ Α Ρ Ι",
        words: "οδός ΟΔΟΣ νέα λίμνη καρέ μέλι νεα λιμάνι",
        must: &["ΟΔΟΣ", "ΜΕΛΙ"],
    },
    Case {
        lang: "tr",
        board: "İ S T A/K I Z N/B U L L/A R S Ş",
        words: "kız KIZ istanbul ista bulur sırt ılık kızıl sis",
        must: &["KIZ", "İSTA"],
    },
    Case {
        lang: "ru",
        board: "М И Р Ё/Л О Ж К/С Т А Й/Е Н О Р",
        words: "мир ёлка елка край стол сто нос рой Мир",
        must: &["МИР", "СТОЛ"],
    },
    Case {
        lang: "he",
        board: "ש ל ו ם/ב י ת ר/ס פ ר א/מ ל ך ה",
        words: "שלום בית ספר מלך ילד תפר",
        must: &["שלום", "ספר"],
    },
    Case {
        lang: "pl",
        board: "Ż Ó Ł W/A B C Ę/K O T Ś/Ń I E Ć",
        words: "żółw zolw kot kotek cień być",
        must: &["ŻÓŁW", "KOT"],
    },
];

#[test]
fn every_language_matches_the_reference() {
    let dir = tempfile::tempdir().unwrap();
    let mut scripts = BTreeSet::new();
    for case in CASES {
        let list = dir.path().join(format!("{}.txt", case.lang));
        std::fs::write(&list, case.words.replace(' ', "\n")).unwrap();
        // Two letters count: Hindi words are short in grapheme clusters.
        let out = ok(&[
            "solve",
            case.board,
            "--dict",
            list.to_str().unwrap(),
            "--lang",
            case.lang,
            "--min-len",
            "2",
            "--format",
            "json",
        ]);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        let found: BTreeSet<String> = v["words"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["word"].as_str().unwrap().to_string())
            .collect();

        let profile = Profile::for_language(case.lang).unwrap();
        let board: Board = case.board.parse().unwrap();
        let words: Vec<String> = case.words.split(' ').map(String::from).collect();
        let expected: BTreeSet<String> = reference(
            &board,
            &words,
            &profile,
            &Rules {
                min_len: 2,
                ..Rules::hasbro()
            },
        )
        .iter()
        .map(|k| profile.display(k))
        .collect();
        assert_eq!(found, expected, "{}", case.lang);
        for word in case.must {
            assert!(
                found.contains(*word),
                "{}: {word} not found in {found:?}",
                case.lang
            );
        }
        scripts.insert(case.board.chars().find(|c| c.is_alphabetic()).map(script));
    }
    assert!(scripts.len() >= 5, "{scripts:?}");
}

fn script(c: char) -> &'static str {
    match c as u32 {
        0x0370..=0x03FF => "Greek",
        0x0400..=0x04FF => "Cyrillic",
        0x0590..=0x05FF => "Hebrew",
        0x0900..=0x097F => "Devanagari",
        _ => "Latin",
    }
}

#[test]
fn turkish_display_and_profile_in_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("tr.txt");
    std::fs::write(&list, "istanbul ılık İSTANBUL").unwrap();
    let pbd = dir.path().join("tr.pbd");
    ok(&[
        "compile",
        list.to_str().unwrap(),
        "-o",
        pbd.to_str().unwrap(),
        "--lang",
        "tr",
    ]);
    let info = ok(&["dict", "info", pbd.to_str().unwrap()]);
    assert!(info.contains("Turkic casing"), "{info}");
    assert!(info.contains("language tr"), "{info}");
    assert!(info.contains("words:          2"), "{info}");
    let out = ok(&["solve", "I L/I K", "--dict", pbd.to_str().unwrap()]);
    assert!(out.contains("ILIK") || out.contains("0 words"), "{out}");
    let out = ok(&["solve", "ı l/ı k", "--dict", pbd.to_str().unwrap()]);
    assert!(out.contains("  1  ILIK"), "{out}");
}

#[test]
fn dice_sets_roll_reproducibly_and_check() {
    let list = ok(&["roll", "--list"]);
    assert_eq!(list.lines().count(), 38);
    assert!(list
        .lines()
        .any(|l| l.starts_with("italian-paroliere-4x4\t4x4")));
    for set in list.lines().map(|l| l.split('\t').next().unwrap()) {
        let a = ok(&["roll", set, "--seed", "11", "--format", "json"]);
        assert_eq!(
            a,
            ok(&["roll", set, "--seed", "11", "--format", "json"]),
            "{set}"
        );
        let v: serde_json::Value = serde_json::from_str(&a).unwrap();
        let rows: Vec<String> = v["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                r.as_array()
                    .unwrap()
                    .iter()
                    .map(|f| f.as_str().unwrap())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert!(
            ok(&["dice", "check", set, &rows.join("/")]).starts_with("yes"),
            "{set}"
        );
    }
    let text = ok(&["roll", "english-new-4x4", "--seed", "1"]);
    assert_eq!(text, "B X E S\nU N C A\nE N T H\nT T I S\n");
    let small = ok(&[
        "roll",
        "english-big-original-5x5",
        "--seed",
        "3",
        "--size",
        "3x3",
    ]);
    assert_eq!(small.lines().count(), 3);
    let solved = ok(&["solve", "--roll", "english-new-4x4", "--seed", "1"]);
    assert!(solved.starts_with("B X E S\n"), "{solved}");
}

#[test]
fn bad_dice_are_refused_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let ragged = write("ragged.txt", "# name: r\n# grid: 1x2\nA B C\nD E\n");
    assert!(bad(&["roll", &ragged]).contains("line 4: ragged die"));
    let empty = write("empty.txt", "# name: e\n# grid: 1x2\nA  B\nC D\n");
    assert!(bad(&["roll", &empty]).contains("line 3: empty face"));
    assert!(bad(&["roll", "klingon-4x4"]).contains("unknown dice set 'klingon-4x4'"));
    assert!(bad(&["roll", "english-new-4x4", "--size", "5x5"]).contains("needs 25 dice"));
    assert!(bad(&["roll", "english-new-4x4", "--size", "big"]).contains("bad grid size"));
    assert!(
        bad(&["dice", "check", "english-new-4x4", "ZZZZ/ZZZZ/ZZZZ/ZZZZ"])
            .contains("(0,1) Z: too few dice show this face")
    );
    let custom = write(
        "mine.txt",
        "# name: mine\n# grid: 2x2\nक्ष मा\nन ह\nर म\nक ल\n",
    );
    let rolled = ok(&[
        "solve", "--roll", "mine", "--dice", &custom, "--seed", "5", "--format", "json",
    ]);
    assert!(rolled.contains("\"rows\":2"), "{rolled}");
}

#[test]
fn derive_designs_a_playable_set() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("es.txt");
    std::fs::write(
        &list,
        "chico llama calle perro carro casa mesa niño año queso chorro",
    )
    .unwrap();
    let out = dir.path().join("es-derived.txt");
    ok(&[
        "dice",
        "derive",
        list.to_str().unwrap(),
        "--dice",
        "16",
        "--faces",
        "6",
        "--units",
        "CH,LL,RR,QU",
        "--lang",
        "es",
        "-o",
        out.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.starts_with("# name: es-derived\n# grid: 4x4\n"),
        "{text}"
    );
    assert!(
        text.contains("Ch") && text.contains("Ll") && text.contains("Rr") && text.contains("Ñ"),
        "{text}"
    );
    let board = ok(&["roll", out.to_str().unwrap(), "--seed", "2"]);
    assert_eq!(board.lines().count(), 4);
    assert!(bad(&[
        "dice",
        "derive",
        list.to_str().unwrap(),
        "--dice",
        "15",
        "-o",
        out.to_str().unwrap()
    ])
    .contains("square"));
    // A name is one line of the set's file, whether given or taken from the file name.
    let named = bad(&[
        "dice",
        "derive",
        list.to_str().unwrap(),
        "--name",
        "two\nlines",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(named.contains("--name \"two\\nlines\""), "{named}");
    let odd = dir.path().join("two\nlines.txt");
    let from_file = bad(&[
        "dice",
        "derive",
        list.to_str().unwrap(),
        "-o",
        odd.to_str().unwrap(),
    ]);
    assert!(
        from_file.contains("named after the file") && from_file.contains("--name"),
        "{from_file}"
    );
    assert!(!odd.exists());
}
