use super::*;
use polyboggle::tiers::Tiers;
use polyboggle::{Compiler, Profile};

#[test]
fn the_table_names_each_language_once_with_rising_tiers() {
    for (i, (tag, last)) in RANKED_LEVELS.iter().enumerate() {
        assert!(
            RANKED_LEVELS[..i].iter().all(|(t, _)| t != tag),
            "{tag} twice"
        );
        assert!(
            last[0] >= 1 && last[0] < last[1] && last[1] < last[2],
            "{tag}"
        );
        assert!(last[2] as usize <= RANK_BOUNDS.len() + 1, "{tag}");
    }
}

#[test]
fn a_ranked_list_takes_its_languages_levels() {
    let last = |lang: &str| Levels::for_ranked_list(lang).map(|l| l.last);
    assert_eq!(last("pl"), Some([3, 4, 5]));
    assert_eq!(last("PT-br"), Some([2, 3, 4]));
    assert_eq!(last("fr_CA"), Some([1, 2, 4]));
    for unknown in ["", "fi", "xx-pl"] {
        assert_eq!(last(unknown), None, "{unknown}");
    }
    let polish = Levels::for_ranked_list("pl").unwrap();
    assert_eq!(polish.source, Source::Measured);
    let tiers: Vec<_> = Level::EVERY.iter().map(|&l| polish.tiers(l)).collect();
    assert_eq!(
        tiers,
        [
            Some(TierRange::up_to(3)),
            Some(TierRange::up_to(4)),
            Some(TierRange::up_to(5)),
            None
        ]
    );
    assert_eq!(polish.to_string(), "easy 1..3, medium 1..4, hard 1..5");
    assert_eq!(Levels::LISTS.to_string(), "easy 1, medium 1..2, hard 1..3");
}

#[test]
fn ranked_lists_are_told_from_several_lists_by_their_sizes() {
    // Tier 0, then the rank buckets: 1,000, 2,000, 7,000, 20,000, 70,000, the rest.
    assert!(is_one_ranked_list(&[
        5, 1_000, 2_000, 7_000, 20_000, 70_000, 9
    ]));
    assert!(is_one_ranked_list(&[0, 3, 0, 0, 0, 0, 0]));
    // Princeton's three lists; six lists with a tier too big for its bucket.
    assert!(!is_one_ranked_list(&[150_586, 1_571, 5_357, 16_014]));
    assert!(!is_one_ranked_list(&[0, 1_001, 1, 1, 1, 1, 1]));
    assert!(!is_one_ranked_list(&[0, 1, 2_001, 1, 1, 1, 1]));
    assert!(!is_one_ranked_list(&[7]));
}

fn compile(lang: &str, words: &str, tiers: impl FnOnce(&Profile) -> Tiers) -> Lexicon {
    let profile = Profile::for_language(lang).unwrap();
    let mut compiler = Compiler::new(profile.clone());
    compiler.add_text(words);
    compiler.set_tiers(tiers(&profile));
    Lexicon::from_bytes(compiler.finish("t").unwrap().0, "t").unwrap()
}

/// `n` written in letters, a word of at least three (`ab` and `n` in base 26,
/// `a` for 0).
fn letters(mut n: usize) -> String {
    let mut s = String::from("ab");
    loop {
        s.push((b'a' + (n % 26) as u8) as char);
        n /= 26;
        if n == 0 {
            return s;
        }
    }
}

#[test]
fn a_lexicon_picks_its_levels_by_its_tiers_and_language() {
    let polish = compile("pl", "kot dom", |p| {
        Tiers::ranked("dom\nkot", "f", p).unwrap()
    });
    assert_eq!(Levels::of(&polish).last, [3, 4, 5]);
    // Finnish is not measured, and two words are too few to estimate from.
    let finnish = compile("fi", "kissa talo", |p| {
        Tiers::ranked("talo", "f", p).unwrap()
    });
    assert_eq!(Levels::of(&finnish), Levels::LISTS);
    // Six lists in Polish are no ranked list when a tier overflows its bucket.
    let big: String = (0..1_001).map(|i| format!("{} ", letters(i))).collect();
    let words = format!("{big} kot");
    let lists = |p: &Profile| {
        let six = [
            ("1", big.as_str()),
            ("2", "kot"),
            ("3", ""),
            ("4", ""),
            ("5", ""),
            ("6", ""),
        ];
        Tiers::from_lists(&six, p).unwrap()
    };
    assert_eq!(Levels::of(&compile("pl", &words, lists)), Levels::LISTS);
    let princeton = |p: &Profile| Tiers::from_lists(&[("n", "kot"), ("a", "dom")], p).unwrap();
    let lexicon = compile("pl", "kot dom", princeton);
    assert_eq!(Level::Medium.tiers(&lexicon), Some(TierRange::up_to(2)));
}

