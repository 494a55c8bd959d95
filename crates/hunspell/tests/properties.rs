//! Property tests: the engine against a naive reference on random rules
//! without continuation classes, invariants of suffix rules, and the length
//! bound against the unbounded expansion.

mod common;
use polyboggle_hunspell::ExpandOptions;
use proptest::prelude::*;
use std::collections::BTreeSet;

#[derive(Debug, Clone)]
struct R {
    strip: String,
    add: String,
    cond: String,
}

fn cond_matches(cond: &str, w: &[char], at_end: bool) -> bool {
    // conditions here are sequences of 'a'/'b'/'.'/'[^a]'
    let mut els: Vec<String> = Vec::new();
    let mut it = cond.chars().peekable();
    while let Some(c) = it.next() {
        if c == '[' {
            let mut g = String::from("[");
            for d in it.by_ref() {
                g.push(d);
                if d == ']' {
                    break;
                }
            }
            els.push(g);
        } else {
            els.push(c.to_string());
        }
    }
    if els == ["."] {
        return true;
    }
    if w.len() < els.len() {
        return false;
    }
    let off = if at_end { w.len() - els.len() } else { 0 };
    els.iter().enumerate().all(|(i, e)| {
        let c = w[off + i];
        match e.as_str() {
            "." => true,
            "[^a]" => c != 'a',
            x => x.starts_with(c),
        }
    })
}

fn sfx(r: &R, w: &str) -> Option<String> {
    let cs: Vec<char> = w.chars().collect();
    (w.len() > r.strip.len() && w.ends_with(&r.strip) && cond_matches(&r.cond, &cs, true))
        .then(|| format!("{}{}", &w[..w.len() - r.strip.len()], r.add))
}

fn pfx(r: &R, w: &str) -> Option<String> {
    let cs: Vec<char> = w.chars().collect();
    (w.len() > r.strip.len() && w.starts_with(&r.strip) && cond_matches(&r.cond, &cs, false))
        .then(|| format!("{}{}", r.add, &w[r.strip.len()..]))
}

fn rule() -> impl Strategy<Value = R> {
    (
        prop::sample::select(vec!["", "a", "b", "ab"]),
        prop::sample::select(vec!["", "a", "b", "ba", "bb"]),
        prop::sample::select(vec![".", "a", "b", "[^a]", "ab", "[^a]b"]),
    )
        .prop_map(|(s, a, c)| R {
            strip: s.into(),
            add: a.into(),
            cond: c.into(),
        })
}

