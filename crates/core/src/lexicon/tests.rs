use std::io;

use super::blocks::Part;
use super::builtin::BUILTINS;
use super::format::CHECKSUM_AT;
use super::storage::Words;
use super::*;
use crate::normalize::Rejection;
use crate::query::{LazySearch, Query, QueryOptions};
use crate::tiers::Tiers;

fn compiled(words: &[&str]) -> Vec<u8> {
    let mut compiler = Compiler::new(Profile::default());
    for w in words {
        compiler.add(w);
    }
    compiler.finish("test").unwrap().0
}

#[test]
fn round_trips_words_and_lengths() {
    let lexicon = Lexicon::from_bytes(compiled(&["queue", "Straße", "क्षमा"]), "t").unwrap();
    assert_eq!(
        lexicon.words().collect::<Vec<_>>(),
        ["queue", "strasse", "क्षमा"]
    );
    assert_eq!(lexicon.word_len(0), 5);
    assert_eq!(lexicon.word_len(2), 2);
    assert_eq!(lexicon.header().min_len, 2);
    assert_eq!(lexicon.header().max_len, 7);
    assert_eq!(lexicon.lookup("STRASS"), Lookup::Prefix);
    assert_eq!(lexicon.lookup("straße"), Lookup::Word);
    assert_eq!(lexicon.lookup("x"), Lookup::Absent);
}

#[test]
fn stores_the_profile() {
    let profile = Profile {
        strip_marks: true,
        keep: "ñ".into(),
        turkic: true,
        lang: "xx".into(),
    };
    let mut compiler = Compiler::new(profile.clone());
    compiler.add("año");
    let lexicon = Lexicon::from_bytes(compiler.finish("t").unwrap().0, "t").unwrap();
    assert_eq!(lexicon.profile(), &profile);
}

#[test]
fn refuses_every_truncation() {
    let bytes = compiled(&["cat", "dog", "mouse"]);
    for len in 0..bytes.len() {
        let err = Lexicon::from_bytes(bytes[..len].to_vec(), "t").unwrap_err();
        assert!(
            matches!(
                err,
                LexiconError::Truncated { .. } | LexiconError::NotADictionary { .. }
            ),
            "length {len}: {err}"
        );
    }
}

#[test]
fn refuses_every_flipped_byte() {
    let bytes = compiled(&["cat", "dog", "mouse"]);
    for at in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        assert!(
            Lexicon::from_bytes(bad, "t").is_err(),
            "flip at {at} accepted"
        );
    }
}

/// A rank past the end of the word list (only a forged automaton can make one) has
/// no length, rather than a panic.
#[test]
fn a_rank_past_the_last_word_has_no_length() {
    let lexicon = Lexicon::from_bytes(compiled(&["cat", "dog"]), "t").unwrap();
    assert_eq!((lexicon.word_len(1), lexicon.word_len(67108865)), (3, 0));
    let mut bytes = compiled(&["cat", "dog"]);
    bytes[CHECKSUM_AT].copy_from_slice(&[0; 4]);
    assert!(Lexicon::from_bytes(bytes.clone(), "t").is_err());
    assert!(Lexicon::from_bytes_unchecked(bytes, "t").is_ok());
}

/// Opens a forged file (checksum bypassed) whose automaton fails the check that
/// every walk ends: refused whole with `why`; opened lazily, a search of every word
/// ends, with the same error when it goes far enough to need the check.
fn refused_for_its_walks(found: &[u8], why: &str) {
    let err = Lexicon::from_bytes_unchecked(found.to_vec(), "t").unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("t: corrupt: bad solver automaton: {why}")
    );
    let lazy = LazyLexicon::from_bytes_unchecked(found.to_vec(), "t").unwrap();
    let every = LazySearch::new(&lazy, &Query::Pattern("*".into()), &QueryOptions::default());
    match every.unwrap().count() {
        Ok(count) => assert!(count <= lazy.word_count() as u64),
        Err(e) => assert_eq!(e.to_string(), err.to_string()),
    }
    assert_eq!(lazy.check().unwrap_err().to_string(), err.to_string());
}

