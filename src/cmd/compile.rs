//! `polyboggle compile`: word lists into a compiled, memory-mapped dictionary.

use std::io::Write;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use polyboggle::{files, lexicon, Compiler};

use crate::args::CompileArgs;
use crate::load::{profile, read_input, read_tiers};
use crate::output::{counted, stdout};
use crate::Failure;

pub fn run(args: CompileArgs) -> Result<(), Failure> {
    let profile = profile(&args.profile)?;
    let started = Instant::now();
    let tiers = read_tiers(&args.tiers, &profile)?;
    let mut compiler = Compiler::new(profile);
    if let Some(tiers) = tiers {
        compiler.set_tiers(tiers);
    }
    let mut inputs = Vec::new();
    for path in &args.wordlists {
        inputs.push(read_input(path)?);
    }
    let total: u64 = inputs.iter().map(|(_, b)| b.len() as u64).sum();
    let bar = ProgressBar::new(total).with_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes} ({eta})")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    bar.set_message("reading");
    let mut done = 0u64;
    for (origin, bytes) in &inputs {
        let text = lexicon::word_list_text(bytes, origin)?;
        for (i, word) in text.split_whitespace().enumerate() {
            compiler.add(word);
            if i % 8192 == 0 {
                bar.set_position(done + (word.as_ptr() as usize - text.as_ptr() as usize) as u64);
            }
        }
        done += bytes.len() as u64;
    }
    bar.set_message("building");
    let origins: Vec<&str> = inputs.iter().map(|(o, _)| o.as_str()).collect();
    let (bytes, report) = compiler.finish(&origins.join(", "))?;
    files::write_atomically(&args.output, &bytes)?;
    bar.finish_and_clear();
    let mut out = stdout();
    writeln!(
        out,
        "{}: {} ({} read, {}, {} rejected), {}, in {:.2?}",
        args.output.display(),
        counted(report.kept as u64, "word"),
        report.read,
        counted(report.duplicates as u64, "duplicate"),
        report.rejected.values().map(|(n, _)| n).sum::<usize>(),
        counted(bytes.len() as u64, "byte"),
        started.elapsed()
    )?;
    if let Some((untiered, tiers)) = report.tiers.split_first() {
        let sizes: Vec<String> = tiers
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{}: {n}", i + 1))
            .collect();
        writeln!(out, "  tiers {}, none: {untiered}", sizes.join(", "))?;
    }
    for (why, (n, example)) in &report.rejected {
        // An example is cut to 40 characters (a whole file with no line breaks is
        // one "word").
        let shown: String = example.chars().take(40).collect();
        let cut = if shown.len() < example.len() {
            "…"
        } else {
            ""
        };
        writeln!(
            out,
            "  rejected {n}: {} (e.g. {shown:?}{cut})",
            why.reason()
        )?;
    }
    Ok(out.flush()?)
}
