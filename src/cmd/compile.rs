//! `polyboggle compile`: word lists into a compiled, memory-mapped dictionary.

use std::io::{Read, Write};
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use polyboggle::{files, Compiler};
use polyboggle_hunspell::{Expanded, HunspellDictionary};

use crate::args::{CompileArgs, HunspellArgs};
use crate::load::{is_dic, open_hunspell, profile, read_tiers};
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
    // then read a block at a time, never whole. A Hunspell dictionary is checked
    // whole (its .aff, and its .dic for forbidden words) before any is expanded.
    let mut inputs: Vec<(String, Box<dyn Read>)> = Vec::new();
    let mut hunspell = Vec::new();
    let mut total = 0;
    if args.hunspell.aff.is_some() && args.wordlists.iter().filter(|p| is_dic(p)).count() != 1 {
        return Err(Failure::input(
            "--aff goes with exactly one Hunspell dictionary (a .dic) among the word lists",
        ));
    }
    for path in &args.wordlists {
        if is_dic(path) {
            hunspell.push((
                path.display().to_string(),
                open_hunspell(path, &args.hunspell)?,
            ));
            continue;
        }
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
    let mut expanded = Vec::new();
    for (origin, dictionary) in &hunspell {
        bar.set_message(format!("expanding {origin}"));
        expanded.push((origin, add_forms(&mut compiler, dictionary, &bar)?));
    }
    bar.set_message("building");
    let origins: Vec<&str> = inputs
        .iter()
        .map(|(o, _)| o.as_str())
        .chain(hunspell.iter().map(|(o, _)| o.as_str()))
        .collect();
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
    for (origin, (stems, forms)) in &expanded {
        writeln!(
            out,
            "  {origin}: {} expanded into {}{}",
            counted(*stems, "stem"),
            counted(forms.forms, "form"),
            match forms.compounds {
                Some(n) => format!(", {} of them compounds", n),
                None => String::new(),
            }
        )?;
    }
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

/// Adds every form of `dictionary` to `compiler`, a batch at a time, expanded on
/// another thread while this one normalizes and sorts; answers its stems and what its
/// expansion gave.
fn add_forms(
    compiler: &mut Compiler,
    dictionary: &HunspellDictionary,
    bar: &ProgressBar,
) -> Result<(u64, Expanded), Failure> {
    let stems = dictionary.stems()?.count() as u64;
    bar.set_position(0);
    let expanded = dictionary.expand_in_batches(|words| {
        compiler.add_words(words);
        bar.inc(words.len() as u64);
    })?;
    Ok((stems, expanded))
}

/// `polyboggle dict expand`: a Hunspell dictionary's forms (or one stem's), one a line.
pub fn expand(
    dic: &std::path::Path,
    stem: Option<&str>,
    args: &HunspellArgs,
) -> Result<(), Failure> {
    let dictionary = open_hunspell(dic, args)?;
    let mut out = stdout();
    match stem {
        Some(stem) => {
            let forms = dictionary.expand_stem(stem)?;
            if forms.is_empty() {
                return Err(Failure::input(format!(
                    "--stem {stem}: no such stem in {} (or it has no form of its own)",
                    dic.display()
                )));
            }
            for form in forms {
                writeln!(out, "{form}")?;
            }
        }
        None => {
            for form in dictionary.expand()? {
                writeln!(out, "{}", form?)?;
            }
        }
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
