//! Times a sample of a proof's top-level classes and scales it to the whole proof:
//! how docs/prove.md measured each step of the search (ENABLE2K, Hasbro rules).
//!
//! ```sh
//! cargo run --release -p polyboggle-prove --example sample -- 3 3 500 60 20
//! #   rows cols threshold classes-to-time seconds-cap-per-class
//! BUCKETS=4 cargo run ...   # top-level classes of 4 buckets a cell (default: 2 on 3x3)
//! ```
use std::time::{Duration, Instant};

use polyboggle::{Lexicon, Rules};
use polyboggle_optimize::Space;
use polyboggle_prove::{Cut, Proof};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |i: usize| -> f64 {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .expect("usage: sample ROWS COLS MIN CLASSES CAP_SECONDS")
    };
    let (rows, cols, min) = (number(1) as usize, number(2) as usize, number(3) as u64);
    let (sample, cap) = (number(4) as usize, number(5));
    let lexicon = Lexicon::builtin("enable2k").expect("the built-in dictionary");
    let rules = Rules::hasbro();
    let letters = polyboggle_optimize::alphabet(&lexicon, &rules, 64);
    let space = Space::letters(rows, cols, &letters, lexicon.profile()).expect("a grid");
    // CUT="aeiou bcd... hkl..., corner:aeiosuy bcd..." names the buckets; BUCKETS=K.
    let cut: Cut = match (std::env::var("CUT"), std::env::var("BUCKETS")) {
        (Ok(spec), _) | (_, Ok(spec)) => spec.parse().expect("a cut"),
        _ => Cut::Default,
    };
    let proof = Proof::with_cut(&lexicon, rules, &space, min, &cut).expect("a proof");
    eprintln!(
        "cut: {} ({} canonical classes)",
        proof.cut_description(),
        proof.canonical_count()
    );
    let all = proof.canonical_count();
    let mut worker = proof.worker();
    let (mut total, mut bounds, mut capped) = (0.0, 0, 0);
    let mut times = Vec::new();
    // CLASSES=3,17,250 times those classes instead of a sample (to compare builds).
    let classes: Vec<u64> = match std::env::var("CLASSES") {
        Ok(list) => list
            .split(',')
            .map(|c| c.parse().expect("a class number"))
            .collect(),
        Err(_) => proof.sample(
            sample,
            std::env::var("SEED").map_or(1, |s| s.parse().expect("SEED=S")),
        ),
    };
    for class in classes {
        let deadline = Instant::now() + Duration::from_secs_f64(cap);
        let report = proof.break_class(class, &mut worker, &|| Instant::now() >= deadline);
        total += report.seconds;
        bounds += report.outcome.bounds;
        capped += usize::from(!report.outcome.complete);
        times.push(report.seconds);
        if std::env::var_os("VERBOSE").is_some() {
            let o = &report.outcome;
            eprintln!(
                "class {class}: {:.2} s, {} bounds, {} scored, max dropped {}{}",
                report.seconds,
                o.bounds,
                o.scored,
                o.max_dropped,
                if o.complete { "" } else { " (capped)" }
            );
        }
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let n = times.len();
    println!(
        "{n} classes: {total:.2} s ({capped} capped at {cap} s), {bounds} bounds; median {:.4} s, \
         p90 {:.3}, max {:.3}; est. all {:.0} s",
        times[n / 2],
        times[n * 9 / 10],
        times[n - 1],
        total / n as f64 * all as f64
    );
}
