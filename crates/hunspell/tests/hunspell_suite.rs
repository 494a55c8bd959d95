//! Conformance against Hunspell's own test cases (tests/hunspell-suite/).

use polyboggle_hunspell::{Compounds, ExpandOptions, HunspellDictionary};
use std::collections::HashSet;
use std::path::Path;

/// Cases expected to fail, with the reason. Anything else failing (or any of
/// these passing) fails the test, so the table stays honest.
const KNOWN: &[(&str, &str)] = &[];

#[derive(Default)]
struct Res {
    good: usize,
    ok: usize,
    case_variant: usize,
    pieces: usize,
    number: usize,
    compound_ok: usize,
    compound_missing: usize,
    missing: Vec<String>,
    wrong: usize,
    wrong_generated: Vec<String>,
    wrong_compound: Vec<String>,
    error: Option<String>,
}

fn words(path: &Path, enc: &'static encoding_rs::Encoding) -> Vec<String> {
    let Ok(b) = std::fs::read(path) else {
        return Vec::new();
    };
    // Hunspell's test.sh feeds UTF-8 lists with `-i UTF-8`; the others are in
    // the dictionary's encoding.
    let s = match std::str::from_utf8(&b) {
        Ok(s) => s.to_string(),
        Err(_) => enc.decode(&b).0.into_owned(),
    };
    s.lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

fn has_compounding(d: &HunspellDictionary) -> bool {
    let a = d.aff();
    a.compound_flag.is_some()
        || a.compound_begin.is_some()
        || a.compound_end.is_some()
        || a.compound_middle.is_some()
        || !a.compound_rules.is_empty()
}

/// Case folding good enough to tell "Hunspell accepts this as a case
/// variant" (Turkish dotted/dotless i, German sharp s, trailing dots).
fn fold(w: &str) -> String {
    w.trim_end_matches('.')
        .chars()
        .map(|c| match c {
            'İ' => 'i',
            'I' => 'ı',
            c => c,
        })
        .flat_map(char::to_lowercase)
        .collect::<String>()
        .replace("ss", "ß")
}

fn fold_any(w: &str) -> [String; 2] {
    // with and without the Turkish mapping of plain I
    [fold(w), fold(&w.replace('I', "i"))]
}

#[allow(dead_code)]
fn variants(w: &str) -> Vec<String> {
    let lower = w.to_lowercase();
    let mut v = vec![lower.clone()];
    let mut c = lower.chars();
    if let Some(f) = c.next() {
        v.push(f.to_uppercase().chain(c).collect());
    }
    let mut c = w.chars();
    if let Some(f) = c.next() {
        v.push(f.to_lowercase().chain(c).collect());
    }
    v.push(w.trim_end_matches('.').to_string());
    v.push(lower.trim_end_matches('.').to_string());
    // German sharp s (CHECKSHARPS): SS in upper case stands for ß
    v.push(lower.replace("ss", "ß"));
    v
}

fn run_case(dir: &Path, name: &str) -> Res {
    let mut r = Res::default();
    let dic = dir.join(format!("{name}.dic"));
    let aff = dir.join(format!("{name}.aff"));
    let plain = match HunspellDictionary::open(&dic, &aff) {
        Ok(d) => d,
        Err(e) => {
            r.error = Some(e.to_string());
            return r;
        }
    };
    let gen = |d: &HunspellDictionary| -> Result<HashSet<String>, String> {
        d.expand()
            .map_err(|e| e.to_string())?
            .collect::<Result<HashSet<_>, _>>()
            .map_err(|e| e.to_string())
    };
    let p = match gen(&plain) {
        Ok(p) => p,
        Err(e) => {
            r.error = Some(e);
            return r;
        }
    };
    let cpd = has_compounding(&plain);
    let c: HashSet<String> = if cpd {
        let o = ExpandOptions {
            compounds: Some(Compounds {
                parts: 2,
                max_len: 60,
                max_forms: 2_000_000,
            }),
            ..ExpandOptions::default()
        };
        HunspellDictionary::open_with(&dic, &aff, o)
            .ok()
            .and_then(|d| gen(&d).ok())
            .unwrap_or_default()
    } else {
        HashSet::new()
    };
    let enc = plain.aff().encoding;
    let folded: HashSet<String> = p.iter().flat_map(|w| fold_any(w)).collect();
    let case_ok = |n: &str| fold_any(n).iter().any(|f| folded.contains(f));
    // BREAK (default: - and –) and spaces: Hunspell accepts a word whose
    // pieces between break characters are words (segmentation by DP)
    let piece_ok = |x: &str| x.is_empty() || p.contains(x) || case_ok(x);
    let pieces_ok = |n: &str| {
        let cuts: Vec<usize> = n
            .char_indices()
            .filter(|(_, c)| matches!(c, '-' | '–' | ' '))
            .map(|(i, _)| i)
            .collect();
        if cuts.is_empty() {
            return false;
        }
        // reach[k]: the prefix ending before cut k (or the whole word) splits well
        let ends: Vec<usize> = cuts.iter().copied().chain([n.len()]).collect();
        let starts = |k: usize| {
            if k == 0 {
                0
            } else {
                let c = cuts[k - 1];
                c + n[c..].chars().next().unwrap().len_utf8()
            }
        };
        let mut reach = vec![false; ends.len()];
        for e in 0..ends.len() {
            for st in 0..=e {
                if (st == 0 || reach[st - 1]) && piece_ok(&n[starts(st)..ends[e]]) {
                    reach[e] = true;
                    break;
                }
            }
        }
        reach[ends.len() - 1]
    };
    for w in words(&dir.join(format!("{name}.good")), enc) {
        r.good += 1;
        let n = plain.normalize(&w);
        if p.contains(&n) {
            r.ok += 1;
        } else if case_ok(&n) {
            r.case_variant += 1;
        } else if pieces_ok(&n) {
            r.pieces += 1;
        } else if n.chars().all(|ch| !ch.is_alphabetic()) {
            r.number += 1;
        } else if c.contains(&n) || variants(&n).iter().any(|v| c.contains(v)) {
            r.compound_ok += 1;
        } else if cpd {
            r.compound_missing += 1;
        } else {
            r.missing.push(w);
        }
    }
    for w in words(&dir.join(format!("{name}.wrong")), enc) {
        r.wrong += 1;
        let n = plain.normalize(&w);
        if p.contains(&n) {
            r.wrong_generated.push(w);
        } else if c.contains(&n) {
            r.wrong_compound.push(w);
        }
    }
    r
}

#[test]
fn hunspell_suite() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hunspell-suite/cases");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "aff").then(|| p.file_stem().unwrap().to_string_lossy().into_owned())
        })
        .collect();
    names.sort();
    let mut table = String::from("case\tstatus\tgood\tgenerated\tcase-variant\tbreak-pieces\tnumber\tcompound-ok\tcompound-missing\tmissing\twrong\twrong-generated\twrong-compound\tdetail\n");
    let (mut pass, mut fail, mut na) = (0, 0, 0);
    // totals over all cases: good words by class, wrong words by class
    let mut tot = [0usize; 10];
    let mut unexpected = Vec::new();
    for name in &names {
        let r = run_case(&dir, name);
        // a case Hunspell itself cannot load (crash tests with no word lists)
        // is not applicable when it has no words to check
        let words_to_check = r.good + r.wrong > 0;
        let failed = (r.error.is_some() && words_to_check)
            || !r.missing.is_empty()
            || !r.wrong_generated.is_empty();
        let applicable = failed || r.ok + r.wrong > 0;
        let status = if failed {
            fail += 1;
            "FAIL"
        } else if !applicable {
            na += 1;
            "n/a"
        } else {
            pass += 1;
            "pass"
        };
        let detail = match &r.error {
            Some(e) => format!("error: {e}"),
            None => format!(
                "missing={:?} wrong-generated={:?} wrong-compound={:?}",
                r.missing, r.wrong_generated, r.wrong_compound
            ),
        };
        table.push_str(&format!(
            "{name}\t{status}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{detail}\n",
            r.good,
            r.ok,
            r.case_variant,
            r.pieces,
            r.number,
            r.compound_ok,
            r.compound_missing,
            r.missing.len(),
            r.wrong,
            r.wrong_generated.len(),
            r.wrong_compound.len()
        ));
        for (t, v) in tot.iter_mut().zip([
            r.good,
            r.ok,
            r.case_variant,
            r.pieces,
            r.number,
            r.compound_ok,
            r.compound_missing,
            r.missing.len(),
            r.wrong,
            r.wrong_compound.len(),
        ]) {
            *t += v;
        }
        let known = KNOWN.iter().any(|(k, _)| k == name);
        if failed != known {
            unexpected.push(format!("{name}: {status} ({detail})"));
        }
    }
    table.push_str(&format!(
        "# {} cases: {pass} pass, {fail} fail, {na} n/a\n",
        names.len()
    ));
    table.push_str(&format!(
        "# good words {}: generated {}, case variant {}, break pieces {}, number {}, \
         compound generated {}, compound not generated {}, missing {}; \
         wrong words {}: generated 0 outside compounds, {} by the 2-part compound option\n",
        tot[0], tot[1], tot[2], tot[3], tot[4], tot[5], tot[6], tot[7], tot[8], tot[9]
    ));
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/hunspell-suite.txt");
    let _ = std::fs::write(&out, &table);
    println!("{table}");
    assert!(
        unexpected.is_empty(),
        "unexpected results:\n{}",
        unexpected.join("\n")
    );
}