/// A mutated file (found by the fuzz target `lexicon`, checksum bypassed) whose
/// automaton leads to word ranks past the end of the word list: its outputs are not
/// the ranks of its words.
#[test]
fn an_automaton_of_ranks_past_the_end_is_refused() {
    let found = include_bytes!("../../../../tests/data/fuzz/lexicon-rank-past-the-end.pbd");
    refused_for_its_walks(found, "a transition's output is not the rank of its words");
}

/// A mutated file (found by the fuzz target `lexicon`, checksum bypassed) whose
/// FST section sends the `fst` crate's node decoder out of bounds: lookups and
/// words come from the checked automaton instead.
#[test]
fn a_damaged_fst_section_cannot_panic_a_lookup() {
    let found = include_bytes!("../../../../tests/data/fuzz/lexicon-damaged-fst.pbd");
    assert!(Lexicon::from_bytes(found.to_vec(), "t").is_err());
    let lexicon = Lexicon::from_bytes_unchecked(found.to_vec(), "t").unwrap();
    for word in ["a", "ab", "queue", "क्षमा", "", "ısık"] {
        lexicon.lookup(word);
    }
    assert!(lexicon.words().count() <= lexicon.word_count());
}

/// A mutated file (fuzz target `lexicon`, checksum bypassed) whose automaton
/// accepted long runs of letters, so that every simple path of a board was a prefix
/// (a 4×4 board took the fuzzer past its time limit): now refused.
#[test]
fn an_automaton_accepting_every_path_is_refused() {
    let found = include_bytes!("../../../../tests/data/fuzz/lexicon-accepts-every-path.pbd");
    refused_for_its_walks(found, "a transition's output is not the rank of its words");
}

/// Built-in dictionaries skip the check that every walk ends (they are part of the
/// binary): each passes it.
#[test]
fn every_builtin_passes_the_walks_check() {
    for (name, _) in BUILTINS {
        let lexicon = Lexicon::builtin(name).unwrap();
        let words = lexicon.header().word_count;
        assert_eq!(lexicon.automaton().check_walks(words), Ok(()), "{name}");
    }
}

#[test]
fn words_come_back_by_index() {
    let words = ["a", "ab", "abc", "b", "queue", "क्षमा", "ísık"];
    let lexicon = Lexicon::from_words(words, &Profile::default()).unwrap();
    let mut keys: Vec<String> = words.iter().map(|w| Profile::default().key(w)).collect();
    keys.sort();
    assert_eq!(lexicon.words().collect::<Vec<_>>(), keys);
    assert_eq!(lexicon.word(7), None);
    let english = Lexicon::builtin("enable2k").unwrap();
    assert_eq!(english.word(0).as_deref(), Some("aa"));
    let last = english.word_count() as u64 - 1;
    assert_eq!(english.word(last).as_deref(), Some("zyzzyvas"));
    assert_eq!(english.lookup("zyzzyva"), Lookup::Word);
    assert_eq!(english.lookup("zyzzyv"), Lookup::Prefix);
}

#[test]
fn reports_rejections_and_duplicates() {
    let mut compiler = Compiler::new(Profile::default());
    compiler.add_text("a A b2 x-ray ok");
    let (_, report) = compiler.finish("t").unwrap();
    assert_eq!(report.read, 5);
    assert_eq!(report.kept, 2);
    assert_eq!(report.duplicates, 1);
    assert_eq!(report.rejected[&Rejection::NotLetters].0, 2);
}

/// The built-in's tiers: the Princeton assignment's lists, the commonest first.
fn enable2k_tiers() -> Tiers {
    let nursery = include_str!("../../../../dictionaries/nursery.txt");
    let algs4 = include_str!("../../../../dictionaries/algs4.txt");
    let common = include_str!("../../../../dictionaries/common.txt");
    let lists = [
        ("nursery.txt", nursery),
        ("algs4.txt", algs4),
        ("common.txt", common),
    ];
    Tiers::from_lists(&lists, &Profile::default()).unwrap()
}

