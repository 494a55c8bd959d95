//! Property tests: the engine against a naive reference on random rules
//! without continuation classes, plus invariants of suffix rules.

mod common;
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
