use fst::raw::Fst;

use super::check::transitions_in_bounds;
use super::read::{FINAL, RECORD_WORDS};
use super::*;

proptest::proptest! {
    /// The quick check of a file's records (no bit counts where they cannot
    /// matter) agrees with the plain one, near the end of the records too.
    #[test]
    fn the_quick_bounds_check_agrees_with_the_plain_one(
        records in proptest::collection::vec((0..4u64, 0..80u32, proptest::bool::ANY), 1..40),
        count in 1..100u32,
        bits in proptest::collection::vec(0..64u32, 0..70),
    ) {
        let mut bytes = Vec::new();
        let mut plain = Vec::new();
        for (i, &(kind, from_end, is_final)) in records.iter().enumerate() {
            // No transitions, one, a few, or many (bits from `bits`).
            let take = [0, 1, 3, 70][kind as usize].min(bits.len());
            let mask = bits.iter().skip(i % 3).take(take).fold(0u64, |m, &b| m | 1 << b);
            let first = count.saturating_sub(from_end) | if is_final { FINAL } else { 0 };
            let words = [mask as u32, (mask >> 32) as u32, first, 7];
            bytes.extend(words.iter().flat_map(|w| w.to_le_bytes()));
            plain.push([words[0], words[1], words[2]]);
        }
        let quick = records_in_bounds(&bytes, count);
        proptest::prop_assert_eq!(quick, transitions_in_bounds(plain.into_iter(), count));
        proptest::prop_assert!(!records_in_bounds(&bytes[1..], count));
    }
}

fn fst(words: &[&str]) -> Fst<Vec<u8>> {
    let mut sorted = words.to_vec();
    sorted.sort();
    let map = fst::Map::from_iter(sorted.iter().enumerate().map(|(i, w)| (*w, i as u64))).unwrap();
    map.into_fst()
}

fn lookup(a: &Automaton, word: &str) -> Option<u32> {
    let mut state = ROOT;
    let mut out = 0;
    for &b in word.as_bytes() {
        let (next, o) = a.step(state, b)?;
        state = next;
        out += o;
    }
    a.is_final(state).then_some(out)
}

#[test]
fn steps_match_the_fst() {
    // After "a", `d` (0x64) and the lead byte 0xE4 of "中" share bit 36.
    let words = [
        "cat", "cats", "dog", "ad", "a中", "a中d", "a䀀", "क", "कd", "é", "ñ", "z",
    ];
    let fst = fst(&words);
    let (w, b) = encode(&fst);
    let a = Automaton::new(&w, &b).unwrap();
    let mut sorted = words.to_vec();
    sorted.sort();
    for (i, word) in sorted.iter().enumerate() {
        assert_eq!(lookup(&a, word), Some(i as u32), "{word}");
    }
    for absent in ["ca", "catz", "do", "x", "a", "ae", "a一", "a中e"] {
        assert_eq!(lookup(&a, absent), None, "{absent}");
    }
    assert!(!a.has_transitions(a.step(ROOT, b'z').unwrap().0));
}

#[test]
fn inexact_automata_check_bytes() {
    // Over 64 distinct bytes: classes are `b & 63`, so 'd' and 'D'... collide.
    let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut words: Vec<String> = alphabet.chars().map(|c| format!("x{c}")).collect();
    words.extend(["ad", "a中", "a中d", "a䀀"].map(String::from));
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let fst = fst(&refs);
    let (w, b) = encode(&fst);
    assert_eq!(w[1], 0, "not exact");
    let a = Automaton::new(&w, &b).unwrap();
    let mut sorted = refs.clone();
    sorted.sort();
    for (i, word) in sorted.iter().enumerate() {
        assert_eq!(lookup(&a, word), Some(i as u32), "{word}");
    }
    for absent in ["x", "xé", "a一", "a中e", "\u{7f}"] {
        assert_eq!(lookup(&a, absent), None, "{absent}");
    }
}

/// The record a key's path ends on.
fn record(a: &Automaton, key: &str) -> usize {
    key.bytes().fold(ROOT, |s, b| a.step(s, b).unwrap().0) as usize
}

#[test]
fn sound_automata_pass_the_walks_check() {
    let exact = [
        "cat", "cats", "dog", "ad", "a中", "a中d", "क", "कd", "é", "z",
    ];
    let (w, b) = encode(&fst(&exact));
    let a = Automaton::new(&w, &b).unwrap();
    assert_eq!(a.check_walks(exact.len() as u64), Ok(()));
    // The paths to a word are counted exactly where every byte has a class.
    assert!(a.check_walks(exact.len() as u64 + 1).is_err());
    assert!(a.check_walks(exact.len() as u64 - 1).is_err());
    let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut words: Vec<String> = alphabet.chars().map(|c| format!("x{c}")).collect();
    words.extend(["ad", "a中", "a中d", "a䀀"].map(String::from));
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let (w, b) = encode(&fst(&refs));
    let a = Automaton::new(&w, &b).unwrap();
    assert!(!a.is_exact());
    assert_eq!(a.check_walks(words.len() as u64), Ok(()));
    // Every path is seen there too, so the count is exact.
    assert!(a.check_walks(words.len() as u64 + 1).is_err());
    assert!(a.check_walks(words.len() as u64 - 1).is_err());
}