#[test]
fn the_built_in_dictionary_matches_its_word_list() {
    let text = include_str!("../../../../dictionaries/enable2k.txt");
    let mut compiler = Compiler::new(Profile::default());
    compiler.add_text(text);
    compiler.set_tiers(enable2k_tiers());
    let (bytes, report) = compiler.finish("enable2k.txt").unwrap();
    assert!(
        bytes == BUILTINS[0].1,
        "dictionaries/enable2k.pbd is stale: run polyboggle compile dictionaries/enable2k.txt \
         -o dictionaries/enable2k.pbd --tiers dictionaries/nursery.txt \
         --tiers dictionaries/algs4.txt --tiers dictionaries/common.txt"
    );
    assert_eq!(report.tiers, [150_586, 1_571, 5_357, 16_014]);
}

#[test]
fn opened_files_and_built_ins_use_the_automaton_in_place() {
    let builtin = Lexicon::builtin("enable2k").unwrap();
    assert!(matches!(builtin.automaton_words, Words::InPlace(_)));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("d.pbd");
    crate::files::write_atomically(&path, &compiled(&["cat", "dog"])).unwrap();
    let opened = Lexicon::open(&path).unwrap();
    assert!(matches!(opened.automaton_words, Words::InPlace(_)));
}

fn tiered(words: &[&str], lists: &[(&str, &str)]) -> Result<Vec<u8>, LexiconError> {
    let mut compiler = Compiler::new(Profile::default());
    for w in words {
        compiler.add(w);
    }
    compiler.set_tiers(Tiers::from_lists(lists, &Profile::default()).unwrap());
    compiler.finish("test").map(|(bytes, _)| bytes)
}

#[test]
fn tiers_round_trip() {
    let bytes = tiered(
        &["cat", "dog", "emu", "Yak"],
        &[("a", "DOG yak"), ("b", "emu dog")],
    )
    .unwrap();
    let lexicon = Lexicon::from_bytes(bytes, "t").unwrap();
    assert_eq!(lexicon.header().version, FORMAT_VERSION);
    assert_eq!(lexicon.header().tiers, 2);
    let tiers: Vec<u8> = (0..4).map(|i| lexicon.tier(i)).collect();
    assert_eq!(tiers, [0, 1, 2, 1]);
    assert_eq!(lexicon.tier_sizes(), [1, 2, 1]);
    assert_eq!(lexicon.index_of(b"emu"), Some(2));
    assert_eq!(lexicon.index_of(b"em"), None);
    // Everything else reads as it does without tiers.
    assert_eq!(
        lexicon.words().collect::<Vec<_>>(),
        ["cat", "dog", "emu", "yak"]
    );
    assert_eq!(lexicon.lookup("YAK"), Lookup::Word);
    let plain = Lexicon::from_bytes(compiled(&["cat", "dog"]), "t").unwrap();
    assert_eq!(
        (plain.header().version, plain.tier(0), plain.tier_sizes()),
        (FORMAT_VERSION, 0, vec![2])
    );
}

#[test]
fn a_damaged_tiered_file_is_refused() {
    let bytes = tiered(&["cat", "dog", "mouse"], &[("a", "dog")]).unwrap();
    for len in 0..bytes.len() {
        assert!(
            Lexicon::from_bytes(bytes[..len].to_vec(), "t").is_err(),
            "length {len}"
        );
    }
    for at in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        assert!(
            Lexicon::from_bytes(bad, "t").is_err(),
            "flip at {at} accepted"
        );
    }
    // A tier past the count, checksum bypassed, is still refused.
    let mut bad = bytes.clone();
    *bad.last_mut().unwrap() = 9;
    assert!(Lexicon::from_bytes_unchecked(bad, "t").is_err());
}

#[test]
fn tiers_that_name_no_word_are_refused() {
    let err = tiered(&["cat"], &[("zoo.txt", "zebra")]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tiers zoo.txt: names no word of the dictionary"
    );
}

#[test]
fn an_unknown_version_asks_for_a_recompile() {
    let mut bytes = compiled(&["cat"]);
    bytes[8] = 6;
    let err = Lexicon::from_bytes(bytes, "new.pbd").unwrap_err();
    assert_eq!(
        err.to_string(),
        "new.pbd: dictionary format version 6 is not supported (this polyboggle reads versions 2 to 5); recompile it"
    );
}

