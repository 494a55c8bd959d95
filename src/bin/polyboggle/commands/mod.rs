//! One function per command: turn arguments into library calls and print results.

mod crossword;

use std::io::{self, BufWriter, Read, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use polyboggle::dice::{self, DiceSet};
use polyboggle::lexicon::{self, Lexicon};
use polyboggle::{batch, bench, game, normalize, Board, Compiler, Lookup, Profile, Rules, Solver};
use rayon::prelude::*;
use serde_json::json;

use crate::args::*;
use crate::Failure;

mod optimize;
mod serve;

pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        Command::Solve(args) => solve(args),
        Command::Compile(args) => compile(args),
        Command::Dict(DictCommand::Info {
            dict,
            profile,
            format,
        }) => dict_info(&dict, &profile, format),
        Command::Dict(DictCommand::Lookup {
            dict,
            words,
            profile,
            format,
        }) => dict_lookup(&dict, &words, &profile, format),
        Command::Roll(args) => roll(args),
        Command::Dice(DiceCommand::Check { set, board }) => dice_check(&set, &board),
        Command::Dice(DiceCommand::Derive {
            wordlist,
            dice,
            faces,
            units,
            name,
            output,
            profile,
        }) => dice_derive(&wordlist, dice, faces, &units, name, &output, &profile),
        Command::Bench(args) => bench(args),
        Command::Duel(args) => duel(args),
        Command::Play(args) => play(args),
        Command::Optimize(args) => optimize::optimize(*args),
        Command::Dice(DiceCommand::Unreachable {
            set,
            dict,
            rules,
            size,
            format,
        }) => optimize::unreachable(&set, &dict, &rules, size.as_deref(), format),
        Command::Serve(args) => serve::serve(args),
        Command::Crossword(args) => crossword::run(args),
    }
}

fn stdout() -> BufWriter<io::StdoutLock<'static>> {
    BufWriter::new(io::stdout().lock())
}

fn profile(args: &ProfileArgs) -> Result<Profile, Failure> {
    let mut profile = match &args.lang {
        Some(tag) => Profile::for_language(tag).ok_or_else(|| {
            Failure::input(format!(
                "--lang: unknown language '{tag}' (known: {})",
                normalize::language_tags().collect::<Vec<_>>().join(", ")
            ))
        })?,
        None => Profile::default(),
    };
    profile.strip_marks |= args.strip_marks;
    profile.turkic |= args.turkic;
    if let Some(keep) = &args.keep {
        if !profile.strip_marks {
            return Err(Failure::input(format!(
                "--keep {keep}: nothing strips accents to keep them from; add --strip-marks"
            )));
        }
        profile.keep = keep.clone();
    }
    Ok(profile)
}

fn rules(args: &RulesArgs) -> Result<Rules, Failure> {
    let mut rules = Rules::preset(&args.rules)?;
    if let Some(points) = &args.points {
        rules = rules.with_points(points.parse()?);
    }
    if let Some(min_len) = args.min_len {
        rules.min_len = min_len;
    }
    if let Some(qu) = args.qu {
        rules.qu = qu == OnOff::On;
    }
    Ok(rules)
}

/// The dictionary used when no --dict is given.
const DEFAULT_DICT: &str = "enable2k";

/// The dice set used when none is named.
const DEFAULT_DICE: &str = "english-new-4x4";

/// Worker threads a command accepts at most.
const MAX_THREADS: usize = 1024;

/// Refuses a thread count of 0 or more than [`MAX_THREADS`].
fn check_threads(threads: usize) -> Result<usize, Failure> {
    if threads == 0 || threads > MAX_THREADS {
        return Err(Failure::input(format!(
            "--threads {threads}: expected 1 to {MAX_THREADS}"
        )));
    }
    Ok(threads)
}

/// Checks a `--time` in seconds: more than 0 and at most `most`.
fn check_seconds(secs: f64, most: f64) -> Result<Duration, Failure> {
    if secs > 0.0 && secs <= most {
        return Ok(Duration::from_secs_f64(secs));
    }
    // 1e300 shown as such, not as 301 digits.
    let shown = if secs.abs() >= 1e6 {
        format!("{secs:e}")
    } else {
        secs.to_string()
    };
    Err(Failure::input(format!(
        "--time {shown}: expected seconds, more than 0 and at most {most}"
    )))
}

