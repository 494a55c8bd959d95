//! A forged dictionary: its automaton patched so that a transition leads back to the
//! root, its checksums recomputed as the format computes them. Every command that
//! walks the automaton refuses it with one line and exit 2, and none of them hangs
//! (each runs under a timeout, so a regression fails instead).

use std::path::Path;
use std::time::Duration;

use crate::common::{ok, polyboggle};

/// Longer than any of these commands takes on a sound file of five words: one still
/// running then is killed, and the test fails.
const TIMEOUT: Duration = Duration::from_secs(20);

/// CRC-32 (IEEE), the checksum of the format.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

fn u32_at(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize
}

fn u64_at(bytes: &[u8], at: usize) -> usize {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap()) as usize
}

/// Writes every block CRC of a version 5 file (version 4's layout), then the header's
/// (`docs/dictionary-format.md`, "The block table").
fn recompute_checksums(bytes: &mut [u8]) {
    assert_eq!(u32_at(bytes, 8), 5, "a version 5 file (version 4's layout)");
    let header = u32_at(bytes, 12);
    let (fst, lengths, words, trans, tiers) = (
        u64_at(bytes, 32),
        u64_at(bytes, 40),
        u64_at(bytes, 60),
        u64_at(bytes, 68),
        u64_at(bytes, 76),
    );
    let block = u32_at(bytes, 88);
    let (keep, lang) = (
        u16::from_le_bytes([bytes[56], bytes[57]]) as usize,
        u16::from_le_bytes([bytes[58], bytes[59]]) as usize,
    );
    let prefix = 264;
    // Each part: its length and the size of its blocks, in file order but for the
    // transition bytes, which come after the lengths in the file and the table.
    let parts = [
        (prefix, prefix),
        (words - prefix, block),
        (fst, block),
        (lengths, block),
        (trans, block / 16),
        (tiers, block),
    ];
    let mut crcs = Vec::new();
    let mut at = header;
    for (len, size) in parts {
        crcs.extend(bytes[at..at + len].chunks(size).map(crc32));
        at += len;
    }
    assert_eq!(crcs.len(), u32_at(bytes, 92), "one CRC a block");
    let table = (96 + keep + lang).next_multiple_of(8);
    for (i, crc) in crcs.iter().enumerate() {
        bytes[table + 4 * i..table + 4 * i + 4].copy_from_slice(&crc.to_le_bytes());
    }
    let crc = crc32(&[&bytes[..48], &bytes[52..header]].concat());
    bytes[48..52].copy_from_slice(&crc.to_le_bytes());
}

/// The offset in `bytes` of the record that the path `key` ends on, in the
/// automaton of an exact dictionary (`crates/core/src/automaton.rs`).
fn record_of(bytes: &[u8], key: &str) -> usize {
    let records = u32_at(bytes, 12) + 264;
    let classes = &bytes[records - 256..records];
    assert_eq!(u32_at(bytes, records - 260), 1, "an exact automaton");
    let mut record = 0;
    for &b in key.as_bytes() {
        let at = records + 16 * record;
        let mask = u32_at(bytes, at) as u64 | (u32_at(bytes, at + 4) as u64) << 32;
        let first = u32_at(bytes, at + 8) & 0x7fff_ffff;
        let class = classes[b as usize];
        assert!(
            mask >> class & 1 == 1,
            "{key}: no transition on {}",
            b as char
        );
        record = first + (mask & ((1 << class) - 1)).count_ones() as usize;
    }
    records + 16 * record
}

/// A dictionary of a few words in `dir` whose transitions on the `t` of `cat` and
/// the `g` of `dog` lead back to the root: keys of any length, twice as many for
/// each three letters more (`act`, `catact`, `dogact`, `catcatact`, ...).
fn forge(dir: &Path) -> String {
    let list = dir.join("words.txt");
    std::fs::write(&list, "cat cats dog dogs act\n").unwrap();
    let sound = dir.join("sound.pbd");
    ok(&[
        "compile",
        list.to_str().unwrap(),
        "-o",
        sound.to_str().unwrap(),
    ]);
    let mut bytes = std::fs::read(&sound).unwrap();
    // Keys as long as the format allows (in graphemes), or a search stops at the
    // longest word the header names.
    bytes[28..32].copy_from_slice(&255u32.to_le_bytes());
    let root = record_of(&bytes, "");
    for key in ["cat", "dog"] {
        // The state the record leads to: its mask and first record (and not final),
        // its own output kept.
        let at = record_of(&bytes, key);
        bytes.copy_within(root..root + 12, at);
    }
    recompute_checksums(&mut bytes);
    let forged = dir.join("forged.pbd");
    std::fs::write(&forged, &bytes).unwrap();
    forged.display().to_string()
}

#[test]
fn every_walk_of_a_forged_cycle_ends_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let forged = forge(dir.path());
    // The checksums hold: the header opens, and lookups (bounded walks) answer.
    assert_eq!(
        ok(&["dict", "lookup", &forged, "act", "catdogact"]),
        "act\tact\tword\ncatdogact\tcatdogact\tword\n"
    );
    for args in [
        &["dict", "search", &forged, "*"][..],
        // Without a length bound the walk's memory of dead branches happens to cut
        // the loops short (with wrong words); with one, it emitted without end.
        &["dict", "search", &forged, "*", "--min-len", "2"],
        &[
            "dict",
            "search",
            &forged,
            "*",
            "--max-len",
            "200",
            "--count",
        ],
        &[
            "dict",
            "search",
            &forged,
            "catdogcat",
            "--fuzzy",
            "--distance",
            "4",
        ],
        &["dict", "search", &forged, "c*s"],
        &["dict", "search", &forged, "--regex", "(cat)+dog"],
        &["dict", "words", &forged],
        &["dict", "diff", &forged, "enable2k"],
        &["dict", "info", &forged],
        &["solve", "CAT/TAC/DOG", "--dict", &forged],
        &[
            "prove",
            "--size",
            "2x2",
            "--letters",
            "catd",
            "--dict",
            &forged,
        ],
    ] {
        let out = polyboggle(args).timeout(TIMEOUT).output();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            format!(
                "polyboggle: {forged}: corrupt: bad solver automaton: \
                 a transition leads back to a state above it"
            ),
            "{args:?}"
        );
        assert!(out.stdout.is_empty(), "{args:?}: partial output");
    }
}

#[test]
fn the_sound_file_the_forgery_starts_from_passes() {
    let dir = tempfile::tempdir().unwrap();
    forge(dir.path());
    let sound = dir.path().join("sound.pbd");
    let mut bytes = std::fs::read(&sound).unwrap();
    // Recomputing the checksums of a sound file changes nothing.
    let before = bytes.clone();
    recompute_checksums(&mut bytes);
    assert_eq!(bytes, before);
    let sound = sound.to_str().unwrap();
    assert_eq!(ok(&["dict", "words", sound]), "ACT\nCAT\nCATS\nDOG\nDOGS\n");
}