/// A version 4 file (written by the build before version 5, `tests/data/format`)
/// whose bytes have classes of their own reads as before; one whose bytes share
/// classes (over 64 distinct: its walks listed 7 of its 101 words) is refused,
/// lazily or not, with the command that rebuilds it, and [`upgrade`] rebuilds it:
/// every word listed, lengths and profile kept.
#[test]
fn version_4_opens_where_exact_and_is_upgraded_where_not() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/format/");
    let exact = std::fs::read(format!("{data}v4.pbd")).unwrap();
    let lexicon = Lexicon::from_bytes(exact.clone(), "v4.pbd").unwrap();
    assert_eq!(lexicon.header().version, 4);
    assert_eq!(lexicon.words().count(), 9);
    assert_eq!(lexicon.tier(2), 1); // dog

    let path = std::path::PathBuf::from(format!("{data}v4-scripts.pbd"));
    let list = std::fs::read_to_string(format!("{data}v4-scripts.txt")).unwrap();
    let mut words: Vec<&str> = list.split_whitespace().collect();
    words.sort();
    let old = std::fs::read(&path).unwrap();
    for err in [
        Lexicon::from_bytes(old.clone(), "old.pbd").unwrap_err(),
        LazyLexicon::from_bytes(old.clone(), "old.pbd").unwrap_err(),
    ] {
        assert_eq!(
            err.to_string(),
            "old.pbd: written in format version 4, whose word listings and searches miss words \
             when a dictionary has over 64 distinct bytes; rebuild it with: polyboggle dict \
             upgrade old.pbd"
        );
    }
    let (header, compiled) = upgrade(&path).unwrap().unwrap();
    assert_eq!((header.version, header.word_count), (4, 101));
    let new = Lexicon::from_bytes(compiled.into_bytes(), "new.pbd").unwrap();
    assert_eq!(new.header().version, FORMAT_VERSION);
    assert!(!new.automaton().is_exact());
    assert_eq!(new.words().collect::<Vec<_>>(), words);
    assert_eq!((new.header().min_len, new.header().max_len), (2, 4));
    for (i, word) in words.iter().enumerate() {
        assert_eq!(new.word_len(i as u64), crate::normalize::grapheme_len(word));
    }
    // The tiers come along, and a file of this version needs nothing.
    let tiered = std::env::temp_dir().join(format!("v4-tiers-{}.pbd", std::process::id()));
    std::fs::write(&tiered, &exact).unwrap();
    let (_, again) = upgrade(&tiered).unwrap().unwrap();
    let again = again.into_bytes();
    assert_eq!(Lexicon::from_bytes(again.clone(), "t").unwrap().tier(2), 1);
    std::fs::write(&tiered, &again).unwrap();
    assert!(upgrade(&tiered).unwrap().is_none());
    std::fs::remove_file(&tiered).unwrap();
}

/// Upgrading checks what it keeps: a damaged FST or length table is refused.
#[test]
fn a_damaged_old_file_is_not_upgraded() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/format/");
    let old = std::fs::read(format!("{data}v4-scripts.pbd")).unwrap();
    let path = std::env::temp_dir().join(format!("v4-bad-{}.pbd", std::process::id()));
    let field = |at: usize, len: usize| {
        let mut le = [0u8; 8];
        le[..len].copy_from_slice(&old[at..at + len]);
        u64::from_le_bytes(le) as usize
    };
    let (h, f, a) = (field(12, 4), field(32, 8), field(60, 8));
    // A byte of the FST, then of the length table.
    for at in [h + a + f / 2, h + a + f + 3] {
        let mut bad = old.clone();
        bad[at] ^= 0x10;
        std::fs::write(&path, &bad).unwrap();
        let err = upgrade(&path).err().expect("refused");
        assert!(err.to_string().contains("corrupt"), "{err}");
    }
    std::fs::remove_file(&path).unwrap();
}