fn load_dict(name: Option<&str>, args: &ProfileArgs) -> Result<Lexicon, Failure> {
    let wanted = profile(args)?;
    let lexicon = match name {
        // The built-in, even when a file of that name sits in the current folder.
        None => Lexicon::builtin(DEFAULT_DICT)?,
        Some(name) => {
            let lexicon = Lexicon::load(name, &wanted)?;
            let builtin = || lexicon::builtin_names().any(|b| b.eq_ignore_ascii_case(name));
            if Path::new(name).is_file() && builtin() {
                eprintln!(
                    "note: dictionary '{name}': using the file {name}, not the built-in of that name"
                );
            }
            lexicon
        }
    };
    // A compiled dictionary keeps the profile it was compiled with: flags asking for
    // another one do nothing, and saying so beats a silent surprise.
    let flags = args.lang.is_some() || args.strip_marks || args.keep.is_some() || args.turkic;
    if flags && !lexicon.profile().same_keys(&wanted) {
        eprintln!(
            "note: dictionary '{}' is compiled with its own normalization ({}); \
             --lang, --strip-marks, --keep and --turkic apply to plain word lists",
            name.unwrap_or(DEFAULT_DICT),
            lexicon.profile().describe()
        );
    }
    Ok(lexicon)
}

/// The dice set `name`d, or the default built-in set (never a file of that name).
fn named_or_default_set(name: Option<&str>) -> Result<DiceSet, Failure> {
    match name {
        Some(name) => load_set(name),
        None => Ok(DiceSet::builtin(DEFAULT_DICE)?),
    }
}

/// A dice set by file or built-in name; a file wins, and shadowing a built-in is said.
fn load_set(name: &str) -> Result<DiceSet, Failure> {
    let set = DiceSet::load(name)?;
    let builtin = || {
        DiceSet::builtin_names()
            .iter()
            .any(|b| b.eq_ignore_ascii_case(name))
    };
    if Path::new(name).is_file() && builtin() {
        eprintln!("note: dice set '{name}': using the file {name}, not the built-in of that name");
    }
    Ok(set)
}

/// Reads a board from a file, standard input (`-` or nothing) or an inline string.
fn read_board(arg: Option<&str>) -> Result<Board, Failure> {
    let (text, origin) = match arg {
        None | Some("-") => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| Failure::input(format!("standard input: {e}")))?;
            (text, "standard input".to_string())
        }
        Some(arg) if Path::new(arg).is_dir() => {
            return Err(Failure::input(format!("{arg}: a folder, not a board file")))
        }
        // A file, or a pipe (`solve <(roll ...)`, /dev/stdin).
        Some(arg) if Path::new(arg).exists() => {
            let text =
                std::fs::read_to_string(arg).map_err(|e| Failure::input(format!("{arg}: {e}")))?;
            (text, arg.to_string())
        }
        // No board is written with a `.`: a name like `board.txt` is a missing file.
        Some(arg) if arg.contains('.') => {
            return Err(Failure::input(format!("{arg}: no such file")))
        }
        Some(arg) => (arg.to_string(), format!("board {arg:?}")),
    };
    let text = normalize::skip_byte_order_mark(&text);
    text.parse::<Board>()
        .map_err(|e| Failure::input(format!("{origin}: {e}")))
}

/// The scorer `backend` asks for; an automatic choice is said in one line on stderr.
fn open_scorer(
    backend: BackendArg,
    lexicon: &Lexicon,
    rules: Rules,
    threads: usize,
) -> Result<polyboggle::backend::Chosen<'_>, Failure> {
    let chosen = polyboggle::backend::open(backend.backend(), lexicon, rules, threads)
        .map_err(|e| Failure::input(format!("--backend gpu: {e}")))?;
    if let Some(note) = &chosen.note {
        eprintln!("{note}");
    }
    Ok(chosen)
}

fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (std::process::id() as u64) << 32
}

fn load_dice(name: &str, file: Option<&Path>) -> Result<DiceSet, Failure> {
    match file {
        Some(path) => Ok(DiceSet::load(&path.display().to_string())?),
        None => load_set(name),
    }
}

