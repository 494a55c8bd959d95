//! `polyboggle compile`: word lists into a compiled, memory-mapped dictionary.

use std::io::{Read, Write};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use polyboggle::{files, Compiler};

use crate::args::CompileArgs;
use crate::load::{profile, read_tiers};
use crate::output::{counted, stdout};
use crate::Failure;

pub fn run(args: CompileArgs) -> Result<(), Failure> {
    let profile = profile(&args.profile)?;
    let started = Instant::now();
    let tiers = read_tiers(&args.tiers, &profile)?;
    let mut compiler = Compiler::new(profile);
    compiler.set_sort_folder(files::folder(&args.output));
    compiler.set_memory(args.memory.0);
    if let Some(tiers) = tiers {
        compiler.set_tiers(tiers);
    }
    // Every list is opened first, so a missing one is told before any work; each is
    // then read a block at a time, never whole.
    let mut inputs: Vec<(String, Box<dyn Read>)> = Vec::new();
    let mut total = 0;
    for path in &args.wordlists {
        if path.as_os_str() == "-" {
            inputs.push((files::STANDARD_INPUT.into(), Box::new(std::io::stdin())));
            continue;
        }
        let file = files::open(path)?;
        total += file.metadata().map_or(0, |m| m.len());
        inputs.push((path.display().to_string(), Box::new(file)));
    }
    let bar = ProgressBar::new(total).with_style(
        ProgressStyle::with_template("{msg} [{bar:30}] {bytes}/{total_bytes} ({eta})")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    bar.set_message("reading");
    for (origin, input) in &mut inputs {
        compiler.add_reader(bar.wrap_read(input), origin)?;
    }
    bar.set_message("building");
    let origins: Vec<&str> = inputs.iter().map(|(o, _)| o.as_str()).collect();
    let (compiled, report) = compiler.compile(&origins.join(", "))?;
    files::write_atomically_with(&args.output, |out| compiled.write_to(out))?;
    bar.finish_and_clear();
    let mut out = stdout();
    let peak = peak_memory()
        .map(|bytes| format!(", peak memory {} MiB", bytes >> 20))
        .unwrap_or_default();
    writeln!(
        out,
        "{}: {} ({} read, {}, {} rejected), {}, in {:.2?}{peak}",
        args.output.display(),
        counted(report.kept as u64, "word"),
        report.read,
        counted(report.duplicates as u64, "duplicate"),
        report.rejected.values().map(|(n, _)| n).sum::<usize>(),
        counted(compiled.len(), "byte"),
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

/// The most memory this process has held at once (its peak resident set), where the
/// system tells it.
fn peak_memory() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: getrusage fills the struct it is given, which lives for the call.
        if unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } != 0 {
            return None;
        }
        // SAFETY: zeroed, then filled by a successful call.
        let max = unsafe { usage.assume_init() }.ru_maxrss as u64;
        // Linux counts kilobytes, macOS bytes.
        let unit = if cfg!(target_os = "macos") { 1 } else { 1024 };
        Some(max * unit).filter(|&bytes| bytes > 0)
    }
    #[cfg(not(unix))]
    None
}