/// Files written by builds before version 4 (`tests/data/format`: the same nine
/// words, the second with two in tier 1) open, lazily or not, and read the same.
#[test]
fn versions_2_and_3_still_open() {
    let v2 = include_bytes!("../../../../tests/data/format/v2.pbd").to_vec();
    let v3 = include_bytes!("../../../../tests/data/format/v3.pbd").to_vec();
    let words = [
        "cat",
        "cats",
        "dog",
        "emu",
        "queue",
        "strasse",
        "yak",
        "żółw",
        "क्षमा",
    ];
    for (bytes, version) in [(v2, 2), (v3, 3)] {
        let lexicon = Lexicon::from_bytes(bytes.clone(), "old").unwrap();
        assert_eq!(lexicon.header().version, version);
        assert_eq!(lexicon.words().collect::<Vec<_>>(), words);
        let tiers: Vec<u8> = (0..9).map(|i| lexicon.tier(i)).collect();
        let expected = match version {
            2 => [0; 9],
            _ => [0, 0, 1, 0, 0, 0, 1, 0, 0],
        };
        assert_eq!(tiers, expected);
        let lazy = LazyLexicon::from_bytes(bytes.clone(), "old").unwrap();
        assert_eq!(lazy.lookup("ŻÓŁW").unwrap(), Lookup::Word);
        // One checksum for the whole file: checked whole at open, lazily or not.
        let mut bad = bytes;
        let middle = bad.len() / 2;
        bad[middle] ^= 1;
        let err = LazyLexicon::from_bytes(bad, "old").unwrap_err();
        assert!(matches!(err, LexiconError::Checksum { .. }), "{err}");
    }
}

/// Everything a dictionary can be asked lazily, as far as its blocks allow: the
/// answers or the first error.
fn ask_everything(lazy: &LazyLexicon, words: &[String]) -> Result<String, LexiconError> {
    let mut seen = String::new();
    for query in ["*", "a*", "?a*", "*s"] {
        let search = LazySearch::new(
            lazy,
            &Query::Pattern(query.into()),
            &QueryOptions::default(),
        )
        .expect("a valid query");
        seen += &search.keys()?.join(" ");
    }
    for word in words.iter().take(50) {
        seen += &format!("{:?}", lazy.lookup(word)?);
    }
    if lazy.header().tiers > 0 {
        let tier_1 = QueryOptions {
            tiers: Some("1".parse().expect("a tier range")),
            ..QueryOptions::default()
        };
        let search = LazySearch::new(lazy, &Query::Pattern("*".into()), &tier_1);
        seen += &search.expect("a valid query").keys()?.join(" ");
    }
    seen += &format!("{:?}", lazy.tier_sizes()?);
    Ok(seen)
}

/// A dictionary of several blocks a section, with tiers, and its word list.
fn several_blocks() -> (Vec<u8>, Vec<String>) {
    let text = include_str!("../../../../dictionaries/enable2k.txt");
    let words: Vec<String> = text
        .split_whitespace()
        .step_by(20)
        .map(String::from)
        .collect();
    let mut compiler = Compiler::new(Profile::default());
    compiler.add_text(&words.join(" "));
    let common: String = words.iter().step_by(7).map(|w| format!("{w}\n")).collect();
    compiler.set_tiers(Tiers::ranked(&common, "tiers", &Profile::default()).unwrap());
    (compiler.finish("t").unwrap().0, words)
}

#[test]
fn a_lazy_dictionary_checks_only_the_blocks_it_reads() {
    let (bytes, words) = several_blocks();
    let whole = LazyLexicon::from_bytes(bytes.clone(), "t").unwrap();
    let expected = ask_everything(&whole, &words).unwrap();
    let lexicon = whole.verify().unwrap();
    let records = lexicon.blocks.cuts_of(Part::Records);
    assert!(records.len() >= 4, "{records:?}");
    // A flipped byte in the last block of records: a lookup of an early word
    // does not read it, a search of every word does.
    let mut bad = bytes.clone();
    bad[records.last().unwrap().start + 5] ^= 0x40;
    let lazy = LazyLexicon::from_bytes(bad, "t").unwrap();
    assert_eq!(lazy.lookup(&words[0]).unwrap(), Lookup::Word);
    let err = ask_everything(&lazy, &words).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("t: corrupt: checksum mismatch in the automaton's records, block"),
        "{err}"
    );
    assert!(lazy.verify().is_err());
    // A flipped byte anywhere: refused when opened whole, and lazily either at
    // open, or on the first read of its block; never a different answer.
    let mut rng = 0x9e3779b97f4a7c15u64;
    for _ in 0..300 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let at = (rng % bytes.len() as u64) as usize;
        let mut bad = bytes.clone();
        bad[at] ^= 1 << (rng >> 61);
        assert!(
            Lexicon::from_bytes(bad.clone(), "t").is_err(),
            "flip at {at}"
        );
        let Ok(lazy) = LazyLexicon::from_bytes(bad, "t") else {
            continue;
        };
        match ask_everything(&lazy, &words) {
            Ok(seen) => assert_eq!(seen, expected, "flip at {at}"),
            Err(e) => assert!(e.to_string().starts_with("t: corrupt: "), "{e}"),
        }
        assert!(lazy.check().is_err(), "flip at {at}");
    }
}