fn solve(args: SolveArgs) -> Result<(), Failure> {
    let rules = rules(&args.rules)?;
    let lexicon = load_dict(args.dict.dict.as_deref(), &args.dict.profile)?;
    if args.backend != BackendArg::Cpu && !args.counts {
        return Err(Failure::input(
            "--backend: only solve --batch FILE --counts scores on a GPU (words and paths are listed on the CPU)",
        ));
    }
    if args.seed.is_some() && args.roll.is_none() {
        return Err(Failure::input(
            "--seed goes with --roll (a board given inline or in a file has no seed)",
        ));
    }
    if args.counts && args.batch.is_none() {
        return Err(Failure::input("--counts goes with --batch FILE"));
    }
    if let Some(path) = &args.batch {
        if args.format == Some(Format::Text) {
            return Err(Failure::input(
                "--format text: solve --batch prints one JSON line a board (leave --format out)",
            ));
        }
        if args.counts {
            return solve_batch_counts(path, &lexicon, rules, args.backend);
        }
        return solve_batch(path, &lexicon, &rules);
    }
    let board = match &args.roll {
        Some(set) => {
            let set = load_dice(set, args.dice.as_deref())?;
            let seed = args.seed.unwrap_or_else(|| {
                let seed = random_seed();
                eprintln!("note: rolled with --seed {seed}");
                seed
            });
            set.roll(seed, None)?
        }
        None => read_board(args.board.as_deref())?,
    };
    if polyboggle::solve::foreign_board(&board, &lexicon, &rules) {
        let name = args.dict.dict.as_deref().unwrap_or(DEFAULT_DICT);
        eprintln!(
            "warning: no face of this board occurs in the words of dictionary '{name}' (another \
             script or language?): choose one with --dict"
        );
    }
    let solution = Solver::new(&lexicon, rules).solve(&board);
    let profile = lexicon.profile();
    let mut out = stdout();
    match args.format.unwrap_or(Format::Text) {
        Format::Json => writeln!(out, "{}", solution.to_json(&board, profile))?,
        Format::Text => {
            writeln!(out, "{board}")?;
            for found in &solution.words {
                writeln!(out, "{:>3}  {}", found.points, profile.display(&found.word))?;
            }
            writeln!(
                out,
                "\n{}, {}",
                counted(solution.words.len() as u64, "word"),
                counted(solution.score, "point")
            )?;
        }
    }
    Ok(out.flush()?)
}

/// "1 word", "2 words": a count and its noun, singular for one.
pub(crate) fn counted(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// Boards `solve --batch` solves or scores at once (then prints).
const BATCH_CHUNK: usize = bench::CHUNK;

/// The bytes of a file, or of standard input for `-`, with the name errors use.
fn read_input(path: &Path) -> Result<(String, Vec<u8>), Failure> {
    if path.as_os_str() == "-" {
        let origin = "standard input".to_string();
        let mut bytes = Vec::new();
        io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::input(format!("{origin}: {e}")))?;
        return Ok((origin, bytes));
    }
    let origin = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Failure::input(format!("{origin}: {e}")))?;
    Ok((origin, bytes))
}

/// Every board of a `--batch` file (parsed whole first, so a bad line prints nothing).
fn read_batch(path: &Path) -> Result<Vec<Board>, Failure> {
    let (origin, bytes) = read_input(path)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        Failure::input(format!(
            "{origin}: not UTF-8 text (invalid byte at offset {offset})"
        ))
    })?;
    bench::parse_boards(&text, &origin).map_err(Failure::input)
}

fn solve_batch(path: &Path, lexicon: &Lexicon, rules: &Rules) -> Result<(), Failure> {
    let boards = read_batch(path)?;
    let mut out = stdout();
    for chunk in boards.chunks(BATCH_CHUNK) {
        let lines: Vec<String> = chunk
            .par_iter()
            .map_init(
                || Solver::new(lexicon, rules.clone()),
                |solver, board| solver.solve(board).to_json(board, lexicon.profile()),
            )
            .collect();
        for line in lines {
            writeln!(out, "{line}")?;
        }
    }
    Ok(out.flush()?)
}

/// `solve --batch --counts`: each board's word count and score, as the full line
/// without its words, scored by `backend` a chunk at a time.
fn solve_batch_counts(
    path: &Path,
    lexicon: &Lexicon,
    rules: Rules,
    backend: BackendArg,
) -> Result<(), Failure> {
    let boards = read_batch(path)?;
    let chosen = open_scorer(backend, lexicon, rules.clone(), 0)?;
    let mut solver = Solver::new(lexicon, rules);
    let mut out = stdout();
    for chunk in boards.chunks(BATCH_CHUNK) {
        let tallies = batch::tally_packed(&*chosen.scorer, &mut solver, &batch::pack(chunk));
        for (board, tally) in chunk.iter().zip(tallies) {
            writeln!(
                out,
                r#"{{"cols":{},"count":{},"rows":{},"score":{}}}"#,
                board.cols(),
                tally.words,
                board.rows(),
                tally.points
            )?;
        }
    }
    Ok(out.flush()?)
}