/// Where bytes share a class (`d` and the first byte of `中` and `䀀` after
/// `a`), a state's records are more than its mask's bits: the walk of its
/// children sees them all, and a step never scans into the next state's.
#[test]
fn inexact_states_list_every_transition() {
    let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut words: Vec<String> = alphabet.chars().map(|c| format!("x{c}")).collect();
    words.extend(["ad", "a中", "a中d", "a䀀", "ab", "aé"].map(String::from));
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let (w, b) = encode(&fst(&refs));
    let a = Automaton::new(&w, &b).unwrap();
    assert!(!a.is_exact());
    let after_a = a.step(ROOT, b'a').unwrap().0;
    let mut bytes: Vec<u8> = a.children(after_a).map(|(b, ..)| b).collect();
    bytes.sort();
    assert_eq!(bytes, [b'b', b'd', 0xC3, 0xE4]);
    assert_eq!(a.block_end(after_a) - a.transitions(after_a).first(), 4);
    let after_x = a.step(ROOT, b'x').unwrap().0;
    assert_eq!(a.children(after_x).count(), alphabet.len());
    // The last record of each block, and only it, is marked.
    for state in [ROOT, after_a, after_x] {
        let (first, end) = (a.transitions(state).first(), a.block_end(state));
        for i in first..end {
            let marked = a.records[i as usize][2] & LAST != 0;
            assert_eq!(marked, i + 1 == end, "record {i}");
        }
    }
    // An exact automaton marks none.
    let (w, b) = encode(&fst(&["cat", "dog", "a中"]));
    let exact = Automaton::new(&w, &b).unwrap();
    assert!(exact.records.iter().all(|r| r[2] & LAST == 0));
}

#[test]
fn a_misplaced_last_mark_fails_the_walks_check() {
    let alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let mut words: Vec<String> = alphabet.chars().map(|c| format!("x{c}")).collect();
    words.extend(["ad", "a中", "a䀀"].map(String::from));
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let (w, b) = encode(&fst(&refs));
    let a = Automaton::new(&w, &b).unwrap();
    let after_x = a.step(ROOT, b'x').unwrap().0;
    let first = a.transitions(after_x).first() as usize;
    // The mark moved from the last of `x`'s records to its first.
    let mut moved = w.clone();
    moved[PREFIX_WORDS + RECORD_WORDS * first + 2] |= LAST;
    let end = first + alphabet.len() - 1;
    moved[PREFIX_WORDS + RECORD_WORDS * end + 2] &= !LAST;
    let check = Automaton::new(&moved, &b)
        .unwrap()
        .check_walks(words.len() as u64);
    assert!(check.is_err());
    // A mark in an exact automaton.
    let (mut w, b) = encode(&fst(&["cat", "dog"]));
    w[PREFIX_WORDS + RECORD_WORDS + 2] |= LAST;
    let check = Automaton::new(&w, &b).unwrap().check_walks(2);
    assert_eq!(
        check.unwrap_err().0,
        "a record of an exact automaton is marked as a state's last"
    );
}

#[test]
fn forged_automata_fail_the_walks_check() {
    let words = ["cat", "cats", "dog", "dogs", "act"];
    let (w, b) = encode(&fst(&words));
    let a = Automaton::new(&w, &b).unwrap();
    let at = |key: &str| PREFIX_WORDS + RECORD_WORDS * record(&a, key);
    let check = |w: &[u32]| Automaton::new(w, &b).unwrap().check_walks(5).unwrap_err().0;
    // The `t` of `cat` leads back to the root: a cycle.
    let mut cycle = w.clone();
    cycle.copy_within(PREFIX_WORDS..PREFIX_WORDS + 3, at("cat"));
    assert_eq!(check(&cycle), "a transition leads back to a state above it");
    // The same, final: a record that disagrees with the root's on its state.
    cycle[at("cat") + 2] |= FINAL;
    assert_eq!(
        check(&cycle),
        "two transitions lead to one state and disagree on it"
    );
    // `a` leads where `c` does: `cat` and `cats` before `cat`'s output says.
    let mut fork = w.clone();
    fork.copy_within(at("c")..at("c") + 3, at("a"));
    assert_eq!(
        check(&fork),
        "a transition's output is not the rank of its words"
    );
    // A state that leads nowhere.
    let mut dead = w.clone();
    dead[at("act") + 2] &= !FINAL;
    assert_eq!(check(&dead), "a state leads to no word");
}

/// A root without transitions (its first record anywhere) is no dictionary
/// (fuzz/seeds/lexicon/root-without-transitions).
#[test]
fn a_root_without_transitions_fails_the_walks_check() {
    let (mut w, b) = encode(&fst(&["ab", "b"]));
    w[PREFIX_WORDS] = 0;
    w[PREFIX_WORDS + 1] = 0;
    w[PREFIX_WORDS + 2] = 0x1000_0001;
    let a = Automaton::new(&w, &b).unwrap();
    assert_eq!(a.check_walks(2).unwrap_err().0, "the root leads to no word");
}

#[test]
fn rejects_out_of_bounds_sections() {
    let (mut w, b) = encode(&fst(&["ab", "b"]));
    assert!(Automaton::new(&w, &b).is_ok());
    assert!(Automaton::new(&w[..w.len() - 1], &b).is_err());
    w[PREFIX_WORDS + 2] = 1000; // the root's first record

    assert!(Automaton::new(&w, &b).is_err());
}
