//! `polyboggle solve`: one board's words, or a boards file's (`--batch`), one JSON line
//! a board.

use std::io::Write;
use std::path::Path;

use polyboggle::tiers::TierRange;
use polyboggle::{batch, boards, random, Board, Lexicon, Rules, Solver};
use rayon::prelude::*;

use crate::args::{BackendArg, Format, SolveArgs};
use crate::load::{open_scorer, read_board, read_input, tier_range, Dice, Input, Scoring};
use crate::output::{counted, stdout};
use crate::throughput;
use crate::Failure;

pub fn run(args: SolveArgs) -> Result<(), Failure> {
    let Scoring {
        dictionary,
        lexicon,
        rules,
    } = Scoring::from_flags(&args.dict, &args.rules)?;
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
    let tiers = tier_range(args.tiers.as_deref(), lexicon.header())?;
    if tiers.is_some() && args.counts {
        return Err(Failure::input(
            "--tiers: solve --batch --counts scores every word; leave --counts out to count a tier's words",
        ));
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
        return solve_batch(path, &lexicon, &rules, tiers);
    }
    let board = match &args.roll {
        Some(set) => {
            // `--dice FILE` is the set rolled, whatever --roll names.
            let file = args.dice.as_ref().map(|path| path.display().to_string());
            let set = Dice::Named(file.as_deref().unwrap_or(set)).open()?;
            let seed = args.seed.unwrap_or_else(|| {
                let seed = random::seed();
                eprintln!("note: rolled with --seed {seed}");
                seed
            });
            set.roll(seed, None)?
        }
        None => read_board(args.board.as_deref())?,
    };
    if polyboggle::solve::foreign_board(&board, &lexicon, &rules) {
        let name = dictionary.name();
        eprintln!(
            "warning: no face of this board occurs in the words of dictionary '{name}' (another \
             script or language?): choose one with --dict"
        );
    }
    let mut solver = Solver::new(&lexicon, rules);
    if let Some(range) = tiers {
        solver = solver.with_tiers(range);
    }
    let solution = solver.solve(&board);
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

/// Boards `solve --batch` solves or scores at once (then prints).
const BATCH_CHUNK: usize = throughput::CHUNK;

/// Every board of a `--batch` file (parsed whole first, so a bad line prints nothing).
fn read_batch(path: &Path) -> Result<Vec<Board>, Failure> {
    let Input { origin, bytes } = read_input(path)?;
    let text = polyboggle::files::text(&bytes, &origin)?;
    boards::parse(text, &origin).map_err(Failure::input)
}

fn solve_batch(
    path: &Path,
    lexicon: &Lexicon,
    rules: &Rules,
    tiers: Option<TierRange>,
) -> Result<(), Failure> {
    let boards = read_batch(path)?;
    let mut out = stdout();
    for chunk in boards.chunks(BATCH_CHUNK) {
        let lines: Vec<String> = chunk
            .par_iter()
            .map_init(
                || {
                    let solver = Solver::new(lexicon, rules.clone());
                    match tiers {
                        Some(range) => solver.with_tiers(range),
                        None => solver,
                    }
                },
                |solver, board| {
                    let solution = solver.solve(board);
                    solution.to_json(board, lexicon.profile())
                },
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