#[test]
fn the_built_in_has_the_levels_of_the_princeton_lists() {
    let english = Lexicon::builtin("enable2k").unwrap();
    assert_eq!(english.tier_sizes(), [150_586, 1_571, 5_357, 16_014]);
    assert_eq!(Levels::of(&english), Levels::LISTS);
    assert_eq!(Level::Easy.tiers(&english), Some(TierRange::up_to(1)));
    assert_eq!(Level::Hard.tiers(&english), Some(TierRange::up_to(3)));
}

#[test]
fn closest_picks_rising_tiers_nearest_in_log_ratio() {
    // English with the Princeton lists picks itself; Italian and Greek as measured.
    assert_eq!(closest(&BOARD_SHARES, BOARD_SHARES), Some([1, 2, 3]));
    let italian = [0.165, 0.266, 0.464, 0.711, 0.892, 0.892];
    assert_eq!(closest(&italian, BOARD_SHARES), Some([1, 2, 3]));
    let greek = [0.077, 0.123, 0.219, 0.375, 0.433, 0.433];
    assert_eq!(closest(&greek, BOARD_SHARES), Some([2, 3, 5]));
    // French: tier 2 would be nearer for easy alone, but medium needs it.
    let french = [0.088, 0.157, 0.299, 0.517, 0.724, 0.724];
    assert_eq!(closest(&french, BOARD_SHARES), Some([1, 2, 4]));
    // An empty tier adds nothing and is never chosen; two useful tiers are too few.
    assert_eq!(
        closest(&[0.1, 0.1, 0.2, 0.5], BOARD_SHARES),
        Some([1, 3, 4])
    );
    assert_eq!(closest(&[0.0, 0.2, 0.5], BOARD_SHARES), None);
}

#[test]
fn an_unmeasured_ranked_list_is_estimated_from_its_4_letter_words() {
    // 200 words of 4 letters; the ranked list puts 12 in tier 1 (6%), 12 more in
    // tier 2 (12%), 22 in tier 3 (23%), 50 in tier 4 (48%), 60 in tier 5 (78%).
    let words: Vec<String> = (0..200).map(|i| format!("q{}", three_letters(i))).collect();
    let starts = [(0, 0), (12, 1_000), (24, 3_000), (46, 10_000), (96, 30_000)];
    let mut ranked: Vec<String> = (0..30_060).map(|r| format!("zz{}", letters(r))).collect();
    for (n, (first, rank)) in starts.iter().enumerate() {
        let end = starts.get(n + 1).map_or(156, |s| s.0);
        for (i, word) in words[*first..end].iter().enumerate() {
            ranked[rank + i] = word.clone();
        }
    }
    let ranked = ranked.join("\n");
    let lexicon = compile("fi", &words.join(" "), |p| {
        Tiers::ranked(&ranked, "f", p).unwrap()
    });
    assert_eq!(lexicon.tier_sizes(), [44, 12, 12, 22, 50, 60, 0]);
    let estimated = Levels::estimate(&lexicon).unwrap();
    assert_eq!(
        (estimated.last, estimated.source),
        ([2, 3, 4], Source::Estimated)
    );
    assert_eq!(Levels::of(&lexicon), estimated);
    assert_eq!(Level::Easy.tiers(&lexicon), Some(TierRange::up_to(2)));
}

/// `n` as three letters.
fn three_letters(n: usize) -> String {
    [n / 676, n / 26 % 26, n % 26]
        .iter()
        .map(|&d| (b'a' + d as u8) as char)
        .collect()
}
