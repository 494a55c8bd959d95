//! `polyboggle dice design`: search for a set that plays better, measure it on fresh
//! rolls beside the start set, and write it.

use std::io::{IsTerminal, Write};
use std::time::Duration;

use polyboggle::files;
use polyboggle_dice::design::{self, Brief, DesignGoal};
use polyboggle_dice::stats::{Sampler, Stats, StatsOptions};
use polyboggle_dice::{self as dice, Derivation, DiceSet};

use crate::args::{DesignObjective, DiceDesignArgs, Format};
use crate::load::{check_seconds, check_threads, Dice, Scoring};
use crate::output::stdout;
use crate::Failure;

/// Fresh seeds start this far past the search's.
const FRESH: u64 = 1 << 40;

pub fn run(args: DiceDesignArgs) -> Result<(), Failure> {
    let threads = match args.threads {
        Some(t) => check_threads(t)?,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let time = args
        .time
        .map(|secs| check_seconds(secs, 7.0 * 86_400.0))
        .transpose()?;
    if args.rolls == 0 || args.steps == 0 || args.check_rolls == 0 {
        return Err(Failure::input(
            "--rolls, --steps and --check-rolls must be at least 1",
        ));
    }
    let band = args.words.as_deref().map(parse_band).transpose()?;
    let objective = match (args.objective, band) {
        (Some(DesignObjective::Band) | None, Some((a, b))) => DesignGoal::Band(a, b),
        (Some(DesignObjective::Band), None) => {
            return Err(Failure::input("--objective band needs --words A..B"))
        }
        (Some(_), Some(_)) => return Err(Failure::input("--words goes with --objective band")),
        (Some(DesignObjective::Dead), None) => DesignGoal::Dead,
        (Some(DesignObjective::Floor), None) => DesignGoal::Floor,
        (Some(DesignObjective::Unreachable), None) => DesignGoal::Unreachable,
        (Some(DesignObjective::Poor) | None, None) => DesignGoal::Poor,
    };
    if let Some(drift) = args.drift {
        if !(0.0..=1.0).contains(&drift) {
            return Err(Failure::input(format!(
                "--drift {drift}: expected bits from 0 to 1"
            )));
        }
    }
    let name = set_name(&args)?;
    let Scoring { lexicon, rules, .. } = Scoring::from_flags(&args.dict, &args.rules)?;
    let start = match &args.from {
        Some(set) => Dice::Named(set).open()?,
        None => {
            let words: Vec<String> = lexicon.words().collect();
            let asked = Derivation {
                name: &name,
                dice: args.dice,
                faces: args.faces,
                units: &[args.units.clone(), args.pin.clone()].concat(),
            };
            DiceSet::derive(words.iter().map(String::as_str), lexicon.profile(), &asked)?
        }
    };
    let brief = Brief {
        objective,
        rolls: args.rolls,
        steps: args.steps,
        time,
        seed: args.seed,
        units: args.units.clone(),
        pinned: args.pin.clone(),
        floor: args.floor,
        drift: args.drift,
        median_within: (!args.free_median).then_some(0.10),
    };
    let sampler = Sampler::new(&lexicon, rules, threads);
    let terminal = std::io::stderr().is_terminal();
    let mut last = None;
    let found = design::design(&start, &sampler, &brief, &mut |p| {
        let shown = Duration::from_secs_f64(p.seconds).as_secs();
        if terminal && last != Some(shown) {
            last = Some(shown);
            eprint!(
                "\rstep {}/{}  best: p5 {} median {} under {} {:.1}% dead {:.1}% unreachable {}  ",
                p.step,
                p.steps,
                p.best.p5,
                p.best.median,
                brief.floor,
                p.best.under_floor * 100.0,
                p.best.dead * 100.0,
                p.best.unreachable
            );
        }
    })?;
    if terminal {
        eprintln!();
    }
    let mut set = found.set;
    set.name = name;
    set.confidence = "derived".into();
    let options = StatsOptions {
        rolls: args.check_rolls,
        seed: args.seed.wrapping_add(FRESH),
        floor: args.floor,
        threads,
        ..StatsOptions::default()
    };
    let after = sampler.stats(&set, &options)?;
    let before = sampler.stats(&start, &options)?;
    set.source = format!("polyboggle dice design ({})", command_line());
    set.note = summary(&after, &before);
    files::write_atomically(&args.output, set.to_text().as_bytes())?;
    let mut out = stdout();
    match args.format {
        Format::Json => {
            let value = serde_json::json!({
                "output": args.output.display().to_string(),
                "steps": found.steps, "seconds": found.seconds,
                "search": {"start": found.start, "best": found.best},
                "designed": after.to_json(), "start": before.to_json(),
                "dice": set.dice,
            });
            writeln!(out, "{value}")?;
        }
        Format::Text => {
            writeln!(
                out,
                "{}: {} steps in {:.1} s; on {} fresh rolls (seeds {}..):",
                args.output.display(),
                found.steps,
                found.seconds,
                args.check_rolls,
                options.seed
            )?;
            for (label, s) in [(&start.name, &before), (&set.name, &after)] {
                writeln!(out, "  {label}: {}", figures(s))?;
            }
        }
    }
    Ok(out.flush()?)
}

/// `A..B` as a band of words.
fn parse_band(text: &str) -> Result<(u64, u64), Failure> {
    let bad = || Failure::input(format!("--words {text}: expected A..B, like 80..160"));
    let (a, b) = text.split_once("..").ok_or_else(bad)?;
    let (a, b): (u64, u64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a > b {
        return Err(Failure::input(format!(
            "--words {text}: the least is above the most"
        )));
    }
    Ok((a, b))
}

/// `--name`, or the output file's name.
fn set_name(args: &DiceDesignArgs) -> Result<String, Failure> {
    let name = match &args.name {
        Some(name) => name.clone(),
        None => args
            .output
            .file_stem()
            .map_or("designed".into(), |s| s.to_string_lossy().into_owned()),
    };
    if !dice::is_one_line(&name) {
        return Err(Failure::input(format!(
            "set name {name:?}: a set's name is one line of text; give one with --name"
        )));
    }
    Ok(name)
}

/// The command as typed, for the file's header.
fn command_line() -> String {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .map(|a| {
            if a.is_empty() || a.contains(|c: char| c.is_whitespace() || c == '\'') {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a
            }
        })
        .collect();
    format!("polyboggle {}", words.join(" ")).replace(['\n', '\r'], " ")
}

/// A set's headline figures, on one line.
fn figures(s: &Stats) -> String {
    format!(
        "words p5 {} median {} mean {:.1}; under {} {:.2}%; dead faces {:.2}%; unreachable {}",
        s.words.p5,
        s.words.median,
        s.words.mean,
        s.floor,
        s.under_floor * 100.0,
        s.dead_faces * 100.0,
        s.unreachable_words
    )
}

/// The header note: the designed set's figures beside the start's.
fn summary(after: &Stats, before: &Stats) -> String {
    format!(
        "{} fresh rolls (seeds {}..): {}. Start set {}: {}",
        after.rolls,
        after.seed,
        figures(after),
        before.set,
        figures(before)
    )
}