#[test]
fn every_flipped_byte_of_a_lazy_dictionary_is_refused_on_first_use() {
    let bytes = tiered(&["cat", "dog", "mouse", "ab", "abc"], &[("a", "dog")]).unwrap();
    let words: Vec<String> = ["ab", "abc", "cat", "dog", "mouse", "x"]
        .map(String::from)
        .into();
    let expected = ask_everything(
        &LazyLexicon::from_bytes(bytes.clone(), "t").unwrap(),
        &words,
    );
    for at in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        let refused = match LazyLexicon::from_bytes(bad, "t") {
            Err(_) => true,
            Ok(lazy) => {
                let asked = ask_everything(&lazy, &words);
                assert!(asked.is_err() || asked.as_ref().ok() == expected.as_ref().ok());
                asked.is_err() || lazy.check().is_err()
            }
        };
        assert!(refused, "flip at {at} accepted");
    }
}

/// A reader that hands out its bytes a few at a time, cutting words and UTF-8
/// sequences wherever `cuts` says.
struct Trickle<'a> {
    bytes: &'a [u8],
    cuts: std::iter::Cycle<std::slice::Iter<'a, usize>>,
}

impl io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = (*self.cuts.next().unwrap())
            .min(buf.len())
            .min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

/// Compiles `text` with a sort budget of `memory` bytes (tiers from `tiers` when
/// given), reading it in pieces of `cuts` bytes when `cuts` is not empty.
fn compile_with(
    text: &str,
    memory: Option<usize>,
    tiers: Option<&str>,
    cuts: &[usize],
) -> Result<(Vec<u8>, CompileReport), LexiconError> {
    let mut compiler = Compiler::new(Profile::default());
    if let Some(memory) = memory {
        compiler.set_memory(memory);
    }
    if let Some(tiers) = tiers {
        compiler.set_tiers(Tiers::ranked(tiers, "tiers", &Profile::default()).unwrap());
    }
    if cuts.is_empty() {
        compiler.add_text(text);
    } else {
        let reader = Trickle {
            bytes: text.as_bytes(),
            cuts: cuts.iter().cycle(),
        };
        compiler.add_reader(reader, "list")?;
    }
    compiler.finish("list")
}

