//! `polyboggle dice stats`: how dice sets play over many seeded rolls, side by side.

use std::io::Write;

use polyboggle::{files, Lexicon};
use polyboggle_dice::stats::{self, Sampler, Stats, StatsOptions};
use polyboggle_dice::{self as dice, DiceSet};
use polyboggle_languages as languages;

use crate::args::{DiceStatsArgs, Format};
use crate::load::{check_threads, Dice, Scoring};
use crate::output::stdout;
use crate::Failure;

pub fn run(args: DiceStatsArgs) -> Result<(), Failure> {
    let threads = match args.threads {
        Some(t) => check_threads(t)?,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    if args.rolls == 0 {
        return Err(Failure::input("--rolls 0: measure at least one roll"));
    }
    let size = args.size.as_deref().map(dice::parse_size).transpose()?;
    let sets: Vec<DiceSet> = args
        .sets
        .iter()
        .map(|name| Dice::Named(name).open())
        .collect::<Result<_, _>>()?;
    let Scoring {
        dictionary,
        lexicon,
        rules,
    } = Scoring::from_flags(&args.dict, &args.rules)?;
    let options = StatsOptions {
        rolls: args.rolls,
        seed: args.seed,
        size,
        floor: args.floor,
        vowels: vowels(&args, &lexicon),
        threads,
    };
    let sampler = Sampler::new(&lexicon, rules, threads);
    // Every set is checked before any is measured: a bad one fails at once.
    for set in &sets {
        sampler.check(set, size)?;
    }
    let reports: Vec<Stats> = sets
        .iter()
        .map(|set| sampler.stats(set, &options))
        .collect::<Result<_, _>>()?;
    if let Some(path) = &args.plot {
        files::write_atomically(path, stats::plot_svg(&reports).as_bytes())?;
    }
    let mut out = stdout();
    match args.format {
        Format::Json => {
            let dict = dictionary.name();
            let value = serde_json::json!({
                "rolls": args.rolls, "seed": args.seed, "dict": dict,
                "sets": reports.iter().map(Stats::to_json).collect::<Vec<_>>(),
            });
            writeln!(out, "{value}")?;
        }
        Format::Text => write_table(&mut out, &reports)?,
    }
    Ok(out.flush()?)
}

/// The vowels' keys: `--vowels`, else `--lang`'s, else English's when the dictionary
/// is the built-in English one; none otherwise.
fn vowels(args: &DiceStatsArgs, lexicon: &Lexicon) -> Vec<String> {
    let letters = match (&args.vowels, &args.dict.profile.lang, &args.dict.dict) {
        (Some(letters), _, _) => letters.as_str(),
        (None, Some(lang), _) => languages::vowels_for_language(lang).unwrap_or(""),
        (None, None, None) => languages::vowels_for_language("en").unwrap_or(""),
        _ => "",
    };
    stats::vowel_keys(letters, lexicon.profile())
}

fn pct(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// The sets side by side, a figure a row; then each set's faces.
fn write_table(out: &mut impl Write, reports: &[Stats]) -> std::io::Result<()> {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row = |label: &str, f: &dyn Fn(&Stats) -> String| {
        rows.push((label.to_string(), reports.iter().map(f).collect()));
    };
    row("set", &|s| s.set.clone());
    row("grid", &|s| format!("{}x{}", s.rows, s.cols));
    row("rolls (seeds)", &|s| format!("{} ({}..)", s.rolls, s.seed));
    for (name, spread) in [("words", 0), ("points", 1)] {
        let pick = move |s: &Stats| if spread == 0 { s.words } else { s.points };
        row(&format!("{name} mean ± sd"), &|s| {
            format!("{:.1} ± {:.1}", pick(s).mean, pick(s).sd)
        });
        row(&format!("{name} min/p5/p25"), &|s| {
            let p = pick(s);
            format!("{}/{}/{}", p.min, p.p5, p.p25)
        });
        row(&format!("{name} median"), &|s| pick(s).median.to_string());
        row(&format!("{name} p75/p95/max"), &|s| {
            let p = pick(s);
            format!("{}/{}/{}", p.p75, p.p95, p.max)
        });
    }
    row("rolls under floor", &|s| {
        format!("{} (< {})", pct(s.under_floor), s.floor)
    });
    row("rolls with no word", &|s| pct(s.none));
    for len in 5..=10 {
        row(&format!("a word of {len}+ letters"), &|s| {
            s.long_word
                .iter()
                .find(|(l, _)| *l == len)
                .map_or(String::new(), |(_, share)| pct(*share))
        });
    }
    row("longest word", &|s| s.longest.to_string());
    row("dead faces", &|s| pct(s.dead_faces));
    row("faces vs letters (JS div.)", &|s| {
        format!("{:.3} bits", s.divergence)
    });
    row("letters no face shows", &|s| {
        let missing: Vec<String> = s
            .missing
            .iter()
            .take(6)
            .map(|(f, share)| format!("{f} {}", pct(*share)))
            .collect();
        if missing.is_empty() {
            "none".into()
        } else {
            missing.join(", ")
        }
    });
    if reports.iter().any(|s| s.vowels.is_some()) {
        row("vowel faces a roll", &|s| {
            s.vowels.map_or("-".into(), |v| format!("{:.2}", v.mean))
        });
        row("rolls with ≤ 1 vowel", &|s| {
            s.vowels.map_or("-".into(), |v| pct(v.at_most_one))
        });
        row("vowels: faces / letters", &|s| {
            s.vowels.map_or("-".into(), |v| {
                format!("{} / {}", pct(v.set_share), pct(v.dict_share))
            })
        });
    }
    row("unreachable words", &|s| {
        format!("{} of {}", s.unreachable_words, s.dictionary_words)
    });
    row("distinct words seen", &|s| s.distinct_words.to_string());
    let label_width = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..reports.len())
        .map(|i| {
            rows.iter()
                .map(|r| r.1[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (label, cells) in &rows {
        write!(out, "{label:<label_width$}")?;
        for (cell, width) in cells.iter().zip(&widths) {
            write!(out, "  {cell:>width$}")?;
        }
        writeln!(out)?;
    }
    for s in reports {
        writeln!(out)?;
        writeln!(
            out,
            "{}: face  copies  shown  dead  share of faces / of letters",
            s.set
        )?;
        for f in &s.faces {
            writeln!(
                out,
                "  {:<4} {:>4}  {:>6}  {:>6}  {:>6} / {:>6}",
                f.face,
                f.copies,
                pct(f.shown),
                pct(f.dead),
                pct(f.set_share),
                pct(f.dict_share)
            )?;
        }
    }
    Ok(())
}