fn zero(s: &str) -> &str {
    if s.is_empty() {
        "0"
    } else {
        s
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn engine_matches_reference(
        sfxs in prop::collection::vec(rule(), 1..4),
        pfxs in prop::collection::vec(rule(), 1..3),
        sx in any::<bool>(),
        px in any::<bool>(),
        stems in prop::collection::vec(("[ab]{1,4}", 0u8..4), 1..5),
    ) {
        let mut aff = format!("SFX S {} {}\n", if sx { 'Y' } else { 'N' }, sfxs.len());
        for r in &sfxs {
            aff += &format!("SFX S {} {} {}\n", zero(&r.strip), zero(&r.add), r.cond);
        }
        aff += &format!("PFX P {} {}\n", if px { 'Y' } else { 'N' }, pfxs.len());
        for r in &pfxs {
            aff += &format!("PFX P {} {} {}\n", zero(&r.strip), zero(&r.add), r.cond);
        }
        let mut dic = format!("{}\n", stems.len());
        let mut want = BTreeSet::new();
        for (w, fl) in &stems {
            let (hs, hp) = (fl & 1 == 1, fl & 2 == 2);
            dic += &format!("{w}/{}{}\n", if hs { "S" } else { "" }, if hp { "P" } else { "" });
            want.insert(w.clone());
            if hs {
                want.extend(sfxs.iter().filter_map(|r| sfx(r, w)));
            }
            if hp {
                want.extend(pfxs.iter().filter_map(|r| pfx(r, w)));
            }
            if hs && hp && sx && px {
                for s in &sfxs {
                    if let Some(w1) = sfx(s, w) {
                        want.extend(pfxs.iter().filter_map(|p| pfx(p, &w1)));
                    }
                }
            }
        }
        // an empty add with empty strip gives the stem itself; fine either way
        let got: BTreeSet<String> = common::forms(&aff, &dic).into_iter().collect();
        prop_assert_eq!(got, want, "aff:\n{}\ndic:\n{}", aff, dic);
    }

    #[test]
    fn stems_without_flags_come_back_unchanged(words in prop::collection::btree_set("[a-zäöü]{1,8}", 1..20)) {
        let dic = format!("{}\n{}\n", words.len(), words.iter().cloned().collect::<Vec<_>>().join("\n"));
        let got: BTreeSet<String> = common::forms("SET UTF-8\n", &dic).into_iter().collect();
        prop_assert_eq!(got, words);
    }
}

/// One affix rule of the bounded-expansion test: flag, strip, addition with its
/// continuation flags, condition.
#[derive(Debug, Clone)]
struct Affix {
    flag: char,
    strip: &'static str,
    add: &'static str,
    cont: String,
    cond: &'static str,
}

/// Letters and Hangul jamo (an initial ᄀ and a final ᆨ count nothing, a vowel ᅡ
/// one), so that rules add, keep and take off letters in every way; mostly
/// conditions any word meets, so that rules chain often.
fn affix(flags: &'static str) -> impl Strategy<Value = Affix> {
    (
        prop::sample::select(flags.chars().collect::<Vec<_>>()),
        prop::sample::select(vec!["", "", "a", "ab", "ba", "bᅡᆨ"]),
        prop::sample::select(vec!["", "a", "bb", "가", "ᆨ", "aab", "각ba"]),
        prop::collection::vec(prop::sample::select(vec!['S', 'T', 'P', 'Q', 'N']), 0..3),
        prop::sample::select(vec![".", ".", ".", "a", "b", "[^a]", "ᆨ"]),
    )
        .prop_map(|(flag, strip, add, cont, cond)| {
            let mut cont: Vec<char> = cont;
            cont.sort_unstable();
            cont.dedup();
            Affix {
                flag,
                strip,
                add,
                cont: cont.into_iter().collect(),
                cond,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// `max_len` prunes the expansion, yet gives exactly the forms of the unbounded
    /// one that are that short, through twofold suffixes, prefixes on either side of
    /// them, cross products, NEEDAFFIX and rules that shorten a word.
    #[test]
    fn bounded_expansion_is_the_unbounded_one_filtered_by_length(
        sfxs in prop::collection::vec(affix("ST"), 1..7),
        pfxs in prop::collection::vec(affix("PQ"), 0..4),
        cross in prop::collection::vec(any::<bool>(), 4),
        stems in prop::collection::vec(("[ab각]{1,5}", "S?T?P?Q?N?"), 1..5),
        max_len in 0usize..9,
    ) {
        let mut aff = String::from("SET UTF-8\nNEEDAFFIX N\n");
        for (kind, flag, yes, rules) in [
            ("SFX", 'S', cross[0], &sfxs),
            ("SFX", 'T', cross[1], &sfxs),
            ("PFX", 'P', cross[2], &pfxs),
            ("PFX", 'Q', cross[3], &pfxs),
        ] {
            let rules: Vec<&Affix> = rules.iter().filter(|r| r.flag == flag).collect();
            if rules.is_empty() {
                continue;
            }
            aff += &format!("{kind} {flag} {} {}\n", if yes { 'Y' } else { 'N' }, rules.len());
            for r in rules {
                let cont = if r.cont.is_empty() { String::new() } else { format!("/{}", r.cont) };
                aff += &format!("{kind} {flag} {} {}{cont} {}\n", zero(r.strip), zero(r.add), r.cond);
            }
        }
        let mut dic = format!("{}\n", stems.len());
        for (w, flags) in &stems {
            let slash = if flags.is_empty() { "" } else { "/" };
            dic += &format!("{w}{slash}{flags}\n");
        }
        let all = common::forms(&aff, &dic);
        let want: Vec<String> = all
            .into_iter()
            .filter(|w| polyboggle_hunspell::letters(w) <= max_len)
            .collect();
        let bounded = ExpandOptions { max_len: Some(max_len), ..ExpandOptions::default() };
        let got = common::forms_with(&aff, &dic, bounded);
        prop_assert_eq!(got, want, "aff:\n{}\ndic:\n{}", aff, dic);
    }
}