const UNICODE_WORDS: &[&str] = &[
    "kot",
    "KOT",
    "kót",
    "żółw",
    "ŻÓŁW",
    "Straße",
    "strasse",
    "क्षमा",
    "क्ष",
    "ııı",
    "İz",
    "ĳs",
    "ǅemal",
    "x-ray",
    "e\u{301}te",
    "éte",
    "ab",
    "b",
    "a",
    "ñu",
    "queue",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Sorted in chunks on disk (budgets down to a key at a time), read in
    /// pieces that cut words and characters: the very bytes and report of a
    /// compile in memory, with and without tiers.
    #[test]
    fn chunked_compiles_equal_in_memory_ones(
        picks in proptest::collection::vec((0..UNICODE_WORDS.len(), 0..4usize, 0..100u32), 1..300),
        memory in 1..400usize,
        cuts in proptest::collection::vec(1..9usize, 1..5),
        tiered in proptest::bool::ANY,
    ) {
        let separators = [" ", "\n", "\u{3000}", "\r\n"];
        let mut text = String::new();
        for &(word, sep, suffix) in &picks {
            text.push_str(UNICODE_WORDS[word]);
            if suffix % 3 == 0 {
                // More distinct words: the suffix's digits as letters.
                let digits = suffix.to_string();
                text.extend(digits.bytes().map(|d| (d - b'0' + b'a') as char));
            }
            text.push_str(separators[sep]);
        }
        let tiers = tiered.then_some("KOT\nżółw\nb\n");
        let in_memory = compile_with(&text, None, tiers, &[]);
        let chunked = compile_with(&text, Some(memory), tiers, &[]);
        let streamed = compile_with(&text, Some(memory), tiers, &cuts);
        match (in_memory, chunked, streamed) {
            (Ok(a), Ok(b), Ok(c)) => {
                proptest::prop_assert!(a == b, "memory {memory}");
                proptest::prop_assert!(a == c, "memory {memory}, cuts {cuts:?}");
            }
            (Err(a), Err(b), Err(c)) => {
                proptest::prop_assert_eq!(a.to_string(), b.to_string());
                proptest::prop_assert_eq!(a.to_string(), c.to_string());
            }
            (a, b, c) => proptest::prop_assert!(false, "{:?} {:?} {:?}", a.err(), b.err(), c.err()),
        }
    }

    /// Bad UTF-8 read in pieces is told where [`crate::files::text`] tells it.
    #[test]
    fn bad_utf8_in_any_piece_is_told_at_its_offset(
        before in "[a-zé \n]{0,60}",
        bad in proptest::sample::select(vec![&b"\xff"[..], b"\xc3", b"\xe0\x80", b"\xed\xa0\x80"]),
        after in "[a-z \n]{0,10}",
        cuts in proptest::collection::vec(1..9usize, 1..5),
    ) {
        let mut bytes = before.clone().into_bytes();
        bytes.extend_from_slice(bad);
        bytes.extend_from_slice(after.as_bytes());
        let expected = crate::files::text(&bytes, "list").unwrap_err().to_string();
        let mut compiler = Compiler::new(Profile::default());
        compiler.set_memory(16);
        let reader = Trickle { bytes: &bytes, cuts: cuts.iter().cycle() };
        let err = compiler.add_reader(reader, "list").unwrap_err();
        proptest::prop_assert_eq!(err.to_string(), expected);
    }
}

#[test]
fn a_large_list_is_sorted_on_disk_with_the_same_result() {
    let text = include_str!("../../../../dictionaries/enable2k.txt");
    let mut compiler = Compiler::new(Profile::default());
    compiler.set_memory(100_000);
    compiler.add_text(text);
    compiler.set_tiers(enable2k_tiers());
    // Enough runs to be merged into one along the way.
    assert!(compiler.keys.run_count() >= 1);
    let (bytes, report) = compiler.finish("enable2k.txt").unwrap();
    assert!(bytes == BUILTINS[0].1);
    assert_eq!(
        report.kept,
        Lexicon::builtin("enable2k").unwrap().word_count()
    );
}

#[test]
fn a_byte_order_mark_is_skipped_and_counted_in_offsets() {
    let (_, report) = compile_with("\u{feff}kot pies", None, None, &[1]).unwrap();
    assert_eq!((report.read, report.kept), (2, 2));
    let mut compiler = Compiler::new(Profile::default());
    let err = compiler
        .add_reader(&b"\xef\xbb\xbfab\ncd\xff"[..], "l")
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "l: not UTF-8 (invalid byte at offset 8, line 2)"
    );
}

#[test]
fn a_sort_folder_that_cannot_be_written_is_one_error() {
    let mut compiler = Compiler::new(Profile::default());
    compiler.set_sort_folder(Path::new("/no/such/folder"));
    compiler.set_memory(10);
    compiler.add_text("kot pies kot żółw");
    let err = compiler.finish("list").unwrap_err();
    assert_eq!(
        err.to_string(),
        "/no/such/folder: cannot write the sorted chunks of a large word list: no such folder"
    );
}

#[test]
fn an_empty_list_is_an_error() {
    let err = Compiler::new(Profile::default())
        .finish("e.txt")
        .unwrap_err();
    assert_eq!(err.to_string(), "e.txt: no usable words (0 read)");
}
