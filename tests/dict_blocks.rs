//! Damaged dictionaries through the binary: a file of version 4 or 5 checks each block the
//! first time a command reads it, and a damaged one is one line, exit 2, and no
//! output at all, whichever command meets it first.

use std::process::Output;

use crate::common::{ok, refusal, repo, run};

/// The built-in dictionary's file (version 5, about 190 blocks of records) and where
/// its parts lie: (name, byte range).
fn parts(bytes: &[u8]) -> Vec<(&'static str, std::ops::Range<usize>)> {
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap()) as usize;
    assert_eq!(u32_at(8), 5, "a version 5 file (version 4's layout)");
    let (header, words, fst, lengths, trans) =
        (u32_at(12), u64_at(60), u64_at(32), u64_at(40), u64_at(68));
    let table = header - 4 * u32_at(92);
    let mut at = header;
    let mut next = |len: usize| {
        at += len;
        at - len..at
    };
    vec![
        // The profile flags' high byte: not a size or the version, which have
        // messages of their own.
        ("fixed header", 53..54),
        ("block table", table..header),
        ("automaton", next(words)),
        ("FST", next(fst)),
        ("lengths", next(lengths)),
        ("transition bytes", next(trans)),
    ]
}

/// `polyboggle ARGS` on a copy of the built-in file with one bit flipped at `at`.
fn damaged(dir: &tempfile::TempDir, at: usize) -> String {
    let mut bytes = std::fs::read(repo("dictionaries/enable2k.pbd")).unwrap();
    bytes[at] ^= 0x20;
    let path = dir.path().join(format!("damaged-{at}.pbd"));
    std::fs::write(&path, &bytes).unwrap();
    path.display().to_string()
}

/// Expects the one-line refusal of a damaged file, and nothing on standard output.
fn corrupt(out: &Output, args: &[&str]) -> String {
    let line = refusal(out, args);
    assert!(line.contains(": corrupt: "), "{args:?}: {line}");
    assert!(out.stdout.is_empty(), "{args:?}: partial output");
    line
}

#[test]
fn a_flipped_byte_in_any_part_is_refused_when_first_read() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(repo("dictionaries/enable2k.pbd")).unwrap();
    for (part, range) in parts(&bytes) {
        let at = range.start + range.len() * 3 / 4;
        let dict = damaged(&dir, at);
        // Commands that read the whole dictionary check it whole.
        for args in [
            &["solve", "ATEE/APYO/TINU/EDSE", "--dict", &dict][..],
            &["dict", "info", &dict],
        ] {
            corrupt(&run(args, ""), args);
        }
        // A search of every word reads every record, not the FST or the lengths.
        let args = ["dict", "search", &dict, "*", "--count"];
        let out = run(&args, "");
        match part {
            "FST" | "lengths" => assert_eq!(String::from_utf8_lossy(&out.stdout), "173528\n"),
            _ => {
                let line = corrupt(&out, &args);
                assert!(line.contains("checksum mismatch"), "{part}: {line}");
            }
        }
        if part.contains("header") || part.contains("table") {
            let args = ["dict", "lookup", &dict, "cat"];
            corrupt(&run(&args, ""), &args);
        }
    }
}

#[test]
fn a_query_reads_and_checks_only_its_blocks() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(repo("dictionaries/enable2k.pbd")).unwrap();
    let automaton = parts(&bytes)[2].1.clone();
    // The last records hold the end of the alphabet (the automaton is laid out
    // depth first): a query about `aa` never reads them.
    let dict = damaged(&dir, automaton.end - 20);
    assert_eq!(ok(&["dict", "search", &dict, "aa*"]), "AA\nAAH\nAAHED\nAAHING\nAAHS\nAAL\nAALII\nAALIIS\nAALS\nAARDVARK\nAARDVARKS\nAARDWOLF\nAARDWOLVES\nAARGH\nAARRGH\nAARRGHH\nAAS\nAASVOGEL\nAASVOGELS\n");
    assert_eq!(
        ok(&["dict", "lookup", &dict, "aardvark"]),
        "aardvark\taardvark\tword\n"
    );
    for args in [
        &["dict", "search", &dict, "zy*"][..],
        &["dict", "lookup", &dict, "aardvark", "zyzzyva"],
        // Over a megabyte of words: the whole file is checked before any is written.
        &["dict", "words", &dict],
        &["dict", "diff", &dict, "enable2k"],
        &["dict", "diff", "enable2k", &dict],
    ] {
        let line = corrupt(&run(args, ""), args);
        assert!(
            line.contains("corrupt: checksum mismatch in the automaton's records, block"),
            "{line}"
        );
    }
}