fn compile(args: CompileArgs) -> Result<(), Failure> {
    let profile = profile(&args.profile)?;
    let started = Instant::now();
    let mut compiler = Compiler::new(profile);
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
    lexicon::write_atomically(&args.output, &bytes)?;
    bar.finish_and_clear();
    let mut out = stdout();
    writeln!(
        out,
        "{}: {} words ({} read, {} duplicates, {} rejected), {} bytes, in {:.2?}",
        args.output.display(),
        report.kept,
        report.read,
        report.duplicates,
        report.rejected.values().map(|(n, _)| n).sum::<usize>(),
        bytes.len(),
        started.elapsed()
    )?;
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

fn dict_info(name: &str, args: &ProfileArgs, format: Format) -> Result<(), Failure> {
    let started = Instant::now();
    let lexicon = load_dict(Some(name), args)?;
    let open = started.elapsed();
    let h = lexicon.header();
    let mut out = stdout();
    match format {
        Format::Json => {
            let p = &h.profile;
            let value = json!({
                "dict": name, "words": h.word_count, "format_version": h.version,
                "size_bytes": h.file_size, "min_len": h.min_len, "max_len": h.max_len,
                "profile": {"strip_marks": p.strip_marks, "keep": p.keep, "turkic": p.turkic, "lang": p.lang},
                "open_ms": open.as_secs_f64() * 1e3,
            });
            writeln!(out, "{value}")?;
        }
        Format::Text => {
            writeln!(out, "dictionary:     {name}")?;
            writeln!(out, "words:          {}", h.word_count)?;
            writeln!(
                out,
                "word lengths:   {} to {} letters",
                h.min_len, h.max_len
            )?;
            writeln!(out, "normalization:  {}", h.profile.describe())?;
            writeln!(out, "format version: {}", h.version)?;
            writeln!(out, "size:           {} bytes", h.file_size)?;
            writeln!(out, "opened in:      {open:.2?}")?;
        }
    }
    Ok(out.flush()?)
}

fn dict_lookup(
    name: &str,
    words: &[String],
    args: &ProfileArgs,
    format: Format,
) -> Result<(), Failure> {
    let lexicon = load_dict(Some(name), args)?;
    let mut out = stdout();
    for word in words {
        let what = match lexicon.lookup(word) {
            Lookup::Word => "word",
            Lookup::Prefix => "prefix",
            Lookup::Absent => "absent",
        };
        let key = lexicon.profile().key(word);
        match format {
            Format::Json => writeln!(
                out,
                "{}",
                json!({"input": word, "key": key, "result": what})
            )?,
            Format::Text => writeln!(out, "{word}\t{key}\t{what}")?,
        }
    }
    Ok(out.flush()?)
}

fn roll(args: RollArgs) -> Result<(), Failure> {
    let mut out = stdout();
    if args.list {
        for name in DiceSet::builtin_names() {
            let set = DiceSet::builtin(&name)?;
            match args.format {
                Format::Json => writeln!(
                    out,
                    "{}",
                    json!({"set": name, "rows": set.rows, "cols": set.cols,
                           "confidence": set.confidence, "source": set.source})
                )?,
                Format::Text => {
                    writeln!(out, "{name}\t{}x{}\t{}", set.rows, set.cols, set.confidence)?
                }
            }
        }
        return Ok(out.flush()?);
    }
    let set = load_set(args.set.as_deref().unwrap_or_default())?;
    let size = args.size.as_deref().map(dice::parse_size).transpose()?;
    let seed = args.seed.unwrap_or_else(random_seed);
    let board = set.roll(seed, size)?;
    match args.format {
        Format::Json => {
            let rows: Vec<Vec<&str>> = (0..board.rows())
                .map(|r| (0..board.cols()).map(|c| board.face(r, c).text()).collect())
                .collect();
            let value = json!({
                "set": set.name, "seed": seed, "rows": board.rows(), "cols": board.cols(),
                "board": rows, "dice": set.dice,
            });
            writeln!(out, "{value}")?;
        }
        Format::Text => {
            write!(out, "{board}")?;
            if args.seed.is_none() {
                writeln!(out, "(seed {seed})")?;
            }
        }
    }
    Ok(out.flush()?)
}

fn dice_check(set: &str, board: &str) -> Result<(), Failure> {
    let set = load_set(set)?;
    let board = read_board(Some(board))?;
    match set.check(&board) {
        Ok(()) => {
            println!("yes: {} can roll this board", set.name);
            Ok(())
        }
        Err(uncovered) => {
            let cells: Vec<String> = uncovered
                .cells
                .iter()
                .map(|(r, c, face, why)| format!("({r},{c}) {face}: {why}"))
                .collect();
            Err(Failure::input(format!(
                "{} cannot roll this board: {}",
                set.name,
                cells.join("; ")
            )))
        }
    }
}

fn dice_derive(
    wordlist: &Path,
    dice: usize,
    faces: usize,
    units: &[String],
    name: Option<String>,
    output: &Path,
    args: &ProfileArgs,
) -> Result<(), Failure> {
    let profile = profile(args)?;
    let origin = wordlist.display().to_string();
    let bytes = std::fs::read(wordlist).map_err(|e| Failure::input(format!("{origin}: {e}")))?;
    let text = lexicon::word_list_text(&bytes, &origin)?;
    let name = match name {
        Some(name) if !dice::is_one_line(&name) => {
            return Err(Failure::input(format!(
                "--name {name:?}: a set's name is one line of text"
            )))
        }
        Some(name) => name,
        None => {
            let stem = output
                .file_stem()
                .map_or("derived".into(), |s| s.to_string_lossy().into_owned());
            if !dice::is_one_line(&stem) {
                return Err(Failure::input(format!(
                    "{}: the set is named after the file, and {stem:?} is not one line of text; give a name with --name",
                    output.display()
                )));
            }
            stem
        }
    };
    let set = DiceSet::derive(&name, text.split_whitespace(), &profile, units, dice, faces)?;
    lexicon::write_atomically(output, set.to_text().as_bytes())?;
    println!("{}: {} dice of {} faces", output.display(), dice, faces);
    Ok(())
}

fn bench(args: BenchArgs) -> Result<(), Failure> {
    check_threads(args.threads)?;
    if args.repeat == 0 || args.boards == Some(0) {
        return Err(Failure::input("--boards and --repeat must be at least 1"));
    }
    let rules = rules(&args.rules)?;
    let started = Instant::now();
    let lexicon = load_dict(args.dict.dict.as_deref(), &args.dict.profile)?;
    let open_time = started.elapsed();
    let set = match &args.boards_file {
        Some(_) => None,
        None => Some(named_or_default_set(args.dice.as_deref())?),
    };
    let chosen = open_scorer(args.backend, &lexicon, rules, args.threads)?;
    let scorer = &*chosen.scorer;
    let report = match (&args.boards_file, set) {
        (Some(path), _) => {
            // Streamed: the file is read a chunk at a time, never held whole.
            let origin = path.display().to_string();
            let open = || std::fs::File::open(path).map(io::BufReader::new);
            bench::run_file(
                scorer,
                &lexicon,
                open,
                &origin,
                args.boards,
                args.repeat,
                open_time,
                args.threads,
            )
            .map_err(Failure::input)?
        }
        (None, set) => {
            let set = set.expect("a dice set when there is no boards file");
            let boards = bench::roll_boards(&set, args.boards.unwrap_or(10_000), args.seed);
            bench::run(
                scorer,
                &lexicon,
                &boards,
                args.repeat,
                open_time,
                args.threads,
            )
        }
    };
    let scored = report.boards / args.repeat as u64;
    if let (Some(asked), Some(path)) = (args.boards, &args.boards_file) {
        if scored < asked as u64 {
            eprintln!(
                "note: --boards {asked}: {} holds {scored} boards",
                path.display()
            );
        }
    }
    // The report's backend: a GPU that failed mid-run says so there.
    let on = match report.backend.as_str() {
        "cpu" => format!("{} thread(s)", args.threads),
        other => other.to_string(),
    };
    let mut out = stdout();
    match args.format {
        Format::Json => writeln!(
            out,
            "{}",
            serde_json::to_string(&report).expect("plain data")
        )?,
        Format::Text => {
            writeln!(
                out,
                "{} boards x {} in {:.3} s on {on}: {:.0} boards/s",
                scored, args.repeat, report.seconds, report.boards_per_sec
            )?;
            writeln!(
                out,
                "words {} ({:.1}/board), total score {} ({:.1}/board)",
                report.words,
                report.words as f64 / report.boards as f64,
                report.total_score,
                report.total_score as f64 / report.boards as f64
            )?;
            writeln!(
                out,
                "dictionary open {:.2} ms, peak memory {:.1} MB",
                report.open_ms, report.peak_rss_mb
            )?;
        }
    }
    Ok(out.flush()?)
}

fn duel(args: DuelArgs) -> Result<(), Failure> {
    let lexicon = match args.dict.as_deref() {
        Some(name) => Lexicon::load(name, &Profile::default())?,
        // The Lab 6 programs read EnglishWords.txt from the current folder.
        None if Path::new("EnglishWords.txt").is_file() => {
            Lexicon::load("EnglishWords.txt", &Profile::default())?
        }
        None => Lexicon::builtin(DEFAULT_DICT)?,
    };
    let stdin = io::stdin();
    let mut out = stdout();
    game::duel(&lexicon, stdin.lock(), &mut out).map_err(|e| match e {
        game::DuelError::Io(e) if e.kind() == io::ErrorKind::InvalidData => {
            Failure::input(format!("standard input: {e}"))
        }
        game::DuelError::Io(e) => Failure::from(e),
        other => Failure::input(other),
    })?;
    Ok(out.flush()?)
}

/// The dice a language's players expect, when a built-in set exists.
fn dice_for_language(lang: &str) -> Option<&'static str> {
    Some(match lang {
        "en" => "english-new-4x4",
        "it" => "italian-paroliere-4x4",
        "fr" => "french-4x4",
        "de" => "german-4x4",
        "nl" => "dutch-4x4",
        "pl" => "polish-4x4",
        "es" => "spanish-fanmade-boggleparty-4x4",
        "fi" => "finnish-boggler-4x4-unverified",
        _ => return None,
    })
}

fn play(args: PlayArgs) -> Result<(), Failure> {
    let lang = args.dict.profile.lang.clone();
    // A set the user named (a file or a built-in), else the built-in the size or
    // language calls for.
    let set = match (&args.dice, args.size.as_deref(), lang.as_deref()) {
        (Some(name), ..) => load_set(name)?,
        (None, Some(size), _) => match dice::parse_size(size)? {
            (4, 4) => DiceSet::builtin(DEFAULT_DICE)?,
            (5, 5) => DiceSet::builtin("english-big-original-5x5")?,
            (r, c) => {
                return Err(Failure::input(format!(
                    "--size {r}x{c}: no default dice; choose a set with --dice"
                )))
            }
        },
        (None, None, Some(lang)) => {
            DiceSet::builtin(dice_for_language(lang).ok_or_else(|| {
                Failure::input(format!(
                    "--lang {lang}: no built-in dice; choose a set with --dice"
                ))
            })?)?
        }
        (None, None, None) => DiceSet::builtin(DEFAULT_DICE)?,
    };
    if let Some(size) = args.size.as_deref() {
        let (rows, cols) = dice::parse_size(size)?;
        if (rows, cols) != (set.rows, set.cols) {
            return Err(Failure::input(format!(
                "--size {rows}x{cols}: {} is a {}x{} set",
                set.name, set.rows, set.cols
            )));
        }
    }
    let lexicon = match (&args.dict.dict, lang.as_deref()) {
        (Some(name), _) => load_dict(Some(name), &args.dict.profile)?,
        (None, Some("en") | None) => load_dict(None, &args.dict.profile)?,
        (None, Some(lang)) => {
            let built = format!("dictionaries/build/{lang}.pbd");
            if !Path::new(&built).is_file() {
                return Err(Failure::input(format!(
                    "--lang {lang}: no dictionary; pass --dict (dictionaries/build-languages.sh {lang} builds one)"
                )));
            }
            load_dict(Some(&built), &args.dict.profile)?
        }
    };
    let rules = Rules::preset(&args.rules)?;
    let mut game = game::Play::new(&lexicon, set, rules, args.seed.unwrap_or_else(random_seed));
    if let Some(secs) = args.timer {
        if secs == 0 {
            return Err(Failure::input("--timer 0: a turn needs at least 1 second"));
        }
        game = game.with_timer(Duration::from_secs(secs));
    }
    Ok(crate::play::run(game)?)
}
